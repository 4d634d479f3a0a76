"""Dominoes (draw game, double-six, two players): the rules engine (pure) and its
computer players; the widget is ``gamewidgets.Domino``.

``Game``, ``Move`` (the base of ``Play``, ``Draw`` and ``Pass``; ``Move.from_dict``
reads the dict of any of them) and ``Outcome`` follow the one rules interface
(:mod:`gamewidgets.protocol`); ``PLAYERS`` names the computer players (``easy``,
``medium``, ``hard``; ``gamewidgets.domino.ai.LEVELS`` is the same dict).
"""

from ..errors import BadSave, GameOver, IllegalMove, NothingToUndo
from .ai import PLAYERS
from .rules import (
    ACTIONS,
    BLOCKED,
    BONEYARD,
    DOMINO,
    DRAW,
    ENDS,
    HAND,
    LEFT,
    PASS,
    PLAY,
    PLAYER_COUNT,
    RIGHT,
    TILES,
    Draw,
    Event,
    Game,
    Move,
    Outcome,
    Pass,
    Play,
    PlayerView,
    as_tile,
    is_double,
    legal_actions,
    move_from_dict,
    opening_rank,
    opening_tile,
    pips,
    ranked_above,
    tile_name,
)

__all__ = [
    "ACTIONS", "BLOCKED", "BONEYARD", "DOMINO", "DRAW", "ENDS", "HAND", "LEFT", "PASS", "PLAY", "PLAYERS",
    "PLAYER_COUNT", "RIGHT", "TILES", "BadSave", "Draw", "Event", "Game", "GameOver", "IllegalMove", "Move",
    "NothingToUndo", "Outcome", "Pass", "Play", "PlayerView", "as_tile", "is_double", "legal_actions",
    "move_from_dict", "opening_rank", "opening_tile", "pips", "ranked_above", "tile_name",
]
