"""Dominoes (one hand of the draw game, double-six, two players) as a PettingZoo AEC
environment: :func:`domino_env` returns a :class:`DominoEnv`::

    from gamewidgets.rl import domino_env
    env = domino_env(render_mode="ansi")
    env.reset(seed=7)                      # the deal comes from the seed
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, info = env.last()
        action = None if terminated or truncated else \\
            env.action_space(agent).sample(observation["action_mask"])
        env.step(action)

What the environment does beyond :mod:`gamewidgets.rl.two_player` (the bookkeeping,
the illegal-action rule and the widget, the same for both two-player games):

- Agents: ``"player_0"`` holds seat 0 (the user's hand in the widget), ``"player_1"``
  seat 1. Who moves first is the rule book's: the holder of the best tile dealt leads
  (public: the first ``agent_selection``), so either agent may open. A draw keeps the
  turn, so the same agent acts again after it.
- Actions: ``Discrete(58)``, fixed. For tile number ``t`` (its place in
  :data:`gamewidgets.domino.TILES`, ``(0, 0), (1, 0), (1, 1), (2, 0), ...``) action
  ``2 * t`` plays it on the left end, ``2 * t + 1`` on the right end; ``56`` draws,
  ``57`` passes (:data:`DRAW_ACTION`, :data:`PASS_ACTION`; :func:`action_of` /
  :func:`move_of` convert). The mask is the game's legal moves exactly: the opening
  is listed (and allowed) only as its right-end action (the rules list it as
  ``Play(tile, "right")``; the left-end number is refused as illegal here, although the
  rules would take it as the same move); a tile that fits both ends has both actions.
- Observation: ONE seat's view only, built from ``game.view(seat)``
  (:class:`~gamewidgets.domino.PlayerView`) and nothing else, so the other hand and
  the boneyard's order cannot leak (:func:`observation_of` takes the view alone); the
  mask too comes from the view (``view.legal_actions()``). A ``Box`` of ``np.int8``,
  ``(102,)``, in :data:`LAYOUT`'s order (name: slice):

  ========================  =====  ======================================================
  ``hand``                  28     1 for each tile of the own hand (TILES order)
  ``line``                  28     1 for each tile on the line (every tile played)
  ``not_dealt``             28     1 for each tile the opening proves was in the boneyard
                                   at the deal (``view.not_dealt``; empty until the
                                   opening is known to this seat)
  ``left_end``              7      one-hot: the pips of the line's left end (all 0 while
                                   the line is empty)
  ``right_end``             7      one-hot: the pips of the right end (likewise)
  ``opponent_count``        1      tiles in the other hand (0..21 in a dealt hand; the
                                   space allows 0..27, for any position)
  ``boneyard_count``        1      tiles in the boneyard (0..14 in a dealt hand; the
                                   space allows 0..26)
  ``to_move``               1      1 when this seat is to move (0 for the other seat and
                                   once the hand is over)
  ``passes``                1      passes in a row just made, 0..2 (1: the other player
                                   could not play with the boneyard empty)
  ========================  =====  ======================================================

  The history of draws and passes is not in it beyond these (what the computer
  players infer from it, e.g. the pips the other hand lacks, is left to the agent).
- Rewards at the end, ``domino_env(reward=...)``: ``"points"`` (the default) gives the
  hand's points, :attr:`gamewidgets.domino.Outcome.points`, to the winner and minus
  them to the loser (a domino scores the other hand's pips, so a win over a hand
  holding only the double-blank is 0 each; a block scores the difference of the pip
  totals); a blocked hand with equal totals is a draw, 0 each. ``"win"`` gives +1 /
  -1 / 0 instead. An illegal action (two_player's rule) costs the one who made it
  :data:`ILLEGAL_POINTS` (168, all the pips of the set: more than any hand can be lost
  by) with ``"points"``, 1 with ``"win"``, and gives as much to the other.
- ``reset(seed=...)``: the deal is ``Game(s)`` with ``s`` drawn from ``np_random``
  (seeded by ``seed``), so the same seed and actions give the same hand;
  ``options={"game": game}`` plays on from a copy of a dominoes game that is not over.
- ``render()``: ``str(game)``, the whole table (both hands, the boneyard count): the
  position for a person, not an observation.
- ``env.widget(**kwargs)``: :class:`gamewidgets.Domino` against the computer
  (``mode="computer"``) on the environment's game: seat 0 (``player_0``) is shown as the
  user's hand; ``kwargs`` go to it.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces

from ..domino.rules import ENDS, TILES, Draw, Game, Move, Pass, Play, PlayerView, pips
from ..playing import entry
from ..untrusted import short_repr
from .two_player import BadEnvOption, TwoPlayerEnv

TILE_NUMBER = {tile: number for number, tile in enumerate(TILES)}
DRAW_ACTION = 2 * len(TILES)
PASS_ACTION = DRAW_ACTION + 1
ACTION_COUNT = PASS_ACTION + 1
#: the reward modes of ``domino_env(reward=...)``
REWARDS = ("points", "win")
#: what an illegal action costs with ``reward="points"``: all the pips of the set
ILLEGAL_POINTS = pips(TILES)
_PIPS = 7
#: the observation's parts, in order: name -> (length, largest value)
_PARTS = {"hand": (28, 1), "line": (28, 1), "not_dealt": (28, 1), "left_end": (_PIPS, 1), "right_end": (_PIPS, 1),
          "opponent_count": (1, len(TILES) - 1),
          "boneyard_count": (1, len(TILES) - 2), "to_move": (1, 1), "passes": (1, 2)}


def _layout() -> dict[str, slice]:
    out, start = {}, 0
    for name, (length, _) in _PARTS.items():
        out[name] = slice(start, start + length)
        start += length
    return out


#: the observation's parts: name -> its slice of the observation vector
LAYOUT = _layout()
OBSERVATION_SIZE = sum(length for length, _ in _PARTS.values())
OBSERVATION_HIGH = np.concatenate([np.full(length, high, dtype=np.int8) for length, high in _PARTS.values()])


def action_of(move: Move) -> int:
    """The action number of a dominoes move (see the module docstring)."""
    if isinstance(move, Play):
        return 2 * TILE_NUMBER[move.tile] + ENDS.index(move.end)
    return DRAW_ACTION if isinstance(move, Draw) else PASS_ACTION


def move_of(number: int) -> Move:
    """The move action ``number`` (``0..57``) names, legal or not."""
    if number < DRAW_ACTION:
        tile, end = divmod(number, 2)
        return Play(TILES[tile], ENDS[end])
    return Draw() if number == DRAW_ACTION else Pass()


def observation_of(view: PlayerView) -> np.ndarray:
    """The observation of the seat whose ``view`` this is (:data:`LAYOUT`); made from
    the view alone."""
    out = np.zeros(OBSERVATION_SIZE, dtype=np.int8)
    for name, tiles in (("hand", view.hand), ("line", [(max(p), min(p)) for p in view.line]),
                        ("not_dealt", view.not_dealt)):
        part = out[LAYOUT[name]]
        part[[TILE_NUMBER[tile] for tile in tiles]] = 1
    ends = view.ends
    if ends is not None:
        out[LAYOUT["left_end"].start + ends[0]] = 1
        out[LAYOUT["right_end"].start + ends[1]] = 1
    out[LAYOUT["opponent_count"]] = view.opponent_count
    out[LAYOUT["boneyard_count"]] = view.boneyard_count
    out[LAYOUT["to_move"]] = int(view.my_turn)
    out[LAYOUT["passes"]] = view.passes
    return out


class DominoEnv(TwoPlayerEnv):
    """One hand of dominoes for two agents (see the module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "name": "gamewidgets_domino_v0",
                                          "is_parallelizable": False, "render_fps": 1}
    game: Game

    def __init__(self, reward: str = "points", render_mode: str | None = None):
        if not isinstance(reward, str) or reward not in REWARDS:
            raise BadEnvOption(f"reward must be one of {REWARDS}, not {short_repr(reward)}")
        self.reward_mode = reward
        box = spaces.Box(np.zeros(OBSERVATION_SIZE, dtype=np.int8), OBSERVATION_HIGH, dtype=np.int8)
        super().__init__(ACTION_COUNT, box, ILLEGAL_POINTS if reward == "points" else 1.0, render_mode)

    def _new_game(self, rng: np.random.Generator) -> Game:
        return entry("domino").start({"seed": int(rng.integers(2**63))})

    def _is_game(self, game: Any) -> str | None:
        return None if isinstance(game, Game) else "a dominoes game (gamewidgets.domino.Game)"

    def _action_of(self, move: Move) -> int:
        return action_of(move)

    def _move_of(self, number: int) -> Move:
        return move_of(number)

    def _legal_moves(self) -> list[Any]:
        return self.game.view(self.game.turn).legal_actions()

    def _observation(self, seat: int) -> np.ndarray:
        return observation_of(self.game.view(seat))

    def _position(self, position: Game | PlayerView) -> tuple[np.ndarray, list[Move]]:
        view = position.view(position.turn) if isinstance(position, Game) else position
        return observation_of(view), view.legal_actions()

    def _outcome_rewards(self) -> tuple[float, float]:
        outcome = self.game.outcome()
        if outcome is None or outcome.winner is None:
            return 0.0, 0.0
        won = float(outcome.points) if self.reward_mode == "points" else 1.0
        return (won, -won) if outcome.winner == 0 else (-won, won)

    def _make_widget(self, game: Any, **kwargs: Any) -> Any:
        from ..domino.widget import Domino

        kwargs.setdefault("mode", "computer")
        return Domino(game=game, **kwargs)


def domino_env(**options: Any) -> DominoEnv:
    """A dominoes AEC environment; ``options``: ``reward`` ("points" or "win") and
    ``render_mode`` ("ansi" or None). Not wrapped: it checks its own actions and order
    of calls (see :mod:`gamewidgets.rl.domino`)."""
    return DominoEnv(**options)


__all__ = ["ACTION_COUNT", "DRAW_ACTION", "ILLEGAL_POINTS", "LAYOUT", "PASS_ACTION", "REWARDS", "TILE_NUMBER",
           "DominoEnv", "action_of", "domino_env", "move_of", "observation_of"]
