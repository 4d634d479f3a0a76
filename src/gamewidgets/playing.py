"""One way to play a game, whatever the game: an entry per game and one game loop.

Every game is known to the rest of the package by one :class:`GameEntry`
(``gamewidgets.<game>.entry.ENTRY``, found by :func:`entry`): how a game starts from a
*setup* (the plain data that starts it again: a seed, a size, a deal), its players and
how one is made by name, the options it takes, and what it does when the rules stop it
short (Mahjong Connect's shuffle). :func:`play` is the one loop over the rules protocol
(:mod:`gamewidgets.protocol`) that :func:`gamewidgets.match.match`, the tournaments, the
command line and each game's own ``play_game`` use:

1. the entry starts the game from the setup (and plays its opening, where the setup
   asks for one: Lines of Action's random plies);
2. while the game is not over, the player of the seat to move is asked with what that
   seat may see (:func:`gamewidgets.protocol.seat_view`), its move played; a game the
   rules stop (Mahjong Connect stuck) goes on when the entry says so (a shuffle);
3. it stops at the end, or after ``max_moves`` of the players' moves;
4. the result is one record (:mod:`gamewidgets.record`), with the time each seat's
   player took.

A fifth game is one entry (and its name in :data:`ENTRIES`), not edits in five modules.
The seeds of a match's deals are made here too (:func:`game_seed`).
"""

from __future__ import annotations

import importlib
import inspect
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .protocol import seat_view

#: the game seed of deal ``i`` of a one-player match or experiment with seed ``S``: ``S * SEED_STRIDE + i``
SEED_STRIDE = 100_000
#: each game's entry: the module that defines ``ENTRY``
ENTRIES = {
    "line98": "gamewidgets.line98.entry",
    "mahjong": "gamewidgets.mahjong.entry",
    "loa": "gamewidgets.loa.entry",
    "domino": "gamewidgets.domino.entry",
}


def game_seed(seed: int, index: int) -> int:
    """The deal of game ``index`` of a one-player match (or experiment) with ``seed``."""
    return seed * SEED_STRIDE + index


@dataclass(frozen=True)
class GameEntry:
    """What the loop, the matches, the records and the command line know of one game."""

    name: str
    #: how many players play it (1: Line 98, Mahjong Connect; 2: Lines of Action, Dominoes)
    seats: int
    #: ``start(setup) -> Game``: the game a setup starts (its opening not played yet)
    start: Callable[[Mapping[str, Any]], Any]
    #: ``players() -> {name: class}``: the game's ``PLAYERS``
    players: Callable[[], Mapping[str, Any]]
    #: ``make_player(name, seed, options) -> player``: one of them, with the options it takes
    make_player: Callable[[str, int, Mapping[str, Any]], Any]
    #: ``player_options() -> names``: the options some player made by name takes
    player_options: Callable[[], set[str]]
    #: the game's own options with their defaults (they go into its setup)
    options: Mapping[str, Any] = field(default_factory=dict)
    #: the setup's key of the number a match draws for each deal (LOA: its opening's seed)
    dealt_by: str = "seed"
    #: ``opening(game, setup)``: play the moves the setup starts with (LOA's random plies)
    opening: Callable[[Any, Mapping[str, Any]], None] | None = None
    #: ``go_on(game, setup, state) -> bool``: the rules stopped ``game`` short; make it
    #: playable again and say True, or say False (it ends there); ``state`` is a dict kept
    #: through one game
    go_on: Callable[[Any, Mapping[str, Any], dict[str, Any]], bool] | None = None
    #: ``setup_of(game, setup) -> setup``: what the record keeps to start it again
    setup_of: Callable[[Any, Mapping[str, Any]], dict[str, Any]] | None = None
    #: ``actions(game) -> [dict]``: the record's moves, oldest first (default: each
    #: move's ``to_dict()``; Mahjong Connect's shuffles too)
    actions: Callable[[Any], list[dict[str, Any]]] | None = None
    #: ``extra(game, setup) -> dict``: what this game's record adds (Line 98's states)
    extra: Callable[[Any, Mapping[str, Any]], dict[str, Any]] | None = None
    #: ``check(options)``: ValueError (TypeError for a wrong type) saying which of the
    #: game's options cannot start a game, before any is played
    check: Callable[[Mapping[str, Any]], None] | None = None


def entry(name: str) -> GameEntry:
    """The entry of game ``name`` (one of :data:`ENTRIES`); KeyError naming them otherwise."""
    if name not in ENTRIES:
        raise KeyError(f"no game {str(name)[:40]!r}; the games: {', '.join(ENTRIES)}")
    return importlib.import_module(ENTRIES[name]).ENTRY


def count_option(options: Mapping[str, Any], name: str, high: int) -> None:
    """``options[name]`` (when given) must be a whole number 0..``high``; TypeError or
    ValueError saying so (an option of a game, checked before any game is played)."""
    if name not in options:
        return
    value = options[name]
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an integer, not {str(value)[:40]!r}")
    if not 0 <= value <= high:
        raise ValueError(f"{name} must be 0..{high}, not {value}")


def flag_option(options: Mapping[str, Any], name: str) -> None:
    """``options[name]`` (when given) must be True or False; TypeError saying so."""
    if name in options and not isinstance(options[name], bool):
        raise TypeError(f"{name} must be True or False, not {str(options[name])[:40]!r}")


def made_with(cls: Any, seed: int | None, options: Mapping[str, Any]) -> Any:
    """A player of class ``cls`` (made with keyword options) with ``seed`` where it takes
    one and those of ``options`` it takes (the others are other players' options)."""
    takes = inspect.signature(cls).parameters
    chosen = {key: value for key, value in options.items() if key in takes}
    return cls(seed=seed, **chosen) if "seed" in takes else cls(**chosen)


def keyword_options(players: Mapping[str, Any]) -> set[str]:
    """The options some of ``players`` (classes made with keyword options) take, but ``seed``."""
    return {name for cls in players.values() for name in inspect.signature(cls).parameters if name != "seed"}


class _Timed:
    """A player whose decisions are timed (seconds, decisions)."""

    def __init__(self, player: Any):
        self.player, self.seconds, self.decisions = player, 0.0, 0

    def choose(self, position: Any, explain: bool = False) -> tuple[Any, Any]:
        """The move, and with ``explain`` the analysis it came from (None for a player
        without ``analyse``)."""
        started = time.perf_counter()
        analyse = getattr(self.player, "analyse", None) if explain else None
        analysis = analyse(position) if callable(analyse) else None
        move = analysis.move if analysis is not None else self.player.choose(position)
        self.seconds += time.perf_counter() - started
        self.decisions += 1
        return move, analysis


@dataclass
class Playout:
    """A game played by :func:`play`: the game at its end, its record, and per seat
    the seconds its player took and its decisions."""

    game: Any
    record: dict[str, Any]
    seconds: list[float]
    decisions: list[int]
    capped: bool = False


def play(game: str | GameEntry, setup: Mapping[str, Any], players: Sequence[Any], names: Sequence[str] | None = None,
         *, max_moves: int | None = None, analyses: bool = False) -> Playout:
    """Play one game from ``setup`` between ``players`` (in seat order, one per seat,
    each with ``choose(position)``) to its end, or until ``max_moves`` moves of the
    players (the record then says ``capped``); see the module docstring. With
    ``analyses=True`` each player decides by ``analyse`` and the record keeps every
    analysis (None for the opening's moves, and a player without ``analyse``)."""
    from .players import failures_of
    from .record import new_record

    known = game if isinstance(game, GameEntry) else entry(game)
    if len(players) != known.seats:
        raise ValueError(f"{known.name} is played by {known.seats} player(s), not {len(players)}")
    setup = {**known.options, **setup}
    timed = [_Timed(p) for p in players]
    state = known.start(setup)
    if known.opening is not None:
        known.opening(state, setup)
    kept: list[Any] = [None] * _action_count(state) if analyses else []  # an analysis per move (opening: none)
    played, capped = 0, False
    stopped: dict[str, Any] = {}
    while True:
        if state.is_over:
            if known.go_on is not None and not _won(state) and known.go_on(state, setup, stopped):
                continue
            break
        if max_moves is not None and played >= max_moves:
            capped = True
            break
        seat = state.turn
        with failures_of(timed[seat].player):
            move, analysis = timed[seat].choose(seat_view(state, seat), analyses)
            state.play(move)
        if analyses:  # Mahjong: shuffles may have come between, with no analysis
            kept.extend([None] * (_action_count(state) - len(kept) - 1) + [analysis])
        played += 1
    labels = list(names) if names is not None else [str(getattr(p, "name", type(p).__name__)) for p in players]
    record = new_record(known, state, setup, labels, capped=capped, analyses=kept if analyses else None)
    return Playout(state, record, [t.seconds for t in timed], [t.decisions for t in timed], capped)


def _action_count(game: Any) -> int:
    """How many of the record's moves ``game`` has: Mahjong Connect's actions (shuffles
    too), else its moves."""
    actions = getattr(game, "actions", None)
    return len(actions) if actions is not None else len(game.moves)


def _won(game: Any) -> bool:
    """A one-player game cleared (nothing to go on with)."""
    return bool(getattr(game, "won", False))
