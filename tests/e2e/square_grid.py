"""Clicking cells of a square-celled canvas board (Line 98, Lines of Action).

Those views publish where their cells are on the board's canvas:
``data-grid="x,y,cell"`` (CSS px inside the canvas: the top-left corner of cell (0, 0)
and the side of a cell). Mahjong's tiles are not square: its tests read its own format.
"""

CANVAS = "canvas.gw-board"


def cell_position(page, row, col):
    """The centre of a cell, in CSS px inside the canvas."""
    x, y, size = (float(v) for v in page.locator(CANVAS).get_attribute("data-grid").split(","))
    return {"x": x + (col + 0.5) * size, "y": y + (row + 0.5) * size}


def click_cell(page, row, col):
    page.locator(CANVAS).click(position=cell_position(page, row, col))
