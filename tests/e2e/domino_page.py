"""The Dominoes view as the browser tests see it: a test position, opening it, reading
it, and what stays inside the table (tests/e2e/test_domino_*.py).

The view's root is ``[data-game=domino]``; its data attributes say what it shows.
Positions are set up with ``Game.from_position`` so every test is deterministic;
widgets use ``store=None`` and ``muted=True``.
"""

import json

ROOT = "[data-game=domino]"

IMPORTS = (
    "from gamewidgets.domino import Game, PLAYERS, TILES, as_tile, tile_name\n"
    "from gamewidgets.domino.widget import Domino\n"
    "\n"
    "def position(hands, line, first=(), turn=0):\n"
    "    # the boneyard holds every other tile, `first` on top (drawn first)\n"
    "    used = {as_tile(t) for h in hands for t in h} | {as_tile(list(p)) for p in line}\n"
    "    top = [as_tile(t) for t in first]\n"
    "    rest = [t for t in TILES if t not in used and t not in top]\n"
    "    return Game.from_position(hands, line, boneyard=top + rest, turn=turn)"
)


def open_game(lab, hands, line, *, first=(), turn=0, mode="computer", viewport=None, level='"easy"'):
    """Open a notebook showing ``w`` on the given position; wait for its view. ``level``:
    the computer's, as Python source (with more arguments if need be)."""
    game = f"position({json.dumps(hands)}, {json.dumps(line)}, first={json.dumps(list(first))}, turn={turn})"
    extra = f", level={level}" if mode == "computer" else ""
    cell = f'w = Domino(game={game}, mode="{mode}"{extra}, store=None, muted=True)\nw'
    page = lab.open_notebook([IMPORTS, cell], viewport=viewport)
    lab.wait_for_attr(ROOT, "data-event", lab.evaluate("w.last_event['id']"))
    return page


def attr(page, name):
    return page.locator(ROOT).get_attribute(name)


def tile(page, key):
    return page.locator(f'{ROOT} button[data-tile="{key}"]')


PHONE = {"width": 412, "height": 915}
LAPTOP = {"width": 1366, "height": 768}

# The parts of `box` (a selector in the root) that stick out sideways of `within`'s
# content box (its padding box with pad=False; "" is the root) by more than half a pixel.
OUTSIDE_JS = """([root, box, within, pad]) => {
    const base = document.querySelector(within ? `${root} ${within}` : root);
    const r = base.getBoundingClientRect();
    const cs = getComputedStyle(base);
    const inset = (side) => parseFloat(cs[`border${side}Width`]) + (pad ? parseFloat(cs[`padding${side}`]) : 0);
    const left = r.left + inset("Left"), right = r.right - inset("Right");
    const out = [];
    for (const node of document.querySelectorAll(`${root} ${box}`)) {
        for (const el of [node, ...node.querySelectorAll("*")]) {
            const b = el.getBoundingClientRect();
            if (!b.width || !b.height || el.closest(".gw-dom-hand .gw-dom-tile")) continue;  // the hand scrolls
            if (b.left < left - 0.5 || b.right > right + 0.5) {
                out.push(`${el.tagName.toLowerCase()}.${el.className} ${b.left.toFixed(1)}..${b.right.toFixed(1)}`
                         + ` not in ${left.toFixed(1)}..${right.toFixed(1)}`);
            }
        }
    }
    return out;
}"""


def outside(page, box, within, pad=True):
    return page.evaluate(OUTSIDE_JS, [ROOT, box, within, pad])


FIT_JS = """(root) => {
    const el = document.querySelector(root);
    el.scrollIntoView({block: 'start'});
    const area = document.querySelector('.jp-WindowedPanel-outer').getBoundingClientRect();
    const hand = el.querySelector('.gw-dom-hand').getBoundingClientRect();
    const board = el.querySelector('canvas.gw-board').getBoundingClientRect();
    return {height: el.getBoundingClientRect().height, area: area.height, board: board.height,
            handBottom: hand.bottom, areaBottom: area.bottom};
}"""
