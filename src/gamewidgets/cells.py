"""Cells of a rectangular board, as a person or a view gives them: ``(row, col)``.

A cell may come from outside (a view's click, a saved game), so it is checked with
:mod:`gamewidgets.untrusted`: two integers (whole floats such as ``3.0`` count, as a
JavaScript view sends them), never bools, NaN, infinities or values nested inside; a
bad one raises :class:`~gamewidgets.errors.IllegalMove` whose message shows at most a
short piece of the value.
"""

from __future__ import annotations

from typing import Any

from .errors import IllegalMove
from .untrusted import integer, short_repr

Cell = tuple[int, int]


def as_pair(value: Any, what: str = "cell") -> Cell:
    """``value`` as a ``(row, col)`` pair of integers (on no board in particular), or
    :class:`IllegalMove` saying why not."""
    try:
        row, col = value
        return (integer(row, what, error=IllegalMove), integer(col, what, error=IllegalMove))
    except (TypeError, ValueError):  # IllegalMove is a ValueError
        raise IllegalMove(f"{what} {short_repr(value)} is not a (row, col) pair of integers") from None


def as_cell(value: Any, shape: tuple[int, int], what: str = "cell") -> Cell:
    """``value`` as a ``(row, col)`` on a board of ``shape``, or :class:`IllegalMove`
    saying why not (not a pair of integers, or off the board)."""
    row, col = as_pair(value, what)
    if not (0 <= row < shape[0] and 0 <= col < shape[1]):
        raise IllegalMove(f"{what} {short_repr((row, col))} is off the board ({shape[0]} rows, {shape[1]} columns)")
    return row, col
