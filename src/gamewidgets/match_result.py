"""What :func:`gamewidgets.match.match` returns: the records, the figures with their
confidence intervals, time per decision, a table and a plot.

``to_rows()`` has the same columns in every game, so one DataFrame holds the matches of
all four (a figure a game does not have is None):

- ``player``, ``games``;
- ``wins``, ``draws``, ``losses``, ``win_rate`` (wins + half the draws, over the
  games): two-player games (LOA, Dominoes);
- ``mean_score`` ± ``score_se`` (the standard error: sample standard deviation / √n;
  NaN for one game or one deal), ``median_score``: one-player games the points of each
  deal; two-player games the points of each game signed for the player (Lines of
  Action: 1 a win, -1 a loss, 0 a draw; Dominoes: the winner's points), taken over the
  deals' means when sides are swapped (each deal counts once, as ``gamewidgets domino
  match`` prints), over the games otherwise;
- ``ci_low``, ``ci_high``: the 95 % interval of the match's figure, named by
  ``interval``: ``"mean_score"`` (mean ± 1.96 SE) in the one-player games,
  ``"win_rate"`` (the Wilson interval) in the two-player ones;
- ``mean_moves`` (a game's moves, both players' in the two-player games), ``cleared``
  (Mahjong Connect: the share of deals cleared), ``ms_per_move`` (the mean
  milliseconds a player's ``choose`` took: the only figure that differs from one run
  to the next).
"""

from __future__ import annotations

import html
import math
import statistics
from dataclasses import dataclass
from typing import Any

Z95 = 1.959963984540054  # the normal quantile of 97.5 %


@dataclass(frozen=True)
class Played:
    """One finished game: its ``index`` in the match, its ``record``, its ``result``
    (one-player: player, score, moves; two-player: sides, winner, points) and
    ``times``: player number -> (seconds, decisions)."""

    index: int
    record: dict[str, Any]
    result: dict[str, Any]
    times: dict[int, tuple[float, int]]


def mean_se(values: list[float]) -> tuple[float, float]:
    """The mean and its standard error (NaN with fewer than two values)."""
    n = len(values)
    mean = sum(values) / n
    se = math.sqrt(sum((x - mean) ** 2 for x in values) / (n - 1) / n) if n > 1 else float("nan")
    return mean, se


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``successes / n``."""
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    # the interval always holds p (exactly: rounding could put 0 just outside at p = 0)
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


class MatchResult:
    """The games of a match, sorted by index, and their figures."""

    def __init__(self, game: str, players: tuple[str, ...], seed: int, games: int, played: list[Played],
                 seconds: float, workers: int | None, *, one_player: bool):
        self.game, self.names, self.seed, self.games = game, players, seed, games
        self.played, self.seconds, self.workers, self.one_player = played, seconds, workers, one_player
        self.players = _unique(players)  # the labels of the table

    @property
    def records(self) -> list[dict[str, Any]]:
        """Every game's record, in game order (one-player: player by player)."""
        return [p.record for p in self.played]

    def results(self, player: int) -> list[dict[str, Any]]:
        """The results of the games player number ``player`` played, in order."""
        return [p.result for p in self.played if player in p.times]

    def scores(self, player: int) -> list[int]:
        """One-player games: the scores of player number ``player``, deal by deal."""
        return [r["score"] for r in self.results(player)]

    def ms_per_move(self, player: int) -> float:
        """The mean milliseconds per decision of player number ``player`` over its games."""
        seconds = sum(p.times[player][0] for p in self.played if player in p.times)
        decisions = sum(p.times[player][1] for p in self.played if player in p.times)
        return seconds / max(decisions, 1) * 1000

    def points(self, player: int) -> tuple[float, float]:
        """Two-player games: points per game ± standard error for player number
        ``player``, signed (over the deals' means when sides were swapped)."""
        if player == 1:  # zero-sum: the second player's figure is the first's, negated
            mean, se = self.points(0)
            return -mean, se
        units = self._signed_points(player)
        return mean_se([sum(v) / len(v) for v in units.values()])

    def _signed_points(self, player: int) -> dict[int, list[float]]:
        """Player number ``player``'s signed points of each game, by deal (a pair of
        games with sides swapped) or by game."""
        units: dict[int, list[float]] = {}
        swapped = any(p.result["sides"] == [1, 0] for p in self.played)
        for p in self.played:
            r = p.result
            signed = 0 if r["winner"] is None else (r["points"] if r["winner"] == player else -r["points"])
            units.setdefault(p.index // 2 if swapped else p.index, []).append(signed)
        return units

    def to_rows(self) -> list[dict[str, Any]]:
        """One dict a player, the same columns in every game (see the module docstring;
        ``pandas.DataFrame(result.to_rows())``)."""
        rows = []
        for k, label in enumerate(self.players):
            results = self.results(k)
            n = len(results)
            row: dict[str, Any] = {"player": label, "games": n, "wins": None, "draws": None, "losses": None,
                                   "win_rate": None}
            if self.one_player:
                scores = [r["score"] for r in results]
                mean, se = mean_se(scores)
                row.update(mean_score=mean, score_se=se, median_score=statistics.median(scores),
                           ci_low=mean - Z95 * se, ci_high=mean + Z95 * se, interval="mean_score")
            else:
                wins = sum(r["winner"] == k for r in results)
                draws = sum(r["winner"] is None for r in results)
                low, high = wilson(wins + draws / 2, n)
                mean, se = self.points(k)
                signed = [(1 if k == 0 else -1) * x for v in self._signed_points(0).values() for x in v]
                row.update(wins=wins, draws=draws, losses=n - wins - draws, win_rate=(wins + draws / 2) / n,
                           mean_score=mean, score_se=se, median_score=statistics.median(signed),
                           ci_low=low, ci_high=high, interval="win_rate")
            row["mean_moves"] = statistics.fmean(r["moves"] for r in results)
            row["cleared"] = sum(r["cleared"] for r in results) / n if self.game == "mahjong" else None
            row["ms_per_move"] = self.ms_per_move(k)
            rows.append(row)
        return rows

    def _table(self) -> tuple[list[str], list[list[str]]]:
        rows = self.to_rows()
        if self.one_player:
            head = ["player", "games", "mean score", "± SE", "95% interval", "median", "mean moves"]
            body = [[r["player"], str(r["games"]), f"{r['mean_score']:.1f}", f"{r['score_se']:.1f}",
                     f"{r['ci_low']:.1f} – {r['ci_high']:.1f}", f"{r['median_score']:.1f}",
                     f"{r['mean_moves']:.1f}"] for r in rows]
            if self.game == "mahjong":
                head.append("cleared")
                for line, r in zip(body, rows, strict=True):
                    line.append(f"{100 * r['cleared']:.0f}%")
        else:
            head = ["player", "games", "won", "drawn", "lost", "win rate", "95% interval"]
            body = [[r["player"], str(r["games"]), str(r["wins"]), str(r["draws"]), str(r["losses"]),
                     f"{100 * r['win_rate']:.1f}%", f"{100 * r['ci_low']:.1f} – {100 * r['ci_high']:.1f}%"]
                    for r in rows]
            if self.game == "domino":
                head.append("points per hand")
                for line, r in zip(body, rows, strict=True):
                    line.append(f"{r['mean_score']:+.2f} ± {r['score_se']:.2f}")
        head.append("ms per move")
        for line, r in zip(body, rows, strict=True):
            line.append(f"{r['ms_per_move']:.1f}")
        return head, body

    def title(self) -> str:
        """The table's heading: the game, the number of games and the seed."""
        count = f"{self.games} games per player" if self.one_player else f"{self.games} games"
        return f"{self.game} match, {count}, seed {self.seed}"

    def __str__(self) -> str:
        head, body = self._table()
        widths = [max(len(row[i]) for row in [head, *body]) for i in range(len(head))]
        lines = [self.title()]
        for row in [head, *body]:
            lines.append("  ".join(cell.ljust(w) if i == 0 else cell.rjust(w)
                                   for i, (cell, w) in enumerate(zip(row, widths, strict=True))))
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<MatchResult {self.title()}: {', '.join(self.players)}>"

    def _repr_html_(self) -> str:
        head, body = self._table()
        cells = "".join(f"<th>{html.escape(c)}</th>" for c in head)
        rows = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in body)
        return (f"<table><caption>{html.escape(self.title())}</caption><thead><tr>{cells}</tr></thead>"
                f"<tbody>{rows}</tbody></table>")

    def plot(self, ax: Any = None) -> Any:
        """A matplotlib figure of the figures with their 95 % intervals (one-player:
        mean scores; two-player: win rates); returns the axes. Needs the ``plots``
        extra (matplotlib): MissingExtra, an ImportError, says how to install it."""
        from .extras import require

        require("plots", "MatchResult.plot()")
        import matplotlib.pyplot as plt

        if ax is None:
            _, ax = plt.subplots()
        rows = self.to_rows()
        labels = [r["player"] for r in rows]
        if self.one_player:
            values = [r["mean_score"] for r in rows]
            errors = [[v - r["ci_low"] for v, r in zip(values, rows, strict=True)],
                      [r["ci_high"] - v for v, r in zip(values, rows, strict=True)]]
            ax.set_ylabel("mean score (95% interval)")
        else:
            values = [r["win_rate"] for r in rows]
            errors = [[v - r["ci_low"] for v, r in zip(values, rows, strict=True)],
                      [r["ci_high"] - v for v, r in zip(values, rows, strict=True)]]
            ax.set_ylabel("win rate (95% Wilson interval)")
            ax.set_ylim(0, 1)
        ax.bar(labels, values, yerr=[[0 if math.isnan(e) else e for e in side] for side in errors], capsize=4)
        ax.set_title(self.title())
        return ax


def _unique(names: tuple[str, ...]) -> tuple[str, ...]:
    """``names`` with repeated ones numbered: ("easy (1)", "easy (2)")."""
    return tuple(f"{name} ({names[:k].count(name) + 1})" if names.count(name) > 1 else name
                 for k, name in enumerate(names))
