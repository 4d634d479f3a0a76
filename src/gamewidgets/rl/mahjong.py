"""Mahjong Connect as a Gymnasium environment: :class:`MahjongConnectEnv`, id
``gamewidgets/MahjongConnect-v0``.

    import gymnasium, gamewidgets.rl
    env = gymnasium.make("gamewidgets/MahjongConnect-v0", render_mode="ansi")
    obs, info = env.reset(seed=3)                       # deal 3, as MahjongConnect(seed=3)
    action = env.action_space.sample(info["action_mask"])
    obs, reward, terminated, truncated, info = env.step(action)
    w = env.unwrapped.widget()                          # watch it live in a notebook

The game is :class:`gamewidgets.mahjong.Game` (rule book
``shared/spec/mahjong-connect.md``), always on its 8 × 18 grid and with
``scoring="standard"`` (+10 a pair; no clock in the score, which would make it depend
on the machine; no hints). What the environment does, where the issue leaves it open:

- Actions: ``Discrete(10297)``. A cell's index is ``row * 18 + col`` (0..143, row 0 at
  the top); actions ``0 .. 10295`` are the unordered pairs of cells ``a < b`` in
  order — (0, 1), (0, 2), ..., (0, 143), (1, 2), ... (``numpy.triu_indices(144, 1)``),
  so pair ``(a, b)`` is action ``a * 144 − a * (a + 1) // 2 + b − a − 1`` — and the
  last action, :data:`SHUFFLE` (10296), shuffles. :func:`action_of` and
  :func:`move_of` convert between actions and the game's
  :class:`~gamewidgets.mahjong.Move` (or ``"shuffle"``).
- The action mask (``info["action_mask"]``, ``np.int8``, 10297 entries) is 1 exactly
  at the pairs of ``game.legal_moves()`` (matching tiles joined by a path of at most
  two turns), and at :data:`SHUFFLE` only when the game is stuck (tiles left, no pair
  removable) and shuffles remain.
- Shuffles: at most ``shuffles`` per episode (an option, default 3, as ``match``
  plays); a shuffle redeals the remaining tiles so that the layout can be cleared.
- Observation: ``Box(0, 42, (8, 18), np.int8)``: the tile on each cell, 0 empty, 1..42
  the tile kinds of :data:`gamewidgets.mahjong.tiles.CODES` (D1..D9, B1..B9, C1..C9,
  WE WS WW WN, DR DG DW, F1..F4, S1..S4). Identical kinds match, and so do any two
  flowers (35..38) and any two seasons (39..42).
- Reward: the change of the score, +10 for a removed pair, 0 for a shuffle.
- An illegal action (masked out, out of range, not an int) changes nothing and gives
  ``illegal_reward`` (default −1.0) with ``info["illegal_action"] = True`` and
  ``info["reason"]``.
- The episode terminates when the grid is cleared, or when the game is stuck and no
  shuffle is left; it is truncated after ``max_steps`` steps if that option is given
  (default None; every step counts, illegal ones too). ``info`` also has ``score``,
  ``steps``, ``tiles_left`` and ``shuffles_left``.
- Seeds: ``reset(seed=s)`` deals ``Game(s)``, the deal of ``MahjongConnect(seed=s)``
  (shuffles then come from the game's own generator); ``reset()`` deals a game of a
  seed drawn from the environment's ``np_random``.
- ``render_mode="ansi"``: ``render()`` is ``str(game)``: the grid of tile codes (``.``
  empty) and a status line (tiles left, score, seconds of the game's clock, which the
  standard score ignores). ``env.game`` is the rules object.
- ``widget(**kwargs)``: a :class:`~gamewidgets.mahjong.MahjongConnect` on the
  environment's game (``store=None`` unless given; its scoring stays "standard"),
  made once and kept; see :mod:`gamewidgets.rl.single_player` for what it mirrors
  and refuses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

import gymnasium
import numpy as np

from ..mahjong.rules import COLS, ROWS, Game, Move, Shuffle
from ..mahjong.tiles import CODES
from ..playing import entry
from .single_player import SinglePlayerEnv

if TYPE_CHECKING:
    from ..mahjong.widget import MahjongConnect

CELLS = ROWS * COLS
_FIRST, _SECOND = np.triu_indices(CELLS, 1)  # the cells of each pair action, in action order
PAIRS = len(_FIRST)
#: the action that shuffles (the last one)
SHUFFLE = PAIRS
ACTIONS = PAIRS + 1
_PAIR_ACTION = np.full((CELLS, CELLS), -1, dtype=np.intp)  # [a, b] (a < b) -> the pair's action
_PAIR_ACTION[_FIRST, _SECOND] = np.arange(PAIRS)
#: how the widget and the environment write a shuffle
SHUFFLE_MOVE: Literal["shuffle"] = "shuffle"
MahjongAction = Move | Literal["shuffle"]


def action_of(move: Move | Shuffle | str) -> int:
    """The action of ``move``: a :class:`Move` (its pair of cells) or a shuffle
    (``"shuffle"`` or :class:`Shuffle`: :data:`SHUFFLE`); ValueError for anything else."""
    if isinstance(move, Shuffle) or (isinstance(move, str) and move == SHUFFLE_MOVE):
        return SHUFFLE
    if not isinstance(move, Move) or not all(0 <= r < ROWS and 0 <= c < COLS for r, c in (move.a, move.b)):
        raise ValueError(f"a Mahjong Connect action is a Move on the {ROWS}×{COLS} grid or 'shuffle', not {move!r}")
    return int(_PAIR_ACTION[move.a[0] * COLS + move.a[1], move.b[0] * COLS + move.b[1]])


def move_of(action: int) -> MahjongAction:
    """The move of ``action`` (0..10296; legal or not): a :class:`Move` or
    ``"shuffle"``; ValueError off the range."""
    if isinstance(action, bool) or not isinstance(action, (int, np.integer)) or not 0 <= action < ACTIONS:
        raise ValueError(f"a Mahjong Connect action is an int in 0..{ACTIONS - 1}, not {action!r}")
    if action == SHUFFLE:
        return SHUFFLE_MOVE
    a, b = int(_FIRST[action]), int(_SECOND[action])
    return Move(divmod(a, COLS), divmod(b, COLS))


class MahjongConnectEnv(SinglePlayerEnv[Game]):
    """Mahjong Connect for an agent (see the module docstring):
    ``MahjongConnectEnv(render_mode="ansi", shuffles=3, illegal_reward=-1.0, max_steps=None)``."""

    def __init__(self, render_mode: str | None = None, *, shuffles: int = 3, illegal_reward: float = -1.0,
                 max_steps: int | None = None):
        if isinstance(shuffles, bool) or not isinstance(shuffles, int) or shuffles < 0:
            raise ValueError(f"shuffles must be an int of at least 0, not {shuffles!r}")
        self.shuffles = shuffles
        self.shuffles_left = shuffles
        super().__init__(gymnasium.spaces.Discrete(ACTIONS),
                         gymnasium.spaces.Box(0, len(CODES), (ROWS, COLS), np.int8),
                         render_mode=render_mode, illegal_reward=illegal_reward, max_steps=max_steps)

    def _deal(self, seed: int) -> Game:
        return entry("mahjong").start({"seed": seed, "scoring": "standard"})

    def _started(self) -> None:
        self.shuffles_left = self.shuffles

    def _observation(self) -> np.ndarray:
        return self.game.grid.astype(np.int8)  # a copy

    def _legal_mask(self) -> np.ndarray:
        game = self.game
        mask = np.zeros(ACTIONS, dtype=np.int8)
        moves = game.legal_moves()
        if moves:
            cells = np.array([[m.a, m.b] for m in moves], dtype=np.intp)  # (n, 2 cells, (row, col))
            flat = cells[:, :, 0] * COLS + cells[:, :, 1]
            mask[_PAIR_ACTION[flat[:, 0], flat[:, 1]]] = 1
        elif game.stuck and self.shuffles_left > 0:
            mask[SHUFFLE] = 1
        return mask

    def _move_of(self, action: int) -> MahjongAction:
        return move_of(action)

    def _play(self, move: MahjongAction) -> None:
        if isinstance(move, str):  # SHUFFLE_MOVE
            self.game.shuffle()
        else:
            self.game.play(move)

    def _played(self, move: MahjongAction) -> None:
        if isinstance(move, str):  # SHUFFLE_MOVE
            self.shuffles_left -= 1

    def _ended(self) -> bool:
        game = self.game
        return game.won or (game.stuck and self.shuffles_left == 0)

    def _game_info(self) -> dict[str, Any]:
        return {"tiles_left": self.game.tiles_left, "shuffles_left": self.shuffles_left}

    def _new_widget(self, **kwargs: Any) -> MahjongConnect:
        from ..mahjong.widget import MahjongConnect

        if kwargs.setdefault("scoring", "standard") != "standard":
            raise ValueError(f"the environment plays standard scoring: scoring={kwargs['scoring']!r} is not possible")
        return MahjongConnect(game=self.game, **kwargs)
