"""Mahjong Connect puzzles: ``only-safe-pair``.

**The kind.** Of the pairs that can be removed now, exactly one leaves a board that
can still be cleared; every other removable pair is a dead end (after it, no order of
removals clears the board). There are at least two removable pairs. Find the safe one.

**Proved, not sampled.** For the answer a full clearing sequence is found (it is the
puzzle's ``solution``: the answer, then the rest); for every other removable pair the
exhaustive search of :func:`gamewidgets.mahjong.deal.solve` proves that no clearing
sequence exists after it. Each search has a budget (``REFUTE_NODES`` positions); a
pair whose verdict is not known within it disqualifies the position (it is skipped,
deterministically: the budget counts positions, not seconds). Known clearing
sequences are tried first, bent around the pair (:func:`~gamewidgets.mahjong.deal.pair_safety`
with no search of its own): most safe pairs are found that way for nothing.

**Where the positions come from** (a choice: the issue is silent). Mid-game positions
of the game's own seeded deals almost never are puzzles of this kind: with the ring
around the board and two turns, a pair of an ordinary position is a dead end very
rarely (measured: in about 1,450 positions of 48 seeded deals, played by random pairs,
by random safe pairs, by "peeling" the board towards a point, or steering to the fewest
removable pairs, a dead-end pair turned up in 11 positions and a puzzle of this kind
in one). Dead ends come from tight knots — two kinds whose last tiles
cross each other in a 2×2 square, a tile walled in by the tiles it must wait for — and
those live in dense clusters. So each puzzle game is a **compact layout** on the
game's own 8×18 board, drawn from ``rng``: a block of 3–6 rows and 3–10 columns (at
most ``MAX_TILES`` tiles; a few holes now and then) placed anywhere on the board,
filled with pairs of tile kinds of the real set (some kinds with four tiles, some with
two; flowers and seasons as their groups) in random order. A layout is kept when the
solver clears it within its budget. It is then played by random safe pairs (pairs
after which the board can still be cleared, drawn from the layout's generator): before
each removal the position is examined, and the first position that is a puzzle is
taken (at most one per layout, so the puzzles of a set differ). Every layout draws
from its own generator, seeded from ``rng`` (``facts["layout_seed"]``; with
``facts["ply"]`` anyone can make the position again). Positions already found are
skipped. ``find`` walks the layouts in order and stops at ``count``: deterministic and
prefix-stable.

**The position** is a plain game on the layout (``Game(seed=layout_seed,
grid=..., scoring="standard")``): no history, no hints, no time on the clock, and
"standard" scoring (a puzzle is not timed). The grid is the full 8×18 board, so the
ring around it is the game's own.

**Rating** (an integer, 800 easiest … 2000 hardest)::

    rating = 800 + 10 * (tiles - 8) + 110 * (pairs - 2) + 55 * longest + 50 * log2(nodes)

clipped to 800..2000, where ``tiles`` is the tiles on the board, ``pairs`` the
removable pairs (the answer and its distractors), ``longest`` the most pairs a player
can still remove after the most deceptive dead-end pair before the board locks (how
long a wrong choice looks fine; :func:`longest_line`, within ``LONGEST_NODES``
positions), and ``nodes`` the positions the solver searched to refute all the other
pairs together (its search trees, forced pairs included: the size of the proof). All
four are in ``facts``.

**check.** The answer: correct, "removing the 3 of dots on (2, 4) and (4, 4) leaves a
board that can be cleared, e.g. ...", with the rest of the clearing sequence as
``line``. Another removable pair: wrong, "after this pair, no sequence clears the
board: ..." with the longest line of removals still possible after it (``line``: the
best try) and which tiles are then left locked and what stands in their way. A move
that is not a removable pair: wrong, saying why not (the game's own reason).

**hint.** When the answer's kind has another removable pair (or four tiles left), its
kind ("the safe pair is one of the red dragons"); otherwise the region of the cluster
it lies in ("look at the top left of the tiles").
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from ..errors import IllegalMove
from ..mahjong.connect import connected, route_in_the_way
from ..mahjong.deal import SAFE, Pair, SearchLimit, pair_safety, removable_pairs, solve
from ..mahjong.rules import Game, Move
from ..mahjong.tiles import NAMES, TILE, match_group
from ..search import SearchTree
from ..untrusted import short_repr
from . import Puzzle, PuzzleError, Verdict

__all__ = ["KINDS", "OnlySafePair"]

ROWS, COLS = 8, 18
#: the most positions the solver may search to clear a layout, or to settle one pair
SOLVE_NODES, REFUTE_NODES = 20_000, 20_000
#: the most positions the search for a wrong pair's longest line looks at (check's reason)
LONGEST_NODES = 4_000
#: the layouts: rows and columns of the block (inclusive), the most tiles on it
BLOCK_ROWS, BLOCK_COLS, MAX_TILES = (3, 6), (3, 10), 48
MIN_TILES = 6
#: the regular kinds (four tiles each in the set), and the two groups of four different tiles
REGULAR = tuple(range(1, TILE["F1"]))
FLOWERS = tuple(TILE[f"F{n}"] for n in range(1, 5))
SEASONS = tuple(TILE[f"S{n}"] for n in range(1, 5))


def _layout(rng: np.random.Generator) -> np.ndarray:
    """A compact layout on the 8×18 board (see the module docstring)."""
    while True:
        rows = int(rng.integers(BLOCK_ROWS[0], BLOCK_ROWS[1] + 1))
        cols = int(rng.integers(BLOCK_COLS[0], BLOCK_COLS[1] + 1))
        if MIN_TILES <= rows * cols <= MAX_TILES + 1:
            break
    holes = float(rng.choice([0.0, 0.0, 0.0, 0.08]))
    top, left = int(rng.integers(0, ROWS - rows + 1)), int(rng.integers(0, COLS - cols + 1))
    cells = [(top + r, left + c) for r in range(rows) for c in range(cols) if rng.random() >= holes]
    cells = cells[: len(cells) - len(cells) % 2]
    pairs = len(cells) // 2
    fours = int(rng.binomial(pairs // 2, float(rng.uniform(0.25, 0.75))))  # kinds with four tiles
    twos = pairs - 2 * fours
    groups: list[int | tuple[int, ...]] = [*REGULAR, FLOWERS, SEASONS]
    chosen = rng.permutation(len(groups))[: fours + twos]
    tiles: list[int] = []
    for index, group in enumerate(chosen):
        kind = groups[int(group)]
        copies = 4 if index < fours else 2
        if isinstance(kind, tuple):  # flowers or seasons: different tiles of one group
            tiles.extend(int(t) for t in rng.permutation(kind)[:copies])
        else:
            tiles.extend([kind] * copies)
    grid = np.zeros((ROWS, COLS), dtype=np.int8)
    for cell, tile in zip(cells, rng.permutation(tiles), strict=True):
        grid[cell] = tile
    return grid


def _after(grid: np.ndarray, pair: Pair) -> np.ndarray:
    after = grid.copy()
    after[pair[0]] = after[pair[1]] = 0
    return after


def _examine(grid: np.ndarray, solution: list[Pair]) -> tuple[list[tuple[Pair, list[Pair]]], dict[str, Any] | None]:
    """The position's removable pairs known safe without a search (each with the rest
    of a clearing sequence), and, when the position is a puzzle, what proves it: the
    answer, its sequence, the dead pairs and the positions searched to refute them."""
    pairs = removable_pairs(grid)
    known = [solution]
    safe: list[tuple[Pair, list[Pair]]] = []
    open_pairs: list[Pair] = []
    for pair in pairs:  # first without a search: known sequences bent around the pair
        verdict, rest = pair_safety(grid, pair, known, max_nodes=0)
        if verdict == SAFE and rest is not None:
            safe.append((pair, rest))
        else:
            open_pairs.append(pair)
    if len(pairs) < 2 or len(safe) > 1:
        return safe, None
    found = list(safe)
    dead: list[Pair] = []
    nodes = 0
    for pair in open_pairs:
        after = _after(grid, pair)
        tree = SearchTree(Game(grid=after, seed=0), budget=REFUTE_NODES + 1)
        try:
            rest = solve(after, max_nodes=REFUTE_NODES, tree=tree)
        except SearchLimit:
            return safe, None  # not known: the position is skipped
        if rest is not None:
            found.append((pair, rest))
            if len(found) > 1:
                return safe, None
        else:
            dead.append(pair)
            nodes += len(tree)
    if len(found) != 1:
        return safe, None
    return safe, {"answer": found[0][0], "rest": found[0][1], "dead": dead, "nodes": nodes}


def _lone_pairs(grid: np.ndarray) -> list[Pair]:
    """Remove, in place, pairs that are the last two tiles of their kind and connect
    now (no line loses anything by taking them first: removals only open paths)."""
    removed: list[Pair] = []
    progress = True
    while progress:
        progress = False
        cells = np.argwhere(grid)
        if not len(cells):
            break
        groups = match_group(grid[cells[:, 0], cells[:, 1]])
        for group in np.unique(groups):
            members = cells[groups == group]
            if len(members) == 2 and connected(grid, members[:1], members[1:])[0]:
                a, b = (int(members[0, 0]), int(members[0, 1])), (int(members[1, 0]), int(members[1, 1]))
                grid[a] = grid[b] = 0
                removed.append((a, b))
                progress = True
    return removed


def longest_line(grid: np.ndarray, budget: int = LONGEST_NODES) -> list[Pair]:
    """The most pairs that can be removed one after the other from ``grid`` (for a
    dead end: how far a player gets before the board locks), by a search of at most
    ``budget`` positions; past it, the longest found, finished greedily (so the line
    always ends where no pair can be removed)."""
    best_from: dict[bytes, list[Pair]] = {}
    nodes = 0

    def walk(grid: np.ndarray) -> list[Pair]:
        nonlocal nodes
        grid = grid.copy()
        line = _lone_pairs(grid)
        key = grid.tobytes()
        if key in best_from:
            return line + best_from[key]
        nodes += 1
        best: list[Pair] = []
        for pair in removable_pairs(grid):
            if nodes > budget:
                break
            rest = [pair, *walk(_after(grid, pair))]
            if len(rest) > len(best):
                best = rest
        best_from[key] = best
        return line + best

    line = walk(np.asarray(grid, dtype=np.int8))
    end = np.asarray(grid, dtype=np.int8).copy()
    for a, b in line:
        end[a] = end[b] = 0
    while True:  # a search cut by its budget may stop short of a locked board
        pairs = removable_pairs(end)
        if not pairs:
            return line
        line.append(pairs[0])
        end = _after(end, pairs[0])


def _cell(cell: tuple[int, int]) -> str:
    return f"({cell[0]}, {cell[1]})"


def _pair_words(grid: np.ndarray, a: tuple[int, int], b: tuple[int, int]) -> str:
    """``the 3 of dots on (2, 4) and (4, 4)`` (or two names, for flowers and seasons)."""
    ta, tb = int(grid[a]), int(grid[b])
    if ta == tb:
        return f"the {NAMES[ta]} on {_cell(a)} and {_cell(b)}"
    return f"the {NAMES[ta]} on {_cell(a)} and the {NAMES[tb]} on {_cell(b)}"


def _kind_words(tile: int) -> str:
    group = int(match_group(tile))
    if group == TILE["F1"]:
        return "flowers"
    if group == TILE["S1"]:
        return "seasons"
    name = NAMES[tile]
    return name.replace(" of ", "s of ", 1) if " of " in name else f"{name}s"


def _locked(grid: np.ndarray) -> str:
    """What keeps the tiles of a locked board apart, in words (at most three kinds)."""
    cells = [(int(r), int(c)) for r, c in np.argwhere(grid)]
    by_group: dict[int, list[tuple[int, int]]] = {}
    for cell in cells:
        by_group.setdefault(int(match_group(grid[cell])), []).append(cell)
    parts = []
    for members in list(by_group.values())[:3]:
        best: tuple[int, tuple[int, int], tuple[int, int], list[tuple[int, int]]] | None = None
        for i, a in enumerate(members):
            for b in members[i + 1:]:
                in_the_way = route_in_the_way(grid, a, b)[1]
                if best is None or len(in_the_way) < best[0]:
                    best = (len(in_the_way), a, b, in_the_way)
        if best is None:
            continue
        _, a, b, in_the_way = best
        blockers = ", ".join(f"the {NAMES[int(grid[c])]} on {_cell(c)}" for c in in_the_way[:3])
        more = f" and {len(in_the_way) - 3} more" if len(in_the_way) > 3 else ""
        parts.append(f"{_pair_words(grid, a, b)} cannot be joined ({blockers}{more} in the way)")
    left = len(by_group) - len(parts)
    tail = f"; and {left} more kind{'s' if left > 1 else ''}" if left > 0 else ""
    return "; ".join(parts) + tail


def _region(grid: np.ndarray, pair: Pair) -> str:
    """Where ``pair`` lies in the block of tiles: "top left", "right", "middle", ..."""
    cells = np.argwhere(grid)
    (top, left), (bottom, right) = cells.min(axis=0), cells.max(axis=0)
    row = (pair[0][0] + pair[1][0]) / 2
    col = (pair[0][1] + pair[1][1]) / 2

    def third(x: float, low: int, high: int, words: tuple[str, str, str]) -> str:
        if high == low:
            return ""
        t = (x - low) / (high - low)
        return words[0] if t < 1 / 3 else words[2] if t > 2 / 3 else words[1]

    vertical = third(row, int(top), int(bottom), ("top", "", "bottom"))
    horizontal = third(col, int(left), int(right), ("left", "", "right"))
    return " ".join(w for w in (vertical, horizontal) if w) or "middle"


class OnlySafePair:
    """Of the removable pairs exactly one leaves a board that can still be cleared."""

    game = "mahjong"
    name = "only-safe-pair"
    description = "Of the pairs you can remove, only one leaves a board that can still be cleared: find it."

    def find(self, rng: np.random.Generator, count: int) -> list[Puzzle]:
        """``count`` puzzles from compact layouts drawn with ``rng``, each proved."""
        found: list[Puzzle] = []
        seen: set[bytes] = set()
        layout = 0
        while len(found) < count:
            layout += 1
            layout_seed = int(rng.integers(2**53))  # a whole number a browser keeps exactly
            puzzle = self._from_layout(layout_seed, layout, seen)
            if puzzle is not None:
                found.append(puzzle)
        return found

    def _from_layout(self, layout_seed: int, layout: int, seen: set[bytes]) -> Puzzle | None:
        """The first puzzle met while playing layout ``layout_seed`` by random safe pairs."""
        rng = np.random.default_rng(layout_seed)
        grid = _layout(rng)
        try:
            solution = solve(grid, max_nodes=SOLVE_NODES)
        except SearchLimit:
            return None
        if solution is None:
            return None
        ply = 0
        while grid.any():
            safe, proof = _examine(grid, solution)
            if proof is not None and grid.tobytes() not in seen:
                seen.add(grid.tobytes())
                return self._puzzle(grid, proof, layout_seed, layout, ply)
            pair, solution = safe[int(rng.integers(len(safe)))]
            grid = _after(grid, pair)
            ply += 1
        return None

    def _puzzle(self, grid: np.ndarray, proof: dict[str, Any], layout_seed: int, layout: int, ply: int) -> Puzzle:
        game = Game(seed=layout_seed, grid=grid, scoring="standard")
        dead: list[Pair] = proof["dead"]
        longest = max(len(longest_line(_after(grid, pair))) for pair in dead)
        tiles, pairs, nodes = game.tiles_left, len(dead) + 1, int(proof["nodes"])
        rating = 800 + 10 * (tiles - 8) + 110 * (pairs - 2) + 55 * longest + 50 * math.log2(max(nodes, 1))
        solution = tuple(Move(a, b) for a, b in [proof["answer"], *proof["rest"]])
        prompt = (f"Of the {pairs} pairs you can remove now, only one leaves a board that can still be cleared; "
                  f"every other pair locks it. Find the safe pair.")
        facts = {"layout_seed": layout_seed, "layout": layout, "ply": ply, "tiles": tiles, "pairs": pairs,
                 "longest": longest, "nodes": nodes}
        return Puzzle(game_name=self.game, kind=self.name, position=game.to_dict(), prompt=prompt,
                      solution=solution, rating=int(min(2000, max(800, round(rating)))), facts=facts)

    def check(self, puzzle: Puzzle, move: Any) -> Verdict:
        """The answer: correct, with the rest of a clearing sequence; another removable
        pair: wrong, with the longest line still possible after it and what is left locked."""
        game = puzzle.game
        if not isinstance(move, Move):
            try:
                move = puzzle.move(move)
            except (PuzzleError, IllegalMove) as exc:
                return Verdict(move, False, f"{short_repr(move)} is not a pair you can remove here: {exc}")
        why = game.why_not(move)
        if why is not None:
            return Verdict(move, False, f"{move} is not a pair you can remove here: {why}")
        words = _pair_words(game.grid, move.a, move.b)
        if move == puzzle.answer:
            rest = puzzle.solution[1:]
            shown = ", ".join(str(m) for m in rest[:4]) + (", ..." if len(rest) > 4 else "")
            reason = (f"removing {words} leaves a board that can be cleared, e.g. {shown} "
                      f"({len(rest)} more pair{'s' if len(rest) != 1 else ''}); every other pair locks the board")
            return Verdict(move, True, reason, rest)
        after = _after(game.grid, (move.a, move.b))
        line = longest_line(after)
        end = after.copy()
        for a, b in line:
            end[a] = end[b] = 0
        if line:
            steps = ", ".join(str(Move(a, b)) for a, b in line[:4]) + (", ..." if len(line) > 4 else "")
            went = (f"at best {len(line)} more pair{'s' if len(line) != 1 else ''} can go ({steps}), "
                    f"and then {int(np.count_nonzero(end))} tiles are left locked: ")
        else:
            went = "no pair can be removed right after it: "
        reason = f"after removing {words}, no sequence clears the board: {went}{_locked(end)}"
        return Verdict(move, False, reason, tuple(Move(a, b) for a, b in line))

    def hint(self, puzzle: Puzzle) -> str:
        """The answer's kind when that still leaves a choice, else its region."""
        grid = puzzle.game.grid
        answer = puzzle.answer
        tile = int(grid[answer.a])
        group = match_group(tile)
        same_kind = [m for m in puzzle.game.legal_moves() if match_group(int(grid[m.a])) == group]
        left = int(np.count_nonzero(match_group(grid[grid != 0]) == group))
        if len(same_kind) > 1 or left > 2:
            return (f"The safe pair is one of the {_kind_words(tile)}: which two of them, and what does "
                    f"each other pair leave behind?")
        return (f"Look at the {_region(grid, (answer.a, answer.b))} of the tiles: which pair there keeps "
                f"the board open?")


KINDS = {kind.name: kind for kind in (OnlySafePair(),)}
