"""Line 98: how often a player gets out of a crowded board, a quick and sharp measure of strength.

    .venv/bin/python benchmarks/line98_crisis.py [--games 40] [--seed 7] [--low 20] [--high 40]
        [--workers 2] [--positions crises.json] [--players expert master master:budget=3200]

Whole games tell players apart slowly: a strong one loses a game every thousand moves
or so, and eight losses measure its death rate within a third. Nearly every game is
lost in a crisis, though, so this benchmark plays crises only. The positions: the
expert plays ``--games`` games of experiment seed ``--seed`` (not 11, which the issue's
figures are reported on), and every time its free cells fall to ``--low`` or fewer
(again only after they were back to ``--high``), the position is kept. Each player
then plays on from every position until the board has ``--high`` free cells again
(recovered), or fills (lost), or 300 moves have gone by (counted as not recovered).
Finding the crises takes a while (the expert's whole games): ``--positions FILE``
keeps them for the next run.

Prints, per player: the share recovered with its standard error, the moves played,
and the median CPU time of a decision (one core's: BLAS held to one thread). A player
is a name of ``gamewidgets.line98.players.PLAYERS`` with options, ``name:key=value,...``
(whole numbers). Whether the master's rollouts ran compiled (numba) is printed first:
the decisions are the same either way, only their time differs.

Asserts nothing (speed and strength are measured here, never in tests).
"""

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import argparse
import json
import math
import pathlib
import statistics
import sys
import time
from typing import Any

import numpy as np
from line98_expert import play_all  # this folder: how the Line 98 benchmarks run their games

from gamewidgets.line98 import Game, experiment
from gamewidgets.line98.players import PLAYERS
from gamewidgets.line98.rollouts import compiled_turn

TURN_LIMIT = 300


def crises(task: tuple[int, int, int]) -> list[dict[str, Any]]:
    """The crowded positions of the expert's game ``seed`` (see the module docstring)."""
    seed, low, high = task
    game, player, found, armed = Game(seed), PLAYERS["expert"](seed=seed), [], True
    while not game.is_over:
        free = len(game.empty_cells())
        if armed and free <= low:
            found.append(game.to_dict())
            armed = False
        armed |= free >= high
        game.play(player.choose(game))
    return found


def parse_player(text: str) -> tuple[str, dict[str, int]]:
    name, _, options = text.partition(":")
    if name not in PLAYERS:
        sys.exit(f"no player {name!r}: one of {', '.join(PLAYERS)}")
    return name, {key: int(value) for key, value in (o.split("=", 1) for o in options.split(",") if o)}


def play_out(task: tuple[str, dict[str, Any], int, int]) -> tuple[bool, list[float]]:
    """One crisis played on: whether the board got back to ``high`` free cells, and the
    CPU seconds of each decision."""
    text, position, high, seed = task
    name, options = parse_player(text)
    game, player = Game.from_dict(position), PLAYERS[name](seed=seed, **options)
    cpu: list[float] = []
    while not game.is_over and len(game.empty_cells()) < high and len(cpu) < TURN_LIMIT:
        used = time.process_time()
        move = player.choose(game)
        cpu.append(time.process_time() - used)
        game.play(move)
    return not game.is_over and len(game.empty_cells()) >= high, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="expert games the crises come from (default 40)")
    parser.add_argument("--seed", type=int, default=7, help="their experiment seed (default 7)")
    parser.add_argument("--low", type=int, default=20, help="a crisis: this many free cells or fewer (default 20)")
    parser.add_argument("--high", type=int, default=40, help="recovered: this many free cells (default 40)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="processes (default: the cores)")
    parser.add_argument("--positions", metavar="FILE.json",
                        help="keep the crises in this file: read from it when it exists, else written to it")
    parser.add_argument("--players", nargs="+", default=["expert", "master"], metavar="NAME[:K=V,...]",
                        help="players and their options (default: expert master)")
    args = parser.parse_args()
    for text in args.players:
        parse_player(text)
    started = time.perf_counter()
    kept = pathlib.Path(args.positions) if args.positions else None
    if kept and kept.exists():
        found = json.loads(kept.read_text())
        if (found["games"], found["seed"], found["low"], found["high"]) != (args.games, args.seed, args.low, args.high):
            sys.exit(f"{kept} holds the crises of --games {found['games']} --seed {found['seed']} --low "
                     f"{found['low']} --high {found['high']}")
        positions = found["positions"]
    else:
        tasks = [(experiment.game_seed(args.seed, i), args.low, args.high) for i in range(args.games)]
        positions = [p for found in play_all(crises, tasks, args.workers) for p in found]
        if kept:
            kept.write_text(json.dumps({"games": args.games, "seed": args.seed, "low": args.low, "high": args.high,
                                        "positions": positions}))
    print(f"python {sys.version.split()[0]}, numpy {np.__version__}, {os.cpu_count()} cores, "
          f"rollouts {'compiled (numba)' if compiled_turn() else 'with numpy'}; {len(positions)} crises "
          f"(<= {args.low} free cells) from {args.games} expert games of seed {args.seed}, "
          f"{time.perf_counter() - started:.0f} s; recovered: back to {args.high}", flush=True)
    print(f"{'player':>28} {'recovered':>9} {'+-':>5} {'moves':>6} {'cpu ms p50':>10} {'s':>5}", flush=True)
    for text in args.players:
        started = time.perf_counter()
        results = play_all(play_out, [(text, p, args.high, k) for k, p in enumerate(positions)], args.workers)
        share = statistics.fmean(ok for ok, _ in results)
        cpu = [t * 1000 for _, times in results for t in times]
        print(f"{text:>28} {share:>9.1%} {math.sqrt(share * (1 - share) / len(results)):>5.1%} {len(cpu):>6} "
              f"{statistics.median(cpu):>10.1f} {time.perf_counter() - started:>5.0f}", flush=True)


if __name__ == "__main__":
    main()
