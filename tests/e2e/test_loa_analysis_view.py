"""Lines of Action in a real JupyterLab + Chromium: an analysis shown per move. With no
piece picked the board shows each target cell's best score; hovering a piece, or
selecting it, or putting the keyboard cursor on it shows only that piece's moves —
its targets with the scores of those moves — and the status line names the depth.

The view's root ``[data-game=loa]`` says what the board shows: ``data-overlay`` (the
cells shown with no piece picked), ``data-overlay-piece`` ("r,c" of the piece picked,
or "") and ``data-overlay-moves`` ("r,c>r,c=label ..." of that piece's moves, from
the overlay trait's ``moves``). Screenshots: tests/e2e/screenshots/loa-analysis-*.png.
"""

from .square_grid import CANVAS, cell_position, click_cell
from .test_loa_view import ROOT, attr, open_game

ANALYSIS = 'w.show(LEVELS["hard"](seed=1, time_limit=None, max_depth=3).analyse(w.game))'


def moves_from(lab, row, col):
    """What the view should say for the piece on (row, col): its moves in the overlay."""
    moves = lab.evaluate(f"[m for m in w.overlay['moves'] if m[:2] == [{row}, {col}]]")
    return " ".join(f"{m[0]},{m[1]}>{m[2]},{m[3]}={m[5]}" for m in moves)


def hover_cell(page, row, col):
    page.locator(CANVAS).hover(position=cell_position(page, row, col))


def show_analysis(lab, page):
    lab.execute(ANALYSIS)
    cells = lab.evaluate("len(w.overlay['cells'])")
    assert cells > 0 and lab.evaluate("len(w.overlay['moves'])") == lab.evaluate("len(w.game.legal_moves())")
    lab.wait_for_attr(ROOT, "data-overlay", cells)
    return cells


def test_hovering_or_selecting_a_piece_shows_the_scores_of_its_moves(lab):
    page = open_game(lab, 'LinesOfAction(size=6, level="easy", seed=5, store=None, muted=True)', phase="playing")
    page.mouse.move(0, 0)  # away from the board: no piece picked
    cells = show_analysis(lab, page)
    assert attr(page, "data-overlay-piece") == "" and attr(page, "data-overlay-moves") == ""
    depth = lab.evaluate("w.overlay['title']")
    assert "depth 3" in depth
    assert "depth 3" in page.locator(f"{ROOT} .gw-status").inner_text()
    lab.screenshot("loa-analysis-board", page.locator(ROOT))

    # the mouse over b1: only b1's moves, with their scores
    hover_cell(page, 5, 1)
    expected = moves_from(lab, 5, 1)
    assert expected and all(m.startswith("5,1>") for m in expected.split(" "))
    lab.wait_for_attr(ROOT, "data-overlay-piece", "5,1")
    lab.wait_for_attr(ROOT, "data-overlay-moves", expected)
    lab.screenshot("loa-analysis-hover", page.locator(ROOT))

    # over an empty cell nothing is picked: the board shows every cell's best again
    hover_cell(page, 2, 2)
    lab.wait_for_attr(ROOT, "data-overlay-piece", "")
    assert attr(page, "data-overlay-moves") == "" and attr(page, "data-overlay") == str(cells)

    # a selected piece keeps showing its moves while the mouse is on one of its targets or away
    click_cell(page, 0, 2)
    lab.wait_for_attr(ROOT, "data-selected", "0,2")
    lab.wait_for_attr(ROOT, "data-overlay-piece", "0,2")
    lab.wait_for_attr(ROOT, "data-overlay-moves", moves_from(lab, 0, 2))
    target = lab.evaluate("next(t for t in w.targets if not t[2])")
    hover_cell(page, target[0], target[1])
    lab.wait_still(ROOT)  # a few frames drawn since
    assert attr(page, "data-overlay-piece") == "0,2"
    lab.screenshot("loa-analysis-selected", page.locator(ROOT))
    page.mouse.move(0, 0)
    lab.wait_still(ROOT)  # a few frames drawn since
    assert attr(page, "data-overlay-piece") == "0,2"
    # the mouse over another piece shows that one's moves instead
    hover_cell(page, 5, 3)
    lab.wait_for_attr(ROOT, "data-overlay-moves", moves_from(lab, 5, 3))
    assert lab.evaluate("w.selected") == [0, 2]

    lab.execute("w.show(None)")
    lab.wait_for_attr(ROOT, "data-overlay", 0)
    lab.wait_for_attr(ROOT, "data-overlay-piece", "")


def test_the_keyboard_cursor_picks_a_piece_as_the_mouse_does(lab):
    page = open_game(lab, 'LinesOfAction(size=6, level="easy", seed=5, store=None, muted=True)', phase="playing")
    page.mouse.move(0, 0)
    show_analysis(lab, page)
    page.locator(CANVAS).focus()
    page.keyboard.press("ArrowRight")  # the cursor starts on b1: now on c1
    lab.wait_for_attr(ROOT, "data-cursor", "5,2")
    lab.wait_for_attr(ROOT, "data-overlay-piece", "5,2")
    lab.wait_for_attr(ROOT, "data-overlay-moves", moves_from(lab, 5, 2))
    lab.screenshot("loa-analysis-cursor", page.locator(ROOT))
    # Enter selects it; the cursor on one of its targets keeps showing its moves
    page.keyboard.press("Enter")
    lab.wait_for_attr(ROOT, "data-selected", "5,2")
    page.keyboard.press("ArrowUp")
    lab.wait_for_attr(ROOT, "data-cursor", "4,2")
    lab.wait_still(ROOT)  # a few frames drawn since
    assert attr(page, "data-overlay-piece") == "5,2"
    # Escape deselects: with the cursor on an empty cell no piece is picked
    page.keyboard.press("Escape")
    lab.wait_for_attr(ROOT, "data-selected", "")
    lab.wait_for_attr(ROOT, "data-overlay-piece", "")
