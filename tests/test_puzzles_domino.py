"""Dominoes puzzles (``open-hands``): every generated puzzle is proved again here by a
plain recursive minimax over the public ``Game`` API (``play`` / ``undo`` /
``legal_moves`` / ``is_over`` / ``outcome``), written apart from the module's solver:
the answer's result against any defence is strictly better than every other legal
play's, and the solution is a line of best play to the end of the hand. ``check``
says correct for the answer and gives a reason (and a refuting line) for every other
play; ``find`` is deterministic and prefix-stable; puzzles and positions round-trip."""

from __future__ import annotations

import json

import numpy as np
import pytest

from gamewidgets.domino import Game, Play
from gamewidgets.puzzles import Puzzle, generate
from gamewidgets.puzzles import domino as puzzles_domino

KIND = puzzles_domino.KINDS["open-hands"]
COUNT = 12


def result_key(game: Game, player: int) -> tuple[int, int]:
    """The finished hand's result for ``player``: (signed points, 1 won / 0 drawn / -1 lost)."""
    outcome = game.outcome()
    assert outcome is not None
    if outcome.winner is None:
        return (0, 0)
    sign = 1 if outcome.winner == player else -1
    return (sign * outcome.points, sign)


def minimax(game: Game, player: int) -> tuple[int, int]:
    """The hand's result for ``player`` when both sides play their best from ``game``."""
    if game.is_over:
        return result_key(game, player)
    results = []
    for move in game.legal_moves():
        game.play(move)
        results.append(minimax(game, player))
        game.undo()
    return max(results) if game.turn == player else min(results)


def prove_open_hands(puzzle: Puzzle) -> None:
    """The answer is the one legal play with the best result against any defence, and
    the solution is a line of best play by both sides to the end of the hand."""
    game = puzzle.game
    player = game.turn
    moves = game.legal_moves()
    assert len(moves) >= 2 and all(isinstance(m, Play) for m in moves)
    assert puzzle.answer in moves
    results = {}
    for move in moves:
        game.play(move)
        results[move] = minimax(game, player)
        game.undo()
    best = results[puzzle.answer]
    assert all(value < best for move, value in results.items() if move != puzzle.answer), results
    assert best[0] == puzzle.facts["value"]
    assert max(v for m, v in results.items() if m != puzzle.answer)[0] == puzzle.facts["second"]
    assert (best[1] > 0) == puzzle.facts["wins"]
    # the solution: every move legal and best for the side that makes it, to the end
    line = puzzle.game
    for move in puzzle.solution:
        assert move in line.legal_moves()
        line.play(move)
        assert minimax(line, player) == best
    assert line.is_over and result_key(line, player) == best


@pytest.fixture(scope="module")
def found():
    return KIND.find(np.random.default_rng(7), COUNT)


def test_generated_puzzles_are_proved_again(found):
    assert len(found) == COUNT
    for puzzle in found:
        prove_open_hands(puzzle)


def test_check_the_answer_and_every_other_play(found):
    for puzzle in found:
        game = puzzle.game
        verdict = puzzle.check(puzzle.answer)
        assert verdict.correct and verdict.reason
        assert verdict.line == puzzle.solution[1:]
        player = game.turn
        for move in game.legal_moves():
            if move == puzzle.answer:
                continue
            verdict = puzzle.check(move)
            assert not verdict.correct and verdict.reason and verdict.line
            # the refuting line is legal, goes to the end and gives what the play is worth
            line = game.copy()
            line.play(move)
            for reply in verdict.line:
                line.play(reply)
            assert line.is_over
            after = game.copy()
            after.play(move)
            assert result_key(line, player) == minimax(after, player)
        assert puzzle.check(str(puzzle.answer)).correct  # its text too


def test_check_refuses_what_is_no_legal_move(found):
    from gamewidgets.domino import Draw, Pass

    puzzle = found[0]
    game = puzzle.game
    held = game.hands[game.turn]
    ends = game.ends
    misfit = [Play(t, "left") for t in held if ends[0] not in t]
    other = game.hands[1 - game.turn][0]
    for move in [Draw(), Pass(), Play(other, "left"), *misfit[:1]]:
        verdict = puzzle.check(move)
        assert not verdict.correct and "not a legal move" in verdict.reason


def test_hint_names_no_answer(found):
    for puzzle in found:
        hint = puzzle.hint()
        assert hint and str(puzzle.answer) not in hint


def test_find_is_deterministic_and_prefix_stable(found):
    again = KIND.find(np.random.default_rng(7), COUNT)
    assert [p.to_dict() for p in again] == [p.to_dict() for p in found]
    prefix = KIND.find(np.random.default_rng(7), 3)
    assert [p.to_dict() for p in prefix] == [p.to_dict() for p in found[:3]]
    keys = [json.dumps(p.position["position"], sort_keys=True) for p in found]
    assert len(set(keys)) == len(keys)


def test_generate_through_the_package():
    puzzles = generate("domino", count=2, seed=3)
    assert [p.kind for p in puzzles] == ["open-hands"] * 2
    assert [p.to_dict() for p in puzzles] == [p.to_dict() for p in generate("domino", count=2, seed=3)]


def test_round_trips(found):
    for puzzle in found:
        text = json.dumps(puzzle.to_dict())
        back = Puzzle.from_dict(json.loads(text))
        assert back.to_dict() == puzzle.to_dict()
        assert back.solution == puzzle.solution
        game = back.game
        stored = puzzle.position["position"]
        assert [[list(t) for t in h] for h in game.hands] == stored["hands"]
        assert [list(p) for p in game.line] == stored["line"]
        assert [list(t) for t in game.boneyard] == stored["boneyard"]
        assert game.turn == stored["turn"] and game.passes == stored["passes"]
        assert Game.from_dict(json.loads(json.dumps(game.to_dict()))) == game
        assert 800 <= puzzle.rating <= 2000 and puzzle.prompt


def test_puzzles_are_late_and_small(found):
    for puzzle in found:
        game = puzzle.game
        assert len(game.hands[0]) + len(game.hands[1]) + len(game.boneyard) <= puzzles_domino.IN_PLAY
        assert puzzle.facts["tree"] <= puzzles_domino.TREE_LIMIT
