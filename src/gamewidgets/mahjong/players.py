"""The computer players of Mahjong Connect: ``PLAYERS`` (name -> class).

Every player takes the :class:`~gamewidgets.mahjong.Game` itself: ``choose(game)`` is
the pair it removes, ``analyse(game)`` the same choice explained as an
:class:`~gamewidgets.analysis.Analysis` — every removable pair is a candidate, with the
turns of its path (the fact ``path turns``). Players are made with keyword options
only; the random one takes ``seed=`` (its choices come from its own
``numpy.random.Generator``, so a seed replays them). In a position where no pair can be
removed (cleared, or stuck) both raise :class:`~gamewidgets.errors.GameOver`: a shuffle
is the player's own decision (``game.shuffle()``), not a move of a computer player.

- ``"solver"`` (:class:`Solver`): the first pair of a full clearing sequence
  (:func:`~gamewidgets.mahjong.deal.solve`, at most ``max_nodes`` positions); without a
  sequence (none exists, or the search gave up) the pair with the fewest turns.
  Deterministic. It keeps the sequence it found and plays on from it while the grid
  is the one the sequence leads to (``watch("solver", moves=72)`` solves once).
  ``analyse`` also tells, for every removable pair, whether the position after it
  can still be cleared (``pair_safety``): **safe** (a clearing sequence exists, found),
  **dead end** (proved: none) or **unknown** (no answer within ``safety_nodes``
  positions) — the fact ``safe`` (1, -1, 0; ``solution`` 1 for the sequence's first
  pair) and ``stats["safety"]``. Scores, as two terms that add up to them: ``plan``
  100 for the sequence's first pair, 50 a safe pair, 0 unknown, -100 a dead end, and
  ``turns``, less one per turn of its path.
  ``trace=True`` (an option, or ``analyse(game, trace=True)``) records the clearing
  search as ``analysis.tree`` (:mod:`gamewidgets.search`): each pair removed is a
  node, a pair that had to be removed "forced", a position proved hopeless a "dead
  end", one seen before a "transposition", the cleared board "terminal"; the
  sequence found is the marked line.
- ``"random"`` (:class:`RandomPlayer`): a removable pair drawn uniformly; every
  candidate scores 0 (the one term ``random``).
"""

from __future__ import annotations

import time

import numpy as np

from ..analysis import Analysis, Candidate
from ..errors import GameOver
from ..search import DEFAULT_BUDGET, SearchTree, one_move_tree, trace_options
from .connect import find_paths
from .deal import DEAD_END, SAFE, SAFETY_TERM, UNKNOWN, Pair, SearchLimit, pair_safety, solve
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


#: the ``plan`` term of a pair that does not start the solution (which gets 100)
SAFETY_SCORE = {SAFE: 50.0, UNKNOWN: 0.0, DEAD_END: -100.0}


class Solver:
    """The solver as a player: it plays the first pair of a full clearing sequence,
    and explains it (every removable pair, which of them the sequence starts with,
    which are safe and which are dead ends)."""

    name = "solver"

    def __init__(self, *, max_nodes: int = 20_000, safety_nodes: int = 2_000, trace: bool = False,
                 trace_budget: int = DEFAULT_BUDGET):
        self.max_nodes = max_nodes
        self.safety_nodes = safety_nodes
        self.trace, self.trace_budget = trace_options(trace, trace_budget)
        self._plans: dict[bytes, list[Pair]] = {}  # grid -> the rest of a clearing sequence of it

    def __repr__(self) -> str:
        return f"Solver(max_nodes={self.max_nodes}, safety_nodes={self.safety_nodes})"

    def choose(self, game: Game) -> Move:
        """The pair this player removes in ``game``: the first of a clearing sequence, else the
        one with the fewest turns; GameOver when no pair can be removed."""
        moves = _removable(game)
        solution, _ = self._solution(game)
        if solution:
            return Move(*solution[0])
        return min(zip(_turns(game, moves), range(len(moves)), moves, strict=True))[2]

    def _solution(self, game: Game, tree: SearchTree | None = None) -> tuple[list[Pair] | None, str]:
        """A clearing sequence of the position (the one kept, while it applies: not when
        the search is to be recorded in ``tree``) and the verdict."""
        key = game.grid.tobytes()
        if key in self._plans and tree is None:
            return self._plans[key], "solved"
        try:
            solution = solve(game.grid, max_nodes=self.max_nodes, tree=tree, move_of=lambda pair: Move(*pair))
        except SearchLimit:
            return None, "search limit"
        if solution is None:
            return None, "unsolvable"
        self._plans.clear()  # a sequence of another position: not needed any more
        grid = game.grid.copy()
        for i, (a, b) in enumerate(solution):
            self._plans[grid.tobytes()] = solution[i:]
            grid[a] = grid[b] = 0
        return solution, "solved"

    def analyse(self, game: Game, *, trace: bool | None = None, budget: int | None = None) -> Analysis:
        """Every removable pair as a candidate, scored ``plan`` + ``turns`` (see the module
        docstring), best first, with its safety; GameOver when no pair can be removed.
        ``trace=True`` (None: the player's own ``trace``): the clearing search as
        ``analysis.tree`` (at most ``budget`` nodes, None: ``trace_budget``; see
        :func:`~gamewidgets.mahjong.deal.solve`), its sequence marked."""
        started = time.perf_counter()
        moves = _removable(game)
        traced = self.trace if trace is None else trace
        budget = self.trace_budget if budget is None else budget
        tree = SearchTree(game, budget=budget, play=lambda g, move: g.play(move)) if traced else None
        solution, verdict = self._solution(game, tree)
        if tree is not None and solution:
            tree.mark_line([Move(*pair) for pair in solution])
        first = Move(*solution[0]) if solution else None
        known = [solution] if solution else []
        candidates, safety = [], {}
        for move, turns in zip(moves, _turns(game, moves), strict=True):
            starts = move == first
            if starts or verdict == "unsolvable":
                safe = SAFE if starts else DEAD_END  # no pair of an unsolvable position is safe
            else:
                safe, rest = pair_safety(game.grid, (move.a, move.b), known[-2:], self.safety_nodes)
                if rest is not None:
                    known.append([(move.a, move.b), *rest])
            safety[str(move)] = safe
            candidates.append(Candidate.of(
                move, {"plan": 100.0 if starts else SAFETY_SCORE[safe], "turns": -float(turns)},
                {"path turns": turns, "solution": int(starts), "safe": SAFETY_TERM[safe]}))
        candidates.sort(key=lambda c: -c.score)
        counts = {kind: list(safety.values()).count(kind) for kind in (SAFE, DEAD_END, UNKNOWN)}
        if solution:
            reason = f"it starts a sequence that clears all {game.tiles_left} tiles ({len(solution)} pairs)"
        elif verdict == "unsolvable":
            reason = "no sequence clears this position (proved); the pair with the fewest turns"
        else:
            reason = f"no full solution found within {self.max_nodes} positions; the best pair known"
        reason += f"; of {len(moves)} removable pairs {counts[SAFE]} safe, {counts[DEAD_END]} dead ends"
        if counts[UNKNOWN]:
            reason += f", {counts[UNKNOWN]} unknown"
        elapsed = time.perf_counter() - started
        return Analysis(
            player=self.name,
            move=candidates[0].move,
            candidates=tuple(candidates),
            reason=reason,
            stats={"depth": len(solution) if solution else None, "nodes": len(moves),
                   "time_ms": round(elapsed * 1000, 1), "verdict": verdict, "safety": safety},
            pv=tuple(Move(*p) for p in solution) if solution else (),
            tree=tree,
        )


class RandomPlayer:
    """A removable pair drawn at random (``seed=`` replays the draws)."""

    name = "random"

    def __init__(self, *, seed: int | None = None, trace: bool = False, trace_budget: int = DEFAULT_BUDGET):
        self.seed = seed
        self.rng = np.random.default_rng(seed)
        self.trace, self.trace_budget = trace_options(trace, trace_budget)

    def __repr__(self) -> str:
        return f"RandomPlayer(seed={self.seed})"

    def choose(self, game: Game) -> Move:
        """A removable pair of ``game``, drawn at random; GameOver when no pair can be removed."""
        moves = _removable(game)
        return moves[int(self.rng.integers(len(moves)))]

    def analyse(self, game: Game, *, trace: bool | None = None, budget: int | None = None) -> Analysis:
        """A pair drawn as :meth:`choose` draws it, every removable pair a candidate scoring 0
        (the chosen one first); GameOver when no pair can be removed. ``trace=True``
        (None: the player's own): ``analysis.tree`` is the root and a leaf per pair."""
        started = time.perf_counter()
        moves = _removable(game)
        index = int(self.rng.integers(len(moves)))  # the same draw as choose()
        order = [index, *(i for i in range(len(moves)) if i != index)]  # the chosen one first
        turns = _turns(game, moves)
        candidates = tuple(Candidate(moves[i], 0.0, {"random": 0.0}, {"path turns": turns[i]}) for i in order)
        traced = self.trace if trace is None else trace
        budget = self.trace_budget if budget is None else budget
        tree = one_move_tree(game, candidates, moves[index], budget=budget) if traced else None
        elapsed = time.perf_counter() - started
        return Analysis(
            player=self.name,
            move=moves[index],
            candidates=candidates,
            reason=f"drawn at random among the {len(moves)} removable pairs (all rank equal)",
            stats={"depth": 1, "nodes": len(moves), "time_ms": round(elapsed * 1000, 3)},
            tree=tree,
        )


PLAYERS: dict[str, type[Solver] | type[RandomPlayer]] = {cls.name: cls for cls in (Solver, RandomPlayer)}
