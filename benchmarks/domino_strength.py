"""Strength of the Dominoes levels: hard vs medium and medium vs easy over duplicate hands.

Each deal is played twice with the seats swapped (duplicate pairs), in parallel
processes. Prints, per pairing, the stronger level's mean points per hand ± its standard
error (over the deals' pair means), its win % and the time per move of each level (mean
and maximum). The goal: both means at least two standard errors above zero, hard at
most 2 s a move.

    .venv/bin/python benchmarks/domino_strength.py --hands 2000 --workers 2
"""

from __future__ import annotations

import argparse
import math
import time
from multiprocessing import Pool

from gamewidgets.domino import Game
from gamewidgets.domino.ai import LEVELS

PAIRINGS = (("hard", "medium"), ("medium", "easy"))


def play_pair(task: tuple[str, str, int]) -> dict:
    """One deal played twice (seats swapped) by ``strong`` and ``weak``: the strong
    level's mean points over the two hands, its wins, and per-level move times."""
    strong, weak, deal = task
    points, wins, losses = 0, 0, 0
    times = {strong: [], weak: []}
    for strong_seat in (0, 1):
        game = Game(deal)
        players = [None, None]
        players[strong_seat] = LEVELS[strong](seed=deal)
        players[1 - strong_seat] = LEVELS[weak](seed=deal + 1)
        names = [None, None]
        names[strong_seat], names[1 - strong_seat] = strong, weak
        while not game.is_over:
            turn = game.turn
            started = time.perf_counter()
            move = players[turn].choose(game.view(turn))
            times[names[turn]].append(time.perf_counter() - started)
            game.play(move)
        outcome = game.outcome()
        if outcome.winner == strong_seat:
            points, wins = points + outcome.points, wins + 1
        elif outcome.winner is not None:
            points, losses = points - outcome.points, losses + 1
    return {"mean": points / 2, "wins": wins, "losses": losses,
            "times": {k: (sum(v), len(v), max(v, default=0.0)) for k, v in times.items()}}


def run(strong: str, weak: str, hands: int, workers: int, seed: int) -> None:
    deals = max(hands // 2, 2)
    tasks = [(strong, weak, seed * 1_000_003 + i) for i in range(deals)]
    started = time.perf_counter()
    with Pool(workers) as pool:
        results = []
        for n, result in enumerate(pool.imap_unordered(play_pair, tasks, chunksize=4), 1):
            results.append(result)
            if n % max(deals // 10, 1) == 0:
                print(f"  {strong} vs {weak}: {2 * n}/{2 * deals} hands, {time.perf_counter() - started:.0f} s",
                      flush=True)
    means = [r["mean"] for r in results]
    mean = sum(means) / deals
    se = math.sqrt(sum((x - mean) ** 2 for x in means) / (deals - 1) / deals)
    wins = sum(r["wins"] for r in results)
    losses = sum(r["losses"] for r in results)
    print(f"{strong} vs {weak}, {2 * deals} hands: {strong} {mean:+.2f} ± {se:.2f} points per hand "
          f"({mean / se if se else float('inf'):.1f} SE), won {100 * wins / (2 * deals):.1f}%, "
          f"lost {100 * losses / (2 * deals):.1f}%")
    for level in (strong, weak):
        total = sum(r["times"][level][0] for r in results)
        count = sum(r["times"][level][1] for r in results)
        worst = max(r["times"][level][2] for r in results)
        print(f"  {level}: {1000 * total / max(count, 1):.2f} ms per move on average, {1000 * worst:.1f} ms at most")
    print(flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000, help="hands per pairing (default 2000)")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the deals (default 0)")
    args = parser.parse_args()
    for strong, weak in PAIRINGS:
        run(strong, weak, args.hands, args.workers, args.seed)


if __name__ == "__main__":
    main()
