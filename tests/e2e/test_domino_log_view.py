"""Dominoes in a real JupyterLab + Chromium: what the computer did, in words -- the hand
log under the table after forced draws (one line for a run of draws, the step shown
marked when looking back, a click on a line looks back there) and the status line;
the computer's tiles revealed at the end of a hand; the mode restored after a kernel
restart; Why? on a computer move (its candidate tiles face up with their scores, hard's
guess at the user's hand), on a laptop and on a phone. Screenshots:
tests/e2e/screenshots/domino-log*.png, domino-revealed*.png, domino-why*.png.
"""

from .domino_page import LAPTOP, PHONE, ROOT, attr, open_game, outside, tile

# the computer to move at 6|6 with no six: it draws 2-1, 5-0, 4-1 and 6-2, then plays
# the 6-2; the user (no six, no two) then draws 0-0, 1-1 and 2-0, which fits
FORCED = ([["1-0", "3-0", "3-1"], ["5-5", "4-4", "3-3"]], [[6, 6]])
FORCED_FIRST = ["2-1", "5-0", "4-1", "6-2"]
# the computer (hard) to move at 6|6 holding two sixes: four candidate plays
CHOICE = ([["1-0", "3-0", "3-1"], ["5-5", "6-4", "6-3", "3-3"]], [[6, 6]])
HARD = "'hard', ai={'samples': 40, 'time_limit': None}"  # deterministic: no clock
BOX_JS = "([root, p]) => document.querySelector(`${root} ${p}`).getBoundingClientRect().toJSON()"


def log_lines(page):
    return [line.inner_text().strip() for line in page.locator(f"{ROOT} .gw-dom-log-line").all()]


def status(page):
    return page.locator(f"{ROOT} .gw-status").inner_text()


def open_with_the_computer_to_move(lab, hands, line, *, first=(), level='"easy"', viewport=LAPTOP):
    """Open the position with the computer to move (it answers once the cell has run)
    and wait for the user's turn."""
    page = open_game(lab, hands, line, first=first, turn=1, viewport=viewport, level=level)
    lab.until("w.game.turn == 0 and not w.thinking", timeout=60)
    lab.wait_for_attr(ROOT, "data-turn", 0)
    return page


def test_the_hand_log_after_forced_draws_and_the_status_words(lab):
    page = open_with_the_computer_to_move(lab, *FORCED, first=FORCED_FIRST)
    end = lab.evaluate("w.game.history[-1].end")
    lab.wait_for_attr(ROOT, "data-log", 2)
    assert log_lines(page) == ["Computer drew 4 tiles", f"Computer played 6|2 on the {end} end"]
    assert status(page).startswith(f"The computer drew 4 tiles, then played 6|2 on the {end}. Your turn")
    assert attr(page, "data-recap") == lab.evaluate("w.recap")
    # the user's forced draws: one line, growing, naming the user's own tiles
    draw = page.locator(f"{ROOT} button[data-action=draw]")
    for n, drawn in enumerate(["0|0", "0|0, 1|1", "0|0, 1|1, 2|0"], start=1):
        draw.click()
        lab.wait_for_attr(ROOT, "data-history", f"{5 + n}/{5 + n}")
        lab.wait_for_attr(ROOT, "data-log", 3)
        assert log_lines(page)[-1] == f"You drew {'a tile' if n == 1 else f'{n} tiles'}: {drawn}"
    assert attr(page, "data-recap") == "" and "The computer" not in status(page)  # the user acted since
    assert page.locator(f"{ROOT} .gw-dom-log-head").inner_text().replace("\n", " ").upper() == "HAND LOG 8 ACTIONS"
    log = page.locator(f"{ROOT} .gw-dom-log")
    assert outside(page, ".gw-dom-log", "") == []
    lab.screenshot("domino-log", page.locator(ROOT))
    # a click on a line looks back there (its last step), the line marked; PageUp steps
    # inside the run of draws, the line says which draw
    page.locator(f"{ROOT} .gw-dom-log-line[data-log-entry='0']").click()
    lab.wait_for_attr(ROOT, "data-history", "4/8")
    assert lab.evaluate("w.history_index") == 4 and log.get_attribute("data-log-shown") == "0"
    first = page.locator(f"{ROOT} .gw-dom-log-line[data-log-entry='0']")
    assert first.get_attribute("aria-current") == "step" and first.inner_text().strip().endswith("4 of 4")
    page.keyboard.press("PageUp")
    lab.wait_for_attr(ROOT, "data-history", "3/8")
    assert first.inner_text().strip().endswith("3 of 4") and log.get_attribute("data-log-shown") == "0"
    # the computer's draw there has its reasons, on the status line
    drew = "Why? The computer (easy) drew a tile \u2014 no tile fits: draw"
    assert status(page) == lab.evaluate("w.overlay['title']") == drew
    page.keyboard.press("PageDown")
    page.keyboard.press("PageDown")
    lab.wait_for_attr(ROOT, "data-history", "5/8")
    assert log.get_attribute("data-log-shown") == "1"
    lab.screenshot("domino-log-looking-back", page.locator(ROOT))
    page.locator(f"{ROOT} .gw-dom-log-line[data-log-entry='2']").click()  # the newest line: the live game
    lab.wait_for_attr(ROOT, "data-history", "8/8")
    assert log.get_attribute("data-log-shown") == "" and lab.evaluate("w.looking_back") is False
    assert not [m for m in lab.console if "error" in m.lower()], lab.console


def test_the_log_scrolls_to_the_newest_line_and_fits_a_phone(lab):
    sixes = ["6-5", "6-4", "6-3", "6-2", "6-1", "6-0"]  # the user's: nothing fits the computer
    page = open_with_the_computer_to_move(lab, [sixes, ["5-5", "4-4", "3-3"]], [[6, 6]], viewport=PHONE)
    lab.wait_for_attr(ROOT, "data-compact", "true")
    lab.wait_for_attr(ROOT, "data-log", 2)
    assert log_lines(page) == ["Computer drew 18 tiles", "Computer passed"]
    assert status(page).startswith("The computer drew 18 tiles and passed.")
    tile(page, "6-5").click()  # both ends show 6: choose one
    page.locator(f"{ROOT} button[data-end=left]").click()
    lab.until("len(w.log) >= 4 and w.game.turn == 0 and not w.thinking", timeout=60)
    lab.wait_for_attr(ROOT, "data-log", lab.evaluate("len(w.log)"))
    listing = page.locator(f"{ROOT} .gw-dom-log-list")
    assert listing.evaluate("(l) => l.scrollHeight > l.clientHeight")  # more lines than it shows: it scrolls
    assert listing.evaluate("(l) => Math.abs(l.scrollTop + l.clientHeight - l.scrollHeight) <= 1")  # the newest
    newest = page.locator(f"{ROOT} .gw-dom-log-line").last
    assert newest.bounding_box()["y"] + newest.bounding_box()["height"] <= listing.bounding_box()["y"] \
        + listing.bounding_box()["height"] + 1
    assert outside(page, ".gw-dom-log", "") == [] and page.locator(ROOT).evaluate(
        "(r) => r.scrollWidth <= r.clientWidth + 1")
    lab.screenshot("domino-log-phone", page.locator(ROOT))


def test_the_computers_tiles_are_revealed_at_the_end_of_the_hand(lab):
    page = open_game(lab, [["2-1"], ["5-3", "4-4", "0-0"]], [[6, 6], [6, 2]], viewport=LAPTOP)
    lab.wait_for_attr(ROOT, "data-turn", 0)
    pile = page.locator(f"{ROOT} [data-pile=opponent]")
    assert attr(page, "data-revealed") == "0" and pile.locator("canvas").count() == 1  # the fan of backs
    tile(page, "2-1").click()
    lab.wait_for_attr(ROOT, "data-result", "won")
    assert lab.evaluate("w.revealed") == [[0, 0], [4, 4], [5, 3]]
    lab.wait_for_attr(ROOT, "data-revealed", 3)
    result = page.locator(f"{ROOT} [data-dialog=result]")
    theirs = result.locator("[data-seat='1']")
    assert theirs.get_attribute("data-revealed") == "true" and theirs.locator("canvas").count() == 3
    assert "Computer \u00b7 16 pips left" in theirs.inner_text()
    lab.screenshot("domino-revealed-result", page.locator(ROOT))
    # See the table: the screen goes, the computer's tiles lie face up in its pile
    result.locator("button[data-action=see-table]").click()
    assert result.is_hidden()
    assert pile.locator(".gw-dom-revealed canvas").count() == 3 and pile.get_attribute("data-revealed") == "3"
    assert "tiles left" in pile.inner_text().lower() and pile.get_attribute("title") == \
        "Computer's tiles left: 0\u20130, 4\u20134, 5\u20133"
    assert status(page) == "You win 16 points. New game deals again."
    assert log_lines(page)[-1] == "You played 2|1 on the right end"
    lab.screenshot("domino-revealed-table", page.locator(ROOT))
    # looking back, the hand is not over there: backs again; the live game: face up
    page.keyboard.press("PageUp")
    lab.wait_for_attr(ROOT, "data-revealed", 0)
    assert pile.locator(".gw-dom-revealed").count() == 0 and result.is_hidden()
    page.keyboard.press("Escape")
    lab.wait_for_attr(ROOT, "data-revealed", 3)
    page.locator(f"{ROOT} .gw-toolbar button[data-action=new]").click()
    lab.until("not w.result")
    lab.wait_for_attr(ROOT, "data-revealed", 0)
    assert lab.evaluate("w.revealed") == [] and result.is_hidden()
    assert not [m for m in lab.console if "error" in m.lower()], lab.console


def test_on_one_device_no_tile_is_revealed_and_a_phone_shows_the_computers(lab):
    page = open_game(lab, [["2-1"], ["5-3", "4-4", "0-0"]], [[6, 6], [6, 2]], mode="local")
    page.locator(f"{ROOT} [data-dialog=handoff] button[data-action=reveal]").click()
    tile(page, "2-1").click()
    lab.wait_for_attr(ROOT, "data-result", "0")
    assert attr(page, "data-revealed") == "0" and lab.evaluate("w.revealed") == []
    assert page.locator(f"{ROOT} .gw-dom-revealed").count() == 0
    phone = open_game(lab, [["2-1"], ["5-3", "4-4", "0-0", "6-5", "5-5", "1-0"]], [[6, 6], [6, 2]], viewport=PHONE)
    lab.wait_for_attr(ROOT, "data-compact", "true")
    tile(phone, "2-1").click()
    lab.wait_for_attr(ROOT, "data-revealed", 6)
    phone.locator(f"{ROOT} [data-dialog=result] button[data-action=see-table]").click()
    assert outside(phone, ".gw-dom-top", ".gw-dom-table") == []
    lab.screenshot("domino-revealed-phone", phone.locator(ROOT))


def test_the_mode_is_restored_after_a_restart(lab):
    page = lab.open_notebook(["from gamewidgets.domino.widget import Domino", "w = Domino(muted=True)\nw"])
    lab.wait_for_attr(ROOT, "data-mode", "computer")
    lab.execute("Domino(mode='local')")  # the user plays on one device, in another cell
    lab.restart_kernel()
    lab.run_all()  # a new kernel, the same `Domino()`
    lab.wait_for_attr(ROOT, "data-connection", "live")
    lab.wait_for_attr(ROOT, "data-mode", "local")
    assert lab.evaluate("w.mode") == "local" and page.locator(f"{ROOT} [data-dialog=handoff]").is_visible()
    assert page.locator(f"{ROOT} button[data-action=why]").is_hidden()  # no computer here
    lab.execute("Domino(mode='computer')")
    lab.restart_kernel()
    lab.run_all()
    lab.wait_for_attr(ROOT, "data-connection", "live")
    lab.wait_for_attr(ROOT, "data-mode", "computer")


def check_why_shown(lab, page):
    """The computer's reasons: its candidate plays face up with their scores, hard's
    guess at the user's tiles, the title on the status line; nothing on the user's hand."""
    overlay = lab.evaluate("w.overlay")
    assert overlay["player"] == 1
    lab.wait_for_attr(ROOT, "data-reasons", len(overlay["tiles"]))
    assert attr(page, "data-overlay-player") == "1" and attr(page, "data-overlay") == "0"
    strip = page.locator(f"{ROOT} .gw-dom-reasons")
    shown = [(c.get_attribute("data-reason"), c.get_attribute("data-end"), c.get_attribute("data-score"))
             for c in strip.locator("[data-reason]").all()]
    assert shown == [("-".join(map(str, t["tile"])), t["end"], t["label"]) for t in overlay["tiles"]]
    chosen = strip.locator("[data-chosen=true]")
    assert chosen.count() == 1 and chosen.get_attribute("data-end") == overlay["move"]["end"]
    assert "Hard could play" in strip.inner_text()
    beliefs = page.locator(f"{ROOT} .gw-dom-beliefs")
    assert "Hard's guess at your hand" in beliefs.inner_text()
    assert sorted(b.get_attribute("data-belief") for b in beliefs.locator("[data-belief]").all()) == \
        sorted(overlay["beliefs"]) == ["1-0", "3-0", "3-1"]
    assert status(page) == overlay["title"] and overlay["title"].startswith("Why? The computer (hard) played")
    assert page.locator(f"{ROOT} .gw-dom-hand [data-candidate]").count() == 0
    # the strips (side by side where they fit) between the top row and the line, apart
    top, reasons, guess, board = (page.evaluate(BOX_JS, [ROOT, part]) for part in (
        ".gw-dom-top", ".gw-dom-reasons", ".gw-dom-beliefs", ".gw-dom-boardbox"))
    for strip in (reasons, guess):
        assert top["bottom"] <= strip["top"] + 0.5 and strip["bottom"] <= board["top"] + 0.5, (top, strip, board)
    assert reasons["right"] <= guess["left"] + 0.5 or reasons["bottom"] <= guess["top"] + 0.5, (reasons, guess)
    for part in (".gw-dom-top", ".gw-dom-strips", ".gw-dom-boardbox", ".gw-dom-handbar"):
        assert outside(page, part, ".gw-dom-table") == [], part


def test_why_on_a_computer_move(lab):
    page = open_with_the_computer_to_move(lab, *CHOICE, level=HARD)
    why = page.locator(f"{ROOT} button[data-action=why]")
    assert why.is_visible() and "playable tiles at that moment" in why.get_attribute("title")
    lab.wait_for_attr(ROOT, "data-why", "on")
    why.click()
    lab.wait_for_attr(ROOT, "data-why", "shown")
    check_why_shown(lab, page)
    lab.screenshot("domino-why", page.locator(ROOT))
    # the next move puts it away
    lab.execute("w.draw() if w.can_draw else w.play(w.playable[0]['tile'], w.playable[0]['ends'][0])")
    lab.wait_for_attr(ROOT, "data-reasons", 0)
    assert attr(page, "data-overlay-player") == ""
    assert not [m for m in lab.console if "error" in m.lower()], lab.console


KEYS_SEEN_JS = "() => { window.__gwKeys = []; document.addEventListener('keydown', (e) => __gwKeys.push(e.key)); }"
USER_MOVES = "while w.can_draw:\n    w.draw()\nw.play(w.playable[0]['tile'], w.playable[0]['ends'][0])"


def test_why_on_a_phone_by_its_key_and_when_looking_back(lab):
    page = open_with_the_computer_to_move(lab, *CHOICE, level=HARD, viewport=PHONE)
    lab.wait_for_attr(ROOT, "data-compact", "true")
    page.evaluate(KEYS_SEEN_JS)
    page.locator(ROOT).focus()
    page.keyboard.press("w")  # Why?, and the key stays in the view
    lab.wait_for_attr(ROOT, "data-why", "shown")
    assert page.evaluate("window.__gwKeys") == []
    check_why_shown(lab, page)
    assert page.locator(ROOT).evaluate("(r) => r.scrollWidth <= r.clientWidth + 1")
    lab.screenshot("domino-why-phone", page.locator(ROOT))
    # the user's move, the computer's answer; looking back at the user's move: no reasons
    lab.execute(USER_MOVES)
    lab.until("w.game.turn == 0 and not w.thinking and w.game.history[-1].player == 1", timeout=60)
    lab.wait_for_attr(ROOT, "data-history", f"{lab.evaluate('w.history_length - 1')}/"
                      f"{lab.evaluate('w.history_length - 1')}")
    assert attr(page, "data-reasons") == "0" and attr(page, "data-why") == "on"
    users = lab.evaluate("[i for i, e in enumerate(w.log) if e['player'] == 0][-1]")
    page.locator(f"{ROOT} .gw-dom-log-line[data-log-entry='{users}']").click()
    lab.wait_for_attr(ROOT, "data-history-mode", "back")
    lab.wait_for_attr(ROOT, "data-why", "off")
    assert page.locator(f"{ROOT} button[data-action=why]").is_disabled()
    # the computer's first move: looking back draws its reasons at once
    page.locator(f"{ROOT} .gw-dom-log-line[data-log-entry='0']").click()
    lab.wait_for_attr(ROOT, "data-history", f"1/{lab.evaluate('w.history_length - 1')}")
    lab.wait_for_attr(ROOT, "data-why", "shown")
    check_why_shown(lab, page)
    assert page.locator(f"{ROOT} .gw-banner[data-banner=history]").is_visible()
    lab.screenshot("domino-why-phone-looking-back", page.locator(ROOT))
    assert not [m for m in lab.console if "error" in m.lower()], lab.console
