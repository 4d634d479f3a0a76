"""gamewidgets: classic games as Jupyter widgets.

The widgets (``Line98`` ...) are imported lazily, so the rules engines
(``gamewidgets.line98`` ...) and the command line load without Jupyter.
``gamewidgets.tournament(...)`` is the round robin of :mod:`gamewidgets.tournament`
(the function; its module's other names: ``from gamewidgets.tournament import
TournamentResult``); matches are ``from gamewidgets.match import match``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # what type checkers see; at run time each widget loads on first use
    from ._widget import GameWidget
    from .domino.widget import Domino as Domino
    from .line98.widget import Line98 as Line98
    from .loa.widget import LinesOfAction as LinesOfAction
    from .mahjong.widget import MahjongConnect as MahjongConnect
    from .puzzle_set import PuzzleSet as PuzzleSet

__version__ = "0.1.0"

from .tournament import tournament as tournament  # gamewidgets.tournament(...): the function

_WIDGETS = {
    "Line98": "gamewidgets.line98.widget",
    "MahjongConnect": "gamewidgets.mahjong.widget",
    "LinesOfAction": "gamewidgets.loa.widget",
    "Domino": "gamewidgets.domino.widget",
    "PuzzleSet": "gamewidgets.puzzle_set",
}
#: each game's widget class, by the game's short name (``widget_class``)
_GAME_WIDGETS = {"line98": "Line98", "mahjong": "MahjongConnect", "loa": "LinesOfAction", "domino": "Domino"}

__all__ = [*_WIDGETS, "__version__", "tournament", "widget_class"]


def __getattr__(name: str) -> Any:
    if name in _WIDGETS:
        import importlib

        return getattr(importlib.import_module(_WIDGETS[name]), name)
    raise AttributeError(f"module 'gamewidgets' has no attribute {name!r}")


def widget_class(game: str) -> type[GameWidget]:
    """The widget of ``game`` ("line98", "mahjong", "loa", "domino"): ``Line98`` ..."""
    if game not in _GAME_WIDGETS:
        raise ValueError(f"no widget for {game!r} (games: {', '.join(_GAME_WIDGETS)})")
    cls: type[GameWidget] = __getattr__(_GAME_WIDGETS[game])
    return cls
