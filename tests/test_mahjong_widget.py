"""The Mahjong Connect widget driven without a browser: view messages and methods."""

import re

import pytest
import traitlets

from gamewidgets import MahjongConnect
from gamewidgets.errors import IllegalMove
from gamewidgets.mahjong import Clock, Game, Solver
from gamewidgets.store import Store

# D1s join straight; B2s round the ring above; the C3s need four turns; F1/F4 match
PICTURE = """
D1 .  D1 B2 WE B2
C3 WS WW WN C9 C3
DG F1 C9 .  F4 DG
"""


class FakeTime:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


def send(widget, **message):
    widget._handle_custom_msg(message, [])


@pytest.fixture
def widget():
    return MahjongConnect(game=Game.from_grid(PICTURE, scoring="standard"), store=None)


def test_traits_mirror_the_game(widget):
    assert (widget.rows, widget.cols) == (3, 6) and len(widget.grid) == 18
    assert widget.grid[:3] == ["D1", None, "D1"] and widget.tiles_left == 16
    assert not widget.won and not widget.stuck and widget.removed == []
    assert widget.last_event["kind"] == "new"


def test_click_two_matching_connected_tiles_removes_them(widget):
    send(widget, type="click", cell=[0, 0])
    assert widget.selected == [0, 0]
    send(widget, type="click", cell=[0, 2])
    assert widget.grid[0] is None and widget.grid[2] is None and widget.tiles_left == 14
    event = widget.last_event
    assert event["kind"] == "remove" and event["path"] == [[0, 0], [0, 2]] and event["tiles"] == ["D1", "D1"]
    assert widget.removed == ["D1", "D1"] and widget.score == 10 and widget.selected == []


def test_drag_one_tile_onto_another(widget):
    send(widget, type="drop", **{"from": [0, 3], "to": [0, 5]})
    assert widget.last_event["kind"] == "remove" and widget.last_event["path"][1] == [-1, 3]
    assert widget.tiles_left == 14


def test_a_pair_that_cannot_connect_stays_and_says_why(widget):
    send(widget, type="click", cell=[1, 0])
    send(widget, type="click", cell=[1, 5])
    event = widget.last_event
    assert event["kind"] == "refused" and "needs 4 turns" in event["reason"]
    assert widget.tiles_left == 16 and widget.selected == [1, 5] and widget.error == ""


def test_clicks_select_deselect_and_switch(widget):
    send(widget, type="click", cell=[0, 0])
    send(widget, type="click", cell=[0, 0])
    assert widget.selected == []
    send(widget, type="click", cell=[0, 0])
    send(widget, type="click", cell=[1, 1])  # not matching: the selection moves
    assert widget.selected == [1, 1]
    send(widget, type="click", cell=[0, 1])  # an empty cell: nothing
    assert widget.selected == [1, 1]
    send(widget, type="deselect")
    assert widget.selected == []


def test_hint_undo_restart(widget):
    send(widget, type="hint")
    assert widget.hint_pair and widget.score == -10 and widget.last_event["kind"] == "hint"
    a, b = widget.hint_pair
    widget.remove(a, b)
    assert widget.hint_pair == [] and widget.score == 0
    send(widget, type="undo")
    assert widget.tiles_left == 16 and widget.removed == [] and widget.score == -10
    send(widget, type="restart")
    assert widget.score == 0 and widget.last_event["kind"] == "restart"


def test_stuck_opens_the_dialog_and_shuffle_clears_it():
    widget = MahjongConnect(game=Game.from_grid("D1 D2\nD2 D1", seed=2), store=None)
    assert widget.stuck
    send(widget, type="shuffle")
    assert not widget.stuck and sorted(widget.grid) == ["D1", "D1", "D2", "D2"]
    assert widget.last_event["kind"] == "shuffle"
    send(widget, type="undo")
    assert widget.stuck


def test_pause_hides_time_and_refuses_moves():
    clock_time = FakeTime()
    widget = MahjongConnect(game=Game.from_grid("D1 D1 B1 B1", clock=Clock(clock_time)), store=None)
    clock_time.now = 40  # nobody has touched the board yet: no time counts
    send(widget, type="tick")
    assert widget.score == 0 and widget.seconds == 0 and not widget.clock_running
    widget.click((0, 0))  # the first action starts the clock
    widget.deselect()
    clock_time.now = 65
    send(widget, type="tick")
    assert widget.score == -4 and widget.seconds == 25 and widget.clock_running
    assert widget.breakdown == {"pairs": 0, "hints": 0, "time": -4, "bonus": 0}
    send(widget, type="pause")
    assert widget.paused and not widget.clock_running
    clock_time.now = 140
    assert widget.click((0, 0)) == "nothing"
    with pytest.raises(IllegalMove, match="paused"):
        widget.remove((0, 0), (0, 1))
    send(widget, type="resume")
    clock_time.now = 145
    widget.remove((0, 0), (0, 1))
    widget.remove((0, 2), (0, 3))
    assert widget.won and widget.seconds == 30 and widget.score == 20 - 6 + 570


def test_a_won_game_updates_the_record(tmp_path):
    store = Store(tmp_path / "s.sqlite3")
    widget = MahjongConnect(game=Game.from_grid("D1 D1", scoring="standard"), store=store)
    widget.remove((0, 0), (0, 1))
    assert widget.won and widget.record == 10 == store.record("mahjong-standard")


@pytest.mark.parametrize(
    "message,reason",
    [
        ({"type": "click"}, "needs a cell"),
        ({"type": "click", "cell": [7, 7]}, "off the board"),
        ({"type": "drop", "from": [0, 0]}, "needs from and to"),
        ({"type": "drop", "from": [0, 0], "to": "x"}, "not a \\(row, col\\) pair"),
        ({"type": "shuffle"}, "still be removed"),
        ({"type": "fly"}, "unknown message type"),
    ],
)
def test_malformed_messages_are_ignored_and_reported(widget, message, reason):
    before = list(widget.grid)
    widget._handle_custom_msg(message, [])
    assert re.search(reason, widget.error), widget.error
    assert widget.grid == before
    send(widget, type="click", cell=[0, 0])
    assert widget.selected == [0, 0] and widget.error == ""


def test_show_marks_every_pair_and_the_solvers_next_pair(widget):
    analysis = Solver().analyse(widget.game)
    widget.show(analysis)
    assert len(widget.overlay["pairs"]) == len(widget.game.legal_moves())
    assert widget.overlay["next"] == analysis.move.to_list()
    widget.remove(*analysis.move.to_list())
    assert widget.overlay == {}
    with pytest.raises(TypeError):
        widget.show("solver")


def test_new_game_deals_a_full_grid():
    widget = MahjongConnect(seed=4, store=None)
    assert widget.tiles_left == 144 and (widget.rows, widget.cols) == (8, 18)
    widget.new_game(seed=5)
    assert widget.game.seed == 5 and widget.tiles_left == 144
    widget.orientation = "portrait"
    with pytest.raises(Exception):  # noqa: B017 -- the test asks only that the value is refused
        widget.orientation = "sideways"


def test_watch_takes_every_player_of_the_registry_by_name_or_object():
    from gamewidgets.mahjong import PLAYERS, RandomPlayer

    widget = MahjongConnect(seed=6, store=None)
    widget.watch("random", moves=3, delay=0)
    assert widget.tiles_left == 138 and len(widget.game.moves) == 3
    widget.watch(RandomPlayer(seed=1), moves=2, delay=0)
    widget.watch("solver", moves=1, delay=0)
    assert widget.tiles_left == 132
    with pytest.raises(ValueError, match="'random', 'solver'"):
        widget.watch("nobody", moves=1, delay=0)
    assert set(PLAYERS) == {"random", "solver"}


def test_undo_returns_what_it_took_back_and_the_view_hears_which():
    from gamewidgets.mahjong import Shuffle

    widget = MahjongConnect(game=Game.from_grid("D1 D2\nD2 D1", seed=2), store=None)
    widget.shuffle()
    move = widget.game.legal_moves()[0]
    widget.remove(move.a, move.b)
    assert widget.undo() == move and widget.last_event["undone"] == "remove" and widget.removed == []
    assert widget.undo() == Shuffle() and widget.last_event["undone"] == "shuffle" and widget.stuck


def test_scoring_is_one_setting_wired_both_ways_with_a_record_each(tmp_path):
    store = Store(tmp_path / "store.sqlite3")
    clock_time = FakeTime()
    given = Game.from_grid("D1 D1", scoring="standard", clock=Clock(clock_time))
    widget = MahjongConnect(game=given, store=store)
    assert widget.scoring == widget.game.scoring == "standard"  # the given game's scoring is kept
    widget = MahjongConnect(game=Game.from_grid("D1 D1", clock=Clock(clock_time)), scoring="standard", store=store)
    assert widget.game.scoring == "standard"  # scoring= applies to a given game too
    widget.click((0, 0))
    clock_time.now += 60
    widget.scoring = "timed"  # from Python (the view's Options control sets the same trait)
    assert widget.game.scoring == "timed" and widget.score == -12 and "time" in widget.breakdown
    widget.scoring = "standard"
    widget.remove((0, 0), (0, 1))
    assert widget.won and store.record("mahjong-standard") == 10 == widget.record and store.record("mahjong") == 0
    assert MahjongConnect(seed=1, store=store).scoring == "standard"  # remembered for the next widget
    timed = MahjongConnect(seed=1, scoring="timed", store=store)
    assert timed.game.scoring == "timed" and timed.record == 0  # the timed record is its own
    with pytest.raises(traitlets.TraitError):
        timed.scoring = "fast"


def test_a_lesson_board_has_no_clock_no_stuck_dialog_and_no_record(tmp_path):
    store = Store(tmp_path / "store.sqlite3")
    blocked = MahjongConnect(game=Game.from_grid("B1 B2 B3\nB4 DR B5\nB6 B7 B8\nC1 DR C2"), lesson=True, store=store)
    assert blocked.lesson and blocked.stuck and blocked.scoring == "standard" and "time" not in blocked.breakdown
    pair = MahjongConnect(game=Game.from_grid("D1 D1"), lesson=True, store=store)
    pair.remove((0, 0), (0, 1))
    assert pair.won and pair.score == 10 and store.record("mahjong-standard") == 0 and store.finished("mahjong") == []
    assert store.settings("mahjong").get("scoring") is None  # a lesson changes no setting


def test_play_again_and_a_new_game_can_be_taken_back_right_after():
    clock_time = FakeTime()
    widget = MahjongConnect(game=Game.from_grid(PICTURE, scoring="standard", clock=Clock(clock_time)), store=None)
    widget.hint()
    widget.remove((0, 0), (0, 2))
    played = (list(widget.grid), widget.score, widget.game.hints, list(widget.removed))
    clock_time.now = 20
    widget.restart()
    assert widget.tiles_left == 16 and widget.score == 0 and widget.can_undo
    clock_time.now = 120  # the time the new one is on the screen does not count for the old one
    assert widget.undo() is None  # the game before play again is back, as it was
    assert (list(widget.grid), widget.score, widget.game.hints, list(widget.removed)) == played
    assert widget.seconds == 20
    assert widget.last_event["kind"] == "undo" and widget.last_event["restored"] is True
    assert widget.history_length == 2 and widget.can_undo  # and its own pair can be undone again
    widget.new_game(seed=5)
    assert widget.tiles_left == 144 and (widget.rows, widget.cols) == (8, 18) and widget.can_undo
    widget.undo()
    assert list(widget.grid) == played[0] and widget.game.seed == 0 and (widget.rows, widget.cols) == (3, 6)
    # once taken back, it is the game again: its own undo, then nothing
    widget.undo()
    assert widget.tiles_left == 16 and not widget.can_undo
    from gamewidgets.errors import NothingToUndo
    with pytest.raises(NothingToUndo):
        widget.undo()


def test_nothing_is_kept_for_undo_from_a_game_not_begun_or_won():
    widget = MahjongConnect(game=Game.from_grid("D1 D1"), store=None)
    widget.hint()  # a hint is no pair removed: nothing to lose
    widget.restart()
    assert not widget.can_undo
    widget.remove((0, 0), (0, 1))
    assert widget.won
    widget.new_game(seed=3)  # a won game is over (its score is kept by the store)
    assert not widget.can_undo and widget.tiles_left == 144


def test_the_previous_game_comes_back_with_its_undo_after_the_new_ones_moves_are_undone():
    widget = MahjongConnect(game=Game.from_grid(PICTURE), store=None)
    widget.remove((0, 0), (0, 2))
    widget.new_game(seed=2)
    move = widget.game.legal_moves()[0]
    widget.remove(move.a, move.b)
    assert widget.undo() == move and widget.tiles_left == 144 and widget.can_undo
    widget.undo()
    assert widget.tiles_left == 14 and widget.game.seed == 0
