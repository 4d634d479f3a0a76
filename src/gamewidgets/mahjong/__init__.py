"""Mahjong Connect (Shisen-Sho style): rules, solvable deals and the solver (pure) —
the widget is ``gamewidgets.MahjongConnect``."""

from ..errors import BadSave, GameOver, IllegalMove, NothingToUndo
from .connect import fewest_turns, find_path
from .deal import SearchLimit, Solver, removable_pairs, solve
from .rules import Clock, Game, Move, Outcome, Removal
from .tiles import CODES, NAMES, code, matches

__all__ = [
    "CODES", "NAMES", "BadSave", "Clock", "Game", "GameOver", "IllegalMove", "Move", "NothingToUndo", "Outcome",
    "Removal", "SearchLimit", "Solver", "code", "fewest_turns", "find_path", "matches", "removable_pairs", "solve",
]
