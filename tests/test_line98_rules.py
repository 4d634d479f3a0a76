"""Each rule of shared/spec/line98.md, on hand-made positions."""

from itertools import pairwise

import numpy as np
import pytest

from gamewidgets.errors import BadSave, GameOver, IllegalMove, NothingToUndo
from gamewidgets.line98 import COLOURS, Game, Move, points

EMPTY = "\n".join(["." * 9] * 9)


def board(*rows: str) -> str:
    """Top rows as given, the rest of the 9 rows empty."""
    return "\n".join([*rows, *["." * 9] * (9 - len(rows))])


def balls(game: Game) -> int:
    return int(np.count_nonzero(game.board))


# ---------------------------------------------------------------- board and balls
def test_new_game_has_5_balls_and_3_previews_on_empty_distinct_cells():
    for seed in range(50):
        game = Game(seed)
        assert game.board.shape == (9, 9)
        assert balls(game) == 5
        assert set(np.unique(game.board)) <= set(range(8))
        assert len(game.previews) == 3
        cells = [p.cell for p in game.previews]
        assert len(set(cells)) == 3
        assert all(game.board[c] == 0 for c in cells)
        assert all(1 <= p.colour <= 7 for p in game.previews)


def test_seven_colours_all_appear():
    seen = set()
    for seed in range(30):
        seen |= set(np.unique(Game(seed).board)) - {0}
    assert seen == set(range(1, 8))
    assert COLOURS == ("red", "green", "blue", "yellow", "pink", "cyan", "white")


def test_same_seed_same_game_and_different_seeds_differ():
    assert (Game(7).board == Game(7).board).all() and Game(7).previews == Game(7).previews
    assert any((Game(7).board != Game(s).board).any() for s in range(8, 12))


# ---------------------------------------------------------------------- paths
def test_path_goes_round_walls_orthogonally():
    game = Game.from_text(board(
        "G.B......",
        "BBB......",
    ))
    # blue balls wall in (0,0) and (0,1): the green ball reaches only (0,1)
    assert game.reachable((0, 0)) == {(0, 1)}
    with pytest.raises(IllegalMove, match="no path"):
        game.play((0, 0), (5, 5))
    # never diagonally, never over a ball
    game2 = Game.from_text(board(
        "GB.......",
        "B........",
    ))
    assert game2.reachable((0, 0)) == set()
    assert game2.path((0, 0), (1, 1)) is None


def test_open_path_moves_the_ball_along_a_shortest_route():
    game = Game.from_text(board(
        "R.B......",
        "..B......",
        "..B......",
    ))
    result = game.play((0, 0), (0, 3))
    assert result.path[0] == (0, 0) and result.path[-1] == (0, 3)
    assert len(result.path) == 10  # down 3, across 3, up 3 round the wall of blues: 9 steps
    for (r1, c1), (r2, c2) in pairwise(result.path):
        assert abs(r1 - r2) + abs(c1 - c2) == 1
    assert game.board[0, 3] == 1 and game.board[0, 0] == 0


def test_preview_cells_count_as_empty_for_passing_and_stopping():
    game = Game.from_text(board(
        "Rg.......",
        "B........",
    ), seed=1)
    # the only way out of (0,0) is through the preview on (0,1)
    assert (0, 5) in game.reachable((0, 0))
    result = game.play((0, 0), (0, 5))
    assert (0, 1) in result.path


# ------------------------------------------------------------------ bad moves
@pytest.mark.parametrize(
    "source,target,reason",
    [
        ((4, 4), (5, 5), "no ball on"),
        ((0, 0), (0, 1), "already holds a ball"),
        ((0, 0), (9, 0), "off the board"),
        ((-1, 0), (3, 3), "off the board"),
        ((0, 0), "a1", "not a \\(row, col\\) pair"),
        ((0, 0), (0, 0), "already holds a ball"),
    ],
)
def test_illegal_moves_raise_and_change_nothing(source, target, reason):
    game = Game.from_text(board("RB......."), seed=2)
    before = game.to_dict()
    with pytest.raises(IllegalMove, match=reason):
        game.play(source, target)
    assert game.to_dict() == before


def test_illegal_move_is_a_value_error_and_keeps_rng():
    game = Game.from_text(board("RB.......", "BB......."))
    state = game.rng.bit_generator.state
    with pytest.raises(ValueError):
        game.play((0, 0), (5, 5))
    assert game.rng.bit_generator.state == state


# ------------------------------------------------------------------ clearing
@pytest.mark.parametrize(
    "picture,move,cleared",
    [
        # horizontal
        (board("RRRR.....", "....R...."), ((1, 4), (0, 4)), 5),
        # vertical
        (board("Y........", "Y........", "Y........", "Y........", ".........", "........Y"), ((5, 8), (4, 0)), 5),
        # diagonal down-right
        (board("G........", ".G.......", "..G......", "...G.....", ".........", ".......G."), ((5, 7), (4, 4)), 5),
        # diagonal down-left
        (board("....C....", "...C.....", "..C......", ".C.......", ".........", "........C"), ((5, 8), (4, 0)), 5),
        # a line of 6
        (board("WWW.WW...", "...W....."), ((1, 3), (0, 3)), 6),
    ],
)
def test_lines_of_five_or_more_clear_in_four_directions(picture, move, cleared):
    picture = picture[: -9] + "B.......b"  # another ball stays on the board, and a preview
    game = Game.from_text(picture)
    before_balls = balls(game)
    before_previews = game.previews
    result = game.play(*move)
    assert len(result.cleared) == cleared
    assert result.points == points(cleared)
    assert game.score == points(cleared)
    assert result.spawned == ()  # a move that clears spawns nothing
    assert balls(game) == before_balls - cleared
    assert game.previews == before_previews


def test_four_in_a_row_does_not_clear_and_other_colours_break_lines():
    game = Game.from_text(board("RRRB....g", "....R...g", "R.......g"))
    result = game.play((2, 0), (0, 4))  # R R R B R: no five
    assert result.cleared == ()
    assert game.board[0, 4] == 1 and game.score == 0
    assert len(result.spawned) == 3  # three greens in a column: only three


def test_scoring_table():
    assert [points(n) for n in range(5, 10)] == [10, 12, 18, 28, 42]
    assert points(4) == 0


def test_two_crossing_lines_pool_into_one_clear_of_9_scoring_42():
    game = Game.from_text(board(
        "....R....",
        "....R....",
        "RRRR.....",
        "....R....",
        "....R....",
        ".........",
        "........R",
        ".........",
        "G.......c",
    ))
    result = game.play((6, 8), (2, 4))
    assert len(result.cleared) == 9  # the crossing cell counts once
    assert result.points == 42 and game.score == 42
    assert result.spawned == () and balls(game) == 1


def test_clear_that_empties_the_board_brings_the_previews_in():
    game = Game.from_text(board("RRRR....b", "....R...g", "........y"), seed=4)
    result = game.play((1, 4), (0, 4))
    assert len(result.cleared) >= 5
    assert {(r, c) for r, c, _ in result.spawned} == {(0, 8), (1, 8), (2, 8)}
    assert balls(game) == 3
    assert len(game.previews) == 3


# ------------------------------------------------------------------ spawning
def test_non_clearing_move_spawns_the_previews_and_draws_three_new():
    game = Game(11)
    previews = game.previews
    # pick a move that does not land on a preview
    move = next(m for m in game.legal_moves() if game.preview_at(m.target) is None)
    result = game.play(move)
    assert not result.cleared
    assert [(p.row, p.col, p.colour) for p in previews] == list(result.spawned)
    for r, c, colour in result.spawned:
        assert game.board[r, c] == colour
    assert balls(game) == 5 + 3
    assert len(game.previews) == 3
    assert all(game.board[p.cell] == 0 for p in game.previews)


def test_spawned_ball_completing_a_line_clears_and_scores():
    # the blue preview at (0,4) completes a line of five when it comes in
    game = Game.from_text(board(
        "BBBBb....",
        ".........",
        "G........",
    ), seed=9)
    result = game.play((2, 0), (8, 8))
    assert sorted((r, c) for r, c, _ in result.cleared) == [(0, i) for i in range(5)]
    assert result.points == 10 and game.score == 10
    assert game.board[0, :5].sum() == 0


def test_ball_stopping_on_a_preview_displaces_it_keeping_its_colour():
    game = Game.from_text(board("R...y....", "B........", ".B......."), seed=3)
    result = game.play((0, 0), (0, 4))
    assert result.displaced is not None
    old, new = result.displaced
    assert old == (0, 4) and new != (0, 4)
    # the displaced preview then spawned (the move cleared nothing) with its colour
    assert (new[0], new[1], 4) in result.spawned
    assert game.board[0, 4] == 1


def test_displaced_preview_goes_to_a_cell_with_no_ball_and_no_preview():
    for seed in range(40):
        game = Game(seed)
        move = next((m for m in game.legal_moves() if game.preview_at(m.target)), None)
        if move is None:
            continue
        others = {p.cell for p in game.previews} - {move.target}
        balls_before = set(game.balls()) - {move.source}
        result = game.play(move)
        _, new = result.displaced
        assert new not in others and new not in balls_before and new != move.target


def full_board_without_lines() -> np.ndarray:
    """Neighbours in every direction differ in colour, so no line anywhere."""
    return np.array([[(r + 2 * c) % 7 + 1 for c in range(9)] for r in range(9)])


def test_spawn_as_many_as_fit_then_game_over_when_full():
    picture = full_board_without_lines()
    game = Game.from_board(picture)
    assert not game.lines_through(game.balls()) and game.is_over  # full from the start
    empties = [(8, 4), (8, 5), (8, 6), (8, 7), (8, 8)]
    for cell in empties:
        picture[cell] = 0
    previews = [(8, 4, 2), (8, 5, 4), (8, 6, 6)]
    game = Game.from_board(picture, previews)
    assert not game.is_over
    result = game.play((7, 8), (8, 8))  # 5 empty cells; after the move and spawn: 2
    assert not result.cleared and len(result.spawned) == 3
    assert len(game.empty_cells()) == 2
    assert len(game.previews) == 2  # only as many previews as fit
    assert not game.is_over
    # both empty cells hold previews: the ball displaces one into the cell it leaves
    result = game.play(game.legal_moves()[0])
    assert not result.cleared and len(result.spawned) == 2
    assert game.is_over and game.outcome().score == game.score
    assert game.previews == () and game.legal_moves() == []
    with pytest.raises(GameOver):
        game.play((0, 0), (8, 8))


# ---------------------------------------------------------------------- undo
def test_undo_restores_everything_and_repeating_gives_the_same_spawns():
    game = Game(21)
    before = game.to_dict()
    move = game.legal_moves()[3]
    first = game.play(move)
    game.undo()
    after_undo = game.to_dict()
    assert after_undo["position"] == before["position"]
    assert after_undo["moves"] == before["moves"]
    second = game.play(move)
    assert first == second


def test_undo_is_one_step():
    game = Game(2)
    with pytest.raises(NothingToUndo):
        game.undo()
    game.play(game.legal_moves()[0])
    game.play(game.legal_moves()[0])
    game.undo()
    with pytest.raises(NothingToUndo):
        game.undo()
    assert len(game.moves) == 1


def test_undo_after_game_over():
    rng = np.random.default_rng(0)
    game = Game(5)
    while not game.is_over:
        moves = game.legal_moves()
        game.play(moves[int(rng.integers(len(moves)))])
    final = game.to_dict()
    game.undo()
    assert not game.is_over and game.outcome() is None
    assert game.legal_moves()
    assert game.to_dict() != final


# ------------------------------------------------------------- serialisation
def test_to_dict_round_trip_keeps_history_and_undo():
    game = Game(8)
    for _ in range(4):
        game.play(game.legal_moves()[-1])
    copy = Game.from_dict(game.to_dict())
    assert copy.to_dict() == game.to_dict()
    assert copy.states() == game.states()
    copy.undo()
    game.undo()
    assert copy.to_dict() == game.to_dict()
    move = game.legal_moves()[2]
    assert copy.play(move) == game.play(move)


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: d.update(game="chess"),
        lambda d: d["position"].update(board=[[0] * 9] * 8),
        lambda d: d["position"].update(board=[[9] * 9] * 9),
        lambda d: d["position"].update(previews=[[0, 0, 1], [0, 0, 2]]),
        lambda d: d["position"].update(rng={"bit_generator": "nonsense"}),
        lambda d: d.pop("moves"),
        lambda d: d.update(history=[]),
    ],
)
def test_damaged_saves_raise_bad_save(damage):
    game = Game(3)
    game.play(game.legal_moves()[0])
    data = game.to_dict()
    damage(data)
    with pytest.raises(BadSave):
        Game.from_dict(data)


def test_text_round_trip_and_repr():
    game = Game(4)
    again = Game.from_text(str(game))
    assert (again.board == game.board).all()
    assert {p.cell for p in again.previews} == {p.cell for p in game.previews}
    assert "score=0" in repr(game) and "seed=4" in repr(game)
    with pytest.raises(ValueError, match="9 lines of 9"):
        Game.from_text("RR\nGG")
    with pytest.raises(ValueError, match="unknown cell"):
        Game.from_text(board("X........"))


def test_move_is_a_small_frozen_value():
    move = Move((1, 2), (3, 4))
    assert move == Move([1, 2], (3, 4))
    assert Move.from_dict(move.to_dict()) == move
    with pytest.raises(AttributeError):
        move.source = (0, 0)
