"""Line 98 players: games per second, the cost of one decision, and the full experiment.

    .venv/bin/python benchmarks/line98_players.py [--games 40] [--experiment-games 300]

Prints figures; asserts nothing (speed is measured here, never in tests).
"""

import argparse
import os
import sys
import time

from gamewidgets.line98 import Game, experiment
from gamewidgets.line98.players import PLAYERS, play_game


def decisions(player, positions, repeat=3):
    """Mean microseconds per choose() and per analyse() over the given positions."""
    started = time.perf_counter()
    for _ in range(repeat):
        for game in positions:
            player.choose(game)
    choose = (time.perf_counter() - started) / (repeat * len(positions)) * 1e6
    started = time.perf_counter()
    for game in positions:
        player.analyse(game)
    analyse = (time.perf_counter() - started) / len(positions) * 1e6
    return choose, analyse


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per player for games/s")
    parser.add_argument("--experiment-games", type=int, default=300)
    args = parser.parse_args()
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores")

    # positions from real games of build, so candidates are typical (~40 balls)
    positions = []
    for seed in range(10):
        game, player = Game(seed), PLAYERS["build"](seed=seed)
        while not game.is_over:
            if len(game.moves) % 5 == 0:
                positions.append(game.copy())
            game.play(player.choose(game))
    mean_moves = sum(len(g.legal_moves()) for g in positions) / len(positions)
    print(f"{len(positions)} positions from games of build, {mean_moves:.0f} legal moves on average")
    print(f"{'player':<12} {'games/s':>8} {'moves/game':>10} {'choose us':>10} {'analyse us':>11}")
    for name, cls in PLAYERS.items():
        started = time.perf_counter()
        moves = sum(len(play_game(cls(seed=seed), seed).moves) for seed in range(args.games))
        rate = args.games / (time.perf_counter() - started)
        choose, analyse = decisions(cls(seed=0), positions)
        print(f"{name:<12} {rate:>8.1f} {moves / args.games:>10.1f} {choose:>10.0f} {analyse:>11.0f}")

    for workers in (1, os.cpu_count() or 1):
        result = experiment.run(args.experiment_games, seed=1, workers=workers)
        print(f"experiment: 4 x {args.experiment_games} games, {workers} worker(s): {result.seconds:.1f} s")


if __name__ == "__main__":
    main()
