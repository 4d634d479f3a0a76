"""The PettingZoo environments of Lines of Action and Dominoes (gamewidgets.rl.loa,
gamewidgets.rl.domino): the PettingZoo checks, the action masks against the rules'
legal moves, the illegal-action rule, seeding, rendering, the hidden-information
guarantee of the dominoes observation and the widget that mirrors an environment."""

import warnings

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

pytest.importorskip("pettingzoo")

from domino_deals import swapped_game
from pettingzoo.test import api_test, seed_test

from gamewidgets.domino import TILES, Draw, Pass, Play
from gamewidgets.domino import Game as DominoGame
from gamewidgets.loa import Game as LoaGame
from gamewidgets.loa import Move as LoaMove
from gamewidgets.rl import DominoEnv, LinesOfActionEnv, domino_env, loa_env
from gamewidgets.rl import domino as rl_domino
from gamewidgets.rl import loa as rl_loa
from gamewidgets.rl.two_player import AGENTS, BadEnvOption, ResetNeeded

# what api_test says of every environment with a dict observation that is not one of
# PettingZoo's own (it names those it knows in a list)
DICT_OBSERVATION_WARNINGS = ("Observation is not a NumPy array",
                             "Observation space for each agent probably should be gymnasium.spaces.box")


def play_out(env, rng, check=None):
    """Play ``env`` (reset) to the end with masked random actions; ``check(env, agent)``
    runs before every live step. Returns the total reward of each agent and the
    number of moves."""
    totals = dict.fromkeys(AGENTS, 0.0)
    moves = 0
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        if check is not None:
            check(env, agent)
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        moves += 1
    return totals, moves


def masked_step(env, rng):
    mask = env.observe(env.agent_selection)["action_mask"]
    env.step(int(rng.choice(np.flatnonzero(mask))))


# ------------------------------------------------------------- the PettingZoo checks
@pytest.mark.parametrize("make", [lambda: loa_env(6, render_mode="ansi"), lambda: loa_env(7), lambda: loa_env(),
                                  lambda: domino_env(render_mode="ansi"), lambda: domino_env(reward="win")],
                         ids=["loa6", "loa7", "loa8", "domino", "domino-win"])
def test_api_test_passes_with_no_warning_but_the_dict_observation_ones(make):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(make(), num_cycles=1000)
    unexpected = {str(w.message) for w in caught} - {m for m in {str(w.message) for w in caught}
                                                       if m.startswith(DICT_OBSERVATION_WARNINGS)}
    assert not unexpected


@pytest.mark.parametrize("make", [lambda: loa_env(6), domino_env], ids=["loa", "domino"])
def test_seed_test_passes(make):
    seed_test(make, num_cycles=300)


def test_spaces_and_metadata():
    assert loa_env().size == 6 == LoaGame().size  # the default board, as everywhere a LOA game is made
    env = loa_env(size=8)
    assert isinstance(env, LinesOfActionEnv) and env.size == 8
    assert env.possible_agents == ["player_0", "player_1"]
    assert env.action_space("player_1").n == 8**4
    space = env.observation_space("player_0")
    assert space["observation"].shape == (8, 8, 2) and space["observation"].dtype == np.int8
    assert space["action_mask"].shape == (8**4,) and space["action_mask"].dtype == np.int8
    dom = domino_env()
    assert isinstance(dom, DominoEnv) and dom.action_space("player_0").n == 58
    assert dom.observation_space("player_1")["observation"].shape == (rl_domino.OBSERVATION_SIZE,)
    for e in (env, dom):
        assert e.metadata["render_modes"] == ["ansi"] and e.metadata["is_parallelizable"] is False
        assert e.metadata["name"]


# ----------------------------------------------------------------- action numbers
def test_loa_action_numbers_are_src_times_cells_plus_dst():
    move = LoaMove("b1", "b3", size=8)
    assert rl_loa.action_of(move) == 57 * 64 + 41
    assert rl_loa.move_of(57 * 64 + 41, 8) == move
    assert all(rl_loa.move_of(rl_loa.action_of(m), 6) == m for m in LoaGame(6).legal_moves())


def test_domino_action_numbers_cover_every_tile_end_draw_and_pass():
    numbers = [rl_domino.action_of(Play(t, e)) for t in TILES for e in ("left", "right")]
    assert numbers == list(range(56))
    assert rl_domino.action_of(Draw()) == 56 and rl_domino.action_of(Pass()) == 57
    assert [rl_domino.action_of(rl_domino.move_of(n)) for n in range(58)] == list(range(58))


# --------------------------------------------------- masks equal the legal moves
@settings(max_examples=25)
@given(seed=st.integers(0, 2**32 - 1), size=st.sampled_from([6, 7]))
def test_loa_mask_is_the_legal_moves_and_rewards_sum_to_zero(seed, size):
    env = loa_env(size)
    env.reset(seed=seed)

    def check(env, agent):
        game = env.game
        assert agent == AGENTS[game.turn]
        mask = env.observe(agent)["action_mask"]
        assert set(np.flatnonzero(mask)) == {rl_loa.action_of(m) for m in game.legal_moves()}
        assert not env.observe(AGENTS[1 - game.turn])["action_mask"].any()
        planes = env.observe(agent)["observation"]
        assert planes[..., 0].sum() == game.count(game.turn) and planes[..., 1].sum() == game.count(1 - game.turn)

    totals, moves = play_out(env, np.random.default_rng(seed), check)
    outcome = env.game.outcome()
    assert outcome is not None and moves == env.game.ply <= 200
    assert sum(totals.values()) == 0
    expected = {None: (0, 0), 0: (1, -1), 1: (-1, 1)}[outcome.winner]
    assert (totals["player_0"], totals["player_1"]) == expected


@settings(max_examples=25)
@given(seed=st.integers(0, 2**63 - 1), reward=st.sampled_from(["points", "win"]))
def test_domino_mask_is_the_legal_moves_and_rewards_sum_to_zero(seed, reward):
    env = domino_env(reward=reward)
    env.reset(seed=seed)
    assert env.agent_selection == AGENTS[env.game.opener]

    def check(env, agent):
        game = env.game
        assert agent == AGENTS[game.turn]
        mask = env.observe(agent)["action_mask"]
        assert set(np.flatnonzero(mask)) == {rl_domino.action_of(m) for m in game.legal_moves()}
        assert not env.observe(AGENTS[1 - game.turn])["action_mask"].any()

    totals, _ = play_out(env, np.random.default_rng(seed), check)
    outcome = env.game.outcome()
    assert outcome is not None and sum(totals.values()) == 0
    won = outcome.points if reward == "points" else 1
    expected = {None: (0, 0), 0: (won, -won), 1: (-won, won)}[outcome.winner]
    assert (totals["player_0"], totals["player_1"]) == expected


def test_a_finished_episode_has_empty_masks_and_removes_its_agents():
    env = domino_env()
    env.reset(seed=2)
    play_out(env, np.random.default_rng(2))
    assert env.agents == [] and env.game.is_over
    assert env.legal_actions() == {}


# ----------------------------------------------------------------- illegal actions
LOA_BAD_ACTIONS = [-1, 6**4, 3.0, "b1-b3", None, True, np.array([1, 2]), [5]]


@pytest.mark.parametrize("action", [*LOA_BAD_ACTIONS, "masked"], ids=repr)
def test_an_illegal_loa_action_ends_the_episode_against_its_agent(action):
    env = loa_env(6, render_mode="ansi")
    env.reset()
    rng = np.random.default_rng(1)
    masked_step(env, rng)  # player_0 moved; player_1 is to move
    if isinstance(action, str) and action == "masked":
        action = rl_loa.action_of(LoaMove("a2", "a4", size=6))  # a piece of player_1 moved two, not four
        assert not env.observe("player_1")["action_mask"][action]
    before = env.game.fen()
    env.step(action)
    assert env.game.fen() == before and len(env.game.moves) == 1
    assert env.terminations == {"player_0": True, "player_1": True}
    assert env.rewards == {"player_1": -1.0, "player_0": 1.0}
    info = env.infos["player_1"]
    assert info["illegal_action"] is True and info["reason"]
    assert env.infos["player_0"] == {}
    assert "illegal" in env.render()
    assert not any(env.observe(a)["action_mask"].any() for a in AGENTS)
    _, reward, terminated, _, _ = env.last()
    assert terminated and reward == 1.0 and env.agent_selection == "player_0"
    env.step(7)  # a finished agent's action is ignored, never raised on
    _, reward, terminated, _, _ = env.last()
    assert env.agent_selection == "player_1" and terminated and reward == -1.0
    env.step(None)
    assert env.agents == []


def test_a_masked_out_loa_move_gives_the_rules_reason():
    env = loa_env(6)
    env.reset()
    env.step(rl_loa.action_of(LoaMove("b1", "b2", size=6)))
    assert "moves exactly" in env.infos["player_0"]["reason"]


@pytest.mark.parametrize("action", [-1, 58, 1.5, None, False, "draw", "opening-left", "not-listed"], ids=repr)
def test_an_illegal_domino_action_ends_the_episode_against_its_agent(action):
    env = domino_env()
    env.reset(seed=11)
    game = env.game
    agent = env.agent_selection
    other = AGENTS[1 - AGENTS.index(agent)]
    if isinstance(action, str) and action == "opening-left":
        # the rules take it as the opening, but the mask lists only its right form
        action = rl_domino.action_of(Play(game.opening, "left"))
    elif isinstance(action, str) and action == "not-listed":
        action = rl_domino.DRAW_ACTION  # no draw before the opening
    before = game.to_dict()
    env.step(action)
    assert env.game is game and game.to_dict() == before
    assert env.rewards == {agent: -rl_domino.ILLEGAL_POINTS, other: rl_domino.ILLEGAL_POINTS}
    assert all(env.terminations.values()) and env.infos[agent]["illegal_action"] is True
    assert env.infos[agent]["reason"]


def test_the_illegal_penalty_is_worse_than_any_lost_hand():
    assert rl_domino.ILLEGAL_POINTS == sum(a + b for a, b in TILES) == 168
    env = domino_env(reward="win")
    env.reset(seed=3)
    agent = env.agent_selection
    env.step(57)  # a pass before the opening
    assert env.rewards[agent] == -1.0 and sum(env.rewards.values()) == 0


# ---------------------------------------------------------------------- seeding
def test_the_same_seed_and_actions_give_the_same_episode():
    def episode(seed):
        env = domino_env()
        env.reset(seed=seed)
        seen = []
        rng = np.random.default_rng(0)
        for agent in env.agent_iter():
            observation, reward, terminated, truncated, _ = env.last()
            seen.append((agent, observation["observation"].tobytes(), reward))
            env.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        return seen, env.game.record()

    assert episode(5) == episode(5)
    assert episode(5)[1]["deal"] != episode(6)[1]["deal"]


def test_resets_without_a_seed_go_on_from_the_seeded_generator():
    deals = []
    for _ in range(2):
        env = domino_env()
        env.reset(seed=9)
        env.reset()
        deals.append(env.game.record()["deal"])
    assert deals[0] == deals[1]
    env = domino_env()
    env.reset(seed=9)
    assert env.game.record()["deal"] != deals[0]


def test_loa_always_starts_from_the_start_position():
    env = loa_env(7)
    env.reset(seed=1)
    assert env.game.fen() == LoaGame(7).fen() and env.agent_selection == "player_0"


def test_reset_can_start_from_a_copy_of_a_given_game():
    game = LoaGame(6)
    game.play("b1-b3")
    env = loa_env(6)
    env.reset(options={"game": game})
    assert env.game is not game and env.game.fen() == game.fen() and env.agent_selection == "player_1"
    env.step(rl_loa.action_of(env.game.legal_moves()[0]))
    assert game.ply == 1


# -------------------------------------------------------------------- rendering
def test_render_ansi_is_the_games_text():
    env = loa_env(8, render_mode="ansi")
    env.reset()
    assert env.render() == str(LoaGame(8))
    dom = domino_env(render_mode="ansi")
    dom.reset(seed=4)
    assert dom.render() == str(DominoGame(int(np.random.default_rng(4).integers(2**63))))


def test_render_without_a_mode_warns_and_returns_none():
    env = domino_env()
    env.reset(seed=1)
    with pytest.warns(UserWarning, match="render_mode"):
        assert env.render() is None


# ------------------------------------------------------------------- bad input
def test_bad_options_and_calls_raise_typed_errors():
    for make in (lambda: loa_env(5), lambda: loa_env(True), lambda: loa_env(render_mode="human"),
                 lambda: domino_env(reward="score")):
        with pytest.raises(BadEnvOption):
            make()
    env = loa_env(6)
    for call in (lambda: env.step(0), lambda: env.observe("player_0"), env.last, env.widget):
        with pytest.raises(ResetNeeded, match="reset"):
            call()
    env.reset()
    with pytest.raises(BadEnvOption, match="unknown agent"):
        env.observe("player_2")
    for seed in (-1, 2.5, "7", True):
        with pytest.raises(BadEnvOption, match="seed"):
            env.reset(seed=seed)
    for game in (LoaGame(8), DominoGame(1), "1xxxx1/o4o/o4o/o4o/o4o/1xxxx1 x 0",
                 LoaGame.from_fen("1xxxx1/o4o/o4o/o4o/o4o/1xxxx1 x 200")):
        with pytest.raises(BadEnvOption, match="game"):
            env.reset(options={"game": game})


# --------------------------------------------------------- hidden information
@settings(max_examples=30)
@given(seed=st.integers(0, 2**32 - 1), plies=st.integers(1, 30), data=st.data())
def test_the_domino_observation_does_not_change_with_the_hidden_tiles(seed, plies, data):
    game = DominoGame(seed)
    rng = np.random.default_rng(seed)
    for _ in range(plies):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(moves[int(rng.integers(len(moves)))])
    assume(not game.is_over)  # at the end the hands are counted: their pips are public
    seat = data.draw(st.sampled_from([0, 1]))
    pairs = [(x, y) for x in game.hand(1 - seat) for y in game.boneyard]
    assume(pairs)
    other = None
    for x, y in data.draw(st.permutations(pairs))[:8]:
        other = swapped_game(game, x, y)
        if other is not None:
            break
    assume(other is not None)
    # the two games differ in what seat cannot see, and only there
    assert other.hand(1 - seat) != game.hand(1 - seat) and other.hand(seat) == game.hand(seat)
    assert other.boneyard != game.boneyard and other.view(seat) == game.view(seat)
    seen = []
    for start in (game, other):
        env = domino_env()
        env.reset(options={"game": start})
        seen.append(env.observe(AGENTS[seat]))
    assert np.array_equal(seen[0]["observation"], seen[1]["observation"])
    assert np.array_equal(seen[0]["action_mask"], seen[1]["action_mask"])
    assert np.array_equal(rl_domino.observation_of(game.view(seat)), rl_domino.observation_of(other.view(seat)))
    # and the test can fail: the other seat, who holds the swapped tile, sees the difference
    assert not np.array_equal(rl_domino.observation_of(game.view(1 - seat)),
                              rl_domino.observation_of(other.view(1 - seat)))


def test_the_domino_observation_layout():
    game = DominoGame(21)
    game.play(game.legal_moves()[0])  # the opening
    view = game.view(game.turn)
    observation = rl_domino.observation_of(view)
    layout = rl_domino.LAYOUT
    assert [TILES[i] for i in np.flatnonzero(observation[layout["hand"]])] == list(view.hand)
    assert [TILES[i] for i in np.flatnonzero(observation[layout["line"]])] == [game.opening]
    assert [TILES[i] for i in np.flatnonzero(observation[layout["not_dealt"]])] == list(view.not_dealt)
    assert np.flatnonzero(observation[layout["left_end"]]).tolist() == [view.ends[0]]
    assert np.flatnonzero(observation[layout["right_end"]]).tolist() == [view.ends[1]]
    assert observation[layout["opponent_count"]].tolist() == [6]
    assert observation[layout["boneyard_count"]].tolist() == [14]
    assert observation[layout["to_move"]].tolist() == [1] and observation[layout["passes"]].tolist() == [0]
    assert rl_domino.observation_of(game.view(1 - game.turn))[layout["to_move"]].tolist() == [0]


# ------------------------------------------------------------------- the widget
def test_the_loa_widget_mirrors_the_environment_and_takes_no_moves():
    env = loa_env(6)
    env.reset()
    rng = np.random.default_rng(4)
    masked_step(env, rng)  # player_1 (the widget's computer side) is to move
    w = env.widget()
    assert env.widget() is w and w.game is env.game and w.driven_by
    for _ in range(5):
        masked_step(env, rng)
    assert w.game is env.game and len(w.game.moves) == 6 and w.history_length == 7
    planes = env.observe("player_0")["observation"]
    assert w.board == (planes[..., 0] + 2 * planes[..., 1]).ravel().tolist()
    piece = env.game.cells(env.game.turn)[0]
    before = env.game.fen()
    w._on_view_message(w, {"type": "click", "cell": list(piece)}, [])
    assert env.game.fen() == before and "played by the PettingZoo environment" in w.error
    env.reset()
    planes = env.observe("player_0")["observation"]
    assert w.game is env.game and w.history_length == 1
    assert w.board == (planes[..., 0] + 2 * planes[..., 1]).ravel().tolist()


def test_the_domino_widget_mirrors_the_environment_and_takes_no_moves():
    env = domino_env()
    env.reset(seed=8)
    rng = np.random.default_rng(8)
    w = env.widget()
    assert env.widget() is w and w.game is env.game
    for _ in range(6):
        masked_step(env, rng)
    assert w.game is env.game and len(w.game.moves) == 6
    assert w.hand == [list(t) for t in env.game.hand(0)] and w.line == [list(p) for p in env.game.line]
    before = env.game.to_dict()
    w._on_view_message(w, {"type": "draw"}, [])
    assert env.game.to_dict() == before and "played by the PettingZoo environment" in w.error
    play_out(env, rng)
    assert w.result and len(w.game.moves) == len(env.game.moves)
    env.reset(seed=9)
    assert w.game is env.game and w.history_length == 1
