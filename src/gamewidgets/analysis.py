"""How a computer player explains a decision — the same shape in every game.

``player.analyse(game)`` returns an :class:`Analysis`: the chosen move, every
candidate with its score and the evaluation terms that made the score, the reason the
chosen one won, search statistics (depth, nodes, time) and the principal variation
where there is a search. It prints as a table, shows as an HTML table in a notebook,
and ``to_rows()`` gives plain dicts, so ``pandas.DataFrame(a.to_rows())`` works
without pandas being a dependency. ``widget.show(analysis)`` draws it on the board;
``analysis.on(game)`` on the game's picture (an SVG that shows in a notebook).
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from .svg import Picture


@dataclass(frozen=True)
class Candidate:
    """One move a player considered, its score and the terms the score came from."""

    move: Any
    score: float
    terms: Mapping[str, float] = field(default_factory=dict)


@dataclass(frozen=True)
class Analysis:
    """A player's decision, explained. ``candidates`` are ranked best first."""

    player: str
    move: Any
    candidates: tuple[Candidate, ...]
    reason: str
    stats: Mapping[str, Any] = field(default_factory=dict)  # depth, nodes, time_ms
    pv: tuple[Any, ...] = ()

    @property
    def chosen(self) -> Candidate:
        for candidate in self.candidates:
            if candidate.move == self.move:
                return candidate
        raise LookupError("the chosen move is not among the candidates")

    def on(self, game: Any) -> Picture:
        """This analysis drawn on ``game``'s picture (its ``svg(analysis)``): what
        ``widget.show(analysis)`` draws on the board, where no widget runs."""
        return Picture(game.svg(self))

    def to_rows(self) -> list[dict[str, Any]]:
        """One plain dict per candidate, best first: rank, move, score, terms, chosen."""
        return [
            {"rank": rank, "move": str(c.move), "score": c.score, **c.terms, "chosen": c.move == self.move}
            for rank, c in enumerate(self.candidates, start=1)
        ]

    def to_dict(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "move": str(self.move),
            "reason": self.reason,
            "stats": dict(self.stats),
            "pv": [str(m) for m in self.pv],
            "candidates": self.to_rows(),
        }

    def _columns(self) -> list[str]:
        terms: dict[str, None] = {}
        for candidate in self.candidates:
            terms.update(dict.fromkeys(candidate.terms))
        return ["rank", "move", "score", *terms]

    def _summary(self) -> str:
        stats = ", ".join(f"{k} {_fmt(v)}" for k, v in self.stats.items())
        return f"{self.player} plays {self.move}: {self.reason}" + (f" ({stats})" if stats else "")

    def __str__(self, limit: int = 10) -> str:
        columns = self._columns()
        header = ["", *columns]
        rows = [["*" if row["chosen"] else "", *(_fmt(row.get(c, "")) for c in columns)]
                for row in self.to_rows()[:limit]]
        widths = [max([len(h), *(len(r[i]) for r in rows)]) for i, h in enumerate(header)]
        lines = [self._summary(), "  ".join(h.rjust(w) for h, w in zip(header, widths, strict=True))]
        lines += ["  ".join(v.rjust(w) for v, w in zip(r, widths, strict=True)) for r in rows]
        if len(self.candidates) > limit:
            lines.append(f"... {len(self.candidates) - limit} more candidates (to_rows() has them all)")
        if self.pv:
            lines.append("principal variation: " + " ".join(str(m) for m in self.pv))
        return "\n".join(lines)

    def _repr_html_(self, limit: int = 20) -> str:
        columns = self._columns()
        head = "".join(f"<th>{html.escape(c)}</th>" for c in columns)
        body = []
        for row in self.to_rows()[:limit]:
            style = ' style="font-weight:bold;background:rgba(255,200,0,0.25)"' if row["chosen"] else ""
            cells = "".join(f"<td>{html.escape(_fmt(row.get(c, '')))}</td>" for c in columns)
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

    def choose(self, game: Any, /) -> Any: ...

    def analyse(self, game: Any, /) -> Analysis: ...


def _fmt(value: object) -> str:
    if isinstance(value, float):
        return f"{value:.3g}" if abs(value) < 1000 else f"{value:.0f}"
    return str(value)
