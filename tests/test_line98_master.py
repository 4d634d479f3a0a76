"""Line 98's master: the expert's look-ahead, then rollouts among the best few."""

import math

import numpy as np
import pytest
from test_cli import check_record
from test_line98_players import position

from gamewidgets.analysis import Analysis
from gamewidgets.errors import GameOver
from gamewidgets.line98 import PLAYERS, Game, Move
from gamewidgets.line98.master import DEFAULT_ROLLOUT_MOVES, MasterPlayer, Rollout
from gamewidgets.match import match

SMALL = {"budget": 120, "width": 4, "shortlist": 3, "depth": 4}  # the same code, a fraction of the time


def played(seed: int, moves: int) -> Game:
    """Game ``seed`` after ``moves`` moves of the expert without its look-ahead: a
    position with room to play on (random moves fill the board)."""
    game, player = Game(seed), PLAYERS["expert"](seed=seed, width=0)
    for _ in range(moves):
        game.play(player.choose(game))
    return game


def test_it_is_registered_with_keyword_options():
    assert PLAYERS["master"] is MasterPlayer
    with pytest.raises(TypeError):
        MasterPlayer(1)  # type: ignore[misc]
    for name, bad in [("budget", -1), ("shortlist", 0), ("depth", 0), ("budget", 2.5), ("depth", True)]:
        with pytest.raises(ValueError, match=name):
            MasterPlayer(**{name: bad})
    assert f"budget={DEFAULT_ROLLOUT_MOVES}" in repr(MasterPlayer(seed=3))


def test_its_games_follow_the_rules():
    """A match's record of its moves (capped: a whole game is hundreds of decisions)
    replays by the rules, every score by the table."""
    result = match("line98", ["master"], games=1, seed=3, workers=1, max_moves=40, states=True, **SMALL)
    record = result.records[0]
    check_record(record)
    assert len(record["moves"]) == 40 and record["capped"]


def test_analysis_adds_up_and_says_what_the_rollouts_found():
    game = played(5, 30)
    analysis = MasterPlayer(seed=2, **SMALL).analyse(game)
    assert isinstance(analysis, Analysis) and analysis.player == "master"
    assert {c.move for c in analysis.candidates} == set(game.legal_moves())
    assert analysis.candidates[0].move == analysis.move
    rolled = [c for c in analysis.candidates if "rollouts" in c.facts]
    assert len(rolled) == 3 and analysis.candidates[: len(rolled)] == tuple(rolled)  # rolled out first
    finalists = [c for c in rolled if c.facts["round"] == 2]
    assert len(finalists) == 2 and analysis.move in {c.move for c in finalists}  # halving: 3, then 2, then 1
    for candidate in rolled:  # the terms are the rollouts' mean value, term by term
        assert set(candidate.terms) == {"free", "lines", "holes", "points", "lost"}
        assert candidate.score == pytest.approx(math.fsum(candidate.terms.values()))
        assert 0 < candidate.facts["mean moves"] <= SMALL["depth"]
        assert candidate.facts["lost rollouts"] <= candidate.facts["rollouts"]
    others = [c for c in analysis.candidates if "rollouts" not in c.facts]
    assert all("not rolled out" in c.terms for c in others)
    assert max(c.score for c in others) <= min(c.score for c in rolled)  # ranked below every rolled-out one
    assert analysis.stats["rollout moves"] <= SMALL["budget"]
    assert analysis.stats["rollouts"] == sum(c.facts["rollouts"] for c in rolled)
    assert "rollouts" in analysis.reason and str(analysis).startswith("master plays")


def test_choose_and_analyse_agree_and_the_seed_replays():
    game, choosing, analysing = Game(9), MasterPlayer(seed=4, **SMALL), MasterPlayer(seed=4, **SMALL)
    for _ in range(8):
        move = choosing.choose(game)
        assert analysing.analyse(game).move == move
        game.play(move)
    again, replay = Game(9), MasterPlayer(seed=4, **SMALL)
    for move in game.moves:
        assert replay.choose(again) == move
        again.play(move)


def test_it_never_reads_the_games_generator():
    game = position(7, 25)
    before = game.to_dict()
    reference = MasterPlayer(seed=3, **SMALL).analyse(game)
    assert game.to_dict() == before  # it leaves the game alone
    advanced, replaced = game.copy(), game.copy()
    advanced.rng.random(1000)  # the game's future spawns change; the board and previews do not
    replaced.rng = np.random.default_rng(12345)
    for other in (advanced, replaced):
        analysis = MasterPlayer(seed=3, **SMALL).analyse(other)
        assert [(c.move, c.score) for c in analysis.candidates] == [(c.move, c.score) for c in reference.candidates]


def test_a_lost_position_is_lost_in_every_rollout_and_no_budget_means_no_rollouts():
    board = np.array([[1 + (r + 2 * c) % 7 for c in range(9)] for r in range(9)])  # no two neighbours alike
    board[8, 7] = 0
    # one free cell, a preview on it: every move sends the preview to the cell it leaves, and it comes in
    doomed = Game.from_board(board, [(8, 7, 1)])
    analysis = MasterPlayer(seed=1).analyse(doomed)
    assert len(analysis.candidates) == 3 and analysis.stats["rollout moves"] == 0
    for candidate in analysis.candidates:
        assert candidate.facts["lost rollouts"] == candidate.facts["rollouts"] > 0
        assert candidate.terms["lost"] == candidate.score == MasterPlayer().weights.lost
    none = MasterPlayer(seed=1, budget=0, width=4).analyse(played(5, 30))
    assert none.stats["rollouts"] == 0 and none.stats["depth"] == 2
    assert not any("rollouts" in c.facts for c in none.candidates)


def test_its_search_tree_holds_every_rollout_and_the_position_it_reached():
    game = played(5, 30)
    analysis = MasterPlayer(seed=2, trace=True, **SMALL).analyse(game)
    tree = analysis.tree
    assert tree.root.score == analysis.chosen.score
    by_move = {node.move: node for node in tree.root.children}
    for candidate in analysis.candidates:
        node = by_move[candidate.move]
        assert node.score == pytest.approx(candidate.score) and node.terms == candidate.terms
        samples = [c for c in node.children if c.kind == "sample"]
        assert len(samples) == candidate.facts.get("rollouts", 0)
        if samples:  # their mean is the candidate's score
            assert np.mean([s.score for s in samples]) == pytest.approx(candidate.score)
            rollout = samples[0].move
            assert isinstance(rollout, Rollout)
            reached = samples[0].game()
            assert reached.board.ravel().tolist() == list(rollout.board)
            assert reached.score == node.game().score + rollout.points
            assert samples[0].facts["points"] == rollout.points + node.game().score - game.score
            assert not reached.lines_through(reached.balls())  # a Line 98 board: no line left standing
            assert samples[0].facts["moves"] <= SMALL["depth"]
    assert by_move[analysis.move].on_pv


def test_game_over_raises():
    full = Game.from_board(np.ones((9, 9), dtype=int))
    with pytest.raises(GameOver):
        MasterPlayer(seed=1).choose(full)
    with pytest.raises(GameOver):
        MasterPlayer(seed=1).analyse(full)


def test_a_displaced_preview_comes_in_somewhere_in_every_rollout():
    """A move onto a preview: the preview goes to a cell the master draws, and in every
    rollout of that move it comes in with the spawn (the board has its ball)."""
    game = Game.from_text("\n".join(["R........", ".........", "....B....", "........g", *["." * 9] * 5]))
    player = MasterPlayer(seed=1, budget=40, width=60, shortlist=60, depth=1, trace=True)
    analysis = player.analyse(game)
    node = next(n for n in analysis.tree.root.children if n.move == Move((0, 0), (3, 8)))
    for sample in (c for c in node.children if c.kind == "sample"):
        board = np.array(sample.move.board)
        assert np.count_nonzero(board) >= 1 + 3 + 3 - 5 * (sample.facts["points"] > 0)
