"""Puzzles: positions with one right move, found by the engines and proved.

    from gamewidgets import puzzles
    p = puzzles.load("loa")[0]          # the set shipped with the package
    p.prompt, p.game                    # what to find, and the position (a new Game)
    p.check("c1-c3")                    # Verdict(correct=..., reason="...", line=(...))
    puzzles.generate("loa", count=10, seed=1, kind="win-in-2")   # more, from self-play

Every puzzle belongs to a **kind** of its game (``KINDS[game]``, name -> kind), which
finds puzzles in seeded self-play, proves each answer, checks a move and gives a hint:

- Lines of Action ``win-in-1``, ``win-in-2`` (:mod:`.loa`): the side to move connects
  within 1 / 2 of its moves whatever the defence, and exactly one first move does it;
- Line 98 ``best-clear`` (:mod:`.line98`): exactly one move scores the most points now;
- Mahjong Connect ``only-safe-pair`` (:mod:`.mahjong`): of the removable pairs exactly
  one leaves a board that can still be cleared (proved);
- Dominoes ``open-hands`` (:mod:`.domino`): both hands shown, the boneyard empty or
  shown; exactly one play gives the best result, by exhaustive search.

A :class:`Puzzle` is plain data: ``game_name``, ``kind``, ``position`` (the game's
``to_dict()``), ``prompt`` (in words), ``solution`` (the moves of the solver's line, the
first the answer, each the game's ``Move``), ``rating`` (difficulty, on an Elo-like
scale: about 800 the easiest, 2000 hard), ``id`` and ``facts`` (what the generator
noted: the seed and ply it came from, ...). ``to_dict()`` / :meth:`Puzzle.from_dict`
round-trip it as JSON. :func:`generate` is deterministic for a seed; :func:`load`
returns the shipped set (made by ``tools/make_puzzles.py`` with the seed recorded in
the file, so anyone can make it again).
"""

from __future__ import annotations

import importlib
import json
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, ClassVar, Protocol

import numpy as np

from ..errors import GameError
from ..untrusted import integer, short_repr

__all__ = ["GAMES", "KINDS", "KIND_NAMES", "Puzzle", "PuzzleError", "PuzzleKind", "Verdict", "generate", "kinds",
           "load"]

#: the games with puzzles, and the module of each one's kinds
GAMES = {"loa": ".loa", "line98": ".line98", "mahjong": ".mahjong", "domino": ".domino"}
#: the names of each game's kinds, known without loading its module (the command line's
#: choices; each module's KINDS has these, in this order)
KIND_NAMES = {"loa": ("win-in-1", "win-in-2"), "line98": ("best-clear",), "mahjong": ("only-safe-pair",),
              "domino": ("open-hands",)}
#: the version of the puzzles' dict form (``to_dict``) and of the shipped files
FORMAT = 1


class PuzzleError(GameError, ValueError):
    """A puzzle that is not one: malformed data, or an answer that is not the only one."""


@dataclass(frozen=True)
class Verdict:
    """What :meth:`Puzzle.check` says of a move: ``correct``, the ``reason`` in words,
    and ``line``: for the answer, the rest of the solution; for another move, the line
    that refutes it (what it allows), where there is one."""

    move: Any
    correct: bool
    reason: str
    line: tuple[Any, ...] = ()

    def __str__(self) -> str:
        return f"{'correct' if self.correct else 'wrong'}: {self.reason}"


class PuzzleKind(Protocol):
    """One kind of puzzle of one game (each game's module registers its kinds)."""

    game: ClassVar[str]
    name: ClassVar[str]
    #: what the kind asks, one line (the prompt's default)
    description: ClassVar[str]
    #: how many moves of the solution are the solver's to find (win-in-2: 2; the defence
    #: between them is the opponent's); the kinds that do not say: 1, the answer

    def find(self, rng: np.random.Generator, count: int) -> list[Puzzle]:
        """``count`` puzzles of this kind from self-play drawn with ``rng``, each proved."""

    def check(self, puzzle: Puzzle, move: Any) -> Verdict:
        """``move`` (the game's Move) judged in ``puzzle``."""

    def hint(self, puzzle: Puzzle) -> str:
        """A first hint in words (which piece, ball or tile), short of the answer."""


def kinds(game: str) -> dict[str, PuzzleKind]:
    """The kinds of ``game``'s puzzles, name -> kind."""
    if game not in GAMES:
        raise ValueError(f"no puzzles for {short_repr(game)} (games: {', '.join(GAMES)})")
    module = importlib.import_module(GAMES[game], __name__)
    return dict(module.KINDS)


class _Kinds(Mapping[str, dict[str, PuzzleKind]]):
    """``KINDS[game]``: :func:`kinds`, each game's module loaded when first asked for."""

    def __getitem__(self, game: str) -> dict[str, PuzzleKind]:
        return kinds(game)

    def __iter__(self) -> Any:
        return iter(GAMES)

    def __len__(self) -> int:
        return len(GAMES)


KINDS: Mapping[str, dict[str, PuzzleKind]] = _Kinds()


def _game_module(game: str) -> Any:
    return importlib.import_module(f"gamewidgets.{game}.rules")


@dataclass(frozen=True, eq=False)
class Puzzle:
    """See the module docstring."""

    game_name: str
    kind: str
    position: Mapping[str, Any]
    prompt: str
    solution: tuple[Any, ...]
    rating: int
    id: str = ""
    facts: Mapping[str, Any] = field(default_factory=dict)

    @property
    def game(self) -> Any:
        """The position, as a new Game (change it as you like: the puzzle keeps its own)."""
        return _game_module(self.game_name).Game.from_dict(dict(self.position))

    @property
    def answer(self) -> Any:
        """The one right first move."""
        return self.solution[0]

    @property
    def _kind(self) -> PuzzleKind:
        return kinds(self.game_name)[self.kind]

    def move(self, move: Any) -> Any:
        """``move`` as the game's Move: a Move, its text (as the game writes and reads it),
        or its dict form; PuzzleError when it is none of these."""
        Move = _game_module(self.game_name).Move
        if isinstance(move, Move):
            return move
        if isinstance(move, (str, Mapping)):
            try:
                return self.game.parse_move(move if isinstance(move, str) else dict(move))
            except (GameError, ValueError, TypeError, KeyError):
                pass
        raise PuzzleError(f"{short_repr(move)} is not a move of this position (moves are written like "
                          f"{self.answer!s})")

    def check(self, move: Any) -> Verdict:
        """Is ``move`` the answer? A :class:`Verdict` with the reason in words."""
        return self._kind.check(self, self.move(move))

    def hint(self) -> str:
        """A first hint, short of the answer (which piece, ball or tile)."""
        return self._kind.hint(self)

    def to_dict(self) -> dict[str, Any]:
        """The puzzle as JSON-ready data (:meth:`from_dict` reads it back)."""
        return {"format": FORMAT, "game": self.game_name, "kind": self.kind, "id": self.id,
                "rating": self.rating, "prompt": self.prompt, "position": dict(self.position),
                "solution": [m.to_dict() for m in self.solution], "facts": dict(self.facts)}

    @classmethod
    def from_dict(cls, data: Any) -> Puzzle:
        """A puzzle from :meth:`to_dict`'s form; PuzzleError saying what is wrong."""
        if not isinstance(data, Mapping):
            raise PuzzleError(f"a puzzle is a dict (Puzzle.to_dict()), not {short_repr(data)}")
        try:
            game, kind = data["game"], data["kind"]
            if game not in GAMES or kind not in kinds(game):
                raise PuzzleError(f"unknown puzzle kind {short_repr(game)} / {short_repr(kind)}")
            Move = _game_module(game).Move
            solution = data["solution"]
            if not isinstance(solution, Sequence) or isinstance(solution, str) or not solution:
                raise PuzzleError("a puzzle's solution is a non-empty list of moves")
            puzzle = cls(game_name=game, kind=kind, position=dict(data["position"]), prompt=str(data["prompt"]),
                         solution=tuple(Move.from_dict(m) for m in solution),
                         rating=integer(data["rating"], "rating", error=PuzzleError), id=str(data.get("id", "")),
                         facts=dict(data.get("facts", {})))
            puzzle.game  # noqa: B018 - the position must be one
        except PuzzleError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise PuzzleError(f"not a puzzle: {type(exc).__name__}: {short_repr(str(exc), 160)}") from None
        return puzzle

    def __repr__(self) -> str:
        return f"<Puzzle {self.id or self.kind}: {self.game_name} {self.kind}, rating {self.rating}>"

    def __str__(self) -> str:
        return f"{self.prompt}\n{self.game}"


def generate(game: str, count: int = 10, seed: int = 0, kind: str | None = None) -> list[Puzzle]:
    """``count`` puzzles of ``game`` (of ``kind``; None: of every kind in turn), found in
    self-play seeded by ``seed`` and proved; the same for the same arguments."""
    count = integer(count, "count", 0, error=ValueError)
    seed = integer(seed, "seed", 0, error=ValueError)
    available = kinds(game)
    if kind is not None and kind not in available:
        raise ValueError(f"{game} has no puzzle kind {short_repr(kind)} (kinds: {', '.join(available)})")
    names = [kind] if kind is not None else list(available)
    shares = [count // len(names) + (i < count % len(names)) for i in range(len(names))]
    found: list[Puzzle] = []
    for name, share in zip(names, shares, strict=True):
        if share:  # each kind's games from the seed and its name: the same with kind= or without
            found.extend(available[name].find(np.random.default_rng([seed, zlib.crc32(name.encode())]), share))
    return found


def load(game: str) -> list[Puzzle]:
    """The puzzles of ``game`` shipped with the package, easiest first."""
    kinds(game)  # the game is known
    text = resources.files(__name__).joinpath("data").joinpath(f"{game}.json").read_text(encoding="utf-8")
    data = json.loads(text)
    return sorted((Puzzle.from_dict(p) for p in data["puzzles"]), key=lambda p: p.rating)
