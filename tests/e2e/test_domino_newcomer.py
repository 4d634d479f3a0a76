"""A newcomer's first minutes with Dominoes in a real JupyterLab + Chromium (issue 26):
the rules panel (the `?` key and the toolbar's Rules button) on a laptop (1366x768)
and a phone (412x915); a tile that cannot be played says why on the status line
(`.gw-status[data-kind=refused]`); on a phone the tile to lead with is brought into
the hand strip's visible box and marked; the Mode menu switches between the computer
and two players on one device, each mode keeping its own hand; New game asks first
on a hand in progress, and only then.

Positions are set up with ``Game.from_position`` (domino_page.py); widgets use
``store=None`` (a store in memory: each mode's hand is still kept) and ``muted=True``.
Screenshots: tests/e2e/screenshots/domino-newcomer-*.png.
"""

from .domino_page import IMPORTS, LAPTOP, PHONE, ROOT, attr, open_game, outside, tile

SECTIONS = ["The tiles and the deal", "Who leads", "Playing a tile", "Drawing and passing", "Scoring",
            "Ways to play", "Keys"]

# the rules card's box, its sections, and whether it has the focus
RULES_JS = """(root) => {
    const el = document.querySelector(root);
    const card = el.querySelector('[data-panel=rules] .gw-rules-card');
    const box = card.getBoundingClientRect();
    return {top: box.top, bottom: box.bottom, left: box.left, right: box.right,
            sections: [...card.querySelectorAll('[data-section]')].map((s) => s.dataset.section),
            focused: card.contains(document.activeElement)};
}"""

# whether a hand tile lies wholly inside the hand strip's visible box (it scrolls sideways)
IN_STRIP_JS = """([root, key]) => {
    const row = document.querySelector(`${root} .gw-dom-hand`).getBoundingClientRect();
    const t = document.querySelector(`${root} button[data-tile="${key}"]`).getBoundingClientRect();
    return t.width > 0 && t.left >= row.left - 0.5 && t.right <= row.right + 0.5;
}"""

REFUSED = f"{ROOT} .gw-status[data-kind=refused]"


def click_unplayable(page, key):
    """Click a hand tile that is not playable (aria-disabled: Playwright's click would
    wait for it to be enabled; a person's mouse just clicks)."""
    button = tile(page, key)
    button.scroll_into_view_if_needed()
    box = button.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def check_rules_panel(lab, page, viewport, shot):
    """`?` opens the rules over the view, whole in the window, with every section;
    Esc closes them; the toolbar's Rules button opens them too."""
    root = page.locator(ROOT)
    root.focus()
    page.keyboard.press("?")
    lab.wait_for_attr(ROOT, "data-rules", "open")
    lab.wait_still(ROOT)
    shown = page.evaluate(RULES_JS, ROOT)
    assert shown["sections"] == SECTIONS and shown["focused"], shown
    assert shown["top"] >= 0 and shown["left"] >= 0, shown
    assert shown["bottom"] <= viewport["height"] and shown["right"] <= viewport["width"], shown
    lab.screenshot(f"domino-newcomer-rules-{shot}")  # the window: the panel fits it
    page.keyboard.press("Escape")
    lab.wait_for_attr(ROOT, "data-rules", "closed")
    button = page.locator(f"{ROOT} .gw-toolbar button[data-action=rules]")
    assert button.is_visible()
    button.click()
    lab.wait_for_attr(ROOT, "data-rules", "open")
    shown = page.evaluate(RULES_JS, ROOT)
    assert shown["bottom"] <= viewport["height"] and shown["right"] <= viewport["width"], shown
    page.keyboard.press("Escape")
    lab.wait_for_attr(ROOT, "data-rules", "closed")


def test_on_a_laptop_rules_refusals_and_new_game_asking_on_a_hand_in_progress(lab):
    page = open_game(lab, [["6-6", "6-1"], ["6-2", "4-4", "3-0"]], [], viewport=LAPTOP)
    lab.wait_for_attr(ROOT, "data-turn", 0)
    check_rules_panel(lab, page, LAPTOP, "laptop")
    # a tile that is not the opening one: refused, in words
    click_unplayable(page, "6-1")
    refused = page.locator(REFUSED)
    refused.wait_for()
    assert "must be the 6\u20136" in refused.inner_text()
    assert lab.evaluate("w.line") == []
    lab.screenshot("domino-newcomer-refused-laptop", page.locator(ROOT))
    # the lead; the computer answers 6-2; a hand in progress: New game asks first
    tile(page, "6-6").click()
    lab.until("len(w.line) == 2 and w.turn == 0 and not w.thinking")
    lab.wait_for_attr(ROOT, "data-line", 2)
    assert page.locator(REFUSED).count() == 0  # playing on put the refusal away
    line = lab.evaluate("w.line")
    page.locator(f"{ROOT} .gw-toolbar button[data-action=new]").click()
    lab.wait_for_attr(ROOT, "data-asking", "new-game")
    dialog = page.locator(f"{ROOT} [data-dialog=confirm]")
    assert dialog.is_visible() and "2 tiles on the line" in dialog.inner_text()
    lab.screenshot("domino-newcomer-new-game-asks", page.locator(ROOT))
    page.keyboard.press("Escape")  # keeps playing
    lab.wait_for_attr(ROOT, "data-asking", "")
    lab.round_trip(ROOT)
    assert lab.evaluate("w.line") == line and not dialog.is_visible()
    # the last tile: the hand is over, and New game deals at once
    tile(page, "6-1").click()
    lab.wait_for_attr(ROOT, "data-result", "won")
    event = lab.evaluate("w.last_event['id']")
    page.locator(f"{ROOT} .gw-toolbar button[data-action=new]").click()  # (outside the table and its screen)
    lab.until(f"w.last_event['id'] > {event} and not w.game.is_over")  # (the computer may lead the new hand at once)
    lab.wait_for_attr(ROOT, "data-result", "")
    assert attr(page, "data-asking") == ""
    assert not [m for m in lab.console if "error" in m.lower()], lab.console


def test_on_a_phone_the_lead_tile_is_in_view_and_the_rules_and_refusals_fit(lab):
    hands = [["1-0", "2-1", "3-2", "4-3", "5-0", "5-4", "6-6"], ["6-2", "0-0", "1-1", "2-2", "3-3", "4-4", "5-5"]]
    page = open_game(lab, hands, [], viewport=PHONE)
    lab.wait_for_attr(ROOT, "data-compact", "true")
    # the 6-6 sorts last in the hand, off the strip's right edge: brought into view, marked
    lab.wait_for_attr(f"{ROOT} .gw-dom-hand", "data-scrolled-to", "6-6")
    assert page.locator(f"{ROOT} .gw-dom-hand").evaluate("(row) => row.scrollWidth > row.clientWidth + 30")
    page.wait_for_function(IN_STRIP_JS, arg=[ROOT, "6-6"])
    lead = tile(page, "6-6")
    assert lead.get_attribute("data-opening") == "true"
    assert lead.locator(".gw-dom-lead").is_visible() and lead.locator(".gw-dom-lead").inner_text().lower() == "lead"
    assert "lead with the 6\u20136" in page.locator(f"{ROOT} .gw-status").inner_text()
    # the toolbar (Rules and Mode too) fits the phone
    assert outside(page, ".gw-toolbar", "") == []
    lab.screenshot("domino-newcomer-phone-lead", page.locator(ROOT))
    check_rules_panel(lab, page, PHONE, "phone")
    # the mode menu fits the phone's table; Esc changes nothing
    page.locator(f"{ROOT} .gw-toolbar button[data-action=mode]").click()
    menu = page.locator(f"{ROOT} [data-dialog=mode]")
    assert menu.is_visible()
    assert outside(page, "[data-dialog=mode] .gw-dialog", ".gw-dom-table", pad=False) == []
    lab.screenshot("domino-newcomer-phone-mode-menu", page.locator(ROOT))
    page.keyboard.press("Escape")
    assert menu.is_hidden()
    lab.round_trip(ROOT)
    assert lab.evaluate("w.mode") == "computer" and attr(page, "data-mode") == "computer"
    # the lead, the computer's 6-2; then a tile that matches neither end says so
    lead.click()
    lab.until("len(w.line) == 2 and w.turn == 0 and not w.thinking")
    lab.wait_for_attr(ROOT, "data-line", 2)
    ends = lab.evaluate("[w.line[0][0], w.line[-1][1]]")
    click_unplayable(page, "1-0")
    refused = page.locator(REFUSED)
    refused.wait_for()
    words = f"1\u20130 does not fit: the ends show {ends[0]} and {ends[1]}. Play a highlighted tile."
    assert refused.inner_text() == words
    assert page.locator(f"{ROOT} .gw-status-row [role=status]").inner_text() == refused.inner_text()  # screen readers
    assert outside(page, ".gw-status", "") == []  # it wraps, never cut off
    lab.screenshot("domino-newcomer-refused-phone", page.locator(ROOT))
    assert not [m for m in lab.console if "error" in m.lower()], lab.console


def test_switching_mode_from_the_view_keeps_each_modes_hand(lab):
    cell = ("seed = next(s for s in range(200) if Game(s).opener == 0)  # a deal the user leads\n"
            "w = Domino(mode='computer', seed=seed, level='easy', store=None, muted=True)\n"
            "HANDS = 'sorted(map(list, w.game.hand(0))), sorted(map(list, w.game.hand(1))), w.line'\n"
            "w")
    page = lab.open_notebook([IMPORTS, cell], viewport=LAPTOP)
    lab.wait_for_attr(ROOT, "data-event", lab.evaluate("w.last_event['id']"))
    page.locator(f"{ROOT} button[data-opening=true]").click()
    lab.until("len(w.line) >= 2 and w.turn == 0 and not w.thinking")
    computer = lab.evaluate("eval(HANDS)")
    lab.wait_for_attr(ROOT, "data-line", len(computer[2]))
    # Mode: the menu, then two players on one device -- nothing is lost, so nothing is asked
    mode = page.locator(f"{ROOT} .gw-toolbar button[data-action=mode]")
    mode.click()
    menu = page.locator(f"{ROOT} [data-dialog=mode]")
    assert menu.is_visible()
    assert menu.locator("button[data-mode-choice=computer]").get_attribute("aria-current") == "true"
    lab.screenshot("domino-newcomer-mode-menu", page.locator(ROOT))
    menu.locator("button[data-mode-choice=local]").click()
    lab.wait_for_attr(ROOT, "data-mode", "local")
    lab.wait_for_attr(ROOT, "data-handoff", "true")
    assert attr(page, "data-asking") == "" and lab.evaluate("w.mode") == "local"
    # a new deal there, no tile played yet: New game deals at once
    event = lab.evaluate("w.last_event['id']")
    page.locator(f"{ROOT} .gw-toolbar button[data-action=new]").click()
    lab.until(f"w.last_event['id'] > {event} and w.last_event['kind'] == 'new'")
    assert attr(page, "data-asking") == ""
    page.locator(f"{ROOT} [data-dialog=handoff] button[data-action=reveal]").click()
    lab.wait_for_attr(ROOT, "data-handoff", "false")
    page.locator(f"{ROOT} button[data-opening=true]").click()
    lab.until("len(w.line) == 1 and w.handoff")
    local = lab.evaluate("eval(HANDS)")
    lab.screenshot("domino-newcomer-mode-local", page.locator(ROOT))
    # back to the computer: its hand as it was, then the local one as it was
    mode.click()
    menu.locator("button[data-mode-choice=computer]").click()
    lab.wait_for_attr(ROOT, "data-mode", "computer")
    assert lab.evaluate("eval(HANDS)") == computer
    lab.wait_for_attr(ROOT, "data-line", len(computer[2]))
    lab.wait_for_attr(ROOT, "data-hand", len(computer[0]))
    assert attr(page, "data-asking") == ""
    lab.screenshot("domino-newcomer-mode-back", page.locator(ROOT))
    mode.click()
    menu.locator("button[data-mode-choice=local]").click()
    lab.wait_for_attr(ROOT, "data-mode", "local")
    assert lab.evaluate("eval(HANDS)") == local
    lab.wait_for_attr(ROOT, "data-line", 1)
    # and the computer's once more: a hand in progress, so New game asks; Enter deals
    mode.click()
    menu.locator("button[data-mode-choice=computer]").click()
    lab.wait_for_attr(ROOT, "data-mode", "computer")
    page.locator(f"{ROOT} .gw-toolbar button[data-action=new]").click()
    lab.wait_for_attr(ROOT, "data-asking", "new-game")
    event = lab.evaluate("w.last_event['id']")
    page.keyboard.press("Enter")
    lab.until(f"w.last_event['id'] > {event} and len(w.game.moves) <= 1")  # a new deal (the computer may lead)
    lab.wait_for_attr(ROOT, "data-asking", "")
    assert lab.evaluate("eval(HANDS)") != computer
    assert not [m for m in lab.console if "error" in m.lower()], lab.console

