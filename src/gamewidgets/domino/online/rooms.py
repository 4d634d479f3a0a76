"""The room server's rooms: seats, credentials, games and moves, kept in SQLite.

Pure Python (sqlite3, no network): :mod:`.server` puts it on the wire, and tests
drive it directly.

- A room has two seats, the host's (0) and the guest's (1). Each seat's credential is
  43 url-safe characters (256 random bits) given once to the client that takes the
  seat; the database keeps only its SHA-256, and checks compare digests in constant
  time (``hmac.compare_digest``). The guest seat is claimed once, atomically (one
  ``UPDATE ... WHERE guest IS NULL``). Room ids are 128 random bits.
- A room plays one game at a time, numbered from 0. A game is stored as its secret
  seed (``Game(seed)`` deals it; the seed never leaves the server) and its moves,
  one row per action, each committed in its own transaction *before* it is applied
  and acknowledged, so a server killed at any moment and restarted has every
  confirmed move (``synchronous=FULL``: also across a power loss). A room is read
  back by dealing again from the seed and replaying the moves with the rules engine.
- New game: while the guest seat is empty the host starts one alone; once the guest
  has joined, one seat asks (``request``) and the other agrees. A move, by either
  seat, cancels a pending request; so does ``decline`` (by either seat). Seats never
  change: the host is player 0 in every game, and the opener is whoever the deal says.
- Activity (creating, claiming, connecting, moving, asking) stamps the room with the
  clock; :meth:`Rooms.sweep` deletes rooms idle for :data:`~.protocol.EXPIRY`.
  The clock is injected (``clock=``), so tests move time instead of waiting.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...errors import IllegalMove, RoomError
from ...store import Statement, transaction
from ..rules import Event, Game, move_from_dict
from .protocol import EXPIRY, GUEST, HOST, ROOM_ID

_SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    id TEXT PRIMARY KEY,
    created REAL NOT NULL,
    active REAL NOT NULL,
    host TEXT NOT NULL,          -- SHA-256 of the host's credential
    guest TEXT,                  -- SHA-256 of the guest's credential; NULL: seat free
    game INTEGER NOT NULL,       -- the number of the game being played
    seed INTEGER NOT NULL,       -- its deal (secret)
    request INTEGER              -- the seat asking for a new game, or NULL
);
CREATE TABLE IF NOT EXISTS moves (
    room TEXT NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,
    game INTEGER NOT NULL,
    ply INTEGER NOT NULL,
    move TEXT NOT NULL,          -- the event in the record format (a draw with its tile)
    PRIMARY KEY (room, game, ply)
) WITHOUT ROWID;
"""


def new_credential() -> str:
    return secrets.token_urlsafe(32)


def _digest(credential: str) -> str:
    return hashlib.sha256(credential.encode()).hexdigest()


def _new_seed() -> int:
    return secrets.randbits(63)


@dataclass
class Room:
    """A room as the server holds it in memory (the database has the same)."""

    id: str
    game: Game
    game_no: int
    joined: bool
    request: int | None
    active: float
    _hashes: tuple[str, str | None]

    def check(self, seat: int, credential: str) -> bool:
        """Whether ``credential`` opens ``seat`` (constant time in the credential)."""
        stored = self._hashes[seat]
        given = _digest(credential) if isinstance(credential, str) else ""
        # compare against something of the same length even for a free seat
        return hmac.compare_digest(stored or "-" * 64, given) and stored is not None


class Rooms:
    """All rooms of one server, in the SQLite file ``path`` (WAL)."""

    def __init__(self, path: str | Path, *, clock: Callable[[], float] = time.time, expiry: float = EXPIRY):
        self.path = Path(path)
        self.clock = clock
        self.expiry = expiry
        self._db = sqlite3.connect(str(self.path), isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.execute("PRAGMA busy_timeout=5000")
        self._db.executescript(_SCHEMA)
        self._live: dict[str, Room] = {}

    def close(self) -> None:
        self._db.close()

    # ------------------------------------------------------------ seats
    def create(self) -> tuple[str, str]:
        """A new room: ``(room id, the host's credential)``."""
        room, credential, now = secrets.token_urlsafe(16), new_credential(), self.clock()
        self._write([("INSERT INTO rooms VALUES (?, ?, ?, ?, NULL, 0, ?, NULL)",
                      (room, now, now, _digest(credential), _new_seed()))])
        return room, credential

    def claim(self, room_id: str) -> str:
        """Take the guest seat of ``room_id``: its credential. :class:`RoomError`
        ("seat-taken") if someone has it already."""
        room = self.get(room_id)  # unknown-room
        credential, now = new_credential(), self.clock()
        changed = self._write([("UPDATE rooms SET guest = ?, active = ? WHERE id = ? AND guest IS NULL",
                                (_digest(credential), now, room_id))])
        if changed != 1:
            raise RoomError("the guest seat of this room is taken", "seat-taken")
        room.joined, room.active, room._hashes = True, now, (room._hashes[HOST], _digest(credential))
        return credential

    def open_seat(self, room_id: str, seat: int, credential: str) -> Room:
        """The room, when ``credential`` opens ``seat`` in it; :class:`RoomError`
        ("wrong-credential" / "unknown-room") otherwise."""
        room = self.get(room_id)
        if seat not in (HOST, GUEST) or not room.check(seat, credential):
            raise RoomError("wrong credential for this seat", "wrong-credential")
        self.touch(room)
        return room

    # ------------------------------------------------------------ rooms
    def get(self, room_id: str) -> Room:
        """The room ``room_id`` (read from the database when not in memory)."""
        room = self._live.get(room_id)
        if room is not None:
            return room
        row = None
        if isinstance(room_id, str) and ROOM_ID.fullmatch(room_id):
            row = self._db.execute(
                "SELECT host, guest, game, seed, request, active FROM rooms WHERE id = ?", (room_id,)
            ).fetchone()
        if row is None:
            raise RoomError("no such room (it may have expired)", "unknown-room")
        host, guest, game_no, seed, request, active = row
        game = Game(seed)
        for (text,) in self._db.execute(
            "SELECT move FROM moves WHERE room = ? AND game = ? ORDER BY ply", (room_id, game_no)
        ):
            game.play(json.loads(text))  # the record format: player and drawn tile checked
        room = Room(room_id, game, game_no, guest is not None, request, active, (host, guest))
        self._live[room_id] = room
        return room

    def touch(self, room: Room) -> None:
        room.active = self.clock()
        self._write([("UPDATE rooms SET active = ? WHERE id = ?", (room.active, room.id))])

    def move(self, room: Room, seat: int, move: dict[str, Any], game_no: int, ply: int) -> Event:
        """Play ``move`` (the record format's ``{"action": ...}``; a draw's tile and
        any ``player`` are ignored: the server deals) for ``seat``, seen at
        ``game_no``/``ply``. Stored before it returns; :class:`IllegalMove` /
        :class:`RoomError` ("stale") and nothing changes otherwise."""
        game = room.game
        if game_no != room.game_no or ply != len(game.history):
            raise RoomError(
                f"stale move: it was made at game {game_no} ply {ply}, the room is at game "
                f"{room.game_no} ply {len(game.history)}", "stale")
        if game.is_over:
            raise IllegalMove("this game is over: ask for a new game")
        if game.turn != seat:
            raise IllegalMove("it is not your turn")
        event = game.play(move_from_dict(move), seat)
        now = self.clock()
        try:
            self._write([
                ("INSERT INTO moves VALUES (?, ?, ?, ?)",
                 (room.id, room.game_no, ply, json.dumps(event.to_dict()))),
                ("UPDATE rooms SET active = ?, request = NULL WHERE id = ?", (now, room.id)),
            ])
        except BaseException:
            game.undo()
            raise
        room.active, room.request = now, None
        return event

    def new_game(self, room: Room, seat: int) -> bool:
        """``seat`` asks for a new game, or agrees to the other's request. True when a
        new game has started (the host alone while the guest seat is free, or both
        agree); False when the request now waits for the other seat."""
        now = self.clock()
        if room.joined and room.request in (None, seat):
            self._write([("UPDATE rooms SET request = ?, active = ? WHERE id = ?", (seat, now, room.id))])
            room.request, room.active = seat, now
            return False
        seed = _new_seed()
        self._write([
            ("UPDATE rooms SET game = game + 1, seed = ?, request = NULL, active = ? WHERE id = ?",
             (seed, now, room.id)),
            ("DELETE FROM moves WHERE room = ? AND game <= ?", (room.id, room.game_no)),
        ])
        room.game, room.game_no, room.request, room.active = Game(seed), room.game_no + 1, None, now
        return True

    def decline(self, room: Room, seat: int) -> bool:
        """Withdraw or decline the pending request: whether there was one."""
        if room.request is None:
            return False
        now = self.clock()
        self._write([("UPDATE rooms SET request = NULL, active = ? WHERE id = ?", (now, room.id))])
        room.request, room.active = None, now
        return True

    def sweep(self) -> list[str]:
        """Delete the rooms without activity for ``expiry`` seconds; their ids."""
        limit = self.clock() - self.expiry
        gone = [row[0] for row in self._db.execute("SELECT id FROM rooms WHERE active < ?", (limit,))]
        if gone:
            self._write([("DELETE FROM rooms WHERE active < ?", (limit,))])
            for room_id in gone:
                self._live.pop(room_id, None)
        return gone

    def count(self) -> int:
        return self._db.execute("SELECT count(*) FROM rooms").fetchone()[0]

    def _write(self, statements: list[Statement]) -> int:
        return transaction(self._db, statements)
