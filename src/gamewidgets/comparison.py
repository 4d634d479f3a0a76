"""Two players' analyses of one position, side by side: ``gamewidgets.search.compare(a, b)``.

    c = compare(Hard().analyse(game), Insane().analyse(game))
    c                     # the table (a notebook shows it as HTML), most disputed first
    c.disagreement        # the move they rank furthest apart (None when they agree)
    c.show()              # the position on the game's board, the disputed moves drawn

Choices where the issue is silent:

- A move is matched by equality (the games' moves compare equal when they are the
  same move). The table has the moves both considered; ``only_a`` / ``only_b`` the
  others. The ranks are each analysis's own (1 = its best candidate), counted among
  all its candidates, so a move one player ranks 1st and the other 7th stands out
  even when the other did not score its 2nd to 6th moves in this table.
- Rows are sorted by how far apart the ranks are (``gap``), then by ``a``'s rank.
  Scores are each player's own and on each player's own scale: compare ranks across
  players, scores within one.
- ``show()`` draws the disputed moves (the chosen two, then the widest gaps, six at
  most) with ``a``'s scores as the game draws an analysis, ``a``'s choice as its
  arrow; the title says what ``b`` chose. It needs the position: ``game=`` given to
  ``compare`` or ``show``, or the root of either analysis's search tree.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any

from .analysis import Analysis, Candidate, shown_number
from .untrusted import short_repr

__all__ = ["Comparison", "compare"]

#: the most moves show() draws
SHOWN_MOVES = 6


@dataclass(frozen=True, eq=False, repr=False)
class Comparison:
    """See the module docstring. ``rows``: one dict per move both considered: ``move``,
    ``a_score``, ``a_bound``, ``a_rank``, ``b_score``, ``b_bound``, ``b_rank``, ``gap``,
    ``a_chose``, ``b_chose``."""

    a: Analysis
    b: Analysis
    rows: tuple[dict[str, Any], ...]
    only_a: tuple[Any, ...]
    only_b: tuple[Any, ...]
    game: Any = None

    @property
    def agree(self) -> bool:
        """Both chose the same move."""
        return bool(self.a.move == self.b.move)

    @property
    def disagreement(self) -> dict[str, Any] | None:
        """The row of the move they rank furthest apart (None when no ranks differ)."""
        return self.rows[0] if self.rows and self.rows[0]["gap"] > 0 else None

    def to_rows(self) -> list[dict[str, Any]]:
        """The rows as plain dicts (``pandas.DataFrame(c.to_rows())``), moves as text."""
        return [{**row, "move": str(row["move"])} for row in self.rows]

    def summary(self) -> str:
        """One line: what each chose and where the other ranks it."""
        rank_b = self._rank_in(self.b, self.a.move)
        rank_a = self._rank_in(self.a, self.b.move)
        if self.agree:
            return f"{self.a.player} and {self.b.player} both chose {self.a.move}"
        return (f"{self.a.player} chose {self.a.move} ({self.b.player} ranks it {_ordinal(rank_b)}); "
                f"{self.b.player} chose {self.b.move} ({self.a.player} ranks it {_ordinal(rank_a)})")

    @staticmethod
    def _rank_in(analysis: Analysis, move: Any) -> int | None:
        return next((i for i, c in enumerate(analysis.candidates, 1) if c.move == move), None)

    def __repr__(self) -> str:
        return f"<Comparison: {self.summary()}; {len(self.rows)} moves both considered>"

    def __str__(self) -> str:
        lines = [self.summary(), f"{'move':>10} {self.a.player + ' score':>14} {'rank':>5} "
                 f"{self.b.player + ' score':>14} {'rank':>5} {'gap':>4}"]
        for row in self.rows:
            lines.append(f"{row['move']!s:>10} {_score(row, 'a'):>14} {row['a_rank']:>5} "
                         f"{_score(row, 'b'):>14} {row['b_rank']:>5} {row['gap']:>4}")
        if self.only_a or self.only_b:
            lines.append(f"only {self.a.player}: {len(self.only_a)} moves; only {self.b.player}: {len(self.only_b)}")
        return "\n".join(lines)

    def _repr_html_(self, limit: int = 20) -> str:
        a, b = html.escape(self.a.player), html.escape(self.b.player)
        head = (f"<tr><th>move</th><th>{a} score</th><th>{a} rank</th><th>{b} score</th><th>{b} rank</th>"
                "<th>gap</th></tr>")
        body = []
        for row in self.rows[:limit]:
            style = ' style="font-weight:bold"' if row["a_chose"] or row["b_chose"] else ""
            cells = (html.escape(str(row["move"])), _score(row, "a"), row["a_rank"], _score(row, "b"), row["b_rank"],
                     row["gap"])
            body.append(f"<tr{style}>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in cells) + "</tr>")
        more = len(self.rows) - limit
        tail = f"<p>… {more} more moves (<code>to_rows()</code> has them all)</p>" if more > 0 else ""
        return (f"<p>{html.escape(self.summary())}</p><table><thead>{head}</thead>"
                f"<tbody>{''.join(body)}</tbody></table>{tail}")

    def show(self, game: Any = None) -> Any:
        """The position on the game's own board (a widget), the disputed moves drawn
        with ``a``'s scores (see the module docstring)."""
        from .search_explorer import board_for

        game = game if game is not None else self.game
        if game is None:
            raise ValueError("show() needs the position: compare(a, b, game=...) or show(game), or analyses "
                             "made with trace=True (their tree holds it)")
        board = board_for(game)
        if board is None:
            raise TypeError(f"no board shows {short_repr(game)}")
        disputed = [self.a.move, *([] if self.agree else [self.b.move])]
        for row in self.rows:
            if len(disputed) >= SHOWN_MOVES:
                break
            if row["move"] not in disputed and row["gap"] > 0:
                disputed.append(row["move"])
        candidates = tuple(c for c in self.a.candidates if c.move in disputed) or (
            Candidate(self.a.move, 0.0),)
        shown = Analysis(player=f"{self.a.player} vs {self.b.player}", move=self.a.move, candidates=candidates,
                         reason=f"{self.summary()}; the arrow is {self.a.player}'s choice", stats={})
        board._driven_start(game.copy())
        board.overlay = board._overlay_of(game, shown)
        return board


def _score(row: dict[str, Any], side: str) -> str:
    sign = {"exact": "", "upper": "≤ ", "lower": "≥ "}[row[f"{side}_bound"]]
    return sign + shown_number(row[f"{side}_score"])


def _ordinal(rank: int | None) -> str:
    if rank is None:
        return "nowhere (not a candidate)"
    suffix = "th" if 10 <= rank % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(rank % 10, "th")
    return f"{rank}{suffix}"


def compare(a: Analysis, b: Analysis, *, game: Any = None) -> Comparison:
    """``a`` and ``b`` (two analyses of one position) side by side: see the module
    docstring. ``game``: the position, for ``show()`` (default: the root of either
    analysis's search tree, when one was recorded)."""
    for name, analysis in (("a", a), ("b", b)):
        if not isinstance(analysis, Analysis):
            raise TypeError(f"compare takes two Analysis objects; {name} is {short_repr(analysis)}")
    if game is None:
        tree = a.tree if a.tree is not None else b.tree
        game = tree.game if tree is not None else None
    ranked_b = list(b.candidates)
    rows = []
    only_a = []
    for rank_a, candidate in enumerate(a.candidates, 1):
        rank_b = next((i for i, c in enumerate(ranked_b, 1) if c.move == candidate.move), None)
        if rank_b is None:
            only_a.append(candidate.move)
            continue
        other = ranked_b[rank_b - 1]
        rows.append({
            "move": candidate.move, "a_score": candidate.score, "a_bound": candidate.bound, "a_rank": rank_a,
            "b_score": other.score, "b_bound": other.bound, "b_rank": rank_b, "gap": abs(rank_a - rank_b),
            "a_chose": candidate.move == a.move, "b_chose": candidate.move == b.move,
        })
    both = [row["move"] for row in rows]
    only_b = [c.move for c in ranked_b if c.move not in both]
    rows.sort(key=lambda row: (-row["gap"], row["a_rank"]))
    return Comparison(a, b, tuple(rows), tuple(only_a), tuple(only_b), game)
