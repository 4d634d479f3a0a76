"""Persistence for every game: best scores, finished games, saved games, settings.

One SQLite file (stdlib ``sqlite3``, WAL journal) at, in order of precedence:

1. the ``path`` given to :class:`Store` (widgets take ``store=`` — a path or a Store);
2. ``$GAMEWIDGETS_HOME/gamewidgets.sqlite3`` when the environment variable is set;
3. ``<jupyter data dir>/gamewidgets/gamewidgets.sqlite3``.

``Store.memory()`` keeps everything in memory only (``store=None`` on a widget).

Nothing is lost, nothing is overwritten:

- Every write is one ``BEGIN IMMEDIATE`` transaction, so a crash or two kernels writing
  at once lose nothing and corrupt nothing (the record update is a single
  ``max(best, new)`` upsert).
- **Locked**: a write that finds the file locked by another process for longer than
  ``busy_timeout`` seconds is not dropped: it waits in order with the writes after it
  (``pending``) and they are all written as soon as the lock is gone — tried again
  before the next write, every ``retry_every`` seconds on the running event loop (a
  notebook's), by :meth:`Store.flush`, and at exit. The same goes for any other write
  that fails without the file being damaged (read-only file, full disk). A
  :class:`StoreWarning` says so once, and :meth:`Store.status` (a widget's ``storage``
  trait, shown by its view) says so while it lasts. Reads do not wait for writers (WAL),
  and do not see the writes still waiting.
- **A damaged file** — not an SQLite database (its header is checked before SQLite may
  take a short file for an empty one), one SQLite cannot read, another program's
  database, or a newer gamewidgets's — is never written to: the store warns and carries
  on in memory for the session (status "unavailable"), so the game still opens and the
  file stays as it was for the user to inspect. A file that becomes damaged while in
  use is treated the same from then on (the writes not yet made are kept in memory). An
  empty (0-byte) file is a new store.
- **A damaged row** of a readable store — a record that is not an integer, a saved game
  or setting that is not JSON text (or a save its game cannot rebuild) — is moved, byte
  for byte, into the ``damaged`` table (:meth:`Store.damaged`) with a StoreWarning
  saying why; the game then opens as if the row were not there, and the next save
  cannot overwrite it.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import functools
import json
import math
import os
import sqlite3
import stat
import sys
import threading
import time
import warnings
import weakref
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, NamedTuple, TypeVar

from .errors import BadSave
from .untrusted import loads, short_repr

FILENAME = "gamewidgets.sqlite3"
#: one SQL statement and its arguments
Statement = tuple[str, tuple[Any, ...]]
SCHEMA_VERSION = 4  # 2 added "outcomes", 3 "settings", 4 "damaged"
_SCHEMA = """
CREATE TABLE IF NOT EXISTS records (
    game TEXT PRIMARY KEY,
    best INTEGER NOT NULL,
    updated REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS finished (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game TEXT NOT NULL,
    score INTEGER NOT NULL,
    moves INTEGER NOT NULL,
    seed INTEGER,
    finished REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS outcomes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game TEXT NOT NULL,
    variant TEXT NOT NULL,
    result TEXT NOT NULL CHECK (result IN ('win', 'loss', 'draw')),
    moves INTEGER NOT NULL,
    finished REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS saved (
    game TEXT NOT NULL,
    name TEXT NOT NULL,
    data TEXT NOT NULL,
    updated REAL NOT NULL,
    PRIMARY KEY (game, name)
);
CREATE TABLE IF NOT EXISTS settings (
    game TEXT NOT NULL,
    name TEXT NOT NULL,
    value TEXT NOT NULL,
    updated REAL NOT NULL,
    PRIMARY KEY (game, name)
);
CREATE TABLE IF NOT EXISTS damaged (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    source TEXT NOT NULL,
    game TEXT NOT NULL,
    name TEXT NOT NULL,
    value,
    why TEXT NOT NULL,
    found REAL NOT NULL
);
"""
_TABLES = frozenset(("records", "finished", "saved"))
#: the first bytes of every SQLite database file
_SQLITE_HEADER = b"SQLite format 3\x00"
#: SQLite error names (``sqlite_errorname``) saying the file is damaged, not merely busy
_DAMAGE_ERRORS = frozenset(("SQLITE_CORRUPT", "SQLITE_NOTADB"))
_BUSY_ERRORS = frozenset(("SQLITE_BUSY", "SQLITE_LOCKED"))
T = TypeVar("T")


class StoreWarning(UserWarning):
    """The store file cannot be used; the game goes on without saving to it."""


class OutcomeKey(NamedTuple):
    """Which outcome :meth:`Store.add_outcome` noted (for :meth:`Store.remove_outcome`):
    its row's content, ``finished`` the time, unique per store object."""

    game: str
    variant: str
    result: str
    moves: int
    finished: float


@dataclass(frozen=True)
class Tally:
    """A user's record in one variant: counts, win percentage, winning streaks."""

    wins: int = 0
    losses: int = 0
    draws: int = 0
    streak: int = 0  # wins in a row up to the last game
    best_streak: int = 0

    @property
    def played(self) -> int:
        return self.wins + self.losses + self.draws

    @property
    def win_percent(self) -> float:
        return 100.0 * self.wins / self.played if self.played else 0.0

    @classmethod
    def of(cls, results: list[str]) -> Tally:
        streak = best = 0
        for result in results:
            streak = streak + 1 if result == "win" else 0
            best = max(best, streak)
        return cls(results.count("win"), results.count("loss"), results.count("draw"), streak, best)

    def to_dict(self) -> dict[str, Any]:
        return {**asdict(self), "played": self.played, "win_percent": round(self.win_percent, 1)}


def default_path() -> Path:
    """Where the store lives unless told otherwise (see the module docstring)."""
    home = os.environ.get("GAMEWIDGETS_HOME")
    if home:
        return Path(home).expanduser() / FILENAME
    try:
        from jupyter_core.paths import jupyter_data_dir

        data = Path(jupyter_data_dir())
    except ImportError:  # jupyter_core comes with any Jupyter install; not required
        if sys.platform == "win32":
            data = Path(os.environ.get("APPDATA", Path.home())) / "jupyter"
        elif sys.platform == "darwin":
            data = Path.home() / "Library" / "Jupyter"
        else:
            xdg = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
            data = Path(xdg) / "jupyter"
    return data / "gamewidgets" / FILENAME


def transaction(conn: sqlite3.Connection, statements: Iterable[Statement]) -> int:
    """Run the ``(sql, args)`` statements in one ``BEGIN IMMEDIATE`` transaction, rolled
    back if any fails (``conn`` in autocommit mode); the rows the last one changed."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        changed = 0
        for sql, args in statements:
            changed = conn.execute(sql, args).rowcount
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:  # some errors (a full disk, I/O) have rolled it back already
            with contextlib.suppress(sqlite3.Error):  # the first error is the one to report
                conn.execute("ROLLBACK")
        raise
    return changed


def _memory_database() -> sqlite3.Connection:
    conn = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
    conn.executescript(_SCHEMA)
    return conn


def _value_of(kind: str, raw: bytes | None) -> Any:
    """A column's value as SQLite holds it (``typeof``, ``CAST(x AS BLOB)``): text that is
    not UTF-8 stays bytes."""
    if raw is None or kind == "null":
        return None
    if kind == "text":
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            return raw
    if kind == "integer":
        return int(raw)
    if kind == "real":
        return float(raw)
    return raw


def _parse_json(kind: str, raw: bytes | None) -> Any:
    """The JSON text of a stored column, or ValueError saying why it is not (checked
    as anything from outside is: :func:`gamewidgets.untrusted.loads`)."""
    if kind != "text" or raw is None:
        raise ValueError(f"it is {'an SQL ' + kind if kind != 'null' else 'empty'}, not JSON text")
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError("it is not UTF-8 text") from None
    return loads(raw, "it", error=ValueError)


#: ``Store.save(replacing=ANYTHING)``: an unconditional write (the default)
ANYTHING: Any = object()
#: SQLite's integers: a larger one (a game seed may reach 2**128) is kept as its text
_SQL_INTEGERS = range(-(2**63), 2**63)


def _text(value: Any, what: str) -> str:
    """``value``, a string the store can key by; TypeError saying what it is instead."""
    if not isinstance(value, str):
        raise TypeError(f"{what} must be a string, not {short_repr(value, 60)}")
    return value


def _count(value: Any, what: str) -> int:
    """``value``, an integer SQLite can hold; TypeError for anything else (a bool, a
    float, text), ValueError beyond SQLite's integers."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{what} must be an integer, not {short_repr(value, 60)}")
    if value not in _SQL_INTEGERS:
        raise ValueError(f"{what} must fit in 64 bits, not {short_repr(value, 60)}")
    return int(value)


def _seed(value: Any) -> int | str | None:
    """A game's seed as the store keeps it (None for none): its text beyond SQLite's
    integers (a seed may reach 2**128); TypeError for anything but an integer."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"a seed must be an integer or None, not {short_repr(value, 60)}")
    return int(value) if value in _SQL_INTEGERS else str(int(value))


def _json_text(value: Any, what: str) -> str:
    """``value`` as JSON text; ValueError (a TypeError's message) when it is not JSON."""
    try:
        return json.dumps(value, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"{what} must be plain JSON data: {exc}") from None


class _Damaged(Exception):
    """The store file is not a usable gamewidgets database (the message says why)."""


#: stores with writes still waiting, flushed once more at exit
_WAITING: weakref.WeakSet[Store] = weakref.WeakSet()


@atexit.register
def _flush_at_exit() -> None:
    for store in list(_WAITING):
        store.busy_timeout = max(store.busy_timeout, 10.0)
        if not store.flush():
            warnings.warn(f"gamewidgets could not save {store.pending} changes to {store.path}: "
                          f"{store.status()['message']}", StoreWarning, stacklevel=1)


class Store:
    """Records, finished games and saved games of all the games, in one file.

    ``busy_timeout``: how long a write waits for another process's lock before it is kept
    waiting (see the module docstring); ``retry_every``: seconds between the tries of
    waiting writes on the running event loop."""

    def __init__(self, path: str | os.PathLike[str] | None = None, *, busy_timeout: float = 2.0,
                 retry_every: float = 5.0):
        file = Path(path) if path is not None else default_path()
        self.path: Path | None = file  # None for a memory store
        self.problem: str | None = None  # why the file is not used, if it is not
        self.busy_timeout = busy_timeout
        self.retry_every = retry_every
        self._memory: sqlite3.Connection | None = None
        self._pending: list[list[Statement]] = []  # writes not made yet, oldest first
        self._written: dict[int, int] = {}  # id of a write just made -> the rows it changed
        self._failure: str | None = None  # why the oldest pending write could not be made
        self._lock = threading.RLock()
        self._last_outcome = 0.0  # the time of the last outcome noted (add_outcome)
        self._retry: asyncio.TimerHandle | None = None
        self._listeners: list[weakref.WeakMethod[Callable[[dict[str, str]], None]]] = []
        self._shown = {"state": "saved", "message": ""}  # the status the listeners were last told
        try:
            file.parent.mkdir(parents=True, exist_ok=True)
            _check_header(file)
            conn = self._connect(timeout=30.0)
            try:
                self._check_and_create(conn)
            finally:
                conn.close()
        except (_Damaged, sqlite3.DatabaseError, OSError, UnicodeError) as exc:
            if isinstance(exc, sqlite3.OperationalError) and not _damage(exc):
                # busy, or not writable: the schema waits like any write (reads go on)
                self._write([(statement, ()) for statement in _schema_statements()])
            else:
                self._fall_back(_why(exc))

    @classmethod
    def memory(cls) -> Store:
        """A store that keeps nothing beyond this Python process."""
        store = cls.__new__(cls)
        store.path = None
        store.problem = None
        store.busy_timeout = store.retry_every = 0.0
        store._memory = _memory_database()
        store._pending, store._failure, store._retry, store._listeners = [], None, None, []
        store._written = {}
        store._shown = store.status()
        store._lock = threading.RLock()
        store._last_outcome = 0.0
        return store

    @property
    def persistent(self) -> bool:
        return self._memory is None

    @property
    def pending(self) -> int:
        """How many writes are waiting to be made (see the module docstring)."""
        return len(self._pending)

    def __repr__(self) -> str:
        where = str(self.path) if self.persistent else "memory"
        return f"<Store {where}{' (' + self.problem + ')' if self.problem else ''}>"

    # ----------------------------------------------------------------- status
    def status(self) -> dict[str, str]:
        """``{"state", "message"}``: "saved" (the file is in use, nothing is waiting),
        "waiting" (writes wait for another program's lock), "failing" (writes wait for
        another cause: the message says which), "unavailable" (the file cannot be used:
        nothing is saved this session) or "memory" (``store=None``: by choice). The
        message is for the player; empty for "saved" and "memory"."""
        if self._memory is not None:
            if self.problem is None:
                return {"state": "memory", "message": ""}
            return {"state": "unavailable",
                    "message": f"Not saved: the store {self.path} cannot be used ({self.problem}); "
                               "this session's games are kept in memory only."}
        if not self._pending:
            return {"state": "saved", "message": ""}
        changes = f"{len(self._pending)} change{'s' if len(self._pending) != 1 else ''} not saved yet"
        if self._failure is None:
            return {"state": "waiting", "message": f"{changes}: the store {self.path} is locked by another "
                                                   "program; they are saved as soon as it is free."}
        return {"state": "failing", "message": f"{changes}: {self._failure}; they are tried again."}

    def on_status(self, listener: Callable[[dict[str, str]], None]) -> None:
        """Call ``listener(status())`` whenever the status changes (a bound method, held
        weakly: a widget that is gone is not kept alive)."""
        self._listeners.append(weakref.WeakMethod(listener))

    def flush(self) -> bool:
        """Try the waiting writes now; True when none is left waiting."""
        with self._lock:
            if self._pending:
                self._write_pending()
            return not self._pending

    # ---------------------------------------------------------------- records
    def record(self, game: str) -> int:
        """The best score of ``game`` (0 when none; a damaged one is set aside)."""
        game = _text(game, "a game's name")
        rows = self._read("SELECT typeof(best), CAST(best AS BLOB) FROM records WHERE game = ?", (game,))
        if not rows:
            return 0
        kind, raw = rows[0]
        if kind == "integer":
            return int(raw)
        self._set_aside("records", game, "", kind, raw, f"the best score is {_describe(kind, raw)}, not an integer")
        return 0

    def finish(self, game: str, score: int, moves: int, seed: int | None = None) -> bool:
        """Note a finished game; returns True when its score beats the record."""
        game = _text(game, "a game's name")
        score, moves, stored_seed = _count(score, "a score"), _count(moves, "a number of moves"), _seed(seed)
        now = time.time()
        before = self.record(game)
        self._write(
            [
                (
                    "INSERT INTO finished (game, score, moves, seed, finished) VALUES (?, ?, ?, ?, ?)",
                    (game, score, moves, stored_seed, now),
                ),
                (
                    "INSERT INTO records (game, best, updated) VALUES (?, ?, ?) "
                    "ON CONFLICT(game) DO UPDATE SET best = max(best, excluded.best), "
                    "updated = excluded.updated",
                    (game, score, now),
                ),
            ]
        )
        return score > before

    def finished(self, game: str) -> list[dict[str, Any]]:
        """Every finished game of ``game``, oldest first (a seed beyond SQLite's integers
        is kept as its text and given back as the integer)."""
        rows = self._read(
            "SELECT score, moves, seed, finished FROM finished WHERE game = ? ORDER BY id",
            (_text(game, "a game's name"),),
        )
        games = [dict(zip(("score", "moves", "seed", "finished"), row, strict=True)) for row in rows]
        for finished in games:
            if isinstance(finished["seed"], str) and finished["seed"].isdigit():
                finished["seed"] = int(finished["seed"])
        return games

    # ---------------------------------------------- wins and losses (two players)
    def add_outcome(self, game: str, variant: str, result: str, moves: int) -> OutcomeKey:
        """Note a finished game against the computer: ``result`` is "win", "loss" or
        "draw" for the user; ``variant`` keeps separate statistics (e.g. "8x8 hard").
        Returns the outcome's key, for :meth:`remove_outcome` (a game taken back)."""
        game, variant = _text(game, "a game's name"), _text(variant, "a variant")
        if result not in ("win", "loss", "draw"):
            raise ValueError(f"result must be win, loss or draw, not {short_repr(result, 40)}")
        moves = _count(moves, "a number of moves")
        with self._lock:  # the key is its time, unique within this store object
            self._last_outcome = now = max(time.time(), math.nextafter(self._last_outcome, math.inf))
        key = OutcomeKey(game, variant, result, moves, now)
        self._write([(
            "INSERT INTO outcomes (game, variant, result, moves, finished) VALUES (?, ?, ?, ?, ?)",
            (game, variant, result, moves, now),
        )])
        return key

    def remove_outcome(self, key: OutcomeKey) -> None:
        """Take back the outcome :meth:`add_outcome` returned ``key`` for (a finished game
        that was undone): it no longer counts in :meth:`tally`. Nothing happens if it is
        not there (removed already). The key is the row's content, not its id, because
        a write may wait for another program's lock (see the module docstring): the
        removal then waits behind the insertion and still finds it."""
        self._write([(
            "DELETE FROM outcomes WHERE id = (SELECT min(id) FROM outcomes WHERE game = ? AND variant = ? "
            "AND result = ? AND moves = ? AND finished = ?)",
            (key.game, key.variant, key.result, key.moves, key.finished),
        )])

    def tally(self, game: str, variant: str) -> Tally:
        """Wins, losses, draws and streaks of ``game`` in ``variant``."""
        rows = self._read("SELECT result FROM outcomes WHERE game = ? AND variant = ? ORDER BY id",
                          (_text(game, "a game's name"), _text(variant, "a variant")))
        return Tally.of([row[0] for row in rows])

    # ------------------------------------------------------------ saved games
    def save(self, game: str, name: str, data: dict[str, Any], *, replacing: Any = ANYTHING) -> bool | None:
        """Keep ``data`` (a game's ``to_dict()``) under ``name``, replacing any. A name
        that is not a string is a TypeError, data that is not JSON a ValueError: refused
        before anything is written.

        ``replacing``: a versioned write, for a save more than one process may write
        (Lines of Action's slots): None writes only where nothing is saved under
        ``name``, data only where exactly that data is saved (what this process last
        read or wrote there). Returns True when written, False when refused because
        another process wrote there meanwhile (a stale writer: nothing written), None
        when it waits for another program's lock (it is then written if it still
        holds; the next versioned write finds out)."""
        game, name = _text(game, "a game's name"), _text(name, "a save's name")
        text = _json_text(data, "a saved game")
        statement: Statement
        if replacing is ANYTHING:
            statement = ("INSERT INTO saved (game, name, data, updated) VALUES (?, ?, ?, ?) "
                         "ON CONFLICT(game, name) DO UPDATE SET data = excluded.data, updated = excluded.updated",
                         (game, name, text, time.time()))
        elif replacing is None:
            statement = ("INSERT INTO saved (game, name, data, updated) VALUES (?, ?, ?, ?) "
                         "ON CONFLICT(game, name) DO NOTHING", (game, name, text, time.time()))
        else:
            statement = ("UPDATE saved SET data = ?, updated = ? WHERE game = ? AND name = ? AND data = ?",
                         (text, time.time(), game, name, _json_text(replacing, "the data replaced")))
        changed = self._write([statement])
        return None if changed is None else changed > 0

    def load(self, game: str, name: str) -> dict[str, Any] | None:
        """The data saved under ``name`` (None when there is none; a damaged save is set
        aside, with a :class:`StoreWarning`)."""
        return self.restore(game, name, lambda data: data)

    def restore(self, game: str, name: str, build: Callable[[dict[str, Any]], T], *, strict: bool = False) -> T | None:
        """``build(data)`` of the data saved under ``name`` (e.g. a ``from_dict``); None
        when there is none. A save that is not a JSON object, or that ``build`` refuses
        (BadSave, KeyError, TypeError, ValueError), is set aside (:meth:`damaged`) with a
        :class:`StoreWarning` and None is returned — or, with ``strict``, BadSave raised."""
        rows = self._read("SELECT typeof(data), CAST(data AS BLOB) FROM saved WHERE game = ? AND name = ?",
                          (_text(game, "a game's name"), _text(name, "a save's name")))
        if not rows:
            return None
        kind, raw = rows[0]
        try:
            data = _parse_json(kind, raw)
            if not isinstance(data, dict):
                raise BadSave(f"it is a JSON {type(data).__name__}, not an object")
            return build(data)
        except (BadSave, KeyError, TypeError, ValueError) as exc:
            why = f"the saved {game} game {name!r} cannot be restored: {_reason(exc)}"
            self._set_aside("saved", game, name, kind, raw, why)
            if strict:
                raise BadSave(f"{why} (it is kept in the store's damaged rows: Store.damaged())") from None
            return None

    def delete(self, game: str, name: str, *, holding: Any = ANYTHING) -> None:
        """Forget the saved game ``name`` (nothing happens if there is none); with
        ``holding``, only if exactly that data is saved there (see ``save``'s
        ``replacing``: another process's newer game is never deleted)."""
        game, name = _text(game, "a game's name"), _text(name, "a save's name")
        if holding is ANYTHING:
            self._write([("DELETE FROM saved WHERE game = ? AND name = ?", (game, name))])
        else:
            self._write([("DELETE FROM saved WHERE game = ? AND name = ? AND data = ?",
                          (game, name, _json_text(holding, "the data deleted")))])

    def saved(self, game: str) -> list[str]:
        rows = self._read("SELECT name FROM saved WHERE game = ? ORDER BY name", (_text(game, "a game's name"),))
        return [row[0] for row in rows]

    # --------------------------------------------------------------- settings
    def settings(self, game: str) -> dict[str, Any]:
        """The settings last chosen in ``game``'s widgets (trait name -> value). A value
        that is not JSON is set aside (:meth:`damaged`), with a :class:`StoreWarning`."""
        rows = self._read("SELECT name, typeof(value), CAST(value AS BLOB) FROM settings WHERE game = ? "
                          "ORDER BY name", (_text(game, "a game's name"),))
        chosen: dict[str, Any] = {}
        for name, kind, raw in rows:
            try:
                chosen[name] = _parse_json(kind, raw)
            except ValueError as exc:
                self._set_aside("settings", game, name, kind, raw,
                                f"the {game} setting {name!r} is damaged ({exc}); the default is used")
        return chosen

    def set_setting(self, game: str, name: str, value: Any) -> None:
        """Remember ``value`` (JSON) as ``game``'s setting ``name``: one row per setting,
        so two kernels changing different settings lose neither."""
        self._write([(
            "INSERT INTO settings (game, name, value, updated) VALUES (?, ?, ?, ?) "
            "ON CONFLICT(game, name) DO UPDATE SET value = excluded.value, updated = excluded.updated",
            (_text(game, "a game's name"), _text(name, "a setting's name"), _json_text(value, "a setting"),
             time.time()),
        )])

    # ----------------------------------------------------------- damaged rows
    def damaged(self) -> list[dict[str, Any]]:
        """The damaged rows set aside, oldest first: ``source`` (the table it was in),
        ``game``, ``name`` (of the save or setting; "" for a record), ``value`` (as it
        was: text, or bytes when it was not UTF-8 text), ``why`` and ``found`` (time)."""
        rows = self._read("SELECT source, game, name, typeof(value), CAST(value AS BLOB), why, found "
                          "FROM damaged ORDER BY id", ())
        return [{"table": source, "game": game, "name": name, "value": _value_of(kind, raw), "why": why,
                 "found": found} for source, game, name, kind, raw, why, found in rows]

    def _set_aside(self, table: str, game: str, name: str, kind: str, raw: bytes | None, why: str) -> None:
        """Move a damaged row into the damaged table (as it is, if it is still there)."""
        column, key = {"records": ("best", "game = ?"), "saved": ("data", "game = ? AND name = ?"),
                       "settings": ("value", "game = ? AND name = ?")}[table]
        keys: tuple[Any, ...] = (game,) if table == "records" else (game, name)
        same = f"{key} AND typeof({column}) = ? AND CAST({column} AS BLOB) IS ?"
        self._write([
            (f"INSERT INTO damaged (source, game, name, value, why, found) "  # fixed table names
             f"SELECT ?, ?, ?, {column}, ?, ? FROM {table} WHERE {same}",
             (table, game, name, why, time.time(), *keys, kind, raw)),
            (f"DELETE FROM {table} WHERE {same}", (*keys, kind, raw)),
        ])
        warnings.warn(f"gamewidgets store {self.path or 'in memory'}: {why}; the damaged row is kept aside "
                      "(Store.damaged()) and the game goes on without it", StoreWarning, stacklevel=4)

    # -------------------------------------------------------------- internals
    def _connect(self, timeout: float | None = None) -> sqlite3.Connection:
        assert self.path is not None, "a memory store has no file to connect to"
        wait = self.busy_timeout if timeout is None else timeout
        conn = sqlite3.connect(self.path, timeout=wait, isolation_level=None)
        conn.execute(f"PRAGMA busy_timeout = {int(wait * 1000)}")
        return conn

    def _check_and_create(self, conn: sqlite3.Connection) -> None:
        # Reading the schema fails with "file is not a database" (or "unsupported file
        # format": a damaged header) on a damaged file, before anything is written to it.
        try:
            tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        except sqlite3.OperationalError as exc:
            if _busy(exc) or _unreachable(exc):
                raise
            raise _Damaged(f"SQLite cannot read it: {exc}") from exc
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if tables and not tables >= _TABLES:
            raise _Damaged(f"not a gamewidgets store (tables: {sorted(tables)})")
        for table, wanted in _columns().items():
            if table in tables:
                found = {row[1] for row in conn.execute(f"PRAGMA table_info({table})")}
                if not found >= wanted:
                    raise _Damaged(f"not a gamewidgets store: its table {table} has the columns {sorted(found)}, "
                                   f"not {sorted(wanted)}")
        if version > SCHEMA_VERSION:
            raise _Damaged(f"made by a newer gamewidgets (schema {version})")
        check = [row[0] for row in conn.execute("PRAGMA quick_check(3)")]
        if check != ["ok"]:
            raise _Damaged(f"SQLite finds it damaged: {'; '.join(map(str, check))}")
        if version == SCHEMA_VERSION:
            return  # nothing to write: opening does not wait for another program's lock
        if tables:  # an older store gains its new tables: no longer than any write waits
            conn.execute(f"PRAGMA busy_timeout = {int(self.busy_timeout * 1000)}")
        conn.execute("PRAGMA journal_mode = WAL")
        transaction(conn, [(statement, ()) for statement in _schema_statements()])

    def _fall_back(self, why: str) -> None:
        """Warn and carry on in memory, with the writes not made yet."""
        self.problem = why
        warnings.warn(
            f"gamewidgets cannot use its store {self.path} ({why}); the file is left "
            "untouched and nothing will be saved to it in this session "
            "(set GAMEWIDGETS_HOME or pass store= to use another file)",
            StoreWarning,
            stacklevel=4,
        )
        self._memory = memory = _memory_database()
        for statements in self._pending:
            transaction(memory, statements)
        self._pending.clear()
        self._failure = None
        self._notify()

    def _read(self, sql: str, args: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        if self._memory is not None:
            return self._memory.execute(sql, args).fetchall()
        try:
            conn = self._connect(timeout=max(self.busy_timeout, 30.0))
            try:
                return conn.execute(sql, args).fetchall()
            finally:
                conn.close()
        except (sqlite3.DatabaseError, UnicodeError) as exc:
            if isinstance(exc, sqlite3.OperationalError) and not _damage(exc):
                if self._pending and str(exc).startswith("no such table"):
                    return []  # a new table whose creation waits for another program's lock
                raise
            self._fall_back(_why(exc))
            return self._read(sql, args)

    def _write(self, statements: list[Statement]) -> int | None:
        """Write ``statements`` (after the writes waiting before them); the rows their
        last statement changed, or None when they wait for another program's lock."""
        with self._lock:
            if self._memory is not None:
                return transaction(self._memory, statements)
            self._pending.append(statements)
            self._written.clear()
            self._write_pending()  # a fall back to memory writes the waiting ones there: None
            return self._written.pop(id(statements), None)

    def _write_pending(self) -> None:
        """Write the waiting writes in order, as far as the file lets us. A write the
        database refuses for what it holds (a value it cannot bind or a constraint: never
        the file's fault) is dropped with a :class:`StoreWarning`, and the others go on:
        one bad write never holds up the queue, nor makes the file look damaged."""
        try:
            conn = self._connect()
            try:
                while self._pending:
                    try:
                        self._written[id(self._pending[0])] = transaction(conn, self._pending[0])
                    except (sqlite3.ProgrammingError, sqlite3.InterfaceError, sqlite3.IntegrityError,
                            OverflowError) as exc:
                        warnings.warn(f"gamewidgets store {self.path}: a write was refused and dropped "
                                      f"({type(exc).__name__}: {exc}); the others are kept", StoreWarning,
                                      stacklevel=4)
                    self._pending.pop(0)
            finally:
                conn.close()
        except (sqlite3.DatabaseError, UnicodeError) as exc:
            if isinstance(exc, sqlite3.OperationalError) and not _damage(exc):
                self._wait(None if _busy(exc) else f"{type(exc).__name__}: {exc}")
                return
            if not isinstance(exc, (sqlite3.OperationalError, UnicodeError)) and not _refused(exc) \
                    and not _damage(exc):
                self._pending.pop(0)  # a write the database refuses (a bug): not kept to fail again
                raise
            self._fall_back(_why(exc))
            return
        self._failure = None
        _WAITING.discard(self)
        self._notify()

    def _wait(self, failure: str | None) -> None:
        """The oldest write could not be made (``failure``: why, None for a lock)."""
        self._failure = failure
        _WAITING.add(self)
        now = self.status()
        if now["state"] != self._shown["state"]:
            warnings.warn(f"gamewidgets store {self.path}: {now['message']}", StoreWarning, stacklevel=5)
        self._notify()
        if self._retry is None:
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:
                return  # no event loop: tried again at the next write, flush() and exit
            self._retry = loop.call_later(self.retry_every, self._try_again)

    def _try_again(self) -> None:
        self._retry = None
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", StoreWarning)  # said once already
            self.flush()

    def _notify(self) -> None:
        """Tell the listeners the status, if it changed."""
        status = self.status()
        if status == self._shown:
            return
        self._shown = status
        for ref in list(self._listeners):
            listener = ref()
            if listener is None:
                self._listeners.remove(ref)
            else:
                listener(status)


def _check_header(file: Path) -> None:
    """A file that is there and not empty must start as an SQLite database does
    (SQLite itself would take a short file for an empty database and write over it). A
    path that is there and is no regular file (a folder, a FIFO, a device) is refused
    before it is opened: reading a FIFO would wait for ever."""
    try:
        mode = os.stat(file).st_mode
    except FileNotFoundError:
        return
    if not stat.S_ISREG(mode):
        raise _Damaged("not a regular file (a folder, a FIFO or a device): no store can live there")
    try:
        with open(file, "rb") as f:
            head = f.read(100)
    except FileNotFoundError:
        return
    if head and (len(head) < 100 or not head.startswith(_SQLITE_HEADER)):
        size = file.stat().st_size
        raise _Damaged(f"not an SQLite database: {size} byte{'s' if size != 1 else ''} starting {head[:16]!r}")


def _schema_statements() -> list[str]:
    return [*filter(str.strip, _SCHEMA.split(";")), f"PRAGMA user_version = {SCHEMA_VERSION}"]


def _damage(exc: BaseException) -> bool:
    """The error says the file is damaged (not busy, not unwritable)."""
    if isinstance(exc, (_Damaged, UnicodeError)):
        return True
    name = getattr(exc, "sqlite_errorname", "")
    return name in _DAMAGE_ERRORS or (isinstance(exc, sqlite3.DatabaseError) and not _refused(exc)
                                      and not isinstance(exc, sqlite3.OperationalError) and not name)


def _refused(exc: BaseException) -> bool:
    """The error is about what a statement holds, not about the file."""
    return isinstance(exc, (sqlite3.ProgrammingError, sqlite3.InterfaceError, sqlite3.IntegrityError))


def _unreachable(exc: BaseException) -> bool:
    """The file cannot be opened or read now (permissions, I/O): not damaged."""
    name = getattr(exc, "sqlite_errorname", "")
    return name in ("SQLITE_CANTOPEN", "SQLITE_PERM", "SQLITE_READONLY", "SQLITE_AUTH") \
        or name.startswith("SQLITE_IOERR")


@functools.cache
def _columns() -> dict[str, frozenset[str]]:
    """Each table of the schema and its columns (what a store's tables must have)."""
    conn = _memory_database()
    tables = [row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")]
    return {t: frozenset(row[1] for row in conn.execute(f"PRAGMA table_info({t})")) for t in tables
            if not t.startswith("sqlite_")}


def _busy(exc: BaseException) -> bool:
    return getattr(exc, "sqlite_errorname", "") in _BUSY_ERRORS


def _why(exc: BaseException) -> str:
    if isinstance(exc, _Damaged):
        return str(exc)
    if isinstance(exc, UnicodeError):  # SQLite's own message was not UTF-8: its file is damaged
        return "the file is damaged (SQLite's report of it is not even text)"
    return f"{type(exc).__name__}: {exc}"


def _describe(kind: str, raw: bytes | None) -> str:
    value = _value_of(kind, raw)
    return f"an SQL {kind} {short_repr(value, 40)}" if kind != "null" else "empty"


def _reason(exc: BaseException) -> str:
    if isinstance(exc, KeyError):
        return f"{exc} is missing"
    return str(exc) or type(exc).__name__
