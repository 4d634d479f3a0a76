"""The base class every game widget shares.

A game widget is an ``anywidget.AnyWidget`` holding a rules object. Python is the
source of truth: the JavaScript view renders synced traits and sends the user's
intents as custom messages ``{"type": <action>, ...}``. Each game declares which
message types it accepts (``_view_actions``: type -> method name). A message that is
malformed, unknown or no longer applies is ignored: the reason goes to the ``error``
trait (and the ``gamewidgets`` logger) and the widget keeps working — an exception
never reaches the comm.

A message may carry ``"position"``: the ``position`` trait the view showed when the user
acted. ``position`` goes up whenever the game moves on (a move, an undo, a new game), so
a click aimed at a board that has changed since — from another view of the same widget
or from Python — is stale and is ignored like a malformed one.

Every change the view should react to once (a move to animate, a blocked click to
signal) is announced in the ``last_event`` trait, ``{"id": n, "kind": ..., ...}``, with
``id`` increasing, so a view that is rendered late, or twice, still sees the state.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any, ClassVar

import anywidget
import traitlets

from .errors import BadMessage, GameError
from .store import Store

log = logging.getLogger("gamewidgets")

STATIC = Path(__file__).parent / "static"


class _DefaultStore:
    def __repr__(self) -> str:
        return "<the default store>"


DEFAULT_STORE: Any = _DefaultStore()


def view_source(game: str) -> Path:
    """The built view bundle of ``game`` (made by ``npm run build`` / ``make js``)."""
    path = STATIC / f"{game}.js"
    if not path.is_file():
        raise ImportError(
            f"the {game} view is not built ({path} is missing): run `make js` "
            "(or `npm ci && npm run build`) in the gamewidgets checkout"
        )
    return path


def open_store(store) -> Store:
    """``store=`` as widgets take it: the default file, None (memory), a path or a Store."""
    if store is DEFAULT_STORE:
        return Store()
    if store is None:
        return Store.memory()
    if isinstance(store, Store):
        return store
    return Store(store)


class GameWidget(anywidget.AnyWidget):
    """Common traits and the message handling of every game widget."""

    #: short name of the game, as used by the store and the CLI
    game_name: ClassVar[str] = ""
    #: message type from the view -> name of the method handling it (gets the message)
    _view_actions: ClassVar[dict[str, str]] = {}

    error = traitlets.Unicode("", help="why the last message from the view was ignored").tag(sync=True)
    last_event = traitlets.Dict(help="the latest event for the view to show once").tag(sync=True)
    overlay = traitlets.Dict(help="a player's analysis drawn on the board (show()); {} for none").tag(sync=True)
    position = traitlets.Int(0, help="goes up whenever the game moves on").tag(sync=True)
    muted = traitlets.Bool(False, help="no sound").tag(sync=True)
    reduced_motion = traitlets.Bool(False, help="no travelling animations").tag(sync=True)

    def __init__(self, *, store=DEFAULT_STORE, **kwargs):
        self.store = open_store(store)
        super().__init__(**kwargs)
        self.on_msg(self._on_view_message)

    # ------------------------------------------------------------ view messages
    def _on_view_message(self, _widget, content, _buffers) -> None:
        try:
            if not isinstance(content, dict):
                raise BadMessage(f"a message must be an object, not {type(content).__name__}")
            kind = content.get("type")
            method = self._view_actions.get(kind) if isinstance(kind, str) else None
            if method is None:
                raise BadMessage(
                    f"unknown message type {kind!r} (known: {', '.join(sorted(self._view_actions))})"
                )
            seen = content.get("position")
            if seen is not None and seen != self.position:
                raise BadMessage(f"stale: sent for position {seen!r}, the game is at {self.position}")
            getattr(self, method)(content)
        except GameError as exc:
            self._reject(content, str(exc))
        except Exception as exc:  # a bug must not kill the comm either
            log.exception("gamewidgets: error while handling %r", content)
            self._reject(content, f"internal error: {type(exc).__name__}: {exc}")
        else:
            if self.error:
                self.error = ""

    def _reject(self, content, reason: str) -> None:
        text = f"ignored {_short(content)}: {reason}"
        log.warning("%s: %s", type(self).__name__, text)
        self.error = text

    def _event(self, kind: str, **data) -> None:
        previous = self.last_event.get("id", 0) if isinstance(self.last_event, dict) else 0
        self.last_event = {"id": previous + 1, "kind": kind, **data}


def _short(content, limit: int = 120) -> str:
    text = repr(content)
    return text if len(text) <= limit else text[: limit - 3] + "..."
