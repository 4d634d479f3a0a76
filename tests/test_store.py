"""The store: records, finished games, saved games; damage and concurrency."""

import multiprocessing
import sqlite3
import warnings

import pytest

from gamewidgets.store import Store, StoreWarning, Tally, default_path


def test_record_is_the_best_score_and_persists(tmp_path):
    path = tmp_path / "s.sqlite3"
    store = Store(path)
    assert store.record("line98") == 0
    assert store.finish("line98", 30, 12, seed=1) is True
    assert store.finish("line98", 20, 9) is False
    assert Store(path).record("line98") == 30
    assert Store(path).record("mahjong") == 0
    assert [g["score"] for g in Store(path).finished("line98")] == [30, 20]


def test_default_path_follows_gamewidgets_home(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMEWIDGETS_HOME", str(tmp_path / "home"))
    assert default_path() == tmp_path / "home" / "gamewidgets.sqlite3"
    Store().finish("line98", 5, 1)
    assert (tmp_path / "home" / "gamewidgets.sqlite3").exists()
    monkeypatch.delenv("GAMEWIDGETS_HOME")
    assert default_path().name == "gamewidgets.sqlite3" and "jupyter" in str(default_path()).lower()


def test_memory_store_keeps_nothing_on_disk(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMEWIDGETS_HOME", str(tmp_path))
    store = Store.memory()
    store.finish("line98", 10, 3)
    assert store.record("line98") == 10 and not store.persistent
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    "content",
    [b"this is not a database" * 50, b"SQLite format 3\x00" + b"\xff" * 200],
)
def test_damaged_file_warns_is_never_written_and_the_game_goes_on(tmp_path, content):
    path = tmp_path / "s.sqlite3"
    path.write_bytes(content)
    with pytest.warns(StoreWarning, match="left untouched"):
        store = Store(path)
    store.finish("line98", 40, 10)
    store.save("line98", "x", {"a": 1})
    assert store.record("line98") == 40 and store.load("line98", "x") == {"a": 1}
    assert path.read_bytes() == content
    assert not store.persistent and store.problem


def test_foreign_sqlite_database_is_not_touched(tmp_path):
    path = tmp_path / "other.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE people (name TEXT)")
    conn.commit()
    conn.close()
    before = path.read_bytes()
    with pytest.warns(StoreWarning, match="not a gamewidgets store"):
        Store(path).finish("line98", 1, 1)
    assert path.read_bytes() == before


def test_saved_games(tmp_path):
    store = Store(tmp_path / "s.sqlite3")
    store.save("line98", "b", {"n": 1})
    store.save("line98", "a", {"n": 2})
    store.save("line98", "b", {"n": 3})
    assert store.saved("line98") == ["a", "b"] and store.saved("loa") == []
    assert store.load("line98", "b") == {"n": 3} and store.load("line98", "zz") is None
    store.delete("line98", "b")
    store.delete("line98", "never saved")
    assert store.saved("line98") == ["a"]


def _finish_many(path, base, count):
    store = Store(path)
    for i in range(count):
        store.finish("line98", base + i, i)


def test_two_processes_writing_at_once_lose_nothing(tmp_path):
    path = tmp_path / "s.sqlite3"
    Store(path)
    context = multiprocessing.get_context("spawn")
    workers = [context.Process(target=_finish_many, args=(path, base, 60)) for base in (0, 1000)]
    with warnings.catch_warnings():
        warnings.simplefilter("error", StoreWarning)
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join(60)
    assert all(worker.exitcode == 0 for worker in workers)
    store = Store(path)
    assert len(store.finished("line98")) == 120
    assert store.record("line98") == 1059
    assert sqlite3.connect(path).execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def test_outcomes_and_streaks_per_variant(tmp_path):
    store = Store(tmp_path / "s.sqlite3")
    for result in ["win", "win", "loss", "win", "win", "win", "draw", "win"]:
        store.add_outcome("loa", "6x6 easy", result, 40)
    store.add_outcome("loa", "8x8 hard", "loss", 70)
    tally = Store(tmp_path / "s.sqlite3").tally("loa", "6x6 easy")
    assert (tally.wins, tally.losses, tally.draws, tally.played) == (6, 1, 1, 8)
    assert (tally.streak, tally.best_streak) == (1, 3)
    assert tally.win_percent == 75.0 and tally.to_dict()["win_percent"] == 75.0
    assert store.tally("loa", "8x8 hard").losses == 1 and store.tally("loa", "7x7 easy").played == 0
    with pytest.raises(ValueError):
        store.add_outcome("loa", "6x6 easy", "victory", 3)



@pytest.mark.parametrize("kind", ["file", "memory"])
def test_an_outcome_taken_back_no_longer_counts(tmp_path, kind):
    store = Store(tmp_path / "s.sqlite3") if kind == "file" else Store.memory()
    store.add_outcome("loa", "6x6 easy", "win", 30)
    first = store.add_outcome("loa", "6x6 easy", "loss", 40)
    second = store.add_outcome("loa", "6x6 easy", "loss", 40)  # the same game again, at once: its own key
    assert first != second and store.tally("loa", "6x6 easy").losses == 2
    store.remove_outcome(second)
    store.remove_outcome(second)  # already gone: nothing happens
    assert store.tally("loa", "6x6 easy") == Tally.of(["win", "loss"])
    store.remove_outcome(first)
    tally = store.tally("loa", "6x6 easy")
    assert (tally.wins, tally.losses, tally.streak) == (1, 0, 1)


def test_an_outcome_taken_back_while_the_file_is_locked_is_removed_once_it_is_free(tmp_path):
    path = tmp_path / "s.sqlite3"
    store = Store(path, busy_timeout=0.05)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another program holds the write lock
    with pytest.warns(StoreWarning, match="locked"):
        key = store.add_outcome("loa", "8x8 hard", "loss", 50)
    store.remove_outcome(key)
    assert store.pending == 2
    other.execute("COMMIT")
    other.close()
    assert store.flush() and Store(path).tally("loa", "8x8 hard").played == 0


def test_a_version_1_store_gains_the_new_table(tmp_path):
    path = tmp_path / "old.sqlite3"
    conn = sqlite3.connect(path)
    conn.executescript(
        "CREATE TABLE records (game TEXT PRIMARY KEY, best INTEGER NOT NULL, updated REAL NOT NULL);"
        "CREATE TABLE finished (id INTEGER PRIMARY KEY AUTOINCREMENT, game TEXT NOT NULL, score INTEGER NOT NULL,"
        " moves INTEGER NOT NULL, seed INTEGER, finished REAL NOT NULL);"
        "CREATE TABLE saved (game TEXT NOT NULL, name TEXT NOT NULL, data TEXT NOT NULL, updated REAL NOT NULL,"
        " PRIMARY KEY (game, name));"
        "INSERT INTO records VALUES ('line98', 55, 0); PRAGMA user_version = 1;"
    )
    conn.close()
    store = Store(path)
    assert store.record("line98") == 55
    store.add_outcome("loa", "6x6 easy", "win", 30)
    assert store.tally("loa", "6x6 easy").wins == 1
