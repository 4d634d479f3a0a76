"""A damaged store still opens every game, with a warning, and loses nothing.

Four classes of damage: the file itself (bytes that are not a gamewidgets database),
rows of a readable database whose values are not what gamewidgets wrote, another
process holding the database locked, and writes that fail (the real cause reported).
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

from gamewidgets import Domino, Line98, LinesOfAction, MahjongConnect
from gamewidgets.errors import BadSave
from gamewidgets.store import Store, StoreWarning

WIDGETS = {
    "line98": lambda path: Line98(seed=1, store=path),
    "mahjong": lambda path: MahjongConnect(seed=1, store=path),
    "loa": lambda path: LinesOfAction(store=path, seed=1),
    "domino": lambda path: Domino(store=path, seed=1),
}


def open_every_game(path: Path) -> list[str]:
    """Open each game's widget on ``path``; the StoreWarnings they gave."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", StoreWarning)
        for make in WIDGETS.values():
            make(path)
    return [str(w.message) for w in caught if issubclass(w.category, StoreWarning)]


def a_store(tmp_path: Path) -> Path:
    path = tmp_path / "gamewidgets.sqlite3"
    store = Store(path)
    store.finish("line98", 120, 30, seed=1)
    store.finish("mahjong", 900, 72, seed=1)
    store.save("line98", "autosave", Line98(seed=3, store=None).game.to_dict())
    store.set_setting("line98", "symbols", True)
    return path


def execute(path: Path, sql: str, *args: object) -> None:
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute(sql, args)
    finally:
        conn.close()


# --------------------------------------------------------------- the file itself
def corrupt_index_name(path: Path) -> None:
    data = bytearray(path.read_bytes())
    at = data.index(b"sqlite_autoindex_records")
    data[at + 3] = 0xFF  # the name of an index is no longer UTF-8
    path.write_bytes(bytes(data))


FILE_DAMAGE = {
    "a byte of an index name": corrupt_index_name,
    "one byte long": lambda p: p.write_bytes(b"x"),
    "ninety-nine bytes of header": lambda p: p.write_bytes(p.read_bytes()[:99]),
    "truncated to its first page": lambda p: p.write_bytes(p.read_bytes()[:4096]),
    "text": lambda p: p.write_bytes(b"my notes\n" * 100),
    "header then noise": lambda p: p.write_bytes(b"SQLite format 3\x00" + bytes(range(256)) * 20),
    "zeroed second page": lambda p: p.write_bytes(p.read_bytes()[:4096] + bytes(4096) + p.read_bytes()[8192:]),
}


@pytest.mark.parametrize("damage", FILE_DAMAGE.values(), ids=FILE_DAMAGE.keys())
def test_a_damaged_file_warns_every_game_opens_and_the_file_is_left_as_it_was(tmp_path, damage):
    path = a_store(tmp_path)
    damage(path)
    for leftover in tmp_path.glob("*-*"):  # the WAL and shared-memory files go with the damage
        leftover.unlink()
    before = path.read_bytes()
    warned = open_every_game(path)
    assert warned, "no StoreWarning"
    assert all(str(path) in text for text in warned)
    assert path.read_bytes() == before


def test_a_damaged_file_says_so_in_the_widget(tmp_path):
    path = tmp_path / "gamewidgets.sqlite3"
    path.write_bytes(b"x")
    with pytest.warns(StoreWarning):
        widget = Line98(seed=1, store=path)
    assert widget.storage["state"] == "unavailable"
    assert "not saved" in widget.storage["message"].lower() and str(path) in widget.storage["message"]


def test_an_empty_file_is_a_new_store(tmp_path):
    path = tmp_path / "gamewidgets.sqlite3"
    path.write_bytes(b"")
    store = Store(path)
    store.finish("line98", 5, 1)
    assert Store(path).record("line98") == 5 and store.problem is None


def test_a_directory_where_the_file_should_be_warns(tmp_path):
    (tmp_path / "gamewidgets.sqlite3").mkdir()
    assert open_every_game(tmp_path / "gamewidgets.sqlite3")


# ------------------------------------------------------ rows that are not what we wrote
ROW_DAMAGE = {
    "record as text": ("UPDATE records SET best = 'lots' WHERE game = ?", "line98"),
    "record as a blob": ("UPDATE records SET best = x'00ff10' WHERE game = ?", "line98"),
    "record infinite": ("UPDATE records SET best = 1e999 WHERE game = ?", "line98"),
    "record a fraction": ("UPDATE records SET best = 12.5 WHERE game = ?", "mahjong"),
    "mahjong record as text": ("UPDATE records SET best = 'lots' WHERE game = ?", "mahjong"),
}


@pytest.mark.parametrize("sql,game", ROW_DAMAGE.values(), ids=ROW_DAMAGE.keys())
def test_a_damaged_record_warns_is_kept_aside_and_the_game_opens(tmp_path, sql, game):
    path = a_store(tmp_path)
    execute(path, sql, game)
    with pytest.warns(StoreWarning, match="damaged"):
        widget = WIDGETS[game](path)
    assert widget.record == 0
    kept = Store(path).damaged()
    assert [(row["table"], row["game"]) for row in kept] == [("records", game)]
    widget.game  # noqa: B018 (it opened)
    # a finished game makes a new record; the damaged value stays where it was put
    store = Store(path)
    assert store.finish(game, 7, 3)
    assert store.record(game) == 7 and len(store.damaged()) == 1


def saved_game_rows() -> dict[str, tuple[str, str, object]]:
    """(game, save name, damaged value of the data column)"""
    return {
        "loa save not JSON": ("loa", "current", "{not json"),
        "loa save a blob": ("loa", "current", b"\x00\xff\xfe"),
        "loa save JSON but a list": ("loa", "current", "[1, 2]"),
        "loa save with NaN": ("loa", "current", '{"game": NaN, "level": "easy"}'),
        "loa save of a level that is not": ("loa", "current", None),  # filled in below
        "domino save not JSON": ("domino", "computer", "{{"),
        "domino save a blob": ("domino", "computer", b"\x80\x81"),
        "domino save of a level that is not": ("domino", "computer", None),
        "domino save invalid UTF-8 text": ("domino", "computer", "bad-utf8"),
        "domino save nested 100000 deep": ("domino", "computer", "[" * 100_000 + "]" * 100_000),
    }


def damaged_value(name: str, value: object) -> object:
    if name == "loa save of a level that is not":
        game = LinesOfAction(store=None, seed=1).game.to_dict()
        return json.dumps({"game": game, "level": "grandmaster"})
    if name == "domino save of a level that is not":
        game = Domino(store=None, seed=1).game.to_dict()
        return json.dumps({"game": game, "level": "grandmaster"})
    return value


@pytest.mark.parametrize("name", saved_game_rows())
def test_a_damaged_saved_game_warns_is_kept_aside_and_a_new_game_starts(tmp_path, name):
    game, save, value = saved_game_rows()[name]
    value = damaged_value(name, value)
    path = a_store(tmp_path)
    Store(path).save(game, save, {"placeholder": 1})
    if value == "bad-utf8":
        execute(path, "UPDATE saved SET data = CAST(x'7b22ff22' AS TEXT) WHERE game = ?", game)
    else:
        execute(path, "UPDATE saved SET data = ? WHERE game = ?", value, game)
    with pytest.warns(StoreWarning, match="damaged"):
        widget = WIDGETS[game](path)
    if game == "loa":
        assert widget.saved == []
        with pytest.raises(BadSave):
            widget.continue_saved()
    else:
        assert widget.boneyard + len(widget.line) + sum(widget.counts) == 28
    kept = [row for row in Store(path).damaged() if row["table"] == "saved"]
    assert len(kept) == 1 and kept[0]["game"] == game and kept[0]["name"] == save
    if value != "bad-utf8":
        assert kept[0]["value"] == value  # kept byte for byte
    # the next game is saved and opens again without a warning
    widget._save()
    with warnings.catch_warnings():
        warnings.simplefilter("error", StoreWarning)
        WIDGETS[game](path)


def test_line98_restore_of_a_damaged_save_is_a_bad_save_and_the_save_is_kept(tmp_path):
    path = a_store(tmp_path)
    execute(path, "UPDATE saved SET data = '{oops' WHERE game = 'line98'")
    widget = Line98(seed=1, store=path)
    with pytest.warns(StoreWarning, match="damaged"), pytest.raises(BadSave, match="autosave"):
        widget.restore()
    assert [row["value"] for row in Store(path).damaged()] == ["{oops"]
    with pytest.raises(KeyError):
        widget.restore()  # it is no longer a saved game, only a kept damaged one


def test_a_damaged_setting_is_kept_aside_and_the_default_used(tmp_path):
    path = a_store(tmp_path)
    execute(path, "UPDATE settings SET value = x'ff00' WHERE game = 'line98'")
    with pytest.warns(StoreWarning, match="damaged"):
        assert Line98(seed=1, store=path).symbols is False
    assert [row["name"] for row in Store(path).damaged()] == ["symbols"]


# --------------------------------------------------------------- locks and retries
LOCKER = """
import sqlite3, sys
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("BEGIN EXCLUSIVE")
print("locked", flush=True)
sys.stdin.readline()
conn.execute("COMMIT")
print("released", flush=True)
"""


class Locker:
    """Another process holding the database locked until ``release()``."""

    def __init__(self, path: Path):
        self.process = subprocess.Popen([sys.executable, "-c", LOCKER, str(path)], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True)
        assert self.process.stdout is not None and self.process.stdout.readline().strip() == "locked"

    def release(self) -> None:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write("\n")
        self.process.stdin.flush()
        assert self.process.stdout.readline().strip() == "released"
        self.process.wait()


def test_writes_made_while_another_process_holds_the_lock_reach_the_file(tmp_path):
    path = a_store(tmp_path)
    store = Store(path, busy_timeout=0.05)
    widget = Line98(seed=5, store=store)
    locker = Locker(path)
    try:
        with pytest.warns(StoreWarning, match="locked"):
            widget.save("during the lock")
        store.finish("line98", 999, 40)
        widget.symbols = False  # it was remembered as True
        assert widget.storage["state"] == "waiting" and "3 changes" in widget.storage["message"]
        assert not store.flush()  # still locked: still waiting, nothing dropped
        assert store.pending == 3
    finally:
        locker.release()
    assert store.flush() and store.pending == 0
    assert widget.storage == {"state": "saved", "message": ""}
    fresh = Store(path)
    assert fresh.load("line98", "during the lock") == widget.game.to_dict()
    assert fresh.record("line98") == 999 and fresh.settings("line98")["symbols"] is False
    assert store.persistent  # it never gave up on the file


def test_a_store_opened_while_locked_still_uses_the_file(tmp_path):
    path = a_store(tmp_path)
    locker = Locker(path)
    try:
        store = Store(path, busy_timeout=0.05)
        assert store.persistent and store.record("line98") == 120  # reading goes on (WAL)
        with pytest.warns(StoreWarning, match="locked"):
            store.save("line98", "x", {"n": 1})
    finally:
        locker.release()
    assert store.flush() and Store(path).load("line98", "x") == {"n": 1}


def test_waiting_writes_are_retried_on_the_event_loop_until_the_lock_is_gone(tmp_path):
    path = a_store(tmp_path)

    async def scenario() -> None:
        store = Store(path, busy_timeout=0.05, retry_every=0.05)
        locker = Locker(path)
        with pytest.warns(StoreWarning, match="locked"):
            store.save("line98", "late", {"n": 2})
        assert store.pending == 1
        locker.release()
        async with asyncio.timeout(60):
            while store.pending:
                await asyncio.sleep(0.02)

    asyncio.run(scenario())
    assert Store(path).load("line98", "late") == {"n": 2}


def test_a_failed_write_reports_its_own_cause_not_the_rollbacks(tmp_path):
    from gamewidgets.store import transaction

    conn = sqlite3.connect(tmp_path / "x.sqlite3", isolation_level=None)
    conn.execute("CREATE TABLE t (x)")
    pages = conn.execute("PRAGMA page_count").fetchone()[0]
    conn.execute(f"PRAGMA max_page_count = {pages + 1}")  # a full disk, as SQLite sees it
    with pytest.raises(sqlite3.OperationalError, match="full"):  # SQLite has rolled back already
        transaction(conn, [("INSERT INTO t VALUES (?)", (b"x" * 100_000,))])
    assert not conn.in_transaction and conn.execute("SELECT count(*) FROM t").fetchone() == (0,)


def test_a_file_damaged_while_in_use_is_shown_in_the_widget_and_never_written_again(tmp_path):
    path = a_store(tmp_path)
    widget = Line98(seed=5, store=path)
    Store(path).finish("line98", 1, 1)  # the data is in the main file, not only in the WAL
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    data = bytearray(path.read_bytes())
    data[4096:] = b"\xa5" * (len(data) - 4096)  # every page of the tables is overwritten
    path.write_bytes(bytes(data))
    before = path.read_bytes()
    with pytest.warns(StoreWarning, match="left untouched"):
        widget.save("after the damage")
    assert widget.storage["state"] == "unavailable" and "not saved" in widget.storage["message"].lower()
    assert widget.store.load("line98", "after the damage") == widget.game.to_dict()  # kept for the session
    assert path.read_bytes() == before
