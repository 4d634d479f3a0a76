"""Switching a Dominoes widget between playing the computer and two players on one
device (``w.set_mode``, the view's Mode menu): each mode keeps its own hand, so the
switch loses nothing and the view does not ask."""

import pytest

from gamewidgets.domino import PLAYERS, Game
from gamewidgets.domino.widget import Domino
from gamewidgets.errors import IllegalMove
from gamewidgets.players import FunctionPlayer
from gamewidgets.store import Store


def send(widget, **message):
    widget._handle_custom_msg(message, [])


@pytest.fixture
def store(tmp_path):
    return Store(tmp_path / "s.sqlite3")


def hands(widget):
    return [sorted(widget.game.hand(p)) for p in (0, 1)]


def test_switching_mode_and_back_restores_each_modes_hand(store):
    widget = Domino(mode="computer", seed=3, level="easy", store=store)
    widget.play((6, 6), "right")  # the computer answers at once (no event loop here)
    computer_game = widget.game.to_dict()
    computer_line = list(widget.line)
    assert len(computer_line) >= 2
    widget.set_mode("local")
    assert widget.mode == "local" and widget.names == ["Player 1", "Player 2"]
    assert widget.handoff and widget.hand == [] and widget.line == []  # a new deal, hidden
    assert widget.last_event["kind"] == "mode" and widget.last_event["mode"] == "local"
    widget.reveal()
    opening = widget.game.opening
    widget.play(opening, "right")
    local_game = widget.game.to_dict()
    local_hands = hands(widget)
    widget.set_mode("computer")
    assert widget.mode == "computer" and widget.names == ["You", "Computer"] and not widget.handoff
    assert widget.game.to_dict() == computer_game and widget.line == computer_line
    assert widget.level == "easy" and widget.turn == 0
    assert widget.hand == [list(t) for t in widget.game.hand(0)]
    widget.set_mode("local")
    assert widget.game.to_dict() == local_game and hands(widget) == local_hands
    assert widget.handoff  # the device may have changed hands meanwhile: the tiles stay hidden


def test_the_mode_switched_to_is_remembered_and_each_save_stays_its_modes(store, tmp_path):
    widget = Domino(mode="computer", seed=3, level="hard", store=store)
    widget.play((6, 6), "right")
    saved = widget.game.to_dict()
    widget.set_mode("local")
    again = Domino(store=Store(tmp_path / "s.sqlite3"))  # a restart: opens in the mode switched to
    assert again.mode == "local"
    assert Domino(mode="computer", store=store).game.to_dict() == saved


def test_the_same_mode_changes_nothing(store):
    widget = Domino(mode="computer", seed=3, level="easy", store=store)
    position, event = widget.position, widget.last_event
    widget.set_mode("computer")
    assert widget.position == position and widget.last_event == event


def test_the_view_switches_by_message_and_a_bad_mode_is_ignored(store):
    widget = Domino(mode="computer", seed=3, level="easy", store=store)
    send(widget, type="set_mode", mode="local")
    assert widget.error == "" and widget.mode == "local"
    send(widget, type="set_mode", mode="online")
    assert "mode" in widget.error and widget.mode == "local"
    send(widget, type="set_mode", mode="computer")
    assert widget.error == "" and widget.mode == "computer"
    with pytest.raises(ValueError, match="mode must be one of"):
        widget.set_mode("online")


def test_a_pending_computer_turn_runs_when_switching_back(store):
    game = Game(3)
    game.play({"action": "play", "tile": [6, 6], "end": "right"})  # the computer is to move
    widget = Domino(mode="computer", game=game, level="easy", store=store)
    assert widget.turn == 0  # it answered at once
    widget.set_mode("local")
    store.save("domino", "computer", {"game": game.to_dict(), "level": "easy"})  # as if it had not
    widget.set_mode("computer")
    assert widget.turn == 0 and len(widget.game.history) >= 2


def test_the_computers_reasons_come_back_with_its_hand(store):
    widget = Domino(mode="computer", seed=3, level="easy", store=store)
    widget.play((6, 6), "right")
    explained = list(widget.explained)
    assert explained
    widget.set_mode("local")
    assert widget.explained == []
    widget.set_mode("computer")
    assert widget.explained == explained
    widget.why()  # still there to show


def test_against_your_own_player_there_is_no_other_mode(store):
    medium = PLAYERS["medium"]()
    widget = Domino(opponent=FunctionPlayer(medium.choose, name="mine"), seed=3, store=store)
    with pytest.raises(IllegalMove, match="opponent="):
        widget.set_mode("local")
    assert widget.mode == "computer"


def test_a_driven_board_refuses_a_mode_switch(store):
    widget = Domino(mode="computer", seed=3, level="easy", store=store)
    widget._drive("an environment")
    with pytest.raises(IllegalMove, match="played by"):
        widget.set_mode("local")
    assert widget.mode == "computer"
