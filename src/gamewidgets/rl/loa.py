"""Lines of Action as a PettingZoo AEC environment: :func:`loa_env` (``size=6`` by
default, as every Lines of Action game; also 7 and 8: the sizes of
:data:`gamewidgets.loa.SIZES`) returns a :class:`LinesOfActionEnv`::

    from gamewidgets.rl import loa_env
    env = loa_env(size=6, render_mode="ansi")
    env.reset(seed=1)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, info = env.last()
        action = None if terminated or truncated else \\
            env.action_space(agent).sample(observation["action_mask"])
        env.step(action)

What the environment does beyond :mod:`gamewidgets.rl.two_player` (the bookkeeping,
the illegal-action rule and the widget, the same for both two-player games):

- Agents: ``"player_0"`` is the first side (``x``: the top and bottom rows; it moves
  first), ``"player_1"`` the second (``o``: the left and right columns).
- Actions: ``Discrete(size**4)``; action ``src * size**2 + dst`` moves the piece on cell
  ``src`` to cell ``dst``, a cell being ``row * size + col`` with row 0 the TOP row and
  col 0 the left column (the rules' cell index, ``move.indices``): on 8×8, ``b1-b3`` is
  ``57 * 64 + 41``. :func:`action_of` / :func:`move_of` convert. Most numbers are never
  legal (``src == dst``, off a line, ...): the mask says which are.
- Observation: ``Box(0, 1, (size, size, 2), np.int8)`` from the point of view of the
  agent observed, so that one policy can play both sides: channel 0 its own pieces,
  channel 1 the opponent's, ``[row, col]`` as above (the board is not turned for
  ``player_1``: its pieces start on the left and right columns; the board's transpose
  is the symmetry that swaps the two starts, for a policy that wants it).
- Rewards at the end: +1 to the winner, -1 to the loser, 0 each for a draw. The game
  ends by its rules (:meth:`gamewidgets.loa.Game.outcome`): a connected side wins (the
  mover first), a side with no move loses, and after 200 moves in total
  (:data:`~gamewidgets.loa.MOVE_LIMIT`, the rule book's draw) it is a draw; these are
  terminations (the rules' own end), never truncations, so an episode has at most
  200 moves. The rule book has no repetition rule.
- An illegal action (two_player's rule): -1 to the agent who made it, +1 to the other.
- There is no chance in the game: every episode starts from the starting position (or
  ``options={"game": game}``: a copy of a Lines of Action game of this size that is not
  over), and ``reset(seed=...)`` only seeds ``np_random``, which nothing here draws
  from; the same actions always give the same episode.
- ``render()``: ``str(game)`` (the board with ranks and files, and the status line).
- ``env.widget(**kwargs)``: :class:`gamewidgets.LinesOfAction` on the environment's game,
  ``player_0`` shown as the user's side (``x``); ``kwargs`` go to it.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces

from ..loa.rules import FIRST, SECOND, SIZES, Game, Move
from ..playing import entry
from ..untrusted import short_repr
from .two_player import BadEnvOption, TwoPlayerEnv

#: the reward of a win (and of an illegal action: -it to the one who made it)
WIN = 1.0


def action_of(move: Move) -> int:
    """The action number of ``move``: ``src * size**2 + dst`` (cell indices)."""
    src, dst = move.indices
    return src * move.size * move.size + dst


def move_of(number: int, size: int) -> Move:
    """The move that action ``number`` (``0..size**4 - 1``) names on a ``size`` board
    (legal or not; the capture mark is the board's business)."""
    src, dst = divmod(number, size * size)
    return Move(src, dst, size=size)


def planes(game: Game, seat: int) -> np.ndarray:
    """``seat``'s observation of ``game``: ``(size, size, 2)`` int8, own pieces then the
    opponent's."""
    n = game.size
    bits = [np.unpackbits(np.frombuffer(game.pieces[side].to_bytes(8, "little"), dtype=np.uint8),
                          bitorder="little")[:n * n] for side in (seat, 1 - seat)]
    return np.stack(bits, axis=1).reshape(n, n, 2).astype(np.int8)


class LinesOfActionEnv(TwoPlayerEnv):
    """Lines of Action for two agents (see the module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "name": "gamewidgets_loa_v0",
                                          "is_parallelizable": False, "render_fps": 1}
    game: Game

    def __init__(self, size: int = 6, render_mode: str | None = None):
        if isinstance(size, bool) or size not in SIZES:
            raise BadEnvOption(f"size must be one of {SIZES}, not {short_repr(size)}")
        self.size = int(size)
        super().__init__(self.size ** 4, spaces.Box(0, 1, (self.size, self.size, 2), np.int8), WIN, render_mode)

    def _new_game(self, rng: np.random.Generator) -> Game:
        return entry("loa").start({"size": self.size})  # the game loop's start

    def _is_game(self, game: Any) -> str | None:
        if isinstance(game, Game) and game.size == self.size:
            return None
        return f"a {self.size}×{self.size} Lines of Action game (gamewidgets.loa.Game)"

    def _action_of(self, move: Move) -> int:
        return action_of(move)

    def _move_of(self, number: int) -> Move:
        return move_of(number, self.size)

    def _observation(self, seat: int) -> np.ndarray:
        return planes(self.game, seat)

    def _position(self, position: Game) -> tuple[np.ndarray, list[Move]]:
        return planes(position, position.turn), position.legal_moves()

    def _outcome_rewards(self) -> tuple[float, float]:
        outcome = self.game.outcome()
        if outcome is None or outcome.winner is None:
            return 0.0, 0.0
        return (WIN, -WIN) if outcome.winner == FIRST else (-WIN, WIN)

    def _make_widget(self, game: Any, **kwargs: Any) -> Any:
        from ..loa.widget import LinesOfAction

        return LinesOfAction(game=game, **kwargs)


def loa_env(size: int = 6, **options: Any) -> LinesOfActionEnv:
    """A Lines of Action AEC environment on a ``size`` board (6, 7 or 8); ``options``:
    ``render_mode`` ("ansi" or None). Not wrapped: it checks its own actions and order
    of calls (see :mod:`gamewidgets.rl.loa`)."""
    return LinesOfActionEnv(size, **options)


__all__ = ["FIRST", "SECOND", "WIN", "LinesOfActionEnv", "action_of", "loa_env", "move_of", "planes"]
