"""Reinforcement-learning environments of the four games (the optional extra ``rl``:
``pip install 'gamewidgets[rl]'`` brings gymnasium and pettingzoo).

    import gymnasium, gamewidgets.rl            # importing gamewidgets.rl registers the envs
    env = gymnasium.make("gamewidgets/Line98-v0")            # also "gamewidgets/MahjongConnect-v0"
    env = gymnasium.make("gamewidgets.rl:gamewidgets/Line98-v0")   # the same, importing it for you
    loa = gamewidgets.rl.loa_env(size=6)         # PettingZoo AEC environments
    dom = gamewidgets.rl.domino_env()

One-player games are Gymnasium environments (the action mask in ``info["action_mask"]``),
two-player games PettingZoo AEC environments (the mask in the observation dict,
``observation["action_mask"]``). Every environment has a fixed ``Discrete`` action space,
``render_mode="ansi"`` (the position as text) and ``env.widget()``: the game's widget
showing the environment's game live while an agent plays (its board takes no moves from
the view). How each one numbers its actions, what it observes, rewards and does with an
illegal action (it never raises) is in its module: :mod:`gamewidgets.rl.line98`,
:mod:`~gamewidgets.rl.mahjong`, :mod:`~gamewidgets.rl.loa`, :mod:`~gamewidgets.rl.domino`.
"""

from __future__ import annotations

from ..extras import require

require("rl", "gamewidgets.rl (the reinforcement-learning environments)")

import gymnasium  # noqa: E402  (after the check that says how to install it)

from .domino import DominoEnv, domino_env  # noqa: E402
from .line98 import Line98Env  # noqa: E402
from .loa import LinesOfActionEnv, loa_env  # noqa: E402
from .mahjong import MahjongConnectEnv  # noqa: E402

ENV_IDS = {"gamewidgets/Line98-v0": "gamewidgets.rl.line98:Line98Env",
           "gamewidgets/MahjongConnect-v0": "gamewidgets.rl.mahjong:MahjongConnectEnv"}

for _id, _entry_point in ENV_IDS.items():
    if _id not in gymnasium.registry:
        gymnasium.register(id=_id, entry_point=_entry_point)

__all__ = ["ENV_IDS", "DominoEnv", "Line98Env", "LinesOfActionEnv", "MahjongConnectEnv", "domino_env", "loa_env"]
