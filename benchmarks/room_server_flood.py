"""A reconnect flood against the dominoes room server: does it slow down another room?

Starts ``gamewidgets domino serve`` in a child process (a fresh database). Room A's
two seats play hands as fast as the moves come back (after ``--think`` seconds per
move): its move latency -- from sending a move to receiving the state that includes
it -- is measured for ``--seconds`` without a flood, then for ``--seconds`` while a
second child process floods room B with ``--rate`` hellos a second (each a new
connection with B's host credential, as a client reconnecting in a loop would). Prints
the median, p90, p99 and maximum latency of both phases, and what became of the
flood's hellos (accepted, refused for the rate, failed). Figures, not a test.

The issue's observation: before, ~200 hellos/s (each one an fsync'd write on the
event loop) tripled another room's move latency. Now hellos are limited per address
and per room (``--hello-limit``, 0: no limit, to see the flood unthrottled), a hello
writes nothing, and every database write runs off the event loop.

    .venv/bin/python benchmarks/room_server_flood.py
    .venv/bin/python benchmarks/room_server_flood.py --rate 400 --hello-limit 0
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import json
import multiprocessing
import statistics
import tempfile
import time
from pathlib import Path

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from gamewidgets.domino.online.client import claim_guest, create_room
from gamewidgets.domino.online.local import LocalServer
from gamewidgets.domino.online.protocol import read_state, socket_url


class Seat:
    """One seat's socket, with the latest state it was sent."""

    def __init__(self, socket):
        self.socket = socket
        self.state: dict | None = None
        self.changed = asyncio.Event()
        self.errors: list[str] = []

    async def read(self) -> None:
        async for text in self.socket:
            message = json.loads(text)
            if message["type"] == "state":
                self.state = message
                self.changed.set()
            elif message["type"] == "error":
                self.errors.append(message["message"])

    async def until(self, condition, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while self.state is None or not condition(self.state):
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), max(0.001, deadline - time.monotonic()))
            except asyncio.TimeoutError:
                raise RuntimeError(f"no state came in {timeout} s; errors: {self.errors[-3:]}") from None

    async def send(self, message: dict) -> None:
        await self.socket.send(json.dumps(message))


def at(state: dict) -> tuple[int, int]:
    return state["game"], state["ply"]


async def play(seats: list[Seat], seconds: float, think: float) -> list[float]:
    """Room A's seats play for ``seconds``: the latency of each move (seconds)."""
    latencies = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        view = read_state(seats[0].state)
        if view.is_over:  # a new hand: the host asks, the guest agrees
            game = seats[0].state["game"]
            await seats[0].send({"type": "new_game"})
            await seats[1].until(lambda m: m["request"] == 0)
            await seats[1].send({"type": "new_game"})
            for seat in seats:
                await seat.until(lambda m, game=game: m["game"] > game)
            continue
        mover = seats[view.turn]
        before = at(mover.state)
        move = read_state(mover.state).legal_actions()[0]
        sent = time.perf_counter()
        await mover.send({"type": "move", "game": before[0], "ply": before[1], "move": move.to_dict()})
        await mover.until(lambda m, before=before: at(m) > before)
        latencies.append(time.perf_counter() - sent)
        await seats[1 - view.turn].until(lambda m, before=before: at(m) > before)
        await asyncio.sleep(think)
    return latencies


async def measured_room(url: str, seconds: float, think: float, flood_starts) -> tuple[list[float], list[float]]:
    """Room A played without, then with the flood: the two phases' latencies."""
    loop = asyncio.get_running_loop()
    room, host = await loop.run_in_executor(None, create_room, url)
    guest = await loop.run_in_executor(None, claim_guest, url, room)
    seats, readers = [], []
    for seat, credential in ((0, host), (1, guest)):
        socket = await connect(socket_url(url, room), ping_interval=None)
        await socket.send(json.dumps({"type": "hello", "seat": seat, "credential": credential}))
        seats.append(Seat(socket))
        readers.append(asyncio.create_task(seats[-1].read()))
    for seat in seats:
        await seat.until(lambda m: all(m["seats"]))
    quiet = await play(seats, seconds, think)
    await loop.run_in_executor(None, flood_starts)
    flooded = await play(seats, seconds, think)
    for seat in seats:
        await seat.socket.close()
    for reader in readers:
        reader.cancel()
    return quiet, flooded


async def flood(url: str, room: str, credential: str, rate: float, seconds: float) -> dict[str, int]:
    """``rate`` hellos a second into ``room`` for ``seconds``: what became of them."""
    counts: collections.Counter[str] = collections.Counter()
    hello = json.dumps({"type": "hello", "seat": 0, "credential": credential})

    async def one() -> None:
        try:
            async with connect(socket_url(url, room), open_timeout=10, ping_interval=None) as socket:
                await socket.send(hello)
                reply = json.loads(await asyncio.wait_for(socket.recv(), 10))
                counts["accepted" if reply["type"] in ("state", "replaced") else f"refused ({reply.get('code')})"] += 1
        except ConnectionClosed as exc:
            code = exc.rcvd.code if exc.rcvd else None
            counts["refused (rate)" if code == 1013 else f"closed {code}"] += 1
        except Exception as exc:
            counts[f"failed ({type(exc).__name__})"] += 1

    loop = asyncio.get_running_loop()
    tasks: set[asyncio.Task] = set()
    start = next_at = loop.time()
    while loop.time() - start < seconds:
        task = asyncio.create_task(one())
        tasks.add(task)
        task.add_done_callback(tasks.discard)
        counts["sent"] += 1
        next_at += 1 / rate
        await asyncio.sleep(max(0.0, next_at - loop.time()))
    await asyncio.gather(*tasks, return_exceptions=True)
    return dict(counts)


def flood_process(url, room, credential, rate, seconds, results) -> None:
    results.put(asyncio.run(flood(url, room, credential, rate, seconds)))


def figures(name: str, latencies: list[float]) -> str:
    ms = sorted(x * 1000 for x in latencies)
    if not ms:
        return f"{name:<14} no moves"
    p = lambda q: ms[min(len(ms) - 1, round(q / 100 * (len(ms) - 1)))]  # noqa: E731
    return (f"{name:<14} {len(ms):5d} moves   latency ms  median {statistics.median(ms):6.1f}  "
            f"p90 {p(90):6.1f}  p99 {p(99):6.1f}  max {ms[-1]:6.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=8.0, help="length of each phase (default 8)")
    parser.add_argument("--rate", type=float, default=200.0, help="hellos a second in the flood (default 200)")
    parser.add_argument("--think", type=float, default=0.1,
                        help="seconds between room A's moves (default 0.1; each seat may send 10 messages a second)")
    parser.add_argument("--hello-limit", type=float, default=None,
                        help="the server's --hello-limit (default: its own, 20 a second per address)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        server = LocalServer(Path(folder) / "rooms.db", room_limit=0, hello_limit=args.hello_limit).start()
        try:
            flooded_room, flooded_credential = create_room(server.url)
            results: multiprocessing.Queue = multiprocessing.Queue()
            flooder = multiprocessing.Process(
                target=flood_process,
                args=(server.url, flooded_room, flooded_credential, args.rate, args.seconds + 2, results))
            quiet, flooded = asyncio.run(measured_room(server.url, args.seconds, args.think, flooder.start))
            counts = results.get(timeout=60)
            flooder.join(10)
        finally:
            server.stop()
    limit = "the default hello limit" if args.hello_limit is None else f"--hello-limit {args.hello_limit:g}"
    print(f"room A plays (a move every {args.think:g} s of thinking) for {args.seconds:g} s without, then "
          f"{args.seconds:g} s with a flood of {args.rate:g} hellos/s into room B ({limit})")
    print(figures("without flood", quiet))
    print(figures("with flood", flooded))
    if quiet and flooded:
        print(f"median latency with / without the flood: x{statistics.median(flooded) / statistics.median(quiet):.2f}")
    others = ", ".join(f"{k} {v}" for k, v in sorted(counts.items()) if k != "sent")
    print(f"flood          {counts.get('sent', 0)} hellos sent: {others}")


if __name__ == "__main__":
    main()
