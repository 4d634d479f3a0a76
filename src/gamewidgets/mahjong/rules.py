"""Mahjong Connect (Shisen-Sho style): the complete rules, pure Python + numpy.

The rule book is ``shared/spec/mahjong-connect.md``. :class:`Game` is a
:class:`gamewidgets.protocol.Rules` (the one rules interface of all four games):
``legal_moves()``, ``is_legal`` / ``why_not`` / ``play`` (= ``push``), ``undo()`` (=
``pop``), ``is_over``, ``turn``, ``outcome()``, ``moves``, ``copy()``, ``to_dict()`` /
``from_dict()``, ``parse_move``. Moves are frozen :class:`Move` pairs of cells; a pair
the rules refuse raises :class:`~gamewidgets.errors.IllegalMove` saying why (empty
cell, not matching, blocked, or three or more turns needed) and changes nothing.

The protocol, as this game fills it in:

- A move's forms: the :class:`Move`; its text ``str(move)``, ``"(0, 1)+(2, 3)"`` (two
  cells joined by ``+``; ``parse_move`` also takes them without the brackets and the
  spaces, ``"0,1+2,3"``, and refuses cells off the board); its dict ``to_dict()``,
  ``{"a": [0, 1], "b": [2, 3]}`` (``Move.from_dict`` ignores other keys, so an entry
  of ``gamewidgets mahjong pairs`` with its ``path`` is a move too); its list
  ``to_list()``, ``[[0, 1], [2, 3]]`` (any pair of cells); and, as before, two cells
  ``play(a, b)`` / ``why_not(a, b)`` / ``is_legal(a, b)``. ``why_not`` never raises:
  what is no move at all is answered with why it is none.
- ``play`` returns a :class:`Removal` (the move, the two tiles, the path, the points).
- The end: ``is_over`` is ``won`` (the grid cleared) or ``stuck`` (tiles are left and
  no pair can be removed: the "No more moves" state; ``legal_moves()`` is empty).
  ``outcome()`` is then an :class:`Outcome`: ``reason`` "cleared" or "no more moves",
  ``winner`` None (one player), ``score`` the game's score at the end (the points
  below, time included), ``won`` and ``seconds`` as before. Once over, ``play``
  raises :class:`~gamewidgets.errors.GameOver` (with the pair's own reason when stuck).
  A stuck game is not over for good: ``shuffle()`` (or ``undo()``) brings removable
  pairs back, and then ``outcome()`` is None again.
- A shuffle is not a move: ``play``, ``parse_move`` and ``why_not`` refuse it (and
  the text ``"shuffle"``), saying to call ``shuffle()``. ``shuffle()`` returns
  :class:`Shuffle`, a value (text ``"shuffle"``, dict ``{"shuffle": True}``), and
  ``undo()`` returns what it took back: the :class:`Move` of a removed pair, or
  ``Shuffle()``. ``moves`` holds the removed pairs only, oldest first (the score
  counts them); undo takes back pairs and shuffles, newest first.
- ``game.svg(analysis=None, *, overlay=None)`` is the position as an SVG picture (and
  ``_repr_svg_``, so a game shows as one in a notebook): :mod:`gamewidgets.mahjong.picture`.
- ``turn`` is always 0. ``Game.from_grid(str(game))`` reads a game's text back (the
  status line at the end of ``str(game)`` is skipped: a layout has no score).

Conventions and choices where the rule book is silent:

- The grid is 8 rows × 18 columns (landscape); cells are ``(row, col)``, row 0 at the
  top. Portrait is only a way of showing it (the view transposes; connections do not
  change under transposition).
- A deal comes from ``seed`` (see :mod:`gamewidgets.mahjong.deal`: solvable by
  construction). ``Game()`` without a seed draws one and keeps it in ``game.seed``;
  the game's own generator then drives shuffles, so a seed and the same actions give
  the same game.
- Moves: ``Move(a, b)`` with ``a < b`` (a move is the same whichever tile is named
  first). ``legal_moves()`` lists every removable pair once.
- Undo takes back one action at a time, as many as there are: a removed pair, or a
  shuffle (the layout before it comes back). Hints are not undone (their cost stays),
  as in the original.
- A shuffle is what the "No more moves" dialog offers, so ``shuffle()`` is refused
  while a pair can still be removed. The remaining tiles are redealt on the occupied
  cells so that the layout can be cleared completely. It costs nothing.
- ``hint()`` returns a removable pair — the first pair of a full solution when the
  solver finds one quickly, else the first pair not proved to be a dead end (see
  ``pair_safety`` in :mod:`~gamewidgets.mahjong.deal`; only when the position is
  proved lost, any pair) — and costs 10 points.
- Scoring: +10 a pair, −10 a hint. Timed scoring (the default) also takes 2 points
  for every full 10 s of play and gives max(0, 600 − t) on a win, t the whole seconds
  of play; "standard" scoring has neither. ``game.scoring`` may be changed at any
  time; the score is counted again by the new rule. ``score_breakdown()`` gives the
  parts (pairs, hints, time, bonus) that add up to the score.
- Time comes from the game's :class:`Clock`. It starts at the player's first action
  — ``play``, ``hint``, ``shuffle``, ``undo`` or ``resume``, and ``start_clock()`` for
  what the rules do not see (a front end's first click) — not when the game is dealt
  or loaded, so a board nobody has touched costs nothing. The game pauses it
  (``pause()``/``resume()``) and stops it on a win; paused time does not count. The
  clock's time source can be replaced (tests use a fake one).
- ``restart()`` ("play again") starts the same deal again: no moves, no hints, the
  clock from zero.
- A layout from outside (``Game(grid=...)``, ``from_grid``, a save) is at most the
  game's own board, 8×18 either way round: at most ``MAX_SIDE`` (18) cells on a side
  and ``MAX_CELLS`` (144) in all (:func:`~gamewidgets.mahjong.deal.check_layout_size`).
- ``from_dict`` checks every number with :mod:`gamewidgets.untrusted`: ``hints`` an
  integer 0..``MAX_HINTS`` ((2⁵³ − 1) // 20), ``seconds`` a finite number 0..2⁵³ − 1, so
  that ``score`` always stays within ±(2⁵³ − 1), a number a view shows exactly; the
  seed at most 2¹²⁸ − 1, cells pairs of integers, the generator state one numpy
  accepts; anything else is :class:`BadSave`.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, cast

import numpy as np
import numpy.typing as npt

from ..cells import as_cell, as_pair
from ..errors import BadSave, GameOver, IllegalMove, NothingToUndo
from ..protocol import seen_seed
from ..untrusted import MAX_COUNT, MAX_INTEGER, generator_state, integer, number, short_repr
from . import deal as dealing
from .connect import fewest_turns, find_path, route_in_the_way
from .tiles import CODES, NAMES, code, grid_from_codes, matches, parse

if TYPE_CHECKING:
    from ..analysis import Analysis

ROWS, COLS = dealing.ROWS, dealing.COLS
PAIR_POINTS = 10
HINT_COST = 10
SCORINGS = ("timed", "standard")
#: the most hints a save may hold: their cost is at most half of MAX_COUNT (see the docstring)
MAX_HINTS = MAX_COUNT // (2 * HINT_COST)
Cell = tuple[int, int]


@dataclass(frozen=True)
class Move:
    """Remove the tiles on cells ``a`` and ``b`` (kept in order: ``a < b``).

    Text ``"(0, 1)+(2, 3)"`` (``str(move)``; ``Game.parse_move`` reads it back), dict
    ``{"a": [0, 1], "b": [2, 3]}`` (``to_dict`` / ``from_dict``), list
    ``[[0, 1], [2, 3]]`` (``to_list``)."""

    a: Cell
    b: Cell

    def __post_init__(self) -> None:
        a, b = as_pair(self.a, "first tile"), as_pair(self.b, "second tile")
        object.__setattr__(self, "a", min(a, b))
        object.__setattr__(self, "b", max(a, b))

    def to_list(self) -> list[list[int]]:
        """The move as a list of its two cells: ``[[0, 1], [2, 3]]``."""
        return [list(self.a), list(self.b)]

    def to_dict(self) -> dict[str, Any]:
        """The move as plain JSON data: ``{"a": [0, 1], "b": [2, 3]}``; :meth:`from_dict` reads it back."""
        return {"a": list(self.a), "b": list(self.b)}

    @classmethod
    def from_dict(cls, data: Any) -> Move:
        """The move of :meth:`to_dict`'s output (other keys, such as the ``path`` of a
        ``gamewidgets mahjong pairs`` entry, are ignored); IllegalMove if it is none."""
        if not isinstance(data, dict) or "a" not in data or "b" not in data:
            raise IllegalMove(f"a move's dict is {{'a': [row, col], 'b': [row, col]}}, not {short_repr(data)}")
        return cls(data["a"], data["b"])

    def __str__(self) -> str:
        return f"{self.a}+{self.b}"


@dataclass(frozen=True)
class Shuffle:
    """A shuffle of the remaining tiles: what ``shuffle()`` did, and what ``undo()``
    returns when it takes one back. Not a move: ``play`` refuses it (call
    ``shuffle()``). Text ``"shuffle"``, dict ``{"shuffle": True}``."""

    def to_dict(self) -> dict[str, Any]:
        """The shuffle's dict, ``{"shuffle": True}``; :meth:`from_dict` reads it back."""
        return {"shuffle": True}

    @classmethod
    def from_dict(cls, data: Any) -> Shuffle:
        """The shuffle of :meth:`to_dict`'s output; IllegalMove if it is none."""
        if not isinstance(data, dict) or data.get("shuffle") is not True:
            raise IllegalMove(f"a shuffle's dict is {{'shuffle': true}}, not {short_repr(data)}")
        return cls()

    def __str__(self) -> str:
        return "shuffle"


@dataclass(frozen=True)
class Removal:
    """What a move did: the two tiles, the path that joined them, the points."""

    move: Move
    tiles: tuple[int, int]
    path: tuple[Cell, ...]
    points: int
    won: bool


@dataclass(frozen=True)
class Route:
    """How two tiles connect, or why not (``game.route(a, b)``): the route of at most
    two turns with the fewest tiles in its way (``corners``, endpoints included, the
    ring at row -1 / rows, column -1 / cols), those tiles (``in_the_way``: none when the
    pair connects), and ``reason``: why the pair cannot go, in words (None: it can)."""

    a: Cell
    b: Cell
    corners: tuple[Cell, ...]
    in_the_way: tuple[Cell, ...]
    reason: str | None

    @property
    def connects(self) -> bool:
        """True when no tile is in the way of the route (whether the pair may go: ``reason``)."""
        return not self.in_the_way

    @property
    def turns(self) -> int:
        """The turns of the route: its corners less its two ends."""
        return len(self.corners) - 2

    def to_dict(self) -> dict[str, Any]:
        """The route as plain JSON data: its fields, ``connects`` and ``turns``."""
        return {"a": list(self.a), "b": list(self.b), "corners": [list(c) for c in self.corners],
                "in_the_way": [list(c) for c in self.in_the_way], "connects": self.connects,
                "turns": self.turns, "reason": self.reason}


CLEARED, NO_MORE_MOVES = "cleared", "no more moves"


@dataclass(frozen=True)
class Outcome:
    """How a game ended: ``won`` (the grid cleared) or stuck; ``reason`` is "cleared"
    or "no more moves"; ``winner`` is always None (one player); ``score`` and
    ``seconds`` as the game counted them at the end."""

    won: bool
    score: int
    seconds: int
    reason: str = field(init=False)
    winner: None = field(default=None, init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "reason", CLEARED if self.won else NO_MORE_MOVES)


#: what play, is_legal and why_not take: a Move, its text, its dict, or a pair of cells
MoveLike = Move | str | dict[str, Any] | Sequence[Any]
MOVE_FORMS = ("a move is a Move, its text ('(row, col)+(row, col)'), its dict ({'a': [row, col], "
              "'b': [row, col]}) or a pair of cells")
NOT_A_MOVE_BUT_SHUFFLE = "a shuffle is not a pair to remove: call shuffle() (offered when no pair can be removed)"
_NUMBER = r"\s*(-?\d{1,6})\s*"
_CELL = rf"(?:\({_NUMBER},{_NUMBER}\)|{_NUMBER},{_NUMBER})"
MOVE_TEXT = re.compile(rf"\s*{_CELL}\s*\+\s*{_CELL}\s*")
#: the last line of ``str(game)``; ``from_grid`` skips it
STATUS_LINE = re.compile(r"\s*\d+ tiles left, score -?\d+, \d+ s\s*")


def _move_of_text(text: str) -> Move:
    match = MOVE_TEXT.fullmatch(text)
    if match is None:
        if text.strip().lower() == "shuffle":
            raise IllegalMove(NOT_A_MOVE_BUT_SHUFFLE)
        raise IllegalMove(f"{short_repr(text)} is no move: a move is two cells joined by '+', e.g. '(0, 1)+(2, 3)'")
    numbers = [int(n) for n in match.groups() if n is not None]
    return Move((numbers[0], numbers[1]), (numbers[2], numbers[3]))


def _move_of(move: Any) -> Move:
    """Any form of a move (see ``MoveLike``) as a Move, cells not yet checked against a board."""
    if isinstance(move, Move):
        return move
    if isinstance(move, str):
        return _move_of_text(move)
    if isinstance(move, dict):
        return Move.from_dict(move)
    if isinstance(move, Shuffle):
        raise IllegalMove(NOT_A_MOVE_BUT_SHUFFLE)
    if isinstance(move, (list, tuple)) and len(move) == 2 and all(isinstance(c, (list, tuple)) for c in move):
        return Move(move[0], move[1])
    raise IllegalMove(f"{MOVE_FORMS}, not {short_repr(move)}")


#: what undo takes back: a removal, or a shuffle with the grids (before, after)
_Step = tuple[Literal["remove"], Removal] | tuple[Literal["shuffle"], tuple[np.ndarray, np.ndarray]]


class Clock:
    """Seconds of play: runs unless paused or stopped; ``now`` is the time source."""

    def __init__(self, now: Callable[[], float] = time.monotonic, elapsed: float = 0.0):
        self._now = now
        self._banked = elapsed
        self._since: float | None = None

    @property
    def running(self) -> bool:
        """True while the clock runs (started and not stopped)."""
        return self._since is not None

    @property
    def elapsed(self) -> float:
        """The seconds on the clock, the running stretch included."""
        return self._banked + (self._now() - self._since if self._since is not None else 0.0)

    def start(self) -> None:
        """Run the clock from now on (nothing when it runs)."""
        if self._since is None:
            self._since = self._now()

    def stop(self) -> None:
        """Stop the clock, keeping the time on it."""
        self._banked = self.elapsed
        self._since = None

    def reset(self) -> None:
        """Stop the clock and set it back to 0."""
        self._banked, self._since = 0.0, None

    def copy(self) -> Clock:
        """A stopped clock with the same time on it and the same time source."""
        return Clock(self._now, self.elapsed)


class Game:
    """A game of Mahjong Connect. ``Game(seed=3)`` deals deal 3."""

    def __init__(self, seed: int | None = None, *, scoring: str = "timed", clock: Clock | None = None,
                 grid: np.ndarray | None = None):
        if seed is None:  # a fresh SeedSequence's entropy is an int
            seed = int(cast(int, np.random.SeedSequence().entropy) % (2**63))
        if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or not 0 <= seed <= MAX_INTEGER:
            raise ValueError(f"seed must be a non-negative integer (below 2**128), not {short_repr(seed)}")
        self.seed = int(seed)
        self.scoring = scoring  # checked by the property
        self.rng = np.random.default_rng(self.seed)
        self.start = dealing.new_deal(self.rng) if grid is None else _checked_grid(grid)
        self.clock = clock or Clock()
        self._begin()

    @classmethod
    def from_grid(cls, rows: str | Iterable[Iterable[str | None]], *, seed: int = 0, scoring: str = "timed",
                  clock: Clock | None = None) -> Game:
        """A game on a given layout: rows of tile codes (``None``, ``"."`` or ``""``
        for an empty cell), any size up to the game's board (at most 18 on a side and
        144 cells); e.g. ``Game.from_grid([["D1", None, "D1"]])``.
        Text with one row a line and cells separated by spaces also works, and so does
        ``str(game)``: its last line, the status (tiles left, score, time), is skipped."""
        if isinstance(rows, str):
            lines = rows.strip().splitlines()
            if lines and STATUS_LINE.fullmatch(lines[-1]):
                rows = "\n".join(lines[:-1])
        return cls(seed, scoring=scoring, clock=clock, grid=grid_from_codes(rows))

    def _begin(self) -> None:
        self.grid = self.start.copy()
        self._undo: list[_Step] = []  # ("remove", Removal) / ("shuffle", (before, after))
        self.moves: list[Move] = []
        self.hints = 0
        self._paused = False
        self._pairs: tuple[bytes, list[Move]] = (b"", [])  # legal_moves() of the grid with these bytes
        self.clock.reset()  # it starts at the first action (start_clock)

    # ----------------------------------------------------------------- queries
    @property
    def shape(self) -> tuple[int, int]:
        """The board's ``(rows, cols)``."""
        return self.grid.shape

    def __getitem__(self, cell: Cell) -> str | None:
        return code(int(self.grid[as_cell(cell, self.shape)]))

    @property
    def tiles_left(self) -> int:
        """The number of tiles still on the board."""
        return int(np.count_nonzero(self.grid))

    @property
    def won(self) -> bool:
        """True once every tile is removed (the grid cleared)."""
        return self.tiles_left == 0

    @property
    def stuck(self) -> bool:
        """Tiles are left but no pair can be removed: the "No more moves" state."""
        return not self.won and not self.legal_moves()

    @property
    def is_over(self) -> bool:
        """Cleared (``won``) or no pair can be removed (``stuck``; a shuffle or an undo
        brings moves back)."""
        return self.won or self.stuck

    @property
    def turn(self) -> int:
        """Whose move it is: always 0 (one player)."""
        return 0

    @property
    def scoring(self) -> str:
        """``"timed"`` or ``"standard"`` (see the module docstring); may be changed."""
        return self._scoring

    @scoring.setter
    def scoring(self, scoring: str) -> None:
        if not isinstance(scoring, str) or scoring not in SCORINGS:
            raise ValueError(f"scoring must be one of {SCORINGS}, not {short_repr(scoring)}")
        self._scoring = scoring

    def start_clock(self) -> None:
        """The player acted: the clock runs from now on (unless paused or won)."""
        if not self._paused and not self.won:
            self.clock.start()

    @property
    def seconds(self) -> int:
        """Whole seconds of play so far (paused time excluded)."""
        return int(self.clock.elapsed)

    @property
    def score(self) -> int:
        """The score now: the sum of the parts of :meth:`score_breakdown`."""
        return sum(self.score_breakdown().values())

    def score_breakdown(self) -> dict[str, int]:
        """The parts of the score: ``pairs`` (+10 each), ``hints`` (−10 each), and in
        timed scoring ``time`` (−2 every full 10 s) and ``bonus`` (max(0, 600 − t) on a
        win; 0 before); they add up to ``score``."""
        parts = {"pairs": PAIR_POINTS * len(self.moves), "hints": -HINT_COST * self.hints}
        if self.scoring == "timed":
            t = self.seconds
            parts["time"] = -2 * (t // 10)
            parts["bonus"] = max(0, 600 - t) if self.won else 0
        return parts

    def legal_moves(self) -> list[Move]:
        """Every pair of matching tiles that can be connected now, each once (in board
        order). Kept for the grid it was found on, so ``is_over`` costs nothing more."""
        key = self.grid.tobytes()
        if self._pairs[0] != key:
            self._pairs = (key, [Move(a, b) for a, b in dealing.removable_pairs(self.grid)])
        return list(self._pairs[1])

    def connection(self, a: Cell, b: Cell) -> list[Cell] | None:
        """The corner points of a path of at most two turns joining the tiles on ``a``
        and ``b`` (endpoints included; the outer ring is row -1 / rows, column -1 /
        cols), or None. Whether the tiles match is not checked."""
        a, b = as_cell(a, self.shape), as_cell(b, self.shape)
        return find_path(self.grid, a, b) if a != b else None

    def route(self, a: Cell, b: Cell) -> Route:
        """How the tiles on ``a`` and ``b`` connect, or why not, with the tiles in the
        way of the best route (:class:`Route`, for teaching: ``w.show_path(a, b)``)."""
        move = self._on_board(self._as_move(a, b))
        corners, in_the_way = route_in_the_way(self.grid, move.a, move.b)
        return Route(move.a, move.b, tuple(corners), tuple(in_the_way), self.why_not(move))

    def parse_move(self, text: str | dict[str, Any]) -> Move:
        """The move of ``text`` (``str(move)``: ``"(0, 1)+(2, 3)"``; the brackets and the
        spaces may be left out: ``"0,1+2,3"``) or of its dict (``move.to_dict()``, as
        the other games take theirs), its cells on this board; IllegalMove if it is no
        move. Whether the pair can be removed is not checked."""
        if isinstance(text, dict):
            return self._on_board(Move.from_dict(text))
        if not isinstance(text, str):
            raise IllegalMove(f"parse_move() takes the text or the dict of a move, not {short_repr(text)}")
        return self._on_board(_move_of_text(text))

    def is_legal(self, move: MoveLike, b: Cell | None = None) -> bool:
        """Can the pair be removed now? ``move`` as ``play`` takes it."""
        return self.why_not(move, b) is None

    def why_not(self, move: MoveLike, b: Cell | None = None) -> str | None:
        """Why the pair cannot be removed now, in words; None if it can. ``move`` as
        ``play`` takes it (a Move, its text, its dict, a pair of cells, or two cells
        ``why_not(a, b)``); what is no move at all is answered with why, never raised."""
        try:
            found = self._as_move(move, b)
        except IllegalMove as exc:
            return str(exc)
        return self._refusal(found)

    def _as_move(self, move: MoveLike, b: Cell | None) -> Move:
        if b is not None:
            return Move(as_cell(move, self.shape, "first tile"), as_cell(b, self.shape, "second tile"))
        return self._on_board(_move_of(move))

    def _on_board(self, move: Move) -> Move:
        as_cell(move.a, self.shape, "first tile")
        as_cell(move.b, self.shape, "second tile")
        return move

    def _refusal(self, move: Move) -> str | None:
        """Why the pair of ``move`` (cells on the board) cannot be removed; None if it can."""
        a, b = move.a, move.b
        if self.won:
            return "the grid is cleared"
        for cell in (a, b):
            if not self.grid[cell]:
                return f"there is no tile on {cell}"
        if a == b:
            return "a tile cannot pair with itself"
        ta, tb = int(self.grid[a]), int(self.grid[b])
        if not matches(ta, tb):
            return f"{NAMES[ta]} on {a} does not match {NAMES[tb]} on {b}"
        if find_path(self.grid, a, b) is None:
            turns = fewest_turns(self.grid, a, b)
            if turns is None:
                return f"{a} and {b} are walled apart by other tiles"
            return f"joining {a} and {b} needs {turns} turns; at most two are allowed"
        return None

    def outcome(self) -> Outcome | None:
        """None while a pair can be removed; else how the game ended: cleared, or no
        more moves (stuck)."""
        return Outcome(self.won, self.score, self.seconds) if self.is_over else None

    # ----------------------------------------------------------------- actions
    def play(self, move: MoveLike, b: Cell | None = None) -> Removal:
        """Remove a pair: ``play(Move(a, b))``, its text ``play("(0, 1)+(2, 3)")``, its
        dict, a pair of cells ``play([a, b])``, or two cells ``play(a, b)``. Returns the
        :class:`Removal`. IllegalMove saying why when the pair cannot go (the game is
        unchanged); GameOver once the game is over (cleared, or no pair can go)."""
        found: Move | None = None
        try:
            found = self._as_move(move, b)
            reason = self._refusal(found)
        except IllegalMove as exc:
            reason = str(exc)
        if reason is not None or found is None:
            if self.won:
                raise GameOver("the grid is cleared")
            if self.stuck:
                raise GameOver(f"no pair can be removed (shuffle, undo or start again): {reason}")
            raise IllegalMove(reason)
        self.start_clock()
        corners = find_path(self.grid, found.a, found.b)
        assert corners is not None  # _refusal found them connected
        path = tuple(corners)
        tiles = (int(self.grid[found.a]), int(self.grid[found.b]))
        self.grid[found.a] = self.grid[found.b] = 0
        self.moves.append(found)
        removal = Removal(found, tiles, path, PAIR_POINTS, self.won)
        self._undo.append(("remove", removal))
        if self.won:
            self.clock.stop()
        return removal

    def push(self, move: MoveLike, b: Cell | None = None) -> Removal:
        """The same as :meth:`play`."""
        return self.play(move, b)

    def undo(self) -> Move | Shuffle:
        """Take back the last action and return it: the :class:`Move` of a removed pair,
        or :class:`Shuffle` (the layout before the shuffle comes back)."""
        if not self._undo:
            raise NothingToUndo("there is nothing to undo")
        step = self._undo.pop()
        if step[0] == "remove":
            removal = step[1]
            self.grid[removal.move.a], self.grid[removal.move.b] = removal.tiles
            self.moves.pop()
            self.start_clock()
            return removal.move
        before, _ = step[1]
        self.grid = before.copy()
        return Shuffle()

    def pop(self) -> Move | Shuffle:
        """The same as :meth:`undo`."""
        return self.undo()

    @property
    def actions(self) -> list[Move | Shuffle]:
        """Everything ``undo`` can take back, oldest first: the move of each removed
        pair and each shuffle (``moves`` holds the removals only)."""
        return [step[1].move if step[0] == "remove" else Shuffle() for step in self._undo]

    @property
    def removals(self) -> list[Removal]:
        """The pairs removed so far, oldest first (their tiles, paths and points)."""
        return [step[1] for step in self._undo if step[0] == "remove"]

    def hint(self) -> Move:
        """A pair that can be removed now (costs 10 points); GameOver when none."""
        moves = self.legal_moves()
        if not moves:
            raise GameOver("no pair can be removed" + ("" if self.won else ": shuffle, undo or start again"))
        self.hints += 1
        self.start_clock()
        try:
            solution = dealing.solve(self.grid, max_nodes=2_000)
        except dealing.SearchLimit:  # not known: any pair not known to be a dead end
            for move in moves:
                if dealing.pair_safety(self.grid, (move.a, move.b), max_nodes=300)[0] != dealing.DEAD_END:
                    return move
            return moves[0]
        return Move(*solution[0]) if solution else moves[0]  # None: every pair is a dead end

    def shuffle(self) -> Shuffle:
        """Redeal the remaining tiles on their cells so the layout can be cleared
        completely; only offered when no pair can be removed. ``undo()`` takes it back."""
        if self.won:
            raise GameOver("the grid is cleared")
        if self.legal_moves():
            raise IllegalMove("a pair can still be removed: shuffling is only offered when none can")
        self.start_clock()
        before = self.grid.copy()
        try:
            self.grid = dealing.shuffled(self.grid, self.rng)
        except ValueError as exc:  # tiles without a partner left: no layout clears them
            raise IllegalMove(f"cannot shuffle: {exc}") from None
        self._undo.append(("shuffle", (before, self.grid.copy())))
        return Shuffle()

    def restart(self) -> None:
        """Play the same deal again from the start."""
        self._begin()

    def pause(self) -> None:
        """Pause: the clock stops, and the player's actions do not start it until :meth:`resume`."""
        self._paused = True
        self.clock.stop()

    def resume(self) -> None:
        """Go on after :meth:`pause`: the clock runs again (unless the game is won)."""
        self._paused = False
        self.start_clock()

    @property
    def paused(self) -> bool:
        """True between :meth:`pause` and :meth:`resume`."""
        return self._paused

    def __eq__(self, other: object) -> bool:
        """Two games are equal when they are in the same position
        (the layout, the pairs removed, the hints taken, the scoring), however they
        got there; a game is not hashable (it changes)."""
        if not isinstance(other, Game):
            return NotImplemented
        return (np.array_equal(self.grid, other.grid) and len(self.moves) == len(other.moves)
                and self.hints == other.hints and self.scoring == other.scoring)

    __hash__ = None  # type: ignore[assignment]

    def copy(self) -> Game:
        """An independent copy with a stopped copy of the clock: the same layout,
        history and random stream (the game's own future; a player gets :meth:`view`)."""
        game = Game.__new__(Game)
        game.seed, game._scoring, game.start = self.seed, self._scoring, self.start  # start: never changed
        game.rng = np.random.default_rng(0)
        game.rng.bit_generator.state = self.rng.bit_generator.state
        game.clock = self.clock.copy()
        game.grid = self.grid.copy()
        game._undo = list(self._undo)  # its steps are never changed in place
        game.moves = list(self.moves)
        game.hints, game._paused, game._pairs = self.hints, False, self._pairs
        return game

    def view(self, seat: int = 0) -> Game:
        """What the player sees (:func:`gamewidgets.protocol.seat_view`): a copy whose
        shuffles are drawn from a generator seeded by the visible layout and actions,
        unrelated to the game's; its ``seed`` is that generator's. Shuffling it tells
        nothing about how the real game would shuffle."""
        if seat != 0:
            raise ValueError(f"Mahjong Connect has one seat, 0; not {short_repr(seat)}")
        view = self.copy()
        view.seed = seen_seed("mahjong", _codes(self.start), _codes(self.grid), [str(a) for a in self.actions])
        view.rng = np.random.default_rng(view.seed)
        return view

    @classmethod
    def from_record(cls, record: Any, *, index: int = 0) -> Game:
        """The game ``record`` holds, replayed to its last move: a record of
        :mod:`gamewidgets.record` (from ``match``, a tournament, the command line), or
        one of an earlier version (``gamewidgets mahjong solve``'s); a file of several records gives record
        ``index``. :class:`~gamewidgets.errors.BadSave` says where it breaks."""
        from ..record import replay

        return replay(record, "mahjong", index=index)

    # ----------------------------------------------------------- serialisation
    def to_dict(self) -> dict[str, Any]:
        """Everything needed to continue the game exactly (start, history, hints, time,
        generator state); :meth:`from_dict` reads it back."""
        history: list[dict[str, Any]] = []
        for step in self._undo:
            if step[0] == "remove":
                history.append({"remove": step[1].move.to_list()})
            else:
                history.append({"shuffle": _codes(step[1][1])})
        return {
            "game": "mahjong",
            "version": 1,
            "seed": self.seed,
            "scoring": self.scoring,
            "start": _codes(self.start),
            "grid": _codes(self.grid),
            "history": history,
            "hints": self.hints,
            "seconds": self.clock.elapsed,
            "rng": self.rng.bit_generator.state,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], clock: Clock | None = None) -> Game:
        """A game from :meth:`to_dict`'s output, replayed and checked; BadSave if damaged."""
        if not isinstance(data, dict):
            raise BadSave(f"not a Mahjong Connect save: a save is a dict, not {short_repr(data)}")
        try:
            if data.get("game") != "mahjong":
                raise BadSave(f"not a Mahjong Connect game: game={short_repr(data.get('game'))}")
            start = np.array([[parse(c) for c in row] for row in data["start"]], dtype=np.int8)
            game = cls(integer(data["seed"], "seed", 0, MAX_INTEGER), scoring=data["scoring"], clock=clock,
                       grid=start)
            for step in data["history"]:
                if not isinstance(step, dict):
                    raise BadSave(f"a step of the history is {{'remove': [a, b]}} or {{'shuffle': grid}}, "
                                  f"not {type(step).__name__}")
                if "remove" in step:
                    game.play(Move(*step["remove"]))
                else:
                    after = np.array([[parse(c) for c in row] for row in step["shuffle"]], dtype=np.int8)
                    if after.shape != game.grid.shape or not np.array_equal(
                            np.sort(after, axis=None), np.sort(game.grid, axis=None)) or not np.array_equal(
                            after != 0, game.grid != 0):
                        raise BadSave("a shuffle must keep the tiles and their cells")
                    game._undo.append(("shuffle", (game.grid.copy(), after.copy())))
                    game.grid = after
            grid = np.array([[parse(c) for c in row] for row in data["grid"]], dtype=np.int8)
            if not np.array_equal(grid, game.grid):
                raise BadSave("the saved grid is not what the saved moves lead to")
            game.hints = integer(data["hints"], "hints", 0, MAX_HINTS)
            game.rng.bit_generator.state = generator_state(data["rng"])
            game.clock = clock or Clock(elapsed=number(data["seconds"], "seconds", 0, MAX_COUNT))
            game.clock.stop()  # it runs again at the next action (start_clock)
        except BadSave:
            raise
        except (IllegalMove, KeyError, TypeError, ValueError, IndexError) as exc:
            raise BadSave(f"damaged Mahjong Connect save: {type(exc).__name__}: {exc}") from None
        return game

    # ------------------------------------------------------------------- text
    def __repr__(self) -> str:
        state = "won" if self.won else "stuck" if self.stuck else "playing"
        return f"<mahjong.Game seed={self.seed} tiles={self.tiles_left} score={self.score} {state}>"

    def svg(self, analysis: Analysis | None = None, *, overlay: Mapping[str, Any] | None = None) -> str:
        """The position as an SVG picture (:mod:`gamewidgets.mahjong.picture`), with
        ``analysis`` (or an ``overlay`` of the widget's trait shape) drawn on it."""
        from .picture import svg  # here: picture imports this module

        return svg(self, analysis, overlay=overlay)

    def _repr_svg_(self) -> str:
        return self.svg()

    def __str__(self) -> str:
        """The grid, a row a line (``.`` an empty cell), then the status line;
        ``Game.from_grid(str(game))`` reads it back."""
        rows = [" ".join(code(int(t)) or ". " for t in row) for row in self.grid]
        rows.append(f"{self.tiles_left} tiles left, score {self.score}, {self.seconds} s")
        return "\n".join(rows)


def _codes(grid: np.ndarray) -> list[list[str | None]]:
    return [[code(int(t)) for t in row] for row in grid]


def _checked_grid(grid: npt.ArrayLike) -> np.ndarray:
    try:
        grid = np.array(grid, dtype=np.int64)
    except (TypeError, OverflowError) as exc:  # ValueError passes as it is
        raise ValueError(f"a layout is a 2-D grid of tile numbers 0..{len(CODES)}: {exc}") from None
    if grid.ndim != 2 or grid.size == 0:
        raise ValueError("a layout is a non-empty 2-D grid of tiles")
    dealing.check_layout_size(*grid.shape)
    if grid.min() < 0 or grid.max() > len(CODES):
        raise ValueError(f"tiles are 0 (empty) or 1..{len(CODES)}")
    return grid.astype(np.int8)

