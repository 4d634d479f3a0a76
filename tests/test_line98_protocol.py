"""Line 98 as a gamewidgets.protocol.Rules, beyond what tests/test_protocol.py checks:
the move texts it reads, every form of a move in every method, refusals that never
raise from why_not, the old names (over, play(source, target), players.PLAYERS), the
outcome's fields and the players' interface."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_line98_widget import PICTURE  # the same position as the widget tests
from test_protocol import assert_refused_in_words

from gamewidgets import line98
from gamewidgets.analysis import Analysis
from gamewidgets.errors import GameOver, IllegalMove
from gamewidgets.line98 import Game, Move, Outcome
from gamewidgets.line98 import players as line98_players

#: a ball that can move: the green on (6, 8) to (3, 4) makes a line of five
FIVE = Move((6, 8), (3, 4))


def position() -> Game:
    return Game.from_text(PICTURE, seed=1)


def full_board() -> Game:
    """A game over from the start: every cell holds a ball (no line checked)."""
    return Game.from_board([[(r * 3 + c) % 7 + 1 for c in range(9)] for r in range(9)], [])


# ------------------------------------------------------------------ move texts
@pytest.mark.parametrize(
    "text",
    [
        "(6, 8)->(3, 4)",  # str(move)
        "(6,8)->(3,4)",
        "  ( 6 , 8 ) -> ( 3 , 4 )  ",
        "6,8->3,4",
        "6,8 -> 3,4",
        "[6, 8] -> [3, 4]",
        "(6, 8) → (3, 4)",
        "6,8-3,4",
        "6 8 3 4",
        "(6, 8) (3, 4)",
        "6,8 3,4",
    ],
)
def test_the_plain_forms_of_a_move_text_are_read(text):
    assert Move.parse(text) == FIVE
    assert position().parse_move(text) == FIVE


@pytest.mark.parametrize(
    "text,reason",
    [
        ("", "is not a move"),
        ("(6, 8)", "is not a move"),
        ("68-34", "is not a move"),
        ("6,83,4", "is not a move"),
        ("(6, 8)->(3, 4)->(2, 2)", "is not a move"),
        ("(6, 8)->(3, 4) please", "is not a move"),
        ("b1-b3", "is not a move"),
        ("(٦, 8)->(3, 4)", "is not a move"),  # digits in other scripts are not read
        ("(6, 8)->(3, " + "4" * 5000 + ")", "is not a move"),
        ("(9, 8)->(3, 4)", "off the board"),
        ("(6, -1)->(3, 4)", "off the board"),
        ("(6, 8)->(3, 9)", "off the board"),
    ],
)
def test_text_that_is_no_move_is_refused_by_every_method(text, reason):
    game = position()
    before = game.to_dict()
    with pytest.raises(IllegalMove, match=reason):
        Move.parse(text)
    with pytest.raises(IllegalMove, match=reason):
        game.parse_move(text)
    with pytest.raises(IllegalMove, match=reason):
        game.play(text)
    assert reason in game.why_not(text) and not game.is_legal(text)
    assert game.to_dict() == before


def test_parse_move_is_the_legal_move_written_so_and_says_why_not():
    game = position()
    assert game.parse_move("(6, 8)->(3, 4)") == FIVE
    with pytest.raises(IllegalMove, match=r"\(0, 0\) already holds a ball"):
        game.parse_move("(6, 8)->(0, 0)")
    with pytest.raises(IllegalMove, match="no ball on"):
        game.parse_move("(5, 5)->(3, 4)")
    # Move.parse only reads the text: the move need not be legal here
    assert Move.parse("(5, 5)->(3, 4)") == Move((5, 5), (3, 4))
    with pytest.raises(IllegalMove, match="is not a move"):
        Move.parse(42)  # type: ignore[arg-type]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), pick=st.integers(0, 10**6))
def test_every_legal_move_round_trips_through_its_text_and_dict(seed, pick):
    game = Game(seed)
    legal = game.legal_moves()
    move = legal[pick % len(legal)]
    assert Move.parse(str(move)) == move and game.parse_move(str(move)) == move
    assert Move.from_dict(move.to_dict()) == move and game.parse_move(move.to_dict()) == move


# ------------------------------------------------------------ forms of a move
@pytest.mark.parametrize("form", [FIVE, str(FIVE), FIVE.to_dict(), {"from": (6, 8), "to": (3, 4)}])
def test_play_push_is_legal_and_why_not_take_a_move_its_text_or_its_dict(form):
    for method in ("play", "push"):
        game = position()
        assert game.is_legal(form) and game.why_not(form) is None
        result = getattr(game, method)(form)
        assert result.move == FIVE and result.points == 10 and game.moves == [FIVE]


def test_play_source_target_still_works_in_every_method():
    game = position()
    assert game.is_legal((6, 8), (3, 4)) and game.why_not((6, 8), (3, 4)) is None
    assert "no path" in game.why_not((0, 0), (5, 5))
    assert game.play((6, 8), (3, 4)).move == FIVE
    with pytest.raises(IllegalMove, match="not both"):
        position().play(FIVE, (3, 4))
    with pytest.raises(IllegalMove, match="not both"):
        position().play(str(FIVE), (3, 4))


@pytest.mark.parametrize(
    "value",
    [None, 42, 4.5, math.nan, (6, 8), [(6, 8), (3, 4)], {}, {"from": [6, 8]}, {"from": [6, 8], "to": "b1"},
     {"from": [6, 8], "to": [math.inf, 1]}, {"from": [6, 8], "to": [2**70, 1]}, {"from": True, "to": [3, 4]},
     b"(6, 8)->(3, 4)"],
)
def test_values_that_are_no_move_are_illegal_moves_never_other_errors(value):
    assert_refused_in_words(position(), value)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.sampled_from(["from", "to", "x"]), inner, max_size=3),
    max_leaves=12,
)
TEXT = st.text(alphabet="0123456789 ,()[]->→-x", max_size=24)


@settings(max_examples=300, deadline=None)
@given(value=JSON | TEXT)
def test_why_not_never_raises_and_agrees_with_is_legal_and_play(value):
    game = position()
    before = game.to_dict()
    reason = game.why_not(value)
    assert reason is None or (isinstance(reason, str) and reason)
    assert game.is_legal(value) == (reason is None)
    if reason is None:
        assert game.parse_move(value) in game.legal_moves()
        game.play(value)
    else:
        with pytest.raises(IllegalMove) as refused:
            game.play(value)
        assert str(refused.value) == reason
        assert game.to_dict() == before


# ------------------------------------------------------ end, turn and outcome
def test_is_over_with_over_kept_as_its_old_name():
    game = position()
    assert game.is_over is False and game.over is False
    done = full_board()
    assert done.is_over is True and done.over is True
    with pytest.raises(AttributeError):
        done.is_over = False  # type: ignore[misc]


def test_turn_is_always_zero_also_after_the_end():
    game = position()
    assert game.turn == 0
    game.play(FIVE)
    assert game.turn == 0
    assert full_board().turn == 0


def test_outcome_has_no_winner_the_reason_and_the_score():
    assert position().outcome() is None
    done = Game.from_board([[(r * 3 + c) % 7 + 1 for c in range(9)] for r in range(9)], [], score=123)
    outcome = done.outcome()
    assert isinstance(outcome, Outcome)
    assert outcome.winner is None and outcome.reason == "board full"
    assert outcome.score == 123 and outcome.moves == 0
    assert str(outcome) == "board full: 123 points in 0 moves"
    assert Outcome(5, 2) == Outcome(5, 2, "board full")  # the old positional form


def test_after_the_end_every_move_is_refused_as_game_over():
    done = full_board()
    assert done.legal_moves() == [] and "game is over" in done.why_not(FIVE)
    for form in (FIVE, str(FIVE), FIVE.to_dict()):
        assert not done.is_legal(form)
        with pytest.raises(GameOver):
            done.play(form)
        with pytest.raises(GameOver):
            done.parse_move(form)


def test_pop_is_undo_one_step_returning_the_move():
    game = position()
    game.push(FIVE)
    assert game.pop() == FIVE and game.moves == []
    game.play(FIVE)
    assert game.undo() == FIVE


# ------------------------------------------------------------------- players
def test_players_are_exported_by_the_game_module():
    assert line98.PLAYERS is line98_players.PLAYERS
    assert set(line98.PLAYERS) == {"random", "clear-first", "build", "greedy-long", "expert", "master"}
    assert {"Game", "Move", "Outcome", "PLAYERS"} <= set(line98.__all__)


@pytest.mark.parametrize("name", sorted(line98_players.PLAYERS))
def test_every_player_is_made_with_keywords_and_chooses_and_analyses_a_game(name):
    cls = line98.PLAYERS[name]
    with pytest.raises(TypeError):
        cls(3)  # keyword options only
    game = Game(5)
    player = cls(seed=3)
    move = player.choose(game)
    assert isinstance(move, Move) and game.is_legal(move)
    analysis = cls(seed=3).analyse(game)
    assert isinstance(analysis, Analysis) and analysis.move == move and analysis.player == name
    assert {c.move for c in analysis.candidates} == set(game.legal_moves())
    assert cls().choose(game) in game.legal_moves()  # seed is optional


def test_play_game_plays_to_the_end():
    game = line98_players.play_game(line98.PLAYERS["clear-first"](seed=2), 2)
    assert game.is_over and game.outcome().reason == "board full"
    assert np.count_nonzero(game.board) == 81
