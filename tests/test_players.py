"""gamewidgets.players.FunctionPlayer: your own function as a player in matches, in
the widgets' computer seat and in watch(), refused cleanly when it breaks the rules;
and driven boards (a program plays the widget from Python)."""

import sys

import numpy as np
import pytest

from gamewidgets import Domino, Line98, LinesOfAction, MahjongConnect
from gamewidgets.analysis import Analysis, Candidate
from gamewidgets.domino import Game as DominoGame
from gamewidgets.errors import IllegalMove
from gamewidgets.loa import Game as LoaGame
from gamewidgets.match import MatchError, match
from gamewidgets.players import AgentError, FunctionPlayer


def first_capture(game):
    moves = game.legal_moves()
    return next((m for m in moves if m.capture), moves[0])


def first_action(view):
    return view.legal_actions()[0]


def heaviest(view):
    """An agent that explains itself: every candidate scored by its pips."""
    moves = view.legal_actions()
    scored = sorted(((sum(getattr(m, "tile", None) or (0,)), i, m) for i, m in enumerate(moves)), reverse=True)
    candidates = tuple(Candidate(m, float(s), {"pips": float(s)}) for s, _, m in scored)
    return Analysis("heaviest", candidates[0].move, candidates, "the heaviest tile that fits")


def test_a_function_plays_a_match_and_pickles_to_other_processes():
    agent = FunctionPlayer(first_capture, name="first-capture")
    here = match("loa", [agent, "easy"], games=4, seed=2, workers=1, max_depth=1)
    there = match("loa", [agent, "easy"], games=4, seed=2, workers=2, max_depth=1)
    assert here.records == there.records and here.names[0] == "first-capture"
    assert all(r["players"][r["players"].index("first-capture")] for r in here.records)


def last_move(game):
    return game.legal_moves()[-1]


def test_a_notebook_function_plays_here_by_default_and_says_so_when_workers_are_asked(monkeypatch):
    monkeypatch.setattr(last_move, "__module__", "__main__")  # as a function defined in a notebook cell is
    monkeypatch.setattr(sys.modules["__main__"], "last_move", last_move, raising=False)
    agent = FunctionPlayer(last_move)
    result = match("loa", [agent, "easy"], games=2, seed=1, max_depth=1)  # no workers: here
    assert result.workers == 1 and len(result.records) == 2
    with pytest.raises(MatchError, match="defined in __main__"):
        match("loa", [agent, "easy"], games=2, seed=1, workers=2, max_depth=1)


def test_the_function_gets_a_copy_never_the_game():
    seen = []

    def vandal(game):
        seen.append(game)
        move = game.legal_moves()[0]
        game.play(move)  # changes its own copy only
        return move

    game = LoaGame(6)
    before = game.fen()
    move = FunctionPlayer(vandal).choose(game)
    assert game.fen() == before and seen[0] is not game and move in game.legal_moves()


def test_in_dominoes_the_function_sees_only_its_seats_view():
    game = DominoGame(5)
    seen = []
    FunctionPlayer(lambda view: seen.append(view) or view.legal_actions()[0]).choose(game)
    view = seen[0]
    assert view == game.view(game.turn) and not hasattr(view, "hand_of")
    assert len(view.hand) == len(game.hand(game.turn))


def test_an_illegal_move_or_a_crash_is_an_agent_error_naming_the_agent():
    game = LoaGame(6)
    with pytest.raises(AgentError, match=r"agent 'lost' chose 'a1-a1', which is not a legal move here; legal: "):
        FunctionPlayer(lambda g: "a1-a1", name="lost").choose(game)
    with pytest.raises(AgentError, match="agent 'broken' failed: ZeroDivisionError"):
        FunctionPlayer(lambda g: 1 / 0, name="broken").choose(game)
    assert issubclass(AgentError, IllegalMove)
    with pytest.raises(TypeError, match="needs a callable"):
        FunctionPlayer("first")
    text = str(game.legal_moves()[3])
    assert FunctionPlayer(lambda g: text).choose(game) == game.legal_moves()[3]  # its text is taken too


def test_an_agent_that_explains_itself_is_kept_and_shown_in_the_widget():
    w = Domino(opponent=FunctionPlayer(heaviest, name="heaviest"), seed=4, store=None)
    assert w.names == ["You", "heaviest"] and w.opponent_name == "heaviest" and w.mode == "computer"
    for _ in range(6):
        if w.game.is_over:
            break
        move = w.game.legal_moves()[0]
        if getattr(move, "tile", None):
            w.play(move.tile, move.end)
        else:
            w.draw() if move.action == "draw" else w.pass_()
    kept = [a for a in w.analyses if a is not None]
    assert kept and all(a.player == "heaviest" and a.reason == "the heaviest tile that fits" for a in kept)
    index = w.explained[-1]
    assert w.why(index) is w.analyses[index]
    with pytest.raises(IllegalMove, match="plays the computer's seat"):
        w.set_level("hard")


def test_lines_of_action_seats_your_player_and_does_not_save_or_count_its_games(tmp_path):
    agent = FunctionPlayer(first_capture, name="first-capture")
    w = LinesOfAction(size=6, opponent=agent, store=tmp_path / "store.sqlite")
    assert w.opponent_name == "first-capture" and "not saved or counted" in w.save_note
    w.play(w.game.legal_moves()[0])
    assert w.moves == 2 and w.turn == "user" and w.analyses[2].player == "first-capture"
    assert w.saved == [] and w.store.saved("loa") == []
    w.watch(FunctionPlayer(first_capture), moves=200, delay=0)
    assert w.phase == "over" and w.result["tally"] == {} and w.result["opponent"] == "first-capture"
    assert w.store.tally("loa", w.variant).played == 0
    with pytest.raises(TypeError, match="opponent= takes a player object"):
        LinesOfAction(opponent="hard", store=None)


def test_a_failing_opponent_is_reported_and_the_game_waits():
    w = LinesOfAction(size=6, opponent=FunctionPlayer(lambda g: 1 / 0, name="broken"), store=None)
    w.play(w.game.legal_moves()[0])
    assert w.moves == 1 and w.turn == "computer" and not w.thinking
    assert w.error.startswith("the computer player broken failed: agent 'broken' failed: ZeroDivisionError")
    w.undo()
    assert w.moves == 0 and w.turn == "user"


def test_watch_takes_a_function_player():
    w = Line98(seed=3, store=None)
    w.watch(FunctionPlayer(lambda g: g.legal_moves()[0], name="first"), moves=3, delay=0)
    assert len(w.game.moves) == 3


CLICK = {"type": "click", "cell": [0, 0]}


@pytest.mark.parametrize(("make", "move_message"), [
    (lambda by: Line98(seed=2, store=None, driven_by=by), CLICK),
    (lambda by: MahjongConnect(seed=2, store=None, scoring="standard", driven_by=by), CLICK),
    (lambda by: LinesOfAction(game=LoaGame(6), store=None, driven_by=by), CLICK),
    (lambda by: Domino(game=DominoGame(7), mode="computer", store=None, driven_by=by), {"type": "draw"}),
])
def test_a_driven_board_plays_only_what_its_program_plays(make, move_message):
    w = make("the test")
    start = len(w.history)
    w._driven_play(w.game.legal_moves()[0])
    w._driven_play(w.game.legal_moves()[0])  # the computer seat did not answer: the program plays both
    assert len(w.history) == start + 2 and not w.thinking
    moves_before = list(w._history_moves())
    for message in (move_message, {"type": "new_game"}):
        w._on_view_message(w, message, [])
        assert "played by the test" in w.error and list(w._history_moves()) == moves_before
    w._on_view_message(w, {"type": "goto", "index": 0}, [])
    assert w.error == "" and w.history_index == 0
    with pytest.raises(IllegalMove, match="played by the test"):
        w.watch(moves=1, delay=0)
    game = type(w.game)(9) if not isinstance(w, LinesOfAction) else LoaGame(6)
    w._driven_start(game)
    assert w.game is game and w.history_length == 1 and w.driven_by == "the test"


def masked_first(observation, mask):
    """A policy: the first action the mask allows."""
    return int(mask.nonzero()[0][0])


@pytest.mark.parametrize(("game", "make_env", "other", "options"), [
    ("line98", lambda rl: rl.Line98Env(), "random", {}),
    ("mahjong", lambda rl: rl.MahjongConnectEnv(), "random", {}),
    ("loa", lambda rl: rl.loa_env(size=6), "easy", {"size": 6, "max_depth": 1}),
    ("domino", lambda rl: rl.domino_env(), "easy", {}),
])
def test_a_policy_of_observation_and_mask_plays_through_its_environments_encoding(game, make_env, other, options):
    import gamewidgets.rl as rl

    env = make_env(rl)
    player = FunctionPlayer.from_policy(masked_first, env, name="masked-first")
    result = match(game, [player, other], games=2, seed=3, workers=1, **options)
    assert result.names[0] == "masked-first" and len(result.records) in (2, 4)
    # the policy sees what the environment shows an agent: the same observation and mask
    if game in ("line98", "mahjong"):
        observation, info = env.reset(seed=5)
        encoded, mask = env.encode(env.game.copy())
        assert (encoded == observation).all() and (mask == info["action_mask"]).all()
    else:
        env.reset(seed=5)
        shown = env.observe(env.agent_selection)
        position = env.game.view(env.game.turn) if game == "domino" else env.game.copy()
        encoded, mask = env.encode(position)
        assert (encoded == shown["observation"]).all() and (mask == shown["action_mask"]).all()


def test_a_policy_that_breaks_the_mask_is_an_agent_error():
    import gamewidgets.rl as rl

    env = rl.loa_env(size=6)
    with pytest.raises(AgentError, match="not a legal move here"):
        FunctionPlayer.from_policy(lambda obs, mask: int(np.argmin(mask)), env, name="rebel").choose(LoaGame(6))
    with pytest.raises(AgentError, match="not an action of"):
        FunctionPlayer.from_policy(lambda obs, mask: "left", env).choose(LoaGame(6))
    with pytest.raises(TypeError, match=r"needs a gamewidgets\.rl environment"):
        FunctionPlayer.from_policy(masked_first, object())


def test_a_function_player_takes_part_in_a_tournament():
    from gamewidgets import tournament

    agent = FunctionPlayer(first_capture, name="first-capture")
    result = tournament("loa", [agent, "easy", "medium"], games_per_pair=2, seed=4, workers=1, size=6,
                        max_depth=1)
    assert [row["player"] for row in result.ratings] == ["first-capture", "easy", "medium"]
    assert result.matches["first-capture", "easy"].names == ("first-capture", "easy")
    assert sum(row["games"] for row in result.ratings) == 2 * 3 * 2
