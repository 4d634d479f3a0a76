"""Line 98's master: strength against budget, in moves survived.

    .venv/bin/python benchmarks/line98_master.py [--games 8] [--seed 11] [--max-moves 2000]
        [--workers 2] [--budgets 0 800 4000] [--expert]

Each budget is the master's ``budget`` (rollout moves a decision; 0: no rollouts, the
expert's look-ahead at the master's width alone); every budget plays the experiment's
games (game ``i`` is seed ``seed * 100_000 + i``, as ``gamewidgets line98 experiment
--players master`` plays them), each stopped after ``--max-moves`` moves (counted as
it stands, as the experiment's ``--max-moves`` counts it). ``--expert`` adds the
expert (its default budget) on the same games. Prints, per budget: mean and median
moves survived, games that reached the cap, mean points, the median and 90th
percentile of the CPU time of one decision (``choose``, this process's CPU time:
what the machine's other work does not inflate), and how long the budget took.
Whether the rollouts ran compiled (numba installed) is printed first: the moves are
the same either way, only their time differs.

The CPU time is one core's: BLAS is held to one thread (its threads would only spin
on these small products, and count as CPU time), set before numpy is imported.
Asserts nothing (speed and strength are measured here, never in tests).
"""

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import argparse
import statistics
import sys
import time

import numpy as np
from line98_expert import play_all  # this folder: how the Line 98 benchmarks run their games

from gamewidgets.line98 import Game, experiment
from gamewidgets.line98.expert import ExpertPlayer
from gamewidgets.line98.master import MasterPlayer
from gamewidgets.line98.rollouts import compiled_turn


def play(task: tuple[int | None, int, int]) -> tuple[int, int, bool, list[float]]:
    """One game (``budget`` None: the expert) from ``seed``, stopped after ``cap``
    moves: moves, score, whether it was capped, and the CPU seconds of each decision."""
    budget, seed, cap = task
    game = Game(seed)
    player = ExpertPlayer(seed=seed) if budget is None else MasterPlayer(seed=seed, budget=budget)
    cpu = []
    while not game.is_over and len(game.moves) < cap:
        used = time.process_time()
        move = player.choose(game)
        cpu.append(time.process_time() - used)
        game.play(move)
    return len(game.moves), game.score, not game.is_over, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8, help="games per budget (default 8)")
    parser.add_argument("--seed", type=int, default=11, help="experiment seed (default 11)")
    parser.add_argument("--max-moves", type=int, default=2000, help="moves a game plays at most (default 2000)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="processes (default: the cores)")
    parser.add_argument("--budgets", nargs="+", type=int, default=[0, 800, 4000], metavar="MOVES",
                        help="master budgets, rollout moves a decision (default 0 800 4000)")
    parser.add_argument("--expert", action="store_true", help="the expert too, on the same games")
    args = parser.parse_args()
    print(f"python {sys.version.split()[0]}, numpy {np.__version__}, {os.cpu_count()} cores, "
          f"rollouts {'compiled (numba)' if compiled_turn() else 'with numpy'}, "
          f"{args.games} games of experiment seed {args.seed}, at most {args.max_moves} moves, "
          f"{args.workers} worker(s)", flush=True)
    print(f"{'player':>14} {'mean moves':>10} {'median':>7} {'capped':>6} {'points':>8} "
          f"{'cpu ms p50':>10} {'cpu ms p90':>10} {'s':>6}")
    seeds = [experiment.game_seed(args.seed, i) for i in range(args.games)]
    budgets: list[int | None] = [*([None] if args.expert else []), *args.budgets]
    for budget in budgets:
        tasks = [(budget, s, args.max_moves) for s in seeds]
        started = time.perf_counter()
        results = play_all(play, tasks, args.workers)
        moves = [r[0] for r in results]
        cpu = np.array([t for r in results for t in r[3]]) * 1000
        name = "expert" if budget is None else f"master {budget}"
        print(f"{name:>14} {statistics.fmean(moves):>10.1f} {statistics.median(moves):>7.1f} "
              f"{sum(r[2] for r in results):>6} {statistics.fmean(r[1] for r in results):>8.1f} "
              f"{np.percentile(cpu, 50):>10.1f} {np.percentile(cpu, 90):>10.1f} "
              f"{time.perf_counter() - started:>6.0f}", flush=True)


if __name__ == "__main__":
    main()
