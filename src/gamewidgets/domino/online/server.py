"""The dominoes room server: ``gamewidgets domino serve --port 8765 --db rooms.db``.

A Starlette app (``pip install 'gamewidgets[online]'``) speaking the protocol of
:mod:`gamewidgets.domino.online.protocol` over HTTP and WebSockets, with the rooms of :mod:`.rooms`. It is
authoritative: every action is checked by the rules engine here, and each seat is
sent only its own view.

- One live connection per seat: a second one that opens the same seat (another
  notebook, another kernel) replaces the first, which is sent ``replaced`` and
  closed with :data:`~.protocol.REPLACED`.
- Moves are refused while the other seat is not connected ("play continues only
  while both seats are connected"); asking for a new game is not. A seat that is
  connected but ``away`` (its notebook has no open view) can still be played
  against: presence is a hint for the other player, relayed in each state.
- Every refusal (malformed, oversized, out-of-turn, stale or replayed, illegal) is
  an ``error`` message to that connection only; nothing is stored and the room and
  the other connections are unaffected. A connection may send :data:`RATE` messages a
  second on average (bursts of :data:`BURST`); beyond that its messages are refused,
  and a connection that keeps flooding is closed (:data:`~.protocol.FLOOD`).
  Frames above 64 KiB are cut off by the WebSocket layer itself. Creating rooms and
  claiming seats is limited per client address (:data:`ROOM_LIMIT` a minute, HTTP 429
  beyond; behind a reverse proxy every client has the proxy's address: raise it).
- Hellos (new connections) are limited too, before anything else is done with them:
  :data:`HELLO_LIMIT` a second per client address (bursts of
  :data:`HELLO_BURST_SECONDS` times that; ``--hello-limit``) and :data:`ROOM_HELLOS` a
  second per room (bursts of :data:`ROOM_HELLO_BURST`); a hello limit of 0 turns both
  off. A hello
  beyond them gets an ``error`` (code ``rate``) and the close code
  :data:`~.protocol.TRY_AGAIN`: the client reconnects later, with its backoff.
- The event loop never waits for the disk: every use of the rooms (reads, and the
  fsync'd writes) runs on one database thread, in order, and the loop awaits it, so a
  slow write in one room does not hold up the messages of another. The state sent to
  each seat is built on that thread too (the rooms are only ever touched there). A
  hello writes nothing (the room's activity stamp is flushed every minute, see
  :mod:`.rooms`).
- Memory: every :data:`TIDY_EVERY` seconds (or ``sweep_every`` if shorter) the stamps
  are flushed and the rooms nobody is connected to and idle for ``evict_after``
  seconds (:data:`EVICT_AFTER`) are dropped from memory; the next hello reads them
  back. A sweep deletes idle rooms every ``sweep_every`` seconds (and closes their
  connections with :data:`~.protocol.GONE`); ``clock`` is injectable for tests.
- The database: the server refuses to start on a file it cannot use or that another
  server holds (:class:`RoomError`, see :mod:`.rooms`); once its file is deleted
  under it, it writes every room to a new file there at once (at the next write,
  health check or housekeeping tick, whichever comes first) and play goes on; once its
  file is replaced by another one, it acknowledges nothing more (``storage`` refusals,
  a CRITICAL log line, and ``/health`` answering 503 with the ``problem``). ``/health`` says
  ``{"ok", "rooms", "loaded" (rooms in memory), "connections"}`` and ``problem``.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import time
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from ...errors import BadMessage, GameError, IllegalMove, RoomError
from ...untrusted import short_repr
from .protocol import (
    AWAY,
    BURST,
    FLOOD,
    GONE,
    GUEST,
    HELLO_TIMEOUT,
    HERE,
    HOST,
    OFFLINE,
    RATE,
    REFUSED,
    REPLACED,
    ROOM_ID,
    TRY_AGAIN,
    error_message,
    read_client_message,
    state_message,
)
from .rooms import Rooms

log = logging.getLogger("gamewidgets.domino.server")

#: refused-for-rate messages a connection may send before it is closed
FLOOD_LIMIT = 3 * BURST
#: state messages waiting for a slow reader before its connection is dropped
QUEUE_LIMIT = 64
#: the WebSocket layer's own frame limit (bytes); our limit (MAX_MESSAGE) is lower
FRAME_LIMIT = 65536

_STATUS = {"unknown-room": 404, "seat-taken": 409, "wrong-credential": 403, "storage": 503, "damaged": 500}
#: rooms created or seats claimed per minute from one address (``--room-limit``)
ROOM_LIMIT = 60
#: hellos a second from one address on average (``--hello-limit``; bursts of
#: HELLO_BURST_SECONDS times as many: a classroom behind one address connects at once)
HELLO_LIMIT = 20.0
HELLO_BURST_SECONDS = 15.0
#: hellos a second into one room (both seats together), and in one burst
ROOM_HELLOS, ROOM_HELLO_BURST = 1.0, 12
#: a room nobody is connected to leaves memory after this many idle seconds
EVICT_AFTER = 300.0
#: how often (seconds, at most) stamps are flushed and idle rooms evicted
TIDY_EVERY = 60.0
#: keys (addresses, rooms) a limiter remembers before the idle ones are forgotten
_KEYS = 10_000

_T = TypeVar("_T")


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


class Limiter:
    """One :class:`TokenBucket` per key (a client address, a room), ``rate`` a second
    and ``burst`` at once each; at most :data:`_KEYS` keys are remembered (the full
    buckets are forgotten first). ``rate`` 0: no limit."""

    def __init__(self, rate: float, burst: float):
        self.rate, self.burst = rate, burst
        self._buckets: dict[str, TokenBucket] = {}

    def allow(self, key: str) -> bool:
        if not self.rate:
            return True
        bucket = self._buckets.get(key)
        if bucket is None:
            if len(self._buckets) >= _KEYS:
                self._buckets = {k: b for k, b in self._buckets.items() if not b.full}
            bucket = self._buckets[key] = TokenBucket(self.rate, self.burst)
        return bucket.take()


class _Connection:
    """One client's WebSocket; messages go out in order through a queue."""

    def __init__(self, websocket: WebSocket, room_id: str, seat: int, away: bool = False):
        self.websocket, self.room_id, self.seat = websocket, room_id, seat
        self.away = away  # its notebook says nobody looks at the seat
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


def _close_reason(text: str) -> str:
    """``text`` cut to what a close frame may carry (123 bytes of UTF-8)."""
    return text.encode("utf-8", "replace")[:120].decode("utf-8", "ignore")


def _refusal(exc: BaseException) -> dict[str, str]:
    """The error message that refuses a message, for the exception that refused it."""
    code = getattr(exc, "code", None) or ("illegal" if isinstance(exc, IllegalMove) else "bad-message")
    return error_message(code, str(exc))


class RoomServer:
    """The rooms and their live connections (one per seat)."""

    def __init__(self, rooms: Rooms, room_limit: float = ROOM_LIMIT, *, hello_limit: float = HELLO_LIMIT,
                 evict_after: float = EVICT_AFTER):
        self.rooms = rooms
        self.room_limit = room_limit
        self.evict_after = evict_after
        self._seats: dict[tuple[str, int], _Connection] = {}
        self._rooms_per_address = Limiter(room_limit / 60, room_limit)
        self._hellos_per_address = Limiter(hello_limit, hello_limit * HELLO_BURST_SECONDS)
        self._hellos_per_room = Limiter(ROOM_HELLOS if hello_limit else 0, ROOM_HELLO_BURST)
        self._database = ThreadPoolExecutor(1, thread_name_prefix="gamewidgets-rooms-db")

    async def _db(self, function: Callable[..., _T], *args: Any) -> _T:
        """``function(*args)`` on the database thread (the loop goes on meanwhile)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._database, functools.partial(function, *args))

    def _too_many(self, request: Request) -> JSONResponse | None:
        """The answer when this address has created/claimed too much lately (else None)."""
        if self._rooms_per_address.allow(request.client.host if request.client else "?"):
            return None
        return JSONResponse({"code": "rate", "message": "too many rooms from this address: try again in a minute"},
                            status_code=429)

    # ------------------------------------------------------- on the event loop
    def connected(self, room_id: str) -> list[bool]:
        return [(room_id, seat) in self._seats for seat in (HOST, GUEST)]

    def presence(self, room_id: str) -> list[str]:
        """Each seat's here / away / offline, now."""
        out = []
        for seat in (HOST, GUEST):
            conn = self._seats.get((room_id, seat))
            out.append(OFFLINE if conn is None else AWAY if conn.away else HERE)
        return out

    async def broadcast(self, room_id: str) -> None:
        """Send both connected seats the room's state (nothing if the room is gone)."""
        try:
            states = await self._db(self.states, room_id, self.presence(room_id))
        except RoomError:
            return
        self._deliver(room_id, states)

    def _deliver(self, room_id: str, states: dict[int, dict[str, Any]]) -> None:
        for seat, message in states.items():
            conn = self._seats.get((room_id, seat))
            if conn is not None:
                conn.send(message)

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

    async def sweep(self) -> list[str]:
        gone = await self._db(self.rooms.sweep)
        for room_id in gone:
            for seat in (HOST, GUEST):
                conn = self._seats.pop((room_id, seat), None)
                if conn is not None:
                    conn.send(error_message("unknown-room", "this room expired"))
                    conn.close(GONE, "the room expired")
        return gone

    async def tidy(self) -> list[str]:
        """Flush the activity stamps and drop idle rooms nobody is connected to from
        memory: their ids."""
        keep = {room_id for room_id, _seat in self._seats}
        await self._db(self.rooms.verify)  # a database gone is said even while nobody plays
        return await self._db(self.rooms.evict, self.evict_after, keep)

    async def handle(self, conn: _Connection, message: dict[str, Any]) -> None:
        """Act on one message of a seat's live connection (raises GameError to refuse)."""
        kind = message["type"]
        if kind == "hello":
            raise BadMessage("hello was already said on this connection")
        if kind == "presence":
            if conn.away != message["away"]:
                conn.away = message["away"]
                await self.broadcast(conn.room_id)
            return
        states = await self._db(self.apply, conn.room_id, conn.seat, message, self.presence(conn.room_id))
        self._deliver(conn.room_id, states)

    # ------------------------------------------------- on the database thread
    def apply(self, room_id: str, seat: int, message: dict[str, Any], presence: list[str]) -> dict[int, dict[str, Any]]:
        """Act on ``message`` (checked by :func:`read_client_message`) from ``seat``,
        given each seat's ``presence``: the states to send (raises GameError to refuse)."""
        room = self.rooms.get(room_id)
        kind = message["type"]
        if kind == "move":
            if OFFLINE in presence:
                raise IllegalMove("your opponent is not connected: the game continues when they are"
                                  if room.joined else "wait for the guest to join")
            self.rooms.move(room, seat, message["move"], message["game"], message["ply"])
        elif kind == "new_game":
            self.rooms.new_game(room, seat)
        elif kind == "decline":
            if not self.rooms.decline(room, seat):
                raise RoomError("there is no new-game request to decline", "no-request")
        else:
            raise BadMessage(f"unknown message type {short_repr(kind, 60)}")
        return self.states(room_id, presence)

    def states(self, room_id: str, presence: list[str]) -> dict[int, dict[str, Any]]:
        """The state message of each seat that is connected (``presence``)."""
        room = self.rooms.get(room_id)
        seats = [p != OFFLINE for p in presence]
        return {seat: state_message(room.id, seat, room.game_no, room.game, seats=seats, joined=room.joined,
                                    request=room.request, presence=presence)
                for seat in (HOST, GUEST) if seats[seat]}

    # ---------------------------------------------------------------- endpoints
    async def create_room(self, request: Request) -> JSONResponse:
        refused = self._too_many(request)
        if refused is not None:
            return refused
        try:
            room, credential = await self._db(self.rooms.create)
        except RoomError as exc:
            return JSONResponse({"code": exc.code, "message": str(exc)}, status_code=_STATUS.get(exc.code, 400))
        return JSONResponse({"room": room, "seat": HOST, "credential": credential}, status_code=201)

    async def claim_guest(self, request: Request) -> JSONResponse:
        room = request.path_params["room"]
        refused = self._too_many(request)
        if refused is not None:
            return refused
        try:
            credential = await self._db(self.rooms.claim, room)
        except RoomError as exc:
            return JSONResponse({"code": exc.code, "message": str(exc)}, status_code=_STATUS.get(exc.code, 400))
        await self.broadcast(room)  # the host sees the guest has joined
        return JSONResponse({"room": room, "seat": GUEST, "credential": credential}, status_code=201)

    async def health(self, request: Request) -> JSONResponse:
        problem, count, loaded = await self._db(
            lambda: (self.rooms.verify(), self.rooms.count(), len(self.rooms.loaded)))
        return JSONResponse({"ok": problem is None, "rooms": count, "loaded": loaded,
                             "connections": len(self._seats), **({"problem": problem} if problem else {})},
                            status_code=503 if problem else 200)

    def _hello_allowed(self, websocket: WebSocket, room_id: str) -> bool:
        address = websocket.client.host if websocket.client else "?"
        if not self._hellos_per_address.allow(address):
            return False
        return not ROOM_ID.fullmatch(room_id) or self._hellos_per_room.allow(room_id)

    async def play(self, websocket: WebSocket) -> None:
        room_id = websocket.path_params["room"]
        await websocket.accept()
        try:
            try:
                if not self._hello_allowed(websocket, room_id):
                    raise RoomError("too many connections lately: try again in a few seconds", "rate")
                raw = await asyncio.wait_for(websocket.receive(), HELLO_TIMEOUT)
                if raw["type"] == "websocket.disconnect":
                    return
                hello = read_client_message(raw.get("text"))
                if hello["type"] != "hello":
                    raise BadMessage("the first message must be hello")
                await self._db(self.rooms.open_seat, room_id, hello["seat"], hello["credential"])
            except (GameError, asyncio.TimeoutError) as exc:
                refusal = _refusal(exc) if isinstance(exc, GameError) else error_message("refused", "no hello in time")
                code = refusal["code"]
                await websocket.send_text(json.dumps(refusal))
                close = GONE if code == "unknown-room" else TRY_AGAIN if code in ("rate", "storage") else REFUSED
                await websocket.close(close, _close_reason(refusal["message"]))
                return
            except Exception as exc:  # a bug: say so, keep the server up
                log.exception("error handling a hello in room %s", room_id)
                await websocket.send_text(json.dumps(error_message("internal", f"server error: {type(exc).__name__}")))
                await websocket.close(1011, "server error")
                return
        except (WebSocketDisconnect, RuntimeError):  # gone before or while we answered
            return
        conn = _Connection(websocket, room_id, hello["seat"], away=hello.get("away", False))
        self.attach(conn)
        await self.broadcast(room_id)
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
                    await self.handle(conn, read_client_message(raw.get("text")))
                except GameError as exc:
                    conn.send(_refusal(exc))
                except Exception as exc:  # a bug: tell the client, keep the server up
                    log.exception("error handling a message in room %s", room_id)
                    conn.send(error_message("internal", f"server error: {type(exc).__name__}"))
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            if self.detach(conn):
                with contextlib.suppress(RoomError, RuntimeError):
                    await self.broadcast(room_id)  # the other seat sees who is missing
            await conn.finish()


def create_app(db: str | Path, *, clock: Callable[[], float] = time.time, sweep_every: float = 3600.0,
               expiry: float | None = None, room_limit: float = ROOM_LIMIT, hello_limit: float = HELLO_LIMIT,
               evict_after: float = EVICT_AFTER, address: str = "") -> Starlette:
    """The server as an ASGI app (``app.state.server`` is the :class:`RoomServer`);
    ``room_limit``: rooms created or seats claimed a minute per address (0: no limit);
    ``hello_limit``: hellos a second per address (0: no limit); ``address``: this
    server's address, written in the database's lock file. :class:`RoomError` at once
    when the database cannot be used or another server holds it (see :mod:`.rooms`)."""
    if not sweep_every > 0:
        raise ValueError(f"sweep_every must be a positive number of seconds, not {sweep_every!r}")
    kwargs = {} if expiry is None else {"expiry": expiry}
    server = RoomServer(Rooms(db, clock=clock, holder=address, **kwargs), room_limit,
                        hello_limit=hello_limit, evict_after=evict_after)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        async def housekeeping() -> None:
            tick = min(sweep_every, TIDY_EVERY)
            next_sweep = time.monotonic() + sweep_every
            while True:
                await asyncio.sleep(tick)
                try:
                    await server.tidy()
                    if time.monotonic() >= next_sweep:
                        next_sweep = time.monotonic() + sweep_every
                        await server.sweep()
                except RoomError as exc:
                    log.error("housekeeping: %s", exc)
                except Exception:
                    log.exception("housekeeping failed")

        task = asyncio.create_task(housekeeping())
        try:
            yield
        finally:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
            await server._db(server.rooms.close)
            server._database.shutdown(wait=True)

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
          sweep_every: float = 3600.0, room_limit: float = ROOM_LIMIT, hello_limit: float = HELLO_LIMIT,
          log_level: str = "warning") -> None:
    """Run the server until interrupted (what ``gamewidgets domino serve`` does);
    :class:`RoomError` before it listens when the database cannot be used."""
    import uvicorn

    app = create_app(db, sweep_every=sweep_every, room_limit=room_limit, hello_limit=hello_limit,
                     address=f"http://{host}:{port}")
    print(f"dominoes room server on http://{host}:{port} (rooms in {Path(db).resolve()})", flush=True)
    uvicorn.run(app, host=host, port=port, ws="websockets-sansio", ws_max_size=FRAME_LIMIT,
                log_level=log_level, lifespan="on")
