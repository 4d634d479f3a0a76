"""What the room server and its clients say to each other (pure: no network here).

Transport
---------
- ``POST <server>/rooms`` creates a room: ``{"room", "seat": 0, "credential"}``.
- ``POST <server>/rooms/<room>/guest`` claims the guest seat, once:
  ``{"room", "seat": 1, "credential"}``; 409 when it is taken, 404 for no such room.
  Refusals are ``{"code", "message"}``; 503 with code ``storage`` while the server
  cannot store anything (its database is gone, see :mod:`.rooms`).
- ``<server>/rooms/<room>/play`` (WebSocket, JSON text messages) plays a seat. The
  first message must be ``{"type": "hello", "seat": s, "credential": c}`` (and, since
  presence, optionally ``"away": true``: see below); after it the server sends the
  full state at once, and again after every change.

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
- ``{"type": "presence", "away": bool}`` (added with presence): whether nobody looks
  at this seat now (its notebook has no open view). It is relayed to both seats in
  the state's ``presence``; nothing is stored.

Every field is checked for its exact JSON type before anything else happens (see
:func:`read_client_message`): a seat is the integer 0 or 1 (not ``0.0``, ``1e-400``
or ``true``), ``game`` and ``ply`` are non-negative integers, a tile is two integers
0..6 (or its text, ``"6-4"``, as the rules read a move: ``Move.from_dict`` takes the
same), ``end`` is ``"left"`` or ``"right"``, ``away`` is a boolean, and ``NaN`` /
``Infinity`` are not JSON. Anything else is refused as ``bad-message``.

Server -> client
----------------
- ``{"type": "state", "room", "seat", "game", "ply", "view", "seats", "joined",
  "request", "presence"}``: ``view`` is :meth:`PlayerView.to_dict` of this seat
  *without* ``not_dealt`` (the client works it out from the opening tile, so nothing
  the server sends ever names a boneyard tile); ``seats`` which seats are connected
  now; ``joined`` whether the guest seat is claimed; ``request`` the seat asking for
  a new game (or null); ``presence`` (added; a client must not require it) each
  seat's ``"here"`` (connected, someone looks at it), ``"away"`` (connected, but its
  notebook says nobody looks: no open view) or ``"offline"`` (not connected).
- ``{"type": "error", "code", "message"}`` for a message that was refused: nothing
  was stored, the room is unchanged. Codes: ``bad-message``, ``illegal``, ``stale``,
  ``no-request``, ``rate``, ``wrong-credential``, ``unknown-room``, ``refused`` (no
  hello in time), ``damaged`` (the room's stored game does not replay), ``storage``
  (the server cannot store it: the move was *not* made), ``internal`` (a server bug).
- ``{"type": "replaced"}`` just before the server closes a connection because the
  same seat was opened again (close code :data:`REPLACED`); the client then stops
  reconnecting.

Close codes: :data:`REPLACED`, :data:`REFUSED` (wrong credential, bad hello),
:data:`GONE` (no such room, or it expired), :data:`FLOOD` (too many bad messages):
final, the client does not reconnect by itself. :data:`TRY_AGAIN` (1013: too many
hellos lately, or the server cannot store anything now): the client reconnects
later, with its usual backoff.
"""

from __future__ import annotations

import re
import urllib.parse
from collections.abc import Callable, Iterable
from typing import Any, Final

from ...errors import BadInvite, BadMessage, IllegalMove
from ...untrusted import loads, short_repr
from ..rules import Game, PlayerView, as_tile, ranked_above

#: the largest message a client may send (bytes of JSON text); a longer one is refused
MAX_MESSAGE = 2048
#: messages per second a connection may send on average, and in one burst
RATE, BURST = 10.0, 30
#: a room without activity for this long is deleted (seconds)
EXPIRY = 7 * 24 * 3600.0
#: seconds a new connection has to say hello
HELLO_TIMEOUT = 10.0

REPLACED, REFUSED, GONE, FLOOD = 4000, 4003, 4004, 4008
#: "try again later" (RFC 6455): too many hellos, or nothing can be stored now
TRY_AGAIN = 1013
#: close codes after which a client must not reconnect by itself
FINAL = {REPLACED: "replaced", REFUSED: "refused", GONE: "gone", FLOOD: "flood"}

ROOM_ID = re.compile(r"[A-Za-z0-9_-]{22}")
CREDENTIAL = re.compile(r"[A-Za-z0-9_-]{43}")
HOST: Final = 0
GUEST: Final = 1
#: a seat's presence in a state message
HERE, AWAY, OFFLINE = "here", "away", "offline"
_END_NAMES = ("left", "right")
_PIPS = range(7)

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
    """A client's message, checked for shape (not for the rules): every field has its
    exact JSON type and range, else :class:`BadMessage` with the reason. What it
    returns can be acted on without a type check (the rules check legality)."""
    if not isinstance(text, str):
        raise BadMessage("messages are JSON text, not binary")
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_MESSAGE:
        raise BadMessage(f"message too large ({size} bytes; at most {MAX_MESSAGE})")
    message = loads(text, "the message", error=BadMessage)  # NaN, 1e999, deep nesting: refused
    if not isinstance(message, dict):
        raise BadMessage("a message is a JSON object")
    kind = message.get("type")
    check = _CHECKS.get(kind) if isinstance(kind, str) else None
    if check is None:
        raise BadMessage(f"unknown message type {short_repr(kind, 60)}")
    check(message)
    return message


def _is_count(value: object) -> bool:
    """A JSON integer >= 0 (not a float that equals one, not a boolean)."""
    return type(value) is int and 0 <= value < 2**63


def _check_hello(message: dict[str, Any]) -> None:
    seat, credential = message.get("seat"), message.get("credential")
    if type(seat) is not int or seat not in (HOST, GUEST):
        raise BadMessage(f"hello needs seat 0 or 1 (an integer), not {short_repr(seat, 40)}")
    if not isinstance(credential, str) or not CREDENTIAL.fullmatch(credential):
        raise BadMessage("hello needs the seat's credential")
    if type(message.get("away", False)) is not bool:
        raise BadMessage('hello\'s "away" is true or false')


def _check_move(message: dict[str, Any]) -> None:
    for key in ("game", "ply"):
        if not _is_count(message.get(key)):
            raise BadMessage(f"a move needs {key!r}: the number the player saw (an integer >= 0)")
    move = message.get("move")
    if not isinstance(move, dict):
        raise BadMessage('a move needs "move": {"action": ...}')
    action = move.get("action")
    if action == "play":
        tile, end = move.get("tile"), move.get("end")
        if isinstance(tile, str):  # its text, as the rules read it ("6-4")
            try:
                tile = move["tile"] = list(as_tile(tile))
            except IllegalMove:
                raise BadMessage(f'a play needs a tile: two integers 0..6 or its text ("6-4"), not '
                                 f"{short_repr(tile, 40)}") from None
        if not (isinstance(tile, list) and len(tile) == 2 and all(type(p) is int and p in _PIPS for p in tile)):
            raise BadMessage(f"a play needs a tile: two integers 0..6, not {short_repr(tile, 40)}")
        if not isinstance(end, str) or end not in _END_NAMES:
            raise BadMessage(f'a play needs an end, "left" or "right", not {short_repr(end, 40)}')
    elif not isinstance(action, str) or action not in ("draw", "pass"):
        raise BadMessage(f'a move\'s action is "play", "draw" or "pass", not {short_repr(action, 40)}')


def _check_presence(message: dict[str, Any]) -> None:
    if type(message.get("away")) is not bool:
        raise BadMessage('presence needs "away": true or false')


def _no_fields(message: dict[str, Any]) -> None:
    """new_game and decline carry nothing (other fields are ignored)."""


_CHECKS: dict[str, Callable[[dict[str, Any]], None]] = {
    "hello": _check_hello,
    "move": _check_move,
    "new_game": _no_fields,
    "decline": _no_fields,
    "presence": _check_presence,
}


# ------------------------------------------------------------ server -> client
def state_message(room: str, seat: int, game_no: int, game: Game, *, seats: Iterable[bool], joined: bool,
                  request: int | None, presence: Iterable[str] | None = None) -> dict[str, Any]:
    """The state one seat is sent: its own view of ``game`` and the room's status
    (``presence``: each seat's here / away / offline; from ``seats`` when None)."""
    view = game.view(seat).to_dict()
    del view["not_dealt"]  # names boneyard tiles; the client derives it (read_state)
    seats = list(seats)
    return {
        "type": "state", "room": room, "seat": seat, "game": game_no, "ply": len(game.history),
        "view": view, "seats": seats, "joined": joined, "request": request,
        "presence": list(presence) if presence is not None else [HERE if on else OFFLINE for on in seats],
    }


def read_state(message: dict[str, Any]) -> PlayerView:
    """The :class:`PlayerView` in a state message (``not_dealt`` worked out again)."""
    view = dict(message["view"])
    opening = view.get("opening")
    view["not_dealt"] = list(ranked_above(tuple(opening))) if opening else []
    return PlayerView.from_dict(view)


def error_message(code: str, message: str) -> dict[str, str]:
    return {"type": "error", "code": code, "message": message}
