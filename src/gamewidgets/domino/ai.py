"""The computer players of Dominoes: levels ``easy``, ``medium`` and ``hard``.

Use ``PLAYERS[name](seed=...)`` (``gamewidgets.domino.PLAYERS``; ``LEVELS`` is the
same dict under its older name), or the classes :class:`Easy`, :class:`Medium`,
:class:`Hard`, made with keyword options only: ``choose(game) -> Move`` and
``analyse(game) -> Analysis`` (the shared :class:`~gamewidgets.analysis.Analysis`),
as every game's players. A player given the :class:`~gamewidgets.domino.rules.Game` reads
``game.turn`` and ``game.view(game.turn)`` and nothing else (never the other hand or
the boneyard's order): it decides for the player to move from what that player sees.
It may be given that :class:`~.rules.PlayerView` itself instead (the online seat and
``gamewidgets domino decide`` hold only a view; a view of the player not to move is
refused). :func:`play_hand` plays one hand between two players.

Levels
------
- **easy** — a simple heuristic with some randomness: the heaviest tile that fits
  (shed pips), plus a random nudge of up to 6 pips, so it often plays a lighter tile.
- **medium** — weighs pip counts and the ends it leaves: the tile's pips (shedding
  weight), a bonus for a double (doubles are hard to place later), for each end it
  leaves, a bonus per own tile that matches it (keeps the hand playable) and a bonus
  when few unseen tiles match it (the opponent is less likely to hold one).
- **hard** — determinized Monte Carlo with a model of the opponent, and an exact
  search of the ending. It first infers what the opponent cannot hold from the public
  facts (:func:`infer`, :mod:`gamewidgets.domino.inference`): a player who draws or
  passes at ends ``(l, r)`` held no tile showing ``l`` or ``r`` then, a drawn tile
  followed by a play is that tile, and the opening rule puts every tile ranked above
  the opening in the boneyard at the deal (``view.not_dealt``). It then samples
  ``samples`` hidden deals consistent with all of that (the opponent's hand, when each
  of its tiles came into it, and a random boneyard order) and **weighs** each deal by
  how likely it makes the opponent's plays so far (:func:`~gamewidgets.domino.inference.choices_likelihood`:
  Hard does not know how the opponent plays, so it holds two models of a player, half
  each: one that picks a play roughly as Medium weighs it, one that plays heavy tiles
  nudged at random as Easy does; a deal in which the opponent left a heavier or better
  play that fitted counts for less). It plays every candidate on every deal (the same
  deals for every candidate) and finishes the hand with a **playout**
  (:mod:`gamewidgets.domino.playouts`): itself in a blocking style (ends the opponent
  is unlikely to match first: the chance that it holds no tile for them, counting the
  pips it is known to lack, from the facts and from its draws and passes in the
  playout; doubles early), the opponent as Medium plays. A candidate's score is its
  weighted mean signed points for the player (points won, minus points lost) over the
  deals, its one term ``ev``; the analysis also holds the facts ``win`` (the weighted
  share of deals won) and ``pips``, and, in ``stats``: ``beliefs`` (the weighted chance
  that the opponent holds each unseen tile), ``ruled_out`` (the tiles the facts
  exclude) and ``effective_samples`` (``(Σw)² / Σw²``: how many equally weighted deals
  the weighed ones are worth). Once the **boneyard is empty** the other hand is every
  tile the player has not seen, nothing is hidden, and Hard searches the rest of the
  hand exactly (:mod:`gamewidgets.domino.endgame`): each candidate's ``ev`` is then the
  points it wins on average when Hard plays its best and the opponent picks each play
  with the chance the first model gives it (an expectimax, never below what perfect
  play on both sides gives: it prefers the play that leaves a fallible opponent more
  ways to go wrong), ``win`` its chance of winning the hand so, ``stats["exact"]`` is
  True, ``stats["ending"]`` ``"modelled"`` and ``samples`` 1. An ending of more than
  ``Hard.EXPECTED_BUDGET`` (300,000) positions is searched for perfect play on both
  sides instead (alpha-beta; ``stats["ending"]`` ``"perfect play"``), and one of more
  than ``Hard.ENDGAME_BUDGET`` (200,000) positions for that too is sampled.

  How strong it is: 68.5 % of hands won against Medium and 75.2 % against Easy on
  400 hands (seed 9, ``--time 0``), and 76.1 ± 0.6 % against Easy over twelve other
  seeds (``benchmarks/domino_strength.py`` prints the ladder); 600 deals a decision,
  about 170 ms where it has a choice on a 2-core machine. What each of these parts
  added, what bounds it, and the ideas tried and left out, each with its measure: the
  documentation's page :doc:`/games/dominoes-hard` (``docs/games/dominoes-hard.md``).

The analysis's terms add up to each score (the rule of :mod:`gamewidgets.analysis`):
easy ``pips`` + ``noise``; medium the weighed figures ``pips``, ``double``, ``own
ends``, ``scarce ends`` and ``tie-break`` (its tiny random nudge, with the rounding of
the score to six decimals), with the facts ``own`` and ``scarce`` (the figures before
weighing); hard ``ev``; a forced decision the one term ``only move`` (0).

Choices
-------
- A forced decision (one legal action: the opening, a draw, a pass, the only fit) is
  returned at once, without search, by every level.
- Randomness comes from a generator seeded by the player's ``seed`` *and* the view
  itself, so a decision depends only on what the player sees (and the seed), never on
  how many decisions came before: ``analyse(view).move == choose(view)``, and swapping
  hidden tiles in any way consistent with the public history changes nothing. As in
  every game, ``seed=None`` (the default) draws a seed.
- ``Hard(samples=600, time_limit=1.5)``: the clock stops sampling early if it runs
  out (then the result depends on the machine's speed); ``time_limit=None`` gives
  reproducible decisions; the work of a decision is counted in deals (``samples``) and,
  for the exact ending, positions, so a seed replays a hand on any machine. How the
  deals are drawn and weighed: :mod:`gamewidgets.domino.inference`. ``samples`` is an
  integer of at least 1 and ``time_limit`` None or a number of seconds of at least 0;
  anything else is a ValueError.
- ``analyse``, ``choose`` and ``Hard.beliefs`` take a :class:`~gamewidgets.domino.rules.Game` (and then
  use ``game.view(game.turn)`` only: the decision, and the random numbers it uses,
  are those of that view, so ``analyse(game) == analyse(game.view(game.turn))``) or a
  :class:`~.rules.PlayerView`; anything else is a TypeError. A finished game (or a
  view out of turn) is refused by ``choose`` / ``analyse`` with GameOver;
  ``Hard.beliefs`` still answers for it (the view of ``game.turn``).

Options of the levels
---------------------
Each level names the options it takes (``Player.options``): every level takes
``trace`` and ``trace_budget`` (below), ``hard`` also ``samples`` and
``time_limit``. A set of options
for "whichever level is chosen" — the ``ai=`` of the ``Domino`` widget, whose level
the user may change at any time — is checked once by :func:`checked_options` (every
key must be an option of some level, and every level that takes it must accept the
value) and applied by :func:`level_player`, which gives each level only the options it
takes: ``Domino(ai={"samples": 100})`` plays medium as medium and hard with 100
samples, and ``Domino(ai={"trace": True})`` keeps every level's search for
``w.explore(i)``. ``Hard``'s repr shows the trace options only when they are not the
defaults.

The search tree
---------------
``analyse(game, trace=True, budget=None)`` (``trace`` / ``budget`` None: the player's
``trace`` and ``trace_budget``, default False and 100,000 nodes) also gives the
decision as ``analysis.tree``, a :class:`gamewidgets.search.SearchTree`; ``choose``
never records one. Recording draws no random number and changes nothing of the
decision; off, nothing is made. What the tree holds:

- The root: the position analysed; its score and terms are the chosen candidate's.
- A forced decision: one child of kind ``forced`` (score 0, the term ``only move``).
- easy and medium, which weigh each play once: one ``leaf`` per legal play (in the
  order of ``legal_actions()``) with its candidate's score, terms and facts.
- hard: one ``sample`` node per hidden deal it drew, in the order drawn. Its move is a
  :class:`Sample` (``str``: ``"sample 3"``); its facts are ``hand`` (the other hand it
  imagined, sorted tile names like ``"6-4"``), ``boneyard`` (the boneyard it imagined,
  in draw order), ``weight`` (the likelihood of the opponent's plays in that deal,
  above 0 and at most 1; 1.0 for the known deal of an exact ending), ``exact`` (only
  for that deal) and, only for a deal drawn without the facts
  (``stats["fallback_samples"]``), ``fallback``; its score is the chosen play's result
  in that deal. Under each sample, one node per legal play (the order of
  ``legal_actions()``): ``leaf`` (valued by the playout, or by the exact search) or
  ``terminal`` (the play empties the hand: it wins the imagined hand's pips), its
  score the signed points for the player in that deal, its one term ``points``, its
  fact ``won``. A candidate's ``ev`` is the weighted mean (Σ weight · score / Σ
  weight) of its nodes' scores over the samples, rounded to four decimals, and ``win``
  the weighted share of them won.
- ``on_pv``: the root and the chosen play (its leaf; for hard its node in every sample).
- No tile the player cannot see: the tree is made from the view alone (the deals it
  imagines come from the decision's own generator, seeded by the seed and the view),
  so games that show the player the same view give the same tree, the game and its
  view too (``tree.to_rows()`` equal).
- ``node.game()`` is a :class:`SeatPosition`, never the real game (it holds the tiles
  the player cannot see): ``view``, the view analysed; ``game``, None at the root and
  at the leaves of easy and medium (the play is in ``moves``; what follows it depends
  on hidden tiles), else the deal the node's sample imagined, as a
  :class:`~gamewidgets.domino.rules.Game` made by ``Game.from_position`` from the view and the sample
  (its public history starts there), with the node's play made on it.
"""

from __future__ import annotations

import json
import math
import time
import zlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, cast

import numpy as np

from ..analysis import Analysis, Candidate
from ..errors import GameOver
from ..search import DEFAULT_BUDGET, Node, SearchTree, trace_options
from ..untrusted import integer, number, short_repr
from .endgame import exact_values, expected_values
from .inference import Facts, infer
from .playouts import EASY_NUDGE, MEDIUM_WEIGHTS, ends_after, hidden_counts, play_figures, playout
from .rules import (
    DRAW,
    PASS,
    Game,
    Move,
    Outcome,
    Play,
    PlayerView,
    Tile,
    tile_name,
)

_INF = 1 << 30
#: one candidate as a level scores it
_Scored = tuple[float, dict[str, float], dict[str, Any]]  # score, the terms adding up to it, facts
#: why the best candidate won, in words, from its move and its score
_Reason = Callable[[Move, _Scored], str]


# ------------------------------------------------------------------ helpers
def _signed(outcome: Outcome, player: int) -> int:
    if outcome.winner is None:
        return 0
    return outcome.points if outcome.winner == player else -outcome.points


def _view_key(view: PlayerView) -> int:
    return zlib.crc32(json.dumps(view.to_dict(), sort_keys=True).encode())


# ---------------------------------------------------------- the search tree
@dataclass(frozen=True)
class Sample:
    """The move of a sample node of a Dominoes search tree: the ``number``-th hidden
    deal a decision imagined (from 1), the other ``hand`` (in the order the playouts
    held it, which breaks their ties) and the ``boneyard`` (in draw order, the next
    tile first). ``str(sample)`` is ``"sample 3"``."""

    number: int
    hand: tuple[Tile, ...]
    boneyard: tuple[Tile, ...]

    def __str__(self) -> str:
        return f"sample {self.number}"


class SeatPosition:
    """The position of a node of a Dominoes search tree (what ``node.game()`` gives),
    made from what the seat sees and what it imagined, never from the real hidden
    tiles: ``view``, the seat's view of the decision; ``game``, None above any sample,
    else the hidden deal the node's sample imagined as a :class:`~gamewidgets.domino.rules.Game` (made
    by ``Game.from_position`` from ``view`` and the sample: its public history starts
    there), with the node's moves played on it; ``moves``, the plays made from the
    view (a sample is no play)."""

    def __init__(self, view: PlayerView, game: Game | None = None, moves: tuple[Move, ...] = ()):
        self.view = view
        self.game = game
        self.moves = moves

    def copy(self) -> SeatPosition:
        """An independent position (its imagined game copied)."""
        return SeatPosition(self.view, None if self.game is None else self.game.copy(), self.moves)

    def play(self, move: Move | Sample) -> None:
        """Imagine ``move``'s hidden deal (a :class:`Sample`) or make ``move`` (on the
        imagined game, where there is one)."""
        if isinstance(move, Sample):
            view = self.view
            hands = [list(view.hand), list(move.hand)]
            if view.player == 1:
                hands.reverse()
            self.game = Game.from_position(hands, view.line, move.boneyard, turn=view.player, passes=view.passes)
            for made in self.moves:
                self.game.play(made)
            return
        self.moves = (*self.moves, move)
        if self.game is not None:
            self.game.play(move)

    def __repr__(self) -> str:
        moves = "".join(f", then {m}" for m in self.moves)
        return (f"<SeatPosition: player {self.view.player}'s view{moves}"
                f"{', a hidden deal imagined' if self.game is not None else ''}>")

    def __str__(self) -> str:
        moves = "".join(f"\nthen {m}" for m in self.moves)
        return str(self.view) + moves if self.game is None else f"{self.game}\n(a hidden deal imagined{moves})"


def _record_sample(tree: SearchTree, number: int, hand: Sequence[Tile], boneyard: Sequence[Tile], *,
                   fallback: bool = False, weight: float = 1.0, exact: bool = False) -> Node | None:
    """The node of one imagined hidden deal (``boneyard`` as a playout holds it: drawn
    from its end) and its ``weight``; None once the tree's budget is spent."""
    drawn = tuple(reversed(boneyard))
    sample = Sample(number, tuple(hand), drawn)
    facts: dict[str, Any] = {"hand": [tile_name(t) for t in sorted(hand)],
                             "boneyard": [tile_name(t) for t in drawn], "weight": weight}
    if fallback:
        facts["fallback"] = True
    if exact:
        facts["exact"] = True
    return tree.add(tree.root, sample, kind="sample", facts=facts)


class Player:
    """Base of the Dominoes levels: ``choose(view)`` and ``analyse(view)``."""

    name = ""
    #: the keyword options this level takes besides ``seed`` (see "Options of the levels")
    options: ClassVar[tuple[str, ...]] = ("trace", "trace_budget")

    def __init__(self, *, seed: int | None = None, trace: bool = False, trace_budget: int = DEFAULT_BUDGET):
        # None draws one (as every game's players do); a seed replays the decisions
        self.seed = int(cast(int, np.random.SeedSequence().entropy) % 2**63) if seed is None else int(seed)
        #: record the decision as ``analysis.tree`` unless ``analyse`` is told otherwise
        self.trace, self.trace_budget = trace_options(trace, trace_budget)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"

    def _rng(self, view: PlayerView) -> np.random.Generator:
        return np.random.default_rng([self.seed, _view_key(view)])

    def choose(self, game: Game | PlayerView) -> Move:
        """The move this player makes for the player to move in ``game`` (or in a
        view, on the viewer's turn), seeing only that player's view."""
        return self.analyse(game, trace=False).move

    def analyse(self, game: Game | PlayerView, *, trace: bool | None = None,
                budget: int | None = None) -> Analysis:
        """The move with every candidate, its expected value and why it won; with
        ``trace`` (default: the player's ``trace``) the decision as ``analysis.tree``
        (at most ``budget`` nodes, default the player's ``trace_budget``; see "The
        search tree" in the module docstring)."""
        view = seen_by(game)
        moves = view.legal_actions()
        if not moves:
            raise GameOver("the game is over" if view.is_over else f"it is not player {view.player}'s turn")
        started = time.perf_counter()
        tree = None
        if self.trace if trace is None else trace:
            tree = SearchTree(SeatPosition(view), budget=self.trace_budget if budget is None else budget)
        if len(moves) == 1:
            move = moves[0]
            reason = {DRAW: "no tile fits: draw", PASS: "no tile fits and the boneyard is empty: pass"}.get(
                move.action, "the only legal play" if view.line else "the opening rule names this tile")
            if tree is not None:
                tree.add(tree.root, move, kind="forced", score=0.0, terms={"only move": 0.0})
                tree.update(tree.root, score=0.0, terms={"only move": 0.0})
                tree.mark_line([move])
            return Analysis(self.name, move, (Candidate(move, 0.0, {"only move": 0.0}),), reason,
                            {"nodes": 0, "time_ms": round((time.perf_counter() - started) * 1000, 3)}, tree=tree)
        # more than one legal action: they are all plays (a draw or a pass is the only one)
        scored, why, stats = self._score(view, cast(list[Play], moves), self._rng(view), tree)
        order = sorted(range(len(moves)), key=lambda i: (-scored[i][0], i))
        best = order[0]
        candidates = tuple(Candidate(moves[i], float(scored[i][0]), scored[i][1], scored[i][2]) for i in order)
        stats = {**stats, "time_ms": round((time.perf_counter() - started) * 1000, 3)}
        if tree is not None:
            chosen = candidates[0]
            tree.update(tree.root, score=chosen.score, terms=dict(chosen.terms))
            tree.mark_line([moves[best]])  # the chosen leaf of a level that weighs each play once
            for sample in tree.root.children:  # a level that samples: the chosen play in every sample
                if sample.kind == "sample":
                    for node in sample.children:
                        if node.move == moves[best]:
                            tree.update(node, on_pv=True)
                            tree.update(sample, score=node.score)
        return Analysis(self.name, moves[best], candidates, why(moves[best], scored[best]), stats, tree=tree)

    def _score(self, view: PlayerView, moves: list[Play], rng: np.random.Generator,
               tree: SearchTree | None = None) -> tuple[list[_Scored], _Reason, dict[str, Any]]:
        raise NotImplementedError


def _record_leaves(tree: SearchTree, moves: list[Play], scored: list[_Scored]) -> None:
    """A level that weighs each play once: the root's children, one leaf per play."""
    for move, (score, terms, facts) in zip(moves, scored, strict=True):
        tree.add(tree.root, move, kind="leaf", score=float(score), terms=dict(terms), facts=dict(facts))


class Easy(Player):
    """The heaviest tile that fits, nudged by up to 6 random pips."""

    name = "easy"
    NOISE = EASY_NUDGE

    def _score(self, view: PlayerView, moves: list[Play], rng: np.random.Generator,
               tree: SearchTree | None = None) -> tuple[list[_Scored], _Reason, dict[str, Any]]:
        noise = rng.uniform(0, self.NOISE, len(moves))
        scored: list[_Scored] = [
            (m.tile[0] + m.tile[1] + round(float(n), 3), {"pips": m.tile[0] + m.tile[1], "noise": round(float(n), 3)},
             {}) for m, n in zip(moves, noise, strict=True)]
        if tree is not None:
            _record_leaves(tree, moves, scored)
        return scored, lambda m, s: f"a heavy tile ({s[1]['pips']} pips) with a random nudge", {"nodes": len(moves)}


def medium_terms(view: PlayerView, move: Play) -> dict[str, float]:
    """Medium's figures for a play (:func:`~gamewidgets.domino.playouts.play_figures`):
    ``pips`` shed, ``double``, ``own`` (own tiles left that match the ends it leaves),
    ``scarce`` (how few unseen tiles match them)."""
    tile = move.tile
    rest = [t for t in view.hand if t != tile]
    pips, double, own, scarce = play_figures(tile, ends_after(view.ends, tile, move.end), rest,
                                             hidden_counts(view.unseen))
    return {"pips": pips, "double": double, "own": own, "scarce": float(scarce)}


class Medium(Player):
    """Weighs pip counts and the ends it leaves (see the module docstring)."""

    name = "medium"
    WEIGHTS: ClassVar[dict[str, float]] = MEDIUM_WEIGHTS
    #: the analysis's name of each weighed figure (the term: its points)
    TERMS: ClassVar[dict[str, str]] = {"pips": "pips", "double": "double", "own": "own ends", "scarce": "scarce ends"}

    def _score(self, view: PlayerView, moves: list[Play], rng: np.random.Generator,
               tree: SearchTree | None = None) -> tuple[list[_Scored], _Reason, dict[str, Any]]:
        scored: list[_Scored] = []
        for move in moves:
            figures = medium_terms(view, move)
            weighed = {self.TERMS[k]: self.WEIGHTS[k] * v for k, v in figures.items()}
            score = round(sum(self.WEIGHTS[k] * v for k, v in figures.items()) + float(rng.uniform(0, 1e-6)), 6)
            terms = {**weighed, "tie-break": score - math.fsum(weighed.values())}  # the nudge, rounded in
            scored.append((score, terms, {"own": figures["own"], "scarce": round(figures["scarce"], 3)}))
        if tree is not None:
            _record_leaves(tree, moves, scored)
        return scored, lambda m, s: (f"sheds {s[1]['pips']:g} pips and leaves ends matching {s[2]['own']} own "
                                     f"tile(s)"), {"nodes": len(moves)}


class Hard(Player):
    """Samples the hidden deals the public facts allow, weighs each by how likely it
    makes the opponent's plays, and scores each candidate by the points its playouts
    win on the same deals; once the boneyard is empty, searches the rest exactly."""

    name = "hard"

    options = ("samples", "time_limit", *Player.options)
    #: the most positions the expected search of an ending may visit before it gives way to minimax
    EXPECTED_BUDGET = 300_000
    #: the most positions the minimax of an ending may visit before it gives way to sampling
    ENDGAME_BUDGET = 200_000

    def __init__(self, *, seed: int | None = None, samples: int = 600, time_limit: float | None = 1.5,
                 trace: bool = False, trace_budget: int = DEFAULT_BUDGET):
        super().__init__(seed=seed, trace=trace, trace_budget=trace_budget)
        self.samples = integer(samples, "samples (hidden deals sampled per move)", 1, error=ValueError)
        self.time_limit = None if time_limit is None else number(
            time_limit, "time_limit (seconds per move, or None)", 0, error=ValueError)

    def __repr__(self) -> str:
        tracing = (f", trace={self.trace}" if self.trace else "") + (
            f", trace_budget={self.trace_budget}" if self.trace_budget != DEFAULT_BUDGET else "")
        return f"Hard(seed={self.seed}, samples={self.samples}, time_limit={self.time_limit}{tracing})"

    def beliefs(self, game: Game | PlayerView) -> dict[str, Any]:
        """What the player to move in ``game`` (or the viewer of a view, e.g.
        ``game.view(1)``) believes about the other hand: ``{"beliefs": {tile: chance
        held}, "ruled_out": [tiles the public facts exclude], "samples": n}`` (also
        while only one move is possible, when ``analyse`` does not sample, and after
        the end)."""
        view = seen_by(game)
        _, _, stats = self._sampled(view, [], self._rng(view), None, infer(view))
        return {key: stats[key] for key in ("beliefs", "ruled_out", "samples")}

    def _score(self, view: PlayerView, moves: list[Play], rng: np.random.Generator,
               tree: SearchTree | None = None) -> tuple[list[_Scored], _Reason, dict[str, Any]]:
        facts = infer(view)
        spent = 0
        if view.boneyard_count == 0:  # the other hand is every unseen tile: search the rest exactly
            ends = cast(tuple[int, int], view.ends)
            expected, spent = expected_values(view.hand, facts.unseen, ends, moves, budget=self.EXPECTED_BUDGET)
            if expected is not None:
                return self._exact(view, moves, facts, expected, spent, tree, modelled=True)
            perfect, nodes = exact_values(view.hand, facts.unseen, ends, moves, budget=self.ENDGAME_BUDGET)
            spent += nodes
            if perfect is not None:
                return self._exact(view, moves, facts, [(v, float(v > 0)) for v in perfect], spent, tree,
                                   modelled=False)
        scored, why, stats = self._sampled(view, moves, rng, tree, facts)
        return scored, why, {**stats, "nodes": stats["nodes"] + spent}

    def _exact(self, view: PlayerView, moves: list[Play], facts: Facts, results: Sequence[tuple[float, float]],
               nodes: int, tree: SearchTree | None, modelled: bool) -> tuple[list[_Scored], _Reason, dict[str, Any]]:
        """The candidates of an ending searched exactly: ``results`` (expected points, chance
        of winning) per play, in ``nodes`` positions; ``modelled``: the opponent as
        modelled (else both sides perfect)."""
        values = [round(points, 4) for points, _ in results]
        if tree is not None:
            sample = _record_sample(tree, 1, facts.unseen, [], exact=True)
            if sample is not None:
                for move, value, (_, won) in zip(moves, values, results, strict=True):
                    tree.add(sample, move, kind="terminal" if len(view.hand) == 1 else "leaf", score=value,
                             terms={"points": value}, facts={"won": won > 0.5})
        scored: list[_Scored] = [(v, {"ev": v}, {"win": round(won, 3), "pips": m.tile[0] + m.tile[1]})
                                 for m, v, (_, won) in zip(moves, values, results, strict=True)]
        stats: dict[str, Any] = {
            "samples": 1, "nodes": nodes, "fallback_samples": 0, "exact": True, "effective_samples": 1.0,
            "ending": "modelled" if modelled else "perfect play",
            "beliefs": {tile_name(t): 1.0 for t in facts.unseen}, "ruled_out": []}
        if modelled:
            return scored, lambda m, s: (f"the boneyard is empty, so the other hand is known: playing its best "
                                         f"against the opponent as modelled, this wins {s[1]['ev']:+g} points on "
                                         f"average ({s[2]['win']:.0%} of the time)"), stats
        return scored, lambda m, s: (f"the boneyard is empty, so the other hand is known: played perfectly from "
                                     f"here this wins {s[1]['ev']:+g} points"), stats

    def _sampled(self, view: PlayerView, moves: list[Play], rng: np.random.Generator, tree: SearchTree | None,
                 facts: Facts) -> tuple[list[_Scored], _Reason, dict[str, Any]]:
        """Sampled hidden deals, weighed by the opponent's plays, played out after each move."""
        started = time.perf_counter()
        me, opp = view.player, view.opponent
        hand = list(view.hand)
        totals = [0.0] * len(moves)
        wins = [0.0] * len(moves)
        held = dict.fromkeys(facts.unseen, 0.0)
        weights: list[float] = []
        fallback = 0
        ruled_out = set(facts.ruled_out)
        candidates = [t for t in facts.unseen if t not in ruled_out]
        lacks = facts.lacks_by_seat
        for _ in range(self.samples):
            if self.time_limit is not None and weights and time.perf_counter() - started > self.time_limit:
                break
            deal = facts.sample_entries(rng)
            fell_back = deal is None
            if deal is None:  # should not happen; keep to the tiles not ruled out, all taken as dealt
                fallback += 1
                pool = candidates if len(candidates) >= view.opponent_count else list(facts.unseen)
                other = [pool[int(i)] for i in rng.choice(len(pool), view.opponent_count, replace=False)]
                deal = other, dict.fromkeys([*other, *facts.opponent_played], -1)
            other, entered = deal
            weight = facts.likelihood(entered)
            taken = set(other)
            rest = [t for t in facts.unseen if t not in taken]
            boneyard = [rest[int(i)] for i in rng.permutation(len(rest))]
            for tile in other:
                held[tile] += weight
            sample = None if tree is None else _record_sample(tree, len(weights) + 1, other, boneyard,
                                                              fallback=fell_back, weight=weight)
            for index, move in enumerate(moves):
                mine = list(hand)
                mine.remove(move.tile)
                domino = not mine  # the play empties the hand: the hand is over (the playout uses mine up)
                if domino:
                    value = sum(a + b for a, b in other)
                else:
                    hands = [mine, list(other)] if me == 0 else [list(other), mine]  # hands[opp]: the other
                    value = playout(hands, list(boneyard), ends_after(view.ends, move.tile, move.end), opp, 0, me,
                                    lacks=lacks)
                totals[index] += weight * value
                wins[index] += weight * (value > 0)
                if sample is not None and tree is not None:
                    tree.add(sample, move, kind="terminal" if domino else "leaf", score=float(value),
                             terms={"points": float(value)}, facts={"won": value > 0})
            weights.append(weight)
        total = math.fsum(weights)
        scored: list[_Scored] = [(round(totals[i] / total, 4), {"ev": round(totals[i] / total, 4)},
                                  {"win": round(wins[i] / total, 3), "pips": m.tile[0] + m.tile[1]})
                                 for i, m in enumerate(moves)]
        done = len(weights)
        stats = {"samples": done, "nodes": done * len(moves), "fallback_samples": fallback,
                 "effective_samples": round(total * total / math.fsum(w * w for w in weights), 1),
                 "beliefs": {tile_name(t): round(held[t] / total, 3) for t in facts.unseen},
                 "ruled_out": [tile_name(t) for t in facts.ruled_out]}
        return scored, lambda m, s: (f"best expected points {s[1]['ev']:+.2f} per hand (wins {s[2]['win']:.0%}) "
                                     f"over {done} sampled hidden deals, weighed by the opponent's plays"), stats


#: name -> class of every computer player
PLAYERS: dict[str, type[Player]] = {cls.name: cls for cls in (Easy, Medium, Hard)}
#: the older name of :data:`PLAYERS` (the same dict)
LEVELS = PLAYERS


def seen_by(game: Game | PlayerView) -> PlayerView:
    """What a player may look at of ``game``: ``game.view(game.turn)``, the view of
    the player to move (a view stays itself); TypeError for anything else."""
    if isinstance(game, PlayerView):
        return game
    if isinstance(game, Game):
        return game.view(game.turn)
    raise TypeError(f"a player decides from the Game (it then sees only game.view(game.turn)) or from one "
                    f"player's view, game.view(player), not from {short_repr(game, 60)}")


def checked_options(options: Mapping[str, Any] | None) -> dict[str, Any]:
    """``options`` for whichever level will play, checked now: ValueError for a key no
    level takes, or a value a level that takes it refuses (see "Options of the
    levels"). Returns a plain dict copy."""
    if options is None:
        return {}
    if not isinstance(options, Mapping):
        raise ValueError(f"the computer's options are a dict like {{'samples': 100}}, not {short_repr(options)}")
    known = {name: level for level in LEVELS.values() for name in level.options}
    unknown = [key for key in options if key not in known]
    if unknown:
        takes = "; ".join(f"{level.name}: {', '.join(level.options)}" for level in LEVELS.values() if level.options)
        raise ValueError(f"no level takes the option(s) {', '.join(map(short_repr, unknown))} (options: {takes})")
    for level in LEVELS.values():
        level(**{key: value for key, value in options.items() if key in level.options})  # raises ValueError
    return dict(options)


def level_player(level: str, seed: int | None = None, options: Mapping[str, Any] | None = None) -> Player:
    """The player of ``level`` with those of ``options`` it takes (the others are for
    other levels and left out; see :func:`checked_options`)."""
    if not isinstance(level, str) or level not in LEVELS:
        raise ValueError(f"level must be one of {tuple(LEVELS)}, not {short_repr(level)}")
    cls = LEVELS[level]
    return cls(seed=seed, **{key: value for key, value in (options or {}).items() if key in cls.options})


def play_hand(game: Game, players: Sequence[Player]) -> Game:
    """Let ``players[0]`` and ``players[1]`` play ``game`` to the end (in place);
    each sees only its own view. Returns the game."""
    while not game.is_over:
        game.play(players[game.turn].choose(game.view(game.turn)))
    return game
