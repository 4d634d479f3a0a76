"""Lines of Action's rules text (gamewidgets/loa/how_to_play.md) says what the game
does: its boards are the rules' sizes with their piece counts, its levels the
computer's levels, its move limit the rules' one, and its keys the ones the view
handles (js/loa/input.js, and the Rules panel's `?`)."""

from __future__ import annotations

import re
from pathlib import Path

from gamewidgets.how_to_play import how_to_play, plain
from gamewidgets.loa.ai import PLAYERS
from gamewidgets.loa.rules import FIRST, MOVE_LIMIT, NAMES, SECOND, SIZES, Game

INPUT_JS = Path(__file__).resolve().parents[1] / "js" / "loa" / "input.js"


def rules():
    return how_to_play("loa")


def section_blocks(name):
    """The blocks under the section ``name`` (up to the next section)."""
    out, inside = [], False
    for block in rules().blocks:
        if block["kind"] == "section":
            inside = block["text"] == name
        elif inside:
            out.append(block)
    return out


def test_the_sections_a_newcomer_needs():
    sections = [s.lower() for s in rules().sections()]
    for wanted in ("goal", "board", "move", "end", "computer", "saved", "why", "keys"):
        assert any(wanted in s for s in sections), (wanted, sections)


def test_the_boards_table_is_the_rules_sizes_and_their_pieces():
    rows = rules().table("board")["rows"]
    assert [plain(row[0]) for row in rows] == [f"{n}×{n}" for n in SIZES]
    for n, row in zip(SIZES, rows, strict=True):
        game = Game(n)
        assert plain(row[1]).startswith(NAMES[n])
        pieces = int(plain(row[2]))
        assert pieces == game.pieces[FIRST].bit_count() == game.pieces[SECOND].bit_count()
    assert [plain(row[2]) for row in rows] == ["8", "10", "12"]


def test_the_levels_are_the_computers_levels_one_line_each():
    lists = [b for b in section_blocks("The computer") if b["kind"] == "list"]
    assert len(lists) == 1
    named = [plain(item).split(":")[0] for item in lists[0]["items"]]
    assert named == [level.capitalize() for level in PLAYERS]


def test_the_end_of_the_game_says_the_rules_move_limit_and_who_wins():
    text = rules().markdown
    assert f"After {MOVE_LIMIT} moves" in text
    assert "the player who moved wins" in text
    assert "no legal move on their turn loses" in text


def test_the_keys_table_names_every_key_the_view_handles():
    keys = rules().keys()
    assert {"←", "→", "↑", "↓", "Home", "End", "Ctrl+Home", "Ctrl+End", "Enter", "Space", "Esc", "U", "W", "P",
            "M", "PageUp", "PageDown", "[", "]", "?"} <= keys
    source = INPUT_JS.read_text(encoding="utf-8")
    # every letter the view handles is in the table, and every letter in it is handled
    handled = set(re.findall(r'key === "([a-z])"', source))
    assert handled == {"p", "m", "u", "w"}
    assert {k for k in keys if len(k) == 1 and k.isalpha()} == {letter.upper() for letter in handled}
