"""The room server's rooms: seats, credentials, games and moves, kept in SQLite.

Pure Python (sqlite3, no network): :mod:`.server` puts it on the wire, and tests
drive it directly. Every public method takes one lock, so any thread may call it
(the server calls it from its one database thread, tests from theirs).

- A room has two seats, the host's (0) and the guest's (1). Each seat's credential is
  43 url-safe characters (256 random bits) given once to the client that takes the
  seat; the database keeps only its SHA-256, and checks compare digests in constant
  time (``hmac.compare_digest``). The guest seat is claimed once, atomically (one
  ``UPDATE ... WHERE guest IS NULL``). Room ids are 128 random bits. A seat is the
  integer 0 or 1 exactly: anything else (``0.0``, ``True``) opens nothing.
- A room plays one game at a time, numbered from 0. A game is stored as its secret
  seed (``Game(seed)`` deals it; the seed never leaves the server) and its moves,
  one row per action, each committed in its own transaction *before* it is applied
  and acknowledged, so a server killed at any moment and restarted has every
  confirmed move (``synchronous=FULL``: also across a power loss). A room is read
  back by dealing again from the seed and replaying the moves with the rules engine;
  a room whose stored moves do not replay is refused (``damaged``), not a crash.
- New game: while the guest seat is empty the host starts one alone; once the guest
  has joined, one seat asks (``request``) and the other agrees. A move, by either
  seat, cancels a pending request; so does ``decline`` (by either seat). Seats never
  change: the host is player 0 in every game, and the opener is whoever the deal says.
- Activity (creating, claiming, connecting, moving, asking) stamps the room with the
  clock; :meth:`Rooms.sweep` deletes rooms idle for :data:`~.protocol.EXPIRY`.
  Connecting (a hello) stamps the room *in memory only* -- it writes nothing, so a
  reconnect flood costs no disk writes; the stamps are written in one transaction by
  :meth:`Rooms.flush` (the server calls it every minute, and before sweeping, evicting
  and closing). A server killed between two flushes loses at most that long of
  connection stamps (of a 7-day expiry), never a move.
- Memory: a room is held in memory while it is used; :meth:`Rooms.evict` forgets the
  rooms idle for a while that nobody is connected to (they stay in the database and
  are read back on the next hello).
  The clock is injected (``clock=``), so tests move time instead of waiting.

The database file (choices, issue 12):

- Opening it is checked at once, and every failure is a :class:`RoomError` with code
  ``database`` and the reason in words (the CLI prints it and exits with status 2): a
  missing folder, a directory, a file that is not SQLite, an SQLite file of something
  else, a file it cannot write (a real write is tried at start-up).
- One server per database: an exclusive ``flock`` on ``<db>.lock`` beside it, held
  while the rooms are open (the kernel drops it when the process dies, even by
  SIGKILL). The lock file says who holds it (pid, address, since when); a second
  server is refused with code ``locked`` and a message naming the first. The lock
  file is never deleted (deleting it would let a third server in beside the first).
- A database deleted or replaced under a running server: the file's device and inode
  are compared, before and after every write (and at every :meth:`Rooms.verify`), with
  those of the file it opened. A deleted file is written again at once, whole, from
  the connection that still holds it (SQLite's backup of the open database: every
  room and every acknowledged move), and play goes on with the new file; a restart,
  even after a kill, finds every room. A file replaced by another one is not
  overwritten: nothing more is acknowledged: the write in progress is undone in memory,
  it and every later write is refused with code ``storage`` (:attr:`Rooms.problem`
  says why, the server logs it at CRITICAL and ``/health`` answers 503) until the
  server is restarted on a good file. A write that fails in SQLite (disk full, I/O
  error) is refused the same way, but only that write.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import hmac
import json
import logging
import os
import secrets
import sqlite3
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from ...errors import GameError, IllegalMove, RoomError
from ...store import Statement, transaction
from ..rules import Event, Game, move_from_dict
from .protocol import EXPIRY, GUEST, HOST, ROOM_ID

log = logging.getLogger("gamewidgets.domino.server")

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
CREATE TABLE IF NOT EXISTS meta (
    key TEXT PRIMARY KEY,        -- "opened": when a server last opened the file
    value
) WITHOUT ROWID;
"""
_TABLES = {"rooms", "moves"}

_T = TypeVar("_T")


def new_credential() -> str:
    return secrets.token_urlsafe(32)


def _digest(credential: str) -> str:
    return hashlib.sha256(credential.encode()).hexdigest()


def _new_seed() -> int:
    return secrets.randbits(63)


def _lock_exclusively(fd: int) -> None:
    """Take the lock of the open lock file ``fd`` without waiting (OSError if another
    process holds it): ``flock`` on POSIX, ``msvcrt.locking`` of its first byte on
    Windows; the system drops it when the process ends."""
    if sys.platform == "win32":
        import msvcrt

        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    else:
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


def lock_path(db: str | os.PathLike[str]) -> Path:
    """The lock file of the database ``db``: ``<db>.lock`` beside it."""
    db = Path(db)
    return db.with_name(db.name + ".lock")


def _locked(method: Callable[..., _T]) -> Callable[..., _T]:
    """``method`` under the rooms' lock (one caller at a time, from any thread)."""

    @functools.wraps(method)
    def call(self: Rooms, *args: Any, **kwargs: Any) -> _T:
        with self._lock:
            return method(self, *args, **kwargs)

    return call


@dataclass
class Room:
    """A room as the server holds it in memory (the database has the same, but for
    an ``active`` stamp not flushed yet)."""

    id: str
    game: Game
    game_no: int
    joined: bool
    request: int | None
    active: float
    _hashes: tuple[str, str | None]

    def check(self, seat: object, credential: object) -> bool:
        """Whether ``credential`` opens ``seat`` (constant time in the credential)."""
        if type(seat) is not int or seat not in (HOST, GUEST):
            return False
        stored = self._hashes[seat]
        given = _digest(credential) if isinstance(credential, str) else ""
        # compare against something of the same length even for a free seat
        return hmac.compare_digest(stored or "-" * 64, given) and stored is not None


class Rooms:
    """All rooms of one server, in the SQLite file ``path`` (WAL). ``holder`` names
    this server in the lock file (its address), for a second one's refusal.
    :class:`RoomError` ("database" / "locked") when the file cannot be used."""

    def __init__(self, path: str | os.PathLike[str], *, clock: Callable[[], float] = time.time,
                 expiry: float = EXPIRY, holder: str = ""):
        self.path = Path(path)
        self.clock = clock
        self.expiry = expiry
        self._lock = threading.RLock()
        self._live: dict[str, Room] = {}
        self._dirty: set[str] = set()  # rooms whose active stamp is newer in memory
        self._problem: str | None = None
        self._check_readable()
        self._lock_file = self._take_lock(holder)
        try:
            self._db = self._open()
        except BaseException:
            os.close(self._lock_file)
            raise
        self._identity = self._file_identity()

    # ------------------------------------------------------------ the file
    def _refuse(self, why: str) -> RoomError:
        return RoomError(f"cannot use the rooms database {self.path}: {why}", "database")

    def _check_readable(self) -> None:
        """Refuse a path that cannot be a rooms database, before making anything beside it."""
        folder = self.path.parent
        if not folder.is_dir():
            raise self._refuse(f"the folder {folder} does not exist" if not folder.exists()
                               else f"{folder} is not a folder")
        if self.path.is_dir():
            raise self._refuse("it is a directory (give a file name, e.g. rooms.db)")
        if not self.path.exists():
            return
        try:
            probe = sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=ro", uri=True)
            try:
                self._check_tables(probe)
            finally:
                probe.close()
        except sqlite3.Error as exc:
            raise self._refuse(f"{exc} (not a rooms database)") from None

    def _check_tables(self, db: sqlite3.Connection) -> None:
        """Refuse an SQLite file that holds something else than rooms."""
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if tables and not tables >= _TABLES:
            raise self._refuse(f"it is an SQLite file of something else (tables: {', '.join(sorted(tables))})")

    def _take_lock(self, holder: str) -> int:
        where = lock_path(self.path)
        try:
            fd = os.open(where, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:
            raise self._refuse(f"cannot create its lock file {where} ({exc.strerror or exc})") from None
        try:
            _lock_exclusively(fd)
        except OSError:
            other = _read_holder(fd)
            os.close(fd)
            raise RoomError(
                f"the rooms database {self.path} is in use by another room server ({other}); stop that "
                "one first, or give this one another --db", "locked") from None
        since = time.strftime("%Y-%m-%d %H:%M:%S")
        info = json.dumps({"pid": os.getpid(), "server": holder, "since": since}).encode()
        os.ftruncate(fd, 0)
        os.pwrite(fd, info + b"\n", 0)
        return fd

    def _open(self) -> sqlite3.Connection:
        try:
            db = sqlite3.connect(str(self.path), isolation_level=None, check_same_thread=False)
        except sqlite3.Error as exc:
            raise self._refuse(str(exc)) from None
        try:
            self._check_tables(db)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")
            db.execute("PRAGMA foreign_keys=ON")
            db.execute("PRAGMA busy_timeout=5000")
            db.executescript(_SCHEMA)
            # a real write, now: a file it cannot write is refused at start-up
            transaction(db, [("INSERT INTO meta VALUES ('opened', ?) ON CONFLICT(key) DO UPDATE "
                              "SET value = excluded.value", (self.clock(),))])
        except sqlite3.Error as exc:
            db.close()
            raise self._refuse(f"{exc} (it cannot be read and written as a rooms database)") from None
        except BaseException:
            db.close()
            raise
        return db

    def _file_identity(self) -> tuple[int, int] | None:
        try:
            info = os.stat(self.path)
        except OSError:
            return None
        return info.st_dev, info.st_ino

    def _check_file(self) -> None:
        """Refuse (and from now on) when the file is not the one opened any more. A file
        deleted under the running server is written again at once, whole, from the
        connection that still holds it (every room and every acknowledged move), and
        play goes on; a file replaced by another one is left alone and refused."""
        if self._problem is None:
            now = self._file_identity()
            if now is None:
                self._rewrite()
                now = self._file_identity()
            if now != self._identity:
                self._problem = (
                    f"the rooms database {self.path} was "
                    f"{'deleted' if now is None else 'replaced by another file'} while the server ran: "
                    "nothing can be stored and no move is acknowledged any more; restart the server "
                    "on a good database")
                log.critical("%s", self._problem)
        if self._problem is not None:
            raise RoomError(self._problem, "storage")

    def _rewrite(self) -> None:
        """The database file was deleted: copy what the open connection still holds (the
        deleted file's pages, the write-ahead log's too) to a new file at the path, and
        go on with it. Nothing acknowledged is lost, and a restart finds every room."""
        try:
            fresh = sqlite3.connect(str(self.path), isolation_level=None, check_same_thread=False)
        except sqlite3.Error as exc:
            log.critical("the rooms database %s was deleted and cannot be written again: %s", self.path, exc)
            return
        try:
            self._db.backup(fresh)
            for pragma in ("journal_mode=WAL", "synchronous=FULL", "foreign_keys=ON", "busy_timeout=5000"):
                fresh.execute(f"PRAGMA {pragma}")
        except sqlite3.Error as exc:
            fresh.close()
            with contextlib.suppress(OSError):
                self.path.unlink()  # a half-written copy must not look like the rooms
            log.critical("the rooms database %s was deleted and could not be written again: %s", self.path, exc)
            return
        old, self._db = self._db, fresh
        old.close()
        self._identity = self._file_identity()
        log.warning("the rooms database %s was deleted while the server ran: every room was written to a new "
                    "file there, and play goes on", self.path)

    @property
    def problem(self) -> str | None:
        """Why nothing can be stored any more (the database went away), or None."""
        return self._problem

    @_locked
    def verify(self) -> str | None:
        """Check now that the file is still the one opened (without a write): the
        :attr:`problem`, or None."""
        with contextlib.suppress(RoomError):
            self._check_file()
        return self._problem

    @_locked
    def close(self) -> None:
        try:
            self.flush()
        except RoomError:
            pass  # said when it happened
        finally:
            self._db.close()
            os.close(self._lock_file)

    # ------------------------------------------------------------ seats
    @_locked
    def create(self) -> tuple[str, str]:
        """A new room: ``(room id, the host's credential)``."""
        room, credential, now = secrets.token_urlsafe(16), new_credential(), self.clock()
        self._write([("INSERT INTO rooms VALUES (?, ?, ?, ?, NULL, 0, ?, NULL)",
                      (room, now, now, _digest(credential), _new_seed()))])
        return room, credential

    @_locked
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

    @_locked
    def open_seat(self, room_id: str, seat: object, credential: object) -> Room:
        """The room, when ``credential`` opens ``seat`` (the integer 0 or 1) in it;
        :class:`RoomError` ("wrong-credential" / "unknown-room") otherwise. Stamps
        the room in memory (see :meth:`flush`)."""
        room = self.get(room_id)
        if not room.check(seat, credential):
            raise RoomError("wrong credential for this seat", "wrong-credential")
        self.touch(room)
        return room

    # ------------------------------------------------------------ rooms
    @_locked
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
        try:
            game = Game(seed)
            for (text,) in self._db.execute(
                "SELECT move FROM moves WHERE room = ? AND game = ? ORDER BY ply", (room_id, game_no)
            ):
                game.play(json.loads(text))  # the record format: player and drawn tile checked
        except (GameError, ValueError, TypeError, KeyError, OverflowError) as exc:
            log.error("room %s: its stored game does not replay (%s)", room_id, exc)
            raise RoomError(f"this room's stored game is damaged ({exc})", "damaged") from None
        room = Room(room_id, game, game_no, guest is not None, request, active, (host, guest))
        self._live[room_id] = room
        return room

    @_locked
    def touch(self, room: Room) -> None:
        """Stamp ``room`` as active now, in memory (written by :meth:`flush`)."""
        room.active = self.clock()
        self._dirty.add(room.id)

    @_locked
    def flush(self) -> int:
        """Write the activity stamps kept in memory, in one transaction: how many."""
        stamps = [(self._live[i].active, i) for i in self._dirty if i in self._live]
        if stamps:
            self._write([("UPDATE rooms SET active = max(active, ?) WHERE id = ?", stamp) for stamp in stamps])
        self._dirty.clear()
        return len(stamps)

    @_locked
    def move(self, room: Room, seat: int, move: dict[str, Any], game_no: int, ply: int) -> Event:
        """Play ``move`` (the record format's ``{"action": ...}``; a draw's tile and
        any ``player`` are ignored: the server deals) for ``seat``, seen at
        ``game_no``/``ply``. Stored before it returns; :class:`IllegalMove` /
        :class:`RoomError` ("stale", "storage") and nothing changes otherwise."""
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
        self._dirty.discard(room.id)
        return event

    @_locked
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

    @_locked
    def decline(self, room: Room, seat: int) -> bool:
        """Withdraw or decline the pending request: whether there was one."""
        if room.request is None:
            return False
        now = self.clock()
        self._write([("UPDATE rooms SET request = NULL, active = ? WHERE id = ?", (now, room.id))])
        room.request, room.active = None, now
        return True

    @_locked
    def sweep(self) -> list[str]:
        """Delete the rooms without activity for ``expiry`` seconds; their ids."""
        self.flush()
        limit = self.clock() - self.expiry
        gone = [row[0] for row in self._db.execute("SELECT id FROM rooms WHERE active < ?", (limit,))]
        if gone:
            self._write([("DELETE FROM rooms WHERE active < ?", (limit,))])
            for room_id in gone:
                self._live.pop(room_id, None)
        return gone

    @_locked
    def evict(self, idle: float, keep: set[str] | frozenset[str] = frozenset()) -> list[str]:
        """Forget, in memory only, the rooms without activity for ``idle`` seconds that
        are not in ``keep`` (the rooms with a connection); their ids. Their stamps are
        flushed first; they are read back from the database when asked for again."""
        with contextlib.suppress(RoomError):  # said already; the rooms not flushed stay
            self.flush()
        limit = self.clock() - idle
        gone = [i for i, room in self._live.items()
                if i not in keep and i not in self._dirty and room.active <= limit]
        for room_id in gone:
            del self._live[room_id]
        return gone

    @property
    def loaded(self) -> frozenset[str]:
        """The ids of the rooms held in memory now."""
        with self._lock:
            return frozenset(self._live)

    @_locked
    def count(self) -> int:
        return self._db.execute("SELECT count(*) FROM rooms").fetchone()[0]

    def _write(self, statements: list[Statement]) -> int:
        """One transaction, acknowledged only if it reached the file the server opened
        (checked before and after); :class:`RoomError` ("storage") otherwise."""
        self._check_file()
        try:
            changed = transaction(self._db, statements)
        except sqlite3.Error as exc:
            log.error("the rooms database %s refused a write: %s", self.path, exc)
            raise RoomError(f"the server could not store this ({exc}): nothing was changed", "storage") from None
        self._check_file()  # the commit went to a file that is not there any more
        return changed


def _read_holder(fd: int) -> str:
    """Who holds the lock, in words, from the lock file's JSON (what is known)."""
    try:
        info = json.loads(os.pread(fd, 4096, 0) or b"{}")
    except ValueError:
        info = {}
    if not isinstance(info, dict):
        info = {}
    parts = [f"pid {info['pid']}" if "pid" in info else "pid unknown"]
    if info.get("server"):
        parts.append(f"at {info['server']}")
    if info.get("since"):
        parts.append(f"since {info['since']}")
    return ", ".join(str(p) for p in parts)
