"""Dominoes as the game loop knows it (:mod:`gamewidgets.playing`): a setup is
``{"seed": s}`` (the hand ``Game(s)`` deals) or ``{"seed": s, "deal": {...}}`` (the
hands and the boneyard, as ``game.record()["deal"]``; the record keeps it, so a record
replays whatever deals it); its moves are the hand's events (``{"player", "action", ...}``,
a draw with its tile). Two seats, each player seeing only its own
(:meth:`Game.view`); its players are ``PLAYERS``, made by
:func:`~gamewidgets.domino.ai.level_player` with the options they take."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..playing import GameEntry
from ..record import checked_seed


def _start(setup: Mapping[str, Any]) -> Any:
    from .rules import Game

    seed = checked_seed(setup.get("seed") or 0)
    game = Game(seed)
    deal = setup.get("deal")
    if deal is not None and game.record()["deal"] != deal:
        game = Game._from_start(deal, seed)
    return game


def _players() -> Mapping[str, Any]:
    from .ai import PLAYERS

    return PLAYERS


def _make_player(name: str, seed: int, options: Mapping[str, Any]) -> Any:
    from .ai import level_player

    return level_player(name, seed, options)


ENTRY = GameEntry(
    name="domino",
    seats=2,
    start=_start,
    players=_players,
    make_player=_make_player,
    player_options=lambda: {name for cls in _players().values() for name in cls.options},
    setup_of=lambda game, setup: {"seed": game.seed, "deal": game.record()["deal"]},
    actions=lambda game: game.record()["moves"],  # who moved, and the tile each draw took
)
