"""gamewidgets: classic games as Jupyter widgets.

The widgets (``Line98`` ...) are imported lazily, so the rules engines
(``gamewidgets.line98`` ...) and the command line load without Jupyter.
``gamewidgets.tournament(...)`` is the round robin of :mod:`gamewidgets.tournament`
(the function; its module's other names: ``from gamewidgets.tournament import
TournamentResult``); matches are ``from gamewidgets.match import match``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # what type checkers see; at run time each widget loads on first use
    from ._widget import GameWidget
    from .domino.widget import Domino as Domino
    from .line98.widget import Line98 as Line98
    from .loa.widget import LinesOfAction as LinesOfAction
    from .mahjong.widget import MahjongConnect as MahjongConnect

__version__ = "0.1.0"

from .tournament import tournament as tournament  # gamewidgets.tournament(...): the function

_WIDGETS = {
    "Line98": "gamewidgets.line98.widget",
    "MahjongConnect": "gamewidgets.mahjong.widget",
    "LinesOfAction": "gamewidgets.loa.widget",
    "Domino": "gamewidgets.domino.widget",
}

__all__ = [*_WIDGETS, "__version__", "tournament"]


def __getattr__(name: str) -> type[GameWidget]:
    if name in _WIDGETS:
        import importlib

        return getattr(importlib.import_module(_WIDGETS[name]), name)
    raise AttributeError(f"module 'gamewidgets' has no attribute {name!r}")
