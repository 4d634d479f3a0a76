"""The documentation site (``make docs``: tools/build_docs.py, docs/): it builds from
scratch with no warning and no broken internal link, every public module has its API
page, each game's page is the text of the view's Rules panel, and the tutorials are
the notebooks run top to bottom, each board shown as its picture.

The site is built once for this file, into a temporary folder (the notebooks' cached
execution is shared with ``make docs``: docs/conf.py)."""

import html
import pkgutil
import re
import subprocess
import sys
from pathlib import Path

import pytest
from build_docs import broken_links

import gamewidgets
from gamewidgets.how_to_play import GAMES, how_to_play, plain

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted(path.stem for path in (ROOT / "notebooks").glob("*.ipynb"))
GAME_PAGES = {"line98": "line98", "mahjong": "mahjong", "loa": "lines-of-action", "domino": "dominoes"}
GUIDES = ["playing", "teaching", "computer-players", "matches", "agents", "online", "command-line"]
WIDGET_VIEW = 'type="application/vnd.jupyter.widget-view+json"'
PICTURE = re.compile(r'<div class="gamewidgets-picture"[^>]*>\s*<svg')
# the first test builds the site (every notebook run: about a minute here, more on a loaded
# machine), within pytest-timeout's limit of the test that sets it up
pytestmark = pytest.mark.timeout(900)


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("site") / "html"
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "build_docs.py"), str(out)], cwd=ROOT,
                          capture_output=True, text=True, timeout=840)
    assert done.returncode == 0, f"make docs failed:\n{done.stdout[-3000:]}\n{done.stderr[-6000:]}"
    assert "every internal link and anchor found" in done.stdout
    return out


def page_text(path: Path) -> str:
    """The words of an HTML page, entities decoded and white space made single."""
    body = path.read_text(encoding="utf-8")
    body = re.sub(r"<(script|style)\b.*?</\1>", " ", body, flags=re.S)
    body = re.sub(r"</?(code|span|strong|em|a|kbd)\b[^>]*>", "", body)  # inline: no space
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", body)).split())


def squeeze(text: str) -> str:
    return " ".join(text.split())


def test_every_page_is_built(site):
    pages = ["index", "getting-started", "tutorials", "development", "api/index",
             *(f"games/{page}" for page in GAME_PAGES.values()), "games/dominoes-hard",
             *(f"guides/{guide}" for guide in GUIDES), *(f"tutorials/{name}" for name in NOTEBOOKS)]
    missing = [page for page in pages if not (site / f"{page}.html").is_file()]
    assert not missing
    assert len(list(site.rglob("*.html"))) > 100


def test_every_public_module_has_its_api_page(site):
    modules = ["gamewidgets"] + [info.name for info in pkgutil.walk_packages(gamewidgets.__path__, "gamewidgets.")
                                 if not any(part.startswith("_") for part in info.name.split("."))]
    assert len(modules) > 60
    missing = [name for name in modules if not (site / "api" / "generated" / f"{name}.html").is_file()]
    assert not missing
    match_page = page_text(site / "api" / "generated" / "gamewidgets.match.html")
    assert "Matches: N games of any of the four games" in match_page  # the module's docstring
    assert "play_games" in match_page  # and its members


@pytest.mark.parametrize("game", GAMES)
def test_each_game_page_is_the_rules_text_of_its_view(site, game):
    text = page_text(site / "games" / f"{GAME_PAGES[game]}.html")
    rules = how_to_play(game)
    pieces = []
    for block in rules.blocks:
        if block["kind"] in ("title", "section"):
            pieces.append(block["text"])
        elif block["kind"] == "paragraph":
            pieces.append(plain(block["runs"]))
        elif block["kind"] == "list":
            pieces += [plain(item) for item in block["items"]]
        else:
            pieces += [plain(cell) for row in [block["header"], *block["rows"]] for cell in row]
    assert len(pieces) > 20
    missing = [piece for piece in pieces if squeeze(piece) not in text]
    assert not missing, f"{game}: the page lacks {missing[:3]}"


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_each_tutorial_is_its_notebook_run_with_its_boards_as_pictures(site, name):
    body = (site / "tutorials" / f"{name}.html").read_text(encoding="utf-8")
    assert body.count(WIDGET_VIEW) >= 1, "each notebook shows at least one live widget"
    assert PICTURE.search(body), "and its board as a picture"
    assert "application/vnd.jupyter.widget-state+json" not in body  # megabytes that draw nothing here
    if name == "debugging":  # the explorers' boards: the only Line 98 board there is the expert's explorer's
        assert re.search(r'<div class="gamewidgets-picture"[^>]*>\s*<svg[^>]*aria-label="Line 98', body)
    if name == "line98-players":
        assert re.search(r'<img [^>]*src="[^"]+\.png"', body), "the score plot is drawn"
        assert "as in the experiment: True" in page_text(site / "tutorials" / f"{name}.html")


def test_the_link_check_finds_what_is_broken(tmp_path):
    (tmp_path / "guide").mkdir()
    (tmp_path / "index.html").write_text(
        '<a href="guide/a.html#here">ok</a> <a href="#top">ok</a> <p id="top"></p>'
        '<a href="https://example.org/nowhere">not followed</a> <img src="missing.png">'
        '<a href="guide/a.html#gone">anchor</a> <a href="guide/">a folder</a>')
    (tmp_path / "guide" / "a.html").write_text('<h1 id="here">A</h1><a href="../index.html#nope">back</a>'
                                               '<a href="../../elsewhere.html">out</a>')
    problems = broken_links(tmp_path)
    assert sorted(problems) == sorted([
        "index.html: missing.png (no such file)",
        "index.html: guide/a.html#gone (no such anchor)",
        "index.html: guide/ (no such file)",
        "guide/a.html: ../index.html#nope (no such anchor)",
        "guide/a.html: ../../elsewhere.html (outside the site)",
    ])
