"""The Gymnasium environments of the one-player games (gamewidgets.rl.line98 and
gamewidgets.rl.mahjong): the Gymnasium API checker, the action mask against the
game's own legal moves, illegal actions, seeding, episodes to the end, render, the
registered ids and the widget that shows an environment's game live."""

import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

gymnasium = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from gymnasium.error import ResetNeeded  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402

import gamewidgets.rl  # noqa: E402  (registers the ids)
from gamewidgets.line98 import Game as Line98Game  # noqa: E402
from gamewidgets.line98.players import BuildPlayer  # noqa: E402
from gamewidgets.mahjong import Game as MahjongGame  # noqa: E402
from gamewidgets.mahjong.tiles import code  # noqa: E402
from gamewidgets.rl import line98 as line98_env  # noqa: E402
from gamewidgets.rl import mahjong as mahjong_env  # noqa: E402
from gamewidgets.rl.line98 import Line98Env  # noqa: E402
from gamewidgets.rl.mahjong import SHUFFLE, MahjongConnectEnv  # noqa: E402

ENVS = [Line98Env, MahjongConnectEnv]
IDS = {Line98Env: "gamewidgets/Line98-v0", MahjongConnectEnv: "gamewidgets/MahjongConnect-v0"}
SEEDS = st.integers(0, 2**32 - 1)


def legal_actions(env):
    """The actions of the game's own legal moves (and the shuffle when it is due)."""
    module = line98_env if isinstance(env, Line98Env) else mahjong_env
    actions = {module.action_of(move) for move in env.game.legal_moves()}
    if isinstance(env, MahjongConnectEnv) and env.game.stuck and env.shuffles_left:
        actions.add(SHUFFLE)
    return actions


def replayed(env, seed, moves):
    """The game of ``seed`` with ``moves`` (the game's own moves, "shuffle") played on it."""
    if isinstance(env, Line98Env):
        game = Line98Game(seed)
        for move in moves:
            game.play(move)
        return game.to_dict()
    game = MahjongGame(seed, scoring="standard")
    for move in moves:
        game.shuffle() if move == "shuffle" else game.play(move)
    return without_clock(game.to_dict())


def state(env):
    data = env.game.to_dict()
    return without_clock(data) if isinstance(env, MahjongConnectEnv) else data


def without_clock(data):
    """A Mahjong save without the seconds of its clock (standard scoring ignores them)."""
    return {key: value for key, value in data.items() if key != "seconds"}


def observation_of(env):
    """What the observation must be, from the game's own state."""
    game = env.game
    if isinstance(env, MahjongConnectEnv):
        return np.asarray(game.grid, dtype=np.int8)
    expected = np.zeros((2, 9, 9), dtype=np.int8)
    expected[0] = game.board
    for preview in game.previews:
        expected[1, preview.row, preview.col] = preview.colour
    return expected


def first_stuck(env, shuffles_left=None):
    """Reset ``env`` to the first seed where always taking the first legal pair gets
    the game stuck, and play up to there; returns the last info."""
    for seed in range(20):
        _, info = env.reset(seed=seed)
        while not env.game.is_over:
            _, _, _, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        if not env.game.won:
            return info
    raise AssertionError("no seed of 0..19 gets stuck this way")


# ------------------------------------------------------------------ the API checker
@pytest.mark.parametrize("cls", ENVS)
def test_check_env_passes_without_a_warning(cls):
    for env in (cls(render_mode="ansi"), gymnasium.make(IDS[cls], render_mode="ansi").unwrapped):
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            if env.spec is None:  # the only warning: render modes need a spec to be tried
                warnings.filterwarnings("ignore", message=".*not having a spec")
            check_env(env)


@pytest.mark.parametrize("cls", ENVS)
def test_make_gives_the_environment_with_its_options(cls):
    env = gymnasium.make(IDS[cls], render_mode="ansi", illegal_reward=-3.0, max_steps=7)
    assert isinstance(env.unwrapped, cls)
    assert (env.unwrapped.illegal_reward, env.unwrapped.max_steps) == (-3.0, 7)
    obs, info = env.reset(seed=1)
    assert obs in env.observation_space
    assert info["action_mask"].dtype == np.int8 and info["action_mask"].shape == (env.action_space.n,)
    assert isinstance(env.render(), str)
    assert gymnasium.make("gamewidgets.rl:" + IDS[cls]).unwrapped.__class__ is cls
    assert set(gamewidgets.rl.ENV_IDS) == set(IDS.values())


def test_the_spaces_are_as_documented():
    line98, mahjong = Line98Env(), MahjongConnectEnv()
    assert line98.action_space == gymnasium.spaces.Discrete(81 * 81)
    assert line98.observation_space == gymnasium.spaces.Box(0, 7, (2, 9, 9), np.int8)
    assert mahjong.action_space == gymnasium.spaces.Discrete(144 * 143 // 2 + 1)
    assert SHUFFLE == 144 * 143 // 2
    assert mahjong.observation_space == gymnasium.spaces.Box(0, 42, (8, 18), np.int8)
    assert line98.metadata["render_modes"] == ["ansi"] and "render_fps" in line98.metadata


def test_actions_and_moves_convert_both_ways():
    for module in (line98_env, mahjong_env):
        actions = range(module.ACTIONS)
        assert [module.action_of(module.move_of(a)) for a in actions] == list(actions)
        for bad in (-1, module.ACTIONS, 1.0, True, "1"):
            with pytest.raises(ValueError):
                module.move_of(bad)
    move = line98_env.move_of(2 * 81 + 80)
    assert (move.source, move.target) == ((0, 2), (8, 8))
    last, after = mahjong_env.move_of(142), mahjong_env.move_of(143)  # cells (0, 143), then (1, 2)
    assert ((last.a, last.b), (after.a, after.b)) == (((0, 0), (7, 17)), ((0, 1), (0, 2)))
    assert mahjong_env.move_of(SHUFFLE) == "shuffle" == str(mahjong_env.move_of(SHUFFLE))
    with pytest.raises(ValueError):
        mahjong_env.action_of("hint")


# ------------------------------------------------------- the mask is the legal moves
@pytest.mark.parametrize("cls", ENVS)
@settings(max_examples=12)
@given(seed=SEEDS, policy=st.integers(0, 2**32 - 1), greedy=st.sampled_from([0.0, 0.5, 1.0]))
def test_the_mask_is_the_games_legal_moves_and_the_game_replays(cls, seed, policy, greedy):
    env = cls(shuffles=1) if cls is MahjongConnectEnv else cls()
    module = line98_env if cls is Line98Env else mahjong_env
    rng = np.random.default_rng(policy)
    obs, info = env.reset(seed=seed)
    moves, total = [], 0.0
    for _ in range(200):
        mask = info["action_mask"]
        assert set(np.flatnonzero(mask).tolist()) == legal_actions(env)
        np.testing.assert_array_equal(obs, observation_of(env))
        assert obs in env.observation_space
        for probe in rng.integers(env.action_space.n, size=20):  # the rules' own judgement
            move = module.move_of(int(probe))
            if move != "shuffle":
                assert bool(mask[probe]) == env.game.is_legal(move)
        legal = np.flatnonzero(mask)
        if not len(legal):
            break
        action = int(legal[0] if rng.random() < greedy else rng.choice(legal))
        moves.append(module.move_of(action))
        obs, reward, terminated, truncated, info = env.step(action)
        total += reward
        assert not info["illegal_action"] and not truncated
        assert info["score"] == env.game.score == total
        if terminated:
            break
    assert state(env) == replayed(env, seed, moves)


@pytest.mark.parametrize("cls", ENVS)
def test_masked_random_actions_run_an_episode_to_its_end(cls):
    env = cls()
    _, info = env.reset(seed=11)
    env.action_space.seed(11)
    total, terminated, steps = 0.0, False, 0
    while not terminated:
        _, reward, terminated, truncated, info = env.step(env.action_space.sample(info["action_mask"]))
        total += reward
        steps += 1
        assert not info["illegal_action"] and not truncated
    assert env.game.is_over and not info["action_mask"].any()
    assert total == env.game.score == info["score"] and info["steps"] == steps
    if cls is MahjongConnectEnv:
        assert env.game.won or (env.game.stuck and info["shuffles_left"] == 0)
        assert total == 10 * len(env.game.moves)
    _, reward, terminated, _, info = env.step(0)  # after the end: illegal, still ended
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)


def test_line98_rewards_are_the_points_each_move_scored():
    env = Line98Env()
    env.reset(seed=5)
    player = BuildPlayer(seed=5)  # a built-in player, through the actions: it clears lines
    scored = 0
    for _ in range(80):
        before = env.game.copy()
        action = line98_env.action_of(player.choose(env.game))
        _, reward, terminated, _, info = env.step(action)
        assert not info["illegal_action"]
        assert reward == before.play(line98_env.move_of(action)).points
        scored += reward > 0
        if terminated:
            break
    assert scored  # some move cleared a line


# ------------------------------------------------------------------------ shuffles
def test_mahjong_offers_a_shuffle_only_when_stuck_and_counts_them():
    env = MahjongConnectEnv(shuffles=1)
    info = first_stuck(env)
    assert env.game.stuck and np.flatnonzero(info["action_mask"]).tolist() == [SHUFFLE]
    assert info["shuffles_left"] == 1
    tiles = info["tiles_left"]
    obs, reward, terminated, _, info = env.step(SHUFFLE)
    assert (reward, terminated, info["illegal_action"], info["shuffles_left"]) == (0.0, False, False, 0)
    assert info["tiles_left"] == tiles and not env.game.stuck and obs.any()
    assert info["action_mask"].any() and not info["action_mask"][SHUFFLE]
    _, _, _, _, info = env.step(SHUFFLE)  # not stuck now: the shuffle is illegal
    assert info["illegal_action"] and info["shuffles_left"] == 0


def test_mahjong_ends_stuck_when_no_shuffle_is_left():
    env = MahjongConnectEnv(shuffles=0)
    info = first_stuck(env)
    assert env.game.stuck and not info["action_mask"].any()
    _, reward, terminated, truncated, info = env.step(SHUFFLE)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)


# ------------------------------------------------------------------ illegal actions
WRONG = [-1, 10**30, "0", 0.0, None, True, np.bool_(False), np.array([1, 2]), np.float64(3), [1], object()]


@pytest.mark.parametrize("cls", ENVS)
def test_an_illegal_action_changes_nothing_and_costs_the_penalty(cls):
    env = cls(illegal_reward=-2.5)
    obs, info = env.reset(seed=3)
    masked_out = int(np.flatnonzero(info["action_mask"] == 0)[0])
    for action in [*WRONG, env.action_space.n, masked_out, np.int16(masked_out)]:
        before = state(env)
        new_obs, reward, terminated, truncated, new_info = env.step(action)
        assert (reward, terminated, truncated, new_info["illegal_action"]) == (-2.5, False, False, True)
        assert isinstance(new_info["reason"], str) and new_info["reason"]
        assert state(env) == before
        np.testing.assert_array_equal(new_obs, obs)
        np.testing.assert_array_equal(new_info["action_mask"], info["action_mask"])
    legal = int(np.flatnonzero(info["action_mask"])[0])
    for form in (np.int64(legal), np.array(legal)):  # numpy integers are actions too
        env.reset(seed=3)
        assert not env.step(form)[4]["illegal_action"]


@pytest.mark.parametrize("cls", ENVS)
def test_bad_options_and_calls_before_reset_are_clear_errors(cls):
    with pytest.raises(ValueError, match="render_mode"):
        cls(render_mode="human")
    for bad in ({"illegal_reward": float("nan")}, {"illegal_reward": "1"}, {"max_steps": 0},
                {"max_steps": 2.0}):
        with pytest.raises(ValueError):
            cls(**bad)
    env = cls(render_mode="ansi")
    for call in (lambda: env.step(0), env.render, env.widget, lambda: env.game):
        with pytest.raises(ResetNeeded):
            call()
    if cls is MahjongConnectEnv:
        with pytest.raises(ValueError, match="shuffles"):
            cls(shuffles=-1)


@pytest.mark.parametrize("cls", ENVS)
def test_max_steps_truncates_counting_illegal_steps(cls):
    env = cls(max_steps=3)
    _, info = env.reset(seed=4)
    legal = int(np.flatnonzero(info["action_mask"])[0])
    assert env.step(-1)[3] is False
    assert env.step(legal)[3] is False
    _, _, terminated, truncated, info = env.step(-1)
    assert (terminated, truncated, info["steps"]) == (False, True, 3)
    _, info = env.reset(seed=4)
    assert info["steps"] == 0 and env.step(legal)[3] is False


# ------------------------------------------------------------------------- seeding
@pytest.mark.parametrize("cls", ENVS)
@settings(max_examples=5)
@given(seed=SEEDS)
def test_a_seed_deals_the_widgets_game_and_replays_the_episode(cls, seed):
    env = cls()
    env.reset(seed=seed)
    deal = Line98Game(seed) if cls is Line98Env else MahjongGame(seed, scoring="standard")
    assert state(env) == (without_clock(deal.to_dict()) if cls is MahjongConnectEnv else deal.to_dict())
    episodes = []
    for _ in range(2):
        obs, info = env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        steps = [(obs, info)]
        for _ in range(15):
            steps.append(env.step(int(rng.integers(env.action_space.n)) if rng.random() < 0.3
                                  else int(rng.choice(np.flatnonzero(info["action_mask"])))))
            info = steps[-1][-1]
        episodes.append(steps)
    assert gymnasium.utils.env_checker.data_equivalence(episodes[0], episodes[1])


@pytest.mark.parametrize("cls", ENVS)
def test_reset_without_a_seed_follows_the_seeded_generator(cls):
    first, second = cls(), cls()
    first.reset(seed=9)
    second.reset(seed=9)
    games = [[], []]
    for env, seen in zip((first, second), games, strict=True):
        for _ in range(3):
            env.reset()
            seen.append(state(env))
    assert games[0] == games[1]
    assert games[0][0] != games[0][1]


# -------------------------------------------------------------------------- render
@pytest.mark.parametrize("cls", ENVS)
def test_render_ansi_is_the_games_text(cls):
    env = cls(render_mode="ansi")
    _, info = env.reset(seed=2)
    env.step(int(np.flatnonzero(info["action_mask"])[0]))
    text = env.render()
    assert text == str(env.game)
    assert ("score 0" in text or "score 10" in text) and len(text.splitlines()) >= 9
    silent = cls()
    silent.reset(seed=2)
    assert silent.render() is None


# -------------------------------------------------------------------------- widget
def board_trait(widget):
    """The widget's synced board: Line 98's 81 colours, Mahjong's 144 tile codes."""
    return widget.grid if widget.game_name == "mahjong" else widget.board


def board_of(env):
    if isinstance(env, Line98Env):
        return env.game.board.ravel().tolist()
    return [code(int(t)) for t in env.game.grid.ravel()]


@pytest.mark.parametrize("cls", ENVS)
def test_the_widget_shows_the_environments_game_and_refuses_the_view(cls):
    env, alone = cls(), cls()
    obs, info = env.reset(seed=6)
    alone.reset(seed=6)
    w = env.widget()
    assert env.widget() is w and w.game is env.game and w.driven_by
    assert w.store is not None  # store=None: a memory store, nothing on disk
    rng = np.random.default_rng(6)
    for _ in range(8):
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        obs, reward, terminated, truncated, info = env.step(action)
        assert gymnasium.utils.env_checker.data_equivalence(  # the widget plays what the game plays
            (obs, reward, terminated, truncated, info), alone.step(action))
        assert w.game is env.game and board_trait(w) == board_of(env)
    before = state(env)
    cell = next(divmod(i, 9 if cls is Line98Env else 18) for i, v in enumerate(board_trait(w)) if v)
    w._on_view_message(w, {"type": "click", "cell": list(cell)}, [])
    assert "Gymnasium" in w.error and state(env) == before
    env.reset(seed=7)
    assert w.game is env.game and board_trait(w) == board_of(env)


def test_the_mahjong_widget_shuffles_with_the_environment():
    env, alone = MahjongConnectEnv(shuffles=1), MahjongConnectEnv(shuffles=1)
    env.reset(seed=0)
    w = env.widget()
    info, _ = first_stuck(env), first_stuck(alone)
    assert w.stuck and info["action_mask"][SHUFFLE]
    result = env.step(SHUFFLE)
    assert gymnasium.utils.env_checker.data_equivalence(result, alone.step(SHUFFLE))
    assert not w.stuck and w.game is env.game and board_trait(w) == board_of(env)
    assert w.scoring == "standard"
    other = MahjongConnectEnv()
    other.reset(seed=1)
    with pytest.raises(ValueError, match="standard"):
        other.widget(scoring="timed")


def test_a_move_the_widget_refuses_is_an_illegal_action_not_a_crash():
    env = MahjongConnectEnv()
    _, info = env.reset(seed=4)
    w = env.widget()
    w.pause()  # from Python: a paused board takes no removal
    before = state(env)
    action = int(np.flatnonzero(info["action_mask"])[0])
    _, reward, terminated, _, info = env.step(action)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, False, True)
    assert "paused" in info["reason"] and state(env) == before
    w.resume()
    assert not env.step(action)[4]["illegal_action"]


def test_the_mask_follows_a_game_changed_from_outside():
    env = Line98Env()
    _, info = env.reset(seed=8)
    first = int(np.flatnonzero(info["action_mask"])[0])
    env.step(first)
    env.game.undo()  # back to the start: the first move is legal again
    _, _, _, _, info = env.step(first)
    assert not info["illegal_action"] and env.game.moves == [line98_env.move_of(first)]
