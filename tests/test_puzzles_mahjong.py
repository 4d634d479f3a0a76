"""Mahjong Connect puzzles (``only-safe-pair``): each generated puzzle proved again by a
brute force of its own — the connection rule written out from the rule book (a path of
at most three straight segments through empty cells and the ring around the grid),
matching from the tile codes, and a plain depth-first search over every removable
pair with a table of positions known dead — then ``check``'s verdicts, the hint, and
``find``'s determinism and prefix stability."""

from __future__ import annotations

import dataclasses
import json
from functools import cache
from itertools import pairwise

import numpy as np
import pytest

from gamewidgets import puzzles
from gamewidgets.mahjong.rules import Game, Move
from gamewidgets.puzzles import Puzzle
from gamewidgets.puzzles.mahjong import OnlySafePair

Cell = tuple[int, int]
Board = tuple[tuple[str, ...], ...]  # tile codes, "" for an empty cell
#: the most positions the brute force may visit for one puzzle
BRUTE_LIMIT = 200_000


def board_of(game: Game) -> Board:
    return tuple(tuple(game[(r, c)] or "" for c in range(game.shape[1])) for r in range(game.shape[0]))


def match(x: str, y: str) -> bool:
    """The rule book: identical tiles match; any flower any flower, any season any season."""
    return bool(x) and bool(y) and (x == y or (x[0] in "FS" and x[0] == y[0] and x[1].isdigit() and y[1].isdigit()))


def free(board: Board, cell: Cell) -> bool:
    """An empty cell of the grid, or a cell of the empty ring around it."""
    r, c = cell
    if r < 0 or c < 0 or r >= len(board) or c >= len(board[0]):
        return True
    return not board[r][c]


def segment(p: Cell, q: Cell) -> list[Cell]:
    """The cells of the straight segment p..q, both ends included."""
    (r0, c0), (r1, c1) = p, q
    dr, dc = (r1 > r0) - (r1 < r0), (c1 > c0) - (c1 < c0)
    return [(r0 + dr * i, c0 + dc * i) for i in range(max(abs(r1 - r0), abs(c1 - c0)) + 1)]


def connects(board: Board, a: Cell, b: Cell) -> bool:
    """Can a and b be joined by at most three straight segments through empty cells?
    Every such path is a -> (a's row, k) -> (b's row, k) -> b, or the same through a row
    k, for k over the grid and its ring: each is tried, cell by cell."""
    rows, cols = len(board), len(board[0])
    corners = [[a, (a[0], k), (b[0], k), b] for k in range(-1, cols + 1)]
    corners += [[a, (k, a[1]), (k, b[1]), b] for k in range(-1, rows + 1)]
    for path in corners:
        cells = {cell for p, q in pairwise(path) for cell in segment(p, q)} - {a, b}
        if all(free(board, cell) for cell in cells):
            return True
    return False


def removable(board: Board) -> list[tuple[Cell, Cell]]:
    tiles = [(r, c) for r, row in enumerate(board) for c, t in enumerate(row) if t]
    return [(a, b) for i, a in enumerate(tiles) for b in tiles[i + 1:]
            if match(board[a[0]][a[1]], board[b[0]][b[1]]) and connects(board, a, b)]


def without(board: Board, pair: tuple[Cell, Cell]) -> Board:
    rows = [list(row) for row in board]
    for r, c in pair:
        rows[r][c] = ""
    return tuple(tuple(row) for row in rows)


class Brute:
    """A depth-first search over every removable pair; ``dead`` holds the positions
    proved not to clear (the memo, keyed on the grid), ``visited`` counts positions."""

    def __init__(self) -> None:
        self.dead: set[Board] = set()
        self.visited = 0

    def clear(self, board: Board) -> list[tuple[Cell, Cell]] | None:
        """A clearing sequence of ``board``, or None when none exists (exhaustive)."""
        if not any(any(row) for row in board):
            return []
        if board in self.dead:
            return None
        self.visited += 1
        assert self.visited <= BRUTE_LIMIT, "the brute force ran past its limit"
        for pair in removable(board):
            rest = self.clear(without(board, pair))
            if rest is not None:
                return [pair, *rest]
        self.dead.add(board)
        return None


def prove_only_safe_pair(puzzle: Puzzle) -> None:
    """The puzzle's condition, proved by the brute force: at least two removable pairs;
    the solution clears the board move by move; after every other removable pair no
    sequence clears it (exhaustive search)."""
    game = puzzle.game
    board = board_of(game)
    pairs = removable(board)
    assert len(pairs) >= 2, "a puzzle has a choice of pairs"
    assert sorted(pairs) == sorted((m.a, m.b) for m in game.legal_moves()), "the rules' removable pairs"
    answer = (puzzle.answer.a, puzzle.answer.b)
    assert answer in pairs
    here = board  # the solution, checked step by step by this file's rules
    for move in puzzle.solution:
        assert (move.a, move.b) in removable(here), f"{move} is not removable in the solution"
        here = without(here, (move.a, move.b))
    assert not any(any(row) for row in here), "the solution clears the board"
    brute = Brute()
    for pair in pairs:
        if pair != answer:
            assert brute.clear(without(board, pair)) is None, f"{pair} is not a dead end"


@cache
def generated(seed: int, count: int) -> tuple[Puzzle, ...]:
    return tuple(OnlySafePair().find(np.random.default_rng(seed), count))


def test_connects_agrees_with_the_rules() -> None:
    """The file's connection rule and the game's agree on random boards (the brute force
    is only as good as it)."""
    rng = np.random.default_rng(5)
    for _ in range(30):
        grid = np.where(rng.random((4, 6)) < 0.55, 1, 0)
        game = Game.from_grid([["D1" if t else None for t in row] for row in grid])
        board = board_of(game)
        cells = [(int(r), int(c)) for r, c in np.argwhere(grid)]
        for i, a in enumerate(cells):
            for b in cells[i + 1:]:
                assert connects(board, a, b) == (game.connection(a, b) is not None), (a, b, str(game))


def test_generated_puzzles_are_proved_again() -> None:
    found = generated(1, 6)
    assert len(found) == 6
    for puzzle in found:
        prove_only_safe_pair(puzzle)


#: a small puzzle (from the generator, seed 0): the green dragons are the safe pair;
#: the 5s of dots on (5, 2) and (5, 5) leave the 5s and 7s of dots crossed in a square
SMALL = """
.  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
.  D7 D5 DG .  .  .  .  .  .  .  .  .  .  .  .  .  .
DG D5 D7 .  .  WS .  .  .  .  .  .  .  .  .  .  .  .
.  WS D5 .  .  D5 .  .  .  .  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
"""


def test_a_hand_made_puzzle() -> None:
    """The brute force on a board written out here, and ``check`` on a puzzle made from
    it by hand (not by ``find``)."""
    game = Game.from_grid(SMALL, scoring="standard")
    board = board_of(game)
    assert sorted(removable(board)) == [((3, 3), (4, 0)), ((5, 2), (5, 5))]
    brute = Brute()
    assert brute.clear(without(board, ((5, 2), (5, 5)))) is None
    rest = brute.clear(without(board, ((3, 3), (4, 0))))
    assert rest is not None
    solution = tuple(Move(a, b) for a, b in [((3, 3), (4, 0)), *rest])
    puzzle = Puzzle(game_name="mahjong", kind="only-safe-pair", position=game.to_dict(), prompt="find it",
                    solution=solution, rating=1000)
    prove_only_safe_pair(puzzle)
    assert puzzle.check("(3, 3)+(4, 0)").correct
    wrong = puzzle.check({"a": [5, 5], "b": [5, 2]})
    assert not wrong.correct
    assert "7 of dots" in wrong.reason and "cannot be joined" in wrong.reason
    assert "5 of dots on (5, 2) and (5, 5)" in wrong.reason
    assert "top left" in puzzle.hint()  # the green dragons are the only pair of their kind: a region


def test_check_and_hint() -> None:
    kind = OnlySafePair()
    for puzzle in generated(1, 6):
        verdict = puzzle.check(puzzle.answer)
        assert verdict.correct and "can be cleared" in verdict.reason
        assert verdict.line == puzzle.solution[1:]
        assert puzzle.check(str(puzzle.answer)).correct
        game = puzzle.game
        for move in game.legal_moves():
            if move == puzzle.answer:
                continue
            verdict = kind.check(puzzle, move)
            assert not verdict.correct
            assert verdict.reason.startswith("after removing") and "no sequence clears the board" in verdict.reason
            # the refuting line is played out to a locked board
            trial = puzzle.game
            trial.play(move)
            for step in verdict.line:
                trial.play(step)
            assert trial.stuck
        hint = puzzle.hint()
        assert hint and str(puzzle.answer) not in hint
        empty = next((r, c) for r in range(game.shape[0]) for c in range(game.shape[1]) if game[(r, c)] is None)
        wrong = kind.check(puzzle, Move(empty, puzzle.answer.b))
        assert not wrong.correct and "not a pair you can remove" in wrong.reason


def test_the_position_is_plain() -> None:
    for puzzle in generated(1, 6):
        position = puzzle.position
        assert position["history"] == [] and position["hints"] == 0 and position["seconds"] == 0
        assert position["scoring"] == "standard"
        game = puzzle.game
        assert game.score == 0 and not game.moves and game.shape == (8, 18)
        assert puzzle.facts["pairs"] == len(game.legal_moves()) >= 2
        assert 800 <= puzzle.rating <= 2000


def test_round_trip() -> None:
    for puzzle in generated(1, 6):
        data = json.loads(json.dumps(puzzle.to_dict()))
        again = Puzzle.from_dict(data)
        assert again.to_dict() == puzzle.to_dict()
        assert again.game == puzzle.game
        assert again.check(again.answer).correct


def test_find_is_deterministic_and_prefix_stable() -> None:
    long = generated(1, 6)
    short = OnlySafePair().find(np.random.default_rng(1), 3)
    assert [p.to_dict() for p in short] == [p.to_dict() for p in long[:3]]
    positions = [json.dumps(p.position["grid"]) for p in long]
    assert len(set(positions)) == len(positions)


def test_generate_and_kinds() -> None:
    assert list(puzzles.kinds("mahjong")) == ["only-safe-pair"]
    made = puzzles.generate("mahjong", count=2, seed=4)
    again = puzzles.generate("mahjong", count=2, seed=4)
    assert [p.to_dict() for p in made] == [p.to_dict() for p in again]
    for puzzle in made:
        assert puzzle.kind == "only-safe-pair" and puzzle.game_name == "mahjong"
        prove_only_safe_pair(puzzle)


def test_a_tampered_answer_fails_the_proof() -> None:
    """The prover is not a rubber stamp: a dead-end pair given as the answer is caught."""
    puzzle = generated(1, 6)[0]
    other = next(m for m in puzzle.game.legal_moves() if m != puzzle.answer)
    fake = dataclasses.replace(puzzle, solution=(other, *puzzle.solution[1:]))
    with pytest.raises(AssertionError):
        prove_only_safe_pair(fake)
