"""Line 98 as the game loop knows it (:mod:`gamewidgets.playing`): a setup is
``{"seed": s}``, the game of ``Game(s)``; one seat; its players are ``PLAYERS``, made
with the match's seed and the options they take. Its record may keep every position
(``states``: the setup's ``states`` option, False by default)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..playing import GameEntry, flag_option, keyword_options, made_with
from ..record import checked_seed


def _start(setup: Mapping[str, Any]) -> Any:
    from .rules import Game

    return Game(checked_seed(setup["seed"]))


def _players() -> Mapping[str, Any]:
    from .players import PLAYERS

    return PLAYERS


ENTRY = GameEntry(
    name="line98",
    seats=1,
    start=_start,
    players=_players,
    make_player=lambda name, seed, options: made_with(_players()[name], seed, options),
    player_options=lambda: keyword_options(_players()),
    options={"states": False},
    setup_of=lambda game, setup: {"seed": game.seed},
    extra=lambda game, setup: {"states": game.states()} if setup.get("states") else {},
    check=lambda options: flag_option(options, "states"),
)
