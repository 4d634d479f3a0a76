"""Mahjong Connect: time to deal, to scan all removable pairs, to solve, to shuffle.

    .venv/bin/python benchmarks/mahjong.py [--deals 50]

Prints figures (median and worst); asserts nothing (speed is measured here, not in tests).
"""

import argparse
import statistics
import time

import numpy as np

from gamewidgets.mahjong import Game, removable_pairs, solve
from gamewidgets.mahjong.deal import new_deal, shuffled


def timed(fn, *args):
    started = time.perf_counter()
    result = fn(*args)
    return result, (time.perf_counter() - started) * 1000


def report(name, samples, unit="ms"):
    print(f"{name:<34} median {statistics.median(samples):8.2f} {unit}   worst {max(samples):8.2f} {unit}"
          f"   ({len(samples)} runs)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=50)
    args = parser.parse_args()
    deal_ms, scan_ms, solve_ms, shuffle_ms, pairs_at_start = [], [], [], [], []
    for seed in range(args.deals):
        grid, ms = timed(new_deal, np.random.default_rng(seed))
        deal_ms.append(ms)
        pairs_at_start.append(len(removable_pairs(grid)))
        _, ms = timed(solve, grid)
        solve_ms.append(ms)
    # the all-pairs scan after every move of a game played to the end
    for seed in range(10):
        game = Game(seed)
        while not game.won:
            moves, ms = timed(game.legal_moves)
            scan_ms.append(ms)
            if not moves:
                game.shuffle()
                continue
            game.play(moves[len(moves) // 2])
    for seed in range(args.deals):
        game = Game(seed)
        for move in solve(game.grid)[:30]:
            game.play(*move)
        _, ms = timed(shuffled, game.grid, np.random.default_rng(seed))
        shuffle_ms.append(ms)
    report("new deal (144 tiles, solvable)", deal_ms)
    report("all removable pairs, after a move", scan_ms)
    report("solve a fresh deal", solve_ms)
    report("shuffle 84 tiles (solvable)", shuffle_ms)
    print(f"removable pairs on a fresh deal: mean {statistics.fmean(pairs_at_start):.1f}")


if __name__ == "__main__":
    main()
