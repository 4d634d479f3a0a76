"""Settings remembered in the store (per game), and the view's heartbeat.

A setting changed after a widget is made becomes the default of the next widget of
the same game, also from a new Store on the same file (a restarted kernel); a setting
given to the constructor wins and is not remembered; ``store=None`` keeps nothing.
"""

import sqlite3
import warnings

import pytest

from gamewidgets import Line98, LinesOfAction, MahjongConnect
from gamewidgets.domino.widget import Domino
from gamewidgets.store import Store, StoreWarning

# each game's settings, and a value other than its default
GAMES = {
    "line98": (Line98, {"muted": True, "reduced_motion": True, "symbols": True, "mark_reachable": False,
                        "hide_clock": True, "suggest_level": "master"}),
    "mahjong": (MahjongConnect, {"muted": True, "reduced_motion": True, "orientation": "portrait",
                                 "scoring": "standard"}),
    "loa": (LinesOfAction, {"muted": True, "reduced_motion": True, "show_counts": True}),
    "domino": (Domino, {"muted": True, "reduced_motion": True}),
}


def make(game, **kwargs):
    cls = GAMES[game][0]
    return cls(seed=3, **kwargs)


@pytest.mark.parametrize("game", GAMES)
def test_settings_chosen_in_one_widget_are_the_defaults_of_the_next(game, tmp_path):
    path = tmp_path / "store.sqlite3"
    changed = GAMES[game][1]
    first = make(game, store=path)
    defaults = first.settings
    assert set(defaults) == set(changed)
    assert all(defaults[name] != value for name, value in changed.items())
    for name, value in changed.items():
        setattr(first, name, value)
    assert make(game, store=path).settings == changed
    assert make(game, store=Store(path)).settings == changed  # a new kernel, the same file
    # the other games keep their own defaults
    for other in GAMES:
        if other != game:
            assert make(other, store=path).settings == make(other, store=None).settings


@pytest.mark.parametrize("game", GAMES)
def test_a_setting_given_to_the_constructor_wins_and_is_not_remembered(game, tmp_path):
    path = tmp_path / "store.sqlite3"
    name, value = next(iter(GAMES[game][1].items()))
    default = make(game, store=None).settings[name]
    given = make(game, store=path, **{name: value})
    assert given.settings[name] == value
    assert make(game, store=path).settings[name] == default  # a given value is not a choice
    chooser = make(game, store=path)
    setattr(chooser, name, value)
    assert make(game, store=path, **{name: default}).settings[name] == default
    assert make(game, store=path).settings[name] == value


def test_store_none_keeps_no_setting(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMEWIDGETS_HOME", str(tmp_path))
    widget = Line98(seed=1, store=None)
    widget.symbols = True
    assert Line98(seed=1, store=None).symbols is False
    assert Line98(seed=1).symbols is False  # nor in the default store
    assert not (tmp_path / "gamewidgets.sqlite3").exists() or Store().settings("line98") == {}


def test_a_setting_changed_from_the_view_is_remembered(tmp_path):
    path = tmp_path / "store.sqlite3"
    widget = Line98(seed=1, store=path)
    # what the view does: set the trait (anywidget applies the view's state update)
    widget.set_state({"mark_reachable": False})
    assert Line98(seed=2, store=path).mark_reachable is False


def test_damaged_or_invalid_remembered_settings_warn_and_the_defaults_are_used(tmp_path):
    path = tmp_path / "store.sqlite3"
    MahjongConnect(seed=1, store=path).orientation = "portrait"
    Line98(seed=1, store=path).symbols = True
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE settings SET value = 'not json{' WHERE game = 'mahjong'")
        conn.execute("UPDATE settings SET value = '\"sideways\"' WHERE game = 'line98'")
    before = path.read_bytes()
    with pytest.warns(StoreWarning, match="damaged"):
        assert MahjongConnect(seed=1, store=path).orientation == "auto"
    with pytest.warns(StoreWarning, match="not valid"):
        assert Line98(seed=1, store=path).symbols is False
    assert path.read_bytes() == before  # left as it was


def test_settings_of_an_old_store_file_are_added_without_losing_its_records(tmp_path):
    path = tmp_path / "old.sqlite3"
    store = Store(path)
    store.finish("line98", 120, 30)
    with sqlite3.connect(path) as conn:  # as a version-2 store had it
        conn.execute("DROP TABLE settings")
        conn.execute("PRAGMA user_version = 2")
    widget = Line98(seed=1, store=path)
    assert widget.record == 120
    widget.hide_clock = True
    assert Line98(seed=1, store=path).hide_clock is True


def test_ping_is_answered_with_pong_and_leaves_the_error_alone():
    widget = Line98(seed=1, store=None)
    sent = []
    widget.send = sent.append
    widget._handle_custom_msg({"type": "undo"}, [])  # nothing to undo: an error
    error = widget.error
    assert error
    widget._handle_custom_msg({"type": "ping", "n": 7}, [])
    widget._handle_custom_msg({"type": "ping", "n": {"deep": [1]}}, [])
    assert sent == [{"type": "pong", "n": 7}, {"type": "pong", "n": None}]
    assert widget.error == error


def test_no_store_warning_for_a_healthy_store(tmp_path):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        widget = Line98(seed=1, store=tmp_path / "s.sqlite3")
        widget.muted = True
        assert Line98(seed=1, store=tmp_path / "s.sqlite3").muted is True
