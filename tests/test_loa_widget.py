"""The Lines of Action widget driven without a browser."""

import asyncio
import re

import pytest

from gamewidgets.errors import BadSave, IllegalMove
from gamewidgets.loa import Game
from gamewidgets.loa.ai import Medium
from gamewidgets.loa.widget import LinesOfAction, SavedGameKept
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
    assert widget.phase == "setup" and widget.saved == []
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
    assert store.load("loa", "6x6 easy") is None  # a finished game is not offered to continue
    assert widget.click((0, 0)) == "nothing"


def test_a_game_is_saved_after_every_move_and_survives_a_restart(store):
    widget = LinesOfAction(size=6, level="medium", store=store, seed=3, ai=FAST)
    widget.play(widget.game.legal_moves()[0])
    history = widget.history
    # a new widget on the same store, as after a kernel restart
    again = LinesOfAction(store=store, ai=FAST)
    assert again.phase == "setup" and again.saved == [{"size": 6, "level": "medium", "side": "first", "moves": 2}]
    assert (again.size, again.level) == (6, "medium")  # the setup opens on the last choice
    send(again, type="continue")
    assert again.phase == "playing" and again.history == history and again.level == "medium"
    assert isinstance(again._player, Medium)


def test_a_damaged_save_is_not_offered_and_continue_says_why(store):
    store.save("loa", "current", {"game": {"game": "loa", "moves": ["zz"]}, "level": "easy"})
    with pytest.warns(StoreWarning, match="kept aside"):
        widget = LinesOfAction(store=store)
    assert widget.saved == []
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
    assert widget.phase == "setup" and widget.saved[0]["moves"] == 2


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


# ------------------------------------------------------------------ save slots
def first_move(widget):
    widget.play(widget.game.legal_moves()[0])


def test_each_size_and_level_keeps_its_own_saved_game_and_both_continue(store):
    hard = LinesOfAction(size=8, level="hard", store=store, seed=1, ai=FAST)
    first_move(hard)
    first_move(hard)
    easy = LinesOfAction(size=6, level="easy", store=store, seed=1, ai=FAST)  # another notebook
    first_move(easy)
    assert sorted(store.saved("loa")) == ["6x6 easy", "8x8 hard"]
    again = LinesOfAction(store=store, ai=FAST)  # after a restart
    assert again.saved == [{"size": 6, "level": "easy", "side": "first", "moves": 2},
                           {"size": 8, "level": "hard", "side": "first", "moves": 4}]
    send(again, type="continue", size=8, level="hard")
    assert again.history == hard.history and again.level == "hard" and again.save_note == ""
    other = LinesOfAction(store=store, ai=FAST)
    other.continue_saved(6, "easy")
    assert other.history == easy.history
    with pytest.raises(IllegalMove, match=r"no saved 7×7 medium game .*saved: 6×6 easy, 8×8 hard"):
        other.continue_saved(7, "medium")


def test_a_new_game_on_a_slot_that_keeps_a_game_is_not_saved_over_it(store):
    kept = LinesOfAction(size=8, level="hard", store=store, seed=1, ai=FAST)
    for _ in range(3):
        first_move(kept)
    before = store.load("loa", "8x8 hard")
    with pytest.warns(SavedGameKept, match=r"8×8 hard slot keeps your unfinished game \(move 6\).*replace_saved"):
        new = LinesOfAction(size=8, level="hard", store=store, seed=2, ai=FAST)
    assert new.phase == "playing" and "continue_saved(8, 'hard')" in new.save_note
    first_move(new)
    assert store.load("loa", "8x8 hard") == before  # untouched
    assert [s["moves"] for s in LinesOfAction(store=store).saved] == [6]
    with pytest.warns(SavedGameKept):
        new.start(8, "hard")
    # replacing it is asked for
    new.start(8, "hard", replace_saved=True)
    assert new.save_note == "" and store.load("loa", "8x8 hard")["game"]["moves"] == []


def test_the_view_asks_before_play_replaces_a_saved_game(store):
    kept = LinesOfAction(size=6, level="easy", store=store, seed=1, ai=FAST)
    first_move(kept)
    view = LinesOfAction(store=store, ai=FAST)
    send(view, type="start", size=6, level="easy")  # a view whose list of saves was old
    assert "unfinished: continue it, or confirm" in view.error and view.phase == "setup"
    assert store.load("loa", "6x6 easy")["game"]["moves"]
    send(view, type="start", size=6, level="easy", replace=True)  # confirmed in the dialog
    assert view.phase == "playing" and view.error == "" and store.load("loa", "6x6 easy")["game"]["moves"] == []


def test_the_old_single_save_becomes_the_slot_of_its_size_and_level(store):
    old = LinesOfAction(size=7, level="medium", store=None, seed=1, ai=FAST)
    first_move(old)
    store.save("loa", "current", {"game": old.game.to_dict(), "level": "medium"})
    widget = LinesOfAction(store=store, ai=FAST)
    assert store.saved("loa") == ["7x7 medium"]
    assert widget.saved == [{"size": 7, "level": "medium", "side": "first", "moves": 2}]
    widget.continue_saved(7, "medium")
    assert widget.history == old.history


def test_an_old_save_whose_slot_is_taken_stays_where_it_is(store):
    taken = LinesOfAction(size=6, level="easy", store=store, seed=1, ai=FAST)
    first_move(taken)
    old = LinesOfAction(size=6, level="easy", store=None, seed=2, ai=FAST)
    old.play(old.game.legal_moves()[5])
    store.save("loa", "current", {"game": old.game.to_dict(), "level": "easy"})
    with pytest.warns(SavedGameKept, match="stays in the store as 'current'"):
        LinesOfAction(store=store)
    assert sorted(store.saved("loa")) == ["6x6 easy", "current"]


def test_a_save_in_the_wrong_slot_is_set_aside(store):
    game = LinesOfAction(size=7, level="easy", store=None, ai=FAST).game
    store.save("loa", "6x6 easy", {"game": game.to_dict(), "level": "easy"})
    with pytest.warns(StoreWarning, match="7×7 easy game, saved as '6x6 easy'"):
        widget = LinesOfAction(store=store)
    assert widget.saved == [] and store.damaged()[0]["name"] == "6x6 easy"
    with pytest.raises(BadSave, match="saved as"):
        widget.continue_saved(6, "easy")


# ---------------------------------------------------------- the setup's choice
def test_the_setup_opens_on_the_last_choice_also_after_a_restart(tmp_path):
    path = tmp_path / "s.sqlite3"
    widget = LinesOfAction(store=path, ai=FAST)
    assert (widget.size, widget.level, widget.side) == (6, "easy", "first")
    send(widget, type="choose", size=8, level="hard", side="second")
    assert (widget.size, widget.level, widget.side) == (8, "hard", "second") and widget.error == ""
    again = LinesOfAction(store=Store(path), ai=FAST)  # a new kernel, the same file
    assert (again.phase, again.size, again.level, again.side) == ("setup", 8, "hard", "second")
    again.start(7, "medium", side="first")  # a game started is the last choice too
    assert (LinesOfAction(store=path).size, LinesOfAction(store=path).level) == (7, "medium")
    send(again, type="choose", size=6)
    assert "not open" in again.error
    for bad in ({"size": 9}, {"level": "godlike"}, {"side": "third"}, {"size": True}):
        LinesOfAction(store=path)._handle_custom_msg({"type": "choose", **bad}, [])
    assert LinesOfAction(store=path).size == 7


def test_a_damaged_remembered_choice_warns_and_the_defaults_are_used(store):
    store.set_setting("loa", "setup", {"size": 9, "level": "easy"})
    with pytest.warns(StoreWarning, match="setup .* is not valid"):
        widget = LinesOfAction(store=store)
    assert (widget.size, widget.level) == (6, "easy")


def test_continue_without_a_size_continues_the_chosen_one(store):
    first_move(LinesOfAction(size=7, level="hard", store=store, seed=1, ai=FAST))
    widget = LinesOfAction(store=store, ai=FAST)
    send(widget, type="choose", size=6, level="easy")
    send(widget, type="continue")
    assert "no saved 6×6 easy game" in widget.error and widget.phase == "setup"
    send(widget, type="choose", size=7, level="hard")
    send(widget, type="continue")
    assert widget.phase == "playing" and widget.moves == 2 and widget.last_event["continued"] is True


# ------------------------------------------------------------- statistics once
# x (the user) to move: whatever x plays, the computer connects on its answer
LOST = """
. . . x . .
x . . . x .
. . . . . o
. . o o . .
. . x . . o
. . . . . .
"""


def test_lose_undo_finish_again_counts_one_game(store):
    widget = LinesOfAction(game=Game.from_text(LOST, turn=0), level="easy", store=store, seed=1, ai=FAST)
    first_move(widget)
    assert widget.result["result"] == "loss" and widget.result["tally"]["played"] == 1
    widget.undo()  # from the results screen
    assert widget.phase == "playing" and store.tally("loa", "6x6 easy").played == 0
    widget.play(widget.game.legal_moves()[-1])
    assert widget.result["result"] == "loss"
    assert widget.result["tally"] == store.tally("loa", "6x6 easy").to_dict()
    assert store.tally("loa", "6x6 easy").played == 1 and store.tally("loa", "6x6 easy").losses == 1


def test_a_game_finished_then_undone_and_left_unfinished_counts_nothing(store):
    widget = LinesOfAction(game=Game.from_text(NEAR_WIN, turn=0), level="easy", store=store, ai=FAST)
    widget.play("c4-c3")
    assert store.tally("loa", "6x6 easy").wins == 1
    widget.undo()
    widget.new_game()
    assert store.tally("loa", "6x6 easy").played == 0
    assert widget.saved == [{"size": 6, "level": "easy", "side": "first", "moves": 0}]  # saved again, unfinished


# ---------------------------------------------------------------- playing second
def test_playing_second_the_computer_opens_and_the_user_keeps_x(store):
    widget = LinesOfAction(size=6, level="easy", side="second", store=store, seed=1, ai=FAST)
    assert widget.side == "second" and widget.moves == 1 and widget.turn == "user"
    assert widget.explained == [1] and widget.last_event["by"] == "computer"
    assert str(widget.history[0].game).splitlines()[-1] == "ply 0, second (o) to move"
    assert widget.board[1:5] == [1, 1, 1, 1]  # the user's pieces (1) on the top row, as x
    with pytest.raises(IllegalMove, match="no move of yours"):
        widget.undo()
    first_move(widget)
    users = widget.history[2].move
    assert widget.moves == 3 and widget.undo() == users and widget.moves == 1 and widget.turn == "user"
    first_move(widget)
    again = LinesOfAction(store=store, ai=FAST)
    assert again.side == "second" and again.saved[0]["side"] == "second"
    again.continue_saved()
    assert again.side == "second" and again.history == widget.history


def test_the_setup_dialog_starts_a_game_played_second(store):
    widget = LinesOfAction(store=store, seed=1, ai=FAST)
    send(widget, type="start", size=7, level="medium", side="second")
    assert widget.side == "second" and widget.moves == 1 and widget.last_event["kind"] == "move"
    send(widget, type="start", size=7, level="medium", side="last", replace=True)
    assert "side must be one of" in widget.error
    with pytest.raises(ValueError, match="side must be"):
        widget.start(6, "easy", side="middle")
    with pytest.raises(ValueError, match="the user moves first"):
        widget.start(game=Game.from_text(NEAR_WIN, turn=0), side="second")


# ------------------------------------------------------------ the no-moves ending
TRAPPED = """
. . . . . .
. . . . . .
. . x . . .
. . . . . .
x x . . . x
o x . . x o
"""


def test_leaving_the_computer_without_a_legal_move_wins(store):
    widget = LinesOfAction(game=Game.from_text(TRAPPED, turn=0), level="easy", store=store, ai=FAST)
    widget.play("c4-e2")
    assert widget.result["result"] == "win" and widget.result["reason"] == "no-moves"
    assert widget.result["winner"] == "user" and widget.groups == [2, 2]


def test_left_without_a_legal_move_the_user_loses(store):
    swapped = TRAPPED.replace("x", "X").replace("o", "x").replace("X", "o")
    widget = LinesOfAction(game=Game.from_text(swapped, turn=1), level="easy", store=store, seed=1, ai=FAST)
    assert widget.side == "second"
    assert widget.result["result"] == "loss" and widget.result["reason"] == "no-moves"


# ------------------------------------------------------------------------ why
def test_explaining_says_which_move_the_overlay_explains(store):
    widget = LinesOfAction(size=6, level="easy", store=store, seed=1, ai=FAST)
    first_move(widget)
    assert widget.explaining == {} and widget.overlay == {}
    analysis = widget.why()
    computer_move = str(widget.history[2].move)
    assert widget.explaining == {"index": 2, "move": computer_move, "by": "computer", "player": "easy",
                                 "reason": analysis.reason}
    assert widget.overlay and not widget.looking_back
    first_move(widget)  # the next move takes it away
    assert widget.explaining == {} and widget.overlay == {}
    send(widget, type="goto", index=2)  # looking back at a computer move shows its reasons
    assert widget.explaining["index"] == 2 and widget.overlay
    send(widget, type="goto", index=1)
    assert widget.explaining == {} and widget.overlay == {}
    send(widget, type="why", index=None)  # the latest computer move: position 4
    assert widget.explaining["index"] == 4 and not widget.looking_back
    widget.show(None)
    assert widget.explaining == {}
    widget.watch(Medium(seed=1, max_depth=1), moves=1, delay=0, explain=True)
    widget.why(5)
    assert widget.explaining["by"] == "user" and widget.explaining["player"] == "medium"
