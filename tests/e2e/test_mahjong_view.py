"""Mahjong Connect in a real JupyterLab + Chromium: clicks, drag and drop, refused
pairs, the No more moves dialog, the keyboard, portrait, hint, pause, the win and
looking back through the history (read-only). The teaching parts (scoring option,
lessons, show_path, safe pairs, the score's breakdown, auto-pause) are in
test_mahjong_teaching_view.py; the page helpers in mahjong_page.py. Screenshots go to
tests/e2e/screenshots/mahjong-*.png.
"""

from .mahjong_page import CANVAS, PAIR, ROOT, SETUP, attr, click_cell, drag_cell, geometry, open_game

# Python on the kernel: a matching pair that cannot be connected (walled apart or
# needing three turns).
BLOCKED_PAIR = (
    "next([list(a), list(b)] for a, b in itertools.combinations("
    "[(r, c) for r in range(w.rows) for c in range(w.cols)], 2) "
    "if w.game[a] and w.game[b] and matches(int(w.game.grid[a]), int(w.game.grid[b])) "
    "and w.game.connection(a, b) is None)"
)

# Two pairs crossed in a 2 x 2 block (A B / B A) in the middle of the board: no path
# with at most two turns joins either pair, so no pair can be removed.
STUCK_GRID = "\n".join(
    " ".join(
        {(3, 8): "D5", (3, 9): "WN", (4, 8): "WN", (4, 9): "D5"}.get((r, c), ".") for c in range(18)
    )
    for r in range(8)
)


def test_clicking_two_connectable_matching_tiles_removes_them(lab):
    page = open_game(lab)
    lab.wait_for_attr(ROOT, "data-tiles", 144)
    assert attr(page, "data-orientation") == "landscape"
    assert geometry(page)[4:] == (8, 18)
    lab.screenshot("mahjong-start", page.locator(ROOT))
    a, b = lab.evaluate(PAIR)
    codes = lab.evaluate(f"[w.game[{tuple(a)}], w.game[{tuple(b)}]]")
    click_cell(page, a)
    lab.wait_for_attr(ROOT, "data-selected", f"{a[0]},{a[1]}")
    assert lab.evaluate("w.selected") == a
    lab.screenshot("mahjong-selected", page.locator(ROOT))
    click_cell(page, b)
    lab.wait_for_attr(ROOT, "data-tiles", 142)
    state = lab.evaluate(
        f"[w.tiles_left, w.grid[{a[0]} * w.cols + {a[1]}], w.grid[{b[0]} * w.cols + {b[1]}], "
        "w.last_event['kind'], w.removed, w.selected]"
    )
    assert state == [142, None, None, "remove", codes, []]
    lab.wait_for_attr(ROOT, "data-removed", 2)
    lab.wait_for_attr(ROOT, "data-selected", "")
    lab.screenshot("mahjong-after-remove", page.locator(ROOT))
    # the same tile twice deselects it
    c, _ = lab.evaluate(PAIR)
    click_cell(page, c)
    lab.wait_for_attr(ROOT, "data-selected", f"{c[0]},{c[1]}")
    click_cell(page, c)
    lab.wait_for_attr(ROOT, "data-selected", "")
    assert lab.evaluate("w.selected") == []


def test_dragging_one_tile_onto_its_partner_removes_the_pair(lab):
    page = open_game(lab)
    lab.wait_for_attr(ROOT, "data-tiles", 144)
    a, b = lab.evaluate(PAIR)
    release = drag_cell(page, a, b)
    lab.wait_for_attr(ROOT, "data-dragging", "true")
    lab.screenshot("mahjong-dragging")  # the page: an element screenshot could scroll under the pointer
    release()
    lab.wait_for_attr(ROOT, "data-tiles", 142)
    assert lab.evaluate(
        f"[w.tiles_left, w.game[{tuple(a)}], w.game[{tuple(b)}], w.last_event['kind']]"
    ) == [142, None, None, "remove"]
    lab.wait_for_attr(ROOT, "data-dragging", "false")
    # a drop on an empty cell sends nothing
    c, _ = lab.evaluate(PAIR)
    event = lab.evaluate("w.last_event['id']")
    drag_cell(page, c, a)()
    lab.wait_for_attr(ROOT, "data-dragging", "false")
    lab.round_trip(ROOT)
    assert lab.evaluate("[w.last_event['id'], w.tiles_left]") == [event, 142]


def test_a_matching_pair_that_cannot_be_connected_stays(lab):
    page = open_game(lab)
    lab.wait_for_attr(ROOT, "data-tiles", 144)
    a, b = lab.evaluate(BLOCKED_PAIR)
    click_cell(page, a)
    lab.wait_for_attr(ROOT, "data-selected", f"{a[0]},{a[1]}")
    click_cell(page, b)
    lab.until("w.last_event['kind'] == 'refused'")
    event = lab.evaluate("w.last_event")
    assert [event["a"], event["b"]] == [a, b]
    lab.wait_for_attr(ROOT, "data-event", event["id"])
    lab.wait_for_attr(ROOT, "data-selected", f"{b[0]},{b[1]}")  # the second tile is the selection now
    assert lab.evaluate(f"[w.tiles_left, bool(w.game[{tuple(a)}]), bool(w.game[{tuple(b)}])]") == [144, True, True]
    assert attr(page, "data-tiles") == "144"
    assert event["reason"] in page.locator(".gw-status").text_content()
    lab.screenshot("mahjong-refused", page.locator(ROOT))
    # a refused drop too
    drag_cell(page, b, a)()
    lab.until(f"w.last_event['id'] > {event['id']}")
    assert lab.evaluate("[w.last_event['kind'], w.tiles_left]") == ["refused", 144]


def test_the_no_moves_dialog_opens_on_a_stuck_position_and_shuffles(lab):
    cells = [
        SETUP[0],
        f"w = MahjongConnect(game=Game.from_grid('''{STUCK_GRID}'''), muted=True)\nw",
    ]
    page = open_game(lab, cells)
    lab.wait_for_attr(ROOT, "data-state", "stuck")
    dialog = page.locator("[data-dialog=stuck]")
    dialog.wait_for(state="visible")
    assert lab.evaluate("w.stuck") is True
    before = lab.evaluate("sorted(c for c in w.grid if c)")
    assert before == ["D5", "D5", "WN", "WN"]
    assert page.locator(".gw-toolbar [data-action=shuffle]").is_enabled()
    lab.screenshot("mahjong-stuck", page.locator(ROOT))
    dialog.locator("[data-action=shuffle]").click()
    lab.until("not w.stuck")
    lab.wait_for_attr(ROOT, "data-state", "playing")
    dialog.wait_for(state="hidden")
    assert lab.evaluate("sorted(c for c in w.grid if c)") == before
    assert lab.evaluate("[w.last_event['kind'], w.tiles_left, len(w.game.legal_moves()) > 0]") == ["shuffle", 4, True]
    assert page.locator(".gw-toolbar [data-action=shuffle]").is_disabled()
    lab.screenshot("mahjong-after-shuffle", page.locator(ROOT))


def test_a_pair_with_the_keyboard_only(lab):
    page = open_game(lab)
    lab.wait_for_attr(ROOT, "data-tiles", 144)
    a, b = lab.evaluate(PAIR)
    page.locator(CANVAS).focus()
    page.keyboard.press("Control+Home")
    lab.wait_for_attr(ROOT, "data-cursor", "0,0")

    def go(cell):
        page.keyboard.press("Control+Home")
        for _ in range(cell[0]):
            page.keyboard.press("ArrowDown")
        for _ in range(cell[1]):
            page.keyboard.press("ArrowRight")
        lab.wait_for_attr(ROOT, "data-cursor", f"{cell[0]},{cell[1]}")

    go(a)
    page.keyboard.press("Enter")
    lab.wait_for_attr(ROOT, "data-selected", f"{a[0]},{a[1]}")
    page.keyboard.press("Escape")
    lab.wait_for_attr(ROOT, "data-selected", "")
    page.keyboard.press("Space")
    lab.wait_for_attr(ROOT, "data-selected", f"{a[0]},{a[1]}")
    go(b)
    lab.screenshot("mahjong-keyboard", page.locator(ROOT))
    page.keyboard.press("Enter")
    lab.wait_for_attr(ROOT, "data-tiles", 142)
    assert lab.evaluate("[w.tiles_left, w.last_event['kind']]") == [142, "remove"]
    # End / Home move along the row; H asks for a hint, U undoes
    page.keyboard.press("End")
    lab.wait_for_attr(ROOT, "data-cursor", f"{b[0]},17")
    page.keyboard.press("h")
    lab.until("w.last_event['kind'] == 'hint'")
    hint = lab.evaluate("w.hint_pair")
    lab.wait_for_attr(ROOT, "data-hint", f"{hint[0][0]},{hint[0][1]};{hint[1][0]},{hint[1][1]}")
    lab.screenshot("mahjong-hint", page.locator(ROOT))
    page.keyboard.press("u")
    lab.until("w.last_event['kind'] == 'undo'")
    lab.wait_for_attr(ROOT, "data-tiles", 144)


def test_portrait_transposes_the_board_and_clicks_still_hit_their_tiles(lab):
    page = open_game(lab)
    lab.execute("w.orientation = 'portrait'")
    lab.wait_for_attr(ROOT, "data-orientation", "portrait")
    page.wait_for_function(f"document.querySelector('{CANVAS}').dataset.grid.endsWith(',18,8')")
    a, b = lab.evaluate(PAIR)
    click_cell(page, a)
    lab.wait_for_attr(ROOT, "data-selected", f"{a[0]},{a[1]}")
    click_cell(page, b)
    lab.wait_for_attr(ROOT, "data-tiles", 142)
    page.set_viewport_size({"width": 1200, "height": 1800})  # the whole (tall) view in the picture
    page.locator(ROOT).scroll_into_view_if_needed()
    lab.screenshot("mahjong-portrait", page.locator(ROOT))
    lab.execute("w.orientation = 'landscape'")
    lab.wait_for_attr(ROOT, "data-orientation", "landscape")


def test_pause_hides_the_tiles_and_a_click_resumes(lab):
    page = open_game(lab)
    lab.wait_for_attr(ROOT, "data-state", "playing")
    page.locator(".gw-toolbar [data-action=pause]").click()
    lab.wait_for_attr(ROOT, "data-state", "paused")
    assert lab.evaluate("[w.paused, w.clock_running]") == [True, False]
    page.locator("[data-dialog=paused]").wait_for(state="visible")
    lab.screenshot("mahjong-paused", page.locator(ROOT))
    page.locator("[data-dialog=paused]").click(position={"x": 20, "y": 20})  # the cover itself
    lab.wait_for_attr(ROOT, "data-state", "playing")
    assert lab.evaluate("[w.paused, w.clock_running]") == [False, True]


def test_the_last_pair_wins_and_play_again_deals_it_again(lab):
    cells = [
        SETUP[0],
        "w = MahjongConnect(game=Game.from_grid([['F1', None, 'C3', None], [None, 'C3', None, 'F4']]), muted=True)\nw",
    ]
    page = open_game(lab, cells)
    lab.wait_for_attr(ROOT, "data-tiles", 4)
    assert geometry(page)[4:] == (2, 4)
    click_cell(page, (0, 0))
    lab.wait_for_attr(ROOT, "data-selected", "0,0")
    click_cell(page, (1, 3))  # any flower matches any flower
    lab.wait_for_attr(ROOT, "data-tiles", 2)
    drag_cell(page, (0, 2), (1, 1))()
    lab.wait_for_attr(ROOT, "data-state", "won")
    won = page.locator("[data-dialog=won]")
    won.wait_for(state="visible")
    assert lab.evaluate("[w.won, w.tiles_left]") == [True, 0]
    assert str(lab.evaluate("w.score")) in won.text_content()
    lab.screenshot("mahjong-won", page.locator(ROOT))
    won.locator("[data-action=restart]").click()
    lab.wait_for_attr(ROOT, "data-tiles", 4)
    lab.wait_for_attr(ROOT, "data-state", "playing")
    won.wait_for(state="hidden")
    assert lab.evaluate("w.last_event['kind']") == "restart"


def test_the_solver_overlay_marks_the_removable_pairs(lab):
    page = open_game(lab)
    lab.wait_for_attr(ROOT, "data-overlay", 0)
    lab.execute("w.show(w.solve())")
    pairs = lab.evaluate("len(w.overlay['pairs'])")
    assert pairs > 0
    lab.wait_for_attr(ROOT, "data-overlay", pairs)
    assert lab.evaluate("w.overlay['title']") in page.locator(".gw-status").text_content()
    lab.screenshot("mahjong-overlay", page.locator(ROOT))
    # the next move removes the marks
    a, b = lab.evaluate("w.overlay['next']")
    click_cell(page, a)
    click_cell(page, b)
    lab.wait_for_attr(ROOT, "data-tiles", 142)
    lab.wait_for_attr(ROOT, "data-overlay", 0)


PANEL_JS = """(name) => {
    document.querySelector('[data-game=mahjong]').scrollIntoView({block: 'start'});
    const board = document.querySelector('canvas.gw-board').getBoundingClientRect();
    const panel = document.querySelector(`[data-dialog=${name}] .gw-dialog`);
    const box = panel.getBoundingClientRect();
    return {left: box.left - board.left, right: board.right - box.right,
            overflow: panel.scrollWidth - panel.clientWidth};
}"""


def test_on_a_phone_the_dialogs_fit_over_the_portrait_board(lab):
    """No more moves, Paused and the win screen at 412x915 (JupyterLab leaves ~296 px)."""
    cells = [
        SETUP[0],
        f"w = MahjongConnect(game=Game.from_grid('''{STUCK_GRID}'''), muted=True)\nw",
    ]
    page = lab.open_notebook(cells, viewport={"width": 412, "height": 915})
    page.wait_for_selector(ROOT)
    lab.wait_for_attr(ROOT, "data-state", "stuck")
    assert attr(page, "data-orientation") == "portrait"
    page.locator("[data-dialog=stuck]").wait_for(state="visible")
    fit = page.evaluate(PANEL_JS, "stuck")
    assert fit["left"] >= 0 and fit["right"] >= 0 and fit["overflow"] <= 0, fit
    lab.screenshot("mahjong-phone-stuck")
    page.locator(".gw-toolbar [data-action=pause]").click()
    lab.wait_for_attr(ROOT, "data-state", "paused")
    page.locator("[data-dialog=paused]").wait_for(state="visible")
    fit = page.evaluate(PANEL_JS, "paused")
    assert fit["left"] >= 0 and fit["right"] >= 0 and fit["overflow"] <= 0, fit
    lab.screenshot("mahjong-phone-paused")
    # the win screen (its score, time and best boxes) on a full-size portrait board
    grid = "\n".join(" ".join({0: "F1", 1: "F4"}.get(c, ".") if r == 0 else "." for c in range(18)) for r in range(8))
    cells = [SETUP[0], f"w = MahjongConnect(game=Game.from_grid('''{grid}'''), muted=True)\nw"]
    page = lab.open_notebook(cells, viewport={"width": 412, "height": 915})
    page.wait_for_selector(ROOT)
    lab.wait_for_attr(ROOT, "data-tiles", 2)
    click_cell(page, (0, 0))
    lab.wait_for_attr(ROOT, "data-selected", "0,0")
    click_cell(page, (0, 1))
    lab.wait_for_attr(ROOT, "data-state", "won")
    page.locator("[data-dialog=won]").wait_for(state="visible")
    fit = page.evaluate(PANEL_JS, "won")
    assert fit["left"] >= 0 and fit["right"] >= 0 and fit["overflow"] <= 0, fit
    lab.screenshot("mahjong-phone-won")


def test_shortcut_letters_work_on_the_controls_but_not_in_the_select(lab):
    page = open_game(lab)
    lab.wait_for_attr(ROOT, "data-state", "playing")
    page.locator(f"{ROOT} [data-setting=reduced_motion]").focus()  # a checkbox: H asks for a hint
    page.keyboard.press("h")
    lab.until("w.last_event['kind'] == 'hint'")
    page.locator(f"{ROOT} .gw-toolbar [data-action=new]").focus()  # a button: P pauses
    page.keyboard.press("p")
    lab.wait_for_attr(ROOT, "data-state", "paused")
    page.keyboard.press("p")
    lab.wait_for_attr(ROOT, "data-state", "playing")
    event = lab.evaluate("w.last_event['id']")
    page.locator(f"{ROOT} [data-setting=orientation]").focus()  # a select: N is its own
    page.keyboard.press("n")
    lab.round_trip(ROOT)
    assert lab.evaluate("w.last_event['id']") == event


HISTORY = f"{ROOT} .gw-history"
BANNER = f"{ROOT} .gw-banner[data-banner=history]"


def test_the_history_slider_looks_back_read_only(lab):
    page = open_game(lab)
    lab.wait_for_attr(ROOT, "data-history", "0/0")
    slider = page.locator(HISTORY)
    assert slider.get_attribute("data-reserved") == "true" and slider.is_hidden()  # no pair removed yet
    first = lab.evaluate(PAIR)
    lab.execute(f"w.remove(*{first})")
    after_first = lab.evaluate("w.grid")
    second = lab.evaluate(PAIR)
    lab.execute(f"w.remove(*{second})")
    lab.wait_for_attr(ROOT, "data-history", "2/2")
    lab.wait_for_attr(ROOT, "data-tiles", 140)
    assert attr(page, "data-history-mode") == "live" and slider.is_visible()
    # one step back with the slider's back button: the second pair is on the board again
    page.locator(f"{HISTORY} [data-action=history-back]").click()
    lab.wait_for_attr(ROOT, "data-history", "1/2")
    assert attr(page, "data-history-mode") == "back"
    lab.wait_for_attr(ROOT, "data-tiles", 142)
    lab.wait_for_attr(ROOT, "data-removed", 2)
    assert lab.evaluate("[w.history_index, w.looking_back, w.game.tiles_left]") == [1, True, 140]
    assert lab.evaluate("w.grid") == after_first
    banner = page.locator(BANNER)
    assert banner.is_visible() and "move 1 of 2" in banner.inner_text()
    assert "Looking back" in page.locator(f"{ROOT} .gw-status").text_content()
    for action, verb in (("hint", "ask for a hint"), ("undo", "undo"), ("shuffle", "shuffle")):
        button = page.locator(f"{ROOT} .gw-toolbar [data-action={action}]")
        assert button.is_disabled() and button.get_attribute("title") == f"Return to the game to {verb}"
    lab.screenshot("mahjong-history", page.locator(ROOT))
    # read-only: a click on a tile of the second pair selects nothing, it nudges the banner
    click_cell(page, second[0])
    page.wait_for_selector(f"{BANNER}.gw-nudge", state="attached")
    lab.round_trip(ROOT)
    assert lab.evaluate("[w.game.tiles_left, w.selected, w.history_index]") == [140, [], 1]
    assert attr(page, "data-selected") == ""
    # a drag of one tile onto its partner, Enter and H send nothing either
    event = lab.evaluate("w.last_event['id']")
    drag_cell(page, second[0], second[1])()
    lab.wait_for_attr(ROOT, "data-dragging", "false")
    page.locator(CANVAS).focus()
    page.keyboard.press("Enter")
    page.keyboard.press("h")
    lab.round_trip(ROOT)
    assert lab.evaluate("[w.game.tiles_left, w.selected, w.hint_pair, w.last_event['id']]") == [140, [], [], event]
    # PageUp from a control of the view (the slider's button), ] forward again
    page.locator(f"{HISTORY} [data-action=history-forward]").focus()
    page.keyboard.press("PageUp")
    lab.wait_for_attr(ROOT, "data-history", "0/2")
    lab.wait_for_attr(ROOT, "data-tiles", 144)
    page.keyboard.press("]")
    lab.wait_for_attr(ROOT, "data-history", "1/2")
    # Back to game returns to the live game
    page.locator(f"{ROOT} [data-action=history-live]").click()
    lab.wait_for_attr(ROOT, "data-history", "2/2")
    lab.wait_for_attr(ROOT, "data-tiles", 140)
    assert attr(page, "data-history-mode") == "live" and banner.is_hidden()
    assert lab.evaluate("[w.looking_back, w.game.tiles_left]") == [False, 140]
    assert page.locator(f"{ROOT} .gw-toolbar [data-action=hint]").is_enabled()
    # on the board again (Back to game focused it): PageUp looks back, Esc returns
    page.keyboard.press("PageUp")
    lab.wait_for_attr(ROOT, "data-history", "1/2")
    page.keyboard.press("Escape")
    lab.wait_for_attr(ROOT, "data-history", "2/2")
    assert lab.evaluate("w.looking_back") is False


def test_the_dialogs_step_aside_while_looking_back(lab):
    # two flowers to remove, then the crossed block: no more moves
    grid = STUCK_GRID.replace(".", "F1", 1).replace(".", "F2", 1)
    page = open_game(lab, [SETUP[0], f"w = MahjongConnect(game=Game.from_grid('''{grid}'''), muted=True)\nw"])
    lab.wait_for_attr(ROOT, "data-state", "playing")
    click_cell(page, (0, 0))
    lab.wait_for_attr(ROOT, "data-selected", "0,0")
    click_cell(page, (0, 1))
    lab.wait_for_attr(ROOT, "data-state", "stuck")
    stuck = page.locator("[data-dialog=stuck]")
    stuck.wait_for(state="visible")
    page.locator(f"{HISTORY} [data-action=history-back]").click()
    lab.wait_for_attr(ROOT, "data-history", "0/1")
    stuck.wait_for(state="hidden")
    assert attr(page, "data-state") == "stuck"  # still the live game's
    assert page.locator(f"{ROOT} .gw-toolbar [data-action=shuffle]").is_disabled()
    lab.screenshot("mahjong-history-stuck", page.locator(ROOT))
    page.locator(f"{ROOT} [data-action=history-live]").click()
    lab.wait_for_attr(ROOT, "data-history", "1/1")
    stuck.wait_for(state="visible")
    # the win screen too
    cells = [SETUP[0], "w = MahjongConnect(game=Game.from_grid([['F1', 'F3', None, None]]), muted=True)\nw"]
    page = open_game(lab, cells)
    lab.wait_for_attr(ROOT, "data-tiles", 2)
    lab.execute("w.remove((0, 0), (0, 1))")
    won = page.locator("[data-dialog=won]")
    won.wait_for(state="visible")
    won.locator("[data-action=new]").focus()  # a control of the view: PageUp steps back there too
    page.keyboard.press("PageUp")
    lab.wait_for_attr(ROOT, "data-history", "0/1")
    won.wait_for(state="hidden")
    lab.wait_for_attr(ROOT, "data-tiles", 2)
    assert page.evaluate("document.activeElement.matches('canvas.gw-board')")  # the dialog gave it back
    page.keyboard.press("Escape")
    lab.wait_for_attr(ROOT, "data-history", "1/1")
    won.wait_for(state="visible")


FITS_JS = """() => {
    const root = document.querySelector('[data-game=mahjong]');
    const board = root.querySelector('canvas.gw-board').getBoundingClientRect();
    const banner = root.querySelector('.gw-banner[data-banner=history]').getBoundingClientRect();
    const slider = root.querySelector('.gw-history');
    const box = slider.getBoundingClientRect(), inner = root.getBoundingClientRect();
    return {bannerIn: banner.left >= board.left && banner.right <= board.right,
            sliderIn: box.left >= inner.left && box.right <= inner.right && slider.scrollWidth <= slider.clientWidth,
            below: box.top >= board.bottom};
}"""


def test_on_a_phone_the_history_slider_and_banner_fit(lab):
    page = lab.open_notebook(SETUP, viewport={"width": 412, "height": 915})
    page.wait_for_selector(ROOT)
    lab.wait_for_attr(ROOT, "data-orientation", "portrait")
    lab.execute(f"w.remove(*{PAIR})")
    lab.wait_for_attr(ROOT, "data-history", "1/1")
    page.locator(f"{HISTORY} [data-action=history-back]").click()
    lab.wait_for_attr(ROOT, "data-history", "0/1")
    page.locator(BANNER).wait_for(state="visible")
    assert page.evaluate(FITS_JS) == {"bannerIn": True, "sliderIn": True, "below": True}
    lab.screenshot("mahjong-phone-history")
