"""The ladder of the Dominoes levels: hard vs medium, hard vs easy, medium vs easy.

Each pairing is a match as ``gamewidgets domino match --time 0`` plays it (the same
deals and seeds: hands dealt in pairs with the seats swapped, the levels' default
options, no clock, so the figures replay on any machine but the times). Prints, per
pairing, the first level's share of hands won with its 95 % interval, its points per
hand ± one standard error (over the deals' pairs), and each level's time per move: the
median over all its moves, the median over the moves where it had a choice (the
others are forced and take no search), and the slowest.

    .venv/bin/python benchmarks/domino_strength.py --hands 400 --seed 9 --workers 2

One seed's 400 hands measure a share of hands won to about ± 2 points of percentage
(one standard error), so a level a point stronger can show as weaker on one seed.
``--seeds`` plays each pairing on several seeds (the same hands per seed) and then
prints the pooled figure of each pairing as well: the hands won over all seeds with
their interval and the mean points per hand with its standard error. ``--pairings``
picks the pairings (``hard-easy`` for one), e.g. Hard against Easy on twelve seeds:

    .venv/bin/python benchmarks/domino_strength.py --pairings hard-easy --seeds 1-4,6-8,10-12,14,15
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from dataclasses import dataclass

from gamewidgets.match import match
from gamewidgets.match_result import wilson

PAIRINGS = (("hard", "medium"), ("hard", "easy"), ("medium", "easy"))


@dataclass(frozen=True)
class Result:
    """One pairing's match on one seed: hands won by the first level, hands played, its
    mean points per hand and their standard error."""

    wins: int
    hands: int
    points: float
    points_se: float


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


def share_line(first: str, second: str, result: Result, where: str) -> str:
    """How ``first`` fared against ``second`` in ``result`` (``where``: the hands and seed(s))."""
    low, high = wilson(result.wins, result.hands)
    return (f"{first} vs {second}, {where}: {first} won {100 * result.wins / result.hands:.1f} % of hands "
            f"(95 % interval {100 * low:.1f} to {100 * high:.1f} %), "
            f"{result.points:+.2f} ± {result.points_se:.2f} points per hand")


def run(first: str, second: str, hands: int, seed: int, workers: int) -> Result:
    started = time.perf_counter()
    played = match("domino", [first, second], games=hands, seed=seed, workers=workers, analyses=True,
                   time_limit=None)
    row = played.to_rows()[0]
    result = Result(row["wins"], hands, row["mean_score"], row["score_se"])  # a drawn hand is not won
    print(f"{share_line(first, second, result, f'{hands} hands, seed {seed}')}, "
          f"{100 * row['draws'] / hands:.1f} % drawn [{time.perf_counter() - started:.0f} s]")
    for level in (first, second):
        every, chosen = times_of(played.records, level)
        print(f"  {level:>6}: median {statistics.median(every):.1f} ms per move, "
              f"{statistics.median(chosen or [0.0]):.1f} ms where it had a choice, slowest {max(every):.0f} ms")
    print(flush=True)
    return result


def pooled(results: list[Result]) -> Result:
    """The results of one pairing on several seeds (as many hands each) as one: the hands
    won over all of them, the mean of their points per hand and its standard error."""
    return Result(sum(r.wins for r in results), sum(r.hands for r in results),
                  statistics.fmean(r.points for r in results),
                  math.sqrt(math.fsum(r.points_se ** 2 for r in results)) / len(results))


def seed_list(text: str) -> list[int]:
    """Seeds from ``"9"``, ``"1,2,3"`` or ranges such as ``"1-4,6"``."""
    seeds: list[int] = []
    for part in text.split(","):
        low, _, high = part.strip().partition("-")
        seeds.extend(range(int(low), int(high or low) + 1))
    if not seeds:
        raise argparse.ArgumentTypeError(f"no seed in {text!r}")
    return seeds


def pairing_list(text: str) -> list[tuple[str, str]]:
    """Pairings from ``"hard-easy,medium-easy"`` (each one of :data:`PAIRINGS`)."""
    named = {"-".join(pairing): pairing for pairing in PAIRINGS}
    chosen = [part.strip() for part in text.split(",")]
    for name in chosen:
        if name not in named:
            raise argparse.ArgumentTypeError(f"{name!r} is not a pairing (pairings: {', '.join(named)})")
    return [named[name] for name in chosen]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=400, help="hands per pairing and seed, even (default 400)")
    parser.add_argument("--seed", type=int, default=9, help="seed of the deals and players (default 9)")
    parser.add_argument("--seeds", type=seed_list, help="several seeds, e.g. 1-4,6 (instead of --seed), "
                                                        "then the pooled figures too")
    parser.add_argument("--pairings", type=pairing_list, default=list(PAIRINGS),
                        help="which pairings, e.g. hard-easy (default: all three)")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    args = parser.parse_args()
    seeds = args.seeds or [args.seed]
    for first, second in args.pairings:
        results = [run(first, second, args.hands, seed, args.workers) for seed in seeds]
        if len(results) > 1:
            where = f"{len(seeds)} seeds ({', '.join(map(str, seeds))}), {args.hands * len(seeds)} hands"
            print(f"{share_line(first, second, pooled(results), where)}\n", flush=True)


if __name__ == "__main__":
    main()
