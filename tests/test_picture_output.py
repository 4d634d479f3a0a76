"""Every widget carries a picture of its board for places that cannot run widgets: in
its mime bundle, and as an output of its own that an exported notebook shows."""

from __future__ import annotations

import re
import subprocess
import sys
import xml.dom.minidom
from pathlib import Path

import pytest

from gamewidgets.picture_output import CSS_CLASS, picture_bundle

MAKERS = {
    "line98": "Line98(seed=1, store=None)",
    "mahjong": "MahjongConnect(seed=1, store=None)",
    "loa": "LinesOfAction(size=6, level='easy', store=None)",
    "domino": "Domino(seed=1, level='easy', store=None)",
}


def make(name: str):
    from gamewidgets import Domino, Line98, LinesOfAction, MahjongConnect  # noqa: F401 (used by eval)

    return eval(MAKERS[name])


@pytest.mark.parametrize("name", MAKERS)
def test_the_mime_bundle_has_the_view_the_svg_and_the_board_as_text(name):
    widget = make(name)
    data, _metadata = widget._repr_mimebundle_()
    assert data["application/vnd.jupyter.widget-view+json"]["model_id"] == widget.model_id
    xml.dom.minidom.parseString(data["image/svg+xml"])
    assert str(widget.game) in data["text/plain"]


@pytest.mark.parametrize("name", MAKERS)
def test_the_picture_output_is_marked_with_the_model_and_hidden_only_in_a_live_page(name):
    widget = make(name)
    bundle = picture_bundle(widget)
    assert bundle is not None
    html = bundle["text/html"]
    assert f'class="{CSS_CLASS}"' in html and f'data-gamewidgets-model="{widget.picture_id}"' in html
    assert widget.picture_id == widget.model_id
    assert bundle["image/svg+xml"] in html
    # the only rules that hide it apply inside Lumino widgets (a live JupyterLab page)
    for rule in re.findall(r"([^{}]+)\{\s*display:\s*none", html):
        assert ".lm-Widget" in rule, rule


def test_a_shown_analysis_is_in_the_picture():
    from gamewidgets import Line98
    from gamewidgets.line98 import PLAYERS

    widget = Line98(seed=1, store=None)
    before = widget.picture_svg()
    widget.show(PLAYERS["build"](seed=1).analyse(widget.game))
    assert widget.picture_svg() != before


def test_an_online_seat_pictures_its_own_view_and_before_it_has_one_the_empty_table(unconnected_seat):
    seat = unconnected_seat
    bundle = picture_bundle(seat)
    assert "Waiting for the room server" in bundle["image/svg+xml"]
    assert bundle["text/plain"] == repr(seat)
    assert "application/vnd.jupyter.widget-view+json" in seat._repr_mimebundle_()[0]


EXPORT_CELLS = [
    "from gamewidgets import Domino, Line98, LinesOfAction, MahjongConnect",
    *(f"w_{name} = {code}\nw_{name}" for name, code in MAKERS.items()),
    "w_line98.play(w_line98.game.legal_moves()[0])",  # after the display: the picture follows
]


def test_an_exported_notebook_shows_every_board_as_it_was_at_the_end(tmp_path):
    import nbformat

    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(code) for code in EXPORT_CELLS])
    path = tmp_path / "four.ipynb"
    nbformat.write(notebook, path)
    env = {"GAMEWIDGETS_HOME": str(tmp_path / "home"), "PATH": str(Path(sys.executable).parent),
           "JUPYTER_PLATFORM_DIRS": "1", "HOME": str(tmp_path)}
    subprocess.run([sys.executable, "-m", "jupyter", "nbconvert", "--execute", "--to", "html",
                    "--ExecutePreprocessor.timeout=300", str(path)], check=True, env=env, cwd=tmp_path,
                   capture_output=True, timeout=600)
    page = (tmp_path / "four.html").read_text()
    pictures = re.findall(rf'<div class="{CSS_CLASS}" data-gamewidgets-model="([^"]+)"[^>]*>(<svg.*?</svg>)</div>',
                          page, re.S)
    assert len(pictures) == 4, f"{len(pictures)} pictures"
    assert not re.search(r'class="[^"]*\blm-Widget', page)  # so the style that hides them in a live page does not
    for _model, svg in pictures:
        xml.dom.minidom.parseString(svg)
    # the picture of Line 98 is the position after the move played in a later cell (the
    # export writes the SVG's attributes in its own order: compare what it shows)
    [line98] = [svg for _model, svg in pictures if 'aria-label="Line 98' in svg]
    assert 'data-last-move="true"' in line98 and "1 move" in line98


def test_the_dominoes_picture_never_shows_the_computers_hand():
    from gamewidgets import Domino
    from gamewidgets.domino import Game

    for seed in range(6):
        game = Game(seed)
        if game.turn == 0:  # the user opens: play, so that the computer is to move
            game.play(game.legal_moves()[0])
        widget = Domino(game=game, level="easy", store=None)
        widget.stop()
        svg = widget.picture_svg()
        assert svg is not None
        hidden = [*game.hand(1), *game.boneyard] if not game.is_over else list(game.boneyard)
        for a, b in hidden:
            for spelling in (f"{a}-{b}", f"{b}-{a}", f"{a}|{b}", f"[{a}, {b}]", f"{a}:{b}"):
                assert spelling not in svg, (seed, spelling)
