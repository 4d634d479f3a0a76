"""A game a computer played for the user (``watch``) is not the person's: it changes
no best score, statistics or streak, in any game, and the widget says who played."""

from __future__ import annotations

import pytest
from test_loa_widget import NEAR_WIN  # x (the user) to move: c4-c3 joins a1-b2 and wins

from gamewidgets import Domino, Line98, LinesOfAction, MahjongConnect
from gamewidgets.line98 import PLAYERS as LINE98_PLAYERS
from gamewidgets.loa import Game as LoaGame
from gamewidgets.players import FunctionPlayer
from gamewidgets.store import Store


@pytest.fixture
def store(tmp_path):
    return Store(tmp_path / "s.sqlite3")


def test_a_line98_game_watched_to_its_end_is_not_the_record(store):
    w = Line98(seed=7, store=store, muted=True)
    w.watch("greedy-long", moves=10_000, delay=0)
    assert w.game.is_over and w.game.score > 0
    assert w.played_by == "greedy-long"
    assert w.record == 0 and not w.new_record and Line98(store=store).record == 0
    assert store.record("line98") == 0 and store.finished("line98") == []
    w.new_game(seed=8)
    assert w.played_by == ""
    w.undo()  # undoing the new game brings back the watched one, and whose it was
    assert w.played_by == "greedy-long"


def test_a_line98_game_the_person_plays_to_its_end_counts(store):
    """The other side of the check above: the same moves played by hand count."""
    w = Line98(seed=7, store=store, muted=True)
    player = LINE98_PLAYERS["greedy-long"](seed=7)
    while not w.game.is_over:
        w.play(player.choose(w.game.view()))
    assert w.played_by == "" and w.game.score > 0
    assert store.record("line98") == w.game.score and len(store.finished("line98")) == 1


def test_a_person_who_lets_the_computer_make_one_move_does_not_count_the_game(store):
    w = Line98(seed=7, store=store, muted=True)
    w.watch(FunctionPlayer(lambda position: position.legal_moves()[0], name="helper"), moves=1, delay=0)
    assert w.played_by == "helper"
    player = LINE98_PLAYERS["greedy-long"](seed=7)
    while not w.game.is_over:
        w.play(player.choose(w.game.view()))
    assert store.record("line98") == 0 and store.finished("line98") == []


def test_a_mahjong_board_cleared_by_the_computer_is_not_the_record(store):
    w = MahjongConnect(seed=21, store=store, muted=True)
    w.watch("solver", moves=72, delay=0)
    assert w.won and w.score > 0
    assert w.played_by == "solver" and w.record == 0
    assert MahjongConnect(store=store).record == 0 and store.finished(w.record_key) == []


def test_a_lines_of_action_game_won_by_the_computer_for_you_is_not_in_your_tally(store):
    w = LinesOfAction(game=LoaGame.from_text(NEAR_WIN, turn=0), level="easy", store=store, ai={"max_depth": 1})
    w.watch(FunctionPlayer(lambda g: g.parse_move("c4-c3"), name="finisher"), moves=1, delay=0)
    assert w.phase == "over" and w.result["result"] == "win"
    assert w.result["played_by"] == "finisher" and w.result["tally"] == {}
    assert store.tally("loa", "6x6 easy").played == 0
    w.new_game()  # the setup dialog: the watched game is still the one shown
    assert w.played_by == "finisher"
    w.start(6, "easy", replace_saved=True)
    assert w.played_by == ""


def test_a_dominoes_hand_watched_to_its_end_says_who_played(store):
    w = Domino(seed=3, level="easy", store=store, muted=True)
    w.watch("medium", moves=200, delay=0)
    assert w.game.is_over and w.played_by == "medium"
    w.new_game()
    assert w.played_by == ""
