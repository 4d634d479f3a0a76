"""Line 98 (Color Lines): rules engine (pure) — the widget is ``gamewidgets.Line98``."""

from ..errors import BadSave, GameOver, IllegalMove, NothingToUndo
from .rules import COLOURS, SIZE, Game, Move, MoveResult, Outcome, Preview, points

__all__ = [
    "COLOURS", "SIZE", "BadSave", "Game", "GameOver", "IllegalMove", "Move", "MoveResult", "NothingToUndo", "Outcome",
    "Preview", "points",
]
