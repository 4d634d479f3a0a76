"""The four Line 98 players: their rules on hand-made positions, their figures against
a brute-force count, their analyses, and seeded reproducibility."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamewidgets.analysis import Analysis
from gamewidgets.errors import GameOver
from gamewidgets.line98 import Game, Move, points
from gamewidgets.line98.players import (
    PLAYERS,
    BuildPlayer,
    ClearFirstPlayer,
    GreedyLongPlayer,
    RandomPlayer,
    evaluate,
    play_game,
)


def board(*rows: str) -> str:
    return "\n".join([*rows, *["." * 9] * (9 - len(rows))])


def brute_force(game: Game, move: Move) -> tuple[int, int]:
    """(run, cleared) of a move, counted cell by cell on a copy of the board."""
    b = game.board.copy()
    colour = b[move.source]
    b[move.source] = 0
    b[move.target] = colour
    r, c = move.target
    runs = []
    for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
        length = 1
        for sign in (1, -1):
            rr, cc = r + sign * dr, c + sign * dc
            while 0 <= rr < 9 and 0 <= cc < 9 and b[rr, cc] == colour:
                length += 1
                rr, cc = rr + sign * dr, cc + sign * dc
        runs.append(length)
    cleared = 1 + sum(x - 1 for x in runs if x >= 5) if max(runs) >= 5 else 0
    return max(runs), cleared


@settings(max_examples=25, deadline=None)
def position(seed: int, moves: int) -> Game:
    """Game ``seed`` after ``moves`` random moves (undone once if that ended it)."""
    game, player = Game(seed), RandomPlayer(seed=seed)
    for _ in range(moves):
        if game.is_over:
            break
        game.play(player.choose(game))
    if game.is_over:
        game.undo()
    return game


@given(st.integers(0, 2**31), st.integers(0, 60))
def test_figures_match_a_brute_force_count(seed, moves):
    game = position(seed, moves)
    figures = evaluate(game)
    legal = game.legal_moves()
    assert len(legal) == len(figures["run"])
    for i, move in enumerate(legal):
        run, cleared = brute_force(game, move)
        assert (figures["run"][i], figures["cleared"][i]) == (run, cleared), move
        assert figures["points"][i] == points(cleared)


def test_the_ball_that_moves_does_not_count_in_its_own_run():
    game = Game.from_text(board("RRRR.....", "........."))
    figures = evaluate(game)
    legal = game.legal_moves()
    i = legal.index(Move((0, 0), (0, 4)))  # slides along its own row: still four
    assert figures["run"][i] == 4 and figures["cleared"][i] == 0


def test_clear_first_takes_a_clear_and_otherwise_plays_at_random():
    game = Game.from_text(board("GGGG.....", ".........", ".........", "........G", "BB......."))
    for seed in range(10):
        move = ClearFirstPlayer(seed=seed).choose(game)
        assert move.target == (0, 4) and game.copy().play(move).points == 10
    quiet = Game.from_text(board("G.B......", ".........", "....Y...."))
    chosen = {ClearFirstPlayer(seed=seed).choose(quiet) for seed in range(20)}
    assert len(chosen) > 5  # random among all legal moves


def test_build_prefers_the_longer_run():
    # red can make 3 (next to RR), blue can make 4 (next to BBB)
    game = Game.from_text(board("RR.......", ".........", "BBB......", ".........", "........R", "........B"))
    for seed in range(5):
        analysis = BuildPlayer(seed=seed).analyse(game)
        assert analysis.move.source == (5, 8) and analysis.chosen.terms["run"] == 4
        assert "longest run" in analysis.reason


def test_build_clears_at_once():
    game = Game.from_text(board("YYYY.....", ".........", "PPP......", ".........", "........Y", "........P"))
    assert BuildPlayer(seed=1).choose(game) == Move((4, 8), (0, 4))


def test_greedy_long_holds_a_five_and_takes_a_six():
    # yellow can clear exactly 5 now; other moves make runs of up to 4: hold the 5
    game = Game.from_text(board("YYYY.....", ".........", "PPP......", ".........", "........Y", "........P"))
    analysis = GreedyLongPlayer(seed=1).analyse(game)
    assert (analysis.chosen.terms, analysis.chosen.facts) == ({"run": 4}, {"cleared": 0, "points": 0})
    assert "holding" in analysis.reason
    held = [c for c in analysis.candidates if c.facts["cleared"] == 5]
    assert held and all(c.terms == {"run": 5, "held five": -3.5} and c.score == 1.5 for c in held)
    assert BuildPlayer(seed=1).choose(game).target == (0, 4)
    # a move that makes 6 is a long clear: taken
    six = Game.from_text(board("YYYY.Y...", ".........", "PP.......", ".........", "........Y"))
    move = GreedyLongPlayer(seed=1).choose(six)
    assert move == Move((4, 8), (0, 4)) and six.copy().play(move).points == 12


def test_greedy_long_clears_the_five_only_when_nothing_extends_a_run():
    def pick(run, cleared):
        rank = GreedyLongPlayer(seed=0)._rank({"run": np.array(run), "cleared": np.array(cleared)})
        return int(np.argmax(rank))

    assert pick([1, 5, 2], [0, 5, 0]) == 2  # a run of 2 can be extended: hold the five
    assert pick([1, 5, 1], [0, 5, 0]) == 1  # nothing extends a run: clear it
    assert pick([6, 5, 4], [6, 5, 0]) == 0  # a six is a long clear: take it
    assert pick([1, 5], [0, 5]) == 1


def test_analysis_lists_every_candidate_with_its_figures():
    game = Game(5)
    analysis = BuildPlayer(seed=2).analyse(game)
    assert isinstance(analysis, Analysis)
    assert len(analysis.candidates) == len(game.legal_moves())
    assert {c.move for c in analysis.candidates} == set(game.legal_moves())
    scores = [c.score for c in analysis.candidates]
    assert scores == sorted(scores, reverse=True) and analysis.candidates[0].move == analysis.move
    rows = analysis.to_rows()
    assert rows[0]["chosen"] and sum(r["chosen"] for r in rows) == 1
    assert set(rows[0]) == {"rank", "move", "score", "bound", "run", "cleared", "points", "chosen"}
    assert analysis.stats["nodes"] == len(rows) and analysis.stats["depth"] == 1
    text = str(analysis)
    assert text.startswith("build plays") and "more candidates" in text
    assert "<table>" in analysis._repr_html_()


@pytest.mark.parametrize("name", sorted(set(PLAYERS) - {"master"}))  # the master's: test_line98_master (capped)
def test_choose_and_analyse_agree_and_seeds_replay(name):
    game = Game(9)
    assert PLAYERS[name](seed=4).choose(game) == PLAYERS[name](seed=4).analyse(game).move
    first = play_game(PLAYERS[name](seed=8), 8)
    second = play_game(PLAYERS[name](seed=8), 8)
    assert first.record() == second.record()
    with pytest.raises(GameOver):
        PLAYERS[name](seed=1).choose(first)


def test_players_leave_the_game_alone():
    game = Game(12)
    before = game.to_dict()
    for cls in PLAYERS.values():
        cls(seed=1).analyse(game)
    assert game.to_dict() == before
