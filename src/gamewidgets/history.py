"""A game's history as every widget shows it: ``w.history``.

``w.history`` is a sequence of :class:`Step`, one per position of the game so far, the
start first: ``w.history[i]`` is what ``w.goto(i)`` shows (the history slider's
position ``i``), ``len(w.history)`` the number of positions (moves taken + 1).
Each step holds its ``index``, the ``move`` that led to it (None for the start; in
Mahjong Connect a shuffle is a step too, its move the ``Shuffle``), ``analysis``: the
computer's analysis of that move when the widget kept one (``w.analyses``: the
computer's own moves, and those of ``watch(..., explain=True)``; None otherwise), and
``game``: the
position itself as a new ``Game`` (changing it changes nothing in the widget), made
when the step is first asked for, so ``len(w.history)`` and ``w.history[-1]`` cost
nothing on a long game.

Pure Python: no Jupyter import.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar, overload

G = TypeVar("G")


@dataclass(frozen=True)
class Step(Generic[G]):
    """One position of a game's history: its ``index`` (0 = the start), the ``move``
    that led to it (None for the start), the computer's ``analysis`` of that move (None
    when none was kept) and ``game``, that position as a Game."""

    index: int
    move: Any
    _game_at: Callable[[int], G] = field(repr=False, compare=False)
    analysis: Any = field(default=None, repr=False, compare=False)

    @property
    def game(self) -> G:
        """The position as a new Game (a fresh copy at every call)."""
        return self._game_at(self.index)

    def svg(self) -> str:
        """The position as a picture (``step.game.svg()``)."""
        return str(self.game.svg())  # type: ignore[attr-defined]

    def _repr_svg_(self) -> str:
        return self.svg()


class History(Sequence[Step[G]]):
    """The positions of a game so far (see the module docstring): ``moves[i]`` led to
    position ``i + 1``; ``game_at(i)`` makes position ``i`` as a Game; ``analyses``
    (position -> Analysis) are the kept analyses of the moves that led there."""

    def __init__(self, moves: Sequence[Any], game_at: Callable[[int], G],
                 analyses: Mapping[int, Any] | None = None):
        self._moves = list(moves)
        self._game_at = game_at
        self._analyses = dict(analyses or {})

    def __len__(self) -> int:
        return len(self._moves) + 1

    @overload
    def __getitem__(self, index: int) -> Step[G]: ...
    @overload
    def __getitem__(self, index: slice) -> list[Step[G]]: ...
    def __getitem__(self, index: int | slice) -> Step[G] | list[Step[G]]:
        if isinstance(index, slice):
            return [self[i] for i in range(len(self))[index]]
        if isinstance(index, bool) or not isinstance(index, int):
            raise TypeError(f"history positions are integers, not {type(index).__name__}")
        count = len(self)
        if not -count <= index < count:
            raise IndexError(f"position {index} is not in this game: positions are 0..{count - 1}")
        index %= count
        return Step(index, self._moves[index - 1] if index else None, self._game_at, self._analyses.get(index))

    def __eq__(self, other: object) -> bool:
        """Two histories are equal when the same moves led through them."""
        return isinstance(other, History) and self._moves == other._moves

    __hash__ = None  # type: ignore[assignment]

    @property
    def moves(self) -> list[Any]:
        """The moves that led from each position to the next (``[s.move for s in h[1:]]``)."""
        return list(self._moves)

    def __repr__(self) -> str:
        shown = ", ".join(str(m) for m in self._moves[-3:])
        more = "..., " if len(self._moves) > 3 else ""
        return f"<History of {len(self)} positions: {more}{shown}>" if self._moves else "<History: the start only>"
