"""Lines of Action puzzles (gamewidgets.puzzles.loa): every puzzle found is proved again
here by a brute force of its own, on the public Game API only (legal_moves / play /
undo / outcome), not the bitboard search that found it; check, hint, the determinism
and prefix stability of find, and the dict form.

``prove_win_in_1`` / ``prove_win_in_2`` (``PROVERS`` by kind) and ``check_verdicts``
take one puzzle and assert: the shipped set's test reuses them.
"""

import json

import numpy as np
import pytest

from gamewidgets import puzzles
from gamewidgets.loa.rules import FIRST, SECOND, Game, Move
from gamewidgets.puzzles import Puzzle
from gamewidgets.puzzles.loa import KINDS, WinIn1

COLOURS = ("Black", "White")


# ------------------------------------------------ the independent prover
def _wins_now(game, move):
    """Whether ``move`` wins at once for the side to move (played and taken back)."""
    me = game.turn
    game.play(move)
    outcome = game.outcome()
    game.undo()
    return outcome is not None and outcome.winner == me


def _winning_moves(game):
    return [move for move in game.legal_moves() if _wins_now(game, move)]


def _answered(game, me):
    """After the opponent's reply: the game is won for ``me``, or ``me`` (to move) has a
    move that wins at once."""
    outcome = game.outcome()
    if outcome is not None:
        return outcome.winner == me
    return any(_wins_now(game, move) for move in game.legal_moves())


def _forces(game, move):
    """Whether ``move`` wins on the mover's next move against every reply."""
    me = game.turn
    game.play(move)
    try:
        if game.outcome() is not None:
            return False  # no move wins at once here, so it lost or drew
        for reply in game.legal_moves():
            game.play(reply)
            answered = _answered(game, me)
            game.undo()
            if not answered:
                return False
        return True
    finally:
        game.undo()


def _fresh(puzzle):
    """The puzzle's position, checked to be one that is not over, and its mover."""
    game = puzzle.game
    assert game.outcome() is None
    assert game.fen() == Game.from_dict(json.loads(json.dumps(puzzle.position))).fen()
    assert puzzle.game_name == "loa" and all(move.size == game.size for move in puzzle.solution)
    return game, game.turn


def prove_win_in_1(puzzle):
    """The answer wins at once and no other legal move does."""
    game, me = _fresh(puzzle)
    assert puzzle.kind == "win-in-1" and len(puzzle.solution) == 1
    assert _winning_moves(game) == [puzzle.answer]
    assert puzzle.prompt.startswith(f"{COLOURS[me]} to move")
    assert 800 <= puzzle.rating <= 1300


def prove_win_in_2(puzzle):
    """No move wins at once; the answer wins next move against every reply, no other
    first move does; the line is the answer, a defence that leaves the fewest winning
    answers, and a winning answer to it."""
    game, me = _fresh(puzzle)
    assert puzzle.kind == "win-in-2" and len(puzzle.solution) == 3
    assert _winning_moves(game) == []
    assert [move for move in game.legal_moves() if _forces(game, move)] == [puzzle.answer]
    answer, defence, second = puzzle.solution
    game.play(answer)
    fewest = None
    for reply in game.legal_moves():
        game.play(reply)
        if game.outcome() is None:
            count = len(_winning_moves(game))
            fewest = count if fewest is None else min(fewest, count)
        game.undo()
    game.play(defence)
    assert game.outcome() is None
    winners = _winning_moves(game)
    assert second in winners and len(winners) == fewest
    assert puzzle.prompt.startswith(f"{COLOURS[me]} to move")
    assert 1300 <= puzzle.rating <= 1900


PROVERS = {"win-in-1": prove_win_in_1, "win-in-2": prove_win_in_2}


def check_verdicts(puzzle):
    """check: correct for the answer (with the rest of the line), wrong with a reason
    for every other legal move; a refuting line it gives is checked too."""
    game = puzzle.game
    me = game.turn
    for move in game.legal_moves():
        verdict = puzzle.check(move)
        assert verdict.move == move and verdict.reason.strip()
        if move == puzzle.answer:
            assert verdict.correct and tuple(verdict.line) == tuple(puzzle.solution[1:]), verdict
            assert str(move) in verdict.reason
            continue
        assert not verdict.correct, verdict
        after = game.copy()
        after.play(move)
        if not verdict.line:
            continue
        (reply,) = verdict.line
        after.play(reply)  # legal, or this raises
        outcome = after.outcome()
        if puzzle.kind == "win-in-1":
            assert outcome is not None and outcome.winner == me ^ 1  # the opponent's win it allows
        else:  # the refutation: the opponent won or drew, or no move of the mover wins now
            assert (outcome is not None and outcome.winner != me) or (outcome is None and not _winning_moves(after))
    # a move not legal here, and text / a dict of the answer
    illegal = next(Move(src, dst, size=game.size) for src in game.cells(me ^ 1) for dst in game.cells(me ^ 1)
                   if src != dst)
    verdict = puzzle.check(illegal)
    assert not verdict.correct and "not a legal move" in verdict.reason
    assert puzzle.check(str(puzzle.answer)).correct and puzzle.check(puzzle.answer.to_dict()).correct


# ---------------------------------------------------------------- fixtures
SEED = 20250
COUNT = {"win-in-1": 4, "win-in-2": 3}


@pytest.fixture(scope="module", params=sorted(KINDS))
def found(request):
    kind = request.param
    return kind, KINDS[kind].find(np.random.default_rng(SEED), COUNT[kind])


# ------------------------------------------------------------------- tests
def test_kinds():
    assert set(KINDS) == {"win-in-1", "win-in-2"}
    assert set(puzzles.kinds("loa")) == set(KINDS)
    for name, kind in KINDS.items():
        assert kind.game == "loa" and kind.name == name and kind.description


def test_found_puzzles_are_proved_again(found):
    kind, found_puzzles = found
    assert len(found_puzzles) == COUNT[kind]
    for puzzle in found_puzzles:
        assert puzzle.kind == kind and puzzle.id == ""
        PROVERS[kind](puzzle)


def test_check_and_hint(found):
    _, found_puzzles = found
    for puzzle in found_puzzles:
        check_verdicts(puzzle)
        hint = puzzle.hint()
        src = puzzle.answer.src
        name = "abcdefgh"[src[1]] + str(puzzle.game.size - src[0])
        assert name in hint and str(puzzle.answer) not in hint


def test_find_is_deterministic_and_prefix_stable(found):
    kind, found_puzzles = found
    shorter = KINDS[kind].find(np.random.default_rng(SEED), 2)
    assert [p.to_dict() for p in shorter] == [p.to_dict() for p in found_puzzles[:2]]
    keys = {(p.game.fen().rsplit(" ", 1)[0]) for p in found_puzzles}
    assert len(keys) == len(found_puzzles)  # no position twice
    assert KINDS[kind].find(np.random.default_rng(SEED), 0) == []


def test_dict_round_trip(found):
    _, found_puzzles = found
    for puzzle in found_puzzles:
        data = json.loads(json.dumps(puzzle.to_dict()))
        again = Puzzle.from_dict(data)
        assert again.to_dict() == puzzle.to_dict()
        assert again.solution == puzzle.solution and again.game == puzzle.game
        assert {"size", "ply", "game", "players", "legal_moves", "win"} <= set(again.facts)


def test_generate_through_the_package():
    made = puzzles.generate("loa", count=2, seed=3, kind="win-in-1")
    assert [p.to_dict() for p in made] == [p.to_dict() for p in puzzles.generate("loa", count=2, seed=3,
                                                                                     kind="win-in-1")]
    for puzzle in made:
        prove_win_in_1(puzzle)


# ---------------------------------------------- the rule book's special cases
def _puzzle_of(text, turn=FIRST):
    game = Game.from_text(text, turn=turn)
    puzzle = WinIn1()._examine(game, {})
    assert puzzle is not None
    prove_win_in_1(puzzle)
    check_verdicts(puzzle)
    return puzzle


# Black to move: f5xf1 connects both sides (the mover wins); White to move: e4-e2 connects White
BOTH_CONNECT = """
    . . . . . .
    . . . . . x
    . . . . o .
    . . . . . x
    . . . . . x
    . . . . x o
"""


def test_a_capture_that_connects_both_sides_wins_for_the_mover():
    puzzle = _puzzle_of(BOTH_CONNECT)
    after = puzzle.game
    after.play(puzzle.answer)
    assert puzzle.answer.capture and after.group_count(FIRST) == after.group_count(SECOND) == 1
    reason = puzzle.check(puzzle.answer).reason
    assert "Black wins" in reason and "connected too" in reason
    assert puzzle.prompt == "Black to move: connect all your pieces in one move."


def test_a_capture_that_connects_only_the_opponent_loses():
    puzzle = _puzzle_of("""
        . . . x x .
        . . . . o .
        . o . . . .
        . . . . . .
        . . . . x .
        . . . . . .
    """)
    game = puzzle.game
    losing = [m for m in game.legal_moves() if "White wins" in puzzle.check(m).reason]
    assert losing and all(m.capture and not puzzle.check(m).correct for m in losing)
    assert "connected" in puzzle.check(losing[0]).reason


def test_leaving_the_opponent_without_a_move_wins():
    puzzle = _puzzle_of("""
        o x x . . .
        x . . . x .
        . . . . . .
        . . . x . .
        . . . . . x
        . . . . x o
    """)
    assert puzzle.facts["win"] == "no-moves" and str(puzzle.answer) == "c6-b5"
    assert puzzle.prompt == "Black to move: win in one move."
    assert "without a legal move" in puzzle.check(puzzle.answer).reason


def test_white_to_move_and_no_puzzle_where_two_moves_win():
    puzzle = _puzzle_of(BOTH_CONNECT, turn=SECOND)
    assert puzzle.prompt == "White to move: connect all your pieces in one move."
    assert str(puzzle.answer) == "e4-e2" and puzzle.hint() == "The piece on e4 does it."
    two = Game.from_text("""
        . . . . . .
        . . o . . .
        . . . . . o
        . . . x . .
        . . . . o .
        . . x . x .
    """)
    assert [str(m) for m in _winning_moves(two)] == ["d3-d2", "e1-d2"]
    assert WinIn1()._examine(two, {}) is None
