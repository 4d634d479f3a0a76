"""Bad arguments to the store are refused up front with a typed error, and a refused
write never poisons the queue: every later save, record and setting of the process
still reaches the file (issue 25: one bad save name stopped every later write)."""

from __future__ import annotations

import contextlib
import math
import warnings

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamewidgets import Line98
from gamewidgets.store import Store

BAD_NAMES = [["a"], {"a": 1}, object(), 2**70, ("t",), None, math.nan, b"bytes", 3]


def healthy(store: Store) -> bool:
    return store.status()["state"] == "saved" and store.flush() and store.pending == 0


@pytest.mark.parametrize("name", BAD_NAMES, ids=[type(n).__name__ for n in BAD_NAMES])
def test_a_bad_save_name_is_refused_and_later_writes_reach_the_file(tmp_path, name):
    path = tmp_path / "s.sqlite3"
    w = Line98(seed=1, store=Store(path), muted=True)
    with pytest.raises(TypeError, match="name"):
        w.save(name)
    assert healthy(w.store)
    w.save("good")
    w.store.finish("line98", 42, 10, seed=2**100)  # a game seed beyond SQLite's integers
    again = Store(path)
    assert again.saved("line98") == ["good"] and again.record("line98") == 42
    assert again.finished("line98")[-1]["seed"] == 2**100


@settings(max_examples=60, deadline=None)
@given(game=st.one_of(st.text(max_size=5), st.integers(), st.none(), st.lists(st.integers(), max_size=2),
                      st.floats(allow_nan=True)),
       name=st.one_of(st.text(max_size=5), st.integers(), st.none(), st.binary(max_size=3)),
       number=st.one_of(st.integers(), st.floats(allow_nan=True), st.text(max_size=3), st.booleans()))
def test_every_call_refuses_what_it_cannot_store_and_the_store_stays_healthy(tmp_path_factory, game, name, number):
    store = Store(tmp_path_factory.mktemp("s") / "s.sqlite3")
    calls = [
        lambda: store.save(game, name, {"x": 1}),
        lambda: store.load(game, name),
        lambda: store.delete(game, name),
        lambda: store.saved(game),
        lambda: store.record(game),
        lambda: store.finish(game, number, number, seed=number),
        lambda: store.finished(game),
        lambda: store.add_outcome(game, name, "win", number),
        lambda: store.tally(game, name),
        lambda: store.settings(game),
        lambda: store.set_setting(game, name, number),
    ]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for call in calls:
            with contextlib.suppress(TypeError, ValueError):  # refused up front, with a typed error
                call()
    assert healthy(store)
    store.save("line98", "after", {"ok": True})
    assert Store(store.path).load("line98", "after") == {"ok": True}
