"""Dominoes in a real JupyterLab + Chromium: playing a tile by clicks (tile, then an
end marker) and the computer's answer, drawing when nothing fits, the level menu,
local mode's handoff screen and the end-of-hand screen; on a phone (412x915: the
output gets ~296 px) nothing of the table is clipped, and on a laptop (1366x768) a
long line leaves the hand on the screen. The history slider looks back read-only
(also behind local mode's handoff screen). An analysis drawn on the table:
test_domino_analysis.py.

The view's root is ``[data-game=domino]``; its data attributes (turn, hand, playable,
line, boneyard, selected, handoff, thinking, result, event, ...) say what the view
shows, and ``lab.evaluate`` reads what Python holds. Positions are set up with
``Game.from_position`` so every test is deterministic. Widgets use ``store=None``
and ``muted=True``. Screenshots go to tests/e2e/screenshots/domino-*.png.
"""

from .domino_page import FIT_JS, IMPORTS, LAPTOP, PHONE, ROOT, attr, open_game, outside, tile


def test_play_a_tile_by_clicks_and_the_computer_answers(lab):
    page = open_game(lab, [["6-1", "3-2", "5-0"], ["6-2", "1-1", "4-4"]], [[6, 6]])
    lab.wait_for_attr(ROOT, "data-turn", 0)
    assert attr(page, "data-hand") == "3"
    assert attr(page, "data-playable") == "1"
    assert attr(page, "data-line") == "1"
    assert tile(page, "6-1").get_attribute("data-playable") == "true"
    assert tile(page, "3-2").get_attribute("data-playable") == "false"
    # both ends show 6: choosing the tile shows two end markers
    tile(page, "6-1").click()
    lab.wait_for_attr(ROOT, "data-selected", "6-1")
    assert page.locator(f"{ROOT} button[data-end=left]").is_visible()
    assert page.locator(f"{ROOT} button[data-end=right]").is_visible()
    lab.screenshot("domino-selected", page.locator(ROOT))
    # Esc puts it back
    page.keyboard.press("Escape")
    lab.wait_for_attr(ROOT, "data-selected", "")
    assert not page.locator(f"{ROOT} button[data-end=left]").is_visible()
    tile(page, "6-1").click()
    lab.wait_for_attr(ROOT, "data-selected", "6-1")
    page.locator(f"{ROOT} button[data-end=right]").click()
    lab.until("[6, 1] in w.line")
    line = lab.evaluate("w.line")
    assert line[line.index([6, 6]) + 1] == [6, 1]  # played at the right end
    # the computer (easy) answers; then it is the user's turn again
    lab.until("w.turn == 0 and not w.thinking and len(w.line) == 3", timeout=30)
    lab.wait_for_attr(ROOT, "data-turn", 0)
    lab.wait_for_attr(ROOT, "data-line", 3)
    lab.wait_for_attr(ROOT, "data-hand", 2)
    assert attr(page, "data-selected") == ""
    assert attr(page, "data-thinking") == "false"
    lab.screenshot("domino-after-answer", page.locator(ROOT))
    assert not [m for m in lab.console if "error" in m.lower()], lab.console


def test_draw_when_nothing_fits(lab):
    page = open_game(lab, [["1-2", "3-4", "0-1"], ["6-1", "2-2", "3-3"]], [[6, 6]], first=["6-5"])
    lab.wait_for_attr(ROOT, "data-turn", 0)
    assert attr(page, "data-playable") == "0"
    draw = page.locator(f"{ROOT} button[data-action=draw]")
    assert draw.is_visible()
    assert not page.locator(f"{ROOT} button[data-action=pass]").is_visible()
    lab.screenshot("domino-must-draw", page.locator(ROOT))
    # an analysis whose move is a draw marks the boneyard and Draw (medium: no beliefs)
    lab.execute("w.show(PLAYERS['medium']().analyse(w.game))")
    lab.wait_for_attr(ROOT, "data-overlay-move", "draw")
    assert [attr(page, "data-overlay"), attr(page, "data-beliefs")] == ["0", "0"]
    assert draw.get_attribute("data-chosen") == "true"
    pile = page.locator(f"{ROOT} [data-pile=boneyard]")
    assert pile.get_attribute("data-candidate") == "draw" and pile.get_attribute("data-chosen") == "true"
    assert page.locator(f"{ROOT} .gw-status").inner_text() == lab.evaluate("w.overlay['title']")
    lab.screenshot("domino-analysis-draw", page.locator(ROOT))
    boneyard = int(attr(page, "data-boneyard"))
    draw.click()
    lab.wait_for_attr(ROOT, "data-overlay-move", "")  # the draw clears it
    assert pile.get_attribute("data-chosen") is None
    lab.wait_for_attr(ROOT, "data-hand", 4)
    lab.wait_for_attr(ROOT, "data-boneyard", boneyard - 1)
    lab.wait_for_attr(ROOT, "data-playable", 1)
    assert tile(page, "6-5").get_attribute("data-playable") == "true"
    assert not draw.is_visible()
    assert lab.evaluate("[list(t) for t in w.hand]").count([6, 5]) == 1


def test_level_menu_changes_the_level_and_keeps_the_hands(lab):
    page = open_game(lab, [["6-1", "3-2", "5-0"], ["6-2", "1-1", "4-4"]], [[6, 6]])
    lab.wait_for_attr(ROOT, "data-level", "easy")
    before = lab.evaluate("[w.hand, w.line, w.counts, w.boneyard]")
    page.locator(f"{ROOT} button[data-action=level]").click()
    menu = page.locator(f"{ROOT} [data-dialog=level]")
    assert menu.is_visible()
    lab.screenshot("domino-level-menu", page.locator(ROOT))
    menu.locator("button[data-level=hard]").click()
    lab.until("w.level == 'hard'")
    lab.wait_for_attr(ROOT, "data-level", "hard")
    assert not menu.is_visible()
    assert lab.evaluate("[w.hand, w.line, w.counts, w.boneyard]") == before
    # cancel changes nothing
    page.locator(f"{ROOT} button[data-action=level]").click()
    assert menu.is_visible()
    menu.locator("button[data-level=easy]").hover()
    menu.locator("button[data-action=cancel]").click()
    assert not menu.is_visible()
    assert lab.evaluate("w.level") == "hard"
    assert lab.evaluate("[w.hand, w.line, w.counts, w.boneyard]") == before


def test_local_mode_hides_the_hand_behind_the_handoff_screen(lab):
    page = open_game(lab, [["6-1", "3-2", "5-0"], ["6-2", "1-1", "4-4"]], [[6, 6]], mode="local")
    screen = page.locator(f"{ROOT} [data-dialog=handoff]")
    lab.wait_for_attr(ROOT, "data-handoff", "true")
    assert screen.is_visible()
    assert "Pass the device to Player 1" in screen.inner_text()
    assert attr(page, "data-hand") == "0"
    assert page.locator(f"{ROOT} button[data-tile]").count() == 0
    assert not page.locator(f"{ROOT} button[data-action=level]").is_visible()
    screen.locator("button[data-action=reveal]").click()
    lab.wait_for_attr(ROOT, "data-handoff", "false")
    lab.wait_for_attr(ROOT, "data-hand", 3)
    assert not screen.is_visible()
    tile(page, "6-1").click()
    page.locator(f"{ROOT} button[data-end=left]").click()
    lab.wait_for_attr(ROOT, "data-handoff", "true")
    lab.wait_for_attr(ROOT, "data-turn", 1)
    assert "Pass the device to Player 2" in screen.inner_text()
    assert "I am Player 2" in screen.locator("button[data-action=reveal]").inner_text()
    assert attr(page, "data-hand") == "0"
    lab.screenshot("domino-handoff", page.locator(ROOT))
    # looking back puts the screen away: the earlier line shows, but no hand; Esc brings it back
    page.locator(f"{ROOT} [data-action=history-back]").click()
    lab.wait_for_attr(ROOT, "data-history", "0/1")
    lab.wait_for_attr(ROOT, "data-line", 1)
    assert screen.is_hidden() and attr(page, "data-hand") == "0"
    assert page.locator(f"{ROOT} button[data-tile]").count() == 0
    page.keyboard.press("Escape")
    lab.wait_for_attr(ROOT, "data-history", "1/1")
    assert screen.is_visible()
    screen.locator("button[data-action=reveal]").click()
    lab.wait_for_attr(ROOT, "data-handoff", "false")
    lab.wait_for_attr(ROOT, "data-seat", 1)
    lab.wait_for_attr(ROOT, "data-hand", 3)
    assert tile(page, "6-2").get_attribute("data-playable") == "true"


def test_end_of_hand_screen_after_playing_out(lab):
    # the user's last tile fits only the right end: one click plays it
    page = open_game(lab, [["2-1"], ["5-3", "4-4", "0-0"]], [[6, 6], [6, 2]])
    lab.wait_for_attr(ROOT, "data-turn", 0)
    assert attr(page, "data-playable") == "1"
    tile(page, "2-1").click()
    lab.until("bool(w.result)")
    lab.wait_for_attr(ROOT, "data-result", "won")
    result = page.locator(f"{ROOT} [data-dialog=result]")
    assert result.is_visible()
    text = result.inner_text()
    assert "You win" in text
    assert "16 points" in text  # 5+3 + 4+4 + 0+0
    assert lab.evaluate("w.result['points']") == 16
    assert result.locator("canvas").count() == 3  # the computer's tiles are shown
    lab.screenshot("domino-result", page.locator(ROOT))
    result.locator("button[data-action=new]").click()
    lab.until("not w.result")
    lab.wait_for_attr(ROOT, "data-result", "")
    assert not result.is_visible()


# a line of 26 tiles: the longest a hand can have with a tile in each hand
LONG_LINE = [[0, 0], [0, 1], [1, 1], [1, 2], [2, 0], [0, 3], [3, 1], [1, 4], [4, 0], [0, 5], [5, 1], [1, 6], [6, 2],
             [2, 2], [2, 3], [3, 3], [3, 4], [4, 2], [2, 5], [5, 3], [3, 6], [6, 4], [4, 4], [4, 5], [5, 5], [5, 6]]


def test_on_a_phone_nothing_of_the_table_is_clipped(lab):
    page = open_game(lab, [["6-1", "3-2", "5-0", "4-1", "2-2", "6-3", "5-5"], ["6-2", "1-1", "4-4"]], [[6, 6]],
                     viewport=PHONE)
    lab.wait_for_attr(ROOT, "data-compact", "true")
    root = page.locator(ROOT)
    assert root.evaluate("(r) => r.scrollWidth <= r.clientWidth + 1")
    assert outside(page, ".gw-dom-top", ".gw-dom-table") == []
    assert outside(page, ".gw-dom-boardbox", ".gw-dom-table") == []
    assert outside(page, ".gw-dom-handbar", ".gw-dom-table") == []
    assert outside(page, ".gw-dom-hand", ".gw-dom-table") == []
    # the hand scrolls sideways; a tile at its end can be reached and chosen
    tile(page, "6-1").click()
    lab.wait_for_attr(ROOT, "data-selected", "6-1")
    for end in ("left", "right"):
        assert page.locator(f"{ROOT} button[data-end={end}]").is_visible()
    assert outside(page, ".gw-dom-boardbox", ".gw-dom-table") == []
    lab.screenshot("domino-phone-selected", root)
    page.keyboard.press("Escape")
    lab.wait_for_attr(ROOT, "data-selected", "")
    # the level menu fits the table's width
    page.locator(f"{ROOT} button[data-action=level]").click()
    menu = page.locator(f"{ROOT} [data-dialog=level]")
    assert menu.is_visible()
    assert outside(page, "[data-dialog=level] .gw-dialog", ".gw-dom-table", pad=False) == []
    lab.screenshot("domino-phone-level-menu", root)
    menu.locator("button[data-action=cancel]").click()
    # the end of the hand: both hands, within the table
    lab.execute(
        "with w.hold_sync():\n"
        "    w.turn = None\n"
        "    w.playable = []\n"
        "    w.result = {'winner': 1, 'points': 12, 'reason': 'blocked', 'pips': [40, 14],\n"
        "                'hands': [w.hand, [[6, 2], [1, 1], [4, 4]]]}\n"
    )
    result = page.locator(f"{ROOT} [data-dialog=result]")
    lab.wait_for_attr(ROOT, "data-result", "lost")
    assert result.is_visible()
    assert outside(page, "[data-dialog=result] .gw-dialog", ".gw-dom-table", pad=False) == []
    assert result.locator("canvas").count() == 10
    lab.screenshot("domino-phone-result", root)
    assert not [m for m in lab.console if "error" in m.lower()], lab.console


def test_a_long_line_leaves_the_hand_on_a_laptop_screen(lab):
    page = open_game(lab, [["6-6"], ["6-0"]], LONG_LINE, viewport=LAPTOP)
    lab.wait_for_attr(ROOT, "data-line", 26)
    fit = page.evaluate(FIT_JS, ROOT)
    lab.screenshot("domino-long-line-1366x768")
    assert fit["height"] <= fit["area"], fit
    assert fit["handBottom"] <= fit["areaBottom"], fit
    # a shorter window: the line's tiles get smaller, the hand stays on the screen
    page.set_viewport_size({"width": 1366, "height": 600})
    page.wait_for_function(
        f"() => document.querySelector('{ROOT} canvas.gw-board').getBoundingClientRect().height < {fit['board']}"
    )
    lab.wait_still(ROOT)  # the resize settled
    short = page.evaluate(FIT_JS, ROOT)
    lab.screenshot("domino-long-line-1366x600")
    assert short["height"] <= short["area"], short
    assert short["handBottom"] <= short["areaBottom"], short
    # the newest tile still goes on by a click (it fits one end only)
    tile(page, "6-6").click()
    lab.until("len(w.line) == 27")
    lab.wait_for_attr(ROOT, "data-line", 27)
    lab.wait_still(ROOT)
    played = page.evaluate(FIT_JS, ROOT)
    assert played["height"] <= played["area"], played
    lab.screenshot("domino-long-line-played", page.locator(ROOT))


def test_two_views_of_one_widget_choose_their_own_tile(lab):
    game = 'position([["6-1", "3-2", "5-0"], ["6-2", "1-1", "4-4"]], [[6, 6]])'
    page = lab.open_notebook([IMPORTS, f'w = Domino(game={game}, level="easy", store=None, muted=True)\nw', "w"])
    views = page.locator(ROOT)
    page.wait_for_function(f"() => document.querySelectorAll('{ROOT}[data-turn=\"0\"]').length === 2")
    first, second = views.nth(0), views.nth(1)
    first.locator('button[data-tile="6-1"]').click()
    page.wait_for_function(f"() => document.querySelector('{ROOT}').dataset.selected === '6-1'")
    assert second.get_attribute("data-selected") == ""
    assert second.locator("button[data-end=left]").is_hidden()
    # a move in one view shows in both
    first.locator("button[data-end=left]").click()
    lab.until("len(w.line) >= 2")
    for view in (first, second):
        page.wait_for_function("(el) => Number(el.dataset.line) >= 2", arg=view.element_handle())
    assert second.get_attribute("data-selected") == ""


# ----------------------------------------------------------------------- history

# records whether the banner is nudged (its class gw-nudge comes and goes within 0.7 s)
WATCH_NUDGE_JS = """(root) => { const b = document.querySelector(`${root} .gw-banner[data-banner=history]`);
    window.__gwNudged = false;
    new MutationObserver(() => { window.__gwNudged ||= b.classList.contains("gw-nudge"); })
        .observe(b, {attributes: true, attributeFilter: ["class"]}); }"""


def test_history_slider_looks_back_read_only(lab):
    page = open_game(lab, [["6-1", "3-2", "5-0"], ["6-2", "1-1", "4-4"]], [[6, 6]])
    lab.wait_for_attr(ROOT, "data-history", "0/0")
    slider, table = page.locator(f"{ROOT} .gw-history"), page.locator(f"{ROOT} .gw-dom-table")
    assert slider.get_attribute("data-reserved") == "true" and not slider.is_visible()  # room kept, not shown
    table_top = table.bounding_box()["y"]
    tile(page, "6-1").click()
    page.locator(f"{ROOT} button[data-end=right]").click()
    lab.until("w.turn == 0 and not w.thinking and len(w.line) == 3", timeout=30)
    lab.wait_for_attr(ROOT, "data-history", "2/2")
    lab.wait_for_attr(ROOT, "data-line", 3)
    assert slider.is_visible() and table.bounding_box()["y"] == table_top  # nothing above moved
    live = lab.evaluate("[w.line, w.hand]")
    banner = page.locator(f"{ROOT} .gw-banner[data-banner=history]")
    # one step back with the slider's button: after the user's move, before the answer
    page.locator(f"{ROOT} [data-action=history-back]").click()
    lab.wait_for_attr(ROOT, "data-history", "1/2")
    assert attr(page, "data-history-mode") == "back" and attr(page, "data-animating") == "false"  # no drop
    lab.wait_for_attr(ROOT, "data-line", 2)
    assert lab.evaluate("[w.history_index, w.line]") == [1, [[6, 6], [6, 1]]] and attr(page, "data-hand") == "2"
    assert banner.is_visible() and "move 1 of 2" in banner.inner_text()
    assert "Looking back" in page.locator(f"{ROOT} .gw-status").inner_text()
    assert outside(page, ".gw-dom-boardbox", ".gw-dom-table") == []
    lab.screenshot("domino-history", page.locator(ROOT))
    # PageUp: the start, the hand as dealt
    page.keyboard.press("PageUp")
    lab.wait_for_attr(ROOT, "data-history", "0/2")
    lab.wait_for_attr(ROOT, "data-line", 1)
    lab.wait_for_attr(ROOT, "data-hand", 3)
    # read-only: a click on a tile sends nothing, selects nothing, nudges the banner
    assert tile(page, "6-1").get_attribute("data-playable") == "false"
    page.evaluate(WATCH_NUDGE_JS, ROOT)
    tile(page, "6-1").click(force=True)  # (not playable there: aria-disabled)
    lab.round_trip(ROOT)
    assert lab.evaluate("[w.history_index, len(w.game.line), w.line, w.error]") == [0, 3, [[6, 6]], ""]
    assert attr(page, "data-selected") == "" and page.evaluate("window.__gwNudged") is True
    assert page.locator(f"{ROOT} button[data-end]:visible, {ROOT} button[data-action=draw]:visible").count() == 0
    # ] steps forward, Esc returns to the live game
    page.keyboard.press("]")
    lab.wait_for_attr(ROOT, "data-history", "1/2")
    page.keyboard.press("Escape")
    lab.wait_for_attr(ROOT, "data-history", "2/2")
    assert attr(page, "data-history-mode") == "live"
    # the level menu works while looking back; Back to game returns to the live game
    page.keyboard.press("PageUp")
    lab.wait_for_attr(ROOT, "data-history", "1/2")
    page.locator(f"{ROOT} button[data-action=level]").click()
    page.locator(f"{ROOT} [data-dialog=level] button[data-level=medium]").click()
    lab.until("w.level == 'medium'")
    page.locator(f"{ROOT} [data-action=history-live]").click()
    lab.wait_for_attr(ROOT, "data-history", "2/2")
    lab.wait_for_attr(ROOT, "data-line", 3)
    assert lab.evaluate("[w.line, w.hand]") == live and banner.is_hidden()
    lab.wait_for_attr(ROOT, "data-playable", 1)  # the hand plays again
    assert not [m for m in lab.console if "error" in m.lower()], lab.console
