"""The Mahjong Connect view as the browser tests see it: opening a board, where its
cells are, clicking and dragging tiles, reading its data attributes.

The view's root is ``[data-game=mahjong]``; its data attributes (tiles, selected,
hint, state, orientation, cursor, event, history, scoring, lesson, clock, path, ...:
js/mahjong/CONTRACT.md) say what the view shows, and ``lab.evaluate`` reads what
Python holds. The canvas publishes where its cells are:
``data-grid="x,y,cellW,cellH,viewRows,viewCols"`` in view coordinates (portrait
transposes the grid).
"""

ROOT = "[data-game=mahjong]"
CANVAS = "canvas.gw-board"

IMPORTS = (
    "import itertools\nfrom gamewidgets import MahjongConnect\nfrom gamewidgets.mahjong import Game, Solver, matches"
)
SETUP = [IMPORTS, "w = MahjongConnect(seed=1, muted=True)\nw"]

# Python on the kernel: a removable pair of w
PAIR = "w.game.legal_moves()[0].to_list()"


def board(grid, **options):
    """The cells of a notebook showing ``w = MahjongConnect(game=Game.from_grid(grid), ...)``."""
    args = "".join(f", {name}={value!r}" for name, value in options.items())
    return [IMPORTS, f"w = MahjongConnect(game=Game.from_grid('''{grid}'''), muted=True{args})\nw"]


def open_game(lab, cells=SETUP, viewport=None):
    page = lab.open_notebook(cells, viewport=viewport)
    page.wait_for_selector(ROOT)
    page.wait_for_function(f"document.querySelector('{CANVAS}') && document.querySelector('{CANVAS}').dataset.grid")
    return page


def geometry(page):
    x, y, cw, ch, vr, vc = (float(v) for v in page.locator(CANVAS).get_attribute("data-grid").split(","))
    return x, y, cw, ch, int(vr), int(vc)


def cell_position(page, row, col):
    """The centre of grid cell [row, col] (landscape coordinates), in CSS px inside the canvas."""
    x, y, cw, ch, _, _ = geometry(page)
    portrait = page.locator(ROOT).get_attribute("data-orientation") == "portrait"
    i, j = (col, row) if portrait else (row, col)
    return {"x": x + (j + 0.5) * cw, "y": y + (i + 0.5) * ch}


def click_cell(page, cell):
    page.locator(CANVAS).click(position=cell_position(page, *cell))


def drag_cell(page, a, b):
    """Press on cell a, move the pointer in steps to cell b; returns the release."""
    page.locator(ROOT).scroll_into_view_if_needed()
    canvas = page.locator(CANVAS)
    canvas.scroll_into_view_if_needed()
    box = canvas.bounding_box()
    pa, pb = cell_position(page, *a), cell_position(page, *b)
    page.mouse.move(box["x"] + pa["x"], box["y"] + pa["y"])
    page.mouse.down()
    page.mouse.move(box["x"] + pb["x"], box["y"] + pb["y"], steps=12)
    return lambda: page.mouse.up()


def attr(page, name):
    return page.locator(ROOT).get_attribute(name)

