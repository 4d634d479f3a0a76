"""How a computer player explains a decision — the same shape in every game.

``player.analyse(game)`` returns an :class:`Analysis`: the chosen move, every
candidate with its score and the evaluation terms that made the score, the reason the
chosen one won, search statistics (depth, nodes, time) and the principal variation
where there is a search. It prints as a table, shows as an HTML table in a notebook,
and ``to_rows()`` gives plain dicts, so ``pandas.DataFrame(a.to_rows())`` works
without pandas being a dependency. ``widget.show(analysis)`` draws it on the board;
``analysis.on(game)`` on the game's picture (an SVG that shows in a notebook).

One rule for every player of every game (your own agents' too), kept by
:class:`Candidate` itself:

- ``terms`` are the candidate's **points**: they add up exactly to its ``score``
  (``math.fsum``, to a billionth of the score: a term list that does not is a
  ``ValueError``). Every price is a term of its own (Line 98's unseen spawn, a
  look-ahead's gain), and a player with no reasoning has the terms that make its
  score (random: ``{"random": 0.0}``). A candidate made without terms has the one
  term ``{"value": score}``.
- What describes a score rather than adds to it (a search depth, the length of a
  line, a run of balls, a count of free cells, a chance of winning) is a **fact**:
  ``facts``, a separate mapping, never named as a term.
- ``bound`` says what the score is: ``"exact"``, or ``"upper"`` (the search proved
  the move no better than this: "≤") or ``"lower"`` (no worse: "≥").
- ``to_rows()`` gives one dict per candidate: ``rank``, ``move``, ``score``,
  ``bound``, the terms, the facts, ``chosen``; the table prints a bound as "≤ -20" /
  "≥ 5", and every number the same way in every column (two decimals at most, whole
  numbers as such), rounded once, when it is shown.
- Two analyses are equal when they say the same: ``stats["time_ms"]`` (how long it
  took) is left out of ``==``.
"""

from __future__ import annotations

import html
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from .svg import Picture

#: what a candidate's score is: exact, at most (an upper bound), at least (a lower bound)
BOUNDS = ("exact", "upper", "lower")
BOUND_SIGNS = {"exact": "", "upper": "≤ ", "lower": "≥ "}
#: how close the terms' sum must come to the score, relative to it (floating point)
TOLERANCE = 1e-9


@dataclass(frozen=True)
class Candidate:
    """One move a player considered: its score, the terms (points) that add up to it,
    the facts that describe it, and whether the score is exact or a bound (see the
    module docstring)."""

    move: Any
    score: float
    terms: Mapping[str, float] = field(default_factory=dict)
    facts: Mapping[str, Any] = field(default_factory=dict)
    bound: str = "exact"

    def __post_init__(self) -> None:
        if not self.terms:
            object.__setattr__(self, "terms", {"value": self.score})
        if self.bound not in BOUNDS:
            raise ValueError(f"a candidate's bound is one of {BOUNDS}, not {self.bound!r}")
        total = math.fsum(self.terms.values())
        if abs(total - self.score) > TOLERANCE * max(1.0, abs(self.score)):
            raise ValueError(f"the terms of {self.move} add up to {total!r}, not to its score {self.score!r}: "
                             f"{dict(self.terms)}")
        both = set(self.terms) & set(self.facts)
        if both or {"rank", "move", "score", "bound", "chosen", "terms"} & (set(self.terms) | set(self.facts)):
            raise ValueError(f"a name is a term or a fact, not both, and not a column of to_rows(): "
                             f"{sorted(both) or sorted(set(self.terms) | set(self.facts))}")

    @classmethod
    def of(cls, move: Any, terms: Mapping[str, float], facts: Mapping[str, Any] | None = None,
           bound: str = "exact") -> Candidate:
        """A candidate whose score is the sum of its ``terms``."""
        return cls(move, math.fsum(terms.values()), terms, facts or {}, bound)

    @property
    def shown_score(self) -> str:
        """The score as the table prints it: "≤ " or "≥ " before a bound."""
        return BOUND_SIGNS[self.bound] + shown_number(self.score)


@dataclass(frozen=True, eq=False)
class Analysis:
    """A player's decision, explained. ``candidates`` are ranked best first."""

    player: str
    move: Any
    candidates: tuple[Candidate, ...]
    reason: str
    stats: Mapping[str, Any] = field(default_factory=dict)  # depth, nodes, time_ms
    pv: tuple[Any, ...] = ()
    #: the search as a tree (:class:`gamewidgets.search.SearchTree`) when the player was
    #: asked to record it (``analyse(game, trace=True)``), else None; not part of ``==``
    #: nor of ``to_dict()`` (a record keeps what was decided, not how)
    tree: Any = field(default=None, compare=False, repr=False)

    def __eq__(self, other: object) -> bool:
        """The same decision, explained the same: timing (``stats["time_ms"]``) aside."""
        if not isinstance(other, Analysis):
            return NotImplemented
        return self._compared() == other._compared()

    __hash__ = None  # type: ignore[assignment]  # equal analyses may hold unhashable stats

    def _compared(self) -> tuple[Any, ...]:
        stats = {key: value for key, value in self.stats.items() if key != "time_ms"}
        return self.player, self.move, self.candidates, self.reason, stats, self.pv

    @property
    def chosen(self) -> Candidate:
        """The candidate of the move played."""
        for candidate in self.candidates:
            if candidate.move == self.move:
                return candidate
        raise LookupError("the chosen move is not among the candidates")

    def on(self, game: Any) -> Picture:
        """This analysis drawn on ``game``'s picture (its ``svg(analysis)``): what
        ``widget.show(analysis)`` draws on the board, where no widget runs."""
        return Picture(game.svg(self))

    def to_rows(self) -> list[dict[str, Any]]:
        """One plain dict per candidate, best first: rank, move, score, bound, the
        terms, the facts, chosen."""
        return [
            {"rank": rank, "move": str(c.move), "score": c.score, "bound": c.bound, **c.terms, **c.facts,
             "chosen": c.move == self.move}
            for rank, c in enumerate(self.candidates, start=1)
        ]

    def to_dict(self) -> dict[str, Any]:
        """The analysis as plain JSON data: its candidates as ``to_rows()``, each with
        ``terms``, the names of its terms (the other names of the row are its facts);
        :func:`gamewidgets.record.analysis_from_dict` reads it back."""
        return {
            "player": self.player,
            "move": str(self.move),
            "reason": self.reason,
            "stats": dict(self.stats),
            "pv": [str(m) for m in self.pv],
            "candidates": [{**row, "terms": list(c.terms)} for row, c in zip(self.to_rows(), self.candidates,
                                                                              strict=True)],
        }

    def _columns(self) -> list[str]:
        names: dict[str, None] = {}
        for candidate in self.candidates:
            names.update(dict.fromkeys(candidate.terms))
        for candidate in self.candidates:
            names.update(dict.fromkeys(candidate.facts))
        return ["rank", "move", "score", *names]

    def _cells(self, row: dict[str, Any], candidate: Candidate, columns: list[str]) -> list[str]:
        return [candidate.shown_score if c == "score" else shown_number(row.get(c, "")) for c in columns]

    def _summary(self) -> str:
        stats = ", ".join(f"{k} {shown_number(v)}" for k, v in self.stats.items())
        return f"{self.player} plays {self.move}: {self.reason}" + (f" ({stats})" if stats else "")

    def __str__(self, limit: int = 10) -> str:
        columns = self._columns()
        header = ["", *columns]
        rows = [["*" if row["chosen"] else "", *self._cells(row, c, columns)]
                for row, c in zip(self.to_rows()[:limit], self.candidates, strict=False)]
        widths = [max([len(h), *(len(r[i]) for r in rows)]) for i, h in enumerate(header)]
        lines = [self._summary(), "  ".join(h.rjust(w) for h, w in zip(header, widths, strict=True))]
        lines += ["  ".join(v.rjust(w) for v, w in zip(r, widths, strict=True)) for r in rows]
        if len(self.candidates) > limit:
            lines.append(f"... {len(self.candidates) - limit} more candidates (to_rows() has them all)")
        if any(c.bound != "exact" for c in self.candidates):
            lines.append("≤ / ≥: the search proved the move no better / no worse than this score")
        if self.pv:
            lines.append("principal variation: " + " ".join(str(m) for m in self.pv))
        return "\n".join(lines)

    def _repr_html_(self, limit: int = 20) -> str:
        columns = self._columns()
        head = "".join(f"<th>{html.escape(c)}</th>" for c in columns)
        body = []
        for row, candidate in zip(self.to_rows()[:limit], self.candidates, strict=False):
            style = ' style="font-weight:bold;background:rgba(255,200,0,0.25)"' if row["chosen"] else ""
            cells = "".join(f"<td>{html.escape(v)}</td>" for v in self._cells(row, candidate, columns))
            body.append(f"<tr{style}>{cells}</tr>")
        more = len(self.candidates) - limit
        tail = f"<p>… {more} more candidates (<code>to_rows()</code> has them all)</p>" if more > 0 else ""
        return (f"<p>{html.escape(self._summary())}</p><table><thead><tr>{head}</tr></thead>"
                f"<tbody>{''.join(body)}</tbody></table>{tail}")


class ComputerPlayer(Protocol):
    """What every computer player offers (``widget.watch`` takes one): ``choose(game)``
    and ``analyse(game)``, given the game's rules object (dominoes' players look only at
    ``game.view(game.turn)``, and take such a view too). Every game lists its players in
    ``gamewidgets.<game>.PLAYERS`` (name -> class, made with keyword options). The game
    and move types are each game's own."""

    def choose(self, game: Any, /) -> Any:
        """The move this player makes in ``game`` (what its seat sees of it)."""

    def analyse(self, game: Any, /) -> Analysis:
        """The same decision, explained (``analyse(game).move == choose(game)`` from the
        same random state)."""


def shown_number(value: object) -> str:
    """A value as every column and every reason shows it: a float to two decimals at most (a whole one
    as a whole number), so one number prints the same wherever it is."""
    if isinstance(value, float) and math.isfinite(value):
        text = f"{value:.2f}".rstrip("0").rstrip(".")
        return "0" if text == "-0" else text
    return str(value)
