"""The rule book's experiment: the players each play the same games.

By default the players are the rule book's four (``DEFAULT_PLAYERS``: random,
clear-first, build, greedy-long); ``players=`` picks any names of ``PLAYERS``, such as
``("expert",)``, each once in the order given. Game ``i`` of an experiment with seed
``S`` starts from game seed ``S * 100_000 + i`` for every player (same starting
boards, same spawns for the same moves), and each player's own generator (tie-breaks,
the expert's sampled spawns) is seeded with that game seed too. So the figures depend
only on ``S``, the number of games and the players — not on how many worker
processes share the work.
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .players import PLAYERS, play_game

SEED_STRIDE = 100_000
#: the rule book's four strategies: what the experiment compares unless told otherwise
DEFAULT_PLAYERS = ("random", "clear-first", "build", "greedy-long")


def game_seed(seed: int, index: int) -> int:
    return seed * SEED_STRIDE + index


@dataclass
class PlayerResult:
    player: str
    scores: list[int] = field(default_factory=list)
    moves: list[int] = field(default_factory=list)

    @property
    def mean_score(self) -> float:
        return statistics.fmean(self.scores)

    @property
    def median_score(self) -> float:
        return statistics.median(self.scores)

    @property
    def mean_moves(self) -> float:
        return statistics.fmean(self.moves)

    def to_dict(self) -> dict[str, Any]:
        return {
            "mean_score": self.mean_score,
            "median_score": self.median_score,
            "mean_moves": self.mean_moves,
            "scores": self.scores,
            "moves": self.moves,
        }


@dataclass
class ExperimentResult:
    games: int
    seed: int
    players: dict[str, PlayerResult]
    seconds: float = 0.0
    workers: int = 1

    def table(self) -> str:
        """The figures as a text table, one row per player."""
        lines = [f"{'player':<12} {'mean score':>10} {'median':>8} {'mean moves':>10}"]
        for result in self.players.values():
            lines.append(
                f"{result.player:<12} {result.mean_score:>10.1f} {result.median_score:>8.1f} {result.mean_moves:>10.1f}"
            )
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": "line98",
            "games": self.games,
            "seed": self.seed,
            "game_seeds": [game_seed(self.seed, i) for i in range(self.games)],
            "players": {name: result.to_dict() for name, result in self.players.items()},
        }


def _play_one(task: tuple[str, int]) -> tuple[str, int, int, int]:
    name, seed = task
    game = play_game(PLAYERS[name](seed=seed), seed)
    return name, seed, game.score, len(game.moves)


def run(
    games: int = 300,
    seed: int = 0,
    players: Sequence[str] = DEFAULT_PLAYERS,
    workers: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> ExperimentResult:
    """Let each of ``players`` (names of ``PLAYERS``; default the rule book's four)
    play ``games`` games from the same starting seeds.

    ``workers`` processes share the games (default: the number of cores; 1 plays in
    this process). ``progress(done, total)`` is called after every finished game.
    """
    if games < 1:
        raise ValueError(f"games must be at least 1, not {games}")
    players = tuple(dict.fromkeys([players] if isinstance(players, str) else players))
    if not players:
        raise ValueError(f"no players given; known: {sorted(PLAYERS)}")
    unknown = [p for p in players if p not in PLAYERS]
    if unknown:
        raise ValueError(f"unknown player(s) {unknown}; known: {sorted(PLAYERS)}")
    workers = max(1, workers or os.cpu_count() or 1)
    seeds = [game_seed(seed, i) for i in range(games)]
    tasks = [(name, s) for name in players for s in seeds]
    index = {s: i for i, s in enumerate(seeds)}
    results = {name: PlayerResult(name, [0] * games, [0] * games) for name in players}
    started = time.perf_counter()

    def collect(outcomes: Iterable[tuple[str, int, int, int]]) -> None:
        for done, (name, s, score, moves) in enumerate(outcomes, start=1):
            results[name].scores[index[s]] = score
            results[name].moves[index[s]] = moves
            if progress:
                progress(done, len(tasks))

    if workers == 1:
        collect(map(_play_one, tasks))
    else:
        import multiprocessing

        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            collect(pool.imap_unordered(_play_one, tasks, chunksize=4))
    return ExperimentResult(games, seed, results, time.perf_counter() - started, workers)
