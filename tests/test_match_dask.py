"""Matches on a Dask cluster (the optional extra ``distributed``): a
``distributed.LocalCluster`` of worker processes on this machine plays the same games
as this process, through ``match(executor=client.get_executor())`` and the command
line's ``--scheduler``."""

import json
import re

import pytest
from distributed import Client, LocalCluster

from gamewidgets import cli
from gamewidgets.extras import MissingExtra
from gamewidgets.match import ExecutorFailed, MatchError, dask_executor, match


@pytest.fixture(scope="module")
def cluster():
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as local:
        yield local


def figures(result):
    return [{k: v for k, v in row.items() if k != "ms_per_move"} for row in result.to_rows()]


@pytest.mark.parametrize(("game", "players", "options"), [
    ("loa", ["medium", "easy"], {"max_depth": 2}),
    ("domino", ["hard", "medium"], {"samples": 8}),
    ("line98", ["build", "random"], {}),
])
def test_a_match_on_the_cluster_is_the_match_played_here(cluster, game, players, options):
    here = match(game, players, games=6, seed=3, workers=1, **options)
    with Client(cluster) as client:
        there = match(game, players, games=6, seed=3, executor=client.get_executor(), **options)
    assert there.records == here.records
    assert figures(there) == figures(here)


def test_dask_executor_connects_by_address_and_counts_the_workers(cluster):
    with dask_executor(cluster.scheduler_address) as (executor, workers):
        result = match("loa", ["easy", "medium"], games=2, seed=8, executor=executor, workers=workers,
                       max_depth=1)
    assert workers == 2 and result.workers == 2
    assert result.records == match("loa", ["easy", "medium"], games=2, seed=8, workers=1, max_depth=1).records


@pytest.mark.parametrize("command", [
    ["loa", "match", "--first", "medium", "--second", "easy", "--games", "3", "--max-depth", "1"],
    ["domino", "match", "--first", "medium", "--second", "easy", "--hands", "4"],
    ["line98", "experiment", "--players", "build", "--games", "3"],
])
def test_the_commands_scheduler_option_writes_what_a_local_run_writes(cluster, command, tmp_path, capsys):
    local, remote = tmp_path / "local.json", tmp_path / "remote.json"
    assert cli.main([*command, "--seed", "4", "--quiet", "--workers", "1", "--json", str(local)]) == 0
    printed_here = capsys.readouterr().out
    assert cli.main([*command, "--seed", "4", "--quiet", "--scheduler", cluster.scheduler_address,
                     "--json", str(remote)]) == 0
    printed_there = capsys.readouterr().out
    here, there = json.loads(local.read_text()), json.loads(remote.read_text())
    for data in (here, there):  # the one thing that differs: how long and on how many workers
        data.pop("seconds", None)
        data.pop("workers", None)
    assert there == here
    # what differs: the times, and how many workers line98's first line names
    assert untimed(printed_there) == untimed(printed_here).replace("1 worker(s)", "2 worker(s)")


def untimed(printed):
    return re.sub(r"\d+\.\d+ (ms per move|s)\b", "T", printed)


def test_an_unreachable_scheduler_is_a_clear_error(capsys):
    with pytest.raises(MatchError, match=re.escape("cannot reach the Dask scheduler at 'tcp://127.0.0.1:9'")), \
            dask_executor("tcp://127.0.0.1:9", timeout=0.5):
        pass
    with pytest.raises(MatchError, match="cannot reach"), dask_executor("not an address", timeout=0.5):
        pass


def test_without_the_extra_the_scheduler_option_says_how_to_install_it(monkeypatch, capsys):
    import gamewidgets.extras as extras

    monkeypatch.setattr(extras, "_importable", lambda module: module != "distributed")
    with pytest.raises(MissingExtra, match=r"pip install 'gamewidgets\[distributed\]'"), \
            dask_executor("tcp://127.0.0.1:9"):
        pass
    status = cli.main(["loa", "match", "--first", "easy", "--second", "easy", "--games", "1",
                       "--scheduler", "tcp://127.0.0.1:9", "--quiet"])
    assert status == 2 and "gamewidgets[distributed]" in capsys.readouterr().err


def test_a_closed_client_is_a_clear_error(cluster):
    """The report: ClosedClientError escaped match. It is ExecutorFailed, saying what to do."""
    client = Client(cluster)
    executor = client.get_executor()
    client.close()
    with pytest.raises(ExecutorFailed, match=r"the executor failed .*Start a new executor"):
        match("loa", ["easy", "medium"], games=2, seed=1, executor=executor, max_depth=1)
