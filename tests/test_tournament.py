"""gamewidgets.tournament and gamewidgets.ratings: round robins of the four games, the
same whatever runs them, their cross tables, Bradley–Terry ratings with intervals, and
refusals."""

import itertools
import math
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamewidgets.domino.ai import PLAYERS as DOMINO_PLAYERS
from gamewidgets.extras import MissingExtra, _importable
from gamewidgets.match import BadExecutor, MatchError, game_seed
from gamewidgets.ratings import ELO_PER_NAT, MEAN_RATING, RatingsError, bradley_terry, expected_score
from gamewidgets.tournament import TournamentResult, pair_seed, tournament

LOA = {"max_depth": 1}  # the cheapest budget: a game takes milliseconds


def tables(result):
    return result.ratings, result.pairs


# ---------------------------------------------------------------- tournaments


def test_a_loa_round_robin_plays_every_pair_and_adds_it_up():
    names = ["easy", "medium", "hard"]
    result = tournament("loa", names, games_per_pair=4, seed=3, workers=1, **LOA)
    assert isinstance(result, TournamentResult) and result.names == tuple(names)
    assert list(result.matches) == [("easy", "medium"), ("easy", "hard"), ("medium", "hard")]
    for index, ((a, b), played) in enumerate(result.matches.items()):
        assert played.names == (a, b) and played.games == 4 and played.seed == pair_seed(3, index)
        # sides swapped on every opening, as match plays them
        assert [r["players"] for r in played.records] == [[a, b], [b, a]] * 2
    pairs = {(row["player"], row["opponent"]): row for row in result.pairs}
    assert len(pairs) == 6
    for (a, b), played in result.matches.items():
        first = played.to_rows()[0]
        row, back = pairs[a, b], pairs[b, a]
        assert (row["wins"], row["draws"], row["losses"]) == (first["wins"], first["draws"], first["losses"])
        assert (back["wins"], back["draws"], back["losses"]) == (row["losses"], row["draws"], row["wins"])
        assert row["games"] == 4 and row["score"] + back["score"] == pytest.approx(1)
        assert row["score"] == pytest.approx(first["win_rate"])
    for rating in result.ratings:
        mine = [row for row in result.pairs if row["player"] == rating["player"]]
        assert rating["games"] == 8
        assert rating["score"] == pytest.approx(sum(r["wins"] + r["draws"] / 2 for r in mine) / 8)
        assert rating["low"] < rating["rating"] < rating["high"]
    assert np.mean([r["rating"] for r in result.ratings]) == pytest.approx(MEAN_RATING)
    assert result.records == [record for played in result.matches.values() for record in played.records]
    assert result.to_rows() == result.ratings


def test_the_text_and_the_page_show_the_ratings_best_first_and_the_cross_table():
    result = tournament("domino", ["easy", "medium", "hard"], games_per_pair=6, seed=2, workers=1, samples=5)
    text = str(result)
    lines = text.splitlines()
    assert lines[0] == result.title() and "3 players" in lines[0] and "6 hands per pair" in lines[0]
    ratings = {row["player"]: row["rating"] for row in result.ratings}
    shown = [line.split()[1] for line in lines[2:5]]
    assert sorted(shown) == sorted(ratings)
    assert [ratings[name] for name in shown] == sorted(ratings.values(), reverse=True)
    blank = lines.index("")
    assert lines[blank + 1].split() == shown  # the cross table's columns, in the same order
    for line, name in zip(lines[blank + 2:], shown, strict=True):
        cells = line.split()
        assert cells[0] == name
        for cell, other in zip(cells[1:], shown, strict=True):
            if other == name:
                assert cell == "—"
            else:
                row = next(r for r in result.pairs if r["player"] == name and r["opponent"] == other)
                assert cell == f"{row['wins'] + row['draws'] / 2:g}/6"
    page = result._repr_html_()
    assert page.count("<table>") == 2 and all(name in page for name in ratings)
    assert repr(result).startswith("<TournamentResult domino tournament")


def test_the_same_seed_gives_the_same_tournament_whatever_runs_it():
    args = ("domino", ["easy", "medium", "hard"])
    here = tournament(*args, games_per_pair=4, seed=7, workers=1, samples=5)
    with ThreadPoolExecutor(2) as pool:
        threads = tournament(*args, games_per_pair=4, seed=7, executor=pool, samples=5)
    processes = tournament(*args, games_per_pair=4, seed=7, workers=2, samples=5)
    for other in (threads, processes):
        assert tables(other) == tables(here)
        assert other.records == here.records
    assert processes.workers == 2 and here.workers == 1
    other_seed = tournament(*args, games_per_pair=4, seed=8, workers=1, samples=5)
    assert other_seed.records != here.records


def test_every_pair_has_its_own_seed():
    seeds = [pair_seed(5, p) for p in range(50)]
    assert len(set(seeds)) == 50 and all(0 <= s < 2**64 for s in seeds)
    assert pair_seed(0, 0) == 11752804519126503632  # the same in every version: tournaments replay
    assert pair_seed(1, 0) != pair_seed(0, 1)


def test_one_player_games_compare_the_scores_deal_by_deal():
    names = ["random", "build", "greedy-long"]
    result = tournament("line98", names, games_per_pair=4, seed=1, workers=1)
    played = result.matches["random", "build"]
    assert all(other is played for other in result.matches.values())  # one match of everybody
    assert [r["setup"]["seed"] for r in played.records] == [game_seed(1, i) for i in range(4)] * 3
    assert result.records == played.records and "4 deals per pair" in result.title()
    scores = {name: played.scores(k) for k, name in enumerate(names)}
    for row in result.pairs:
        mine, theirs = scores[row["player"]], scores[row["opponent"]]
        assert row["wins"] == sum(a > b for a, b in zip(mine, theirs, strict=True))
        assert row["losses"] == sum(a < b for a, b in zip(mine, theirs, strict=True))
        assert row["draws"] == sum(a == b for a, b in zip(mine, theirs, strict=True))
        assert row["games"] == 4
    assert [row["games"] for row in result.ratings] == [8, 8, 8]


def test_mahjong_is_rated_too():
    result = tournament("mahjong", ["random", "solver"], games_per_pair=2, seed=1, workers=1, max_nodes=2_000)
    assert {row["player"] for row in result.ratings} == {"random", "solver"}
    assert len(result.records) == 4


def test_player_objects_play_under_their_names():
    easy, medium = DOMINO_PLAYERS["easy"](seed=1), DOMINO_PLAYERS["medium"](seed=2)
    result = tournament("domino", [easy, medium, "hard"], games_per_pair=2, seed=1, workers=1, samples=5)
    assert result.names == ("easy", "medium", "hard")
    with pytest.raises(MatchError, match=r"distinct.*'easy' is there 2 times"):
        tournament("domino", [easy, "easy"], games_per_pair=2, workers=1)


def test_progress_counts_the_whole_tournament():
    calls = []
    tournament("loa", ["easy", "medium", "hard"], games_per_pair=2, seed=1, workers=1,
               progress=lambda done, total: calls.append((done, total)), **LOA)
    assert calls[-1] == (6, 6) and {total for _, total in calls} == {6}
    assert [done for done, _ in calls] == sorted(done for done, _ in calls)
    assert len(calls) == 6


def test_odd_games_per_pair_without_swapping():
    result = tournament("loa", ["easy", "medium"], games_per_pair=3, seed=1, workers=1, swap=False, **LOA)
    assert [r["players"] for r in result.records] == [["easy", "medium"]] * 3


@pytest.mark.parametrize(("players", "games_per_pair", "options", "message"), [
    (["easy"], 2, {}, "at least two players, not 1"),
    ([], 2, {}, "at least two players, not 0"),
    ("easy", 2, {}, "a list of two or more"),
    (["easy", "easy"], 2, {}, "names must be distinct; 'easy' is there 2 times"),
    (["easy", "medium", "easy", "medium"], 2, {}, "distinct"),
    (["easy", "nobody"], 2, {}, "unknown domino player 'nobody'"),
    (["easy", 42], 2, {}, "not int"),
    (["easy", "medium"], 0, {}, "games_per_pair must be a positive integer .at most 1,000,000., not 0"),
    (["easy", "medium"], -2, {}, "positive integer"),
    (["easy", "medium"], True, {}, "positive integer"),
    (["easy", "medium"], 2.0, {}, "positive integer"),
    (["easy", "medium"], 3, {}, "must be even with swap=True: each deal"),
    (["easy", "medium", "hard"], 2, {"samples": 0}, "domino player 'hard'"),
    (["easy", "medium"], 2, {"depth": 3}, "no domino option or player option 'depth'"),
])
def test_bad_tournaments_are_refused_before_any_game(players, games_per_pair, options, message):
    calls = []
    with pytest.raises(MatchError, match=message):
        tournament("domino", players, games_per_pair=games_per_pair, workers=1,
                   progress=lambda done, total: calls.append(done), **options)
    assert calls == []


def test_bad_game_seed_executor_and_progress_are_refused():
    with pytest.raises(MatchError, match="unknown game 'chess'"):
        tournament("chess", ["a", "b"])
    with pytest.raises(MatchError, match="seed must be"):
        tournament("domino", ["easy", "medium"], seed=-1)
    with pytest.raises(BadExecutor):
        tournament("domino", ["easy", "medium"], executor="pool")
    with pytest.raises(MatchError, match="workers must be"):
        tournament("domino", ["easy", "medium"], workers=0)
    with pytest.raises(MatchError, match="progress is True, False or a callable"):
        tournament("domino", ["easy", "medium"], progress="yes")
    with pytest.raises(MatchError, match=r"games_per_pair must be even.*opening"):
        tournament("loa", ["easy", "medium"], games_per_pair=5, **LOA)
    assert issubclass(MatchError, ValueError)


def test_plot_shows_the_ratings_with_their_intervals():
    result = tournament("domino", ["easy", "medium", "hard"], games_per_pair=4, seed=2, workers=1, samples=5)
    if not _importable("matplotlib"):
        with pytest.raises(MissingExtra, match=r"pip install 'gamewidgets\[plots\]'"):
            result.plot()
        return
    import matplotlib

    matplotlib.use("Agg")
    ax = result.plot()
    best_first = [result.names[k] for k in result.order()]
    assert [t.get_text() for t in ax.get_yticklabels()] == best_first
    x, _ = ax.lines[0].get_data()
    assert list(x) == sorted((row["rating"] for row in result.ratings), reverse=True)


# ---------------------------------------------------------------- ratings


def test_a_75_percent_score_is_190_8_elo_points():
    fit = bradley_terry([[0, 300], [100, 0]])
    assert fit.rating[0] - fit.rating[1] == pytest.approx(400 * math.log10(3), abs=0.1)
    assert fit.expected_score(0, 1) == pytest.approx(0.75, abs=1e-4)
    assert fit.rating.mean() == pytest.approx(MEAN_RATING)
    # the difference's standard error is 1 / sqrt(n p q) log-strength units; each rating's is half of it
    assert fit.se[0] == pytest.approx(ELO_PER_NAT / math.sqrt(400 * 0.75 * 0.25) / 2, rel=1e-3)
    assert fit.games.tolist() == [400, 400] and fit.points.tolist() == [300, 100]
    assert float(expected_score(400)) == pytest.approx(10 / 11)


def test_symmetric_results_give_equal_ratings():
    for points in ([[0, 5], [5, 0]], [[0, 7, 3], [3, 0, 7], [7, 3, 0]], [[0, 0], [0, 0]]):
        fit = bradley_terry(points)
        assert fit.rating == pytest.approx([MEAN_RATING] * len(points))


def test_more_games_give_narrower_intervals():
    few, many = bradley_terry([[0, 6, 4], [4, 0, 7], [6, 3, 0]]), bradley_terry(
        [[0, 24, 16], [16, 0, 28], [24, 12, 0]])
    assert np.all(many.high - many.low < few.high - few.low)
    assert many.rating == pytest.approx(few.rating, abs=2)  # the same shares, nearly the same ratings


def test_a_player_who_won_everything_has_a_finite_rating_and_a_wide_interval():
    fit = bradley_terry([[0, 10], [0, 0]])
    assert np.all(np.isfinite(fit.rating)) and np.all(np.isfinite(fit.se))
    assert 600 < fit.rating[0] - fit.rating[1] < 1200
    assert fit.high[0] - fit.low[0] > bradley_terry([[0, 7], [3, 0]]).high[0] - bradley_terry([[0, 7], [3, 0]]).low[0]


@pytest.mark.parametrize("points", [
    [[0, 1, 2], [1, 0, 2]], [[0, -1], [1, 0]], [[0, math.nan], [1, 0]], [[1, 1], [1, 0]], [["a", 1], [1, 0]],
    [], [[[0]]],
])
def test_bad_points_are_refused(points):
    with pytest.raises(RatingsError):
        bradley_terry(points)
    assert issubclass(RatingsError, ValueError)


def test_a_bad_prior_is_refused():
    for prior_sd in (0, -5, math.inf, "wide", True):
        with pytest.raises(RatingsError, match="prior_sd"):
            bradley_terry([[0, 1], [1, 0]], prior_sd=prior_sd)


half_points = st.integers(0, 12).map(lambda k: k / 2)


@st.composite
def results(draw):
    n = draw(st.integers(2, 5))
    points = np.zeros((n, n))
    for i, j in itertools.combinations(range(n), 2):
        games = draw(st.integers(0, 6))
        mine = draw(st.integers(0, 2 * games)) / 2
        points[i, j], points[j, i] = mine, games - mine
    return points


@given(results(), st.randoms())
def test_the_order_of_the_players_does_not_change_the_ratings(points, rng):
    n = len(points)
    order = list(range(n))
    rng.shuffle(order)
    fit, shuffled = bradley_terry(points), bradley_terry(points[np.ix_(order, order)])
    assert shuffled.rating == pytest.approx(fit.rating[order], abs=1e-6)
    assert shuffled.se == pytest.approx(fit.se[order], abs=1e-6)
    assert fit.rating.mean() == pytest.approx(MEAN_RATING)
    assert fit.covariance.sum(axis=1) == pytest.approx(np.zeros(n), abs=1e-6)  # on the anchor's plane
    assert np.all(fit.low <= fit.rating) and np.all(fit.rating <= fit.high)


@given(st.integers(2, 5), st.integers(1, 6), st.data())
def test_in_a_full_round_robin_the_ratings_are_ordered_as_the_scores(n, games, data):
    points = np.zeros((n, n))
    for i, j in itertools.combinations(range(n), 2):
        mine = data.draw(st.integers(0, 2 * games)) / 2
        points[i, j], points[j, i] = mine, games - mine
    fit = bradley_terry(points)
    scores = points.sum(axis=1)
    for i, j in itertools.permutations(range(n), 2):
        if scores[i] > scores[j]:
            assert fit.rating[i] > fit.rating[j]
        elif scores[i] == scores[j]:
            assert fit.rating[i] == pytest.approx(fit.rating[j], abs=1e-6)


@given(results())
def test_the_fit_expects_nearly_the_points_scored(points):
    """The maximum: expected points = scored points, up to the prior's pull to the mean."""
    fit = bradley_terry(points, prior_sd=1e6)
    games = points + points.T
    expected = (games * expected_score(fit.rating[:, None] - fit.rating[None, :])).sum(axis=1)
    connected = np.all(games + np.eye(len(points)) > 0)  # everyone met: finite maximum likelihood
    extreme = np.any((points == 0) & (games > 0))  # someone lost or won every game against someone
    if connected and not extreme:
        assert expected == pytest.approx(points.sum(axis=1), abs=1e-4)
