"""The Lines of Action widget driven without a browser."""

import asyncio
import re

import pytest

from gamewidgets.errors import BadSave, IllegalMove
from gamewidgets.loa import Game
from gamewidgets.loa.ai import Medium
from gamewidgets.loa.widget import LinesOfAction
from gamewidgets.store import Store, StoreWarning

FAST = {"max_depth": 1}

# x (the user) to move: c4-c3 joins a1-b2 and wins; c4xe4 would capture
NEAR_WIN = """
6  . . . o . o
5  . . . . . .
4  . . x . o .
3  . . . . . .
2  . x . . . o
1  x . . . . .
   a b c d e f
"""


def send(widget, **message):
    widget._handle_custom_msg(message, [])


@pytest.fixture
def store(tmp_path):
    return Store(tmp_path / "s.sqlite3")


def test_setup_then_play_a_move_and_the_computer_answers(store):
    widget = LinesOfAction(store=store, seed=1, ai=FAST)
    assert widget.phase == "setup" and widget.saved == {}
    send(widget, type="start", size=6, level="easy")
    assert widget.phase == "playing" and widget.turn == "user" and len(widget.board) == 36
    assert widget.groups == [2, 2] and widget.moves == 0
    send(widget, type="click", cell=[0, 1])  # b6, a user piece on the top row
    assert widget.selected == [0, 1] and widget.targets
    assert set(widget.line_counts) == {"horizontal", "vertical", "diagonal", "antidiagonal"}
    target = widget.targets[0]
    send(widget, type="click", cell=target[:2])
    # no event loop here: the computer answered at once
    assert widget.moves == 2 and widget.turn == "user" and len(widget.history) == 3
    assert widget.last_move and widget.last_event["kind"] == "move" and widget.last_event["by"] == "computer"
    assert widget.history_length == 3 and widget.error == ""


def test_targets_mark_captures_and_moves_follow_the_rules(store):
    widget = LinesOfAction(game=Game.from_text(NEAR_WIN, turn=0), level="easy", store=store, ai=FAST)
    game = widget.game
    cell = game.cell("c4")
    assert cell == (2, 2)
    widget.click(cell)
    expected = {(m.dst, m.capture) for m in game.targets(cell)}
    assert {((r, c), bool(cap)) for r, c, cap in widget.targets} == expected
    assert (game.cell("e4"), True) in expected and (game.cell("c3"), False) in expected
    with pytest.raises(IllegalMove):
        widget.play("a1-a6")


def test_winning_ends_the_game_with_the_results_and_the_tally(store):
    widget = LinesOfAction(game=Game.from_text(NEAR_WIN, turn=0), level="easy", store=store, ai=FAST)
    assert widget.groups == [2, 4]
    widget.click((2, 2))  # c4
    widget.click((3, 2))  # c3
    assert [str(m) for m in widget.history.moves] == ["c4-c3"]
    assert widget.phase == "over" and widget.result["result"] == "win"
    assert widget.result["reason"] == "connected" and widget.result["winner"] == "user"
    assert widget.result["tally"]["wins"] == 1 and widget.result["tally"]["streak"] == 1
    assert store.tally("loa", "6x6 easy").wins == 1
    assert store.load("loa", "current") is None  # a finished game is not offered to continue
    assert widget.click((0, 0)) == "nothing"


def test_a_game_is_saved_after_every_move_and_survives_a_restart(store):
    widget = LinesOfAction(size=6, level="medium", store=store, seed=3, ai=FAST)
    widget.play(widget.game.legal_moves()[0])
    history = widget.history
    # a new widget on the same store, as after a kernel restart
    again = LinesOfAction(store=store, ai=FAST)
    assert again.phase == "setup" and again.saved == {"size": 6, "level": "medium", "moves": 2}
    send(again, type="continue")
    assert again.phase == "playing" and again.history == history and again.level == "medium"
    assert isinstance(again._player, Medium)


def test_a_damaged_save_is_not_offered_and_continue_says_why(store):
    store.save("loa", "current", {"game": {"game": "loa", "moves": ["zz"]}, "level": "easy"})
    with pytest.warns(StoreWarning, match="kept aside"):
        widget = LinesOfAction(store=store)
    assert widget.saved == {}
    with pytest.raises(BadSave):
        widget.continue_saved()


def test_pause_new_game_undo_and_goto(store):
    widget = LinesOfAction(size=6, level="easy", store=store, seed=2, ai=FAST)
    widget.play(widget.game.legal_moves()[3])
    widget.play(widget.game.legal_moves()[3])
    send(widget, type="pause")
    assert widget.paused and widget.click((0, 1)) == "nothing"
    send(widget, type="resume")
    send(widget, type="goto", index=1)
    assert widget.history_index == 1 and widget.looking_back and widget.moves == 1
    assert widget.click((0, 1)) == "nothing"
    send(widget, type="goto", index=4)
    assert not widget.looking_back and widget.moves == 4
    widget.undo()
    assert widget.moves == 2 and widget.turn == "user"
    send(widget, type="new_game")
    assert widget.phase == "setup" and widget.saved["moves"] == 2


@pytest.mark.parametrize(
    "message,reason",
    [
        ({"type": "start", "size": 9, "level": "easy"}, "size in"),
        ({"type": "start", "size": 6, "level": "godlike"}, "level in"),
        ({"type": "click"}, "needs a cell"),
        ({"type": "click", "cell": [9, 9]}, "bad cell"),
        ({"type": "goto", "index": 50}, "not in this game"),
        ({"type": "teleport"}, "unknown message type"),
    ],
)
def test_malformed_messages_are_ignored_and_reported(store, message, reason):
    widget = LinesOfAction(size=6, level="easy", store=store, ai=FAST)
    before = list(widget.board)
    widget._handle_custom_msg(message, [])
    assert re.search(reason, widget.error), widget.error
    assert widget.board == before
    send(widget, type="click", cell=[0, 1])
    assert widget.selected == [0, 1] and widget.error == ""


def test_show_writes_scores_on_target_cells(store):
    widget = LinesOfAction(size=6, level="easy", store=store, ai=FAST)
    analysis = Medium(seed=1, max_depth=1).analyse(widget.game)
    widget.show(analysis)
    cells = {tuple(c[:2]) for c in widget.overlay["cells"]}
    assert cells == {m.dst_cell for m in widget.game.legal_moves()}
    assert widget.overlay["arrow"] == [list(analysis.move.src_cell), list(analysis.move.dst_cell)]
    widget.play(analysis.move)
    assert widget.overlay == {}


def test_the_computer_thinks_in_a_worker_thread_while_the_loop_runs(store):
    async def scenario():
        widget = LinesOfAction(size=6, level="easy", store=store, seed=4, ai=FAST)
        widget.play(widget.game.legal_moves()[0])
        assert widget.thinking is False or widget.turn == "computer"
        for _ in range(200):  # the event loop stays free while the computer thinks
            await asyncio.sleep(0.01)
            if widget.turn == "user" and not widget.thinking:
                break
        assert widget.moves == 2 and widget.turn == "user" and not widget.thinking

    asyncio.run(scenario())
