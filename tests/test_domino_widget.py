"""The Dominoes widget driven without a browser."""

import json
import re

import pytest

from gamewidgets.domino import Game
from gamewidgets.domino.widget import Domino
from gamewidgets.errors import GameOver
from gamewidgets.store import Store, StoreWarning


def send(widget, **message):
    widget._handle_custom_msg(message, [])


@pytest.fixture
def store(tmp_path):
    return Store(tmp_path / "s.sqlite3")


def test_play_by_message_and_the_computer_answers(store):
    widget = Domino(seed=3, level="easy", store=store)
    assert widget.mode == "computer" and widget.turn == 0 and widget.opening == [6, 6]
    assert widget.playable == [{"tile": [6, 6], "ends": ["right"]}]  # the opening tile only
    send(widget, type="play", tile=[6, 6], end="right", position=widget.position)
    assert widget.error == "" and widget.line[0] == [6, 6]
    assert widget.turn == 0 and len(widget.game.history) >= 2  # the computer answered at once
    assert widget.counts[0] == 6 and widget.hand == [list(t) for t in widget.game.hand(0)]


def test_the_users_hand_is_shown_never_the_computers(store):
    widget = Domino(seed=5, level="easy", store=store)
    assert widget.hand == [list(t) for t in widget.game.hand(0)]
    assert all(list(t) not in widget.hand for t in widget.game.hand(1))


def test_draw_and_pass_only_when_the_rules_allow(store):
    # player 0 holds nothing that fits 6|6 and the boneyard has tiles: draw, not pass
    game = Game.from_position(
        hands=[[(1, 0), (2, 0), (3, 0)], [(5, 5), (4, 4), (3, 3)]],
        line=[(6, 6)], turn=0, seed=1,
    )
    widget = Domino(game=game, level="easy", store=store)
    assert widget.can_draw and not widget.can_pass and widget.playable == []
    with pytest.raises(Exception):  # noqa: B017 -- the test asks only that the pass is refused
        widget.pass_()
    boneyard = widget.boneyard
    widget.draw()
    assert widget.counts[0] == 4 and widget.boneyard == boneyard - 1 and widget.turn == 0


def test_local_mode_hides_the_hand_between_turns(store):
    widget = Domino(mode="local", seed=3, store=store)
    assert widget.handoff and widget.hand == [] and widget.names == ["Player 1", "Player 2"]
    with pytest.raises(Exception, match="show your tiles"):
        widget.play((6, 6), "right")
    send(widget, type="reveal")
    assert not widget.handoff and widget.hand and widget.seat == widget.game.turn
    widget.play((6, 6), "right")
    assert widget.handoff and widget.hand == [] and widget.seat == widget.game.turn


def test_changing_level_keeps_the_position_and_games_are_saved_per_mode(store):
    widget = Domino(seed=3, level="easy", store=store)
    widget.play((6, 6), "right")
    send(widget, type="set_level", level="hard")
    assert widget.level == "hard" and widget.line[0] == [6, 6]
    local = Domino(mode="local", seed=9, store=store)
    local.reveal()
    # a new widget of each mode (a kernel restart) restores its own game and level
    again = Domino(store=store)
    assert again.level == "hard" and again.line == widget.line and again.hand == widget.hand
    again_local = Domino(mode="local", store=store)
    assert again_local.game.to_dict() == local.game.to_dict()
    again.new_game()
    assert again.level == "hard" and again.mode == "computer" and len(again.line) <= 1  # the computer may lead


def test_a_pending_computer_turn_runs_when_restored(store):
    game = Game(3)
    game.play({"action": "play", "tile": [6, 6], "end": "right"})  # now the computer is to move
    store.save("domino", "computer", {"game": game.to_dict(), "level": "easy"})
    widget = Domino(store=store)
    assert widget.turn == 0 and len(widget.game.history) >= 2


def test_a_damaged_save_warns_and_is_kept(store):
    store.save("domino", "computer", {"game": {"game": "domino", "junk": 1}, "level": "easy"})
    with pytest.warns(StoreWarning, match="kept aside"):
        widget = Domino(store=store)
    assert widget.boneyard + len(widget.line) + sum(widget.counts) == 28  # a new game goes on
    kept = store.damaged()
    assert [(row["table"], row["game"], row["name"]) for row in kept] == [("saved", "domino", "computer")]
    assert json.loads(kept[0]["value"]) == {"game": {"game": "domino", "junk": 1}, "level": "easy"}


@pytest.mark.parametrize(
    "message,reason",
    [
        ({"type": "play"}, "needs a tile"),
        ({"type": "play", "tile": [6, 6], "end": "middle"}, "left or right"),
        ({"type": "play", "tile": [9, 9], "end": "left"}, "tile"),
        ({"type": "set_level", "level": "godlike"}, "level must be"),
        ({"type": "pass"}, "."),
        ({"type": "jump"}, "unknown message type"),
    ],
)
def test_malformed_messages_are_ignored_and_reported(store, message, reason):
    widget = Domino(seed=3, level="easy", store=store)
    before = widget.game.to_dict()
    widget._handle_custom_msg(message, [])
    assert widget.error and re.search(reason, widget.error), widget.error
    assert widget.game.to_dict() == before
    send(widget, type="play", tile=[6, 6], end="right")
    assert widget.error == "" and widget.line


def finished_by_the_user():
    """A hand the user (player 0) ended: the turn has passed to the computer."""
    game = Game.from_position([["6-1"], ["5-5", "3-2"]], [(4, 1)], turn=0)
    game.play("6-1 right")
    assert game.is_over and game.turn == 1
    return game


def test_a_finished_hand_the_user_ended_opens_and_the_computer_does_not_move(store):
    widget = Domino(game=finished_by_the_user(), level="easy", store=store)
    assert widget.turn is None and widget.result["winner"] == 0 and len(widget.game.history) == 1
    with pytest.raises(GameOver, match="over"):
        widget.play("5-5")
    send(widget, type="draw")
    assert "over" in widget.error and len(widget.game.history) == 1
    again = Domino(store=store)  # restored from the save: still nothing happens
    assert again.game.history == widget.game.history and again.turn is None
    widget.undo()
    assert widget.turn == 0 and widget.result == {} and widget.game.turn == 0


def test_a_finished_hand_in_local_mode_shows_the_hand_of_the_player_who_ended_it(store):
    game = Game.from_position([["6-1"], ["5-5", "3-2"]], [(4, 1)], turn=0)
    widget = Domino(mode="local", game=game, store=store)
    widget.reveal()
    widget.play("6-1", "right")
    assert widget.game.turn == 1 and widget.seat == 0 and not widget.handoff and widget.turn is None
