"""Line 98 (Color Lines): rules engine (pure) and computer players — the widget is
``gamewidgets.Line98``. ``Game`` is a :class:`gamewidgets.protocol.Rules`; ``PLAYERS``
maps each computer player's name to its class."""

from ..errors import BadSave, GameOver, IllegalMove, NothingToUndo
from .players import PLAYERS
from .rules import COLOURS, SIZE, Game, Move, MoveResult, Outcome, Preview, points

__all__ = [
    "COLOURS", "PLAYERS", "SIZE", "BadSave", "Game", "GameOver", "IllegalMove", "Move", "MoveResult", "NothingToUndo",
    "Outcome", "Preview", "points",
]
