"""Pictures of Dominoes positions (gamewidgets.domino.picture): well-formed SVG for
positions of random legal play, every tile there that should be (and no hidden one,
anywhere in the text), the last move marked, a real player's analysis drawn, text
from outside escaped, and small."""

import random
import re
from itertools import combinations
from xml.dom import minidom

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamewidgets.analysis import Analysis, Candidate
from gamewidgets.domino import TILES, Draw, Game, tile_name
from gamewidgets.domino.ai import Easy, Hard, Medium
from gamewidgets.domino.picture import PIP, UNIT, layout_line, overlay, svg, view_svg

MAX_BYTES = 16_000  # typical positions are about 10 KB

seeds = st.integers(min_value=0, max_value=2**32)
fractions = st.lists(st.floats(min_value=0, max_value=1, exclude_max=True), max_size=90)


def play_out(seed, choices):
    game = Game(seed)
    for fraction in choices:
        if game.is_over:
            break
        moves = game.legal_moves()
        game.play(moves[int(fraction * len(moves))])
    return game


def until(game, wanted, seed=0):
    """Play random moves until ``wanted(game)``; the game (None if it ended first)."""
    rng = random.Random(seed)
    while not wanted(game):
        if game.is_over:
            return None
        game.play(rng.choice(game.legal_moves()))
    return game


def elements(text, **attributes):
    """The elements of the SVG whose attributes have those values (``data_tile=...``)."""
    document = minidom.parseString(text)
    wanted = {name.replace("_", "-"): value for name, value in attributes.items()}
    return [e for e in document.getElementsByTagName("*")
            if all(e.getAttribute(name) == value if value is not True else e.hasAttribute(name)
                   for name, value in wanted.items())]


def tiles_at(text, place):
    return sorted(e.getAttribute("data-tile") for e in elements(text, data_place=place))


def spellings(tile):
    a, b = tile
    return {form.format(x, y) for x, y in ((a, b), (b, a))
            for form in ("{}-{}", "{}|{}", "{}\u2013{}", "{}:{}", "[{}, {}]", "[{},{}]")}


def assert_absent(text, tiles):
    for tile in tiles:
        for spelling in spellings(tile):
            assert spelling not in text, f"hidden tile {tile_name(tile)} appears in the picture as {spelling!r}"


def drawn_pips(text):
    return sum(e.getAttribute("d").count("h0") for e in elements(text, stroke=PIP))


# ------------------------------------------------------------------ what is drawn
@settings(max_examples=25, deadline=None)
@given(seeds, fractions)
def test_random_positions_draw_every_tile_in_its_place_as_well_formed_small_svg(seed, choices):
    game = play_out(seed, choices)
    text = game.svg()
    assert text == game._repr_svg_()
    assert len(text.encode()) <= MAX_BYTES
    root = minidom.parseString(text).documentElement
    assert root.tagName == "svg" and root.getAttribute("role") == "img"
    assert "Line: " in root.getAttribute("aria-label")
    me, other = game.turn, 1 - game.turn
    line = [tile_name((max(p), min(p))) for p in game.line]
    assert tiles_at(text, "line") == sorted(line)
    assert tiles_at(text, "hand") == sorted(map(tile_name, game.hand(me)))
    shown = [*game.line, *game.hand(me)]
    if game.is_over:  # the hands are counted: both face up
        assert tiles_at(text, "other") == sorted(map(tile_name, game.hand(other)))
        assert not elements(text, data_back="hand")
        shown += game.hand(other)
    else:
        assert len(elements(text, data_back="hand")) == len(game.hand(other))
        assert not elements(text, data_place="other")
    assert [e.getAttribute("data-boneyard") for e in elements(text, data_boneyard=True)] == [str(len(game.boneyard))]
    assert drawn_pips(text) == sum(a + b for a, b in shown)


@settings(max_examples=25, deadline=None)
@given(seeds, fractions, st.sampled_from([None, 0, 1]))
def test_no_hidden_tile_appears_anywhere_in_the_svg_text(seed, choices, player):
    """Not in the drawing, the data- attributes, the label, the titles or the status:
    the other hand (until the end) and the boneyard (always)."""
    game = play_out(seed, choices)
    shown = game.turn if player is None else player
    text = svg(game, player=player)
    hidden = set(game.boneyard) | (set() if game.is_over else set(game.hand(1 - shown)))
    if not game.history and shown != game.opener:  # the opening tile is its holder's secret
        hidden.add(game.opening)
    assert_absent(text, hidden)
    visible = {(max(p), min(p)) for p in game.line} | set(game.hand(shown))
    if game.is_over:
        visible |= set(game.hand(1 - shown))
    assert drawn_pips(text) == sum(a + b for a, b in visible)


@settings(max_examples=25, deadline=None)
@given(seeds, fractions, st.sampled_from([0, 1]))
def test_a_seats_view_alone_is_drawn_as_the_game_is_from_that_seat(seed, choices, seat):
    """What an online seat shows: the picture of the game from that seat while the hand
    goes on; at the end the other hand stays face down (a view never holds it)."""
    game = play_out(seed, choices)
    text = view_svg(game.view(seat))
    if not game.is_over:
        assert text == svg(game, player=seat)
    else:
        assert len(elements(text, data_back="hand")) == len(game.hand(1 - seat))
        assert_absent(text, set(game.hand(1 - seat)) | set(game.boneyard))


def test_no_view_yet_is_the_empty_table_saying_so():
    text = view_svg(None, waiting="Connecting")
    minidom.parseString(text)
    assert "Connecting" in text and not elements(text, data_place="hand")


def test_a_draw_by_the_hand_shown_face_down_does_not_say_which_tile():
    game = until(Game(seed=4), lambda g: g.history and g.history[-1].action == "draw")
    assert game is not None
    drawer = game.history[-1].player
    drawn = game.history[-1].tile
    assert tile_name(drawn) in svg(game, player=drawer)  # its own hand: face up, the drawn tile marked
    text = svg(game, player=1 - drawer)
    assert "drew a tile" in text
    assert_absent(text, [drawn])


# ------------------------------------------------------------------ the last move
def test_the_start_marks_no_last_move_and_shows_the_lead():
    game = Game(seed=3)
    text = game.svg()
    assert not elements(text, data_last_move="true")
    assert "LEAD" in text and f"Lead with the {game.opening[0]}\u2013{game.opening[1]}" in text


@settings(max_examples=25, deadline=None)
@given(seeds, fractions)
def test_the_last_move_is_marked_once_where_it_happened(seed, choices):
    game = play_out(seed, choices)
    text = game.svg()
    marked = elements(text, data_last_move="true")
    if not game.history:
        assert not marked
        return
    assert len(marked) == 1
    (mark,) = marked
    last = game.history[-1]
    if last.action == "play":
        assert mark.getAttribute("data-place") == "line" and mark.getAttribute("data-tile") == tile_name(last.tile)
        assert f"played {tile_name(last.tile)} {last.end}" in text
    elif last.action == "draw":  # the drawer keeps the turn: its hand is the one face up
        assert mark.getAttribute("data-place") == "hand" and mark.getAttribute("data-tile") == tile_name(last.tile)
    else:
        assert mark.tagName == "text" and "passed" in mark.firstChild.data


def test_a_play_at_the_left_end_marks_the_leftmost_tile():
    game = until(Game(seed=11), lambda g: g.history and g.history[-1].action == "play" and g.history[-1].end == "left"
                 and len(g.line) > 1)
    assert game is not None
    (mark,) = elements(game.svg(), data_last_move="true")
    assert mark.getAttribute("data-tile") == tile_name((max(game.line[0]), min(game.line[0])))


def test_a_pass_is_marked_on_the_status_line():
    game = next(g for seed in range(200)
                if (g := until(Game(seed=seed), lambda g: g.history and g.history[-1].action == "pass", seed))
                is not None)
    (mark,) = elements(game.svg(), data_last_move="true")
    assert mark.tagName == "text" and f"player {game.history[-1].player} passed" in mark.firstChild.data


# ------------------------------------------------------------------ analyses
def game_with_choice(seed=2):
    """A game where the player to move has several plays."""
    game = until(Game(seed=seed), lambda g: g.line and len(g.legal_moves()) >= 3, seed)
    assert game is not None
    return game


@pytest.mark.parametrize("player", [Easy(seed=1), Medium(seed=1), Hard(seed=1, samples=20, time_limit=None)],
                         ids=["easy", "medium", "hard"])
def test_a_real_players_analysis_is_drawn_on_the_hand_and_the_ends(player):
    game = game_with_choice()
    analysis = player.analyse(game)
    data = overlay(game, analysis)
    assert data["player"] == game.turn and data["move"] == analysis.move.to_dict()
    assert len(data["tiles"]) == len(analysis.candidates)
    assert [t["chosen"] for t in data["tiles"]].count(True) == 1
    assert all(0 <= t["value"] <= 1 for t in data["tiles"]) and max(t["value"] for t in data["tiles"]) == 1
    assert set(data["ends"]) == {c.move.end for c in analysis.candidates}
    text = svg(game, analysis)
    assert svg(game, overlay=data) == text and analysis.on(game).svg == text
    minidom.parseString(text)
    marked = sorted(e.getAttribute("data-tile") for e in elements(text, data_candidate=True)
                    if e.hasAttribute("data-tile"))
    assert marked == sorted({tile_name(c.move.tile) for c in analysis.candidates})
    assert sorted(e.getAttribute("data-end") for e in elements(text, data_end=True)) == sorted(data["ends"])
    (chosen_tile,) = elements(text, data_place="hand", data_chosen="true")
    assert chosen_tile.getAttribute("data-tile") == tile_name(analysis.move.tile)
    (chosen_end,) = elements(text, data_end=True, data_chosen="true")
    assert chosen_end.getAttribute("data-end") == analysis.move.end
    assert analysis.reason[:40] in text
    # the hidden tiles stay hidden, also with hard's beliefs about them in the overlay
    assert_absent(text, set(game.boneyard) | set(game.hand(1 - game.turn)))
    if isinstance(player, Hard):
        assert set(data["beliefs"]) == {tile_name(t) for t in game.view(game.turn).unseen}


def test_a_forced_draw_marks_the_boneyard_and_a_forced_opening_the_one_slot():
    game = until(Game(seed=6), lambda g: g.legal_moves() == [Draw()])
    assert game is not None
    text = svg(game, Medium().analyse(game))
    (mark,) = elements(text, data_candidate="draw")
    assert mark.getAttribute("data-chosen") == "true"
    opening = Game(seed=3)
    data = overlay(opening, Medium().analyse(opening))
    assert data["ends"] == {"right": {"value": 1.0, "label": "0"}}
    (end,) = elements(svg(opening, overlay=data), data_end="right")
    assert end.getAttribute("data-chosen") == "true"


def test_an_analysis_of_another_position_or_game_is_refused():
    game = game_with_choice()
    stale = Medium().analyse(game)
    game.play(stale.move)
    with pytest.raises(ValueError, match="not of this position"):
        overlay(game, stale)
    with pytest.raises(TypeError, match="Analysis"):
        overlay(game, {"move": "6-4 left"})
    with pytest.raises(TypeError, match="not a Dominoes analysis"):
        overlay(game, Analysis("x", (0, 1), (Candidate((0, 1), 1.0),), "because"))


def test_an_analysis_is_refused_on_a_picture_that_shows_its_hand_face_down():
    game = game_with_choice()
    analysis = Medium().analyse(game)
    with pytest.raises(ValueError, match="face down"):
        svg(game, analysis, player=1 - game.turn)
    with pytest.raises(ValueError, match="face down"):
        game.svg(overlay=overlay(game, analysis), player=1 - game.turn)
    with pytest.raises(ValueError, match="not both"):
        svg(game, analysis, overlay=overlay(game, analysis))


def test_a_malformed_overlay_is_a_value_error():
    game = game_with_choice()
    for bad in ({"tiles": [{"tile": "x"}]}, {"tiles": [{"tile": [6, 4], "value": "high"}]}, {"ends": [1, 2]},
                {"tiles": 5}, {"move": "draw", "tiles": [{"tile": [6, 4], "value": 1}]}):
        with pytest.raises(ValueError, match="not a Dominoes overlay"):
            svg(game, overlay=bad)


def test_text_from_outside_is_escaped():
    game = game_with_choice()
    tile = game.legal_moves()[0].tile
    hostile = '<script>alert("x")</script> & <b>'
    text = svg(game, overlay={"title": hostile, "tiles": [{"tile": list(tile), "end": "left", "value": 0.5,
                                                            "label": hostile, "chosen": True}],
                              "ends": {"left": {"value": float("nan"), "label": hostile}}})
    minidom.parseString(text)
    assert "<script" not in text and "<b>" not in text
    assert "&lt;script&gt;" in text


def test_the_overlay_title_is_shortened_to_fit():
    game = game_with_choice()
    text = svg(game, overlay={"title": "why " * 60})
    (title,) = elements(text, data_overlay="title")
    assert len(title.firstChild.data) <= 92


# ------------------------------------------------------------------ the line's layout
@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(TILES), min_size=1, max_size=30), st.integers(min_value=200, max_value=640))
def test_the_snake_keeps_every_tile_inside_the_width_and_apart(tiles, width):
    placed = [None, *tiles, None]
    slots, height, rows = layout_line(placed, width, UNIT, UNIT / 2)
    assert len(slots) == len(placed)
    for s in slots:
        assert s.x >= -0.01 and s.x + s.w <= width + 0.01 and s.y >= 0 and s.y + s.h <= height + 0.01
        assert {s.w, s.h} == {UNIT, 2 * UNIT}
    for a, b in combinations(slots, 2):
        overlap_x = min(a.x + a.w, b.x + b.w) - max(a.x, b.x)
        overlap_y = min(a.y + a.h, b.y + b.h) - max(a.y, b.y)
        assert overlap_x <= 0.01 or overlap_y <= 0.01, (a, b)
    assert rows >= 1


def test_a_long_line_winds_into_rows_and_stays_small():
    game = until(Game(seed=7), lambda g: len(g.line) >= 20 or g.is_over, 7)
    assert game is not None and len(game.line) >= 15
    text = game.svg()
    assert len(text.encode()) <= MAX_BYTES
    ys = {round(float(re.search(r"translate\([\d.]+ ([\d.]+)\)", e.getAttribute("transform"))[1]))
          for e in elements(text, data_place="line")}
    assert len(ys) >= 3  # rows (and the standing tiles at the corners)

