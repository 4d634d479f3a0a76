"""Lines of Action in a real JupyterLab + Chromium: saved games per size and level
(both continued after a kernel restart), the confirmation before PLAY discards a
saved game, the setup dialog opening on the last choice after a restart, playing
second, the computer's reasons (Why?) live and looking back, and the results screen
of a game lost for want of a legal move.

These widgets use the real store (the harness empties GAMEWIDGETS_HOME after each
test), since saving is what is tested. Screenshots: tests/e2e/screenshots/loa-saves-*.png,
loa-why-*.png, loa-no-moves.png.
"""

from .square_grid import CANVAS, click_cell
from .test_loa_view import IMPORTS, ROOT, attr, open_game, wait_settled

WIDGET = 'w = LinesOfAction(seed=1, muted=True, ai={"max_depth": 1})\nw'
SETUP = "[data-dialog=setup]"

# x (the user) to move: c4-e2 leaves o without a legal move
TRAPPED = """
. . . . . .
. . . . . .
. . x . . .
. . . . . .
x x . . . x
o x . . x o
"""


def open_setup(lab):
    page = lab.open_notebook([IMPORTS, WIDGET])
    lab.wait_for_attr(ROOT, "data-phase", "setup")
    page.wait_for_function(f"document.querySelector('{CANVAS}') && document.querySelector('{CANVAS}').dataset.grid")
    return page


def choose(page, size=None, level=None, side=None):
    for name, value in (("size", size), ("level", level), ("side", side)):
        if value is not None:
            page.locator(f"{SETUP} [data-{name}='{value}']").click()


def checked(page, name):
    return page.locator(f"{SETUP} [data-{name}][data-checked=true]").get_attribute(f"data-{name}")


def wait_started(lab, size):
    """Wait for PLAY to reach Python: the setup dialog's choice already set the size
    (a click on 6x6 shows data-size 6 while the old game's moves are still there)."""
    lab.wait_for_attr(ROOT, "data-phase", "playing")
    lab.until(f"w.phase == 'playing' and w.size == {size} and w.moves == 0")


def play_one_move(lab, page):
    """The user's first target of their first piece with one; wait for the answer."""
    moves = lab.evaluate("w.moves")
    src, dst = lab.evaluate("[list(w.game.legal_moves()[0].src), list(w.game.legal_moves()[0].dst)]")
    click_cell(page, *src)
    lab.wait_for_attr(ROOT, "data-selected", f"{src[0]},{src[1]}")
    click_cell(page, *dst)
    lab.until(f"w.moves == {moves + 2} and w.turn == 'user' and not w.thinking")
    wait_settled(lab, page)


def back_to_setup(lab, page):
    page.locator("[data-action=menu]").click()
    page.locator("[data-dialog=pause] [data-action=new]").click()
    lab.wait_for_attr(ROOT, "data-phase", "setup")


def test_two_saved_games_of_different_size_and_level_both_continue_after_a_restart(lab):
    page = open_setup(lab)
    choose(page, size=8, level="hard")
    page.locator(f"{SETUP} [data-action=play]").click()
    wait_started(lab, 8)
    play_one_move(lab, page)
    hard = lab.evaluate("[str(m) for m in w.history.moves]")
    back_to_setup(lab, page)
    assert checked(page, "size") == "8" and checked(page, "level") == "hard"  # opens on the game just left
    cont = page.locator(f"{SETUP} [data-action=continue]")
    assert cont.is_visible() and "8\u00d78, hard, move 2" in cont.inner_text()
    choose(page, size=6, level="easy")
    cont.wait_for(state="hidden")  # nothing saved for 6x6 easy
    page.locator(f"{SETUP} [data-action=play]").click()  # no question: that slot is free
    wait_started(lab, 6)
    play_one_move(lab, page)
    play_one_move(lab, page)
    easy = lab.evaluate("[str(m) for m in w.history.moves]")
    assert lab.evaluate("sorted(w.store.saved('loa'))") == ["6x6 easy", "8x8 hard"]

    lab.restart_kernel()
    lab.run_all()
    lab.wait_for_attr(ROOT, "data-phase", "setup")
    lab.wait_for_attr(ROOT, "data-saved", "6x6 easy:4,8x8 hard:2")
    assert checked(page, "size") == "6" and checked(page, "level") == "easy"  # the last game started
    cont.wait_for(state="visible")
    assert "6\u00d76, easy, move 4" in cont.inner_text()
    assert "gw-button-primary" in cont.get_attribute("class")  # Continue is the highlighted one now
    assert "gw-button-primary" not in page.locator(f"{SETUP} [data-action=play]").get_attribute("class")
    lab.screenshot("loa-saves-setup-continue", page.locator(ROOT))
    choose(page, size=8, level="hard")
    page.wait_for_function(f"document.querySelector('{SETUP} [data-action=continue]').innerText.includes('8\u00d78')")
    cont.click()
    lab.wait_for_attr(ROOT, "data-phase", "playing")
    lab.wait_for_attr(ROOT, "data-moves", 2)
    assert lab.evaluate("[[str(m) for m in w.history.moves], w.size, w.level]") == [hard, 8, "hard"]
    back_to_setup(lab, page)
    choose(page, size=6, level="easy")
    cont.click()
    lab.wait_for_attr(ROOT, "data-moves", 4)
    assert lab.evaluate("[[str(m) for m in w.history.moves], w.size, w.level]") == [easy, 6, "easy"]
    assert lab.evaluate("w.error") == ""


def test_play_asks_before_discarding_a_saved_game(lab):
    page = open_setup(lab)
    lab.execute('w.start(8, "hard")\nw.watch("easy", moves=3, delay=0)\nw.new_game()')
    cont = page.locator(f"{SETUP} [data-action=continue]")
    cont.wait_for(state="visible")
    saved = lab.evaluate("w.store.load('loa', '8x8 hard')")
    # another level: its own slot, no question, the Hard game stays
    choose(page, level="insane")
    cont.wait_for(state="hidden")
    page.locator(f"{SETUP} [data-action=play]").click()
    lab.wait_for_attr(ROOT, "data-phase", "playing")
    assert lab.evaluate("w.store.load('loa', '8x8 hard')") == saved
    back_to_setup(lab, page)
    choose(page, level="hard")
    cont.wait_for(state="visible")
    page.locator(f"{SETUP} [data-action=play]").click()
    confirm = page.locator("[data-dialog=confirm]")  # the shell's confirmation, over the setup dialog
    confirm.wait_for(state="visible")
    assert attr(page, "data-asking") == "discard"
    assert "Discard the saved 8\u00d78 Hard game at move 6?" in confirm.inner_text()
    lab.screenshot("loa-saves-discard", page.locator(ROOT))
    # Keep it: back to the choices, nothing sent
    confirm.locator("[data-action=cancel]").click()
    confirm.wait_for(state="hidden")
    page.locator(SETUP).wait_for(state="visible")
    lab.round_trip(ROOT)
    assert lab.evaluate("w.phase") == "setup" and lab.evaluate("w.store.load('loa', '8x8 hard')") == saved
    # Esc keeps it too; then Discard and play replaces it
    page.locator(f"{SETUP} [data-action=play]").click()
    confirm.wait_for(state="visible")
    page.keyboard.press("Escape")
    confirm.wait_for(state="hidden")
    page.locator(SETUP).wait_for(state="visible")
    page.locator(f"{SETUP} [data-action=play]").click()
    confirm.locator("[data-action=confirm]").click()
    lab.wait_for_attr(ROOT, "data-phase", "playing")
    # the new game replaces the saved one (a save may wait for the store's lock a moment)
    lab.until("[w.size, w.level, w.moves, w.store.load('loa', '8x8 hard')['game']['moves']] == [8, 'hard', 0, []]")
    assert confirm.is_hidden() and lab.evaluate("w.error") == ""


def test_the_setup_dialog_opens_on_the_last_choice_after_a_restart(lab):
    page = open_setup(lab)
    assert [checked(page, n) for n in ("size", "level", "side")] == ["6", "easy", "first"]
    choose(page, size=7, level="medium", side="second")
    lab.until("(w.size, w.level, w.side) == (7, 'medium', 'second')")
    lab.restart_kernel()
    lab.run_all()
    lab.wait_for_attr(ROOT, "data-side", "second")
    page.wait_for_function(f"document.querySelector(\"{SETUP} [data-size='7']\").dataset.checked === 'true'")
    assert [checked(page, n) for n in ("size", "level", "side")] == ["7", "medium", "second"]
    lab.screenshot("loa-saves-last-choice", page.locator(ROOT))


def test_playing_second_the_computer_opens(lab):
    page = open_setup(lab)
    choose(page, side="second")
    page.locator(f"{SETUP} [data-action=play]").click()
    lab.until("w.moves == 1 and w.turn == 'user' and not w.thinking")
    lab.wait_for_attr(ROOT, "data-moves", 1)
    wait_settled(lab, page)
    assert attr(page, "data-side") == "second" and attr(page, "data-turn") == "user"
    assert lab.evaluate("[w.side, str(w.history[1].move)[0] in 'af', w.board[1:5]]") == ["second", True, [1, 1, 1, 1]]
    undo = page.locator(f"{ROOT} button[data-action=undo]")
    assert undo.is_disabled()  # the computer's opening move is not the user's to take back
    assert page.locator(f"{ROOT} .gw-loa-side[data-side=user] .gw-loa-side-name").inner_text().startswith("You")
    lab.screenshot("loa-second", page.locator(ROOT))
    play_one_move(lab, page)
    assert undo.is_enabled()
    undo.click()
    lab.wait_for_attr(ROOT, "data-moves", 1)
    assert lab.evaluate("[w.moves, w.turn, w.side]") == [1, "user", "second"]


def test_why_shows_the_computers_reasons_live_and_looking_back(lab):
    page = open_game(lab, 'LinesOfAction(size=6, level="medium", seed=2, store=None, muted=True, ai={"max_depth": 2})',
                     phase="playing")
    why = page.locator(f"{ROOT} button[data-action=why]")
    assert why.is_disabled()
    play_one_move(lab, page)
    lab.wait_for_attr(ROOT, "data-why", "true")
    assert why.is_enabled() and why.get_attribute("aria-pressed") is None
    why.click()
    lab.wait_for_attr(ROOT, "data-explaining", 2)
    move, reason = lab.evaluate("[w.explaining['move'], w.explaining['reason']]")
    assert move == lab.evaluate("str(w.history[2].move)")
    status = page.locator(f"{ROOT} .gw-status")
    assert f"Why the computer played {move}: {reason}" in status.text_content()
    assert int(attr(page, "data-overlay")) > 0 and why.get_attribute("aria-pressed") == "true"
    lab.screenshot("loa-why-live", page.locator(ROOT))
    play_one_move(lab, page)  # the next move takes it away
    lab.wait_for_attr(ROOT, "data-explaining", "")
    # the W key, on the board: the move just played (position 4)
    page.locator(CANVAS).focus()
    cells_before = len(lab.cells())
    page.keyboard.press("w")
    lab.wait_for_attr(ROOT, "data-explaining", 4)
    assert len(lab.cells()) == cells_before  # the key stayed in the view
    # looking back: the computer's move shows its reasons, the user's has none
    page.locator("[data-action=history-back]").click()
    lab.wait_for_attr(ROOT, "data-history", "3/4")
    lab.wait_for_attr(ROOT, "data-explaining", "")
    assert why.is_disabled()
    page.locator("[data-action=history-back]").click()
    lab.wait_for_attr(ROOT, "data-history", "2/4")
    lab.wait_for_attr(ROOT, "data-explaining", 2)
    assert f"Why the computer played {move}" in status.text_content()
    assert why.is_enabled() and why.get_attribute("aria-pressed") == "true"
    lab.screenshot("loa-why-looking-back", page.locator(ROOT))
    page.locator("[data-action=history-live]").click()
    lab.wait_for_attr(ROOT, "data-history", "4/4")
    assert attr(page, "data-explaining") == "" and lab.evaluate("w.error") == ""


def test_the_results_screen_says_a_player_without_a_legal_move_loses(lab):
    page = open_game(lab, f'LinesOfAction(game=Game.from_text("""{TRAPPED}"""), level="easy", store=None, muted=True)',
                     phase="playing")
    click_cell(page, 2, 2)  # c4
    lab.wait_for_attr(ROOT, "data-selected", "2,2")
    click_cell(page, 4, 4)  # e2: o is left without a legal move
    lab.wait_for_attr(ROOT, "data-result", "win")
    assert lab.evaluate("[w.result['reason'], w.result['winner'], w.groups]") == ["no-moves", "user", [2, 2]]
    dialog = page.locator("[data-dialog=result]")
    dialog.wait_for(state="visible")
    assert dialog.locator(".gw-dialog-title").inner_text() == "You win!"
    text = dialog.inner_text()
    assert "The computer has no legal move." in text and "cannot move on their turn loses" in text
    lab.screenshot("loa-no-moves", page.locator(ROOT))
