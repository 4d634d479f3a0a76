"""Lines of Action: the evaluation of a position, for the computer players
(:mod:`gamewidgets.loa.ai`) and for people reading their analysis.

Each side's pieces are judged alone (so the search caches the figure per bitboard),
the score is ours minus theirs, for the side to move. The per-cell sums are
bit-sliced: a sum of a small per-cell value over the pieces is
``Σ 2**k · popcount(pieces & mask_k)``.

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
  leaving mobility out); :func:`evaluate` counts the position's own moves.

Rounding: each side's sum of the first three terms is rounded to a whole point (as
the search does); :func:`static_terms` gives concentration and quads exactly (they are
whole points) and lets centralisation take the rounding, so the terms, whole points
each, add up to the figure the search uses exactly.
"""

from __future__ import annotations

from dataclasses import dataclass

from .rules import SIZES, Game, generate


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



def static_terms(mine: int, theirs: int, size: int, weights: Weights | None = None) -> dict[str, int]:
    """The evaluation of a position without mobility, for the side owning ``mine``, term
    by term (whole points, ours minus theirs): ``concentration``, ``centralisation``
    (which takes the rounding) and ``quads``. They add up to what the search scores the
    position with before mobility (each side's figure rounded, ours minus theirs)."""
    w = weights or Weights()
    T = _EVAL[size]
    a, b = _features(mine, T), _features(theirs, T)

    def rings(f: tuple[int, int, int, int]) -> float:
        return f[2] / f[0] if f[0] else 0

    terms = {"concentration": -w.concentration * (a[1] - b[1]),
             "centralisation": round(w.centralisation * (rings(a) - rings(b))),
             "quads": -w.quads * (a[3] - b[3])}
    static = (_static(mine, T, w.concentration, w.centralisation, w.quads)
              - _static(theirs, T, w.concentration, w.centralisation, w.quads))
    terms["centralisation"] += static - sum(terms.values())
    return terms


def evaluation_terms(mine: int, theirs: int, size: int, weights: Weights | None = None) -> dict[str, int]:
    """The evaluation of a position for the side owning ``mine``, term by term (points,
    ours minus theirs): :func:`static_terms` and ``mobility``, the moves of the position
    counted exactly (the search's leaves take it from the positions before them)."""
    w = weights or Weights()
    moves = len(generate(mine, theirs, size)) - len(generate(theirs, mine, size))
    return {**static_terms(mine, theirs, size, w), "mobility": w.mobility * moves}


def evaluate(game: Game, weights: Weights | None = None) -> dict[str, int]:
    """The static evaluation of ``game``'s position for the side to move: the terms
    and their ``total``."""
    terms = evaluation_terms(game.pieces[game.turn], game.pieces[game.turn ^ 1], game.size, weights)
    return {**terms, "total": sum(terms.values())}
