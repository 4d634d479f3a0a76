"""The computer players of Line 98: the four strategies of the rule book, and an expert.

1. ``random`` — a random legal move.
2. ``clear-first`` — if some move clears a line, play it; otherwise a random move.
3. ``build`` — the move that makes the longest same-colour run through the moved
   ball; when that run is long enough to clear (5+), that clears at once.
4. ``greedy-long`` — as *build*, but never clear a run of exactly 5: hold it and wait
   for a longer one; clear a 5 only when no move can extend any run.
5. ``expert`` — values every move after its spawn (free cells, lines of one colour in
   the making) and looks one move further at the best few: :mod:`.expert`.
6. ``master`` — the expert's look-ahead to shortlist, then rollouts (games played on
   with spawns it draws itself) to choose among the best few: :mod:`.master`. The
   strongest, about four times the expert's time a move.

``PLAYERS`` (also ``gamewidgets.line98.PLAYERS``) maps each name to its class. A
player is made with keyword options only: ``PLAYERS["build"](seed=1)`` (``seed``
— None draws one — and the search tree's ``trace`` and ``trace_budget`` are the
options of the four; the expert has a few more). Every player has ``choose(game) ->
Move`` and ``analyse(game, *, trace=None, budget=None) -> Analysis`` (see
:mod:`gamewidgets.analysis`), taking the
:class:`~gamewidgets.line98.Game`; both rank the same figures, so
``analyse(game).move`` is what ``choose(game)`` plays from the same random state; on
a finished game both raise :class:`~gamewidgets.errors.GameOver`. Ties are broken by
the player's own seeded ``numpy.random.Generator`` — the game's random stream is left
alone, so the same game seed gives the same spawns whoever plays.

How the figures are made (all legal moves at once, with numpy):

- **run**: the longest line of balls of the moved ball's colour through its target
  after the move, over the four directions (the ball it left behind does not count).
- **cleared**: the balls that move would remove (all its lines of 5+, pooled);
  **points**: what that clear scores.

The search as a tree: made with ``trace=True`` (and ``trace_budget``, the nodes it
records at most), or asked for once with ``analyse(game, trace=True, budget=...)``,
a player's analysis holds ``analysis.tree`` (:class:`gamewidgets.search.SearchTree`;
None without it, and then nothing is recorded). The four simple players look one
move ahead and no further: their tree is the root (the position analysed, its score
the chosen move's) and every legal move under it, in the order of
``game.legal_moves()``, as a ``"leaf"``
node with the move's rank as its score, its terms and facts as in the analysis; the
chosen one is marked (``on_pv``). The expert's is deeper (see :mod:`.expert`). A
tree keeps what the player sees and no more: its root is ``game.view()`` (the
board, the score and the previews shown, never the game's own random stream), and
``node.game()`` plays the tree's moves as a player foresees them
(:func:`play_as_foreseen`): a preview the ball lands on is taken off (the rules
move it to a cell drawn at random: nobody knows which), and after a spawn no new
previews are shown (they are still to be drawn).

Choices where the rule book is silent:

- clear-first picks among the clearing moves at random (it is "simple"); no
  preference for bigger clears.
- greedy-long: a move that would clear exactly 5 ranks below every move that makes a
  run of 2 or more without clearing 5 ("extends a run"), and above moves that make a
  run of 1; clears of 6+ rank by their run like any other move. So it clears a 5 only
  when no move can extend any run.
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from ..analysis import Analysis, Candidate
from ..errors import GameOver
from ..search import DEFAULT_BUDGET, SearchTree, one_move_tree, trace_options
from .rules import DIRECTIONS, LINE, SIZE, Game, Move, points

_PAD = SIZE - 1  # a run can reach at most 8 cells away


def evaluate(game: Game) -> dict[str, np.ndarray]:
    """Figures of every legal move: arrays ``source``, ``target`` (flat indices),
    ``colour``, ``run``, ``cleared``, ``points``, one entry per legal move."""
    pairs = game.legal_move_array()
    source, target = pairs[:, 0], pairs[:, 1]
    flat = game.board.ravel()
    colour = flat[source].astype(np.intp)
    n = len(source)
    if not n:
        empty = np.empty(0, dtype=np.intp)
        return {"source": empty, "target": empty, "colour": empty, "run": empty, "cleared": empty, "points": empty}
    padded = np.zeros((SIZE + 2 * _PAD, SIZE + 2 * _PAD), dtype=np.int8)
    padded[_PAD:-_PAD, _PAD:-_PAD] = game.board
    colours = np.arange(1, 8, dtype=np.int8)[:, None, None]
    same = padded[None] == colours  # (7, 25, 25): where each colour's balls are
    t_row, t_col = np.divmod(target, SIZE)
    s_row, s_col = np.divmod(source, SIZE)
    d_row, d_col = s_row - t_row, s_col - t_col  # from the target to the source
    runs = np.empty((4, n), dtype=np.intp)
    for index, (dr, dc) in enumerate(DIRECTIONS):
        total = np.ones(n, dtype=np.intp)
        # is the source on this line through the target, and how far, on which side?
        if dr == 0:
            on_line, steps, side = d_row == 0, np.abs(d_col), np.sign(d_col)
        elif dc == 0:
            on_line, steps, side = d_col == 0, np.abs(d_row), np.sign(d_row)
        else:
            on_line = d_row == d_col * dr * dc
            steps, side = np.abs(d_row), np.sign(d_row)
        for sign in (1, -1):
            count = _contiguous(same, dr * sign, dc * sign)[colour - 1, t_row, t_col]
            # the moved ball leaves its cell: a run on its side stops just before it
            cut = on_line & (side == sign) & (steps <= count)
            total += np.where(cut, steps - 1, count)
        runs[index] = total
    run = runs.max(axis=0)
    lines = runs >= LINE
    cleared = np.where(lines.any(axis=0), 1 + ((runs - 1) * lines).sum(axis=0), 0)
    return {"source": source, "target": target, "colour": colour, "run": run, "cleared": cleared,
            "points": points(cleared)}


def _contiguous(same: np.ndarray, dr: int, dc: int) -> np.ndarray:
    """For each colour and cell: how many balls of that colour follow it without a
    gap in direction (dr, dc). Shape (7, 9, 9)."""
    count = np.zeros((same.shape[0], SIZE, SIZE), dtype=np.intp)
    alive = np.ones((same.shape[0], SIZE, SIZE), dtype=bool)
    for step in range(1, SIZE):
        r0, c0 = _PAD + step * dr, _PAD + step * dc
        alive &= same[:, r0 : r0 + SIZE, c0 : c0 + SIZE]
        if not alive.any():
            break
        count += alive
    return count


class Player:
    """Base of the Line 98 players: ranking by ``_rank`` keys, seeded tie-breaks. In
    an analysis a candidate's terms make its rank (``_terms``); the figures of the move
    (``run``, ``cleared``, ``points``) are its facts, where they are not a term."""

    name = ""
    #: the figures each candidate shows, in the analysis table (as facts)
    facts: tuple[str, ...] = ("run", "cleared", "points")

    def __init__(self, *, seed: int | None = None, trace: bool = False, trace_budget: int = DEFAULT_BUDGET):
        self.seed = seed
        self.rng = np.random.default_rng(seed)
        #: record the decision as ``analysis.tree`` unless ``analyse`` is told otherwise
        self.trace, self.trace_budget = trace_options(trace, trace_budget)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed}{self._tracing()})"

    def _tracing(self) -> str:
        """The trace options for a repr, where they are not the defaults."""
        return (f", trace={self.trace}" if self.trace else "") + (
            f", trace_budget={self.trace_budget}" if self.trace_budget != DEFAULT_BUDGET else "")

    @staticmethod
    def play_in_tree(game: Game, move: Any) -> None:
        """Plays one of the tree's moves on ``game``, for ``node.game()``: a function of
        the game and the move alone (the tree holds no player)."""
        play_as_foreseen(game, move)

    def _new_tree(self, game: Game, trace: bool | None, budget: int | None) -> SearchTree | None:
        """The tree to record the decision in (None: not asked to): its root is what the
        player sees of ``game`` (see the module docstring)."""
        if not (self.trace if trace is None else trace):
            return None
        return SearchTree(game.view(), budget=self.trace_budget if budget is None else budget,
                          play=type(self).play_in_tree)

    def _rank(self, figures: dict[str, np.ndarray]) -> np.ndarray:
        """A number per move; the player plays one of the highest."""
        raise NotImplementedError

    def _reason(self, figures: dict[str, np.ndarray], index: int, ties: int) -> str:
        raise NotImplementedError

    def _terms(self, figures: dict[str, np.ndarray], rank: np.ndarray, index: int) -> dict[str, float]:
        """The terms that add up to move ``index``'s rank (what the analysis shows)."""
        raise NotImplementedError

    def _pick(self, game: Game) -> tuple[dict[str, np.ndarray], np.ndarray, int, int]:
        figures = evaluate(game)
        if not len(figures["source"]):
            raise GameOver("the game is over: there is no move to choose")
        rank = self._rank(figures)
        best = np.flatnonzero(rank == rank.max())
        index = int(best[self.rng.integers(len(best))]) if len(best) > 1 else int(best[0])
        return figures, rank, index, len(best)

    def choose(self, game: Game) -> Move:
        """The move this player plays in ``game``."""
        figures, _, index, _ = self._pick(game)
        return _move(figures, index)

    def analyse(self, game: Game, *, trace: bool | None = None, budget: int | None = None) -> Analysis:
        """The move this player plays, with every candidate and why it won; with
        ``trace`` (default: the player's ``trace``) every move it ranked as
        ``analysis.tree`` (at most ``budget`` nodes, default its ``trace_budget``; see
        the module docstring)."""
        started = time.perf_counter()
        figures, rank, index, ties = self._pick(game)
        elapsed = time.perf_counter() - started
        order = np.lexsort((np.arange(len(rank)), -rank))  # best first, then board order
        order = np.concatenate(([index], order[order != index]))  # the chosen one leads its tie
        candidates = tuple(
            Candidate(_move(figures, i), float(rank[i]), (terms := self._terms(figures, rank, i)),
                      {t: int(figures[t][i]) for t in self.facts if t not in terms})
            for i in order
        )
        move = _move(figures, index)
        tree = None
        if self.trace if trace is None else trace:
            ranked = dict(zip(order.tolist(), candidates, strict=True))
            tree = one_move_tree(game.view(), [ranked[i] for i in range(len(rank))], move,  # legal_moves()' order
                                 budget=self.trace_budget if budget is None else budget, play=type(self).play_in_tree)
            tree.update(tree.root, depth=1)
        return Analysis(
            player=self.name,
            move=move,
            candidates=candidates,
            reason=self._reason(figures, index, ties),
            stats={"depth": 1, "nodes": len(rank), "time_ms": round(elapsed * 1000, 3)},
            tree=tree,
        )


def play_as_foreseen(game: Game, move: Move) -> None:
    """Plays ``move`` on ``game`` as a player foresees the turn: a preview the ball
    lands on is taken off first (the rules move it to a cell drawn at random, which
    nobody can foresee), and the previews drawn after a spawn are taken off too (they
    are not known yet). What a search tree's ``node.game()`` plays."""
    landed = game.preview_at(move.target)
    if landed is not None:
        game.previews = tuple(p for p in game.previews if p is not landed)
    shown = game.previews
    result = game.play(move)
    if result.spawned or not shown:  # they came in (or none were shown): the ones drawn now are unknown
        game.previews = ()


def _move(figures: dict[str, np.ndarray], index: int) -> Move:
    return Move(divmod(int(figures["source"][index]), SIZE), divmod(int(figures["target"][index]), SIZE))


def _tie_note(ties: int) -> str:
    return f"; drawn at random among {ties} equal moves" if ties > 1 else ""


class RandomPlayer(Player):
    """A random legal move."""

    name = "random"

    def _rank(self, figures: dict[str, np.ndarray]) -> np.ndarray:
        return np.zeros(len(figures["source"]))

    def _terms(self, figures: dict[str, np.ndarray], rank: np.ndarray, index: int) -> dict[str, float]:
        return {"random": 0.0}

    def _reason(self, figures: dict[str, np.ndarray], index: int, ties: int) -> str:
        return f"a random legal move (all {ties} rank equal)"


class ClearFirstPlayer(Player):
    """If some move clears a line, play it; otherwise a random move."""

    name = "clear-first"

    def _rank(self, figures: dict[str, np.ndarray]) -> np.ndarray:
        return (figures["cleared"] > 0).astype(float)

    def _terms(self, figures: dict[str, np.ndarray], rank: np.ndarray, index: int) -> dict[str, float]:
        return {"clears": float(rank[index])}

    def _reason(self, figures: dict[str, np.ndarray], index: int, ties: int) -> str:
        if figures["cleared"][index]:
            return (f"it clears {figures['cleared'][index]} balls for {figures['points'][index]} points"
                    + _tie_note(ties))
        return "no move clears a line, so a random move" + _tie_note(ties)


class BuildPlayer(Player):
    """The move that makes the longest same-colour run; a run of 5+ clears at once."""

    name = "build"

    def _rank(self, figures: dict[str, np.ndarray]) -> np.ndarray:
        return figures["run"].astype(float)

    def _terms(self, figures: dict[str, np.ndarray], rank: np.ndarray, index: int) -> dict[str, float]:
        return {"run": float(figures["run"][index])}

    def _reason(self, figures: dict[str, np.ndarray], index: int, ties: int) -> str:
        run = int(figures["run"][index])
        if figures["cleared"][index]:
            text = f"it makes a run of {run}, long enough to clear {figures['cleared'][index]} balls at once"
        else:
            text = f"it makes the longest run: {run} of one colour through the moved ball"
        return text + _tie_note(ties)


class GreedyLongPlayer(Player):
    """As build, but holds a run of 5 (never clears exactly 5) while any move can
    extend a run; clears of 6+ are taken like any long run."""

    name = "greedy-long"
    HELD_FIVE = 1.5  # below any run of 2+, above a move that makes no run

    def _rank(self, figures: dict[str, np.ndarray]) -> np.ndarray:
        run = figures["run"].astype(float)
        return np.where(figures["cleared"] == LINE, self.HELD_FIVE, run)

    def _terms(self, figures: dict[str, np.ndarray], rank: np.ndarray, index: int) -> dict[str, float]:
        run = float(figures["run"][index])
        if figures["cleared"][index] == LINE:  # held: ranked below every run of 2+
            return {"run": run, "held five": self.HELD_FIVE - run}
        return {"run": run}

    def _reason(self, figures: dict[str, np.ndarray], index: int, ties: int) -> str:
        run, cleared = int(figures["run"][index]), int(figures["cleared"][index])
        if cleared == LINE:
            text = "no move extends a run, so it clears the five it was holding"
        elif cleared:
            text = f"it makes a run of {run}: a long clear of {cleared} balls"
        else:
            fives = int((figures["cleared"] == LINE).sum())
            text = f"it makes the longest run: {run}"
            if fives:
                text += f" (holding {fives} move(s) that would clear exactly 5, waiting for longer)"
        return text + _tie_note(ties)


# here, not at the top: the expert and the master build on Player and evaluate() above
from .expert import ExpertPlayer  # noqa: E402
from .master import MasterPlayer  # noqa: E402

PLAYERS: dict[str, type[Player]] = {
    cls.name: cls
    for cls in (RandomPlayer, ClearFirstPlayer, BuildPlayer, GreedyLongPlayer, ExpertPlayer, MasterPlayer)
}


def play_game(player: Player, seed: int) -> Game:
    """Let ``player`` play game ``seed`` to the end (the one game loop,
    :func:`gamewidgets.playing.play`: the player sees what a player sees); returns the
    finished game."""
    from ..playing import play

    return play("line98", {"seed": seed}, [player]).game
