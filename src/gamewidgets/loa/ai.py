"""Lines of Action: the computer players — easy, medium, hard and insane.

The levels (the rule book's "Computer levels"):

=======  ====================================  ==============  ===========================
level    search                                random moves    clock per move 6×6/7×7/8×8
=======  ====================================  ==============  ===========================
easy     its own move only (1 ply)             about 1 in 3    none (about 1 ms)
medium   its move and the reply (2 plies)      1 in 20         none (a few ms)
hard     iterative deepening, alpha-beta       1 in 100        0.1 / 0.2 / 0.3 s
insane   the same, ten times longer            never           1 / 2 / 3 s
=======  ====================================  ==============  ===========================

Every level first tries each move and plays one that wins at once (connects its
pieces, or leaves the opponent without a move) — never a random move then, nor when
its search proves a forced win.

Use ``PLAYERS[name](seed=...)`` (also ``gamewidgets.loa.PLAYERS``; ``LEVELS`` is its
old name, the same dict), or the classes :class:`Easy`, :class:`Medium`,
:class:`Hard`, :class:`Insane`: ``choose(game) -> Move`` and ``analyse(game) ->
Analysis`` (the shared :class:`~gamewidgets.analysis.Analysis`), given the ``Game``.
Every option is a keyword: ``seed`` (the random moves), ``time_limit`` (seconds,
``None`` for no clock), ``max_depth``, ``max_nodes``, ``weights`` (:class:`Weights`).
The player searches a copy of the game: the game it is given is never changed.
:func:`play_game` plays one game between two players; :func:`evaluate` shows the
evaluation of a position term by term.

The evaluation is :mod:`gamewidgets.loa.evaluation`'s, the search
:mod:`gamewidgets.loa.search`'s (their names used to live here and still import
from here). Each decision starts with an empty table (no memory of earlier moves): the
same position, seed state and budget give the same decision. The clock is read every
1024 positions; an iteration is not started when half the budget is gone, and one
that runs out of time is cut short (a move that beat the previous best in it is
kept). Depth 1 always completes. So with a clock the decisions depend on the
machine's speed and load; ``time_limit=None`` with ``max_depth`` and/or ``max_nodes``
makes them reproducible (tests, benchmarks of strength by nodes).

The analysis
------------
``candidates``: every legal move: the chosen one first (then the search's choice when
the move played is a random one), then the moves with an exact score, best first, then
those with only an upper bound, highest first. ``score``: the search's score for the
side to move, every one from the last complete iteration (``stats["depth"]`` plies):
exact for the chosen move, and for every move of easy and medium (they search every
root move with a full window); for the other moves of hard and insane an upper bound
(alpha-beta proved them no better than the best): its ``bound`` is then ``"upper"``,
and the table prints it "≤ -20" (the board's label "≤-20"), so it does not look like a
tie with an exact -20. One exception, which the ``depth`` fact shows: when the clock
or the node budget stops an iteration after it proved a better move than the complete
one chose, that move is played, and it and the moves that iteration scored exactly
(the previous choice first) keep their deeper scores; the reason says so.

``terms`` say how the score is made, from the point of view of the player to move,
and add up to it exactly (the rule of :mod:`gamewidgets.analysis`):

- **points**: the evaluation terms
  (``concentration``, ``centralisation``, ``quads``) of the leaf at the end of the
  move's line — the move, then the best replies the search found (for an upper bound:
  the replies that refuted it) — and the ``mobility`` points the search counted there
  (at a leaf: the moves of the side that made the last move, in the position before
  it, less the opponent's moves in the position before that, as the path that first
  reached the leaf counted them; at depth 1 the two sides' moves in the position
  itself). Each side's evaluation is rounded to a whole point, as in the search;
  centralisation takes the rounding. The search adds nothing else (no tempo, no bonus:
  a random move is drawn apart from the scores).
- or, when the line ends the game, one **end** term instead of points, the whole
  score: ``win`` or ``loss`` (1,000,000 less the plies to the connection, or to a
  side left without a move, or its negation) or ``draw`` (the 200-move limit: 0).

``facts`` describe the score, adding nothing to it: ``depth`` (the plies of the
iteration that scored the move), ``line`` (the plies of its line: the depth, more where
the search looked at a threat one ply further, fewer where the game ends) and, for an
end, ``win_in`` / ``loss_in`` / ``draw_in`` (the plies to it). :data:`POINT_TERMS`,
:data:`END_TERMS` and :data:`FACTS` name them.

The lines are traced right after each root move's search (see
:mod:`gamewidgets.loa.search`; the time it takes is not taken from the search's
budget). Should a line be lost (a table entry overwritten within the same move's
search), the candidate has a single point term ``untraced`` (its whole score) rather
than terms from another position. ``stats``: ``depth`` (plies of the last complete
iteration), ``nodes`` (positions searched, every iteration), ``iteration_nodes`` (the
root and the positions searched by the iteration behind the decision: the size of its
tree, below), ``time_ms`` (with the tracing), ``random`` (a random move). ``pv``: the
principal variation — the chosen move's line — or just the move played when it is a
random one.

The search as a tree
--------------------
``analyse(game, trace=True)`` (or the option ``trace=True``; ``budget`` /
``trace_budget``: the most nodes recorded, 100,000 unless told) also gives
``analysis.tree``, a :class:`~gamewidgets.search.SearchTree` of the root iteration
behind the decision: the last complete one, or, when a deeper unfinished iteration
changed the decision (see "The analysis"), that unfinished one instead — the tree
explains the move played. Its root and the nodes the search was in when it stopped
then have the fact ``unfinished`` (their score is an earlier search's, or None); root
moves it had not reached are not in it (their candidates keep the complete
iteration's scores). Earlier iterations are recorded and dropped. With a win on the
board (or a single legal move) the one iteration is at depth 1: every root move, the
winning one a "terminal" child of the root.

``len(tree) == stats["iteration_nodes"]``: one node per move the iteration made, as
the search counts them, and the root. ``node.move`` is a :class:`Move`,
``node.game()`` its position, ``node.depth`` the plies left to search there (the
root: the iteration's; a leaf: 0). ``score`` and ``bound`` are for the side that made
the node's move, as a candidate's are (the root's: the chosen move's): the search's
value of the position, negated. So a "search" or "cutoff" node's score is minus the
best score of the children its last search made (fail-soft alpha-beta: bound or not),
and the root's the best of its children's. The kinds:

- "search": a position searched move by move, every move; bound "exact", or "lower"
  when every move failed low (the mover is no worse off than this);
- "cutoff": a position whose search stopped at a beta cut-off: its last child is the
  move that refuted the mover; bound "upper" (the mover gets at most this);
- "transposition": a position the table valued without a search (fact
  ``table_depth``: the entry's depth; the bound is the entry's);
- "leaf": a position at depth 0, valued by the evaluation: its ``terms``, for the
  mover, are the position's ``concentration``, ``centralisation`` and ``quads`` (what
  :func:`evaluate` gives for the side to move, negated) and the ``mobility`` points
  the search counted (the moves of the two positions before the leaf, as above); they
  add up to the score exactly. A leaf whose side to move has no move is a leaf: the
  search does not look at the replies there;
- "terminal": a move that ends the game (a connection, the opponent connected by a
  capture, the move limit) or a position whose side to move has no move: one term,
  ``win`` / ``loss`` / ``draw``, the whole score (1,000,000 less the plies to it).

Principal variation search and late move reductions search some positions more than
once (a null window, then a full one; a ply shallower, then at full depth). Such a
position keeps one node, whose score, bound, kind and depth are its last search's,
and the children of every search in order: the node has the fact ``passes`` (how
many) and each child ``pass`` (which search made it). A leaf's move after which the
opponent is close to connecting is searched one ply more: its node is a depth-1
"search" (or "cutoff", "transposition") with the fact ``extension``. The principal
variation is marked (``on_pv``) as far as the tree has it, at each step the child
made by the node's last search (``analysis.pv`` comes from the table and may leave
the tree at a transposition).

Without ``trace`` nothing is recorded; with it the search is the same (moves, scores,
node counts), only slower (about three times): with a clock it then reaches less
deep, so compare with ``time_limit=None``.

Choices where the rule book is silent
-------------------------------------
- "About a third random" is a chance of 1/3 for each decision, drawn from the
  player's own ``random.Random(seed)``: one number per decision, and a second to pick
  the random move, uniformly among all legal moves (a bad one too). Medium 1/20, hard
  1/100, insane never.
- "Its own move only": easy scores each move by the evaluation after it (and sees an
  immediate win); it does not look at the replies. Medium looks at every reply and no
  further (the threat extension is off for it).
- Hard and insane differ only in time (ten times) and randomness, so insane also
  reaches deeper. The budgets keep insane well under 10 s and hard under 3 s a move on
  8×8 (benchmarks/loa_strength.py measures the ladder and the times).
- No repetition rule exists in LOA; the search does not look for repetitions (the
  200-move limit ends every game; positions at the limit score as draws).
"""

from __future__ import annotations

import enum
import random
import time
from dataclasses import dataclass
from typing import ClassVar, Final

from ..analysis import Analysis, Candidate
from ..errors import GameOver
from ..search import DEFAULT_BUDGET, SearchTree, trace_options
from ..untrusted import integer
from .evaluation import Weights, evaluate, evaluation_terms, side_features, static_terms
from .rules import Game, Move
from .search import _M, MATE_ZONE, WIN, Trace, _Search, _Timeout

__all__ = [
    "END_TERMS", "FACTS", "LEVELS", "MATE_ZONE", "PLAYERS", "POINT_TERMS", "WIN", "Easy", "Hard", "Insane",
    "Medium", "Player", "Weights", "evaluate", "evaluation_terms", "play_game", "side_features", "static_terms",
]

#: a candidate's terms that add up to its score (points), those that stand for a forced
#: end instead (the whole score), and its facts, about the score (see the module docstring)
POINT_TERMS = ("concentration", "centralisation", "quads", "mobility", "untraced")
END_TERMS = ("win", "loss", "draw")
FACTS = ("depth", "line", "win_in", "loss_in", "draw_in")


# ------------------------------------------------------------------- players
class _Default(enum.Enum):
    LEVEL = "the level's own setting"


_LEVEL: Final = _Default.LEVEL
MAX_DEPTH = 64


@dataclass
class _Decision:
    """What one decision found, before it is dressed as an :class:`Analysis`."""

    search: _Search
    moves: list[_M]  # every root move, (src, dst)
    scores: dict[_M, tuple[int, bool]]  # move -> (score, exact)
    depths: dict[_M, int]  # move -> plies of the iteration that gave its score
    lines: dict[_M, Trace | None]  # move -> the line behind its score (when explaining)
    best: _M  # the search's choice
    chosen: _M  # the move played (best, a win, or a random move)
    depth: int  # plies of the last complete iteration
    wins: list[_M]  # the moves that win at once
    randomised: bool
    previous: _M | None  # the complete iteration's choice, when a deeper unfinished one beat it
    seconds: float
    iteration_nodes: int  # the root and the positions the iteration behind the decision searched
    tree: SearchTree | None  # that iteration, recorded (when asked)


class Player:
    """A computer player of Lines of Action; the four levels are its subclasses
    :class:`Easy`, :class:`Medium`, :class:`Hard` and :class:`Insane` (also in
    :data:`PLAYERS` by name). See the module docstring for what they do. Every option is a
    keyword.

    ``seed`` seeds the player's own random generator (its random moves).
    ``time_limit`` — seconds per move; by default the level's budget for the board
    size; ``None`` switches the clock off (then give ``max_depth`` or ``max_nodes``).
    ``max_depth`` — plies searched at most (default: the level's). ``max_nodes`` —
    stop after about this many positions (reproducible, unlike the clock).
    ``weights`` — the evaluation's :class:`Weights`. ``trace`` — record the search as
    ``analysis.tree`` (see "The search as a tree" in the module docstring) unless
    :meth:`analyse` is told otherwise; ``trace_budget`` — the most nodes a tree records.
    """

    name = "player"
    #: the chance that a move is a random legal move (never when a win is on the board)
    random_share = 0.0
    #: plies searched at most
    depth = 4
    #: seconds per move by board size; None: no clock
    budget: ClassVar[dict[int, float] | None] = None
    #: every root move searched with a full window, so every root score is exact (cheap
    #: for shallow levels); otherwise the moves after the best get an upper bound
    exact_root = False
    #: the selective parts of the search (switches for experiments and tests)
    extend = True
    lmr = True

    def __init__(self, *, seed: int | None = None, time_limit: float | _Default | None = _LEVEL,
                 max_depth: int | None = None,
                 max_nodes: int | None = None, weights: Weights | None = None,
                 trace: bool = False, trace_budget: int = DEFAULT_BUDGET):
        self.seed = seed
        self.rng = random.Random(seed)
        self.time_limit = time_limit
        self.max_depth = self.depth if max_depth is None else max_depth
        if self.max_depth < 1:
            raise ValueError(f"max_depth must be at least 1, not {max_depth}")
        self.max_nodes = max_nodes
        if self.budget is None and time_limit is _LEVEL:
            self.time_limit = None
        if self.time_limit is None and max_nodes is None and self.max_depth > 12:
            raise ValueError(f"{self.name}: without a clock, give max_depth (at most 12) or max_nodes")
        self.weights = weights or Weights()
        #: record the search as ``analysis.tree`` unless ``analyse`` is told otherwise
        self.trace, self.trace_budget = trace_options(trace, trace_budget)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"

    def seconds(self, size: int) -> float | None:
        """The time budget per move on a ``size`` board (None: no clock)."""
        if self.time_limit is not _LEVEL:
            return self.time_limit
        assert self.budget is not None  # without a budget the level has no clock (__init__)
        return self.budget[size]

    def choose(self, game: Game) -> Move:
        """The move this player plays in ``game`` (which it leaves as it was)."""
        decision = self._decide(game)
        return _move(game, decision.chosen)

    def analyse(self, game: Game, *, trace: bool | None = None, budget: int | None = None) -> Analysis:
        """The move this player plays, explained: every root move with its score and the
        terms that make it up (the module docstring says how), the depth reached, the
        nodes, the time and the principal variation. From the same random state (and
        budget) it is the move :meth:`choose` plays. With ``trace`` (default: the
        player's ``trace``) the iteration behind the decision as ``analysis.tree``, at
        most ``budget`` nodes (default: the player's ``trace_budget``); see "The search
        as a tree" in the module docstring."""
        if self.trace if trace is None else trace:
            budget = self.trace_budget if budget is None else integer(budget, "budget (nodes a tree records)", 1,
                                                                      error=ValueError)
        else:
            budget = None
        decision = self._decide(game, explain=True, budget=budget)
        scores, depths, best, chosen = decision.scores, decision.depths, decision.best, decision.chosen
        ranked = sorted(decision.moves, key=lambda m: (m != chosen, m != best, not scores[m][1], -depths[m],
                                                       -scores[m][0]))
        candidates = []
        for m in ranked:
            score, exact = scores[m]
            behind = decision.lines.get(m)
            terms = _score_terms(behind, score, game.size, self.weights)
            facts: dict[str, int] = {"depth": depths[m], "line": len(behind.moves) if behind else 1}
            if behind is not None and behind.end is not None:
                facts[f"{behind.end}_in"] = len(behind.moves)
            candidates.append(Candidate(_move(game, m), float(score), terms, facts, "exact" if exact else "upper"))
        if decision.wins:
            reason = "it wins at once" + (f" ({len(decision.wins)} winning moves)" if len(decision.wins) > 1 else "")
        elif decision.randomised:
            reason = (f"a random move ({self.name} plays about {_share(self.random_share)} of its moves at "
                      f"random); the search preferred {_move(game, best)}")
        elif decision.previous is not None:
            reason = (f"{_reason(scores[best][0], depths[best], len(decision.moves))}, unfinished: it beat "
                      f"{_move(game, decision.previous)}, the {decision.depth}-ply choice")
        else:
            reason = _reason(scores[best][0], decision.depth, len(decision.moves))
        stats = {"depth": decision.depth, "nodes": decision.search.nodes,
                 "iteration_nodes": decision.iteration_nodes,
                 "time_ms": round(decision.seconds * 1000, 1), "random": decision.randomised}
        line = decision.lines.get(best)
        pv = _moves(game, list(line.moves) if line and chosen == best else [chosen])
        tree = decision.tree
        if tree is not None:
            score, exact = scores[chosen]
            tree.update(tree.root, score=float(score), bound="exact" if exact else "upper")
            tree.mark_line(pv)
        return Analysis(player=self.name, move=_move(game, chosen), candidates=tuple(candidates),
                        reason=reason, stats=stats, pv=pv, tree=tree)

    def _decide(self, game: Game, explain: bool = False, budget: int | None = None) -> _Decision:
        """The search's decision; ``explain`` also traces the line behind every score
        (the search is the same: the tracing's time is not taken from its budget);
        ``budget``: record each iteration in a :class:`SearchTree` of at most that many
        nodes, and keep the one behind the decision (None: record nothing)."""
        started = time.perf_counter()
        outcome = game.outcome()
        if outcome is not None:
            raise GameOver(f"the game is over: {outcome}")
        roll = self.rng.random()  # drawn for every decision, so the stream does not depend on the search
        limit = self.seconds(game.size)
        search = _Search(game, self.weights, None if limit is None else started + limit, self.max_nodes)
        search.extend, search.lmr = self.extend, self.lmr
        theirs = game.pieces[game.turn ^ 1]
        prio = search.prio
        moves = game.move_list()
        moves.sort(key=lambda m: -(prio[m] + (200 if theirs >> m[1] & 1 else 0)))  # captures, centralising
        wins = [m for m in moves if search.outcome_after(m) == 1]
        scores: dict[_M, tuple[int, bool]] = {}
        lines: dict[_M, Trace | None] = {}
        depths: dict[_M, int] = {}
        previous: _M | None = None
        best: _M | None
        tree: SearchTree | None = None
        iteration_nodes = 0
        if wins or len(moves) == 1:
            search.tree = None if budget is None else SearchTree(game, budget=budget)
            search.iterate(moves, 1, True, scores, lines if explain else None)
            best, depth = (wins or moves)[0], 1
            tree, iteration_nodes = _rooted(search.tree, 1), search.nodes + 1
        else:
            best, depth = None, 0
            for iteration in range(1, self.max_depth + 1):
                trial: dict[_M, tuple[int, bool]] = {}
                traced: dict[_M, Trace | None] = {}
                before = search.nodes
                search.tree = None if budget is None else SearchTree(game, budget=budget)
                try:
                    found = search.iterate(moves, iteration, self.exact_root, trial, traced if explain else None)
                except _Timeout:
                    # the first move searched is the previous best: when it is done, a move that
                    # beat it in this unfinished iteration is better at this depth; it and the
                    # moves scored exactly keep their deeper scores
                    done = [m for m in moves if m in trial and trial[m][1]]
                    if moves[0] in trial and done:
                        better = max(done, key=lambda m: trial[m][0])
                        if better != best:
                            previous, best = best, better
                            for m in done:
                                scores[m], depths[m] = trial[m], iteration
                                lines[m] = traced.get(m)
                            tree, iteration_nodes = _unfinished(search.tree, iteration), search.nodes - before + 1
                    break
                search.armed = True  # depth 1 always completes; from here the budgets count
                assert found is not None  # some move scores above -INF: there are moves
                scores, lines, (best, score), depth = trial, traced, found, iteration
                tree, iteration_nodes = _rooted(search.tree, iteration), search.nodes - before + 1
                depths = dict.fromkeys(moves, iteration)
                moves.sort(key=lambda m: (m != best, not scores[m][1], -scores[m][0]))
                if abs(score) > MATE_ZONE:
                    break  # a forced end is known: deeper will not change it
                if limit is not None and time.perf_counter() - started - search.traced > 0.5 * limit:
                    break  # the next iteration would not finish in time
        search.tree = None
        assert best is not None  # set by the first iteration, which always completes
        if not depths:
            depths = dict.fromkeys(moves, depth)
        chosen = best
        # never a random move when a win is seen (at once, or forced by the search)
        randomised = not wins and len(moves) > 1 and roll < self.random_share and scores[best][0] <= MATE_ZONE
        if randomised:
            everything = sorted(moves)
            chosen = everything[self.rng.randrange(len(everything))]
        return _Decision(search, moves, scores, depths, lines, best, chosen, depth, wins, randomised, previous,
                         time.perf_counter() - started, iteration_nodes, tree)


def _rooted(tree: SearchTree | None, depth: int) -> SearchTree | None:
    """``tree``, an iteration of ``depth`` plies, with its root's depth."""
    if tree is not None:
        tree.root.depth = depth
    return tree


def _unfinished(tree: SearchTree | None, depth: int) -> SearchTree | None:
    """``tree``, an iteration of ``depth`` plies that the clock or the node budget cut
    short: the nodes the search was in are left, marked ``unfinished`` (their score is
    an earlier search's, or None), as the root is."""
    if tree is not None:
        while tree.current is not tree.root:
            node = tree.current
            if node is not None:
                node.facts["unfinished"] = True
            tree.leave()
        tree.root.facts["unfinished"] = True
    return _rooted(tree, depth)


def _score_terms(trace: Trace | None, score: int, size: int, weights: Weights) -> dict[str, int]:
    """The terms that make ``score`` (the module docstring): the points of the leaf of
    its line, or the end it leads to, or ``untraced`` when its line was lost."""
    if trace is None:
        return {"untraced": score}
    if trace.end is not None:
        return {trace.end: score}
    return {**static_terms(trace.mine, trace.theirs, size, weights), "mobility": trace.mobility}


def _share(share: float) -> str:
    return {1 / 3: "a third", 1 / 20: "one in 20", 1 / 100: "one in 100"}.get(share, f"{share:.0%}")


def _reason(score: float, depth: int, moves: int) -> str:
    if moves == 1:
        return "the only legal move"
    if score > MATE_ZONE:
        return f"it forces a win within {WIN - score} plies"
    if score < -MATE_ZONE:
        return f"every move loses; this one holds out longest ({WIN + score} plies)"
    return f"the best score of a {depth}-ply search"


def _move(game: Game, m: _M) -> Move:
    return Move._new(m[0], m[1], bool(game.pieces[game.turn ^ 1] >> m[1] & 1), game.size)


def _moves(game: Game, line: list[_M]) -> tuple[Move, ...]:
    out = []
    copy = game.copy()
    for m in line:
        out.append(_move(copy, m))
        copy.make(*m)
    return tuple(out)


class Easy(Player):
    """Looks at its own move only (one ply); about a third of its moves are random."""

    name = "easy"
    random_share = 1 / 3
    depth = 1
    exact_root = True


class Medium(Player):
    """Its move and the reply (two plies, no extension); one move in 20 is random."""

    name = "medium"
    random_share = 1 / 20
    depth = 2
    exact_root = True
    extend = False  # the reply and no further, as the rule book says


class Hard(Player):
    """Iterative deepening within a short budget; one move in 100 is random."""

    name = "hard"
    random_share = 1 / 100
    depth = MAX_DEPTH
    budget: ClassVar[dict[int, float]] = {6: 0.1, 7: 0.2, 8: 0.3}


class Insane(Player):
    """Iterative deepening within ten times hard's budget; never random."""

    name = "insane"
    depth = MAX_DEPTH
    budget: ClassVar[dict[int, float]] = {6: 1.0, 7: 2.0, 8: 3.0}


#: the players by name (``PLAYERS["hard"](seed=1)``), weakest first
PLAYERS: dict[str, type[Player]] = {cls.name: cls for cls in (Easy, Medium, Hard, Insane)}
#: the old name of :data:`PLAYERS` (the same dict)
LEVELS = PLAYERS


def play_game(first: Player, second: Player, size: int = 6, *, opening_plies: int = 0,
              seed: int | None = None) -> tuple[Game, list[float]]:
    """Play one game to the end: ``opening_plies`` random moves (from ``seed``), then
    ``first`` (top and bottom rows, moves first) against ``second``. Returns the finished
    game and the seconds each player's move took (0 for the random opening moves)."""
    game = Game(size)
    rng = random.Random(seed)
    seconds = []
    players = (first, second)
    while game.outcome() is None:
        if game.ply < opening_plies:
            moves = game.legal_moves()
            game.play(moves[rng.randrange(len(moves))])
            seconds.append(0.0)
            continue
        started = time.perf_counter()
        move = players[game.turn].choose(game.view())  # a copy: the player cannot change the game
        seconds.append(time.perf_counter() - started)
        game.play(move)
    return game, seconds
