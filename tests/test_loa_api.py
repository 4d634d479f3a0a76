"""Lines of Action speaks the one rules interface (gamewidgets.protocol) in its own
terms: cells as ``(row, col)`` and board names, moves as text and dicts, ``is_legal`` /
``why_not`` that never raise, the outcome's score, ``PLAYERS``; and the old forms
(cell indices, the two-argument calls, ``LEVELS``) still accepted.
tests/test_protocol.py checks what is the same in all four games."""

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_loa_widget import NEAR_WIN  # x to move: c4-c3 joins a1-b2-c3-c4, a win

from gamewidgets import loa
from gamewidgets.analysis import Analysis
from gamewidgets.errors import GameOver, IllegalMove
from gamewidgets.loa import FIRST, PLAYERS, SECOND, Game, Move, Outcome, cell_index
from gamewidgets.loa.ai import LEVELS, Easy, Hard, Insane, Medium


# ------------------------------------------------------------ cells and moves
def test_a_move_shows_its_cells_as_row_col_pairs():
    move = Move("b1", "b3", size=6)
    assert move.src == (5, 1) and move.dst == (3, 1) and move.size == 6 and not move.capture
    assert repr(move) == "Move(src=(5, 1), dst=(3, 1), capture=False, size=6)"
    assert str(move) == "b1-b3"
    assert Move((5, 1), (3, 1), size=6) == move == Move([5, 1], [3.0, 1], size=6)
    assert type(move.src[0]) is int and type(move.dst[0]) is int


def test_the_old_forms_of_a_move_are_still_accepted():
    move = Move("b1", "b3", size=6)
    assert Move(31, 19, size=6) == move  # a cell index, row * size + col
    assert move.src_cell == move.src and move.dst_cell == move.dst
    assert move.indices == (31, 19)  # the form of move_list() and make()


@pytest.mark.parametrize("size", loa.SIZES)
def test_every_legal_move_has_cells_on_the_board_and_its_indices(size):
    game = Game(size)
    for move in game.legal_moves():
        for (row, col), index in zip((move.src, move.dst), move.indices, strict=True):
            assert 0 <= row < size and 0 <= col < size and index == row * size + col
        assert game[move.src] == FIRST and move.size == size
    assert sorted(game.move_list()) == [m.indices for m in game.legal_moves()]


def test_a_move_dict_is_plain_json_and_round_trips():
    move = Game.from_text(NEAR_WIN).parse_move("c4-e4")
    data = move.to_dict()
    assert data == {"src": [2, 2], "dst": [2, 4], "capture": True, "size": 6}
    assert json.loads(json.dumps(data)) == data
    again = Move.from_dict(data)
    assert again == move and again.capture and str(again) == "c4xe4"
    assert Move.from_dict({"src": "c4", "dst": "e4", "size": 6}) == move  # names too; capture optional


@pytest.mark.parametrize("data, reason", [
    ([2, 2], "a move's dict is"),
    ({"src": [2, 2], "dst": [2, 4]}, "a move's dict is"),
    ({"src": [2, 2], "size": 6}, "a move's dict is"),
    ({"src": [2, 2], "dst": [2, 4], "size": 9}, "size must be one of"),
    ({"src": [2, 2], "dst": [2, 4], "size": True}, "size must be one of"),
    ({"src": [2, 2], "dst": [9, 4], "size": 6}, "off the board"),
    ({"src": [2, 2], "dst": [2, 4], "size": 6, "capture": "yes"}, "capture"),
    ({"src": [float("inf"), 2], "dst": [2, 4], "size": 6}, "integer"),
])
def test_a_dict_that_is_no_move_is_refused_with_the_reason(data, reason):
    with pytest.raises(IllegalMove, match=reason):
        Move.from_dict(data)


def test_a_whole_float_or_numpy_size_is_an_int():
    for size in (6.0, np.int64(6)):
        move = Move.from_dict({"src": [5, 1], "dst": [3, 1], "size": size})
        assert type(move.size) is int and str(move) == "b1-b3"


def test_game_cells_are_row_col_pairs():
    game = Game(6)
    assert game.cell("b1") == (5, 1) == game.cell((5, 1)) == game.cell(31)
    assert game.cells(FIRST)[:2] == [(0, 1), (0, 2)] and len(game.cells(SECOND)) == 8
    assert game["b1"] == game[(5, 1)] == game[31] == FIRST and game[(0, 0)] is None
    assert cell_index("b1", 6) == 31  # the engine's index, for the fast interface
    assert {m.dst for m in game.targets("b1")} == {m.dst for m in game.targets((5, 1))}


# --------------------------------------------------------- play, why_not, is_legal
def test_play_is_legal_and_why_not_take_a_move_its_text_or_its_dict():
    for form in (Move("b1", "b3", size=6), "b1-b3", {"src": [5, 1], "dst": [3, 1], "size": 6},
                 {"src": [5, 1], "dst": [3, 1]}, {"src": "b1", "dst": "b3"}):
        game = Game(6)
        assert game.is_legal(form) and game.why_not(form) is None, form
        assert game.parse_move(form) == Move("b1", "b3", size=6)
        played = game.play(form)
        assert str(played) == "b1-b3" and game.moves == [played]


def test_the_two_argument_forms_still_work():
    game = Game(6)
    assert game.why_not("b1", "b3") is None and game.is_legal((5, 1), (3, 1)) and game.is_legal(31, 19)
    assert "exactly" in game.why_not("b1", "b2")
    assert str(game.play((5, 1), (3, 1))) == "b1-b3"


def test_the_capture_mark_comes_from_the_board():
    game = Game.from_text(NEAR_WIN)
    for text in ("c4-e4", "c4xe4", "c4:e4"):
        assert game.is_legal(text) and str(game.parse_move(text)) == "c4xe4"
    quiet = {"src": [2, 2], "dst": [3, 2], "capture": True}  # c4-c3 marked a capture
    assert game.parse_move(quiet).capture is False


@pytest.mark.parametrize("form, reason", [
    ("b1-b2", "exactly 2 cells along its column"),
    ("a2-b3", "belongs to second"),
    ("c3-c4", "no piece on c3"),
    ("b1-b3-b5", "not a move like b1-b3"),
    ("b1-g1", "off the 6×6 board"),
    ({"src": [5, 1], "dst": [3, 1], "size": 8}, "8×8 board; this one is 6×6"),
    (Move("b1", "b3", size=8), "8×8 board"),
    ({"from": [5, 1], "to": [3, 1]}, "a move's dict is"),
    ({"src": [5, 1], "dst": [3, 99]}, "off the board"),
    (None, "give a Move"),
    (31, "give a Move"),
    ([[5, 1], [3, 1]], "give a Move"),
])
def test_what_is_no_legal_move_gets_a_reason_and_raises_in_play(form, reason):
    game = Game(6)
    before = game.to_dict()
    assert game.is_legal(form) is False
    assert reason in game.why_not(form)
    with pytest.raises(IllegalMove, match=reason):
        game.play(form)
    with pytest.raises(IllegalMove, match=reason):
        game.parse_move(form)
    assert game.to_dict() == before


def test_after_the_end_every_move_is_game_over():
    game = Game.from_text(NEAR_WIN)
    game.play("c4-c3")
    assert game.is_over and "the game is over" in game.why_not("f2-f3")
    assert not game.is_legal({"src": "f2", "dst": "f3"})
    with pytest.raises(GameOver):
        game.play({"src": "f2", "dst": "f3"})


hostile = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(["src", "dst", "size", "capture"]),
                                                                 inner, max_size=4),
    max_leaves=8,
)


@settings(max_examples=300, deadline=None)
@given(hostile)
def test_for_every_value_why_not_says_why_and_play_raises_illegal_move(value):
    game = Game(6)
    reason = game.why_not(value)
    assert reason is None or (isinstance(reason, str) and reason)
    assert game.is_legal(value) == (reason is None)
    if reason is None:
        assert game.play(value) in game.legal_moves() or game.is_over
    else:
        with pytest.raises(IllegalMove):
            game.play(value)
        assert game.ply == 0


@settings(max_examples=200, deadline=None)
@given(hostile, hostile)
def test_for_every_pair_of_values_the_two_argument_forms_never_crash(src, dst):
    game = Game(7)
    reason = game.why_not(src, dst)
    assert reason is None or (isinstance(reason, str) and reason)
    assert game.is_legal(src, dst) == (reason is None)


# ------------------------------------------------------------------- outcome
def test_the_outcome_score_is_one_for_a_win_and_zero_for_a_draw():
    assert Outcome(FIRST, "connected").score == 1 == Outcome(SECOND, "no-moves").score
    assert Outcome(None, "move-limit").score == 0
    game = Game.from_text(NEAR_WIN)
    game.play("c4-c3")
    outcome = game.outcome()
    assert (outcome.winner, outcome.reason, outcome.score) == (FIRST, "connected", 1)
    assert Outcome(FIRST, "connected") == outcome  # score is no field: outcomes compare as before


def test_turn_stays_an_int_after_the_end():
    game = Game.from_text(NEAR_WIN)
    game.play("c4-c3")
    assert game.is_over and game.turn == SECOND and type(game.turn) is int


# ------------------------------------------------------------------- players
def test_players_by_name_beside_the_old_levels():
    assert PLAYERS is LEVELS  # the old name is the same registry
    assert list(PLAYERS.items()) == [("easy", Easy), ("medium", Medium), ("hard", Hard), ("insane", Insane)]


@pytest.mark.parametrize("name", list(PLAYERS))
def test_every_player_chooses_and_analyses_a_game_made_with_keywords_only(name):
    game = Game(6)
    player = PLAYERS[name](seed=3, time_limit=None, max_depth=1)
    move = player.choose(game)
    assert isinstance(move, Move) and move in game.legal_moves() and game.ply == 0
    analysis = PLAYERS[name](seed=3, time_limit=None, max_depth=1).analyse(game)
    assert isinstance(analysis, Analysis) and analysis.move == move
    assert {c.move for c in analysis.candidates} == set(game.legal_moves())
    with pytest.raises(TypeError):
        PLAYERS[name](3)  # the seed is a keyword


def test_the_players_moves_show_row_col_cells():
    analysis = PLAYERS["medium"](seed=1, max_depth=1).analyse(Game(6))
    for move in (analysis.move, *analysis.pv, *(c.move for c in analysis.candidates)):
        assert isinstance(move.src, tuple) and isinstance(move.dst, tuple) and move.size == 6
