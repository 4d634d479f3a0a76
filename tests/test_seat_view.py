"""What a seat may see (gamewidgets.protocol): a player is handed ``game.view(seat)``,
never the live game, in every place a player plays. In Line 98 a peeking agent tries
its move on the position it was given and reads the previews that come; with the real
generator it would know the real ones, with the view's own it knows nothing."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from gamewidgets import Line98
from gamewidgets.analysis import Analysis, Candidate
from gamewidgets.line98 import PLAYERS as LINE98_PLAYERS
from gamewidgets.line98 import Game as Line98Game
from gamewidgets.loa import Game as LoaGame
from gamewidgets.mahjong import Game as MahjongGame
from gamewidgets.match import match
from gamewidgets.players import FunctionPlayer
from gamewidgets.protocol import seat_view
from gamewidgets.tournament import tournament

#: what the peeker saw and predicted, per call: (moves so far, score, the previews
#: shown, the previews it predicts after its move)
PREDICTIONS: list[tuple[int, int, tuple, tuple]] = []


def predicted_previews(position: Line98Game, move) -> tuple:
    """Play ``move`` on a copy of what the player was given; the previews that came."""
    trial = position.copy()
    trial.play(move)
    return tuple(trial.previews)


def note(position: Line98Game, move) -> None:
    PREDICTIONS.append((len(position.moves), position.score, tuple(position.previews),
                        predicted_previews(position, move)))


def peek(position: Line98Game):
    """An agent that plays some legal move (one that changes from move to move) and
    notes the previews it predicts."""
    moves = position.legal_moves()
    move = moves[len(position.moves) * 7 % len(moves)]
    note(position, move)
    return move


class PeekingPlayer:
    """A player object (not a FunctionPlayer) that peeks in choose and in analyse,
    through a built-in player's analysis of the position it was given."""

    name = "peeking-expert"

    def __init__(self, seed: int | None = 0):
        self.expert = LINE98_PLAYERS["expert"](seed=seed, width=2)

    def analyse(self, game: Line98Game) -> Analysis:
        analysis = self.expert.analyse(game)
        note(game, analysis.move)
        return Analysis(self.name, analysis.move, (Candidate(analysis.move, 0.0),), "peeked")

    def choose(self, game: Line98Game):
        return self.analyse(game).move


def hits() -> tuple[int, int]:
    """(quiet moves whose coming previews the peeker predicted, quiet moves): the next
    call of the same game shows the real previews that came after a move that cleared
    nothing (its score is the same). Only moves after which three previews came count:
    on an all but full board fewer cells are left, and they may be guessed."""
    found = quiet = 0
    for (moves, score, _, predicted), (after, score_after, shown, _) in itertools.pairwise(PREDICTIONS):
        if after == moves + 1 and score_after == score and len(shown) == 3:
            quiet += 1
            found += predicted == shown
    return found, quiet


@pytest.fixture(autouse=True)
def _no_predictions():
    PREDICTIONS.clear()
    yield
    PREDICTIONS.clear()


def test_a_copy_carries_the_real_future_but_a_view_does_not():
    game = Line98Game(4)
    move = game.legal_moves()[0]
    real = game.copy()
    real.play(move)
    assert predicted_previews(game.copy(), move) == tuple(real.previews)  # a copy is the game's own future
    assert predicted_previews(game.view(), move) != tuple(real.previews)
    assert game.view().seed == game.view().seed != game.seed  # the same view for the same position
    assert seat_view(game).board.tolist() == game.board.tolist() and seat_view(game).previews == game.previews


def test_undo_on_a_view_does_not_bring_back_the_real_stream():
    game = Line98Game(9)
    for _ in range(3):
        game.play(game.legal_moves()[0])
    view = game.view()
    view.undo()
    taken_back = game.copy()
    taken_back.undo()
    move = taken_back.legal_moves()[-1]
    real, seen = taken_back.copy(), view.copy()
    real.play(move)
    seen.play(move)
    assert real.board.tolist() != seen.board.tolist() or real.previews != seen.previews


def test_the_peeker_finds_the_real_previews_on_a_copy():
    """The check itself: handed copies carrying the game's generator, the peeker would
    predict every quiet move's previews."""
    game = Line98Game(4)
    while not game.is_over:
        game.play(peek(game.copy()))
    found, quiet = hits()
    assert quiet >= 20 and found == quiet


def test_a_peeking_agent_in_a_match_predicts_nothing():
    match("line98", [FunctionPlayer(peek)], games=10, seed=3, workers=1)
    found, quiet = hits()
    assert quiet >= 200 and found <= 2  # by chance: three cells and colours of 81 cells and 7 colours


def test_a_peeking_player_object_in_a_tournament_predicts_nothing():
    tournament("line98", [PeekingPlayer(), "random"], games_per_pair=2, seed=1, workers=1)
    found, quiet = hits()
    assert quiet >= 200 and found <= 2


def test_a_peeking_agent_watching_a_board_predicts_nothing():
    w = Line98(seed=4, store=None, muted=True)
    w.watch(PeekingPlayer(), moves=20, delay=0, explain=True)  # through analyse
    for seed in range(5, 15):
        w.watch(FunctionPlayer(peek), moves=400, delay=0)
        w.new_game(seed=seed)
    found, quiet = hits()
    assert quiet >= 200 and found <= 2


def test_the_rl_observation_holds_only_what_is_seen():
    from gamewidgets.rl.line98 import Line98Env

    env = Line98Env()
    game = Line98Game(12)
    previews = [(p.row, p.col, p.colour) for p in game.previews]
    twin = Line98Game.from_board(game.board, previews, seed=99, score=game.score)
    observation, mask = env.encode(game)
    assert np.array_equal(observation, env.encode(twin)[0]) and np.array_equal(mask, env.encode(twin)[1])
    assert np.array_equal(observation, env.encode(game.view())[0])


def test_a_mahjong_view_shuffles_unlike_the_game():
    stuck = MahjongGame.from_grid("D1 D2 . .\nD2 D1 . .\nD3 D4 D3 D4\nD5 D5 D6 D6", seed=5)
    while stuck.legal_moves():
        stuck.play(stuck.legal_moves()[0])
    assert stuck.stuck
    real = stuck.copy()
    real.shuffle()
    layouts = set()
    for view in (stuck.view(), seat_view(stuck)):
        view.shuffle()
        layouts.add(view.grid.tobytes())
    assert len(layouts) == 1  # the same view for the same position
    assert view.seed != stuck.seed and stuck.view().rng.bit_generator.state != stuck.rng.bit_generator.state


def test_a_lines_of_action_view_is_a_copy_and_seats_are_checked():
    game = LoaGame(6)
    view = seat_view(game)
    view.play(view.legal_moves()[0])
    assert game.ply == 0 and view.ply == 1
    with pytest.raises(ValueError, match="seats are 0"):
        game.view(2)
    with pytest.raises(ValueError, match="one seat"):
        Line98Game(1).view(1)
