"""How a new-game request ended without a new game, as one seat tells it.

An online widget compares each state the server sends with the one before; when the
pending request (``request``, the seat that asked) went back to null in the same game,
it ended without a new game, in one of three ways:

- ``"cancelled"``: a move was made (by either seat: a move cancels a request);
  ``by`` is the seat that made it;
- ``"declined"``: the other seat declined it;
- ``"withdrawn"``: the seat that asked took it back.

The server's state says only that the request is gone; a seat knows it was its own
answer when it has just sent ``decline`` itself (in the rare race where both seats
send ``decline`` at once, the seat whose message came second -- refused as
``no-request`` -- tells it as its own: the request ended without a new game either way).

The record (``online["request_end"]`` of :class:`~.widget.OnlineDomino`):
``{"asked", "by", "how", "over", "game", "ply", "text"}`` -- ``over``: the hand was
over (nothing to "play on": the final position stays on the table), ``game`` / ``ply``:
the state in which it was seen, ``text``: the sentence for this seat, e.g. "Your
new-game request was cancelled: your opponent played on." It stays until this seat
makes its next move, a new request is made or a new game starts.
"""

from __future__ import annotations

from typing import Any

CANCELLED, DECLINED, WITHDRAWN = "cancelled", "declined", "withdrawn"


def request_end(previous: dict[str, Any], state: dict[str, Any], me: int, *, declining: bool) -> dict[str, Any] | None:
    """The record of the request pending in ``previous`` that ``state`` (the same
    game) shows ended, as seat ``me`` tells it (``declining``: ``me`` has just sent
    ``decline``); None when no request ended."""
    asked = previous["request"]
    if asked is None or state["request"] is not None or previous["game"] != state["game"]:
        return None
    moves = state["view"]["history"][previous["ply"]:]
    if moves:
        how, by = CANCELLED, moves[0]["player"]
    else:
        by = me if declining else 1 - me
        how = WITHDRAWN if by == asked else DECLINED
    over = bool(state["view"]["outcome"])
    return {"asked": asked, "by": by, "how": how, "over": over, "game": state["game"], "ply": state["ply"],
            "text": in_words(asked, by, how, over, me)}


def still_news(ended: dict[str, Any] | None, state: dict[str, Any], me: int) -> dict[str, Any] | None:
    """``ended`` while it is still news in ``state``: not after a new game, a new
    request, or a move by ``me`` after it."""
    if ended is None or state["game"] != ended["game"] or state["request"] is not None:
        return None
    later = state["view"]["history"][ended["ply"]:]
    return None if any(event["player"] == me for event in later) else ended


def in_words(asked: int, by: int, how: str, over: bool, me: int) -> str:
    """The sentence for seat ``me`` (see the module docstring)."""
    if how == CANCELLED:
        whose = "Your" if asked == me else "Your opponent's"
        who = "you" if by == me else "they" if by == asked else "your opponent"
        return f"{whose} new-game request was cancelled: {who} played on."
    if how == DECLINED:
        said = f"{'You' if by == me else 'Your opponent'} declined a new game"
    else:
        said = "You withdrew your new-game request" if asked == me else "Your opponent withdrew their new-game request"
    return f"{said}. The final position stays on the table." if over else f"{said}: play on."
