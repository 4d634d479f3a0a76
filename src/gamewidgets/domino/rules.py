"""Dominoes (draw game, double-six, two players): the complete rules, pure Python + numpy.

The rule book is ``shared/spec/domino.md`` (section "Rules"); this module implements all
of it. :class:`Game` is a :class:`gamewidgets.protocol.Rules`, the one rules interface
of the four games: ``legal_moves()``, ``is_legal`` / ``why_not``, ``play(move)`` /
``push`` (returning the :class:`Event`), ``undo()`` / ``pop`` (returning the move),
``is_over``, ``turn``, ``outcome()``, ``moves``, ``copy()``, ``to_dict()`` /
``from_dict()``, ``parse_move``. Moves are the frozen dataclasses :class:`Play`,
:class:`Draw` and :class:`Pass`, all three a :class:`Move`; a move the rules refuse
raises :class:`~gamewidgets.errors.IllegalMove` (or
:class:`~gamewidgets.errors.GameOver`) with the reason in words and changes nothing.
``game.view(player)`` is what one player may see (:class:`PlayerView`); the computer
players (:mod:`gamewidgets.domino.ai`) use only that.
``game.svg(analysis=None, overlay=None, player=None)`` / ``_repr_svg_`` draw the position
(:mod:`gamewidgets.domino.picture`).

Conventions
-----------
- Players are ``0`` and ``1``. A tile is a tuple ``(high, low)`` of pips 0..6, the
  higher pip first: ``(6, 4)`` is the six-four, ``(0, 0)`` the double-blank. Wherever a
  tile is asked for, either order and a text like ``"6-4"`` or ``"4|6"`` are accepted;
  tiles are always given back as ``(high, low)``. ``TILES`` is the set of 28, sorted.
- The line is a tuple of *placed* tiles ``(left pip, right pip)`` read from left to
  right, so neighbours touch with equal pips and ``ends == (line[0][0],
  line[-1][1])``. A placed double ``(x, x)`` lies crosswise (a view draws it so); it
  never opens a branch: the line has exactly two ends, always.
- ``Play(tile, "left")`` lays ``tile`` on the left end, turned so that its matching pip
  touches the line (the tile "turns the right way by itself"); likewise ``"right"``.
- A move's text, ``str(move)``: ``"6-4 left"`` / ``"6-4 right"`` (the tile high pip
  first), ``"draw"``, ``"pass"``. ``game.parse_move(text)`` reads these back
  (``parse_move(str(m)) == m``) and is lenient where nothing is ambiguous: any case
  and spacing, any tile spelling ``as_tile`` takes (``"4|6 RIGHT"``), and a tile
  alone (``"6-4"``) when it matches exactly one end of the line (on the empty line:
  ``"right"``, the opening); a tile alone that matches both ends or neither is no
  move (IllegalMove: "say which end: ..." / "... fits no end"). ``parse_move`` only
  names the move; ``why_not`` judges it.
- A move's dict, ``move.to_dict()``: the record format below without ``player``;
  ``Move.from_dict`` reads the dict of any move (it is also ``Play.from_dict`` etc.:
  one method on the base class, so ``type(m).from_dict(m.to_dict()) == m``);
  ``move_from_dict`` is its older name. ``play``, ``push``, ``is_legal``, ``why_not``
  and ``parse_move`` take a Move, its text or its dict alike. ``why_not`` never
  raises: for what is no move at all it returns why (the message ``play`` and
  ``parse_move`` raise as IllegalMove); ``is_legal`` is then False.
- Record format (the match CLI's JSON): ``Event.to_dict()`` gives
  ``{"player": 0, "action": "play", "tile": [6, 4], "end": "left"}``,
  ``{"player": 1, "action": "draw", "tile": [3, 1]}`` (the tile is left out where it is
  hidden) and ``{"player": 1, "action": "pass"}``; ``game.record()`` holds the deal as
  ``{"hands": [[[a, b], ..7], [..7]], "boneyard": [..14 in draw order]}``, the moves and
  the result ``{"winner": 0 | 1 | None, "points": N, "reason": "domino" | "blocked"}``;
  ``Game.from_record`` / ``Game.from_deal`` replay it (a game set up by
  ``from_position`` also has ``line``, ``turn`` and ``passes`` in its ``deal``).
  ``play()`` also takes a move in that format: a given ``player`` must be the one to
  move and a draw's ``tile`` the boneyard's next tile, which checks a replay.
- Everything read from outside — a tile (``as_tile``: a view's click, a client's move),
  a deal, a record, a save, a :class:`PlayerView` sent by a server — is checked with
  :mod:`gamewidgets.untrusted` before use: pips are integers 0..6, players 0 or 1,
  counts within the 28 tiles, seeds at most 2¹²⁸ − 1; NaN, infinities, bools and huge
  integers are refused with the loader's typed error (IllegalMove for a tile or a move,
  ValueError from ``from_deal`` / ``from_position``, :class:`BadSave` from
  ``from_record`` / ``from_dict`` / ``PlayerView.from_dict``).

Choices where the rule book is silent
-------------------------------------
- Dealing: ``Game(seed)`` shuffles the 28 tiles with the game's own
  ``numpy.random.Generator`` (PCG64 from ``seed``); player 0 gets the first 7, player 1
  the next 7, the other 14 are the boneyard in that order, and draws take them from the
  front. After the deal nothing in a hand is random (the boneyard's order is fixed), so
  undoing a draw puts the tile back on top and drawing again gives the same tile. The
  generator and its state are still kept and saved (``to_dict``) with the game, and undo
  restores them, so anything that later takes randomness from ``game.rng`` stays
  reproducible. ``Game()`` without a seed draws one and keeps it in ``game.seed``; games
  built by ``from_deal`` / ``from_position`` have ``seed=0`` unless given one.
- The opening rule ranks tiles: every double above every other tile, doubles by their
  pips, the others by pip total, then by their higher end (this ranking is strict, so
  exactly one tile leads: ``opening_rank``). The holder of the best-ranked tile dealt
  leads (``game.opener``), and the first move must be that tile (``game.opening``): no
  draw or pass is possible before it. The opening tile lies as written, ``(high, low)``,
  so its high pip is the left end. ``legal_moves()`` lists the opening once, as
  ``Play(tile, "right")``; ``Play(tile, "left")`` is accepted as the same move and
  recorded as ``"right"``.
- When a tile fits both ends (equal end pips, or a tile like 6-4 on ends 6 and 4),
  ``Play(tile, "left")`` and ``Play(tile, "right")`` are both legal and different moves
  (they make different lines). ``legal_moves()`` lists plays in hand order, left before
  right; when there is none, exactly one of ``Draw()`` (boneyard not empty) or
  ``Pass()`` (boneyard empty). So after a draw that fits, the only legal moves are
  plays of the drawn tile (nothing else fitted and the ends have not changed).
- A draw keeps the turn; a play or a pass passes it. A pass is only possible with an
  empty boneyard, so the second of "two passes in a row" is always the other player's,
  right after the first, and ends the game at once ("blocked").
- Outcome: ``Outcome(winner, points, reason, pips)``; ``score`` is ``points`` (the
  protocol's name). ``reason`` is ``"domino"`` (a hand was emptied) or ``"blocked"``
  (two passes in a row). Domino: the player who plays their last tile wins the other
  hand's pips (which may be 0 with only the double-blank left). Blocked: the lower
  hand total wins the difference; equal totals are a draw (``winner=None,
  points=0``). ``pips`` are both hand totals at the end.
- ``turn`` is always 0 or 1, a read-only property. The play or pass that ends the
  game passes the turn like any other, so once the game is over ``turn`` is the
  player it passed to (the loser of a domino; the first passer of a block) and no move
  is legal. Where "nobody is to move" is part of a format it stays None at the end,
  as before: ``PlayerView.turn`` (sent by the room server, synced to the view) and
  the ``turn`` of a save's ``position`` (so saves of either kind load in both).
- Undo takes back one action at a time (a play, one draw, a pass), as far back as the
  start of the game, also after the game ended; it restores the hands, the line, the
  boneyard's order, the turn, the pass count and the generator exactly. There is no
  limit on undo in the rules; a widget may undo to the user's last turn.
- ``Game.from_position`` sets up any position that keeps all 28 tiles (hands, line,
  boneyard; by default the boneyard is the remaining tiles in ``TILES`` order), for
  studies, tests and computer players that sample hidden hands. With an empty line the
  opening rule applies to the hands given; with a line already on the table nothing is
  known about the opening (``opener`` and ``opening`` are None) and the public history
  starts there.

What a player may see: :class:`PlayerView`
------------------------------------------
``game.view(player)`` holds exactly: the player's own hand (sorted), the line, the
number of tiles in the other hand and in the boneyard, whose turn it is, the opener, the
public history, the opening facts below and, once the game is over, the outcome (its
pip totals are public then: the hands are counted). It never holds the other hand's
tiles or the boneyard's order, and ``view.legal_actions()`` is computed from it alone
(the same list as ``game.legal_moves()`` for the player to move).

- History: a tuple of :class:`Event`: every play with its tile and end, every draw
  *without* its tile (except the viewer's own draws) and every pass, each with
  ``ends``, the line's two end pips just before it (None before the opening).
- Opening: ``view.opener`` (who leads) is public from the start (it is whose turn it
  is). ``view.opening`` is the required tile: shown to its holder from the start (the
  view marks it), to the other player only once it is played (before that, the other
  player knows only that the opener must play a tile ranked above every tile of their
  own). Whenever ``opening`` is shown, ``view.not_dealt`` lists the tiles that ranked
  above it: the opening rule proves they were in neither hand at the deal (they were in
  the boneyard). E.g. after a double-four opening, the double-five and double-six were
  in the boneyard, so the other player held neither at the deal; after a 6-5 opening,
  no double was dealt at all.
- Facts for inference, all public: a player who draws (or passes) at ends ``(l, r)``
  held no tile showing ``l`` or ``r`` at that moment; a drawn tile that is followed by
  another draw or by a pass did not fit either; a drawn tile that is followed by a play
  *is* the tile played (nothing else fitted). A tile held at one of these moments and
  not played since is still held, and tiles only enter a hand by a deal or by a draw.
  ``view.unseen`` is the pool the hidden tiles (other hand + boneyard) come from.
"""

from __future__ import annotations

import bisect
import copy
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any, cast

import numpy as np

from ..errors import BadSave, GameOver, IllegalMove, NothingToUndo
from ..untrusted import MAX_INTEGER, generator_state, integer, short_repr

#: the number of players (``gamewidgets.domino.PLAYERS`` is the computer players)
PLAYER_COUNT = 2
HAND = 7
HIGH = 6
LEFT, RIGHT = "left", "right"
ENDS = (LEFT, RIGHT)
PLAY, DRAW, PASS = "play", "draw", "pass"
ACTIONS = (PLAY, DRAW, PASS)
DOMINO, BLOCKED = "domino", "blocked"

Tile = tuple[int, int]
Placed = tuple[int, int]
#: a tile as the functions take it: a pair of pips in either order, or a text like "6-4"
TileLike = str | Sequence[int]

#: the double-six set, (high, low), sorted: (0, 0), (1, 0), (1, 1), (2, 0), ...
TILES: tuple[Tile, ...] = tuple((a, b) for a in range(HIGH + 1) for b in range(a + 1))
_TILE_SET = frozenset(TILES)
BONEYARD = len(TILES) - PLAYER_COUNT * HAND


# -------------------------------------------------------------------- tiles
def as_tile(value: Any, what: str = "tile") -> Tile:
    """``value`` as a tile ``(high, low)``: a pair of pips 0..6 in either order, or a
    text like ``"6-4"``, ``"6|4"``, ``"6:4"``; :class:`IllegalMove` saying why not."""
    if isinstance(value, str):
        match = re.fullmatch(r"\s*\[?\s*(\d)\s*[-|:,/ ]?\s*(\d)\s*\]?\s*", value)
        if not match:
            raise IllegalMove(f"{what} {short_repr(value)} is not a tile like 6-4")
        value = (int(match[1]), int(match[2]))
    try:
        a, b = value
        a, b = integer(a, what, error=IllegalMove), integer(b, what, error=IllegalMove)
    except (TypeError, ValueError):  # IllegalMove is a ValueError
        raise IllegalMove(f"{what} {short_repr(value)} is not a pair of pips") from None
    if not (0 <= a <= HIGH and 0 <= b <= HIGH):
        raise IllegalMove(f"{what} {short_repr(value)}: pips go from 0 (blank) to {HIGH}")
    return (a, b) if a >= b else (b, a)


def tile_name(tile: Tile) -> str:
    """``"6-4"``."""
    return f"{tile[0]}-{tile[1]}"


def is_double(tile: Tile) -> bool:
    """Whether ``tile`` is a double: both ends the same pips (``(6, 6)``)."""
    return tile[0] == tile[1]


def pips(tiles: Iterable[Tile]) -> int:
    """The sum of the pips on ``tiles``."""
    return sum(a + b for a, b in tiles)


def opening_rank(tile: Tile) -> tuple[bool, int, int]:
    """The opening rule's order (larger leads): doubles above all others, doubles by
    pips, the others by pip total, then by the higher end. Strict: no two tiles tie."""
    high, low = tile
    return (high == low, high + low, high)


def opening_tile(hands: Iterable[Iterable[Tile]]) -> tuple[int, Tile]:
    """``(player, tile)``: who leads and with which tile, for the dealt ``hands``."""
    best: tuple[int, Tile] | None = None
    for player, hand in enumerate(hands):
        for tile in hand:
            if best is None or opening_rank(tile) > opening_rank(best[1]):
                best = (player, tile)
    if best is None:
        raise ValueError("no tile in any hand: nobody can open")
    return best


def ranked_above(tile: Tile) -> tuple[Tile, ...]:
    """The tiles that rank above ``tile`` for the opening rule (sorted): when ``tile``
    opens, these were in neither hand at the deal."""
    rank = opening_rank(tile)
    return tuple(t for t in TILES if opening_rank(t) > rank)


# -------------------------------------------------------------------- moves
@dataclass(frozen=True)
class Move:
    """A move of dominoes: :class:`Play`, :class:`Draw` or :class:`Pass` (this base
    class is not a move itself). ``str(move)`` is its text (``"6-4 left"``, ``"draw"``,
    ``"pass"``), ``move.to_dict()`` its dict, and ``Move.from_dict`` reads the dict of
    any of the three (so does ``type(move).from_dict``: it is the same method, and
    ``Play.from_dict({"action": "draw"})`` is ``Draw()``)."""

    def __post_init__(self) -> None:
        if type(self) is Move:
            raise TypeError("a move is Play(tile, end), Draw() or Pass(); Move is their base class")

    @property
    def action(self) -> str:
        """``"play"``, ``"draw"`` or ``"pass"``."""
        raise NotImplementedError

    def to_dict(self) -> dict[str, Any]:
        """The move's dict in the record format (without ``player``): ``{"action": "draw"}``,
        ``{"action": "pass"}``; :meth:`from_dict` reads it back."""
        return {"action": self.action}

    def __str__(self) -> str:
        return self.action

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Move:
        """The move of a dict in the record format (``{"action": "play", "tile": [6, 4],
        "end": "left"}``, ``{"action": "draw"}``, ``{"action": "pass"}``; a ``player``
        and a draw's ``tile`` are ignored here, ``Game.play`` checks them when given the
        dict itself); :class:`IllegalMove` saying why when it is none."""
        if not isinstance(data, dict):
            raise IllegalMove(f"a move is a dict like {{'action': 'draw'}}, not {short_repr(data)}")
        action = data.get("action")
        move: Move
        if action == PLAY:
            if "tile" not in data or "end" not in data:
                raise IllegalMove(f"a play needs a tile and an end: {short_repr(data)}")
            move = Play(data["tile"], data["end"])
        elif action == DRAW:
            move = Draw()
        elif action == PASS:
            move = Pass()
        else:
            raise IllegalMove(f"action must be one of {ACTIONS}, not {short_repr(action)}")
        return move


@dataclass(frozen=True)
class Play(Move):
    """Lay ``tile`` (from the hand of the player to move) on the ``end`` of the line,
    ``"left"`` or ``"right"``; it turns so that its matching pip touches the line.
    Its text is ``"6-4 left"``."""

    tile: Tile
    end: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "tile", as_tile(self.tile))
        if not isinstance(self.end, str) or self.end not in ENDS:
            raise IllegalMove(f"end must be 'left' or 'right', not {short_repr(self.end)}")

    @property
    def action(self) -> str:
        """``"play"``."""
        return PLAY

    def to_dict(self) -> dict[str, Any]:
        """The play's dict in the record format (without ``player``): ``{"action": "play",
        "tile": [6, 4], "end": "left"}``; :meth:`from_dict` reads it back."""
        return {"action": PLAY, "tile": list(self.tile), "end": self.end}

    def __str__(self) -> str:
        return f"{tile_name(self.tile)} {self.end}"


@dataclass(frozen=True)
class Draw(Move):
    """Take the next tile from the boneyard (only when no tile in hand fits). Its text
    is ``"draw"``."""

    @property
    def action(self) -> str:
        """``"draw"``."""
        return DRAW


@dataclass(frozen=True)
class Pass(Move):
    """Pass the turn (only with an empty boneyard and no tile that fits). Its text is
    ``"pass"``."""

    @property
    def action(self) -> str:
        """``"pass"``."""
        return PASS


#: a move as Game.play takes it: a Move, its text ("6-4 left", "6-4", "draw", "pass")
#: or its dict in the record format
MoveLike = Move | str | dict[str, Any]


def move_from_dict(data: dict[str, Any]) -> Move:
    """``Move.from_dict(data)`` (the older name)."""
    return Move.from_dict(data)


@dataclass(frozen=True)
class Event:
    """One action as it happened: ``player``, ``action`` ("play", "draw", "pass"), the
    ``tile`` (a play's tile, a draw's tile where it is known, else None), the ``end``
    of a play, and ``ends``: the line's end pips just before it (None before the
    opening). ``to_dict()`` is the record format (without ``ends``)."""

    player: int
    action: str
    tile: Tile | None = None
    end: str | None = None
    ends: tuple[int, int] | None = None

    @property
    def move(self) -> Move:
        """The move this action made: ``Play(tile, end)``, ``Draw()`` or ``Pass()``."""
        if self.action == PLAY:
            assert self.tile is not None and self.end is not None  # a play's event has both
            return Play(self.tile, self.end)
        return Draw() if self.action == DRAW else Pass()

    def to_dict(self) -> dict[str, Any]:
        """The record format: ``player`` and ``action``, with ``tile`` and ``end`` where set
        (``ends`` left out)."""
        out: dict[str, Any] = {"player": self.player, "action": self.action}
        if self.tile is not None:
            out["tile"] = list(self.tile)
        if self.end is not None:
            out["end"] = self.end
        return out

    def __str__(self) -> str:
        if self.action == PLAY:
            assert self.tile is not None  # a play's event has its tile
            return f"{self.player}: {tile_name(self.tile)} {self.end}"
        if self.action == DRAW:
            return f"{self.player}: draw" + (f" {tile_name(self.tile)}" if self.tile else "")
        return f"{self.player}: pass"


@dataclass(frozen=True)
class Outcome:
    """The end of a hand: ``winner`` 0, 1 or None (a draw), the ``points`` the winner
    scores, ``reason`` "domino" or "blocked", and both hand totals ``pips`` at the end.
    ``to_dict()`` is the record format ``{"winner", "points", "reason"}``."""

    winner: int | None
    points: int
    reason: str
    pips: tuple[int, int]

    @property
    def score(self) -> int:
        """The points the winner scores (0 for a draw): ``points``, the protocol's name."""
        return self.points

    def to_dict(self) -> dict[str, Any]:
        """The record format ``{"winner", "points", "reason"}`` (``pips`` left out)."""
        return {"winner": self.winner, "points": self.points, "reason": self.reason}

    def __str__(self) -> str:
        if self.winner is None:
            return f"draw ({self.reason}, {self.pips[0]} pips each)"
        return f"player {self.winner} wins {self.points} ({self.reason})"


def _score(hands: Sequence[Iterable[Tile]], reason: str, player: int) -> Outcome:
    totals = (pips(hands[0]), pips(hands[1]))
    if reason == DOMINO:
        return Outcome(player, totals[1 - player], DOMINO, totals)
    if totals[0] == totals[1]:
        return Outcome(None, 0, BLOCKED, totals)
    winner = 0 if totals[0] < totals[1] else 1
    return Outcome(winner, abs(totals[0] - totals[1]), BLOCKED, totals)


def legal_actions(hand: Iterable[Tile], ends: tuple[int, int] | None, boneyard: int,
                  opening: Tile | None = None) -> list[Move]:
    """The legal moves of the player to move, from what that player knows: own
    ``hand``, the line's ``ends`` (None while the line is empty), the number of tiles
    in the ``boneyard`` and the required ``opening`` tile (needed while the line is
    empty). Plays in hand order (left before right), else ``Draw()`` or ``Pass()``."""
    hand = list(hand)
    if ends is None:
        return [Play(opening, RIGHT)] if opening is not None and opening in hand else []
    left, right = ends
    plays: list[Move] = []
    for tile in hand:
        if left in tile:
            plays.append(Play(tile, LEFT))
        if right in tile:
            plays.append(Play(tile, RIGHT))
    if plays:
        return plays
    return [Draw()] if boneyard > 0 else [Pass()]


def _place(line_end: int | None, tile: Tile, end: str) -> Placed:
    """``tile`` turned to touch ``line_end`` on ``end`` (as written on an empty line)."""
    if line_end is None:
        return tile
    other = tile[1] if tile[0] == line_end else tile[0]
    return (other, line_end) if end == LEFT else (line_end, other)


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _tile_text(tile: tuple[int, int]) -> str:
    return f"[{tile[0]}|{tile[1]}]"


# --------------------------------------------------------------------- view
@dataclass(frozen=True)
class PlayerView:
    """What ``player`` may see of the game (see the module docstring): nothing of the
    other hand but its size, nothing of the boneyard but its size."""

    player: int
    hand: tuple[Tile, ...]
    line: tuple[Placed, ...]
    opponent_count: int
    boneyard_count: int
    history: tuple[Event, ...]
    turn: int | None  # None once the game is over
    opener: int | None
    opening: Tile | None
    not_dealt: tuple[Tile, ...]
    outcome: Outcome | None = None

    @property
    def opponent(self) -> int:
        """The other player's index: ``1 - player``."""
        return 1 - self.player

    @property
    def ends(self) -> tuple[int, int] | None:
        """The pips at the left and right ends of the line (None while it is empty)."""
        return (self.line[0][0], self.line[-1][1]) if self.line else None

    @property
    def is_over(self) -> bool:
        """True once the game is over (``outcome`` is set)."""
        return self.outcome is not None

    @property
    def my_turn(self) -> bool:
        """True when the viewer is to move (never once the game is over)."""
        return self.turn == self.player

    @property
    def passes(self) -> int:
        """Passes in a row at the end of the history."""
        count = 0
        for event in reversed(self.history):
            if event.action != PASS:
                break
            count += 1
        return count

    @property
    def pips(self) -> int:
        """The pips in the viewer's own hand."""
        return pips(self.hand)

    @property
    def unseen(self) -> tuple[Tile, ...]:
        """The tiles this player cannot see (other hand + boneyard), sorted."""
        seen = set(self.hand) | {(max(p), min(p)) for p in self.line}
        return tuple(t for t in TILES if t not in seen)

    def legal_moves(self) -> list[Move]:
        """The viewer's legal moves, from the view alone (empty when it is not the
        viewer's turn or the game is over): the name every game's position uses."""
        if self.turn != self.player or self.outcome is not None:
            return []
        return legal_actions(self.hand, self.ends, self.boneyard_count, self.opening)

    def legal_actions(self) -> list[Move]:
        """The same as :meth:`legal_moves` (its first name)."""
        return self.legal_moves()

    def to_dict(self) -> dict[str, Any]:
        """Plain data (for JSON; e.g. what a server sends one player)."""
        return {
            "player": self.player,
            "hand": [list(t) for t in self.hand],
            "line": [list(p) for p in self.line],
            "opponent_count": self.opponent_count,
            "boneyard_count": self.boneyard_count,
            "history": [{**e.to_dict(), "ends": list(e.ends) if e.ends else None} for e in self.history],
            "turn": self.turn,
            "opener": self.opener,
            "opening": list(self.opening) if self.opening else None,
            "not_dealt": [list(t) for t in self.not_dealt],
            "outcome": None if self.outcome is None else {**self.outcome.to_dict(), "pips": list(self.outcome.pips)},
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PlayerView:
        """A view from :meth:`to_dict`'s output (e.g. a server's message), every field
        checked for its type and range; :class:`BadSave` saying why otherwise."""
        try:
            outcome = data["outcome"]
            return cls(
                player=_player(data["player"], BadSave),
                hand=tuple(as_tile(t) for t in data["hand"]),
                line=tuple(_placed(p) for p in data["line"]),
                opponent_count=integer(data["opponent_count"], "opponent_count", 0, len(TILES)),
                boneyard_count=integer(data["boneyard_count"], "boneyard_count", 0, BONEYARD),
                history=tuple(
                    Event(_player(e["player"], BadSave), _action(e["action"]),
                          as_tile(e["tile"]) if e.get("tile") is not None else None,
                          _end(e.get("end")), _placed(e["ends"], "ends") if e.get("ends") else None)
                    for e in data["history"]
                ),
                turn=None if data["turn"] is None else _player(data["turn"], BadSave),
                opener=None if data["opener"] is None else _player(data["opener"], BadSave),
                opening=as_tile(data["opening"]) if data["opening"] is not None else None,
                not_dealt=tuple(as_tile(t) for t in data["not_dealt"]),
                outcome=None if outcome is None else Outcome(
                    None if outcome["winner"] is None else _player(outcome["winner"], BadSave),
                    integer(outcome["points"], "points", 0, pips(TILES)), _reason(outcome["reason"]),
                    _placed(outcome["pips"], "pips", pips(TILES))),
            )
        except BadSave as exc:
            raise BadSave(f"not a domino player view: {exc}") from None
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise BadSave(f"not a domino player view: {type(exc).__name__}: {short_repr(str(exc))}") from None

    def __str__(self) -> str:
        ends = self.ends
        lines = [
            "line  " + ("".join(_tile_text(p) for p in self.line) or "(empty)")
            + (f"   ends {ends[0]} and {ends[1]}" if ends else ""),
            f"you (player {self.player})  " + " ".join(_tile_text(t) for t in self.hand)
            + f"   {_count(len(self.hand), 'tile')}, {self.pips} pips",
            f"player {self.opponent}  {_count(self.opponent_count, 'tile')};  boneyard {self.boneyard_count}",
        ]
        if not self.line and self.opener is not None:
            lines.append(f"player {self.opener} opens" + (f" with {tile_name(self.opening)}" if self.opening else ""))
        if self.outcome is not None:
            lines.append(f"game over: {self.outcome}")
        else:
            lines.append("your turn" if self.my_turn else f"player {self.turn} to move")
        return "\n".join(lines)


# --------------------------------------------------------------------- game
class Game:
    """A hand of draw dominoes for two players. ``Game(seed=3)`` deals the same every
    time; ``Game.from_deal(hands, boneyard)`` replays a recorded deal."""

    def __init__(self, seed: int | None = None):
        if seed is None:  # a fresh SeedSequence's entropy is an int
            seed = int(cast(int, np.random.SeedSequence().entropy) % (2**63))
        self._set_seed(seed)
        order = self.rng.permutation(len(TILES))
        tiles = [TILES[int(i)] for i in order]
        hands = [tiles[:HAND], tiles[HAND:2 * HAND]]
        self._setup(hands, tiles[2 * HAND:], [], None, 0)
        self._start: dict[str, Any] = {"hands": [[list(t) for t in h] for h in self._hands],
                                       "boneyard": [list(t) for t in self._boneyard]}

    def _set_seed(self, seed: int) -> None:
        if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or not 0 <= seed <= MAX_INTEGER:
            raise ValueError(f"seed must be a non-negative integer (below 2**128), not {short_repr(seed)}")
        self.seed = int(seed)
        self.rng = np.random.default_rng(self.seed)

    def _setup(self, hands: Iterable[Iterable[Tile]], boneyard: Iterable[Tile], line: Sequence[Placed],
               turn: int | None, passes: int) -> None:
        self._hands = [sorted(h) for h in hands]
        self._boneyard = list(boneyard)
        self._line = list(line)
        self._passes = passes
        self._events: list[Event] = []
        self._passes_before: list[int] = []
        self._outcome: Outcome | None = None
        self.opener: int | None  # who leads, and with which tile (None: set up with a line)
        self.opening: Tile | None
        self._turn: int
        if line:
            self.opener, self.opening = None, None
            self._turn = 0 if turn is None else turn
        else:
            self.opener, self.opening = opening_tile(self._hands)
            if turn is not None and turn != self.opener:
                raise ValueError(f"player {self.opener} holds the opening tile "
                                 f"{tile_name(self.opening)} and must lead, not player {turn}")
            self._turn = self.opener

    @classmethod
    def from_deal(cls, hands: Iterable[Iterable[TileLike]], boneyard: Iterable[TileLike], *, seed: int = 0) -> Game:
        """The game of a given deal: two hands of 7 tiles and the 14 others in draw
        order (the record format ``{"hands": ..., "boneyard": ...}``)."""
        try:
            dealt = [[as_tile(t, "hand tile") for t in hand] for hand in hands]
            rest = [as_tile(t, "boneyard tile") for t in boneyard]
        except (IllegalMove, TypeError) as exc:
            raise ValueError(f"not a domino deal: {exc}") from None
        if len(dealt) != PLAYER_COUNT or any(len(h) != HAND for h in dealt) or len(rest) != BONEYARD:
            raise ValueError(f"a deal is two hands of {HAND} tiles and a boneyard of {BONEYARD}, got "
                             f"{[len(h) for h in dealt]} and {len(rest)}")
        _check_all_tiles([*dealt[0], *dealt[1], *rest])
        game = cls.__new__(cls)
        game._set_seed(seed)
        game._setup(dealt, rest, [], None, 0)
        game._start = {"hands": [[list(t) for t in h] for h in dealt], "boneyard": [list(t) for t in rest]}
        return game

    @classmethod
    def from_position(cls, hands: Iterable[Iterable[TileLike]], line: Iterable[Sequence[int]] = (),
                      boneyard: Iterable[TileLike] | None = None, *, turn: int | None = None, passes: int = 0,
                      seed: int = 0) -> Game:
        """A game in any position that keeps the 28 tiles: ``hands`` (two non-empty
        lists of tiles), the ``line`` as placed tiles ``(left, right)`` from left to
        right, the ``boneyard`` in draw order (default: every other tile, in ``TILES``
        order), ``turn`` (default: the opener on an empty line, else 0) and ``passes``
        in a row just made (0 or 1; 1 needs an empty boneyard). E.g.
        ``Game.from_position([["6-6"], ["5-5"]], [(6, 1), (1, 5)], boneyard=[], ...)``
        must still hold every tile somewhere."""
        try:
            held = [[as_tile(t, "hand tile") for t in hand] for hand in hands]
            placed = [_placed(p, "line tile", HIGH, IllegalMove) for p in line]
        except (IllegalMove, TypeError, ValueError) as exc:
            raise ValueError(f"not a domino position: {exc}") from None
        if len(held) != PLAYER_COUNT or not all(held):
            raise ValueError("a position has two hands, each with at least one tile")
        for left, right in pairwise(placed):
            if left[1] != right[0]:
                raise ValueError(f"the line does not join: {_tile_text(left)}{_tile_text(right)}")
        used = [*held[0], *held[1], *((max(p), min(p)) for p in placed)]
        if boneyard is None:
            taken = set(used)
            rest = [t for t in TILES if t not in taken]
        else:
            try:
                rest = [as_tile(t, "boneyard tile") for t in boneyard]
            except (IllegalMove, TypeError) as exc:
                raise ValueError(f"not a domino position: {exc}") from None
        _check_all_tiles([*used, *rest])
        if turn is not None:
            turn = integer(turn, "turn", 0, 1, error=ValueError)
        if isinstance(passes, bool) or passes not in (0, 1) or (passes and (rest or not placed)):
            raise ValueError("passes is 0, or 1 when the line is down and the boneyard is empty")
        passes = int(passes)
        game = cls.__new__(cls)
        game._set_seed(seed)
        game._setup(held, rest, placed, turn, passes)
        game._start = {"hands": [[list(t) for t in h] for h in held], "boneyard": [list(t) for t in rest],
                       "line": [list(p) for p in placed], "turn": game._turn, "passes": passes}
        return game

    @classmethod
    def from_record(cls, record: Any, *, index: int = 0) -> Game:
        """Replay a record: one of :mod:`gamewidgets.record` (from ``match``, a
        tournament, ``gamewidgets domino match``: a file of several gives hand ``index``),
        or ``game.record()``'s format (``deal``, ``moves``, an optional ``result``, which
        must agree, and an optional ``seed``: when ``Game(seed)`` deals that deal, the
        game continues its generator), or a ``gamewidgets domino match`` file of version
        1 (hand ``index``); :class:`BadSave` if it does not hold."""
        from ..record import MATCH_FORMAT, is_record, replay

        if isinstance(record, dict) and (is_record(record) or record.get("format") == MATCH_FORMAT
                                         or "hands" in record):
            return replay(record, "domino", index=index)
        try:
            if not isinstance(record, dict):
                raise BadSave(f"a record is a dict with a deal and moves, not {type(record).__name__}")
            seed = record.get("seed")
            if seed is not None:
                seed = integer(seed, "seed", 0, MAX_INTEGER)
            game = cls(seed) if seed is not None else None
            if game is None or game._start != record["deal"]:
                game = cls._from_start(record["deal"], seed or 0)
            game._replay(record["moves"])
            result = record.get("result")
            outcome = game.outcome()
            if result is not None and (outcome is None or outcome.to_dict() != result):
                raise BadSave(f"the record's result {short_repr(result)} is not where its moves lead "
                              f"({outcome.to_dict() if outcome else 'game not over'})")
        except BadSave:
            raise
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise BadSave(f"not a domino record: {type(exc).__name__}: {exc}") from None
        return game

    @classmethod
    def _from_start(cls, start: dict[str, Any], seed: int) -> Game:
        if not isinstance(start, dict):
            raise BadSave(f"a deal is a dict with hands and a boneyard, not {type(start).__name__}")
        if "line" in start or "turn" in start or "passes" in start:
            return cls.from_position(start["hands"], start.get("line", ()), start["boneyard"],
                                     turn=start.get("turn"), passes=start.get("passes", 0), seed=seed)
        return cls.from_deal(start["hands"], start["boneyard"], seed=seed)

    def _replay(self, moves: Any) -> None:
        if not isinstance(moves, list):
            raise BadSave("moves must be a list")
        for number, move in enumerate(moves, start=1):
            try:
                self.play(move)
            except IllegalMove as exc:
                raise BadSave(f"move {number} ({short_repr(move)}) cannot be played: {exc}") from None

    # ----------------------------------------------------------------- queries
    def hand(self, player: int) -> tuple[Tile, ...]:
        """``player``'s tiles, sorted."""
        return tuple(self._hands[_player(player)])

    @property
    def hands(self) -> tuple[tuple[Tile, ...], tuple[Tile, ...]]:
        """Each player's tiles, sorted: hands[0] and hands[1]."""
        return tuple(self._hands[0]), tuple(self._hands[1])

    @property
    def boneyard(self) -> tuple[Tile, ...]:
        """The boneyard in draw order (the next tile first). Hidden from the players."""
        return tuple(self._boneyard)

    @property
    def line(self) -> tuple[Placed, ...]:
        """The placed tiles ``(left pip, right pip)``, from left to right."""
        return tuple(self._line)

    @property
    def ends(self) -> tuple[int, int] | None:
        """The pips at the left and right ends of the line (None while it is empty)."""
        return (self._line[0][0], self._line[-1][1]) if self._line else None

    @property
    def history(self) -> tuple[Event, ...]:
        """Every action so far, with every tile (the record's view)."""
        return tuple(self._events)

    @property
    def moves(self) -> list[Move]:
        """The moves so far, oldest first (a draw without its tile)."""
        return [e.move for e in self._events]

    @property
    def passes(self) -> int:
        """Passes in a row just made (2 ends the game)."""
        return self._passes

    @property
    def can_undo(self) -> bool:
        """True when there is an action to take back."""
        return bool(self._events)

    def pips(self, player: int) -> int:
        """The sum of the pips in ``player``'s hand."""
        return pips(self._hands[_player(player)])

    def outcome(self) -> Outcome | None:
        """None while the hand runs; else who won, how many points and why."""
        return self._outcome

    @property
    def is_over(self) -> bool:
        """True once the hand is over (``outcome()`` is not None)."""
        return self._outcome is not None

    @property
    def turn(self) -> int:
        """Whose move it is, 0 or 1. A draw keeps the turn; a play or a pass passes it,
        also the one that ends the game, so once it is over this is the player the
        last move passed the turn to (and no move is legal)."""
        return self._turn

    def legal_moves(self) -> list[Move]:
        """The moves of the player to move (see the module docstring for the order);
        empty once the game is over."""
        if self._outcome is not None:
            return []
        return legal_actions(self._hands[self._turn], self.ends, len(self._boneyard), self.opening)

    def why_not(self, move: MoveLike, player: int | None = None) -> str | None:
        """Why ``move`` (a Move, its text or its dict; by ``player``, if given) is not
        allowed now, in words; None if it is. Never raises: what is no move at all
        gets the reason it is none."""
        try:
            parsed, player, drawn = self._parse(move, player)
        except IllegalMove as exc:
            return str(exc)
        return self._reason(parsed, player, drawn)

    def parse_move(self, text: MoveLike) -> Move:
        """The move ``text`` names: ``"6-4 left"`` / ``"6-4 right"`` (the tile in any
        spelling ``as_tile`` takes, the end in any case), ``"6-4"`` alone when the tile
        matches one end only (on the empty line: the opening, ``"right"``), ``"draw"``,
        ``"pass"``; also a Move or its dict. :class:`IllegalMove` saying why when it
        names no move (a tile alone that matches both ends or neither; after the end,
        :class:`GameOver`). It does not check that the move is legal: ``why_not`` does."""
        return self._parse(text, None)[0]

    def is_legal(self, move: MoveLike, player: int | None = None) -> bool:
        """Whether ``move`` (a Move, its text or its dict) may be made now."""
        return self.why_not(move, player) is None

    def view(self, player: int) -> PlayerView:
        """What ``player`` may see (see :class:`PlayerView`)."""
        player = _player(player)
        shown = self.opening is not None and (player == self.opener or bool(self._events))
        opening = self.opening if shown else None
        history = tuple(
            Event(e.player, DRAW, None, None, e.ends) if e.action == DRAW and e.player != player else e
            for e in self._events
        )
        return PlayerView(
            player=player,
            hand=tuple(self._hands[player]),
            line=tuple(self._line),
            opponent_count=len(self._hands[1 - player]),
            boneyard_count=len(self._boneyard),
            history=history,
            turn=None if self._outcome is not None else self._turn,
            opener=self.opener,
            opening=opening,
            not_dealt=ranked_above(opening) if opening is not None else (),
            outcome=self._outcome,
        )

    # ----------------------------------------------------------------- actions
    def play(self, move: MoveLike, player: int | None = None) -> Event:
        """Make ``move`` for the player to move: a :class:`Play`, :class:`Draw` or
        :class:`Pass`, its text (``"6-4 left"``, see :meth:`parse_move`) or a dict in
        the record format. With ``player`` (or a ``"player"`` in the dict) it must be
        that player's turn. Returns what happened (a draw's event holds the tile
        drawn). Raises :class:`IllegalMove` / :class:`GameOver` and changes nothing
        when the rules forbid it or ``move`` names no move."""
        parsed, player, drawn = self._parse(move, player)
        reason = self._reason(parsed, player, drawn)
        if reason is not None:
            raise (GameOver if self._outcome is not None else IllegalMove)(reason)
        return self._apply(parsed)

    push = play

    def undo(self) -> Move:
        """Take back the last action (any number of times, back to the start); returns
        the move taken back."""
        if not self._events:
            raise NothingToUndo("there is no move to undo")
        event = self._events.pop()
        self._passes = self._passes_before.pop()
        hand = self._hands[event.player]
        tile = event.tile
        if event.action == PLAY:
            assert tile is not None  # the game's own plays and draws hold their tiles
            if event.end == LEFT:
                self._line.pop(0)
            else:
                self._line.pop()
            bisect.insort(hand, tile)
        elif event.action == DRAW:
            assert tile is not None
            hand.remove(tile)
            self._boneyard.insert(0, tile)
        self._turn = event.player
        self._outcome = None
        return event.move

    pop = undo

    def copy(self) -> Game:
        """An independent game in the same state (history and generator included)."""
        game = Game.__new__(Game)
        game.__dict__.update(self.__dict__)
        game._hands = [list(h) for h in self._hands]
        game._boneyard = list(self._boneyard)
        game._line = list(self._line)
        game._events = list(self._events)
        game._passes_before = list(self._passes_before)
        game.rng = np.random.default_rng()
        game.rng.bit_generator.state = self.rng.bit_generator.state
        return game

    # ----------------------------------------------------------- serialisation
    def record(self) -> dict[str, Any]:
        """The game as a record: the deal, every move (draws with their tiles) and
        the result (None while the game runs). ``Game.from_record`` replays it."""
        return {
            "game": "domino",
            "seed": self.seed,
            "deal": _copy_start(self._start),
            "moves": [e.to_dict() for e in self._events],
            "result": self._outcome.to_dict() if self._outcome else None,
        }

    def to_dict(self) -> dict[str, Any]:
        """Everything needed to continue the game exactly (start, moves, position,
        generator state)."""
        return {
            "game": "domino",
            "version": 1,
            "seed": self.seed,
            "start": _copy_start(self._start),
            "moves": [e.to_dict() for e in self._events],
            "position": self._position(),
            "rng": self.rng.bit_generator.state,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Game:
        """A game from :meth:`to_dict`'s output, replayed and checked; :class:`BadSave`
        if it is damaged."""
        try:
            if not isinstance(data, dict):
                raise BadSave(f"a saved game is a dict, not {type(data).__name__}")
            if data.get("game") != "domino":
                raise BadSave(f"not a domino game: game={short_repr(data.get('game'))}")
            if data.get("version") != 1:
                raise BadSave(f"unknown save version {short_repr(data.get('version'))}")
            game = cls._from_start(data["start"], integer(data["seed"], "seed", 0, MAX_INTEGER))
            game._replay(data["moves"])
            if data["position"] != game._position():
                raise BadSave("the saved position is not where the saved moves lead")
            game.rng = np.random.default_rng()
            game.rng.bit_generator.state = generator_state(data["rng"])
        except BadSave:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            raise BadSave(f"damaged domino save: {type(exc).__name__}: {exc}") from None
        return game

    # ------------------------------------------------------------------- text
    def svg(self, analysis: Any = None, *, overlay: dict[str, Any] | None = None, player: int | None = None) -> str:
        """The position as an SVG picture (:mod:`gamewidgets.domino.picture`): the hand of
        the player to move (or of ``player``) face up, the other one face down; a
        player's ``analysis`` of this position, or an ``overlay``, drawn on it."""
        from . import picture  # here, not at the top: picture imports this module

        return picture.svg(self, analysis, overlay=overlay, player=player)

    def _repr_svg_(self) -> str:
        return self.svg()

    def status(self) -> str:
        """Where the game stands, in one line: who is to move (or to open, with which tile) or
        the result."""
        if self._outcome is not None:
            return f"game over: {self._outcome}"
        if not self._line:
            return f"player {self._turn} to open with {tile_name(self._opening_tile)}"
        return f"player {self._turn} to move"

    def __str__(self) -> str:
        ends = self.ends
        rows = ["line  " + ("".join(_tile_text(p) for p in self._line) or "(empty)")
                + (f"   ends {ends[0]} and {ends[1]}" if ends else "")]
        for player in range(PLAYER_COUNT):
            mark = ">" if self._turn == player and self._outcome is None else " "
            hand = self._hands[player]
            rows.append(f"{mark} {player}  " + " ".join(_tile_text(t) for t in hand)
                        + f"   {_count(len(hand), 'tile')}, {pips(hand)} pips")
        rows.append(f"boneyard {len(self._boneyard)}")
        rows.append(self.status())
        return "\n".join(rows)

    def __repr__(self) -> str:
        return (f"<domino.Game seed={self.seed} line={len(self._line)} "
                f"hands={len(self._hands[0])}/{len(self._hands[1])} boneyard={len(self._boneyard)} "
                f"{self.status()}>")

    # -------------------------------------------------------------- internals
    @property
    def _opening_tile(self) -> Tile:
        """``opening`` while the line is empty (only a game set up with a line has none)."""
        assert self.opening is not None, "a game set up with a line has no opening tile"
        return self.opening

    def _parse(self, move: MoveLike, player: int | None) -> tuple[Move, int | None, Tile | None]:
        """(move, player, drawn tile claimed by a record or None); IllegalMove if
        ``move`` names no move."""
        drawn = None
        parsed: Move
        if isinstance(move, Move):
            parsed = move
        elif isinstance(move, str):
            parsed = self._from_text(move)
        elif isinstance(move, dict):
            if "player" in move:
                given = _player(move["player"], IllegalMove)
                if player is not None and _player(player, IllegalMove) != given:
                    raise IllegalMove(f"the move says player {given}, the call says player {player}")
                player = given
            if move.get("action") == DRAW and move.get("tile") is not None:
                drawn = as_tile(move["tile"], "drawn tile")
            parsed = Move.from_dict(move)
        else:
            raise IllegalMove(f"a move is Play(tile, end), Draw(), Pass(), its text or its dict, "
                              f"not {short_repr(move)}")
        if player is not None:
            player = _player(player, IllegalMove)
        return parsed, player, drawn

    def _from_text(self, text: str) -> Move:
        words = text.split()
        said = [word.lower() for word in words]
        if said in (["draw"], ["pass"]):
            return Draw() if said == ["draw"] else Pass()
        end = said[-1] if said and said[-1] in ENDS else None
        try:
            tile = as_tile(" ".join(words[:-1]) if end else text)
        except IllegalMove:
            raise IllegalMove(f"{short_repr(text)} is not a move like '6-4 left', '6-4', 'draw' or "
                              f"'pass'") from None
        return Play(tile, end or self._end_for(tile))

    def _end_for(self, tile: Tile) -> str:
        """The end a tile named without one goes to: the one end it matches (on the
        empty line, ``"right"``); IllegalMove when it matches both or neither."""
        if self._outcome is not None:
            raise GameOver(f"the game is over ({self._outcome}): undo or start a new game")
        ends = self.ends
        if ends is None:
            return RIGHT
        fits = [end for end, value in zip(ENDS, ends, strict=True) if value in tile]
        if len(fits) == 1:
            return fits[0]
        if fits:
            raise IllegalMove(f"say which end: {tile_name(tile)} fits the left and the right end")
        raise IllegalMove(f"{tile_name(tile)} fits no end (the ends are {ends[0]} and {ends[1]})")

    def _reason(self, move: Move, player: int | None, drawn: Tile | None) -> str | None:
        if self._outcome is not None:
            return f"the game is over ({self._outcome}): undo or start a new game"
        turn = self._turn
        if player is not None and player != turn:
            return f"it is player {turn}'s turn, not player {player}'s"
        hand = self._hands[turn]
        ends = self.ends
        if isinstance(move, Play):
            tile = move.tile
            if tile not in hand:
                return f"player {turn} does not hold {tile_name(tile)}"
            if ends is None:
                if tile != self.opening:
                    opening = self._opening_tile
                    return (f"the first tile must be {tile_name(opening)}, the "
                            f"{'highest double' if is_double(opening) else 'best tile (no double was dealt)'}"
                            f" dealt")
                return None
            value = ends[0] if move.end == LEFT else ends[1]
            if value not in tile:
                other = RIGHT if move.end == LEFT else LEFT
                hint = f"; it fits the {other} end" if ends[1 if move.end == LEFT else 0] in tile else ""
                return f"{tile_name(tile)} does not match the {move.end} end ({value}){hint}"
            return None
        if ends is None:
            return f"player {turn} must open with {tile_name(self._opening_tile)}"
        fits = legal_actions(hand, ends, len(self._boneyard))
        if isinstance(fits[0], Play):
            return (f"{tile_name(fits[0].tile)} fits the {fits[0].end} end: "
                    f"a player who can play must play")
        if isinstance(move, Draw):
            if not self._boneyard:
                return "the boneyard is empty: pass"
            if drawn is not None and drawn != self._boneyard[0]:
                return (f"the draw was recorded as {tile_name(drawn)}, "
                        f"but the next tile is {tile_name(self._boneyard[0])}")
            return None
        if self._boneyard:
            return f"the boneyard still has {_count(len(self._boneyard), 'tile')}: draw until a tile fits"
        return None

    def _apply(self, move: Move) -> Event:
        player = self._turn
        hand = self._hands[player]
        ends = self.ends
        self._passes_before.append(self._passes)
        if isinstance(move, Play):
            tile = move.tile
            hand.remove(tile)
            if ends is None:
                end = RIGHT
                self._line.append(tile)
            elif move.end == LEFT:
                end = LEFT
                self._line.insert(0, _place(ends[0], tile, LEFT))
            else:
                end = RIGHT
                self._line.append(_place(ends[1], tile, RIGHT))
            event = Event(player, PLAY, tile, end, ends)
            self._passes = 0
            if not hand:
                self._outcome = _score(self._hands, DOMINO, player)
        elif isinstance(move, Draw):
            tile = self._boneyard.pop(0)
            bisect.insort(hand, tile)
            event = Event(player, DRAW, tile, None, ends)
            self._passes = 0
        else:
            event = Event(player, PASS, None, None, ends)
            self._passes += 1
            if self._passes >= PLAYER_COUNT:
                self._outcome = _score(self._hands, BLOCKED, player)
        self._events.append(event)
        if event.action != DRAW:  # also the play or pass that ends the game
            self._turn = 1 - player
        return event

    def __eq__(self, other: object) -> bool:
        """Two games are equal when they are in the same position
        (the hands, the line, the boneyard in order, whose turn, the passes), however they
        got there; a game is not hashable (it changes)."""
        if not isinstance(other, Game):
            return NotImplemented
        return self._position() == other._position()

    __hash__ = None  # type: ignore[assignment]

    def _position(self) -> dict[str, Any]:
        return {
            "hands": [[list(t) for t in h] for h in self._hands],
            "line": [list(p) for p in self._line],
            "boneyard": [list(t) for t in self._boneyard],
            "turn": None if self._outcome is not None else self._turn,  # None at the end (the save format)
            "passes": self._passes,
        }


def _placed(value: Any, what: str = "line tile", high: int = HIGH, error: type[Exception] = BadSave) -> Placed:
    """A placed tile ``(left, right)`` (or any pair of numbers 0..``high``) from outside."""
    try:
        a, b = value
    except (TypeError, ValueError):
        raise error(f"{what} must be a pair of numbers, not {short_repr(value)}") from None
    return integer(a, what, 0, high, error=error), integer(b, what, 0, high, error=error)


def _action(value: Any) -> str:
    if not isinstance(value, str) or value not in ACTIONS:
        raise BadSave(f"action must be one of {ACTIONS}, not {short_repr(value)}")
    return value


def _end(value: Any) -> str | None:
    if value is not None and (not isinstance(value, str) or value not in ENDS):
        raise BadSave(f"end must be one of {ENDS} or None, not {short_repr(value)}")
    return value


def _reason(value: Any) -> str:
    if not isinstance(value, str) or value not in (DOMINO, BLOCKED):
        raise BadSave(f"reason must be {DOMINO!r} or {BLOCKED!r}, not {short_repr(value)}")
    return value


def _player(value: Any, error: type[Exception] = ValueError) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, float, np.integer)) or value not in (0, 1):
        raise error(f"a player is 0 or 1, not {short_repr(value)}")
    return int(value)


def _check_all_tiles(tiles: list[Tile]) -> None:
    seen: set[Tile] = set()
    again: set[Tile] = set()
    for t in tiles:
        if t in seen:
            again.add(t)
        seen.add(t)
    twice = sorted(again)
    if twice:
        raise ValueError(f"tile(s) given twice: {', '.join(map(tile_name, twice))}")
    missing = sorted(_TILE_SET - seen)
    if missing:
        raise ValueError(f"tile(s) missing (all 28 must be somewhere): {', '.join(map(tile_name, missing))}")


def _copy_start(start: dict[str, Any]) -> dict[str, Any]:
    return copy.deepcopy(start)
