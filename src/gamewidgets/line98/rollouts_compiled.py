"""The rollouts' turn compiled with numba (the ``fast`` extra): the same turns as
:meth:`.rollouts.Rollouts.step`, several times faster.

:meth:`~gamewidgets.line98.rollouts.Rollouts.step` uses it where numba is installed
(``pip install "gamewidgets[fast]"``); without numba the numpy turn plays. Both make
the same moves from the same random numbers, so a master's decision does not depend on
which one played its rollouts, only how long it took: the policy adds and compares
whole numbers only (the order of its sums cannot change a result), a move's key is
unique (its cells are in it), and every random number is drawn once a turn, before
either plays it (:class:`~gamewidgets.line98.rollouts.Draws`). A test plays both on
the same boards and compares every array after every turn.

The first turn in a fresh environment compiles it (about ten seconds on a laptop's
core), once: numba keeps the machine code in its cache (``__pycache__`` beside this
file, or its own cache folder where that is read-only).

Here a board is played one at a time, as a person would: its regions of free cells by
flood fill, the moves of each ball to the free cells of the regions next to it, the
best few kept as they are found, window sums and lines changed only where a ball
came or went.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .expert import _CELL_WINDOWS, _FULL, _NEIGHBOURS, CELLS, CODE, WINDOWS
from .rollouts import (
    _ADD,
    _NO_MOVE,
    _REMOVE,
    _SCALED,
    _SCALED_DISPLACED,
    _SCALED_LINE,
    _SHARED,
    _WINDOW_COLOUR,
    _WINDOW_COUNT,
    NOISE_BITS,
    PAIR_BITS,
    POLICY_CANDIDATES,
    Draws,
    Rollouts,
)
from .rules import COLOURS, LINE, PREVIEWS, points

_NONE = len(WINDOWS)  # the padding of _CELL_WINDOWS and _SHARED: no window
_SHORT = 2 * POLICY_CANDIDATES
_WORTH_SHIFT = NOISE_BITS + PAIR_BITS
_PAIR_TOP = (1 << PAIR_BITS) - 1
_KINDS = len(COLOURS)
#: the tables indexed by a window's sum (whether it is full; its colour * 6 + its count,
#: as ``_WINDOW_COLOUR`` and ``_WINDOW_COUNT`` have them; its line value) and the shared
#: windows of two cells: too big for numba to cache compiled code holding them, so
#: passed to every call
_TABLES = (_FULL, (_WINDOW_COLOUR.astype(np.int16) * (LINE + 1) + _WINDOW_COUNT).astype(np.int8),
           _SCALED_LINE, _SHARED)

_EMPTY, _HOLE, _POINTS = int(_SCALED.empty), int(_SCALED.hole), int(_SCALED.points)
_UNKNOWN, _LOST = int(_SCALED.unknown), int(_SCALED.lost)
_CODE = CODE.astype(np.int64)
#: the points of a clearing event of n balls (the rules' ``points``), n = 0..81
_POINTS_OF = points(np.arange(CELLS + 1)).astype(np.int64)


@njit(cache=True)
def _put(board, sums, cell, colour):  # pragma: no cover - compiled
    """A ball of ``colour`` on ``cell`` (0: takes the ball off), the window sums kept."""
    change = _CODE[colour] - _CODE[board[cell]]
    board[cell] = colour
    for j in range(_CELL_WINDOWS.shape[1]):
        w = _CELL_WINDOWS[cell, j]
        if w == _NONE:
            break
        sums[w] += change


@njit(cache=True)
def _clear(board, sums, through, count, marked, full):  # pragma: no cover - compiled
    """Clears the lines of five or more through the first ``count`` cells of
    ``through``; returns the balls cleared (one clearing event). ``marked``: 81 False,
    left so."""
    balls = 0
    for i in range(count):
        cell = through[i]
        for j in range(_CELL_WINDOWS.shape[1]):
            w = _CELL_WINDOWS[cell, j]
            if w == _NONE:
                break
            if full[sums[w]]:
                for k in range(LINE):
                    x = WINDOWS[w, k]
                    if not marked[x]:
                        marked[x] = True
                        balls += 1
    if balls:
        for x in range(CELLS):
            if marked[x]:
                marked[x] = False
                _put(board, sums, x, 0)
    return balls


@njit(cache=True)
def _value(board, sums, base, previews, colours, source, target, b, s, marked, through,
           tables):  # pragma: no cover - compiled
    """The policy's valuation of ``source -> target`` (``_turn_values``), worked on the
    scratch board ``b`` and sums ``s``; ``base``: the board's line value and balls."""
    b[:] = board
    s[:] = sums
    colour = b[source]
    _put(b, s, source, 0)
    _put(b, s, target, colour)
    full, line_value = tables[0], tables[2]
    through[0] = target
    cleared = _clear(b, s, through, 1, marked, full)
    gained = _POINTS_OF[cleared]
    quiet = gained == 0 or cleared == base[1]
    landed = 0
    shown = 0
    for k in range(PREVIEWS):
        cell = previews[k]
        if cell < CELLS:
            through[shown] = cell
            shown += 1
            if cell == target:
                landed += 1
            elif colours[k] != 0:
                _put(b, s, cell, colours[k])
    if quiet:
        gained += _POINTS_OF[_clear(b, s, through, shown, marked, full)]
    free = 0
    holes = 0
    for x in range(CELLS):
        if b[x] == 0:
            free += 1
            walled = 1
            for k in range(_NEIGHBOURS.shape[1]):
                y = _NEIGHBOURS[x, k]
                if y < CELLS and b[y] == 0:
                    walled = 0
                    break
            holes += walled
    if free == 0:
        return _LOST
    lines = base[0]  # the board's, changed where a window's sum changed
    for w in range(_NONE):
        if s[w] != sums[w]:
            lines += np.int64(line_value[s[w]]) - line_value[sums[w]]
    return (_EMPTY * free + lines - _HOLE * holes + _POINTS * gained - _UNKNOWN * quiet
            - _SCALED_DISPLACED * landed)


@njit(cache=True)
def _policy(board, sums, previews, colours, noise, work, tables):  # pragma: no cover - compiled
    """The policy's move (``policy_moves``) on one board: (source, target)."""
    window_kind, line_value, shared = tables[1], tables[2], tables[3]
    leave = np.zeros(CELLS, dtype=np.int64)
    gain = np.zeros((CELLS, _KINDS + 1), dtype=np.int64)  # column 0: any colour (an empty window)
    moved = np.zeros(_NONE + 1, dtype=np.int64)
    lines = 0
    for w in range(_NONE):
        lines += line_value[sums[w]]
        kind, count = divmod(np.int64(window_kind[sums[w]]), LINE + 1)
        if kind > _KINDS:
            continue  # two colours: dead
        moved[w] = _ADD[count] - _REMOVE[count]
        for k in range(LINE):
            x = WINDOWS[w, k]
            leave[x] += _REMOVE[count]
            gain[x, kind] += _ADD[count]
    # regions of free cells, by flood fill
    label = np.full(CELLS, -1, dtype=np.int64)
    stack = np.empty(CELLS, dtype=np.int64)
    for start in range(CELLS):
        if board[start] != 0 or label[start] >= 0:
            continue
        label[start] = start
        top = 1
        stack[0] = start
        while top:
            top -= 1
            x = stack[top]
            for k in range(_NEIGHBOURS.shape[1]):
                y = _NEIGHBOURS[x, k]
                if y < CELLS and board[y] == 0 and label[y] < 0:
                    label[y] = start
                    stack[top] = y
                    top += 1
    # the free cells of each region, one after another (``first[r]``..: region r's)
    free_cells = np.empty(CELLS, dtype=np.int64)
    first = np.zeros(CELLS + 1, dtype=np.int64)
    for x in range(CELLS):
        if board[x] == 0:
            first[label[x] + 1] += 1
    for r in range(CELLS):
        first[r + 1] += first[r]
    filled = first[:CELLS].copy()
    for x in range(CELLS):
        if board[x] == 0:
            free_cells[filled[label[x]]] = x
            filled[label[x]] += 1
    # a move's key is its target's part (by the ball's colour) less its source's part
    target_key = np.empty((_KINDS + 1, CELLS), dtype=np.int64)
    best_in = np.full((_KINDS + 1, CELLS), _NO_MOVE, dtype=np.int64)  # [colour, region]: the best target's
    for f in range(first[CELLS]):
        target = free_cells[f]
        tie = (noise[target] << PAIR_BITS) + _PAIR_TOP - target
        for colour in range(1, _KINDS + 1):
            key = ((gain[target, colour] + gain[target, 0]) << _WORTH_SHIFT) + tie
            target_key[colour, target] = key
            best_in[colour, label[target]] = max(best_in[colour, label[target]], key)
    # the best keys, kept as they are found
    keys = np.full(_SHORT, _NO_MOVE, dtype=np.int64)
    pair = np.zeros((_SHORT, 2), dtype=np.int64)
    lowest = 0
    near = np.empty(_NEIGHBOURS.shape[1], dtype=np.int64)
    for source in range(CELLS):
        colour = board[source]
        if colour == 0:
            continue
        regions = 0
        for k in range(_NEIGHBOURS.shape[1]):
            y = _NEIGHBOURS[source, k]
            if y < CELLS and board[y] == 0:
                seen = False
                for j in range(regions):
                    seen |= near[j] == label[y]
                if not seen:
                    near[regions] = label[y]
                    regions += 1
        part = (leave[source] << _WORTH_SHIFT) + source * CELLS
        row = target_key[colour]
        for j in range(regions):
            if best_in[colour, near[j]] - part <= keys[lowest]:
                continue  # nothing in that region beats the keys kept
            for f in range(first[near[j]], first[near[j] + 1]):
                target = free_cells[f]
                key = row[target] - part
                if key > keys[lowest]:
                    keys[lowest] = key
                    pair[lowest, 0], pair[lowest, 1] = source, target
                    for k in range(_SHORT):
                        if keys[k] < keys[lowest]:
                            lowest = k
    # less what a window holding both cells was counted twice for
    for i in range(_SHORT):
        if keys[i] == _NO_MOVE:
            continue
        twice = 0
        cells = pair[i, 0] * CELLS + pair[i, 1]
        for j in range(shared.shape[1]):
            twice += moved[shared[cells, j]]
        keys[i] -= twice << _WORTH_SHIFT
    order = np.argsort(keys)[::-1][:POLICY_CANDIDATES]
    b, s, marked, through = work
    best, best_value, best_key = -1, _NO_MOVE, _NO_MOVE
    for i in order:
        if keys[i] == _NO_MOVE:
            continue
        value = _value(board, sums, (lines, CELLS - first[CELLS]), previews, colours, pair[i, 0], pair[i, 1], b, s,
                       marked, through, tables)
        if value > best_value or (value == best_value and keys[i] > best_key):
            best, best_value, best_key = i, value, keys[i]
    return pair[best, 0], pair[best, 1]


@njit(cache=True)
def _displace(board, previews, colours, slot, keys):  # pragma: no cover - compiled
    """Preview ``slot`` to the free cell of smallest key no other preview holds (none:
    dropped): ``Rollouts.displace``."""
    cell, smallest = CELLS, np.float32(2)
    for x in range(CELLS):
        if board[x] != 0:
            continue
        taken = False
        for k in range(PREVIEWS):
            if previews[k] == x:
                taken = True
        if not taken and keys[x] < smallest:
            cell, smallest = x, keys[x]
    previews[slot] = cell
    if cell == CELLS:
        colours[slot] = 0


@njit(cache=True)
def _come_in(board, sums, previews, colours, spawn, drawn, marked, through, full):  # pragma: no cover - compiled
    """The previews come in, their lines clear (the points returned), new ones are
    drawn: ``Rollouts.come_in``."""
    shown = 0
    for k in range(PREVIEWS):
        if previews[k] < CELLS and colours[k] != 0:
            _put(board, sums, previews[k], colours[k])
            through[shown] = previews[k]
            shown += 1
    gained = _POINTS_OF[_clear(board, sums, through, shown, marked, full)]
    for k in range(PREVIEWS):  # the free cells of smallest key, the first of equals first
        cell, smallest = CELLS, np.float32(2)
        for x in range(CELLS):
            if board[x] != 0 or spawn[x] >= smallest:
                continue
            chosen = False
            for j in range(k):
                if previews[j] == x:
                    chosen = True
            if not chosen:
                cell, smallest = x, spawn[x]
        previews[k] = cell
        colours[k] = drawn[k] if cell < CELLS else 0
    return gained


@njit(cache=True)
def _step(boards, sums, previews, colours, points, moves, alive, stream, noise, displace, spawn, drawn,
          tables):  # pragma: no cover - compiled
    """One turn on every live board: ``Rollouts.step``."""
    b = np.empty(CELLS, dtype=boards.dtype)
    s = np.empty(_NONE, dtype=sums.dtype)
    marked = np.zeros(CELLS, dtype=np.bool_)
    through = np.empty(CELLS, dtype=np.int64)
    work = (b, s, marked, through)
    for i in range(len(boards)):
        if not alive[i]:
            continue
        r = stream[i]
        board, sum_i, shown, kinds = boards[i], sums[i], previews[i], colours[i]
        source, target = _policy(board, sum_i, shown, kinds, noise[r], work, tables)
        colour = board[source]
        _put(board, sum_i, source, 0)
        _put(board, sum_i, target, colour)
        through[0] = target
        gained = _POINTS_OF[_clear(board, sum_i, through, 1, marked, tables[0])]
        for k in range(PREVIEWS):
            if shown[k] == target:
                _displace(board, shown, kinds, k, displace[r])
                break
        points[i] += gained
        moves[i] += 1
        balls = 0
        for x in range(CELLS):
            balls += board[x] != 0
        if gained == 0 or balls == 0:
            points[i] += _come_in(board, sum_i, shown, kinds, spawn[r], drawn[r], marked, through, tables[0])
        free = False
        for x in range(CELLS):
            if board[x] == 0:
                free = True
        alive[i] = free


def step(rollouts: Rollouts, drawn: Draws) -> None:
    """One turn on every live board of ``rollouts`` with the turn's random numbers."""
    _step(rollouts.boards, rollouts.sums, rollouts.previews, rollouts.colours, rollouts.points, rollouts.moves,
          rollouts.alive, rollouts.stream, drawn.noise, drawn.displace, drawn.spawn, drawn.colours, _TABLES)


__all__ = ["step"]
