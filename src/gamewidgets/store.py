"""Persistence for every game: best scores, finished games, saved games, settings.

One SQLite file (stdlib ``sqlite3``, WAL journal) at, in order of precedence:

1. the ``path`` given to :class:`Store` (widgets take ``store=`` — a path or a Store);
2. ``$GAMEWIDGETS_HOME/gamewidgets.sqlite3`` when the environment variable is set;
3. ``<jupyter data dir>/gamewidgets/gamewidgets.sqlite3``.

``Store.memory()`` keeps everything in memory only (``store=None`` on a widget).

Every write is one ``BEGIN IMMEDIATE`` transaction, so a crash or two kernels writing
at once lose nothing and corrupt nothing (the record update is a single
``max(best, new)`` upsert). A file that is not a readable gamewidgets database is
never written to: the store warns (:class:`StoreWarning`) and carries on in memory,
so the game still opens and the damaged file stays as it was for the user to inspect.
"""

from __future__ import annotations

import json
import os
import sqlite3
import sys
import time
import warnings
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

FILENAME = "gamewidgets.sqlite3"
#: one SQL statement and its arguments
Statement = tuple[str, tuple[Any, ...]]
SCHEMA_VERSION = 3  # 2 added "outcomes", 3 "settings"
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
"""


class StoreWarning(UserWarning):
    """The store file cannot be used; the game goes on without saving to it."""


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
        conn.execute("ROLLBACK")
        raise
    return changed


def _memory_database() -> sqlite3.Connection:
    conn = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
    conn.executescript(_SCHEMA)
    return conn


class Store:
    """Records, finished games and saved games of all the games, in one file."""

    def __init__(self, path: str | os.PathLike[str] | None = None):
        file = Path(path) if path is not None else default_path()
        self.path: Path | None = file  # None for a memory store
        self.problem: str | None = None  # why the file is not used, if it is not
        self._memory: sqlite3.Connection | None = None
        try:
            file.parent.mkdir(parents=True, exist_ok=True)
            with self._connect() as conn:
                self._check_and_create(conn)
        except (sqlite3.Error, OSError) as exc:
            self._fall_back(f"{type(exc).__name__}: {exc}")

    @classmethod
    def memory(cls) -> Store:
        """A store that keeps nothing beyond this Python process."""
        store = cls.__new__(cls)
        store.path = None
        store.problem = None
        store._memory = _memory_database()
        return store

    @property
    def persistent(self) -> bool:
        return self._memory is None

    def __repr__(self) -> str:
        where = str(self.path) if self.persistent else "memory"
        return f"<Store {where}{' (' + self.problem + ')' if self.problem else ''}>"

    # ---------------------------------------------------------------- records
    def record(self, game: str) -> int:
        """The best score of ``game`` (0 when none)."""
        row = self._read("SELECT best FROM records WHERE game = ?", (game,))
        return int(row[0][0]) if row else 0

    def finish(self, game: str, score: int, moves: int, seed: int | None = None) -> bool:
        """Note a finished game; returns True when its score beats the record."""
        now = time.time()
        before = self.record(game)
        self._write(
            [
                (
                    "INSERT INTO finished (game, score, moves, seed, finished) VALUES (?, ?, ?, ?, ?)",
                    (game, int(score), int(moves), seed, now),
                ),
                (
                    "INSERT INTO records (game, best, updated) VALUES (?, ?, ?) "
                    "ON CONFLICT(game) DO UPDATE SET best = max(best, excluded.best), "
                    "updated = excluded.updated",
                    (game, int(score), now),
                ),
            ]
        )
        return int(score) > before

    def finished(self, game: str) -> list[dict[str, Any]]:
        """Every finished game of ``game``, oldest first."""
        rows = self._read(
            "SELECT score, moves, seed, finished FROM finished WHERE game = ? ORDER BY id", (game,)
        )
        return [dict(zip(("score", "moves", "seed", "finished"), row, strict=True)) for row in rows]

    # ---------------------------------------------- wins and losses (two players)
    def add_outcome(self, game: str, variant: str, result: str, moves: int) -> None:
        """Note a finished game against the computer: ``result`` is "win", "loss" or
        "draw" for the user; ``variant`` keeps separate statistics (e.g. "8x8 hard")."""
        if result not in ("win", "loss", "draw"):
            raise ValueError(f"result must be win, loss or draw, not {result!r}")
        self._write([(
            "INSERT INTO outcomes (game, variant, result, moves, finished) VALUES (?, ?, ?, ?, ?)",
            (game, variant, result, int(moves), time.time()),
        )])

    def tally(self, game: str, variant: str) -> Tally:
        """Wins, losses, draws and streaks of ``game`` in ``variant``."""
        rows = self._read("SELECT result FROM outcomes WHERE game = ? AND variant = ? ORDER BY id", (game, variant))
        return Tally.of([row[0] for row in rows])

    # ------------------------------------------------------------ saved games
    def save(self, game: str, name: str, data: dict[str, Any]) -> None:
        """Keep ``data`` (a game's ``to_dict()``) under ``name``, replacing any."""
        text = json.dumps(data)
        self._write(
            [
                (
                    "INSERT INTO saved (game, name, data, updated) VALUES (?, ?, ?, ?) "
                    "ON CONFLICT(game, name) DO UPDATE SET data = excluded.data, "
                    "updated = excluded.updated",
                    (game, name, text, time.time()),
                )
            ]
        )

    def load(self, game: str, name: str) -> dict[str, Any] | None:
        rows = self._read("SELECT data FROM saved WHERE game = ? AND name = ?", (game, name))
        return json.loads(rows[0][0]) if rows else None

    def delete(self, game: str, name: str) -> None:
        """Forget the saved game ``name`` (nothing happens if there is none)."""
        self._write([("DELETE FROM saved WHERE game = ? AND name = ?", (game, name))])

    def saved(self, game: str) -> list[str]:
        rows = self._read("SELECT name FROM saved WHERE game = ? ORDER BY name", (game,))
        return [row[0] for row in rows]

    # --------------------------------------------------------------- settings
    def settings(self, game: str) -> dict[str, Any]:
        """The settings last chosen in ``game``'s widgets (trait name -> value). A value
        that is not JSON is left out, with a :class:`StoreWarning`."""
        rows = self._read("SELECT name, value FROM settings WHERE game = ? ORDER BY name", (game,))
        chosen: dict[str, Any] = {}
        for name, text in rows:
            try:
                chosen[name] = json.loads(text)
            except (TypeError, ValueError):
                warnings.warn(f"the stored {game} setting {name!r} is damaged ({text!r:.60}); it is "
                              "left as it is and the default is used", StoreWarning, stacklevel=2)
        return chosen

    def set_setting(self, game: str, name: str, value: Any) -> None:
        """Remember ``value`` (JSON) as ``game``'s setting ``name``: one row per setting,
        so two kernels changing different settings lose neither."""
        self._write([(
            "INSERT INTO settings (game, name, value, updated) VALUES (?, ?, ?, ?) "
            "ON CONFLICT(game, name) DO UPDATE SET value = excluded.value, updated = excluded.updated",
            (game, name, json.dumps(value), time.time()),
        )])

    # -------------------------------------------------------------- internals
    def _connect(self) -> sqlite3.Connection:
        assert self.path is not None, "a memory store has no file to connect to"
        conn = sqlite3.connect(self.path, timeout=30, isolation_level=None)
        conn.execute("PRAGMA busy_timeout = 30000")
        return conn

    def _check_and_create(self, conn: sqlite3.Connection) -> None:
        # Reading the schema fails with "file is not a database" on a damaged file,
        # before anything is written to it.
        tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if tables and not {"records", "finished", "saved"} <= tables:
            raise sqlite3.DatabaseError(f"not a gamewidgets store (tables: {sorted(tables)})")
        if version > SCHEMA_VERSION:
            raise sqlite3.DatabaseError(f"made by a newer gamewidgets (schema {version})")
        conn.execute("PRAGMA journal_mode = WAL")
        transaction(conn, [(statement, ()) for statement in filter(str.strip, _SCHEMA.split(";"))]
                    + [(f"PRAGMA user_version = {SCHEMA_VERSION}", ())])

    def _fall_back(self, why: str) -> sqlite3.Connection:
        """Warn and carry on in memory; the memory database."""
        self.problem = why
        warnings.warn(
            f"gamewidgets cannot use its store {self.path} ({why}); the file is left "
            "untouched and nothing will be saved to it in this session "
            "(set GAMEWIDGETS_HOME or pass store= to use another file)",
            StoreWarning,
            stacklevel=3,
        )
        self._memory = memory = _memory_database()
        return memory

    def _read(self, sql: str, args: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        if self._memory is not None:
            return self._memory.execute(sql, args).fetchall()
        try:
            conn = self._connect()
            try:
                return conn.execute(sql, args).fetchall()
            finally:
                conn.close()
        except sqlite3.Error as exc:
            return self._fall_back(f"{type(exc).__name__}: {exc}").execute(sql, args).fetchall()

    def _write(self, statements: list[Statement]) -> None:
        conn = self._memory
        close = False
        if conn is None:
            try:
                conn = self._connect()
                close = True
            except sqlite3.Error as exc:
                conn = self._fall_back(f"{type(exc).__name__}: {exc}")
        try:
            transaction(conn, statements)
        except sqlite3.Error as exc:
            if conn is self._memory:
                raise
            self._fall_back(f"{type(exc).__name__}: {exc}")
            self._write(statements)
        finally:
            if close:
                conn.close()
