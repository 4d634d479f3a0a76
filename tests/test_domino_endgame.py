"""Hard's knowledge beyond the greedy playout: the exact searches of an ending (checked
against a plain minimax and a plain expectimax over the rules' own Game), the weighing
of a sampled deal by how likely it makes the opponent's plays under its two models of
a player, and the playouts' choice of play (the best by the style's weighing of the
play's figures)."""

from __future__ import annotations

import itertools
import math
import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from gamewidgets.domino import Game, Play
from gamewidgets.domino.ai import Hard, Medium, medium_terms
from gamewidgets.domino.endgame import exact_values, expected_values
from gamewidgets.domino.inference import BETA, MODELS, choices_likelihood, infer, nudged_choice_chance
from gamewidgets.domino.playouts import (
    BLOCKING_STYLE,
    MEDIUM_STYLE,
    _pick,
    blocked_chance,
    ends_after,
    hidden_counts,
    play_figures,
    playout,
    weighed,
)
from gamewidgets.domino.rules import TILES, legal_actions


def minimax(game: Game, me: int, memo: dict | None = None) -> int:
    """Signed points for ``me`` with both sides playing perfectly: every legal move of
    the rules tried on the Game itself, no pruning (positions seen before are looked up)."""
    memo = {} if memo is None else memo
    if game.is_over:
        outcome = game.outcome()
        return 0 if outcome.winner is None else outcome.points if outcome.winner == me else -outcome.points
    key = (tuple(map(frozenset, game.hands)), game.boneyard, game.ends, game.turn, game.passes)
    if key not in memo:
        values = []
        for move in game.legal_moves():
            game.play(move)
            values.append(minimax(game, me, memo))
            game.undo()
        memo[key] = max(values) if game.turn == me else min(values)
    return memo[key]


def played_until(seed: int, tiles: int, boneyard: int = 14) -> Game:
    """A hand played at random until the two hands hold at most ``tiles`` tiles
    together and the boneyard at most ``boneyard``, the player to move holding a choice
    of plays."""
    rnd = random.Random(seed)
    while True:
        game = Game(rnd.randrange(2**32))
        while not game.is_over:
            plays = [m for m in game.legal_moves() if isinstance(m, Play)]
            if len(plays) >= 2 and len(game.hand(0)) + len(game.hand(1)) <= tiles and len(game.boneyard) <= boneyard:
                return game
            game.play(rnd.choice(game.legal_moves()))


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32))
def test_the_exact_search_agrees_with_a_plain_minimax_over_the_rules(seed):
    game = played_until(seed, 7)
    me = game.turn
    plays = game.legal_moves()
    values, _ = exact_values(game.hand(me), game.hand(1 - me), game.ends, plays, game.boneyard)
    expected = []
    for play in plays:
        game.play(play)
        expected.append(minimax(game, me))
        game.undo()
    assert values == expected  # (no position searched where every play empties the hand)


def test_the_exact_search_gives_up_past_its_budget():
    game = played_until(3, 7)
    me = game.turn
    values, nodes = exact_values(game.hand(me), game.hand(1 - me), game.ends, game.legal_moves(), game.boneyard,
                                 budget=1)
    assert values is None and nodes == 2


def expectimax(game: Game, me: int, memo: dict | None = None) -> tuple[float, float]:
    """(Expected signed points, chance of winning) for ``me`` playing its best while
    the other picks each of its plays (a tile on equal ends once) with the chance
    ``exp(BETA * Medium's weighing of the play)``, normalised: every legal move of the
    rules tried on the Game itself, Medium's weighing from the mover's own view."""
    memo = {} if memo is None else memo
    if game.is_over:
        outcome = game.outcome()
        points = 0 if outcome.winner is None else outcome.points if outcome.winner == me else -outcome.points
        return float(points), float(outcome.winner == me)
    key = (tuple(map(frozenset, game.hands)), game.ends, game.turn, game.passes)
    if key not in memo:
        moves = game.legal_moves()
        if game.turn != me:
            moves = [m for m in moves if not isinstance(m, Play) or game.ends[0] != game.ends[1] or m.end == "left"]
        results = []
        for move in moves:
            game.play(move)
            results.append(expectimax(game, me, memo))
            game.undo()
        if game.turn == me:
            memo[key] = max(results)
        else:
            view = game.view(game.turn)
            weighed = [sum(Medium.WEIGHTS[k] * v for k, v in medium_terms(view, m).items()) if isinstance(m, Play)
                       else 0.0 for m in moves]
            chances = [math.exp(BETA * (w - max(weighed))) for w in weighed]
            memo[key] = (sum(c * r[0] for c, r in zip(chances, results, strict=True)) / sum(chances),
                         sum(c * r[1] for c, r in zip(chances, results, strict=True)) / sum(chances))
    return memo[key]


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32))
def test_the_expected_search_agrees_with_a_plain_expectimax_and_is_never_below_minimax(seed):
    game = played_until(seed, 8, boneyard=0)
    me = game.turn
    plays = game.legal_moves()
    results, _ = expected_values(game.hand(me), game.hand(1 - me), game.ends, plays)
    perfect, _ = exact_values(game.hand(me), game.hand(1 - me), game.ends, plays)
    assert results is not None and perfect is not None
    for play, (points, won), worst in zip(plays, results, perfect, strict=True):
        game.play(play)
        assert (points, won) == pytest.approx(expectimax(game, me), abs=1e-9)
        game.undo()
        assert points >= worst - 1e-9 and 0 <= won <= 1


def test_the_expected_search_gives_up_past_its_budget():
    game = played_until(3, 8, boneyard=0)
    me = game.turn
    assert expected_values(game.hand(me), game.hand(1 - me), game.ends, game.legal_moves(), budget=1) == (None, 2)


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**32))
def test_hard_searches_an_ending_exactly_once_the_boneyard_is_empty(seed):
    """The other hand is then every unseen tile: Hard's candidates carry the expected
    points against the opponent as modelled, its beliefs are certain, and its tree
    holds the one deal it knows."""
    game = played_until(seed, 28, boneyard=0)
    view = game.view(game.turn)
    analysis = Hard(seed=1, samples=5, time_limit=None).analyse(game, trace=True)
    results, nodes = expected_values(view.hand, view.unseen, view.ends, view.legal_actions(),
                                     budget=Hard.EXPECTED_BUDGET)
    if results is None:  # too big for the expectimax: minimax, else (hands of 9 and 15 tiles) samples
        values, more = exact_values(view.hand, view.unseen, view.ends, view.legal_actions(), budget=Hard.ENDGAME_BUDGET)
        if values is None:
            assert "exact" not in analysis.stats and analysis.stats["samples"] == 5
            assert analysis.stats["nodes"] == nodes + more + 5 * len(view.legal_actions())
            return
        assert analysis.stats["ending"] == "perfect play" and analysis.stats["nodes"] == nodes + more
        results = [(v, float(v > 0)) for v in values]
    else:
        assert analysis.stats["ending"] == "modelled" and analysis.stats["nodes"] == nodes
    assert analysis.stats["exact"] and analysis.stats["samples"] == 1
    assert {c.move: c.score for c in analysis.candidates} == {
        move: round(points, 4) for move, (points, _) in zip(view.legal_actions(), results, strict=True)}
    assert all(c.terms == {"ev": c.score} for c in analysis.candidates)
    assert analysis.chosen.score == max(round(points, 4) for points, _ in results)
    sample, = analysis.tree.root.children
    assert sample.facts["exact"] and sample.facts["weight"] == 1.0 and sample.move.boneyard == ()
    assert sorted(sample.move.hand) == sorted(game.hand(1 - game.turn))  # known by elimination
    assert set(Hard(seed=1, samples=5).beliefs(view)["beliefs"].values()) == {1.0}


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 12), min_size=1, max_size=20))
def test_the_nudged_heaviest_play_is_one_of_the_plays_for_certain(pips):
    """Easy's way (each play's pips plus a nudge below 6): the chances of the plays add up to 1."""
    assert math.fsum(nudged_choice_chance(pips, k) for k in range(len(pips))) == pytest.approx(1.0, abs=1e-9)


@pytest.mark.parametrize("lighter_by", [0, 1, 3, 5, 6, 8])
def test_a_lighter_play_is_made_only_when_the_nudges_make_up_the_difference(lighter_by):
    """Two plays ``d`` pips apart: the lighter wins when its nudge beats the other's by
    more than ``d``: a chance of (6 - d)² / 72, none from 6 pips on."""
    assert nudged_choice_chance([9 - lighter_by, 9], 0) == pytest.approx(max(6 - lighter_by, 0) ** 2 / 72,
                                                                         abs=1e-12)


def five_zero_played(also_held: tuple[int, int]) -> Game:
    """Player 1, holding the 5-0, ``also_held``, the 2-2 and the 4-1, has just played the
    5-0 on the double five that player 0 led."""
    others = [t for t in TILES if t not in {(5, 5), (5, 0), also_held, (6, 6), (3, 1), (2, 2), (4, 1)}]
    game = Game.from_position([[(6, 6), (3, 1), *others[:5]], [(5, 0), also_held, (2, 2), (4, 1)]], [(5, 5)],
                              others[5:], turn=1)
    game.play(Play((5, 0), "left"))
    return game


def test_a_deal_in_which_the_opponent_passed_over_a_better_play_is_less_likely():
    """Player 1 plays the 5-0 on a line ending in fives: in a deal where it also held
    the 5-4 (heavier, and Medium's choice) that play was unlikely; in a deal where the
    5-0 was its only fit, it was certain."""
    game = five_zero_played(also_held=(5, 4))
    view = game.view(0)
    held_both = {(5, 0): -1, (5, 4): -1, (2, 2): -1, (4, 1): -1}
    held_one = {(5, 0): -1, (2, 1): -1, (2, 2): -1, (4, 1): -1}
    unlikely, certain = choices_likelihood(view, held_both), choices_likelihood(view, held_one)
    assert 0 < unlikely < 0.5 and certain == 1.0
    assert choices_likelihood(game.view(1), {(6, 6): -1}) == 1.0  # player 0 has made no play yet


def test_a_play_six_pips_lighter_than_a_fit_leaves_only_the_model_that_weighs_plays():
    """Player 1 plays the 5-0 on fives while (in this deal) holding the 6-5, 6 pips
    heavier: a player of heavy tiles nudged by less than 6 pips never does that, so the
    deal's likelihood is the other model's share alone."""
    game = five_zero_played(also_held=(6, 5))
    view = game.view(0)
    deal = {(5, 0): -1, (6, 5): -1, (2, 2): -1, (4, 1): -1}
    facts = infer(view)
    left_lighter = choices_likelihood(view, deal)
    assert 0 < left_lighter < MODELS["weighs its plays"]
    # the same deal with the 6-5 swapped for the 5-4 (4 pips heavier): both models give it a chance
    assert facts.likelihood({(5, 0): -1, (5, 4): -1, (2, 2): -1, (4, 1): -1}) > left_lighter


def test_the_weighed_beliefs_lean_away_from_what_the_opponents_plays_make_unlikely():
    """After that play, Hard believes the 5-4 less likely held than an equally
    possible tile the play says nothing about."""
    game = five_zero_played(also_held=(5, 4))
    view = game.view(0)
    assert not {(5, 4), (2, 2)} & set(infer(view).ruled_out)
    beliefs = Hard(seed=4, samples=400, time_limit=None).beliefs(view)["beliefs"]
    assert beliefs["5-4"] < beliefs["2-2"]


def style_value(weights, tile, ends, hand, unseen, lacks, count) -> float:
    """A play of ``tile`` from ``hand`` leaving ``ends``, weighed by a style written out
    from its parts: ``play_figures`` (what the player cannot see: ``unseen``) and the
    blocked chance of an opponent of ``count`` tiles known to lack ``lacks``."""
    figures = play_figures(tile, ends, [t for t in hand if t != tile], hidden_counts(unseen))
    return sum(w * f for w, f in zip(weights, (*figures, blocked_chance(ends, unseen, lacks, count)), strict=True))


@settings(max_examples=200, deadline=None)
@given(st.permutations(TILES), st.integers(1, 9), st.integers(0, 13), st.integers(1, 7),
       st.sets(st.integers(0, 6), max_size=3), st.sampled_from([BLOCKING_STYLE, MEDIUM_STYLE]))
def test_a_playout_plays_the_best_play_by_its_style(tiles, held, on_line, their_count, lacks, weights):
    """The playout's pick (written out for speed) is the first legal play, in hand order
    and left before right, of the highest weighed figures (``play_figures``, and the
    blocked chance where the style weighs it)."""
    hand, line = list(tiles[:held]), tiles[held:held + on_line]
    left, right = tiles[-1][0], tiles[-2][1]
    unseen = [t for t in TILES if t not in line and t not in hand]
    other, boneyard = unseen[:their_count], unseen[their_count:]
    off_line = hidden_counts([t for t in TILES if t not in line])
    plays = [p for p in legal_actions(hand, (left, right), 0) if isinstance(p, Play)
             and (left != right or p.end == "left")]
    picked = _pick(hand, left, right, off_line, weights, other, boneyard, lacks)
    if not plays:
        assert picked is None
        return
    values = [style_value(weights, p.tile, ends_after((left, right), p.tile, p.end), hand, unseen, lacks, len(other))
              for p in plays]
    best = plays[values.index(max(values))]
    assert picked == (best.tile, best.end == "left")


@settings(max_examples=150, deadline=None)
@given(st.permutations(TILES), st.integers(3, 12), st.integers(0, 4), st.sets(st.integers(0, 6), max_size=3),
       st.integers(0, 6), st.integers(0, 6))
def test_the_blocked_chance_is_the_share_of_possible_hands_with_no_tile_for_the_ends(tiles, unseen_count, count,
                                                                                  lacks, left, right):
    """Every hand of ``count`` tiles from the unseen ones that show no lacked pip,
    equally likely: the share of them holding nothing that matches either end."""
    unseen = tiles[:unseen_count]
    pool = [t for t in unseen if not set(t) & lacks]
    hands = list(itertools.combinations(pool, count))
    blocked = [h for h in hands if not any(left in t or right in t for t in h)]
    expected = len(blocked) / len(hands) if hands else 0.0
    assert blocked_chance((left, right), unseen, lacks, count) == pytest.approx(expected)


def test_a_style_that_weighs_the_blocked_chance_needs_it_as_the_fifth_figure():
    """Medium's style weighs the four figures of ``play_figures`` alone; Hard's blocking
    style refuses them without the blocked chance, and weighs all five with it."""
    four = play_figures((6, 4), (4, 1), [(4, 2), (1, 1)], hidden_counts(TILES))
    assert weighed(MEDIUM_STYLE, four) == pytest.approx(sum(w * f for w, f in zip(MEDIUM_STYLE[:4], four, strict=True)))
    with pytest.raises(ValueError, match="blocked"):
        weighed(BLOCKING_STYLE, four)
    assert weighed(BLOCKING_STYLE, (*four, 0.5)) == pytest.approx(
        sum(w * f for w, f in zip(BLOCKING_STYLE, (*four, 0.5), strict=True)))


def lacking(game: Game, player: int, start: set[int], since: int) -> set[int]:
    """The pips ``player`` shows it lacks in ``game``'s history from event ``since`` on,
    read from the events (``start`` before them): a pip of the ends at which it drew or
    passed, when it has drawn nothing after that."""
    lacks = set(start)
    for event in game.history[since:]:
        if event.player == player and event.action == "draw":
            lacks = set(event.ends)
        elif event.player == player and event.action == "pass":
            lacks |= set(event.ends)
    return lacks


def played_by_styles(game: Game, hands: list[list], me: int, styles, start: list[set[int]]) -> int:
    """``game`` played to its end by the rules' own Game, each side making its style's
    best play (``play_figures`` and ``blocked_chance``, from its view and the lacks the
    history shows; ties to the first in ``hands``' order, left before right); signed
    points for ``me``. ``hands``: each side's tiles in the playout's order."""
    since = len(game.history)
    while not game.is_over:
        player = game.turn
        view = game.view(player)
        weights = styles[0] if player == me else styles[1]
        moves = game.legal_moves()
        plays = [m for m in moves if isinstance(m, Play)]
        if not plays:
            event = game.play(moves[0])
            if event.action == "draw":
                hands[player].append(event.tile)
            continue
        left, right = game.ends
        lacks = lacking(game, 1 - player, start[1 - player], since)
        best, key = None, -math.inf
        for tile in hands[player]:
            for end in ("left", "right"):
                if Play(tile, end) not in plays or (end == "right" and left == right):
                    continue
                value = style_value(weights, tile, ends_after((left, right), tile, end), hands[player],
                                    view.unseen, lacks, view.opponent_count)
                if value > key:
                    best, key = Play(tile, end), value
        assert best is not None
        hands[player].remove(best.tile)
        game.play(best)
    outcome = game.outcome()
    return 0 if outcome.winner is None else outcome.points if outcome.winner == me else -outcome.points


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.integers(1, 30), st.integers(0, 1), st.booleans(),
       st.sets(st.integers(0, 6), max_size=2), st.sets(st.integers(0, 6), max_size=2))
def test_a_playout_is_the_hand_played_by_the_rules_in_the_two_styles(seed, steps, me, hard_first, lacks0, lacks1):
    """From a position of a real game (random legal moves), the playout's points are
    those of the rules' Game played on by each side's style, the lacks each side weighs
    read from the Game's events (draws and passes since the start, and those given)."""
    game = Game(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))
    assume(not game.is_over and game.ends is not None)
    styles = (BLOCKING_STYLE, MEDIUM_STYLE) if hard_first else (MEDIUM_STYLE, BLOCKING_STYLE)
    hands = [list(game.hand(0)), list(game.hand(1))]
    expected = played_by_styles(game.copy(), [list(h) for h in hands], me, styles, [lacks0, lacks1])
    assert playout(hands, list(reversed(game.boneyard)), game.ends, game.turn, game.passes, me, styles,
                   (lacks0, lacks1)) == expected
