"""What the room server and its clients say to each other (pure: no network here).

Transport
---------
- ``POST <server>/rooms`` creates a room: ``{"room", "seat": 0, "credential"}``.
- ``POST <server>/rooms/<room>/guest`` claims the guest seat, once:
  ``{"room", "seat": 1, "credential"}``; 409 when it is taken, 404 for no such room.
- ``<server>/rooms/<room>/play`` (WebSocket, JSON text messages) plays a seat. The
  first message must be ``{"type": "hello", "seat": s, "credential": c}``; after it
  the server sends the full state at once, and again after every change.

The invite is ``<server>/rooms/<room>`` (e.g. ``http://127.0.0.1:8765/rooms/Xy3...``):
the server's address and the room, no credential; room ids are 128 random bits.

Client -> server (after hello)
------------------------------
- ``{"type": "move", "game": g, "ply": n, "move": {"action": "play", "tile": [6, 4],
  "end": "left"}}`` (or ``{"action": "draw"}`` / ``{"action": "pass"}``): ``game`` and
  ``ply`` are the state the player saw (the game number and the number of actions
  played in it). A move for another game or ply is stale (or replayed) and refused.
- ``{"type": "new_game"}``: ask for a new game, or agree to the other's request.
- ``{"type": "decline"}``: decline the other's request, or withdraw one's own.

Server -> client
----------------
- ``{"type": "state", "room", "seat", "game", "ply", "view", "seats", "joined",
  "request"}``: ``view`` is :meth:`PlayerView.to_dict` of this seat *without*
  ``not_dealt`` (the client works it out from the opening tile, so nothing the
  server sends ever names a boneyard tile); ``seats`` which seats are connected now;
  ``joined`` whether the guest seat is claimed; ``request`` the seat asking for a
  new game (or null).
- ``{"type": "error", "code", "message"}`` for a message that was refused: nothing
  was stored, the room is unchanged.
- ``{"type": "replaced"}`` just before the server closes a connection because the
  same seat was opened again (close code :data:`REPLACED`); the client then stops
  reconnecting.

Close codes: :data:`REPLACED`, :data:`REFUSED` (wrong credential, bad hello),
:data:`GONE` (no such room, or it expired), :data:`FLOOD` (too many bad messages).
"""

from __future__ import annotations

import json
import re
import urllib.parse
from collections.abc import Iterable
from typing import Any, Final

from ...errors import BadInvite, BadMessage
from ..rules import Game, PlayerView, ranked_above

#: the largest message a client may send (bytes of JSON text); a longer one is refused
MAX_MESSAGE = 2048
#: messages per second a connection may send on average, and in one burst
RATE, BURST = 10.0, 30
#: a room without activity for this long is deleted (seconds)
EXPIRY = 7 * 24 * 3600.0
#: seconds a new connection has to say hello
HELLO_TIMEOUT = 10.0

REPLACED, REFUSED, GONE, FLOOD = 4000, 4003, 4004, 4008
#: close codes after which a client must not reconnect by itself
FINAL = {REPLACED: "replaced", REFUSED: "refused", GONE: "gone", FLOOD: "flood"}

ROOM_ID = re.compile(r"[A-Za-z0-9_-]{22}")
CREDENTIAL = re.compile(r"[A-Za-z0-9_-]{43}")
HOST: Final = 0
GUEST: Final = 1

_INVITE = re.compile(r"(?P<server>https?://[^/?#\s]+(?:/[^?#\s]*?)?)/rooms/(?P<room>[A-Za-z0-9_-]+)/?")


def make_invite(server: str, room: str) -> str:
    """The invite of ``room`` on ``server`` (``http://host:port``, maybe with a path)."""
    return f"{server_url(server)}/rooms/{room}"


def server_url(server: str) -> str:
    """``server`` checked and without a trailing slash: ``http(s)://host[:port][/path]``."""
    if not isinstance(server, str):
        raise BadInvite(f"a server address is a URL like http://127.0.0.1:8765, not {server!r}")
    parts = urllib.parse.urlsplit(server.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query or parts.fragment:
        raise BadInvite(f"a server address is a URL like http://127.0.0.1:8765, not {server!r}")
    try:
        parts.port  # noqa: B018 -- raises for a bad port
    except ValueError:
        raise BadInvite(f"bad port in the server address {server!r}") from None
    return urllib.parse.urlunsplit((parts.scheme, parts.netloc, parts.path.rstrip("/"), "", ""))


def parse_invite(invite: str) -> tuple[str, str]:
    """``(server, room)`` of an invite; :class:`BadInvite` if it is not one."""
    match = _INVITE.fullmatch(invite.strip()) if isinstance(invite, str) else None
    if match is None or not ROOM_ID.fullmatch(match["room"]):
        raise BadInvite(
            f"not a dominoes invite: {invite!r} (an invite looks like "
            "http://127.0.0.1:8765/rooms/ followed by a 22-character room id)"
        )
    return server_url(match["server"]), match["room"]


def socket_url(server: str, room: str) -> str:
    """The WebSocket address of a room's seats."""
    server = server_url(server)
    return "ws" + server[len("http"):] + f"/rooms/{room}/play"


# ------------------------------------------------------------ client -> server
def read_client_message(text: object) -> dict[str, Any]:
    """A client's message, checked for shape (not for the rules): :class:`BadMessage`
    with the reason otherwise."""
    if not isinstance(text, str):
        raise BadMessage("messages are JSON text, not binary")
    if len(text.encode()) > MAX_MESSAGE:
        raise BadMessage(f"message too large ({len(text.encode())} bytes; at most {MAX_MESSAGE})")
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):  # RecursionError: nested too deep
        raise BadMessage("not JSON (or nested too deep)") from None
    if not isinstance(message, dict):
        raise BadMessage("a message is a JSON object")
    kind = message.get("type")
    if kind == "hello":
        seat, credential = message.get("seat"), message.get("credential")
        if seat not in (HOST, GUEST) or isinstance(seat, bool):
            raise BadMessage("hello needs seat 0 or 1")
        if not isinstance(credential, str) or not CREDENTIAL.fullmatch(credential):
            raise BadMessage("hello needs the seat's credential")
    elif kind == "move":
        for key in ("game", "ply"):
            value = message.get(key)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise BadMessage(f"a move needs {key!r}: the number the player saw")
        if not isinstance(message.get("move"), dict):
            raise BadMessage('a move needs "move": {"action": ...}')
    elif kind not in ("new_game", "decline"):
        raise BadMessage(f"unknown message type {kind!r}")
    return message


# ------------------------------------------------------------ server -> client
def state_message(room: str, seat: int, game_no: int, game: Game, *, seats: Iterable[bool], joined: bool,
                  request: int | None) -> dict[str, Any]:
    """The state one seat is sent: its own view of ``game`` and the room's status."""
    view = game.view(seat).to_dict()
    del view["not_dealt"]  # names boneyard tiles; the client derives it (read_state)
    return {
        "type": "state", "room": room, "seat": seat, "game": game_no, "ply": len(game.history),
        "view": view, "seats": list(seats), "joined": joined, "request": request,
    }


def read_state(message: dict[str, Any]) -> PlayerView:
    """The :class:`PlayerView` in a state message (``not_dealt`` worked out again)."""
    view = dict(message["view"])
    opening = view.get("opening")
    view["not_dealt"] = list(ranked_above(tuple(opening))) if opening else []
    return PlayerView.from_dict(view)


def error_message(code: str, message: str) -> dict[str, str]:
    return {"type": "error", "code": code, "message": message}
