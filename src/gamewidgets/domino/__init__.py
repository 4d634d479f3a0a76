"""Dominoes (draw game, double-six, two players): rules engine (pure)."""

from ..errors import BadSave, GameOver, IllegalMove, NothingToUndo
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
    PLAYERS,
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
    "ACTIONS", "BLOCKED", "BONEYARD", "DOMINO", "DRAW", "ENDS", "HAND", "LEFT", "PASS", "PLAY", "PLAYERS", "RIGHT",
    "TILES", "BadSave", "Draw", "Event", "Game", "GameOver", "IllegalMove", "Move", "NothingToUndo", "Outcome", "Pass",
    "Play", "PlayerView", "as_tile", "is_double", "legal_actions", "move_from_dict", "opening_rank", "opening_tile",
    "pips", "ranked_above", "tile_name",
]
