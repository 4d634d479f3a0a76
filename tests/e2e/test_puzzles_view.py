"""Puzzles in the views (issue 28), in a real JupyterLab + Chromium: each game's board
with a shipped puzzle on it — the prompt over the board, the hint, a wrong move made by
clicks refused with its reason, the answer solving it — and a series: the next puzzle,
the rating kept after a kernel restart. Laptop and phone sizes.

Screenshots: tests/e2e/screenshots/puzzle-*.png.
"""

from . import mahjong_page
from .square_grid import click_cell

PANEL = "[data-panel=puzzle]"
LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 412, "height": 915}


def root(game):
    return f"[data-game={game}]"


def open_puzzle(lab, game, widget, pick, viewport=LAPTOP):
    """A notebook with ``w``, a ``widget`` board showing the shipped puzzle ``p`` that
    ``pick`` (an expression over ``shipped``) chooses."""
    page = lab.open_notebook([
        f"from gamewidgets import puzzles, {widget}\nshipped = puzzles.load('{game}')\np = {pick}\n"
        f"w = {widget}.from_puzzle(p, store=None, muted=True)\nw"], viewport=viewport)
    lab.wait_for_attr(root(game), "data-puzzle", "solving")
    panel = page.locator(f"{root(game)} {PANEL}")
    assert panel.locator("[data-part=prompt]").inner_text() == lab.evaluate("w.puzzle['prompt']")
    return page, panel


def ask_for_the_hint(lab, game, panel):
    panel.locator("[data-action=puzzle-hint]").click()
    lab.until("w.puzzle['hint'] != ''")
    hint = lab.evaluate("w.puzzle['hint']")
    panel.locator("[data-part=hint]").filter(has_text=hint).wait_for()
    assert lab.evaluate("w._puzzle_run.say(p.hint())") == hint


def wrong_then_right(lab, game, panel, move):
    """``move(expr)`` makes the move of a Python expression by clicks on the board."""
    lab.execute("wrong = next(m for m in w.game.legal_moves() if m != p.answer)")
    move("wrong")
    lab.wait_for_attr(root(game), "data-puzzle", "wrong")
    message = panel.locator("[data-part=message]").inner_text()
    assert message.startswith("Not this one") and message == lab.evaluate("w.puzzle['message']")
    assert lab.evaluate("w.puzzle['tries']") == 1
    move("p.answer")
    lab.wait_for_attr(root(game), "data-puzzle", "solved")
    assert panel.locator("[data-part=message]").inner_text().startswith("Solved")


def by_two_clicks(lab, page, game, source, target):
    """A move on a square board (Lines of Action, Line 98): a click on its piece (its
    ``source`` cell), then on its ``target`` cell."""

    def move(expr):
        src, dst = lab.evaluate(f"[list({expr}.{source}), list({expr}.{target})]")
        # a refused move's piece stays picked: a click on it again would drop it
        if page.locator(root(game)).get_attribute("data-selected") != f"{src[0]},{src[1]}":
            click_cell(page, *src)
        lab.wait_for_attr(root(game), "data-selected", f"{src[0]},{src[1]}")
        click_cell(page, *dst)

    return move


def test_a_lines_of_action_puzzle_solved_by_clicks_after_a_wrong_move(lab):
    page, panel = open_puzzle(lab, "loa", "LinesOfAction", "next(q for q in shipped if q.kind == 'win-in-1')")
    ask_for_the_hint(lab, "loa", panel)
    wrong_then_right(lab, "loa", panel, by_two_clicks(lab, page, "loa", "src", "dst"))
    lab.screenshot("puzzle-loa-solved", page.locator(root("loa")))


def test_a_line98_puzzle_solved_by_clicks_after_a_wrong_move(lab):
    page, panel = open_puzzle(lab, "line98", "Line98", "shipped[-1]")
    ask_for_the_hint(lab, "line98", panel)
    wrong_then_right(lab, "line98", panel, by_two_clicks(lab, page, "line98", "source", "target"))
    lab.screenshot("puzzle-line98-solved", page.locator(root("line98")))


def test_a_mahjong_puzzle_solved_by_clicks_after_a_wrong_pair(lab):
    page, panel = open_puzzle(lab, "mahjong", "MahjongConnect", "shipped[0]")
    ask_for_the_hint(lab, "mahjong", panel)

    def move(expr):
        a, b = lab.evaluate(f"[list({expr}.a), list({expr}.b)]")
        mahjong_page.click_cell(page, a)
        lab.wait_for_attr(root("mahjong"), "data-selected", f"{a[0]},{a[1]}")
        mahjong_page.click_cell(page, b)

    wrong_then_right(lab, "mahjong", panel, move)
    lab.screenshot("puzzle-mahjong-solved", page.locator(root("mahjong")))


def test_a_dominoes_puzzle_with_open_hands_solved_by_clicks_after_a_wrong_play(lab):
    page, panel = open_puzzle(lab, "domino", "Domino", "shipped[0]")
    notes = panel.locator("[data-part=notes]").inner_text()
    assert notes.startswith("The computer holds") and notes == lab.evaluate("w.puzzle['notes']")
    ask_for_the_hint(lab, "domino", panel)

    def move(expr):
        key, end = lab.evaluate(f"[f'{{{expr}.tile[0]}}-{{{expr}.tile[1]}}', {expr}.end]")
        page.locator(f"{root('domino')} button[data-tile='{key}']").click()
        ends = page.locator(f"{root('domino')} button[data-end={end}]")
        if ends.is_visible():  # the tile fits both ends: the end is chosen next
            ends.click()

    wrong_then_right(lab, "domino", panel, move)
    lab.screenshot("puzzle-domino-solved", page.locator(root("domino")))


def test_a_series_goes_on_to_the_next_puzzle_and_keeps_the_rating_after_a_restart(lab):
    page = lab.open_notebook(["from gamewidgets import PuzzleSet\ns = PuzzleSet('line98', muted=True)\ns"],
                             viewport=PHONE)
    game = root("line98")
    lab.wait_for_attr(game, "data-puzzle", "solving")
    panel = page.locator(f"{game} {PANEL}")
    assert panel.locator("[data-action=puzzle-next]").is_visible()
    lab.screenshot("puzzle-series-phone", page.locator(game))
    first = lab.evaluate("s.current.id")
    lab.execute("s.widget.play(s.current.answer)")  # solved at the first try
    lab.wait_for_attr(game, "data-puzzle", "solved")
    rating = lab.evaluate("s.rating")
    assert rating > 1200 and lab.evaluate("s.results") == {first: "solved"}
    panel.locator("[data-action=puzzle-next]").click()
    lab.until(f"s.current.id != {first!r}")
    lab.wait_for_attr(game, "data-puzzle", "solving")
    assert panel.locator("[data-part=prompt]").inner_text() == lab.evaluate("s.current.prompt")
    lab.restart_kernel()
    lab.wait_for_attr(game, "data-connection", "lost")
    lab.execute("from gamewidgets import PuzzleSet\nagain = PuzzleSet('line98')")
    assert lab.evaluate("again.rating") == rating and lab.evaluate("again.results") == {first: "solved"}
    assert lab.evaluate("again.current.id") != first
