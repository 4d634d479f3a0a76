"""The view shell in a real browser, for all four games: keys stay in the view (in
JupyterLab and Notebook 7), the disconnected state after a kernel restart, fitting
1366x768 and 412x915 screens, and settings remembered across widgets and restarts.

Screenshots: tests/e2e/screenshots/shell-*.png.
"""

import pytest

# Each game: the code that shows `w`, the view's root, and the parts of the view that
# are not controls (CSS selectors inside the root; "margin" is the root's own padding).
GAMES = {
    "line98": {
        "cell": "from gamewidgets import Line98\nw = Line98(seed=1)\nw",
        "regions": [".gw-title", "[data-stat=score]", ".gw-status-row", ".gw-settings", "margin",
                    "canvas.gw-board"],
    },
    "mahjong": {
        "cell": "from gamewidgets import MahjongConnect\nw = MahjongConnect(seed=1)\nw",
        "regions": [".gw-title", "[data-stat=score]", ".gw-mj-removed", ".gw-status-row", "margin",
                    "canvas.gw-board"],
    },
    "loa": {
        "cell": "from gamewidgets import LinesOfAction\nw = LinesOfAction()\nw",
        "regions": [".gw-title", "[data-dialog=setup] .gw-dialog-title", "[data-dialog=setup] .gw-dialog",
                    ".gw-status-row", "margin"],
    },
    "domino": {
        "cell": "from gamewidgets.domino.widget import Domino\nw = Domino(seed=1, level='easy')\nw",
        "regions": [".gw-title", ".gw-dom-pile", ".gw-dom-handbar", ".gw-status-row", "margin",
                    "canvas.gw-board"],
    },
}

# The notebook's command-mode shortcuts that damage it: M (to Markdown), A/B (insert),
# D D (delete), X (cut), Z (undo a cell action), Y (to code), 1/2 (heading), C/V.
NOTEBOOK_KEYS = ["m", "a", "b", "d", "d", "x", "z", "y", "1", "2", "c", "v"]


def root_of(game):
    return f"[data-game={game}]"


def click_region(page, root, region):
    if region == "margin":  # the root's left padding, half-way down
        target = page.locator(root)
        box = target.bounding_box()
        target.click(position={"x": 4, "y": box["height"] / 2})
        return
    target = page.locator(f"{root} {region}").first
    box = target.bounding_box()
    # the right end of the region: where a row of labels or buttons has empty space
    target.click(position={"x": box["width"] - 3, "y": box["height"] / 2})


FOCUS_JS = """(root) => {
    const el = document.querySelector(root);
    const ring = getComputedStyle(el).boxShadow;
    return {inside: el.contains(document.activeElement), within: el.matches(':focus-within'), ring};
}"""


# when the page last saved (or loaded) the notebook, as it knows it
SAVED_AT = "panel.context.contentsModel.last_modified"


def cell_outline(notebook):
    return [(cell["cell_type"], "".join(cell["source"])) for cell in notebook["cells"]]


@pytest.mark.parametrize("frontend", ["lab", "notebook"])
@pytest.mark.parametrize("game", GAMES)
def test_no_key_reaches_the_notebook_while_the_view_has_focus(lab, game, frontend):
    spec = GAMES[game]
    root = root_of(game)
    page = lab.open_notebook(["x = 1", spec["cell"]], frontend=frontend)
    lab.wait_for_attr(root, "data-connection", "live")
    before = lab.cells()
    on_disk = cell_outline(lab.save())
    assert len(before) == 2
    for region in spec["regions"]:
        click_region(page, root, region)
        focus = page.evaluate(FOCUS_JS, root)
        assert focus["inside"] and focus["within"], f"{region}: the view did not take the focus"
        assert focus["ring"] != "none", f"{region}: no focus ring"
        for key in NOTEBOOK_KEYS:
            page.keyboard.press(key)
        assert lab.cells() == before, f"a key clicked on {region} reached the notebook"
    lab.screenshot(f"shell-{game}-{frontend}-focused")
    # the game's own keys still work: M toggles the sound
    muted = page.locator(root).get_attribute("data-muted")
    page.keyboard.press("m")
    lab.wait_for_attr(root, "data-muted", "false" if muted == "true" else "true")
    # Ctrl+S is the page's: it saves the notebook (and no key changed it on disk)
    saved_at = lab.panel(SAVED_AT)
    page.keyboard.press("Control+s")
    lab.wait_panel(f"{SAVED_AT} !== {saved_at!r}")
    assert cell_outline(lab.save()) == on_disk
    # a click outside the view gives the notebook its keys back: B inserts a cell
    page.locator(".jp-Cell").first.locator(".jp-InputPrompt").click()
    page.keyboard.press("b")
    lab.wait_panel(f"panel.content.model.cells.length === {len(before) + 1}")


ALL_FOUR = [
    "from gamewidgets import Line98, MahjongConnect, LinesOfAction\nfrom gamewidgets.domino.widget import Domino",
    "Line98(seed=1)",
    "MahjongConnect(seed=1)",
    "LinesOfAction(size=6, level='easy')",
    "Domino(seed=1, level='easy')",
]


@pytest.mark.parametrize("frontend", ["lab", "notebook"])
def test_every_view_says_it_is_disconnected_after_a_kernel_restart(lab, frontend):
    page = lab.open_notebook(ALL_FOUR, frontend=frontend)
    for game in GAMES:
        lab.wait_for_attr(root_of(game), "data-connection", "live")
        assert not page.locator(f"{root_of(game)} [data-notice=disconnected]").is_visible()
    lab.restart_kernel()
    for game in GAMES:
        root = root_of(game)
        lab.wait_for_attr(root, "data-connection", "lost")
        notice = page.locator(f"{root} [data-notice=disconnected]")
        assert notice.is_visible()
        assert "Run the cell again" in notice.inner_text()
        lab.screenshot(f"shell-{game}-disconnected-{frontend}", page.locator(root))
    # clicks on a disconnected board do nothing (and raise nothing in the page)
    board = page.locator(f"{root_of('line98')} canvas.gw-board")
    board.click(position={"x": 60, "y": 60}, force=True)
    assert page.locator(root_of("line98")).get_attribute("data-selected") == ""


# what a lost board must not change: its data attributes, its canvases' pixels, its
# text (a clock that stopped), the focus
LOOK_JS = """(root) => {
    const el = document.querySelector(root);
    const notice = el.querySelector('[data-notice=disconnected]');
    const pixels = [...el.querySelectorAll('canvas')].map((c) => {
        const url = c.toDataURL();
        let hash = 0;
        for (let i = 0; i < url.length; i++) hash = (hash * 31 + url.charCodeAt(i)) | 0;
        return [c.width, c.height, hash];
    });
    const text = el.innerText.replace(notice.innerText, '');
    return {data: {...el.dataset}, pixels, text, focused: el.contains(document.activeElement)};
}"""


@pytest.mark.parametrize("frontend", ["lab", "notebook"])
def test_every_view_knows_its_kernel_was_restarted_by_another_client(lab, frontend):
    """The REST API (another tab, another front-end) restarts the kernel: the page's
    kernel connection says nothing, the heartbeat finds the comm gone."""
    page = lab.open_notebook([ALL_FOUR[0], "Line98(seed=1)", "MahjongConnect(seed=1)",
                              "l = LinesOfAction()\nl.start(6, 'easy')\nl", ALL_FOUR[4]], frontend=frontend)
    for game in GAMES:
        lab.wait_for_attr(root_of(game), "data-connection", "live")
    lab.wait_for_attr(root_of("loa"), "data-phase", "playing")
    lab.restart_kernel_elsewhere()
    for game in GAMES:
        root = root_of(game)
        lab.wait_for_attr(root, "data-connection", "lost")
        assert "Run the cell again" in page.locator(f"{root} [data-notice=disconnected]").inner_text()
    lab.screenshot(f"shell-disconnected-by-another-client-{frontend}")
    cells = lab.cells()
    for game in GAMES:
        root = root_of(game)
        # the keys were the view's: its board's where it takes them (not Dominoes': its hand's)
        page.locator(root).evaluate(
            "(el) => { const c = el.querySelector('canvas.gw-board'); (c.tabIndex >= 0 ? c : el).focus(); }")
        lab.wait_still(root)
        before = page.evaluate(LOOK_JS, root)
        assert before["focused"]
        board = page.locator(f"{root} canvas.gw-board")
        box = board.bounding_box()
        for x, y in ((0.5, 0.5), (0.3, 0.7), (0.8, 0.2)):
            page.mouse.move(box["x"] + box["width"] * x, box["y"] + box["height"] * y)
            page.mouse.down()
            page.mouse.up()
        for key in ("ArrowLeft", "ArrowDown", "Enter", " ", "u", "n"):
            page.keyboard.press(key)
        lab.wait_still(root)
        assert page.evaluate(LOOK_JS, root) == before, f"{game}: a lost board changed"
    assert lab.cells() == cells  # and no key reached the notebook


def test_a_view_whose_kernel_was_shut_down_says_so(lab):
    lab.open_notebook([ALL_FOUR[0], "w = Line98(seed=1)\nw"])
    lab.wait_for_attr(root_of("line98"), "data-connection", "live")
    lab.panel("panel.sessionContext.shutdown()")
    lab.wait_for_attr(root_of("line98"), "data-connection", "lost")


FIT_JS = """(root) => {
    const el = document.querySelector(root);
    el.scrollIntoView({block: 'start'});
    const scroller = document.querySelector('.jp-WindowedPanel-outer');
    const box = el.getBoundingClientRect();
    const area = scroller.getBoundingClientRect();
    const board = el.querySelector('canvas.gw-board').getBoundingClientRect();
    const output = el.closest('.jp-OutputArea-output');
    return {height: box.height, area: scroller.clientHeight, top: box.top - area.top,
            width: box.width, given: output.clientWidth, scrollWidth: el.scrollWidth,
            boardTop: board.top - box.top, boardWidth: board.width};
}"""

ROWS_JS = """([root, part]) => {
    const tops = new Set();
    for (const node of document.querySelectorAll(`${root} ${part} > *`)) {
        const r = node.getBoundingClientRect();
        if (r.width && r.height) tops.add(Math.round(r.top + r.height / 2));
    }
    // items whose middles are within 8 px share a row
    const sorted = [...tops].sort((a, b) => a - b);
    return sorted.filter((t, i) => i === 0 || t - sorted[i - 1] > 8).length;
}"""


WIDGET = dict(zip(GAMES, ALL_FOUR[1:], strict=True))


@pytest.mark.parametrize("game", GAMES)
def test_the_view_fits_a_1366x768_laptop_screen(lab, game):
    root = root_of(game)
    page = lab.open_notebook([ALL_FOUR[0], WIDGET[game]], viewport={"width": 1366, "height": 768})
    lab.wait_for_attr(root, "data-connection", "live")
    fit = page.evaluate(FIT_JS, root)
    lab.screenshot(f"shell-{game}-1366x768")
    assert fit["height"] <= fit["area"], f"{game} is {fit['height']} px tall in {fit['area']} px"
    assert fit["width"] <= fit["given"] and fit["scrollWidth"] <= fit["width"] + 1, f"{game} is too wide: {fit}"
    if game == "mahjong":
        assert page.locator(root).get_attribute("data-orientation") == "landscape"


@pytest.mark.parametrize("game", GAMES)
def test_on_a_phone_header_and_toolbar_take_two_rows_and_the_board_starts_near_the_top(lab, game):
    root = root_of(game)
    page = lab.open_notebook([ALL_FOUR[0], WIDGET[game]], viewport={"width": 412, "height": 915})
    lab.wait_for_attr(root, "data-connection", "live")
    fit = page.evaluate(FIT_JS, root)
    lab.screenshot(f"shell-{game}-412x915")
    assert page.locator(root).get_attribute("data-compact") == "true"
    assert fit["width"] <= fit["given"] and fit["scrollWidth"] <= fit["width"] + 1, f"{game} is too wide: {fit}"
    rows = sum(page.evaluate(ROWS_JS, [root, part]) for part in (".gw-header", ".gw-toolbar"))
    assert rows <= 2, f"{game}: header and toolbar take {rows} rows"
    assert fit["boardTop"] < 130, f"{game}: the board starts {fit['boardTop']} px down"
    for button in page.locator(f"{root} .gw-toolbar .gw-button:visible").all():
        assert button.get_attribute("title"), "a compact button says what it does in its tooltip"
    if game == "mahjong":
        assert page.locator(root).get_attribute("data-orientation") == "portrait"


# A setting each view shows, how to change it in the view, and how to read it there.
SETTINGS = {
    "line98": ("symbols", "[data-setting=symbols]", "checked"),
    "mahjong": ("reduced_motion", "[data-setting=reduced_motion]", "checked"),
    "loa": ("show_counts", "[data-setting=show_counts]", "checked"),
    "domino": ("muted", "[data-action=sound]", "aria-pressed"),
}


def test_settings_chosen_in_a_view_are_the_defaults_of_the_next_widget_after_a_restart(lab):
    cells = [ALL_FOUR[0]] + [f"w_{game} = {code}\nw_{game}" for game, code in zip(GAMES, ALL_FOUR[1:], strict=True)]
    page = lab.open_notebook(cells)
    before = {}
    for game, (trait, control, _) in SETTINGS.items():
        lab.wait_for_attr(root_of(game), "data-connection", "live")
        before[game] = lab.evaluate(f"w_{game}.{trait}")
        page.locator(f"{root_of(game)} {control}").click()
        lab.until(f"w_{game}.{trait} != {before[game]!r}")
    lab.restart_kernel()
    lab.run_all()  # new widgets, in a new kernel
    for game, (trait, control, attr) in SETTINGS.items():
        lab.wait_for_attr(root_of(game), "data-connection", "live")
        assert lab.evaluate(f"w_{game}.{trait}") == (not before[game])
        shown = page.locator(f"{root_of(game)} {control}")
        if attr == "checked":
            assert shown.is_checked() == (not before[game])
        else:  # the Sound button is pressed while the sound is on
            assert shown.get_attribute("aria-pressed") == ("true" if before[game] else "false")


SLIDER_JS = """(root) => {
    const range = document.querySelector(`${root} input[data-control=history]`);
    return {value: range.value, max: range.max, label: range.parentElement.innerText.trim()};
}"""


@pytest.mark.parametrize(
    ("game", "cells"),
    [
        ("line98", ["from gamewidgets import Line98\nw = Line98(seed=1, store=None)\n"
                    "w.watch('build', moves=4, delay=0)",
                    "w"]),
        ("loa", ["from gamewidgets import LinesOfAction\nfrom gamewidgets.loa import Game\ng = Game(6)\n"
                 "for _ in range(4):  # the user's move next\n    g.play(g.legal_moves()[0])\n"
                 "w = LinesOfAction(game=g, store=None)",
                 "w"]),
        ("mahjong", ["from gamewidgets import MahjongConnect\nw = MahjongConnect(seed=7, store=None)\n"
                     "w.watch('solver', moves=4, delay=0)",
                     "w"]),
        ("domino", ["from gamewidgets import Domino\nfrom gamewidgets.domino import Game\ng = Game(seed=3)\n"
                    "for _ in range(4):\n    g.play(g.legal_moves()[0])\n"
                    "w = Domino(mode='local', game=g, store=None)",
                    "w"]),
    ],
)
def test_the_history_slider_is_right_on_first_render(lab, game, cells):
    page = lab.open_notebook(cells)
    root = root_of(game)
    lab.wait_for_attr(root, "data-history", "4/4")
    page.wait_for_function(f"() => document.querySelector('{root} input[data-control=history]').max === '4'")
    assert page.evaluate(SLIDER_JS, root) == {"value": "4", "max": "4", "label": "move 4 / 4"}


# Another program holding the store locked, in the kernel: started by `lock()`, let go
# by `release()`.
LOCKER_CELL = '''import subprocess, sys
LOCKER = """
import sqlite3, sys
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("BEGIN EXCLUSIVE")
print("locked", flush=True)
sys.stdin.readline()
"""
def lock(path):
    p = subprocess.Popen([sys.executable, "-c", LOCKER, str(path)], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, text=True)
    assert p.stdout.readline().strip() == "locked"
    return p
def release(p):
    p.stdin.write("\\n"); p.stdin.flush(); p.wait()
'''


def test_every_view_shows_a_store_that_cannot_be_used(lab, tmp_path):
    damaged = tmp_path / "damaged.sqlite3"
    damaged.write_bytes(b"x")
    cells = [f"import warnings\nwarnings.simplefilter('ignore')\n{ALL_FOUR[0]}\npath = {str(damaged)!r}"]
    cells += [f"w_{game} = {code[:-1]}, store=path)\nw_{game}" for game, code in zip(GAMES, ALL_FOUR[1:], strict=True)]
    page = lab.open_notebook(cells)
    for game in GAMES:
        root = root_of(game)
        lab.wait_for_attr(root, "data-storage", "unavailable")
        notice = page.locator(f"{root} [data-notice=storage]")
        assert notice.is_visible() and "Not saved" in notice.inner_text() and "damaged.sqlite3" in notice.inner_text()
    lab.screenshot("shell-store-unavailable", page.locator(root_of("line98")))
    assert damaged.read_bytes() == b"x"


def test_a_save_waiting_for_a_lock_is_shown_until_it_is_written(lab):
    page = lab.open_notebook([
        LOCKER_CELL,
        "from gamewidgets import Line98\nfrom gamewidgets.store import Store\n"
        "store = Store(busy_timeout=0.05, retry_every=0.2)\nw = Line98(seed=1, store=store)\nw",
    ])
    root = root_of("line98")
    lab.wait_for_attr(root, "data-storage", "saved")
    assert not page.locator(f"{root} [data-notice=storage]").is_visible()
    lab.execute("import warnings\nlocker = lock(store.path)\nwith warnings.catch_warnings():\n"
                "    warnings.simplefilter('ignore')\n    w.save('while locked')")
    lab.wait_for_attr(root, "data-storage", "waiting")
    notice = page.locator(f"{root} [data-notice=storage]")
    assert "1 change not saved yet" in notice.inner_text() and "locked by another program" in notice.inner_text()
    lab.screenshot("shell-store-waiting", page.locator(root))
    lab.execute("release(locker)")  # the kernel's event loop tries again by itself
    lab.wait_for_attr(root, "data-storage", "saved")
    assert not notice.is_visible()
    assert lab.evaluate("Store().load('line98', 'while locked') == w.game.to_dict()")


@pytest.mark.parametrize("frontend", ["lab", "notebook"])
def test_in_a_live_page_each_board_shows_once_also_after_its_picture_is_updated(lab, frontend):
    cells = [ALL_FOUR[0]] + [f"w_{game} = {code}\nw_{game}" for game, code in zip(GAMES, ALL_FOUR[1:], strict=True)]
    page = lab.open_notebook(cells, frontend=frontend)
    for game in GAMES:
        lab.wait_for_attr(root_of(game), "data-connection", "live")
    pictures = page.locator(".gamewidgets-picture")
    assert pictures.count() == 4  # there, for an exported copy of the notebook
    assert not any(pictures.nth(i).is_visible() for i in range(4))
    lab.execute("w_line98.play(w_line98.game.legal_moves()[0])")  # a cell ran: the picture is redrawn
    lab.wait_for_attr(root_of("line98"), "data-moves", 1)
    page.wait_for_function("""() => [...document.querySelectorAll('.gamewidgets-picture svg [data-last-move]')]
        .length > 0""")
    assert pictures.count() == 4 and not any(pictures.nth(i).is_visible() for i in range(4))
    # and the picture's output takes no room on the page
    heights = page.evaluate("""() => [...document.querySelectorAll('.gamewidgets-picture')]
        .map((p) => (p.closest('.jp-OutputArea-child') || p).getBoundingClientRect().height)""")
    assert heights == [0, 0, 0, 0]


THEMES = {"light": "JupyterLab Light", "dark": "JupyterLab Dark"}
# the card's box and what it holds, and where the focus is
RULES_JS = """(root) => {
    const el = document.querySelector(root);
    const card = el.querySelector('[data-panel=rules] .gw-rules-card');
    const box = card.getBoundingClientRect();
    return {top: box.top, bottom: box.bottom, left: box.left, right: box.right,
            scrolls: card.scrollHeight > card.clientHeight, sections: card.querySelectorAll('[data-section]').length,
            focused: card.contains(document.activeElement)};
}"""


def use_theme(page, theme):
    page.evaluate(f"window.jupyterapp.commands.execute('apputils:change-theme', {{theme: '{THEMES[theme]}'}})")
    page.wait_for_function(f"document.body.dataset.jpThemeLight === '{str(theme == 'light').lower()}'")


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("size", [(1366, 768), (412, 915)], ids=["laptop", "phone"])
def test_every_view_opens_its_rules_with_the_question_mark_key(lab, size, theme):
    width, height = size
    page = lab.open_notebook(ALL_FOUR, viewport={"width": width, "height": height})
    try:
        if theme == "dark":
            use_theme(page, "dark")
        for game in GAMES:
            root = root_of(game)
            lab.wait_for_attr(root, "data-connection", "live")
            page.locator(root).evaluate(
                "(el) => { const c = el.querySelector('canvas.gw-board'); (c && c.tabIndex >= 0 ? c : el).focus(); }")
            page.locator(root).scroll_into_view_if_needed()
            lab.screenshot(f"shell-{game}-{theme}-{width}", page.locator(root))
            page.keyboard.press("?")
            lab.wait_for_attr(root, "data-rules", "open")
            lab.wait_still(root)
            shown = page.evaluate(RULES_JS, root)
            assert shown["sections"] >= 4 and shown["focused"], shown
            assert shown["top"] >= 0 and shown["left"] >= 0, shown  # inside the window...
            assert shown["bottom"] <= height and shown["right"] <= width, shown  # ...whole (it scrolls inside)
            lab.screenshot(f"shell-{game}-rules-{theme}-{width}", page.locator(root))
            page.keyboard.press("ArrowDown")  # scrolls the rules, not the board
            page.keyboard.press("Escape")
            lab.wait_for_attr(root, "data-rules", "closed")
            assert page.evaluate(FOCUS_JS, root)["inside"]  # back where it was
    finally:
        if theme == "dark":
            use_theme(page, "light")  # the theme is a setting of the worker's JupyterLab: back as it was


# each game looking back at its first position after a move (Python), and how to ask
LOOKING_BACK = [
    ALL_FOUR[0],
    "a = Line98(seed=1)\na.play(a.game.legal_moves()[0])\na.goto(0)\na",
    "b = MahjongConnect(seed=1)\nm = b.game.legal_moves()[0]\nb.remove(m.a, m.b)\nb.goto(0)\nb",
    "c = LinesOfAction(seed=1, ai={'max_depth': 1})\nc.start(6, 'easy')\nc",
    "d = Domino(seed=1, level='easy')\nd",  # the computer leads: an action to look back at
]
WIDGET_OF = {"line98": "a", "mahjong": "b", "loa": "c", "domino": "d"}


def test_the_views_keys_work_wherever_the_focus_is_in_the_view(lab):
    """Esc (back to the game), M and the board's arrows, pressed while a button of the
    view has the focus (the Rules button, which every view has), act as on the board."""
    page = lab.open_notebook(LOOKING_BACK)
    lab.execute("c.play(c.game.legal_moves()[0])")
    lab.until("c.moves == 2 and not c.thinking and d.history_length > 1 and not d.thinking")  # they answered
    lab.execute("c.goto(0)\nd.goto(0)")
    for game, w in WIDGET_OF.items():
        root = root_of(game)
        lab.until(f"{w}.history_index == 0 and {w}.history_length > 1")
        button = page.locator(f"{root} [data-action=rules]")
        button.focus()
        page.keyboard.press("Escape")
        lab.until(f"{w}.history_index == {w}.history_length - 1")  # back to the game
        muted = lab.evaluate(f"{w}.muted")
        button.focus()
        page.keyboard.press("m")
        lab.until(f"{w}.muted == {not muted}")
        if game != "domino":  # (its tiles are buttons: no board cursor)
            button.focus()
            page.keyboard.press("ArrowRight")
            on_board = "(root) => document.activeElement === document.querySelector(root + ' canvas.gw-board')"
            assert page.evaluate(on_board, root), f"{game}: the arrow did not reach the board"
        assert lab.evaluate(f"{w}.error") == ""
