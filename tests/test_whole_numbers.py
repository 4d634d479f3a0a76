"""A whole number a view sends as a double (6.0: JavaScript has one number type) is read
as the integer, in every message that takes a number (issue 25: LOA's continue with size
6.0 said "no saved 6.0×6.0 easy game (saved: 6×6 easy)"); a number that is not whole is
refused as any bad message is."""

from __future__ import annotations

import pytest

from gamewidgets import Line98, LinesOfAction
from gamewidgets.store import Store


def send(widget, **message):
    widget._handle_custom_msg(message, [])


def test_continue_with_a_size_sent_as_a_double_finds_the_saved_game(tmp_path):
    store = Store(tmp_path / "s.sqlite3")
    first = LinesOfAction(store=store, seed=1, ai={"max_depth": 1})
    first.start(6, "easy")
    first.play(first.game.legal_moves()[0])
    again = LinesOfAction(store=store, seed=1, ai={"max_depth": 1})
    send(again, type="continue", size=6.0, level="easy")
    assert again.error == "" and again.phase == "playing" and again.size == 6 and isinstance(again.size, int)
    other = LinesOfAction(store=store, seed=1, ai={"max_depth": 1})
    other.continue_saved(6.0, "easy")
    assert other.game.fen() == first.game.fen()
    send(other, type="continue", size=6.5, level="easy")
    assert "size" in other.error
    with pytest.raises(ValueError, match="size"):
        other.continue_saved(True, "easy")


@pytest.mark.parametrize("kind", ["goto", "why"])
def test_an_index_sent_as_a_double_is_the_integer(kind):
    w = LinesOfAction(store=None, seed=1, ai={"max_depth": 1})
    w.start(6, "easy")
    w.play(w.game.legal_moves()[0])  # the computer answers at once (no event loop): its analysis is kept
    send(w, type=kind, index=2.0)  # the computer's move, and the analysis behind it
    assert w.error == "" and w.history_index == 2 and (kind == "goto" or w.overlay)
    send(w, type="goto", index=0.0)
    assert w.error == "" and w.history_index == 0 and w.looking_back
    send(w, type=kind, index=1.5)
    assert "index" in w.error


def test_line98_goto_takes_a_whole_double_too():
    w = Line98(seed=1, store=None, muted=True)
    w.watch("build", moves=2, delay=0)
    send(w, type="goto", index=1.0)
    assert w.error == "" and w.history_index == 1
