"""Line 98's expert player: its games follow the rules, it is seeded, it explains
itself, it uses only what a player can see, and it plays better than build; the
experiment's ``--players``."""

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_cli import check_record
from test_line98_players import position

from gamewidgets.analysis import Analysis
from gamewidgets.cli import main
from gamewidgets.errors import GameOver
from gamewidgets.line98 import PLAYERS, Game, Move, experiment
from gamewidgets.line98.expert import ExpertPlayer, Weights, turns, window_sums
from gamewidgets.line98.players import BuildPlayer, evaluate, play_game


def test_it_is_registered_with_keyword_options():
    assert PLAYERS["expert"] is ExpertPlayer
    with pytest.raises(TypeError):
        ExpertPlayer(3)
    with pytest.raises(ValueError, match="width"):
        ExpertPlayer(width=-1)
    with pytest.raises(ValueError, match="samples"):
        ExpertPlayer(samples=1.5)
    with pytest.raises(ValueError, match="line needs 6"):
        ExpertPlayer(weights=Weights(line=(0, 1)))


@pytest.mark.parametrize(("seed", "options"), [(21, {"width": 4}), (4, {"width": 3, "samples": 2})])
def test_its_games_follow_the_rules(seed, options):
    """Smaller budgets than the default's 16 (the same code, a few seconds a game)."""
    game = play_game(ExpertPlayer(seed=seed, **options), seed)
    record = game.record(player="expert")
    check_record(record)  # every move legal, every score by the table, the engine replays it
    assert game.is_over and game.outcome().score == record["states"][-1]["score"]


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**31), st.integers(0, 80))
def test_its_clears_are_the_rules_clears(seed, moves):
    """Its own batch simulation (window sums, clears) agrees with evaluate() on every
    legal move of a position, and its incremental window sums with a recount."""
    game = position(seed, moves)
    figures = evaluate(game)
    after = turns(game.board.ravel(), None, figures["source"], figures["target"])
    assert after.points.tolist() == figures["points"].tolist()
    assert (after.sums == window_sums(after.boards)).all()
    for i in np.flatnonzero(figures["cleared"])[:3]:  # the boards it reaches, against the engine's
        copy = game.copy()
        copy.play(Move(divmod(int(figures["source"][i]), 9), divmod(int(figures["target"][i]), 9)))
        assert after.boards[i].tolist() == copy.board.ravel().tolist()


def test_the_previews_come_in_as_the_rules_say():
    # red at (0, 4) is shown: any quiet move brings it in and completes the red row
    game = Game.from_text("\n".join(["RRRRr....", ".........", "....B....", "........g", *["." * 9] * 5]))
    analysis = ExpertPlayer(seed=1).analyse(game)
    for candidate in analysis.candidates:
        if candidate.move.target in ((0, 4), (3, 8)):  # lands on a preview: displaced to a random cell
            assert candidate.facts["displaces"] == 1 and candidate.terms["displaced"] < 0
        else:  # what it expects the turn to score is what the engine scores
            assert candidate.facts["displaces"] == 0 and candidate.terms["displaced"] == 0
            assert candidate.facts["scored"] == game.copy().play(candidate.move).points
        if candidate.move.source[0] != 0 and candidate.facts["displaces"] == 0:  # the red row kept
            assert candidate.facts["scored"] == 10  # the preview will complete it
            assert candidate.terms["points"] == pytest.approx(10 * Weights().points)


def test_it_takes_a_clear_and_says_so():
    game = Game.from_text("\n".join(["GGGG.....", ".........", "...B.P...", "........G", *["." * 9] * 5]))
    analysis = ExpertPlayer(seed=1).analyse(game)
    assert analysis.move == Move((3, 8), (0, 4))
    assert "clears 5 balls for 10 points" in analysis.reason
    assert analysis.chosen.facts["scored"] == 10


def test_analysis_lists_every_move_with_terms_a_teacher_can_read():
    game = position(5, 30)
    analysis = ExpertPlayer(seed=2, width=4).analyse(game)
    assert isinstance(analysis, Analysis) and analysis.player == "expert"
    assert {c.move for c in analysis.candidates} == set(game.legal_moves())
    assert analysis.candidates[0].move == analysis.move
    scores = [c.score for c in analysis.candidates]
    assert scores == sorted(scores, reverse=True)
    searched = [c for c in analysis.candidates if c.facts["searched"]]
    assert len(searched) == 4 and analysis.candidates[:4] == tuple(searched)
    assert set(searched[0].terms) == {"free", "lines", "holes", "points", "unseen", "displaced", "look-ahead"}
    assert set(searched[0].facts) == {"run", "free cells", "walled-in cells", "scored", "displaces", "searched"}
    assert analysis.stats["depth"] == 2 and analysis.stats["samples"] == 0
    assert analysis.stats["nodes"] > len(analysis.candidates) and analysis.stats["time_ms"] >= 0
    assert len(analysis.pv) == 2 and analysis.pv[0] == analysis.move
    assert "looking one move on" in analysis.reason and "runner-up" in analysis.reason
    assert str(analysis).startswith("expert plays") and analysis.on(game) is not None
    one_move = ExpertPlayer(seed=2, width=0).analyse(game)
    assert one_move.stats["depth"] == 1 and one_move.pv == (one_move.move,)
    assert not any(c.facts["searched"] or c.terms["look-ahead"] for c in one_move.candidates)


@pytest.mark.parametrize("options", [{}, {"samples": 2, "width": 3}])
def test_choose_and_analyse_agree_and_the_seed_replays(options):
    game, choosing, analysing = Game(9), ExpertPlayer(seed=4, **options), ExpertPlayer(seed=4, **options)
    for _ in range(15):
        move = choosing.choose(game)
        analysis = analysing.analyse(game)
        assert analysis.move == move
        game.play(move)
    again, replay = Game(9), ExpertPlayer(seed=4, **options)
    for move in game.moves:
        assert replay.choose(again) == move
        again.play(move)
    assert again.to_dict() == game.to_dict()


def test_it_never_reads_the_games_generator():
    game = position(7, 25)
    before = game.to_dict()
    reference = ExpertPlayer(seed=3, samples=2, width=3).analyse(game)
    assert game.to_dict() == before  # it leaves the game alone
    advanced, replaced = game.copy(), game.copy()
    advanced.rng.random(1000)  # the game's future spawns change; the board and previews do not
    replaced.rng = np.random.default_rng(12345)
    for other in (advanced, replaced):
        analysis = ExpertPlayer(seed=3, samples=2, width=3).analyse(other)
        assert analysis.move == reference.move
        assert [(c.move, c.score) for c in analysis.candidates] == [(c.move, c.score) for c in reference.candidates]


def test_game_over_raises():
    game = play_game(ExpertPlayer(seed=2, width=1), 2)
    with pytest.raises(GameOver):
        ExpertPlayer(seed=1).choose(game)
    with pytest.raises(GameOver):
        ExpertPlayer(seed=1).analyse(game)


def test_it_beats_build_on_the_same_games():
    """Even without its look-ahead (width 0, a few seconds a game): the experiment's
    games of seed 3, each played from the same seed by both."""
    seeds = [experiment.game_seed(3, i) for i in range(5)]
    build = [play_game(BuildPlayer(seed=s), s).score for s in seeds]
    expert = [play_game(ExpertPlayer(seed=s, width=0), s).score for s in seeds]
    assert all(e > b for e, b in zip(expert, build, strict=True)), (expert, build)
    assert sum(expert) > 3 * sum(build), (expert, build)


# ----------------------------------------------------------------- experiment
def test_experiment_players_are_chosen_by_name(tmp_path, capsys):
    path = tmp_path / "e.json"
    assert main(["line98", "experiment", "--players", "build,random", "clear-first", "--games", "2",
                 "--seed", "4", "--workers", "1", "--quiet", "--json", str(path)]) == 0
    figures = json.loads(path.read_text())
    assert list(figures["players"]) == ["build", "random", "clear-first"]
    assert figures["game_seeds"] == [experiment.game_seed(4, i) for i in range(2)]
    out = capsys.readouterr().out
    assert out.splitlines()[1].split() == ["player", "mean", "score", "median", "mean", "moves"]
    assert [line.split()[0] for line in out.splitlines()[2:]] == ["build", "random", "clear-first"]
    default = experiment.run(1, seed=4, workers=1)
    assert list(default.players) == ["random", "clear-first", "build", "greedy-long"]


def test_an_unknown_player_is_an_error_naming_the_known_ones(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["line98", "experiment", "--players", "build,nobody", "--games", "1"])
    assert exit_.value.code == 2
    error = capsys.readouterr().err
    assert "'nobody'" in error and all(name in error for name in PLAYERS)
    with pytest.raises(ValueError, match="known"):
        experiment.run(1, players=("nobody",))
