"""What recording a search tree costs (issue 27), per game's main computer player.

    .venv/bin/python benchmarks/search_tracing.py [--repeats 5] [--positions 4]

For each player, on ``--positions`` seeded positions: the time of ``analyse`` with
tracing off and on (the fastest of ``--repeats`` runs each), the tree's size, and
whether the traced decision is the untraced one (move, scores, node counts). Run it in
a checkout from before tracing too (``PYTHONPATH=<old>/src``): there ``analyse`` takes
no ``trace`` and only the "off" column is measured, to compare tracing off with the
players as they were. Asserts nothing; prints a table.
"""

from __future__ import annotations

import argparse
import inspect
import time
from collections.abc import Callable
from typing import Any

import numpy as np


def loa_positions(n: int) -> list[tuple[str, Any]]:
    from gamewidgets.loa.rules import Game
    out = []
    for seed in range(n):
        rng = np.random.default_rng(seed)
        game = Game(8)
        for _ in range(6 + 2 * seed):
            moves = game.legal_moves()
            game.play(moves[int(rng.integers(len(moves)))])
        out.append((f"8x8 ply {game.ply}", game))
    return out


def line98_positions(n: int) -> list[tuple[str, Any]]:
    from gamewidgets.line98.players import PLAYERS
    from gamewidgets.line98.rules import Game
    out = []
    for seed in range(n):
        game = Game(seed=seed)
        player = PLAYERS["build"](seed=seed)
        for _ in range(10 + 5 * seed):
            if game.is_over:
                break
            game.play(player.choose(game.view()))
        out.append((f"seed {seed}, {len(game.moves)} moves", game.view()))
    return out


def mahjong_positions(n: int) -> list[tuple[str, Any]]:
    from gamewidgets.mahjong import Game
    return [(f"deal seed {seed}", Game(seed=seed).view()) for seed in range(n)]


def domino_positions(n: int) -> list[tuple[str, Any]]:
    from gamewidgets.domino.rules import Game
    out = []
    for seed in range(n):
        game = Game(seed=seed)
        rng = np.random.default_rng(seed)
        for _ in range(2 + seed):
            if game.is_over:
                break
            moves = game.legal_moves()
            game.play(moves[int(rng.integers(len(moves)))])
        while not game.is_over and len(game.legal_moves()) < 2:  # a decision, not a forced move
            game.play(game.legal_moves()[0])
        if not game.is_over:
            out.append((f"seed {seed}, turn {len(game.history)}", game.view(game.turn)))
    return out


def players() -> list[tuple[str, Callable[[], Any], Callable[[int], list[tuple[str, Any]]]]]:
    from gamewidgets.domino.ai import PLAYERS as DOMINO
    from gamewidgets.line98.players import PLAYERS as LINE98
    from gamewidgets.loa.ai import PLAYERS as LOA
    from gamewidgets.mahjong.players import PLAYERS as MAHJONG
    return [
        ("loa hard (depth 3)", lambda: LOA["hard"](seed=1, time_limit=None, max_depth=3), loa_positions),
        ("line98 expert", lambda: LINE98["expert"](seed=1), line98_positions),
        ("mahjong solver", lambda: MAHJONG["solver"](), mahjong_positions),
        ("domino hard", lambda: DOMINO["hard"](seed=1), domino_positions),
    ]


def fastest(run: Callable[[], Any], repeats: int) -> tuple[float, Any]:
    best, result = float("inf"), None
    for _ in range(repeats):
        started = time.perf_counter()
        result = run()
        best = min(best, time.perf_counter() - started)
    return best * 1000, result


def same_decision(a: Any, b: Any) -> bool:
    def plain(x: Any) -> Any:
        stats = {k: v for k, v in x.stats.items() if k != "time_ms"}
        return (str(x.move), [(str(c.move), c.score, c.bound) for c in x.candidates], [str(m) for m in x.pv], stats)
    return bool(plain(a) == plain(b))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--positions", type=int, default=4)
    args = parser.parse_args()
    print(f"{'player':<20} {'position':<22} {'off ms':>9} {'on ms':>9} {'cost':>7} {'tree nodes':>11}  same")
    for name, make, positions in players():
        tracing = "trace" in inspect.signature(make().analyse).parameters
        for label, game in positions(args.positions):
            off, plain = fastest(lambda make=make, game=game: make().analyse(game), args.repeats)
            if not tracing:
                print(f"{name:<20} {label:<22} {off:>9.1f} {'-':>9} {'-':>7} {'-':>11}  -")
                continue
            on, traced = fastest(lambda make=make, game=game: make().analyse(game, trace=True), args.repeats)
            size = len(traced.tree) if traced.tree is not None else 0
            print(f"{name:<20} {label:<22} {off:>9.1f} {on:>9.1f} {on / off - 1:>+7.0%} {size:>11,}  "
                  f"{'yes' if same_decision(plain, traced) else 'NO'}")


if __name__ == "__main__":
    main()
