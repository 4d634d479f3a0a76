"""Games survive a kernel restart: one Python process plays and stops, a new one
(as a restarted kernel would) finds the game in the store and goes on."""

import json
import os
import subprocess
import sys

FIRST = """
from gamewidgets.{module}.widget import {cls}
w = {cls}({args})
{play}
import json; print(json.dumps({state}))
"""


def run(tmp_path, code: str):
    env = {**os.environ, "GAMEWIDGETS_HOME": str(tmp_path)}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_lines_of_action_continues_after_a_restart(tmp_path):
    before = run(tmp_path, FIRST.format(
        module="loa", cls="LinesOfAction", args='size=8, level="easy", seed=1, ai={"max_depth": 1}',
        play="w.play(w.game.legal_moves()[5])", state="[str(m) for m in w.history.moves]"))
    assert len(before) == 2  # the user's move and the computer's answer
    after = run(tmp_path, FIRST.format(
        module="loa", cls="LinesOfAction", args='ai={"max_depth": 1}',
        play="w.continue_saved()", state="[[str(m) for m in w.history.moves], w.size, w.level, w.phase]"))
    assert after == [before, 8, "easy", "playing"]


def test_dominoes_restore_each_mode_after_a_restart(tmp_path):
    before = run(tmp_path, FIRST.format(
        module="domino", cls="Domino", args='level="hard", seed=5, ai={"samples": 30, "time_limit": None}',
        play="w.play(w.playable[0]['tile'], w.playable[0]['ends'][0]) if w.playable else w.draw()",
        state="[w.game.to_dict(), w.level]"))
    local = run(tmp_path, FIRST.format(
        module="domino", cls="Domino", args='mode="local", seed=6', play="w.reveal()", state="w.game.to_dict()"))
    # Domino() opens in the mode last used (here: on one device)
    assert run(tmp_path, FIRST.format(module="domino", cls="Domino", args="", play="", state="w.mode")) == "local"
    after = run(tmp_path, FIRST.format(
        module="domino", cls="Domino", args='mode="computer"', play="", state="[w.game.to_dict(), w.level]"))
    assert after == before
    after_local = run(tmp_path, FIRST.format(
        module="domino", cls="Domino", args='mode="local"', play="", state="w.game.to_dict()"))
    assert after_local == local
