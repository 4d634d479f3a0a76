"""Lines of Action: the ladder of computer levels, each against the level below it.

    .venv/bin/python benchmarks/loa_strength.py [--quick] [--games 40] [--workers 2] [--json PATH]

Three rungs — easy v medium, medium v hard, hard v insane — on 6×6 and 8×8, ``--games``
games each (default 40). Colours alternate (the stronger level moves first in the even
games) and the first two plies of every game are random, so that games differ: each
seeded opening is played twice, with the colours swapped. The levels think with their
own time budgets, as in the game. Prints one table row per rung (the stronger level's
wins / losses / draws and its share of the points, a draw counting half; the aim is at
least 75%) and the time per move of each level on each size (mean and max; the aim:
insane at most 10 s a move on 8×8, hard at most 3 s). ``--quick``: 10 games per rung
(about 5 minutes; the full run takes about 16 minutes on 2 cores). The games run in
``--workers`` processes (default 2); the times are wall-clock seconds measured inside
the workers, so they grow when the machine is busy with other work. Asserts nothing
(strength and speed are measured here, not in the tests).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path

from gamewidgets.loa import SIDES
from gamewidgets.loa.ai import LEVELS, play_game

RUNGS = (("easy", "medium"), ("medium", "hard"), ("hard", "insane"))
SIZES = (6, 8)
OPENING_PLIES = 2


def play(job: tuple) -> dict:
    """One game of a rung: ``(size, weaker, stronger, index)``; the stronger level is
    first in the even games."""
    size, weaker, stronger, index = job
    strong_side = 0 if index % 2 == 0 else 1
    players = [None, None]
    players[strong_side] = LEVELS[stronger](seed=10_000 + index)
    players[1 - strong_side] = LEVELS[weaker](seed=20_000 + index)
    # each opening is played twice, the stronger level first in one game and second in the other
    game, seconds = play_game(players[0], players[1], size, opening_plies=OPENING_PLIES, seed=index // 2)
    outcome = game.outcome()
    times = {stronger: [], weaker: []}
    for ply, spent in enumerate(seconds):
        if ply >= OPENING_PLIES:
            times[stronger if ply % 2 == strong_side else weaker].append(spent)
    result = "draw" if outcome.winner is None else "win" if outcome.winner == strong_side else "loss"
    return {"size": size, "weaker": weaker, "stronger": stronger, "index": index, "result": result,
            "reason": outcome.reason, "plies": game.ply, "strong_side": SIDES[strong_side],
            "moves": [str(m) for m in game.moves], "times": times}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="10 games per rung")
    parser.add_argument("--games", type=int, default=None, help="games per rung (default 40)")
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES), choices=(6, 7, 8))
    parser.add_argument("--rungs", nargs="+", default=[f"{a}-{b}" for a, b in RUNGS],
                        help="which rungs, e.g. hard-insane (default all three)")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--json", metavar="PATH", help="write every game (moves, result, times) here")
    args = parser.parse_args()
    games = args.games or (10 if args.quick else 40)
    rungs = [tuple(r.split("-")) for r in args.rungs]
    budgets = ", ".join(f"{name} {LEVELS[name].budget or f'depth {LEVELS[name].depth}'}" for name in LEVELS)
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, {args.workers} workers; {games} games a rung, "
          f"the first {OPENING_PLIES} plies random; seconds per move: {budgets}", flush=True)
    # the longest games first, so that the workers finish together
    jobs = [(size, weak, strong, index) for size in sorted(args.sizes, reverse=True)
            for weak, strong in reversed(rungs) for index in range(games)]
    started = time.perf_counter()
    results = []
    with Pool(args.workers) as pool:
        for done, result in enumerate(pool.imap_unordered(play, jobs), start=1):
            results.append(result)
            if done % max(1, len(jobs) // 20) == 0 or done == len(jobs):
                print(f"  {done}/{len(jobs)} games, {time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)
    elapsed = time.perf_counter() - started

    print("\nthe stronger level's results (a draw counts half in points; plies: mean game length)")
    print(f"{'size':>4}  {'weaker v stronger':<22} {'wins':>4} {'losses':>6} {'draws':>5} {'points':>6}"
          f"  {'plies':>5}  verdict")
    for size in args.sizes:
        for weak, strong in rungs:
            rows = [r for r in results if r["size"] == size and r["weaker"] == weak and r["stronger"] == strong]
            wins = sum(r["result"] == "win" for r in rows)
            losses = sum(r["result"] == "loss" for r in rows)
            draws = sum(r["result"] == "draw" for r in rows)
            share = (wins + draws / 2) / max(1, len(rows))
            plies = statistics.mean(r["plies"] for r in rows) if rows else 0
            verdict = "ok" if share >= 0.75 else "BELOW 75%"
            print(f"{size}x{size}  {weak + ' v ' + strong:<22} {wins:>4} {losses:>6} {draws:>5} {share:>6.0%}"
                  f"  {plies:>5.0f}  {verdict}")
    if games < 40:
        print(f"({games} games a rung is a rough look: one game is {100 / games:.0f}%; the ladder is judged on 40)")
    print(f"\nseconds per move (wall clock, {args.workers} games at a time)")
    print(f"{'size':>4}  {'level':<7} {'moves':>6} {'mean':>7} {'max':>7}")
    for size in args.sizes:
        for level in LEVELS:
            spent = [t for r in results if r["size"] == size for t in r["times"].get(level, [])]
            if spent:
                print(f"{size}x{size}  {level:<7} {len(spent):>6} {statistics.mean(spent):>7.3f} {max(spent):>7.3f}")
    print(f"\n{len(results)} games in {elapsed / 60:.1f} minutes")
    if args.json:
        Path(args.json).write_text(json.dumps(sorted(results, key=lambda r: (r["size"], r["weaker"], r["index"]))))


if __name__ == "__main__":
    main()
