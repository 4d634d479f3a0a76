"""Load on the dominoes room server: many rooms at once, bot clients on loopback.

Starts ``gamewidgets domino serve`` in a child process (a fresh database), creates
``--rooms`` rooms, connects both seats of each (so 2 x rooms WebSockets, all from
this one process), and lets the bots play hands for ``--seconds``: whenever a state
says it is a bot's turn it waits ``--think`` seconds (with +-50 % jitter) and sends
its first legal move; a finished hand is followed by a new one (the host asks, the
guest agrees). Move latency is the time from sending a move to receiving the state
that includes it. Prints the median, p90, p99 and maximum latency, the moves per
second the server confirmed, and the server's CPU time.

The issue's aim: 200 concurrent rooms with p99 under 100 ms on a 2-core machine.

    .venv/bin/python benchmarks/domino_online_load.py --rooms 200 --seconds 30
    .venv/bin/python benchmarks/domino_online_load.py --rooms 200 --think 0   # as fast as possible
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

from websockets.asyncio.client import connect

from gamewidgets.domino.online.client import claim_guest, create_room
from gamewidgets.domino.online.local import LocalServer
from gamewidgets.domino.online.protocol import read_state, socket_url


class Stats:
    def __init__(self):
        self.latencies: list[float] = []
        self.when: list[float] = []  # when each measured move was sent
        self.moves = 0
        self.hands = 0
        self.errors: list[str] = []


async def bot(url: str, room: str, seat: int, credential: str, think: float, stop: asyncio.Event,
              stats: Stats, rng: random.Random) -> None:
    async with connect(socket_url(url, room), max_size=2**20, ping_interval=None) as socket:
        await socket.send(json.dumps({"type": "hello", "seat": seat, "credential": credential}))
        sent: tuple[int, int, float] | None = None  # (game, ply, time) of our move in flight
        pending: asyncio.Task | None = None

        def sending(message: dict) -> None:
            nonlocal sent
            sent = (message["game"], message["ply"], time.perf_counter())

        async for text in socket:
            message = json.loads(text)
            if message["type"] == "error":
                stats.errors.append(message["message"])
                continue
            if message["type"] != "state":
                continue
            if sent is not None and (message["game"], message["ply"]) > sent[:2]:
                stats.latencies.append(time.perf_counter() - sent[2])
                stats.when.append(sent[2])
                stats.moves += 1
                sent = None
            if stop.is_set():
                break
            if pending is not None and not pending.done():
                continue
            view = read_state(message)
            delay = think * rng.uniform(0.5, 1.5)
            if view.is_over:
                if seat == 0 and message["request"] is None:
                    stats.hands += 1
                    pending = asyncio.create_task(send_later(socket, {"type": "new_game"}, delay, stop))
                elif seat == 1 and message["request"] == 0:
                    pending = asyncio.create_task(send_later(socket, {"type": "new_game"}, delay, stop))
                continue
            if view.my_turn and all(message["seats"]):
                move = view.legal_actions()[0]
                pending = asyncio.create_task(send_later(
                    socket, {"type": "move", "game": message["game"], "ply": message["ply"], "move": move.to_dict()},
                    delay, stop, sending))
        if pending is not None:
            pending.cancel()


async def send_later(socket, message: dict, delay: float, stop: asyncio.Event, before=None) -> None:
    """Send ``message`` after ``delay`` seconds (``before(message)`` just before)."""
    await asyncio.sleep(delay)
    if not stop.is_set():
        if before is not None:
            before(message)
        await socket.send(json.dumps(message))


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


async def run(url: str, rooms: int, seconds: float, think: float, seed: int) -> Stats:
    loop = asyncio.get_running_loop()
    seats = []
    for _ in range(rooms):  # the HTTP calls, in threads
        room, host_credential = await loop.run_in_executor(None, create_room, url)
        guest_credential = await loop.run_in_executor(None, claim_guest, url, room)
        seats += [(room, 0, host_credential), (room, 1, guest_credential)]
    stats, stop = Stats(), asyncio.Event()
    rng = random.Random(seed)
    tasks = [asyncio.create_task(bot(url, room, seat, credential, think, stop, stats, random.Random(rng.random())))
             for room, seat, credential in seats]
    await asyncio.sleep(seconds)
    stop.set()
    done, running = await asyncio.wait(tasks, timeout=10)
    for task in running:
        task.cancel()
    for task in done:
        if task.exception() is not None:
            stats.errors.append(repr(task.exception()))
    return stats


def server_cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--think", type=float, default=0.5, help="a bot's mean thinking time, seconds")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        server = LocalServer(Path(folder) / "rooms.db", room_limit=0, hello_limit=0).start()  # all from here
        try:
            cpu_before = server_cpu(server.process.pid)
            started, bots_cpu = time.perf_counter(), time.process_time()
            stats = asyncio.run(run(server.url, args.rooms, args.seconds, args.think, args.seed))
            wall = time.perf_counter() - started
            cpu = server_cpu(server.process.pid) - cpu_before
            bots_cpu = time.process_time() - bots_cpu
        finally:
            server.stop()
    lat = [x * 1000 for x in stats.latencies]
    print(f"{args.rooms} rooms ({2 * args.rooms} connections), bots think {args.think:g} s, "
          f"{args.seconds:g} s of play")
    if not lat:
        print("no moves were confirmed", stats.errors[:5])
        raise SystemExit(1)
    print(f"moves confirmed  {stats.moves}  ({stats.moves / args.seconds:.0f} per second), "
          f"hands finished {stats.hands}")
    print(f"move latency ms  median {statistics.median(lat):.1f}  p90 {percentile(lat, 90):.1f}  "
          f"p99 {percentile(lat, 99):.1f}  max {max(lat):.1f}")
    print(f"server CPU       {cpu:.1f} s in {wall:.0f} s of wall time ({100 * cpu / wall:.0f} % of a core)")
    print(f"bots' CPU        {bots_cpu:.1f} s (this process, all {2 * args.rooms} clients)")
    print(f"errors           {len(stats.errors)}" + (f"  e.g. {stats.errors[0]}" if stats.errors else ""))
    print("aim: p99 under 100 ms with 200 rooms ->",
          "met" if args.rooms >= 200 and percentile(lat, 99) < 100 else "not met (or fewer rooms)")


if __name__ == "__main__":
    main()
