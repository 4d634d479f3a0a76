"""The same match on every kind of executor: in this process, a thread pool, a local
process pool and a Dask ``LocalCluster`` (worker processes on this machine). Prints
each run's time and whether its records are those of the run in this process (they
must be: same seed, same games, whatever runs them).

    .venv/bin/python benchmarks/match_executors.py
    .venv/bin/python benchmarks/match_executors.py --game domino --players hard medium --games 200
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ThreadPoolExecutor

from distributed import Client, LocalCluster

from gamewidgets.match import match


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="loa")
    parser.add_argument("--players", nargs=2, default=["medium", "easy"])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    options = {"max_depth": 2} if args.game == "loa" else {"samples": 20, "time_limit": None}
    if args.game not in ("loa", "domino"):
        options = {}

    def run(label: str, **how: object) -> None:
        started = time.perf_counter()
        result = match(args.game, args.players, games=args.games, seed=args.seed, **how, **options)
        seconds = time.perf_counter() - started
        same = "reference" if reference is None else ("identical" if result.records == reference.records
                                                      else "DIFFERENT")
        row = result.to_rows()[0]
        figure = (f"{row['player']} won {row['wins']}, drew {row['draws']}, lost {row['losses']}"
                  if "wins" in row else f"{row['player']} mean {row['mean_score']:.1f}")
        print(f"{label:34} {seconds:6.2f} s  {figure}  records {same}")
        runs.append(result)

    runs: list = []
    reference = None
    print(f"{args.game} match {' vs '.join(args.players)}, {args.games} games, seed {args.seed}, options {options}")
    run("in this process (workers=1)", workers=1)
    reference = runs[0]
    with ThreadPoolExecutor(args.workers) as pool:
        run(f"ThreadPoolExecutor({args.workers})", executor=pool)
    run(f"process pool (workers={args.workers})", workers=args.workers)
    started = time.perf_counter()
    with LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        print(f"{'(LocalCluster started in':34} {time.perf_counter() - started:6.2f} s)")
        run(f"Dask LocalCluster({args.workers} workers)", executor=client.get_executor())


if __name__ == "__main__":
    main()
