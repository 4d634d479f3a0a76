"""Line 98 as a Gymnasium environment: :class:`Line98Env`, id ``gamewidgets/Line98-v0``.

    import gymnasium, gamewidgets.rl
    env = gymnasium.make("gamewidgets/Line98-v0", render_mode="ansi")
    obs, info = env.reset(seed=3)                       # the game of Line98(seed=3)
    action = env.action_space.sample(info["action_mask"])
    obs, reward, terminated, truncated, info = env.step(action)
    w = env.unwrapped.widget()                          # watch it live in a notebook

The game is :class:`gamewidgets.line98.Game` (rule book ``shared/spec/line98.md``).
What the environment does, where the issue leaves it open:

- Actions: ``Discrete(6561)``; action ``source * 81 + target`` moves the ball on cell
  ``source`` to cell ``target``, a cell's index being ``row * 9 + col`` (row 0 at the
  top). :func:`action_of` and :func:`move_of` convert between actions and the game's
  :class:`~gamewidgets.line98.Move`.
- The action mask (``info["action_mask"]``, ``np.int8``, 6561 entries) is 1 exactly
  at the moves of ``game.legal_move_array()``: a ball, an empty target and a path of
  empty cells between them. Once the game is over it is all zeros.
- Observation: ``Box(0, 7, (2, 9, 9), np.int8)``; channel 0 the board (0 empty,
  1..7 the colours red, green, blue, yellow, pink, cyan, white); channel 1 the
  previews — the colour of each of the (up to three) balls that come next, on the
  cell where it will appear, 0 elsewhere — what the player sees in the game.
- Reward: the points the move scored (``2n² − 20n + 60`` for the n balls of each
  clearing, the move's and the spawn's), i.e. the change of ``game.score``; 0 for a
  move that clears nothing.
- An illegal action (masked out, out of range, not an int) changes nothing and gives
  ``illegal_reward`` (default −1.0) with ``info["illegal_action"] = True`` and
  ``info["reason"]``.
- The episode terminates when the game is over (the board is full); it is truncated
  after ``max_steps`` steps if that option is given (default None; every step counts,
  illegal ones too). ``info`` also has ``score`` and ``steps``.
- Seeds: ``reset(seed=s)`` deals ``Game(s)``, the game of ``Line98(seed=s)``;
  ``reset()`` deals a game of a seed drawn from the environment's ``np_random``.
- ``render_mode="ansi"``: ``render()`` is ``str(game)``: the board (upper case balls,
  lower case previews), the score and the previews. ``env.game`` is the rules object.
- ``widget(**kwargs)``: a :class:`~gamewidgets.line98.Line98` on the environment's
  game (``store=None`` unless given), made once and kept; see
  :mod:`gamewidgets.rl.single_player` for what it mirrors and refuses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import gymnasium
import numpy as np

from ..line98.rules import COLOURS, SIZE, Game, Move
from ..playing import entry
from .single_player import SinglePlayerEnv

if TYPE_CHECKING:
    from ..line98.widget import Line98

CELLS = SIZE * SIZE
ACTIONS = CELLS * CELLS


def action_of(move: Move) -> int:
    """The action of ``move``: ``source * 81 + target`` (cells as ``row * 9 + col``)."""
    (sr, sc), (tr, tc) = move.source, move.target
    return (sr * SIZE + sc) * CELLS + tr * SIZE + tc


def move_of(action: int) -> Move:
    """The move of ``action`` (0..6560), legal or not; ValueError off the range."""
    if isinstance(action, bool) or not isinstance(action, (int, np.integer)) or not 0 <= action < ACTIONS:
        raise ValueError(f"a Line 98 action is an int in 0..{ACTIONS - 1}, not {action!r}")
    source, target = divmod(int(action), CELLS)
    return Move(divmod(source, SIZE), divmod(target, SIZE))


class Line98Env(SinglePlayerEnv[Game]):
    """Line 98 for an agent (see the module docstring): ``Line98Env(render_mode="ansi",
    illegal_reward=-1.0, max_steps=None)``."""

    def __init__(self, render_mode: str | None = None, *, illegal_reward: float = -1.0,
                 max_steps: int | None = None):
        super().__init__(gymnasium.spaces.Discrete(ACTIONS),
                         gymnasium.spaces.Box(0, len(COLOURS), (2, SIZE, SIZE), np.int8),
                         render_mode=render_mode, illegal_reward=illegal_reward, max_steps=max_steps)

    def _deal(self, seed: int) -> Game:
        return entry("line98").start({"seed": seed})  # the game loop's deal

    def _observation(self) -> np.ndarray:
        game = self.game
        observation = np.zeros((2, SIZE, SIZE), dtype=np.int8)
        observation[0] = game.board
        for preview in game.previews:
            observation[1, preview.row, preview.col] = preview.colour
        return observation

    def _legal_mask(self) -> np.ndarray:
        mask = np.zeros(ACTIONS, dtype=np.int8)
        pairs = self.game.legal_move_array()
        mask[pairs[:, 0] * CELLS + pairs[:, 1]] = 1
        return mask

    def _move_of(self, action: int) -> Move:
        return move_of(action)

    def _play(self, move: Move) -> None:
        self.game.play(move)

    def _ended(self) -> bool:
        return self.game.is_over

    def _new_widget(self, **kwargs: Any) -> Line98:
        from ..line98.widget import Line98

        return Line98(game=self.game, **kwargs)
