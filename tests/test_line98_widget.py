"""The Line 98 widget driven without a browser: view messages and Python methods."""

import re

import numpy as np
import pytest
import traitlets

from gamewidgets import Line98
from gamewidgets.errors import IllegalMove, NothingToUndo
from gamewidgets.line98 import Game, picture
from gamewidgets.store import Store, StoreWarning

PICTURE = """
R.B......
BBB......
.........
GGGG.....
.........
.........
........G
.........
y.......p
"""


def send(widget, **message):
    widget._handle_custom_msg(message, [])


@pytest.fixture
def widget():
    return Line98(game=Game.from_text(PICTURE, seed=1), store=None)


def test_traits_mirror_the_game(widget):
    assert len(widget.board) == 81 and widget.board[0] == 1 and widget.board[2] == 3
    assert sorted(widget.previews) == [[8, 0, 4], [8, 8, 5]]
    assert widget.score == 0 and widget.moves == 0 and not widget.over and not widget.can_undo
    assert widget.clock_start > 0 and widget.clock_stop == 0
    assert widget.last_event["kind"] == "new"


def test_click_selects_switches_and_deselects(widget):
    send(widget, type="click", cell=[3, 0])
    assert widget.selected == [3, 0] and [2, 0] in widget.reachable
    send(widget, type="click", cell=[3, 1])
    assert widget.selected == [3, 1]
    send(widget, type="click", cell=[3, 1])
    assert widget.selected == [] and widget.reachable == []
    assert widget.last_event["kind"] == "deselect"


def test_click_on_target_moves_and_scores(widget):
    send(widget, type="click", cell=[6, 8])
    send(widget, type="click", cell=[3, 4])
    assert widget.score == 10 and widget.moves == 1 and widget.selected == []
    event = widget.last_event
    assert event["kind"] == "move" and event["path"][0] == [6, 8] and event["path"][-1] == [3, 4]
    assert len(event["cleared"]) == 5 and event["points"] == 10 and event["spawned"] == []
    assert widget.board[3 * 9 : 3 * 9 + 5] == [0] * 5
    assert widget.can_undo


def test_blocked_target_keeps_the_ball_selected(widget):
    send(widget, type="click", cell=[0, 0])  # the red ball is walled in
    send(widget, type="click", cell=[5, 5])
    assert widget.selected == [0, 0] and widget.moves == 0
    assert widget.last_event["kind"] == "blocked" and widget.last_event["cell"] == [5, 5]
    assert widget.error == ""
    send(widget, type="click", cell=[0, 1])  # the one reachable cell
    assert widget.moves == 1 and widget.board[1] == 1


def test_escape_undo_and_new_game_messages(widget):
    send(widget, type="click", cell=[3, 0])
    send(widget, type="deselect")
    assert widget.selected == []
    send(widget, type="click", cell=[6, 8])
    send(widget, type="click", cell=[3, 4])
    send(widget, type="undo")
    assert widget.score == 0 and widget.moves == 0 and widget.board[6 * 9 + 8] == 2  # green is back
    send(widget, type="undo")
    assert "no move to undo" in widget.error
    send(widget, type="new_game")
    assert widget.moves == 0 and widget.board.count(0) == 81 - 5 and widget.error == ""


@pytest.mark.parametrize(
    "message,reason",
    [
        ("not a dict", "must be an object"),
        ({"no": "type"}, "unknown message type"),
        ({"type": "explode"}, "unknown message type"),
        ({"type": "click"}, "needs a cell"),
        ({"type": "click", "cell": [9, 9]}, "off the board"),
        ({"type": "click", "cell": "a1"}, "not a \\(row, col\\) pair"),
        ({"type": "click", "cell": [1.5, 2]}, "not a \\(row, col\\) pair"),
        ({"type": "click", "cell": None}, "not a \\(row, col\\) pair"),
    ],
)
def test_malformed_messages_are_ignored_and_reported(widget, message, reason):
    before = (list(widget.board), widget.selected, widget.score)
    widget._handle_custom_msg(message, [])
    assert widget.error.startswith("ignored")
    assert re.search(reason, widget.error), widget.error
    assert (list(widget.board), widget.selected, widget.score) == before
    send(widget, type="click", cell=[3, 0])  # still works
    assert widget.selected == [3, 0] and widget.error == ""


def test_python_methods_match_the_mouse(widget):
    widget.select((3, 0))
    assert widget.selected == [3, 0]
    with pytest.raises(IllegalMove, match="no ball"):
        widget.select((5, 5))
    with pytest.raises(IllegalMove, match="no path"):
        widget.play((0, 0), (5, 5))
    assert widget.moves == 0
    result = widget.play((6, 8), (3, 4))
    assert result.points == 10 and widget.score == 10
    assert widget.undo().target == (3, 4)
    with pytest.raises(NothingToUndo):
        widget.undo()
    assert widget.click((0, 0)) == "select" and widget.click((5, 5)) == "blocked"
    assert widget.click((0, 1)) == "move"
    widget.new_game(seed=9)
    assert widget.game.seed == 9 and widget.moves == 0


@pytest.mark.parametrize("form", ["(6, 8)->(3, 4)", {"from": [6, 8], "to": [3, 4]}])
def test_play_takes_a_move_in_every_form_the_game_takes(widget, form):
    assert widget.play(form).points == 10 and widget.score == 10 and widget.moves == 1
    with pytest.raises(IllegalMove, match="is not a move"):
        widget.play("(6, 8)")
    with pytest.raises(IllegalMove, match="not both"):
        widget.play("(0, 0)->(5, 5)", (5, 5))
    assert widget.moves == 1


def test_game_over_updates_the_record_in_the_store(tmp_path):
    store = Store(tmp_path / "store.sqlite3")
    widget = Line98(seed=4, store=store)
    game = widget.game
    rng = np.random.default_rng(1)
    while not widget.over:
        moves = game.legal_moves()
        widget.play(moves[int(rng.integers(len(moves)))])
    assert widget.clock_stop >= widget.clock_start > 0
    assert widget.record == store.record("line98") == widget.score
    assert widget.new_record == (widget.score > 0)
    assert store.finished("line98")[-1]["score"] == widget.score
    widget.clock_stop -= 60_000  # the game ended a minute ago (the player looked at it since)
    at_game_over = widget.elapsed
    widget.undo()
    assert not widget.over and widget.clock_stop == 0 and not widget.new_record
    assert at_game_over <= widget.elapsed < at_game_over + 30  # the minute at game over does not count
    # a new widget (a kernel restart) reads the record back
    assert Line98(store=tmp_path / "store.sqlite3").record == widget.record


def test_record_survives_and_store_none_keeps_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMEWIDGETS_HOME", str(tmp_path))
    Store().finish("line98", 77, 40)
    assert Line98().record == 77
    assert Line98(store=None).record == 0


def test_two_views_of_one_widget_share_state(widget):
    # the state the view needs is in traits, so any number of views agree
    state = widget.get_state()
    assert state["board"] == widget.board and state["selected"] == []
    widget.select((3, 0))
    assert widget.get_state()["selected"] == [3, 0]


def test_save_and_restore_a_game(tmp_path, widget):
    widget.store = Store(tmp_path / "s.sqlite3")
    widget.play((6, 8), (3, 4))
    widget.save("mine")
    widget.new_game(seed=3)
    widget.restore("mine")
    assert widget.score == 10 and widget.moves == 1 and widget.can_undo
    with pytest.raises(KeyError, match="no saved"):
        widget.restore("other")


def test_stale_click_from_an_older_position_is_ignored(widget):
    seen = widget.position
    send(widget, type="click", cell=[6, 8], position=seen)
    assert widget.selected == [6, 8] and widget.position == seen  # selecting is not a new position
    send(widget, type="click", cell=[3, 4], position=seen)
    assert widget.moves == 1 and widget.position > seen
    send(widget, type="click", cell=[0, 2], position=seen)  # aimed at the board before the move
    assert "stale" in widget.error and widget.selected == []
    send(widget, type="click", cell=[0, 2], position=widget.position)
    assert widget.selected == [0, 2] and widget.error == ""


def test_damaged_store_file_warns_and_the_game_still_opens(tmp_path):
    path = tmp_path / "gamewidgets.sqlite3"
    path.write_bytes(b"not sqlite at all" * 20)
    with pytest.warns(StoreWarning, match="left untouched"):
        widget = Line98(seed=2, store=path)
    widget.play(widget.game.legal_moves()[0])
    assert widget.moves == 1 and widget.record == 0
    assert path.read_bytes() == b"not sqlite at all" * 20


# ------------------------------------------------------ analysis, watch, history
def test_show_draws_the_analysis_and_the_next_move_clears_it(widget):
    from gamewidgets.line98.players import BuildPlayer

    analysis = BuildPlayer(seed=1).analyse(widget.game)
    widget.show(analysis)
    overlay = widget.overlay
    assert overlay["arrow"] == [list(analysis.move.source), list(analysis.move.target)]
    assert overlay["title"].startswith("build: ")
    targets = {tuple(c[:2]) for c in overlay["cells"]}
    assert targets == {m.target for m in widget.game.legal_moves()}
    values = {tuple(c[:2]): c[2] for c in overlay["cells"]}
    assert values[analysis.move.target] == 1.0 and min(values.values()) == 0.0
    widget.play(analysis.move)
    assert widget.overlay == {}
    widget.show(BuildPlayer(seed=1).analyse(widget.game))
    widget.show(None)
    assert widget.overlay == {}
    with pytest.raises(TypeError, match="Analysis"):
        widget.show("build")


def test_watch_without_an_event_loop_plays_the_moves(widget):
    widget.watch("clear-first", moves=3, delay=0)
    assert widget.moves == 3 and not widget.thinking
    with pytest.raises(ValueError, match="unknown player"):
        widget.watch("nobody")


def test_watch_in_an_event_loop_runs_as_a_task_and_can_be_stopped():
    import asyncio

    from gamewidgets.line98.players import BuildPlayer

    async def scenario():
        widget = Line98(seed=5, store=None)
        task = widget.watch(BuildPlayer(seed=5), moves=4, delay=0.01, explain=True)
        assert isinstance(task, asyncio.Task) and widget.moves == 0  # returned at once
        await task
        assert widget.moves == 4 and not widget.thinking
        slow = widget.watch("random", moves=50, delay=10)
        await asyncio.sleep(0.05)
        assert widget.thinking  # waiting before its first move
        widget.stop()
        await asyncio.sleep(0)
        assert slow.cancelled() and widget.moves == 4 and not widget.thinking

    asyncio.run(scenario())


def test_goto_steps_through_history_without_losing_the_game(widget):
    widget.watch("random", moves=4, delay=0)
    live = (list(widget.board), widget.score, widget.moves)
    history = widget.history
    assert len(history) == 5 == widget.history_length and history[0].move is None
    assert [step.move for step in history[1:]] == widget.game.moves
    widget.goto(0)
    assert widget.looking_back and widget.history_index == 0 and widget.moves == 4
    assert widget.board == history[0].game.board.ravel().tolist() == Game.from_text(PICTURE).board.ravel().tolist()
    assert widget.click((0, 2)) == "nothing" and widget.selected == []
    send(widget, type="goto", index=2)
    assert widget.history_index == 2 and widget.score == history[2].game.score
    assert widget.board == history[2].game.board.ravel().tolist()
    send(widget, type="goto", index=99)
    assert "not in this game" in widget.error and widget.history_index == 2
    send(widget, type="goto", index="x")
    assert "integer index" in widget.error
    widget.goto(-1)
    assert not widget.looking_back and (list(widget.board), widget.score, widget.moves) == live
    widget.goto(1)
    widget.play(widget.game.legal_moves()[0])  # a move goes back to the live game first
    assert widget.moves == 5 and widget.history_index == 5 and not widget.looking_back


def test_undo_right_after_a_new_game_brings_the_previous_game_back():
    widget = Line98(seed=3, store=None)
    widget.watch("build", moves=3, delay=0)
    before = (widget.game.to_dict(), widget.score, widget.moves)
    started = widget.clock_start
    widget.new_game(seed=5)
    assert widget.moves == 0 and widget.can_undo  # Undo offers the previous game back
    assert widget.undo() is None
    assert (widget.game.to_dict(), widget.score, widget.moves) == before and widget.last_event["restored"]
    assert widget.clock_start >= started and widget.clock_stop == 0  # its clock goes on where it stopped
    widget.new_game(seed=5)
    widget.play(widget.game.legal_moves()[0])  # the new game has begun: the previous one stays behind
    widget.undo()
    assert widget.moves == 0 and not widget.can_undo
    with pytest.raises(NothingToUndo):
        widget.undo()
    fresh = Line98(seed=1, store=None)
    fresh.new_game(seed=2)  # nothing played: nothing to bring back
    assert not fresh.can_undo


def test_suggest_asks_the_level_named_and_says_it_is_thinking(widget, tmp_path):
    seen = []
    widget.observe(lambda change: seen.append(change["new"]), names="thinking")
    analysis = widget.suggest(level="master")
    assert analysis.player == "master" and widget.overlay["title"].startswith("master:")
    assert seen == [True, False]  # the view's "thinking…" badge while it worked
    with pytest.raises(ValueError, match="known"):
        widget.suggest(level="grandmaster")
    with pytest.raises(traitlets.TraitError, match="names a player"):
        widget.suggest_level = "grandmaster"
    widget.show(None)
    widget.suggest_level = "master"
    send(widget, type="suggest")  # the Suggest button asks the level chosen
    assert widget.overlay["title"].startswith("master:") and widget.error == ""
    store = Store(tmp_path / "store.sqlite3")
    Line98(seed=1, store=store).suggest_level = "master"
    assert Line98(seed=1, store=store).suggest_level == "master"  # a setting: remembered


def test_suggest_shows_the_experts_analysis_of_the_position(widget):
    analysis = widget.suggest()
    assert analysis.player == "expert" and widget.overlay["title"].startswith("expert:")
    assert widget.overlay == picture.overlay(widget.game, analysis)
    widget.show(None)
    send(widget, type="suggest")  # the view's Suggest button (S)
    assert widget.overlay["title"].startswith("expert:") and widget.error == ""
    widget.play(analysis.move)
    assert widget.overlay == {}
    over = Line98(game=Game.from_board(np.ones((9, 9), dtype=int)), store=None)
    send(over, type="suggest")
    assert "over" in over.error and over.overlay == {}
