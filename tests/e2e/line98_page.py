"""The Line 98 view as the browser tests see it: a test position, opening it, reading it.

The view publishes what it shows as data attributes on ``[data-game=line98]``; cells
are clicked with :mod:`.square_grid`.
"""

from .square_grid import CANVAS

ROOT = "[data-game=line98]"

# The red ball at (0,0) is walled in (it reaches only (0,1)); the green one at (6,8)
# completes the row of greens at (3,4) — a clear of 5 for 10 points, build's choice.
PICTURE = """
R . B . . . . . .
B B B . . . . . .
. . . . . . . . .
G G G G . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . G
. . . . . . . . .
y . . . . . . . p
"""

SETUP = [
    "from gamewidgets import Line98\n"
    "from gamewidgets.line98 import Game\n"
    "from gamewidgets.line98.players import BuildPlayer",
    f"w = Line98(game=Game.from_text('''{PICTURE}''', seed=1), muted=True)\nw",
]


def open_game(lab, cells=SETUP):
    """Open a notebook showing a Line 98 widget ``w``; wait for the view."""
    page = lab.open_notebook(cells)
    lab.wait_for_attr(ROOT, "data-moves", 0)
    page.wait_for_function(f"document.querySelector('{CANVAS}').dataset.grid")
    return page


def attr(page, name):
    return page.locator(ROOT).get_attribute(name)
