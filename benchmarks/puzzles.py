"""How fast the puzzles are found and proved (issue 28), per kind.

    .venv/bin/python benchmarks/puzzles.py [--count 10] [--seed 0]

For every kind of every game: ``gamewidgets.puzzles.generate(game, count, seed, kind)``
timed once, and the puzzles per minute, the ratings' spread and (as a check that it is
deterministic) whether a second run gives the same puzzles. Asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import time

from gamewidgets.puzzles import KIND_NAMES, generate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print(f"{'game':<8} {'kind':<16} {'found':>5} {'seconds':>8} {'per minute':>11} {'ratings':>11}  same again")
    for game, kinds in KIND_NAMES.items():
        for kind in kinds:
            started = time.perf_counter()
            found = generate(game, count=args.count, seed=args.seed, kind=kind)
            seconds = time.perf_counter() - started
            again = generate(game, count=args.count, seed=args.seed, kind=kind)
            same = json.dumps([p.to_dict() for p in found]) == json.dumps([p.to_dict() for p in again])
            ratings = [p.rating for p in found]
            spread = f"{min(ratings)}-{max(ratings)}" if ratings else "-"
            print(f"{game:<8} {kind:<16} {len(found):>5} {seconds:>8.2f} {len(found) / seconds * 60:>11.0f} "
                  f"{spread:>11}  {'yes' if same else 'NO'}")


if __name__ == "__main__":
    main()
