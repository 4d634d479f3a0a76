"""gamewidgets: classic games as Jupyter widgets.

The widgets (``Line98`` ...) are imported lazily, so the rules engines
(``gamewidgets.line98`` ...) and the command line load without Jupyter.
"""

__version__ = "0.1.0"

_WIDGETS = {
    "Line98": "gamewidgets.line98.widget",
    "MahjongConnect": "gamewidgets.mahjong.widget",
    "LinesOfAction": "gamewidgets.loa.widget",
    "Domino": "gamewidgets.domino.widget",
}

__all__ = [*_WIDGETS, "__version__"]


def __getattr__(name):
    if name in _WIDGETS:
        import importlib

        return getattr(importlib.import_module(_WIDGETS[name]), name)
    raise AttributeError(f"module 'gamewidgets' has no attribute {name!r}")
