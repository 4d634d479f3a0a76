"""Lines of Action pictures without a widget (gamewidgets.loa.picture, Game.svg)."""

from __future__ import annotations

from xml.dom import minidom

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamewidgets import LinesOfAction
from gamewidgets.analysis import Analysis, Candidate
from gamewidgets.loa import FIRST, SECOND, SIZES, Game, Move, cell_name, picture
from gamewidgets.loa.ai import Easy, Hard, Medium
from gamewidgets.store import Store

#: the upper sizes of a picture (bytes): any position, and one with an analysis drawn
LIMIT, LIMIT_WITH_ANALYSIS = 8_000, 14_000


@pytest.fixture
def store(tmp_path):
    return Store(tmp_path / "s.sqlite3")


def played(size: int, choices: list[int]) -> Game:
    game = Game(size)
    for choice in choices:
        moves = game.legal_moves()
        if not moves:
            break
        game.play(moves[choice % len(moves)])
    return game


def elements(svg: str, attribute: str, value: str | None = None) -> list[minidom.Element]:
    document = minidom.parseString(svg)
    return [e for e in document.getElementsByTagName("*")
            if e.hasAttribute(attribute) and (value is None or e.getAttribute(attribute) == value)]


def group(svg: str, name: str) -> minidom.Element | None:
    found = elements(svg, "data-overlay", name)
    return found[0] if found else None


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(size=st.sampled_from(SIZES), choices=st.lists(st.integers(0, 10**6), max_size=60))
def test_a_picture_of_random_play_parses_and_shows_every_piece_and_the_last_move(size, choices):
    game = played(size, choices)
    svg = game.svg()
    document = minidom.parseString(svg)
    assert document.documentElement.tagName == "svg"
    assert len(svg.encode()) < LIMIT
    for side, symbol in ((FIRST, "x"), (SECOND, "o")):
        drawn = elements(svg, "data-piece", symbol)
        assert sorted(e.getAttribute("data-cell") for e in drawn) == sorted(cell_name(c, size)
                                                                            for c in game.cells(side))
    marked = sorted(e.getAttribute("data-cell") for e in elements(svg, "data-last-move", "true"))
    if game.moves:
        last = game.moves[-1]
        assert marked == sorted([cell_name(last.src, size), cell_name(last.dst, size)])
    else:
        assert marked == []
    assert group(svg, "tints") is None and group(svg, "marks") is None


def test_repr_svg_is_the_picture_and_the_label_says_the_position_in_words():
    game = Game(6)
    game.play("b1-b3")
    game.play("a2xb3" if game.is_legal("a2xb3") else game.legal_moves()[0])
    svg = game._repr_svg_()
    assert svg == game.svg() == picture.svg(game)
    label = minidom.parseString(svg).documentElement
    assert label.getAttribute("role") == "img"
    words = label.getAttribute("aria-label")
    assert "6×6" in words and f"move {game.ply}" in words
    assert "x (dark) to move" in words
    captured = game.captures
    assert f"x: {game.group_count(FIRST)} groups, {captured[0]} captured" in words
    assert f"o: {game.group_count(SECOND)} groups, {captured[1]} captured" in words
    assert f"last move {game.moves[-1]}" in words
    # the score bar says it too
    assert elements(svg, "data-to-move", "x") and not elements(svg, "data-to-move", "o")
    assert [e.getAttribute("data-captured") for e in elements(svg, "data-captured")] == [str(c) for c in captured]


def test_a_finished_game_says_who_won_and_links_the_winners_pieces():
    game = Game.from_text("""
        . . . . . .
        . . x x . .
        o . . x . o
        . . . x . .
        o . x . . .
        . x . . . o
    """, turn=SECOND)
    assert game.outcome() is not None and game.outcome().winner == FIRST
    svg = game.svg()
    words = minidom.parseString(svg).documentElement.getAttribute("aria-label")
    assert "x wins" in words and "connected" in words
    assert elements(svg, "data-links", "x")
    assert not elements(svg, "data-to-move")


def test_overlay_is_what_the_widget_shows(store):
    widget = LinesOfAction(size=6, level="easy", store=store, ai={"max_depth": 1})
    analysis = Medium(seed=1, max_depth=1).analyse(widget.game)
    widget.show(analysis)
    assert widget.overlay == picture.overlay(widget.game, analysis)
    assert {tuple(c[:2]) for c in widget.overlay["cells"]} == {m.dst for m in widget.game.legal_moves()}
    assert picture.overlay(widget.game, None) == {}
    with pytest.raises(TypeError, match="Lines of Action Analysis"):
        widget.show("b1-b3")  # type: ignore[arg-type]


def test_the_overlay_has_every_candidate_move_and_each_cell_the_best_move_there():
    game = played(7, [3, 1, 4, 1, 5])
    analysis = Hard(seed=1, time_limit=None, max_depth=3).analyse(game)
    shape = picture.overlay(game, analysis)
    moves = shape["moves"]
    assert [(tuple(m[:2]), tuple(m[2:4])) for m in moves] == sorted((c.move.src, c.move.dst)
                                                                   for c in analysis.candidates)
    assert all(0 <= m[4] <= 1 for m in moves) and {m[4] for m in moves} >= {0.0, 1.0}
    by_move = {(tuple(m[:2]), tuple(m[2:4])): m for m in moves}
    for candidate in analysis.candidates:
        value, label = by_move[candidate.move.src, candidate.move.dst][4:]
        assert label == (str(int(candidate.score)) if candidate.bound == "exact" else f"≤{int(candidate.score)}")
    # a cell: the best move going there, on the same scale
    for row, col, value, label in shape["cells"]:
        there = [m for m in moves if (m[2], m[3]) == (row, col)]
        assert [value, label] == max(there, key=lambda m: analysis_score(analysis, m))[4:]
    assert shape["arrow"] == [list(analysis.move.src), list(analysis.move.dst)]
    assert shape["title"].startswith(f"hard, depth {analysis.stats['depth']}: ")
    # hard's moves after the best are upper bounds: some labels say so
    assert any(m[5].startswith("≤") for m in moves)


def analysis_score(analysis, row):
    return next(c.score for c in analysis.candidates if (c.move.src, c.move.dst) == (tuple(row[:2]), tuple(row[2:4])))


def test_forced_ends_are_labelled_and_do_not_squash_the_scale():
    game = Game(6)
    a, b, c = game.legal_moves()[:3]
    analysis = Analysis("p", a, (Candidate(a, 999_997.0, {"win": 999_997.0}, {"win_in": 3}), Candidate(b, 10.0),
                                 Candidate(c, -20.0, bound="upper")), "why", {"depth": 3})
    shape = picture.overlay(game, analysis)
    rows = {(tuple(m[:2]), tuple(m[2:4])): m[4:] for m in shape["moves"]}
    assert rows[a.src, a.dst] == [1.0, "win3"] and rows[b.src, b.dst] == [1.0, "10"]
    assert rows[c.src, c.dst] == [0.0, "≤-20"]
    loss = Analysis("p", a, (Candidate(a, -999_998.0), Candidate(b, 0.0, {"draw": 0.0}, {"draw_in": 1})), "why")
    assert sorted(m[5] for m in picture.overlay(game, loss)["moves"]) == ["draw", "loss2"]
    with pytest.raises(ValueError, match="finite"):
        picture.overlay(game, Analysis("p", a, (Candidate(a, float("nan")),), "why"))


def test_an_analysis_of_another_board_is_refused():
    analysis = Medium(seed=1, max_depth=1).analyse(Game(8))
    with pytest.raises(ValueError, match="8×8"):
        picture.overlay(Game(6), analysis)


def test_an_analysis_draws_its_cells_tints_under_the_pieces_and_marks_over_them():
    game = played(7, [3, 1, 4])
    analysis = Easy(seed=2, max_depth=1).analyse(game)
    shape = picture.overlay(game, analysis)
    svg = game.svg(analysis)
    assert svg == picture.svg(game, overlay=shape)
    assert len(svg.encode()) < LIMIT_WITH_ANALYSIS
    minidom.parseString(svg)
    tints, marks = group(svg, "tints"), group(svg, "marks")
    assert tints is not None and marks is not None
    assert len(tints.getElementsByTagName("rect")) == len(shape["cells"])
    labels = [t.firstChild.data for t in marks.getElementsByTagName("text")]
    assert sorted(labels[: len(shape["cells"])]) == sorted(cell[3] for cell in shape["cells"])
    assert marks.getElementsByTagName("polygon")  # the chosen move's arrow
    # tints are under the pieces, marks over them
    order = [e for e in minidom.parseString(svg).getElementsByTagName("*")
             if e.getAttribute("data-overlay") or e.getAttribute("data-piece")]
    kinds = [e.getAttribute("data-overlay") or "piece" for e in order]
    assert kinds[0] == "tints" and kinds[-1] == "marks" and kinds.count("piece") == game.count(0) + game.count(1)


def test_a_full_8x8_board_with_an_analysis_stays_small():
    game = Game(8)
    assert len(game.svg().encode()) < LIMIT
    svg = game.svg(Medium(seed=1, max_depth=1).analyse(game))
    assert len(svg.encode()) < LIMIT_WITH_ANALYSIS


def test_hostile_text_in_an_overlay_is_escaped():
    game = Game(6)
    hostile = '<script>alert("x")</script>&amp;<!--'
    svg = picture.svg(game, overlay={"title": hostile, "cells": [[2, 2, 0.5, hostile]], "arrow": None})
    document = minidom.parseString(svg)
    assert "<script>" not in svg and "<!--" not in svg
    texts = [t.firstChild.data for t in document.getElementsByTagName("text") if t.firstChild]
    assert texts.count(hostile) == 1  # the title, drawn as text
    assert hostile[:6] in texts  # the label, cut to 6 characters as the views cut it


def test_a_hostile_analysis_is_escaped():
    game = Game(6)
    move = game.legal_moves()[0]
    analysis = Analysis(player='<img src=x onerror="alert(1)">', move=move,
                        candidates=(Candidate(move, 1.0),), reason="]]><svg>")
    svg = game.svg(analysis)
    minidom.parseString(svg)
    assert "<img" not in svg and "]]>" not in svg


def test_give_an_analysis_or_an_overlay_not_both():
    game = Game(6)
    analysis = Easy(seed=1).analyse(game)
    with pytest.raises(ValueError, match="not both"):
        game.svg(analysis, overlay=picture.overlay(game, analysis))


def test_a_position_set_up_by_hand_has_no_last_move():
    game = Game.from_fen("1xxxx1/o4o/o4o/o4o/o4o/1xxxx1 o 7")
    svg = game.svg()
    assert elements(svg, "data-last-move") == []
    assert elements(svg, "data-to-move", "o")
    assert "move 7" in minidom.parseString(svg).documentElement.getAttribute("aria-label")


def test_moves_of_the_picture_are_moves_of_the_game():
    """The arrow of an analysis is drawn from its move's cells (a real move of the board)."""
    game = Game(6)
    move = Move("b1", "b3", size=6)
    shape = picture.overlay(game, Analysis("p", move, (Candidate(move, 2.0),), "why"))
    assert shape["arrow"] == [[5, 1], [3, 1]] and shape["cells"] == [[3, 1, 0.0, "2"]]
    assert shape["moves"] == [[5, 1, 3, 1, 0.0, "2"]]


def test_a_long_title_is_cut_to_fit_the_picture_and_the_overlay_keeps_it_whole():
    game = Game(6)
    move = game.legal_moves()[0]
    reason = "a random move, " * 20
    analysis = Analysis("easy", move, (Candidate(move, 1.0),), reason)
    assert picture.overlay(game, analysis)["title"] == f"easy: {reason}"
    marks = group(game.svg(analysis), "marks")
    assert marks is not None
    title = marks.getElementsByTagName("text")[-1].firstChild.data
    assert title.endswith("…") and len(title) <= picture.TITLE_LENGTH and title.startswith("easy: a random move")
