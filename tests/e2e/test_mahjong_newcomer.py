"""Mahjong Connect for a newcomer, in a real JupyterLab + Chromium (issue 26): the
Rules panel (the ``?`` key and the toolbar's Rules button) at a laptop's and a phone's
size, Play again (R) and New game (N) asking before they throw a game in progress away
(and not on a fresh deal), the hint's cost shown, the Scoring option first among the
settings, in a row above the board (under it on a phone, where the board starts right
under the toolbar), a refused pair's reason kept readable, and the status line shown
whole on a phone.

Page helpers: mahjong_page.py. Screenshots: tests/e2e/screenshots/mahjong-newcomer-*.png.
"""

from pathlib import Path

from .mahjong_page import CANVAS, PAIR, ROOT, attr, board, click_cell, open_game

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 412, "height": 915}

PANEL = f"{ROOT} [data-panel=rules]"
CARD = f"{PANEL} .gw-rules-card"
CONFIRM = f"{ROOT} [data-dialog=confirm]"
STATUS = f"{ROOT} .gw-status"
SETTINGS = f"{ROOT} .gw-settings"

# B1 + B1 can go; then the crossed D5 / WN block is all that is left: no more moves
STUCK_AFTER_ONE = "B1 B1 .  .\n.  D5 WN .\n.  WN D5 ."

# the same check for any element: does it show all of itself (nothing cut off by its
# own box, nor by an ancestor that clips, nor by the viewport)?
SHOWN_WHOLE = """(el) => {
  const r = el.getBoundingClientRect();
  const cut = [];
  if (el.scrollWidth > el.clientWidth) cut.push(`scrollWidth ${el.scrollWidth} > clientWidth ${el.clientWidth}`);
  if (el.scrollHeight > el.clientHeight + 1) cut.push(`scrollHeight ${el.scrollHeight} > ${el.clientHeight}`);
  for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
    const s = getComputedStyle(a);
    if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
    const q = a.getBoundingClientRect();
    if (r.left < q.left - 0.5 || r.right > q.right + 0.5) cut.push(`wider than ${a.className}`);
    if (s.overflowY !== 'visible' && s.overflowY !== 'auto' && s.overflowY !== 'scroll'
        && (r.top < q.top - 0.5 || r.bottom > q.bottom + 0.5)) cut.push(`taller than ${a.className}`);
  }
  if (r.left < 0 || r.right > innerWidth) cut.push(`outside the window: ${r.left}..${r.right}`);
  return cut;
}"""


# the part of the page where the element shows: the window, less what the nearest
# scrolling ancestor (JupyterLab's notebook panel) hides
SEEN_IN = """(el) => {
  let box = { top: 0, bottom: innerHeight, left: 0, right: innerWidth };
  for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
    const s = getComputedStyle(a);
    if (!/(auto|scroll|hidden)/.test(s.overflowY) || a.scrollHeight <= a.clientHeight) continue;
    const q = a.getBoundingClientRect();
    box = { top: Math.max(box.top, q.top), bottom: Math.min(box.bottom, q.bottom),
            left: Math.max(box.left, q.left), right: Math.min(box.right, q.right) };
    break;
  }
  const r = el.getBoundingClientRect();
  return { box, el: { top: r.top, bottom: r.bottom, left: r.left, right: r.right } };
}"""


def picture_cost(page, name, locator):
    """A screenshot with the hint's "−10" by the score, once it is fully there (CSS
    animations running: lab.screenshot finishes them, and the "−10" would be gone)."""
    page.wait_for_function(f"getComputedStyle(document.querySelector('{ROOT} .gw-mj-cost')).opacity === '1'")
    locator.screenshot(path=str(Path(__file__).parent / "screenshots" / f"{name}.png"), animations="allow")


def cut_off(locator):
    """What of the element at `locator` is cut off, once scrolled into view ([] when nothing is)."""
    locator.scroll_into_view_if_needed()
    return locator.evaluate(SHOWN_WHOLE)


def sections(lab):
    return lab.evaluate("w.rules().sections()")


def check_rules_panel(lab, page, viewport, name):
    """Open the rules by `?` and by the Rules button: they fit the window, every section
    is there, Esc closes them."""
    page.locator(CANVAS).focus()
    page.keyboard.press("?")
    lab.wait_for_attr(ROOT, "data-rules", "open")
    card = page.locator(CARD)
    card.wait_for(state="visible")
    box = card.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"], box
    assert box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"], box
    seen = card.evaluate(SEEN_IN)  # all of it in sight, its title and × too
    assert seen["box"]["top"] - 0.5 <= seen["el"]["top"] and seen["el"]["bottom"] <= seen["box"]["bottom"] + 0.5, seen
    assert page.locator(f"{CARD} [data-action=close-rules]").is_visible()
    shown = page.locator(f"{CARD} [data-section]").evaluate_all("(hs) => hs.map((h) => h.dataset.section)")
    assert shown == sections(lab)
    for section in ("The goal", "The tiles", "Removing a pair", "Hint", "No more moves", "Scoring", "Keys"):
        assert section in shown
    text = card.text_content()
    assert "144 tiles" in text and "at most twice" in text and "600 − seconds" in text
    lab.screenshot(f"mahjong-newcomer-rules-{name}")
    card.evaluate("(c) => { c.scrollTop = c.querySelector('[data-section=Scoring]').offsetTop - 8; }")
    lab.screenshot(f"mahjong-newcomer-rules-scoring-{name}")
    page.keyboard.press("Escape")
    lab.wait_for_attr(ROOT, "data-rules", "closed")
    assert page.locator(PANEL).is_hidden()
    # the toolbar's Rules button: in the toolbar, inside the view's width
    button = page.locator(f"{ROOT} .gw-toolbar [data-action=rules]")
    root_box = page.locator(ROOT).bounding_box()
    b = button.bounding_box()
    assert b["x"] >= root_box["x"] and b["x"] + b["width"] <= root_box["x"] + root_box["width"], (b, root_box)
    button.click()
    lab.wait_for_attr(ROOT, "data-rules", "open")
    page.keyboard.press("Escape")
    lab.wait_for_attr(ROOT, "data-rules", "closed")



def game_state(lab):
    return lab.evaluate("[w.grid, w.score, w.tiles_left, w.history_length]")


def assert_kept(lab, kept):
    """The question closed and nothing sent meanwhile changed the game."""
    lab.wait_for_attr(ROOT, "data-asking", "")
    lab.round_trip(ROOT)
    assert game_state(lab) == kept

def test_at_a_laptop_size_the_rules_the_scoring_setting_and_what_a_hint_costs(lab):
    page = open_game(lab, viewport=LAPTOP)
    lab.wait_for_attr(ROOT, "data-tiles", 144)
    check_rules_panel(lab, page, LAPTOP, "1366x768")
    # Scoring is one of the settings, with Board and Reduced motion, in a row above the
    # board (not under it) and on the screen as the view opens
    row = page.locator(SETTINGS)
    for control in ("select[data-setting=scoring]", "select[data-setting=orientation]",
                    "input[data-setting=reduced_motion]"):
        assert row.locator(control).count() == 1, control
    assert attr(page, "data-settings-place") == "above"
    scoring = row.locator("[data-control=scoring]")
    assert scoring.is_visible() and scoring.locator("select").input_value() == "timed"
    assert row.bounding_box()["y"] + row.bounding_box()["height"] <= page.locator(CANVAS).bounding_box()["y"]
    assert scoring.bounding_box()["y"] + scoring.bounding_box()["height"] <= LAPTOP["height"]
    lab.screenshot("mahjong-newcomer-settings-1366x768", page.locator(ROOT))
    # the hint: its cost by the score, in the status line and to screen readers
    page.locator(CANVAS).focus()
    page.keyboard.press("h")
    lab.until("w.last_event['kind'] == 'hint'")
    event = lab.evaluate("w.last_event['id']")
    lab.wait_for_attr(ROOT, "data-event", event)
    lab.wait_for_attr(ROOT, "data-score", -10)
    picture_cost(page, "mahjong-newcomer-hint-1366x768", page.locator(ROOT))
    cost = page.locator(f"{ROOT} .gw-header [data-cost]")
    assert cost.get_attribute("data-cost") == str(event) and cost.text_content() == "−10"
    assert page.locator(STATUS).text_content().startswith("Hint: −10 points.")
    assert "−10 points" in page.locator(f"{ROOT} .gw-status-row [role=status]").text_content()
    # the next move ends it
    a, b = lab.evaluate("w.hint_pair")
    click_cell(page, a)
    click_cell(page, b)
    lab.wait_for_attr(ROOT, "data-tiles", 142)
    assert "−10" not in page.locator(STATUS).text_content()


def test_play_again_and_new_game_ask_first_while_a_game_is_under_way(lab):
    page = open_game(lab, board(STUCK_AFTER_ONE))
    lab.wait_for_attr(ROOT, "data-tiles", 6)
    # a fresh deal: nothing to lose, R plays it again without a question
    page.locator(CANVAS).focus()
    page.keyboard.press("r")
    lab.until("w.last_event['kind'] == 'restart'")
    assert attr(page, "data-asking") == "" and page.locator(CONFIRM).is_hidden()
    click_cell(page, (0, 0))
    lab.wait_for_attr(ROOT, "data-selected", "0,0")
    click_cell(page, (0, 1))
    lab.wait_for_attr(ROOT, "data-tiles", 4)
    lab.wait_for_attr(ROOT, "data-state", "stuck")
    kept = game_state(lab)
    # the No more moves box's New game asks too; Esc keeps the game
    page.locator("[data-dialog=stuck] [data-action=new]").click()
    lab.wait_for_attr(ROOT, "data-asking", "new")
    assert page.locator(f"{CONFIRM} [data-action=confirm]").text_content() == "New game"
    lab.screenshot("mahjong-newcomer-ask-stuck", page.locator(ROOT))
    page.keyboard.press("Escape")
    assert_kept(lab, kept)
    # R asks (the game's keys rest meanwhile); Esc keeps the tiles and the score
    page.locator(CANVAS).focus()
    page.keyboard.press("r")
    lab.wait_for_attr(ROOT, "data-asking", "restart")
    dialog = page.locator(CONFIRM)
    assert dialog.is_visible() and "Play again" in dialog.text_content()
    lab.screenshot("mahjong-newcomer-ask-restart", page.locator(ROOT))
    page.keyboard.press("u")
    page.keyboard.press("Escape")
    assert_kept(lab, kept)
    # the toolbar's New game asks; Keep playing changes nothing
    page.locator(f"{ROOT} .gw-toolbar [data-action=new]").click()
    lab.wait_for_attr(ROOT, "data-asking", "new")
    page.locator(f"{CONFIRM} [data-action=cancel]").click()
    assert_kept(lab, kept)
    # R, then Enter: the same deal again from the start; U brings the game back
    page.locator(CANVAS).focus()
    page.keyboard.press("r")
    lab.wait_for_attr(ROOT, "data-asking", "restart")
    page.keyboard.press("Enter")
    lab.until("w.last_event['kind'] == 'restart'")
    lab.wait_for_attr(ROOT, "data-tiles", 6)
    assert attr(page, "data-asking") == "" and lab.evaluate("[w.score, w.tiles_left]") == [0, 6]
    page.locator(CANVAS).focus()
    page.keyboard.press("u")
    lab.until("w.tiles_left == 4")
    assert lab.evaluate("[w.grid, w.score, w.tiles_left, w.history_length]") == kept
    # N, then Enter: a new deal
    lab.wait_for_attr(ROOT, "data-tiles", 4)
    page.locator(CANVAS).focus()
    page.keyboard.press("n")
    lab.wait_for_attr(ROOT, "data-asking", "new")
    page.keyboard.press("Enter")
    lab.until("w.last_event['kind'] == 'new' and w.tiles_left == 144")
    lab.wait_for_attr(ROOT, "data-tiles", 144)
    # a fresh deal again: N deals at once
    seed = lab.evaluate("w.game.seed")
    page.locator(CANVAS).focus()
    page.keyboard.press("n")
    lab.until(f"w.game.seed != {seed}")
    assert attr(page, "data-asking") == ""
    # a won game: nothing to lose, no question
    lab.execute("w.watch('solver', moves=72, delay=0)")
    lab.until("w.won")
    lab.wait_for_attr(ROOT, "data-state", "won")
    page.locator(CANVAS).focus()
    page.keyboard.press("r")
    lab.until("w.last_event['kind'] == 'restart' and w.tiles_left == 144")
    assert attr(page, "data-asking") == ""


def test_on_a_phone_the_rules_the_status_line_and_a_refusal_show_whole(lab):
    page = open_game(lab, viewport=PHONE)
    lab.wait_for_attr(ROOT, "data-tiles", 144)
    lab.wait_for_attr(ROOT, "data-compact", "true")
    check_rules_panel(lab, page, PHONE, "412x915")
    # the toolbar and the header fit the view: nothing sticks out
    for part in (".gw-toolbar", ".gw-header"):
        cut = cut_off(page.locator(f"{ROOT} {part}"))
        assert cut == [], (part, cut)
    # on a phone the board starts right under the toolbar: the settings row, Scoring
    # first, is under the board, just above the status line
    assert attr(page, "data-settings-place") == "below"
    scoring = page.locator(f"{SETTINGS} [data-control=scoring]")
    scoring.scroll_into_view_if_needed()
    assert scoring.is_visible() and cut_off(page.locator(SETTINGS)) == []
    assert page.locator(SETTINGS).evaluate(
        "(row) => row.previousElementSibling.matches('.gw-history')"
        " && row.nextElementSibling.matches('.gw-status-row')"
        " && row.firstElementChild.dataset.control === 'scoring'")
    # the status line, whole: what to do, then with a tile selected
    status = page.locator(STATUS)
    assert cut_off(status) == []
    assert status.text_content().endswith("at most twice.")
    a, _ = lab.evaluate(PAIR)
    click_cell(page, a)
    lab.wait_for_attr(ROOT, "data-selected", f"{a[0]},{a[1]}")
    assert status.text_content().startswith("Now pick") and cut_off(status) == []
    lab.screenshot("mahjong-newcomer-phone-status", page.locator(ROOT))
    # a refused pair: its reason in the status line, data-kind=refused, whole
    blocked = lab.evaluate(
        "next([list(a), list(b)] for a, b in itertools.combinations("
        "[(r, c) for r in range(w.rows) for c in range(w.cols)], 2) "
        "if w.game[a] and w.game[b] and matches(int(w.game.grid[a]), int(w.game.grid[b])) "
        "and w.game.connection(a, b) is None)"
    )
    lab.execute("w.deselect()")
    lab.wait_for_attr(ROOT, "data-selected", "")
    click_cell(page, blocked[0])
    lab.wait_for_attr(ROOT, "data-selected", f"{blocked[0][0]},{blocked[0][1]}")
    click_cell(page, blocked[1])
    lab.until("w.last_event['kind'] == 'refused'")
    reason = lab.evaluate("w.last_event['reason']")
    page.wait_for_function(f"document.querySelector('{STATUS}').dataset.kind === 'refused'")
    assert status.text_content() == reason and cut_off(status) == []
    lab.screenshot("mahjong-newcomer-phone-refused", page.locator(ROOT))
    # the hint's cost by the score on a phone too
    lab.execute("w.deselect()\nw.hint()")
    lab.wait_for_attr(ROOT, "data-score", -10)
    page.locator(f"{ROOT} .gw-header").scroll_into_view_if_needed()
    picture_cost(page, "mahjong-newcomer-phone-hint", page)
    assert status.text_content().startswith("Hint: −10 points.") and cut_off(status) == []
    # the question before play again, whole on a phone
    a, b = lab.evaluate("w.hint_pair")
    click_cell(page, a)
    click_cell(page, b)
    lab.wait_for_attr(ROOT, "data-tiles", 142)
    page.locator(f"{ROOT} .gw-toolbar [data-action=restart]").click()
    lab.wait_for_attr(ROOT, "data-asking", "restart")
    dialog = page.locator(f"{CONFIRM} .gw-dialog")
    assert cut_off(dialog) == [] and cut_off(page.locator(f"{CONFIRM} .gw-dialog-message")) == []
    lab.screenshot("mahjong-newcomer-phone-ask")
    page.keyboard.press("Escape")
    lab.wait_for_attr(ROOT, "data-asking", "")
    assert lab.evaluate("w.tiles_left") == 142

