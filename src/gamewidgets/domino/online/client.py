"""The client side of the room server: HTTP calls to take a seat, and a
:class:`SeatConnection` that keeps one seat connected from a background thread.

The thread uses the ``websockets`` synchronous client, so it runs beside the
kernel's event loop without touching it; what arrives is handed to callbacks (the
widget moves it onto its own loop). A dropped connection is retried with
exponential backoff (0.5 s doubling to 10 s, with jitter) and, once back, the server
sends the full state. After a final close -- the seat was opened elsewhere
(:data:`~.protocol.REPLACED`), the credential was refused, the room is gone -- it
stops until :meth:`SeatConnection.reconnect`.

Presence: the connection also tells the server whether anybody looks at the seat.
:meth:`SeatConnection.seen` says "a view of this seat is open now" (the widget calls
it for each ``here`` message of its views); once it has been called, ``away_after``
seconds without another call send ``{"type": "presence", "away": true}``, and the
next call sends ``away: false`` at once. Before the first call (a script, a widget
never displayed) the seat counts as here: nothing says otherwise. A reconnect says
the current presence in its hello (``"away": true``), so it survives drops.
"""

from __future__ import annotations

import contextlib
import json
import logging
import random
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...errors import RoomError
from ...extras import require
from .protocol import FINAL, REPLACED, server_url, socket_url

if TYPE_CHECKING:
    from websockets.sync.client import ClientConnection

log = logging.getLogger("gamewidgets.domino.client")

HTTP_TIMEOUT = 10.0
FIRST_DELAY, MAX_DELAY = 0.5, 10.0
#: seconds without a sign of an open view after which the seat is away
AWAY_AFTER = 20.0


def _post(url: str) -> dict[str, Any]:
    request = urllib.request.Request(url, data=b"{}", method="POST",
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=HTTP_TIMEOUT) as response:
            return json.loads(response.read())
    except urllib.error.HTTPError as exc:
        try:
            body = json.loads(exc.read())
        except ValueError:
            body = {}
        raise RoomError(body.get("message") or f"the room server answered {exc.code}",
                        body.get("code") or "refused") from None
    except (OSError, ValueError) as exc:
        raise RoomError(f"cannot reach the room server at {url}: {exc}", "unreachable") from None


def create_room(server: str) -> tuple[str, str]:
    """A new room on ``server``: ``(room id, host credential)``."""
    answer = _post(f"{server_url(server)}/rooms")
    return answer["room"], answer["credential"]


def claim_guest(server: str, room: str) -> str:
    """Take the guest seat of ``room``: its credential (:class:`RoomError` if taken)."""
    return _post(f"{server_url(server)}/rooms/{room}/guest")["credential"]


class SeatConnection:
    """Keeps ``seat`` of ``room`` connected. ``on_message(dict)`` gets every message
    from the server; ``on_status(state, retry_in, message)`` every change of the
    connection: "connecting", "connected", "offline" (retrying in ``retry_in`` s),
    "replaced" or "closed". Both are called from the connection's thread."""

    def __init__(self, server: str, room: str, seat: int, credential: str, *,
                 on_message: Callable[[dict[str, Any]], None], on_status: Callable[[str, float | None, str], None],
                 away_after: float = AWAY_AFTER):
        if not away_after > 0:
            raise ValueError(f"away_after must be a positive number of seconds, not {away_after!r}")
        self.url = socket_url(server, room)
        self._seat, self._credential = seat, credential
        self._on_message, self._on_status = on_message, on_status
        self._stop = threading.Event()
        self._socket: ClientConnection | None = None
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self.away_after = away_after
        self._seen: float | None = None  # when a view last said it is open (None: never)
        self.away = False  # what the server was last told (or will be, in the hello)

    def start(self) -> None:
        """Connect (and keep reconnecting) in a background thread; :class:`MissingExtra`
        at once without the ``online`` extra."""
        require("online", "online play")
        if self._thread is not None and self._thread.is_alive():
            return
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name=f"gamewidgets {self.url}", daemon=True)
        self._thread.start()

    def reconnect(self) -> None:
        """Connect again after a final close (e.g. to take the seat back)."""
        self.start()

    def send(self, message: dict[str, Any]) -> None:
        with self._lock:
            socket = self._socket
        if socket is None:
            raise RoomError("not connected to the room server (reconnecting)", "offline")
        try:
            socket.send(json.dumps(message))
        except Exception as exc:
            raise RoomError(f"the connection dropped while sending: {exc}", "offline") from None

    def seen(self) -> None:
        """A view of this seat is open now (see the module docstring)."""
        with self._lock:
            self._seen = time.monotonic()
            back = self.away
            self.away = False
        if back:
            self._tell_presence()

    def _check_presence(self) -> None:
        """Away, once no view has been seen for ``away_after`` seconds."""
        with self._lock:
            gone = (self._seen is not None and not self.away
                    and time.monotonic() - self._seen > self.away_after)
            if gone:
                self.away = True
        if gone:
            self._tell_presence()

    def _tell_presence(self) -> None:
        with contextlib.suppress(RoomError):  # offline: the next hello says it
            self.send({"type": "presence", "away": self.away})

    def _hello(self) -> str:
        hello: dict[str, Any] = {"type": "hello", "seat": self._seat, "credential": self._credential}
        if self.away:
            hello["away"] = True
        return json.dumps(hello)

    def close(self) -> None:
        self._stop.set()
        with self._lock:
            socket = self._socket
        if socket is not None:
            socket.close()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=5)

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def _run(self) -> None:
        from websockets.exceptions import ConnectionClosed
        from websockets.sync.client import connect

        delay = FIRST_DELAY
        while not self._stop.is_set():
            self._on_status("connecting", None, "")
            code, reason = None, ""
            try:
                with connect(self.url, open_timeout=HTTP_TIMEOUT, ping_interval=10, ping_timeout=20,
                             close_timeout=2) as socket:
                    with self._lock:
                        self._socket = socket
                    if self._stop.is_set():
                        break
                    socket.send(self._hello())
                    tick = min(1.0, self.away_after / 3)  # how often presence is checked
                    while True:
                        self._check_presence()
                        try:
                            text = socket.recv(timeout=tick)
                        except TimeoutError:
                            continue
                        message = json.loads(text)
                        if message.get("type") == "state" and delay != 0:
                            delay = 0  # connected: the next drop retries from the start
                            self._on_status("connected", None, "")
                        self._on_message(message)
            except ConnectionClosed as exc:
                code, reason = (exc.rcvd.code, exc.rcvd.reason) if exc.rcvd else (None, "")
            except Exception as exc:  # refused, reset, timed out, bad answer
                reason = _in_words(exc)
            finally:
                with self._lock:
                    self._socket = None
            if self._stop.is_set():
                break
            if code in FINAL:
                state = "replaced" if code == REPLACED else "closed"
                self._on_status(state, None, reason or FINAL[code])
                return
            reason = reason or "the connection dropped"
            delay = min(MAX_DELAY, max(FIRST_DELAY, delay * 2))
            wait = delay * random.uniform(0.8, 1.2)
            self._on_status("offline", round(wait, 1), reason)
            log.info("%s: connection lost (%s); retrying in %.1f s", self.url, reason or code, wait)
            self._stop.wait(wait)
        self._on_status("closed", None, "disconnected")


def _in_words(exc: Exception) -> str:
    """Why a connection attempt failed, for the person looking at the widget."""
    if isinstance(exc, ConnectionRefusedError):
        return "the room server does not answer (is it running?)"
    if isinstance(exc, TimeoutError):
        return "the room server did not answer in time"
    if isinstance(exc, OSError):
        return f"network error: {exc.strerror or exc}"
    return f"could not connect: {exc}"
