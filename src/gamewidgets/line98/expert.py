"""Line 98's expert player: every move valued after its spawn, the best few looked at
one move further.

``PLAYERS["expert"](seed=1)``; keyword options only: ``width`` (how many candidates
get the look-ahead, default 16), ``samples`` (how many random spawns the look-ahead
averages over, default 0), ``weights`` (a :class:`Weights`), and ``trace`` and
``trace_budget`` (its search as a tree: see below). Its budget is counted
in positions, not in time, so its moves do not depend on the speed of the machine
(there is no time limit). ``benchmarks/line98_expert.py`` prints its strength for
several budgets.

What it knows is what the rules show a player: the board, the score and the
previews' cells and colours. It never reads the game's random generator; where the
future is random (the next previews, a displaced preview's new cell) it either
charges a fixed price or draws the spawn with its own seeded generator.

How it decides:

1. **Every legal move, one turn on** (all at once, with numpy): the move, the lines it
   clears, and — when it clears nothing — the known previews coming in where they
   are shown, with the lines they complete. The position reached is valued by
   :func:`static_value`: free cells, line potential, isolated holes (see
   :class:`Weights`), plus the points scored, minus a price for each set of previews
   still unknown. After a clear the previews are still to come: they are put on the
   board for the valuation (they will come in after the next quiet move), and no
   unknown set is charged — a clear saves a spawn.
2. **Look-ahead**: the ``width`` best of those moves are looked at one move further:
   every legal move from the position each reaches is valued the same way, and the
   candidate is worth the best of them (the player will choose its next move knowing
   the previews). After a quiet first move the next previews are unknown: with
   ``samples=0`` the second move's spawn is charged at the fixed price; with
   ``samples=n`` it averages over ``n`` spawns drawn with the player's own generator
   (three random empty cells, random colours, as the rules draw them).
3. The searched candidate worth most is played (ties drawn with the player's
   generator). The other moves rank below the searched ones, by their one-move
   value.

Its search as a tree (``ExpertPlayer(trace=True)``, or ``analyse(game, trace=True)``:
``analysis.tree``, a :class:`gamewidgets.search.SearchTree`) is what it computed, node
for node, and nothing it did not see:

- the **root** is the position analysed as the player sees it (``game.view()``: the
  board, the score, the previews shown; never the game's own random stream), its
  score the chosen move's, its depth 2 with the look-ahead (1 without);
- under it **every legal move** (in the order valued, that of ``game.legal_moves()``),
  its score and terms those of its candidate in the analysis (they add up: the one-move terms and
  ``look-ahead``), its facts the candidate's and ``one-move value``; kind ``"search"``
  for the ``width`` it looked further at (depth 1), ``"leaf"`` for the others (their
  score the estimate they are ranked by), ``"terminal"`` where the move fills the
  board (a lost game: nothing to look at);
- under a searched move, **every next move it valued**, a ``"leaf"`` (``"terminal"``
  when it fills the board) scored by its one-move value, with its terms (``free``,
  ``lines``, ``holes``, ``points``, ``unseen``, ``displaced``; or ``full board``) and
  facts (``free cells``, ``walled-in cells``, ``scored``, ``displaces``, and ``best``:
  the next move it settled on, the second move of its line). The searched move's
  score is the best of them, plus the move's own ``points`` and ``displaced`` terms;
- with ``samples``, where the next previews are unknown (after a quiet move), a
  **chance** node for each spawn it drew (kind ``"chance"``, its move a
  :class:`SampledPreviews`: the previews it drew with its own generator, in the
  order drawn, the fact ``sample`` its number), scored the best next move under it,
  with every next move valued under that spawn; the searched move's score is then
  the mean of its chance nodes' scores (added one by one, each divided by
  ``samples``), plus its own ``points`` and ``displaced`` terms;
- the chosen move and its best next move are marked (``on_pv``), under each of its
  chance nodes with ``samples``, and those chance nodes too.

``node.game()`` is every node's position as the player foresees it
(:func:`~gamewidgets.line98.players.play_as_foreseen`): a preview the ball lands on is
taken off, previews not known yet are not shown, and a chance node shows the
previews it drew. These are the very boards the search valued: a node's ``free
cells`` are the free cells of its game less its previews shown, its ``scored`` the
points its move added to the game's score. Recording costs time (a node for each of
the few thousand positions valued: about twice the time of the analysis); without it
nothing is recorded and the decision is the same.

Choices where the rules leave a player in the dark, and what the measurements chose:

- The weights were set on games of other experiment seeds than 11, which the
  figures are reported on: on the 6 first games of seed 5 at width 16, ``points``
  0.6 averaged 1661 points against 1540 with 0.3 (a clear is worth more than the
  cells it frees); a stiff ``unknown`` price (5, above what three random balls cost
  on the board) keeps it clearing rather than holding lines.
- With these weights, averaging over drawn spawns (``samples``) plays *worse* than
  the fixed price, as it prices an unseen spawn lower (on 10 games of seed 11, width
  16 averaged 436 points with 2 samples against 1062 without): it stays an option,
  off by default.

- A ball stopping on a preview displaces it to a random cell: that preview is left
  off the board in the valuation and charged a third of the unknown-spawn price.
- A position with no free cell is a lost game: ``Weights.lost``, far below any other.
- The line potential counts every straight window of 5 cells (140 of them) that
  holds balls of one colour only and empty cells: ``Weights.line[k]`` for ``k`` balls
  in it. A window holding two colours is dead and counts nothing.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..analysis import Analysis, Candidate, shown_number
from ..errors import GameOver, IllegalMove
from ..search import DEFAULT_BUDGET, Node, SearchTree
from .players import Player, _move, evaluate, play_as_foreseen
from .rules import COLOURS, DIRECTIONS, LINE, PREVIEWS, SIZE, STEPS, Game, Move, Preview, points

CELLS: int = SIZE * SIZE
#: a preview as the search keeps it: (flat cell index, colour)
Spawn = tuple[int, int]


def _windows() -> np.ndarray:
    """Every straight run of 5 cells (rows, columns, both diagonals): (140, 5) flat indices."""
    found = []
    for dr, dc in DIRECTIONS:
        for r in range(SIZE):
            for c in range(SIZE):
                cells = [(r + k * dr, c + k * dc) for k in range(LINE)]
                if all(0 <= rr < SIZE and 0 <= cc < SIZE for rr, cc in cells):
                    found.append([rr * SIZE + cc for rr, cc in cells])
    return np.array(found, dtype=np.intp)


WINDOWS = _windows()
#: MEMBER[cell, window] = 1 when the cell is one of the window's five
MEMBER = np.zeros((CELLS, len(WINDOWS)), dtype=np.int32)
MEMBER[WINDOWS, np.arange(len(WINDOWS))[:, None]] = 1
#: a ball of colour k counts 6**(k-1) in a window's sum: the sum's base-6 digits are
#: the window's count of each colour (at most 5, so they never carry)
CODE = np.array([0] + [6**k for k in range(len(COLOURS))], dtype=np.int32)
# each cell's orthogonal neighbours; CELLS (a padding column) off the board
_NEIGHBOURS = np.full((CELLS, len(STEPS)), CELLS, dtype=np.intp)
for _cell in range(CELLS):
    for _k, (_dr, _dc) in enumerate(STEPS):
        _r, _c = divmod(_cell, SIZE)
        if 0 <= _r + _dr < SIZE and 0 <= _c + _dc < SIZE:
            _NEIGHBOURS[_cell, _k] = (_r + _dr) * SIZE + _c + _dc


def _decode() -> np.ndarray:
    """For every window sum: its number of balls when they are all of one colour (0 for
    an empty window), -1 when it holds two colours."""
    single = np.full(6 ** len(COLOURS), -1, dtype=np.int8)
    single[0] = 0
    for code in CODE[1:]:
        single[code * np.arange(1, LINE + 1)] = np.arange(1, LINE + 1)
    return single


_SINGLE = _decode()
_FULL = _SINGLE == LINE


def _cell_windows() -> np.ndarray:
    """The windows through each cell, as rows of window indices padded with
    ``len(WINDOWS)`` (no window)."""
    through = [np.flatnonzero(MEMBER[cell]) for cell in range(CELLS)]
    rows = np.full((CELLS, max(map(len, through))), len(WINDOWS), dtype=np.intp)
    for cell, windows in enumerate(through):
        rows[cell, : len(windows)] = windows
    return rows


_CELL_WINDOWS = _cell_windows()


@dataclass(frozen=True)
class Weights:
    """What a position is worth (higher is better), term by term.

    ``empty`` per free cell; ``line[k]`` per window of 5 cells holding ``k`` balls of one
    colour and nothing else (index 0..5); ``hole`` per free cell with no free
    neighbour (taken off); ``points`` per point scored; ``unknown`` per set of previews
    that will come in unseen (taken off; a third of it for a displaced preview);
    ``lost`` for a full board.
    """

    empty: float = 1.0
    line: tuple[float, ...] = (0.0, 0.05, 0.3, 1.0, 3.0, 6.0)
    hole: float = 0.5
    points: float = 0.6
    unknown: float = 5.0
    lost: float = -1000.0

    def line_table(self) -> np.ndarray:
        """The line term of every window sum (see ``CODE``)."""
        if len(self.line) != LINE + 1:
            raise ValueError(f"line needs {LINE + 1} weights (0..5 balls), not {len(self.line)}")
        return np.append(np.asarray(self.line, dtype=np.float32), np.float32(0))[_SINGLE]


def window_sums(boards: np.ndarray) -> np.ndarray:
    """Each window's sum of ``CODE`` for boards ``(n, 81)``: shape ``(n, 140)``."""
    codes = CODE[boards]
    total = codes[:, WINDOWS[:, 0]]
    for k in range(1, LINE):
        total += codes[:, WINDOWS[:, k]]
    return total


def clear_lines(boards: np.ndarray, sums: np.ndarray, through: np.ndarray) -> np.ndarray:
    """Removes the lines of 5+ through the cells ``through[i]`` (flat indices, a row of
    them per board: the moved ball, or the balls that just came in — the only lines
    the rules check) from ``boards`` and ``sums`` in place; returns how many balls each
    board lost (pooled, as the rules score one clearing event)."""
    windows = _CELL_WINDOWS[through].reshape(len(boards), through.shape[1] * _CELL_WINDOWS.shape[1])
    real = windows < len(WINDOWS)
    windows = np.where(real, windows, 0)
    found = _FULL[np.take_along_axis(sums, windows, axis=1)] & real
    rows, which = np.nonzero(found)
    counts = np.zeros(len(boards), dtype=np.intp)
    if len(rows):
        cells = np.zeros((len(boards), CELLS), dtype=bool)
        cells[rows[:, None], WINDOWS[windows[rows, which]]] = True
        hit = np.unique(rows)
        counts[hit] = cells[hit].sum(axis=1)
        boards[cells] = 0
        sums[hit] = window_sums(boards[hit])
    return counts


def put_balls(boards: np.ndarray, sums: np.ndarray, cells: np.ndarray, colours: np.ndarray) -> None:
    """Puts a ball of ``colours[i, j]`` (0: none) on cell ``cells[i, j]`` of board ``i``,
    in place, keeping the window ``sums``."""
    for slot in range(cells.shape[1]):
        put = np.flatnonzero(colours[:, slot] != 0)
        boards[put, cells[put, slot]] = colours[put, slot]
        sums[put] += CODE[colours[put, slot]][:, None] * MEMBER[cells[put, slot]]


def _place(boards: np.ndarray, sums: np.ndarray, previews: Sequence[Spawn], target: np.ndarray) -> np.ndarray:
    """Puts ``previews`` on the boards in place, except one a move's ``target`` landed
    on (displaced to a cell nobody knows yet); returns how many each board left off."""
    cells = np.array([cell for cell, _ in previews], dtype=np.intp).reshape(1, -1)
    landed = target[:, None] == cells
    colours = np.array([colour for _, colour in previews], dtype=np.intp).reshape(1, -1)
    put_balls(boards, sums, np.broadcast_to(cells, landed.shape), np.where(landed, 0, colours))
    return landed.sum(axis=1)


@dataclass
class Turns:
    """The positions one move each leads to, a turn later (arrays, one entry a move)."""

    boards: np.ndarray  # (n, 81) the board after the move, its clear and any spawn
    valued: np.ndarray  # (n, 81) the same with the previews still to come put on
    sums: np.ndarray  # window sums of ``valued``
    points: np.ndarray  # scored by the turn: the move's clear and the spawn's
    quiet: np.ndarray  # the move cleared nothing (so the previews came in)
    displaced: np.ndarray  # previews the move displaced to an unknown cell
    unknown: np.ndarray  # sets of previews not known that came in or will


def turns(board: np.ndarray, previews: Sequence[Spawn] | None, source: np.ndarray, target: np.ndarray) -> Turns:
    """Every move ``source[i] -> target[i]`` (flat indices) played on ``board`` (81
    cells): the ball moves, its lines clear; on a quiet move the ``previews`` come in
    and their lines clear. ``previews`` None: they are not known (a look-ahead past a
    spawn), so nothing comes in and the move is charged one more unknown set."""
    n = len(source)
    rows = np.arange(n)
    boards = np.repeat(board.reshape(1, CELLS), n, axis=0)
    colour = board[source]
    boards[rows, target] = colour
    boards[rows, source] = 0
    sums = window_sums(board.reshape(1, CELLS)) + CODE[colour][:, None] * (MEMBER[target] - MEMBER[source])
    scored = points(clear_lines(boards, sums, target[:, None]))
    quiet = scored == 0
    spawn = quiet | ~boards.any(axis=1)  # a clear that empties the board: they come at once
    displaced = np.zeros(n, dtype=np.intp)
    unknown = np.ones(n, dtype=np.intp)  # the set of previews drawn after this turn's spawn
    if previews is None:
        unknown += spawn
        return Turns(boards, boards, sums, scored, quiet, displaced, unknown)
    come = np.flatnonzero(spawn)
    sub, sub_sums = boards[come], sums[come]
    displaced[come] = _place(sub, sub_sums, previews, target[come])
    cells = np.array([cell for cell, _ in previews], dtype=np.intp)
    scored[come] += points(clear_lines(sub, sub_sums, np.broadcast_to(cells, (len(come), len(cells)))))
    boards[come], sums[come] = sub, sub_sums
    valued, valued_sums = boards.copy(), sums.copy()
    wait = np.flatnonzero(~spawn)  # a clear: the known previews are still to come
    sub, sub_sums = valued[wait], valued_sums[wait]
    displaced[wait] = _place(sub, sub_sums, previews, target[wait])
    valued[wait], valued_sums[wait] = sub, sub_sums
    unknown[wait] = 0
    return Turns(boards, valued, valued_sums, scored, quiet, displaced, unknown)


def static_value(boards: np.ndarray, sums: np.ndarray, weights: Weights,
                 table: np.ndarray | None = None) -> dict[str, np.ndarray]:
    """The board terms of positions ``(n, 81)`` and their window ``sums``: ``free``
    cells, ``lines`` (the line potential) and ``holes`` (free cells walled in on all
    sides), and ``value``, their weighted sum."""
    table = weights.line_table() if table is None else table
    lines = np.einsum("ij->i", table[sums])  # a row sum; einsum's is several times numpy's .sum(axis=1)
    empty = boards == 0
    padded = np.concatenate([empty, np.zeros((len(boards), 1), dtype=bool)], axis=1)
    open_side = padded[:, _NEIGHBOURS[:, 0]]
    for k in range(1, len(STEPS)):
        open_side |= padded[:, _NEIGHBOURS[:, k]]
    free = np.count_nonzero(empty, axis=1)
    holes = np.count_nonzero(empty & ~open_side, axis=1)
    return {"free": free, "lines": lines, "holes": holes,
            "value": weights.empty * free + lines - weights.hole * holes}


@dataclass(frozen=True)
class SampledPreviews:
    """A chance event of the look-ahead: the previews the expert drew, with its own
    generator, in place of the ones to come after a quiet move (cells and colours,
    as the rules draw them). The move of a ``"chance"`` node of its search tree; played
    on a game (:meth:`ExpertPlayer.play_in_tree`) they become its previews."""

    previews: tuple[Preview, ...]

    def __str__(self) -> str:
        return "drawn " + (" ".join(f"{COLOURS[p.colour - 1]}@{p.cell}" for p in self.previews) or "nothing")


@dataclass
class _Decision:
    """Everything one decision found, for :meth:`ExpertPlayer.analyse`."""

    figures: dict[str, np.ndarray]  # evaluate(game): source, target, run, cleared, points
    first: Turns
    terms: dict[str, np.ndarray]  # the one-move board terms (free, lines, holes, value)
    value: np.ndarray  # one-move value
    ahead: np.ndarray  # look-ahead value; NaN where not searched
    score: np.ndarray  # the rank: look-ahead value, then the rest below the searched
    replies: dict[int, Move]  # the best next move of each searched candidate
    index: int
    ties: int
    nodes: int
    samples: int
    seconds: float
    recorded: list[Node | None] | None = None  # each move's node in the search tree, when recorded


class ExpertPlayer(Player):
    """Values every move a turn on and looks one move further at the best ``width``,
    averaging over ``samples`` drawn spawns (0: a fixed price for an unknown spawn).
    See the module docstring.

    Each candidate of :meth:`analyse` has the terms that add up to its score (the
    rule of :mod:`gamewidgets.analysis`), weighed by :class:`Weights`, one turn on:
    ``free`` (the free cells once the shown previews are in), ``lines`` (the line
    potential then), ``holes`` (free cells walled in, taken off), ``points`` (what the
    turn scores: its clear, or the lines the previews complete as they come in),
    ``unseen`` (the price of each set of previews that comes in unseen), ``displaced``
    (a third of it when the ball lands on a preview), or ``full board`` alone for a
    move that fills the board (a lost game); then ``look-ahead``: for the searched
    candidates what the best next move adds, for the others the estimate they are
    ranked by (the searched ones' mean gain, kept at most the lowest searched score),
    0 without a look-ahead. Its facts: ``run`` (the run the moved ball makes),
    ``free cells``, ``walled-in cells``, ``scored`` (the points, unweighed),
    ``displaces`` (1 when it lands on a preview) and ``searched``. Stats: ``depth``
    (2 with the look-ahead), ``nodes`` (positions valued), ``samples`` (spawns
    drawn), ``time_ms``.
    """

    name: str = "expert"

    def __init__(self, *, seed: int | None = None, width: int = 16, samples: int = 0,
                 weights: Weights | None = None, trace: bool = False, trace_budget: int = DEFAULT_BUDGET):
        super().__init__(seed=seed, trace=trace, trace_budget=trace_budget)
        if isinstance(width, bool) or not isinstance(width, int) or width < 0:
            raise ValueError(f"width must be a non-negative integer, not {width!r}")
        if isinstance(samples, bool) or not isinstance(samples, int) or samples < 0:
            raise ValueError(f"samples must be a non-negative integer, not {samples!r}")
        self.width, self.samples = width, samples
        self.weights = Weights() if weights is None else weights
        self._table = self.weights.line_table()

    def __repr__(self) -> str:
        return f"ExpertPlayer(seed={self.seed}, width={self.width}, samples={self.samples}{self._tracing()})"

    @staticmethod
    def play_in_tree(game: Game, move: Any) -> None:
        """Plays one of the search tree's moves on ``game``: a move as the player
        foresees it (:func:`~gamewidgets.line98.players.play_as_foreseen`), or a
        :class:`SampledPreviews`, which become the previews shown."""
        if not isinstance(move, SampledPreviews):
            play_as_foreseen(game, move)
            return
        taken = [p.cell for p in move.previews if game.board[p.cell]]
        if taken or len({p.cell for p in move.previews}) != len(move.previews):
            raise IllegalMove(f"{move}: previews go on empty cells, one a cell; {taken} hold balls")
        game.previews = move.previews

    def choose(self, game: Game) -> Move:
        """The move this player plays in ``game``."""
        decision = self._decide(game)
        return _move(decision.figures, decision.index)

    def analyse(self, game: Game, *, trace: bool | None = None, budget: int | None = None) -> Analysis:
        """The move this player plays, every candidate with its terms, and why it won;
        with ``trace`` (default: the player's ``trace``) its search as
        ``analysis.tree`` (at most ``budget`` nodes, default its ``trace_budget``; see
        the module docstring)."""
        tree = self._new_tree(game, trace, budget)
        d = self._decide(game, tree)
        searched = ~np.isnan(d.ahead)
        order = np.lexsort((np.arange(len(d.score)), -d.score, ~searched))
        order = np.concatenate(([d.index], order[order != d.index]))
        candidates = tuple(Candidate.of(_move(d.figures, i), self._points(d, i), self._facts(d, i)) for i in order)
        move = _move(d.figures, d.index)
        reply = d.replies.get(d.index)
        pv = (move,) if reply is None else (move, reply)
        if tree is not None:
            self._fill_tree(tree, d, pv)
        return Analysis(
            player=self.name, move=move, candidates=candidates, reason=self._explain(d, order),
            stats={"depth": 2 if searched.any() else 1, "nodes": d.nodes, "samples": d.samples,
                   "time_ms": round(d.seconds * 1000, 3)},
            pv=pv, tree=tree,
        )

    def _fill_tree(self, tree: SearchTree, d: _Decision, pv: tuple[Move, ...]) -> None:
        """Sets the root's and every move's score, terms and facts (known once every
        move is ranked) and marks the line it settled on."""
        assert d.recorded is not None
        searched = ~np.isnan(d.ahead)
        tree.update(tree.root, score=float(d.score[d.index]), depth=2 if searched.any() else 1)
        for i, node in enumerate(d.recorded):
            if node is None:
                continue
            lost = not (d.first.boards[i] == 0).any()
            kind = "terminal" if lost else "search" if searched[i] else "leaf"
            tree.update(node, kind=kind, score=float(d.score[i]), depth=1 if kind == "search" else 0,
                        terms=self._points(d, i), facts={**self._facts(d, i), "one-move value": float(d.value[i])})
        tree.mark_line(pv)
        chosen = d.recorded[d.index]
        if chosen is not None and len(pv) > 1:  # with samples: the same next move under every spawn drawn
            for chance in chosen.children:
                if chance.kind == "chance":
                    chance.on_pv = True
                    for child in chance.children:
                        child.on_pv = child.move == pv[1]

    # ------------------------------------------------------------------ search
    def _leaf(self, after: Turns) -> tuple[dict[str, np.ndarray], np.ndarray]:
        """The board terms and the value of each position of ``after``."""
        w = self.weights
        terms = static_value(after.valued, after.sums, w, self._table)
        value = terms["value"] + w.points * after.points - w.unknown * (after.unknown + after.displaced / 3)
        value[~(after.boards == 0).any(axis=1)] = w.lost
        return terms, value

    def _ahead(self, board: np.ndarray, pending: list[Spawn] | None, tree: SearchTree | None = None,
               node: Node | None = None) -> tuple[float, Move, int, int]:
        """The look-ahead from ``board`` with previews ``pending`` (None: not known yet):
        the value of the best next move (averaged over drawn spawns when ``samples``),
        that move, the positions valued and the spawns drawn. ``tree``: recorded under
        ``node`` (the move looked further at)."""
        pairs = Game.from_board(board.reshape(SIZE, SIZE), []).legal_move_array()
        source, target = pairs[:, 0], pairs[:, 1]
        parents: list[Node] = []  # the nodes the next moves were recorded under
        if pending is not None or not self.samples:
            after = turns(board, pending, source, target)
            terms, value = self._leaf(after)
            best, total, nodes, drawn = float(value.max()), value, len(pairs), 0
            if tree is not None and node is not None:
                self._record_replies(tree, node, after, terms, value, source, target)
                parents.append(node)
        else:
            empty = np.flatnonzero(board == 0)
            count = min(PREVIEWS, len(empty))
            total = np.zeros(len(pairs))
            best = 0.0
            for sample in range(self.samples):  # drawn as the rules draw previews, by this player's generator
                cells = self.rng.choice(empty, size=count, replace=False)
                colours = self.rng.integers(1, len(COLOURS) + 1, size=count)
                spawn = [(int(c), int(k)) for c, k in zip(cells, colours, strict=True)]
                after = turns(board, spawn, source, target)
                terms, value = self._leaf(after)
                total += value
                best += float(value.max()) / self.samples  # the next move is chosen knowing its previews
                if tree is not None and node is not None:
                    drawn_previews = SampledPreviews(tuple(Preview(*divmod(c, SIZE), colour) for c, colour in spawn))
                    chance = tree.add(node, drawn_previews, kind="chance", score=float(value.max()), depth=1,
                                      facts={"sample": sample + 1})
                    if chance is not None:
                        self._record_replies(tree, chance, after, terms, value, source, target)
                        parents.append(chance)
            nodes, drawn = len(pairs) * self.samples, self.samples
        reply = int(np.argmax(total))
        for parent in parents:  # the next move it settled on
            if reply < len(parent.children):
                parent.children[reply].facts["best"] = True
        return best, Move(divmod(int(source[reply]), SIZE), divmod(int(target[reply]), SIZE)), nodes, drawn

    def _record_replies(self, tree: SearchTree, parent: Node, after: Turns, terms: dict[str, np.ndarray],
                        value: np.ndarray, source: np.ndarray, target: np.ndarray) -> None:
        """Every next move valued, under ``parent``, as ``_leaf`` valued it."""
        lost = (~(after.boards == 0).any(axis=1)).tolist()
        free, holes = terms["free"].tolist(), terms["holes"].tolist()
        scored, displaced = after.points.tolist(), after.displaced.tolist()
        for j, (score, start, end) in enumerate(zip(value.tolist(), source.tolist(), target.tolist(), strict=True)):
            facts = {"free cells": free[j], "walled-in cells": holes[j], "scored": scored[j],
                     "displaces": displaced[j], "best": False}
            if tree.add(parent, _move_between(start, end), kind="terminal" if lost[j] else "leaf", score=score,
                        depth=0, terms=self._turn_points(terms, after, j, lost[j]), facts=facts) is None:
                return

    def _decide(self, game: Game, tree: SearchTree | None = None) -> _Decision:
        started = time.perf_counter()
        figures = evaluate(game)
        if not len(figures["source"]):
            raise GameOver("the game is over: there is no move to choose")
        w = self.weights
        board = game.board.ravel().astype(np.int8)
        previews = [(p.row * SIZE + p.col, p.colour) for p in game.previews]
        source, target = figures["source"], figures["target"]
        first = turns(board, previews, source, target)
        terms, value = self._leaf(first)
        recorded = None
        if tree is not None:  # every move, valued at once; scored once all are ranked (_fill_tree)
            recorded = [tree.add(tree.root, _move(figures, i)) for i in range(len(value))]
        searched = np.argsort(-value, kind="stable")[: self.width]
        ahead = np.full(len(value), np.nan)
        replies: dict[int, Move] = {}
        nodes, samples = len(value), 0
        for i in searched:
            if (first.boards[i] != 0).all():  # a full board: the game is lost, nothing to look at
                ahead[i] = value[i]
                continue
            waiting = not first.quiet[i] and first.boards[i].any()  # a clear: the previews still to come
            pending = [p for p in previews if p[0] != target[i]] if waiting else None
            found, replies[int(i)], counted, drawn = self._ahead(
                first.boards[i], pending, tree, None if recorded is None else recorded[i])
            ahead[i] = found + w.points * first.points[i] - w.unknown * first.displaced[i] / 3
            nodes += counted
            samples += drawn
        if len(searched):
            score = self._below(value, ahead, searched)
            pool = ahead[searched]
            best = searched[np.flatnonzero(pool == pool.max())]
        else:
            score = value.copy()
            best = np.flatnonzero(value == value.max())
        index = int(best[self.rng.integers(len(best))]) if len(best) > 1 else int(best[0])
        return _Decision(figures, first, terms, value, ahead, score, replies, index, len(best), nodes, samples,
                         time.perf_counter() - started, recorded)

    @staticmethod
    def _below(value: np.ndarray, ahead: np.ndarray, searched: np.ndarray) -> np.ndarray:
        """The rank of every move: the look-ahead value where searched; the others their
        one-move value plus the searched ones' mean look-ahead gain, kept at most the
        lowest searched value (they were not searched because they looked worse)."""
        gain = float(np.mean(ahead[searched] - value[searched]))
        score = np.minimum(value + gain, float(ahead[searched].min()))
        score[searched] = ahead[searched]
        return score

    # ------------------------------------------------------------ explanation
    def _points(self, d: _Decision, i: int) -> dict[str, float]:
        """The points that add up to candidate ``i``'s score (see the class docstring)."""
        terms = self._turn_points(d.terms, d.first, i)
        terms["look-ahead"] = float(d.score[i]) - float(d.value[i])
        return terms

    def _turn_points(self, terms: dict[str, np.ndarray], after: Turns, i: int,
                     lost: bool | None = None) -> dict[str, float]:
        """The points that add up to the one-move value of position ``i`` of ``after``
        (its board ``terms``: see :func:`static_value`); ``lost``: whether its board is
        full, where known."""
        w = self.weights
        if (not (after.boards[i] == 0).any()) if lost is None else lost:  # a full board: the game is lost
            return {"full board": float(w.lost)}
        return {
            "free": w.empty * float(terms["free"][i]),
            "lines": float(terms["lines"][i]),
            "holes": -w.hole * float(terms["holes"][i]),
            "points": w.points * float(after.points[i]),
            "unseen": -w.unknown * float(after.unknown[i]),
            "displaced": -w.unknown * float(after.displaced[i]) / 3,
        }

    @staticmethod
    def _facts(d: _Decision, i: int) -> dict[str, Any]:
        """What describes candidate ``i`` (see the class docstring)."""
        return {
            "run": int(d.figures["run"][i]),
            "free cells": int(d.terms["free"][i]),
            "walled-in cells": int(d.terms["holes"][i]),
            "scored": int(d.first.points[i]),
            "displaces": int(d.first.displaced[i]),
            "searched": not np.isnan(d.ahead[i]),
        }

    def _explain(self, d: _Decision, order: np.ndarray) -> str:
        i = d.index
        text = _what_it_does(d, i)
        reply = d.replies.get(i)
        if reply is not None:
            worth = shown_number(float(d.ahead[i]))
            text += f"; looking one move on, the best next move is {reply}, worth {worth} in all"
        else:
            text += f"; worth {shown_number(float(d.value[i]))}"
        if len(order) > 1:
            j = int(order[1])
            gap = d.score[i] - d.score[j]
            text += f" — {shown_number(float(gap))} more than the runner-up {_move(d.figures, j)}"
            why = self._difference(d, i, j)
            if why:
                text += f", which {why}"
        if d.ties > 1:
            text += f" (drawn at random among {d.ties} equal moves)"
        return text

    def _difference(self, d: _Decision, i: int, j: int) -> str:
        """What costs the runner-up ``j`` most against the chosen ``i``, in words."""
        w = self.weights
        if not np.isnan(d.ahead[i]) and not np.isnan(d.ahead[j]):
            setup = (d.ahead[i] - d.value[i]) - (d.ahead[j] - d.value[j])
        else:
            setup = 0.0
        losses = {
            "free": w.empty * (d.terms["free"][i] - d.terms["free"][j]),
            "lines": d.terms["lines"][i] - d.terms["lines"][j],
            "holes": -w.hole * (d.terms["holes"][i] - d.terms["holes"][j]),
            "points": w.points * (d.first.points[i] - d.first.points[j]),
            "setup": setup,
        }
        term, loss = max(losses.items(), key=lambda item: item[1])
        if loss <= 0:
            return ""
        if term == "free":
            return f"leaves {int(d.terms['free'][i] - d.terms['free'][j])} fewer free cells"
        if term == "lines":
            return f"builds less toward lines of five (line potential {shown_number(float(d.terms['lines'][j]))} " \
                   f"against {shown_number(float(d.terms['lines'][i]))})"
        if term == "holes":
            return f"walls in {int(d.terms['holes'][j] - d.terms['holes'][i])} more free cells"
        if term == "points":
            return f"scores {int(d.first.points[i] - d.first.points[j])} fewer points"
        return "sets up less for the move after"


@functools.cache
def _move_between(source: int, target: int) -> Move:
    """The move between two flat cell indices (made once: a search tree names thousands)."""
    return Move(divmod(source, SIZE), divmod(target, SIZE))


def _what_it_does(d: _Decision, i: int) -> str:
    """The chosen move's own effect, in words."""
    cleared, run = int(d.figures["cleared"][i]), int(d.figures["run"][i])
    free = int(d.terms["free"][i])
    if cleared:
        text = f"it clears {cleared} balls for {int(d.figures['points'][i])} points, so no balls come in"
    else:
        text = f"it makes a run of {run}" if run > 1 else "it moves a ball out of the way"
        spawned = int(d.first.points[i])
        text += (f"; the previews come in and clear a line for {spawned} points" if spawned
                 else "; the previews come in")
    if d.first.displaced[i]:
        text += " (it displaces a preview)"
    return text + f", leaving {free} free cells once the previews are in"
