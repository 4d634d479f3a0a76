"""How every widget of this package takes its view's messages (custom messages, dicts
``{"type": ..., ...}``): a message that is not a dict, or that its handler refuses
(a :class:`~gamewidgets.errors.GameError`, BadMessage the most common), is ignored and
the reason goes to the widget's ``error`` trait and the ``gamewidgets`` logger; a bug
in a handler is reported the same way ("internal error: ..."), so no exception ever
reaches the comm. A message handled well clears ``error``. The heartbeat's
``{"type": "ping", "n": ...}`` is answered with ``{"type": "pong", "n": ...}`` and leaves
``error`` alone (js/lib/connection.js).
"""

from __future__ import annotations

import logging
from typing import Any

from .errors import BadMessage, GameError
from .untrusted import short_repr

log = logging.getLogger("gamewidgets")


class ViewMessages:
    """Mixed into a widget (anywidget's ``send``, an ``error`` trait): call
    ``self.on_msg(self._on_view_message)``, and handle each message in
    :meth:`_handle_view_message`."""

    error: str

    def _handle_view_message(self, content: dict[str, Any]) -> None:
        raise NotImplementedError

    def _on_view_message(self, _widget: Any, content: Any, _buffers: list[memoryview]) -> None:
        try:
            if not isinstance(content, dict):
                raise BadMessage(f"a message must be an object, not {type(content).__name__}")
            if content.get("type") == "ping":
                n = content.get("n")
                self.send({"type": "pong", "n": n if type(n) is int else None})  # type: ignore[attr-defined]
                return
            self._handle_view_message(content)
        except GameError as exc:
            self._reject(content, str(exc))
        except Exception as exc:  # a bug must not kill the comm either
            log.exception("gamewidgets: error while handling %s", short_repr(content, 120))
            self._reject(content, f"internal error: {type(exc).__name__}: {short_repr(str(exc), 200)}")
        else:
            if self.error:
                self.error = ""

    def _reject(self, content: Any, reason: str) -> None:
        text = f"ignored {short_repr(content, 120)}: {reason}"
        log.warning("%s: %s", type(self).__name__, text)
        self.error = text
