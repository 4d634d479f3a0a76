"""The one rule of every analysis (gamewidgets.analysis), in all four games and for
every player of their PLAYERS: a candidate's terms add up to its score, a bound is
marked (and printed as one), what describes a score is a fact, not a term, and two
analyses of one position by two players made alike are equal (timing aside)."""

from __future__ import annotations

import inspect
import math
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamewidgets import domino, line98, loa, mahjong
from gamewidgets.analysis import BOUNDS, Analysis, Candidate
from gamewidgets.players import FunctionPlayer
from gamewidgets.protocol import seat_view

#: the options that keep each player quick and its analyses free of the clock
OPTIONS = {
    "loa": {"time_limit": None, "max_depth": 2, "max_nodes": 2000},
    "domino": {"samples": 20, "time_limit": None},
    "mahjong": {"max_nodes": 2000, "safety_nodes": 200},
    "line98": {"width": 4},
}
PACKAGES = {"line98": line98, "mahjong": mahjong, "loa": loa, "domino": domino}


def player(game: str, name: str, seed: int):
    cls = PACKAGES[game].PLAYERS[name]
    takes = inspect.signature(cls).parameters if game != "domino" else {**dict.fromkeys(cls.options), "seed": 1}
    options = {k: v for k, v in OPTIONS[game].items() if k in takes}
    return cls(**({"seed": seed} if "seed" in takes else {}), **options)


def position(game: str, seed: int, plies: int):
    """A position ``plies`` random moves into a seeded game (fewer where it ends)."""
    rng = random.Random(seed)
    made = {"line98": lambda: line98.Game(seed), "mahjong": lambda: mahjong.Game(seed, scoring="standard"),
            "loa": lambda: loa.Game(rng.choice([6, 7, 8])), "domino": lambda: domino.Game(seed)}[game]()
    for _ in range(plies):
        moves = made.legal_moves()
        if made.is_over or not moves:
            break
        made.play(moves[rng.randrange(len(moves))])
    return made


def check(analysis: Analysis) -> None:
    for candidate in analysis.candidates:
        assert math.isclose(candidate.score, math.fsum(candidate.terms.values()), rel_tol=1e-9, abs_tol=1e-9)
        assert candidate.bound in BOUNDS and not set(candidate.terms) & set(candidate.facts)
        assert all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in candidate.terms.values())
    rows = analysis.to_rows()
    assert [r["bound"] for r in rows] == [c.bound for c in analysis.candidates]
    text = str(analysis)
    if any(c.bound == "upper" for c in analysis.candidates[:10]):
        assert "≤ " in text


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(list(PACKAGES)), seed=st.integers(0, 10**6), plies=st.integers(0, 30))
def test_every_players_terms_add_up_and_a_rerun_is_equal(game, seed, plies):
    start = position(game, seed, plies)
    if start.is_over or not start.legal_moves():
        return
    seen = seat_view(start)
    for name in PACKAGES[game].PLAYERS:
        first = player(game, name, seed).analyse(seen)
        check(first)
        assert first == player(game, name, seed).analyse(seat_view(start)), name


def test_upper_bounds_are_marked_and_printed_as_bounds():
    game = loa.Game(8)
    analysis = loa.PLAYERS["hard"](seed=1, time_limit=None, max_depth=3).analyse(game)
    upper = [c for c in analysis.candidates if c.bound == "upper"]
    assert upper and all(c.score <= analysis.chosen.score for c in upper)
    assert f"≤ {upper[0].shown_score[2:]}" in str(analysis) and "≤ / ≥" in str(analysis)
    assert "≤ " in analysis._repr_html_()
    assert {r["bound"] for r in analysis.to_rows()} == {"exact", "upper"}


def test_terms_that_do_not_add_up_are_refused_and_a_candidate_without_terms_has_its_score():
    with pytest.raises(ValueError, match="add up to"):
        Candidate("a", 5.0, {"x": 1.0, "y": 2.0})
    with pytest.raises(ValueError, match="bound"):
        Candidate("a", 5.0, bound="at most")
    with pytest.raises(ValueError, match="a term or a fact"):
        Candidate("a", 1.0, {"run": 1.0}, {"run": 1})
    assert Candidate("a", 5.0).terms == {"value": 5.0}
    assert Candidate.of("a", {"x": 0.1, "y": 0.2}).score == math.fsum([0.1, 0.2])


def test_equality_leaves_out_the_time_and_nothing_else():
    move = "a"
    one = Analysis("p", move, (Candidate(move, 1.0),), "why", {"time_ms": 1.0, "nodes": 3})
    assert one == Analysis("p", move, (Candidate(move, 1.0),), "why", {"time_ms": 9.0, "nodes": 3})
    assert one != Analysis("p", move, (Candidate(move, 1.0),), "why", {"time_ms": 1.0, "nodes": 4})
    assert one != Analysis("p", move, (Candidate(move, 1.0, bound="upper"),), "why", {"time_ms": 1.0, "nodes": 3})


def test_a_number_prints_the_same_in_every_column_and_in_the_reason():
    game = line98.Game(5)
    analysis = line98.PLAYERS["expert"](seed=1).analyse(game)
    text = str(analysis)
    chosen = analysis.chosen.shown_score
    assert f"worth {chosen} in all" in analysis.reason and f"  {chosen}  " in text


def test_your_agents_analysis_follows_the_rule_too():
    agent = FunctionPlayer(lambda position: position.legal_moves()[0], name="first")
    analysis = agent.analyse(line98.Game(3))
    assert analysis.chosen.terms == {"value": 0.0} and analysis.chosen.score == 0.0
    check(analysis)
