"""Exact search of a Dominoes hand in which every tile is known.

Once the boneyard is empty, the hand a player cannot see is every tile it has not
seen: nothing is hidden any more, and the rest of the hand is a game of perfect
information. :func:`exact_values` gives the signed points each play leads to when both
sides play perfectly from there (minimax over points: a player maximises its points
won minus its points lost), by alpha-beta search with a transposition table.

- Hands are bit masks of the 28 tiles; the line is only its two ends (which tile made
  them does not matter, nor which end is which: positions with the ends swapped are
  one entry of the table). A player who cannot play draws from the boneyard (in draw
  order) until a tile fits, else passes; two passes in a row block the hand (the lower
  pip total wins the difference), a player out of tiles wins the other's pips.
- Plays are tried heaviest first, doubles before the rest (the order only speeds the
  search; the values are exact whatever it is).
- ``budget``: the most positions searched; past it the search gives up (None), so a
  decision costs the same work, and gives the same result, on any machine.
"""

from __future__ import annotations

from collections.abc import Sequence

from .rules import LEFT, TILES, Play

Tile = tuple[int, int]

_INDEX = {tile: i for i, tile in enumerate(TILES)}
_PIPS = [a + b for a, b in TILES]
_MATCH = [sum(1 << i for i, tile in enumerate(TILES) if pip in tile) for pip in range(7)]
#: _OTHER[i][pip]: tile i's other pip when ``pip`` touches the line (-1: it does not fit)
_OTHER = [[(b if a == pip else a) if pip in (a, b) else -1 for pip in range(7)] for a, b in TILES]
_ORDER = sorted(range(len(TILES)), key=lambda i: (-(_PIPS[i] + (20 if TILES[i][0] == TILES[i][1] else 0)), i))
_WORST = 1000  # beyond any hand's points


class OutOfBudget(Exception):
    """The search reached its budget of positions."""


def _mask(tiles: Sequence[Tile]) -> int:
    mask = 0
    for tile in tiles:
        mask |= 1 << _INDEX[tile]
    return mask


class _Search:
    def __init__(self, boneyard: Sequence[Tile], budget: int):
        self.boneyard = [_INDEX[t] for t in boneyard]
        self.budget = budget
        self.nodes = 0
        self.table: dict[tuple[int, int, int, int, int, int], tuple[int, int]] = {}

    def value(self, mine: int, theirs: int, drawn: int, left: int, right: int, passes: int,
              my_pips: int, their_pips: int, alpha: int, beta: int) -> int:
        """The points for the player to move (holding ``mine``) with both playing perfectly."""
        self.nodes += 1
        if self.nodes > self.budget:
            raise OutOfBudget
        if left > right:
            left, right = right, left
        key = (mine, theirs, drawn, left, right, passes)
        bounds = self.table.get(key)
        if bounds is not None:
            low, high = bounds
            if low >= beta or low == high:
                return low
            if high <= alpha:
                return high
            alpha, beta = max(alpha, low), min(beta, high)
        start_alpha = alpha
        fitting = _MATCH[left] | _MATCH[right]
        fits = mine & fitting
        boneyard = self.boneyard
        while not fits and drawn < len(boneyard):  # draw until a tile fits
            tile = boneyard[drawn]
            drawn += 1
            mine |= 1 << tile
            my_pips += _PIPS[tile]
            fits = mine & fitting
        if not fits:
            best = their_pips - my_pips if passes else -self.value(
                theirs, mine, drawn, left, right, 1, their_pips, my_pips, -beta, -alpha)
        else:
            best = -_WORST
            for tile in _ORDER:
                if not fits >> tile & 1:
                    continue
                rest = mine & ~(1 << tile)
                other = _OTHER[tile]
                ends = [(other[left], right)] if other[left] >= 0 else []
                if other[right] >= 0 and left != right:
                    ends.append((left, other[right]))
                for new_left, new_right in ends:
                    if alpha >= beta:  # cut off: the rest cannot matter (and must not be searched with no window)
                        break
                    score = their_pips if not rest else -self.value(
                        theirs, rest, drawn, new_left, new_right, 0, their_pips, my_pips - _PIPS[tile], -beta, -alpha)
                    if score > best:
                        best = score
                        alpha = max(alpha, score)
                if alpha >= beta:
                    break
        low, high = self.table.get(key, (-_WORST, _WORST))
        if best <= start_alpha:
            high = min(high, best)
        elif best >= beta:
            low = max(low, best)
        else:
            low = high = best
        self.table[key] = (low, high)
        return best


def exact_values(mine: Sequence[Tile], theirs: Sequence[Tile], ends: tuple[int, int], plays: Sequence[Play],
                 boneyard: Sequence[Tile] = (), budget: int = 200_000) -> tuple[list[int] | None, int]:
    """The exact signed points of each of ``plays`` for the player holding ``mine``
    against ``theirs`` at the line's ``ends`` (``boneyard`` in draw order), and the
    positions searched; the values are None when the ``budget`` of positions ran out."""
    search = _Search(boneyard, budget)
    hand, other = _mask(mine), _mask(theirs)
    my_pips, their_pips = sum(_PIPS[_INDEX[t]] for t in mine), sum(_PIPS[_INDEX[t]] for t in theirs)
    left, right = ends
    values = []
    try:
        for play in plays:
            tile = _INDEX[play.tile]
            rest = hand & ~(1 << tile)
            after = (_OTHER[tile][left], right) if play.end == LEFT else (left, _OTHER[tile][right])
            values.append(their_pips if not rest else -search.value(
                other, rest, 0, after[0], after[1], 0, their_pips, my_pips - _PIPS[tile], -_WORST, _WORST))
    except OutOfBudget:
        return None, search.nodes
    return values, search.nodes
