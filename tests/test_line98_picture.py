"""Line 98's pictures without a widget: ``Game.svg()`` / ``_repr_svg_`` and
``picture.overlay`` (gamewidgets.line98.picture)."""

from collections import Counter
from xml.dom import minidom

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamewidgets.analysis import Analysis, Candidate
from gamewidgets.line98 import COLOURS, Game, Move, picture
from gamewidgets.line98.players import BuildPlayer, RandomPlayer
from gamewidgets.line98.widget import Line98

seeds = st.integers(min_value=0, max_value=2**32)
choices = st.lists(st.floats(min_value=0, max_value=1, exclude_max=True), min_size=0, max_size=40)


def play_out(seed, fractions):
    game = Game(seed)
    for fraction in fractions:
        if game.is_over:
            break
        moves = game.legal_moves()
        game.play(moves[int(fraction * len(moves))])
    return game


def elements(document, attribute):
    """Every element of the parsed picture carrying ``attribute``."""
    return [e for e in document.getElementsByTagName("*") if e.hasAttribute(attribute)]


def cell_of(element):
    row, col = element.getAttribute("data-cell").split(",")
    return (int(row), int(col))


def balls_of(game):
    return Counter((r, c, COLOURS[int(game.board[r, c]) - 1]) for r in range(9) for c in range(9) if game.board[r, c])


@settings(max_examples=15, deadline=None)
@given(seeds, choices)
def test_the_picture_is_xml_and_shows_every_ball_preview_and_the_score(seed, fractions):
    game = play_out(seed, fractions)
    text = game.svg()
    document = minidom.parseString(text)
    root = document.documentElement
    assert root.tagName == "svg" and root.getAttribute("role") == "img"
    assert f"score {game.score}" in root.getAttribute("aria-label")
    assert Counter((*cell_of(e), e.getAttribute("data-ball")) for e in elements(document, "data-ball")) \
        == balls_of(game)
    assert Counter((*cell_of(e), e.getAttribute("data-preview")) for e in elements(document, "data-preview")) \
        == Counter((p.row, p.col, COLOURS[p.colour - 1]) for p in game.previews)
    nexts = sorted(elements(document, "data-next"), key=lambda e: float(e.getAttribute("cx")))  # left to right
    assert [e.getAttribute("data-next") for e in nexts] == [COLOURS[p.colour - 1] for p in game.previews]
    [score] = elements(document, "data-score")
    assert score.getAttribute("data-score") == score.firstChild.data == str(game.score)
    assert bool(elements(document, "data-over")) == game.is_over
    assert game._repr_svg_() == text
    assert len(text) < 20_000  # a full board's 81 balls included


def test_the_last_move_is_marked_also_when_it_cleared_its_ball():
    game = Game.from_text("\n".join(["RRRR.....", "........R", *["........."] * 7]), seed=1)
    assert not elements(minidom.parseString(game.svg()), "data-last-move")  # no move yet
    result = game.play(Move((1, 8), (0, 4)))
    assert result.cleared  # the moved ball is gone with its line
    document = minidom.parseString(game.svg())
    [target] = elements(document, "data-last-move")
    [source] = elements(document, "data-last-move-from")
    assert (cell_of(target), cell_of(source)) == ((0, 4), (1, 8))
    assert "last move (1, 8)->(0, 4)" in document.documentElement.getAttribute("aria-label")
    game.undo()
    assert not elements(minidom.parseString(game.svg()), "data-last-move")


def test_a_finished_game_says_so_and_stays_a_few_kb_per_ball():
    game, player = Game(seed=7), RandomPlayer(seed=7)
    while not game.is_over:
        game.play(player.choose(game))
    text = game.svg()
    document = minidom.parseString(text)
    assert elements(document, "data-over") and "Game over" in text
    assert len(elements(document, "data-ball")) == 81
    assert len(text) < 20_000
    assert len(Game(seed=7).svg()) < 8_000  # the start: 5 balls, 3 previews


def test_an_analysis_draws_its_cells_and_arrow_the_same_as_the_widget_shows():
    widget = Line98(seed=5, store=None)
    analysis = BuildPlayer(seed=1).analyse(widget.game)
    widget.show(analysis)
    shown = picture.overlay(widget.game, analysis)
    assert widget.overlay == shown  # one conversion, for the view and the picture
    text = widget.game.svg(analysis)
    assert text == widget.game.svg(overlay=widget.overlay)
    document = minidom.parseString(text)
    [tints] = [g for g in elements(document, "data-overlay") if g.getAttribute("data-overlay") == "tints"]
    drawn = set()
    for rect in tints.getElementsByTagName("rect"):
        x, y = float(rect.getAttribute("x")), float(rect.getAttribute("y"))
        drawn.add((int((y - picture._BOARD_Y) // picture.CELL_SIZE), int((x - picture._BOARD_X) // picture.CELL_SIZE)))
    assert drawn == {m.target for m in widget.game.legal_moves()} == {(r, c) for r, c, _, _ in shown["cells"]}
    [marks] = [g for g in elements(document, "data-overlay") if g.getAttribute("data-overlay") == "marks"]
    assert len(marks.getElementsByTagName("polygon")) == 1  # the arrow's head
    assert len(marks.getElementsByTagName("text")) == len(shown["cells"])
    [title] = elements(document, "data-overlay-title")
    assert title.firstChild.data.startswith("build: ")
    assert len(text) < 40_000
    # the balls are still all there, on top of the tints
    assert Counter((*cell_of(e), e.getAttribute("data-ball")) for e in elements(document, "data-ball")) \
        == balls_of(widget.game)


def test_hostile_text_from_an_analysis_or_an_overlay_is_escaped():
    game = Game(seed=2)
    move = game.legal_moves()[0]
    hostile = '<script>alert("x")</script> & ]]> \' "'
    analysis = Analysis(player=hostile, move=move, candidates=(Candidate(move, 1.0),), reason=hostile)
    text = game.svg(analysis)
    assert "<script>" not in text
    document = minidom.parseString(text)
    lines = [t.firstChild.data for t in document.getElementsByTagName("text") if t.firstChild]
    assert any(hostile[:20] in line for line in lines)
    overlay = {"title": hostile, "cells": [[0, 0, 0.5, hostile]], "arrow": None}
    text = game.svg(overlay=overlay)
    assert "<script>" not in text
    document = minidom.parseString(text)
    [title] = elements(document, "data-overlay-title")
    assert title.firstChild.data == hostile  # read back exactly as given
    labels = [t.firstChild.data for t in document.getElementsByTagName("text") if t.firstChild]
    assert hostile[:6] in labels  # draw_overlay keeps a cell's label short


@pytest.mark.parametrize("overlay", [
    {"cells": [[9, 0, 0.5, "x"]]},
    {"cells": [[0, -1, 0.5, "x"]]},
    {"cells": [[0, 0, float("nan"), "x"]]},
    {"cells": [[0, 0, "1", "x"]]},
    {"cells": [[0, 0, 1]]},
    {"cells": [], "arrow": [[0, 0]]},
    {"cells": [], "arrow": [[0, 0], [0, 9]]},
    ["not", "a", "dict"],
])
def test_a_malformed_overlay_is_refused_saying_why(overlay):
    with pytest.raises(ValueError, match="overlay"):
        Game(seed=1).svg(overlay=overlay)


def test_what_is_no_analysis_is_refused():
    game = Game(seed=1)
    with pytest.raises(TypeError, match="Analysis"):
        game.svg("build")
    with pytest.raises(TypeError, match="Line 98 analysis"):
        game.svg(Analysis(player="p", move="x", candidates=(Candidate("x", 1.0),), reason=""))
    analysis = BuildPlayer(seed=1).analyse(game)
    with pytest.raises(ValueError, match="not both"):
        game.svg(analysis, overlay=picture.overlay(game, analysis))
    assert game.svg(overlay={}) == game.svg() == game.svg(None, overlay=None)
    assert isinstance(analysis.move, Move)
