"""Lines of Action: perft timings from the start of each board, and the cost of the
operations a search repeats (move generation, make/unmake, connectivity, outcome).

    .venv/bin/python benchmarks/loa_perft.py [--depth 4] [--repeat 3]

Prints figures (best of ``--repeat`` runs); asserts nothing (speed is measured here, not in tests).
Aim: 8×8 perft depth 4 in under 2 s on CPython.
"""

import argparse
import random
import time

from gamewidgets.loa import FIRST, SECOND, SIZES, Game, generate, is_connected, perft


def best(fn, repeat):
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - started)
    return result, min(times)


def middle_game(size, plies=20, seed=0):
    """A position after ``plies`` random moves (a fairer mix than the start)."""
    rng = random.Random(seed)
    game = Game(size)
    for _ in range(plies):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(rng.choice(moves))
    return game


def walk(game, depth):
    """Perft without counting moves in bulk: every move is made, judged and taken back,
    as a search does (the end-of-game check is outcome() in every position)."""
    if game.outcome() is not None:
        return 0
    if depth == 0:
        return 1
    total = 0
    for src, dst in game.move_list():
        game.make(src, dst)
        total += walk(game, depth - 1) if depth > 1 else 1
        game.unmake()
    return total


def per_call(fn, calls):
    started = time.perf_counter()
    for _ in range(calls):
        fn()
    return (time.perf_counter() - started) / calls * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"perft from the start (best of {args.repeat})")
    for size in SIZES:
        for depth in range(1, args.depth + 1):
            counts, seconds = best(lambda size=size, depth=depth: perft(Game(size), depth), args.repeat)
            rate = counts[-1] / seconds if seconds else float("inf")
            print(f"  {size}x{size} depth {depth}: {counts[-1]:>10,}  {seconds:8.3f} s  {rate / 1e6:6.2f} M leaves/s")
    print("perft making every move (make/unmake at the leaves too, outcome() in every inner node)")
    for size in SIZES:
        depth = args.depth
        total, seconds = best(lambda size=size, depth=depth: walk(Game(size), depth), 1)
        print(f"  {size}x{size} depth {depth}: {total:>10,}  {seconds:8.3f} s  {total / seconds / 1e3:6.0f} k leaves/s")
    print("operations (µs per call, a position after 20 random moves)")
    for size in SIZES:
        game = middle_game(size)
        mine, theirs = game.pieces[game.turn], game.pieces[1 - game.turn]
        moves = game.move_list()
        src, dst = moves[0]

        def make_unmake(game=game, src=src, dst=dst):
            game.make(src, dst)
            game.unmake()

        def both_connected(game=game, size=size):
            return is_connected(game.pieces[FIRST], size), is_connected(game.pieces[SECOND], size)

        figures = {
            "generate": per_call(lambda f=generate, a=(mine, theirs, size): f(*a), 20_000),
            "make+unmake": per_call(make_unmake, 50_000),
            "is_connected x2": per_call(both_connected, 20_000),
            "outcome": per_call(game.outcome, 20_000),
            "legal_moves": per_call(game.legal_moves, 2_000),
        }
        print(f"  {size}x{size} ({len(moves)} moves): " + "  ".join(f"{k} {v:6.2f}" for k, v in figures.items()))


if __name__ == "__main__":
    main()
