"""Lines of Action for a newcomer, in a real JupyterLab + Chromium (issue 26): the
rules panel (the `?` key and the Rules button) on a laptop's and a phone's screen, the
Menu button at the top left, Why? at the end of a game (the results screen steps
aside and can be opened again), a click that moves nothing says why on the status
line, and nothing lost to one key (the shell's confirmation before PLAY discards a
saved game, or New game leaves a game that is not saved).

Widgets use ``store=None`` (an in-memory store: the slots work within the widget).
Screenshots: tests/e2e/screenshots/loa-newcomer-*.png.
"""

import pytest

from .square_grid import CANVAS, click_cell
from .test_loa_view import IMPORTS, ROOT, attr, open_game, wait_settled

STATUS = f"{ROOT} .gw-status"
REFUSED = f"{ROOT} .gw-status[data-kind=refused]"
RULES = f"{ROOT} [data-panel=rules]"
CONFIRM = f"{ROOT} [data-dialog=confirm]"
SETUP = "[data-dialog=setup]"
RESULT = "[data-dialog=result]"

# 6x6, the user (x) to move: no move of theirs connects their four pieces, and the
# computer (o) answers e2-e3 (its one piece alone joins the other two): it wins at move 2
COMPUTER_WINS = """
. . . . . .
x . . . . x
. . . . . .
. . o o . .
. . . . . .
x . . . o x
"""

BOX_JS = """(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
  return { left: r.left, right: r.right, top: r.top, bottom: r.bottom }; }"""

VIEWPORT_JS = "() => ({ width: window.innerWidth, height: window.innerHeight })"


def box(page, selector):
    return page.evaluate(BOX_JS, selector)


HEADER_FITS_JS = """(root) => { const t = document.querySelector(root + ' .gw-header .gw-title');
  const b = document.querySelector(root + ' .gw-loa-header-buttons');
  return { title: [t.scrollWidth, t.clientWidth], buttons: [b.scrollWidth, b.clientWidth] }; }"""


def assert_header_fits(page):
    """Nothing in the header is cut or overlaps: the title's text fits its box."""
    fit = page.evaluate(HEADER_FITS_JS, ROOT)
    assert fit["title"][0] <= fit["title"][1] + 1 and fit["buttons"][0] <= fit["buttons"][1] + 1, fit


def sections(page):
    return page.locator(f"{RULES} [data-section]").evaluate_all("els => els.map(e => e.dataset.section)")


def assert_rules_fit(page):
    """The rules card is on screen whole (it scrolls inside), in the view's width."""
    card = box(page, f"{RULES} .gw-rules-card")
    view = page.evaluate(VIEWPORT_JS)
    root = box(page, ROOT)
    assert card["top"] >= 0 and card["bottom"] <= view["height"] + 0.5, (card, view)
    assert card["left"] >= root["left"] - 0.5 and card["right"] <= root["right"] + 0.5, (card, root)


@pytest.mark.parametrize("size", ["1366x768", "412x915"])
def test_rules_panel_by_key_and_button_and_the_menu_at_the_top_left(lab, size):
    width, height = (int(v) for v in size.split("x"))
    page = lab.open_notebook(
        [IMPORTS, 'w = LinesOfAction(size=6, level="easy", seed=1, store=None, muted=True)\nw'],
        viewport={"width": width, "height": height},
    )
    lab.wait_for_attr(ROOT, "data-phase", "playing")
    page.wait_for_function(f"document.querySelector('{CANVAS}') && document.querySelector('{CANVAS}').dataset.grid")
    assert attr(page, "data-compact") == ("true" if width < 600 else "false")
    lab.wait_still(ROOT)
    # the header: Menu at the top left, the title beside it, Why?, Undo and Rules at the right, one row
    header = box(page, f"{ROOT} .gw-header")
    menu = box(page, f"{ROOT} .gw-header [data-action=menu]")
    title = box(page, f"{ROOT} .gw-header .gw-title")
    rules_button = box(page, f"{ROOT} .gw-header [data-action=rules]")
    root = box(page, ROOT)
    assert menu["right"] <= (title["left"] + title["right"]) / 2, (menu, title)
    assert menu["left"] - root["left"] < 30 and menu["right"] <= title["left"] + 0.5, (menu, title, root)
    assert header["top"] - 0.5 <= menu["top"] and menu["bottom"] <= header["bottom"] + 0.5, (menu, header)
    for selector in ("why", "undo", "rules"):
        button = box(page, f"{ROOT} .gw-header [data-action={selector}]")
        assert button["left"] >= title["right"] - 0.5, (selector, button, title)
        assert abs(button["top"] - menu["top"]) < 1, (selector, button, menu)  # one row
        assert button["right"] <= root["right"] + 0.5, (selector, button, root)
    assert page.locator(f"{ROOT} .gw-header [data-action=menu]").get_attribute("title").startswith("Pause")
    assert rules_button["right"] <= header["right"] + 0.5
    assert_header_fits(page)
    lab.screenshot(f"loa-newcomer-{size}-header", page.locator(ROOT))

    # ? on the board opens the rules; they fit; Esc closes them and the board has the focus again
    page.locator(CANVAS).focus()
    page.keyboard.press("?")
    lab.wait_for_attr(ROOT, "data-rules", "open")
    lab.wait_still(ROOT)
    assert_rules_fit(page)
    assert sections(page) == ["The goal", "The board", "A move", "The end of the game", "The computer", "Saved games",
                              "Why?", "Keys"]
    panel_text = page.locator(RULES).inner_text()
    assert "exactly as many cells as there are pieces on that whole line" in panel_text
    assert "6×6" in panel_text and "12" in panel_text
    lab.screenshot(f"loa-newcomer-{size}-rules", page.locator(ROOT))
    page.keyboard.press("Escape")
    lab.wait_for_attr(ROOT, "data-rules", "closed")
    assert page.evaluate(f"document.activeElement === document.querySelector('{CANVAS}')")
    # the Rules button opens them too; Esc closes them; no key reached the game meanwhile
    page.locator(f"{ROOT} [data-action=rules]").click()
    lab.wait_for_attr(ROOT, "data-rules", "open")
    assert_rules_fit(page)
    page.keyboard.press("p")  # stays with the panel: no pause
    page.keyboard.press("Escape")
    lab.wait_for_attr(ROOT, "data-rules", "closed")
    lab.round_trip(ROOT)
    assert lab.evaluate("w.paused") is False and attr(page, "data-paused") == "false"
    # a click that moves nothing says why, on this screen too
    click_cell(page, 2, 2)
    page.locator(REFUSED).wait_for(state="visible")
    lab.wait_still(ROOT)
    lab.screenshot(f"loa-newcomer-{size}-refused", page.locator(ROOT))
    # the Menu button at the left still pauses
    page.locator(f"{ROOT} [data-action=menu]").click()
    lab.wait_for_attr(ROOT, "data-paused", "true")
    lab.screenshot(f"loa-newcomer-{size}-pause", page.locator(ROOT))


def test_why_at_the_end_shows_the_analysis_without_the_results_over_it(lab):
    page = open_game(
        lab, f'LinesOfAction(game=Game.from_text("""{COMPUTER_WINS}"""), level="easy", store=None, muted=True)',
        phase="playing",
    )
    click_cell(page, 1, 0)  # a5
    lab.wait_for_attr(ROOT, "data-selected", "1,0")
    click_cell(page, 0, 1)  # b6; the computer answers e2-e3 and wins
    lab.wait_for_attr(ROOT, "data-result", "loss")
    result = page.locator(RESULT)
    result.wait_for(state="visible")
    wait_settled(lab, page)
    lab.wait_for_attr(ROOT, "data-why", "true")
    assert lab.evaluate("[w.explained, w.history_index]") == [[2], 2]
    # Why? with the results showing: they close, the analysis is drawn on the final board
    why = page.locator(f"{ROOT} button[data-action=why]")
    why.click()
    lab.wait_for_attr(ROOT, "data-explaining", 2)
    assert result.is_hidden()
    assert int(attr(page, "data-overlay")) > 0 and why.get_attribute("aria-pressed") == "true"
    assert attr(page, "data-history") == "2/2"  # the final board, not looking back
    move = lab.evaluate("w.explaining['move']")
    assert f"Why the computer played {move}" in page.locator(STATUS).text_content()
    lab.wait_still(ROOT)
    lab.screenshot("loa-newcomer-why-at-the-end", page.locator(ROOT))
    # the Results button (the Menu button, at the left) opens the results again
    menu = page.locator(f"{ROOT} [data-action=menu]")
    assert menu.inner_text().strip().startswith("Results")
    assert_header_fits(page)
    menu.click()
    result.wait_for(state="visible")
    assert result.locator(".gw-dialog-title").inner_text() == "The computer wins"
    # W, with the results showing (the focus in them), does the same as Why?
    page.keyboard.press("w")
    result.wait_for(state="hidden")
    lab.wait_for_attr(ROOT, "data-explaining", 2)
    page.keyboard.press("p")
    result.wait_for(state="visible")
    assert lab.evaluate("w.error") == ""


def test_a_click_that_moves_nothing_says_why(lab):
    page = open_game(lab, 'LinesOfAction(size=6, level="easy", seed=1, store=None, muted=True)', phase="playing")
    lab.wait_still(ROOT)
    refused = page.locator(REFUSED)
    # no piece selected: an empty cell
    click_cell(page, 2, 2)
    refused.wait_for(state="visible")
    assert "Select one of your dark pieces first" in refused.inner_text()
    # b1 selected: column b holds 2 pieces, so b2 (one cell up) is no target
    click_cell(page, 5, 1)
    lab.wait_for_attr(ROOT, "data-selected", "5,1")
    assert page.locator(STATUS).get_attribute("data-kind") != "refused"  # a selection settles it
    click_cell(page, 4, 1)
    refused.wait_for(state="visible")
    assert refused.inner_text() == (
        "b1 moves exactly 2 cells along this column: the column holds 2 pieces, yours and the computer's."
    )
    lab.wait_still(ROOT)
    lab.screenshot("loa-newcomer-refused", page.locator(ROOT))
    lab.round_trip(ROOT)
    assert lab.evaluate("[w.moves, w.selected, w.error]") == [0, [5, 1], ""]  # nothing happened
    # not on a line of b1
    click_cell(page, 3, 2)
    page.wait_for_function(f"document.querySelector('{REFUSED}').textContent.includes('straight line')")
    # screen readers hear it too
    live = page.locator(f"{ROOT} .gw-status-row [role=status]").text_content()
    assert "straight line" in live
    # a move settles it: the status line says what happens again
    r, c, _ = lab.evaluate("w.targets[0]")
    click_cell(page, r, c)
    page.locator(REFUSED).wait_for(state="detached")
    lab.until("w.moves == 2")


def play_and_leave(lab):
    """The user's first legal move, the computer's answer, then back to the setup."""
    lab.execute("w.play(w.game.legal_moves()[0])")
    lab.until("w.moves == 2 and not w.thinking")
    lab.execute("w.new_game()")


def test_nothing_lost_to_one_key_the_shared_confirmation(lab):
    page = open_game(lab, 'LinesOfAction(size=6, level="easy", seed=1, store=None, muted=True)', phase="playing")
    play_and_leave(lab)
    cont = page.locator(f"{SETUP} [data-action=continue]")
    cont.wait_for(state="visible")
    # Enter on a choice presses the highlighted button: Continue, the saved game goes on
    page.locator(f"{SETUP} [data-level=easy] input").focus()
    page.keyboard.press("Enter")
    lab.wait_for_attr(ROOT, "data-phase", "playing")
    lab.until("w.moves == 2")
    page.locator(f"{ROOT} [data-action=menu]").click()
    page.locator("[data-dialog=pause] [data-action=new]").click()  # saved: no question
    lab.wait_for_attr(ROOT, "data-phase", "setup")
    cont.wait_for(state="visible")
    # PLAY asks with the shell's confirmation: Esc keeps the saved game
    page.locator(f"{SETUP} [data-action=play]").click()
    confirm = page.locator(CONFIRM)
    confirm.wait_for(state="visible")
    lab.wait_for_attr(ROOT, "data-asking", "discard")
    text = confirm.inner_text()
    assert "Discard the saved 6\u00d76 Easy game at move 2?" in text and "Esc keeps it" in text
    assert confirm.locator("[data-action=cancel]").inner_text().strip() == "Keep it"
    lab.wait_still(ROOT)
    lab.screenshot("loa-newcomer-discard", page.locator(ROOT))
    page.keyboard.press("Escape")
    confirm.wait_for(state="hidden")
    lab.round_trip(ROOT)
    assert lab.evaluate("[w.phase, w.saved]") == ["setup", [{"size": 6, "level": "easy", "side": "first", "moves": 2}]]
    assert page.evaluate(f"document.activeElement === document.querySelector('{SETUP} .gw-button-primary')")
    # Enter on the question discards and plays
    page.locator(f"{SETUP} [data-action=play]").click()
    confirm.wait_for(state="visible")
    page.keyboard.press("Enter")
    lab.wait_for_attr(ROOT, "data-phase", "playing")
    lab.until("w.moves == 0 and w.save_note == '' and [s['moves'] for s in w.saved] == [0]")
    # a game that is not saved (its slot keeps another): New game asks before leaving it
    play_and_leave(lab)
    page.locator(f"{SETUP} [data-action=continue]").wait_for(state="visible")
    lab.execute('import warnings\nwith warnings.catch_warnings():\n    warnings.simplefilter("ignore")\n'
                '    w.start(6, "easy")\nw.play(w.game.legal_moves()[0])')
    lab.until("w.moves == 2 and not w.thinking")
    lab.wait_for_attr(ROOT, "data-moves", 2)
    assert lab.evaluate("w.save_note") != ""
    page.locator(f"{ROOT} [data-action=menu]").click()
    page.locator("[data-dialog=pause] [data-action=new]").click()
    lab.wait_for_attr(ROOT, "data-asking", "new-game")
    assert "This game is not saved" in confirm.inner_text()
    page.keyboard.press("Escape")
    confirm.wait_for(state="hidden")
    lab.round_trip(ROOT)
    assert lab.evaluate("[w.phase, w.moves]") == ["playing", 2]
    page.locator("[data-dialog=pause] [data-action=new]").click()
    confirm.wait_for(state="visible")
    page.keyboard.press("Enter")
    lab.wait_for_attr(ROOT, "data-phase", "setup")
    assert lab.evaluate("w.error") == ""
