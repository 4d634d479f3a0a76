"""The removable pairs of a Mahjong Connect grid the slow, obvious way, for the tests:
every two matching tiles whose fewest-turns path (an independent search) turns at most
twice."""

import numpy as np

from gamewidgets.mahjong import fewest_turns
from gamewidgets.mahjong.tiles import matches


def connectable_pairs(grid) -> set:
    cells = [tuple(map(int, c)) for c in np.argwhere(grid)]
    pairs = set()
    for i, a in enumerate(cells):
        for b in cells[i + 1 :]:
            turns = fewest_turns(grid, a, b)
            if matches(int(grid[a]), int(grid[b])) and turns is not None and turns <= 2:
                pairs.add((a, b))
    return pairs
