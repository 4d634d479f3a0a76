"""Lines of Action: the rules engine (pure; bitboards in Python ints)."""

from ..errors import BadSave, GameOver, IllegalMove, NothingToUndo
from .rules import (
    FIRST, LINES, MOVE_LIMIT, NAMES, REASONS, SECOND, SIDES, SIZES, SYMBOLS, Game, Move, Outcome, cell_index,
    cell_name, cells, generate, groups, has_move, is_connected, perft, zobrist_key,
)

__all__ = [
    "FIRST", "SECOND", "SIDES", "SYMBOLS", "SIZES", "NAMES", "LINES", "MOVE_LIMIT", "REASONS",
    "Game", "Move", "Outcome", "cell_index", "cell_name", "cells", "generate", "has_move",
    "groups", "is_connected", "perft", "zobrist_key",
    "IllegalMove", "GameOver", "NothingToUndo", "BadSave",
]
