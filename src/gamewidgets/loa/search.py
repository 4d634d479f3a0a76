"""Lines of Action: the alpha-beta search of the computer players
(:mod:`gamewidgets.loa.ai` has the players; :mod:`gamewidgets.loa.evaluation` the
evaluation of a position).

Negamax alpha-beta (fail-soft) with principal variation search, iterative deepening
and a transposition table (a dict keyed by the engine's incremental Zobrist key:
depth, bound, score, best move, and the mobility points a depth-1 entry's leaves
counted). Move order: the table's move, two killer moves per ply, captures, then the
history heuristic on top of the centralisation a move gains. Late quiet moves (from
the fourth on, 3+ plies left) are first searched a ply shallower (late move
reduction). At the leaves, when the opponent is close to connecting (at most two
groups and compact), its replies are searched too: a threat to connect is not left to
the evaluation. The end is judged at every node as the rules do (the mover connected;
else the opponent, after a capture; else the move limit, a draw; else no moves); a win
scores 1,000,000 less the plies to it, so a quicker win and a slower loss are
preferred. The leaves are made on bitboards, without make/unmake; a connected group is
looked for only where the Euler number allows one.

The line behind a score
-----------------------
:meth:`_Search.iterate`, given a ``lines`` dict, traces each root move's line right
after its search (before other moves' searches overwrite the table): from the
position after the move it follows the table's best move while the entry holds the
very score the search passed up (fail-soft: a node's score is its best move's, bound
or not), to the leaf whose evaluation is the score — through reductions and
extensions, as the entries' depths say — or to the end of the game that decides it.
A depth-1 entry keeps the mobility points its leaves counted (the move counts of the
path that reached it), so the leaf's terms are the search's own figures; when another
path wrote that entry again, the node's leaves are scored with this path's counts. A
line that cannot be followed (a deeper entry overwritten in the same move's search, or
best moves that go round in a circle) is None. The walk is not part of the search: it
only reads the table, and its time is added to the deadline.

The record
----------
With ``tree`` set (a :class:`~gamewidgets.search.SearchTree` at its root),
:meth:`_Search.iterate` and :meth:`_Search.negamax` record every position they make
as it is made (:meth:`~gamewidgets.search.SearchTree.enter` before a move is searched,
``leave`` after; a node settles its own kind, score and bound as the search leaves
it); :mod:`gamewidgets.loa.ai`'s docstring says what the tree holds. Every step is
behind ``tree is not None`` / ``node is not None``: a search without a tree does what
it did, at the cost of a few tests of a local variable per position.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..search import Node, SearchTree
from .evaluation import _EVAL, Weights, _features, static_terms
from .rules import MOVE_LIMIT, Game, Move, _tables, generate, has_move

WIN = 1_000_000
MATE_ZONE = WIN - 1000  # scores beyond this are a win (or loss) found by the search
INF = 10 * WIN
EXACT, LOWER, UPPER = 0, 1, 2
#: a table flag (for the side to move at a node) as the node's bound (for the side that moved into it)
MOVER_BOUND = {EXACT: "exact", LOWER: "upper", UPPER: "lower"}
_M = tuple[int, int]  # a move of the search: (src, dst)


class _Timeout(Exception):
    """The search ran out of time or nodes."""


class _Search:
    """One alpha-beta search from one position (a copy of the game: the caller's game is
    never touched). Holds the transposition table, killers and history of this search."""

    def __init__(self, game: Game, weights: Weights, deadline: float | None, max_nodes: int | None):
        self.game = g = game.copy()
        self.size = n = g.size
        self.T = T = _EVAL[n]
        self.weights = weights
        self.deadline = deadline
        self.max_nodes = max_nodes
        self.nodes = 0
        self.next_check = 1024
        self.armed = False  # no time or node limit until depth 1 is complete
        # key -> (depth, flag, score, best move, the mobility points of a depth-1 entry's leaves)
        self.tt: dict[int, tuple[int, int, int, _M | None, int]] = {}
        self.static_cache: dict[int, int] = {}
        self.near: set[int] = set()
        self.low: set[int] = set()
        self.extend = True
        self.lmr = True
        self.ext_limit = 0
        self.near_surplus = n + 3
        self.root_ply = g.ply
        nn = n * n
        # move ordering: history (raised by cut-offs) on top of the centralisation gained
        self.prio = {(s, d): 4 * (T.ring[d] - T.ring[s]) for s in range(nn) for d in range(nn) if s != d}
        self.prio_get = self.prio.__getitem__
        self.killers: list[list[_M | None]] = [[None, None] for _ in range(MOVE_LIMIT + 2)]
        self.connected: Callable[[int], bool] = _tables(n).connected
        self.wm = weights.mobility
        self.traced = 0.0  # seconds spent tracing lines (not searching)
        self.on_line: set[int] = set()  # the positions of the line being traced
        #: the iteration being recorded (see "The search as a tree"), None: nothing recorded
        self.tree: SearchTree | None = None

    def static(self, bb: int) -> int:
        """The evaluation of one side's pieces alone, cached per bitboard; notes the
        bitboards of at most two groups (Euler number 2 or less) in ``near``."""
        count, surplus, rings, euler4 = _features(bb, self.T)
        w = self.weights
        value = round(-w.concentration * surplus + w.centralisation * rings / count - w.quads * euler4) if count else 0
        self.static_cache[bb] = value
        if euler4 <= 8 and surplus <= self.near_surplus:
            self.near.add(bb)
        if euler4 <= 4:  # one group has an Euler number of 1 less its holes: only these can be connected
            self.low.add(bb)
        return value

    def evaluate(self, mine: int, theirs: int) -> int:
        """The static evaluation for the side owning ``mine`` (to move), without mobility."""
        cache = self.static_cache
        a = cache.get(mine)
        if a is None:
            a = self.static(mine)
        b = cache.get(theirs)
        if b is None:
            b = self.static(theirs)
        return a - b

    def tick(self) -> None:
        if self.armed:
            if self.max_nodes is not None and self.nodes >= self.max_nodes:
                raise _Timeout
            if self.deadline is not None and time.perf_counter() >= self.deadline:
                raise _Timeout

    def negamax(self, depth: int, alpha: int, beta: int, ply: int, mob: int) -> int:
        """The score of the game's position for the side to move, ``depth`` plies deep
        (fail-soft alpha-beta, principal variation search). ``mob`` is the number of
        moves the opponent had in the position before (for the mobility term)."""
        game = self.game
        pieces = game.pieces
        key = game.zobrist
        tt = self.tt
        tree = self.tree
        node: Node | None = None  # this position's node, when recorded
        if tree is not None:
            node = tree.current
            if node is not None:
                _begin(node, depth)
        entry = tt.get(key)
        tt_move = None
        if entry is not None:
            e_depth, e_flag, e_score, tt_move, _ = entry
            if e_depth >= depth and self.root_ply + ply + depth < MOVE_LIMIT:
                if e_score > MATE_ZONE:
                    e_score -= ply
                elif e_score < -MATE_ZONE:
                    e_score += ply
                if e_flag == EXACT or (e_score >= beta if e_flag == LOWER else e_score <= alpha):
                    if node is not None:
                        _close(node, "transposition", e_score, e_flag)
                        node.facts["table_depth"] = e_depth
                    return e_score
        turn = game.turn
        other = turn ^ 1
        mine, theirs = pieces[turn], pieces[other]
        moves = generate(mine, theirs, self.size)
        if not moves:
            if node is not None:  # the side to move has no move: it has lost
                _close(node, "terminal", -WIN + ply, EXACT)
                node.terms = {"win": float(WIN - ply)}
            return -WIN + ply
        # order: the table's move, the killers, captures, then history + centralisation
        moves.sort(key=self.prio_get, reverse=True)
        captures = [m for m in moves if theirs >> m[1] & 1]
        if captures:
            moves = captures + [m for m in moves if not theirs >> m[1] & 1]
        killers = self.killers[ply]
        k0, k1 = killers
        for front in (k1, k0, tt_move):
            if front is not None and front in moves:
                moves.remove(front)
                moves.insert(0, front)
        connected = self.connected
        child = ply + 1
        win = WIN - child
        draw_next = self.root_ply + child >= MOVE_LIMIT
        best = -INF
        best_move: _M | None = None
        alpha0 = alpha
        if self.nodes >= self.next_check:
            self.next_check = self.nodes + 1024
            self.tick()
        if depth == 1:
            # the leaves: bitboards only (no make/unmake) unless the opponent is close to
            # connecting, when its replies are searched too (one ply more)
            seen = self.nodes
            cache_get = self.static_cache.get
            static = self.static
            near, low = self.near, self.low
            extend = self.extend and ply < self.ext_limit
            lag = self.wm * (len(moves) - mob)
            same = cache_get(theirs)
            if same is None:
                same = static(theirs)
            extended: _M | None = None  # the last move whose replies were searched too (recorded as searched)
            for m in moves:
                seen += 1
                src, dst = m
                dst_bit = 1 << dst
                mine_now = mine ^ (1 << src) ^ dst_bit
                a = cache_get(mine_now)
                if a is None:
                    a = static(mine_now)
                if mine_now in low and connected(mine_now):
                    score = win
                else:
                    captured = theirs & dst_bit
                    if captured:
                        theirs_now = theirs ^ dst_bit
                        b = cache_get(theirs_now)
                        if b is None:
                            b = static(theirs_now)
                    else:
                        theirs_now, b = theirs, same
                    if captured and theirs_now in low and connected(theirs_now):
                        score = -win
                    elif draw_next:
                        score = 0
                    elif extend and theirs_now in near:
                        self.nodes = seen
                        if tree is not None:
                            tree.enter(self.move_of(m, theirs), depth=1,
                                       facts={"extension": True, **_pass_facts(node)})
                        game.make(src, dst)
                        try:
                            score = -self.negamax(1, -beta, -alpha, child, len(moves))
                        finally:
                            game.unmake()
                        if tree is not None:
                            tree.leave()
                        seen = self.nodes
                        extended = m
                    else:
                        score = lag + a - b
                if node is not None and m is not extended:
                    self.record_leaf(node, m, score, mine, theirs, lag, draw_next)
                if score > best:
                    best, best_move = score, m
                    if score > alpha:
                        alpha = score
                        if score >= beta:
                            break
            self.nodes = seen
        else:
            lag = 0  # the leaves' mobility points: kept in a depth-1 entry only
            negamax = self.negamax
            make, unmake = game.make, game.unmake
            mob = len(moves)
            reduce = self.lmr and depth >= 3
            searched: Node | None = None  # the move's node, when recorded
            for index, m in enumerate(moves):
                self.nodes += 1
                if tree is not None:
                    searched = tree.enter(self.move_of(m, theirs), depth=depth - 1, facts=_pass_facts(node))
                captured = make(m[0], m[1])
                try:
                    if connected(pieces[turn]):
                        score = win
                    elif captured and connected(pieces[other]):
                        score = -win
                    elif draw_next:
                        score = 0
                    elif index == 0:
                        score = -negamax(depth - 1, -beta, -alpha, child, mob)
                    else:
                        if reduce and index >= 3 and not captured and m != k0 and m != k1:
                            # a late quiet move: first a shallower look
                            score = -negamax(depth - 2, -alpha - 1, -alpha, child, mob)
                            if score > alpha:
                                score = -negamax(depth - 1, -alpha - 1, -alpha, child, mob)
                        else:
                            score = -negamax(depth - 1, -alpha - 1, -alpha, child, mob)
                        if alpha < score < beta:
                            score = -negamax(depth - 1, -beta, -alpha, child, mob)
                finally:
                    unmake()
                if tree is not None:
                    tree.leave()
                    if searched is not None and searched.score is None:  # the move ended the game
                        tree.update(searched, **self.settled(m, score, mine, theirs, 0, draw_next))
                if score > best:
                    best, best_move = score, m
                    if score > alpha:
                        alpha = score
                        if score >= beta:
                            break
        if best >= beta and best_move is not None and not theirs >> best_move[1] & 1:
            if best_move != k0:
                killers[1] = k0
                killers[0] = best_move
            self.prio[best_move] += depth * depth
        stored = best
        if stored > MATE_ZONE:
            stored += ply
        elif stored < -MATE_ZONE:
            stored -= ply
        flag = LOWER if best >= beta else UPPER if best <= alpha0 else EXACT
        tt[key] = (depth, flag, stored, best_move, lag)
        if node is not None:
            _close(node, "cutoff" if flag == LOWER else "search", best, flag)
        return best

    # ------------------------------------------------------- the record
    def move_of(self, m: _M, theirs: int) -> Move:
        """The search's move ``m`` as a :class:`Move` (``theirs``: the opponent's pieces)."""
        return Move._new(m[0], m[1], bool(theirs >> m[1] & 1), self.size)

    def record_leaf(self, node: Node, m: _M, score: int, mine: int, theirs: int, lag: int, draw: bool) -> None:
        """Record the move ``m`` from ``node`` (``mine`` / ``theirs``: the pieces there),
        which the search scored ``score`` without searching on (:meth:`settled`)."""
        tree = self.tree
        assert tree is not None
        leaf = tree.add(node, self.move_of(m, theirs), depth=0, facts=_pass_facts(node))
        if leaf is not None:
            tree.update(leaf, **self.settled(m, score, mine, theirs, lag, draw))

    def settled(self, m: _M, score: int, mine: int, theirs: int, lag: int, draw: bool) -> dict[str, Any]:
        """The fields of the node of a move ``m`` (from a position with the pieces ``mine``,
        to move, and ``theirs``) that the search scored ``score`` without searching on: an
        end of the game (``draw``: the move limit), or a leaf with its evaluation's terms:
        each side's pieces after the move, and the ``lag`` mobility points."""
        if score > MATE_ZONE or score < -MATE_ZONE or draw:
            return {"kind": "terminal", **_end(score)}
        dst_bit = 1 << m[1]
        terms = static_terms(mine ^ (1 << m[0]) ^ dst_bit, theirs & ~dst_bit, self.size, self.weights)
        return {"kind": "leaf", "score": float(score), "terms": {**terms, "mobility": lag}}

    # ------------------------------------------------------------------ the root
    def outcome_after(self, m: _M) -> int | None:
        """+1 / -1 / 0 when the root move ``m`` ends the game (win / loss / draw for the
        mover), None when the game goes on. Uses the engine's order of checks."""
        game, pieces = self.game, self.game.pieces
        turn = game.turn
        captured = game.make(*m)
        try:
            if self.connected(pieces[turn]):
                return 1
            if captured and self.connected(pieces[turn ^ 1]):
                return -1
            if self.root_ply + 1 >= MOVE_LIMIT:
                return 0
            if not has_move(pieces[turn ^ 1], pieces[turn], self.size):
                return 1
            return None
        finally:
            game.unmake()

    def iterate(self, moves: list[_M], depth: int, exact_all: bool, scores: dict[_M, tuple[int, bool]],
                lines: dict[_M, Trace | None] | None = None) -> tuple[_M, int] | None:
        """One root iteration at ``depth``: fills ``scores[m] = (score, exact)`` move by
        move; returns ``(best move, score)``. Principal variation search: the first move
        with a full window, the others with a null window (their score is then an upper
        bound) unless ``exact_all``. With ``lines``, each move's :class:`Trace` too
        (the time it takes is added to the deadline)."""
        game, pieces = self.game, self.game.pieces
        turn = game.turn
        other = turn ^ 1
        connected = self.connected
        alpha = -INF
        best: tuple[_M, int] | None = None
        win = WIN - 1
        self.ext_limit = depth + 2
        mob = len(moves)
        lag = self.wm * (mob - len(generate(pieces[other], pieces[turn], self.size)))
        tree = self.tree
        searched: Node | None = None  # the move's node, when recorded
        for index, m in enumerate(moves):
            self.nodes += 1
            if tree is not None:
                searched = tree.enter(self.move_of(m, pieces[other]), depth=depth - 1)
            if self.nodes >= self.next_check:
                self.next_check = self.nodes + 1024
                self.tick()
            captured = game.make(*m)
            try:
                if connected(pieces[turn]):
                    score, exact = win, True
                elif captured and connected(pieces[other]):
                    score, exact = -win, True
                elif self.root_ply + 1 >= MOVE_LIMIT:
                    score, exact = 0, True
                elif depth == 1:
                    if has_move(pieces[other], pieces[turn], self.size):
                        score = lag - self.evaluate(pieces[other], pieces[turn])
                    else:
                        score = win
                    exact = True
                elif exact_all or index == 0:
                    score, exact = -self.negamax(depth - 1, -INF, INF if exact_all else -alpha, 1, mob), True
                else:
                    score = -self.negamax(depth - 1, -alpha - 1, -alpha, 1, mob)
                    exact = False
                    if score > alpha:
                        score, exact = -self.negamax(depth - 1, -INF, -alpha, 1, mob), True
            finally:
                game.unmake()
            if tree is not None:
                tree.leave()
                if searched is not None and searched.score is None:  # a leaf, or the move ended the game
                    tree.update(searched, **self.settled(m, score, pieces[turn], pieces[other], lag,
                                                         self.root_ply + 1 >= MOVE_LIMIT))
            scores[m] = (score, exact)
            if lines is not None:
                began = time.perf_counter()
                lines[m] = self.trace(m, score, depth, lag)
                spent = time.perf_counter() - began
                self.traced += spent
                if self.deadline is not None:
                    self.deadline += spent
            if score > alpha:
                alpha = score
                best = (m, score)
        return best

    # ------------------------------------------------------------- the lines
    def trace(self, m: _M, score: int, depth: int, lag: int) -> Trace | None:
        """The line that gave the root move ``m`` its ``score`` in the iteration at
        ``depth`` (``lag``: the root's mobility points), or None when the table no longer
        holds it (see the module docstring)."""
        game, pieces = self.game, self.game.pieces
        root = game.turn
        line = [m]
        self.on_line = {game.zobrist}
        captured = game.make(*m)
        self.on_line.add(game.zobrist)
        try:
            leaf: _Leaf | None
            if self.connected(pieces[root]):
                leaf = _Leaf(root, "win", 0, ())
            elif captured and self.connected(pieces[root ^ 1]):
                leaf = _Leaf(root, "loss", 0, ())
            elif self.root_ply + 1 >= MOVE_LIMIT:
                leaf = _Leaf(root, "draw", 0, ())
            elif depth == 1:
                if not has_move(pieces[root ^ 1], pieces[root], self.size):
                    leaf = _Leaf(root, "win", 0, ())
                elif lag + self.evaluate(pieces[root], pieces[root ^ 1]) == score:
                    leaf = _Leaf(root, None, lag, (pieces[root], pieces[root ^ 1]))
                else:
                    leaf = None
            else:
                leaf = self._follow(-score, 1, line)
        finally:
            game.unmake()
            self.on_line.clear()
        if leaf is None:
            return None
        sign = 1 if leaf.side == root else -1
        end = leaf.end if leaf.end is None or leaf.end == "draw" or sign == 1 else _OTHER_END[leaf.end]
        mine, theirs = (0, 0) if not leaf.pieces else leaf.pieces if leaf.side == root else leaf.pieces[::-1]
        moves = leaf.moves or (m,)
        expected = {"win": WIN - len(moves), "loss": len(moves) - WIN, "draw": 0}
        if end is not None and score != expected[end]:
            return None
        return Trace(moves, mine, theirs, sign * leaf.lag, end)

    def _follow(self, value: int, ply: int, line: list[_M]) -> _Leaf | None:
        """From the position after ``line`` (whose score for the side to move was
        ``value``), the table's best moves to the leaf or end that made the score."""
        game, pieces = self.game, self.game.pieces
        side = game.turn
        entry = self.tt.get(game.zobrist)
        if entry is None:  # a position without moves scores a loss and stores nothing
            if value == ply - WIN and not has_move(pieces[side], pieces[side ^ 1], self.size):
                return _Leaf(side, "loss", 0, (), tuple(line))
            return None
        e_depth, _, stored, move, lag = entry
        if stored > MATE_ZONE:
            stored -= ply
        elif stored < -MATE_ZONE:
            stored += ply
        if stored == value and move is not None:
            return self._through(move, value, ply, line, e_depth, lag)
        if e_depth != 1:
            return None
        # a depth-1 entry that another path wrote again (its leaves' mobility counts that
        # path's moves): this node's leaves with this path's counts
        last = line[-1]
        game.unmake()
        before = len(game.move_list())
        game.make(*last)
        moves = game.move_list()
        lag = self.wm * (len(moves) - before)
        for move in moves:
            leaf = self._through(move, value, ply, line, 1, lag)
            if leaf is not None:
                return leaf
        return None

    def _through(self, move: _M, value: int, ply: int, line: list[_M], depth: int, lag: int) -> _Leaf | None:
        """:meth:`_follow` on, after ``move`` from a node of ``depth`` (``lag``: the
        mobility points of its leaves)."""
        game, pieces = self.game, self.game.pieces
        side = game.turn
        child = ply + 1
        captured = game.make(*move)
        line.append(move)
        key = game.zobrist
        if key in self.on_line:  # the table's moves go round in a circle: not a line the search made
            line.pop()
            game.unmake()
            return None
        self.on_line.add(key)
        try:
            ends = ((self.connected(pieces[side]), "win", WIN - child),
                    (bool(captured) and self.connected(pieces[side ^ 1]), "loss", child - WIN),
                    (self.root_ply + child >= MOVE_LIMIT, "draw", 0))
            for happened, end, score in ends:
                if happened:
                    return _Leaf(side, end, 0, (), tuple(line)) if value == score else None
            if depth > 1:
                return self._follow(-value, child, line)
            # a leaf, or the opponent's replies searched too (an extension)
            if self.extend and ply < self.ext_limit and pieces[side ^ 1] in self.near:
                deeper = self._follow(-value, child, line)
                if deeper is not None:
                    return deeper
            if lag + self.evaluate(pieces[side], pieces[side ^ 1]) != value:
                return None
            return _Leaf(side, None, lag, (pieces[side], pieces[side ^ 1]), tuple(line))
        finally:
            self.on_line.discard(key)
            line.pop()
            game.unmake()


@dataclass(frozen=True)
class Trace:
    """The line behind a root move's score: ``moves`` (the root move, then the best
    replies to the leaf), the leaf's pieces (``mine``: the root side's, ``theirs``) and
    its ``mobility`` points, the root side's view — or ``end``, "win" / "loss" / "draw"
    for the root side, when the line ends the game (then the pieces are 0)."""

    moves: tuple[_M, ...]
    mine: int
    theirs: int
    mobility: int
    end: str | None


@dataclass(frozen=True)
class _Leaf:
    """Where a line ends, for the side that made its last move."""

    side: int
    end: str | None  # "win" / "loss" / "draw" for ``side``, None at a leaf
    lag: int  # mobility points for ``side``
    pieces: tuple[int, ...]  # (side's, the other's) at a leaf; () at an end
    moves: tuple[_M, ...] = ()


_OTHER_END = {"win": "loss", "loss": "win"}


# ------------------------------------------------------------- the record
def _begin(node: Node, depth: int) -> None:
    """The search enters ``node``'s position with ``depth`` plies to go: once more, when
    it already has a score (a re-search: its children say which search made them)."""
    if node.score is not None:
        node.facts["passes"] = node.facts.get("passes", 1) + 1
        node.facts.pop("table_depth", None)
    node.depth = depth


def _pass_facts(node: Node | None) -> dict[str, Any]:
    """The facts of a child made in ``node``'s search: which of its searches made it,
    when it has had more than one."""
    passes = None if node is None else node.facts.get("passes")
    return {"pass": passes} if passes else {}


def _close(node: Node, kind: str, value: int, flag: int) -> None:
    """The search leaves ``node``'s position with ``value`` for its side to move (the
    table's ``flag``): the node's score and bound are the mover's."""
    node.kind = kind
    node.score = float(-value)
    node.bound = MOVER_BOUND[flag]


def _end(score: int) -> dict[str, Any]:
    """The score and terms of a move that ends the game (``score``: for its mover; 0 is
    a draw, at the move limit)."""
    name = "win" if score > MATE_ZONE else "loss" if score < -MATE_ZONE else "draw"
    return {"score": float(score), "terms": {name: float(score)}}
