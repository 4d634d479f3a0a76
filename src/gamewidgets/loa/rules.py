"""Lines of Action: the complete rules, pure Python (bitboards in ints).

The rule book is ``shared/spec/lines-of-action.md``; this module implements all of it.
:class:`Game` is a :class:`gamewidgets.protocol.Rules`, the one rules interface of all
four games: ``legal_moves()``, ``is_legal(move)``, ``why_not(move)``, ``play(move)`` /
``push``, ``undo()`` / ``pop`` (returning the move), ``is_over``, ``turn``,
``outcome()``, ``moves``, ``copy()``, ``to_dict()`` / ``from_dict()``,
``parse_move(text)``; moves are frozen :class:`Move` dataclasses; an illegal move
raises :class:`~gamewidgets.errors.IllegalMove` with the reason in words and changes
nothing. ``play`` returns the :class:`Move` played, with its capture mark.

Conventions
-----------
- Sides are ints: ``FIRST = 0`` owns the top and bottom rows (``x`` in pictures) and
  moves first; ``SECOND = 1`` owns the left and right columns (``o``). The four
  corners start empty. Sizes are ``SIZES = (6, 7, 8)``; ``Game()`` is 6×6. ``turn`` is
  the side to move, an int also after the end (then the side that would move next).
- Cells are ``(row, col)`` in the public API, row 0 the TOP row and col 0 the left
  column: ``Move.src`` / ``Move.dst``, ``game.cell(...)``, ``game.cells(side)``. In
  notation files are ``a..`` from the left and ranks ``1..`` from the bottom: ``a1`` is
  the bottom-left cell, ``(size - 1, 0)``; the top-left cell ``(0, 0)`` is ``a6`` on 6×6.
  Everywhere a cell is asked for, a ``(row, col)`` pair, a name like ``"b1"`` or (the
  old form) an index is accepted.
- The engine's own form of a cell is the index ``row * size + col``: bit ``index`` of
  a bitboard is that cell. Only the fast interface below (``pieces``, ``move_list()``,
  ``make()``, ``generate``, ``cells(bitboard)``) and ``cell_index`` speak it;
  ``move.indices`` is a move in that form.
- ``game.pieces[side]`` is a bitboard (a Python int). A position is written in one line
  like chess FEN (``game.fen()`` / ``Game.from_fen``): the ranks from the top,
  separated by ``/``, ``x``/``o`` a piece, a digit a run of empty cells, then the side
  to move (``x`` or ``o``) and the number of moves played so far (``ply``), e.g. the
  6×6 start is ``1xxxx1/o4o/o4o/o4o/o4o/1xxxx1 x 0``. ``str(game)`` is a picture with
  ranks and files that ``Game.from_text`` reads back.
- ``game.svg(analysis=None, *, overlay=None)`` (and ``_repr_svg_``) draws the position
  as the view does, with an analysis on it (:mod:`gamewidgets.loa.picture`).

Moves as text and as dicts
--------------------------
- ``str(move)`` is ``b1-b3``, or ``b1xd3`` for a capture; ``game.parse_move`` reads it
  back (``x``, ``X`` or ``:`` also mark a capture; spaces and capitals are allowed).
- ``move.to_dict()`` is ``{"src": [5, 1], "dst": [3, 1], "capture": False, "size": 6}``
  (plain JSON) and ``Move.from_dict`` reads it back; there the cells may be names,
  ``capture`` may be left out, and a whole float (``6.0``, as JSON from a browser) is an
  integer. The game's methods also take a dict without ``size``: a move of its board.
- ``play``, ``push``, ``is_legal``, ``why_not`` and ``parse_move`` take a ``Move``, its
  text or its dict; ``play``, ``is_legal`` and ``why_not`` also take two cells
  (``play("b1", "b3")``, ``why_not((5, 1), (3, 1))``: the old form, kept). Whatever is
  no move of this board (other text, a dict without cells, a move of another size,
  ``None``...) is refused like an illegal move: ``play`` / ``parse_move`` raise
  IllegalMove, ``is_legal`` is False and ``why_not`` returns the reason — it never
  raises. After the end ``play`` raises :class:`GameOver` (an IllegalMove) and
  ``why_not`` says "the game is over: ...".
- :class:`Outcome`: ``winner`` (FIRST, SECOND or None for a draw), ``reason`` (one of
  ``REASONS``: "connected", "no-moves", "move-limit") and ``score``, the winner's
  points: 1 for a win, 0 for a draw. Outcomes compare by winner and reason.

Choices where the rule book is silent
-------------------------------------
- There is no chance in the game, so a game has no seed and no random generator.
- The end is checked after every move, in this order, for the player P who just moved
  and the opponent O (now to move):
  1. P's pieces are one group: P wins, "connected" (also when O's are too);
  2. else O's pieces are one group: O wins, "connected";
  3. else 200 moves have been played in total: a draw, "move-limit";
  4. else O has no legal move: O loses (P wins), "no-moves".
  A position made by hand (``from_text``/``from_fen``) is judged the same way, with P
  the side not to move, even before any move was played there.
- A player with no piece left (only possible in hand-made positions) has no group and
  is not connected; one piece is one group.
- Moves are compared by their cells (and board size) only: ``capture`` is a
  description of the move (taken from the board), so ``b1-d3`` and ``b1xd3`` name the
  same move and either is accepted when it is legal; the game returns the move with the
  right mark.
- The move counter (``ply``) counts the moves of both players; ``from_text`` /
  ``from_fen`` may start it above 0 (to continue a game or to test the limit).
- Undo takes back any number of moves, back to the starting position of the game
  (also after the game ended). It restores the position, side to move and Zobrist key
  exactly.
- Positions and saves from outside (``from_dict``, ``from_fen``, ``from_text``) are
  checked with :mod:`gamewidgets.untrusted`: the size one of ``SIZES``, the move counter
  an integer 0..2⁵³ − 1 (``MAX_COUNT``), cells pairs of integers on the board; a cell
  or move that is not one raises IllegalMove, a damaged save :class:`BadSave`.
- ``legal_moves()`` is empty once the game is over; ``move_list()``, ``make()`` and
  ``unmake()`` (the fast, unchecked interface for a search) do not look at the end of
  the game: the search decides when to stop.
- The Zobrist key covers the pieces and the side to move (not the move counter); the
  tables come from a fixed seed (splitmix64), the same in every run and on every
  machine. ``zobrist_key`` computes it from scratch.

Fast interface
--------------
``generate(mine, theirs, size)`` lists moves as ``(src, dst)`` int pairs from two
bitboards (the same tuples every time: no allocation per move); ``game.move_list()``
does it for the side to move; ``game.make(src, dst)`` / ``game.unmake()`` play and take
back without checks or copies (the key is kept incrementally); ``is_connected`` and
``groups`` flood-fill with shifts and edge masks. ``perft(game, depth)`` counts move
sequences with them (a position where the game is over is counted, not expanded).
A search can judge a position reached by ``make`` more cheaply than ``outcome()`` does,
as ``perft`` does: when the position before the move was not over, only the mover's
group can have become connected, and the opponent's only if ``make`` captured
(it returns the captured bit).
"""

from __future__ import annotations

import operator
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, SupportsIndex

from ..cells import Cell, as_cell
from ..errors import BadSave, GameOver, IllegalMove, NothingToUndo
from ..untrusted import MAX_COUNT, integer, short_repr

SIZES = (6, 7, 8)
NAMES = {6: "Quick", 7: "Medium", 8: "Classic"}
FIRST, SECOND = 0, 1
SIDES = ("first", "second")
SYMBOLS = "xo"
MOVE_LIMIT = 200
REASONS = ("connected", "no-moves", "move-limit")
FILES = "abcdefgh"
# the four lines through a cell, each with its two directions as (d_row, d_col), row 0 on top
LINES = {
    "horizontal": ((0, 1), (0, -1)),
    "vertical": ((-1, 0), (1, 0)),
    "diagonal": ((-1, 1), (1, -1)),  # rising to the right, like a1-h8
    "antidiagonal": ((1, 1), (-1, -1)),  # falling to the right, like a8-h1
}
ZOBRIST_SEED = 0x10A_0F_AC7
#: a cell as the methods take it: a ``(row, col)`` pair, a name like ``"b1"`` or an index
CellLike = SupportsIndex | str | Sequence[int]


# ----------------------------------------------------------------------- cells
def cell_name(cell: CellLike, size: int) -> str:
    """The name of ``cell`` (``(row, col)`` or an index) on a ``size`` board:
    ``cell_name((5, 0), 6) == cell_name(30, 6) == "a1"``."""
    row, col = divmod(cell if type(cell) is int else cell_index(cell, size), size)
    return f"{FILES[col]}{size - row}"


def cell_index(value: Any, size: int, what: str = "cell") -> int:
    """``value`` (an index, a ``(row, col)`` pair or a name like ``"b1"``) as an index on a
    ``size`` board, or :class:`IllegalMove` saying why."""
    if isinstance(value, str):
        match = re.fullmatch(r"\s*([a-hA-H])([1-9])\s*", value)
        if not match:
            raise IllegalMove(f"{what} {short_repr(value)} is not a cell name like b1")
        col, rank = FILES.index(match[1].lower()), int(match[2])
        if col >= size or rank > size:
            raise IllegalMove(f"{what} {short_repr(value)} is off the {size}×{size} board "
                              f"(files a..{FILES[size - 1]}, ranks 1..{size})")
        return (size - rank) * size + col
    if isinstance(value, bool):
        raise IllegalMove(f"{what} {short_repr(value)} is not a cell")
    try:
        index = operator.index(value)
    except TypeError:
        index = None
    if index is not None:
        if not 0 <= index < size * size:
            raise IllegalMove(f"{what} {short_repr(index)} is off the {size}×{size} board "
                              f"(indices 0..{size * size - 1})")
        return index
    row, col = as_cell(value, (size, size), what)
    return row * size + col


def cells(bitboard: int) -> list[int]:
    """The indices of the set bits of ``bitboard``, lowest first."""
    out: list[int] = []
    while bitboard:
        low = bitboard & -bitboard
        out.append(low.bit_length() - 1)
        bitboard ^= low
    return out


# ---------------------------------------------------------------- the tables
def _splitmix64(seed: int) -> Iterator[int]:
    state = seed & 0xFFFFFFFFFFFFFFFF
    while True:
        state = (state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        yield z ^ (z >> 31)


#: a move along a line by its distance: ``((src, dst), dst bit, the cells between)``, or
#: None where it leaves the board
_Entry = tuple[tuple[int, int], int, int] | None
#: a line through a cell: ``(mask, forward table, backward table)``, tables by distance
_Line = tuple[int, tuple[_Entry, ...], tuple[_Entry, ...]]


class _Tables:
    """Everything precomputed for one board size."""

    def __init__(self, size: int):
        n = self.size = size
        self.cells = n * n
        self.pairs: tuple[Cell, ...] = tuple(divmod(index, n) for index in range(n * n))  # index -> (row, col)
        self.full = (1 << n * n) - 1
        first_col = sum(1 << r * n for r in range(n))
        self.not_first_col = self.full & ~first_col
        self.not_last_col = self.full & ~(first_col << (n - 1))
        corners = {0, n - 1, n * (n - 1), n * n - 1}
        first = sum(1 << c for c in range(n) if c not in corners) | sum(
            1 << c for c in range(n * (n - 1), n * n) if c not in corners)
        second = sum(1 << r * n for r in range(1, n - 1)) | sum(1 << r * n + n - 1 for r in range(1, n - 1))
        self.start = (first, second)
        # per cell: the four lines as (mask, forward table, backward table); a table is
        # indexed by the number of pieces on the line and holds (move, dst bit, between) or None
        every_line: list[tuple[_Line, ...]] = []
        self.line_masks: list[dict[str, int]] = []
        for index in range(n * n):
            row, col = divmod(index, n)
            lines: list[_Line] = []
            masks: dict[str, int] = {}
            for name, directions in LINES.items():
                mask = 1 << index
                tables: list[tuple[_Entry, ...]] = []
                for dr, dc in directions:
                    r, c = row + dr, col + dc
                    while 0 <= r < n and 0 <= c < n:
                        mask |= 1 << (r * n + c)
                        r, c = r + dr, c + dc
                    table: list[_Entry] = [None]
                    between = 0
                    for distance in range(1, n + 1):
                        r, c = row + distance * dr, col + distance * dc
                        if not (0 <= r < n and 0 <= c < n):
                            table.extend([None] * (n + 1 - len(table)))
                            break
                        dst = r * n + c
                        table.append(((index, dst), 1 << dst, between))
                        between |= 1 << dst
                    tables.append(tuple(table))
                lines.append((mask, tables[0], tables[1]))
                masks[name] = mask
            every_line.append(tuple(lines))
            self.line_masks.append(masks)
        self.lines = tuple(every_line)
        randoms = _splitmix64(ZOBRIST_SEED + size)
        self.keys = tuple(tuple(next(randoms) for _ in range(n * n)) for _ in SIDES)
        self.turn_key = next(randoms)

    def connected(self, bb: int) -> bool:
        if not bb:
            return False
        n, left, right = self.size, self.not_first_col, self.not_last_col
        group = bb & -bb
        while True:
            grown = group | ((group << 1) & left) | ((group >> 1) & right)
            grown = (grown | (grown << n) | (grown >> n)) & bb
            if grown == group:
                return grown == bb
            group = grown

    def groups(self, bb: int) -> int:
        n, left, right = self.size, self.not_first_col, self.not_last_col
        count = 0
        while bb:
            group = bb & -bb
            while True:
                grown = group | ((group << 1) & left) | ((group >> 1) & right)
                grown = (grown | (grown << n) | (grown >> n)) & bb
                if grown == group:
                    break
                group = grown
            bb ^= group
            count += 1
        return count


_TABLES = {size: _Tables(size) for size in SIZES}


def _tables(size: int) -> _Tables:
    try:
        return _TABLES[size]
    except (KeyError, TypeError):
        raise ValueError(f"size must be one of {SIZES}, not {short_repr(size)}") from None


def generate(mine: int, theirs: int, size: int) -> list[tuple[int, int]]:
    """Every move of the side owning ``mine`` as ``(src, dst)`` pairs, by source index
    then line (horizontal, vertical, diagonal, antidiagonal; forward before backward).
    Ignores whether the game is over."""
    lines = _TABLES[size].lines
    occupied = mine | theirs
    out: list[tuple[int, int]] = []
    append = out.append
    rest = mine
    while rest:
        low = rest & -rest
        rest ^= low
        for mask, forward, backward in lines[low.bit_length() - 1]:
            count = (occupied & mask).bit_count()
            entry = forward[count]
            if entry is not None and not (mine & entry[1] or theirs & entry[2]):
                append(entry[0])
            entry = backward[count]
            if entry is not None and not (mine & entry[1] or theirs & entry[2]):
                append(entry[0])
    return out


def has_move(mine: int, theirs: int, size: int) -> bool:
    """Whether the side owning ``mine`` has a legal move (stops at the first one)."""
    lines = _TABLES[size].lines
    occupied = mine | theirs
    rest = mine
    while rest:
        low = rest & -rest
        rest ^= low
        for mask, forward, backward in lines[low.bit_length() - 1]:
            count = (occupied & mask).bit_count()
            entry = forward[count]
            if entry is not None and not (mine & entry[1] or theirs & entry[2]):
                return True
            entry = backward[count]
            if entry is not None and not (mine & entry[1] or theirs & entry[2]):
                return True
    return False


def _piece_moves(src: int, mine: int, theirs: int, tables: _Tables) -> list[int]:
    """The targets of the piece on ``src`` (one of ``mine``)."""
    occupied = mine | theirs
    found: list[int] = []
    for mask, forward, backward in tables.lines[src]:
        count = (occupied & mask).bit_count()
        for entry in (forward[count], backward[count]):
            if entry is not None and not (mine & entry[1] or theirs & entry[2]):
                found.append(entry[0][1])
    return found


def is_connected(bitboard: int, size: int) -> bool:
    """Whether the pieces of ``bitboard`` form one group (side or corner contact);
    False for no pieces."""
    return _tables(size).connected(bitboard)


def groups(bitboard: int, size: int) -> int:
    """The number of 8-neighbour connected groups of the pieces of ``bitboard``."""
    return _tables(size).groups(bitboard)


def zobrist_key(first: int, second: int, turn: int, size: int) -> int:
    """The 64-bit Zobrist key of a position, computed from scratch."""
    tables = _tables(size)
    key = tables.turn_key if turn == SECOND else 0
    for side, bb in ((FIRST, first), (SECOND, second)):
        for index in cells(bb):
            key ^= tables.keys[side][index]
    return key


# ----------------------------------------------------------------- moves
#: the keys of a move's dict (:meth:`Move.to_dict`)
_MOVE_DICT = "{'src': [row, col], 'dst': [row, col], 'size': 6|7|8} (and 'capture': true/false)"


@dataclass(frozen=True, init=False)
class Move:
    """Move the piece on ``src`` to ``dst`` on a ``size`` board: ``Move("b1", "b3",
    size=6)``; the cells are shown as ``(row, col)`` (row 0 on top) and given as a pair,
    a name like ``"b1"`` or (the old form) an index ``row * size + col``. ``capture``
    says whether an enemy piece is taken; it is not part of equality (the board decides
    it). ``str(move)`` is ``b1-b3`` / ``b1xd3``; ``to_dict()`` / ``from_dict()`` the
    dict form."""

    src: Cell
    dst: Cell
    capture: bool = field(default=False, compare=False)
    size: int = field(kw_only=True)

    def __init__(self, src: CellLike, dst: CellLike, capture: bool = False, *, size: int):
        tables = _tables(size)
        setattr_ = object.__setattr__
        setattr_(self, "size", tables.size)
        setattr_(self, "src", tables.pairs[cell_index(src, tables.size, "source")])
        setattr_(self, "dst", tables.pairs[cell_index(dst, tables.size, "target")])
        setattr_(self, "capture", bool(capture))

    @classmethod
    def _new(cls, src: int, dst: int, capture: bool, size: int) -> Move:
        """A move from trusted indices, without the checks (the engine's own moves)."""
        pairs = _TABLES[size].pairs
        move = object.__new__(cls)
        fields = move.__dict__  # written directly: half the cost of object.__setattr__
        fields["src"] = pairs[src]
        fields["dst"] = pairs[dst]
        fields["capture"] = capture
        fields["size"] = size
        return move

    @property
    def indices(self) -> tuple[int, int]:
        """``(src, dst)`` as cell indices ``row * size + col``: the form of the fast
        interface (``move_list()``, ``make()``)."""
        n = self.size
        return self.src[0] * n + self.src[1], self.dst[0] * n + self.dst[1]

    @property
    def src_cell(self) -> Cell:
        """The source as ``(row, col)`` (the old name of :attr:`src`)."""
        return self.src

    @property
    def dst_cell(self) -> Cell:
        """The target as ``(row, col)`` (the old name of :attr:`dst`)."""
        return self.dst

    @classmethod
    def parse(cls, text: str, size: int) -> Move:
        """``"b1-b3"`` or ``"b1xd3"`` on a ``size`` board (not checked against a position)."""
        match = re.fullmatch(r"\s*([a-hA-H][1-9])\s*([-xX:])\s*([a-hA-H][1-9])\s*", text) \
            if isinstance(text, str) else None
        if not match:
            raise IllegalMove(f"{short_repr(text)} is not a move like b1-b3 or b1xd3")
        return cls(match[1], match[3], match[2] != "-", size=size)

    def to_dict(self) -> dict[str, Any]:
        """The move as plain JSON data: ``{"src": [5, 1], "dst": [3, 1], "capture": False,
        "size": 6}``; :meth:`from_dict` reads it back."""
        return {"src": list(self.src), "dst": list(self.dst), "capture": self.capture, "size": self.size}

    @classmethod
    def from_dict(cls, data: Any) -> Move:
        """A move from :meth:`to_dict`'s dict (the cells may be names like ``"b1"``;
        ``capture`` may be left out); :class:`IllegalMove` saying why when it is not one."""
        if not isinstance(data, dict) or not {"src", "dst", "size"} <= data.keys():
            raise IllegalMove(f"a move's dict is {_MOVE_DICT}, not {short_repr(data)}")
        try:
            size: int | None = integer(data["size"], "size", error=IllegalMove)
        except IllegalMove:
            size = None
        if size not in SIZES:
            raise IllegalMove(f"size must be one of {SIZES}, not {short_repr(data['size'])}")
        capture = data.get("capture", False)
        if not isinstance(capture, bool):
            raise IllegalMove(f"capture must be true or false, not {short_repr(capture)}")
        return cls(data["src"], data["dst"], capture, size=size)

    def __str__(self) -> str:
        n, (r0, c0), (r1, c1) = self.size, self.src, self.dst
        return f"{FILES[c0]}{n - r0}{'x' if self.capture else '-'}{FILES[c1]}{n - r1}"


#: a move as the methods take it: a :class:`Move`, its text (``"b1-b3"``) or its dict
#: (:meth:`Move.to_dict`); anything else is refused with the reason
MoveLike = Move | str | dict[str, Any]


@dataclass(frozen=True)
class Outcome:
    """The end of a game: ``winner`` is FIRST, SECOND or None (a draw); ``reason`` is
    "connected", "no-moves" or "move-limit"; ``score`` the winner's points: 1 for a win,
    0 for a draw."""

    winner: int | None
    reason: str

    @property
    def score(self) -> int:
        """The winner's points: 1 for a win, 0 for a draw (no winner)."""
        return 0 if self.winner is None else 1

    def __str__(self) -> str:
        if self.winner is None:
            return f"draw ({self.reason})"
        return f"{SIDES[self.winner]} ({SYMBOLS[self.winner]}) wins ({self.reason})"


_CONNECTED = (Outcome(FIRST, "connected"), Outcome(SECOND, "connected"))
_NO_MOVES = (Outcome(FIRST, "no-moves"), Outcome(SECOND, "no-moves"))
_DRAW = Outcome(None, "move-limit")


# ------------------------------------------------------------------ the game
class Game:
    """A game of Lines of Action on a ``size``×``size`` board (6, 7 or 8)."""

    def __init__(self, size: int = 6):
        tables = _tables(size)
        self._setup(tables, list(tables.start), FIRST, 0)

    def _setup(self, tables: _Tables, pieces: list[int], turn: int, ply: int) -> None:
        self.size = tables.size
        self._t = tables
        self._keys = tables.keys
        self._turn_key = tables.turn_key
        self.pieces = pieces
        self.turn = turn
        self._start = (pieces[FIRST], pieces[SECOND], turn, ply)
        self._ply0 = ply
        self._stack: list[tuple[int, int, int, int]] = []  # (src, dst, captured bit, key before)
        self.zobrist = zobrist_key(pieces[FIRST], pieces[SECOND], turn, tables.size)

    # ------------------------------------------------------------ positions
    @classmethod
    def from_text(cls, text: str, turn: int | None = None, ply: int | None = None) -> Game:
        """A game from a picture: one line per rank, the top rank first, ``x`` first,
        ``o`` second, ``.`` empty (spaces ignored). ``str(game)`` is accepted as it is
        (rank numbers, the file letters and the status line); ``turn`` and ``ply``
        default to the status line's, else FIRST and 0::

            Game.from_text('''
                . x x x x .
                o . . . . o
                ...
            ''', turn=SECOND)
        """
        if not isinstance(text, str):
            raise TypeError(f"from_text needs a string, not {type(text).__name__}")
        rows, labels = [], []
        status_turn = status_ply = None
        for line in text.strip("\n").splitlines():
            squeezed = "".join(line.split())
            if not squeezed:
                continue
            status = re.fullmatch(r"ply(\d+),(first|second)\([xo]\)tomove.*", squeezed)
            if status:
                status_ply, status_turn = int(status[1]), SIDES.index(status[2])
                continue
            if squeezed == FILES[:len(squeezed)] and len(squeezed) in SIZES:
                continue  # the file letters
            row = re.fullmatch(r"(\d*)([.xoXO]+)", squeezed)
            if not row:
                raise ValueError(f"cannot read the line {line.strip()!r}: use . x o (and rank numbers)")
            labels.append(row[1])
            rows.append(row[2].lower())
        size = len(rows)
        if size not in SIZES or any(len(row) != size for row in rows):
            raise ValueError(f"a board is {' / '.join(f'{s}×{s}' for s in SIZES)}; "
                             f"got {size} lines of {sorted({len(r) for r in rows})} cells")
        for index, label in enumerate(labels):
            if label and int(label) != size - index:
                raise ValueError(f"the rank numbers must run {size}..1 from the top, not {label} on line {index + 1}")
        turn = (FIRST if status_turn is None else status_turn) if turn is None else turn
        ply = (status_ply or 0) if ply is None else ply
        return cls._from_rows(rows, turn, ply)

    @classmethod
    def from_fen(cls, text: str) -> Game:
        """A game from the one-line notation of :meth:`fen`, e.g.
        ``"1xxxx1/o4o/o4o/o4o/o4o/1xxxx1 x 0"`` (the move counter may be left out)."""
        parts = text.split() if isinstance(text, str) else []
        if len(parts) not in (2, 3) or parts[1] not in ("x", "o") or (len(parts) == 3 and not parts[2].isdigit()):
            raise ValueError(f"{short_repr(text)} is not a position like '1xxxx1/o4o/o4o/o4o/o4o/1xxxx1 x 0'")
        rows = []
        for rank in parts[0].split("/"):
            row = ""
            for char in rank:
                if char.isdigit():
                    row += "." * int(char)
                elif char in "xo":
                    row += char
                else:
                    raise ValueError(f"unknown character {char!r} in {short_repr(text)}: use x, o and digits")
            rows.append(row)
        size = len(rows)
        if size not in SIZES or any(len(row) != size for row in rows):
            raise ValueError(f"{short_repr(text)}: a board is 6, 7 or 8 ranks of as many cells each")
        return cls._from_rows(rows, SYMBOLS.index(parts[1]), int(parts[2]) if len(parts) == 3 else 0)

    @classmethod
    def _from_rows(cls, rows: list[str], turn: int, ply: int) -> Game:
        if turn not in (FIRST, SECOND) or isinstance(turn, bool):
            raise ValueError(f"turn must be FIRST (0) or SECOND (1), not {short_repr(turn)}")
        if isinstance(ply, bool) or not isinstance(ply, int) or not 0 <= ply <= MAX_COUNT:
            raise ValueError(f"ply must be an integer from 0 to {MAX_COUNT}, not {short_repr(ply)}")
        size = len(rows)
        pieces = [0, 0]
        for r, row in enumerate(rows):
            for c, char in enumerate(row):
                if char != ".":
                    pieces[SYMBOLS.index(char)] |= 1 << (r * size + c)
        game = cls.__new__(cls)
        game._setup(_tables(size), pieces, int(turn), ply)
        return game

    def fen(self) -> str:
        """The position in one line: ranks from the top, side to move, moves played."""
        ranks = []
        for row in self._rows():
            text = re.sub(r"\.+", lambda m: str(len(m[0])), row)
            ranks.append(text)
        return f"{'/'.join(ranks)} {SYMBOLS[self.turn]} {self.ply}"

    def _rows(self) -> list[str]:
        n, (first, second) = self.size, self.pieces
        return ["".join("x" if first >> (r * n + c) & 1 else "o" if second >> (r * n + c) & 1 else "."
                        for c in range(n)) for r in range(n)]

    # ----------------------------------------------------------------- queries
    @property
    def ply(self) -> int:
        """Moves played in total (both players), counted from the start of the game."""
        return self._ply0 + len(self._stack)

    @property
    def moves(self) -> list[Move]:
        """The moves played so far in this game (a new list each time)."""
        size = self.size
        return [Move._new(src, dst, bool(captured), size) for src, dst, captured, _ in self._stack]

    @property
    def captures(self) -> tuple[int, int]:
        """How many enemy pieces FIRST and SECOND have taken so far."""
        taken = [0, 0]
        side = self._start[2]
        for _, _, captured, _ in self._stack:
            taken[side] += bool(captured)
            side ^= 1
        return taken[FIRST], taken[SECOND]

    def cell(self, value: CellLike) -> Cell:
        """``value`` (``(row, col)``, a name like ``"b1"`` or an index) as ``(row, col)``
        on this board; :class:`IllegalMove` when it is no cell of it. (``cell_index``
        gives the engine's index.)"""
        return self._t.pairs[cell_index(value, self.size)]

    def __getitem__(self, cell: CellLike) -> int | None:
        """The side of the piece on ``cell``, or None when it is empty."""
        bit = 1 << cell_index(cell, self.size)
        return FIRST if self.pieces[FIRST] & bit else SECOND if self.pieces[SECOND] & bit else None

    def cells(self, side: int) -> list[Cell]:
        """The cells ``(row, col)`` of ``side``'s pieces, by row then column."""
        pairs = self._t.pairs
        return [pairs[index] for index in cells(self.pieces[side])]

    def count(self, side: int) -> int:
        """The number of pieces ``side`` has on the board."""
        return self.pieces[side].bit_count()

    def group_count(self, side: int) -> int:
        """The number of separate groups of ``side``'s pieces (the goal is 1)."""
        return self._t.groups(self.pieces[side])

    def outcome(self) -> Outcome | None:
        """None while the game runs; else who won and why (see the module docstring
        for the order of the checks)."""
        t = self._t
        turn = self.turn
        mover = turn ^ 1
        if t.connected(self.pieces[mover]):
            return _CONNECTED[mover]
        if t.connected(self.pieces[turn]):
            return _CONNECTED[turn]
        if self._ply0 + len(self._stack) >= MOVE_LIMIT:
            return _DRAW
        if not has_move(self.pieces[turn], self.pieces[mover], self.size):
            return _NO_MOVES[mover]
        return None

    @property
    def is_over(self) -> bool:
        """True once the game is over: ``outcome()`` is not None."""
        return self.outcome() is not None

    def move_list(self) -> list[tuple[int, int]]:
        """The side to move's moves as ``(src, dst)`` pairs (fast; ignores the end)."""
        turn = self.turn
        return generate(self.pieces[turn], self.pieces[turn ^ 1], self.size)

    def legal_moves(self) -> list[Move]:
        """Every legal move, ordered by source then target (row, then column); empty
        once the game is over."""
        if self.outcome() is not None:
            return []
        theirs, size = self.pieces[self.turn ^ 1], self.size
        return [Move._new(src, dst, bool(theirs >> dst & 1), size) for src, dst in sorted(self.move_list())]

    def targets(self, cell: CellLike, *, any_side: bool = False) -> list[Move]:
        """The legal moves of the piece on ``cell`` (ordered by target). Empty for an
        empty cell, and — unless ``any_side`` — for a piece of the side not to move or
        when the game is over. With ``any_side`` the moves a piece would have if its side
        were to move (for showing how an enemy piece threatens)."""
        index = cell_index(cell, self.size)
        side = self[index]
        if side is None:
            return []
        if not any_side and (side != self.turn or self.outcome() is not None):
            return []
        mine, theirs = self.pieces[side], self.pieces[side ^ 1]
        found = sorted(_piece_moves(index, mine, theirs, self._t))
        return [Move._new(index, dst, bool(theirs >> dst & 1), self.size) for dst in found]

    def _between(self, src: int, dst: int) -> int:
        n = self.size
        (r0, c0), (r1, c1) = divmod(src, n), divmod(dst, n)
        steps = max(abs(r1 - r0), abs(c1 - c0))
        dr, dc = (r1 - r0) // steps, (c1 - c0) // steps
        return sum(1 << ((r0 + k * dr) * n + c0 + k * dc) for k in range(1, steps))

    def line_counts(self, cell: CellLike) -> dict[str, int]:
        """The number of pieces (both colours, the one on ``cell`` included) on each of
        the four lines through ``cell``: horizontal, vertical, diagonal (rising to the
        right) and antidiagonal (falling to the right) — the distance a piece there
        moves along that line."""
        masks = self._t.line_masks[cell_index(cell, self.size)]
        occupied = self.pieces[FIRST] | self.pieces[SECOND]
        return {name: (occupied & mask).bit_count() for name, mask in masks.items()}

    def why_not(self, move: MoveLike | CellLike, dst: CellLike | None = None) -> str | None:
        """Why ``move`` is not allowed now, in words; None when it is legal. ``move`` is a
        :class:`Move`, its text (``"b1-b3"``) or its dict, or ``why_not(src, dst)`` takes
        two cells. Never raises: what is no move gets the reason why."""
        try:
            refusal = self._refusal(*self._as_move(move, dst).indices)
        except IllegalMove as exc:
            return str(exc)
        return None if refusal is None else str(refusal)

    def is_legal(self, move: MoveLike | CellLike, dst: CellLike | None = None) -> bool:
        """Whether ``move`` (as :meth:`why_not` takes it) may be played now."""
        return self.why_not(move, dst) is None

    def _reason(self, src: int, dst: int) -> str | None:
        """Why the piece on index ``src`` may not move to index ``dst`` in this position
        (the game not over), or None."""
        n = self.size
        a, b = cell_name(src, n), cell_name(dst, n)
        side = self[src]
        me = f"{SIDES[self.turn]} ({SYMBOLS[self.turn]})"
        if side is None:
            return f"there is no piece on {a}"
        if side != self.turn:
            return f"the piece on {a} belongs to {SIDES[side]} ({SYMBOLS[side]}); {me} is to move"
        if src == dst:
            return "a piece must move"
        (r0, c0), (r1, c1) = divmod(src, n), divmod(dst, n)
        dr, dc = r1 - r0, c1 - c0
        if dr and dc and abs(dr) != abs(dc):
            return f"{a} and {b} are not on one row, column or diagonal"
        if not dr or not dc:
            line = "horizontal" if not dr else "vertical"
        else:
            line = "diagonal" if (dr < 0) == (dc > 0) else "antidiagonal"
        count = ((self.pieces[FIRST] | self.pieces[SECOND]) & self._t.line_masks[src][line]).bit_count()
        distance = max(abs(dr), abs(dc))
        what = {"horizontal": "row", "vertical": "column", "diagonal": "diagonal", "antidiagonal": "diagonal"}[line]
        if distance != count:
            return (f"the piece on {a} moves exactly {count} cells along its {what} ({count} pieces on that line), "
                    f"not {distance}")
        theirs = self.pieces[self.turn ^ 1]
        blockers = [cell_name(i, n) for i in cells(theirs & self._between(src, dst))]
        if blockers:
            return f"{a} to {b} would jump over the enemy piece on {', '.join(blockers)}"
        if self.pieces[self.turn] >> dst & 1:
            return f"{b} holds one of your own pieces"
        return None

    def _refusal(self, src: int, dst: int) -> IllegalMove | None:
        """The error playing index ``src`` to index ``dst`` raises now, or None."""
        outcome = self.outcome()
        if outcome is not None:
            return GameOver(f"the game is over: {outcome}")
        reason = self._reason(src, dst)
        return None if reason is None else IllegalMove(reason)

    # ----------------------------------------------------------------- actions
    def parse_move(self, move: MoveLike) -> Move:
        """The legal move written ``move`` ("b1-b3", "b1xd3"; a Move or a move's dict is
        accepted too), with its capture mark; IllegalMove (or GameOver) saying why it
        cannot be played."""
        return self._checked(move)[0]

    def _as_move(self, move: MoveLike | CellLike, dst: CellLike | None = None) -> Move:
        """``move`` (a Move, its text, its dict, or a source with ``dst``) as a Move of
        this board, not yet checked against the position; IllegalMove saying why it is
        none. A dict without ``size`` is a move of this board."""
        size = self.size
        if dst is not None:
            if isinstance(move, Move):
                raise IllegalMove("give a Move, or a source and a target; not both")
            source: Any = move  # a cell; cell_index refuses anything else with the reason
            return Move(source, dst, size=size)
        if isinstance(move, str):
            move = Move.parse(move, size)
        elif isinstance(move, dict):
            move = Move.from_dict({"size": size, **move})
        elif not isinstance(move, Move):
            raise IllegalMove(f"{short_repr(move)} is not a move: give a Move, a text like b1-b3, "
                              f"a move's dict {_MOVE_DICT} or a source and a target")
        if move.size != size:
            raise IllegalMove(f"{move} is a move for a {move.size}×{move.size} board; this one is {size}×{size}")
        return move

    def _checked(self, move: MoveLike | CellLike, dst: CellLike | None = None) -> tuple[Move, int, int]:
        """The legal move ``move`` (with the board's capture mark) and its two indices,
        else the refusal."""
        move = self._as_move(move, dst)
        src, target = move.indices
        refusal = self._refusal(src, target)
        if refusal is not None:
            raise refusal
        capture = bool(self.pieces[self.turn ^ 1] >> target & 1)
        return (move if move.capture == capture else Move._new(src, target, capture, self.size)), src, target

    def play(self, move: MoveLike | CellLike, dst: CellLike | None = None) -> Move:
        """Play ``move``: a :class:`Move`, its text like ``"b1-b3"``, its dict, or
        ``play(src, dst)`` with two cells. Returns the move played (with its capture
        mark); raises :class:`IllegalMove` / :class:`GameOver` and changes nothing when
        not allowed."""
        played, src, target = self._checked(move, dst)
        self.make(src, target)
        return played

    push = play

    def undo(self) -> Move:
        """Take back the last move (any number of times, back to the start); returns it."""
        if not self._stack:
            raise NothingToUndo("there is no move to undo")
        src, dst, captured, _ = self._stack[-1]
        self.unmake()
        return Move._new(src, dst, bool(captured), self.size)

    pop = undo

    def make(self, src: int, dst: int) -> int:
        """Play ``src`` → ``dst`` (indices) WITHOUT checks; returns the bit of the captured
        piece (0 when none). For searches: pair every call with :meth:`unmake`."""
        side = self.turn
        other = side ^ 1
        pieces = self.pieces
        dst_bit = 1 << dst
        captured = pieces[other] & dst_bit
        key = self.zobrist
        self._stack.append((src, dst, captured, key))
        pieces[side] ^= (1 << src) | dst_bit
        keys = self._keys
        key ^= keys[side][src] ^ keys[side][dst] ^ self._turn_key
        if captured:
            pieces[other] ^= dst_bit
            key ^= keys[other][dst]
        self.zobrist = key
        self.turn = other
        return captured

    def unmake(self) -> None:
        """Take back the last :meth:`make` (or move), WITHOUT checks."""
        src, dst, captured, key = self._stack.pop()
        side = self.turn ^ 1
        self.pieces[side] ^= (1 << src) | (1 << dst)
        if captured:
            self.pieces[self.turn] |= captured
        self.zobrist = key
        self.turn = side

    def __eq__(self, other: object) -> bool:
        """Two games are equal when they are in the same position
        (its FEN: the pieces, the side to move, the ply), however they
        got there; a game is not hashable (it changes)."""
        if not isinstance(other, Game):
            return NotImplemented
        return self.fen() == other.fen()

    __hash__ = None  # type: ignore[assignment]

    def copy(self) -> Game:
        """An independent game in the same state (history included)."""
        game = Game.__new__(Game)
        game.__dict__.update(self.__dict__)
        game.pieces = list(self.pieces)
        game._stack = list(self._stack)
        return game

    def view(self, seat: int | None = None) -> Game:
        """What a player sees (:func:`gamewidgets.protocol.seat_view`): the whole
        position, as Lines of Action hides nothing and has no chance; a copy, so
        nothing done to it reaches this game. ``seat`` (0 black, 1 white) is checked."""
        if seat is not None and (isinstance(seat, bool) or seat not in (0, 1)):
            raise ValueError(f"Lines of Action's seats are 0 (black) and 1 (white), not {seat!r}")
        return self.copy()

    @classmethod
    def from_record(cls, record: Any, *, index: int = 0, size: int | None = None) -> Game:
        """The game ``record`` holds, replayed to its last move: a record of
        :mod:`gamewidgets.record` (from ``match``, a tournament, the command line), or
        one of an earlier version (one game of ``gamewidgets loa match``'s: give the
        file and ``index``, or the game and ``size``); a file of several records gives
        record ``index``. :class:`~gamewidgets.errors.BadSave` says where it breaks."""
        from ..record import replay

        return replay(record, "loa", index=index, size=size)

    # ----------------------------------------------------------- serialisation
    def to_dict(self) -> dict[str, Any]:
        """Everything needed to continue the game exactly (start, moves, position)."""
        first, second, turn, ply = self._start
        return {
            "game": "loa",
            "version": 1,
            "size": self.size,
            "start": _fen(first, second, turn, ply, self.size),
            "moves": [str(m) for m in self.moves],
            "position": self.fen(),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Game:
        """A game from :meth:`to_dict`'s output, replayed and checked; :class:`BadSave` if
        it is damaged."""
        try:
            if not isinstance(data, dict):
                raise BadSave(f"a saved game is a dict, not {type(data).__name__}")
            if data.get("game") != "loa":
                raise BadSave(f"not a Lines of Action game: game={short_repr(data.get('game'))}")
            if data.get("version") != 1:
                raise BadSave(f"unknown save version {short_repr(data.get('version'))}")
            size = integer(data["size"], "size")
            if size not in SIZES:
                raise BadSave(f"size must be one of {SIZES}, not {size}")
            game = cls.from_fen(data["start"])
            if game.size != size:
                raise BadSave(f"the start position is {game.size}×{game.size}, the save says {size}")
            moves = data["moves"]
            if not isinstance(moves, list):
                raise BadSave("moves must be a list of moves like b1-b3")
            for number, text in enumerate(moves, start=1):
                try:
                    game.play(Move.parse(text, size))
                except IllegalMove as exc:
                    raise BadSave(f"move {number} ({short_repr(text)}) cannot be played: {exc}") from None
            if data["position"] != game.fen():
                raise BadSave(f"the saved position {short_repr(data['position'])} is not where the moves lead "
                              f"({game.fen()!r})")
        except BadSave:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            raise BadSave(f"damaged Lines of Action save: {type(exc).__name__}: {exc}") from None
        return game

    # ------------------------------------------------------------------- text
    def status(self) -> str:
        """One line: the move counter and whose turn it is, or how the game ended."""
        outcome = self.outcome()
        line = f"ply {self.ply}, {SIDES[self.turn]} ({SYMBOLS[self.turn]}) to move"
        return line if outcome is None else f"{line}; game over: {outcome}"

    def __str__(self) -> str:
        n = self.size
        width = len(str(n))
        lines = [f"{n - r:>{width}}  " + " ".join(row) for r, row in enumerate(self._rows())]
        lines.append(" " * (width + 2) + " ".join(FILES[:n]))
        lines.append(self.status())
        return "\n".join(lines)

    def __repr__(self) -> str:
        outcome = self.outcome()
        state = f"{SIDES[self.turn]} to move" if outcome is None else str(outcome)
        return (f"<loa.Game {self.size}x{self.size} ply={self.ply} x={self.count(FIRST)} o={self.count(SECOND)} "
                f"{state}>")

    def svg(self, analysis: Any = None, *, overlay: Any = None) -> str:
        """The position as an SVG picture, with a player's ``Analysis`` (``analysis``) or
        an ``overlay`` in the widget trait's shape drawn on it
        (:mod:`gamewidgets.loa.picture`)."""
        from . import picture  # here, not at the top: picture imports this module

        return picture.svg(self, analysis, overlay=overlay)

    def _repr_svg_(self) -> str:
        return self.svg()


def _fen(first: int, second: int, turn: int, ply: int, size: int) -> str:
    game = Game.__new__(Game)
    game._setup(_TABLES[size], [first, second], turn, ply)
    return game.fen()


def perft(game: Game, depth: int) -> list[int]:
    """The number of move sequences of length 1..``depth`` from ``game``'s position:
    a position where the game is over is counted but not expanded. ``game`` is left as
    it was."""
    counts = [0] * max(depth, 0)
    if depth >= 1 and game.outcome() is None:
        _perft(game, depth, counts, 0)
    return counts


def _perft(game: Game, depth: int, counts: list[int], level: int) -> None:
    # called on positions that are not over
    moves = game.move_list()
    counts[level] += len(moves)
    level += 1
    if level == depth:
        return
    connected = game._t.connected
    pieces = game.pieces
    make, unmake = game.make, game.unmake
    limit = MOVE_LIMIT - game._ply0 - len(game._stack) - 1  # no game can go on past this
    for src, dst in moves:
        captured = make(src, dst)
        # the mover's group; the opponent's only changes on a capture (it was not one group before)
        if not (connected(pieces[game.turn ^ 1]) or (captured and connected(pieces[game.turn])) or limit <= 0):
            _perft(game, depth, counts, level)
        unmake()
