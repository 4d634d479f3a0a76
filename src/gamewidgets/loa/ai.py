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

Evaluation
----------
Each side's pieces are judged alone (so the figure is cached per bitboard), the score
is ours minus theirs, for the side to move. The per-cell sums are bit-sliced: a sum of
a small per-cell value over the pieces is ``Σ 2**k · popcount(pieces & mask_k)``.

- **concentration** (−12 a point): the sum of the Chebyshev distances of the pieces to
  their centre of mass (rounded to a cell), less the least sum that many pieces can
  have (0, then 1 for each of the 8 neighbours, 2 for the next 16, ...).
- **centralisation** (+30 a ring): the average ring of the pieces, 0 on the edge, 1
  next to it, ... (up to 3 in the middle of 8×8).
- **quads** (−6 a point, so −24 a group): connectedness as four times the Euler
  number, ``Q1 − Q3 − 2·Qd`` over every 2×2 window of the board and its border
  (Q1: one piece, Q3: three, Qd: two on a diagonal) — groups minus holes, counted with
  shifts, masks and popcounts (Gray's formula for 8-connected pieces).
- **mobility** (+6 a move): legal moves, ours minus theirs. In the search a leaf uses
  the move counts of the two positions before it (the search has those lists anyway:
  counting a leaf's own moves would double its cost, and lost in self-play against
  leaving mobility out); :func:`evaluate` and the analysis count exactly.

Search
------
Negamax alpha-beta (fail-soft) with principal variation search, iterative deepening
and a transposition table (a dict keyed by the engine's incremental Zobrist key:
depth, bound, score, best move). Move order: the table's move, two killer moves per
ply, captures, then the history heuristic on top of the centralisation a move gains.
Late quiet moves (from the fourth on, 3+ plies left) are first searched a ply
shallower (late move reduction). At the leaves, when the opponent is close to
connecting (at most two groups and compact), its replies are searched too: a threat to
connect is not left to the evaluation. The end is judged at every node as the rules do
(the mover connected; else the opponent, after a capture; else the move limit, a
draw; else no moves); a win scores 1,000,000 less the plies to it, so a quicker win
and a slower loss are preferred. The leaves are made on bitboards, without make/unmake;
a connected group is looked for only where the Euler number allows one.

Each decision starts with an empty table (no memory of earlier moves): the same
position, seed state and budget give the same decision. The clock is read every 1024
positions; an iteration is not started when half the budget is gone, and one that
runs out of time is cut short (a move that beat the previous best in it is kept).
Depth 1 always completes. So with a clock the decisions depend on the machine's speed
and load; ``time_limit=None`` with ``max_depth`` and/or ``max_nodes`` makes them
reproducible (tests, benchmarks of strength by nodes).

The analysis
------------
``candidates``: every legal move: the chosen one first, then the moves with an exact
score, best first, then those with only an upper bound, highest first. ``score``:
the search's score for the side to move (exact for the chosen move, and for every
move of easy and medium, which search every root move with a full window; for the
other moves of hard and insane an upper bound — alpha-beta proved them no better).
``terms``: the evaluation terms (ours minus theirs, in points) of the position at the
end of the move's line (the move, then the table's best replies), plus ``exact``
(1/0) and ``line`` (its length). ``stats``: ``depth`` (plies of the last complete
iteration), ``nodes`` (positions searched), ``time_ms``, ``random`` (a random move).
``pv``: the principal variation, starting with the move played (just that move when
it is a random one).

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
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar, Final

from ..analysis import Analysis, Candidate
from ..errors import GameOver
from .rules import MOVE_LIMIT, SIZES, Game, Move, _tables, generate, has_move

WIN = 1_000_000
MATE_ZONE = WIN - 1000  # scores beyond this are a win (or loss) found by the search
INF = 10 * WIN
EXACT, LOWER, UPPER = 0, 1, 2
_M = tuple[int, int]  # a move of the search: (src, dst)


# ------------------------------------------------------------------ evaluation
@dataclass(frozen=True)
class Weights:
    """How much each evaluation term counts (points per unit). Tuned by self-play:
    each weight against the others at equal time, 40 games on 6×6 and on 8×8."""

    concentration: int = 12  # per cell of distance to the centre of mass beyond the least possible
    centralisation: int = 30  # per ring towards the centre, averaged over the pieces
    quads: int = 6  # per quarter of the Euler number (Q1 - Q3 - 2 Qd)
    mobility: int = 6  # per legal move


class _EvalTables:
    """Masks for the evaluation of one board size (bit-sliced: a sum of per-cell values
    is a few popcounts)."""

    def __init__(self, size: int):
        n = self.size = size
        nn = n * n
        self.n1 = n + 1
        ring = [min(r, c, n - 1 - r, n - 1 - c) for r in range(n) for c in range(n)]
        self.ring = ring
        self.ring_bits = tuple(sum(1 << i for i in range(nn) if ring[i] >> k & 1) for k in range(2))
        self.row_bits = tuple(sum(1 << i for i in range(nn) if (i // n) >> k & 1) for k in range(3))
        self.col_bits = tuple(sum(1 << i for i in range(nn) if (i % n) >> k & 1) for k in range(3))
        dist = []
        for c in range(nn):
            r0, c0 = divmod(c, n)
            far = [max(abs(i // n - r0), abs(i % n - c0)) for i in range(nn)]
            dist.append(tuple(sum(1 << i for i in range(nn) if far[i] >> k & 1) for k in range(3)))
        self.dist_bits = tuple(dist)
        # the least sum of distances to the centre of mass for k pieces: 1 at 0, 8 at 1, 16 at 2, ...
        least = [0]
        for k in range(1, nn + 1):
            d, total, ring_size = 0, 0, 1
            placed = 0
            while placed < k:
                take = min(ring_size, k - placed)
                total += take * d
                placed += take
                d += 1
                ring_size = 8 * d
            least.append(total)
        self.least = tuple(least)
        self.row0 = (1 << n) - 1
        self.row_last = self.row0 << (n * (n - 1))
        col0 = sum(1 << (r * n) for r in range(n))
        self.col0 = col0
        self.col_last = col0 << (n - 1)
        inner_rows = sum(1 << (r * n) for r in range(1, n))
        self.col0_inner = inner_rows
        self.col_last_inner = inner_rows << (n - 1)
        self.inner = sum(1 << (r * n + c) for r in range(1, n) for c in range(1, n))


_EVAL = {size: _EvalTables(size) for size in SIZES}


def side_features(bb: int, size: int) -> tuple[int, int, int, int]:
    """``(pieces, surplus, rings, euler4)`` of one side's bitboard: the distance sum to
    the centre of mass beyond the least possible, the sum of ring numbers (0 on the
    edge), and four times the Euler number from the quad counts."""
    return _features(bb, _EVAL[size])


def _features(bb: int, T: _EvalTables) -> tuple[int, int, int, int]:
    count = bb.bit_count()
    if not count:
        return 0, 0, 0, 0
    r1, r2, r4 = T.row_bits
    c1, c2, c4 = T.col_bits
    rows = (bb & r1).bit_count() + 2 * (bb & r2).bit_count() + 4 * (bb & r4).bit_count()
    cols = (bb & c1).bit_count() + 2 * (bb & c2).bit_count() + 4 * (bb & c4).bit_count()
    twice = 2 * count
    d1, d2, d4 = T.dist_bits[(2 * rows + count) // twice * T.size + (2 * cols + count) // twice]
    dist = (bb & d1).bit_count() + 2 * (bb & d2).bit_count() + 4 * (bb & d4).bit_count()
    g1, g2 = T.ring_bits
    rings = (bb & g1).bit_count() + 2 * (bb & g2).bit_count()
    n = T.size
    s1 = bb << 1
    s2 = bb << n
    s3 = bb << T.n1
    x = bb ^ s1
    u = s2 ^ s3
    inner = T.inner
    odd = (x ^ u) & inner
    multi = (bb & s1) | (s2 & s3) | (x & u)
    q1 = (odd & ~multi).bit_count()
    q3 = (odd & multi).bit_count()
    qd = (x & u & (bb ^ s2) & inner).bit_count()
    t = bb & T.row0
    b = bb & T.row_last
    left = bb & T.col0
    right = bb & T.col_last
    q1 += ((t ^ (t << 1)).bit_count() + (b ^ (b << 1)).bit_count()
           + ((left ^ (left << n)) & T.col0_inner).bit_count()
           + ((right ^ (right << n)) & T.col_last_inner).bit_count())
    return count, dist - T.least[count], rings, q1 - q3 - 2 * qd


def _static(bb: int, T: _EvalTables, wc: int, wr: int, wq: int) -> int:
    """The evaluation of one side's pieces alone (cached per bitboard by the search)."""
    count, surplus, rings, euler4 = _features(bb, T)
    if not count:
        return 0
    return round(-wc * surplus + wr * rings / count - wq * euler4)


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
        self.tt: dict[int, tuple[int, int, int, _M | None]] = {}  # key -> (depth, flag, score, move)
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
        entry = tt.get(key)
        tt_move = None
        if entry is not None:
            e_depth, e_flag, e_score, tt_move = entry
            if e_depth >= depth and self.root_ply + ply + depth < MOVE_LIMIT:
                if e_score > MATE_ZONE:
                    e_score -= ply
                elif e_score < -MATE_ZONE:
                    e_score += ply
                if e_flag == EXACT:
                    return e_score
                if e_flag == LOWER:
                    if e_score >= beta:
                        return e_score
                elif e_score <= alpha:
                    return e_score
        turn = game.turn
        other = turn ^ 1
        mine, theirs = pieces[turn], pieces[other]
        moves = generate(mine, theirs, self.size)
        if not moves:
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
                        game.make(src, dst)
                        try:
                            score = -self.negamax(1, -beta, -alpha, child, len(moves))
                        finally:
                            game.unmake()
                        seen = self.nodes
                    else:
                        score = lag + a - b
                if score > best:
                    best, best_move = score, m
                    if score > alpha:
                        alpha = score
                        if score >= beta:
                            break
            self.nodes = seen
        else:
            negamax = self.negamax
            make, unmake = game.make, game.unmake
            mob = len(moves)
            reduce = self.lmr and depth >= 3
            for index, m in enumerate(moves):
                self.nodes += 1
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
        tt[key] = (depth, flag, stored, best_move)
        return best

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

    def iterate(self, moves: list[_M], depth: int, exact_all: bool,
                scores: dict[_M, tuple[int, bool]]) -> tuple[_M, int] | None:
        """One root iteration at ``depth``: fills ``scores[m] = (score, exact)`` move by
        move; returns ``(best move, score)``. Principal variation search: the first move
        with a full window, the others with a null window (their score is then an upper
        bound) unless ``exact_all``."""
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
        for index, m in enumerate(moves):
            self.nodes += 1
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
            scores[m] = (score, exact)
            if score > alpha:
                alpha = score
                best = (m, score)
        return best

    def line(self, m: _M, length: int) -> list[_M]:
        """``m`` then the table's best moves, as long as they are legal and the game goes
        on, at most ``length`` moves in all."""
        game = self.game
        moves = [m]
        game.make(*m)
        seen = {game.zobrist}
        try:
            while len(moves) < length and game.outcome() is None:
                entry = self.tt.get(game.zobrist)
                if entry is None or entry[3] is None or entry[3] not in game.move_list():
                    break
                game.make(*entry[3])
                moves.append(entry[3])
                if game.zobrist in seen:
                    break
                seen.add(game.zobrist)
        finally:
            for _ in moves:
                game.unmake()
        return moves

    def terms_after(self, line: list[_M], side: int) -> dict[str, int]:
        """The evaluation terms (for ``side``) of the position at the end of ``line``."""
        game = self.game
        for m in line:
            game.make(*m)
        try:
            return evaluation_terms(game.pieces[side], game.pieces[side ^ 1], self.size, self.weights)
        finally:
            for _ in line:
                game.unmake()


def evaluation_terms(mine: int, theirs: int, size: int, weights: Weights | None = None) -> dict[str, int]:
    """The evaluation of a position for the side owning ``mine``, term by term (points,
    ours minus theirs). The terms add up to the static evaluation; the search's leaves
    use the same figures, except that mobility is taken from the move counts of the two
    positions before the leaf (see the module docstring)."""
    w = weights or Weights()
    T = _EVAL[size]
    a, b = _features(mine, T), _features(theirs, T)

    def rings(f: tuple[int, int, int, int]) -> float:
        return f[2] / f[0] if f[0] else 0

    raw = {
        "concentration": -w.concentration * (a[1] - b[1]),
        "centralisation": w.centralisation * (rings(a) - rings(b)),
        "quads": -w.quads * (a[3] - b[3]),
        "mobility": w.mobility * (len(generate(mine, theirs, size)) - len(generate(theirs, mine, size))),
    }
    # the search rounds each side's sum of the first three to whole points
    static = (_static(mine, T, w.concentration, w.centralisation, w.quads)
              - _static(theirs, T, w.concentration, w.centralisation, w.quads))
    terms = {k: round(v) for k, v in raw.items()}
    terms["centralisation"] += static - (terms["concentration"] + terms["centralisation"] + terms["quads"])
    return terms


def evaluate(game: Game, weights: Weights | None = None) -> dict[str, int]:
    """The static evaluation of ``game``'s position for the side to move: the terms
    and their ``total`` (what the search scores a leaf with)."""
    terms = evaluation_terms(game.pieces[game.turn], game.pieces[game.turn ^ 1], game.size, weights)
    return {**terms, "total": round(sum(terms.values()))}


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
    best: _M  # the search's choice
    chosen: _M  # the move played (best, a win, or a random move)
    depth: int  # plies of the last complete iteration
    wins: list[_M]  # the moves that win at once
    randomised: bool
    partial: bool  # a better move was proved in an unfinished iteration
    seconds: float


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
    ``weights`` — the evaluation's :class:`Weights`.
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
                 max_nodes: int | None = None, weights: Weights | None = None):
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

    def analyse(self, game: Game) -> Analysis:
        """The move this player plays, explained: every root move with its score and
        the evaluation terms at the end of its line, the depth reached, the nodes, the
        time and the principal variation. From the same random state it is the move
        :meth:`choose` plays."""
        decision = self._decide(game)
        search, scores, best, chosen = decision.search, decision.scores, decision.best, decision.chosen
        turn = game.turn
        length = max(decision.depth, 1)
        if abs(scores[best][0]) > MATE_ZONE:
            length = WIN - abs(scores[best][0])  # the whole forced line (extensions may go deeper)
        ranked = sorted(decision.moves, key=lambda m: (m != chosen, m != best, not scores[m][1], -scores[m][0]))
        candidates: list[Candidate] = []
        pv_line: list[_M] = []  # best's line (best is one of the moves)
        for m in ranked:
            line = search.line(m, length)
            if m == best:
                pv_line = line
            score, exact = scores[m]
            terms = search.terms_after(line, turn)
            candidates.append(Candidate(_move(game, m), float(score), {**terms, "exact": int(exact),
                                                                       "line": len(line)}))
        if decision.wins:
            reason = "it wins at once" + (f" ({len(decision.wins)} winning moves)" if len(decision.wins) > 1 else "")
        elif decision.randomised:
            reason = (f"a random move ({self.name} plays about {_share(self.random_share)} of its moves at "
                      f"random); the search preferred {_move(game, best)}")
        else:
            reason = _reason(scores[best][0], decision.depth, len(decision.moves))
            if decision.partial:
                reason += f"; proved better than the depth-{decision.depth} choice in the unfinished next iteration"
        stats = {"depth": decision.depth, "nodes": search.nodes, "time_ms": round(decision.seconds * 1000, 1),
                 "random": decision.randomised}
        pv = _moves(game, pv_line if chosen == best else [chosen])
        return Analysis(player=self.name, move=_move(game, chosen), candidates=tuple(candidates),
                        reason=reason, stats=stats, pv=pv)

    def _decide(self, game: Game) -> _Decision:
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
        partial = False
        best: _M | None
        if wins or len(moves) == 1:
            search.iterate(moves, 1, True, scores)
            best, depth = (wins or moves)[0], 1
        else:
            best, depth = None, 0
            for iteration in range(1, self.max_depth + 1):
                trial: dict[_M, tuple[int, bool]] = {}
                try:
                    found = search.iterate(moves, iteration, self.exact_root, trial)
                except _Timeout:
                    # the first move searched is the previous best: when it is done, a move that
                    # beat it in this unfinished iteration is better at this depth
                    done = [m for m in moves if m in trial and trial[m][1]]
                    if moves[0] in trial and done:
                        better = max(done, key=lambda m: trial[m][0])
                        if better != best:
                            best, partial = better, True
                            scores[best] = trial[best]
                    break
                search.armed = True  # depth 1 always completes; from here the budgets count
                assert found is not None  # some move scores above -INF: there are moves
                scores, (best, score), depth = trial, found, iteration
                moves.sort(key=lambda m: (m != best, not scores[m][1], -scores[m][0]))
                if abs(score) > MATE_ZONE:
                    break  # a forced end is known: deeper will not change it
                if limit is not None and time.perf_counter() - started > 0.5 * limit:
                    break  # the next iteration would not finish in time
        assert best is not None  # set by the first iteration, which always completes
        chosen = best
        # never a random move when a win is seen (at once, or forced by the search)
        randomised = not wins and len(moves) > 1 and roll < self.random_share and scores[best][0] <= MATE_ZONE
        if randomised:
            everything = sorted(moves)
            chosen = everything[self.rng.randrange(len(everything))]
        return _Decision(search, moves, scores, best, chosen, depth, wins, randomised, partial,
                         time.perf_counter() - started)


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
        move = players[game.turn].choose(game)
        seconds.append(time.perf_counter() - started)
        game.play(move)
    return game, seconds
