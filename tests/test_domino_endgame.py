"""Hard's knowledge beyond the greedy playout: the exact search of an ending (checked
against a plain minimax over the rules' own Game), the weighing of a sampled deal by
how likely it makes the opponent's plays, and the playouts' choice of play (the best
by the style's weighing of the play's figures)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from gamewidgets.domino import Game, Play
from gamewidgets.domino.ai import Hard
from gamewidgets.domino.endgame import exact_values
from gamewidgets.domino.inference import choices_likelihood, infer
from gamewidgets.domino.playouts import BLOCKING_STYLE, MEDIUM_STYLE, _pick, ends_after, hidden_counts, play_figures
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


def small_ending(seed: int) -> Game:
    """A position of a hand played at random until the two hands hold at most seven
    tiles together, the player to move holding a choice of plays."""
    rnd = random.Random(seed)
    while True:
        game = Game(rnd.randrange(2**32))
        while not game.is_over:
            plays = [m for m in game.legal_moves() if isinstance(m, Play)]
            if len(plays) >= 2 and len(game.hand(0)) + len(game.hand(1)) <= 7:
                return game
            game.play(rnd.choice(game.legal_moves()))


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32))
def test_the_exact_search_agrees_with_a_plain_minimax_over_the_rules(seed):
    game = small_ending(seed)
    me = game.turn
    plays = game.legal_moves()
    values, nodes = exact_values(game.hand(me), game.hand(1 - me), game.ends, plays, game.boneyard)
    expected = []
    for play in plays:
        game.play(play)
        expected.append(minimax(game, me))
        game.undo()
    assert values == expected and nodes >= 1


def test_the_exact_search_gives_up_past_its_budget():
    game = small_ending(3)
    me = game.turn
    values, nodes = exact_values(game.hand(me), game.hand(1 - me), game.ends, game.legal_moves(), game.boneyard,
                                 budget=1)
    assert values is None and nodes == 2


def empty_boneyard(seed: int) -> Game:
    """A hand played at random until the boneyard is empty, the player to move with a
    choice of plays."""
    rnd = random.Random(seed)
    while True:
        game = Game(rnd.randrange(2**32))
        while not game.is_over:
            if not game.boneyard and len(game.legal_moves()) >= 2:
                return game
            game.play(rnd.choice(game.legal_moves()))


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**32))
def test_hard_searches_an_ending_exactly_once_the_boneyard_is_empty(seed):
    """The other hand is then every unseen tile: Hard's candidates carry the exact
    values, its beliefs are certain, and its tree holds the one deal it knows."""
    game = empty_boneyard(seed)
    view = game.view(game.turn)
    analysis = Hard(seed=1, samples=5, time_limit=None).analyse(game, trace=True)
    values, nodes = exact_values(view.hand, view.unseen, view.ends, view.legal_actions(), budget=Hard.ENDGAME_BUDGET)
    if values is None:  # an ending too big for the budget (hands of 9 and 15 tiles) is sampled, its work counted
        assert "exact" not in analysis.stats and analysis.stats["samples"] == 5
        assert analysis.stats["nodes"] == nodes + 5 * len(view.legal_actions())
        return
    assert analysis.stats["exact"] and analysis.stats["samples"] == 1
    assert {c.move: c.score for c in analysis.candidates} == dict(zip(view.legal_actions(), values, strict=True))
    assert all(c.terms == {"ev": c.score} for c in analysis.candidates)
    assert analysis.chosen.score == max(values)
    sample, = analysis.tree.root.children
    assert sample.facts["exact"] and sample.facts["weight"] == 1.0 and sample.move.boneyard == ()
    assert sorted(sample.move.hand) == sorted(game.hand(1 - game.turn))  # known by elimination
    assert set(Hard(seed=1, samples=5).beliefs(view)["beliefs"].values()) == {1.0}


def test_a_deal_in_which_the_opponent_passed_over_a_better_play_is_less_likely():
    """Player 1 plays the 5-0 on a line ending in fives: in a deal where it also held
    the 5-4 (heavier, and Medium's choice) that play was unlikely; in a deal where the
    5-0 was its only fit, it was certain."""
    others = [t for t in TILES if t not in {(5, 5), (5, 0), (5, 4), (6, 6), (3, 1), (2, 2), (4, 1)}]
    game = Game.from_position([[(6, 6), (3, 1), *others[:5]], [(5, 0), (5, 4), (2, 2), (4, 1)]], [(5, 5)],
                              others[5:], turn=1)
    game.play(Play((5, 0), "left"))
    view = game.view(0)
    held_both = {(5, 0): -1, (5, 4): -1, (2, 2): -1, (4, 1): -1}
    held_one = {(5, 0): -1, (2, 1): -1, (2, 2): -1, (4, 1): -1}
    unlikely, certain = choices_likelihood(view, held_both), choices_likelihood(view, held_one)
    assert 0 < unlikely < 0.5 and certain == 1.0
    assert choices_likelihood(game.view(1), {(6, 6): -1}) == 1.0  # player 0 has made no play yet


def test_the_weighed_beliefs_lean_away_from_what_the_opponents_plays_make_unlikely():
    """After that play, Hard believes the 5-4 less likely held than an equally
    possible tile the play says nothing about."""
    others = [t for t in TILES if t not in {(5, 5), (5, 0), (5, 4), (6, 6), (3, 1), (2, 2), (4, 1)}]
    game = Game.from_position([[(6, 6), (3, 1), *others[:5]], [(5, 0), (5, 4), (2, 2), (4, 1)]], [(5, 5)],
                              others[5:], turn=1)
    game.play(Play((5, 0), "left"))
    view = game.view(0)
    assert not {(5, 4), (2, 2)} & set(infer(view).ruled_out)
    beliefs = Hard(seed=4, samples=400, time_limit=None).beliefs(view)["beliefs"]
    assert beliefs["5-4"] < beliefs["2-2"]


@settings(max_examples=200, deadline=None)
@given(st.permutations(TILES), st.integers(1, 9), st.integers(0, 13), st.sampled_from([BLOCKING_STYLE, MEDIUM_STYLE]))
def test_a_playout_plays_the_best_play_by_its_style(tiles, held, on_line, weights):
    """The playout's pick (written out for speed) is the first legal play, in hand order
    and left before right, of the highest weighed figures (``play_figures``)."""
    hand, line = list(tiles[:held]), tiles[held:held + on_line]
    left, right = tiles[-1][0], tiles[-2][1]
    off_line = hidden_counts([t for t in TILES if t not in line])
    plays = [p for p in legal_actions(hand, (left, right), 0) if isinstance(p, Play)
             and (left != right or p.end == "left")]
    picked = _pick(hand, left, right, off_line, weights)
    if not plays:
        assert picked is None
        return
    hidden = hidden_counts([t for t in TILES if t not in line and t not in hand])
    values = [sum(w * f for w, f in zip(weights, play_figures(
        p.tile, ends_after((left, right), p.tile, p.end), [t for t in hand if t != p.tile], hidden), strict=True))
        for p in plays]
    best = plays[values.index(max(values))]
    assert picked == (best.tile, best.end == "left")
