"""The master's rollouts: many Line 98 games played at once with numpy, by the rules."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_line98_players import position

from gamewidgets.line98 import Game, Move
from gamewidgets.line98.expert import window_sums
from gamewidgets.line98.rollouts import VALUE_SCALE, Draws, Rollouts, compiled_turn, policy_moves, regions

CELLS = 81


def started(games: list[Game], seed: int = 0, stream=None) -> Rollouts:
    """Rollouts from the games as they stand (their previews shown)."""
    boards = np.array([g.board.ravel() for g in games])
    previews = np.full((len(games), 3), CELLS)
    colours = np.zeros((len(games), 3), dtype=np.int8)
    for i, game in enumerate(games):
        for k, p in enumerate(game.previews):
            previews[i, k], colours[i, k] = p.row * 9 + p.col, p.colour
    return Rollouts.start(boards, previews, colours, np.random.default_rng(seed), stream)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**31), st.integers(0, 90))
def test_the_regions_give_the_rules_legal_moves(seed, moves):
    """A ball may go to the free cells of the regions next to it: every free cell labelled
    with its region (the smallest cell of it), a ball with 81."""
    game = position(seed, moves)
    label = regions(game.board.ravel()[None].astype(np.int8))[0].tolist()
    moves_found = set()
    for source in range(CELLS):
        if game.board.ravel()[source]:
            r, c = divmod(source, 9)
            near = {label[rr * 9 + cc] for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                    if 0 <= rr < 9 and 0 <= cc < 9} - {CELLS}
            moves_found |= {(source, t) for t in range(CELLS) if label[t] in near}
    assert moves_found == set(map(tuple, game.legal_move_array().tolist()))
    assert all((label[t] == CELLS) == bool(game.board.ravel()[t]) for t in range(CELLS))


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 2**31), st.integers(0, 90)), min_size=1, max_size=6), st.integers(0, 99))
def test_a_turn_of_every_board_is_the_rules_turn(positions, seed):
    """The policy picks a legal move on every board; the board after the turn is the one
    the rules make of that move with those previews (a displaced preview aside, whose
    new cell the rollouts draw), and so is the score."""
    games = [position(s, m) for s, m in positions]
    rollouts = started(games, seed)
    noise = Draws.draw(np.random.default_rng(seed), len(games)).noise  # the step's draw
    source, target = policy_moves(rollouts.boards.copy(), rollouts.sums.copy(), rollouts.previews, rollouts.colours,
                                  noise)
    rollouts.step(compiled=False)  # the same draws: the same moves
    for i, game in enumerate(games):
        move = Move(divmod(int(source[i]), 9), divmod(int(target[i]), 9))
        assert game.is_legal(move)
        displaced = game.preview_at(move.target) is not None
        result = game.play(move)
        assert rollouts.points[i] == result.points
        assert rollouts.moves[i] == 1
        assert bool(rollouts.alive[i]) == (not game.is_over)
        if not displaced:
            assert rollouts.boards[i].tolist() == game.board.ravel().tolist()
        else:  # the same board but for where the displaced preview came in (when it came in)
            differ = np.flatnonzero(rollouts.boards[i] != game.board.ravel())
            assert len(differ) <= 2 * 3
        if not game.is_over:  # as many previews as the game's, on distinct free cells (its own draw, not the game's)
            cells = [int(c) for c in rollouts.previews[i] if c < CELLS]
            assert len(set(cells)) == len(cells) == len(game.previews)
            assert all(rollouts.boards[i][c] == 0 for c in cells)
            assert all(1 <= k <= 7 for k in rollouts.colours[i][: len(cells)])


def test_a_board_plays_on_to_its_end_by_the_rules():
    """Many turns of a few boards: every board stays a Line 98 board (no line of five
    left standing), dead boards are full and stop, and the same generator seed makes the
    same games."""
    games = [Game(seed) for seed in range(8)]
    runs = []
    for _ in range(2):
        rollouts = started(games, 5)
        for _ in range(400):
            rollouts.step()
            if not rollouts.alive.any():
                break
        runs.append(rollouts)
        assert (rollouts.sums == window_sums(rollouts.boards)).all()  # kept up to date, move by move
        for i in range(len(games)):
            board = Game.from_board(rollouts.boards[i].reshape(9, 9), [])
            assert not board.lines_through(board.balls())
            assert rollouts.alive[i] == (rollouts.boards[i] == 0).any()
    assert not runs[0].alive.any()  # the policy alone dies within 400 moves
    assert runs[0].moves.tolist() == runs[1].moves.tolist()
    assert runs[0].points.tolist() == runs[1].points.tolist()
    assert (runs[0].points > 0).all()


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**31), st.integers(0, 60))
def test_the_policy_values_its_shortlist_as_the_expert_values_a_move(seed, moves):
    """The rollout policy's full valuation of a move is the expert's one-move value."""
    from gamewidgets.line98.expert import ExpertPlayer, turns
    from gamewidgets.line98.rollouts import _turn_values

    game = position(seed, moves)
    rollouts = started([game])
    pairs = game.legal_move_array()
    expert = ExpertPlayer()
    previews = [(p.row * 9 + p.col, p.colour) for p in game.previews]
    _, expected = expert._leaf(turns(game.board.ravel().astype(np.int8), previews, pairs[:, 0], pairs[:, 1]))
    values = _turn_values(rollouts.boards, rollouts.sums, rollouts.previews, rollouts.colours,
                          pairs[None, :, 0], pairs[None, :, 1])[0]
    assert np.allclose(values / VALUE_SCALE, expected)


def test_boards_of_one_stream_meet_the_same_spawns():
    """Common random numbers: the same position rolled out on one stream twice plays the
    same game; on two streams, two games."""
    game = Game(3)
    same = started([game, game], 7, stream=[0, 0])
    apart = started([game, game], 7, stream=[0, 1])
    for _ in range(30):
        same.step()
        apart.step()
    assert same.boards[0].tolist() == same.boards[1].tolist() and same.points[0] == same.points[1]
    assert apart.boards[0].tolist() != apart.boards[1].tolist()


@settings(max_examples=12, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 2**31), st.integers(0, 60)), min_size=1, max_size=12), st.integers(0, 99),
       st.lists(st.integers(0, 3), min_size=1, max_size=12))
def test_the_compiled_turn_is_the_numpy_turn(positions, seed, streams):
    """Rolled out by the compiled turn or by numpy, the same boards meet the same spawns
    and play the same moves: every array is the same after every turn, to the end."""
    compiled_turn(required=True)  # numba is in the test extra: this never skips
    games = [position(s, m) for s, m in positions]
    stream = (streams * len(games))[: len(games)]
    by_numpy, compiled = started(games, seed, stream), started(games, seed, stream)
    for _ in range(3000):
        by_numpy.step(compiled=False)
        compiled.step(compiled=True)
        for name in ("boards", "sums", "previews", "colours", "points", "moves", "alive"):
            assert getattr(by_numpy, name).tolist() == getattr(compiled, name).tolist(), name
        if not by_numpy.alive.any():
            break
    assert not by_numpy.alive.any()  # to the end (the policy alone survives about 124 moves)


def test_without_numba_the_rollouts_play_with_numpy(monkeypatch):
    """Where numba is not installed, a turn plays with numpy (the same turn); asking
    for the compiled one says how to install it."""
    from gamewidgets.line98 import rollouts as module

    games = [Game(seed) for seed in range(4)]
    by_numpy = started(games, 2)
    by_numpy.step(compiled=False)
    monkeypatch.setattr(module, "_compiled", lambda: None)
    fallback = started(games, 2)
    fallback.step()
    assert fallback.boards.tolist() == by_numpy.boards.tolist()
    assert fallback.previews.tolist() == by_numpy.previews.tolist()
    with pytest.raises(ImportError, match=r"gamewidgets\[fast\]"):
        fallback.step(compiled=True)
