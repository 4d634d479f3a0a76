"""Lines of Action in a real JupyterLab + Chromium: the setup dialog, selecting and
moving, the computer's answer, a won game with its results screen, the pause menu,
the history slider, the teaching overlay and an analysis; the dialogs on a laptop's
and a phone's screen; the shortcut letters from the view's controls.

The view's root is ``[data-game=loa]``; its data attributes (phase, size, turn,
selected, targets, captures-possible, groups, moves, thinking, event, history,
result, ...) say what the view shows, and ``lab.evaluate`` reads what Python holds.
The canvas publishes where its cells are: ``data-grid="x,y,cell"`` (CSS px inside
the canvas). Widgets use ``store=None`` (an in-memory store) so the statistics of one
test do not leak into another. Screenshots go to tests/e2e/screenshots/loa-*.png.
"""

import pytest

from .square_grid import CANVAS, click_cell

ROOT = "[data-game=loa]"

IMPORTS = (
    "from gamewidgets.loa import Game\n"
    "from gamewidgets.loa.ai import LEVELS\n"
    "try:\n"
    "    from gamewidgets import LinesOfAction\n"
    "except ImportError:\n"
    "    from gamewidgets.loa.widget import LinesOfAction"
)

# 6x6, the user (x) to move: every x is in one group but the one on b1; c4-c2 joins
# it (c2 touches b1 and d3). The computer's four pieces are apart.
NEAR_WIN = """
. . . . . .
. . x x . .
. o x x . o
. . . x . .
. o . . . .
. x . . . o
"""


def open_game(lab, widget="LinesOfAction(seed=1, store=None, muted=True)", phase="setup"):
    """Open a notebook showing the widget ``w``; wait for its view."""
    page = lab.open_notebook([IMPORTS, f"w = {widget}\nw"])
    lab.wait_for_attr(ROOT, "data-phase", phase)
    page.wait_for_function(f"document.querySelector('{CANVAS}') && document.querySelector('{CANVAS}').dataset.grid")
    return page


def attr(page, name):
    return page.locator(ROOT).get_attribute(name)


def wait_settled(lab, page):
    """Wait until the view shows Python's latest event, fully (no slide running)."""
    lab.wait_for_attr(ROOT, "data-event", lab.evaluate("w.last_event['id']"))
    lab.wait_for_attr(ROOT, "data-animating", "false")


def test_setup_dialog_then_play_starts_the_chosen_game(lab):
    page = open_game(lab)
    dialog = page.locator("[data-dialog=setup]")
    assert dialog.is_visible()
    assert not page.locator("[data-dialog=setup] [data-action=continue]").is_visible()  # nothing saved
    assert page.locator("[data-action=menu]").is_disabled()
    page.locator("[data-dialog=setup] [data-size='7']").click()
    page.locator("[data-dialog=setup] [data-level=medium]").click()
    lab.screenshot("loa-setup", page.locator(ROOT))
    page.locator("[data-dialog=setup] [data-size='6']").click()
    page.locator("[data-dialog=setup] [data-level=easy]").click()
    page.locator("[data-dialog=setup] [data-action=play]").click()
    lab.wait_for_attr(ROOT, "data-phase", "playing")
    assert lab.evaluate("[w.phase, w.size, w.level, w.turn, w.moves]") == ["playing", 6, "easy", "user", 0]
    lab.wait_for_attr(ROOT, "data-size", 6)
    assert not dialog.is_visible()
    assert attr(page, "data-turn") == "user"
    assert attr(page, "data-groups") == "2,2"
    assert page.locator(".gw-loa-side[data-side=user]").inner_text().startswith("You")
    lab.screenshot("loa-board-6x6", page.locator(ROOT))


def test_select_shows_dots_and_rings_then_the_computer_answers(lab):
    page = open_game(lab, 'LinesOfAction(size=8, level="easy", seed=3, store=None, muted=True)', phase="playing")
    lab.wait_for_attr(ROOT, "data-size", 8)
    # c1 at the start of 8x8: two empty targets and the capture on a3
    click_cell(page, 7, 2)
    lab.wait_for_attr(ROOT, "data-selected", "7,2")
    targets = lab.evaluate("w.targets")
    assert lab.evaluate("w.selected") == [7, 2]
    dots = sum(1 for t in targets if not t[2])
    rings = sum(1 for t in targets if t[2])
    assert dots >= 1 and rings >= 1
    lab.wait_for_attr(ROOT, "data-targets", dots)
    assert attr(page, "data-captures-possible") == str(rings)
    lab.screenshot("loa-selected-8x8", page.locator(ROOT))
    # another of the user's pieces changes the selection; clicking it again deselects
    click_cell(page, 7, 3)
    lab.wait_for_attr(ROOT, "data-selected", "7,3")
    click_cell(page, 7, 3)
    lab.wait_for_attr(ROOT, "data-selected", "")
    assert lab.evaluate("w.selected") == []
    # move c1 to an empty target; the computer answers
    click_cell(page, 7, 2)
    lab.wait_for_attr(ROOT, "data-selected", "7,2")
    r, c, _ = next(t for t in targets if not t[2])
    click_cell(page, r, c)
    lab.until("w.moves == 2 and w.turn == 'user' and not w.thinking")
    lab.wait_for_attr(ROOT, "data-moves", 2)
    lab.wait_for_attr(ROOT, "data-turn", "user")
    wait_settled(lab, page)
    assert lab.evaluate("str(w.history[1].move)") == f"c1-{'abcdefgh'[c]}{8 - r}"
    assert lab.evaluate("w.last_event['by']") == "computer"
    assert attr(page, "data-thinking") == "false"
    assert attr(page, "data-groups") == ",".join(map(str, lab.evaluate("w.groups")))
    assert attr(page, "data-history") == "2/2"
    lab.screenshot("loa-after-computer-move", page.locator(ROOT))
    # Undo takes back the user's move and the computer's answer; then there is nothing to undo
    undo = page.locator(f"{ROOT} button[data-action=undo]")
    assert undo.is_enabled()
    undo.click()
    lab.until("w.moves == 0")
    wait_settled(lab, page)
    lab.wait_for_attr(ROOT, "data-moves", 0)
    assert lab.evaluate("w.board") == lab.evaluate("LinesOfAction(size=8, store=None).board")
    assert undo.is_disabled() and lab.evaluate("w.error") == ""


def test_the_winning_move_by_clicks_shows_the_results_screen(lab):
    page = open_game(
        lab, f'LinesOfAction(game=Game.from_text("""{NEAR_WIN}"""), level="easy", store=None, muted=True)',
        phase="playing",
    )
    click_cell(page, 2, 2)  # c4
    lab.wait_for_attr(ROOT, "data-selected", "2,2")
    click_cell(page, 4, 2)  # c2
    lab.wait_for_attr(ROOT, "data-phase", "over")
    lab.wait_for_attr(ROOT, "data-result", "win")
    result = lab.evaluate("w.result")
    assert result["result"] == "win" and result["reason"] == "connected"
    assert result["tally"]["wins"] == 1 and result["tally"]["played"] == 1
    dialog = page.locator("[data-dialog=result]")
    dialog.wait_for(state="visible")
    assert dialog.locator(".gw-dialog-title").inner_text() == "You win!"
    assert "All your pieces are connected" in dialog.inner_text()
    assert dialog.locator("[data-stat=moves] b").inner_text() == str(result["moves"])
    assert dialog.locator("[data-stat=wins] b").inner_text() == "1"
    assert dialog.locator("[data-stat=losses] b").inner_text() == "0"
    assert dialog.locator("[data-stat=win_percent] b").inner_text() == "100%"
    assert dialog.locator("[data-stat=best_streak] b").inner_text() == "1"
    assert attr(page, "data-groups").startswith("1,")
    lab.screenshot("loa-result-win", page.locator(ROOT))
    # Close shows the final board; the Results button brings the screen back
    dialog.locator("[data-action=close]").click()
    dialog.wait_for(state="hidden")
    lab.screenshot("loa-final-board", page.locator(ROOT))
    page.locator("[data-action=menu]").click()
    dialog.wait_for(state="visible")
    dialog.locator("[data-action=new]").click()
    lab.wait_for_attr(ROOT, "data-phase", "setup")
    assert lab.evaluate("w.phase") == "setup"
    assert page.locator("[data-dialog=setup]").is_visible()


def test_pause_menu_sound_new_game_and_continue(lab):
    page = open_game(lab, 'LinesOfAction(size=6, level="easy", seed=2, store=None, muted=True)', phase="playing")
    page.locator("[data-action=menu]").click()
    lab.wait_for_attr(ROOT, "data-paused", "true")
    assert lab.evaluate("w.paused") is True
    menu = page.locator("[data-dialog=pause]")
    assert menu.is_visible()
    lab.screenshot("loa-pause", page.locator(ROOT))
    # Sound on/off sets the trait
    menu.locator("[data-action=mute]").click()
    lab.until("w.muted is False")
    lab.wait_for_attr(ROOT, "data-muted", "false")
    menu.locator("[data-action=mute]").click()
    lab.until("w.muted is True")
    menu.locator("[data-action=resume]").click()
    lab.wait_for_attr(ROOT, "data-paused", "false")
    assert not menu.is_visible()
    # P on the board opens it again; a move is then played and the game left
    page.locator(CANVAS).focus()
    page.keyboard.press("p")
    lab.wait_for_attr(ROOT, "data-paused", "true")
    page.keyboard.press("Escape")
    lab.wait_for_attr(ROOT, "data-paused", "false")
    assert lab.evaluate("w.paused") is False
    click_cell(page, 5, 1)
    lab.wait_for_attr(ROOT, "data-selected", "5,1")
    r, c, _ = lab.evaluate("w.targets[0]")
    click_cell(page, r, c)
    lab.until("w.moves == 2 and w.turn == 'user'")
    page.locator("[data-action=menu]").click()
    page.locator("[data-dialog=pause] [data-action=new]").click()
    lab.wait_for_attr(ROOT, "data-phase", "setup")
    cont = page.locator("[data-dialog=setup] [data-action=continue]")
    cont.wait_for(state="visible")
    assert "move 2" in cont.inner_text()
    lab.screenshot("loa-setup-continue", page.locator(ROOT))
    cont.click()
    lab.wait_for_attr(ROOT, "data-phase", "playing")
    lab.wait_for_attr(ROOT, "data-moves", 2)
    assert lab.evaluate("[w.phase, w.moves, w.size]") == ["playing", 2, 6]


def test_history_slider_looks_back_read_only(lab):
    page = open_game(lab, 'LinesOfAction(size=6, level="easy", seed=4, store=None, muted=True)', phase="playing")
    assert page.locator(".gw-history").is_hidden()  # no move yet
    click_cell(page, 5, 1)
    lab.wait_for_attr(ROOT, "data-selected", "5,1")
    r, c, _ = lab.evaluate("w.targets[0]")
    click_cell(page, r, c)
    lab.until("w.moves == 2 and w.turn == 'user'")
    wait_settled(lab, page)
    lab.wait_for_attr(ROOT, "data-history", "2/2")
    live_board = lab.evaluate("w.board")
    page.locator("[data-action=history-back]").click()
    lab.wait_for_attr(ROOT, "data-history", "1/2")
    assert lab.evaluate("w.history_index") == 1
    assert attr(page, "data-history-mode") == "back"
    banner = page.locator(".gw-banner[data-banner=history]")
    assert banner.is_visible() and "move 1 of 2" in banner.inner_text()
    lab.screenshot("loa-history", page.locator(ROOT))
    # looking back is read-only: a click on a piece selects nothing
    click_cell(page, 5, 2)
    lab.round_trip(ROOT)
    assert lab.evaluate("w.selected") == [] and attr(page, "data-selected") == ""
    page.keyboard.press("PageUp")
    lab.wait_for_attr(ROOT, "data-history", "0/2")
    page.locator("[data-action=history-live]").click()
    lab.wait_for_attr(ROOT, "data-history", "2/2")
    assert lab.evaluate("w.board") == live_board
    assert banner.is_hidden()


def test_line_counts_and_an_analysis_overlay(lab):
    page = open_game(lab, 'LinesOfAction(size=6, level="easy", seed=5, store=None, muted=True)', phase="playing")
    page.locator("[data-setting=show_counts]").check()
    lab.until("w.show_counts")
    click_cell(page, 5, 1)
    lab.wait_for_attr(ROOT, "data-selected", "5,1")
    counts = lab.evaluate("w.line_counts")
    names = ["horizontal", "vertical", "diagonal", "antidiagonal"]
    lab.wait_for_attr(ROOT, "data-line-counts", ",".join(str(counts[n]) for n in names))
    lab.screenshot("loa-line-counts", page.locator(ROOT))
    page.keyboard.press("Escape")
    lab.wait_for_attr(ROOT, "data-selected", "")
    lab.execute('w.show(LEVELS["easy"](seed=1).analyse(w.game))')
    cells = lab.evaluate("len(w.overlay['cells'])")
    assert cells > 0
    lab.wait_for_attr(ROOT, "data-overlay", cells)
    lab.screenshot("loa-overlay", page.locator(ROOT))
    lab.execute("w.show(None)")
    lab.wait_for_attr(ROOT, "data-overlay", 0)


def test_keyboard_move_and_two_views_of_one_widget(lab):
    widget = 'w = LinesOfAction(size=6, level="easy", seed=6, store=None, muted=True)\nw'
    page = lab.open_notebook([IMPORTS, widget, "w"])
    page.wait_for_function("document.querySelectorAll('[data-game=loa] canvas.gw-board[data-grid]').length === 2")
    first, second = page.locator(ROOT).nth(0), page.locator(ROOT).nth(1)
    page.locator(CANVAS).first.focus()
    page.keyboard.press("Control+End")
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")
    lab.wait_for_attr(ROOT, "data-cursor", "5,1")
    page.keyboard.press("Enter")
    lab.until("w.selected == [5, 1]")
    page.wait_for_function("[...document.querySelectorAll('[data-game=loa]')].every(e => e.dataset.selected === '5,1')")
    page.keyboard.press("Escape")
    lab.until("w.selected == []")
    page.keyboard.press("Space")
    lab.until("w.selected == [5, 1]")
    # the cursor to the first target, Enter moves there
    r, c, _ = lab.evaluate("w.targets[0]")
    while True:
        cur = [int(v) for v in first.get_attribute("data-cursor").split(",")]
        if cur == [r, c]:
            break
        key = "ArrowUp" if cur[0] > r else "ArrowDown" if cur[0] < r else "ArrowLeft" if cur[1] > c else "ArrowRight"
        page.keyboard.press(key)
    page.keyboard.press("Enter")
    lab.until("w.moves == 2 and w.turn == 'user'")
    page.wait_for_function("[...document.querySelectorAll('[data-game=loa]')].every(e => e.dataset.moves === '2')")
    assert first.get_attribute("data-groups") == second.get_attribute("data-groups")
    # M toggles the sound from the board
    page.keyboard.press("m")
    lab.until("w.muted is False")
    page.keyboard.press("m")
    lab.until("w.muted is True")
    assert not [e for e in lab.console if "gamewidgets" in e]


def test_the_board_stays_responsive_while_the_computer_thinks(lab):
    widget = 'LinesOfAction(size=6, level="hard", seed=7, ai={"time_limit": 6}, store=None, muted=True)'
    page = open_game(lab, widget, phase="playing")
    click_cell(page, 5, 1)
    lab.wait_for_attr(ROOT, "data-selected", "5,1")
    r, c, _ = lab.evaluate("w.targets[0]")
    click_cell(page, r, c)
    lab.wait_for_attr(ROOT, "data-thinking", "true")
    badge = page.locator("[data-badge=thinking]")
    assert badge.is_visible() and badge.inner_text() == "Computer is thinking\u2026"
    assert attr(page, "data-turn") == "computer"
    lab.screenshot("loa-thinking", page.locator(ROOT))
    # the view keeps answering: the keyboard cursor moves, the history slider works
    page.locator(CANVAS).focus()
    page.keyboard.press("Control+Home")
    lab.wait_for_attr(ROOT, "data-cursor", "0,0")
    page.keyboard.press("ArrowRight")
    lab.wait_for_attr(ROOT, "data-cursor", "0,1")
    assert attr(page, "data-thinking") == "true"
    lab.until("not w.thinking and w.moves == 2")
    lab.wait_for_attr(ROOT, "data-thinking", "false")
    lab.wait_for_attr(ROOT, "data-turn", "user")
    assert badge.is_hidden()


# The open dialog inside the view: whether it is over the board, whether its backdrop
# (the board's size) has to scroll to show it, and whether the view overflows.
DIALOG_FIT_JS = """(root) => {
    const el = document.querySelector(root);
    const open = el.querySelector('.gw-dialog-backdrop:not([hidden])');
    const board = el.querySelector('canvas.gw-board').getBoundingClientRect();
    const panel = open.querySelector('.gw-dialog').getBoundingClientRect();
    return {inside: panel.top >= board.top && panel.bottom <= board.bottom + 0.5
                    && panel.left >= board.left && panel.right <= board.right + 0.5,
            scrolls: open.scrollHeight > open.clientHeight + 1 || open.scrollWidth > open.clientWidth + 1,
            board: [board.width, board.height], panel: [panel.width, panel.height],
            overflow: el.scrollWidth > el.clientWidth + 1};
}"""


def assert_dialog_fits(page, name):
    fit = page.evaluate(DIALOG_FIT_JS, ROOT)
    assert fit["inside"] and not fit["scrolls"] and not fit["overflow"], f"{name}: {fit}"


@pytest.mark.parametrize("size", ["1366x768", "412x915"])
def test_the_view_and_its_dialogs_fit_a_laptop_and_a_phone(lab, size):
    """On a phone (JupyterLab leaves the output ~296 px) the view is compact, its
    header buttons icon-only; on a laptop and on a phone the setup dialog (with and
    without Continue), the pause menu and the results screen fit over the board
    without scrolling. Screenshots: loa-<size>-*.png."""
    width, height = (int(v) for v in size.split("x"))
    page = lab.open_notebook(
        [IMPORTS, "w = LinesOfAction(seed=1, store=None, muted=True)\nw"], viewport={"width": width, "height": height}
    )
    lab.wait_for_attr(ROOT, "data-phase", "setup")
    page.wait_for_function(f"document.querySelector('{CANVAS}') && document.querySelector('{CANVAS}').dataset.grid")
    phone = width < 600
    assert attr(page, "data-compact") == ("true" if phone else "false")
    for button in page.locator(f"{ROOT} .gw-loa-header-buttons .gw-button").all():
        assert button.get_attribute("title"), "a header button says what it does in its tooltip"
        assert button.locator(".gw-button-label").is_visible() != phone
    lab.wait_still(ROOT)  # the dialog's pop-in
    assert_dialog_fits(page, "setup")
    lab.screenshot(f"loa-{size}-setup", page.locator(ROOT))
    page.locator("[data-dialog=setup] [data-action=play]").click()
    lab.wait_for_attr(ROOT, "data-phase", "playing")
    lab.wait_still(ROOT)  # the dialog gone and the board laid out before the click
    click_cell(page, 5, 1)
    lab.wait_for_attr(ROOT, "data-selected", "5,1")
    r, c, _ = lab.evaluate("w.targets[0]")
    click_cell(page, r, c)
    lab.until("w.moves == 2 and w.turn == 'user'")
    wait_settled(lab, page)
    lab.screenshot(f"loa-{size}-board", page.locator(ROOT))
    page.locator("[data-action=menu]").click()
    lab.wait_for_attr(ROOT, "data-paused", "true")
    lab.wait_still(ROOT)
    assert_dialog_fits(page, "pause")
    lab.screenshot(f"loa-{size}-pause", page.locator(ROOT))
    page.locator("[data-dialog=pause] [data-action=new]").click()
    lab.wait_for_attr(ROOT, "data-phase", "setup")
    page.locator("[data-dialog=setup] [data-action=continue]").wait_for(state="visible")
    lab.wait_still(ROOT)
    assert_dialog_fits(page, "setup with Continue")
    lab.screenshot(f"loa-{size}-setup-continue", page.locator(ROOT))
    # a won game: the results screen
    lab.execute(f'w.start(game=Game.from_text("""{NEAR_WIN}"""), level="easy")')
    lab.wait_for_attr(ROOT, "data-phase", "playing")
    lab.wait_still(ROOT)
    click_cell(page, 2, 2)
    lab.wait_for_attr(ROOT, "data-selected", "2,2")
    click_cell(page, 4, 2)
    lab.wait_for_attr(ROOT, "data-result", "win")
    page.locator("[data-dialog=result]").wait_for(state="visible")
    lab.wait_still(ROOT)
    assert_dialog_fits(page, "result")
    lab.screenshot(f"loa-{size}-result", page.locator(ROOT))


def test_shortcut_letters_work_from_any_control_of_the_view(lab):
    page = open_game(lab, 'LinesOfAction(size=6, level="easy", seed=8, store=None, muted=True)', phase="playing")
    # M on a focused checkbox toggles the sound (Space stays the checkbox's)
    page.locator("[data-setting=show_counts]").focus()
    page.keyboard.press("m")
    lab.until("w.muted is False")
    page.keyboard.press("m")
    lab.until("w.muted is True")
    assert lab.evaluate("w.show_counts") is False
    # P on a focused header button opens the pause menu; P on its Continue closes it
    page.locator("[data-action=menu]").focus()
    page.keyboard.press("p")
    lab.wait_for_attr(ROOT, "data-paused", "true")
    page.keyboard.press("p")
    lab.wait_for_attr(ROOT, "data-paused", "false")
    assert lab.evaluate("w.paused") is False
