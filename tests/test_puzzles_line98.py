"""Line 98 puzzles (``best-clear``): each generated puzzle proved again by a brute force
of its own (a flood fill for the reachable cells, every line found by scanning the
board after the move, the spec's scoring table), ``check``'s verdicts, hints, and
``find``'s determinism and prefix stability."""

from __future__ import annotations

import dataclasses
import json
from collections import deque
from typing import Any

import numpy as np
import pytest

from gamewidgets import puzzles
from gamewidgets.line98.rules import COLOURS, Game, Move
from gamewidgets.puzzles import Puzzle
from gamewidgets.puzzles.line98 import BestClear

SIZE = 9
# the rule book's table (shared/spec/line98.md, Scoring), and its formula beyond 9 balls
SPEC_POINTS = {5: 10, 6: 12, 7: 18, 8: 28, 9: 42}


def spec_points(balls: int) -> int:
    if balls < 5:
        return 0
    return SPEC_POINTS.get(balls, 2 * balls * balls - 20 * balls + 60)


def reachable(board: list[list[int]], source: tuple[int, int]) -> set[tuple[int, int]]:
    """The empty cells a ball on ``source`` can go to, by a flood fill of the empty cells."""
    seen = {source}
    todo = deque([source])
    while todo:
        r, c = todo.popleft()
        for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= nr < SIZE and 0 <= nc < SIZE and (nr, nc) not in seen and board[nr][nc] == 0:
                seen.add((nr, nc))
                todo.append((nr, nc))
    return seen - {source}


def runs(board: list[list[int]]) -> list[list[tuple[int, int]]]:
    """Every maximal run of 5+ balls of one colour on ``board``, in the 4 directions,
    found by walking each line of the board from its start."""
    found = []
    for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
        for r in range(SIZE):
            for c in range(SIZE):
                colour = board[r][c]
                pr, pc = r - dr, c - dc
                if not colour or (0 <= pr < SIZE and 0 <= pc < SIZE and board[pr][pc] == colour):
                    continue  # empty, or not the start of its run
                cells = []
                rr, cc = r, c
                while 0 <= rr < SIZE and 0 <= cc < SIZE and board[rr][cc] == colour:
                    cells.append((rr, cc))
                    rr, cc = rr + dr, cc + dc
                if len(cells) >= 5:
                    found.append(cells)
    return found


def points_now(board: list[list[int]], source: tuple[int, int], target: tuple[int, int]) -> int:
    """The points of moving the ball on ``source`` to ``target``: the lines through the moved
    ball, pooled (a cell counted once), by the spec's table."""
    after = [row[:] for row in board]
    after[target[0]][target[1]], after[source[0]][source[1]] = after[source[0]][source[1]], 0
    cleared = {cell for cells in runs(after) if target in cells for cell in cells}
    return spec_points(len(cleared))


def all_points(puzzle: Puzzle) -> dict[tuple[tuple[int, int], tuple[int, int]], int]:
    board = [list(row) for row in puzzle.position["position"]["board"]]
    return {((r, c), target): points_now(board, (r, c), target)
            for r in range(SIZE) for c in range(SIZE) if board[r][c]
            for target in reachable(board, (r, c))}


def prove_best_clear(puzzle: Puzzle) -> None:
    """``puzzle`` is a ``best-clear`` puzzle: exactly one legal move scores the most points
    now, more than 0, and it is the answer; and playing any legal move on the puzzle's
    game changes the score by exactly that move's points (no preview scores)."""
    assert puzzle.game_name == "line98" and puzzle.kind == "best-clear"
    scores = all_points(puzzle)
    game = puzzle.game
    assert not game.moves and game.score == 0
    assert set(scores) == {(m.source, m.target) for m in game.legal_moves()}
    best = max(scores.values())
    assert best > 0
    answer = puzzle.answer
    assert [move for move, score in scores.items() if score == best] == [(answer.source, answer.target)]
    assert len(puzzle.solution) == 1
    for (source, target), score in scores.items():
        copy = game.copy()
        copy.play(Move(source, target))
        assert copy.score - game.score == score, (source, target)


@pytest.fixture(scope="module")
def found() -> list[Puzzle]:
    return BestClear().find(np.random.default_rng(5), 4)


def test_generated_puzzles_are_proved(found: list[Puzzle]) -> None:
    assert len(found) == 4
    for puzzle in found:
        prove_best_clear(puzzle)
        assert 800 <= puzzle.rating <= 2000
        assert puzzle.facts["points"] == max(all_points(puzzle).values())
        assert {"seed", "player", "ply", "steps", "turns", "scoring_moves"} <= set(puzzle.facts)


def test_find_is_deterministic_and_prefix_stable(found: list[Puzzle]) -> None:
    again = BestClear().find(np.random.default_rng(5), 2)
    assert [p.to_dict() for p in again] == [p.to_dict() for p in found[:2]]
    keys = {json.dumps(p.position["position"]["board"]) + json.dumps(p.position["position"]["previews"])
            for p in found}
    assert len(keys) == len(found)


def test_position_is_what_the_player_sees(found: list[Puzzle]) -> None:
    """No history, score 0, and a random stream that is not the real game's."""
    for puzzle in found:
        position = puzzle.position
        assert position["history"] == [] and position["moves"] == []
        assert position["position"]["score"] == 0
        real = Game(seed=puzzle.facts["seed"])
        assert position["seed"] != real.seed


def test_round_trip(found: list[Puzzle]) -> None:
    for puzzle in found:
        data = json.loads(json.dumps(puzzle.to_dict()))
        back = Puzzle.from_dict(data)
        assert back.to_dict() == puzzle.to_dict()
        assert back.game == puzzle.game
        assert back.answer == puzzle.answer
        prove_best_clear(back)


def test_check_answer_and_every_other_move(found: list[Puzzle]) -> None:
    for puzzle in found[:2]:
        verdict = puzzle.check(puzzle.answer)
        assert verdict.correct and verdict.line == ()
        colour = COLOURS[puzzle.game.board[puzzle.answer.source] - 1]
        assert f"{puzzle.facts['points']} points" in verdict.reason and colour in verdict.reason
        assert puzzle.check(str(puzzle.answer)).correct
        assert puzzle.check(puzzle.answer.to_dict()).correct
        scores = all_points(puzzle)
        best = scores[(puzzle.answer.source, puzzle.answer.target)]
        for move in puzzle.game.legal_moves():
            if move == puzzle.answer:
                continue
            verdict = puzzle.check(move)
            assert not verdict.correct and verdict.reason
            score = scores[(move.source, move.target)]
            assert f"{score} points" in verdict.reason and f"{best - score} fewer" in verdict.reason


def test_check_illegal_moves(found: list[Puzzle]) -> None:
    puzzle = found[0]
    board = puzzle.game.board
    balls = [(r, c) for r in range(SIZE) for c in range(SIZE) if board[r, c]]
    empty = [(r, c) for r in range(SIZE) for c in range(SIZE) if not board[r, c]]
    verdict = puzzle.check(Move(empty[0], empty[1]))
    assert not verdict.correct and "not a legal move" in verdict.reason and "no ball" in verdict.reason
    verdict = puzzle.check(Move(balls[0], balls[1]))
    assert not verdict.correct and "already holds a ball" in verdict.reason
    # a ball walled in: its cell's neighbours all hold balls, and one empty cell to aim at
    walled = Game.from_text("""
        R B . . . . . . .
        B . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        G G G G . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
    """)
    lonely = dataclasses.replace(puzzle, position=walled.to_dict(), solution=(Move((0, 1), (4, 4)),))
    verdict = lonely.check(Move((0, 0), (0, 5)))
    assert not verdict.correct and "cannot reach" in verdict.reason


def test_check_reasons_name_the_lines() -> None:
    """A position made by hand: a cross of 9 (42 points) against a plain five (10)."""
    game = Game.from_text("""
        . . . . R . . . .
        . . . . R . . . .
        . . . . R . . . .
        . . . . R . . . .
        R R R R . . . . .
        . . . . . . . . .
        B B B . . . . . .
        . . . . . . . . .
        g . b . y . . . R
    """, seed=1)
    # the red ball on (8, 8) completes row 4 and column 4 at once on (4, 4); a red ball of one
    # line completes the other line alone
    answer = Move((8, 8), (4, 4))
    puzzle = Puzzle(game_name="line98", kind="best-clear", position=game.to_dict(), prompt="p",
                    solution=(answer,), rating=800)
    assert max(all_points(puzzle).values()) == 42
    prove_best_clear(puzzle)
    verdict = puzzle.check(answer)
    assert verdict.correct and "42 points" in verdict.reason and "row 4" in verdict.reason
    assert "column 4" in verdict.reason and "9 balls" in verdict.reason
    verdict = puzzle.check(Move((0, 4), (4, 4)))  # the top ball of the column completes only the row
    assert not verdict.correct and "10 points, 32 fewer" in verdict.reason and "row 4" in verdict.reason
    verdict = puzzle.check(Move((6, 0), (5, 0)))
    assert not verdict.correct and "0 points, 42 fewer" in verdict.reason
    assert BestClear().hint(puzzle) == "Move the red ball on (8, 8)."


def test_prover_rejects_a_tie() -> None:
    game = Game.from_text("""
        R R R R . . . . .
        . . . . . . . . .
        . . . . R . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        g . b . y . . . R
    """, seed=1)
    puzzle = Puzzle(game_name="line98", kind="best-clear", position=game.to_dict(), prompt="p",
                    solution=(Move((2, 4), (0, 4)),), rating=800)
    with pytest.raises(AssertionError):
        prove_best_clear(puzzle)


def test_hint_names_the_ball_not_the_target(found: list[Puzzle]) -> None:
    for puzzle in found:
        hint = puzzle.hint()
        assert str(puzzle.answer.source) in hint and str(puzzle.answer.target) not in hint
        assert COLOURS[puzzle.game.board[puzzle.answer.source] - 1] in hint


def test_generate_and_kinds() -> None:
    assert list(puzzles.kinds("line98")) == ["best-clear"]
    made: list[Any] = puzzles.generate("line98", count=1, seed=3)
    assert len(made) == 1 and made[0].kind == "best-clear"
    prove_best_clear(made[0])
