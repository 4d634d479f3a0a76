"""Dominoes in a real JupyterLab + Chromium: an analysis (``w.show``) drawn on the table
-- candidate tiles with their scores, the line's ends, the chosen move, hard's
beliefs strip, the status line -- on a laptop and on a phone, and cleared by the next
move; on a phone looking back fits too. Screenshots: tests/e2e/screenshots/domino-analysis*.png.
"""

import math

from .domino_page import FIT_JS, LAPTOP, PHONE, ROOT, attr, open_game, outside, tile

# the user's move: 4-1 fits the left end (4), 6-3 and 6-1 the right one (6)
ANALYSED = ([["6-1", "3-2", "5-0", "4-1", "6-3", "5-5"], ["6-2", "1-1", "4-4", "0-0", "3-3"]], [[4, 6], [6, 6]])
HARD = "PLAYERS['hard'](samples=40, time_limit=None)"  # deterministic: no clock
# every tile the user cannot see: not in their hand, not on the line
UNSEEN = "sorted(tile_name(t) for t in TILES if t not in {as_tile(x) for x in [*w.game.hand(0), *w.game.line]})"
BOX_JS = "([root, p]) => document.querySelector(`${root} ${p}`).getBoundingClientRect().toJSON()"


def key(tile):
    return "-".join(str(p) for p in sorted(tile, reverse=True))


def check_overlay_shown(lab, page, overlay):
    """The hand's tiles, the line's ends and the status line show ``overlay``."""
    lab.wait_for_attr(ROOT, "data-overlay", len(overlay["tiles"]))
    marked = {key(t.get_attribute("data-tile").split("-")): t.get_attribute("data-candidate")
              for t in page.locator(f"{ROOT} .gw-dom-hand button[data-candidate]").all()}
    assert marked == {key(t["tile"]): t["label"] for t in overlay["tiles"]}
    chosen = page.locator(f"{ROOT} .gw-dom-hand button[data-chosen=true]")
    assert chosen.count() == 1 and key(chosen.get_attribute("data-tile").split("-")) == key(overlay["move"]["tile"])
    for end, mark in overlay["ends"].items():
        shown = page.locator(f"{ROOT} [data-end-mark={end}]")
        assert shown.is_visible() and shown.get_attribute("data-end-score") == mark["label"]
        assert (shown.get_attribute("data-chosen") == "true") == (end == overlay["move"]["end"])
    assert page.locator(f"{ROOT} .gw-status").inner_text() == overlay["title"]
    assert page.locator(f"{ROOT} .gw-legend").is_visible()


def check_the_parts_do_not_overlap(page):
    """Top row, beliefs, line, hand bar and hand follow each other within the table;
    the score badges stay inside the hand's row (it clips what sticks out)."""
    parts = [".gw-dom-top", ".gw-dom-beliefs", ".gw-dom-boardbox", ".gw-dom-handbar", ".gw-dom-hand"]
    boxes = [page.evaluate(BOX_JS, [ROOT, part]) for part in parts]
    for part, upper, lower in zip(parts, boxes, boxes[1:], strict=False):
        assert upper["bottom"] <= lower["top"] + 0.5, (part, upper, lower)
        assert outside(page, part, ".gw-dom-table") == [], part
    for badge in page.locator(f"{ROOT} .gw-dom-hand .gw-dom-score:visible").all():
        b = badge.bounding_box()
        assert boxes[-1]["top"] <= b["y"] and b["y"] + b["height"] <= boxes[-1]["bottom"], (b, boxes[-1])


def test_an_analysis_on_the_table_and_the_next_move_clears_it(lab):
    page = open_game(lab, *ANALYSED, viewport=LAPTOP)
    lab.wait_for_attr(ROOT, "data-turn", 0)
    strip = page.locator(f"{ROOT} .gw-dom-beliefs")
    assert attr(page, "data-overlay") == "0" and strip.is_hidden()
    lab.execute(f"w.show({HARD}.analyse(w.game))")
    overlay = lab.evaluate("w.overlay")
    assert overlay["beliefs"] and len(overlay["tiles"]) == 3
    check_overlay_shown(lab, page, overlay)
    assert attr(page, "data-overlay-move") == "play"
    # hard's beliefs: every unseen tile once, face up, its chance in %, most likely first
    assert strip.is_visible() and "Hard's guess at their hand" in strip.inner_text()
    beliefs = [(b.get_attribute("data-belief"), float(b.get_attribute("data-chance")))
               for b in strip.locator("[data-belief]").all()]
    assert sorted(k for k, _ in beliefs) == sorted(overlay["beliefs"]) == lab.evaluate(UNSEEN)
    assert [c for _, c in beliefs] == sorted((c for _, c in beliefs), reverse=True)
    assert all(overlay["beliefs"][k] == c for k, c in beliefs) and attr(page, "data-beliefs") == str(len(beliefs))
    shown = math.floor(beliefs[0][1] * 100 + 0.5)  # JavaScript's Math.round: a half rounds up
    assert f"{shown}%" in strip.locator(f'[data-belief="{beliefs[0][0]}"]').inner_text()
    check_the_parts_do_not_overlap(page)
    fit = page.evaluate(FIT_JS, ROOT)
    assert fit["handBottom"] <= fit["areaBottom"], fit  # the hand is still on the screen
    lab.screenshot("domino-analysis", page.locator(ROOT))
    # the chosen tile fits one end only: a click plays it, and the overlay goes
    tile(page, "-".join(map(str, overlay["move"]["tile"]))).click()
    lab.until("len(w.line) >= 3")
    lab.wait_for_attr(ROOT, "data-overlay", 0)
    assert lab.evaluate("w.overlay") == {} and strip.is_hidden()
    assert page.locator(f"{ROOT} [data-candidate], {ROOT} [data-end-mark]:visible").count() == 0
    assert page.locator(f"{ROOT} .gw-legend").is_hidden()
    assert not [m for m in lab.console if "error" in m.lower()], lab.console


def test_on_a_phone_an_analysis_fits_the_table_and_so_does_looking_back(lab):
    page = open_game(lab, *ANALYSED, viewport=PHONE)
    lab.wait_for_attr(ROOT, "data-compact", "true")
    lab.execute(f"w.show({HARD}.analyse(w.game))")
    overlay = lab.evaluate("w.overlay")
    lab.wait_for_attr(ROOT, "data-beliefs", len(overlay["beliefs"]))  # the strip wraps to the table's width
    check_overlay_shown(lab, page, overlay)
    check_the_parts_do_not_overlap(page)
    assert page.locator(ROOT).evaluate("(r) => r.scrollWidth <= r.clientWidth + 1")
    lab.screenshot("domino-analysis-phone", page.locator(ROOT))
    # the chosen tile played, the computer's answer; a look back
    tile(page, "-".join(map(str, overlay["move"]["tile"]))).click()
    lab.until("w.turn == 0 and not w.thinking and len(w.line) == 4", timeout=30)
    lab.wait_for_attr(ROOT, "data-history", "2/2")
    page.keyboard.press("PageUp")  # (the played tile had the focus: the view keeps it)
    lab.wait_for_attr(ROOT, "data-history", "1/2")
    lab.wait_for_attr(ROOT, "data-line", 3)
    banner = page.locator(f"{ROOT} .gw-banner[data-banner=history]")
    assert banner.is_visible() and banner.bounding_box()["y"] < page.evaluate(BOX_JS, [ROOT, "canvas.gw-board"])["top"]
    assert outside(page, ".gw-dom-boardbox", ".gw-dom-table") == [] and outside(page, ".gw-history", "") == []
    lab.screenshot("domino-history-phone", page.locator(ROOT))
    # later in the hand: two-digit moves still fit the banner
    lab.execute("w.seed = 1\nw.watch('easy', moves=12, delay=0)\nw.goto(-2)")
    last = lab.evaluate("w.history_length - 1")
    assert last >= 10
    lab.wait_for_attr(ROOT, "data-history", f"{last - 1}/{last}")
    assert f"move {last - 1} of {last}" in banner.inner_text()
    assert banner.locator(".gw-banner-text").evaluate("(t) => t.scrollWidth <= t.clientWidth")  # not cut
    assert outside(page, ".gw-dom-boardbox", ".gw-dom-table") == []
    lab.screenshot("domino-history-phone-late", page.locator(ROOT))
    page.keyboard.press("Escape")
    lab.wait_for_attr(ROOT, "data-history", f"{last}/{last}")
    assert not [m for m in lab.console if "error" in m.lower()], lab.console


def test_an_analysis_of_the_opening_marks_the_one_slot_and_the_lead_tile(lab):
    page = open_game(lab, [["6-6", "1-2", "3-4"], ["5-5", "2-2", "0-1"]], [])
    lab.wait_for_attr(ROOT, "data-turn", 0)
    lab.execute(f"w.show({HARD}.analyse(w.game))")
    check_overlay_shown(lab, page, lab.evaluate("w.overlay"))
    lead = tile(page, "6-6")
    assert lead.get_attribute("data-opening") == "true" and lead.get_attribute("data-chosen") == "true"
    lead_box, score_box = lead.locator(".gw-dom-lead").bounding_box(), lead.locator(".gw-dom-score").bounding_box()
    assert lead_box["y"] >= score_box["y"] + score_box["height"]  # both marks show, apart
    slot = page.locator(f"{ROOT} [data-end-mark=right]")
    assert slot.get_attribute("data-chosen") == "true" and page.locator(f"{ROOT} [data-end-mark=left]").is_hidden()
    lab.screenshot("domino-analysis-opening", page.locator(ROOT))
    lead.click()
    lab.wait_for_attr(ROOT, "data-overlay-move", "")
    assert slot.is_hidden() and lab.evaluate("len(w.game.line)") >= 1
