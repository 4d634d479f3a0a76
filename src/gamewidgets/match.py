"""Matches: N games of any of the four games between given players, on any executor.

    from gamewidgets.match import match
    result = match("loa", ["medium", "easy"], games=20, seed=1, max_depth=2)
    print(result)              # the summary table (also result._repr_html_(), result.to_rows())
    result.records[0]          # game 0's record (gamewidgets.record, version 2; Game.from_record replays it)

``match(game, players, games=, seed=, executor=None, workers=None, progress=False,
analyses=False, max_moves=None, **options)``; ``game`` is ``"line98"``, ``"mahjong"``, ``"loa"`` or ``"domino"``;
``players`` are names of the game's ``PLAYERS`` or player objects (anything with
``choose(game)``; they must pickle to go to other processes). The result is a
:class:`~gamewidgets.match_result.MatchResult`.

How the games are set up (choices where the issue is silent):

- One-player games (Line 98, Mahjong): every player plays the same ``games`` deals;
  deal ``i`` of a match with seed ``S`` is game seed ``S * 100_000 + i`` (what
  :func:`gamewidgets.line98.experiment.game_seed` gives), and a player named by its
  name is made with that seed. Mahjong is played with ``scoring="standard"`` (the
  clock would make the score depend on the machine); when no pair can be removed the
  match shuffles, as the game's dialog offers, at most ``shuffles`` times (default 3),
  then the game ends stuck.
- Two-player games (LOA, Dominoes): ``games`` counts the games in all. With
  ``swap=True`` (the default) they come in pairs on the same opening (LOA:
  ``opening_plies`` random plies, default 2) or deal (Dominoes), sides swapped, so
  ``games`` must be even; ``swap=False`` (what ``gamewidgets loa match`` does) gives
  every game its own opening with ``players[0]`` first. Unit ``u`` (a pair, or a game)
  draws three 32-bit numbers from ``random.Random(seed)`` in order: its opening or
  deal, the seed of ``players[0]``, the seed of ``players[1]`` (as the command line
  always did).
- Every seed is drawn up front from ``(seed, game index)``; results are sorted by game
  index, so the records and figures (not the times) are the same whatever runs them:
  in this process, threads, processes, a cluster. A player object is copied for every
  game, so what it learns in one game does not leak into the next.
- Options: LOA ``size`` (6), ``opening_plies`` (2); Mahjong ``shuffles`` (3); Line 98
  ``states`` (False: the record of ``gamewidgets line98 play`` without its ``states``,
  which replaying the moves from the seed gives back; True keeps them). Any other
  option goes to the players made by name: LOA ``max_depth``, ``max_nodes``,
  ``time_limit`` (with a depth or node budget and no ``time_limit``, the clock is
  off, so the games replay), Dominoes ``samples``, ``time_limit`` (to the levels that
  take them), Mahjong ``max_nodes`` ... (to the players that take them).
- A player object defined in ``__main__`` (a notebook cell, a script) cannot go to the
  default process pool (its processes cannot import it): without ``workers`` or an
  ``executor`` the match is then played in this process; with ``workers`` > 1 it is a
  :class:`MatchError` saying what to do.
- ``executor``: any :class:`concurrent.futures.Executor` (a thread or process pool, a
  Dask ``Client.get_executor()``); the tasks are the top-level :func:`play_games` on
  plain arguments, one game each. With an executor, ``workers`` is only reported (the
  result's ``workers``). Without one: ``workers`` processes (default the number of
  cores; ``workers=1`` plays in this process).
- A Dask cluster (the optional extra ``distributed``): ``with dask_executor(address) as
  (executor, workers): match(..., executor=executor, workers=workers)`` — what the
  command line's ``--scheduler tcp://host:8786`` does; an unreachable scheduler raises
  :class:`MatchError` saying so. The cluster's workers import gamewidgets, so it must
  be installed there (the same version).
- ``max_moves=N``: a game stops after N moves of the players and counts as it stands
  then (its record says ``"capped": true``; a Line 98 result has ``capped`` too): how
  players that survive long are measured in bounded time.
- ``analyses=True``: every player decides by ``analyse`` and each record keeps the
  analyses (``record["analyses"]``, one per move); ``LinesOfAction.from_record(r)``
  (any widget's) then shows them with Why?.
- ``progress``: True shows a tqdm bar (``tqdm.auto``) when tqdm is installed, else the
  text :class:`ProgressBar` on stderr; a callable is called with ``(done, total)``
  after every finished task batch, up to ``(total, total)``; False: nothing.
- Bad input raises :class:`MatchError` (a ``ValueError``; :class:`BadExecutor`, also a
  ``TypeError``, for an executor that is none) saying what is wrong and what is known.
  An executor that fails while it plays (shut down, a killed worker process, a closed
  Dask client, an agent calling ``os._exit`` in a worker) is :class:`ExecutorFailed`; a
  player that fails (its own exception, a move that cannot be read or played) is a
  :class:`~gamewidgets.players.AgentError` naming it.
"""

from __future__ import annotations

import copy
import dataclasses
import os
import pickle
import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import CancelledError, Executor, ProcessPoolExecutor, ThreadPoolExecutor, as_completed
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, TextIO

from .errors import GameError
from .match_result import MatchResult, Played
from .playing import ENTRIES, SEED_STRIDE, entry, flag_option, game_seed, play
from .untrusted import integer

__all__ = ["GAMES", "GAME_OPTIONS", "ONE_PLAYER", "SEED_STRIDE", "BadExecutor", "ExecutorFailed", "MatchError",
           "MatchResult", "ProgressBar", "Task", "check_arguments", "check_game_options", "checked_players",
           "dask_executor", "game_seed", "make_player", "match", "play_games", "player_options", "players_of",
           "pool_workers", "progress_of"]

GAMES = tuple(ENTRIES)
#: the most games one match (one pair of a tournament) plays
MAX_GAMES = 1_000_000
ONE_PLAYER = tuple(name for name in GAMES if entry(name).seats == 1)
#: the options of each game (the others go to the players): its entry's, and ``swap`` for two players
GAME_OPTIONS: dict[str, dict[str, Any]] = {
    name: {**entry(name).options, **({"swap": True} if entry(name).seats == 2 else {})} for name in GAMES
}


class MatchError(GameError, ValueError):
    """A match that cannot be played as asked; the message says why."""


class BadExecutor(MatchError, TypeError):
    """``executor=`` is not a :class:`concurrent.futures.Executor`."""


class ExecutorFailed(MatchError):
    """The executor could not play the games (shut down, a worker process killed, a
    closed Dask client, an agent that ended its worker process); the message says how."""


def players_of(game: str) -> dict[str, Any]:
    """The players of ``game`` by name (its ``PLAYERS``)."""
    return dict(entry(game).players())


@dataclass(frozen=True)
class Task:
    """One game to play, in plain values: ``players`` in playing order (one-player:
    one; two-player: first, second), each a name or a player object, with its
    ``seeds``; ``deal`` the game seed, LOA opening seed or Dominoes deal seed."""

    game: str
    index: int
    players: tuple[Any, ...]
    who: tuple[int, ...]  # the match's player number of each of ``players``
    names: tuple[str, ...]
    seeds: tuple[int, ...]
    deal: int
    options: dict[str, Any] = field(default_factory=dict)
    player_options: dict[str, Any] = field(default_factory=dict)
    analyses: bool = False  # the record keeps every analysis
    max_moves: int | None = None  # a game stops after this many moves (its record: capped)


def _make(task: Task, k: int) -> Any:
    """Player ``k`` of ``task``: a fresh copy of an object, or made by name."""
    spec = task.players[k]
    if not isinstance(spec, str):
        return copy.deepcopy(spec)
    return make_player(task.game, spec, task.seeds[k], task.player_options)


def make_player(game: str, name: str, seed: int, options: dict[str, Any]) -> Any:
    """The player ``name`` of ``game`` seeded with ``seed``, with the ``options`` it
    takes (ValueError for a refused value): the game entry's ``make_player``."""
    return entry(game).make_player(name, seed, options)


def _play(task: Task) -> Played:
    """One game of the match, played by the one game loop (:func:`gamewidgets.playing.play`)."""
    known = entry(task.game)
    setup = {**{key: value for key, value in task.options.items() if key in known.options},
             known.dealt_by: task.deal}
    out = play(known, setup, [_make(task, k) for k in range(len(task.players))], task.names,
               analyses=task.analyses, max_moves=task.max_moves)
    times = {task.who[k]: (out.seconds[k], out.decisions[k]) for k in range(len(task.players))}
    outcome = out.game.outcome()
    if known.seats == 1:
        result: dict[str, Any] = {"player": task.who[0], "score": out.game.score, "moves": len(out.game.moves),
                                  "capped": out.capped}
        if task.game == "mahjong":
            result["cleared"] = out.game.won
    else:
        assert outcome is not None  # the loop plays a two-player game to its end
        won = None if outcome.winner is None else task.who[outcome.winner]
        result = {"sides": list(task.who), "winner": won, "points": outcome.score, "moves": len(out.game.moves)}
    return Played(task.index, out.record, result, times)


def play_games(tasks: list[Task]) -> list[Played]:
    """Play ``tasks`` (what an executor runs: a top-level function, plain arguments)."""
    return [_play(task) for task in tasks]


def checked_players(game: str, players: Any) -> tuple[list[Any], list[str]]:
    """``players`` (names of ``game``'s players or player objects) as a list, and their
    names; MatchError saying what is wrong (shared with the tournaments)."""
    known = players_of(game)
    if isinstance(players, str) or not isinstance(players, Sequence):
        players = [players]
    players = list(players)
    if not players:
        raise MatchError(f"no players given; the {game} players: {', '.join(known)}")
    if game not in ONE_PLAYER and len(players) != 2:
        raise MatchError(f"{game} is played by two players, not {len(players)}; known: {', '.join(known)}")
    names = []
    for player in players:
        if isinstance(player, str):
            if player not in known:
                raise MatchError(f"unknown {game} player {player[:60]!r}; known: {', '.join(known)}")
            names.append(player)
        elif callable(getattr(player, "choose", None)):
            names.append(str(getattr(player, "name", type(player).__name__)))
        else:
            raise MatchError(f"a player is a name ({', '.join(known)}) or an object with choose(game), "
                             f"not {type(player).__name__}")
    return players, names


def pool_workers(names: Sequence[str], players: Sequence[Any], workers: int | None) -> int:
    """The local processes that play games without an executor: ``workers``, by default
    the cores, or 1 (this process) for a player made in ``__main__`` (MatchError when
    ``workers`` > 1 asks for processes it cannot go to)."""
    in_main = [name for name, player in zip(names, players, strict=True) if _made_in_main(player)]
    if in_main and workers is None:
        return 1  # the default pool cannot import it: play here
    if in_main and workers != 1:
        raise MatchError(f"player {in_main[0]!r} is defined in __main__ (a notebook or a script), which the "
                         "worker processes cannot import: use workers=1, a ThreadPoolExecutor, a Dask client "
                         "(it sends such functions whole), or define it in a module")
    return workers or os.cpu_count() or 1


def _made_in_main(player: Any) -> bool:
    """True when ``player`` pickles by reference to ``__main__`` (a notebook's or a
    script's own class or function), which spawned worker processes cannot import."""
    if isinstance(player, str):
        return False
    try:
        return b"__main__" in pickle.dumps(player)
    except Exception:  # whatever pickling raises: said by the pickling check
        return False


def player_options(game: str) -> set[str]:
    """The options some player of ``game`` made by name takes (``seed`` is the match's)."""
    return entry(game).player_options()


def _tasks(game: str, players: list[Any], names: list[str], games: int, seed: int,
           options: dict[str, Any], player_options: dict[str, Any]) -> list[Task]:
    if game in ONE_PLAYER:
        return [Task(game, k * games + i, (p,), (k,), (names[k],), (game_seed(seed, i),), game_seed(seed, i),
                     options, player_options)
                for k, p in enumerate(players) for i in range(games)]
    swap = options.get("swap", True)
    if swap and games % 2:
        raise MatchError(f"games must be even with swap=True: each {'deal' if game == 'domino' else 'opening'} "
                         f"is played twice, sides swapped (not {games}); or swap=False")
    master = random.Random(seed)
    tasks: list[Task] = []
    for _ in range(games // 2 if swap else games):
        deal, seeds = master.getrandbits(32), (master.getrandbits(32), master.getrandbits(32))
        for order in ((0, 1), (1, 0)) if swap else ((0, 1),):
            tasks.append(Task(game, len(tasks), tuple(players[k] for k in order), order,
                              tuple(names[k] for k in order), tuple(seeds[k] for k in order), deal,
                              options, player_options))
    return tasks


def check_arguments(game: Any, games: Any, seed: Any, executor: Any, workers: Any) -> None:
    """MatchError (BadExecutor) for a game, a number of games, a seed, an executor or a
    number of workers a match cannot be played with (shared with the tournaments)."""
    if not isinstance(game, str) or game not in GAMES:
        raise MatchError(f"unknown game {str(game)[:40]!r}; the games: {', '.join(GAMES)}")
    for name, value, least in (("games", games, 1), ("seed", seed, 0)):
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            raise MatchError(f"{name} must be an integer of at least {least}, not {str(value)[:40]!r}")
    if seed >= 2**128:
        raise MatchError("seed must be below 2**128")
    if games > MAX_GAMES:  # its games are planned up front: more would not fit in memory
        raise MatchError(f"games must be at most {MAX_GAMES:,} in one match, not {games:,}")
    if executor is not None and not isinstance(executor, Executor):
        raise BadExecutor(f"executor must be a concurrent.futures.Executor (a ThreadPoolExecutor, a "
                          f"ProcessPoolExecutor, a Dask client's get_executor()), not {type(executor).__name__}")
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int) or workers < 1):
        raise MatchError(f"workers must be a positive integer, not {str(workers)[:40]!r}")


def check_game_options(game: str, options: dict[str, Any]) -> None:
    """MatchError saying which of ``game``'s own options (its entry's, and ``swap``)
    cannot start a game: said before any game is played, not in a worker."""
    try:
        flag_option(options, "swap")
        check = entry(game).check
        if check is not None:
            check(options)
    except (TypeError, ValueError) as exc:
        raise MatchError(f"{game}: {exc}") from None


def progress_of(progress: Any, unit: str) -> tuple[Callable[[int, int], None] | None, Callable[[], None]]:
    """``(report(done, total), close())`` for ``progress=``."""
    if progress is False or progress is None:
        return None, lambda: None
    if callable(progress):
        return progress, lambda: None
    if progress is not True:
        raise MatchError(f"progress is True, False or a callable(done, total), not {str(progress)[:40]!r}")
    try:
        from tqdm.auto import tqdm  # type: ignore[import-untyped,unused-ignore]
    except ImportError:
        bar = ProgressBar(unit)
        return bar, bar.close
    shown = tqdm(unit=unit)

    def report(done: int, total: int) -> None:
        shown.total = total
        shown.update(done - shown.n)

    return report, shown.close


def match(game: str, players: Sequence[Any], games: int = 10, seed: int = 0, executor: Executor | None = None,
          workers: int | None = None, progress: bool | Callable[[int, int], None] = False, analyses: bool = False,
          max_moves: int | None = None, **options: Any) -> MatchResult:
    """Play ``games`` games of ``game`` between ``players``; see the module docstring."""
    check_arguments(game, games, seed, executor, workers)
    if max_moves is not None:
        max_moves = integer(max_moves, "max_moves (moves a game may last, or None)", 1, error=MatchError)
    players, names = checked_players(game, players)
    game_options = {key: options.pop(key, default) for key, default in GAME_OPTIONS[game].items()}
    check_game_options(game, game_options)
    takes = player_options(game)
    unknown = [key for key in options if key not in takes]
    if unknown:
        raise MatchError(f"no {game} option or player option {', '.join(map(repr, unknown))}; the match's: "
                         f"{', '.join(GAME_OPTIONS[game])}; the players': {', '.join(sorted(takes)) or 'none'}")
    for name in dict.fromkeys(n for n, p in zip(names, players, strict=True) if isinstance(p, str)):
        try:  # a refused option is said now, not in a worker
            make_player(game, name, 0, options)
        except (TypeError, ValueError) as exc:
            raise MatchError(f"{game} player {name!r}: {exc}") from exc
    tasks = [dataclasses.replace(task, analyses=bool(analyses), max_moves=max_moves)
             for task in _tasks(game, players, names, games, seed, game_options, options)]
    local = pool_workers(names, players, workers) if executor is None else 0  # processes of our own pool
    in_process = local == 1
    if not in_process and not isinstance(executor, ThreadPoolExecutor):  # other processes
        for name, player in zip(names, players, strict=True):
            try:
                pickle.dumps(player)
            except Exception as exc:  # whatever pickling raises
                raise MatchError(f"player {name!r} cannot be pickled to go to other processes ({exc}); "
                                 "use workers=1 or a ThreadPoolExecutor") from None
    report, close = progress_of(progress, "hands" if game == "domino" else "games")
    started = time.perf_counter()
    played: list[Played] = []
    used: int | None
    try:
        if in_process:
            for task in tasks:
                played.extend(play_games([task]))
                if report:
                    report(len(played), len(tasks))
            used = 1
        elif executor is not None:
            played = _run(executor, tasks, 1, report)
            used = workers
        else:
            import multiprocessing

            used = local
            chunk = max(1, min(8, len(tasks) // (used * 4)))
            with ProcessPoolExecutor(used, mp_context=multiprocessing.get_context("spawn")) as pool:
                played = _run(pool, tasks, chunk, report)
    except GameError:  # a player's failure (AgentError) or a refused match: said as it is
        raise
    except (Exception, CancelledError) as exc:  # the executor's: shut down, a worker killed, a closed client
        raise ExecutorFailed(f"the games could not be played: the executor failed ({type(exc).__name__}: "
                             f"{str(exc)[:300]}); no result was kept. Start a new executor (or use workers=1) "
                             "and play the match again: its games replay the same") from exc
    finally:
        close()
    played.sort(key=lambda p: p.index)
    return MatchResult(game, tuple(names), seed, games, played, time.perf_counter() - started, used,
                       one_player=game in ONE_PLAYER)


def _run(executor: Executor, tasks: list[Task], chunk: int,
         report: Callable[[int, int], None] | None) -> list[Played]:
    futures = [executor.submit(play_games, tasks[i:i + chunk]) for i in range(0, len(tasks), chunk)]
    played: list[Played] = []
    for future in as_completed(futures):
        played.extend(future.result())
        if report:
            report(len(played), len(tasks))
    return played


@contextmanager
def dask_executor(address: str, timeout: float = 20) -> Iterator[tuple[Executor, int]]:
    """A Dask cluster's executor and its number of workers, for ``match(executor=...)``:
    a ``distributed.Client`` connected to the scheduler at ``address`` (closed on exit)."""
    from .extras import require

    require("distributed", "games on a Dask cluster")
    from distributed import Client

    try:
        client = Client(address, timeout=timeout)
    except (OSError, TimeoutError, ValueError) as exc:
        raise MatchError(f"cannot reach the Dask scheduler at {address[:80]!r}: {exc}") from None
    with client:
        yield client.get_executor(), max(1, len(client.nthreads()))


class ProgressBar:
    """A progress bar on stderr, as ``progress(done, total)``: redrawn in place on a
    terminal (at most ten times a second), one line per tenth of the way otherwise."""

    def __init__(self, unit: str, width: int = 30, stream: TextIO | None = None):
        self.unit, self.width = unit, width
        self.stream = stream or sys.stderr
        self.live = self.stream.isatty()
        self.started = time.perf_counter()
        self._shown = (-1, 0.0)

    def __call__(self, done: int, total: int) -> None:
        now = time.perf_counter()
        step = 10 * done // max(total, 1)
        if self.live:
            if done < total and now - self._shown[1] < 0.1:
                return
        elif step == self._shown[0] and done < total:
            return
        self._shown = (step, now)
        filled = self.width * done // max(total, 1)
        line = f"[{'#' * filled}{'.' * (self.width - filled)}] {done}/{total} {self.unit} {now - self.started:5.1f} s"
        self.stream.write(("\r" + line) if self.live else line + "\n")
        self.stream.flush()

    def close(self) -> None:
        """End the bar's line on a terminal (nothing otherwise)."""
        if self.live:
            self.stream.write("\n")
            self.stream.flush()
