"""How to play: one rules text per game (gamewidgets/<game>/how_to_play.md), read into
the blocks the view's Rules panel draws, shown by w.rules() in the notebook."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamewidgets import Line98, LinesOfAction, MahjongConnect
from gamewidgets.domino.widget import Domino
from gamewidgets.how_to_play import GAMES, RulesTextError, blocks, how_to_play, runs


def test_inline_runs():
    assert runs("press **U** or `Esc` now") == [["", "press "], ["b", "U"], ["", " or "], ["code", "Esc"],
                                                 ["", " now"]]
    assert runs("") == []
    assert runs("a * b ` c") == [["", "a * b ` c"]]  # unpaired marks are text


def test_blocks_of_each_kind():
    text = """# Title

A paragraph
on two lines.

## Scoring
- one **item**
  goes on here
- two

| balls | points |
|---|---|
| 5 | 10 |
| 6 | `12` |
"""
    assert blocks(text) == [
        {"kind": "title", "text": "Title"},
        {"kind": "paragraph", "runs": [["", "A paragraph on two lines."]]},
        {"kind": "section", "text": "Scoring"},
        {"kind": "list", "items": [[["", "one "], ["b", "item"], ["", " goes on here"]], [["", "two"]]]},
        {"kind": "table", "header": [[["", "balls"]], [["", "points"]]],
         "rows": [[[["", "5"]], [["", "10"]]], [[["", "6"]], [["code", "12"]]]]},
    ]


@pytest.mark.parametrize("text", ["### too deep", "1. numbered", "> quote", "| a | b |\n| c | d |",
                                  "| a | b |\n|---|---|\n| 1 |", "    indented code"])
def test_what_the_panel_cannot_show_is_refused(text):
    with pytest.raises(RulesTextError, match="line"):
        blocks(text)


SEGMENT = st.tuples(st.sampled_from(["", "b", "code"]),
                    st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc"), blacklist_characters="*`"),
                            min_size=1, max_size=12))


def merged(segments):
    out = []
    for style, text in segments:
        if out and style == "" and out[-1][0] == "":
            out[-1][1] += text
        else:
            out.append([style, text])
    return out


@given(st.lists(SEGMENT, max_size=6))
def test_inline_runs_read_back_what_was_written(segments):
    """Bold and keys written with their marks read back as written, text and all (a
    paragraph is one line by then: its lines are joined)."""
    mark = {"": "{}", "b": "**{}**", "code": "`{}`"}
    text = "".join(mark[style].format(t) for style, t in segments)
    assert runs(text) == merged(segments)


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_its_rules_in_the_panels_markdown(game):
    rules = how_to_play(game)
    parsed = rules.blocks  # raises if a line is not in the small Markdown
    assert parsed[0]["kind"] == "title"
    sections = [s.lower() for s in rules.sections()]
    assert len(sections) >= 4, sections
    assert any("key" in s for s in sections), f"{game}: no section on the keys"
    assert sum(b["kind"] in ("paragraph", "list", "table") for b in parsed) >= 6


@pytest.mark.parametrize("make", [lambda: Line98(seed=1), lambda: MahjongConnect(seed=1),
                                  lambda: LinesOfAction(), lambda: Domino(seed=1, level="easy")])
def test_a_widget_sends_its_rules_to_the_view_and_shows_them_in_the_notebook(make):
    w = make()
    rules = w.rules()
    assert rules.game == w.game_name
    assert w.how_to_play == rules.blocks
    assert rules._repr_markdown_() == str(rules) == rules.markdown
    assert rules.markdown.startswith("# ")


def test_an_unknown_game_is_a_clear_error():
    with pytest.raises(RulesTextError, match="no rules text for 'chess'"):
        how_to_play("chess")
