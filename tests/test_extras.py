"""An optional extra that is missing is said at once, with the command that installs it:
in Python, in the view (the error trait) and on the command line. (The installed-wheel
test checks the same without the extra really installed.)"""

import sys

import pytest

from gamewidgets import Domino, cli
from gamewidgets.domino.online import OnlineDomino
from gamewidgets.domino.online.widget import SEATS
from gamewidgets.extras import EXTRAS, MissingExtra, require
from gamewidgets.store import Store

INVITE = "http://127.0.0.1:9/rooms/abcdefghijklmnopqrstuv"


@pytest.fixture
def without_websockets(monkeypatch):
    monkeypatch.setitem(sys.modules, "websockets", None)  # as if it were not installed


def test_every_extra_is_declared_in_the_package_metadata():
    from importlib.metadata import metadata

    provided = set(metadata("gamewidgets").get_all("Provides-Extra"))
    assert set(EXTRAS) <= provided


def test_require_names_the_extra_and_the_missing_module(without_websockets):
    require("plots", "a plot")  # installed here
    with pytest.raises(MissingExtra, match=r"online play needs the 'online' extra: "
                                           r"pip install 'gamewidgets\[online\]' \(not installed: websockets\)"):
        require("online", "online play")
    assert issubclass(MissingExtra, ImportError)


def test_hosting_and_joining_fail_at_once_before_any_room_is_made(without_websockets):
    # the server address does not answer: a call that went on would fail differently
    with pytest.raises(MissingExtra, match="gamewidgets\\[online\\]"):
        Domino.host(server="http://127.0.0.1:9", store=None)
    with pytest.raises(MissingExtra, match="gamewidgets\\[online\\]"):
        Domino.join(INVITE, store=None)


def test_a_seat_that_cannot_connect_says_why_in_the_view(without_websockets):
    store = Store.memory()
    store.save(SEATS, INVITE, {"seat": 0, "credential": "x" * 43})
    with pytest.raises(MissingExtra):
        OnlineDomino(INVITE, store=store)
    seat = OnlineDomino(INVITE, store=store, connect=False)
    with pytest.raises(MissingExtra):
        seat.reconnect()
    assert "pip install 'gamewidgets[online]'" in seat.error
    seat.error = ""
    seat._handle_custom_msg({"type": "reconnect"}, [])  # the view's Reconnect / Play here button
    assert "pip install 'gamewidgets[online]'" in seat.error


def test_the_room_server_command_says_which_extra_it_needs(without_websockets, capsys):
    assert cli.main(["domino", "serve", "--port", "8799"]) == 2
    assert "pip install 'gamewidgets[online]'" in capsys.readouterr().err
