"""Computer players of Line 98.

``random`` plays a uniformly random legal move, drawn with its own seeded
``numpy.random.Generator`` (the game's random stream is left alone, so the same game
seed gives the same spawns whoever plays).
"""

from __future__ import annotations

import numpy as np

from ..errors import GameOver
from .rules import Game, Move


class RandomPlayer:
    """A random legal move."""

    name = "random"

    def __init__(self, seed: int | None = None):
        self.seed = seed
        self.rng = np.random.default_rng(seed)

    def choose(self, game: Game) -> Move:
        moves = game.legal_moves()
        if not moves:
            raise GameOver("the game is over: there is no move to choose")
        return moves[int(self.rng.integers(len(moves)))]

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"


PLAYERS = {cls.name: cls for cls in (RandomPlayer,)}


def play_game(player, seed: int) -> Game:
    """Let ``player`` play game ``seed`` to the end; returns the finished game."""
    game = Game(seed)
    while not game.over:
        game.play(player.choose(game))
    return game
