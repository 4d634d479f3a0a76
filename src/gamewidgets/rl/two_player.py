"""The PettingZoo AEC bookkeeping of the two-player games, written once:
:class:`TwoPlayerEnv` is the base of :class:`~gamewidgets.rl.loa.LinesOfActionEnv` and
:class:`~gamewidgets.rl.domino.DominoEnv`, which only say how their game numbers
actions, what a seat observes and how an outcome is rewarded.

What every two-player environment does (choices where the issue is silent):

- Agents: ``"player_0"`` plays the game's side or seat 0, ``"player_1"`` side or seat 1;
  ``agent_selection`` is always the agent whose side the game says is to move (a move
  that keeps the turn, like a dominoes draw, keeps the agent).
- ``observe(agent)`` is ``{"observation": ..., "action_mask": ...}`` inside
  ``observation_space(agent)`` (a ``gymnasium.spaces.Dict``): the mask is an ``np.int8``
  array of the action-space size, 1 for each legal action of ``agent``; it is all 0
  for the agent not to move and for both once the episode is over.
- Rewards only come at the end and sum to 0: the game's outcome as the module of the
  game says. ``last()`` gives an agent what was earned since its previous step (the
  AEC cumulative reward).
- ``env.legal_actions()``: the legal actions of the agent to move, as a dict action
  number -> the game's move (the mask's 1s, with what they do).
- The episode ends when the game ends by its rules (``terminations`` all True;
  nothing is ever truncated), or at an illegal action.
- An illegal action never raises: a number outside ``0..n-1``, anything that is not
  an integer (a float, a bool, None, an array of more than one number, ...) or an
  action the mask forbids ends the episode at once (the classic PettingZoo rule): the
  agent who made it gets ``-illegal_reward``, the other ``+illegal_reward`` (each module
  says how much: never less than the most an ordinary game can be lost by), both
  are terminated, the game is left unchanged, and
  ``infos[agent] == {"illegal_action": True, "action": repr, "reason": words}``.
  Otherwise the infos are ``{}``.
- A step for an agent that is already terminated removes it (the AEC "dead step");
  whatever action it gives is ignored, so that never raises either.
- ``reset(seed=None, options=None)``: ``seed`` seeds the environment's
  ``np_random`` (a ``numpy.random.Generator``) from which a game with chance takes its
  deal, so the same seed and actions give the same episode; without one the generator
  goes on (a fresh random one at the first reset); a seed that is no non-negative
  integer is refused with :class:`BadEnvOption`. ``options={"game": game}`` starts
  from a copy of that game instead (its rules object; a game that is over or of
  another kind is refused with :class:`BadEnvOption`); other keys are ignored
  (PettingZoo's ``api_test`` passes one).
- ``render()`` with ``render_mode="ansi"`` is the game's own text (``str(game)``), with
  a last line saying so when an illegal action ended the episode; without a render
  mode it warns and returns None, as the PettingZoo environments do.
- ``step``, ``observe``, ``last``, ``render`` and ``widget`` before the first ``reset``
  raise :class:`ResetNeeded`; an agent name that is none raises :class:`BadEnvOption`.
- ``env.widget(**kwargs)``: the game's widget showing the environment's game live
  (``store=None`` unless given: nothing saved to disk); made at the first call and
  kept, a later call returns the same widget (and ignores its arguments). The widget
  is made driven by the environment (``driven_by="the PettingZoo environment"``): its
  view takes no moves and its computer seat never answers, not even as it starts on a
  position where the computer's side is to move; every later move goes through the
  widget (``_driven_play``), every reset shows the new game (``_driven_start``), so
  ``w.game is env.game`` from then on.
"""

from __future__ import annotations

import operator
from typing import Any, ClassVar

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]  # pettingzoo ships no type information

from ..errors import GameError
from ..untrusted import short_repr

AGENTS = ("player_0", "player_1")
#: who drives the widget, in the words its view shows
DRIVER = "the PettingZoo environment"


class ResetNeeded(GameError, RuntimeError):
    """The environment was used before its first ``reset()``."""


class BadEnvOption(GameError, ValueError):
    """An option, agent name or starting game the environment cannot take; the
    message says why."""


def action_number(action: Any, count: int) -> int | None:
    """``action`` as an action number ``0..count-1``, or None when it is none (not an
    integer, a bool, or out of range)."""
    if isinstance(action, (bool, np.bool_)):
        return None
    try:
        number = operator.index(action)
    except Exception:  # an object's own __index__ may raise anything: it is no action
        return None
    return number if 0 <= number < count else None


class TwoPlayerEnv(AECEnv):
    """A PettingZoo AEC environment of a two-player game (see the module docstring).
    Subclasses set ``metadata`` and define the hooks below."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "name": "two_player_v0",
                                          "is_parallelizable": False, "render_fps": 1}

    def __init__(self, action_count: int, observation: spaces.Space[Any], illegal_reward: float,
                 render_mode: str | None = None):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise BadEnvOption(f"render_mode must be one of {self.metadata['render_modes']} or None, "
                               f"not {short_repr(render_mode)}")
        self.render_mode = render_mode
        self.illegal_reward = float(illegal_reward)
        self._action_count = int(action_count)
        self.possible_agents = list(AGENTS)
        self.agents: list[str] = []
        self.action_spaces = {agent: spaces.Discrete(action_count) for agent in AGENTS}
        self.observation_spaces = {
            agent: spaces.Dict({"observation": observation,
                                "action_mask": spaces.Box(0, 1, (action_count,), np.int8)})
            for agent in AGENTS
        }
        self.np_random: np.random.Generator | None = None
        self.game: Any = None
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}
        self.agent_selection = AGENTS[0]
        self._legal: dict[int, Any] | None = None  # action number -> move, for the side to move
        self._over = False  # the episode ended (by the rules or an illegal action)
        self._illegal_reason: str | None = None
        self._widget: Any = None

    # ------------------------------------------------------------- the hooks
    def _new_game(self, rng: np.random.Generator) -> Any:
        """A new game for ``reset`` (with chance: dealt from ``rng``)."""
        raise NotImplementedError

    def _is_game(self, game: Any) -> str | None:
        """None when ``game`` (``reset``'s option) is a game of this environment, else
        what it should be."""
        raise NotImplementedError

    def _starting_game(self, game: Any) -> Any:
        """A copy of ``game`` (``reset``'s option) to play, or :class:`BadEnvOption`."""
        wanted = self._is_game(game)
        if wanted is not None:
            raise BadEnvOption(f"options['game'] must be {wanted}, not {short_repr(game)}")
        if game.is_over:
            raise BadEnvOption(f"options['game'] is over ({game.outcome()}): nothing to play")
        return game.copy()

    def _action_of(self, move: Any) -> int:
        """The action number of the game's legal ``move``."""
        raise NotImplementedError

    def _move_of(self, number: int) -> Any:
        """The game's move that action ``number`` names (legal or not)."""
        raise NotImplementedError

    def _legal_moves(self) -> list[Any]:
        """The legal moves of the side to move (the mask's 1s)."""
        return list(self.game.legal_moves())

    def _observation(self, seat: int) -> np.ndarray:
        """What ``seat`` observes now (the ``observation`` of the dict)."""
        raise NotImplementedError

    def _outcome_rewards(self) -> tuple[float, float]:
        """The rewards of seats 0 and 1 for the game's outcome (it is over)."""
        raise NotImplementedError

    def _make_widget(self, game: Any, **kwargs: Any) -> Any:
        """The game's widget on ``game`` (the environment's), with ``kwargs``."""
        raise NotImplementedError

    # ------------------------------------------------------------------- spaces
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The space of ``observe(agent)``: a Dict of ``observation`` and ``action_mask``."""
        return self.observation_spaces[self._agent(agent)]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The actions of ``agent``: ``Discrete`` over the game's action numbers."""
        return self.action_spaces[self._agent(agent)]

    # ---------------------------------------------------------------- the API
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start an episode: a new game (with chance: dealt from ``np_random``, seeded by
        ``seed``) or a copy of ``options["game"]``; see the module docstring."""
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0):
            raise BadEnvOption(f"seed must be a non-negative integer or None, not {short_repr(seed)}")
        if seed is not None or self.np_random is None:
            self.np_random = np.random.default_rng(seed)
        given = options.get("game") if isinstance(options, dict) else None
        self.game = self._new_game(self.np_random) if given is None else self._starting_game(given)
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos = {agent: {} for agent in AGENTS}
        self.agent_selection = AGENTS[self.game.turn]
        self._skip_agent_selection = None
        self._legal, self._over, self._illegal_reason = None, False, None
        if self._widget is not None:
            self._widget._driven_start(self.game)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """What ``agent`` observes now: ``{"observation": ..., "action_mask": ...}`` (the mask
        all 0 unless ``agent`` is to move)."""
        seat = AGENTS.index(self._agent(agent))
        self._check_reset("observe")
        mask = np.zeros(self._action_count, dtype=np.int8)
        if not self._over and seat == self.game.turn:
            mask[list(self.legal_actions())] = 1
        return {"observation": self._observation(seat), "action_mask": mask}

    def __getstate__(self) -> dict[str, Any]:
        """A copy or a pickle of the environment leaves its widget behind (a widget
        cannot be copied; the copy shows nothing until its own ``widget()``)."""
        return {**self.__dict__, "_widget": None}

    # ------------------------------------------- a policy as a player (from_policy)
    def encode(self, position: Any) -> tuple[np.ndarray, np.ndarray]:
        """The observation and the action mask of the player to move in ``position`` (a
        game, or for Dominoes that player's view), as ``observe`` gives them: what
        :meth:`gamewidgets.players.FunctionPlayer.from_policy` hands a policy."""
        observation, moves = self._position(position)
        mask = np.zeros(self._action_count, dtype=np.int8)
        mask[[self._action_of(move) for move in moves]] = 1
        return observation, mask

    def decode(self, action: int) -> Any:
        """The game's move of ``action``; ValueError for what is no action of this
        environment (a float, a bool, a number out of range: never wrapped around)."""
        number = action_number(action, self._action_count)
        if number is None:
            raise ValueError(f"an action is an int in 0..{self._action_count - 1}, not {short_repr(action, 40)}")
        return self._move_of(number)

    def _position(self, position: Any) -> tuple[np.ndarray, list[Any]]:
        """The mover's observation of ``position`` and the legal moves there."""
        raise NotImplementedError

    def legal_actions(self) -> dict[int, Any]:
        """The legal actions of the agent to move: action number -> the game's move
        (empty once the episode is over)."""
        self._check_reset("legal_actions")
        if self._over:
            return {}
        if self._legal is None:
            self._legal = {self._action_of(move): move for move in self._legal_moves()}
        return dict(self._legal)

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The agent to move's observation (None unless ``observe``), reward since its previous
        step, termination, truncation and info (the AEC ``last()``)."""
        self._check_reset("last")
        return super().last(observe)

    def step(self, action: Any) -> None:
        """Play ``action`` for the agent to move; see the module docstring for the rewards, an
        illegal action and the step of a terminated agent."""
        self._check_reset("step")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(None)  # whatever the finished agent gave: ignored
            return
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        count = self._action_count
        number = action_number(action, count)
        move = None if number is None else self.legal_actions().get(number)
        if move is None:
            self._illegal(agent, action, number, count)
        else:
            if self._widget is not None:
                self._widget._driven_play(move)
            else:
                self.game.play(move)
            self._legal = None
            if self.game.is_over:
                self._over = True
                first, second = self._outcome_rewards()
                self.rewards = {AGENTS[0]: float(first), AGENTS[1]: float(second)}
                self.terminations = dict.fromkeys(self.agents, True)
            self.agent_selection = AGENTS[self.game.turn]
        self._accumulate_rewards()

    def _illegal(self, agent: str, action: Any, number: int | None, count: int) -> None:
        """End the episode: ``agent`` made the illegal ``action`` (see the module
        docstring); the game is not touched."""
        if number is None:
            reason = f"action {short_repr(action)} is not an action number: an integer 0..{count - 1}"
        else:
            move = self._move_of(number)
            why = self.game.why_not(move)
            reason = (f"action {number} ({move}) is not legal now: "
                      + (why or "it is not among the legal actions (the action mask)"))
        other = AGENTS[1 - AGENTS.index(agent)]
        self._over = True
        self._illegal_reason = f"{agent} made an illegal action: {reason}"
        self.rewards = {agent: -self.illegal_reward, other: self.illegal_reward}
        self.terminations = dict.fromkeys(self.agents, True)
        self.infos[agent] = {"illegal_action": True, "action": short_repr(action), "reason": reason}
        self.agent_selection = other

    def render(self) -> str | None:
        """The game as text (``str(game)``, and why an illegal action ended the episode) in
        ``render_mode="ansi"``; without a render mode a warning and None."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode: give render_mode='ansi'")
            return None
        self._check_reset("render")
        text = str(self.game)
        return text if self._illegal_reason is None else f"{text}\nepisode over: {self._illegal_reason}"

    def close(self) -> None:
        """Nothing to release (a widget stays as it is)."""

    def widget(self, **kwargs: Any) -> Any:
        """The game's widget, showing this environment's game live (see the module
        docstring); ``kwargs`` go to the widget at the first call."""
        self._check_reset("widget")
        if self._widget is None:
            kwargs.setdefault("store", None)
            self._widget = self._make_widget(self.game, driven_by=DRIVER, **kwargs)
        return self._widget

    # ---------------------------------------------------------------- checks
    def _agent(self, agent: Any) -> str:
        if not isinstance(agent, str) or agent not in AGENTS:
            raise BadEnvOption(f"unknown agent {short_repr(agent)}; the agents are {', '.join(AGENTS)}")
        return agent

    def _check_reset(self, what: str) -> None:
        if self.game is None:
            raise ResetNeeded(f"call reset() before {what}()")
