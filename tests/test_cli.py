"""The command line: `gamewidgets line98 play` writes records that follow the rules."""

import json
import statistics
import subprocess
import sys
from collections import deque
from itertools import pairwise

import numpy as np
import pytest

from gamewidgets.cli import main
from gamewidgets.line98 import Game, Move, points

SCORES = {0} | {points(n) for n in range(5, 20)} | {points(a) + points(b) for a in range(5, 20) for b in range(5, 20)}


def has_path(board, source, target) -> bool:
    """Breadth-first search written here, independent of the engine's."""
    seen, queue = {source}, deque([source])
    while queue:
        r, c = queue.popleft()
        for nr, nc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if 0 <= nr < 9 and 0 <= nc < 9 and (nr, nc) not in seen and board[nr][nc] == 0:
                if (nr, nc) == target:
                    return True
                seen.add((nr, nc))
                queue.append((nr, nc))
    return False


def check_record(record: dict) -> None:
    states, moves = record["states"], record["moves"]
    assert (record["format"], record["version"], record["game"]) == ("gamewidgets.record", 2, "line98")
    assert len(states) == len(moves) + 1
    first = np.array(states[0]["board"])
    assert first.shape == (9, 9) and np.count_nonzero(first) == 5 and len(states[0]["previews"]) == 3
    for before, move, after in zip(states, moves, states[1:], strict=False):  # states: one more than moves
        board = before["board"]
        (fr, fc), (tr, tc) = move["from"], move["to"]
        assert board[fr][fc] != 0, "a move starts on a ball"
        assert board[tr][tc] == 0, "a move ends on an empty cell"
        assert has_path(board, (fr, fc), (tr, tc)), "a move follows a path of empty cells"
        assert after["score"] - before["score"] in SCORES
        for state in (after,):
            cells = [(r, c) for r, c, _ in state["previews"]]
            assert all(state["board"][r][c] == 0 for r, c in cells) and len(set(cells)) == len(cells)
    last = np.array(states[-1]["board"])
    assert (record["result"] is not None) == (np.count_nonzero(last) == 81)
    # and the engine, replaying the same seed and moves, reaches every recorded state
    game = Game(record["setup"]["seed"])
    assert game.states()[0] == states[0]
    for index, move in enumerate(moves, start=1):
        game.play(Move.from_dict(move))
        assert game.states()[-1] == states[index]


@pytest.mark.parametrize("player", ["random", "clear-first", "build", "greedy-long"])
@pytest.mark.parametrize("seed", [0, 17])
def test_play_writes_a_record_that_follows_the_rules(tmp_path, seed, player, capsys):
    path = tmp_path / "game.json"
    assert main(["line98", "play", "--player", player, "--seed", str(seed), "--json", str(path)]) == 0
    record = json.loads(path.read_text())
    assert record["setup"] == {"seed": seed} and record["players"] == [player] and record["result"] is not None
    check_record(record)
    assert Game.from_record(record).states() == record["states"]
    assert f"score {record['states'][-1]['score']}" in capsys.readouterr().out


def test_same_seed_same_record(tmp_path):
    paths = [tmp_path / "a.json", tmp_path / "b.json"]
    for path in paths:
        main(["line98", "play", "--seed", "5", "--json", str(path)])
    assert paths[0].read_text() == paths[1].read_text()


def test_console_script_and_module_entry_point(tmp_path):
    path = tmp_path / "g.json"
    run = subprocess.run(
        [sys.executable, "-m", "gamewidgets", "line98", "play", "--seed", "2", "--json", str(path)],
        capture_output=True, text=True, check=True,
    )
    assert "line98 seed 2" in run.stdout
    check_record(json.loads(path.read_text()))
    assert "jupyter" not in run.stderr.lower()


@pytest.mark.parametrize(
    "argv,message",
    [
        (["line98", "play", "--seed", "-3"], "non-negative integer"),
        (["line98", "experiment", "--workers", "0"], "positive integer"),
        (["line98", "play", "--player", "nobody"], "invalid choice"),
        (["chess", "play"], "invalid choice"),
        (["domino", "serve", "--port", "0"], "a port number"),
        (["domino", "serve", "--sweep", "soon"], "seconds"),
    ],
)
def test_bad_arguments_exit_with_a_message(argv, message, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2 and message in capsys.readouterr().err


def test_domino_serve_refuses_a_sweep_of_no_time(capsys):
    assert main(["domino", "serve", "--sweep", "0"]) == 2
    assert "--sweep" in capsys.readouterr().err


def test_unwritable_json_path_is_an_error_not_a_traceback(tmp_path, capsys):
    assert main(["line98", "play", "--json", str(tmp_path / "missing" / "g.json")]) == 1
    assert "No such file" in capsys.readouterr().err


def test_experiment_figures_do_not_depend_on_the_number_of_workers(tmp_path, capsys):
    paths = {k: tmp_path / f"w{k}.json" for k in (1, 2)}
    for workers, path in paths.items():
        assert main(["line98", "experiment", "--games", "6", "--seed", "4",
                     "--workers", str(workers), "--json", str(path)]) == 0
    one, two = (json.loads(p.read_text()) for p in paths.values())
    assert one == two
    assert set(one["players"]) == {"random", "clear-first", "build", "greedy-long"}
    build = one["players"]["build"]
    assert len(build["scores"]) == len(build["moves"]) == 6
    assert build["mean_score"] == pytest.approx(sum(build["scores"]) / 6)
    assert build["median_score"] == statistics.median(build["scores"])
    assert build["mean_moves"] == pytest.approx(sum(build["moves"]) / 6)
    out, err = capsys.readouterr()
    assert "mean score" in out and "greedy-long" in out
    assert "24/24 games" in err  # the progress bar


def test_experiment_games_are_the_games_play_plays(tmp_path):
    from gamewidgets.line98 import experiment

    path = tmp_path / "e.json"
    main(["line98", "experiment", "--games", "3", "--seed", "2", "--workers", "1", "--quiet", "--json", str(path)])
    figures = json.loads(path.read_text())
    for index, seed in enumerate(figures["game_seeds"]):
        assert seed == experiment.game_seed(2, index)
        game_path = tmp_path / f"g{index}.json"
        main(["line98", "play", "--player", "greedy-long", "--seed", str(seed), "--json", str(game_path)])
        record = json.loads(game_path.read_text())
        check_record(record)
        assert record["states"][-1]["score"] == figures["players"]["greedy-long"]["scores"][index]
        assert len(record["moves"]) == figures["players"]["greedy-long"]["moves"][index]


# -------------------------------------------------------------------- mahjong
def test_mahjong_deal_solve_and_pairs(tmp_path, capsys):
    from gamewidgets.mahjong import Game
    from gamewidgets.mahjong.tiles import TILE, full_set

    deal_path, solve_path, pairs_path = tmp_path / "d.json", tmp_path / "s.json", tmp_path / "p.json"
    assert main(["mahjong", "deal", "--seed", "6", "--json", str(deal_path)]) == 0
    deal = json.loads(deal_path.read_text())
    assert (deal["game"], deal["seed"], deal["rows"], deal["cols"]) == ("mahjong", 6, 8, 18)
    assert sorted(TILE[c] for row in deal["grid"] for c in row) == sorted(full_set())
    assert deal["grid"] == [list(row) for row in Game(6).to_dict()["start"]]

    assert main(["mahjong", "solve", "--seed", "6", "--json", str(solve_path)]) == 0
    solution = json.loads(solve_path.read_text())
    assert solution["setup"]["seed"] == 6 and len(solution["moves"]) == 72 and solution["players"] == ["solver"]
    game = Game.from_grid(deal["grid"])
    for pair in solution["moves"]:
        game.play(tuple(pair["a"]), tuple(pair["b"]))  # raises if a pair breaks the rules
    assert game.won and solution["result"]["reason"] == "cleared" and Game.from_record(solution).won

    assert main(["mahjong", "pairs", "--grid", str(deal_path), "--json", str(pairs_path)]) == 0
    pairs = json.loads(pairs_path.read_text())["pairs"]
    game = Game.from_grid(deal["grid"])
    assert {(tuple(p["a"]), tuple(p["b"])) for p in pairs} == {(m.a, m.b) for m in game.legal_moves()}
    for pair in pairs:
        path = [tuple(p) for p in pair["path"]]
        assert path[0] == tuple(pair["a"]) and path[-1] == tuple(pair["b"]) and len(path) <= 4
        for (r1, c1), (r2, c2) in pairwise(path):
            assert r1 == r2 or c1 == c2
            assert min(r1, r2) >= -1 and max(r1, r2) <= 8 and min(c1, c2) >= -1 and max(c1, c2) <= 18


def test_mahjong_pairs_on_any_grid_with_the_ring(tmp_path):
    grid_path, out = tmp_path / "g.json", tmp_path / "o.json"
    grid_path.write_text(json.dumps({"grid": [["D1", "B2", "D1", None], ["F1", "B2", "F3", "C1"]]}))
    assert main(["mahjong", "pairs", "--grid", str(grid_path), "--json", str(out)]) == 0
    assert json.loads(out.read_text())["pairs"] == [
        {"a": [0, 0], "b": [0, 2], "path": [[0, 0], [-1, 0], [-1, 2], [0, 2]]},  # round the ring above
        {"a": [0, 1], "b": [1, 1], "path": [[0, 1], [1, 1]]},  # side by side
        {"a": [1, 0], "b": [1, 2], "path": [[1, 0], [2, 0], [2, 2], [1, 2]]},  # a flower with a flower, below
    ]


def test_mahjong_pairs_rejects_a_bad_grid(tmp_path, capsys):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"grid": [["D1", "ZZ"]]}))
    assert main(["mahjong", "pairs", "--grid", str(path)]) == 2
    assert "unknown tile code" in capsys.readouterr().err


@pytest.mark.parametrize("game, kind", [("domino", "open-hands"), ("loa", "win-in-1")])
def test_puzzles_writes_proved_puzzles_in_their_dict_form(tmp_path, capsys, game, kind):
    from gamewidgets.puzzles import Puzzle, generate

    out = tmp_path / "p.json"
    assert main([game, "puzzles", "--count", "3", "--seed", "4", "--kind", kind, "--json", str(out)]) == 0
    data = json.loads(out.read_text())
    assert (data["format"], data["version"], data["game"], data["seed"], data["kind"]) == \
        ("gamewidgets.puzzles", 1, game, 4, kind)
    found = [Puzzle.from_dict(p) for p in data["puzzles"]]
    assert [p.to_dict() for p in found] == [p.to_dict() for p in generate(game, count=3, seed=4, kind=kind)]
    assert all(p.check(p.answer).correct for p in found)
    assert f"{game} puzzles from seed 4: 3 ({kind})" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main([game, "puzzles", "--kind", "mate-in-3"])
    assert "invalid choice" in capsys.readouterr().err


def test_line98_max_moves_stops_games_and_says_which_were_capped(tmp_path, capsys):
    from gamewidgets.line98 import Game as Line98Game

    out = tmp_path / "e.json"
    assert main(["line98", "experiment", "--players", "build,random", "--games", "3", "--seed", "2",
                 "--max-moves", "25", "--workers", "1", "--json", str(out)]) == 0
    data = json.loads(out.read_text())
    assert data["max_moves"] == 25
    for figures in data["players"].values():
        assert len(figures["scores"]) == len(figures["moves"]) == len(figures["capped"]) == 3
        assert all(m <= 25 for m in figures["moves"])
        assert figures["capped"] == [m == 25 for m in figures["moves"]]  # a game over at 25 exactly: none here
        assert figures["capped_games"] == sum(figures["capped"])
    assert "capped" in capsys.readouterr().out
    record = tmp_path / "p.json"
    assert main(["line98", "play", "--player", "build", "--seed", "3", "--max-moves", "12", "--json", str(record)]) == 0
    saved = json.loads(record.read_text())
    assert saved["capped"] is True and len(saved["moves"]) == 12 and saved["result"] is None
    assert len(Line98Game.from_record(saved).moves) == 12  # it replays like any record
    assert "stopped at --max-moves 12" in capsys.readouterr().out


@pytest.mark.parametrize("bad", [0, -3, True, 2.5, "9"])
def test_a_match_refuses_a_max_moves_that_is_no_count(bad):
    from gamewidgets.match import MatchError, match

    with pytest.raises(MatchError, match="max_moves"):
        match("line98", ["random"], games=1, workers=1, max_moves=bad)
