"""What a Dominoes player can tell about the hand it cannot see.

Two kinds of evidence, both from the public history of the player's own view:

- **Facts** (:func:`infer`, :class:`Facts`): what the rules prove. A player who draws
  or passes at ends ``(l, r)`` held no tile showing ``l`` or ``r`` then; a drawn tile
  followed by a play is that tile; the opening rule puts every tile ranked above the
  opening in the boneyard at the deal (``view.not_dealt``). ``Facts.sample`` draws
  hidden deals consistent with them: slot by slot (the opponent's dealt tiles and each
  of its draws), most constrained first, uniformly among the tiles a slot allows,
  restarting on a dead end (close to, not exactly, uniform over the consistent deals).
- **Likelihood** (:func:`choices_likelihood`): what the opponent's choices make likely.
  Each of its plays that had alternatives was picked from the hand it held then (which
  a sampled deal says, with :meth:`Facts.sample_entries`). Hard does not know how the
  opponent plays, so it holds two models of a player, half each (:data:`MODELS`), and a
  deal's likelihood is the mean of the two:

  - *weighs its plays*: it picks a play with the chance ``exp(BETA * value) /
    sum(exp(BETA * value'))`` over its legal plays, ``value`` Medium's weighing of the
    play's figures (:mod:`gamewidgets.domino.playouts`) from what it could see then;
  - *plays heavy tiles, nudged*: each legal play scores its pips plus a random nudge
    below ``EASY_NUDGE`` (6) pips and the highest is played, as Easy does
    (:func:`nudged_choice_chance`, exact). A deal in which it left a play 6 or more
    pips heavier than the one it made is impossible under this model.

  A deal in which the opponent's plays were good ones, or heavy ones, is likelier than
  one in which it left a heavy tile that fitted. ``BETA`` = 0.5: measured on 280
  positions of hands against Easy and Medium (the true hidden hand known), the first
  model alone takes the beliefs' Brier score from 0.172 to 0.161 against Medium and
  leaves it about level (0.169 to 0.168) against Easy, whose plays are noisier; with
  the second model beside it (a prior of 0.4 on each and 0.2 on a random player then),
  0.163 against Easy. In play (1,600 hands against Easy on four seeds other than 9),
  the two models together, with the expected ending of :mod:`gamewidgets.domino.endgame`,
  win 1.8 ± 0.7 points of percentage more hands than the first model alone.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Sequence
from typing import Any, cast

import numpy as np

from .playouts import EASY_NUDGE, MEDIUM_STYLE, ends_after, hidden_counts, hidden_from, play_figures, weighed
from .rules import DRAW, LEFT, PASS, PLAY, TILES, Play, PlayerView, Tile, legal_actions

_INF = 1 << 30
#: how sharply the opponent is expected to prefer its better-looking plays
BETA = 0.5
#: the models of how the opponent picks a play, and the prior chance of each
MODELS = {"weighs its plays": 0.5, "plays heavy tiles, nudged": 0.5}


def weighed_choice_chances(values: Sequence[float], beta: float = BETA) -> list[float]:
    """The first model's chance of each play, given Medium's ``values`` of the plays:
    ``exp(beta * value)``, normalised."""
    top = max(values)
    chances = [math.exp(beta * (v - top)) for v in values]
    total = math.fsum(chances)
    return [c / total for c in chances]


def nudged_choice_chance(pips: Sequence[float], chosen: int, nudge: float = EASY_NUDGE) -> float:
    """The chance that play ``chosen`` scores highest when each play scores its
    ``pips`` plus its own random nudge, uniform on [0, ``nudge``) (Easy's way): the
    integral over the chosen play's nudge ``u`` of the chance that every other play
    scores less, exact (Gauss-Legendre on each piece where that chance is a product of
    the same linear factors, with enough points for its degree)."""
    mine = pips[chosen]
    others = [p for k, p in enumerate(pips) if k != chosen]
    cuts = sorted({0.0, nudge, *(c for p in others for c in (p - mine, p - mine + nudge) if 0 < c < nudge)})
    points, weights = _gauss_legendre(len(others) // 2 + 1)  # exact up to degree len(others)
    total = 0.0
    for low, high in itertools.pairwise(cuts):
        half = (high - low) / 2
        for x, w in zip(points, weights, strict=True):
            u = low + half * (x + 1)
            below = 1.0
            for p in others:
                lead = (mine + u - p) / nudge  # the chance the other play's nudge leaves it below
                if lead <= 0:
                    below = 0.0
                    break
                if lead < 1:
                    below *= lead
            total += w * half * below
    return total / nudge


@functools.cache
def _gauss_legendre(n: int) -> tuple[tuple[float, ...], tuple[float, ...]]:
    points, weights = np.polynomial.legendre.leggauss(n)
    return tuple(map(float, points)), tuple(map(float, weights))


class Facts:
    """What the public history proves about the opponent's hidden tiles (see :func:`infer`).

    ``slots``: one per way a tile entered the opponent's hand — its dealt tiles (entry
    ``-1``) and each of its draws (entry: the event's index), with ``fixed`` the tile
    when it is known (a drawn tile followed by a play). ``played``: the opponent's
    played tiles not tied to a slot, with the event index of the play. ``allowed``:
    for each slot, the unseen tiles it may still hold now; ``ruled_out``: unseen tiles
    no slot allows (the opponent cannot hold them); ``lacks``: the pips none of the
    tiles it may hold shows (it has no tile to play on such an end)."""

    def __init__(self, view: PlayerView):
        opp = view.opponent
        history = view.history
        self.view = view
        self.unseen = view.unseen
        self.not_dealt = set(view.not_dealt)
        self.checks = [(i, e.ends) for i, e in enumerate(history)
                       if e.player == opp and e.action in (DRAW, PASS) and e.ends is not None]
        # a play's event holds its tile
        plays = [(i, cast(Tile, e.tile)) for i, e in enumerate(history) if e.player == opp and e.action == PLAY]
        draws = [i for i, e in enumerate(history) if e.player == opp and e.action == DRAW]
        dealt = view.opponent_count + len(plays) - len(draws)
        # [entry: the event index, -1 for the deal; the tile when it is known, else None]
        slots: list[list[Any]] = [[-1, None] for _ in range(dealt)]
        fixed = set()
        for i in draws:
            nxt = history[i + 1] if i + 1 < len(history) else None
            tile = nxt.tile if nxt is not None and nxt.player == opp and nxt.action == PLAY else None
            slots.append([i, tile])
            if tile is not None:
                fixed.add(i + 1)
        self.slots = slots
        self.played = [(i, t) for i, t in plays if i not in fixed]
        self.free = [k for k, (_, tile) in enumerate(slots) if tile is None]
        self.allowed = {k: [t for t in self.unseen if self.fits(t, k, _INF)] for k in self.free}
        possible = set().union(*self.allowed.values()) if self.allowed else set()
        self.ruled_out = tuple(t for t in self.unseen if t not in possible) if view.opponent_count else self.unseen
        self.lacks = frozenset(pip for pip in range(7) if not any(pip in t for t in possible))
        # for the likelihood of the opponent's choices, the same for every deal: when each
        # tile was played, and each of its plays with the pips off the line just before it
        self.played_at = {cast(Tile, e.tile): i for i, e in enumerate(history) if e.action == PLAY}
        self.choices = [(i, e, hidden_counts([t for t in TILES if self.played_at.get(t, _INF) >= i]))
                        for i, e in enumerate(history) if e.player == opp and e.action == PLAY and e.ends is not None]

    @property
    def lacks_by_seat(self) -> tuple[frozenset[int], frozenset[int]]:
        """What each seat is known to lack, as the viewer knows it (the ``lacks`` of
        :func:`~gamewidgets.domino.playouts.playout`): :attr:`lacks` for the opponent's
        seat, nothing for the viewer's own."""
        nothing: frozenset[int] = frozenset()
        return (self.lacks, nothing) if self.view.opponent == 0 else (nothing, self.lacks)

    @property
    def opponent_played(self) -> list[Tile]:
        """Every tile the opponent has played."""
        return [tile for _, tile in self.played] + [tile for _, tile in self.slots if tile is not None]

    def likelihood(self, entered: dict[Tile, int], beta: float = BETA) -> float:
        """How likely the opponent's plays are in a deal where its tiles ``entered`` its
        hand at those event indexes (-1: dealt; from :meth:`sample_entries`): the mean,
        over the two models of a player (:data:`MODELS`, half each), of the product over
        its plays that had alternatives of the chance the model picks that play (see the
        module docstring). 1.0 when it never had a choice; never below e^-700, so a sum
        of weights is never 0."""
        log_weighed = log_nudged = 0.0
        for i, event, off_line in self.choices:
            hand = [t for t, at in entered.items() if at < i and self.played_at.get(t, _INF) >= i]
            left, right = cast(tuple[int, int], event.ends)
            every = cast(list[Play], legal_actions(hand, event.ends, 1))  # the play made is one of them
            if len(every) < 2:
                continue
            pips = [a + b for a, b in (play.tile for play in every)]  # each legal play has its own nudge
            nudged = math.fsum(nudged_choice_chance(pips, k) for k, play in enumerate(every) if play.tile == event.tile
                               and (play.end == event.end or left == right))  # equal ends: either end
            log_nudged = -math.inf if nudged == 0 else log_nudged + math.log(nudged)
            plays = [play for play in every if left != right or play.end == LEFT]  # equal ends: one play
            if len(plays) < 2:
                continue
            hidden = hidden_from(off_line, hand)
            values = [weighed(MEDIUM_STYLE, play_figures(play.tile, ends_after(event.ends, play.tile, play.end),
                                                         [t for t in hand if t != play.tile], hidden))
                      for play in plays]
            chosen = next(k for k, play in enumerate(plays) if play.tile == event.tile and (
                play.end == event.end or left == right))
            log_weighed += math.log(weighed_choice_chances(values, beta)[chosen])
        weighs, nudged_prior = MODELS.values()
        chance = weighs * math.exp(max(log_weighed, -700.0)) + nudged_prior * (
            0.0 if log_nudged == -math.inf else math.exp(max(log_nudged, -700.0)))
        return max(chance, math.exp(-700.0))

    def fits(self, tile: Tile, slot: int, leave: int) -> bool:
        """Could ``tile`` have entered by ``slot`` and stayed until event ``leave``?"""
        entry = self.slots[slot][0]
        if entry < 0 and tile in self.not_dealt:
            return False
        for index, (left, right) in self.checks:
            if entry < index < leave and (left in tile or right in tile):
                return False
        return True

    def sample(self, rng: np.random.Generator, tries: int = 30) -> list[Tile] | None:
        """The opponent's hand in one hidden deal consistent with the facts (None if the
        sampler found none in ``tries``)."""
        deal = self.sample_entries(rng, tries)
        return None if deal is None else deal[0]

    def sample_entries(self, rng: np.random.Generator, tries: int = 30
                       ) -> tuple[list[Tile], dict[Tile, int]] | None:
        """One hidden deal consistent with the facts: the opponent's hand and, for every
        tile that entered it (held now or played since), the event index it entered at
        (-1: dealt); None if the sampler found none in ``tries``."""
        free = self.free
        for _ in range(tries):
            open_slots = list(free)
            entered: dict[Tile, int] = {tile: self.slots[k][0] for k, (_, tile) in enumerate(self.slots)
                                        if tile is not None}
            ok = True
            for index in rng.permutation(len(self.played)):
                at, tile = self.played[int(index)]
                options = [k for k in open_slots if self.slots[k][0] < at and self.fits(tile, k, at)]
                if not options:
                    ok = False
                    break
                slot = options[int(rng.integers(len(options)))]
                open_slots.remove(slot)
                entered[tile] = self.slots[slot][0]
            if not ok:
                continue
            hand: list[Tile] = []
            for k in sorted(open_slots, key=lambda k: (len(self.allowed[k]), k)):
                choices = [t for t in self.allowed[k] if t not in entered]
                if not choices:
                    ok = False
                    break
                tile = choices[int(rng.integers(len(choices)))]
                entered[tile] = self.slots[k][0]
                hand.append(tile)
            if ok and len(hand) == self.view.opponent_count:
                return hand, entered
        return None


def infer(view: PlayerView) -> Facts:
    """The public facts about the opponent's hand in ``view`` (a :class:`Facts`)."""
    return Facts(view)


def choices_likelihood(view: PlayerView, entered: dict[Tile, int], beta: float = BETA) -> float:
    """How likely the opponent's plays in ``view``'s history are in a deal where its
    tiles ``entered`` its hand at those event indexes: :meth:`Facts.likelihood` (made
    once per view where many deals are weighed)."""
    return Facts(view).likelihood(entered, beta)
