"""The Dominoes players' decisions as search trees (``analyse(game, trace=True)``):
recording changes nothing of the decision; hard's tree is its samples, each with every
play's result in it, and a candidate's expected value is the weighted mean of those
results; the samples imagine only tiles the player cannot see; and a tree is a function
of the player's view alone: games that differ only in hidden tiles, and the game and
its view, give the same tree."""

from __future__ import annotations

import math
import random

import pytest
from domino_deals import hidden_swaps
from hypothesis import given, settings
from hypothesis import strategies as st

from gamewidgets.domino import Game, Play, tile_name
from gamewidgets.domino.ai import Easy, Hard, Medium, Sample, SeatPosition, infer, playout
from gamewidgets.domino.endgame import expected_values
from gamewidgets.search import DEFAULT_BUDGET, SearchTree

SAMPLES = 12


def players(seed=0, **options):
    """Every level, hard with a few samples and no clock (reproducible)."""
    return [Easy(seed=seed, **options), Medium(seed=seed, **options),
            Hard(seed=seed, samples=SAMPLES, time_limit=None, **options)]


def random_position(seed: int, *, choices: int = 2) -> Game:
    """A game after some random moves where the player to move has at least ``choices``
    legal actions (1: any position not over)."""
    rnd = random.Random(seed)
    while True:
        game = Game(rnd.randrange(2**32))
        for _ in range(rnd.randrange(1, 40)):
            if game.is_over or (len(game.legal_moves()) >= choices and rnd.random() < 0.3):
                break
            game.play(rnd.choice(game.legal_moves()))
        if not game.is_over and len(game.legal_moves()) >= choices:
            return game


def placed_tiles(view):
    return {(max(p), min(p)) for p in view.line}


def comparable(analysis):
    data = analysis.to_dict()
    data["stats"].pop("time_ms", None)
    return data


positions = st.integers(0, 2**32).map(random_position)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 2**16))
def test_recording_changes_nothing_of_the_decision(position_seed, seed):
    game = random_position(position_seed, choices=1)  # forced decisions too
    view = game.view(game.turn)
    for plain_player, traced_player in zip(players(seed), players(seed, trace=True), strict=True):
        plain = plain_player.analyse(view)
        traced = traced_player.analyse(view)
        assert plain.tree is None and isinstance(traced.tree, SearchTree)
        assert traced == plain and comparable(traced) == comparable(plain)  # move, candidates, pv, stats
        assert traced.stats["nodes"] == plain.stats["nodes"] and traced.pv == plain.pv
        assert plain_player.analyse(view, trace=True) == plain  # asked for once
        assert traced_player.analyse(view, trace=False).tree is None
        assert traced_player.choose(view) == plain_player.choose(view) == plain.move
        tree = traced.tree
        assert tree.root.score == traced.chosen.score and tree.root.on_pv and not tree.cut
        assert math.fsum(tree.root.terms.values()) == pytest.approx(tree.root.score)
        for node in tree:
            position = node.game()  # every node has its position
            assert isinstance(position, SeatPosition) and position.view == view


def test_trace_options():
    hard = Hard(seed=1, samples=5, time_limit=None, trace=True, trace_budget=50)
    assert hard.trace and hard.trace_budget == 50
    assert repr(hard) == "Hard(seed=1, samples=5, time_limit=None, trace=True, trace_budget=50)"
    assert repr(Hard(seed=1, samples=5, time_limit=None)) == "Hard(seed=1, samples=5, time_limit=None)"
    assert Easy(seed=2).trace is False and Medium(seed=2).trace_budget == DEFAULT_BUDGET
    for bad in (0, -3, 2.5, "10", True):
        with pytest.raises(ValueError, match="trace_budget"):
            Medium(trace_budget=bad)
    view = random_position(5).view(random_position(5).turn)
    assert len(hard.analyse(view).tree) <= 50
    assert len(hard.analyse(view, budget=7).tree) == 7


def test_a_forced_decision_is_one_forced_node():
    game = Game(3)  # the opening rule names the tile
    for player in players(trace=True):
        analysis = player.analyse(game)
        tree = analysis.tree
        assert len(tree) == 2
        forced, = tree.root.children
        assert forced.kind == "forced" and forced.move == analysis.move and forced.on_pv
        assert forced.score == tree.root.score == 0.0 and forced.terms == {"only move": 0.0}
        assert forced.game().moves == (analysis.move,) and forced.game().game is None


@settings(max_examples=20, deadline=None)
@given(positions, st.integers(0, 2**16))
def test_easy_and_medium_record_every_play_as_a_leaf(game, seed):
    view = game.view(game.turn)
    for player in (Easy(seed=seed), Medium(seed=seed)):
        analysis = player.analyse(game, trace=True)
        tree = analysis.tree
        leaves = tree.root.children
        assert [n.move for n in leaves] == view.legal_actions() and len(tree) == 1 + len(leaves)
        by_move = {c.move: c for c in analysis.candidates}
        for node in leaves:
            candidate = by_move[node.move]
            assert node.kind == "leaf" and not node.children
            assert (node.score, node.terms, node.facts) == (candidate.score, dict(candidate.terms),
                                                            dict(candidate.facts))
            assert node.on_pv == (node.move == analysis.move)
            assert node.game().moves == (node.move,) and node.game().game is None  # nothing imagined


def hard_tree(game, seed, samples=SAMPLES):
    analysis = Hard(seed=seed, samples=samples, time_limit=None).analyse(game, trace=True)
    return analysis, analysis.tree


@settings(max_examples=25, deadline=None)
@given(positions, st.integers(0, 2**16))
def test_every_candidates_ev_is_the_weighted_mean_of_its_sample_results(game, seed):
    view = game.view(game.turn)
    analysis, tree = hard_tree(game, seed)
    moves = view.legal_actions()
    samples = tree.root.children
    exact = analysis.stats.get("exact", False)  # the boneyard is empty: one deal, searched exactly
    assert not exact or view.boneyard_count == 0
    assert not tree.cut and len(samples) == analysis.stats["samples"] == (1 if exact else SAMPLES)
    assert len(tree) == 1 + len(samples) * (1 + len(moves))
    assert [str(s.move) for s in samples] == [f"sample {i}" for i in range(1, len(samples) + 1)]
    results: dict = {m: [] for m in moves}
    for sample in samples:
        assert sample.kind == "sample" and isinstance(sample.move, Sample) and not sample.on_pv
        assert [n.move for n in sample.children] == moves  # every play, in every sample
        for node in sample.children:
            assert node.kind in ("leaf", "terminal") and not node.children
            assert node.terms == {"points": node.score} and node.facts == {"won": node.score > 0}
            assert node.score == int(node.score)  # signed points
            assert node.on_pv == (node.move == analysis.move)
            # a terminal play empties the hand: it wins the pips of the hand imagined
            assert (node.kind == "terminal") == (len(view.hand) == 1)
            if node.kind == "terminal":
                assert node.score == sum(a + b for a, b in sample.move.hand)
            results[node.move].append((sample.facts["weight"], node.score))
        chosen, = (n for n in sample.children if n.on_pv)
        assert sample.score == chosen.score
    for candidate in analysis.candidates:
        pairs = results[candidate.move]
        weights = math.fsum(w for w, _ in pairs)
        assert candidate.score == candidate.terms["ev"] == round(math.fsum(w * v for w, v in pairs) / weights, 4)
        assert candidate.facts["win"] == round(math.fsum(w for w, v in pairs if v > 0) / weights, 3)
    weights = [s.facts["weight"] for s in samples]
    assert all(0 < w <= 1 for w in weights)  # the likelihood of the opponent's plays in that deal
    assert tree.root.score == analysis.chosen.score == round(
        math.fsum(w * s.score for w, s in zip(weights, samples, strict=True)) / math.fsum(weights), 4)
    assert tree.root.terms == {"ev": analysis.chosen.score}


@settings(max_examples=25, deadline=None)
@given(positions, st.integers(0, 2**16))
def test_the_samples_imagine_only_tiles_the_player_cannot_see(game, seed):
    view = game.view(game.turn)
    _, tree = hard_tree(game, seed)
    seen = set(view.hand) | placed_tiles(view)
    ruled_out = set(infer(view).ruled_out)
    for sample in tree.root.children:
        hand, boneyard = sample.move.hand, sample.move.boneyard
        assert not set(hand) & seen and not set(boneyard) & seen  # disjoint from own hand and table
        assert len(hand) == view.opponent_count and len(boneyard) == view.boneyard_count
        assert sorted((*hand, *boneyard)) == sorted(view.unseen)  # every unseen tile once
        assert "fallback" in sample.facts or not set(hand) & ruled_out  # nothing the facts exclude
        assert sample.facts["hand"] == [tile_name(t) for t in sorted(hand)]
        assert sample.facts["boneyard"] == [tile_name(t) for t in boneyard]
        assert all(isinstance(t, str) for t in sample.facts["hand"] + sample.facts["boneyard"])


@settings(max_examples=15, deadline=None)
@given(positions, st.integers(0, 2**16))
def test_a_sample_nodes_position_is_the_deal_it_imagined(game, seed):
    """``node.game()`` of a sample is the imagined deal made from the view, and each
    play's node there is that deal after the play; the playout of that deal gives the
    node's score (the deal recorded is the one the search played out), or, once the
    boneyard is empty, the expected search of it."""
    view = game.view(game.turn)
    me, opp = view.player, view.opponent
    _, tree = hard_tree(game, seed, samples=6)
    lacks = infer(view).lacks_by_seat  # what the playouts start from, as the seat knows it
    for sample in tree.root.children:
        imagined = sample.game()
        assert imagined.view == view and imagined.moves == () and isinstance(imagined.game, Game)
        deal = imagined.game
        assert deal.hand(me) == view.hand and deal.hand(opp) == tuple(sorted(sample.move.hand))
        assert deal.boneyard == sample.move.boneyard and deal.line == view.line and deal.turn == me
        assert deal.legal_moves() == view.legal_actions()
        for node in sample.children:
            after = node.game()
            assert after.moves == (node.move,)
            expected = deal.copy()
            expected.play(node.move)
            assert after.game == expected and after.game.hand(opp) == deal.hand(opp)
            mine = [t for t in view.hand if t != node.move.tile]
            if sample.facts.get("exact"):
                (points, won), = expected_values(view.hand, sample.move.hand, view.ends, [node.move])[0]
                assert round(points, 4) == node.score and node.facts["won"] == (won > 0.5)
                assert view.boneyard_count == 0
            elif mine:
                hands = [mine, list(sample.move.hand)] if me == 0 else [list(sample.move.hand), mine]
                assert playout(hands, list(reversed(sample.move.boneyard)), after.game.ends, opp, 0, me,
                               lacks=lacks) == node.score
            else:
                assert after.game.is_over and after.game.outcome().winner == me
                assert after.game.outcome().points == node.score


def same_trees(a, b):
    """Two trees say the same, and every node's position is the same."""
    assert a.to_rows() == b.to_rows()
    for x, y in zip(a, b, strict=True):
        px, py = x.game(), y.game()
        assert (px.view, px.moves, px.game) == (py.view, py.moves, py.game)


def reshuffled(game: Game, rnd: random.Random) -> Game:
    """The position of ``game`` set up again with the hidden tiles (the other hand and
    the boneyard) dealt anew: the player to move sees the same (nothing in the history)."""
    me = game.turn
    view = game.view(me)
    unseen = list(view.unseen)
    rnd.shuffle(unseen)
    other, rest = unseen[:view.opponent_count], unseen[view.opponent_count:]
    hands = [list(view.hand), other] if me == 0 else [other, list(view.hand)]
    return Game.from_position(hands, view.line, rest, turn=me, passes=view.passes)


def test_a_tree_is_a_function_of_the_view():
    """No tree of a decision holds a tile the player cannot know: games that differ
    only in the other hand and the boneyard (same history, same view) give the same
    tree, and so do a game and the view of its player to move."""
    rnd = random.Random(27)
    checked = changed_hand = 0
    for seed in range(14):
        game = random_position(seed)
        me = game.turn
        view = game.view(me)
        trees = [p.analyse(view, trace=True).tree for p in players(seed)]
        for player, tree in zip(players(seed), trees, strict=True):
            same_trees(player.analyse(game, trace=True).tree, tree)  # the game itself
        hidden = game.hand(1 - me)
        for other in hidden_swaps(game, me, rnd, 4):  # one hidden tile exchanged, the history replayed
            assert other.view(me) == view and (other.hands, other.boneyard) != (game.hands, game.boneyard)
            changed_hand += other.hand(1 - me) != hidden
            for player, tree in zip(players(seed), trees, strict=True):
                same_trees(player.analyse(other, trace=True).tree, tree)
                same_trees(player.analyse(other.view(me), trace=True).tree, tree)
            checked += 1
    assert checked >= 15 and changed_hand >= 8


@settings(max_examples=15, deadline=None)
@given(positions, st.integers(0, 2**32), st.integers(0, 2**16))
def test_a_tree_does_not_change_when_every_hidden_tile_is_dealt_anew(game, shuffle_seed, seed):
    rnd = random.Random(shuffle_seed)
    position = reshuffled(game, rnd)
    again = reshuffled(game, rnd)
    me = game.turn
    assert position.view(me) == again.view(me)
    for player, same in zip(players(seed), players(seed), strict=True):
        tree = player.analyse(position, trace=True).tree
        same_trees(same.analyse(again, trace=True).tree, tree)
        same_trees(same.analyse(again.view(me), trace=True).tree, tree)
        imagined = {t for row in tree.to_rows() for t in (*row.get("hand", ()), *row.get("boneyard", ()))}
        assert imagined <= {tile_name(t) for t in position.view(me).unseen}


def test_the_budget_cuts_the_record_not_the_decision():
    game = random_position(8)
    view = game.view(game.turn)
    whole = Hard(seed=4, samples=SAMPLES, time_limit=None).analyse(view, trace=True)
    cut = Hard(seed=4, samples=SAMPLES, time_limit=None, trace=True, trace_budget=10).analyse(view)
    assert cut == whole and len(cut.tree) == 10 and cut.tree.cut and not whole.tree.cut
    assert cut.tree.to_rows()[0]["score"] == whole.tree.root.score
    assert [n.move for n in cut.tree] == [n.move for n in list(whole.tree)[:10]]


def test_a_play_is_a_play_of_the_position():
    game = random_position(2)
    view = game.view(game.turn)
    position = SeatPosition(view)
    move = view.legal_actions()[0]
    assert isinstance(move, Play)
    copy = position.copy()
    copy.play(move)
    assert position.moves == () and copy.moves == (move,) and copy.game is None
    assert "then" in str(copy) and "SeatPosition" in repr(copy)
