"""Dominoes online: a room server (:mod:`gamewidgets.domino.online.server`), its rules
of engagement (:mod:`gamewidgets.domino.online.protocol`,
:mod:`gamewidgets.domino.online.rooms`) and the notebook side
(:mod:`gamewidgets.domino.online.client`, :class:`OnlineDomino`). Needs the ``online``
extra: ``pip install 'gamewidgets[online]'``.
"""

from .local import LocalServer
from .widget import OnlineDomino, host, invites, join, resume

__all__ = ["LocalServer", "OnlineDomino", "host", "invites", "join", "resume"]
