"""The computer players of Mahjong Connect: ``PLAYERS`` (name -> class).

Every player takes the :class:`~gamewidgets.mahjong.Game` itself: ``choose(game)`` is
the pair it removes, ``analyse(game)`` the same choice explained as an
:class:`~gamewidgets.analysis.Analysis` — every removable pair is a candidate, with the
turns of its path (``turns``) among its terms. Players are made with keyword options
only; the random one takes ``seed=`` (its choices come from its own
``numpy.random.Generator``, so a seed replays them). In a position where no pair can be
removed (cleared, or stuck) both raise :class:`~gamewidgets.errors.GameOver`: a shuffle
is the player's own decision (``game.shuffle()``), not a move of a computer player.

- ``"solver"`` (:class:`Solver`): the first pair of a full clearing sequence
  (:func:`~gamewidgets.mahjong.deal.solve`, at most ``max_nodes`` positions); scores
  100 for that pair, less one per turn of its path; without a sequence (none exists, or
  the search gave up) the pair with the fewest turns. Deterministic.
- ``"random"`` (:class:`RandomPlayer`): a removable pair drawn uniformly; every
  candidate scores 0.
"""

from __future__ import annotations

import time

import numpy as np

from ..analysis import Analysis, Candidate
from ..errors import GameOver
from .connect import find_paths
from .deal import SearchLimit, solve
from .rules import Game, Move


def _removable(game: Game) -> list[Move]:
    moves = game.legal_moves()
    if not moves:
        raise GameOver("no pair can be removed" + ("" if game.won else ": shuffle, undo or start again"))
    return moves


def _turns(game: Game, moves: list[Move]) -> list[int]:
    """The turns of the path each removable pair is joined by."""
    paths = find_paths(game.grid, [m.a for m in moves], [m.b for m in moves])
    turns = []
    for path in paths:
        assert path is not None  # a removable pair is connected
        turns.append(len(path) - 2)
    return turns


class Solver:
    """The solver as a player: it plays the first pair of a full clearing sequence,
    and explains it (every removable pair, which of them the sequence starts with)."""

    name = "solver"

    def __init__(self, *, max_nodes: int = 20_000):
        self.max_nodes = max_nodes

    def __repr__(self) -> str:
        return f"Solver(max_nodes={self.max_nodes})"

    def choose(self, game: Game) -> Move:
        return self.analyse(game).move

    def analyse(self, game: Game) -> Analysis:
        started = time.perf_counter()
        moves = _removable(game)
        try:
            solution = solve(game.grid, max_nodes=self.max_nodes)
            verdict = "solved" if solution else "unsolvable"
        except SearchLimit:
            solution, verdict = None, "search limit"
        elapsed = time.perf_counter() - started
        first = Move(*solution[0]) if solution else None
        candidates = []
        for move, turns in zip(moves, _turns(game, moves), strict=True):
            starts = move == first
            candidates.append(Candidate(move, (100.0 if starts else 0.0) - turns,
                                        {"turns": turns, "solution": int(starts)}))
        candidates.sort(key=lambda c: -c.score)
        if solution:
            reason = f"it starts a sequence that clears all {game.tiles_left} tiles ({len(solution)} pairs)"
        elif verdict == "unsolvable":
            reason = "no sequence clears this position (proved); the pair with the fewest turns"
        else:
            reason = f"no full solution found within {self.max_nodes} positions; the pair with the fewest turns"
        return Analysis(
            player=self.name,
            move=candidates[0].move,
            candidates=tuple(candidates),
            reason=reason,
            stats={"depth": len(solution) if solution else None, "nodes": len(moves),
                   "time_ms": round(elapsed * 1000, 1), "verdict": verdict},
            pv=tuple(Move(*p) for p in solution) if solution else (),
        )


class RandomPlayer:
    """A removable pair drawn at random (``seed=`` replays the draws)."""

    name = "random"

    def __init__(self, *, seed: int | None = None):
        self.seed = seed
        self.rng = np.random.default_rng(seed)

    def __repr__(self) -> str:
        return f"RandomPlayer(seed={self.seed})"

    def choose(self, game: Game) -> Move:
        moves = _removable(game)
        return moves[int(self.rng.integers(len(moves)))]

    def analyse(self, game: Game) -> Analysis:
        started = time.perf_counter()
        moves = _removable(game)
        index = int(self.rng.integers(len(moves)))  # the same draw as choose()
        order = [index, *(i for i in range(len(moves)) if i != index)]  # the chosen one first
        turns = _turns(game, moves)
        elapsed = time.perf_counter() - started
        return Analysis(
            player=self.name,
            move=moves[index],
            candidates=tuple(Candidate(moves[i], 0.0, {"turns": turns[i]}) for i in order),
            reason=f"drawn at random among the {len(moves)} removable pairs (all rank equal)",
            stats={"depth": 1, "nodes": len(moves), "time_ms": round(elapsed * 1000, 3)},
        )


PLAYERS: dict[str, type[Solver] | type[RandomPlayer]] = {cls.name: cls for cls in (Solver, RandomPlayer)}
