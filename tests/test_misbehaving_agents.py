"""Agents, executors and policies that misbehave (issue 25): whatever a player does —
reads what its seat may not see, changes the game it is given, raises, returns a move
that cannot be compared, hangs — and whatever an executor does — shut down, lose a
worker — the match says so with a typed error, the live game is never changed and no
hidden tile is seen. Every place a player plays goes through one mechanism
(seat_view, players.failures_of)."""

from __future__ import annotations

import os
import threading
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import numpy as np
import pytest

from gamewidgets import Line98
from gamewidgets.domino import Game as DominoGame
from gamewidgets.domino.rules import PlayerView
from gamewidgets.loa import Game as LoaGame
from gamewidgets.match import ExecutorFailed, match
from gamewidgets.players import AgentError, FunctionPlayer
from gamewidgets.rl import domino_env, loa_env
from gamewidgets.tournament import tournament

SEEN: list[object] = []


class Nosy:
    """A player object (not a FunctionPlayer) that keeps what it is given."""

    name = "nosy"

    def choose(self, game):
        SEEN.append(game)
        moves = game.legal_moves()
        return moves[0]


class Meddler:
    """A Lines of Action player that plays its opponent's moves on what it is given."""

    name = "meddler"

    def choose(self, game):
        move = game.legal_moves()[0]
        while game.outcome() is None:
            game.play(game.legal_moves()[0])  # plays on: on a copy this changes nothing
        return move


class BadEquality:
    def __eq__(self, other):
        raise RuntimeError("no comparing me")

    __hash__ = object.__hash__


class Weird:
    name = "weird"

    def choose(self, game):
        return BadEquality()


def test_a_dominoes_player_object_sees_only_its_seat_in_match_and_tournament():
    SEEN.clear()
    match("domino", [Nosy(), "easy"], games=2, seed=1, workers=1)
    tournament("domino", [Nosy(), "easy", "medium"], games_per_pair=2, seed=1, workers=1)
    assert SEEN and all(isinstance(seen, PlayerView) for seen in SEEN)
    assert not any(hasattr(seen, "_hands") for seen in SEEN)  # the live game's hands are nowhere


def test_a_player_cannot_change_the_live_game():
    result = match("loa", [Meddler(), "easy"], games=2, seed=2, workers=1, max_depth=1)
    for record in result.records:  # every move of the record is one a player chose, legal in turn
        game = LoaGame.from_record(record)
        assert game.outcome().reason == record["result"]["reason"] and len(record["moves"]) > 2


@pytest.mark.parametrize("player", [Weird(), FunctionPlayer(lambda g: BadEquality(), name="weird")],
                         ids=["object", "function"])
def test_a_move_that_cannot_be_compared_is_the_agents_error(player):
    with pytest.raises(AgentError, match="weird"):
        match("loa", [player, "easy"], games=2, seed=1, workers=1, max_depth=1)
    w = Line98(seed=1, store=None, muted=True)
    with pytest.raises(AgentError, match="weird"):
        w.watch(player, moves=1, delay=0)
    assert w.game.moves == []


def test_an_agent_that_raises_or_hangs_is_an_agent_error_with_a_time_limit():
    release = threading.Event()

    def hangs(position):
        release.wait(30)
        return position.legal_moves()[0]

    slow = FunctionPlayer(hangs, name="sleepy", time_limit=0.2)
    try:
        with pytest.raises(AgentError, match="time limit"):
            match("line98", [slow], games=1, workers=1)
    finally:
        release.set()
    with pytest.raises(ValueError, match="time_limit"):
        FunctionPlayer(hangs, time_limit=0)
    quick = FunctionPlayer(lambda position: position.legal_moves()[0], name="quick", time_limit=5)
    assert len(match("line98", [quick], games=1, workers=1).records) == 1


def test_a_shut_down_pool_is_a_typed_error():
    for pool in (ThreadPoolExecutor(1), ProcessPoolExecutor(1)):
        pool.shutdown()
        with pytest.raises(ExecutorFailed, match="executor failed"):
            match("line98", ["random"], games=2, executor=pool)


def exits(position):
    """An agent that ends the process it plays in."""
    os._exit(3)


def test_an_agent_that_ends_its_worker_process_is_a_typed_error():
    with ProcessPoolExecutor(1) as pool, pytest.raises(ExecutorFailed, match="BrokenProcessPool"):
        match("line98", [FunctionPlayer(exits, name="exits")], games=1, executor=pool)


@pytest.mark.parametrize("action", [-1, 10**9, 2.0, 3.7, True, "1", None])
def test_a_policys_action_that_is_no_action_is_an_agent_error(action):
    env = domino_env()
    player = FunctionPlayer.from_policy(lambda observation, mask: action, env, name="odd")
    game = DominoGame(5)
    with pytest.raises(AgentError):
        player.choose(game)
    loa = loa_env()
    with pytest.raises(AgentError):
        FunctionPlayer.from_policy(lambda observation, mask: action, loa).choose(LoaGame(6))


class RaisingIndex:
    def __index__(self):
        raise RuntimeError("not today")


@pytest.mark.parametrize("make", [loa_env, domino_env])
def test_step_never_raises_on_an_action_whose_index_raises(make):
    env = make()
    env.reset(seed=1)
    agent = env.agent_selection
    env.step(RaisingIndex())
    assert env.infos[agent].get("illegal_action") is True or env.rewards[agent] < 0
    env.step(np.int64(-5))  # also out of range: refused, never wrapped
