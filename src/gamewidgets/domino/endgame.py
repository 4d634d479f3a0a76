"""Exact search of a Dominoes hand in which every tile is known.

Once the boneyard is empty, the hand a player cannot see is every tile it has not
seen: nothing is hidden any more, and the rest of the hand is a game of perfect
information. Two searches value each play from there:

- :func:`exact_values`: the signed points each play leads to when both sides play
  perfectly (minimax over points: a player maximises its points won minus its points
  lost), by alpha-beta search with a transposition table.
- :func:`expected_values`: the expected signed points when the player plays its best
  and the opponent plays as Hard models a player that weighs its plays
  (:mod:`gamewidgets.domino.inference`: a play with the chance ``exp(BETA * value)``,
  normalised, ``value`` Medium's weighing of it), with the chance of winning the hand;
  an expectimax with a table of the positions seen. Against a fallible opponent it
  prefers the play that leaves it more chances to err, where minimax sees only the
  worst case; it is never below the minimax value (the opponent's model is one way of
  playing, the worst case the worst of them). Hard uses it (1,600 hands against Easy
  on four seeds other than 9: with the two models of :mod:`~gamewidgets.domino.inference`,
  1.8 ± 0.7 points of percentage more hands won), and minimax where it runs out of
  budget.

- Hands are bit masks of the 28 tiles; the line is only its two ends (which tile made
  them does not matter, nor which end is which: positions with the ends swapped are
  one entry of the table). A player who cannot play draws from the boneyard (in draw
  order) until a tile fits, else passes; two passes in a row block the hand (the lower
  pip total wins the difference), a player out of tiles wins the other's pips.
- On equal ends a tile is one play (left and right lead to the same position).
- Plays are tried heaviest first, doubles before the rest (the order only speeds the
  search; the values are exact whatever it is).
- ``budget``: the most positions searched; past it the search gives up (None), so a
  decision costs the same work, and gives the same result, on any machine.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence

from .inference import BETA, weighed_choice_chances
from .playouts import MEDIUM_STYLE, hidden_counts, play_figures, weighed
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


def _tiles(mask: int) -> list[Tile]:
    return [tile for i, tile in enumerate(TILES) if mask >> i & 1]


def _plays(fits: int, left: int, right: int) -> list[tuple[int, int, int]]:
    """Each play of the tiles in ``fits`` at ends ``(left, right)``: (tile, the ends it
    leaves), heaviest first (a tile on equal ends once)."""
    plays = []
    for tile in _ORDER:
        if fits >> tile & 1:
            other = _OTHER[tile]
            if other[left] >= 0:
                plays.append((tile, other[left], right))
            if other[right] >= 0 and left != right:
                plays.append((tile, left, other[right]))
    return plays


class _Budgeted:
    """A search that counts the positions it visits and gives up past its ``budget``."""

    def __init__(self, budget: int):
        self.budget = budget
        self.nodes = 0

    def _visit(self, left: int, right: int) -> tuple[int, int]:
        """Count one more position (OutOfBudget past the budget); its ends in the
        table's order (swapped ends are one position)."""
        self.nodes += 1
        if self.nodes > self.budget:
            raise OutOfBudget
        return (right, left) if left > right else (left, right)


class _Search(_Budgeted):
    def __init__(self, boneyard: Sequence[Tile], budget: int):
        super().__init__(budget)
        self.boneyard = [_INDEX[t] for t in boneyard]
        self.table: dict[tuple[int, int, int, int, int, int], tuple[int, int]] = {}

    def value(self, mine: int, theirs: int, drawn: int, left: int, right: int, passes: int,
              my_pips: int, their_pips: int, alpha: int, beta: int) -> int:
        """The points for the player to move (holding ``mine``) with both playing perfectly."""
        left, right = self._visit(left, right)
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
            for tile, new_left, new_right in _plays(fits, left, right):
                if alpha >= beta:  # cut off: the rest cannot matter (and must not be searched with no window)
                    break
                rest = mine & ~(1 << tile)
                score = their_pips if not rest else -self.value(
                    theirs, rest, drawn, new_left, new_right, 0, their_pips, my_pips - _PIPS[tile], -beta, -alpha)
                if score > best:
                    best = score
                    alpha = max(alpha, score)
        low, high = self.table.get(key, (-_WORST, _WORST))
        if best <= start_alpha:
            high = min(high, best)
        elif best >= beta:
            low = max(low, best)
        else:
            low = high = best
        self.table[key] = (low, high)
        return best


def _after_each_play(mine: Sequence[Tile], theirs: Sequence[Tile], ends: tuple[int, int], plays: Sequence[Play]
                     ) -> Iterator[tuple[int, int, int, int, int, int]]:
    """For each of ``plays`` of the player holding ``mine``: the hand it leaves and the
    other hand (masks), the line's ends after it, the pips left in each hand."""
    hand, other = _mask(mine), _mask(theirs)
    my_pips, their_pips = sum(_PIPS[_INDEX[t]] for t in mine), sum(_PIPS[_INDEX[t]] for t in theirs)
    left, right = ends
    for play in plays:
        tile = _INDEX[play.tile]
        after = (_OTHER[tile][left], right) if play.end == LEFT else (left, _OTHER[tile][right])
        yield hand & ~(1 << tile), other, *after, my_pips - _PIPS[tile], their_pips


def exact_values(mine: Sequence[Tile], theirs: Sequence[Tile], ends: tuple[int, int], plays: Sequence[Play],
                 boneyard: Sequence[Tile] = (), budget: int = 200_000) -> tuple[list[int] | None, int]:
    """The exact signed points of each of ``plays`` for the player holding ``mine``
    against ``theirs`` at the line's ``ends`` (``boneyard`` in draw order), and the
    positions searched; the values are None when the ``budget`` of positions ran out."""
    search = _Search(boneyard, budget)
    try:
        values = [their_pips if not rest else -search.value(other, rest, 0, left, right, 0, their_pips, my_pips,
                                                             -_WORST, _WORST)
                  for rest, other, left, right, my_pips, their_pips in _after_each_play(mine, theirs, ends, plays)]
    except OutOfBudget:
        return None, search.nodes
    return values, search.nodes

class _Expectation(_Budgeted):
    """The expectimax of :func:`expected_values`: the player maximises, the opponent
    picks by its model; values are (expected points, chance of winning) for the player."""

    def __init__(self, beta: float, budget: int):
        super().__init__(budget)
        self.beta = beta
        self.table: dict[tuple[bool, int, int, int, int, int], tuple[float, float]] = {}

    def value(self, my_turn: bool, mine: int, theirs: int, left: int, right: int, passes: int,
              my_pips: int, their_pips: int) -> tuple[float, float]:
        left, right = self._visit(left, right)
        key = (my_turn, mine, theirs, left, right, passes)
        known = self.table.get(key)
        if known is not None:
            return known
        fits = (mine if my_turn else theirs) & (_MATCH[left] | _MATCH[right])
        if not fits:  # pass (the boneyard is empty)
            result: tuple[float, float] = (
                (their_pips - my_pips, float(my_pips < their_pips)) if passes
                else self.value(not my_turn, mine, theirs, left, right, 1, my_pips, their_pips))
            self.table[key] = result
            return result
        plays = _plays(fits, left, right)
        results = []
        for tile, new_left, new_right in plays:
            if my_turn:
                rest = mine & ~(1 << tile)
                results.append((float(their_pips), 1.0) if not rest else self.value(
                    False, rest, theirs, new_left, new_right, 0, my_pips - _PIPS[tile], their_pips))
            else:
                rest = theirs & ~(1 << tile)
                results.append((float(-my_pips), 0.0) if not rest else self.value(
                    True, mine, rest, new_left, new_right, 0, my_pips, their_pips - _PIPS[tile]))
        if my_turn:
            result = max(results)
        else:  # the opponent's model: Medium's weighing of each play, from what it sees (the player's hand)
            held, unseen = _tiles(theirs), hidden_counts(_tiles(mine))
            values = [weighed(MEDIUM_STYLE, play_figures(TILES[tile], (new_left, new_right),
                                                         [t for t in held if t != TILES[tile]], unseen))
                      for tile, new_left, new_right in plays]
            chances = weighed_choice_chances(values, self.beta)
            result = (math.fsum(c * r[0] for c, r in zip(chances, results, strict=True)),  # the chances' rounding
                      min(1.0, math.fsum(c * r[1] for c, r in zip(chances, results, strict=True))))  # may pass 1
        self.table[key] = result
        return result


def expected_values(mine: Sequence[Tile], theirs: Sequence[Tile], ends: tuple[int, int], plays: Sequence[Play],
                    beta: float = BETA, budget: int = 300_000
                    ) -> tuple[list[tuple[float, float]] | None, int]:
    """For each of ``plays`` of the player holding ``mine`` against ``theirs`` at the
    line's ``ends`` (the boneyard empty), the expected signed points and the chance of
    winning the hand, the player playing its best and the opponent as modelled (see the
    module docstring), and the positions searched; None when the ``budget`` ran out."""
    search = _Expectation(beta, budget)
    try:
        values = [(float(their_pips), 1.0) if not rest else search.value(False, rest, other, left, right, 0, my_pips,
                                                                         their_pips)
                  for rest, other, left, right, my_pips, their_pips in _after_each_play(mine, theirs, ends, plays)]
    except OutOfBudget:
        return None, search.nodes
    return values, search.nodes
