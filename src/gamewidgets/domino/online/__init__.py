"""Dominoes online: a room server (:mod:`.server`), its rules of engagement
(:mod:`.protocol`, :mod:`.rooms`) and the notebook side (:mod:`.client`,
:class:`OnlineDomino`). Needs the ``online`` extra: ``pip install 'gamewidgets[online]'``.
"""

from .local import LocalServer
from .widget import OnlineDomino, host, invites, join, resume

__all__ = ["LocalServer", "OnlineDomino", "host", "invites", "join", "resume"]
