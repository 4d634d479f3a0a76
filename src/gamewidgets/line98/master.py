"""Line 98's master player: the expert's look-ahead to shortlist, then rollouts.

``PLAYERS["master"](seed=1)``; keyword options only: ``budget`` (the moves its
rollouts may play in all, per decision, default 4,000: ``budget=`` scales its strength
and its time; 0: no rollouts, the expert's look-ahead alone), ``width`` (the
candidates the expert's look-ahead values, default 8), ``shortlist`` (how many of
those the rollouts compare, default 4), ``depth`` (the moves each rollout plays at
most, default 4), ``weights`` (the expert's :class:`~gamewidgets.line98.expert.Weights`),
``trace`` and ``trace_budget``. Its work is counted in moves played, not in time, so
its decisions do not depend on the machine: the same seed and game make the same
move anywhere, whether its rollouts run compiled (where numba is installed: ``pip
install "gamewidgets[fast]"``, several times faster) or with numpy
(:mod:`.rollouts_compiled`). ``benchmarks/line98_master.py`` prints its strength
against its budget; ``benchmarks/line98_crisis.py`` how often it gets out of a
crowded board.

What it knows is what a player sees: the board, the score and the previews shown. Every
future it imagines (a displaced preview's new cell, the previews drawn after a spawn,
the moves of a rollout) is drawn with its own seeded generator, never the game's.

How it decides:

1. **The expert's look-ahead** (:mod:`.expert`): every legal move valued a turn on,
   the ``width`` best looked at one move further. That is the whole decision where
   fewer than two candidates are left to compare (the others fill the board) or the
   budget is 0.
2. **Rollouts** among the ``shortlist`` best of those: from the position each move
   reaches (its clear, or its spawn; a displaced preview put on a free cell drawn at
   random), games are played on by a quick policy (:mod:`.rollouts`) with spawns drawn
   at random, for ``depth`` moves or until the board fills. A rollout is worth what
   the expert's valuation says of the board it ends on, the previews then shown put on
   (free cells, lines in the making, walled-in cells:
   :func:`~gamewidgets.line98.expert.static_value`), plus the
   points it scored on the way (the move's own included) at the expert's price, or
   the expert's ``lost`` value when the board filled.
3. **Successive halving**: the budget is shared between rounds (as many as it takes to
   halve the shortlist to one); each round plays the same number of rollouts of each
   candidate still in, and the better half by mean value goes on (the odd one out
   too: 3 become 2). The last one left is played.

Its analysis: every legal move, ranked by how far it got (the rollout rounds it took
part in, then the look-ahead) and then by its score. A candidate rolled out is worth
its rollouts' mean value, whose terms add up to it: ``free``, ``lines``, ``holes``
(the mean of each over the rollouts that ended alive, weighed), ``points`` (the mean
points, weighed) and ``lost`` (the share of rollouts that filled the board times the
``lost`` value); its facts: ``rollouts``, ``mean moves`` (moves survived in them),
``mean points``, ``lost rollouts``, ``round`` (the last round it played),
``look-ahead value`` and ``one-move value`` (the expert's). A candidate not rolled out
keeps the expert's terms and score with one more term, ``not rolled out``: what moves
it below every rolled-out candidate (the rolled-out ones' mean change from their
look-ahead value, and no higher than the lowest of them). Stats: ``depth`` (2, the
look-ahead, plus ``depth``), ``nodes`` (the expert's positions valued),
``rollouts``, ``rollout moves`` (moves its rollouts played), ``time_ms``.

Its search as a tree (``trace=True``): the expert's tree (every move; the replies of
the ones looked further at), and under each candidate rolled out a ``"sample"`` node
per rollout: its move a :class:`Rollout` (the position the rollout ended in, drawn with
the player's own generator; ``node.game()`` shows it), its score and terms the
rollout's value, its facts ``moves``, ``points``, ``lost`` and ``round``.

Choices where the rules leave a player in the dark, and what the measurements chose
(on games of experiment seeds other than 11, which the figures are reported on):

- The rollout policy is the expert's one-move valuation applied to the few moves its
  line-building worth ranks best (see :mod:`.rollouts`): about a tenth of a
  millisecond a move, and it survives about as long as the expert without its
  look-ahead.
- A rollout ends after ``depth`` moves and is valued there, rather than played to the
  end: the expert's valuation of a position a few moves on says more, for the same
  work, than whether a weaker player survives to the end from it. The position a
  rollout ends in is valued with the previews then shown put on the board (they come
  in on the next quiet move), as the expert values a move.
- What the measurements chose, on the first 6 games of experiment seed 5 (stopped at
  1,000 moves; budget 800; the expert survived a mean of 441 moves on them): valued
  without the previews, the mean moves survived were 441 at depth 2, 670 at 3, 435 at
  4, 680 at 5, 452 at 10 and 234 at 20; with the previews put on, 912 at depth 4 (5 of
  the 6 games reached the 1,000 moves). Six games tell depths 3 to 5 apart no better
  than chance; the previews made the difference.
- The same budget for every position: giving crowded ones more (twice below 30 free
  cells, four times below 20) was tried on the first 10 games of seed 5 (1,500-move
  cap): 9 games lost, one loss every 716 moves, against 8 lost, one every 1,169, with
  the same budget everywhere — no sign that it pays. Nor did a wider field: rolling
  out 8 of the look-ahead's 16 (width 16, shortlist 8) lost one game every 1,184 moves
  (7 lost), for a tenth more time; nor rollouts of 2 moves with the previews put on
  (one loss every 984 moves, 8 lost).
- More rollouts do not get it out of a crisis more often: on the 130 crises of
  ``benchmarks/line98_crisis.py --games 100`` (seed 7: positions of the expert's games
  with 20 free cells or fewer, played on until 40 are free again or the board fills),
  budget 800 got out of 35.4 % (the expert 25.4 %), 3,200 of 36.2 %, rolling out 8 of
  16 with 1,600 of 38.5 % (each within about 4 points), and rollouts of 8 moves (1,600)
  of only 29.2 %. Yet whole games live longer with them (the 8 games of seed 11, at
  most 2,000 moves: 638 moves at 800, 1,287 at 3,200): a bigger budget keeps it out
  of crises more than it gets it out of them.
- Other weights of the valuation got it out of no more crises: on the 54 crises of
  the expert's games ``Game(7_000_000)`` to ``Game(7_000_039)`` (the defaults: 42.6
  %), twice the free cells' weight 40.7 %; the walled-in cells' 2 (four times) 9.3 %,
  0.25 or 0 33.3 %; a line of 4 worth 5 instead of 3 35.2 %; points worth 1.2 22.2
  %, or 0.3 33.3 %.
- The default budget, 4,000, is the largest round one whose decisions take a median
  of at most 100 ms of one core with the rollouts compiled (88 ms on the 8 games of
  seed 11, on a 2-core machine; 3,200: 74 ms, 800: 33 ms). With numpy alone a
  decision takes about seven times as long (on 20 positions of random play: 554 ms
  at 4,000 against 81 compiled, 115 ms at 800): ``budget=800`` is the quick master
  there.
- Common random numbers: rollout ``j`` of every candidate draws the same random
  numbers at each step (the same spawn cells where the boards allow, the same
  colours, the same tie-breaks), so candidates are compared on alike futures.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..analysis import Analysis, Candidate, shown_number
from ..search import DEFAULT_BUDGET, SearchTree
from ..untrusted import integer
from .expert import CELLS, ExpertPlayer, Weights, _Decision, _what_it_does, static_value, window_sums
from .players import _move
from .rollouts import Rollouts
from .rules import PREVIEWS, SIZE, Game, Move, Preview

#: the rollout moves a decision plays unless told otherwise
DEFAULT_ROLLOUT_MOVES = 4000


@dataclass(frozen=True)
class Rollout:
    """A rollout of the master's search tree: the position it ended in (the board as
    81 colours, the previews then shown as (cell, colour) pairs) and the points its
    moves scored, drawn with the player's own generator. Played on a game
    (``node.game()``) it becomes that position, the points added to the score."""

    number: int
    board: tuple[int, ...]
    previews: tuple[tuple[int, int], ...]
    points: int = 0

    def __str__(self) -> str:
        return f"rollout {self.number}"


#: the terms of a rollout's value, in the order of ``_Trials.values``
_TERMS = ("free", "lines", "holes", "points", "lost")


@dataclass
class _Trials:
    """What the rollouts of one candidate found (one entry a rollout)."""

    values: list[np.ndarray] = field(default_factory=list)  # per round: (terms, rollouts) values
    moves: list[int] = field(default_factory=list)  # moves survived
    points: list[int] = field(default_factory=list)  # points scored, the candidate's own included
    lost: list[bool] = field(default_factory=list)  # the board filled
    ends: list[Rollout] = field(default_factory=list)  # the positions reached (kept for a search tree)

    @property
    def last_round(self) -> int:
        return len(self.values)

    def table(self) -> np.ndarray:
        """(terms, rollouts): every rollout's value, term by term."""
        return np.concatenate(self.values, axis=1)

    def mean(self) -> float:
        return float(self.table().sum(axis=0).mean())

    def mean_terms(self) -> dict[str, float]:
        return dict(zip(_TERMS, (float(v) for v in self.table().mean(axis=1)), strict=True))

    def facts(self) -> dict[str, Any]:
        return {"rollouts": len(self.moves), "mean moves": float(np.mean(self.moves)),
                "mean points": float(np.mean(self.points)), "lost rollouts": int(sum(self.lost)),
                "round": self.last_round}


class MasterPlayer(ExpertPlayer):
    """The expert's look-ahead, then rollouts with successive halving among the best
    few (see the module docstring)."""

    name: str = "master"

    def __init__(self, *, seed: int | None = None, budget: int = DEFAULT_ROLLOUT_MOVES, width: int = 8,
                 shortlist: int = 4, depth: int = 4, weights: Weights | None = None, trace: bool = False,
                 trace_budget: int = DEFAULT_BUDGET):
        super().__init__(seed=seed, width=width, weights=weights, trace=trace, trace_budget=trace_budget)
        self.budget = integer(budget, "budget (rollout moves a decision)", 0, error=ValueError)
        self.shortlist = integer(shortlist, "shortlist (candidates the rollouts compare)", 1, error=ValueError)
        self.depth = integer(depth, "depth (moves a rollout plays)", 1, error=ValueError)

    def __repr__(self) -> str:
        return (f"MasterPlayer(seed={self.seed}, budget={self.budget}, width={self.width}, "
                f"shortlist={self.shortlist}, depth={self.depth}{self._tracing()})")

    @staticmethod
    def play_in_tree(game: Game, move: Any) -> None:
        """Plays one of the search tree's moves on ``game``: the expert's, or a
        :class:`Rollout`, which puts the position it ended in on the game."""
        if not isinstance(move, Rollout):
            ExpertPlayer.play_in_tree(game, move)
            return
        game.board = np.array(move.board, dtype=game.board.dtype).reshape(SIZE, SIZE)
        game.score += move.points
        game.previews = tuple(Preview(*divmod(cell, SIZE), colour) for cell, colour in move.previews)
        game._over = not (game.board == 0).any()

    def choose(self, game: Game) -> Move:
        """The move this player plays in ``game``."""
        d, _, index = self._decide_all(game)
        return _move(d.figures, index)

    def analyse(self, game: Game, *, trace: bool | None = None, budget: int | None = None) -> Analysis:
        """The move this player plays, every candidate with its terms, and why; with
        ``trace`` (default: the player's ``trace``) its search as ``analysis.tree`` (at
        most ``budget`` nodes, default its ``trace_budget``: the tree's budget, not the
        player's; see the module docstring)."""
        started = time.perf_counter()
        tree = self._new_tree(game, trace, budget)
        d, trials, index = self._decide_all(game, tree)
        score, terms, facts = self._scores(d, trials)
        reached = np.array([trials[i].last_round if i in trials else 0 for i in range(len(score))])
        searched = ~np.isnan(d.ahead)
        order = np.lexsort((np.arange(len(score)), -score, ~searched, -reached))
        order = np.concatenate(([index], order[order != index]))
        move = _move(d.figures, index)
        if tree is not None:
            self._fill_tree(tree, d, (move,) if d.replies.get(index) is None else (move, d.replies[index]))
            self._fill_rollouts(tree, d, trials, score, terms, facts, index)
        return Analysis(
            player=self.name, move=move,
            candidates=tuple(Candidate.of(_move(d.figures, i), terms[i], facts[i]) for i in order),
            reason=self._explain_rollouts(d, trials, index, order, score),
            stats={"depth": (2 if searched.any() else 1) + (self.depth if trials else 0), "nodes": d.nodes,
                   "rollouts": sum(len(t.moves) for t in trials.values()),
                   "rollout moves": sum(sum(t.moves) for t in trials.values()),
                   "time_ms": round((time.perf_counter() - started) * 1000, 3)},
            pv=(move,), tree=tree,
        )

    # ------------------------------------------------------------------ search
    def _decide_all(self, game: Game, tree: SearchTree | None = None) -> tuple[_Decision, dict[int, _Trials], int]:
        """The expert's decision, the rollouts of the candidates it left (by move index),
        and the move chosen."""
        d = self._decide(game, tree)
        searched = np.flatnonzero(~np.isnan(d.ahead))
        ranked = searched[np.lexsort((searched, -d.score[searched]))]
        alive = [int(i) for i in ranked[: self.shortlist] if (d.first.boards[i] == 0).any()]  # (full: lost)
        if len(alive) < 2 or not self.budget:
            return d, {}, d.index
        trials = {i: _Trials() for i in alive}
        rounds = int(np.ceil(np.log2(len(alive))))
        for _ in range(rounds):
            each = max(1, self.budget // (rounds * len(alive) * self.depth))
            self._roll(game, d, alive, each, trials, keep_ends=tree is not None)
            alive = sorted(alive, key=lambda i: (-trials[i].mean(), i))[: (len(alive) + 1) // 2]
        return d, trials, alive[0]

    def _roll(self, game: Game, d: _Decision, alive: list[int], each: int, trials: dict[int, _Trials], *,
              keep_ends: bool) -> None:
        """``each`` rollouts of every candidate in ``alive``, played at once: from the
        position the candidate reaches (see the module docstring), ``depth`` moves of
        the policy, valued where they end."""
        w = self.weights
        which = np.repeat(np.array(alive), each)
        rollouts = self._started(game, d, which, np.tile(np.arange(each), len(alive)))
        for _ in range(self.depth):
            if not rollouts.alive.any():
                break
            rollouts.step()
        ended = np.concatenate([rollouts.boards, np.zeros((len(which), 1), dtype=np.int8)], axis=1)
        np.put_along_axis(ended, rollouts.previews, rollouts.colours, axis=1)  # valued with its previews in
        ended = ended[:, :CELLS]
        board_terms = static_value(ended, window_sums(ended), w, self._table)
        alive_end = rollouts.alive
        scored = d.first.points[which] + rollouts.points
        values = np.stack([
            np.where(alive_end, w.empty * board_terms["free"], 0.0),
            np.where(alive_end, board_terms["lines"], 0.0),
            np.where(alive_end, -w.hole * board_terms["holes"], 0.0),
            np.where(alive_end, w.points * scored, 0.0),
            np.where(alive_end, 0.0, w.lost),
        ])
        for k, i in enumerate(alive):
            part = slice(k * each, (k + 1) * each)
            found = trials[i]
            found.values.append(values[:, part])
            found.moves.extend(rollouts.moves[part].tolist())
            found.points.extend(scored[part].tolist())
            found.lost.extend((~alive_end[part]).tolist())
            for r in range(part.start, part.stop) if keep_ends else ():
                shown = zip(rollouts.previews[r].tolist(), rollouts.colours[r].tolist(), strict=True)
                found.ends.append(Rollout(len(found.ends) + 1, tuple(rollouts.boards[r].tolist()),
                                          tuple((cell, colour) for cell, colour in shown if cell < CELLS),
                                          int(rollouts.points[r])))

    def _started(self, game: Game, d: _Decision, which: np.ndarray, stream: np.ndarray) -> Rollouts:
        """A rollout from the position each move ``which[i]`` reaches, on random stream
        ``stream[i]``: its clear (the previews shown still to come), or its spawn (the
        next previews drawn); a preview the ball stopped on goes to a free cell drawn at
        random, and comes in with the spawn."""
        count = len(which)
        boards = d.first.boards[which].astype(np.int8)
        cells = np.full((count, PREVIEWS), CELLS, dtype=np.intp)
        colours = np.zeros((count, PREVIEWS), dtype=np.int8)
        for slot, preview in enumerate(game.previews):
            cells[:, slot], colours[:, slot] = preview.row * SIZE + preview.col, preview.colour
        rollouts = Rollouts.start(boards, cells, colours, self.rng, stream)
        landed = cells == d.figures["target"][which][:, None]  # the ball stopped on that preview
        hit = np.flatnonzero(landed.any(axis=1))
        rollouts.displace(hit, landed[hit].argmax(axis=1))
        quiet = np.flatnonzero(d.first.quiet[which] | ~boards.any(axis=1))  # the shown previews came in
        rollouts.previews[quiet] = np.where(landed[quiet], rollouts.previews[quiet], CELLS)
        rollouts.colours[quiet] = np.where(landed[quiet], rollouts.colours[quiet], 0)
        rollouts.come_in(quiet)  # the displaced one, if any; then the next previews are drawn
        rollouts.points[:] = 0
        rollouts.alive = (rollouts.boards == 0).any(axis=1)
        return rollouts

    # ------------------------------------------------------------ explanation
    def _scores(self, d: _Decision, trials: dict[int, _Trials]) -> tuple[np.ndarray, list[dict[str, float]],
                                                                         list[dict[str, Any]]]:
        """Every move's score, terms and facts (see the module docstring)."""
        n = len(d.score)
        terms: list[dict[str, float]] = [self._points(d, i) for i in range(n)]
        facts: list[dict[str, Any]] = [{**self._facts(d, i), "one-move value": float(d.value[i]),
                                        "look-ahead value": float(d.score[i])} for i in range(n)]
        score = d.score.astype(float).copy()
        if not trials:
            return score, terms, facts
        for i, found in trials.items():
            terms[i] = found.mean_terms()
            score[i] = math.fsum(terms[i].values())
            facts[i].update(found.facts())
        gain = float(np.mean([score[i] - d.score[i] for i in trials]))
        floor = min(score[i] for i in trials)
        for i in range(n):
            if i not in trials:  # below every move rolled out
                terms[i]["not rolled out"] = min(float(d.score[i]) + gain, floor) - float(d.score[i])
                score[i] = math.fsum(terms[i].values())
        return score, terms, facts

    def _fill_rollouts(self, tree: SearchTree, d: _Decision, trials: dict[int, _Trials], score: np.ndarray,
                       terms: list[dict[str, float]], facts: list[dict[str, Any]], index: int) -> None:
        """The master's scores on the expert's tree, and each rollout as a sample node."""
        assert d.recorded is not None
        tree.update(tree.root, score=float(score[index]))
        for i, node in enumerate(d.recorded):
            if node is None:
                continue
            tree.update(node, score=float(score[i]), terms=terms[i], facts={**node.facts, **facts[i]})
            if i not in trials:
                continue
            found = trials[i]
            rounds = [r for r, part in enumerate(found.values, start=1) for _ in range(part.shape[1])]
            for j, (end, column) in enumerate(zip(found.ends, found.table().T, strict=True)):
                parts = {name: float(v) for name, v in zip(_TERMS, column, strict=True) if v}
                if tree.add(node, end, kind="sample", score=math.fsum(parts.values()), depth=0, terms=parts,
                            facts={"moves": found.moves[j], "points": found.points[j], "lost": found.lost[j],
                                   "round": rounds[j]}) is None:
                    return

    def _explain_rollouts(self, d: _Decision, trials: dict[int, _Trials], index: int, order: np.ndarray,
                score: np.ndarray) -> str:
        if not trials:
            return self._explain(d, order)
        found = trials[index]
        text = (_what_it_does(d, index) + f"; over {len(found.moves)} rollouts of up to {self.depth} moves it "
                f"survived {shown_number(float(np.mean(found.moves)))} moves on average ({sum(found.lost)} filled "
                f"the board), scoring {shown_number(float(np.mean(found.points)))} points: worth "
                f"{shown_number(float(score[index]))}")
        others = [i for i in trials if i != index]
        runner = max(others, key=lambda i: (trials[i].last_round, score[i]))
        return text + (f" — {shown_number(float(score[index] - score[runner]))} more than {_move(d.figures, runner)}, "
                       f"the best of the {len(others)} other moves it rolled out")


__all__ = ["DEFAULT_ROLLOUT_MOVES", "MasterPlayer", "Rollout"]
