"""`gamewidgets loa match` and `gamewidgets loa analyse`: the JSON they write replays
legally, a depth budget makes a match reproducible, bad arguments are refused."""

import json

import pytest
from test_loa_ai import quick

from gamewidgets.cli import main
from gamewidgets.loa import Game
from gamewidgets.loa.ai import play_game


def test_cli_match_writes_games_that_replay_legally(tmp_path, capsys):
    path = tmp_path / "match.json"
    assert main(["loa", "match", "--size", "6", "--first", "medium", "--second", "easy", "--games", "3",
                 "--seed", "4", "--json", str(path), "--quiet"]) == 0
    data = json.loads(path.read_text())
    assert (data["format"], data["version"], data["game"]) == ("gamewidgets.match", 2, "loa")
    assert (data["size"], data["players"], len(data["records"])) == (6, ["medium", "easy"], 3)
    for index, record in enumerate(data["records"]):
        assert record["players"] == ["medium", "easy"] and record["setup"]["size"] == 6
        game = Game(6)
        for move in record["moves"]:
            assert game.outcome() is None
            assert game.play(move).to_dict() == move
        outcome = game.outcome()
        assert outcome is not None
        assert record["result"] == {"winner": outcome.winner, "reason": outcome.reason, "score": outcome.score}
        assert Game.from_record(data, index=index).fen() == game.fen()
    out = capsys.readouterr().out
    assert "3 games" in out and "medium (first)" in out


def test_cli_match_with_search_levels_and_a_progress_bar(tmp_path, capsys):
    path = tmp_path / "m.json"
    assert main(["loa", "match", "--size", "8", "--first", "hard", "--second", "insane", "--games", "1",
                 "--max-depth", "1", "--json", str(path)]) == 0
    record = json.loads(path.read_text())["records"][0]
    game = Game(8)
    for move in record["moves"]:
        game.play(move)
    assert game.is_over and record["result"]["reason"] == game.outcome().reason
    assert "1/1 games" in capsys.readouterr().err


def test_cli_match_is_reproducible_with_a_depth_budget(tmp_path):
    paths = [tmp_path / "a.json", tmp_path / "b.json"]
    for path in paths:
        main(["loa", "match", "--first", "insane", "--second", "medium", "--games", "2", "--seed", "9",
              "--max-depth", "2", "--json", str(path), "--quiet"])
    assert paths[0].read_text() == paths[1].read_text()


def test_cli_analyse_prints_the_analysis(tmp_path, capsys):
    path = tmp_path / "a.json"
    assert main(["loa", "analyse", "--size", "6", "--moves", "b1-b3 a2-c2", "--level", "hard",
                 "--max-depth", "2", "--json", str(path)]) == 0
    out = capsys.readouterr().out
    assert "hard plays" in out and "principal variation" in out and "ply 2, first (x) to move" in out
    data = json.loads(path.read_text())
    game = Game(6)
    game.play("b1-b3")
    game.play("a2-c2")
    assert data["position"] == game.fen() and data["player"] == "hard"
    assert sorted(row["move"] for row in data["candidates"]) == sorted(map(str, game.legal_moves()))
    assert data["stats"]["depth"] == 2 and game.play(data["move"])


def test_cli_analyse_refuses_an_illegal_move(capsys):
    assert main(["loa", "analyse", "--moves", "b1-b3 b3-b4", "--level", "easy"]) == 2
    assert "move 2 (b3-b4)" in capsys.readouterr().err


def test_cli_analyse_of_a_finished_game(capsys):
    # a whole game, fed to the command: the position at its end has nothing to analyse
    game, _ = play_game(quick("medium", seed=3), quick("easy", seed=4), 6, seed=1)
    moves = " ".join(str(m) for m in game.moves)
    assert main(["loa", "analyse", "--moves", moves, "--level", "easy"]) == 1
    assert "over" in capsys.readouterr().err


def test_cli_refuses_a_search_without_any_budget(capsys):
    assert main(["loa", "analyse", "--level", "insane", "--time", "0"]) == 2
    assert "without a clock" in capsys.readouterr().err
    assert main(["loa", "match", "--first", "hard", "--second", "easy", "--time", "0", "--games", "1"]) == 2
    assert main(["loa", "analyse", "--level", "insane", "--time", "0", "--max-depth", "2"]) == 0


@pytest.mark.parametrize("args", [["--first", "easy"], ["--first", "easy", "--second", "godlike"],
                                  ["--first", "easy", "--second", "hard", "--time", "-1"],
                                  ["--first", "easy", "--second", "hard", "--games", "0"]])
def test_cli_match_refuses_bad_arguments(args, capsys):
    with pytest.raises(SystemExit) as exc:
        main(["loa", "match", *args])
    assert exc.value.code == 2
