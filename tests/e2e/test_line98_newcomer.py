"""Line 98 for a newcomer, in a real JupyterLab + Chromium: the rules (the `?` key and
the Rules button, on a laptop and on a phone), why a move was refused (in visible
words), the keys the view promises wherever its focus is, and a New game that asks
before it throws a game in progress away.

Screenshots: tests/e2e/screenshots/line98-newcomer-*.png.
"""

import pytest

from .line98_page import ROOT, SETUP, attr, open_game
from .square_grid import CANVAS, click_cell

RULES = f"{ROOT} [data-panel=rules]"
CARD = f"{RULES} .gw-rules-card"
STATUS = f"{ROOT} .gw-status"
CONFIRM = f"{ROOT} [data-dialog=confirm]"

# Where the rules card lies: inside the window and inside the notebook's scrolling
# area (what the player sees of the page), and whether it scrolls.
CARD_FIT_JS = """(selector) => {
    const card = document.querySelector(selector);
    const r = card.getBoundingClientRect();
    let scroller = card.parentElement;
    while (scroller && !/(auto|scroll)/.test(getComputedStyle(scroller).overflowY)) scroller = scroller.parentElement;
    const s = scroller ? scroller.getBoundingClientRect() : {top: 0, left: 0, bottom: innerHeight, right: innerWidth};
    const within = (b) => r.top >= b.top - 1 && r.left >= b.left - 1
        && r.bottom <= b.bottom + 1 && r.right <= b.right + 1;
    return {
        inWindow: within({top: 0, left: 0, bottom: innerHeight, right: innerWidth}),
        inNotebook: within(s),
        scrolls: card.scrollHeight > card.clientHeight + 1,
        card: [r.left, r.top, r.right, r.bottom], notebook: [s.left, s.top, s.right, s.bottom],
    };
}"""

# The Rules button fits the toolbar (the toolbar does not overflow, the button is
# inside it and inside the view).
BUTTON_FIT_JS = """(root) => {
    const view = document.querySelector(root);
    const bar = view.querySelector('.gw-toolbar');
    const button = bar.querySelector('[data-action=rules]');
    const b = button.getBoundingClientRect(), t = bar.getBoundingClientRect(), v = view.getBoundingClientRect();
    return {
        inToolbar: b.left >= t.left - 1 && b.right <= t.right + 1 && b.top >= t.top - 1 && b.bottom <= t.bottom + 1,
        inView: b.right <= v.right + 1,
        overflow: bar.scrollWidth > bar.clientWidth + 1,
        oneRow: [...bar.children].filter((c) => c.offsetWidth).every((c) => c.offsetTop === button.offsetTop),
    };
}"""

# what has the focus: a control's data-action or data-setting, else its tag name
FOCUSED_JS = """() => {
    const a = document.activeElement;
    return a ? (a.dataset.action || a.dataset.setting || a.tagName) : '';
}"""


def focused(page):
    return page.evaluate(FOCUSED_JS)


def wait_rules(lab, state):
    lab.wait_for_attr(ROOT, "data-rules", state)


@pytest.mark.parametrize("size", ["1366x768", "412x915"])
def test_the_rules_open_by_key_and_button_fit_the_screen_and_a_refusal_shows_in_words(lab, size):
    width, height = (int(v) for v in size.split("x"))
    page = lab.open_notebook(SETUP, viewport={"width": width, "height": height})
    lab.wait_for_attr(ROOT, "data-moves", 0)
    page.wait_for_function(f"document.querySelector('{CANVAS}').dataset.grid")
    phone = width < 600
    assert attr(page, "data-compact") == ("true" if phone else "false")
    sections = lab.evaluate("w.rules().sections()")
    assert {"The goal", "A turn", "After a move", "Scoring", "The end of the game", "Undo", "Keys"} <= set(sections)

    # the Rules button (an icon, as Suggest) is in the toolbar, on the toolbar's one row
    button = page.locator(f"{ROOT} .gw-toolbar [data-action=rules]")
    assert button.is_visible() and button.get_attribute("title") == "How to play (?)"
    assert button.get_attribute("aria-label") == "Rules: how to play (?)"
    assert page.locator(STATUS).inner_text().endswith("Rules: ?")  # the idle status line names the key
    lab.screenshot(f"line98-newcomer-{size}-start", page.locator(ROOT))
    fit = page.evaluate(BUTTON_FIT_JS, ROOT)
    assert all([fit["inToolbar"], fit["inView"], not fit["overflow"], fit["oneRow"]]), fit

    # ? on the board opens the rules: every section, the card on screen, scrolling inside
    page.locator(CANVAS).focus()
    page.keyboard.press("?")
    wait_rules(lab, "open")
    assert page.locator(f"{RULES} [data-section]").all_inner_texts() == sections
    lab.wait_still(ROOT)
    fit = page.evaluate(CARD_FIT_JS, CARD)
    assert fit["inWindow"] and fit["inNotebook"] and fit["scrolls"], fit
    assert "2n² − 20n + 60" in page.locator(CARD).inner_text()
    lab.screenshot(f"line98-newcomer-{size}-rules", page.locator(ROOT))
    page.keyboard.press("PageDown")  # the card has the focus: the keys scroll it
    page.wait_for_function(f"document.querySelector('{CARD}').scrollTop > 0")
    assert attr(page, "data-cursor") == "4,4"  # the board's keys rest meanwhile
    page.keyboard.press("Escape")
    wait_rules(lab, "closed")
    assert page.locator(RULES).is_hidden() and focused(page) == "CANVAS"

    # the button opens them too; Esc gives the focus back to it
    button.click()
    wait_rules(lab, "open")
    page.keyboard.press("Escape")
    wait_rules(lab, "closed")
    assert focused(page) == "rules"

    # a ball that cannot reach its target: nothing moves, and the status says why
    click_cell(page, 0, 0)
    lab.wait_for_attr(ROOT, "data-selected", "0,0")
    click_cell(page, 5, 5)
    refused = page.locator(f"{ROOT} .gw-status[data-kind=refused]")
    refused.wait_for(state="visible")
    assert refused.inner_text() == "No path to (5, 5). Pick another cell."
    lab.screenshot(f"line98-newcomer-{size}-refused", page.locator(ROOT))
    assert lab.evaluate("[w.last_event['kind'], w.selected, w.moves]") == ["blocked", [0, 0], 0]
    assert page.locator(f"{ROOT} .gw-sr-only[role=status]").inner_text() == "No path to (5, 5). Pick another cell."
    # the player moves on: the refusal gives way at once
    click_cell(page, 0, 1)  # the one cell the red ball reaches
    lab.wait_for_attr(ROOT, "data-moves", 1)
    page.wait_for_function(f"!document.querySelector('{STATUS}').dataset.kind")
    assert "No path" not in page.locator(STATUS).inner_text()


def test_the_keys_work_wherever_the_focus_is_and_a_new_game_asks_first(lab):
    page = open_game(lab)
    lab.execute("w.play((6, 8), (3, 4))\nw.play((0, 2), (0, 3))")
    lab.wait_for_attr(ROOT, "data-moves", 2)
    lab.wait_for_attr(ROOT, "data-state", "playing")

    # looking back with ◀ (it keeps the focus); Esc returns to the game from there
    page.locator(f"{ROOT} [data-action=history-back]").click()
    lab.wait_for_attr(ROOT, "data-history", "1/2")
    assert focused(page) == "history-back"
    assert "Esc returns to the game" in page.locator(STATUS).inner_text()
    page.keyboard.press("Escape")
    lab.wait_for_attr(ROOT, "data-history-mode", "live")
    lab.until("w.history_index == 2")

    # from a toolbar button: the arrows move the board's cursor (and give the board the
    # focus), Esc lets the selected ball go, Enter is still the button's own
    click_cell(page, 1, 0)
    lab.wait_for_attr(ROOT, "data-selected", "1,0")
    assert attr(page, "data-cursor") == "1,0"
    page.locator(f"{ROOT} [data-action=suggest]").focus()
    page.keyboard.press("Escape")
    lab.wait_for_attr(ROOT, "data-selected", "")
    lab.until("w.selected == []")
    page.locator(f"{ROOT} [data-action=undo]").focus()
    page.keyboard.press("ArrowUp")
    lab.wait_for_attr(ROOT, "data-cursor", "0,0")
    assert focused(page) == "CANVAS"
    page.locator(f"{ROOT} [data-action=undo]").focus()
    page.keyboard.press("Enter")
    lab.wait_for_attr(ROOT, "data-moves", 1)
    lab.round_trip(ROOT)
    assert lab.evaluate("[w.moves, w.selected, w.last_event['kind']]") == [1, [], "undo"]

    # from a setting's checkbox: ? opens the rules (and Esc gives the focus back), M the sound
    page.locator(f"{ROOT} [data-setting=symbols]").focus()
    page.keyboard.press("?")
    wait_rules(lab, "open")
    page.keyboard.press("Escape")
    wait_rules(lab, "closed")
    assert focused(page) == "symbols" and not page.locator(f"{ROOT} [data-setting=symbols]").is_checked()
    page.keyboard.press("m")
    lab.wait_for_attr(ROOT, "data-muted", "false")
    page.keyboard.press("m")
    lab.wait_for_attr(ROOT, "data-muted", "true")
    lab.until("w.muted")

    # N on a game in progress asks; Esc keeps the game as it was
    lab.wait_for_attr(ROOT, "data-state", "playing")
    before = lab.evaluate("[w.moves, [str(m) for m in w.game.moves], w.board, w.last_event['id']]")
    page.locator(CANVAS).focus()
    page.keyboard.press("n")
    lab.wait_for_attr(ROOT, "data-asking", "new-game")
    dialog = page.locator(CONFIRM)
    assert dialog.is_visible() and focused(page) == "confirm"
    assert page.locator(f"{CONFIRM} [data-action=confirm]").inner_text().startswith("New game")
    lab.wait_still(ROOT)
    lab.screenshot("line98-newcomer-confirm", page.locator(ROOT))
    page.keyboard.press("Escape")
    lab.wait_for_attr(ROOT, "data-asking", "")
    lab.round_trip(ROOT)
    assert dialog.is_hidden() and focused(page) == "CANVAS"
    assert lab.evaluate("[w.moves, [str(m) for m in w.game.moves], w.board, w.last_event['id']]") == before

    # the New game button asks too; Enter starts the new game; Undo still brings the old one back
    page.locator(f"{ROOT} [data-action=new]").click()
    lab.wait_for_attr(ROOT, "data-asking", "new-game")
    page.keyboard.press("Enter")
    lab.until("w.last_event['kind'] == 'new' and w.moves == 0")
    lab.wait_for_attr(ROOT, "data-asking", "")
    lab.wait_for_attr(ROOT, "data-moves", 0)
    page.keyboard.press("u")
    lab.until("w.last_event.get('restored') is True")
    assert lab.evaluate("[w.moves, [str(m) for m in w.game.moves], w.board]") == before[:3]

    # no question where nothing is lost: a game over, a game without a move yet
    lab.execute(
        "import numpy as np\n"
        "board = np.array([[(r + 2 * c) % 7 + 1 for c in range(9)] for r in range(9)])\n"
        "board[8, 7] = board[8, 8] = 0\n"
        "w.store.save('line98', 'near the end', Game.from_board(board, [(8, 7, 2), (8, 8, 4)]).to_dict())\n"
        "w.restore('near the end')\n"
        "w.play((7, 8), (8, 8))"
    )
    lab.wait_for_attr(ROOT, "data-state", "over")
    for _ in range(2):  # over, then a new game without a move
        event = lab.evaluate("w.last_event['id']")
        page.locator(CANVAS).focus()
        page.keyboard.press("n")
        lab.until(f"w.last_event['id'] > {event} and w.last_event['kind'] == 'new'")
        lab.wait_for_attr(ROOT, "data-event", lab.evaluate("w.last_event['id']"))
        assert attr(page, "data-asking") == "" and page.locator(CONFIRM).is_hidden()
