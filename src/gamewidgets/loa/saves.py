"""The saved games of Lines of Action in a store (one slot per board size and level),
the setup's choice, and who moves first.

A slot's name in the store is the game's ``variant``, ``"8x8 hard"``; its data is
``{"game": Game.to_dict(), "level": ...}`` (the side that moved first is in the
game's start position). :class:`SaveSlots` reads and writes them for
:class:`gamewidgets.loa.widget.LinesOfAction` (whose docstring says when it saves):

- ``game(size, level)``: the unfinished game of a slot, or None. A damaged save is set
  aside by the store (``Store.damaged()``, with a StoreWarning), and why is kept in
  ``damaged`` (save name -> why) for ``continue_saved`` to say. A save whose game is
  not of its slot's size and level is damaged too.
- ``listing()``: every unfinished saved game, ``[{size, level, side, moves}]``, by
  size then level. The single ``"current"`` slot of earlier versions is moved to the
  slot of its size and level first; if that slot holds another game, the old one
  stays under ``"current"`` with a :class:`SavedGameKept` warning (never lost).
- ``choice()`` / ``remember_choice(size, level, side)``: the setup dialog's last
  choice, in the store's settings under ``"setup"``; an invalid remembered choice is
  skipped with a StoreWarning. :func:`choice_of` reads one from a view's message.
- Who moves first: :func:`start_position` (the starting position, ``o`` to move when the
  user plays second), :func:`opener` and :func:`movers` (read from a game).
"""

from __future__ import annotations

import re
import warnings
from typing import Any

from ..errors import BadMessage, BadSave
from ..store import ANYTHING, Store, StoreWarning
from ..untrusted import integer, short_repr
from .ai import PLAYERS
from .rules import FIRST, SIDES, SIZES, Game

GAME = "loa"
OLD_SAVE_NAME = "current"  # the one save slot of earlier versions
CHOICE_SETTING = "setup"  # the setup dialog's last choice, in the store's settings
_SLOT = re.compile(r"([678])x\1 ([a-z]+)")


class SavedGameKept(UserWarning):
    """A game is not saved where it would go: that slot keeps an unfinished game (the
    message says how to continue that one or to replace it)."""


def slot_name(size: int, level: str) -> str:
    """The store's name of the saved game of a size and level: ``"8x8 hard"``."""
    return f"{size}x{size} {level}"


def words(size: int, level: str) -> str:
    """"8×8 hard", for messages."""
    return f"{size}\u00d7{size} {level}"


def opener(game: Game) -> str:
    """"first" when x (the user) made or makes the first move of ``game``, else "second"."""
    return "first" if game.turn ^ (len(game.moves) & 1) == FIRST else "second"


def movers(game: Game) -> list[int]:
    """The side that made each move of ``game``, in order."""
    count = len(game.moves)
    first = game.turn ^ (count & 1)
    return [first ^ (i & 1) for i in range(count)]


def start_position(size: int, side: str) -> Game:
    """The starting position; ``o`` (the computer) to move when the user plays second."""
    game = Game(size)
    if side == "first":
        return game
    board, _, ply = game.fen().split()
    return Game.from_fen(f"{board} o {ply}")


def moved_on_note(size: int, level: str) -> str:
    """Why this game is no longer saved: another process moved its slot on."""
    return (f"Not saved any more: another kernel moved the saved {words(size, level)} game on meanwhile; "
            f"that game is kept (continue it with w.continue_saved({size}, {level!r})), and this one is not saved.")


def kept_note(size: int, level: str, moves: int) -> str:
    """Why a new game is not saved: its slot keeps an unfinished game at ``moves``."""
    return (f"Not saved: the {words(size, level)} slot keeps your unfinished game (move {moves}). Continue it with "
            f"w.continue_saved({size}, {level!r}), or start with replace_saved=True to put this game in its place.")


def choice_of(message: dict[str, Any], size: int, level: str, required: bool = False) -> tuple[int, str, str | None]:
    """A view message's size, level and side (``size`` and ``level`` where it leaves them
    out, unless ``required``; None for no side); BadMessage if they are not ones."""
    given, side = (message.get("size"), message.get("level")), message.get("side")
    wanted = f"{message.get('type')} needs a size in {SIZES} and a level in {tuple(PLAYERS)}"
    if required and None in given:
        raise BadMessage(wanted)
    try:
        size, level = checked_choice(size if given[0] is None else given[0], level if given[1] is None else given[1])
    except ValueError:
        raise BadMessage(wanted) from None
    if side is not None and (not isinstance(side, str) or side not in SIDES):
        raise BadMessage(f"the side must be one of {SIDES}, not {short_repr(side)}")
    return size, level, side


def checked_choice(size: Any, level: Any) -> tuple[int, str]:
    """``size`` and ``level`` if they are a board size and a level; else ValueError. A
    whole number sent as a double (``6.0``, as a view may send it) is the integer."""
    try:
        whole = integer(size, "size", error=ValueError)
    except ValueError:
        whole = None
    if whole not in SIZES:
        raise ValueError(f"size must be one of {SIZES}, not {short_repr(size)}")
    size = whole
    if not isinstance(level, str) or level not in PLAYERS:  # a level from a view may be anything
        raise ValueError(f"level must be one of {tuple(PLAYERS)}, not {short_repr(level)}")
    return size, level


class SaveSlots:
    """The Lines of Action saves and setup choice of one store (see the module docstring)."""

    def __init__(self, store: Store):
        self.store = store
        self.damaged: dict[str, str] = {}  # save name -> why it was set aside
        # slot -> what this process last read or wrote there: its next save replaces only
        # that (None: only an empty slot; ANYTHING: whatever is there)
        self._held: dict[str, Any] = {}

    def game(self, size: int, level: str) -> tuple[Game, str] | None:
        """The unfinished game saved for ``size`` and ``level``, and its level."""
        return self._read(slot_name(size, level))

    def claim(self, size: int, level: str, replace: bool) -> None:
        """A new game will be saved in this slot: over whatever is there (``replace``),
        or only while the slot stays empty (another process may claim it meanwhile)."""
        self._held[slot_name(size, level)] = ANYTHING if replace else None

    def take(self, size: int, level: str) -> tuple[Game, str] | None:
        """The unfinished game of this slot, to continue here: its next save replaces
        only what was read now."""
        return self._read(slot_name(size, level), keep=True)

    def save(self, game: Game, level: str) -> dict[str, Any] | None:
        """Save ``game`` in its slot, replacing only what this process last read or wrote
        there (a versioned write); returns its row of :meth:`listing`, or None when
        another process moved the slot on meanwhile (nothing written)."""
        name = slot_name(game.size, level)
        data = {"game": game.to_dict(), "level": level}
        written = self.store.save(GAME, name, data, replacing=self._held.get(name))
        if written is False:
            self._held.pop(name, None)
            return None
        self._held[name] = data
        return row(game, level)

    def delete(self, size: int, level: str) -> None:
        """Forget this slot's game: only the one this process last wrote there."""
        name = slot_name(size, level)
        held = self._held.pop(name, ANYTHING)
        if held is not None:
            self.store.delete(GAME, name, holding=held)

    def listing(self) -> list[dict[str, Any]]:
        """Every unfinished saved game: ``[{size, level, side, moves}]``."""
        names = self.store.saved(GAME)
        if OLD_SAVE_NAME in names:
            self._migrate()
            names = self.store.saved(GAME)
        rows = []
        for name in names:
            held = self._read(name) if _SLOT.fullmatch(name) else None
            if held is not None:
                rows.append(row(*held))
        return sorted(rows, key=order)

    def why_damaged(self, size: int, level: str) -> str | None:
        """Why the save of this slot (or the old single one, whose slot is not known
        once damaged) was set aside, if it was."""
        return self.damaged.get(slot_name(size, level)) or self.damaged.get(OLD_SAVE_NAME)

    # ------------------------------------------------------- the setup's choice
    def choice(self) -> tuple[int, str, str] | None:
        """The remembered (size, level, side) of the setup dialog, or None."""
        choice = self.store.settings(GAME).get(CHOICE_SETTING)
        if choice is None:
            return None
        try:
            if not isinstance(choice, dict):
                raise ValueError("it is not an object")
            size, level = checked_choice(choice.get("size"), choice.get("level"))
            side = choice.get("side", "first")
            if side not in SIDES:
                raise ValueError(f"side must be one of {SIDES}")
        except ValueError as exc:
            warnings.warn(f"the remembered Lines of Action setup {short_repr(choice)} is not valid ({exc}); "
                          "the dialog opens on the defaults", StoreWarning, stacklevel=4)
            return None
        return size, level, side

    def remember_choice(self, size: int, level: str, side: str) -> None:
        self.store.set_setting(GAME, CHOICE_SETTING, {"size": size, "level": level, "side": side})

    # ---------------------------------------------------------------- internals
    def _read(self, name: str, keep: bool = False) -> tuple[Game, str] | None:
        read: list[dict[str, Any]] = []

        def build(data: dict[str, Any]) -> tuple[Game, str]:
            read.append(data)
            return _saved_game(data, name)

        try:
            held = self.store.restore(GAME, name, build, strict=True)
        except BadSave as exc:
            self.damaged[name] = str(exc)
            return None
        if keep and read:
            self._held[name] = read[0]
        return None if held is None or held[0].is_over else held

    def _migrate(self) -> None:
        """The ``"current"`` save of earlier versions into the slot of its size and
        level, unless that slot holds another game (then it stays, with a warning)."""
        try:
            held = self.store.restore(GAME, OLD_SAVE_NAME, lambda data: _saved_game(data, None), strict=True)
        except BadSave as exc:
            self.damaged[OLD_SAVE_NAME] = str(exc)
            return
        if held is None:
            return
        game, level = held
        there = self.game(game.size, level)
        if there is None:
            self.save(game, level)
        elif there[0].to_dict() != game.to_dict():
            name = slot_name(game.size, level)
            warnings.warn(f"an older saved {words(game.size, level)} game (move {game.ply}) stays in the store as "
                          f"{OLD_SAVE_NAME!r}: the {name!r} slot holds another unfinished game; read it with "
                          f"store.load('loa', {OLD_SAVE_NAME!r})", SavedGameKept, stacklevel=6)
            return
        self.store.delete(GAME, OLD_SAVE_NAME)


def row(game: Game, level: str) -> dict[str, Any]:
    """A saved game as the ``saved`` trait lists it."""
    return {"size": game.size, "level": level, "side": opener(game), "moves": game.ply}


def order(saved: dict[str, Any]) -> tuple[int, int]:
    """The order of ``saved``: by size, then level."""
    return saved["size"], list(PLAYERS).index(saved["level"])


def _saved_game(data: dict[str, Any], name: str | None) -> tuple[Game, str]:
    """A saved ``{"game", "level"}`` rebuilt (from the slot ``name``: of its size and
    level); BadSave if it is not one."""
    level = data["level"]
    if not isinstance(level, str) or level not in PLAYERS:
        raise BadSave(f"the level {short_repr(level)} is not one of {tuple(PLAYERS)}")
    game = Game.from_dict(data["game"])
    if name is not None and slot_name(game.size, level) != name:
        raise BadSave(f"it is a {words(game.size, level)} game, saved as {name!r}")
    return game, level
