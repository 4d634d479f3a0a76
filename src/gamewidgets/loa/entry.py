"""Lines of Action as the game loop knows it (:mod:`gamewidgets.playing`): a setup is
``{"size": 6, "opening_plies": 2, "opening_seed": s}``: a game on a ``size`` board
that starts with ``opening_plies`` random moves drawn by ``random.Random(s)`` (uniform
among the legal moves, in their order), then the two players, first the top-and-bottom
side. The record's moves hold the opening's moves too, so a record replays from
``{"size"}`` alone. Its players are ``PLAYERS``; with a depth or node budget and no
``time_limit`` the clock is off, so their games replay."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..playing import GameEntry, count_option, keyword_options


def _start(setup: Mapping[str, Any]) -> Any:
    from .rules import Game

    return Game(setup.get("size", 6))


def _opening(game: Any, setup: Mapping[str, Any]) -> None:
    rng = random.Random(setup.get("opening_seed"))
    while game.outcome() is None and game.ply < setup.get("opening_plies", 0):
        moves = game.legal_moves()
        game.play(moves[rng.randrange(len(moves))])


def _players() -> Mapping[str, Any]:
    from .ai import PLAYERS

    return PLAYERS


def make_player(name: str, seed: int, options: Mapping[str, Any]) -> Any:
    """Player ``name`` seeded with ``seed``, with every option (all levels take them all)."""
    chosen = dict(options)
    if "time_limit" not in chosen and (chosen.get("max_depth") is not None or chosen.get("max_nodes") is not None):
        chosen["time_limit"] = None  # a budget without a clock: the games replay
    return _players()[name](seed=seed, **chosen)


def _check(options: Mapping[str, Any]) -> None:
    from .rules import MOVE_LIMIT, SIZES

    size = options.get("size", 6)
    if isinstance(size, bool) or size not in SIZES or not isinstance(size, int):
        raise ValueError(f"size must be one of {SIZES}, not {str(size)[:40]!r}")
    count_option(options, "opening_plies", MOVE_LIMIT)


ENTRY = GameEntry(
    name="loa",
    seats=2,
    start=_start,
    players=_players,
    make_player=make_player,
    player_options=lambda: keyword_options(_players()),
    options={"size": 6, "opening_plies": 2},
    dealt_by="opening_seed",
    opening=_opening,
    setup_of=lambda game, setup: {"size": game.size, "opening_plies": setup.get("opening_plies", 0),
                                  "opening_seed": setup.get("opening_seed")},
    check=_check,
)
