"""gamewidgets.match: matches of the four games, the same whatever runs them, with their
figures, intervals, progress reports and refusals."""

import math
import pickle
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamewidgets.domino import Game as DominoGame
from gamewidgets.errors import GameError
from gamewidgets.extras import MissingExtra, _importable
from gamewidgets.line98 import Game as Line98Game
from gamewidgets.line98 import experiment
from gamewidgets.line98.players import RandomPlayer
from gamewidgets.loa import Game as LoaGame
from gamewidgets.mahjong import Game as MahjongGame
from gamewidgets.match import BadExecutor, MatchError, game_seed, match
from gamewidgets.match_result import mean_se, wilson

#: small matches of every game (cheap players, small budgets)
CHEAP = {
    "line98": (["build", "random"], {}),
    "mahjong": (["random", "solver"], {"max_nodes": 2_000}),
    "loa": (["medium", "easy"], {"max_depth": 1}),
    "domino": (["medium", "easy"], {}),
}


def figures(result):
    """The rows without the times (the one thing that differs between runs), a NaN as text."""
    return [{k: "nan" if v != v else v for k, v in row.items() if k != "ms_per_move"} for row in result.to_rows()]


@pytest.mark.parametrize("game", list(CHEAP))
def test_every_game_plays_its_games_and_sums_them_up(game):
    players, options = CHEAP[game]
    result = match(game, players, games=2, seed=5, workers=1, **options)
    rows = result.to_rows()
    assert [row["player"] for row in rows] == players
    one_player = game in ("line98", "mahjong")
    assert len(result.records) == (4 if one_player else 2)
    for row in rows:
        assert row["games"] == 2 and row["ms_per_move"] >= 0
        if one_player:
            assert row["ci_low"] <= row["mean_score"] <= row["ci_high"]
        else:
            assert row["wins"] + row["draws"] + row["losses"] == 2
            assert row["ci_low"] <= row["win_rate"] <= row["ci_high"] and row["interval"] == "win_rate"
    text, page = str(result), result._repr_html_()
    assert all(name in text and name in page for name in players)
    assert text.splitlines()[0] == result.title() and "<table>" in page


def test_one_player_games_give_every_player_the_same_deals():
    result = match("line98", ["build", "greedy-long"], games=3, seed=2, workers=1)
    seeds = [record["setup"]["seed"] for record in result.records]
    assert seeds == [game_seed(2, i) for i in range(3)] * 2
    assert [record["players"] for record in result.records] == [["build"]] * 3 + [["greedy-long"]] * 3
    assert "states" not in result.records[0]
    kept = match("line98", ["build"], games=1, seed=2, workers=1, states=True).records[0]
    assert kept["states"][-1]["score"] == kept["result"]["score"] == result.records[0]["result"]["score"]
    for record in result.records:
        assert Line98Game.from_record(record).score == record["result"]["score"]
    mahjong = match("mahjong", ["random"], games=2, seed=1, workers=1)
    assert [record["setup"]["seed"] for record in mahjong.records] == [game_seed(1, i) for i in range(2)]
    for record in mahjong.records:
        removed = sum("shuffle" not in action for action in record["moves"])
        score = record["result"]["score"] if record["result"] else MahjongGame.from_record(record).score
        assert score == 10 * removed and MahjongGame.from_record(record).score == score


def test_two_player_games_come_in_pairs_with_sides_swapped():
    loa = match("loa", ["medium", "easy"], games=4, seed=3, workers=1, max_depth=1, opening_plies=3)
    assert [r["players"] for r in loa.records] == [["medium", "easy"], ["easy", "medium"]] * 2
    for a, b in zip(loa.records[::2], loa.records[1::2], strict=True):
        assert a["moves"][:3] == b["moves"][:3]  # the same opening
        for record in (a, b):
            game = LoaGame(6)
            for move in record["moves"]:
                game.play(move)
            assert game.outcome().reason == record["result"]["reason"]
            assert LoaGame.from_record(record).fen() == game.fen()
    domino = match("domino", ["medium", "easy"], games=4, seed=3, workers=1)
    assert [r["players"] for r in domino.records] == [["medium", "easy"], ["easy", "medium"]] * 2
    deals = [r["setup"]["deal"] for r in domino.records]
    assert deals[0] == deals[1] != deals[2]
    for record in domino.records:
        outcome = DominoGame.from_record(record).outcome()
        assert {"winner": outcome.winner, "reason": outcome.reason, "score": outcome.score} == record["result"]
    first, second = domino.to_rows()
    assert first["mean_score"] == -second["mean_score"]
    assert first["wins"] + second["wins"] + first["draws"] == 4
    alone = match("loa", ["medium", "easy"], games=3, seed=3, workers=1, max_depth=1, swap=False)
    assert [r["players"] for r in alone.records] == [["medium", "easy"]] * 3


def test_same_seed_same_results_in_process_threads_and_processes():
    runs = {}
    for how in ("here", "threads", "processes"):
        kwargs = {"workers": 1} if how == "here" else {
            "executor": (ThreadPoolExecutor if how == "threads" else ProcessPoolExecutor)(2)}
        try:
            runs[how] = [match("domino", ["medium", "easy"], games=4, seed=7, **kwargs),
                         match("loa", ["easy", "medium"], games=2, seed=7, max_depth=1, **kwargs),
                         match("line98", ["clear-first", RandomPlayer(seed=4)], games=2, seed=7, **kwargs)]
        finally:
            if "executor" in kwargs:
                kwargs["executor"].shutdown()
    for how in ("threads", "processes"):
        for local, other in zip(runs["here"], runs[how], strict=True):
            assert other.records == local.records, how
            assert figures(other) == figures(local), how
    # and the default local pool of two processes
    pool = match("domino", ["medium", "easy"], games=4, seed=7, workers=2)
    assert pool.records == runs["here"][0].records and pool.workers == 2


def test_a_player_object_is_copied_for_every_game():
    player = RandomPlayer(seed=4)
    result = match("line98", [player], games=2, seed=0, workers=1)
    again = match("line98", [player], games=2, seed=0, workers=1)
    assert result.records == again.records  # its generator did not move on between matches
    assert result.records[0]["players"] == ["random"]


def test_progress_callable_is_told_done_and_total():
    calls = []
    match("domino", ["easy", "easy"], games=4, seed=1, workers=1, progress=lambda d, t: calls.append((d, t)))
    assert calls == [(1, 4), (2, 4), (3, 4), (4, 4)]
    calls.clear()
    with ThreadPoolExecutor(2) as pool:
        match("line98", ["random"], games=3, seed=1, executor=pool, progress=lambda d, t: calls.append((d, t)))
    assert sorted(calls) == calls and calls[-1] == (3, 3) and {t for _, t in calls} == {3}


def test_progress_true_shows_tqdms_bar_when_tqdm_is_installed(capsys):
    import tqdm  # noqa: F401  (a test extra: installed wherever the suite runs)

    match("domino", ["easy", "easy"], games=2, seed=1, workers=1, progress=True)
    err = capsys.readouterr().err
    assert "2/2" in err and "hands/s" in err and "[####" not in err  # tqdm's rate, not the text bar


def test_progress_true_shows_the_text_bar_without_tqdm(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "tqdm.auto", None)  # import tqdm.auto now fails
    match("domino", ["easy", "easy"], games=2, seed=1, workers=1, progress=True)
    err = capsys.readouterr().err
    assert f"[{'#' * 30}] 2/2 hands" in err and "hands/s" not in err


@pytest.mark.parametrize(("args", "kwargs", "error", "says"), [
    (("chess", ["easy"]), {}, MatchError, "line98, mahjong, loa, domino"),
    (("loa", ["easy", "godlike"]), {}, MatchError, "'godlike'; known: easy, medium, hard, insane"),
    (("loa", ["easy"]), {}, MatchError, "two players"),
    (("domino", []), {}, MatchError, "no players"),
    (("line98", [42]), {}, MatchError, "choose(game)"),
    (("line98", ["random"]), {"games": 0}, MatchError, "games must be an integer of at least 1"),
    (("line98", ["random"]), {"seed": -1}, MatchError, "seed"),
    (("domino", ["easy", "easy"]), {"games": 3}, MatchError, "even"),
    (("loa", ["easy", "hard"]), {"max_depth": 0}, MatchError, "max_depth must be at least 1"),
    (("domino", ["easy", "hard"]), {"samples": 0}, MatchError, "samples"),
    (("line98", ["random"]), {"executor": "a pool"}, BadExecutor, "concurrent.futures.Executor"),
    (("line98", ["random"]), {"workers": 0}, MatchError, "workers"),
    (("line98", ["random"]), {"progress": "yes"}, MatchError, "progress"),
    (("loa", ["easy", "hard"]), {"max_dpeth": 1}, MatchError, "'max_dpeth'; the match's: size, opening_plies"),
    (("mahjong", ["random"]), {"size": 8}, MatchError, "the players': max_nodes, safety_nodes"),
])
def test_bad_input_is_a_typed_error_saying_why(args, kwargs, error, says):
    with pytest.raises(error) as raised:
        match(*args, **{"workers": 1, **kwargs})
    assert says in str(raised.value)
    assert isinstance(raised.value, GameError) and isinstance(raised.value, ValueError)
    if error is BadExecutor:
        assert isinstance(raised.value, TypeError)


def test_a_player_that_does_not_pickle_stays_in_this_process():
    player = RandomPlayer(seed=1)
    player.hook = lambda: None  # a lambda does not pickle
    with pytest.raises(MatchError, match="cannot be pickled"):
        match("line98", [player], games=1, workers=2)
    assert len(match("line98", [player], games=1, workers=1).records) == 1
    with ThreadPoolExecutor(1) as pool:  # threads share this process: nothing to pickle
        assert len(match("line98", [player], games=1, executor=pool).records) == 1
    assert pickle.loads(pickle.dumps(RandomPlayer(seed=1))).seed == 1


def test_the_experiment_is_a_line98_match():
    run = experiment.run(3, seed=6, players=("build", "random"), workers=1)
    result = match("line98", ["build", "random"], games=3, seed=6, workers=1)
    assert run.players["build"].scores == result.scores(0)
    rows = result.to_rows()
    assert rows[0]["mean_score"] == pytest.approx(run.players["build"].mean_score)
    assert rows[1]["median_score"] == run.players["random"].median_score
    assert rows[1]["mean_moves"] == pytest.approx(run.players["random"].mean_moves)


def test_plot_needs_matplotlib():
    result = match("domino", ["easy", "medium"], games=2, seed=1, workers=1)
    if not _importable("matplotlib"):
        with pytest.raises(MissingExtra, match=r"pip install 'gamewidgets\[plots\]'"):
            result.plot()
        assert issubclass(MissingExtra, ImportError)
    else:
        import matplotlib

        matplotlib.use("Agg")
        ax = result.plot()
        assert [t.get_text() for t in ax.get_xticklabels()] == ["easy", "medium"]


def test_repeated_names_get_numbered_labels():
    result = match("domino", ["easy", "easy"], games=2, seed=1, workers=1)
    assert [row["player"] for row in result.to_rows()] == ["easy (1)", "easy (2)"]
    assert result.records[0]["players"] == ["easy", "easy"]


@given(st.integers(1, 500).flatmap(lambda n: st.tuples(st.integers(0, 2 * n).map(lambda s: s / 2), st.just(n))))
def test_the_wilson_interval_holds_the_rate(case):
    successes, n = case
    low, high = wilson(successes, n)
    assert 0 <= low <= successes / n <= high <= 1
    assert high - low <= wilson(n / 2, n)[1] - wilson(n / 2, n)[0] + 1e-12  # widest at one half


@given(st.lists(st.integers(-1000, 1000), min_size=2, max_size=40))
def test_the_standard_error_is_the_sample_deviation_over_root_n(values):
    mean, se = mean_se(values)
    assert mean == pytest.approx(statistics.fmean(values))
    assert se == pytest.approx(statistics.stdev(values) / math.sqrt(len(values)), abs=1e-9)
    assert math.isnan(mean_se(values[:1])[1])


def test_the_rows_have_the_same_columns_in_every_game():
    columns = set()
    for game, (players, options) in CHEAP.items():
        for row in match(game, players, games=2, seed=5, workers=1, **options).to_rows():
            columns.add(tuple(row))
            assert row["ci_low"] <= row[row["interval"]] <= row["ci_high"]
    assert len(columns) == 1 and {"ci_low", "ci_high", "mean_score", "score_se", "win_rate"} <= set(columns.pop())


@pytest.mark.parametrize("game,options,words", [
    ("loa", {"size": 5}, "size"), ("loa", {"opening_plies": "2"}, "opening_plies"),
    ("loa", {"opening_plies": -1}, "opening_plies"), ("loa", {"size": 6.0}, "size"),
    ("mahjong", {"shuffles": -1}, "shuffles"), ("mahjong", {"shuffles": "x"}, "shuffles"),
    ("line98", {"states": "yes"}, "states"), ("domino", {"swap": 1}, "swap"),
])
def test_a_games_options_are_checked_before_any_game(game, options, words):
    players = ["easy", "easy"] if game in ("loa", "domino") else ["random"]
    with pytest.raises(MatchError, match=words):
        match(game, players, games=2, workers=1, **options)
    from gamewidgets.tournament import tournament

    with pytest.raises(MatchError, match=words):
        tournament(game, [players[0], "medium" if game in ("loa", "domino") else "build"
                          if game == "line98" else "solver"], games_per_pair=2, workers=1, **options)


def test_a_match_too_large_to_plan_is_refused_at_once():
    from gamewidgets.tournament import tournament

    with pytest.raises(MatchError, match="at most"):
        match("line98", ["random"], games=10**12)
    with pytest.raises(MatchError, match="games_per_pair"):
        tournament("line98", ["random", "build"], games_per_pair=10**12)
