"""Dominoes: a hand in words — the hand log (the ``log`` trait of
:class:`gamewidgets.Domino`), the sentence saying a player's last turn (``recap``) and
what one action did (``deed``). Pure: no Jupyter import.

One log entry per action, from ``game.history``: ``player``, ``action``
("play"/"draw"/"pass"), ``first``/``last`` (the history positions it covers), ``text``;
a play adds ``tile``, ``end`` and ``lead`` (it opened the line); a player's consecutive
draws are one entry with their ``count`` (and ``tiles`` only for the player whose draws
may be named).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .rules import DRAW, PLAY, Game


def hand_log(game: Game, names: Sequence[str], named_draws: int | None = None) -> list[dict[str, Any]]:
    """The hand log of ``game`` (the ``log`` trait, see the module docstring); only the
    drawn tiles of player ``named_draws`` (None: nobody) are named."""
    log: list[dict[str, Any]] = []
    for index, event in enumerate(game.history, start=1):
        entry = log[-1] if log else {}
        if event.action != DRAW or entry.get("action") != DRAW or entry["player"] != event.player:
            entry = {"player": event.player, "action": event.action, "first": index}
            log.append(entry)
            if event.action == PLAY:
                entry.update(tile=list(event.tile or ()), end=event.end, lead=event.ends is None)
            elif event.action == DRAW:
                entry.update(count=0, **({"tiles": []} if event.player == named_draws else {}))
        if event.action == DRAW:
            entry["count"] += 1
            entry.get("tiles", []).append(list(event.tile or ()))
        entry["last"] = index
    for entry in log:
        entry["text"] = f"{names[entry['player']]} {deed(entry)}"
    return log


def recap(log: Sequence[Mapping[str, Any]], player: int, subject: str) -> str:
    """The turn of ``player`` that ends ``log`` as a sentence about ``subject`` ("The
    computer drew 2 tiles, then played 5|5 on the right."); "" if the log ends otherwise."""
    turn: list[Mapping[str, Any]] = []
    for entry in reversed(log):
        if entry["player"] != player:
            break
        turn.insert(0, entry)
    if len(turn) > 1 and turn[-1]["action"] == PLAY:
        return f"{subject} {deed(turn[-2])}, then {deed(turn[-1], short=True)}."
    return f"{subject} {' and '.join(map(deed, turn))}." if turn else ""


def deed(entry: Mapping[str, Any], short: bool = False) -> str:
    """What a log entry's player did: "led with 6|6", "played 6|4 on the left end" (short:
    "... on the left"), "drew a tile", "drew 3 tiles" (or "drew 2 tiles: 6|5, 3|1"), "passed"."""
    if entry["action"] == PLAY:
        tile = "|".join(map(str, entry["tile"]))
        return f"led with {tile}" if entry["lead"] else f"played {tile} on the {entry['end']}{'' if short else ' end'}"
    if entry["action"] == DRAW:
        count, named = entry["count"], ", ".join("|".join(map(str, t)) for t in entry.get("tiles", ()))
        return ("drew a tile" if count == 1 else f"drew {count} tiles") + (f": {named}" if named else "")
    return "passed"
