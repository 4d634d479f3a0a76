"""The ladder of the Dominoes levels: hard vs medium, hard vs easy, medium vs easy.

Each pairing is a match as ``gamewidgets domino match --time 0`` plays it (the same
deals and seeds: hands dealt in pairs with the seats swapped, the levels' default
options, no clock, so the figures replay on any machine but the times). Prints, per
pairing, the first level's share of hands won with its 95 % interval, its points per
hand ± one standard error (over the deals' pairs), and each level's time per move: the
median over all its moves, the median over the moves where it had a choice (the
others are forced and take no search), and the slowest.

    .venv/bin/python benchmarks/domino_strength.py --hands 400 --seed 9 --workers 2
"""

from __future__ import annotations

import argparse
import math
import statistics
import time

from gamewidgets.match import match

PAIRINGS = (("hard", "medium"), ("hard", "easy"), ("medium", "easy"))


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a share ``wins / n`` (95 % for z = 1.96)."""
    share = wins / n
    centre = (share + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def times_of(records: list[dict], level: str) -> tuple[list[float], list[float]]:
    """Milliseconds of every decision of ``level`` in ``records``, and of those with a choice."""
    every, chosen = [], []
    for record in records:
        for analysis in record["analyses"]:
            if analysis is None or analysis["player"] != level:
                continue
            every.append(analysis["stats"]["time_ms"])
            if len(analysis["candidates"]) > 1:
                chosen.append(analysis["stats"]["time_ms"])
    return every, chosen


def run(first: str, second: str, hands: int, seed: int, workers: int) -> None:
    started = time.perf_counter()
    result = match("domino", [first, second], games=hands, seed=seed, workers=workers, analyses=True,
                   time_limit=None)
    row = result.to_rows()[0]
    won = row["wins"] / hands  # as the command line counts: a drawn hand is not won
    low, high = wilson(row["wins"], hands)
    print(f"{first} vs {second}, {hands} hands, seed {seed}: {first} won {100 * won:.1f} % of hands "
          f"(95 % interval {100 * low:.1f} to {100 * high:.1f} %), "
          f"{row['mean_score']:+.2f} ± {row['score_se']:.2f} points per hand, {100 * row['draws'] / hands:.1f} % drawn "
          f"[{time.perf_counter() - started:.0f} s]")
    for level in (first, second):
        every, chosen = times_of(result.records, level)
        print(f"  {level:>6}: median {statistics.median(every):.1f} ms per move, "
              f"{statistics.median(chosen or [0.0]):.1f} ms where it had a choice, slowest {max(every):.0f} ms")
    print(flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=400, help="hands per pairing, even (default 400)")
    parser.add_argument("--seed", type=int, default=9, help="seed of the deals and players (default 9)")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    args = parser.parse_args()
    for first, second in PAIRINGS:
        run(first, second, args.hands, args.seed, args.workers)


if __name__ == "__main__":
    main()
