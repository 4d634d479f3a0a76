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


class BadInvite(GameError, ValueError):
    """An online invite that is not ``<server>/rooms/<room id>``."""


class RoomError(GameError):
    """The room server refused: ``code`` says why in one word ("unknown-room",
    "seat-taken", "wrong-credential", "unreachable", ...), the message in words."""

    def __init__(self, message: str, code: str = "refused"):
        super().__init__(message)
        self.code = code
