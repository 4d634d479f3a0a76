"""The one rules interface all four games implement.

Every ``Game`` (``gamewidgets.line98.Game``, ``gamewidgets.mahjong.Game``,
``gamewidgets.loa.Game``, ``gamewidgets.domino.Game``) is a :class:`Rules`, so one
notebook habit works for every game::

    game = Game(seed=1)                       # (Lines of Action: Game(8); no chance)
    while not game.is_over:
        move = game.legal_moves()[0]
        assert game.parse_move(str(move)) == move            # text round-trips
        assert type(move).from_dict(move.to_dict()) == move  # so does the dict
        game.play(str(move))                  # a Move, its text or its dict
    game.outcome().winner, game.outcome().reason, game.outcome().score
    game.pop()                                # the move taken back

What every game does the same way:

- ``legal_moves()``: every move the player to move may make now (empty once over).
- ``is_legal(move)``, ``why_not(move) -> str | None`` (the reason in words),
  ``play(move)`` (= ``push``): each takes a ``Move``, its text (``str(move)``) or its
  dict (``move.to_dict()``). An illegal ``play`` raises
  :class:`~gamewidgets.errors.IllegalMove` with ``why_not``'s reason and changes
  nothing; after the end it raises :class:`~gamewidgets.errors.GameOver`.
- ``undo()`` / ``pop()``: take the last move back and return it
  (:class:`~gamewidgets.errors.NothingToUndo` when there is none). Mahjong Connect's
  may take back a shuffle, and then return ``Shuffle()``; Line 98 takes back one move
  in a row (the balls that came after it were chance).
- ``is_over`` (a property: no move is possible; a Mahjong Connect game with no
  removable pair is over until ``shuffle()`` or ``undo()``); ``turn``: whose move it is
  (always 0 in the one-player games; still an int after the end); ``moves``: the moves
  so far, oldest first.
- ``outcome()``: None while the game goes on, else an :class:`Outcome` — ``winner``
  (the player's index, None for a draw and in the one-player games), ``reason``
  (words) and ``score``.
- ``copy()``, ``to_dict()`` / ``Game.from_dict(data)`` (a save; ``from_dict`` raises
  :class:`~gamewidgets.errors.BadSave` on a damaged one), ``parse_move(text)``
  (:class:`~gamewidgets.errors.IllegalMove` on text that is no move; Line 98 and Lines
  of Action read the text against the legal moves, so they also refuse a move that
  is not legal now, with ``why_not``'s reason; Mahjong Connect and Dominoes only read
  it, and ``is_legal`` / ``why_not`` judge it).
- Cells are ``(row, col)`` in every public function; where a game names its squares
  (Lines of Action: ``"b1"``), the names are accepted too.

What a seat may see (one rule in all four games): a player — a built-in level, your
own :class:`~gamewidgets.players.FunctionPlayer`, a policy from the RL environments —
is given :func:`seat_view` of the game, ``game.view(seat)``, never the live game:

- Line 98 and Mahjong Connect: a copy (``Game``) whose future chance — the previews
  to come and a displaced preview's new cell, the shuffles — is drawn from a generator
  seeded by the visible position (:func:`seen_seed`), unrelated to the game's own. So
  trying moves on it is allowed and useful (it plays by the real rules), but tells
  nothing about the real draws; the same position gives the same view, so matches
  still replay. Its ``seed`` is that generator's, not the game's (the game's seed is
  its whole future).
- Lines of Action (no chance, nothing hidden): a copy.
- Dominoes: the seat's :class:`~gamewidgets.domino.PlayerView` (its own hand, the
  line, the counts; the other hand and the boneyard only as counts).

``match``, ``tournament``, ``w.watch``, a widget's computer seat and
``FunctionPlayer`` all hand their players this view.

What each game's ``play`` returns (game-specific, kept):

- Line 98: a ``MoveResult`` (the move, the lines cleared, points, the balls that came).
- Mahjong Connect: a ``Removal`` (the move, the tiles, the path, points).
- Lines of Action: the ``Move`` played (with ``capture`` set).
- Dominoes: the ``Event`` (who did what, with the tile drawn, if any).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

M = TypeVar("M")


def seat_view(game: Any, seat: int | None = None) -> Any:
    """What seat ``seat`` (default: the player to move) may see of ``game``:
    ``game.view(seat)`` (see the module docstring). A seat's view given again (a
    Dominoes ``PlayerView``, which has no ``view``) is returned as it is."""
    view = getattr(game, "view", None)
    if not callable(view):
        return game
    return view(game.turn if seat is None else seat)


def seen_seed(*seen: Any) -> int:
    """A 64-bit seed made from what a seat sees (plain JSON data: the board, the
    previews, the score, the moves so far): the seed of a view's own generator, the
    same for the same visible position and unrelated to the game's generator."""
    text = json.dumps(seen, separators=(",", ":"), default=str).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")


@runtime_checkable
class Outcome(Protocol):
    """How a game ended."""

    @property
    def winner(self) -> int | None:
        """The winning player's index; None for a draw and in the one-player games."""

    @property
    def reason(self) -> str:
        """Why it ended, in words (e.g. "connected", "blocked", "board full")."""

    @property
    def score(self) -> float:
        """The score: the points of a one-player game, the winner's points otherwise."""


@runtime_checkable
class GameMove(Protocol):
    """A move: a small frozen dataclass; ``str(move)`` is its text."""

    def to_dict(self) -> dict[str, Any]:
        """The move as plain JSON data; ``type(move).from_dict`` reads it back."""


@runtime_checkable
class Rules(Protocol[M]):
    """The rules of one game (see the module docstring)."""

    def legal_moves(self) -> list[M]:
        """Every move the player to move may make now (empty once the game is over)."""

    def is_legal(self, move: M | str | dict[str, Any]) -> bool:
        """Whether ``move`` (a Move, its text or its dict) may be played now."""

    def why_not(self, move: M | str | dict[str, Any]) -> str | None:
        """Why ``move`` (a Move, its text or its dict) may not be played now, in words; None if it may."""

    def play(self, move: M | str | dict[str, Any]) -> Any:
        """Play ``move`` (a Move, its text or its dict) and return what it did; IllegalMove (GameOver
        after the end) when it may not, changing nothing."""

    def push(self, move: M | str | dict[str, Any]) -> Any:
        """The same as :meth:`play`."""

    def undo(self) -> M | Any:  # Mahjong Connect: also Shuffle()
        """Take the last move back and return it; NothingToUndo when there is none."""

    def pop(self) -> M | Any:
        """The same as :meth:`undo`."""

    @property
    def is_over(self) -> bool:
        """True when no move is possible (see the module docstring for Mahjong Connect)."""

    @property
    def turn(self) -> int:
        """Whose move it is: the player's index (always 0 in the one-player games; an int also after the end)."""

    @property
    def moves(self) -> Sequence[M]:
        """The moves so far, oldest first."""

    def outcome(self) -> Outcome | None:
        """None while the game goes on, else how it ended (an :class:`Outcome`)."""

    def copy(self) -> Rules[M]:
        """An independent copy of the game."""

    def to_dict(self) -> dict[str, Any]:
        """The game as plain JSON data (a save); ``Game.from_dict`` reads it back."""

    def parse_move(self, text: str) -> M:
        """The move ``text`` names; IllegalMove when it names none (see the module docstring)."""
