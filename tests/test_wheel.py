"""The package a user installs: a wheel built from a clean checkout holds every view and
its licences, installs alone into a fresh venv and works there; building from the
sdist needs no Node.js; a build that cannot make the views fails instead of shipping a
wheel without them."""

import json
import os
import subprocess
import tarfile

from wheel_build import build, clean_copy

VIEWS = ["domino", "explorer", "line98", "loa", "mahjong"]


def run(installed, *args, cwd, **kwargs):
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["GAMEWIDGETS_HOME"] = str(cwd / "home")
    env["PATH"] = f"{installed.bin}{os.pathsep}{env['PATH']}"
    return subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=300, **kwargs)


def test_the_wheel_holds_every_view_its_licences_and_its_types(installed_wheel):
    names = installed_wheel.wheel_names()
    for view in VIEWS:
        assert f"gamewidgets/static/{view}.js" in names
    assert "gamewidgets/py.typed" in names
    for game in ("domino", "line98", "loa", "mahjong"):
        assert f"gamewidgets/puzzles/data/{game}.json" in names  # the shipped puzzles
    licences = [n for n in names if "/licenses/" in n]
    assert any(n.endswith("/LICENSE") for n in licences)
    assert any(n.endswith("LICENSE-LXGW-WenKai.txt") for n in licences)
    assert not [n for n in names if n.startswith(("tests/", "js/"))]
    sdist = installed_wheel.sdist_names()
    for view in VIEWS:
        assert any(n.endswith(f"src/gamewidgets/static/{view}.js") for n in sdist)
        assert any(n.endswith(f"js/{view}/index.js") for n in sdist)


def test_the_installed_wheel_plays_every_game_without_the_checkout(installed_wheel, tmp_path):
    code = (
        "import gamewidgets, sys\n"
        "from gamewidgets import Line98, MahjongConnect, LinesOfAction, Domino\n"
        "assert 'site-packages' in gamewidgets.__file__, gamewidgets.__file__\n"
        "assert not any('checkout' in p for p in sys.path), sys.path\n"
        "for widget in (Line98(seed=1), MahjongConnect(seed=1), LinesOfAction(size=6, level='easy'),\n"
        "               Domino(seed=1, level='easy')):\n"
        "    assert widget._esm, widget\n"
        "from gamewidgets.mahjong.players import Solver\n"
        "from gamewidgets.search_explorer import SearchExplorer\n"
        "explorer = SearchExplorer(Solver(trace=True).analyse(MahjongConnect(seed=1).game))\n"
        "assert explorer.outline._esm and explorer.outline.how_to_play, explorer\n"
        "from gamewidgets import puzzles, PuzzleSet\n"
        "assert all(len(puzzles.load(g)) >= 50 for g in puzzles.GAMES)\n"
        "assert PuzzleSet('loa', store=None).current is not None\n"
        "print(gamewidgets.__version__)\n"
    )
    done = run(installed_wheel, str(installed_wheel.python), "-c", code, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    version = done.stdout.strip()
    assert version and version[0].isdigit()
    cli = run(installed_wheel, "gamewidgets", "--version", cwd=tmp_path)
    assert cli.returncode == 0 and cli.stdout.strip() == f"gamewidgets {version}"
    commands = [
        ["line98", "play", "--player", "build", "--seed", "3", "--json", "game.json"],
        ["mahjong", "deal", "--seed", "7", "--json", "deal.json"],
        ["loa", "perft", "--size", "6", "--depth", "2"],
        ["domino", "match", "--first", "easy", "--second", "easy", "--hands", "2", "--seed", "1", "--json", "m.json"],
    ]
    for command in commands:
        done = run(installed_wheel, "gamewidgets", *command, cwd=tmp_path)
        assert done.returncode == 0, (command, done.stderr)
    assert json.loads((tmp_path / "game.json").read_text())["game"] == "line98"
    # without the online extra (a plain install), online play says at once what to install
    code = "from gamewidgets import Domino\nDomino.host(server='http://127.0.0.1:9')"
    done = run(installed_wheel, str(installed_wheel.python), "-c", code, cwd=tmp_path)
    assert done.returncode == 1 and "MissingExtra" in done.stderr
    assert "pip install 'gamewidgets[online]'" in done.stderr and "not installed: starlette" in done.stderr
    done = run(installed_wheel, "gamewidgets", "domino", "serve", "--port", "8799", cwd=tmp_path)
    assert done.returncode == 2 and "pip install 'gamewidgets[online]'" in done.stderr
    assert len(json.loads((tmp_path / "deal.json").read_text())["grid"]) == 8


def no_node_env(tmp_path):
    """PATH without node and npm (only this Python's own directory)."""
    empty = tmp_path / "bin"
    empty.mkdir()
    return {**os.environ, "PATH": str(empty)}


def test_a_wheel_builds_from_the_sdist_without_node(installed_wheel, tmp_path):
    with tarfile.open(installed_wheel.sdist) as archive:
        archive.extractall(tmp_path / "sdist", filter="data")
    (unpacked,) = (tmp_path / "sdist").iterdir()
    done = build(unpacked, tmp_path / "dist", env=no_node_env(tmp_path))
    assert done.returncode == 0, done.stderr[-2000:]
    assert len(list((tmp_path / "dist").glob("*.whl"))) == 1


def test_a_checkout_build_without_node_fails_instead_of_shipping_no_views(tmp_path):
    checkout = clean_copy(tmp_path / "checkout")
    assert not list((checkout / "src" / "gamewidgets" / "static").glob("*.js"))
    done = build(checkout, tmp_path / "dist", env=no_node_env(tmp_path))
    assert done.returncode != 0
    assert "needs Node.js and npm" in done.stdout + done.stderr
    assert not list((tmp_path / "dist").glob("*.whl"))

