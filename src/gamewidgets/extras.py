"""The package's optional extras, and one way of saying that one is missing.

``pip install gamewidgets`` brings the four games; what needs more names its extra:

- ``online``: the dominoes room server (``gamewidgets domino serve``) and the seat's
  connection to it (``Domino.host`` / ``Domino.join``): starlette, uvicorn, websockets;
- ``plots``: the figures of the experiment notebooks and ``MatchResult.plot()``: matplotlib;
- ``distributed``: matches on a Dask cluster: distributed (and dask);
- ``rl``: the reinforcement-learning environments of :mod:`gamewidgets.rl`: gymnasium,
  pettingzoo.

``require(extra, purpose)`` checks that the extra's modules can be imported (without
importing them) and otherwise raises :class:`MissingExtra` at once, before anything is
done half-way, with the command that installs it.
"""

from __future__ import annotations

import importlib.util

from .errors import GameError

#: extra -> the modules it brings
EXTRAS: dict[str, tuple[str, ...]] = {
    "online": ("starlette", "uvicorn", "websockets"),
    "plots": ("matplotlib",),
    "distributed": ("distributed",),
    "rl": ("gymnasium", "pettingzoo"),
}


class MissingExtra(GameError, ImportError):
    """Something needs an optional extra that is not installed; the message says how
    to install it."""


def _importable(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):  # a broken install, or a module blanked in sys.modules
        return False


def require(extra: str, purpose: str) -> None:
    """Raise :class:`MissingExtra` unless every module of ``extra`` is installed;
    ``purpose`` says what needs it ("online play")."""
    missing = [module for module in EXTRAS[extra] if not _importable(module)]
    if missing:
        raise MissingExtra(
            f"{purpose} needs the {extra!r} extra: pip install 'gamewidgets[{extra}]' "
            f"(not installed: {', '.join(missing)})"
        )
