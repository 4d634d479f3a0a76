"""The SVG picture of a Mahjong Connect position (gamewidgets.mahjong.picture)."""

from collections import Counter
from xml.dom.minidom import parseString

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from gamewidgets.analysis import Analysis, Candidate
from gamewidgets.mahjong import Game, Move, RandomPlayer, Solver, picture
from gamewidgets.mahjong.tiles import code
from gamewidgets.mahjong.widget import MahjongConnect

#: a full board's picture stays small (about 16 KB); with every pair marked, twice that
MAX_BYTES, MAX_BYTES_WITH_OVERLAY = 20_000, 40_000
HOSTILE = "</text><script>alert('x')</script>&amp; \"quoted\" <b>"


def elements(svg_text, attribute, value=None):
    """The elements of the SVG with ``attribute`` (equal to ``value`` if given)."""
    document = parseString(svg_text)
    return [e for e in document.getElementsByTagName("*")
            if e.hasAttribute(attribute) and (value is None or e.getAttribute(attribute) == value)]


def play_randomly(game, moves, seed):
    rng = np.random.default_rng(seed)
    for _ in range(moves):
        legal = game.legal_moves()
        if not legal:
            break
        game.play(legal[int(rng.integers(len(legal)))])
    return game


def grid_codes(game):
    return Counter(code(int(t)) for t in game.grid.ravel() if t)


def all_text(svg_text):
    """Every text of the document (texts and tooltips), as a reader gets it."""
    def walk(node):
        return node.data if node.nodeType == node.TEXT_NODE else "".join(walk(c) for c in node.childNodes)
    return walk(parseString(svg_text).documentElement)


def status_text(svg_text):
    (status,) = elements(svg_text, "data-status")
    return "".join(node.data for node in status.childNodes if node.nodeType == node.TEXT_NODE)


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 72), st.integers(0, 2**32))
def test_the_picture_of_any_position_is_xml_with_every_tile_and_the_last_pair(seed, moves, play_seed):
    game = play_randomly(Game(seed, scoring="standard"), moves, play_seed)
    svg_text = game.svg()
    tiles = elements(svg_text, "data-tile")
    assert Counter(t.getAttribute("data-tile") for t in tiles) == grid_codes(game)
    assert len(tiles) == game.tiles_left
    marked = {tuple(int(v) for v in e.getAttribute("data-cell").split(",")) for e in
              elements(svg_text, "data-last-move", "true")}
    assert marked == ({game.moves[-1].a, game.moves[-1].b} if game.moves else set())
    assert len(elements(svg_text, "data-last-path")) == (1 if game.moves else 0)
    assert f"{game.tiles_left} tiles left" in parseString(svg_text).documentElement.getAttribute("aria-label")
    assert len(svg_text.encode()) < MAX_BYTES


def test_game_svg_and_repr_svg_are_the_picture():
    game = Game(5, scoring="standard")
    assert game.svg() == game._repr_svg_() == picture.svg(game)
    assert parseString(game.svg()).documentElement.getAttribute("role") == "img"


def test_the_last_pair_removed_is_marked_and_undo_takes_the_mark_back():
    game = Game.from_grid([["D1", None, "D1"], ["B2", "C3", "B2"]], scoring="standard")
    game.play([(0, 0), (0, 2)])
    svg_text = game.svg()
    cells = {e.getAttribute("data-cell") for e in elements(svg_text, "data-last-move", "true")}
    assert cells == {"0,0", "0,2"}
    assert "removed: 1 of dots" in svg_text  # the frames' tooltips name the tiles
    assert "last pair removed: 1 of dots" in parseString(svg_text).documentElement.getAttribute("aria-label")
    game.undo()
    assert elements(game.svg(), "data-last-move") == []


def test_after_a_shuffle_no_pair_is_marked_and_the_status_says_so():
    game = Game.from_grid([["D1", "B1"], ["B1", "D1"]], seed=2, scoring="standard")
    assert "No more moves" in status_text(game.svg())
    game.shuffle()
    svg_text = game.svg()
    assert elements(svg_text, "data-last-move") == []
    assert status_text(svg_text).startswith("Shuffled")


def test_a_cleared_board_has_no_tiles_and_says_so():
    game = Game.from_grid([["D1", "D1"]], scoring="standard")
    game.play([(0, 0), (0, 1)])
    svg_text = game.svg()
    assert elements(svg_text, "data-tile") == []
    assert "Board cleared" in status_text(svg_text)


def test_a_solver_analysis_draws_every_pair_and_the_next_one():
    game = Game(7, scoring="standard")
    analysis = Solver().analyse(game)
    svg_text = game.svg(analysis)
    pairs = elements(svg_text, "data-pair")
    assert len(pairs) == len(analysis.candidates) - 1  # every pair but the next one, drawn strongly
    assert len(elements(svg_text, "data-next", "true")) == 1
    frames = elements(svg_text, "data-next-tile", "true")
    assert len(frames) == 2
    assert status_text(svg_text) == f"solver: {analysis.reason}"
    assert len(svg_text.encode()) < MAX_BYTES_WITH_OVERLAY
    assert svg_text == picture.svg(game, overlay=picture.overlay(game, analysis))


def test_the_overlay_is_the_widgets_and_show_uses_it():
    widget = MahjongConnect(seed=4, scoring="standard", store=None)
    analysis = RandomPlayer(seed=1).analyse(widget.game)
    expected = picture.overlay(widget.game, analysis)
    assert expected["pairs"] == [c.move.to_list() for c in analysis.candidates]
    assert expected["next"] == analysis.move.to_list()
    assert expected["title"] == f"random: {analysis.reason}"
    widget.show(analysis)
    assert widget.overlay == expected
    widget.show(None)
    assert widget.overlay == {}


def test_only_a_mahjong_analysis_of_this_board_makes_an_overlay():
    game = Game.from_grid([["D1", "D1"]], scoring="standard")
    with pytest.raises(TypeError, match="Mahjong Connect Analysis"):
        picture.overlay(game, "solver")
    big = Game(1, scoring="standard")
    with pytest.raises(ValueError, match="off this 1×2 board"):
        picture.overlay(game, Solver().analyse(big))
    with pytest.raises(ValueError, match="not both"):
        game.svg(Solver().analyse(game), overlay={})


def test_hostile_text_in_an_analysis_is_escaped():
    game = Game.from_grid([["D1", "D1", "B2", "B2"]], scoring="standard")
    move = Move((0, 0), (0, 1))
    analysis = Analysis(player=HOSTILE, move=move, candidates=(Candidate(move, 1.0),), reason=HOSTILE)
    for svg_text in (game.svg(analysis), game.svg(overlay={"title": HOSTILE, "pairs": [], "next": None})):
        parseString(svg_text)
        assert "<script" not in svg_text and "<b>" not in svg_text
        assert HOSTILE in all_text(svg_text)  # read back as it was written


def test_a_long_title_is_cut_short_and_kept_whole_in_the_tooltip():
    game = Game.from_grid([["D1", "D1"]], scoring="standard")
    title = "why " * 200
    svg_text = game.svg(overlay={"title": title, "pairs": [], "next": None})
    shown = status_text(svg_text)
    assert shown.endswith("…") and len(shown) < len(title)
    assert title in parseString(svg_text).getElementsByTagName("title")[-1].firstChild.data


def test_an_overlay_is_read_as_the_view_reads_it_and_nonsense_is_left_out():
    game = Game.from_grid([["D1", "D1", "B2", "B2"]], scoring="standard")
    marks = {"title": 5, "next": "no",
             "pairs": [[[0, 0], [0, 1]], "x", [[0], [0, 2]], [[True, 0], [0, 1]], [[9, 0], [0, 1]],
                       [[0, 2.0], [0, 3]], [[0, 2], [0, 3], "extra"]]}
    svg_text = game.svg(overlay=marks)
    assert [e.getAttribute("data-pair") for e in elements(svg_text, "data-pair")] == ["1", "2"]
    assert elements(svg_text, "data-next") == []
    assert status_text(svg_text) == "2 pairs can be removed."


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 20) | st.floats(allow_nan=True) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(["title", "pairs", "next"]), inner),
    max_leaves=20)


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(st.sampled_from(["title", "pairs", "next", "cells"]), json_values))
@example({"title": "\x08"})  # a control character in the title once made the picture invalid XML
def test_any_overlay_makes_a_picture(marks):
    game = Game.from_grid([["D1", "D1", "B2", "B2"], ["C3", None, "C3", "WE"]], scoring="standard")
    parseString(game.svg(overlay=marks))
