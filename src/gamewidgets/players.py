"""Your own agent as a player, in every place a built-in player goes.

    from gamewidgets.players import FunctionPlayer

    def first_capture(game):                     # game -> move
        moves = game.legal_moves()
        return next((m for m in moves if m.capture), moves[0])

    agent = FunctionPlayer(first_capture, name="first-capture")
    match("loa", [agent, "easy"], games=10, workers=1)      # gamewidgets.match
    tournament("loa", [agent, "easy", "medium"], 4)         # gamewidgets.tournament
    LinesOfAction(opponent=agent)                           # the widget's computer seat
    w.watch(agent, moves=20)                                # playing the user's side

``FunctionPlayer(fn, name=None)`` has the two methods every player has:
``choose(game) -> move`` and ``analyse(game) -> Analysis``. What ``fn`` gets and gives
(choices where the issue is silent):

- ``fn`` gets what the player to move may see, never the live game
  (:func:`gamewidgets.protocol.seat_view`, one rule for every player): in Line 98 and
  Mahjong a copy whose future chance comes from a generator of its own (trying moves
  on it tells nothing about the real previews or shuffles), in Lines of Action a copy,
  so nothing ``fn`` does to it reaches the game; in Dominoes the mover's
  :class:`~gamewidgets.domino.PlayerView` (its own hand, the line, the counts;
  ``view.legal_actions()``), so an agent cannot see the tiles it must not.
- ``fn`` returns a move: one of the position's legal moves, or anything equal to one
  (Lines of Action also takes its text, "b1-b3"). Or it returns an
  :class:`~gamewidgets.analysis.Analysis` of the move (``Analysis(player, move,
  candidates, reason)``), which explains it: the widgets keep it (``w.analyses``,
  Why?) and ``w.show`` draws it, as the built-in players' analyses.
- A move that is not legal, or an exception in ``fn``, raises :class:`AgentError` (an
  :class:`~gamewidgets.errors.IllegalMove`) naming the agent and the legal moves; the
  game is unchanged. In a widget's computer seat the error is shown on the ``error``
  trait and the game waits (undo or a new game go on).
- Without an Analysis from ``fn``, ``analyse`` gives one candidate, the move, with score
  0 and the reason "chosen by <name>", and ``stats["time_ms"]``.
- ``time_limit=`` (seconds; None, the default: no limit): an agent that takes longer
  for a move is an :class:`AgentError` (its thread is left to finish on its own:
  Python cannot stop a function; it does not hold the process at exit).
- A move object that cannot even be compared with the legal moves (its ``__eq__``
  raises) is an :class:`AgentError` too, as is anything else the agent's move does.
- Matches in other processes pickle the player: ``fn`` must be a module-level function
  (or a picklable callable object) there; a lambda or a function defined in a notebook
  cell plays with ``workers=1`` or a ``ThreadPoolExecutor``.

Agents trained on the :mod:`gamewidgets.rl` environments take ``(observation, mask)``
and return an action number: :meth:`FunctionPlayer.from_policy` turns one into a player
through the environment's own encoding (see there).
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

from .analysis import Analysis, Candidate
from .errors import IllegalMove
from .protocol import seat_view
from .untrusted import short_repr


class AgentError(IllegalMove):
    """An agent's move is not legal, or the agent failed; the message says which agent,
    what it did and what the legal moves were."""


@contextlib.contextmanager
def failures_of(player: Any) -> Iterator[None]:
    """Whatever goes wrong in ``player``'s decision or with its move inside the block (an
    exception of its own, a move the rules refuse, a move object that cannot be read) is
    an :class:`AgentError` naming the player: one rule for every place a player plays
    (the game loop of matches and tournaments, ``watch``)."""
    try:
        yield
    except AgentError:
        raise
    except Exception as exc:  # the player's failure, or its move's
        name = str(getattr(player, "name", type(player).__name__))
        raise AgentError(f"player {name!r} failed: {type(exc).__name__}: {short_repr(str(exc), 200)}") from exc


def _position_for(game: Any) -> tuple[Any, list[Any]]:
    """What the agent gets for ``game`` (the mover's view) and its legal moves."""
    from .domino.rules import PlayerView

    position = seat_view(game)
    if isinstance(position, PlayerView):
        return position, position.legal_actions()
    return position, game.legal_moves()


class FunctionPlayer:
    """A player whose moves come from ``fn(position) -> move`` (or an Analysis); see the
    module docstring."""

    def __init__(self, fn: Callable[[Any], Any], name: str | None = None, *, time_limit: float | None = None):
        if not callable(fn):
            raise TypeError(f"FunctionPlayer needs a callable (position -> move), not {short_repr(fn)}")
        if name is not None and (not isinstance(name, str) or not name.strip()):
            raise TypeError(f"a player's name is a non-empty string, not {short_repr(name)}")
        if time_limit is not None and (isinstance(time_limit, bool) or not isinstance(time_limit, (int, float))
                                       or not 0 < time_limit < float("inf")):
            raise ValueError(f"time_limit is None or a number of seconds above 0, not {short_repr(time_limit)}")
        self.fn = fn
        self.name = name or getattr(fn, "__name__", None) or type(fn).__name__
        self.time_limit = time_limit

    def __repr__(self) -> str:
        return f"FunctionPlayer({getattr(self.fn, '__qualname__', self.fn)!r}, name={self.name!r})"

    def choose(self, game: Any) -> Any:
        """The move ``fn`` makes in ``game`` (the move of :meth:`analyse`)."""
        return self.analyse(game).move

    def analyse(self, game: Any) -> Analysis:
        """``fn``'s move on the mover's view of ``game``, as an Analysis (``fn``'s own, or one
        candidate scoring 0); AgentError when ``fn`` fails, its move is not legal or there is no move."""
        position, legal = _position_for(game)
        if not legal:
            raise AgentError(f"{self.name} has no move to make: the game is over")
        started = time.perf_counter()
        try:
            given = self.fn(position) if self.time_limit is None else self._within_limit(position)
        except AgentError:
            raise
        except Exception as exc:  # the agent's own bug, reported as its failure
            raise AgentError(f"agent {self.name!r} failed: {type(exc).__name__}: {short_repr(str(exc), 200)}") \
                from exc
        elapsed = round((time.perf_counter() - started) * 1000, 3)
        analysis = given if isinstance(given, Analysis) else None
        move = self._legal(analysis.move if analysis else given, legal, game)
        if analysis is not None:
            return analysis if analysis.move is move else Analysis(
                analysis.player, move, analysis.candidates, analysis.reason, analysis.stats, analysis.pv)
        return Analysis(self.name, move, (Candidate(move, 0.0, {}),), f"chosen by {self.name}",
                        {"time_ms": elapsed})

    def _within_limit(self, position: Any) -> Any:
        """``fn(position)`` run in a thread of its own, given ``time_limit`` seconds: an
        AgentError when it takes longer (the thread is left to finish on its own: Python
        cannot stop it; it is a daemon, so it does not hold the process at exit)."""
        box: dict[str, Any] = {}

        def run() -> None:
            try:
                box["move"] = self.fn(position)
            except BaseException as exc:  # said by the caller
                box["error"] = exc

        thread = threading.Thread(target=run, name=f"agent {self.name}", daemon=True)
        thread.start()
        thread.join(self.time_limit)
        if thread.is_alive():
            raise AgentError(f"agent {self.name!r} took more than its time limit of {self.time_limit:g} s")
        if "error" in box:
            raise box["error"]
        return box["move"]

    def _legal(self, move: Any, legal: list[Any], game: Any) -> Any:
        """The legal move equal to ``move`` (or parsed from it); AgentError otherwise."""
        for candidate in legal:
            try:
                same = bool(candidate == move)
            except Exception as exc:  # the agent's object compares as it likes: its failure
                raise AgentError(f"agent {self.name!r} chose {type(move).__name__} {short_repr(move, 60)}, which "
                                 f"cannot be compared with a move ({type(exc).__name__}: {exc})") from exc
            if same:
                return candidate
        if isinstance(move, str) and hasattr(game, "parse_move"):
            try:
                parsed = game.parse_move(move)
            except (ValueError, TypeError):
                parsed = None
            if parsed in legal:
                return legal[legal.index(parsed)]
        shown = ", ".join(str(m) for m in legal[:12]) + (f", ... ({len(legal)} in all)" if len(legal) > 12 else "")
        raise AgentError(f"agent {self.name!r} chose {short_repr(move, 80)}, which is not a legal move here; "
                         f"legal: {shown}")

    @classmethod
    def from_policy(cls, policy: Callable[[Any, Any], Any], env: Any, name: str | None = None) -> FunctionPlayer:
        """A player from ``policy(observation, mask) -> action`` (an agent trained on the
        :mod:`gamewidgets.rl` environment ``env``): each position is encoded as ``env``
        observes it (``env.encode(position)``: the observation and the action mask of
        the player to move) and the action decoded into the game's move
        (``env.decode(action)``). An action the mask forbids is an AgentError, as any
        illegal move."""
        for needed in ("encode", "decode"):
            if not callable(getattr(env, needed, None)):
                raise TypeError(f"from_policy needs a gamewidgets.rl environment, not {short_repr(env)}")
        label = name or str(getattr(policy, "__name__", None) or type(policy).__name__)
        return cls(PolicyMoves(policy, env), name=label)


class PolicyMoves:
    """``position -> move`` from ``policy(observation, mask) -> action`` and an
    environment's encoding (what :meth:`FunctionPlayer.from_policy` plays)."""

    def __init__(self, policy: Callable[[Any, Any], Any], env: Any):
        self.policy, self.env = policy, env

    def __call__(self, position: Any) -> Any:
        observation, mask = self.env.encode(position)
        action = self.policy(observation, mask)
        try:
            return self.env.decode(action)
        except (TypeError, ValueError) as exc:
            raise AgentError(f"the policy's action {short_repr(action, 40)} is not an action of {self.env}: "
                             f"{exc}") from None
