"""The Gymnasium environment of a one-player game: what the Line 98 and the Mahjong
Connect environments share (:class:`SinglePlayerEnv`, their base class).

It keeps the rules object (``env.game``) and does, the same way for both games:

- the action mask: ``info["action_mask"]`` (from ``reset`` and every ``step``), an
  ``np.int8`` array of the action space's size, 1 for every legal action — made from
  the game's own legal moves (each game's module says how), and the one thing that
  decides whether an action is legal;
- an illegal action never raises and changes nothing: the game stays as it was, the
  reward is ``illegal_reward`` (an option, default −1.0), ``info["illegal_action"]``
  is True and ``info["reason"]`` says why (not a legal action now; out of range; not
  an int). An action is an ``int`` or a numpy integer (also a 0-d integer array) in
  ``0 .. n-1``; a bool, a float, a string, anything else is illegal, not a crash, and
  so is a legal action the game or the widget refuses all the same (a paused
  widget, a game changed from outside: the mask is made again at every step). A
  ``step`` after the episode ended is illegal the same way (the mask is all zeros)
  and reports ``terminated`` (or ``truncated``) again;
- the reward of a legal action is the change of the game's score;
- ``terminated`` when the game has ended (each module says when), ``truncated`` once
  ``max_steps`` steps (an option, default None: never) have been taken in the episode
  without it ending — every ``step`` counts, illegal ones too, so an agent that only
  tries illegal actions is stopped as well;
- ``info`` of every reset and step: ``action_mask``, ``illegal_action`` (a bool),
  ``score`` (the game's score), ``steps`` (steps taken in this episode), and what the
  game adds;
- seeding: ``reset(seed=s)`` deals the game ``Game(s)`` of the rules (the game the
  widget deals with ``seed=s``), so the same seed and the same actions give the same
  episode; ``reset()`` without a seed deals a game whose seed is drawn from the
  environment's ``np_random`` (itself seeded by the last ``reset(seed=...)``, else at
  random), so a seeded sequence of resets is also reproducible;
- ``render_mode="ansi"``: ``render()`` returns ``str(env.game)``, the game's own text
  (None without a render mode);
- ``env.widget(**kwargs)``: the game's widget (``store=None`` unless given), made once
  and kept — a later call returns the same widget and ignores its arguments. It shows
  the environment's game live: from then on every action is played through the
  widget (``w._driven_play``), every ``reset`` shows the new game on it
  (``w._driven_start``), and the board refuses the view's moves (the history slider
  still works). Call it after ``reset()``. Through ``gymnasium.make`` the environment
  is wrapped: ``env.unwrapped.widget()``.

``step`` or ``render`` before the first ``reset`` raise
:class:`gymnasium.error.ResetNeeded` (the usual Gymnasium error), as does ``widget()``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generic, Protocol, SupportsFloat, TypeVar

import gymnasium
import numpy as np
from gymnasium.error import ResetNeeded

from ..errors import IllegalMove
from ..untrusted import short_repr

if TYPE_CHECKING:
    from .._widget import GameWidget

#: who drives a widget shown by an environment (the widget's refusals name it)
DRIVER = "the Gymnasium environment"
#: the largest game seed ``reset()`` draws from ``np_random`` (below 2**63)
DRAWN_SEEDS = 2**63
Observation = np.ndarray


class ScoredGame(Protocol):
    """What the base class needs of a rules object: its score (and ``str()``)."""

    @property
    def score(self) -> int: ...


GameT = TypeVar("GameT", bound=ScoredGame)


class SinglePlayerEnv(gymnasium.Env[Observation, np.int64], Generic[GameT]):
    """A one-player game as a Gymnasium environment (see the module docstring); a
    game's environment says how to deal, observe, number and play its actions."""

    # an instance variable of gymnasium.Env's, given here as Gymnasium environments do
    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012

    def __init__(self, action_space: gymnasium.spaces.Discrete, observation_space: gymnasium.spaces.Box, *,
                 render_mode: str | None = None, illegal_reward: float = -1.0, max_steps: int | None = None):
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or one of {self.metadata['render_modes']}, "
                             f"not {render_mode!r}")
        if isinstance(illegal_reward, bool) or not isinstance(illegal_reward, (int, float)) or not np.isfinite(
                illegal_reward):
            raise ValueError(f"illegal_reward must be a finite number, not {illegal_reward!r}")
        if max_steps is not None and (isinstance(max_steps, bool) or not isinstance(max_steps, int)
                                      or max_steps < 1):
            raise ValueError(f"max_steps must be None or a positive int, not {max_steps!r}")
        self.action_space = action_space
        self.observation_space = observation_space
        self.render_mode = render_mode
        self.illegal_reward = float(illegal_reward)
        self.max_steps = max_steps
        self._game: GameT | None = None
        self._mask = np.zeros(int(action_space.n), dtype=np.int8)
        self._steps = 0
        self._widget: GameWidget | None = None

    # ------------------------------------------------------------ what a game gives
    def _deal(self, seed: int) -> GameT:
        """The game of ``seed``."""
        raise NotImplementedError

    def _started(self) -> None:
        """A new game was dealt: reset what the environment keeps about it."""

    def _observation(self) -> Observation:
        """The observation of the game now (a new array)."""
        raise NotImplementedError

    def _legal_mask(self) -> np.ndarray:
        """The action mask of the game now (np.int8, 1 = legal)."""
        raise NotImplementedError

    def _move_of(self, action: int) -> Any:
        """The game's move of the legal ``action`` (what ``_play`` and the widget take)."""
        raise NotImplementedError

    def _play(self, move: Any) -> None:
        """Play ``move`` on the game (without a widget)."""
        raise NotImplementedError

    def _played(self, move: Any) -> None:
        """``move`` was played: update what the environment keeps about the game."""

    def _ended(self) -> bool:
        """Whether the game has ended (the episode terminates)."""
        raise NotImplementedError

    def _game_info(self) -> dict[str, Any]:
        """What the game adds to ``info``."""
        return {}

    def _new_widget(self, **kwargs: Any) -> GameWidget:
        """The game's widget showing ``self.game`` (``kwargs`` for its constructor)."""
        raise NotImplementedError

    # --------------------------------------------------------------- Gymnasium API
    @property
    def game(self) -> GameT:
        """The rules object of the episode (the widget's game too, once shown)."""
        if self._game is None:
            raise ResetNeeded("call reset() first: there is no game before it")
        return self._game

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[Observation, dict[str, Any]]:
        """Deal the game of ``seed`` (None: a seed drawn from ``np_random``); returns the
        observation and ``info`` (with the action mask). ``options`` are not used."""
        super().reset(seed=seed)
        game_seed = seed if seed is not None else int(self.np_random.integers(DRAWN_SEEDS))
        self._game = self._deal(game_seed)
        self._steps = 0
        self._started()
        if self._widget is not None:
            self._widget._driven_start(self._game)
        self._mask = self._legal_mask()
        return self._observation(), self._info(illegal=None)

    def step(self, action: Any) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        """Play ``action``; see the module docstring for the rewards, the end of an
        episode and what an illegal action does."""
        game = self.game
        self._steps += 1
        self._mask = self._legal_mask()  # of the game as it is (someone may have changed it)
        index, refusal = self._legal_index(action)
        reward = self.illegal_reward
        if index is not None:
            before = game.score
            move = self._move_of(index)
            try:
                if self._widget is not None:
                    self._widget._driven_play(move)
                else:
                    self._play(move)
            except IllegalMove as exc:  # refused all the same (e.g. the widget was paused)
                refusal = f"action {index} was refused: {exc}"
            else:
                self._played(move)
                reward = float(game.score - before)
                self._mask = self._legal_mask()
        terminated = self._ended()
        truncated = not terminated and self.max_steps is not None and self._steps >= self.max_steps
        return self._observation(), reward, terminated, truncated, self._info(illegal=refusal)

    def render(self) -> str | None:
        """The game as text (``str(env.game)``) in ``render_mode="ansi"``; else None."""
        if self.render_mode != "ansi":
            return None
        return str(self.game)

    def widget(self, **kwargs: Any) -> GameWidget:
        """The game's widget showing this environment's game live (made at the first
        call with ``kwargs``, then kept: later calls return it). Call after ``reset()``."""
        if self._widget is None:
            self.game  # noqa: B018  (raises ResetNeeded before the first reset)
            kwargs.setdefault("store", None)
            self._widget = self._new_widget(driven_by=DRIVER, **kwargs)
        return self._widget

    def __getstate__(self) -> dict[str, Any]:
        """A copy or a pickle of the environment leaves its widget behind (a widget
        cannot be copied; the copy shows nothing until its own ``widget()``)."""
        return {**self.__dict__, "_widget": None}

    # ------------------------------------------- a policy as a player (from_policy)
    def encode(self, game: GameT) -> tuple[Observation, np.ndarray]:
        """The observation and the action mask of ``game`` (any position of this
        environment's game), as ``step`` would give them: what
        :meth:`gamewidgets.players.FunctionPlayer.from_policy` hands a policy."""
        kept = self._game
        self._game = game
        try:
            return self._observation(), self._legal_mask()
        finally:
            self._game = kept

    def decode(self, action: int) -> Any:
        """The game's move of ``action``; ValueError for what is no action of this
        environment (a float, a bool, a number out of range: never wrapped around)."""
        n = int(self.action_space.n)  # type: ignore[attr-defined]  # a Discrete space
        if isinstance(action, np.ndarray) and action.shape == () and np.issubdtype(action.dtype, np.integer):
            action = action[()]
        if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)) or not 0 <= action < n:
            raise ValueError(f"an action is an int in 0..{n - 1}, not {short_repr(action, 40)}")
        return self._move_of(int(action))

    # ------------------------------------------------------------------ internals
    def _legal_index(self, action: Any) -> tuple[int | None, str | None]:
        """``action`` as the index of a legal action, or None and why it is not one."""
        n = len(self._mask)
        if isinstance(action, np.ndarray) and action.shape == () and np.issubdtype(action.dtype, np.integer):
            action = action[()]
        if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
            return None, f"an action is an int in 0..{n - 1}, not {type(action).__name__}"
        index = int(action)
        if not 0 <= index < n:
            return None, f"action {index} is out of range: actions are 0..{n - 1}"
        if not self._mask[index]:
            over = " (the episode has ended)" if self._ended() else ""
            return None, f"action {index} is not legal now{over}"
        return index, None

    def _info(self, illegal: str | None) -> dict[str, Any]:
        info = {"action_mask": self._mask.copy(), "illegal_action": illegal is not None,
                "score": int(self.game.score), "steps": self._steps, **self._game_info()}
        if illegal is not None:
            info["reason"] = illegal
        return info
