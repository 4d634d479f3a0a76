"""The 144 tiles of Mahjong Connect and which tiles match.

Tiles are small ints 1..42 (0 = empty cell); their codes are the strings of the
file formats: ``D1``–``D9`` dots, ``B1``–``B9`` bamboo, ``C1``–``C9`` characters,
``WE WS WW WN`` winds, ``DR DG DW`` dragons, ``F1``–``F4`` flowers, ``S1``–``S4``
seasons. Identical tiles match; any flower matches any flower and any season any
season (a flower never a season): :func:`match_group` maps a tile to what it matches.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import overload

import numpy as np

CODES: tuple[str, ...] = (
    *(f"D{n}" for n in range(1, 10)),
    *(f"B{n}" for n in range(1, 10)),
    *(f"C{n}" for n in range(1, 10)),
    "WE", "WS", "WW", "WN",
    "DR", "DG", "DW",
    *(f"F{n}" for n in range(1, 5)),
    *(f"S{n}" for n in range(1, 5)),
)
TILE = {code: index for index, code in enumerate(CODES, start=1)}  # code -> tile int
NAMES = {
    **{TILE[f"D{n}"]: f"{n} of dots" for n in range(1, 10)},
    **{TILE[f"B{n}"]: f"{n} of bamboo" for n in range(1, 10)},
    **{TILE[f"C{n}"]: f"{n} of characters" for n in range(1, 10)},
    TILE["WE"]: "east wind", TILE["WS"]: "south wind", TILE["WW"]: "west wind", TILE["WN"]: "north wind",
    TILE["DR"]: "red dragon", TILE["DG"]: "green dragon", TILE["DW"]: "white dragon",
    **{TILE[f"F{n}"]: f"flower {n}" for n in range(1, 5)},
    **{TILE[f"S{n}"]: f"season {n}" for n in range(1, 5)},
}
FLOWERS = frozenset(TILE[f"F{n}"] for n in range(1, 5))
SEASONS = frozenset(TILE[f"S{n}"] for n in range(1, 5))

# tile int -> the tile int all its matches share (flowers -> F1, seasons -> S1)
_GROUP = np.arange(len(CODES) + 1, dtype=np.int8)
_GROUP[sorted(FLOWERS)] = TILE["F1"]
_GROUP[sorted(SEASONS)] = TILE["S1"]


def full_set() -> list[int]:
    """The 144 tiles: four of each suit tile, wind and dragon, one of each flower and season."""
    tiles = []
    for tile in range(1, len(CODES) + 1):
        tiles.extend([tile] * (1 if tile in FLOWERS or tile in SEASONS else 4))
    return tiles


@overload
def match_group(tiles: int) -> np.int8: ...
@overload
def match_group(tiles: np.ndarray) -> np.ndarray: ...
def match_group(tiles: int | np.ndarray) -> np.int8 | np.ndarray:
    """What each tile matches with: equal groups match (works on ints and arrays)."""
    return _GROUP[tiles]


def matches(a: int, b: int) -> bool:
    """Whether tiles ``a`` and ``b`` match: both are tiles (not 0) of the same match group."""
    return bool(a) and bool(b) and _GROUP[a] == _GROUP[b]


def code(tile: int) -> str | None:
    """The code of ``tile`` (``"D1"``); None for 0, an empty cell."""
    return CODES[tile - 1] if tile else None


def parse(code_or_none: str | None) -> int:
    """A tile int from a code (``None`` -> 0 empty); ValueError for anything else."""
    if code_or_none is None:
        return 0
    try:
        return TILE[code_or_none]
    except (KeyError, TypeError):
        raise ValueError(f"unknown tile code {code_or_none!r} (D1..D9, B1..B9, C1..C9, WE WS WW WN, "
                         "DR DG DW, F1..F4, S1..S4, or null)") from None


def grid_from_codes(rows: str | Iterable[Iterable[str | None]]) -> np.ndarray:
    """A grid of tile ints from rows of codes (``None``, ``"."`` or ``""`` empty), or
    from text with one row a line and cells separated by spaces."""
    if isinstance(rows, str):
        rows = [line.split() for line in rows.strip().splitlines() if line.strip()]
    try:
        cells = [[parse(None if c in (None, ".", "") else c) for c in row] for row in rows]
    except TypeError:
        raise ValueError("a layout is a list of rows of tile codes") from None
    if not cells or not cells[0] or len({len(row) for row in cells}) != 1:
        raise ValueError("a layout has at least one row, and all rows have the same length")
    return np.array(cells, dtype=np.int8)
