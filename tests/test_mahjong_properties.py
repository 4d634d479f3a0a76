"""Invariants of Mahjong Connect over many deals (hypothesis)."""

from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mahjong_pairs import connectable_pairs

from gamewidgets.mahjong import Game, fewest_turns, find_path, removable_pairs, solve
from gamewidgets.mahjong.deal import shuffled
from gamewidgets.mahjong.tiles import full_set, matches

seeds = st.integers(min_value=0, max_value=2**32)


def replays_to_empty(grid: np.ndarray, pairs) -> bool:
    """Remove ``pairs`` in order, checking each is matching and connected (with the
    independent turn-counting search), and say whether the grid ends empty."""
    grid = grid.copy()
    for a, b in pairs:
        assert grid[a] and grid[b] and a != b
        assert matches(int(grid[a]), int(grid[b]))
        turns = fewest_turns(grid, a, b)
        assert turns is not None and turns <= 2
        grid[a] = grid[b] = 0
    return not grid.any()


@settings(max_examples=25, deadline=None)
@given(seeds)
def test_every_deal_has_the_144_tiles_and_the_solver_clears_it(seed):
    game = Game(seed)
    assert Counter(game.grid.ravel().tolist()) == Counter(full_set())
    assert replays_to_empty(game.grid, solve(game.grid))


def test_many_deals_are_solvable():
    for seed in range(60):
        grid = Game(seed).grid
        assert replays_to_empty(grid, solve(grid)), seed


@settings(max_examples=20, deadline=None)
@given(seeds, st.integers(0, 60), st.integers(0, 2**32))
def test_shuffles_keep_the_tiles_and_can_be_cleared(seed, removals, shuffle_seed):
    game = Game(seed)
    rng = np.random.default_rng(removals)
    for _ in range(removals):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(moves[int(rng.integers(len(moves)))])
    if game.won:
        return
    after = shuffled(game.grid, np.random.default_rng(shuffle_seed))
    assert Counter(after.ravel().tolist()) == Counter(game.grid.ravel().tolist())
    assert ((after != 0) == (game.grid != 0)).all()
    assert replays_to_empty(after, solve(after))


@settings(max_examples=25, deadline=None)
@given(seeds, st.integers(0, 40))
def test_undo_restores_exactly_and_saves_round_trip(seed, removals):
    game = Game(seed, scoring="standard")
    grids = [game.grid.copy()]
    for _ in range(removals):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(moves[len(moves) // 2])
        grids.append(game.grid.copy())
    copy = Game.from_dict(game.to_dict())
    assert (copy.grid == game.grid).all() and copy.moves == game.moves and copy.score == game.score
    while game.moves:
        grids.pop()
        game.undo()
        assert (game.grid == grids[-1]).all()


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32))
def test_removable_pairs_agree_with_the_turn_counting_search(seed):
    rng = np.random.default_rng(seed)
    rows, cols = int(rng.integers(2, 7)), int(rng.integers(2, 9))
    grid = rng.integers(1, 6, size=(rows, cols)).astype(np.int8) * (rng.random((rows, cols)) < 0.7)
    expected = connectable_pairs(grid)
    assert set(removable_pairs(grid)) == expected
    for a, b in expected:
        path = find_path(grid, a, b)
        assert path[0] == a and path[-1] == b and len(path) - 2 == fewest_turns(grid, a, b)


def test_the_solver_proves_a_position_has_no_solution():
    # two pairs crossed in a square: each pair needs three turns, and neither goes first
    crossed = Game.from_grid("D1 D2\nD2 D1")
    assert crossed.stuck and solve(crossed.grid) is None
    # the same kinds side by side: both pairs go
    side_by_side = Game.from_grid("D1 D1\nD2 D2")
    assert replays_to_empty(side_by_side.grid, solve(side_by_side.grid))
    # four of a kind where the pairing matters: the solver finds the order that works
    grid = Game.from_grid("D1 B1 D1 B1 D1 C1 C1 D1").grid
    assert replays_to_empty(grid, solve(grid))


@pytest.mark.parametrize("seed", [0, 1])
def test_same_seed_same_game(seed):
    first, second = Game(seed), Game(seed)
    assert (first.grid == second.grid).all()
    first.play(first.legal_moves()[0])
    second.play(second.legal_moves()[0])
    assert (first.grid == second.grid).all()
