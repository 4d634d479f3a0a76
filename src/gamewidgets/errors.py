"""The exceptions every game raises, so one ``except`` works for all four games."""


class GameError(Exception):
    """Base class of the errors raised by gamewidgets."""


class IllegalMove(GameError, ValueError):
    """A move the rules do not allow; the message says why. The game is unchanged."""


class GameOver(IllegalMove):
    """A move was asked for after the game ended."""


class NothingToUndo(GameError):
    """``undo()`` with no move to take back."""


class BadSave(GameError, ValueError):
    """A saved game (``from_dict``) that is malformed or inconsistent."""


class BadMessage(GameError):
    """A message from a view that cannot be acted on (it is ignored and reported)."""
