"""Solvable deals, solvable shuffles, and the solver of Mahjong Connect.

**Deals and shuffles are solvable by construction.** First a *clearing order* of the
cells is drawn: pairs of cells removed one after the other, each pair connected (at
most two turns) in the grid that is left at its turn, as if every tile matched every
other (:func:`clearing_order`). Then the tiles are dealt onto that order two matching
tiles per pair. Removing the pairs in that order clears the grid, so the deal is
solvable; a shuffle does the same on the cells still occupied, with the tiles still
there. A clearing order that gets stuck (no two cells left connect) is abandoned and
drawn again from the same random stream, so a seed always gives the same deal. The
partner of each cell is drawn with weight distance³ among the cells it connects to:
uniform partners would put matching tiles side by side far more often than chance
does (measured: 35 removable pairs on a fresh deal against 13 for a random layout; 27
with the weighting).

**The solver** (:func:`solve`) is a depth-first search over removable pairs with a
table of positions already found dead, and two moves it never has to branch on,
because removing tiles only ever opens paths: a kind with only two tiles left that can
be removed, and a kind with four tiles left that can be removed completely, two pairs
in a row. It returns a full clearing sequence, or None when it has proved there is
none; past ``max_nodes`` positions it gives up with :class:`SearchLimit`. The solver as
a computer player (``Solver``, ``choose`` / ``analyse``) is in
:mod:`gamewidgets.mahjong.players`.

**Layout size.** A layout from outside — ``Game(grid=...)``, ``Game.from_grid``, a
save, ``gamewidgets mahjong pairs --grid`` — is at most as large as the game's board,
8×18, either way round: at most ``MAX_SIDE`` (18) cells on a side and ``MAX_CELLS``
(144) cells in all (:func:`check_layout_size`). Every such layout is answered in well
under a second (the worst, 8×18 of one kind of tile, about 0.2 s for every pair and
its path); finding paths grows fast past it (a 60×60 grid took 30–50 s).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from typing import TYPE_CHECKING, Any

import numpy as np

from ..errors import GameError
from .connect import Occupancy, connected
from .tiles import full_set, match_group

if TYPE_CHECKING:
    from ..search import SearchTree

ROWS, COLS = 8, 18
#: the largest layout accepted from outside: the board, either way round (see the module docstring)
MAX_SIDE, MAX_CELLS = max(ROWS, COLS), ROWS * COLS
Cell = tuple[int, int]
Pair = tuple[Cell, Cell]


class SearchLimit(GameError):
    """The solver looked at ``max_nodes`` positions without an answer."""


def check_layout_size(rows: int, cols: int) -> None:
    """ValueError unless a layout of ``rows`` × ``cols`` fits the limit: at most
    ``MAX_SIDE`` on a side and ``MAX_CELLS`` cells (the game's board, either way round)."""
    if rows > MAX_SIDE or cols > MAX_SIDE or rows * cols > MAX_CELLS:
        raise ValueError(f"a layout is at most as large as the board ({ROWS}×{COLS}, either way round): at most "
                         f"{MAX_SIDE} rows, {MAX_SIDE} columns and {MAX_CELLS} cells, not {rows}×{cols}")


def clearing_order(occupied: np.ndarray, rng: np.random.Generator, attempts: int = 100) -> list[Pair]:
    """Pairs of the occupied cells (a boolean grid), in an order that clears them all
    with every pair connected at its turn, every tile treated as matching."""
    for _ in range(attempts):
        order = _try_clearing_order(occupied.astype(np.int8), rng)
        if order is not None:
            return order
    raise GameError(f"no clearing order found in {attempts} attempts")


def _try_clearing_order(grid: np.ndarray, rng: np.random.Generator) -> list[Pair] | None:
    order: list[Pair] = []
    cells: list[Cell] = [(int(c[0]), int(c[1])) for c in np.argwhere(grid)]
    while cells:
        occupancy = Occupancy(grid)
        candidates = np.array(cells)
        for first in rng.permutation(len(cells)):
            others = np.delete(candidates, first, axis=0)
            ok = np.flatnonzero(connected(grid, np.repeat(candidates[first : first + 1], len(others), 0),
                                          others, occupancy))
            if len(ok):
                # prefer far partners: nearby ones would leave many matching neighbours
                weight = np.abs(others[ok] - candidates[first]).sum(axis=1).astype(float) ** 3
                partner = others[ok[rng.choice(len(ok), p=weight / weight.sum())]]
                a, b = cells[first], (int(partner[0]), int(partner[1]))
                break
        else:
            return None
        grid[a] = grid[b] = 0
        cells.remove(a)
        cells.remove(b)
        order.append((a, b))
    return order


def deal_onto(order: list[Pair], tiles: list[int], shape: tuple[int, int], rng: np.random.Generator) -> np.ndarray:
    """Put ``tiles`` on the cells of ``order``, two matching tiles on each pair."""
    groups: dict[int, list[int]] = {}
    for tile in tiles:
        groups.setdefault(int(match_group(tile)), []).append(tile)
    pairs: list[tuple[int, int]] = []
    for group in sorted(groups):
        members = [groups[group][i] for i in rng.permutation(len(groups[group]))]
        if len(members) % 2:
            raise ValueError(f"an odd number of tiles match tile {group}: they cannot all be paired")
        pairs.extend(zip(members[0::2], members[1::2], strict=True))  # an even number
    if len(pairs) != len(order):
        raise ValueError(f"{len(pairs)} pairs of tiles for {len(order)} pairs of cells")
    grid = np.zeros(shape, dtype=np.int8)
    for (a, b), index in zip(order, rng.permutation(len(pairs)), strict=True):
        grid[a], grid[b] = pairs[index]
    return grid


def new_deal(rng: np.random.Generator, rows: int = ROWS, cols: int = COLS) -> np.ndarray:
    """A full grid of the 144 tiles that can be cleared completely."""
    if rows * cols != 144:
        raise ValueError(f"144 tiles need a grid of 144 cells, not {rows}x{cols}")
    order = clearing_order(np.ones((rows, cols), dtype=bool), rng)
    return deal_onto(order, full_set(), (rows, cols), rng)


def shuffled(grid: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """The same tiles on the same occupied cells, rearranged so that they can be
    cleared completely."""
    occupied = grid != 0
    order = clearing_order(occupied, rng)
    return deal_onto(order, [int(t) for t in grid[occupied]], grid.shape, rng)


# ------------------------------------------------------------------ all pairs
def removable_pairs(grid: np.ndarray) -> list[Pair]:
    """Every pair of matching tiles that can be connected now, each once, in board
    order of the first tile, then the second."""
    cells = np.argwhere(grid)
    if len(cells) < 2:
        return []
    groups = match_group(grid[cells[:, 0], cells[:, 1]])
    order = np.argsort(groups, kind="stable")
    bounds = np.flatnonzero(np.diff(groups[order])) + 1
    firsts, seconds = [], []
    for members in np.split(order, bounds):
        for i, j in combinations(members, 2):
            firsts.append(i)
            seconds.append(j)
    if not firsts:
        return []
    a, b = cells[firsts], cells[seconds]
    ok = connected(grid, a, b)
    pairs = [((int(x[0]), int(x[1])), (int(y[0]), int(y[1]))) for x, y in zip(a[ok], b[ok], strict=True)]
    return sorted(pairs)


# --------------------------------------------------------------------- solver
def solve(grid: np.ndarray, max_nodes: int = 200_000, tree: SearchTree | None = None,
          move_of: Callable[[Pair], Any] = lambda pair: pair) -> list[Pair] | None:
    """A sequence of pairs that clears ``grid`` completely, or None when there is
    none (proved by exhausting the search). :class:`SearchLimit` past ``max_nodes``.

    ``tree``: record the search in it (a :class:`~gamewidgets.search.SearchTree` of
    ``grid``'s position, its moves ``move_of(pair)``): a node for every position
    searched, in the order searched: a forced pair is a node of kind "forced"; a
    position found dead before is a "transposition"; one whose every pair failed a
    "dead end"; the cleared grid "terminal". A node's score is 1 when the grid can be
    cleared from it (it is on the way to the sequence found), -1 when it cannot (proved);
    nodes still open when the search gave up have none."""
    dead: set[bytes] = set()
    nodes = 0

    def search(grid: np.ndarray) -> list[Pair] | None:
        nonlocal nodes
        nodes += 1
        if nodes > max_nodes:
            raise SearchLimit(f"no answer after {max_nodes} positions")
        grid = grid.copy()
        forced = _remove_forced(grid)
        if tree is not None:
            for pair in forced:
                tree.enter(move_of(pair), kind="forced")
        answer: list[Pair] | None = None
        if not grid.any():
            answer, kind = forced, "terminal"
        elif grid.tobytes() in dead:
            kind = "transposition"
        else:
            kind = "dead end"
            for a, b in removable_pairs(grid):
                child = grid.copy()
                child[a] = child[b] = 0
                if tree is not None:
                    tree.enter(move_of((a, b)))
                rest = search(child)
                if tree is not None:
                    tree.leave(score=-1.0 if rest is None else 1.0)
                if rest is not None:
                    answer, kind = [*forced, (a, b), *rest], "search"
                    break
            if answer is None:
                dead.add(grid.tobytes())
        if tree is not None:
            score = -1.0 if answer is None else 1.0
            here = tree.current  # this position: after the forced pairs
            if here is not None:  # (a forced pair that leads on stays "forced")
                tree.update(here, kind="forced" if here.kind == "forced" and kind == "search" else kind, score=score)
            for _ in forced:  # back up the chain of forced pairs, each as good as where it led
                tree.leave(score=score)
        return answer

    answer = search(np.asarray(grid, dtype=np.int8))
    if tree is not None:  # the root's own verdict (a search that gave up leaves it open)
        tree.update(tree.root, score=-1.0 if answer is None else 1.0)
    return answer


SAFE, DEAD_END, UNKNOWN = "safe", "dead end", "unknown"
#: a pair's safety as the number of the solver's ``safe`` term
SAFETY_TERM = {SAFE: 1, UNKNOWN: 0, DEAD_END: -1}


def pair_safety(grid: np.ndarray, pair: Pair, solutions: Sequence[list[Pair]] = (),
                max_nodes: int = 2_000) -> tuple[str, list[Pair] | None]:
    """Can ``grid`` still be cleared once removable ``pair`` is removed? ``(SAFE, the
    rest of a clearing sequence)``, ``(DEAD_END, None)`` (proved: no sequence clears
    it) or ``(UNKNOWN, None)`` (no answer within ``max_nodes`` positions).

    Known clearing sequences of ``grid`` (``solutions``) are tried first, each bent
    around the pair (:func:`_bent_solution`); only when none holds is the position
    searched."""
    after = np.asarray(grid, dtype=np.int8).copy()
    after[pair[0]] = after[pair[1]] = 0
    for solution in solutions:
        bent = _bent_solution(after, solution, pair)
        if bent is not None:
            return SAFE, bent
    try:
        rest = solve(after, max_nodes=max_nodes)
    except SearchLimit:
        return UNKNOWN, None
    return (SAFE, rest) if rest is not None else (DEAD_END, None)


def _bent_solution(after: np.ndarray, solution: list[Pair], pair: Pair) -> list[Pair] | None:
    """``solution`` (of the grid before ``pair`` went; ``after`` is the grid without
    it) bent around the pair, if it still clears: its steps in order without the
    pair's two tiles; when they were paired with other tiles in it, those two partners
    (they match each other) go together where the later of them went.

    Removing tiles only opens paths, so a step needs checking only while the bent
    sequence keeps a tile the solution had already removed: the earlier partner,
    between its own step and the later partner's. Every other step of the bent
    sequence sees a subset of the tiles the solution saw there."""
    gone = set(pair)
    grid = after.copy()
    bent: list[Pair] = []
    waiting: Cell | None = None  # the earlier partner, still on the board
    for a, b in solution:
        if {a, b} == gone:
            continue
        if a in gone or b in gone:
            partner = b if a in gone else a
            if waiting is None:
                waiting = partner
                continue
            a, b, waiting = waiting, partner, None  # the two partners, together
        elif waiting is None:
            grid[a] = grid[b] = 0  # a subset of what the solution saw: connected
            bent.append((a, b))
            continue
        if not connected(grid, [a], [b])[0]:
            return None
        grid[a] = grid[b] = 0
        bent.append((a, b))
    return bent if waiting is None and not grid.any() else None


def _remove_forced(grid: np.ndarray) -> list[Pair]:
    """Remove, in place, the pairs no search needs to branch on; return them."""
    removed: list[Pair] = []
    progress = True
    while progress and grid.any():
        progress = False
        cells = np.argwhere(grid)
        groups = match_group(grid[cells[:, 0], cells[:, 1]])
        pairs = removable_pairs(grid)
        by_group: dict[int, list[Pair]] = {}
        for a, b in pairs:
            by_group.setdefault(int(match_group(grid[a])), []).append((a, b))
        for group, group_pairs in by_group.items():
            left = int((groups == group).sum())
            if left == 2:
                chosen = [group_pairs[0]]
            elif left == 4:
                chosen = _both_pairs(grid, group_pairs, cells[groups == group])
            else:
                chosen = []
            for a, b in chosen:
                if grid[a] and grid[b]:
                    grid[a] = grid[b] = 0
                    removed.append((a, b))
                    progress = True
    return removed


def _both_pairs(grid: np.ndarray, pairs: list[Pair], members: np.ndarray) -> list[Pair]:
    """Two pairs clearing a kind of four tiles now, one after the other, if any."""
    all_cells = {(int(c[0]), int(c[1])) for c in members}
    for a, b in pairs:
        c, d = sorted(all_cells - {a, b})
        trial = grid.copy()
        trial[a] = trial[b] = 0
        if connected(trial, [c], [d])[0]:
            return [(a, b), (c, d)]
    return []
