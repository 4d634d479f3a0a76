"""The one rules interface (gamewidgets.protocol), checked on all four games alike:
random legal play to the end, text and dict round-trips of every move, undo/pop
returning the move, the outcome's fields, saves, copies and refusals."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamewidgets import domino, line98, loa, mahjong
from gamewidgets.errors import GameOver, IllegalMove, NothingToUndo
from gamewidgets.protocol import Outcome, Rules


def frozen_mahjong(seed: int) -> mahjong.Game:
    return mahjong.Game(seed, clock=mahjong.Clock(now=lambda: 0.0))


#: game name -> (a new game from a seed, how many players, the save's keys that may
#: differ after a round trip through from_dict: a running clock)
GAMES: dict[str, tuple[Callable[[int], Any], int, tuple[str, ...]]] = {
    "line98": (lambda seed: line98.Game(seed), 1, ()),
    "mahjong": (frozen_mahjong, 1, ("seconds",)),
    "loa": (lambda seed: loa.Game(6 if seed % 2 else 8), 2, ()),
    "domino": (lambda seed: domino.Game(seed), 2, ()),
}
MODULES = {"line98": line98, "mahjong": mahjong, "loa": loa, "domino": domino}
#: at most this many moves of random play (Lines of Action may go on for long)
MOVE_CAP = 400


def saved(name: str, game: Any) -> dict[str, Any]:
    data = game.to_dict()
    for key in GAMES[name][2]:
        data.pop(key, None)
    return data


def assert_refused_in_words(game: Any, thing: Any) -> None:
    """``thing`` is no move of ``game``: why_not says why (without raising), is_legal is
    False, play and parse_move raise IllegalMove, and the game is unchanged."""
    before = game.to_dict()
    reason = game.why_not(thing)
    assert isinstance(reason, str) and reason
    assert not game.is_legal(thing)
    with pytest.raises(IllegalMove):
        game.play(thing)
    with pytest.raises(IllegalMove):
        game.parse_move(thing)
    assert game.to_dict() == before


def every_form(move: Any) -> list[Any]:
    return [move, str(move), move.to_dict()]


@pytest.mark.parametrize("name", GAMES)
def test_each_game_is_rules_and_its_module_exports_the_names(name):
    game = GAMES[name][0](1)
    assert isinstance(game, Rules)
    module = MODULES[name]
    for exported in ("Game", "Move", "Outcome"):
        assert hasattr(module, exported), f"gamewidgets.{name}.{exported}"
    assert game.turn in range(GAMES[name][1]) and not game.is_over and game.outcome() is None
    assert list(game.moves) == []


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), choices=st.randoms(use_true_random=False))
def test_random_legal_play_to_the_end_with_every_move_round_tripping(name, seed, choices):
    make, players, _ = GAMES[name]
    game = make(seed)
    move_type = type(game.legal_moves()[0])
    played = []
    while not game.is_over and len(played) < MOVE_CAP:
        legal = game.legal_moves()
        assert legal, "a game that is not over has a legal move"
        move = choices.choice(legal)
        assert game.parse_move(str(move)) == move, str(move)
        assert move_type.from_dict(move.to_dict()) == move
        for form in every_form(move):
            assert game.is_legal(form) and game.why_not(form) is None, form
        assert game.turn in range(players)
        game.play(choices.choice(every_form(move)))
        played.append(move)
        assert list(game.moves) == played
    if not game.is_over:
        return  # a long game of Lines of Action: the moves so far were checked
    assert game.legal_moves() == []
    outcome = game.outcome()
    assert isinstance(outcome, Outcome)
    assert isinstance(outcome.reason, str) and outcome.reason
    assert isinstance(outcome.score, (int, float))
    if players == 1:
        assert outcome.winner is None
    else:
        assert outcome.winner in (0, 1, None)
    with pytest.raises(GameOver):
        game.play(played[-1])


@pytest.mark.parametrize("name", GAMES)
def test_pop_and_undo_return_the_move_taken_back_and_restore_the_game(name):
    make = GAMES[name][0]
    game = make(3)
    with pytest.raises(NothingToUndo):
        game.pop()
    before = saved(name, game)
    move = game.legal_moves()[0]
    game.push(move)
    assert game.pop() == move and saved(name, game) == before and list(game.moves) == []
    game.play(str(move))
    assert game.undo() == move and saved(name, game) == before


@pytest.mark.parametrize("name", GAMES)
def test_an_illegal_move_is_refused_with_a_reason_and_changes_nothing(name):
    game = GAMES[name][0](5)
    legal = game.legal_moves()
    game.play(legal[0])
    before = saved(name, game)
    stale = next((m for m in legal if not game.is_legal(m)), None)
    assert stale is not None, "some move of the first position is no longer legal"
    reason = game.why_not(stale)
    assert isinstance(reason, str) and reason
    for form in every_form(stale):
        assert not game.is_legal(form)
        with pytest.raises(IllegalMove):
            game.play(form)
    assert saved(name, game) == before


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("text", ["", "no move", "99-99", "{}", "a1a1a1"])
def test_text_that_is_no_move_is_an_illegal_move(name, text):
    game = GAMES[name][0](2)
    with pytest.raises(IllegalMove):
        game.parse_move(text)
    with pytest.raises(IllegalMove):
        game.play(text)
    assert not game.is_legal(text) and game.why_not(text)


@pytest.mark.parametrize("name", GAMES)
def test_saves_and_copies_are_the_same_game_and_independent(name):
    game = GAMES[name][0](7)
    rng = random.Random(7)
    for _ in range(6):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))
    again = type(game).from_dict(game.to_dict())
    assert saved(name, again) == saved(name, game)
    assert list(again.moves) == list(game.moves) and again.legal_moves() == game.legal_moves()
    twin = game.copy()
    assert saved(name, twin) == saved(name, game)
    if not twin.is_over:
        twin.play(twin.legal_moves()[0])
        assert list(game.moves) != list(twin.moves)


@pytest.mark.parametrize("name", GAMES)
def test_turn_passes_between_the_players(name):
    make, players, _ = GAMES[name]
    game = make(11)
    turns = []
    for _ in range(8):
        if game.is_over:
            break
        turns.append(game.turn)
        game.play(game.legal_moves()[0])
    assert set(turns) == set(range(players))


def test_games_are_equal_by_position_and_unhashable_in_every_game():
    from gamewidgets import domino, line98, loa, mahjong

    for make in (lambda: line98.Game(3), lambda: mahjong.Game(3), lambda: loa.Game(), lambda: domino.Game(3)):
        game = make()
        assert game.copy() == game and game == make() and game != object()
        with pytest.raises(TypeError):
            hash(game)
        moved = game.copy()
        moved.play(moved.legal_moves()[0])
        assert moved != game
        moved.undo()
        assert moved == game  # back to the same position
