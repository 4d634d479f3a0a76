"""A store file that is not what it should be (issue 25): a damaged header, tables of the
right names with other columns, something that is not a file at all. Each time a
StoreWarning says why, the file is left as it is, and every widget opens (in memory)."""

from __future__ import annotations

import os
import sqlite3
import threading

import pytest

from gamewidgets import Domino, Line98, LinesOfAction, MahjongConnect
from gamewidgets.store import Store, StoreWarning

WIDGETS = [lambda s: Line98(seed=1, store=s), lambda s: MahjongConnect(seed=1, store=s),
           lambda s: LinesOfAction(store=s), lambda s: Domino(seed=1, store=s)]


def opens_in_memory(path) -> Store:
    with pytest.warns(StoreWarning):
        store = Store(path)
    assert store.problem and store.status()["state"] != "saved"
    for make in WIDGETS:
        make(store)  # every widget opens
    store.save("line98", "in memory", {"ok": True})
    assert store.load("line98", "in memory") == {"ok": True}
    return store


def good_store(path) -> bytes:
    store = Store(path)
    store.save("line98", "kept", {"x": 1})
    del store
    return path.read_bytes()


@pytest.mark.parametrize("offset,value", [(47, 0xFF), (19, 0x07), (21, 0x00)])  # schema format, read version, payload
def test_a_damaged_header_byte_opens_in_memory_and_leaves_the_file(tmp_path, offset, value):
    path = tmp_path / "s.sqlite3"
    data = bytearray(good_store(path))
    data[offset] = value
    path.write_bytes(bytes(data))
    opens_in_memory(path)
    assert path.read_bytes() == bytes(data)


def test_tables_with_the_right_names_and_other_columns_are_not_a_store(tmp_path):
    path = tmp_path / "s.sqlite3"
    conn = sqlite3.connect(path)
    for table in ("records", "finished", "saved", "outcomes", "settings", "damaged"):
        conn.execute(f"CREATE TABLE {table} (something TEXT)")
    conn.commit()
    conn.close()
    before = path.read_bytes()
    store = opens_in_memory(path)
    assert "column" in store.problem
    assert path.read_bytes() == before


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_or_a_directory_at_the_store_path_is_refused_at_once(tmp_path):
    fifo = tmp_path / "fifo.sqlite3"
    os.mkfifo(fifo)
    done = threading.Event()
    result: list[Store] = []

    def make() -> None:
        with pytest.warns(StoreWarning):
            result.append(Store(fifo))
        done.set()

    threading.Thread(target=make, daemon=True).start()
    assert done.wait(20), "Store() on a FIFO never returned"
    assert "not a regular file" in result[0].problem
    folder = tmp_path / "folder.sqlite3"
    folder.mkdir()
    assert "not a regular file" in opens_in_memory(folder).problem
