"""Many Line 98 games played on at once, with numpy (or compiled, where numba is
installed: :mod:`.rollouts_compiled`): the master's rollouts.

A :class:`Rollouts` holds ``n`` boards (each with its previews, score and moves) and
plays one turn on every live board at a time (:meth:`Rollouts.step`): each board's
move is picked by a quick policy (:func:`policy_moves`), the ball moves, its lines
clear, and on a quiet move the previews come in, their lines clear, and new ones are
drawn. The random future (a displaced preview's new cell, the previews drawn after
a spawn) is drawn from the generator the caller gives: the master's own, never the
game's. A board left with no free cell is dead (the game is lost) and plays no more.

The rules as the rule book has them, played the fast way:

- The cells a ball can reach are the free cells of the regions it touches: every
  board's regions of free cells are labelled at once (each free cell takes the
  smallest label of its neighbours, then of its label's label, until nothing changes).
- No line of five lies on a board between turns (every one is cleared the turn it is
  made), so the lines a move or a spawn completes are the windows of five cells
  through the cells it filled that are full of one colour after it; the boards'
  window sums are kept up to date move by move, not counted again.

The policy, in two steps, for every board at once, in whole numbers only (so that the
order of its sums cannot change a move, and the compiled turn of
:mod:`.rollouts_compiled` makes the very same moves):

1. **Line building, for all moves**: a move is worth what it adds to the lines of one
   colour the ball joins at its target (``POLICY_LINE[k+1] - POLICY_LINE[k]`` for each
   window of five through the target holding ``k`` balls of its colour and nothing
   else, ``POLICY_LINE[1]`` for an empty one; completing a line ``POLICY_CLEAR``), less
   what it takes from the lines it leaves (a window holding both cells keeps its
   count: it is counted neither way). Worked out per cell from the window sums, then
   for every (ball, reachable cell) pair. Between equal worths, a random number drawn
   for each target cell decides, then the cells (every move's key is unique).
2. **The expert's one-move value, for the best few** (``POLICY_CANDIDATES``): the move played
   out with its clear or the shown previews coming in, valued as
   :mod:`.expert` values a move (free cells, line potential, walled-in cells, points,
   the price of previews not yet known), its default weights times ``VALUE_SCALE``
   (whole numbers). The best of them is played; between equal values, the better key.

Every random number of a turn is drawn before it is played, a row for each stream
(:class:`Draws`: the tie-breaks, a displaced preview's cell, the new previews' cells
and colours), whichever boards need them.

It is the expert without its look-ahead, looking at a few moves instead of all: about
a tenth of a millisecond a move of a board with numpy (in batches of a hundred
boards), several times less compiled, and it survives about as long as the expert
without its look-ahead (measured: a mean of 124 moves over 256 games, the expert at
width 0 125 over 16). Valuing 4 moves instead of 8, with the time saved spent on more
rollouts (a master's budget of 1,100 against 800), made the master weaker on the first
10 games of experiment seed 5: one game lost every 838 moves against 1,169.
"""

from __future__ import annotations

import functools
import importlib.util
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from .expert import _NEIGHBOURS, CELLS, CODE, MEMBER, WINDOWS, Weights, put_balls, static_value, window_sums
from .expert import clear_lines as clear_through
from .rules import COLOURS, DIRECTIONS, LINE, PREVIEWS, SIZE, points

#: what a window of five holding k balls of one colour and nothing else is worth to the
#: policy's first step (in twentieths: the expert's line weights 0.05, 0.3, 1 and 3)
POLICY_LINE = np.array([0, 1, 6, 20, 60, 0], dtype=np.int32)
#: what completing a line is worth to it (it clears, and no balls come in)
POLICY_CLEAR = 600
#: the policy values a move in sixtieths of the expert's one-move value: every default
#: weight is then a whole number, and the policy's sums are exact (a compiled policy
#: makes the very same moves)
VALUE_SCALE = 60
_WALL = CELLS  # the label of a cell holding a ball (and of the padding cell)
#: a move's key packs its line-building worth, its target's random tie-break and its
#: cells: worth * 2**37 + noise * 2**13 + (8191 - (source * 81 + target))
NOISE_BITS, PAIR_BITS = 24, 13
_NO_MOVE = np.iinfo(np.int64).min


def _window_tables() -> tuple[np.ndarray, np.ndarray]:
    """For every window sum (see ``CODE``): its colour (0 empty, 1..7 one colour, 8 two
    or more) and its count of balls."""
    size = 6 ** len(COLOURS)
    colour = np.full(size, len(COLOURS) + 1, dtype=np.int8)
    count = np.zeros(size, dtype=np.int8)
    colour[0] = 0
    for k, code in enumerate(CODE[1:], start=1):
        colour[code * np.arange(1, LINE + 1)] = k
        count[code * np.arange(1, LINE + 1)] = np.arange(1, LINE + 1)
    return colour, count


_WINDOW_COLOUR, _WINDOW_COUNT = _window_tables()
#: what a window of k balls of one colour gains when one more joins it (completing a line: POLICY_CLEAR)
_ADD = np.append(np.diff(POLICY_LINE), 0).astype(np.int32)
_ADD[LINE - 1] = POLICY_CLEAR
#: what it loses when one of its k balls leaves
_REMOVE = np.concatenate(([0], np.diff(POLICY_LINE))).astype(np.int32)
_PAD = LINE - 1


def _direction_blocks() -> list[tuple[np.ndarray, tuple[np.ndarray, np.ndarray], int, int]]:
    """Per direction: its windows (indices into WINDOWS), their first cells' rows and
    columns, and the direction."""
    blocks = []
    for dr, dc in DIRECTIONS:
        windows = np.flatnonzero(WINDOWS[:, 1] - WINDOWS[:, 0] == dr * SIZE + dc)
        blocks.append((windows, np.divmod(WINDOWS[windows, 0], SIZE), dr, dc))
    return blocks


_BLOCKS = _direction_blocks()


def cell_sums(values: np.ndarray) -> np.ndarray:
    """``(..., 140)`` values of the windows to ``(..., 81)``: for each cell, the sum over
    the windows holding it. Shifted slices per direction, not a matrix product: BLAS
    would spread these small products over threads that only spin."""
    lead = values.shape[:-1]
    total = np.zeros((*lead, SIZE, SIZE), dtype=values.dtype)
    grid = np.zeros((*lead, SIZE + 2 * _PAD, SIZE + 2 * _PAD), dtype=values.dtype)
    for windows, (rows, cols), dr, dc in _BLOCKS:
        grid[..., rows + _PAD, cols + _PAD] = values[..., windows]
        for k in range(LINE):  # the windows starting k cells back along the direction
            r0, c0 = _PAD - k * dr, _PAD - k * dc
            total += grid[..., r0 : r0 + SIZE, c0 : c0 + SIZE]
        grid[..., rows + _PAD, cols + _PAD] = 0
    return total.reshape(*lead, CELLS)


def regions(boards: np.ndarray) -> np.ndarray:
    """Every board's regions of free cells ``(n, 81)``: each free cell labelled with the
    smallest cell index of its region, a ball ``81``."""
    n = len(boards)
    empty = boards == 0
    label = np.where(empty, np.arange(CELLS, dtype=np.int16), np.int16(_WALL))
    padded = np.full((n, CELLS + 1), _WALL, dtype=np.int16)
    while True:
        padded[:, :CELLS] = label
        smaller = np.minimum(label, padded[:, _NEIGHBOURS].min(axis=2))
        smaller[~empty] = _WALL
        padded[:, :CELLS] = smaller
        smaller = np.take_along_axis(padded, smaller.astype(np.intp), axis=1)  # a label's label
        if np.array_equal(smaller, label):
            return label
        label = smaller


def _shared_windows() -> np.ndarray:
    """``(81 * 81, 4)``: the windows holding both cell ``s`` and cell ``t`` (row ``s * 81 + t``;
    ``len(WINDOWS)``: none)."""
    shared = np.full((CELLS, CELLS, LINE - 1), len(WINDOWS), dtype=np.intp)
    filled = np.zeros((CELLS, CELLS), dtype=np.intp)
    for w, cells in enumerate(WINDOWS.tolist()):
        for s in cells:
            for t in cells:
                if s != t:
                    shared[s, t, filled[s, t]] = w
                    filled[s, t] += 1
    return shared.reshape(CELLS * CELLS, LINE - 1)


_SHARED = _shared_windows()
#: how many of the line-building policy's best moves the expert's valuation looks at
POLICY_CANDIDATES = 8


def _scaled_weights() -> Weights:
    """The expert's default weights (:class:`~gamewidgets.line98.expert.Weights`) times
    ``VALUE_SCALE``: whole numbers, the policy's valuation (a master's own ``weights``
    value where its rollouts end, not the policy's moves)."""
    w = Weights()
    exact = {"empty": w.empty, "line": w.line, "hole": w.hole, "points": w.points, "unknown": w.unknown,
             "lost": w.lost}
    whole: dict[str, Any] = {}
    for name, value in exact.items():
        scaled = np.asarray(value, dtype=np.float64) * VALUE_SCALE
        if not np.allclose(scaled, np.rint(scaled), rtol=0, atol=1e-9):
            raise ValueError(f"the default weight {name}={value} is not a whole number of 1/{VALUE_SCALE}")
        whole[name] = tuple(np.rint(scaled).tolist()) if name == "line" else round(float(scaled))
    if whole["unknown"] % 3:
        raise ValueError(f"a third of the default weight unknown={w.unknown} is not a whole number of 1/{VALUE_SCALE}")
    return Weights(**whole)


_SCALED = _scaled_weights()
#: a window sum's line term, times VALUE_SCALE
_SCALED_LINE = _SCALED.line_table().astype(np.int32)
#: the price of a preview a move displaces, times VALUE_SCALE (a third of an unknown set's, as the expert has it)
_SCALED_DISPLACED = int(_SCALED.unknown) // 3


def _move_balls(boards: np.ndarray, sums: np.ndarray, source: np.ndarray, target: np.ndarray) -> None:
    """Moves the ball of ``source[i]`` to ``target[i]`` on board ``i``, in place, keeping
    the window sums."""
    rows = np.arange(len(boards))
    colour = boards[rows, source]
    boards[rows, target] = colour
    boards[rows, source] = 0
    sums += CODE[colour][:, None] * (MEMBER[target] - MEMBER[source])


def _turn_values(boards: np.ndarray, sums: np.ndarray, previews: np.ndarray, colours: np.ndarray,
                 source: np.ndarray, target: np.ndarray) -> np.ndarray:
    """``(n, k)`` int64: the expert's one-move value (:func:`~gamewidgets.line98.expert.static_value`
    and its prices, its default weights), times ``VALUE_SCALE``, of each board's ``k`` moves
    ``source -> target``, as the expert values a move: its clear, or the shown previews
    coming in (a displaced one left off and charged); after a clear the previews are
    valued where they will come in. ``sums``: the boards' window sums."""
    n, k = source.shape
    b, b_sums = np.repeat(boards, k, axis=0), np.repeat(sums, k, axis=0)
    t = target.ravel()
    _move_balls(b, b_sums, source.ravel(), t)
    gained = points(clear_through(b, b_sums, t[:, None])).astype(np.int64)
    quiet = (gained == 0) | ~b.any(axis=1)
    pv, pc = np.repeat(previews, k, axis=0), np.repeat(colours, k, axis=0)
    landed = pv == t[:, None]
    put_balls(b, b_sums, pv, np.where(landed, 0, pc))
    come = np.flatnonzero(quiet)  # they came in: their lines clear
    if len(come):
        sub, sub_sums = b[come], b_sums[come]
        gained[come] += points(clear_through(sub, sub_sums, np.minimum(pv[come], CELLS - 1)))
        b[come], b_sums[come] = sub, sub_sums
    w = _SCALED
    value = (static_value(b, b_sums, w, _SCALED_LINE)["value"].astype(np.int64) + int(w.points) * gained
             - int(w.unknown) * quiet - _SCALED_DISPLACED * landed.sum(axis=1))
    value[~(b == 0).any(axis=1)] = int(w.lost)
    return value.reshape(n, k)


def policy_moves(boards: np.ndarray, sums: np.ndarray, previews: np.ndarray, colours: np.ndarray,
                 noise: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The policy's move on each board (see the module docstring), given the boards'
    window ``sums``, previews, and ``noise`` (n, 81) whole numbers below ``2**24``
    (each target cell's tie-break): flat ``source`` and ``target`` arrays. Every board
    must have a free cell and a ball."""
    n = len(boards)
    rows = np.arange(n)[:, None]
    colour, count = _WINDOW_COLOUR[sums], _WINDOW_COUNT[sums]
    single = colour <= len(COLOURS)
    # per window: 0 what a ball leaving it takes, 1..7 what a ball of that colour joining
    # it adds (its own colour only), 8 what any ball joining it adds (an empty window)
    joined = np.zeros((n, len(COLOURS) + 2, len(WINDOWS)), dtype=np.int32)
    joined[rows, np.where(single, colour, 0), np.arange(len(WINDOWS))] = np.where(single, _ADD[count], 0)
    joined[:, 0] = np.where(single, _REMOVE[count], 0)
    joined[:, -1] = np.where(colour == 0, _ADD[0], 0)
    cells = cell_sums(joined)  # the same per cell: the sum over its windows
    leave = cells[:, 0]
    gain = cells[:, 1:-1] + cells[:, -1:]
    # the balls next to a free cell and the free cells, packed to the left of each row
    label = regions(boards)
    padded = np.concatenate([label, np.full((n, 1), _WALL, dtype=np.int16)], axis=1)
    near = padded[:, _NEIGHBOURS]  # (n, 81, 4): the regions next to each cell
    movable = (boards != 0) & (near != _WALL).any(axis=2)
    free = boards == 0
    source = np.argsort(~movable, axis=1, kind="stable")[:, : movable.sum(axis=1).max()]
    target = np.argsort(~free, axis=1, kind="stable")[:, : free.sum(axis=1).max()]
    reach = np.zeros((n, source.shape[1], target.shape[1]), dtype=bool)
    near, target_label = np.take_along_axis(near, source[:, :, None], axis=1), np.take_along_axis(label, target, axis=1)
    for k in range(near.shape[2]):
        reach |= near[:, :, k, None] == target_label[:, None, :]
    reach &= np.take_along_axis(movable, source, axis=1)[:, :, None] & np.take_along_axis(free, target, axis=1)[:, None]
    ball = np.take_along_axis(boards, source, axis=1).astype(np.intp) - 1
    worth = gain[rows[:, :, None], np.maximum(ball, 0)[:, :, None], target[:, None, :]].astype(np.int64)
    worth -= np.take_along_axis(leave, source, axis=1)[:, :, None]
    tie = (np.take_along_axis(noise.astype(np.int64), target, axis=1)[:, None, :] << PAIR_BITS) + (
        (1 << PAIR_BITS) - 1 - (source[:, :, None] * CELLS + target[:, None, :]))
    key = np.where(reach, (worth << (NOISE_BITS + PAIR_BITS)) + tie, _NO_MOVE).reshape(n, -1)
    # the best few, less what a window holding both cells was counted twice for (the
    # ball moves inside it: its count stays), then the best of those valued in full
    k = min(2 * POLICY_CANDIDATES, key.shape[1])
    top = np.argpartition(key, -k, axis=1)[:, -k:]  # (keys are distinct: the cells are in them)
    pair_source = np.take_along_axis(source, top // target.shape[1], axis=1)
    pair_target = np.take_along_axis(target, top % target.shape[1], axis=1)
    moved = np.append(np.where(single, _ADD[count] - _REMOVE[count], 0), np.zeros((n, 1), dtype=np.int32), axis=1)
    key = np.take_along_axis(key, top, axis=1)
    legal = key != _NO_MOVE
    twice = moved[rows[:, :, None], _SHARED[pair_source * CELLS + pair_target]].sum(axis=2, dtype=np.int64)
    key = np.where(legal, key - (twice << (NOISE_BITS + PAIR_BITS)), _NO_MOVE)
    k = min(POLICY_CANDIDATES, k)
    top = np.argpartition(key, -k, axis=1)[:, -k:]
    key = np.take_along_axis(key, top, axis=1)
    pair_source = np.take_along_axis(pair_source, top, axis=1)
    pair_target = np.take_along_axis(pair_target, top, axis=1)
    value = _turn_values(boards, sums, previews, colours, pair_source, pair_target)
    value[key == _NO_MOVE] = _NO_MOVE
    # the best value; between equal values, the better key
    best = np.where(value == value.max(axis=1, keepdims=True), key, _NO_MOVE).argmax(axis=1)[:, None]
    return np.take_along_axis(pair_source, best, axis=1)[:, 0], np.take_along_axis(pair_target, best, axis=1)[:, 0]


@functools.cache
def _compiled() -> Callable[[Rollouts, Draws], None] | None:
    if importlib.util.find_spec("numba") is None:
        return None
    from .rollouts_compiled import step

    return step


def compiled_turn(required: bool = False) -> Callable[[Rollouts, Draws], None] | None:
    """The compiled turn (:func:`.rollouts_compiled.step`), or None where numba is not
    installed (``required``: an ImportError saying how to install it)."""
    turn = _compiled()
    if turn is None and required:
        raise ImportError('the compiled rollouts need numba: pip install "gamewidgets[fast]"')
    return turn


@dataclass(frozen=True)
class Draws:
    """The random numbers of one turn, a row per stream: ``noise`` (the policy's
    tie-break of each target cell, whole numbers below ``2**24``), ``displace`` (the
    keys that pick a displaced preview's new cell: the free cell of smallest key),
    ``spawn`` (the same for the new previews: the three free cells of smallest key)
    and ``colours`` (the new previews' colours)."""

    noise: np.ndarray  # (streams, 81) int64
    displace: np.ndarray  # (streams, 81) float32 in [0, 1)
    spawn: np.ndarray  # (streams, 81) float32 in [0, 1)
    colours: np.ndarray  # (streams, 3) int8, 1..7

    @classmethod
    def draw(cls, rng: np.random.Generator, streams: int) -> Draws:
        u = rng.random((streams, 3 * CELLS + PREVIEWS), dtype=np.float32)
        return cls((u[:, :CELLS] * (1 << NOISE_BITS)).astype(np.int64), u[:, CELLS : 2 * CELLS],
                   u[:, 2 * CELLS : 3 * CELLS], 1 + (u[:, 3 * CELLS :] * len(COLOURS)).astype(np.int8))


@dataclass
class Rollouts:
    """``n`` games played on at once (see the module docstring). ``boards`` (n, 81)
    colours and ``sums`` their window sums, ``previews`` (n, 3) the previews' cells (81:
    none) and ``colours`` their colours, ``points`` scored since the start, ``moves``
    played, ``alive`` not yet lost. Every random number comes from ``rng``, drawn a
    turn at a time (:class:`Draws`); boards of the same ``stream`` take the same
    numbers at each turn (common random numbers: two moves rolled out on the same
    stream meet the same spawns as far as their boards allow)."""

    boards: np.ndarray
    sums: np.ndarray
    previews: np.ndarray
    colours: np.ndarray
    points: np.ndarray
    moves: np.ndarray
    alive: np.ndarray
    rng: np.random.Generator
    stream: np.ndarray

    @classmethod
    def start(cls, boards: np.ndarray, previews: np.ndarray, colours: np.ndarray, rng: np.random.Generator,
              stream: np.ndarray | None = None) -> Rollouts:
        """Games from ``boards`` (n, 81) and their previews (n, 3 cells: 81 where there is
        none, and their colours: 0 there), nothing scored or played yet, drawing from
        ``rng``; ``stream``: each board's stream of random numbers (default: its own)."""
        n = len(boards)
        boards = boards.astype(np.int8)
        return cls(boards, window_sums(boards), previews.astype(np.intp), colours.astype(np.int8),
                   np.zeros(n, dtype=np.int64), np.zeros(n, dtype=np.int64), (boards == 0).any(axis=1), rng,
                   np.arange(n) if stream is None else np.asarray(stream, dtype=np.intp))

    def draw(self) -> Draws:
        """The random numbers of a turn, one row for each stream."""
        return Draws.draw(self.rng, int(self.stream.max()) + 1)

    def step(self, compiled: bool | None = None) -> None:
        """One turn on every live board, the policy's move (see the module docstring):
        played by :mod:`.rollouts_compiled` (``compiled`` None: where numba is installed)
        or with numpy, the same turn either way."""
        if not self.alive.any():
            return
        drawn = self.draw()
        turn = None if compiled is False else compiled_turn(required=compiled is True)
        if turn is not None:
            turn(self, drawn)
            return
        live = np.flatnonzero(self.alive)
        boards, sums = self.boards[live], self.sums[live]
        source, target = policy_moves(boards, sums, self.previews[live], self.colours[live],
                                      drawn.noise[self.stream[live]])
        _move_balls(boards, sums, source, target)
        gained = points(clear_through(boards, sums, target[:, None]))
        self.boards[live], self.sums[live] = boards, sums
        hit = self.previews[live] == target[:, None]  # the ball stopped on a preview
        landed = np.flatnonzero(hit.any(axis=1))
        self.displace(live[landed], hit[landed].argmax(axis=1), drawn)
        self.points[live] += gained
        self.moves[live] += 1
        self.come_in(live[(gained == 0) | ~boards.any(axis=1)], drawn)
        self.alive[live] = (self.boards[live] == 0).any(axis=1)

    def displace(self, which: np.ndarray, slot: np.ndarray, drawn: Draws | None = None) -> None:
        """Moves preview ``slot[i]`` of board ``which[i]`` to a random free cell no other
        preview holds (none: it is dropped), as the rules move a preview a ball stops on;
        ``drawn``: the turn's random numbers (default: drawn now)."""
        if not len(which):
            return
        drawn = self.draw() if drawn is None else drawn
        boards, previews = self.boards[which], self.previews[which]
        keys = np.full((len(which), CELLS + 1), np.float32(2))
        keys[:, :CELLS] = np.where(boards != 0, np.float32(2), drawn.displace[self.stream[which]])
        np.put_along_axis(keys, previews, np.float32(2), axis=1)
        cell = keys[:, :CELLS].argmin(axis=1)
        found = np.take_along_axis(keys, cell[:, None], axis=1)[:, 0] < 2
        rows = np.arange(len(which))
        previews[rows, slot] = np.where(found, cell, CELLS)
        self.previews[which] = previews
        colours = self.colours[which]
        colours[rows, slot] = np.where(found, colours[rows, slot], 0)
        self.colours[which] = colours

    def come_in(self, which: np.ndarray, drawn: Draws | None = None) -> None:
        """The previews of the boards ``which`` come in, their lines clear, new ones are
        drawn: up to three distinct free cells, random colours (``drawn``: the turn's
        random numbers; default: drawn now)."""
        if not len(which):
            return
        drawn = self.draw() if drawn is None else drawn
        boards, sums, previews = self.boards[which], self.sums[which], self.previews[which]
        put_balls(boards, sums, previews, self.colours[which])
        self.points[which] += points(clear_through(boards, sums, np.minimum(previews, CELLS - 1)))
        self.boards[which], self.sums[which] = boards, sums
        streams = self.stream[which]
        keys = np.where(boards != 0, np.float32(2), drawn.spawn[streams])
        cells = np.argsort(keys, axis=1, kind="stable")[:, :PREVIEWS]
        free = np.take_along_axis(keys, cells, axis=1) < 2
        self.previews[which] = np.where(free, cells, CELLS)
        self.colours[which] = np.where(free, drawn.colours[streams], 0)


__all__ = [
    "POLICY_CANDIDATES",
    "POLICY_CLEAR",
    "POLICY_LINE",
    "VALUE_SCALE",
    "Draws",
    "Rollouts",
    "cell_sums",
    "compiled_turn",
    "policy_moves",
    "regions",
]
