"""Mahjong Connect as a gamewidgets.protocol.Rules, beyond what tests/test_protocol.py
checks on every game: the forms a move may take (text, dict, a pair of cells, two
cells), what undo returns after a shuffle, the two ends of a game (cleared / no more
moves) and the text of a game read back by ``from_grid``."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamewidgets.errors import BadSave, GameOver, IllegalMove
from gamewidgets.mahjong import Clock, Game, Move, Outcome, Shuffle
from gamewidgets.protocol import Outcome as OutcomeProtocol
from gamewidgets.protocol import Rules


def frozen(text: str, **kwargs) -> Game:
    return Game.from_grid(text, clock=Clock(now=lambda: 0.0), **kwargs)


def state(game: Game) -> dict:
    data = game.to_dict()
    data.pop("seconds")
    return data


# the crossed square: stuck (each pair needs three turns), and a shuffle helps
STUCK = "D1 D2\nD2 D1"

cells = st.tuples(st.integers(-(2**40), 2**40), st.integers(-(2**40), 2**40))


# -------------------------------------------------------------- forms of a move
@settings(max_examples=200, deadline=None)
@given(cells, cells)
def test_a_moves_dict_round_trips_for_every_pair_of_cells(a, b):
    move = Move(a, b)
    assert Move.from_dict(move.to_dict()) == move
    assert move.to_dict() == {"a": list(move.a), "b": list(move.b)}


@settings(max_examples=100, deadline=None)
@given(st.tuples(st.integers(0, 7), st.integers(0, 17)), st.tuples(st.integers(0, 7), st.integers(0, 17)))
def test_a_moves_text_round_trips_for_every_pair_of_cells_on_the_board(a, b):
    game = Game(1, clock=Clock(now=lambda: 0.0))
    move = Move(a, b)
    assert game.parse_move(str(move)) == move


@pytest.mark.parametrize("text", ["(0, 0)+(0, 2)", "(0,2)+(0,0)", " ( 0 , 0 ) + ( 0 , 2 ) ", "0,0+0,2", "0, 2 + 0, 0"])
def test_move_text_with_or_without_brackets_and_spaces(text):
    game = frozen("D1 . D1")
    assert game.parse_move(text) == Move((0, 0), (0, 2))
    assert game.is_legal(text) and game.why_not(text) is None


def test_every_form_of_a_move_plays_the_same_pair():
    forms = [
        Move((0, 0), (0, 2)),
        "(0, 0)+(0, 2)",
        {"a": [0, 0], "b": [0, 2]},
        {"a": [0, 2], "b": [0, 0], "path": [[0, 2], [0, 0]]},  # a `mahjong pairs` entry
        [[0, 0], [0, 2]],  # Move.to_list()
        ((0, 2), (0, 0)),
    ]
    for form in forms:
        game = frozen("D1 . D1 B1 B1")
        assert game.is_legal(form) and game.why_not(form) is None, form
        removal = game.play(form)
        assert removal.move == Move((0, 0), (0, 2)) and game.moves == [Move((0, 0), (0, 2))]
    game = frozen("D1 . D1 B1 B1")
    game.play((0, 0), (0, 2))  # two cells, as before
    game.push(Move((0, 3), (0, 4)).to_list())
    assert game.is_over and game.outcome().reason == "cleared"


@pytest.mark.parametrize(
    "form,why",
    [
        ("(0, 0)+(0, 9)", "off the board"),
        ("(0, 0)+(0, 1)", "no tile on"),
        ("(0, 0)+(0, 0)", "itself"),
        ("(0, 0)+(0, 3)", "does not match"),
        ({"a": [0, 0]}, "'a': \\[row, col\\], 'b'"),
        ({"a": [0, 0], "b": "x"}, "not a \\(row, col\\) pair"),
        ({"a": [0, 0], "b": [0, float("inf")]}, "second tile"),
        ([[0, 0]], "a Move, its text"),
        ((0, 0), "a Move, its text"),
        (None, "a Move, its text"),
        (7, "a Move, its text"),
        ("(0, 0)+(0, 99999999999)", "is no move"),
        ("shuffle", "shuffle\\(\\)"),
        (Shuffle(), "shuffle\\(\\)"),
    ],
)
def test_why_not_says_why_without_raising_and_play_refuses_changing_nothing(form, why):
    game = frozen("D1 . D1 B1")
    before = state(game)
    reason = game.why_not(form)
    assert isinstance(reason, str) and re.search(why, reason), reason
    assert not game.is_legal(form)
    with pytest.raises(IllegalMove, match=why):
        game.play(form)
    assert state(game) == before


def test_parse_move_refuses_what_is_no_move_of_this_board():
    game = frozen("D1 . D1")
    for text in ["", "D1+D1", "(0, 0)", "(0, 0)+(0, 2)+(0, 1)", "(0 0)+(0 2)", "((0, 0)+(0, 2))", "(0, 5)+(0, 0)"]:
        with pytest.raises(IllegalMove):
            game.parse_move(text)
    assert game.parse_move({"a": [0, 0], "b": [0, 2]}) == game.parse_move("(0, 0)+(0, 2)")  # as the others do
    for data in ({"a": [0, 0]}, {"a": [0, 0], "b": [0, 9]}, 3):
        with pytest.raises(IllegalMove):
            game.parse_move(data)


def test_move_from_dict_refuses_what_is_no_move():
    for data in (None, [], "x", {"a": [0, 0]}, {"b": [0, 0]}, {"a": [0], "b": [0, 1]}, {"a": [True, 0], "b": [0, 1]}):
        with pytest.raises(IllegalMove):
            Move.from_dict(data)


# ----------------------------------------------------------- undo, pop, shuffle
def test_undo_and_pop_return_the_pair_and_after_a_shuffle_the_shuffle():
    game = frozen(STUCK, seed=3)
    shuffle = game.shuffle()
    assert shuffle == Shuffle() and str(shuffle) == "shuffle"
    assert Shuffle.from_dict(shuffle.to_dict()) == shuffle
    move = game.legal_moves()[0]
    game.play(move)
    assert game.pop() == move
    assert game.undo() == Shuffle() and game.stuck
    game.shuffle()
    move = game.legal_moves()[0]
    game.push(str(move))
    assert game.undo() == move and game.pop() == Shuffle()


def test_shuffle_from_dict_refuses_other_dicts():
    for data in ({}, {"shuffle": False}, {"a": [0, 0], "b": [0, 1]}, None):
        with pytest.raises(IllegalMove):
            Shuffle.from_dict(data)


# ------------------------------------------------------------ the end of a game
def test_a_stuck_game_is_over_with_no_more_moves_until_a_shuffle():
    game = frozen(STUCK, seed=3, scoring="standard")
    assert game.stuck and game.is_over and not game.won and game.legal_moves() == []
    outcome = game.outcome()
    assert isinstance(outcome, OutcomeProtocol) and isinstance(outcome, Outcome)
    assert (outcome.winner, outcome.reason, outcome.score, outcome.won) == (None, "no more moves", 0, False)
    assert game.turn == 0
    with pytest.raises(GameOver, match=r"no pair can be removed.*needs 3 turns"):
        game.play((0, 0), (1, 1))
    assert game.why_not(((0, 0), (1, 1))) == "joining (0, 0) and (1, 1) needs 3 turns; at most two are allowed"
    game.shuffle()
    assert not game.is_over and game.outcome() is None


def test_a_cleared_game_is_over_and_refuses_every_move_with_game_over():
    game = frozen("D1 D1", scoring="standard")
    game.play("(0, 0)+(0, 1)")
    assert game.is_over and game.won and not game.stuck and game.turn == 0
    outcome = game.outcome()
    assert (outcome.winner, outcome.reason, outcome.score, outcome.won) == (None, "cleared", 10, True)
    assert outcome.seconds == 0
    for form in ("(0, 0)+(0, 1)", {"a": [0, 0], "b": [0, 1]}, "nonsense"):
        assert game.why_not(form)
        with pytest.raises(GameOver):
            game.play(form)


def test_the_old_names_still_work():
    game = Game(2, clock=Clock(now=lambda: 0.0))
    assert isinstance(game, Rules)
    assert not game.won and not game.stuck and game.outcome() is None
    move = game.legal_moves()[0]
    assert move.to_list() == [list(move.a), list(move.b)]
    assert game.why_not(move.a, move.b) is None and game.is_legal(move.a, move.b)
    assert game.play(move.a, move.b).move == move


# ------------------------------------------------------------------ text, saves
def test_from_grid_reads_the_text_of_a_game_status_line_and_all():
    game = Game(4, clock=Clock(now=lambda: 0.0))
    for _ in range(5):
        game.play(game.legal_moves()[len(game.legal_moves()) // 2])
    again = Game.from_grid(str(game))
    assert (again.grid == game.grid).all() and again.tiles_left == 134
    cleared = frozen("D1 D1")
    cleared.play(cleared.legal_moves()[0])
    empty = Game.from_grid(str(cleared), clock=Clock(now=lambda: 0.0))
    assert empty.won and empty.is_over and empty.outcome().reason == "cleared"


def test_from_grid_still_names_a_bad_line():
    with pytest.raises(ValueError, match="unknown tile code '2'"):
        Game.from_grid("D1 D1\n2 tiles left, score 0")


@pytest.mark.parametrize("data", [None, [1], "mahjong", 3])
def test_from_dict_of_something_not_a_save_is_a_bad_save(data):
    with pytest.raises(BadSave, match="not a Mahjong Connect save"):
        Game.from_dict(data)
