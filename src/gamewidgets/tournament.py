"""Tournaments: a round robin of any of the four games, its ratings and its cross table.

    from gamewidgets.tournament import tournament
    result = tournament("loa", ["easy", "medium", "hard"], games_per_pair=10, seed=1, max_depth=2)
    print(result)            # the ratings, best first, then the cross table
    result.ratings           # rows: player, rating, low, high, se, games, score
    result.pairs             # rows: player, opponent, games, wins, draws, losses, score
    result.matches["easy", "medium"]   # the MatchResult of that pair

``tournament(game, players, games_per_pair=10, seed=0, executor=None, workers=None,
progress=False, **options)``: ``players`` (two or more) are names of the game's
``PLAYERS`` or player objects, as in :func:`gamewidgets.match.match`, and their names
(a name, or an object's ``name`` attribute, else its class name) must be distinct.
``executor``, ``workers`` and ``options`` (``max_depth``, ``samples``, ``size``,
``swap`` ...) mean what they mean in :func:`~gamewidgets.match.match` and go to it.

How it is played (choices where the issue is silent):

- **Two-player games** (LOA, Dominoes): every pair ``(players[i], players[j])``,
  ``i < j``, plays one :func:`~gamewidgets.match.match` of ``games_per_pair`` games
  (with ``swap=True``, the default, openings or deals played twice with sides swapped,
  so ``games_per_pair`` must be even). Pair ``p`` (counted in that order: (0, 1),
  (0, 2), ... (1, 2) ...) is played with the match seed :func:`pair_seed` ``(seed, p)``:
  the first 8 bytes of the SHA-256 of ``"gamewidgets tournament {seed} pair {p}"``, so
  every pair has its own openings and the whole tournament is the same whatever runs
  it. The pairs are played one after the other, each one's games in parallel on the
  executor; without one and with ``workers`` other than 1, one process pool (spawned,
  ``workers`` processes, default the number of cores) serves every pair.
- **One-player games** (Line 98, Mahjong): one match of all the players on the same
  ``games_per_pair`` deals (deal ``i`` is game seed ``seed * 100_000 + i``, as in
  :func:`~gamewidgets.match.match`); on each deal, the player with the higher score
  wins against the other, equal scores are a draw. So a "game" of a pair is a deal both
  played, and every pair's entry in ``matches`` is that one match.
- **Ratings**: Bradley–Terry on the Elo scale, mean 1500, with 95 % intervals (see
  :mod:`gamewidgets.ratings` for the prior, the anchor and the intervals), from every
  pair's points (a win 1, a draw ½ each way). ``score`` is points over games.
- **Progress** (``progress=True``, or a callable ``(done, total)``): one bar for the
  whole tournament, counted in games (hands for Dominoes).
- Bad input raises :class:`~gamewidgets.match.MatchError` (a ``ValueError``) before any
  game is played: fewer than two players, names that repeat, a ``games_per_pair``
  that is not a positive integer (or odd with ``swap=True``), and whatever
  :func:`~gamewidgets.match.match` refuses.
"""

from __future__ import annotations

import hashlib
import html
import itertools
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import TYPE_CHECKING, Any

from .match import (
    GAME_OPTIONS,
    MAX_GAMES,
    ONE_PLAYER,
    MatchError,
    check_arguments,
    check_game_options,
    checked_players,
    make_player,
    match,
    player_options,
    players_of,
    pool_workers,
    progress_of,
)
from .match_result import MatchResult

if TYPE_CHECKING:  # numpy and the fit load with the first tournament, not with ``import gamewidgets``
    import numpy as np


def pair_seed(seed: int, index: int) -> int:
    """The match seed of pair ``index`` of a tournament with ``seed`` (64 bits)."""
    digest = hashlib.sha256(f"gamewidgets tournament {seed} pair {index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def _checked(game: Any, players: Any, games_per_pair: Any, options: dict[str, Any]) -> tuple[list[Any], list[str]]:
    """The players and their names, or MatchError saying what is wrong."""
    if isinstance(games_per_pair, bool) or not isinstance(games_per_pair, int) or not 1 <= games_per_pair <= MAX_GAMES:
        raise MatchError(f"games_per_pair must be a positive integer (at most {MAX_GAMES:,}), "
                         f"not {repr(games_per_pair)[:40]}")
    check_game_options(game, {key: value for key, value in options.items() if key in GAME_OPTIONS[game]})
    known = ", ".join(players_of(game))
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise MatchError(f"players is a list of two or more players (names: {known}; or player objects), "
                         f"not {str(players)[:40]!r}")
    players = list(players)
    if len(players) < 2:
        raise MatchError(f"a tournament needs at least two players, not {len(players)}; the {game} players: {known}")
    if game in ONE_PLAYER:
        names = checked_players(game, players)[1]
    else:  # a pair of the player with itself: match's check of one player of a two-player game
        names = [checked_players(game, [player, player])[1][0] for player in players]
    repeated = [name for k, name in enumerate(names) if name in names[:k]]
    if repeated:
        raise MatchError(f"the players' names must be distinct; {repeated[0][:60]!r} is there "
                         f"{names.count(repeated[0])} times (give player objects distinct name attributes)")
    if game not in ONE_PLAYER and games_per_pair % 2 and options.get("swap", True):
        raise MatchError(f"games_per_pair must be even with swap=True: each {'deal' if game == 'domino' else 'opening'}"
                         f" is played twice, sides swapped (not {games_per_pair}); or swap=False")
    takes = player_options(game)
    chosen = {key: value for key, value in options.items() if key in takes and key not in GAME_OPTIONS[game]}
    for name in dict.fromkeys(player for player in players if isinstance(player, str)):
        try:  # said now, not when the first pair with this player comes
            make_player(game, name, 0, chosen)
        except (TypeError, ValueError) as exc:
            raise MatchError(f"{game} player {name!r}: {exc}") from exc
    return players, names


def tournament(game: str, players: Sequence[Any], games_per_pair: int = 10, seed: int = 0,
               executor: Executor | None = None, workers: int | None = None,
               progress: bool | Callable[[int, int], None] = False, **options: Any) -> TournamentResult:
    """Play a round robin of ``game`` (``"loa"``, ``"domino"``, ``"line98"``,
    ``"mahjong"``) between ``players`` (two or more names or player objects, with
    distinct names): ``games_per_pair`` games (one-player games: deals) for every pair,
    reproducible from ``seed``; ``executor``, ``workers``, ``progress`` and ``options``
    as in :func:`gamewidgets.match.match`. Returns a :class:`TournamentResult`
    (``ratings``, ``pairs``, ``matches``, ``records``, a text and HTML table,
    ``plot()``). How pairs are seeded and one-player games compared: the docstring of
    the module ``gamewidgets.tournament``."""
    check_arguments(game, 1, seed, executor, workers)
    players, names = _checked(game, players, games_per_pair, options)
    report, close = progress_of(progress, "hands" if game == "domino" else "games")
    n = len(players)
    import numpy as np

    wins, draws = np.zeros((n, n), dtype=int), np.zeros((n, n), dtype=int)
    matches: dict[tuple[str, str], MatchResult] = {}
    started = time.perf_counter()
    try:
        if game in ONE_PLAYER:
            result = match(game, players, games=games_per_pair, seed=seed, executor=executor, workers=workers,
                           progress=report or False, **options)
            used = result.workers
            scores = [result.scores(k) for k in range(n)]
            for i, j in itertools.combinations(range(n), 2):
                matches[names[i], names[j]] = result
                wins[i, j] = sum(a > b for a, b in zip(scores[i], scores[j], strict=True))
                wins[j, i] = sum(a < b for a, b in zip(scores[i], scores[j], strict=True))
                draws[i, j] = draws[j, i] = games_per_pair - wins[i, j] - wins[j, i]
        else:
            used = _play_pairs(game, players, names, games_per_pair, seed, executor, workers, report, options,
                               matches, wins, draws)
    finally:
        close()
    return TournamentResult(game, tuple(names), seed, games_per_pair, wins, draws, matches,
                            time.perf_counter() - started, used)


def _play_pairs(game: str, players: list[Any], names: list[str], games_per_pair: int, seed: int,
                executor: Executor | None, workers: int | None, report: Callable[[int, int], None] | None,
                options: dict[str, Any], matches: dict[tuple[str, str], MatchResult], wins: np.ndarray,
                draws: np.ndarray) -> int | None:
    """Play every pair's match (two-player games), filling ``matches``, ``wins`` and
    ``draws``; returns the number of workers."""
    pairs = list(itertools.combinations(range(len(players)), 2))
    total = len(pairs) * games_per_pair
    pool = None
    if executor is None:
        workers = pool_workers(names, players, workers)
    if executor is None and workers is not None and workers > 1:
        import multiprocessing

        pool = executor = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"))
    try:
        for index, (i, j) in enumerate(pairs):
            shifted = False if report is None else _shifted(report, index * games_per_pair, total)
            result = match(game, [players[i], players[j]], games=games_per_pair, seed=pair_seed(seed, index),
                           executor=executor, workers=workers, progress=shifted, **options)
            matches[names[i], names[j]] = result
            row = result.to_rows()[0]
            wins[i, j], wins[j, i], draws[i, j] = row["wins"], row["losses"], row["draws"]
            draws[j, i] = draws[i, j]
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    return 1 if executor is None else workers


def _shifted(report: Callable[[int, int], None], before: int, total: int) -> Callable[[int, int], None]:
    """A pair's progress, ``(done, its total)``, as the tournament's ``report``."""
    def pair_report(done: int, _: int) -> None:
        report(before + done, total)

    return pair_report


class TournamentResult:
    """A round robin's ratings, pairwise table, matches and records (see
    :mod:`gamewidgets.tournament`)."""

    def __init__(self, game: str, names: tuple[str, ...], seed: int, games_per_pair: int, wins: np.ndarray,
                 draws: np.ndarray, matches: dict[tuple[str, str], MatchResult], seconds: float,
                 workers: int | None):
        self.game, self.names, self.seed, self.games_per_pair = game, names, seed, games_per_pair
        self.wins, self.draws, self.matches = wins, draws, matches
        self.seconds, self.workers = seconds, workers
        self.one_player = game in ONE_PLAYER
        #: points[i][j]: what player i scored against player j
        self.points = wins + draws / 2
        from .ratings import bradley_terry

        self.fit = bradley_terry(self.points)

    @property
    def ratings(self) -> list[dict[str, Any]]:
        """One row a player, in the players' order: ``player``, ``rating`` (Elo scale,
        mean 1500), ``low`` – ``high`` (its 95 % interval), ``se``, ``games``,
        ``score`` (points over games, 0 to 1)."""
        fit = self.fit
        return [{"player": name, "rating": float(fit.rating[k]), "low": float(fit.low[k]),
                 "high": float(fit.high[k]), "se": float(fit.se[k]), "games": int(fit.games[k]),
                 "score": float(fit.points[k] / fit.games[k])} for k, name in enumerate(self.names)]

    @property
    def pairs(self) -> list[dict[str, Any]]:
        """One row an ordered pair (``player`` against ``opponent``, every player against
        every other): ``games``, ``wins``, ``draws``, ``losses``, ``score`` (points over
        games); the pair's games are in ``matches[first, second]`` (players' order)."""
        rows = []
        for i, j in itertools.permutations(range(len(self.names)), 2):
            games = self._games(i, j)
            rows.append({"player": self.names[i], "opponent": self.names[j], "games": games,
                         "wins": int(self.wins[i, j]), "draws": int(self.draws[i, j]),
                         "losses": int(self.wins[j, i]), "score": float(self.points[i, j] / games)})
        return rows

    def to_rows(self) -> list[dict[str, Any]]:
        """The ratings, one dict a player (``pandas.DataFrame(result.to_rows())``)."""
        return self.ratings

    @property
    def records(self) -> list[dict[str, Any]]:
        """Every game's record: pair after pair (in the pairs' order), or the one match's
        (one-player games)."""
        seen: list[MatchResult] = []
        for result in self.matches.values():
            if not any(result is other for other in seen):
                seen.append(result)
        return [record for result in seen for record in result.records]

    def order(self) -> list[int]:
        """The players' numbers, best rated first (ties in the players' order)."""
        return sorted(range(len(self.names)), key=lambda k: (-self.fit.rating[k], k))

    def title(self) -> str:
        """The tables' heading: the game, the players, the games per pair and the seed."""
        unit = "deals" if self.one_player else "hands" if self.game == "domino" else "games"
        return (f"{self.game} tournament, {len(self.names)} players, {self.games_per_pair} {unit} per pair, "
                f"seed {self.seed}")

    def _tables(self) -> tuple[tuple[list[str], list[list[str]]], tuple[list[str], list[list[str]]]]:
        """(head, body) of the ratings, best first, and of the cross table (row's points
        against the column's / games) in the same order."""
        order, rows = self.order(), self.ratings
        head = ["#", "player", "rating", "95% interval", "games", "score"]
        body = [[str(rank), rows[k]["player"], _elo(rows[k]["rating"]),
                 f"{_elo(rows[k]['low'])} – {_elo(rows[k]['high'])}", str(rows[k]["games"]),
                 f"{100 * rows[k]['score']:.1f}%"] for rank, k in enumerate(order, 1)]
        cross_head = ["", *(self.names[k] for k in order)]
        cross = [[self.names[i], *("—" if i == j else f"{_number(self.points[i, j])}/{self._games(i, j)}"
                                   for j in order)] for i in order]
        return (head, body), (cross_head, cross)

    def _games(self, i: int, j: int) -> int:
        return int(self.wins[i, j] + self.wins[j, i] + self.draws[i, j])

    def __str__(self) -> str:
        lines = [self.title()]
        for left, (head, body) in zip((1, 0), self._tables(), strict=True):  # the names' column
            if left == 0:
                lines.append("")
            widths = [max(len(row[i]) for row in [head, *body]) for i in range(len(head))]
            for row in [head, *body]:
                lines.append("  ".join(cell.ljust(w) if i == left else cell.rjust(w)
                                       for i, (cell, w) in enumerate(zip(row, widths, strict=True))).rstrip())
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<TournamentResult {self.title()}: {', '.join(self.names)}>"

    def _repr_html_(self) -> str:
        parts = []
        for caption, (head, body) in zip((self.title(), "cross table: the row's points against the column / games"),
                                         self._tables(), strict=True):
            cells = "".join(f"<th>{html.escape(c)}</th>" for c in head)
            rows = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in body)
            parts.append(f"<table><caption>{html.escape(caption)}</caption><thead><tr>{cells}</tr></thead>"
                         f"<tbody>{rows}</tbody></table>")
        return "".join(parts)

    def plot(self, ax: Any = None) -> Any:
        """A matplotlib figure of the ratings, best at the top, with their 95 % intervals;
        returns the axes. Needs the ``plots`` extra (matplotlib): MissingExtra, an
        ImportError, says how to install it."""
        from .extras import require

        require("plots", "TournamentResult.plot()")
        import matplotlib.pyplot as plt

        if ax is None:
            _, ax = plt.subplots()
        order, rows = self.order(), self.ratings
        values = [rows[k]["rating"] for k in order]
        errors = [[v - rows[k]["low"] for v, k in zip(values, order, strict=True)],
                  [rows[k]["high"] - v for v, k in zip(values, order, strict=True)]]
        ax.errorbar(values, range(len(order)), xerr=errors, fmt="o", capsize=4)
        ax.set_yticks(range(len(order)), [rows[k]["player"] for k in order])
        ax.invert_yaxis()
        ax.axvline(1500, color="grey", linewidth=0.8, linestyle=":")
        ax.set_xlabel("rating (Elo scale, mean 1500; 95% interval)")
        ax.set_title(self.title())
        return ax


def _elo(rating: float) -> str:
    """A rating to the point, "0" never "-0"."""
    return f"{round(rating) + 0:d}"


def _number(points: float) -> str:
    """``7``, ``7.5``."""
    return f"{points:.0f}" if points == int(points) else f"{points:.1f}"
