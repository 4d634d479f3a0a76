"""A board a program drives (an RL environment's ``env.widget()``) refuses every Python
call that would change its game, as it refuses the view's messages (issue 25:
``w.new_game()`` split the widget from its environment, and the next legal step failed).
The environment keeps playing the widget's game."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest

import gamewidgets.rl  # noqa: F401  (registers the Gymnasium ids)
from gamewidgets.errors import IllegalMove
from gamewidgets.rl import domino_env, loa_env

#: every game-changing call of each widget, with arguments
CALLS = {
    "line98": [("new_game", ()), ("undo", ()), ("click", ((0, 0),)), ("play", ((0, 0), (8, 8))), ("select", ((0, 0),))],
    "mahjong": [("new_game", ()), ("undo", ()), ("shuffle", ()), ("hint", ()), ("restart", ()),
                ("click", ((0, 0),)), ("remove", ((0, 0), (0, 1)))],
    "loa": [("new_game", ()), ("undo", ()), ("play", ("b1-b3",)), ("click", ((0, 1),)), ("start", (6, "easy"))],
    "domino": [("new_game", ()), ("undo", ()), ("draw", ()), ("pass_", ()), ("play", ((6, 6), "left"))],
}


def environments():
    line98 = gymnasium.make("gamewidgets/Line98-v0").unwrapped
    mahjong = gymnasium.make("gamewidgets/MahjongConnect-v0").unwrapped
    return {"line98": line98, "mahjong": mahjong, "loa": loa_env(), "domino": domino_env()}


@pytest.mark.parametrize("name", list(CALLS))
def test_a_driven_board_refuses_every_game_changing_call_and_the_environment_plays_on(name):
    env = environments()[name]
    env.reset(seed=3)
    w = env.widget(store=None, muted=True)
    before = w.game.to_dict()
    for method, args in CALLS[name]:
        with pytest.raises(IllegalMove, match="played by"):
            getattr(w, method)(*args)
    assert w.game is env.game and w.game.to_dict() == before
    if name in ("line98", "mahjong"):
        mask = env._legal_mask()
        env.step(int(np.flatnonzero(mask)[0]))
        assert env._steps == 1 and not env._info(None)["illegal_action"]
    else:
        env.step(next(iter(env.legal_actions())))
        assert len(w.game.moves) == 1
    assert w.game is env.game
