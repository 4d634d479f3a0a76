"""Mahjong Connect's rules text (gamewidgets/mahjong/how_to_play.md): what a newcomer
needs is there — the goal, the tiles and what matches what, the path, the hint and
its cost, no more moves, undo and play again, the scoring as the rules count it, and
every key the view takes (js/mahjong/input.js)."""

from __future__ import annotations

import re
from pathlib import Path

from gamewidgets import MahjongConnect
from gamewidgets.how_to_play import how_to_play
from gamewidgets.mahjong import Clock, Game
from gamewidgets.mahjong.rules import HINT_COST, PAIR_POINTS

INPUT_JS = Path(__file__).parents[1] / "js" / "mahjong" / "input.js"


def text() -> str:
    return str(how_to_play("mahjong"))


def test_it_has_the_sections_a_newcomer_needs_and_w_rules_shows_it():
    assert how_to_play("mahjong").sections() == [
        "The goal", "The tiles", "Removing a pair", "Hint", "No more moves", "Undo, play again, new game",
        "Scoring", "Keys", "Settings"]
    assert str(MahjongConnect(seed=1, store=None).rules()) == text()


def test_it_says_what_matches_and_how_a_path_may_run():
    t = " ".join(text().split())
    assert "144 tiles" in t
    for words in ("Dots", "Bamboo", "Characters", "Winds", "Dragons", "Flowers", "Seasons",
                  "Any Flower matches any other Flower", "any Season any other Season",
                  "a Flower never matches a Season", "at most twice", "around it", "drag one tile"):
        assert words in t, words
    assert not re.search(r"[\u3400-\u9fff]", t), "no Chinese characters: many browsers' fonts lack them"


def test_its_scoring_is_the_rules_own():
    t = " ".join(text().split())
    assert f"| a pair removed | +{PAIR_POINTS} |" in text() and f"| a hint | −{HINT_COST} |" in text()
    assert "| a shuffle | 0 |" in text() and "−2" in t and "600 − seconds, at least 0" in t
    assert "Paused time does not count" in t and "Standard" in t
    # the text's example is what the rules count: a board cleared in 4 minutes
    clock_time = [0.0]
    game = Game.from_grid("D1 D1", clock=Clock(lambda: clock_time[0]))
    game.start_clock()
    clock_time[0] = 240.0
    game.play((0, 0), (0, 1))
    assert game.score_breakdown()["bonus"] == 360 and "600 − 240 = 360" in t


def test_every_key_of_the_view_is_in_the_keys_table():
    source = INPUT_JS.read_text(encoding="utf-8")
    letters = set(re.findall(r'case "([a-z])":', source))
    assert letters == {"h", "u", "s", "n", "r", "p", "m"}
    shown = how_to_play("mahjong").keys()
    assert {letter.upper() for letter in letters} <= shown
    assert {"Enter", "Space", "Esc", "Home", "End", "PageUp", "PageDown", "[", "]", "?"} <= shown
