"""The connection rule of Mahjong Connect, for many pairs at once.

Two tiles connect when a path of at most three straight segments (two turns) joins
them through empty cells, along rows and columns; the path may run along the empty
ring around the grid. Every such path is ``a -> (a's row or column, k) -> (b's row or
column, k) -> b`` for some column (or row) ``k`` of the grid with its ring, so a pair
is checked by testing each ``k`` — three segment counts, each two look-ups in prefix
sums of the occupied cells. All pairs and all ``k`` are tested together with numpy.

Paths are given by their corner points, endpoints included; cells of the outer ring
have row -1 or ``rows``, column -1 or ``cols``. Of all connecting paths the one with
the fewest turns, then the shortest, then the smallest ``k`` is returned.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from itertools import pairwise

import numpy as np
import numpy.typing as npt

Cell = tuple[int, int]
#: tiles on a segment: (line, low end, high end), all arrays (broadcast together)
Count = Callable[[np.ndarray, np.ndarray, np.ndarray], np.ndarray]


class Occupancy:
    """Prefix sums of a grid's occupied cells (ring included), for segment counts."""

    def __init__(self, grid: np.ndarray):
        rows, cols = grid.shape
        padded = np.zeros((rows + 2, cols + 2), dtype=np.int32)
        padded[1:-1, 1:-1] = grid != 0
        self.rows, self.cols = rows, cols
        self.by_row = np.zeros((rows + 2, cols + 3), dtype=np.int32)  # [r, c]: tiles in row r before c
        self.by_row[:, 1:] = padded.cumsum(axis=1)
        self.by_col = np.zeros((rows + 3, cols + 2), dtype=np.int32)  # [r, c]: tiles in column c above r
        self.by_col[1:, :] = padded.cumsum(axis=0)

    def row_count(self, r: np.ndarray, lo: np.ndarray, hi: np.ndarray) -> np.ndarray:
        return self.by_row[r, hi + 1] - self.by_row[r, lo]

    def col_count(self, c: np.ndarray, lo: np.ndarray, hi: np.ndarray) -> np.ndarray:
        return self.by_col[hi + 1, c] - self.by_col[lo, c]


def _route(count_along: Count, count_across: Count, ar: np.ndarray, ac: np.ndarray, br: np.ndarray, bc: np.ndarray,
           k: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Pairs x ks: is ``a -> (ar, k) -> (br, k) -> b`` free (segments along rows, then
    across in column k, then along row br)? Also its turns and length. ``count_along``
    counts a row segment, ``count_across`` a column segment (swap them, and the
    coordinates, for the route through a row k)."""
    ar, ac, br, bc = (x[:, None] for x in (ar, ac, br, bc))
    lo1, hi1 = np.minimum(ac, k), np.maximum(ac, k)
    lo2, hi2 = np.minimum(ar, br), np.maximum(ar, br)
    lo3, hi3 = np.minimum(k, bc), np.maximum(k, bc)
    same_line = ar == br
    first = count_along(ar, lo1, hi1) - 1 - (same_line & (lo1 <= bc) & (bc <= hi1))
    middle = count_across(k, lo2, hi2) - (k == ac) - (k == bc)
    last = count_along(br, lo3, hi3) - 1 - (same_line & (lo3 <= ac) & (ac <= hi3))
    free = (first == 0) & (middle == 0) & (last == 0)
    turns = np.where(same_line, 0, (k != ac).astype(int) + (k != bc))
    length = np.abs(ac - k) + np.abs(ar - br) + np.abs(k - bc)
    return free, turns, length


def _costs(occ: Occupancy, a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Per pair: the cheapest free route through a column and through a row (cost =
    turns * 1000 + length, BLOCKED when none) and the k of each."""
    ar, ac, br, bc = a[:, 0] + 1, a[:, 1] + 1, b[:, 0] + 1, b[:, 1] + 1  # padded coordinates
    # through a column k: along a's row, down column k, along b's row
    free_c, turns_c, length_c = _route(occ.row_count, occ.col_count, ar, ac, br, bc,
                                       np.arange(occ.cols + 2)[None, :])
    # through a row k: the same with rows and columns swapped
    free_r, turns_r, length_r = _route(occ.col_count, occ.row_count, ac, ar, bc, br,
                                       np.arange(occ.rows + 2)[None, :])
    cost_c = np.where(free_c, turns_c * 1000 + length_c, BLOCKED)
    cost_r = np.where(free_r, turns_r * 1000 + length_r, BLOCKED)
    best_c, best_r = cost_c.argmin(axis=1), cost_r.argmin(axis=1)
    index = np.arange(len(a))
    return cost_c[index, best_c], best_c - 1, cost_r[index, best_r], best_r - 1


BLOCKED = 1 << 20


def connected(grid: np.ndarray, a: npt.ArrayLike, b: npt.ArrayLike, occupancy: Occupancy | None = None) -> np.ndarray:
    """For each pair ``(a[i], b[i])`` (``(n, 2)`` arrays of (row, col)): can the two
    cells be joined with at most two turns? Whether the tiles match is not checked."""
    a = np.asarray(a, dtype=np.int64).reshape(-1, 2)
    b = np.asarray(b, dtype=np.int64).reshape(-1, 2)
    if not len(a):
        return np.zeros(0, dtype=bool)
    low_c, _, low_r, _ = _costs(occupancy or Occupancy(grid), a, b)
    return np.minimum(low_c, low_r) < BLOCKED


def find_paths(grid: np.ndarray, a: npt.ArrayLike, b: npt.ArrayLike,
               occupancy: Occupancy | None = None) -> list[list[Cell] | None]:
    """For each pair ``(a[i], b[i])``: the corner points of the best connecting path
    with at most two turns, or None. Whether the tiles match is not checked here."""
    a = np.asarray(a, dtype=np.int64).reshape(-1, 2)
    b = np.asarray(b, dtype=np.int64).reshape(-1, 2)
    if not len(a):
        return []
    low_c, k_c, low_r, k_r = _costs(occupancy or Occupancy(grid), a, b)
    paths: list[list[Cell] | None] = []
    for i in range(len(a)):
        if min(low_c[i], low_r[i]) >= BLOCKED:
            paths.append(None)
            continue
        (r1, c1), (r2, c2) = (int(a[i, 0]), int(a[i, 1])), (int(b[i, 0]), int(b[i, 1]))
        if low_c[i] <= low_r[i]:
            k = int(k_c[i])
            corners = [(r1, c1), (r1, k), (r2, k), (r2, c2)]
        else:
            k = int(k_r[i])
            corners = [(r1, c1), (k, c1), (k, c2), (r2, c2)]
        paths.append(_simplify(corners))
    return paths


def find_path(grid: np.ndarray, a: Cell, b: Cell) -> list[Cell] | None:
    """The corner points of a path joining tiles ``a`` and ``b``, or None."""
    return find_paths(grid, np.array([a]), np.array([b]))[0]


def _simplify(points: list[Cell]) -> list[Cell]:
    """Drop repeated points and points in the middle of a straight run."""
    out: list[Cell] = []
    for point in points:
        if out and out[-1] == point:
            continue
        if len(out) >= 2:
            (r0, c0), (r1, c1) = out[-2], out[-1]
            if (r0 == r1 == point[0]) or (c0 == c1 == point[1]):
                out[-1] = point
                continue
        out.append(point)
    return out


def fewest_turns(grid: np.ndarray, a: Cell, b: Cell) -> int | None:
    """The fewest turns of any path of empty cells (ring included) joining ``a`` and
    ``b``, however many; None when the tiles are walled apart. A search of its own,
    independent of the numpy test above: it says *why* a pair does not connect."""
    rows, cols = grid.shape
    free = np.ones((rows + 2, cols + 2), dtype=bool)
    free[1:-1, 1:-1] = grid == 0
    start, goal = (a[0] + 1, a[1] + 1), (b[0] + 1, b[1] + 1)
    steps = ((0, 1), (1, 0), (0, -1), (-1, 0))
    best: dict[tuple[Cell, int], int] = {}
    queue = deque((start, d, 0) for d in range(4))  # 0-1 breadth-first search on turns
    while queue:
        (r, c), d, turns = queue.popleft()
        nr, nc = r + steps[d][0], c + steps[d][1]
        if not (0 <= nr < rows + 2 and 0 <= nc < cols + 2):
            continue
        if (nr, nc) == goal:
            return turns
        if not free[nr, nc] or best.get(((nr, nc), d), 1 << 30) <= turns:
            continue
        best[((nr, nc), d)] = turns
        for nd in range(4):
            if nd == d:
                queue.appendleft(((nr, nc), nd, turns))
            elif (nd + 2) % 4 != d:
                queue.append(((nr, nc), nd, turns + 1))
    return None


def route_in_the_way(grid: np.ndarray, a: Cell, b: Cell) -> tuple[list[Cell], list[Cell]]:
    """The route of at most two turns from ``a`` to ``b`` with the fewest tiles in its
    way (then the fewest turns, then the shortest), as ``(corners, tiles in the way)``;
    no tiles in the way: the two connect by it. What a teacher shows for a pair that
    does not connect: these tiles have to go first. Ring cells are allowed, as for a
    connection; whether the tiles match is not checked."""
    rows, cols = grid.shape
    occupied = {(r, c) for r, c in zip(*np.nonzero(grid), strict=True)}
    (ar, ac), (br, bc) = a, b
    best: tuple[int, int, int, list[Cell], list[Cell]] | None = None
    routes = [[(ar, ac), (ar, k), (br, k), (br, bc)] for k in range(-1, cols + 1)]
    routes += [[(ar, ac), (k, ac), (k, bc), (br, bc)] for k in range(-1, rows + 1)]
    for route in routes:
        corners = _simplify(route)
        cells: list[Cell] = []
        for (r0, c0), (r1, c1) in pairwise(corners):
            dr, dc = (r1 > r0) - (r1 < r0), (c1 > c0) - (c1 < c0)
            steps = max(abs(r1 - r0), abs(c1 - c0))
            cells += [(int(r0 + dr * i), int(c0 + dc * i)) for i in range(1, steps + 1)]
        in_the_way = sorted({cell for cell in cells if cell in occupied and cell not in (a, b)})
        key = (len(in_the_way), len(corners) - 2, len(cells))
        if best is None or key < best[:3]:
            best = (*key, corners, in_the_way)
    assert best is not None
    return best[3], best[4]
