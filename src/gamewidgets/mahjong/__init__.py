"""Mahjong Connect (Shisen-Sho style): rules, solvable deals, the solver and the
computer players (pure) — the widget is ``gamewidgets.MahjongConnect``."""

from ..errors import BadSave, GameOver, IllegalMove, NothingToUndo
from .connect import fewest_turns, find_path
from .deal import SearchLimit, removable_pairs, solve
from .players import PLAYERS, RandomPlayer, Solver
from .rules import Clock, Game, Move, Outcome, Removal, Route, Shuffle
from .tiles import CODES, NAMES, code, matches

__all__ = [
    "CODES", "NAMES", "PLAYERS", "BadSave", "Clock", "Game", "GameOver", "IllegalMove", "Move", "NothingToUndo",
    "Outcome", "RandomPlayer", "Removal", "Route", "SearchLimit", "Shuffle", "Solver", "code", "fewest_turns",
    "find_path", "matches", "removable_pairs", "solve",
]
