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
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

from ..playing import SEED_STRIDE, game_seed
from .players import PLAYERS

__all__ = ["DEFAULT_PLAYERS", "PLAYERS", "SEED_STRIDE", "ExperimentResult", "PlayerResult", "game_seed", "run"]

#: the rule book's four strategies: what the experiment compares unless told otherwise
DEFAULT_PLAYERS = ("random", "clear-first", "build", "greedy-long")


@dataclass
class PlayerResult:
    player: str
    scores: list[int] = field(default_factory=list)
    moves: list[int] = field(default_factory=list)
    #: per game, whether it was stopped at ``max_moves`` (still alive then)
    capped: list[bool] = field(default_factory=list)

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
            "capped": self.capped,
            "capped_games": sum(self.capped),
        }


@dataclass
class ExperimentResult:
    games: int
    seed: int
    players: dict[str, PlayerResult]
    seconds: float = 0.0
    workers: int = 1
    #: the moves a game could last (None: to its end)
    max_moves: int | None = None

    def table(self) -> str:
        """The figures as a text table, one row per player."""
        capping = self.max_moves is not None
        lines = [f"{'player':<12} {'mean score':>10} {'median':>8} {'mean moves':>10}"
                 + (f" {'median moves':>12} {'capped':>7}" if capping else "")]
        for result in self.players.values():
            lines.append(
                f"{result.player:<12} {result.mean_score:>10.1f} {result.median_score:>8.1f} {result.mean_moves:>10.1f}"
                + (f" {statistics.median(result.moves):>12.1f} {sum(result.capped):>7}" if capping else "")
            )
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": "line98",
            "games": self.games,
            "seed": self.seed,
            "game_seeds": [game_seed(self.seed, i) for i in range(self.games)],
            "max_moves": self.max_moves,
            "players": {name: result.to_dict() for name, result in self.players.items()},
        }


def run(
    games: int = 300,
    seed: int = 0,
    players: Sequence[str] = DEFAULT_PLAYERS,
    workers: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    executor: Executor | None = None,
    max_moves: int | None = None,
) -> ExperimentResult:
    """Let each of ``players`` (names of ``PLAYERS``; default the rule book's four)
    play ``games`` games from the same starting seeds.

    ``workers`` processes share the games (default: the number of cores; 1 plays in
    this process); or any ``executor`` (``workers`` is then only reported).
    ``progress(done, total)`` is called as games finish. ``max_moves``: a game stops
    after that many moves and counts as it stands (``capped``). The games are
    played by :func:`gamewidgets.match.match` (``match("line98", players, ...)``), which
    also gives the records, intervals and times; this keeps the experiment's figures.
    """
    from ..match import match

    players = tuple(dict.fromkeys([players] if isinstance(players, str) else players))
    result = match("line98", players, games=games, seed=seed, workers=max(1, workers or os.cpu_count() or 1),
                   progress=progress or False, executor=executor, max_moves=max_moves)
    figures = {
        name: PlayerResult(name, result.scores(k), [r["moves"] for r in result.results(k)],
                           [bool(r.get("capped")) for r in result.results(k)])
        for k, name in enumerate(players)
    }
    assert result.workers is not None  # a local pool, or this process
    return ExperimentResult(games, seed, figures, result.seconds, result.workers, max_moves)
