"""Dominoes and the one rules / player interface (gamewidgets.protocol): what the
shared suite (tests/test_protocol.py) does not check — the texts of the moves, the
Move base class and its dicts, refusals in words, turn after the end, the outcome's
score, the saves of old, and the players taking the Game while seeing one view."""

import random
from dataclasses import FrozenInstanceError

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_protocol import assert_refused_in_words

from gamewidgets import domino
from gamewidgets.domino import TILES, Draw, Game, Move, Outcome, Pass, Play, PlayerView, as_tile, move_from_dict
from gamewidgets.domino.ai import LEVELS, Easy, Hard, Medium, play_hand
from gamewidgets.errors import GameOver, IllegalMove
from gamewidgets.protocol import Rules


def deal(hand0, hand1):
    """A game dealt ``hand0`` and ``hand1``; the boneyard holds the others in TILES order."""
    hand0, hand1 = [as_tile(t) for t in hand0], [as_tile(t) for t in hand1]
    used = set(hand0) | set(hand1)
    return Game.from_deal([hand0, hand1], [t for t in TILES if t not in used])


def opened_with_double_six():
    """Player 0 leads the double-six; then player 1 holds 6-5 (fits one end), 5-0 (fits
    none) and, once 6-4 is down, 4-6... (see the tests)."""
    return deal(["6-6", "6-4", "4-4", "3-3", "2-2", "1-1", "0-0"],
                ["6-5", "5-0", "4-1", "4-3", "3-1", "2-1", "2-0"])


def players(seed=0):
    return [Easy(seed=seed), Medium(seed=seed), Hard(seed=seed, samples=16, time_limit=None)]


def comparable(analysis):
    data = analysis.to_dict()
    data["stats"].pop("time_ms", None)
    return data


# ------------------------------------------------------------------- moves
def test_move_is_the_base_of_the_three_moves_and_reads_the_dict_of_each():
    play, draw, passing = Play((4, 6), "left"), Draw(), Pass()
    for move in (play, draw, passing):
        assert isinstance(move, Move)
        assert Move.from_dict(move.to_dict()) == move
        assert type(move).from_dict(move.to_dict()) == move
        assert move_from_dict(move.to_dict()) == move  # the old name
    assert play.tile == (6, 4) and Draw() != Pass() and len({Draw(), Draw(), Pass()}) == 2
    with pytest.raises(FrozenInstanceError):
        play.end = "right"  # type: ignore[misc]


def test_every_move_class_reads_every_moves_dict_and_move_itself_is_no_move():
    """``type(move).from_dict`` is ``Move.from_dict``: the protocol reads any move's
    dict with the class of any move."""
    assert Play.from_dict({"action": "draw"}) == Draw() and Pass.from_dict(Play("6-4", "left").to_dict()) == Play(
        (6, 4), "left")
    with pytest.raises(TypeError, match=r"Play\(tile, end\), Draw\(\) or Pass\(\)"):
        Move()
    for bad in ({"action": "jump"}, {"action": "play", "tile": [6, 4]}, {}, [], "draw", None):
        with pytest.raises(IllegalMove):
            Move.from_dict(bad)


def test_the_texts_of_the_moves():
    assert [str(Play((6, 4), "left")), str(Play("0-0", "right")), str(Draw()), str(Pass())] == [
        "6-4 left", "0-0 right", "draw", "pass"]


def test_parse_move_takes_every_spelling_of_a_move():
    game = opened_with_double_six()
    assert game.parse_move("6-4 left") == Play((6, 4), "left")
    assert game.parse_move("  4|6   RIGHT ") == Play((6, 4), "right")
    assert game.parse_move("4:6 Left") == Play((6, 4), "left")
    assert game.parse_move(" Draw ") == Draw() and game.parse_move("PASS") == Pass()
    assert game.parse_move(Play((6, 4), "left")) == Play((6, 4), "left")
    assert game.parse_move({"action": "play", "tile": [4, 6], "end": "right"}) == Play((6, 4), "right")
    assert game.parse_move({"player": 0, "action": "draw", "tile": [1, 0]}) == Draw()  # the record format


def test_play_6_6_right_the_example_of_the_issue():
    game = opened_with_double_six()
    event = game.play("6-6 right")
    assert event.tile == (6, 6) and game.line == ((6, 6),) and game.moves == [Play((6, 6), "right")]
    assert game.is_legal("6-5 left") and game.is_legal("6-5 right")
    game.play({"action": "play", "tile": [6, 5], "end": "left"})
    assert game.line == ((5, 6), (6, 6))


def test_a_tile_alone_names_the_play_where_it_fits_one_end_only():
    game = opened_with_double_six()
    assert game.parse_move("6-6") == Play((6, 6), "right")  # the opening
    game.play("6-6")
    assert game.why_not("6-5") == "say which end: 6-5 fits the left and the right end"
    with pytest.raises(IllegalMove, match="say which end"):
        game.parse_move("6-5")
    game.play("6-5 left")  # ends 5 and 6
    assert game.parse_move("6-4") == Play((6, 4), "right") and game.parse_move("5-5") == Play((5, 5), "left")
    assert "fits no end" in game.why_not("4-4") and not game.is_legal("4-4")
    assert game.play("6-4").end == "right" and game.ends == (5, 4)


@pytest.mark.parametrize("thing", [
    "", "6-4 up", "6-4 left right", "7-7 left", "draw 6-4", "left", "6-4-3", "{}",
    42, None, [6, 4], 6.5, {"action": "jump"}, {"action": "play", "tile": [9, 9], "end": "left"},
    {"action": "play", "tile": [float("nan"), 1], "end": "left"},
])
def test_no_move_is_refused_in_words_and_why_not_never_raises(thing):
    assert_refused_in_words(opened_with_double_six(), thing)


def test_why_not_of_a_move_by_the_wrong_player_or_with_a_bad_player_is_words():
    game = opened_with_double_six()
    assert game.why_not("6-6 right", player=1) == "it is player 0's turn, not player 1's"
    assert "a player is 0 or 1" in game.why_not("6-6 right", player=7)
    assert "a player is 0 or 1" in game.why_not({"player": "x", "action": "play", "tile": [6, 6], "end": "right"})


# ---------------------------------------------------------- turn and outcome
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**64), choices=st.randoms(use_true_random=False))
def test_turn_is_always_a_player_and_the_last_move_passes_it_as_every_play_and_pass(seed, choices):
    game = Game(seed)
    while not game.is_over:
        assert game.turn in (0, 1) and game.view(game.turn).turn == game.turn
        game.play(choices.choice(game.legal_moves()))
    last = game.history[-1]
    assert last.action in ("play", "pass")
    assert game.turn == 1 - last.player  # as after every play or pass
    assert game.view(game.turn).turn is None and game.view(last.player).turn is None  # PlayerView: None at the end
    assert game.to_dict()["position"]["turn"] is None  # the save format did not change
    assert Game.from_dict(game.to_dict()).turn == game.turn
    assert game.undo() == last.move and game.turn == last.player and not game.is_over
    assert game.to_dict()["position"]["turn"] == last.player


def test_the_turn_cannot_be_set_from_outside():
    game = Game(1)
    with pytest.raises(AttributeError):
        game.turn = 1 - game.turn  # type: ignore[misc]


def test_the_outcome_has_a_score_the_winners_points():
    game = Game.from_position([["6-1"], ["5-5", "3-2"]], [(4, 1)], turn=0)
    game.play("6-1 right")
    outcome = game.outcome()
    assert isinstance(outcome, Outcome) and outcome.score == outcome.points == 15
    assert (outcome.winner, outcome.reason) == (0, "domino")
    drawn = Outcome(None, 0, "blocked", (10, 10))
    assert drawn.score == 0 and drawn.winner is None


def test_a_finished_game_saved_before_the_change_still_opens():
    game = Game(4)
    play_hand(game, [Medium(seed=1), Medium(seed=2)])
    save = game.to_dict()
    assert save["position"]["turn"] is None  # what saves always held at the end
    again = Game.from_dict(save)
    assert again.is_over and again.turn == game.turn and again.outcome() == game.outcome()


def test_status_and_board_text_mark_nobody_to_move_once_over():
    game = Game(4)
    play_hand(game, [Easy(seed=1), Easy(seed=2)])
    assert str(game).count(">") == 0 and game.status().startswith("game over")


def test_the_package_exports_the_protocol_names():
    assert isinstance(Game(1), Rules)
    assert domino.Move is Move and domino.Outcome is Outcome and domino.Game is Game
    assert domino.PLAYER_COUNT == 2


# ----------------------------------------------------------------- players
def test_players_is_the_registry_and_levels_its_old_name():
    assert domino.PLAYERS is LEVELS
    assert list(domino.PLAYERS) == ["easy", "medium", "hard"]
    assert [domino.PLAYERS[name] for name in domino.PLAYERS] == [Easy, Medium, Hard]


def test_players_are_made_with_keyword_options_only():
    for cls in (Easy, Medium, Hard):
        with pytest.raises(TypeError):
            cls(1)
    assert Hard(seed=3, samples=5, time_limit=None).samples == 5


def test_a_player_given_the_game_decides_from_the_view_of_the_player_to_move():
    rnd = random.Random(5)
    compared = 0
    for seed in range(25):
        game = Game(seed)
        for _ in range(rnd.randrange(0, 30)):
            if game.is_over:
                break
            game.play(rnd.choice(game.legal_moves()))
        if game.is_over:
            continue
        view = game.view(game.turn)
        for player in players(seed):
            assert player.choose(game) == player.choose(view)
            assert comparable(player.analyse(game)) == comparable(player.analyse(view))
        compared += 1
    assert compared >= 15
    hard = Hard(seed=1, samples=8, time_limit=None)
    assert hard.beliefs(game) == hard.beliefs(game.view(game.turn))


class WatchedGame(Game):
    """A game that records every attribute read of it, except by its own ``view``."""

    read: list[str] | None = None
    _in_view = False

    def __getattribute__(self, name):
        read = object.__getattribute__(self, "read")
        if read is not None and not object.__getattribute__(self, "_in_view") and not name.startswith("__"):
            read.append(name)
        return object.__getattribute__(self, name)

    def view(self, player):
        self._in_view = True
        try:
            return super().view(player)
        finally:
            self._in_view = False


@pytest.mark.parametrize("level", list(LEVELS))
def test_a_player_given_the_game_reads_only_its_turn_and_that_players_view(level):
    """The hidden-information guarantee: given the whole Game, a player reads
    ``game.turn`` and ``game.view(game.turn)`` and nothing else (not the hands, not
    the boneyard)."""
    game = WatchedGame(8)
    rnd = random.Random(8)
    for _ in range(9):
        game.play(rnd.choice(game.legal_moves()))
    assert not game.is_over and len(game.legal_moves()) >= 1
    player = LEVELS[level](seed=2, **({"samples": 8, "time_limit": None} if level == "hard" else {}))
    game.read = []
    player.analyse(game)
    player.choose(game)
    if isinstance(player, Hard):
        player.beliefs(game)
    read = object.__getattribute__(game, "read")
    game.read = None
    assert read and set(read) <= {"turn", "_turn", "view"}, read  # _turn: read by the turn property


def test_a_player_refuses_a_finished_game_and_anything_but_a_game_or_a_view():
    game = Game(4)
    play_hand(game, [Easy(seed=1), Easy(seed=2)])
    for player in players():
        with pytest.raises(GameOver, match="over"):
            player.choose(game)
        with pytest.raises(TypeError, match=r"game\.view\(player\)"):
            player.analyse({"hand": []})  # type: ignore[arg-type]
    view = Game(5).view(0)
    assert isinstance(view, PlayerView)


def test_play_hand_plays_with_the_game_given_to_each_player():
    game = play_hand(Game(12), [Medium(seed=1), Hard(seed=2, samples=8, time_limit=None)])
    again = Game(12)
    seats = [Medium(seed=1), Hard(seed=2, samples=8, time_limit=None)]
    while not again.is_over:
        again.play(seats[again.turn].choose(again))
    assert again.history == game.history
