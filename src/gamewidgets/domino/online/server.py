"""The dominoes room server: ``gamewidgets domino serve --port 8765 --db rooms.db``.

A Starlette app (``pip install 'gamewidgets[online]'``) speaking the protocol of
:mod:`.protocol` over HTTP and WebSockets, with the rooms of :mod:`.rooms`. It is
authoritative: every action is checked by the rules engine here, and each seat is
sent only its own view.

- One live connection per seat: a second one that opens the same seat (another
  notebook, another kernel) replaces the first, which is sent ``replaced`` and
  closed with :data:`~.protocol.REPLACED`.
- Moves are refused while the other seat is not connected ("play continues only
  while both seats are connected"); asking for a new game is not.
- Every refusal (malformed, oversized, out-of-turn, stale or replayed, illegal) is
  an ``error`` message to that connection only; nothing is stored and the room and
  the other connections are unaffected. A connection may send :data:`RATE` messages a
  second on average (bursts of :data:`BURST`); beyond that its messages are refused,
  and a connection that keeps flooding is closed (:data:`~.protocol.FLOOD`).
  Frames above 64 KiB are cut off by the WebSocket layer itself. Creating rooms and
  claiming seats is limited per client address (:data:`ROOM_LIMIT` a minute, HTTP 429
  beyond; behind a reverse proxy every client has the proxy's address: raise it).
- A sweep deletes idle rooms every ``sweep_every`` seconds (and closes their
  connections with :data:`~.protocol.GONE`); ``clock`` is injectable for tests.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from ...errors import BadMessage, GameError, IllegalMove, RoomError
from .protocol import (
    BURST,
    FLOOD,
    GONE,
    GUEST,
    HELLO_TIMEOUT,
    HOST,
    RATE,
    REFUSED,
    REPLACED,
    error_message,
    read_client_message,
    state_message,
)
from .rooms import Room, Rooms

log = logging.getLogger("gamewidgets.domino.server")

#: refused-for-rate messages a connection may send before it is closed
FLOOD_LIMIT = 3 * BURST
#: state messages waiting for a slow reader before its connection is dropped
QUEUE_LIMIT = 64
#: the WebSocket layer's own frame limit (bytes); our limit (MAX_MESSAGE) is lower
FRAME_LIMIT = 65536

_STATUS = {"unknown-room": 404, "seat-taken": 409, "wrong-credential": 403}
#: rooms created or seats claimed per minute from one address (``--room-limit``)
ROOM_LIMIT = 60
#: addresses remembered by the room limiter before the idle ones are forgotten
_ADDRESSES = 10_000


class TokenBucket:
    """``rate`` actions a second on average, ``burst`` at once."""

    def __init__(self, rate: float, burst: float):
        self.rate, self.burst = rate, burst
        self._tokens, self._stamp = float(burst), time.monotonic()

    def take(self) -> bool:
        """One action now, if the bucket allows it."""
        now = time.monotonic()
        self._tokens = min(self.burst, self._tokens + (now - self._stamp) * self.rate)
        self._stamp = now
        if self._tokens >= 1:
            self._tokens -= 1
            return True
        return False

    @property
    def full(self) -> bool:
        return self._tokens + (time.monotonic() - self._stamp) * self.rate >= self.burst


class _Connection:
    """One client's WebSocket; messages go out in order through a queue."""

    def __init__(self, websocket: WebSocket, room_id: str, seat: int):
        self.websocket, self.room_id, self.seat = websocket, room_id, seat
        # messages to send, in order, and at the end a close: (code, reason)
        self._queue: asyncio.Queue[dict[str, Any] | tuple[int, str]] = asyncio.Queue()
        self._writer = asyncio.create_task(self._write())
        self._bucket = TokenBucket(RATE, BURST)
        self.refused = 0  # messages refused for the rate, in all
        self.told = False  # the client was told about the rate since its last allowed message

    def send(self, message: dict[str, Any]) -> None:
        if self._queue.qsize() >= QUEUE_LIMIT:  # not reading: let it reconnect
            self.close(1013, "too slow")
            return
        self._queue.put_nowait(message)

    def close(self, code: int, reason: str = "") -> None:
        self._queue.put_nowait((code, reason))

    def allow(self) -> bool:
        """May this connection send one more message now?"""
        if self._bucket.take():
            self.told = False
            return True
        self.refused += 1
        return False

    async def _write(self) -> None:
        try:
            while True:
                item = await self._queue.get()
                if isinstance(item, tuple):
                    await self.websocket.close(*item)
                    return
                await self.websocket.send_text(json.dumps(item, separators=(",", ":")))
        except Exception:  # the socket went away: the reader's loop ends too
            return

    async def finish(self) -> None:
        """Send what is queued (a close, say) and stop; a few seconds at most."""
        self.close(1000)
        try:
            await asyncio.wait_for(self._writer, 5)
        except BaseException:
            self._writer.cancel()


class RoomServer:
    """The rooms and their live connections (one per seat)."""

    def __init__(self, rooms: Rooms, room_limit: float = ROOM_LIMIT):
        self.rooms = rooms
        self.room_limit = room_limit
        self._seats: dict[tuple[str, int], _Connection] = {}
        self._addresses: dict[str, TokenBucket] = {}

    def _too_many(self, request: Request) -> JSONResponse | None:
        """The answer when this address has created/claimed too much lately (else None)."""
        if not self.room_limit:
            return None
        address = request.client.host if request.client else "?"
        bucket = self._addresses.get(address)
        if bucket is None:
            if len(self._addresses) >= _ADDRESSES:
                self._addresses = {a: b for a, b in self._addresses.items() if not b.full}
            bucket = self._addresses[address] = TokenBucket(self.room_limit / 60, self.room_limit)
        if bucket.take():
            return None
        return JSONResponse({"code": "rate", "message": "too many rooms from this address: try again in a minute"},
                            status_code=429)

    def connected(self, room_id: str) -> list[bool]:
        return [(room_id, seat) in self._seats for seat in (HOST, GUEST)]

    def broadcast(self, room: Room) -> None:
        seats = self.connected(room.id)
        for seat in (HOST, GUEST):
            conn = self._seats.get((room.id, seat))
            if conn is not None:
                conn.send(state_message(room.id, seat, room.game_no, room.game, seats=seats,
                                        joined=room.joined, request=room.request))

    def attach(self, conn: _Connection) -> None:
        previous = self._seats.get((conn.room_id, conn.seat))
        self._seats[(conn.room_id, conn.seat)] = conn
        if previous is not None:
            previous.send({"type": "replaced"})
            previous.close(REPLACED, "this seat was opened by another connection")

    def detach(self, conn: _Connection) -> bool:
        """Forget ``conn``; whether it was the seat's live connection."""
        if self._seats.get((conn.room_id, conn.seat)) is conn:
            del self._seats[(conn.room_id, conn.seat)]
            return True
        return False

    def sweep(self) -> list[str]:
        gone = self.rooms.sweep()
        for room_id in gone:
            for seat in (HOST, GUEST):
                conn = self._seats.pop((room_id, seat), None)
                if conn is not None:
                    conn.send(error_message("unknown-room", "this room expired"))
                    conn.close(GONE, "the room expired")
        return gone

    def handle(self, conn: _Connection, message: dict[str, Any]) -> None:
        """Act on one message of a seat's live connection (raises GameError to refuse)."""
        kind = message["type"]
        room = self.rooms.get(conn.room_id)
        if kind == "hello":
            raise BadMessage("hello was already said on this connection")
        if kind == "move":
            if not all(self.connected(room.id)):
                raise IllegalMove("your opponent is not connected: the game continues when they are"
                                  if room.joined else "wait for the guest to join")
            self.rooms.move(room, conn.seat, message["move"], message["game"], message["ply"])
        elif kind == "new_game":
            self.rooms.new_game(room, conn.seat)
        elif kind == "decline" and not self.rooms.decline(room, conn.seat):
            raise RoomError("there is no new-game request to decline", "no-request")
        self.broadcast(room)

    # ---------------------------------------------------------------- endpoints
    async def create_room(self, request: Request) -> JSONResponse:
        refused = self._too_many(request)
        if refused is not None:
            return refused
        room, credential = self.rooms.create()
        return JSONResponse({"room": room, "seat": HOST, "credential": credential}, status_code=201)

    async def claim_guest(self, request: Request) -> JSONResponse:
        room = request.path_params["room"]
        refused = self._too_many(request)
        if refused is not None:
            return refused
        try:
            credential = self.rooms.claim(room)
        except RoomError as exc:
            return JSONResponse({"code": exc.code, "message": str(exc)}, status_code=_STATUS.get(exc.code, 400))
        self.broadcast(self.rooms.get(room))  # the host sees the guest has joined
        return JSONResponse({"room": room, "seat": GUEST, "credential": credential}, status_code=201)

    async def health(self, request: Request) -> JSONResponse:
        return JSONResponse({"ok": True, "rooms": self.rooms.count(), "connections": len(self._seats)})

    async def play(self, websocket: WebSocket) -> None:
        room_id = websocket.path_params["room"]
        await websocket.accept()
        try:
            try:
                raw = await asyncio.wait_for(websocket.receive(), HELLO_TIMEOUT)
                if raw["type"] == "websocket.disconnect":
                    return
                hello = read_client_message(raw.get("text"))
                if hello["type"] != "hello":
                    raise BadMessage("the first message must be hello")
                room = self.rooms.open_seat(room_id, hello["seat"], hello["credential"])
            except (GameError, asyncio.TimeoutError) as exc:
                code = getattr(exc, "code", "refused")
                text = str(exc) or "no hello in time"
                await websocket.send_text(json.dumps(error_message(code, text)))
                await websocket.close(GONE if code == "unknown-room" else REFUSED, text[:100])
                return
        except (WebSocketDisconnect, RuntimeError):  # gone before or while we answered
            return
        conn = _Connection(websocket, room.id, hello["seat"])
        self.attach(conn)
        self.broadcast(room)
        try:
            while True:
                raw = await websocket.receive()
                if raw["type"] == "websocket.disconnect":
                    break
                if self._seats.get((conn.room_id, conn.seat)) is not conn:
                    break  # replaced: this connection is closing and acts no more
                if not conn.allow():
                    if conn.refused > FLOOD_LIMIT:
                        conn.close(FLOOD, "too many messages")
                        break
                    if not conn.told:  # once per burst: the errors must not flood the client
                        conn.told = True
                        conn.send(error_message("rate", f"too many messages: at most {RATE:g} a second"))
                    continue
                try:
                    self.handle(conn, read_client_message(raw.get("text")))
                except GameError as exc:
                    conn.send(error_message(getattr(exc, "code", "illegal" if isinstance(exc, IllegalMove)
                                                    else "bad-message"), str(exc)))
                except Exception as exc:  # a bug: tell the client, keep the server up
                    log.exception("error handling a message in room %s", room_id)
                    conn.send(error_message("internal", f"server error: {type(exc).__name__}"))
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            if self.detach(conn):
                with contextlib.suppress(RoomError):
                    self.broadcast(self.rooms.get(room_id))  # the other seat sees who is missing
            await conn.finish()


def create_app(db: str | Path, *, clock: Callable[[], float] = time.time, sweep_every: float = 3600.0,
               expiry: float | None = None, room_limit: float = ROOM_LIMIT) -> Starlette:
    """The server as an ASGI app (``app.state.server`` is the :class:`RoomServer`);
    ``room_limit``: rooms created or seats claimed a minute per address (0: no limit)."""
    if not sweep_every > 0:
        raise ValueError(f"sweep_every must be a positive number of seconds, not {sweep_every!r}")
    kwargs = {} if expiry is None else {"expiry": expiry}
    server = RoomServer(Rooms(db, clock=clock, **kwargs), room_limit)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        async def sweeper() -> None:
            while True:
                await asyncio.sleep(sweep_every)
                try:
                    server.sweep()
                except Exception:
                    log.exception("sweep failed")

        task = asyncio.create_task(sweeper())
        try:
            yield
        finally:
            task.cancel()
            server.rooms.close()

    app = Starlette(
        routes=[
            Route("/", lambda request: PlainTextResponse("gamewidgets dominoes room server\n")),
            Route("/health", server.health),
            Route("/rooms", server.create_room, methods=["POST"]),
            Route("/rooms/{room}/guest", server.claim_guest, methods=["POST"]),
            WebSocketRoute("/rooms/{room}/play", server.play),
        ],
        lifespan=lifespan,
    )
    app.state.server = server
    return app


def serve(host: str = "127.0.0.1", port: int = 8765, db: str | Path = "rooms.db", *,
          sweep_every: float = 3600.0, room_limit: float = ROOM_LIMIT, log_level: str = "warning") -> None:
    """Run the server until interrupted (what ``gamewidgets domino serve`` does)."""
    import uvicorn

    app = create_app(db, sweep_every=sweep_every, room_limit=room_limit)
    print(f"dominoes room server on http://{host}:{port} (rooms in {Path(db).resolve()})", flush=True)
    uvicorn.run(app, host=host, port=port, ws="websockets-sansio", ws_max_size=FRAME_LIMIT,
                log_level=log_level, lifespan="on")
