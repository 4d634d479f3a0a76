"""The Mahjong Connect players (gamewidgets.mahjong.PLAYERS): every one chooses a
removable pair of the Game it is given and explains it with an Analysis; the random
one is seeded."""

from __future__ import annotations

import pytest

from gamewidgets.analysis import Analysis
from gamewidgets.errors import GameOver
from gamewidgets.mahjong import PLAYERS, Clock, Game, Move, RandomPlayer, Solver


def frozen(seed: int) -> Game:
    return Game(seed, clock=Clock(now=lambda: 0.0))


def test_the_registry_names_the_solver_and_the_random_player():
    assert PLAYERS["solver"] is Solver and PLAYERS["random"] is RandomPlayer
    assert all(cls.name == name for name, cls in PLAYERS.items())


@pytest.mark.parametrize("name", sorted(PLAYERS))
def test_every_player_chooses_a_removable_pair_and_explains_it(name):
    player = PLAYERS[name](seed=5) if name == "random" else PLAYERS[name]()
    game = frozen(8)
    for _ in range(6):
        legal = game.legal_moves()
        analysis = player.analyse(game)
        assert isinstance(analysis, Analysis) and analysis.player == name
        assert analysis.move in legal and analysis.chosen.move == analysis.move
        assert len(analysis.candidates) == len(legal) and {c.move for c in analysis.candidates} == set(legal)
        assert analysis.reason and analysis.to_rows()[0]["move"] == str(analysis.candidates[0].move)
        move = player.choose(game)
        assert isinstance(move, Move) and move in legal
        game.play(move)


def test_the_solver_clears_a_deal():
    game, solver = frozen(3), Solver()
    while not game.is_over:
        game.play(solver.choose(game))
    assert game.outcome().reason == "cleared"


def test_the_random_player_is_seeded():
    def moves(seed: int) -> list[Move]:
        game, player = frozen(2), RandomPlayer(seed=seed)
        played = []
        while not game.is_over and len(played) < 30:
            played.append(player.choose(game))
            game.play(played[-1])
        return played

    assert moves(1) == moves(1) and moves(1) != moves(2)
    first, second = RandomPlayer(seed=9), RandomPlayer(seed=9)
    game = frozen(2)
    assert first.analyse(game).move == second.choose(game)


def test_players_take_keyword_options_only():
    with pytest.raises(TypeError):
        RandomPlayer(1)  # type: ignore[misc]
    with pytest.raises(TypeError):
        Solver(5000)  # type: ignore[misc]
    assert Solver(max_nodes=5000).max_nodes == 5000
    assert "seed=4" in repr(RandomPlayer(seed=4)) and "max_nodes=5000" in repr(Solver(max_nodes=5000))


@pytest.mark.parametrize("name", sorted(PLAYERS))
def test_a_game_without_a_removable_pair_has_no_choice(name):
    stuck = Game.from_grid("D1 D2\nD2 D1")
    player = PLAYERS[name]()
    for ask in (player.choose, player.analyse):
        with pytest.raises(GameOver, match="no pair can be removed"):
            ask(stuck)
