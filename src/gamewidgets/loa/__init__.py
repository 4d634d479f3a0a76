"""Lines of Action: the rules engine (pure; bitboards in Python ints) and, in
``PLAYERS``, the computer players (:mod:`gamewidgets.loa.ai`)."""

from ..errors import BadSave, GameOver, IllegalMove, NothingToUndo
from .ai import PLAYERS
from .rules import (
    FIRST,
    LINES,
    MOVE_LIMIT,
    NAMES,
    REASONS,
    SECOND,
    SIDES,
    SIZES,
    SYMBOLS,
    Game,
    Move,
    Outcome,
    cell_index,
    cell_name,
    cells,
    generate,
    groups,
    has_move,
    is_connected,
    perft,
    zobrist_key,
)

__all__ = [
    "FIRST", "LINES", "MOVE_LIMIT", "NAMES", "PLAYERS", "REASONS", "SECOND", "SIDES", "SIZES", "SYMBOLS", "BadSave",
    "Game", "GameOver", "IllegalMove", "Move", "NothingToUndo", "Outcome", "cell_index", "cell_name", "cells",
    "generate", "groups", "has_move", "is_connected", "perft", "zobrist_key",
]
