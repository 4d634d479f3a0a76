"""The dominoes room server under damage (issue 12, "Room server and seats").

Classes of damage, each with its own tests:
- values of the wrong JSON type or range in every field of every client message
  (the hello's seat ``0.0`` / ``1e-400`` / ``true`` crashed the handler): a clean
  refusal, never a crash -- examples over the network, and a hypothesis test feeding
  arbitrary JSON into every field;
- a stored game that does not replay: refused, not a crash;
- the database deleted under a running server: written again at once from what the
  server holds, every acknowledged move kept, play going on (a restart finds every
  room); replaced by another file: nothing more is acknowledged; a database it
  cannot write, or that another server holds: refused at start-up, with a message
  (the second server's names the first);
- ``domino serve`` given a bad port or a --db that is a directory, not SQLite, an
  SQLite file of something else, or in a missing folder: one line, exit status 2;
- a reconnect flood: hellos limited per address and per room, a hello writes
  nothing, the database is used off the event loop; rooms nobody is connected to
  leave memory and come back.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import shutil
import sqlite3
import subprocess
import threading
import time

import pytest

pytest.importorskip("starlette")
pytest.importorskip("websockets")

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_domino_online import WAIT, Clock, InProcessServer, RawSeat, closed_with, get, post
from websockets.exceptions import ConnectionClosed

from gamewidgets.cli import main
from gamewidgets.domino.online.local import LocalServer, free_port
from gamewidgets.domino.online.protocol import GONE, REFUSED, TRY_AGAIN, read_client_message
from gamewidgets.domino.online.rooms import Rooms, lock_path
from gamewidgets.domino.online.server import ROOM_HELLO_BURST, RoomServer, create_app
from gamewidgets.errors import BadMessage, GameError, RoomError


@pytest.fixture
def server(tmp_path):
    running = InProcessServer(tmp_path / "rooms.db", Clock(), hello_limit=0)  # no hello limit here
    yield running
    running.stop()


def open_room(url):
    """A room with both seats claimed: (room, host credential, guest credential)."""
    status, made = post(f"{url}/rooms")
    assert status == 201, made
    status, guest = post(f"{url}/rooms/{made['room']}/guest")
    assert status == 201, guest
    return made["room"], made["credential"], guest["credential"]


def seated(url):
    """A room and both seats connected as raw sockets: (room, [host socket, guest socket])."""
    room, host, guest = open_room(url)
    return room, [RawSeat(url, room, 0, host).replacing(), RawSeat(url, room, 1, guest).replacing()]


def say_hello(url, room, seat, credential):
    """One hello, at once (no draining first): the reply, and the close code if refused."""
    raw = RawSeat(url, room)
    with contextlib.suppress(ConnectionClosed):  # a refusal may come before the hello is read
        raw.socket.send(json.dumps({"type": "hello", "seat": seat, "credential": credential}))
    reply = raw.next()  # the refusal, still there to read after the close
    code = closed_with(raw.socket) if reply["type"] == "error" else None
    raw.close()
    return reply.get("code") or reply["type"], code


def next_move(server, room):
    """(seat, the message of its first legal move) in ``room`` now."""
    state = server.rooms.get(room)
    game = state.game
    return game.turn, {"type": "move", "game": state.game_no, "ply": len(game.history),
                       "move": game.legal_moves()[0].to_dict()}


def drain(raw):
    """Every message waiting on a raw socket."""
    out = []
    with contextlib.suppress(TimeoutError):
        while True:
            out.append(json.loads(raw.socket.recv(timeout=0.3)))
    return out


def until(condition, what):
    deadline = time.monotonic() + WAIT
    while not condition():
        assert time.monotonic() < deadline, f"still waiting for {what}"
        time.sleep(0.02)


# ------------------------------------------------------------ message fields
HELLO = '{{"type": "hello", "seat": {seat}, "credential": "{credential}"}}'
NOT_A_SEAT = ["0.0", "1.0", "-0.0", "1e-400", "0e5", "true", "false", '"0"', "null", "[0]", "{}", "2", "-1",
              "18446744073709551616", "NaN", "Infinity", "-Infinity", "1e400"]


def test_a_hello_seat_is_the_integer_0_or_1_exactly_anything_else_a_refusal(server, caplog):
    room, host, guest = open_room(server.url)
    for seat in NOT_A_SEAT:
        raw = RawSeat(server.url, room)
        credential = guest if seat.startswith("1") else host
        reply = raw.ask(HELLO.format(seat=seat, credential=credential))
        assert reply["type"] == "error" and reply["code"] == "bad-message", (seat, reply)
        assert closed_with(raw.socket) == REFUSED, seat  # not 1006, a dropped handler
        raw.close()
    for seat, credential in ((0, host), (1, guest)):  # the real seats still open
        raw = RawSeat(server.url, room, seat, credential).replacing()
        assert raw.state["seat"] == seat
        raw.close()
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.records


def test_bad_values_in_move_fields_are_refused_over_the_wire_not_internal_errors(server, caplog):
    room, sockets = seated(server.url)
    seat, move = next_move(server, room)
    at = f'"game": {move["game"]}, "ply": {move["ply"]}'
    for text in [
        f'{{"type": "move", {at}, "move": {{"action": "play", "tile": [Infinity, 1], "end": "left"}}}}',
        f'{{"type": "move", {at}, "move": {{"action": "play", "tile": [NaN, 1], "end": "left"}}}}',
        f'{{"type": "move", {at}, "move": {{"action": "play", "tile": [1e400, 1], "end": "left"}}}}',
        f'{{"type": "move", {at}, "move": {{"action": "play", "tile": [18446744073709551616, 1], "end": "left"}}}}',
        f'{{"type": "move", {at}, "move": {{"action": "play", "tile": [6.0, 6], "end": "left"}}}}',
        f'{{"type": "move", {at}, "move": {{"action": "play", "tile": [true, 1], "end": "left"}}}}',
        f'{{"type": "move", {at}, "move": {{"action": "play", "tile": "6-9", "end": "left"}}}}',  # no tile
        f'{{"type": "move", {at}, "move": {{"action": "play", "tile": "six-six", "end": "left"}}}}',
        f'{{"type": "move", {at}, "move": {{"action": "play", "tile": [6, 6], "end": ["left"]}}}}',
        f'{{"type": "move", {at}, "move": {{"action": ["draw"]}}}}',
        '{"type": "move", "game": 0.0, "ply": 0, "move": {"action": "draw"}}',
        '{"type": "move", "game": 0, "ply": 1e-400, "move": {"action": "draw"}}',
        '{"type": "move", "game": Infinity, "ply": 0, "move": {"action": "draw"}}',
        '{"type": "move", "game": 0, "ply": true, "move": {"action": "draw"}}',
        '{"type": {"a": 1}}',
        '{"type": ["move"]}',
        '{"type": "presence", "away": 1}',
        '{"type": "presence"}',
    ]:
        reply = sockets[seat].ask(text)
        assert reply["type"] == "error" and reply["code"] == "bad-message", (text, reply)
    assert len(server.rooms.get(room).game.history) == 0  # nothing was played
    assert sockets[seat].ask(move)["type"] == "state"  # and the room plays on
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.records


# every field of every client message, and where a value of any JSON type goes in it
FIELDS = {
    "hello": (lambda c: {"type": "hello", "seat": 0, "credential": c}, [("seat",), ("credential",), ("away",)]),
    "move": (lambda c: {"type": "move", "game": 0, "ply": 0, "move": {"action": "play", "tile": [6, 6], "end": "left"}},
             [("game",), ("ply",), ("move",), ("move", "action"), ("move", "tile"), ("move", "tile", 0),
              ("move", "tile", 1), ("move", "end"), ("move", "player")]),
    "draw": (lambda c: {"type": "move", "game": 0, "ply": 0, "move": {"action": "draw"}},
             [("move", "tile"), ("move", "player")]),
    "new_game": (lambda c: {"type": "new_game"}, [("extra",)]),
    "decline": (lambda c: {"type": "decline"}, [("extra",)]),
    "presence": (lambda c: {"type": "presence", "away": True}, [("away",)]),
    "any": (lambda c: {"type": "hello"}, [("type",)]),
}
PLACEHOLDER = "\u0000value\u0000"
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.integers(min_value=2**62) | st.floats() | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
    max_leaves=6,
)
# numbers JSON text can say that json.dumps never writes
number_texts = st.sampled_from(["1e-400", "-0.0", "1E400", "0.0", "1.0", "-0", "0e0", "6.0", "1.5", "-1"])
value_texts = json_values.map(json.dumps) | number_texts


@pytest.fixture(scope="module")
def fuzzed(tmp_path_factory):
    """Rooms and a RoomServer without a network, a room with both seats claimed."""
    rooms = Rooms(tmp_path_factory.mktemp("fuzz") / "rooms.db")
    server = RoomServer(rooms)
    room, host = rooms.create()
    guest = rooms.claim(room)
    yield server, room, {0: host, 1: guest}
    rooms.close()


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kind=st.sampled_from(sorted(FIELDS)), data=st.data(), value=value_texts, seat=st.sampled_from([0, 1]),
       presence=st.sampled_from([["here", "here"], ["here", "offline"], ["away", "here"]]))
def test_any_json_in_any_field_of_any_client_message_is_refused_cleanly_or_acted_on(
        fuzzed, kind, data, value, seat, presence):
    server, room, credentials = fuzzed
    make, paths = FIELDS[kind]
    message = make(credentials[seat])
    path = data.draw(st.sampled_from(paths))
    target = message
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = PLACEHOLDER
    text = json.dumps(message).replace(json.dumps(PLACEHOLDER), value)
    try:
        checked = read_client_message(text)
    except BadMessage:
        return  # refused: fine
    # accepted: its fields have their types, and acting on it refuses only with a GameError
    try:
        if checked["type"] == "hello":
            assert type(checked["seat"]) is int and checked["seat"] in (0, 1)
            server.rooms.open_seat(room, checked["seat"], checked["credential"])
        elif checked["type"] == "presence":
            assert type(checked["away"]) is bool
        else:
            states = server.apply(room, seat, checked, presence)
            assert set(states) == {i for i in (0, 1) if presence[i] != "offline"}
    except GameError:
        pass


@settings(max_examples=300, deadline=None)
@given(text=st.text(max_size=80) | st.binary(max_size=40) | st.none() | st.integers())
def test_any_frame_at_all_is_a_message_or_a_bad_message(text):
    with contextlib.suppress(BadMessage):
        assert isinstance(read_client_message(text), dict)


def test_a_stored_game_that_does_not_replay_is_refused_not_a_crash(server):
    room, host, _guest = open_room(server.url)
    server.rooms.evict(0)  # out of memory: the next hello reads it back
    assert room not in server.rooms.loaded
    with contextlib.closing(sqlite3.connect(server.rooms.path)) as db:
        db.execute("INSERT INTO moves VALUES (?, 0, 0, ?)", (room, '{"player": 0, "action": "fly"}'))
        db.commit()
    raw = RawSeat(server.url, room)
    reply = raw.ask({"type": "hello", "seat": 0, "credential": host})
    assert reply["type"] == "error" and reply["code"] == "damaged", reply
    assert closed_with(raw.socket) == REFUSED
    assert post(f"{server.url}/rooms")[0] == 201  # the server is up


# ------------------------------------------------------------ the database file
def play_and_lose_the_file(server, tmp_path, lose, caplog):
    room, sockets = seated(server.url)
    seat, move = next_move(server, room)
    assert sockets[seat].ask(move)["type"] == "state"  # acknowledged: stored
    lose(tmp_path / "rooms.db")
    seat, move = next_move(server, room)
    reply = sockets[seat].ask(move)
    assert reply["type"] == "error" and reply["code"] == "storage", reply
    assert "restart" in reply["message"]
    assert len(server.rooms.get(room).game.history) == 1  # not made in memory either
    assert all(m.get("ply", 0) <= 1 for m in drain(sockets[1 - seat]))  # the other seat never saw it
    status, health = get(f"{server.url}/health")
    assert status == 503 and health["ok"] is False and health["problem"] == server.rooms.problem
    status, answer = post(f"{server.url}/rooms")
    assert status == 503 and answer["code"] == "storage"
    assert [r for r in caplog.records if r.levelno == logging.CRITICAL and "rooms.db" in r.getMessage()]
    return reply


def delete_the_database(tmp_path):
    db = tmp_path / "rooms.db"
    for path in tmp_path.glob("rooms.db*"):
        if path != lock_path(db):
            path.unlink()


def stored_moves(path, room) -> int:
    with contextlib.closing(sqlite3.connect(path)) as db:
        return db.execute("SELECT count(*) FROM moves WHERE room = ?", (room,)).fetchone()[0]


def test_a_database_deleted_under_the_running_server_is_written_again_and_play_goes_on(server, tmp_path, caplog):
    rooms = [seated(server.url) for _ in range(3)]
    for room, sockets in rooms:
        seat, move = next_move(server, room)
        assert sockets[seat].ask(move)["type"] == "state"  # acknowledged: stored
    delete_the_database(tmp_path)
    for room, sockets in rooms:  # the next move writes the rooms again, and is stored there
        seat, move = next_move(server, room)
        assert sockets[seat].ask(move)["type"] == "state"
    path = tmp_path / "rooms.db"
    assert path.exists() and server.rooms.problem is None
    for room, _ in rooms:  # what a restart (even after a kill) reads: every acknowledged move
        assert stored_moves(path, room) == 2
    assert get(f"{server.url}/health")[0] == 200
    assert [r for r in caplog.records if r.levelno == logging.WARNING and "written to a new file" in r.getMessage()]


def test_a_database_replaced_under_the_running_server_acknowledges_no_more_moves(server, tmp_path, caplog):
    def replace(db):
        copy = tmp_path / "copy.db"
        with contextlib.closing(sqlite3.connect(db)) as source, contextlib.closing(sqlite3.connect(copy)) as target:
            source.backup(target)
        os.replace(copy, db)

    reply = play_and_lose_the_file(server, tmp_path, replace, caplog)
    assert "replaced" in reply["message"]


def test_a_database_deleted_while_nobody_plays_is_written_again_without_a_write(server, tmp_path, caplog):
    room, sockets = seated(server.url)
    seat, move = next_move(server, room)
    assert sockets[seat].ask(move)["type"] == "state"
    assert get(f"{server.url}/health")[0] == 200
    delete_the_database(tmp_path)
    status, health = get(f"{server.url}/health")  # the check nobody's move makes
    assert status == 200 and "problem" not in health
    assert stored_moves(tmp_path / "rooms.db", room) == 1


@contextlib.contextmanager
def unwritable(path):
    """``path`` made unwritable, for root too (the immutable flag) where that works."""
    if os.geteuid() == 0:
        if shutil.which("chattr") is None or subprocess.run(["chattr", "+i", str(path)],
                                                            capture_output=True).returncode != 0:
            pytest.skip("root, and no immutable flag here: nothing makes a file unwritable")
        try:
            yield
        finally:
            subprocess.run(["chattr", "-i", str(path)], check=True)
    else:
        path.chmod(0o444)
        try:
            yield
        finally:
            path.chmod(0o644)


@pytest.fixture
def no_uvicorn(monkeypatch):
    """``domino serve`` in this process, failing the test if it would start serving."""
    import uvicorn

    def refuse(*args, **kwargs):
        raise AssertionError("the server started on a database it should have refused")

    monkeypatch.setattr(uvicorn, "run", refuse)


def one_line_error(capsys):
    err = capsys.readouterr().err
    assert err.startswith("gamewidgets: ") and err.count("\n") == 1 and "Traceback" not in err, err
    return err


def test_a_database_it_cannot_write_is_refused_at_start_up_not_a_500_later(tmp_path, capsys, no_uvicorn):
    db = tmp_path / "rooms.db"
    Rooms(db).close()
    with unwritable(db):
        with pytest.raises(RoomError) as error:
            create_app(db)
        assert error.value.code == "database" and str(db) in str(error.value)
        assert main(["domino", "serve", "--port", str(free_port()), "--db", str(db)]) == 2
        assert "readonly" in one_line_error(capsys)


def test_two_servers_on_one_database_the_second_refuses_naming_the_first(tmp_path, capsys, no_uvicorn):
    db = tmp_path / "rooms.db"
    first = LocalServer(db).start()
    try:
        assert main(["domino", "serve", "--port", str(free_port()), "--db", str(db)]) == 2
        err = one_line_error(capsys)
        assert "in use by another room server" in err
        assert f"pid {first.process.pid}" in err and first.url in err
        with pytest.raises(RoomError) as error:
            create_app(db)
        assert error.value.code == "locked"
        assert first.healthy()
    finally:
        first.kill()  # the lock goes with the process, even killed
    Rooms(db).close()
    app = create_app(db)  # one at a time: fine
    app.state.server.rooms.close()


@pytest.mark.parametrize("case", ["directory", "not-sqlite", "other-sqlite", "missing-folder"])
def test_serve_with_a_db_it_cannot_use_is_one_line_and_status_2(case, tmp_path, capsys, no_uvicorn):
    before = None
    if case == "directory":
        db = tmp_path
    elif case == "not-sqlite":
        db = tmp_path / "notes.txt"
        db.write_bytes(b"these are my notes, not a database\n" * 50)
        before = db.read_bytes()
    elif case == "other-sqlite":
        db = tmp_path / "other.sqlite"
        with contextlib.closing(sqlite3.connect(db)) as other:
            other.execute("CREATE TABLE mine (x)")
            other.commit()
        before = db.read_bytes()
    else:
        db = tmp_path / "no" / "such" / "folder" / "rooms.db"
    assert main(["domino", "serve", "--port", str(free_port()), "--db", str(db)]) == 2
    assert "cannot use the rooms database" in one_line_error(capsys)
    if before is not None:  # left as it was, nothing made beside it
        assert db.read_bytes() == before and not lock_path(db).exists()
    assert not (tmp_path / "no").exists()


@pytest.mark.parametrize("port", ["70000", "65536", "0", "-1", "http"])
def test_serve_with_a_port_out_of_range_is_an_argument_error(port, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["domino", "serve", "--port", port])
    assert exit_info.value.code == 2 and "port number (1 to 65535)" in capsys.readouterr().err


# ------------------------------------------------------------ floods and memory
def hello_replies(url, room, credential, count):
    """``count`` hellos into ``room`` at once: the replies' types and close codes."""
    return [say_hello(url, room, 0, credential) for _ in range(count)]


def test_hellos_are_limited_per_room(tmp_path):
    limited = InProcessServer(tmp_path / "rooms.db", Clock(), hello_limit=1000)  # the address: no limit
    try:
        flooded, host, _guest = open_room(limited.url)
        replies = hello_replies(limited.url, flooded, host, ROOM_HELLO_BURST * 3)
        assert ("rate", TRY_AGAIN) in replies  # not final: the client tries again later
        assert replies[: ROOM_HELLO_BURST // 2] == [("state", None)] * (ROOM_HELLO_BURST // 2)
        # another room is not held back
        other, other_host, _ = open_room(limited.url)
        assert hello_replies(limited.url, other, other_host, 1) == [("state", None)]
    finally:
        limited.stop()


def test_hellos_are_limited_per_address(tmp_path):
    limited = InProcessServer(tmp_path / "rooms.db", Clock(), hello_limit=0.4)  # bursts of 6
    try:
        rooms = [open_room(limited.url) for _ in range(12)]
        replies = [hello_replies(limited.url, room, host, 1)[0] for room, host, _guest in rooms]
        assert ("rate", TRY_AGAIN) in replies
        assert replies[:3] == [("state", None)] * 3
        # a hello into no room at all counts too
        assert say_hello(limited.url, "A" * 22, 0, "A" * 43) in (("rate", TRY_AGAIN), ("unknown-room", GONE))
    finally:
        limited.stop()


def test_a_hello_writes_nothing_and_the_database_is_used_off_the_event_loop(tmp_path):
    # no housekeeping during the test (it flushes the hellos' stamps every minute)
    server = InProcessServer(tmp_path / "rooms.db", Clock(), hello_limit=0, sweep_every=3600)
    try:
        hello_writes_nothing(server)
    finally:
        server.stop()


def hello_writes_nothing(server):
    writers = []
    write = server.rooms._write

    def recording(statements):
        writers.append(threading.current_thread())
        return write(statements)

    server.rooms._write = recording
    room, host, guest = open_room(server.url)
    changes = server.rooms._db.total_changes
    raw = [RawSeat(server.url, room, 0, host).replacing(), RawSeat(server.url, room, 1, guest).replacing()]
    assert server.rooms._db.total_changes == changes  # two hellos, no write
    seat, move = next_move(server, room)
    assert raw[seat].ask(move)["type"] == "state"
    assert server.rooms._db.total_changes > changes
    assert writers and all(thread is not server.thread for thread in writers), writers
    assert {thread.name.split("_")[0] for thread in writers} == {"gamewidgets-rooms-db"}
    # the stamps of the hellos reach the file by the next flush
    with contextlib.closing(sqlite3.connect(server.rooms.path)) as db:
        created = db.execute("SELECT created FROM rooms WHERE id = ?", (room,)).fetchone()[0]
    server.clock.now += 100
    RawSeat(server.url, room, 0, host).replacing()
    server.rooms.flush()
    with contextlib.closing(sqlite3.connect(server.rooms.path)) as db:
        active = db.execute("SELECT active FROM rooms WHERE id = ?", (room,)).fetchone()[0]
    assert active >= created + 100


def test_rooms_nobody_is_connected_to_leave_memory_and_come_back(tmp_path):
    clock = Clock()
    running = InProcessServer(tmp_path / "rooms.db", clock, evict_after=60, hello_limit=0)
    try:
        kept, kept_sockets = seated(running.url)  # stays connected
        left = []
        for _ in range(20):  # played a move, then everybody left
            room, host, guest = open_room(running.url)
            sockets = [RawSeat(running.url, room, 0, host).replacing(),
                       RawSeat(running.url, room, 1, guest).replacing()]
            seat, move = next_move(running, room)
            assert sockets[seat].ask(move)["type"] == "state"
            for raw in sockets:
                raw.close()
            left.append((room, host))
        clock.now += 61
        until(lambda: not any(room in running.rooms.loaded for room, _ in left), "the idle rooms to leave memory")
        assert running.rooms.loaded == {kept}
        assert get(f"{running.url}/health")[1]["loaded"] == 1
        # the next hello reads a room back, with its move
        room, host = left[0]
        back = RawSeat(running.url, room, 0, host).replacing()
        assert back.state["ply"] == 1 and len(back.state["view"]["history"]) == 1
        assert room in running.rooms.loaded
        for raw in [back, *kept_sockets]:
            raw.close()
    finally:
        running.stop()
