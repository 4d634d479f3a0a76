"""Line 98's rules text (gamewidgets/line98/how_to_play.md) says what the game does: its
scoring table is the rules' ``points``, and its keys are the ones the view handles
(js/line98/input.js)."""

from __future__ import annotations

from pathlib import Path

from gamewidgets.how_to_play import how_to_play, plain
from gamewidgets.line98.rules import points

INPUT_JS = Path(__file__).resolve().parents[1] / "js" / "line98" / "input.js"


def test_the_sections_a_newcomer_needs():
    sections = [s.lower() for s in how_to_play("line98").sections()]
    for wanted in ("goal", "turn", "after a move", "scoring", "end", "undo", "keys"):
        assert any(wanted in s for s in sections), (wanted, sections)


def test_the_scoring_table_is_the_rules_scoring():
    table = how_to_play("line98").table("balls")
    balls = [int(plain(cell)) for cell in table["header"][1:]]
    scores = [int(plain(cell)) for cell in table["rows"][0][1:]]
    assert balls == [5, 6, 7, 8, 9]
    assert scores == [points(n) for n in balls] == [10, 12, 18, 28, 42]
    assert "2n² − 20n + 60" in how_to_play("line98").markdown


def test_the_keys_table_names_every_key_the_view_handles():
    keys = how_to_play("line98").keys()
    assert {"←", "→", "↑", "↓", "Home", "End", "Ctrl+Home", "Ctrl+End", "Enter", "Space", "Esc", "U", "N", "S",
            "M", "PageUp", "PageDown", "[", "]", "?"} <= keys
    source = INPUT_JS.read_text(encoding="utf-8")
    # the letters the view handles are the ones the table lists
    for letter in "UNSM":
        assert f'"{letter.lower()}"' in source and letter in keys
