"""Line 98 (Color Lines): the complete rules, pure Python + numpy.

The rule book is ``shared/spec/line98.md``; this module implements all of it. The
:class:`Game` is the one rules interface of all four games
(:class:`gamewidgets.protocol.Rules`, modelled on python-chess): ``legal_moves()``,
``is_legal`` / ``why_not`` / ``play`` (= ``push``) / ``parse_move``, ``undo()`` (=
``pop``), ``is_over``, ``turn``, ``outcome()``, ``moves``, ``copy()``, ``to_dict()`` /
``from_dict()``; moves are frozen :class:`Move` dataclasses; illegal moves raise
:class:`~gamewidgets.errors.IllegalMove` with the reason in words and change nothing.

How Line 98 fills in that interface:

- A move is given as a :class:`Move`, its text, its dict (``Move.to_dict()``:
  ``{"from": [row, col], "to": [row, col]}``) or, as before, as two arguments
  ``play(source, target)``; ``is_legal``, ``why_not``, ``play``, ``push`` and
  ``parse_move`` all take every form, through one function (:func:`as_move`). Anything
  else — other types, a dict without ``from``/``to``, a move together with a target —
  is an :class:`IllegalMove` (``why_not`` returns its message, never raises).
- A move's text is ``str(move)``: ``"(0, 6)->(4, 4)"``. :meth:`Move.parse` also reads
  plainer forms: each cell as ``(r, c)``, ``[r, c]``, ``r,c`` or ``r c``, and between
  the two cells ``->``, ``→``, ``-``, a comma or just spaces (``"0,6->4,4"``,
  ``"[0, 6], [4, 4]"``, ``"0 6 4 4"``). Digits are ASCII, at most 3 a number, the
  text at most 80 characters; a cell off the board is refused as such. There are no
  square names (no "b1"): cells are ``(row, col)``, as everywhere.
- ``Move.parse(text)`` only reads the text; ``game.parse_move(text)`` is the legal move
  written so (as in python-chess and Lines of Action): it raises ``why_not``'s reason
  for a move that may not be played now, :class:`GameOver` after the end.
- ``is_over`` is a property (``over`` is kept as its old name, also read-only);
  ``turn`` is always 0, also after the end (one player).
- ``outcome()``: None while the game runs; then an :class:`Outcome` with ``winner``
  None (one player), ``reason`` "board full" (the only way a game ends), ``score``
  the final score (the points of all clears) and ``moves`` the number of moves.
- ``play`` returns a :class:`MoveResult` (what the move did, for views); ``undo`` and
  ``pop`` return the move taken back, one step only (see below).
- ``svg(analysis=None, *, overlay=None)`` and ``_repr_svg_()``: the position as an SVG
  picture, like the view (previews, score, last move; an analysis drawn on it): see
  :mod:`gamewidgets.line98.picture`.

Conventions and the choices made where the rule book is silent:

- Cells are ``(row, col)`` tuples, row 0 at the top, both 0..8. Colours are ints
  1..7 = red, green, blue, yellow, pink, cyan, white; 0 is an empty cell.
- All randomness comes from the game's own ``numpy.random.Generator`` (PCG64), seeded
  from ``seed``; its state is part of the game state, saved by ``to_dict`` and restored
  by ``undo``. So a seed replays a game exactly, and undoing and repeating a move gives
  the same spawns. ``Game()`` without a seed draws one and keeps it in ``game.seed``.
- Setup: 5 balls of uniformly random colours on 5 distinct random cells, then the
  previews. The starting balls never clear on their own (only a move or a spawn is
  checked for lines), as in the original.
- Previews are drawn on distinct random empty cells with random colours, as many as
  there are empty cells up to 3 — this is how "spawn as many as fit" happens: a spawn
  places exactly the previews that are on the board.
- A ball stopping on a preview's cell moves that preview at once to a uniformly random
  cell that holds neither a ball nor another preview; the cell the ball just left is
  always such a cell, so the preview is never lost. The preview keeps its colour and
  its place in the order of previews.
- Lines are checked only through the moved ball (after a move) or through the balls
  that just appeared (after a spawn); all lines of one event are pooled and scored once
  as ``2n² − 20n + 60`` for its n distinct balls.
- If a clearing move leaves no ball at all on the board, the previews come in at once
  (and new ones are drawn), since otherwise no move would be possible.
- The game is over when no empty cell remains after spawning and clearing.
- Undo is one step, as in the original: the last move (also the one that ended the
  game) can be taken back once; a second ``undo()`` in a row raises
  :class:`~gamewidgets.errors.NothingToUndo`. The full history of positions is kept
  regardless (``game.states()``), for records and for stepping through a game.
- Loading (``from_dict``, ``from_board``, ``Move.from_dict``) checks every number with
  :mod:`gamewidgets.untrusted`: colours 0..7, cells on the board, a seed of at most
  2¹²⁸ − 1 and a score of at most 2⁵³ − 1 (``MAX_COUNT``: a view shows it exactly);
  NaN, infinities, bools and huge integers are refused (:class:`BadSave` from
  ``from_dict``, ValueError from ``from_board``, IllegalMove from ``Move.from_dict``).
  ``from_board`` reads ``board`` as numpy reads an array, so ``True`` in a list of ints
  counts as 1 there.
"""

from __future__ import annotations

import dataclasses
import re
from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeAlias, cast, overload

import numpy as np
import numpy.typing as npt

from ..cells import as_cell as board_cell
from ..errors import BadSave, GameOver, IllegalMove, NothingToUndo
from ..protocol import seen_seed
from ..untrusted import MAX_COUNT, MAX_INTEGER, flag, generator_state, integer, short_repr

SIZE = 9
COLOURS = ("red", "green", "blue", "yellow", "pink", "cyan", "white")
LETTERS = "RGBYPCW"
START_BALLS = 5
PREVIEWS = 3
LINE = 5
DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))
STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))

Cell = tuple[int, int]
Ball = tuple[int, int, int]  # (row, col, colour)
# the orthogonal neighbours of each flat cell index (row * 9 + col)
_NEIGHBOURS = tuple(
    tuple((r + dr) * SIZE + c + dc for dr, dc in STEPS if 0 <= r + dr < SIZE and 0 <= c + dc < SIZE)
    for r in range(SIZE)
    for c in range(SIZE)
)


@overload
def points(balls: int) -> int: ...
@overload
def points(balls: np.ndarray) -> np.ndarray: ...
def points(balls: int | np.ndarray) -> int | np.ndarray:
    """Points for one clearing event of ``balls`` balls: 2n² − 20n + 60, 0 below 5
    (an int for an int, an array for an array of counts)."""
    n = np.asarray(balls)
    score = np.where(n >= LINE, 2 * n * n - 20 * n + 60, 0)
    return int(score) if score.ndim == 0 else score


def as_cell(value: Any, what: str = "cell") -> Cell:
    """``value`` as a ``(row, col)`` on the 9×9 board, or :class:`IllegalMove` saying why."""
    return board_cell(value, (SIZE, SIZE), what)


# a cell in a move's text: "(6, 8)", "[6, 8]", "6,8" or "6 8" (at most 3 digits a number)
_CELL_TEXT = r"[(\[]?\s*(-?[0-9]{1,3})\s*(?:,\s*|\s+)(-?[0-9]{1,3})\s*[)\]]?"
# two cells, with an arrow ("->", "→", "-"), a comma or just spaces between them
_MOVE_TEXT = re.compile(rf"\s*{_CELL_TEXT}(?:\s*(?:->|→|-|,)\s*|\s+){_CELL_TEXT}\s*")
_MAX_MOVE_TEXT = 80  # longer text is no move (nor is it worth a regex)
_MOVE_FORMS = ("a Move, its text such as '(0, 6)->(4, 4)', its dict {'from': [row, col], 'to': [row, col]} "
               "or a source and a target")


@dataclass(frozen=True)
class Move:
    """Move the ball on ``source`` to the empty cell ``target``."""

    source: Cell
    target: Cell

    def __post_init__(self) -> None:
        object.__setattr__(self, "source", as_cell(self.source, "source"))
        object.__setattr__(self, "target", as_cell(self.target, "target"))

    def to_dict(self) -> dict[str, list[int]]:
        """The move as plain JSON data: ``{"from": [row, col], "to": [row, col]}``;
        :meth:`from_dict` reads it back."""
        return {"from": list(self.source), "to": list(self.target)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Move:
        """A move from :meth:`to_dict`'s ``{"from": [r, c], "to": [r, c]}``;
        :class:`IllegalMove` saying why when it is not one."""
        if not isinstance(data, Mapping) or "from" not in data or "to" not in data:
            raise IllegalMove(f"a move is {{'from': [row, col], 'to': [row, col]}}, not {short_repr(data)}")
        return cls(data["from"], data["to"])

    @classmethod
    def parse(cls, text: str) -> Move:
        """The move written ``text``: ``str(move)``'s ``"(0, 6)->(4, 4)"`` or a plainer
        form (``"0,6->4,4"``, ``"[0, 6] -> [4, 4]"``, ``"0 6 4 4"``: see the module
        docstring). Only reads the text: :meth:`Game.parse_move` also checks the move is
        legal. :class:`IllegalMove` saying why when it is no move."""
        found = (_MOVE_TEXT.fullmatch(text) if isinstance(text, str) and len(text) <= _MAX_MOVE_TEXT
                 else None)
        if found is None:
            raise IllegalMove(f"{short_repr(text)} is not a move: write (row, col)->(row, col), e.g. (0, 6)->(4, 4)")
        row, col, to_row, to_col = (int(number) for number in found.groups())
        return cls((row, col), (to_row, to_col))

    def __str__(self) -> str:
        return f"{self.source}->{self.target}"


#: what every method taking a move accepts: a Move, its text or its dict
MoveLike: TypeAlias = Move | str | Mapping[str, Any]


def as_move(move: Any, target: Any = None) -> Move:
    """``move`` as a :class:`Move`: a Move, its text (:meth:`Move.parse`), its dict
    (:meth:`Move.from_dict`), or a source cell when ``target`` is given; anything else
    raises :class:`IllegalMove` saying why. The one place every method of
    :class:`Game` turns what it was given into a move."""
    if target is not None:
        if isinstance(move, (Move, str, Mapping)):
            raise IllegalMove(f"a move is {_MOVE_FORMS}, not both a move and a target")
        return Move(move, target)
    if isinstance(move, Move):
        return move
    if isinstance(move, str):
        return Move.parse(move)
    if isinstance(move, Mapping):
        return Move.from_dict(move)
    raise IllegalMove(f"a move is {_MOVE_FORMS}, not {short_repr(move)}")


@dataclass(frozen=True)
class Preview:
    """A small ball: where the next ball of ``colour`` will appear."""

    row: int
    col: int
    colour: int

    @property
    def cell(self) -> Cell:
        """The preview's ``(row, col)``."""
        return (self.row, self.col)


@dataclass(frozen=True)
class MoveResult:
    """What one move did, in the order it happened (for views and explanations)."""

    move: Move
    colour: int
    path: tuple[Cell, ...]
    displaced: tuple[Cell, Cell] | None  # a preview moved off the target: (from, to)
    cleared: tuple[Ball, ...]  # (row, col, colour) removed
    spawned: tuple[Ball, ...]  # (row, col, colour) that came in
    points: int
    over: bool


@dataclass(frozen=True)
class Outcome:
    """The end of a game: the final ``score``, the number of ``moves`` and the
    ``reason`` (always "board full"); ``winner`` is None (one player)."""

    score: int
    moves: int
    reason: str = "board full"

    @property
    def winner(self) -> None:
        """None: a game of one player has no winner."""
        return None

    def __str__(self) -> str:
        return f"{self.reason}: {self.score} points in {self.moves} moves"


@dataclass
class _Position:
    """Everything that undo restores."""

    board: np.ndarray
    previews: tuple[Preview, ...]
    score: int
    rng_state: Mapping[str, Any]
    over: bool

    def to_dict(self) -> dict[str, Any]:
        return {
            "board": self.board.tolist(),
            "previews": [[p.row, p.col, p.colour] for p in self.previews],
            "score": self.score,
            "over": self.over,
            "rng": self.rng_state,
        }


class Game:
    """A game of Line 98. ``Game(seed=3)`` is the same game every time."""

    def __init__(self, seed: int | None = None):
        if seed is None:  # a fresh SeedSequence's entropy is an int
            seed = int(cast(int, np.random.SeedSequence().entropy) % (2**63))
        if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or not 0 <= seed <= MAX_INTEGER:
            raise ValueError(f"seed must be a non-negative integer (below 2**128), not {short_repr(seed)}")
        self.seed = int(seed)
        self.rng = np.random.default_rng(self.seed)
        self.board = np.zeros((SIZE, SIZE), dtype=np.int8)
        self.previews: tuple[Preview, ...] = ()
        self.score = 0
        self._over = False
        self.moves: list[Move] = []
        self._before: list[_Position] = []  # the position before each move
        self._can_undo = False
        cells = self.rng.choice(SIZE * SIZE, size=START_BALLS, replace=False)
        colours = self.rng.integers(1, len(COLOURS) + 1, size=START_BALLS)
        for index, colour in zip(cells, colours, strict=True):
            self.board[divmod(int(index), SIZE)] = colour
        self._draw_previews()

    @classmethod
    def from_board(cls, board: npt.ArrayLike, previews: Iterable[Sequence[int]] | None = None, *, seed: int = 0,
                   score: int = 0) -> Game:
        """A game in a given position: ``board`` 9×9 ints (0 empty, 1..7) and
        ``previews`` as ``(row, col, colour)`` triples on empty cells — or, when None,
        drawn at random like in a real game. Later spawns come from ``seed``."""
        game = cls(seed)
        position = {"board": np.asarray(board).tolist(), "previews": [list(p) for p in previews or ()],
                    "score": score, "over": False, "rng": game.rng.bit_generator.state}
        try:
            game._restore(_position_from_dict(position, game.rng))
        except (TypeError, ValueError, IndexError) as exc:
            raise ValueError(f"not a Line 98 position: {exc}") from None
        if previews is None:
            game._draw_previews()
        game._over = not (game.board == 0).any()
        return game

    @classmethod
    def from_text(cls, text: str, *, seed: int = 0, score: int = 0) -> Game:
        """A game from a picture: 9 lines of 9 cells (spaces ignored), ``.`` empty,
        ``RGBYPCW`` a ball, lower case a preview (with no preview in the picture,
        previews are drawn at random); the format ``str(game)`` prints, header, row
        numbers and status line included, is also accepted::

            Game.from_text('''
                R R R R . . . . .
                . . . . r . . . .
                ...
            ''')
        """
        rows = []
        for line in text.strip("\n").splitlines():
            cells = "".join(line.split())
            if cells.isdigit() or cells.startswith("score"):
                continue  # header / status line of str(game)
            if len(cells) == SIZE + 1 and cells[0].isdigit():
                cells = cells[1:]  # row number
            if cells:
                rows.append(cells)
        if len(rows) != SIZE or any(len(row) != SIZE for row in rows):
            raise ValueError(f"a Line 98 board is 9 lines of 9 cells, got {[len(r) for r in rows]}")
        board = np.zeros((SIZE, SIZE), dtype=np.int8)
        previews: list[Ball] = []
        for r, row in enumerate(rows):
            for c, char in enumerate(row):
                if char == ".":
                    continue
                if char.upper() not in LETTERS:
                    raise ValueError(f"unknown cell {char!r} at {(r, c)}: use . or one of {LETTERS}")
                colour = LETTERS.index(char.upper()) + 1
                if char.isupper():
                    board[r, c] = colour
                else:
                    previews.append((r, c, colour))
        return cls.from_board(board, previews or None, seed=seed, score=score)

    # ----------------------------------------------------------------- queries
    def __getitem__(self, cell: Cell) -> int:
        return int(self.board[as_cell(cell)])

    @property
    def can_undo(self) -> bool:
        """True when the last move can be taken back (one step only: not again after an undo)."""
        return self._can_undo

    @property
    def is_over(self) -> bool:
        """True once no empty cell remains (after spawning and clearing)."""
        return self._over

    @property
    def over(self) -> bool:
        """The old name of :attr:`is_over`."""
        return self._over

    @property
    def turn(self) -> int:
        """Whose move it is: always 0, one player (also after the end)."""
        return 0

    def empty_cells(self) -> list[Cell]:
        """Cells without a ball (preview cells count as empty)."""
        return [(int(r), int(c)) for r, c in zip(*np.nonzero(self.board == 0), strict=True)]

    def balls(self) -> list[Cell]:
        """The cells that hold a ball (previews do not count), in board order."""
        return [(int(r), int(c)) for r, c in zip(*np.nonzero(self.board), strict=True)]

    def preview_at(self, cell: Cell) -> Preview | None:
        """The preview on ``cell``, or None when there is none."""
        for preview in self.previews:
            if preview.cell == cell:
                return preview
        return None

    def reachable(self, source: Cell) -> set[Cell]:
        """The empty cells the ball on ``source`` can move to (empty set if no ball)."""
        source = as_cell(source, "source")
        if not self.board[source]:
            return set()
        return set(self._search(source)) - {source}

    def path(self, source: Cell, target: Cell) -> list[Cell] | None:
        """A shortest orthogonal path of empty cells from ``source`` to ``target``
        (both included), or None when there is none."""
        source, target = as_cell(source, "source"), as_cell(target, "target")
        if not self.board[source] or self.board[target] or source == target:
            return None
        came_from = self._search(source, target)
        if target not in came_from:
            return None
        steps = [target]
        while (previous := came_from[steps[-1]]) is not None:
            steps.append(previous)
        return steps[::-1]

    def _search(self, source: Cell, target: Cell | None = None) -> dict[Cell, Cell | None]:
        """Breadth-first search over empty cells from ``source`` (stopping at
        ``target`` if given): each cell reached -> the cell it was reached from."""
        came_from: dict[Cell, Cell | None] = {source: None}
        queue = deque([source])
        while queue:
            cell = queue.popleft()
            if cell == target:
                break
            r, c = cell
            for dr, dc in STEPS:
                nxt = (r + dr, c + dc)
                if 0 <= nxt[0] < SIZE and 0 <= nxt[1] < SIZE and nxt not in came_from and not self.board[nxt]:
                    came_from[nxt] = cell
                    queue.append(nxt)
        return came_from

    def legal_moves(self) -> list[Move]:
        """Every legal move, ordered by source then target (row-major)."""
        pairs = self.legal_move_array()
        return [Move(divmod(int(s), SIZE), divmod(int(t), SIZE)) for s, t in pairs]

    def legal_move_array(self) -> np.ndarray:
        """Every legal move as an ``(n, 2)`` int array of flat cell indices
        ``[source, target]`` (index = row * 9 + col), ordered like ``legal_moves()``.
        The fast form, for players that score all moves at once with numpy."""
        if self._over:
            return np.empty((0, 2), dtype=np.intp)
        flat = self.board.ravel().tolist()
        labels = [0] * (SIZE * SIZE)
        regions: list[list[int]] = [[]]
        for start in range(SIZE * SIZE):
            if flat[start] or labels[start]:
                continue
            label = len(regions)
            labels[start] = label
            cells, stack = [start], [start]
            while stack:
                for nxt in _NEIGHBOURS[stack.pop()]:
                    if not flat[nxt] and not labels[nxt]:
                        labels[nxt] = label
                        cells.append(nxt)
                        stack.append(nxt)
            cells.sort()
            regions.append(cells)
        sources: list[int] = []
        targets: list[int] = []
        for source in range(SIZE * SIZE):
            if not flat[source]:
                continue
            near = sorted({labels[n] for n in _NEIGHBOURS[source] if labels[n]})
            if not near:
                continue
            reach = regions[near[0]] if len(near) == 1 else sorted(c for r in near for c in regions[r])
            sources.extend([source] * len(reach))
            targets.extend(reach)
        return np.column_stack((np.array(sources, dtype=np.intp), np.array(targets, dtype=np.intp)))

    def is_legal(self, move: MoveLike, target: Cell | None = None) -> bool:
        """Whether ``move`` (a Move, its text, its dict, or ``source, target``) may be
        played now."""
        return self.why_not(move, target) is None

    def why_not(self, move: MoveLike, target: Cell | None = None) -> str | None:
        """Why ``move`` (any form :meth:`play` takes) may not be played now, in words —
        the message :meth:`play` would raise; None when it is legal. Never raises."""
        try:
            self._checked(move, target)
        except IllegalMove as refusal:
            return str(refusal)
        return None

    def parse_move(self, text: MoveLike) -> Move:
        """The legal move written ``text`` (``str(move)``, a plainer form of it — see
        :meth:`Move.parse` — or a Move or its dict); :class:`IllegalMove` (or
        :class:`GameOver`) saying why when it is no move or may not be played now."""
        return self._checked(text)[0]

    def outcome(self) -> Outcome | None:
        """None while the game runs; the final score and move count once it is over."""
        return Outcome(self.score, len(self.moves)) if self._over else None

    def lines_through(self, cells: Iterable[Cell], board: np.ndarray | None = None) -> set[Cell]:
        """The cells of every line of 5+ same-coloured balls through any of ``cells``."""
        board = self.board if board is None else board
        found: set[Cell] = set()
        for r, c in cells:
            colour = board[r, c]
            if not colour:
                continue
            for dr, dc in DIRECTIONS:
                run = [(r, c)]
                for sign in (1, -1):
                    rr, cc = r + sign * dr, c + sign * dc
                    while 0 <= rr < SIZE and 0 <= cc < SIZE and board[rr, cc] == colour:
                        run.append((rr, cc))
                        rr, cc = rr + sign * dr, cc + sign * dc
                if len(run) >= LINE:
                    found.update(run)
        return found

    # ----------------------------------------------------------------- actions
    def play(self, move: MoveLike | Cell, target: Cell | None = None) -> MoveResult:
        """Play ``move`` — a Move, its text (``"(0, 6)->(4, 4)"``), its dict, or
        ``play(source, target)`` — and return what it did; raises :class:`IllegalMove`
        (changing nothing) when it is no move or the rules forbid it, :class:`GameOver`
        after the end."""
        move, path = self._checked(move, target)
        self._before.append(self._position())
        colour = int(self.board[move.source])
        self.board[move.source] = 0
        self.board[move.target] = colour
        displaced = None
        preview = self.preview_at(move.target)
        if preview is not None:
            free = [cell for cell in self.empty_cells() if self.preview_at(cell) is None]
            new_cell = free[int(self.rng.integers(len(free)))]
            self.previews = tuple(
                Preview(*new_cell, p.colour) if p is preview else p for p in self.previews
            )
            displaced = (move.target, new_cell)
        cleared = self._clear(self.lines_through([move.target]))
        gained = points(len(cleared))
        spawned: tuple[Ball, ...] = ()
        if not cleared or not self.board.any():
            spawned, spawn_cleared = self._spawn()
            gained += points(len(spawn_cleared))
            cleared += spawn_cleared
        self.score += gained
        self._over = not (self.board == 0).any()
        self.moves.append(move)
        self._can_undo = True
        return MoveResult(
            move=move,
            colour=colour,
            path=tuple(path),
            displaced=displaced,
            cleared=cleared,
            spawned=spawned,
            points=gained,
            over=self._over,
        )

    def push(self, move: MoveLike | Cell, target: Cell | None = None) -> MoveResult:
        """The same as :meth:`play` (python-chess's name)."""
        return self.play(move, target)

    def pop(self) -> Move:
        """The same as :meth:`undo` (python-chess's name): the move taken back."""
        return self.undo()

    def undo(self) -> Move:
        """Take back the last move (one step), previews and random stream included;
        returns it."""
        if not self._can_undo:
            if not self.moves:
                raise NothingToUndo("there is no move to undo")
            raise NothingToUndo("only the last move can be undone, and it already was")
        self._restore(self._before.pop())
        self._can_undo = False
        return self.moves.pop()

    def __eq__(self, other: object) -> bool:
        """Two games are equal when they are in the same position (board, previews, score, over), however
        they got there; a game is not hashable (it changes)."""
        if not isinstance(other, Game):
            return NotImplemented
        return (np.array_equal(self.board, other.board) and self.previews == other.previews
                and self.score == other.score and self._over == other._over)

    __hash__ = None  # type: ignore[assignment]

    def copy(self) -> Game:
        """An independent copy: the same position, history and random stream (so it
        plays on exactly as this game would: the game's own future, not a player's
        view of it; see :meth:`view`)."""
        game = Game.__new__(Game)
        game.seed = self.seed
        game.rng = np.random.default_rng(0)
        game.rng.bit_generator.state = self.rng.bit_generator.state
        game.board = self.board.copy()
        game.previews, game.score, game._over = self.previews, self.score, self._over
        game.moves = list(self.moves)
        game._before = list(self._before)  # positions are never changed in place
        game._can_undo = self._can_undo
        return game

    def view(self, seat: int = 0) -> Game:
        """What the player sees (:func:`gamewidgets.protocol.seat_view`): a copy whose
        future chance (the previews to come, a displaced preview's new cell, and the
        random stream undo would restore) is drawn from a generator seeded by the
        visible position, unrelated to the game's; its ``seed`` is that generator's.
        Trying moves on it is allowed and useful, and tells nothing about the real
        draws."""
        if seat != 0:
            raise ValueError(f"Line 98 has one seat, 0; not {short_repr(seat)}")
        view = self.copy()
        previews = [[p.row, p.col, p.colour] for p in self.previews]
        view.seed = seen_seed("line98", self.board.tolist(), previews, self.score, [str(m) for m in self.moves])
        view.rng = np.random.default_rng(view.seed)
        state = view.rng.bit_generator.state
        view._before = [dataclasses.replace(p, rng_state=state) for p in self._before]
        return view

    # ----------------------------------------------------------------- history
    def states(self) -> list[dict[str, Any]]:
        """Every position of the game so far, the start first: board, previews, score."""
        positions = [*self._before, self._position()]
        return [
            {"board": p.board.tolist(), "previews": [[x.row, x.col, x.colour] for x in p.previews], "score": p.score}
            for p in positions
        ]

    def record(self, player: str | None = None) -> dict[str, Any]:
        """The game as a record (:mod:`gamewidgets.record`, version 2), with its
        ``states`` (start first): what ``gamewidgets line98 play`` writes.
        ``Game.from_record`` replays it (a game started from ``Game(seed)``)."""
        from ..playing import entry
        from ..record import new_record

        return new_record(entry("line98"), self, {"seed": self.seed, "states": True}, [player])

    @classmethod
    def from_record(cls, record: Any, *, index: int = 0) -> Game:
        """The game ``record`` holds, replayed to its last move: a record of
        :mod:`gamewidgets.record` (from ``match``, a tournament, the command line), or
        one of an earlier version (``gamewidgets line98 play``'s); a file of several records gives record
        ``index``. :class:`~gamewidgets.errors.BadSave` says where it breaks."""
        from ..record import replay

        return replay(record, "line98", index=index)

    # ----------------------------------------------------------- serialisation
    def to_dict(self) -> dict[str, Any]:
        """Everything needed to continue the game exactly (history and undo included)."""
        return {
            "game": "line98",
            "version": 1,
            "seed": self.seed,
            "position": self._position().to_dict(),
            "history": [p.to_dict() for p in self._before],
            "moves": [m.to_dict() for m in self.moves],
            "can_undo": self._can_undo,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Game:
        """A game from :meth:`to_dict`'s output; :class:`BadSave` if it is damaged."""
        try:
            if data.get("game") != "line98":
                raise BadSave(f"not a Line 98 game: game={short_repr(data.get('game'))}")
            game = cls.__new__(cls)
            game.seed = integer(data["seed"], "seed", 0, MAX_INTEGER)
            game.rng = np.random.default_rng(game.seed)
            game._before = [_position_from_dict(p, game.rng) for p in data["history"]]
            game.moves = [Move.from_dict(m) for m in data["moves"]]
            game._can_undo = flag(data["can_undo"], "can_undo") and bool(game.moves)
            if len(game.moves) != len(game._before):
                raise BadSave(f"{len(game.moves)} moves but {len(game._before)} earlier positions")
            game._restore(_position_from_dict(data["position"], game.rng))
        except BadSave:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            raise BadSave(f"damaged Line 98 save: {type(exc).__name__}: {exc}") from None
        return game

    # ------------------------------------------------------------------- text
    def svg(self, analysis: Any = None, *, overlay: Mapping[str, Any] | None = None) -> str:
        """The position as an SVG document (:func:`gamewidgets.line98.picture.svg`), with
        a player's ``analysis`` (or an ``overlay`` of the widgets' shape) drawn on it."""
        from . import picture  # here: picture imports this module

        return picture.svg(self, analysis, overlay=overlay)

    def _repr_svg_(self) -> str:
        return self.svg()

    def __repr__(self) -> str:
        state = "over" if self._over else "playing"
        return f"<line98.Game seed={self.seed} score={self.score} moves={len(self.moves)} {state}>"

    def __str__(self) -> str:
        rows = ["   " + " ".join(str(c) for c in range(SIZE))]
        for r in range(SIZE):
            cells = []
            for c in range(SIZE):
                colour = int(self.board[r, c])
                preview = self.preview_at((r, c))
                if colour:
                    cells.append(LETTERS[colour - 1])
                elif preview is not None:
                    cells.append(LETTERS[preview.colour - 1].lower())
                else:
                    cells.append(".")
            rows.append(f"{r}  " + " ".join(cells))
        state = "game over" if self._over else "next: " + " ".join(
            f"{COLOURS[p.colour - 1]}@{p.cell}" for p in self.previews
        )
        rows.append(f"score {self.score}, {len(self.moves)} moves; {state}")
        return "\n".join(rows)

    # -------------------------------------------------------------- internals
    def _checked(self, move: Any, target: Any = None) -> tuple[Move, list[Cell]]:
        """``move`` in any form as a Move, and its path; IllegalMove saying why not."""
        move = as_move(move, target)
        return move, self._check(move)

    def _check(self, move: Move) -> list[Cell]:
        if self._over:
            raise GameOver("the game is over; undo the last move or start a new game")
        if not self.board[move.source]:
            raise IllegalMove(f"there is no ball on {move.source}")
        if self.board[move.target]:
            raise IllegalMove(f"{move.target} already holds a ball")
        path = self.path(move.source, move.target)
        if path is None:
            raise IllegalMove(f"no path of empty cells from {move.source} to {move.target}")
        return path

    def _position(self) -> _Position:
        return _Position(
            self.board.copy(), self.previews, self.score, self.rng.bit_generator.state, self._over
        )

    def _restore(self, position: _Position) -> None:
        self.board = position.board.copy()
        self.previews = position.previews
        self.score = position.score
        self.rng.bit_generator.state = position.rng_state
        self._over = position.over

    def _clear(self, cells: set[Cell]) -> tuple[Ball, ...]:
        removed = tuple(sorted((r, c, int(self.board[r, c])) for r, c in cells))
        for r, c, _ in removed:
            self.board[r, c] = 0
        return removed

    def _spawn(self) -> tuple[tuple[Ball, ...], tuple[Ball, ...]]:
        """Previews become balls; lines they make are cleared; new previews drawn."""
        spawned = tuple((p.row, p.col, p.colour) for p in self.previews)
        for r, c, colour in spawned:
            self.board[r, c] = colour
        self.previews = ()
        cleared = self._clear(self.lines_through([(r, c) for r, c, _ in spawned]))
        self._draw_previews()
        return spawned, cleared

    def _draw_previews(self) -> None:
        empty = np.flatnonzero(self.board.ravel() == 0)
        count = min(PREVIEWS, len(empty))
        if not count:
            self.previews = ()
            return
        cells = self.rng.choice(empty, size=count, replace=False)
        colours = self.rng.integers(1, len(COLOURS) + 1, size=count)
        self.previews = tuple(
            Preview(*divmod(int(i), SIZE), int(k)) for i, k in zip(cells, colours, strict=True)
        )


def _position_from_dict(data: dict[str, Any], rng: np.random.Generator) -> _Position:
    rows = data["board"]
    if not isinstance(rows, list) or len(rows) != SIZE or any(
            not isinstance(row, list) or len(row) != SIZE for row in rows):
        raise BadSave("board must be 9 rows of 9 ints in 0..7")
    board = np.array([[integer(v, "a cell of the board", 0, len(COLOURS)) for v in row] for row in rows],
                     dtype=np.int64)
    if not isinstance(data["previews"], list) or any(
            not isinstance(p, (list, tuple)) or len(p) != 3 for p in data["previews"]):
        raise BadSave("previews must be a list of [row, col, colour]")
    previews = tuple(Preview(*as_cell(p[:2], "preview"), integer(p[2], "preview colour", 1, len(COLOURS)))
                     for p in data["previews"])
    if len(previews) > PREVIEWS or len({p.cell for p in previews}) != len(previews):
        raise BadSave("at most 3 previews, on distinct cells")
    for p in previews:
        if not 1 <= p.colour <= len(COLOURS) or board[p.cell]:
            raise BadSave(f"preview {p} must have a colour 1..7 and lie on an empty cell")
    score = integer(data["score"], "score", 0, MAX_COUNT)
    return _Position(board.astype(np.int8), previews, score, generator_state(data["rng"]),
                     flag(data["over"], "a position's over"))



if TYPE_CHECKING:  # mypy checks that Game is the one rules interface of gamewidgets.protocol
    from ..protocol import Rules

    def _is_rules(game: Game) -> Rules[Move]:
        return game
