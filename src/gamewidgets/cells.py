"""Cells of a rectangular board, as a person or a view gives them: ``(row, col)``."""

from __future__ import annotations

from typing import Any

from .errors import IllegalMove

Cell = tuple[int, int]


def as_cell(value: Any, shape: tuple[int, int], what: str = "cell") -> Cell:
    """``value`` as a ``(row, col)`` on a board of ``shape``, or :class:`IllegalMove`
    saying why not (not a pair of integers, or off the board)."""
    try:
        row, col = value
        if isinstance(row, bool) or isinstance(col, bool) or (int(row), int(col)) != tuple(value):
            raise TypeError
        row, col = int(row), int(col)
    except (TypeError, ValueError):
        raise IllegalMove(f"{what} {value!r} is not a (row, col) pair of integers") from None
    if not (0 <= row < shape[0] and 0 <= col < shape[1]):
        raise IllegalMove(f"{what} {(row, col)} is off the board ({shape[0]} rows, {shape[1]} columns)")
    return row, col
