"""Mahjong Connect as the game loop knows it (:mod:`gamewidgets.playing`): a setup is
``{"seed": s, "scoring": "standard", "shuffles": 3}`` (the deal of ``Game(s)``; the
standard scoring, as a clock would make the score depend on the machine), or with
``"grid"`` (its start, as ``str`` codes row by row) for a given layout. When no pair can
be removed the game is shuffled, as the game's dialog offers, at most ``shuffles``
times; then it ends stuck. Its record's moves hold the shuffles (``{"shuffle": true}``)
among the removals, so it replays exactly."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..playing import GameEntry, count_option, keyword_options, made_with
from ..record import checked_seed


def _start(setup: Mapping[str, Any]) -> Any:
    from .rules import Game

    seed, scoring = checked_seed(setup["seed"]), setup.get("scoring", "standard")
    if setup.get("grid") is not None:
        return Game.from_grid(setup["grid"], seed=seed, scoring=scoring)
    return Game(seed, scoring=scoring)


def _players() -> Mapping[str, Any]:
    from .players import PLAYERS

    return PLAYERS


def _go_on(game: Any, setup: Mapping[str, Any], state: dict[str, Any]) -> bool:
    """Stuck: shuffle while shuffles are left (and a shuffle can clear the layout)."""
    done = state.get("shuffles", 0)
    if done >= setup.get("shuffles", 3):
        return False
    try:
        game.shuffle()
    except ValueError:  # no layout clears what is left (IllegalMove is a ValueError)
        return False
    state["shuffles"] = done + 1
    return True


def _setup_of(game: Any, setup: Mapping[str, Any]) -> dict[str, Any]:
    kept = {"seed": game.seed, "scoring": game.scoring, "shuffles": setup.get("shuffles", 3)}
    if setup.get("grid") is not None:
        kept["grid"] = setup["grid"]
    return kept


def _check(options: Mapping[str, Any]) -> None:
    from .rules import SCORINGS

    count_option(options, "shuffles", 1000)
    if "scoring" in options and options["scoring"] not in SCORINGS:
        raise ValueError(f"scoring must be one of {SCORINGS}, not {str(options['scoring'])[:40]!r}")


ENTRY = GameEntry(
    name="mahjong",
    seats=1,
    start=_start,
    players=_players,
    make_player=lambda name, seed, options: made_with(_players()[name], seed, options),
    player_options=lambda: keyword_options(_players()),
    options={"scoring": "standard", "shuffles": 3},
    go_on=_go_on,
    setup_of=_setup_of,
    actions=lambda game: [action.to_dict() for action in game.actions],
    check=_check,
)
