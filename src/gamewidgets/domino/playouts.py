"""How a play looks to a player, and the playouts that finish an imagined deal.

A play is weighed by four *figures* (:func:`play_figures`), seen from the player who
makes it: ``pips`` (the tile's pips, shed), ``double`` (1 for a double: doubles are hard
to place later), ``own`` (own tiles left that match an end the play leaves: the hand
stays playable) and ``scarce`` (for the ends it leaves, 7 minus the tiles the player
cannot see that match them, averaged over the distinct ends: the fewer the other hand
and the boneyard can hold, the likelier the opponent must draw). A *style* weighs them:

- :data:`MEDIUM_STYLE` — Medium's weights (1, 3, 2, 0.7). Hard also expects the
  opponent to play so, in its playouts and when it weighs what the opponent's plays
  so far say about its hand (:mod:`gamewidgets.domino.inference`).
- :data:`EASY_NUDGE` — not a style: Easy plays the legal play of the most pips after
  each is nudged up by a random amount below 6 pips. Hard weighs the opponent's plays
  by this model too (:mod:`gamewidgets.domino.inference`).
- :data:`BLOCKING_STYLE` — Hard's own style in its playouts (1, 3, 2, 10): the ends
  the opponent can hardly match come first. Measured as a level of its own (2,000
  hands, duplicate pairs, no search), it wins 69.5 % of hands against Easy and 58.8 %
  against Medium, where Medium's weights win 59.8 % and 49.8 %.

:func:`playout` finishes a hand in which every tile is known (an imagined deal): each
side plays its style's best play (the first in hand order on a tie, left before
right), draws from the end of the boneyard list while nothing fits, and passes when
the boneyard is empty. It returns the signed points for one player. Pure Python, no
random numbers: a deal gives one result.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

Tile = tuple[int, int]
#: the figures of a play, in the order a style's weights are given
FIGURES = ("pips", "double", "own", "scarce")
#: a style: the weight of each figure, in :data:`FIGURES` order
Style = tuple[float, float, float, float]


def style(weights: Mapping[str, float]) -> Style:
    """A style from weights by figure name (e.g. ``Medium.WEIGHTS``)."""
    return (weights["pips"], weights["double"], weights["own"], weights["scarce"])


#: Medium's weights; Hard's model of how the opponent plays
MEDIUM_WEIGHTS: dict[str, float] = {"pips": 1.0, "double": 3.0, "own": 2.0, "scarce": 0.7}
#: Medium's weights as a style
MEDIUM_STYLE = style(MEDIUM_WEIGHTS)
#: how Hard plays in its own playouts: as Medium, with ends the opponent can hardly match first
BLOCKING_STYLE = style({"pips": 1.0, "double": 3.0, "own": 2.0, "scarce": 10.0})
#: Easy's way: each legal play scores its pips plus a random nudge drawn uniformly below this many pips
EASY_NUDGE = 6.0


def ends_after(ends: tuple[int, int] | None, tile: Tile, end: str) -> tuple[int, int]:
    """The line's ends after ``tile`` is played on ``end`` ("left" or "right") of a
    line with ``ends`` (never the opening: the line has ends)."""
    assert ends is not None  # a play that is weighed is never the opening
    left, right = ends
    if end == "left":
        return (tile[1] if tile[0] == left else tile[0], right)
    return (left, tile[1] if tile[0] == right else tile[0])


def hidden_counts(unseen: Sequence[Tile]) -> list[int]:
    """For each pip 0..6, how many of the ``unseen`` tiles show it (a double once)."""
    counts = [0] * 7
    for a, b in unseen:
        counts[a] += 1
        if b != a:
            counts[b] += 1
    return counts


def hidden_from(off_line: Sequence[int], hand: Sequence[Tile]) -> list[int]:
    """What a player holding ``hand`` cannot see, per pip, from ``off_line`` (the
    :func:`hidden_counts` of every tile not on the line)."""
    hidden = list(off_line)
    for a, b in hand:
        hidden[a] -= 1
        if b != a:
            hidden[b] -= 1
    return hidden


def play_figures(tile: Tile, ends: tuple[int, int], rest: Sequence[Tile], hidden: Sequence[int]
                 ) -> tuple[int, int, int, float]:
    """The figures of a play (see the module docstring): ``tile`` played, leaving the
    line's ``ends``, with ``rest`` the player's other tiles and ``hidden`` the
    :func:`hidden_counts` of what the player cannot see."""
    left, right = ends
    own = sum(1 for t in rest if left in t or right in t)
    if left == right:
        scarce: float = 7 - hidden[left]
    else:
        scarce = (14 - hidden[left] - hidden[right]) / 2
    return tile[0] + tile[1], int(tile[0] == tile[1]), own, scarce


def weighed(style: Style, figures: Sequence[float]) -> float:
    """A play's value in a ``style``: its :func:`play_figures` weighed and summed."""
    return math.fsum(w * f for w, f in zip(style, figures, strict=True))


def _pick(hand: list[Tile], left: int, right: int, offline: list[int], weights: Style) -> tuple[Tile, bool] | None:
    """The style's best play from ``hand`` at ends ``(left, right)``: (tile, on the
    left?) or None when nothing fits; ``offline``: per pip, the tiles not on the line."""
    fits = [t for t in hand if left in t or right in t]
    if not fits:
        return None
    hidden = hidden_from(offline, hand)
    wp, wd, wo, ws = weights
    best: tuple[Tile, bool] | None = None
    key = -1e18
    for tile in fits:
        a, b = tile
        for on_left, end in ((True, left), (False, right)):
            if (end != a and end != b) or (not on_left and left == right):
                continue
            other = b if a == end else a
            new_left, new_right = (other, right) if on_left else (left, other)
            own = 0
            for t in hand:
                if t is not tile and (new_left in t or new_right in t):
                    own += 1
            scarce = 7 - hidden[new_left] if new_left == new_right else (14 - hidden[new_left] - hidden[new_right]) / 2
            value = wp * (a + b) + (wd if a == b else 0) + wo * own + ws * scarce
            if value > key:
                key, best = value, (tile, on_left)
    return best


def playout(hands: list[list[Tile]], boneyard: list[Tile], ends: tuple[int, int], turn: int, passes: int,
            me: int, styles: tuple[Style, Style] = (BLOCKING_STYLE, MEDIUM_STYLE)) -> int:
    """Finish a hand in which every tile is known; signed points for ``me``. ``me``
    plays ``styles[0]``, the other ``styles[1]``. ``hands`` (two lists) and
    ``boneyard`` (drawn from its end) are used up."""
    left, right = ends
    offline = hidden_counts([*hands[0], *hands[1], *boneyard])
    while True:
        hand = hands[turn]
        weights = styles[0] if turn == me else styles[1]
        pick = _pick(hand, left, right, offline, weights)
        while pick is None and boneyard:
            hand.append(boneyard.pop())
            pick = _pick(hand, left, right, offline, weights)
        if pick is None:
            passes += 1
            if passes >= 2:  # blocked: the lower pip total wins the difference
                return sum(x + y for x, y in hands[1 - me]) - sum(x + y for x, y in hands[me])
            turn = 1 - turn
            continue
        passes = 0
        tile, on_left = pick
        hand.remove(tile)
        a, b = tile
        offline[a] -= 1
        if b != a:
            offline[b] -= 1
        if on_left:
            left = b if a == left else a
        else:
            right = b if a == right else a
        if not hand:
            points = sum(x + y for x, y in hands[1 - turn])
            return points if turn == me else -points
        turn = 1 - turn
