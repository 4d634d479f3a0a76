"""How a play looks to a player, and the playouts that finish an imagined deal.

A play is weighed by five *figures*, seen from the player who makes it: ``pips`` (the
tile's pips, shed), ``double`` (1 for a double: doubles are hard to place later),
``own`` (own tiles left that match an end the play leaves: the hand stays playable),
``scarce`` (for the ends it leaves, 7 minus the tiles the player cannot see that match
them, averaged over the distinct ends: the fewer the other hand and the boneyard can
hold, the likelier the opponent must draw) — these four are :func:`play_figures` — and
``blocked`` (:func:`blocked_chance`: the chance that the opponent holds no tile matching
the ends the play leaves, its tiles taken as drawn at random from those the player
cannot see, leaving out every tile that shows a pip the opponent is known to lack: it
drew or passed at an end showing it, and has drawn nothing since). A *style* weighs them:

- :data:`MEDIUM_STYLE` — Medium's weights (1, 3, 2, 0.7, and 0 for ``blocked``). Hard
  also expects the opponent to play so, in its playouts and when it weighs what the
  opponent's plays so far say about its hand (:mod:`gamewidgets.domino.inference`).
- :data:`EASY_NUDGE` — not a style: Easy plays the legal play of the most pips after
  each is nudged up by a random amount below 6 pips. Hard weighs the opponent's plays
  by this model too (:mod:`gamewidgets.domino.inference`).
- :data:`BLOCKING_STYLE` — Hard's own style in its playouts (0, 8, 2.3, 10, 30): ends
  the opponent is unlikely to match first, doubles out early, and the pips of the tile
  not weighed at all. Measured as a level of its own (no search, 20,000 hands dealt
  in pairs with the seats swapped, played as :func:`playout` plays), it wins 69.9 % of
  hands against Easy and 60.6 % against Medium's weights, where the style before it
  (1, 3, 2, 10, 0) won 67.0 % and 58.2 % and Medium's weights 59.7 % and 49.9 %. Its
  weights come from a random search of the level's hands won against Easy, with seven
  more figures that added little there (and 0.4 ± 0.9 points of percentage of hands
  won inside Hard, which is why they are left out).

:func:`playout` finishes a hand in which every tile is known (an imagined deal): each
side plays its style's best play (the first in hand order on a tie, left before
right), draws from the end of the boneyard list while nothing fits, and passes when
the boneyard is empty. What a side is known to lack comes from the playout's own
draws and passes, starting from ``lacks``. It returns the signed points for one
player. Pure Python, no random numbers: a deal gives one result.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Mapping, Sequence

Tile = tuple[int, int]
#: the figures of a play, in the order a style's weights are given
FIGURES = ("pips", "double", "own", "scarce", "blocked")
#: a style: the weight of each figure, in :data:`FIGURES` order
Style = tuple[float, float, float, float, float]


def style(weights: Mapping[str, float]) -> Style:
    """A style from weights by figure name (e.g. ``Medium.WEIGHTS``; ``blocked`` 0
    when not given)."""
    return (weights["pips"], weights["double"], weights["own"], weights["scarce"], weights.get("blocked", 0.0))


#: Medium's weights; Hard's model of how the opponent plays
MEDIUM_WEIGHTS: dict[str, float] = {"pips": 1.0, "double": 3.0, "own": 2.0, "scarce": 0.7}
#: Medium's weights as a style
MEDIUM_STYLE = style(MEDIUM_WEIGHTS)
#: how Hard plays in its own playouts: ends the opponent is unlikely to match first, doubles early
BLOCKING_STYLE = style({"pips": 0.0, "double": 8.0, "own": 2.3, "scarce": 10.0, "blocked": 30.0})
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


def blocked_chance(ends: tuple[int, int], unseen: Iterable[Tile], lacks: Collection[int], count: int) -> float:
    """The chance that an opponent of ``count`` tiles holds none matching ``ends``,
    its tiles drawn at random from the ``unseen`` ones (what the player cannot see)
    that show no pip in ``lacks`` (pips it is known to lack); 0 if that leaves fewer
    than ``count`` tiles."""
    return _blocked_among(ends, _possible(unseen, lacks), count)


def _possible(unseen: Iterable[Tile], lacks: Collection[int]) -> list[Tile]:
    """The ``unseen`` tiles that show no pip in ``lacks`` (those the opponent may hold)."""
    return [(a, b) for a, b in unseen if a not in lacks and b not in lacks]


def _blocked_among(ends: tuple[int, int], possible: Sequence[Tile], count: int) -> float:
    """:func:`blocked_chance` once the tiles the opponent may hold are known."""
    left, right = ends
    matching = sum(1 for a, b in possible if left in (a, b) or right in (a, b))
    every = math.comb(len(possible), count)
    return math.comb(len(possible) - matching, count) / every if every else 0.0


def weighed(style: Style, figures: Sequence[float]) -> float:
    """A play's value in a ``style``: its figures weighed and summed; given only the
    four of :func:`play_figures`, the style must not weigh ``blocked`` (ValueError)."""
    if any(style[len(figures):]):
        raise ValueError("this style weighs the blocked chance: give it as the fifth figure")
    return math.fsum(w * f for w, f in zip(style[:len(figures)], figures, strict=True))


def _pick(hand: list[Tile], left: int, right: int, offline: list[int], weights: Style,
          other: Sequence[Tile] = (), boneyard: Sequence[Tile] = (), lacks: Collection[int] = ()
          ) -> tuple[Tile, bool] | None:
    """The style's best play from ``hand`` at ends ``(left, right)``: (tile, on the
    left?) or None when nothing fits; ``offline``: per pip, the tiles not on the line;
    for a style that weighs ``blocked``, the opponent's hand ``other``, the
    ``boneyard`` (together what the player cannot see) and the pips the opponent is
    known to lack."""
    fits = [t for t in hand if left in t or right in t]
    if not fits:
        return None
    hidden = hidden_from(offline, hand)
    wp, wd, wo, ws, wb = weights
    possible = _possible([*other, *boneyard], lacks) if wb else []  # the same for every candidate
    best: tuple[Tile, bool] | None = None
    key = -1e18
    for tile in fits:
        a, b = tile
        for on_left, end in ((True, left), (False, right)):
            if (end != a and end != b) or (not on_left and left == right):
                continue
            new_end = b if a == end else a
            new_left, new_right = (new_end, right) if on_left else (left, new_end)
            own = 0
            for t in hand:
                if t is not tile and (new_left in t or new_right in t):
                    own += 1
            scarce = 7 - hidden[new_left] if new_left == new_right else (14 - hidden[new_left] - hidden[new_right]) / 2
            value = wp * (a + b) + (wd if a == b else 0) + wo * own + ws * scarce
            if wb:
                value += wb * _blocked_among((new_left, new_right), possible, len(other))
            if value > key:
                key, best = value, (tile, on_left)
    return best


def playout(hands: list[list[Tile]], boneyard: list[Tile], ends: tuple[int, int], turn: int, passes: int,
            me: int, styles: tuple[Style, Style] = (BLOCKING_STYLE, MEDIUM_STYLE),
            lacks: tuple[Iterable[int], Iterable[int]] = ((), ())) -> int:
    """Finish a hand in which every tile is known; signed points for ``me``. ``me``
    plays ``styles[0]``, the other ``styles[1]``. ``hands`` (two lists) and
    ``boneyard`` (drawn from its end) are used up. ``lacks[p]``: the pips player ``p``
    is known to lack at the start (what the other side may weigh as ``blocked``)."""
    left, right = ends
    offline = hidden_counts([*hands[0], *hands[1], *boneyard])
    lacking = [set(lacks[0]), set(lacks[1])]
    while True:
        hand = hands[turn]
        weights = styles[0] if turn == me else styles[1]
        other, lacks_other = hands[1 - turn], lacking[1 - turn]
        choice = _pick(hand, left, right, offline, weights, other, boneyard, lacks_other)
        drew = choice is None and bool(boneyard)
        while choice is None and boneyard:
            hand.append(boneyard.pop())
            choice = _pick(hand, left, right, offline, weights, other, boneyard, lacks_other)
        if drew:  # the tiles drawn before the last missed both ends, and the last is played
            lacking[turn] = {left, right}
        if choice is None:
            lacking[turn] |= {left, right}
            passes += 1
            if passes >= 2:  # blocked: the lower pip total wins the difference
                return sum(x + y for x, y in hands[1 - me]) - sum(x + y for x, y in hands[me])
            turn = 1 - turn
            continue
        passes = 0
        tile, on_left = choice
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
