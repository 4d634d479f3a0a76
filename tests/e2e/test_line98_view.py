"""Line 98 in a real JupyterLab + Chromium: mouse, keyboard, buttons, settings.

The view's root is ``[data-game=line98]``; its data attributes (score, moves,
selected, cursor, state, event) say what the view shows, and ``lab.evaluate`` reads
what Python holds. Screenshots go to tests/e2e/screenshots/line98-*.png.
"""

from .line98_page import ROOT, attr, open_game
from .square_grid import CANVAS, cell_position, click_cell


def test_click_a_ball_then_a_target_plays_the_move_in_python(lab):
    page = open_game(lab)
    lab.screenshot("line98-start", page.locator(ROOT))
    click_cell(page, 6, 8)
    lab.wait_for_attr(ROOT, "data-selected", "6,8")
    assert lab.evaluate("w.selected") == [6, 8]
    assert len(lab.evaluate("w.reachable")) > 40
    lab.screenshot("line98-selected", page.locator(ROOT))
    click_cell(page, 3, 4)
    lab.wait_for_attr(ROOT, "data-moves", 1)
    assert lab.evaluate("[w.score, w.moves, w.selected, w.game.board[3, :5].tolist()]") == [10, 1, [], [0] * 5]
    lab.wait_for_attr(ROOT, "data-state", "playing")
    lab.wait_for_attr(ROOT, "data-score", 10)
    lab.screenshot("line98-after-clear", page.locator(ROOT))
    # clicking the same ball twice deselects it
    click_cell(page, 0, 2)
    lab.wait_for_attr(ROOT, "data-selected", "0,2")
    click_cell(page, 0, 2)
    lab.wait_for_attr(ROOT, "data-selected", "")
    assert lab.evaluate("w.selected") == []


def test_unreachable_target_keeps_the_ball_selected(lab):
    page = open_game(lab)
    click_cell(page, 0, 0)
    lab.wait_for_attr(ROOT, "data-selected", "0,0")
    click_cell(page, 5, 5)
    lab.until("w.last_event['kind'] == 'blocked'")
    lab.wait_for_attr(ROOT, "data-event", lab.evaluate("w.last_event['id']"))
    assert lab.evaluate("[w.last_event['kind'], w.selected, w.moves]") == ["blocked", [0, 0], 0]
    assert attr(page, "data-selected") == "0,0"
    lab.screenshot("line98-blocked", page.locator(ROOT))
    click_cell(page, 0, 1)  # the one cell it can reach
    lab.wait_for_attr(ROOT, "data-moves", 1)
    assert lab.evaluate("int(w.game.board[0, 1])") == 1


def test_a_move_with_the_keyboard_only_then_undo_new_game_and_mute(lab):
    page = open_game(lab)
    page.locator(CANVAS).focus()
    page.keyboard.press("Control+Home")
    lab.wait_for_attr(ROOT, "data-cursor", "0,0")
    for _ in range(6):
        page.keyboard.press("ArrowDown")
    page.keyboard.press("End")
    lab.wait_for_attr(ROOT, "data-cursor", "6,8")
    page.keyboard.press("Enter")
    lab.wait_for_attr(ROOT, "data-selected", "6,8")
    page.keyboard.press("Escape")
    lab.wait_for_attr(ROOT, "data-selected", "")
    page.keyboard.press("Space")
    lab.wait_for_attr(ROOT, "data-selected", "6,8")
    for _ in range(3):
        page.keyboard.press("ArrowUp")
    page.keyboard.press("Home")
    for _ in range(4):
        page.keyboard.press("ArrowRight")
    lab.wait_for_attr(ROOT, "data-cursor", "3,4")
    lab.screenshot("line98-keyboard", page.locator(ROOT))
    page.keyboard.press("Enter")
    lab.wait_for_attr(ROOT, "data-moves", 1)
    assert lab.evaluate("w.score") == 10
    page.keyboard.press("Control+End")
    lab.wait_for_attr(ROOT, "data-cursor", "8,8")
    lab.wait_for_attr(ROOT, "data-state", "playing")
    page.keyboard.press("u")
    lab.wait_for_attr(ROOT, "data-moves", 0)
    assert lab.evaluate("[w.score, w.moves, w.can_undo]") == [0, 0, False]
    page.keyboard.press("m")
    lab.wait_for_attr(ROOT, "data-muted", "false")
    lab.until("w.muted is False")  # the view shows it at once; Python hears it a moment later
    page.keyboard.press("m")
    lab.wait_for_attr(ROOT, "data-muted", "true")
    old_board = lab.evaluate("w.board")
    page.keyboard.press("n")
    lab.until("w.last_event['kind'] == 'new'")
    lab.wait_for_attr(ROOT, "data-event", lab.evaluate("w.last_event['id']"))
    assert lab.evaluate("w.board") != old_board and lab.evaluate("w.board.count(0)") == 81 - 5


def test_undo_after_n_brings_the_previous_game_back(lab):
    page = open_game(lab)
    lab.execute("w.play((6, 8), (3, 4))")
    lab.wait_for_attr(ROOT, "data-moves", 1)
    lab.wait_for_attr(ROOT, "data-state", "playing")  # the move's animation is over (a key would end it)
    played = lab.evaluate("[w.board, w.score]")
    page.locator(CANVAS).focus()
    page.keyboard.press("n")
    lab.wait_for_attr(ROOT, "data-asking", "new-game")  # a game in progress: N asks first
    page.keyboard.press("Enter")
    lab.until("w.last_event['kind'] == 'new'")
    lab.wait_for_attr(ROOT, "data-moves", 0)
    undo = page.locator(f"{ROOT} [data-action=undo]")
    assert undo.is_enabled() and undo.get_attribute("title") == "Bring the previous game back (U)"
    assert "brings the previous game back" in page.locator(f"{ROOT} .gw-status").inner_text()
    page.keyboard.press("u")
    lab.wait_for_attr(ROOT, "data-moves", 1)
    assert lab.evaluate("[w.board, w.score]") == played and lab.evaluate("w.last_event['restored']") is True


def test_buttons_settings_and_python_control_reach_the_view(lab):
    page = open_game(lab)
    click_cell(page, 6, 8)
    lab.wait_for_attr(ROOT, "data-selected", "6,8")
    click_cell(page, 3, 4)
    lab.wait_for_attr(ROOT, "data-moves", 1)
    lab.wait_for_attr(ROOT, "data-state", "playing")
    page.locator("[data-action=undo]").click()
    lab.wait_for_attr(ROOT, "data-moves", 0)
    assert lab.evaluate("[w.moves, w.score]") == [0, 0]
    assert page.locator("[data-action=undo]").is_disabled()
    # settings: the view sets the trait, Python sets the checkbox
    page.locator("[data-setting=symbols]").check()
    lab.until("w.symbols")
    lab.execute("w.mark_reachable = False; w.hide_clock = True")
    # two trait changes may reach the view in two messages: wait for both
    page.wait_for_function("() => !document.querySelector('[data-setting=mark_reachable]').checked"
                           " && document.querySelector('[data-setting=hide_clock]').checked")
    assert page.locator("[data-setting=hide_clock]").is_checked()
    # a move played from Python is shown
    lab.execute("w.play((6, 8), (3, 4))")
    lab.wait_for_attr(ROOT, "data-moves", 1)
    lab.wait_for_attr(ROOT, "data-score", 10)
    lab.screenshot("line98-symbols", page.locator(ROOT))
    page.locator("[data-action=new]").click()
    page.locator("[data-dialog=confirm] [data-action=confirm]").click()  # a game in progress: it asks first
    lab.wait_for_attr(ROOT, "data-moves", 0)
    assert lab.evaluate("w.last_event['kind']") == "new"


def test_game_over_shows_and_updates_the_record(lab):
    # a full board without lines but for two cells holding the previews
    cells = [
        "import numpy as np\nfrom gamewidgets import Line98\nfrom gamewidgets.line98 import Game",
        "board = np.array([[(r + 2 * c) % 7 + 1 for c in range(9)] for r in range(9)])\n"
        "board[8, 7] = board[8, 8] = 0\n"
        "w = Line98(game=Game.from_board(board, [(8, 7, 2), (8, 8, 4)], score=120), muted=True)\nw",
    ]
    page = open_game(lab, cells)
    click_cell(page, 7, 8)
    lab.wait_for_attr(ROOT, "data-selected", "7,8")
    click_cell(page, 8, 8)
    lab.wait_for_attr(ROOT, "data-state", "over")
    assert lab.evaluate("[w.over, w.record, w.new_record]") == [True, 120, True]
    assert lab.evaluate("Line98().record") == 120  # kept by the store, for the next widget
    lab.wait_for_attr(ROOT, "data-record", 120)
    lab.screenshot("line98-game-over", page.locator(ROOT))
    page.locator("[data-action=undo]").click()  # undo also works after game over
    lab.wait_for_attr(ROOT, "data-state", "playing")
    assert lab.evaluate("[w.over, w.moves]") == [False, 0]


def test_a_click_during_the_animation_jumps_to_its_end(lab):
    page = open_game(lab)
    click_cell(page, 6, 8)
    lab.wait_for_attr(ROOT, "data-selected", "6,8")
    click_cell(page, 3, 4)
    lab.wait_for_attr(ROOT, "data-state", "animating")
    # a click during the animation is not sent to Python: it only ends the animation
    page.locator(CANVAS).click(position=cell_position(page, 0, 2))
    lab.wait_for_attr(ROOT, "data-state", "playing")
    assert lab.evaluate("w.selected") == []
    assert attr(page, "data-event") == str(lab.evaluate("w.last_event['id']"))
