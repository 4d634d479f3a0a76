"""Invariants of Line 98 over random games (hypothesis)."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from gamewidgets.line98 import Game, points

seeds = st.integers(min_value=0, max_value=2**32)
choices = st.lists(st.floats(min_value=0, max_value=1, exclude_max=True), min_size=1, max_size=60)


def pick(game: Game, fraction: float):
    moves = game.legal_moves()
    return moves[int(fraction * len(moves))]


def play_out(seed, fractions):
    game = Game(seed)
    results = []
    for fraction in fractions:
        if game.is_over:
            break
        results.append(game.play(pick(game, fraction)))
    return game, results


@settings(max_examples=40, deadline=None)
@given(seeds, choices)
def test_ball_counts_previews_and_score_add_up(seed, fractions):
    game = Game(seed)
    for fraction in fractions:
        if game.is_over:
            break
        balls_before, score_before = np.count_nonzero(game.board), game.score
        result = game.play(pick(game, fraction))
        assert np.count_nonzero(game.board) == balls_before + len(result.spawned) - len(result.cleared)
        assert game.score - score_before == result.points >= 0
        assert result.points in {0} | {points(n) for n in range(5, 18)} | {
            points(a) + points(b) for a in range(5, 18) for b in range(5, 18)
        }
        empty = 81 - np.count_nonzero(game.board)
        assert len(game.previews) == min(3, empty)
        cells = [p.cell for p in game.previews]
        assert len(set(cells)) == len(cells) and all(game.board[c] == 0 for c in cells)
        assert game.is_over == (empty == 0)
        assert game.board.min() >= 0 and game.board.max() <= 7
        # no line of five is ever left on the board after a move
        assert not game.lines_through(game.balls())


@settings(max_examples=40, deadline=None)
@given(seeds, choices, st.floats(min_value=0, max_value=1, exclude_max=True))
def test_undo_restores_exactly(seed, fractions, last):
    game, _ = play_out(seed, fractions)
    if game.is_over:
        game.undo()
    before = game.to_dict()
    move = pick(game, last)
    result = game.play(move)
    game.undo()
    after = game.to_dict()
    assert after["position"] == before["position"]
    assert after["history"] == before["history"] and after["moves"] == before["moves"]
    assert game.play(move) == result  # the random stream was restored too


@settings(max_examples=30, deadline=None)
@given(seeds, choices)
def test_serialisation_round_trips(seed, fractions):
    game, _ = play_out(seed, fractions)
    copy = Game.from_dict(game.to_dict())
    assert copy.to_dict() == game.to_dict()
    if not game.is_over:
        move = game.legal_moves()[0]
        assert copy.play(move) == game.play(move)


@settings(max_examples=30, deadline=None)
@given(seeds, choices)
def test_same_seed_same_game(seed, fractions):
    first, first_results = play_out(seed, fractions)
    second, second_results = play_out(seed, fractions)
    assert first_results == second_results
    assert first.record() == second.record()


@settings(max_examples=30, deadline=None)
@given(seeds, choices)
def test_legal_moves_are_exactly_the_moves_with_a_path(seed, fractions):
    game, _ = play_out(seed, fractions)
    legal = set(game.legal_moves())
    for source in game.balls():
        for target in game.reachable(source):
            assert game.path(source, target) is not None
    assert legal == {(m) for m in legal if game.path(m.source, m.target)}
    assert len(legal) == sum(len(game.reachable(s)) for s in game.balls()) if not game.is_over else not legal
