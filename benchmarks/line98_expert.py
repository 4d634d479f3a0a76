"""Line 98's expert: strength against time per move, for a few search budgets.

    .venv/bin/python benchmarks/line98_expert.py [--games 20] [--seed 11] [--workers 1]
        [--budgets 0:0 2:0 8:0 16:0 32:0 16:2]

Each budget is ``width:samples`` (see :mod:`gamewidgets.line98.expert`); every budget
plays the experiment's games (game ``i`` is seed ``seed * 100_000 + i``, as
``gamewidgets line98 experiment --players expert`` plays them; 16:0 is the
default player). Prints, per budget: mean and median score, mean moves, and the time
of one decision (``choose``) — the median and the 90th percentile of the wall-clock
time, and the median CPU time of this process (what the machine's other work does
not inflate). Asserts nothing (speed is measured here, never in tests). With more than
one worker the games run side by side and each decision's wall time includes the
wait for a core.
"""

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from typing import TypeVar

import numpy as np

from gamewidgets.line98 import Game, experiment
from gamewidgets.line98.expert import ExpertPlayer

T = TypeVar("T")
R = TypeVar("R")


def play(task: tuple[int, int, int]) -> tuple[int, int, list[float], list[float]]:
    """One game of the expert with ``(width, samples, seed)``: score, moves, and the
    wall and CPU seconds of each decision."""
    width, samples, seed = task
    game, player = Game(seed), ExpertPlayer(seed=seed, width=width, samples=samples)
    wall, cpu = [], []
    while not game.is_over:
        started, used = time.perf_counter(), time.process_time()
        move = player.choose(game)
        wall.append(time.perf_counter() - started)
        cpu.append(time.process_time() - used)
        game.play(move)
    return game.score, len(game.moves), wall, cpu


def play_all(play: Callable[[T], R], tasks: list[T], workers: int) -> list[R]:
    """``play`` of every task, in this process (``workers`` 1) or in ``workers`` fresh
    processes side by side; in the order of the tasks."""
    if workers == 1:
        return list(map(play, tasks))
    import multiprocessing

    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        return pool.map(play, tasks, chunksize=1)


def budget(text: str) -> tuple[int, int]:
    width, _, samples = text.partition(":")
    return int(width), int(samples or 0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per budget (default 20)")
    parser.add_argument("--seed", type=int, default=11, help="experiment seed (default 11)")
    parser.add_argument("--workers", type=int, default=1, help="processes (default 1: cleanest timings)")
    parser.add_argument("--budgets", nargs="+", type=budget,
                        default=[(0, 0), (2, 0), (8, 0), (16, 0), (32, 0), (16, 2)], metavar="WIDTH:SAMPLES",
                        help="search budgets (default 0:0 2:0 8:0 16:0 32:0 16:2)")
    args = parser.parse_args()
    print(f"python {sys.version.split()[0]}, numpy {np.__version__}, {os.cpu_count()} cores, "
          f"{args.games} games of experiment seed {args.seed}, {args.workers} worker(s)")
    print(f"{'width:samples':>13} {'mean':>8} {'median':>8} {'moves':>7} {'ms p50':>7} {'ms p90':>7} "
          f"{'cpu ms p50':>10} {'s':>6}")
    seeds = [experiment.game_seed(args.seed, i) for i in range(args.games)]
    for width, samples in args.budgets:
        tasks = [(width, samples, s) for s in seeds]
        started = time.perf_counter()
        results = play_all(play, tasks, args.workers)
        scores = [r[0] for r in results]
        wall = np.array([t for r in results for t in r[2]]) * 1000
        cpu = np.array([t for r in results for t in r[3]]) * 1000
        print(f"{f'{width}:{samples}':>13} {statistics.fmean(scores):>8.1f} {statistics.median(scores):>8.1f} "
              f"{statistics.fmean(r[1] for r in results):>7.1f} {np.percentile(wall, 50):>7.1f} "
              f"{np.percentile(wall, 90):>7.1f} {np.percentile(cpu, 50):>10.1f} "
              f"{time.perf_counter() - started:>6.0f}", flush=True)


if __name__ == "__main__":
    main()
