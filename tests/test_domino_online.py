"""Dominoes online: a real room server on 127.0.0.1 and real clients.

Most tests run the server in this process (uvicorn in a thread) with an injected
clock; the kill-and-restart test runs it as a child process and SIGKILLs it.
"""

from __future__ import annotations

import contextlib
import json
import threading
import time
import urllib.request

import pytest

pytest.importorskip("starlette")
pytest.importorskip("websockets")

import uvicorn
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from gamewidgets import Domino
from gamewidgets.domino.online import LocalServer, OnlineDomino
from gamewidgets.domino.online.client import claim_guest
from gamewidgets.domino.online.local import free_port
from gamewidgets.domino.online.protocol import (
    BURST,
    EXPIRY,
    FLOOD,
    GONE,
    MAX_MESSAGE,
    REFUSED,
    parse_invite,
    socket_url,
)
from gamewidgets.domino.online.server import create_app
from gamewidgets.domino.online.widget import seat_entry
from gamewidgets.domino.rules import Draw, Move, Pass, Play
from gamewidgets.errors import BadInvite, IllegalMove, RoomError
from gamewidgets.store import Store

WAIT = 10.0


class Clock:
    """The server's clock, moved by hand."""

    def __init__(self):
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


class InProcessServer:
    def __init__(self, db, clock, **options):
        self.clock = clock
        self.app = create_app(db, clock=clock, **{"sweep_every": 0.05, **options})
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning",
                                ws="websockets-sansio", ws_max_size=65536, lifespan="on")
        self.uvicorn = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.uvicorn.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + WAIT
        while not self.uvicorn.started:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.02)

    @property
    def rooms(self):
        return self.app.state.server.rooms

    def stop(self):
        self.uvicorn.should_exit = True
        self.thread.join(WAIT)


@pytest.fixture
def server(tmp_path):
    running = InProcessServer(tmp_path / "rooms.db", Clock())
    yield running
    running.stop()


def seat_pair(url):
    """Host and guest widgets (each with its own store, as on two machines), both
    connected; every message each receives is recorded in ``w.received``."""
    host = Domino.host(url, store=None, connect=False)
    guest = Domino.join(host.invite, store=None, connect=False)
    for w in (host, guest):
        record(w)
        w._connection.start()
    for w in (host, guest):
        w.wait_for(lambda w: w.opponent_connected, WAIT)
    return host, guest


def record(w):
    """Keep every message and connection status the widget's connection reports."""
    w.received, w.statuses = [], []
    deliver, report = w._connection._on_message, w._connection._on_status

    def on_message(message):
        w.received.append(message)
        deliver(message)

    def on_status(state, retry_in, message):
        w.statuses.append(state)
        report(state, retry_in, message)

    w._connection._on_message, w._connection._on_status = on_message, on_status


def ply(w):
    return w._state["ply"] if w._state else -1


def settle(*widgets, at=None):
    """Wait until every widget has seen ply ``at`` (default: the furthest one)."""
    target = max(ply(w) for w in widgets) if at is None else at
    for w in widgets:
        w.wait_for(lambda w: ply(w) >= target, WAIT)


def mover(host, guest):
    return host if host.view.turn == host.seat else guest


def play_one(host, guest, choose=lambda moves: moves[0]):
    w = mover(host, guest)
    before = ply(w)
    w._send_move(choose(w.legal_moves()))
    settle(host, guest, at=before + 1)


def play_out(host, guest):
    while not host.view.is_over:
        play_one(host, guest)


def tiles_in(value, skip=("ends", "pips")):
    """Every [a, b] pair of pips 0..6 anywhere in a message, as a tile (high, low)."""
    found = set()
    if isinstance(value, dict):
        for key, item in value.items():
            if key not in skip:
                found |= tiles_in(item, skip)
    elif isinstance(value, list):
        if (len(value) == 2 and all(isinstance(x, int) and not isinstance(x, bool) for x in value)
                and all(0 <= x <= 6 for x in value)):
            found.add((max(value), min(value)))
        else:
            for item in value:
                found |= tiles_in(item, skip)
    return found


def close(*widgets):
    for w in widgets:
        w.close()


# ------------------------------------------------------------------ a whole hand
def test_two_clients_play_a_whole_hand_and_no_message_names_a_hidden_tile(server):
    host, guest = seat_pair(server.url)
    play_out(host, guest)
    settle(host, guest)
    room = server.rooms.get(host.room)
    final = room.game
    assert final.is_over and host.view.outcome == guest.view.outcome == final.outcome()
    assert host.result["points"] == final.outcome().points
    checked = 0
    for w in (host, guest):
        states = [m for m in w.received if m["type"] == "state"]
        assert states[-1]["ply"] == len(final.history)
        for message in w.received:
            if message["type"] != "state":
                continue
            position = final.copy()
            while len(position.history) > message["ply"]:
                position.undo()
            hidden = set(position.hand(1 - w.seat)) | set(position.boneyard)
            seen = tiles_in(message)
            assert set(position.hand(w.seat)) <= seen  # the walk does find tiles
            assert not seen & hidden, f"message at ply {message['ply']} names hidden tiles {seen & hidden}"
            checked += 1
    assert checked >= len(final.history)
    close(host, guest)


def test_the_view_the_widget_shows_is_the_seats_own(server):
    host, guest = seat_pair(server.url)
    game = server.rooms.get(host.room).game
    for w in (host, guest):
        assert w.hand == [list(t) for t in game.hand(w.seat)]
        assert w.counts == [7, 7] and w.boneyard == 14 and w.seat in (0, 1)
        assert w.names[w.seat] == "You"
    opener = mover(host, guest)
    assert opener.playable == [{"tile": list(game.opening), "ends": ["right"]}]
    waiting = guest if opener is host else host
    assert waiting.playable == [] and waiting.turn == opener.seat
    close(host, guest)


# ------------------------------------------------------------- kill and restart
def test_a_server_killed_mid_hand_and_restarted_has_every_confirmed_move(tmp_path):
    local = LocalServer(tmp_path / "rooms.db").start()
    try:
        host, guest = seat_pair(local.url)
        for kill_after in (0.0, 0.002, 0.01, None):
            for _ in range(3):
                if not host.view.is_over:
                    play_one(host, guest)
            if host.view.is_over:  # a short hand: the kills so far are the test
                break
            # one more move, and the server is killed while it may be storing it
            w = mover(host, guest)
            confirmed = [e.to_dict() for e in w.view.history]
            w._send_move(w.legal_moves()[0])
            if kill_after is None:
                settle(host, guest, at=len(confirmed) + 1)
                confirmed = [e.to_dict() for e in w.view.history]
            else:
                time.sleep(kill_after)
            acknowledged = [e.to_dict() for e in w.view.history]
            local.kill()
            local.start()
            # both clients reconnect by themselves and get the full state
            at_least = len(acknowledged)
            for x in (host, guest):
                x.wait_for(lambda x, at_least=at_least: x.opponent_connected and ply(x) >= at_least, 30)
            restored = [e.to_dict() for e in w.view.history]
            assert restored[: len(acknowledged)] == acknowledged
            assert len(restored) >= len(confirmed)
            if host.view.is_over:
                break
        # the game goes on after the restarts, to the end
        play_out(host, guest)
        assert host.view.outcome == guest.view.outcome is not None
        close(host, guest)
    finally:
        local.kill()


# --------------------------------------------------------- seats and connections
def test_opening_a_seat_again_replaces_the_first_connection_which_does_not_fight_back(server):
    store = Store.memory()
    first = Domino.host(server.url, store=store)
    first.wait_for(lambda w: w.connected, WAIT)
    second = Domino.resume(first.invite, store=store)  # the same store: the host's seat again
    assert second.seat == first.seat == 0
    first.wait_for(lambda w: w.online["state"] == "replaced", WAIT)
    second.wait_for(lambda w: w.connected, WAIT)
    assert first.last_event["kind"] == "replaced"
    # no fight: the replaced seat's connection thread ends instead of reconnecting
    first.wait_for(lambda w: not w._connection.running, WAIT)
    assert first.online["state"] == "replaced" and second.connected
    with pytest.raises(IllegalMove):
        first.play(first.view.hand[0])
    first.reconnect()  # the user takes it back on purpose
    second.wait_for(lambda w: w.online["state"] == "replaced", WAIT)
    first.wait_for(lambda w: w.connected, WAIT)
    close(first, second)


def test_a_dropped_connection_reconnects_and_the_other_seat_sees_who_is_missing(server):
    host, guest = seat_pair(server.url)
    play_one(host, guest)
    guest._connection._socket.close()  # the network drops the guest
    host.wait_for(lambda w: w.online["seats"] == [True, False], WAIT)
    assert host.legal_moves() == [] and host.playable == []
    # the guest's own thread notices the drop (maybe after the server did), then is back
    guest.wait_for(lambda w: "offline" in w.statuses and w.opponent_connected, WAIT)
    host.wait_for(lambda w: w.online["seats"] == [True, True], WAIT)
    assert [e.to_dict() for e in guest.view.history] == [e.to_dict() for e in host.view.history]
    assert guest.statuses[-3:] == ["offline", "connecting", "connected"]
    play_one(host, guest)
    close(host, guest)


def test_moves_wait_while_the_other_seat_is_not_connected(server):
    host = Domino.host(server.url, store=None)
    host.wait_for(lambda w: w.connected and w.view is not None, WAIT)
    assert host.online["joined"] is False and host.online["seats"] == [True, False]
    with pytest.raises(IllegalMove, match="not connected"):
        host.draw()
    # the server refuses it too when a client sends it anyway
    raw = RawSeat(server.url, host.room, 0, host_credential(host)).replacing()
    reply = raw.ask({"type": "move", "game": 0, "ply": 0, "move": {"action": "draw"}})
    assert reply["type"] == "error" and "join" in reply["message"]
    raw.close()
    close(host)


def test_the_stored_credential_brings_the_seat_back_and_deleting_it_loses_the_seat(server, tmp_path):
    host_store, guest_file = Store.memory(), tmp_path / "guest-store.sqlite"
    host = Domino.host(server.url, store=host_store)
    guest = Domino.join(host.invite, store=Store(guest_file))
    guest.wait_for(lambda w: w.connected, WAIT)
    guest.close()
    # a new kernel: a new Store on the same file, and the invite
    guest_store = Store(guest_file)
    assert Domino.invites(store=guest_store) == [host.invite]
    again = Domino.join(host.invite, store=guest_store)
    assert again.seat == 1
    again.wait_for(lambda w: w.connected, WAIT)
    again.forget()
    assert Domino.invites(store=guest_store) == []
    with pytest.raises(RoomError) as error:
        Domino.join(host.invite, store=guest_store)  # tries the guest seat: taken
    assert error.value.code == "seat-taken"
    with pytest.raises(RoomError, match="no seat"):
        OnlineDomino(host.invite, store=guest_store)
    close(host, again)


def test_the_guest_seat_is_claimed_once_even_by_racing_clients(server):
    host = Domino.host(server.url, store=None, connect=False)
    results = []

    def claim():
        try:
            results.append(post(f"{server.url}/rooms/{host.room}/guest")[0])
        except Exception as exc:  # pragma: no cover - reported by the assert
            results.append(repr(exc))

    threads = [threading.Thread(target=claim) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == [201] + [409] * 7


def test_credentials_are_long_random_and_only_their_hash_is_stored(server, tmp_path):
    store = Store.memory()
    host = Domino.host(server.url, store=store, connect=False)
    credential = store.load("domino-online", seat_entry(host.invite, 0))["credential"]
    assert len(credential) >= 43  # 256 bits, url-safe base64
    data = b"".join(p.read_bytes() for p in tmp_path.glob("rooms.db*"))
    assert credential.encode() not in data
    assert len(host.room) == 22 and parse_invite(host.invite) == (server.url, host.room)


# ------------------------------------------------------------------ new games
def test_new_game_needs_both_once_the_guest_has_joined_and_a_move_cancels_the_request(server):
    host, guest = seat_pair(server.url)
    play_one(host, guest)
    host.new_game()
    guest.wait_for(lambda w: w.online["request"] == 0, WAIT)
    assert guest.last_event["kind"] == "request" and host.game_number == 0
    play_one(host, guest)  # a move cancels it
    for w in (host, guest):
        w.wait_for(lambda w: w.online["request"] is None, WAIT)
    guest.new_game()
    host.wait_for(lambda w: w.online["request"] == 1, WAIT)
    host.decline_new_game()
    # (not "request is None": under load the guest may not have seen its own request yet)
    guest.wait_for(lambda w: w.last_event["kind"] == "declined", WAIT)
    assert guest.online["request"] is None and guest.game_number == 0
    guest.new_game()
    host.wait_for(lambda w: w.online["request"] == 1, WAIT)
    host.new_game()  # agrees
    for w in (host, guest):
        w.wait_for(lambda w: w.game_number == 1, WAIT)
        assert ply(w) == 0 and w.online["request"] is None and w.last_event["kind"] == "new"
    assert host.seat == 0 and guest.seat == 1  # seats never change
    close(host, guest)


def asks(asker, other):
    """``asker`` asks for a new game; both have seen the request."""
    asker.new_game()
    for w in (asker, other):
        w.wait_for(lambda w: w.online["request"] == asker.seat, WAIT)
    assert asker.online["request_end"] is None and other.online["request_end"] is None


def ends_with(w, how):
    w.wait_for(lambda w: (w.online["request_end"] or {}).get("how") == how, WAIT)
    return w.online["request_end"]


def test_a_move_that_cancels_a_request_is_told_to_both_seats_in_words(server):
    host, guest = seat_pair(server.url)
    play_one(host, guest)
    moving = mover(host, guest)
    asker = guest if moving is host else host
    asks(asker, moving)
    play_one(host, guest)  # the other seat plays on
    told = ends_with(asker, "cancelled")
    assert told == {"asked": asker.seat, "by": moving.seat, "how": "cancelled", "over": asker.view.is_over,
                    "game": 0, "ply": ply(asker),
                    "text": "Your new-game request was cancelled: your opponent played on."}
    assert asker.last_event["kind"] == "cancelled"
    assert (asker.last_event["player"], asker.last_event["by"]) == (asker.seat, moving.seat)
    assert asker.online["request"] is None
    assert ends_with(moving, "cancelled")["text"] == "Your opponent's new-game request was cancelled: you played on."
    assert moving.last_event["kind"] == "cancelled"
    # the notice stays until that seat moves again
    while not host.view.is_over and mover(host, guest) is moving:
        play_one(host, guest)
    assert asker.online["request_end"] == told
    if not host.view.is_over:
        play_one(host, guest)  # the asker plays on too: old news
        assert asker.online["request_end"] is None
    close(host, guest)


def test_a_request_cancelled_by_the_askers_own_move(server):
    host, guest = seat_pair(server.url)
    moving = mover(host, guest)
    other = guest if moving is host else host
    asks(moving, other)
    play_one(host, guest)
    assert ends_with(moving, "cancelled")["text"] == "Your new-game request was cancelled: you played on."
    assert ends_with(other, "cancelled")["text"] == "Your opponent's new-game request was cancelled: they played on."
    assert (other.last_event["player"], other.last_event["by"]) == (moving.seat, moving.seat)
    close(host, guest)


def test_declined_and_withdrawn_requests_say_who_and_play_on_during_the_hand(server):
    host, guest = seat_pair(server.url)
    asks(host, guest)
    guest._on_view_message(guest, {"type": "decline"}, [])  # the guest's view: Decline
    told = ends_with(host, "declined")
    assert told["text"] == "Your opponent declined a new game: play on."
    assert (told["asked"], told["by"], told["over"]) == (0, 1, False)
    assert host.last_event["kind"] == "declined" and host.last_event["by"] == 1
    assert ends_with(guest, "declined")["text"] == "You declined a new game: play on."
    asks(host, guest)  # a new request: the old notice goes
    host.decline_new_game()  # withdrawn
    assert ends_with(guest, "withdrawn")["text"] == "Your opponent withdrew their new-game request: play on."
    assert ends_with(host, "withdrawn")["text"] == "You withdrew your new-game request: play on."
    assert guest.last_event["kind"] == "declined" and guest.last_event["by"] == guest.last_event["player"] == 0
    close(host, guest)


def test_a_new_game_declined_at_the_end_of_the_hand_does_not_say_play_on(server):
    host, guest = seat_pair(server.url)
    play_out(host, guest)
    settle(host, guest)
    asks(host, guest)
    guest.decline_new_game()
    for w, text in ((host, "Your opponent declined a new game. The final position stays on the table."),
                    (guest, "You declined a new game. The final position stays on the table.")):
        told = ends_with(w, "declined")
        assert told["text"] == text and told["over"] is True
        assert "play on" not in told["text"]
    assert host.result and host.game_number == 0  # the hand is still over, on the table
    asks(guest, host)
    guest.decline_new_game()
    assert ends_with(host, "withdrawn")["text"] == (
        "Your opponent withdrew their new-game request. The final position stays on the table.")
    asks(guest, host)
    host.new_game()  # agreed: a new game, nothing to tell
    for w in (host, guest):
        w.wait_for(lambda w: w.game_number == 1, WAIT)
        assert w.online["request_end"] is None and w.last_event["kind"] == "new"
    close(host, guest)


def test_the_host_resets_alone_while_the_guest_seat_is_empty(server):
    host = Domino.host(server.url, store=None)
    host.wait_for(lambda w: w.view is not None, WAIT)
    first_hand = host.view.hand
    host.new_game()
    host.wait_for(lambda w: w.game_number == 1, WAIT)
    assert host.online["request"] is None
    assert server.rooms.get(host.room).game_no == 1
    assert host.view.hand != first_hand  # a new deal (the same hand again: about 1 in 1.2 million)
    assert ply(host) == 0
    close(host)


# ----------------------------------------------------------------------- expiry
def test_a_room_idle_for_seven_days_is_deleted_by_the_sweep(server):
    host, guest = seat_pair(server.url)
    kept = Domino.host(server.url, store=None, connect=False)
    server.clock.now += EXPIRY - 60
    play_one(host, guest)  # activity: the room lives on
    server.clock.now += 120

    def swept(room):
        try:
            server.rooms.get(room)
        except RoomError:
            return True
        return False

    deadline = time.monotonic() + WAIT
    while not swept(kept.room):  # idle since its creation: gone at the next sweep
        assert time.monotonic() < deadline, "the idle room was not swept"
        time.sleep(0.02)
    assert server.rooms.get(host.room).game_no == 0  # swept at the same time: kept
    server.clock.now += EXPIRY + 1
    for w in (host, guest):
        w.wait_for(lambda w: w.online["state"] == "closed", WAIT)
    with pytest.raises(RoomError) as error:
        Domino.join(host.invite, store=None)
    assert error.value.code == "unknown-room"
    close(host, guest)


# -------------------------------------------------------------------- bad input
class RawSeat:
    """A bare WebSocket speaking the protocol, to send what no widget would."""

    def __init__(self, url, room, seat=None, credential=None):
        self._stack = contextlib.ExitStack()
        self.socket = self._stack.enter_context(connect(socket_url(url, room), open_timeout=WAIT))
        self.seat, self.credential = seat, credential

    def replacing(self):
        self.socket.send(json.dumps({"type": "hello", "seat": self.seat, "credential": self.credential}))
        self.state = self.next("state")
        return self

    def next(self, kind=None):
        while True:
            message = json.loads(self.socket.recv(timeout=WAIT))
            if kind is None or message["type"] == kind or message["type"] == "error":
                return message

    def ask(self, message):
        """Send ``message``; the answer (what came before it is skipped)."""
        try:
            while True:
                self.socket.recv(timeout=0.2)
        except TimeoutError:
            pass
        self.socket.send(message if isinstance(message, (str, bytes)) else json.dumps(message))
        return self.next()

    def close(self):
        self._stack.close()


def host_credential(w):
    """The credential of ``w``'s seat, as its store holds it."""
    return w.store.load("domino-online", seat_entry(w.invite, w.seat))["credential"]


def post(url):
    return http(urllib.request.Request(url, data=b"{}", method="POST"))


def get(url):
    return http(urllib.request.Request(url))


def http(request):
    """(status, JSON body) of an HTTP request, also for an error status."""
    try:
        with urllib.request.urlopen(request, timeout=WAIT) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def closed_with(socket):
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            socket.recv(timeout=WAIT)
    return closed.value.rcvd.code


def test_bad_hellos_are_refused_and_the_connection_closed(server):
    host = Domino.host(server.url, store=None, connect=False)
    wrong = RawSeat(server.url, host.room)
    reply = wrong.ask({"type": "hello", "seat": 0, "credential": "A" * 43})
    assert reply == {"type": "error", "code": "wrong-credential", "message": reply["message"]}
    assert closed_with(wrong.socket) == REFUSED
    for first in ("{not json", {"type": "move", "game": 0, "ply": 0, "move": {}}, b"\x00binary",
                  {"type": "hello", "seat": 2, "credential": host_credential(host)}):
        raw = RawSeat(server.url, host.room)
        assert raw.ask(first)["type"] == "error"
        assert closed_with(raw.socket) == REFUSED
    guest_seat = RawSeat(server.url, host.room)  # the guest seat is not claimed: no credential opens it
    assert guest_seat.ask({"type": "hello", "seat": 1, "credential": host_credential(host)})["type"] == "error"
    unknown = RawSeat(server.url, "A" * 22)
    reply = unknown.ask({"type": "hello", "seat": 0, "credential": host_credential(host)})
    assert reply["code"] == "unknown-room"
    assert closed_with(unknown.socket) == GONE


def test_a_move_with_its_tile_as_text_is_read_as_the_rules_read_it(server):
    host, guest = seat_pair(server.url)
    play_one(host, guest)
    while not [m for m in mover(host, guest).legal_moves() if isinstance(m, Play)]:
        play_one(host, guest)  # draws until a tile fits (a hand always comes to one)
    w = mover(host, guest)
    play = next(m for m in w.legal_moves() if isinstance(m, Play))  # read before the raw seat replaces w's
    raw = RawSeat(server.url, host.room, w.seat, host_credential(w)).replacing()
    at = {"game": raw.state["game"], "ply": raw.state["ply"]}
    text = {**play.to_dict(), "tile": f"{play.tile[0]}-{play.tile[1]}"}
    assert Move.from_dict(text) == play
    assert raw.ask({"type": "move", **at, "move": {**text, "tile": "6-9"}})["type"] == "error"
    assert raw.ask({"type": "move", **at, "move": text})["type"] == "state"
    assert server.rooms.get(host.room).game.history[-1].move == play


def test_bad_messages_get_an_error_and_leave_the_room_unharmed(server):
    host, guest = seat_pair(server.url)
    play_one(host, guest)
    w = mover(host, guest)
    other = guest if w is host else host
    room = server.rooms.get(host.room)
    before = [e.to_dict() for e in room.game.history]
    raw = RawSeat(server.url, host.room, w.seat, host_credential(w)).replacing()
    other_raw = RawSeat(server.url, host.room, other.seat, host_credential(other)).replacing()
    state = raw.state
    at = {"game": state["game"], "ply": state["ply"]}
    legal = w.view.legal_actions()
    illegal = next(m for m in [Pass(), Draw(), Play(w.view.hand[0], "left"), Play(w.view.hand[0], "right")]
                   if m not in legal)
    bad = [
        "{not json",
        "[1, 2]",
        "[" * 1000 + "]" * 1000,  # nested deeper than the JSON parser's recursion
        b"\x01\x02",
        "x" * (MAX_MESSAGE + 1),
        json.dumps({"type": "move", "move": {"action": "draw"}, "game": 0, "ply": "x" * (MAX_MESSAGE)}),
        {"type": "teleport"},
        {"type": "hello", "seat": w.seat, "credential": host_credential(w)},
        {"type": "move", **at, "move": "draw"},
        {"type": "move", **at, "move": {"action": "fly"}},
        {"type": "move", **at, "move": {"action": "play", "tile": [7, 7], "end": "left"}},
        {"type": "move", **at, "move": {"action": "play", "tile": [6, 6], "end": "middle"}},
        {"type": "move", **at, "move": illegal.to_dict()},
        {"type": "move", "game": at["game"], "ply": at["ply"] - 1, "move": legal[0].to_dict()},  # stale
        {"type": "move", "game": at["game"] + 1, "ply": at["ply"], "move": legal[0].to_dict()},  # stale
        {"type": "decline"},  # nothing to decline
    ]
    for message in bad:
        reply = raw.ask(message)
        assert reply["type"] == "error" and reply["message"], message
    # out of turn, from the other seat
    reply = other_raw.ask({"type": "move", **at, "move": legal[0].to_dict()})
    assert reply["type"] == "error" and "turn" in reply["message"]
    # a draw that names a tile cannot probe the boneyard
    if any(isinstance(m, Draw) for m in legal):
        probe = raw.ask({"type": "move", **at, "move": {"action": "draw", "tile": [0, 0]}})
        assert probe["type"] == "state"
    else:
        # a good move is acknowledged, and the same message again is a replay: refused
        assert raw.ask({"type": "move", **at, "move": legal[0].to_dict()})["type"] == "state"
        replay = raw.ask({"type": "move", **at, "move": legal[0].to_dict()})
        assert replay["type"] == "error" and "stale" in replay["message"]
    after = [e.to_dict() for e in server.rooms.get(host.room).game.history]
    assert after[: len(before)] == before and len(after) == len(before) + 1
    # what is in the database is what is in memory (read beside the running server,
    # which holds the database's lock: a second Rooms would be refused)
    import sqlite3

    with contextlib.closing(sqlite3.connect(server.rooms.path)) as db:
        stored = [json.loads(text) for (text,) in db.execute(
            "SELECT move FROM moves WHERE room = ? AND game = ? ORDER BY ply", (host.room, at["game"]))]
    assert stored == after
    assert post(f"{server.url}/rooms")[0] == 201  # the server is up
    for socket in (raw, other_raw):
        socket.close()
    close(host, guest)


def test_a_flooding_connection_is_refused_then_closed(server):
    host = Domino.host(server.url, store=None, connect=False)
    raw = RawSeat(server.url, host.room, 0, host_credential(host)).replacing()
    for _ in range(BURST + 10):  # a burst and more, faster than the rate
        raw.socket.send(json.dumps({"type": "decline"}))
    codes = []
    while "rate" not in codes:
        codes.append(json.loads(raw.socket.recv(timeout=WAIT)).get("code"))
    assert codes[0] == "no-request" and codes.count("no-request") >= BURST - 1
    with pytest.raises(ConnectionClosed) as closed:
        for _ in range(BURST * 10):  # keeps flooding: closed
            raw.socket.send(json.dumps({"type": "decline"}))
        while True:
            raw.socket.recv(timeout=WAIT)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == FLOOD
    assert post(f"{server.url}/rooms")[0] == 201  # the server is up


def test_rooms_and_claims_from_one_address_are_limited(tmp_path):
    limited = InProcessServer(tmp_path / "limited.db", Clock(), room_limit=3)
    try:
        first = Domino.host(limited.url, store=None, connect=False)
        Domino.join(first.invite, store=None, connect=False)  # a claim counts too
        assert post(f"{limited.url}/rooms")[0] == 201
        status, answer = post(f"{limited.url}/rooms")
        assert status == 429 and answer["code"] == "rate"
        with pytest.raises(RoomError) as error:
            Domino.host(limited.url, store=None)
        assert error.value.code == "rate" and "too many rooms" in str(error.value)
        assert limited.rooms.count() == 2
        raw = RawSeat(limited.url, first.room, 0, host_credential(first)).replacing()  # playing is not limited
        assert raw.state["type"] == "state"
        raw.close()
    finally:
        limited.stop()


def test_invites_round_trip_and_bad_ones_are_refused():
    from gamewidgets.domino.online.protocol import make_invite

    room = "AbCdEfGhIjKlMnOpQrStUv"
    for server in ("http://127.0.0.1:8765", "https://games.example.org/dominoes", "http://[::1]:9000"):
        assert parse_invite(make_invite(server + "/", room)) == (server, room)
    for bad in ("", "hello", "ftp://x/rooms/" + room, "http://x/rooms/short", "http://x/" + room, None, 42,
                "http://x:99999/rooms/" + room):
        with pytest.raises(BadInvite):
            parse_invite(bad)
    with pytest.raises(BadInvite):
        Domino.join("not an invite", store=None)


def test_an_unreachable_server_is_a_clear_error():
    with pytest.raises(RoomError) as error:
        Domino.host(f"http://127.0.0.1:{free_port()}", store=None)
    assert error.value.code == "unreachable"


def test_a_damaged_stored_seat_warns_and_is_left_as_it_is(server):
    from gamewidgets.store import StoreWarning

    store = Store.memory()
    host = Domino.host(server.url, store=store, connect=False)
    # an entry of an earlier version (one per invite), damaged: its seat is unknown
    store.save("domino-online", host.invite, {"seat": 5, "credential": None})
    with pytest.warns(StoreWarning, match="damaged"), pytest.raises(RoomError, match="damaged"):
        Domino.join(host.invite, store=store)
    assert store.load("domino-online", host.invite) == {"seat": 5, "credential": None}
    store.delete("domino-online", host.invite)
    # this version's entry of the host seat, damaged in every way it can be
    entry = seat_entry(host.invite, 0)
    for damaged in ({"seat": 0.0, "credential": host_credential(host)}, {"seat": 1, "credential": "x"},
                    {"seat": 0, "credential": 42}, {"credential": "x"}, {"seat": True, "credential": "x"}):
        store.save("domino-online", entry, damaged)
        with pytest.warns(StoreWarning, match="damaged"), pytest.raises(RoomError, match="damaged") as error:
            Domino.resume(host.invite, seat="host", store=store)
        assert error.value.code == "no-seat"
        assert store.load("domino-online", entry) == damaged


# ------------------------------------------------------- seats in one store
def test_two_notebooks_on_one_machine_with_the_default_store_take_both_seats(server, tmp_path, monkeypatch):
    """The online guide (docs/guides/online.md) followed literally in two notebooks of
    one machine: the default store is the same file for both, and the second notebook
    is the guest."""
    monkeypatch.setenv("GAMEWIDGETS_HOME", str(tmp_path / "home"))
    a = Domino.host(server.url)  # notebook A
    b = Domino.join(a.invite)  # notebook B: another Store() on the same default file
    assert (a.seat, b.seat) == (0, 1)
    for w in (a, b):
        record(w)
        w.wait_for(lambda w: w.opponent_connected, WAIT)
    assert "replaced" not in a.statuses + b.statuses
    assert a.online["state"] == b.online["state"] == "connected"
    assert a.online["seats"] == b.online["seats"] == [True, True]
    assert server.rooms.get(a.room).joined
    assert Domino.invites() == [a.invite]  # one room, both seats held
    store = Store()
    assert store.load("domino-online", seat_entry(a.invite, 0))["credential"] == host_credential(a)
    assert store.load("domino-online", seat_entry(a.invite, 1))["credential"] == host_credential(b)
    play_one(a, b)  # and they play
    close(a, b)


def test_resume_brings_back_each_held_seat_and_join_reopens_the_guest_seat(server, tmp_path):
    path = tmp_path / "store.sqlite"
    a = Domino.host(server.url, store=Store(path), connect=False)
    b = Domino.join(a.invite, store=Store(path), connect=False)
    close(a, b)
    # a new kernel: a new Store on the same file
    store = Store(path)
    assert Domino.invites(store=store) == [a.invite]
    host = Domino.resume(a.invite, store=store, connect=False)  # the host's seat first
    guest = Domino.join(a.invite, store=store, connect=False)  # the guest seat held: reopened, not claimed
    chosen = Domino.resume(a.invite, seat="guest", store=store, connect=False)
    assert (host.seat, guest.seat, chosen.seat) == (0, 1, 1)
    assert host_credential(host) == host_credential(a) and host_credential(guest) == host_credential(b)
    for w in (host, guest):
        w._connection.start()
    for w in (host, guest):
        w.wait_for(lambda w: w.opponent_connected, WAIT)
    play_one(host, guest)
    # forget one seat: the other stays
    guest.forget()
    assert Domino.invites(store=store) == [a.invite]
    with pytest.raises(RoomError) as error:
        Domino.resume(a.invite, seat="guest", store=store)
    assert error.value.code == "no-seat"
    host.forget()
    assert Domino.invites(store=store) == []
    with pytest.raises(RoomError) as error:
        Domino.resume(a.invite, store=store)
    assert error.value.code == "no-seat"
    with pytest.raises(ValueError, match="seat must be"):
        Domino.resume(a.invite, seat=0.0, store=store)
    close(host, guest, chosen)


def test_seats_kept_one_entry_per_invite_by_earlier_versions_still_open(server):
    """Earlier versions named a seat's entry by the invite alone; those users keep
    their seats: the entry is read as the seat it says, and forget() deletes it."""
    store = Store.memory()
    # as an earlier version left them: the host's entry in one store, the guest's in another
    bare = Domino.host(server.url, store=None, connect=False)
    old_host = {"seat": 0, "credential": host_credential(bare)}
    old_guest = {"seat": 1, "credential": claim_guest(server.url, bare.room)}
    store.save("domino-online", bare.invite, old_guest)
    assert Domino.invites(store=store) == [bare.invite]
    guest = Domino.join(bare.invite, store=store)  # reopened (a claim would fail: the seat is taken)
    assert guest.seat == 1 and host_credential(bare) != old_guest["credential"]
    assert Domino.resume(bare.invite, store=store, connect=False).seat == 1
    guest.forget()
    assert store.load("domino-online", bare.invite) is None and Domino.invites(store=store) == []
    # an old host entry: join is the guest seat (taken here), resume the host's
    other = Store.memory()
    other.save("domino-online", bare.invite, old_host)
    with pytest.raises(RoomError) as error:
        Domino.join(bare.invite, store=other)
    assert error.value.code == "seat-taken"
    host = Domino.resume(bare.invite, store=other)
    assert host.seat == 0
    host.wait_for(lambda w: w.connected, WAIT)
    close(host, guest)


# --------------------------------------------------------------------- presence
def test_a_seat_with_no_open_view_is_away_for_the_opponent(server):
    host = Domino.host(server.url, store=None, connect=False, away_after=0.5)
    guest = Domino.join(host.invite, store=None, connect=False, away_after=0.5)
    for w in (host, guest):
        record(w)
        w._connection.start()
    for w in (host, guest):
        w.wait_for(lambda w: w.opponent_connected, WAIT)
    # never displayed: here, as far as anybody knows
    assert host.online["presence"] == guest.online["presence"] == ["here", "here"]
    # the guest's view is open, then its tab is closed: no more "here" messages
    guest._on_view_message(guest, {"type": "here"}, [])
    guest.error = "kept"  # a here message leaves error alone
    guest._on_view_message(guest, {"type": "here"}, [])
    assert guest.error == "kept"
    host.wait_for(lambda w: w.opponent_presence == "away", WAIT)
    assert host.online["seats"] == [True, True]  # still connected: the game can go on
    assert host.legal_moves() or guest.legal_moves()
    guest.wait_for(lambda w: w.online["presence"] == ["here", "away"], WAIT)
    # a reconnect keeps it away (the hello says so)
    heard = len(host.received)
    guest._connection._socket.close()
    guest.wait_for(lambda w: "offline" in w.statuses and w.connected, WAIT)

    def back_after_the_drop(w):
        states = [m for m in w.received[heard:] if m["type"] == "state"]
        drops = [i for i, m in enumerate(states) if m["seats"] == [True, False]]
        return drops and drops[-1] < len(states) - 1 and states[-1]["seats"] == [True, True]

    host.wait_for(back_after_the_drop, WAIT)
    assert host.opponent_presence == "away"
    # the view is opened again
    guest._on_view_message(guest, {"type": "here"}, [])
    host.wait_for(lambda w: w.opponent_presence == "here", WAIT)
    close(host, guest)


def test_while_our_connection_is_down_the_opponent_is_unknown_not_connected(server):
    host, guest = seat_pair(server.url)
    seen = []
    guest.observe(lambda change: seen.append(change["new"]), names=["online"])
    guest._connection._socket.close()  # the network drops the guest
    host.wait_for(lambda w: w.online["seats"] == [True, False], WAIT)
    assert host.online["presence"] == ["here", "offline"] and host.opponent_presence == "offline"
    # the guest notices the drop itself (its thread may do so after the server), then is back
    guest.wait_for(lambda w: any(o["state"] != "connected" for o in seen) and w.opponent_connected, WAIT)
    down = [o for o in seen if o["state"] != "connected"]
    for online in down:
        assert online["presence"] == ["unknown", "offline"], online
        assert online["seats"] == [False, False], online
    assert guest.online["presence"] == ["here", "here"] and guest.opponent_presence == "here"
    close(host, guest)


def test_messages_from_the_view_are_checked_like_python_calls(server):
    host, guest = seat_pair(server.url)
    waiting = guest if mover(host, guest) is host else host
    for message, reason in [
        ({"type": "play"}, "needs a tile"),
        ({"type": "play", "tile": [6, 6], "end": "middle"}, "left or right"),
        ({"type": "draw"}, "opponent's turn"),
        ({"type": "set_level", "level": "hard"}, "unknown message type"),
        ({"type": "new_game", "position": -5}, "stale"),
    ]:
        waiting._on_view_message(waiting, message, [])
        assert reason in waiting.error, (message, waiting.error)
    opener = mover(host, guest)
    before = ply(opener)
    tile = opener.playable[0]["tile"]
    opener._on_view_message(opener, {"type": "play", "tile": tile, "position": opener.position}, [])
    assert opener.error == ""
    settle(host, guest, at=before + 1)
    assert list(tile) in [list(t) for t in waiting.line] or list(reversed(tile)) in waiting.line
    close(host, guest)
