"""Dominoes in a real JupyterLab + Chromium: playing a tile by clicks (tile, then an
end marker) and the computer's answer, drawing when nothing fits, the level menu,
local mode's handoff screen and the end-of-hand screen.

The view's root is ``[data-game=domino]``; its data attributes (turn, hand, playable,
line, boneyard, selected, handoff, thinking, result, event, ...) say what the view
shows, and ``lab.evaluate`` reads what Python holds. Positions are set up with
``Game.from_position`` so every test is deterministic. Widgets use ``store=None``
and ``muted=True``. Screenshots go to tests/e2e/screenshots/domino-*.png.
"""

import json

ROOT = "[data-game=domino]"

IMPORTS = (
    "from gamewidgets.domino import Game, TILES, as_tile\n"
    "from gamewidgets.domino.widget import Domino\n"
    "\n"
    "def position(hands, line, first=(), turn=0):\n"
    "    # the boneyard holds every other tile, `first` on top (drawn first)\n"
    "    used = {as_tile(t) for h in hands for t in h} | {as_tile(list(p)) for p in line}\n"
    "    top = [as_tile(t) for t in first]\n"
    "    rest = [t for t in TILES if t not in used and t not in top]\n"
    "    return Game.from_position(hands, line, boneyard=top + rest, turn=turn)"
)


def open_game(lab, hands, line, *, first=(), turn=0, mode="computer"):
    """Open a notebook showing ``w`` on the given position; wait for its view."""
    game = f"position({json.dumps(hands)}, {json.dumps(line)}, first={json.dumps(list(first))}, turn={turn})"
    extra = ', level="easy"' if mode == "computer" else ""
    cell = f'w = Domino(game={game}, mode="{mode}"{extra}, store=None, muted=True)\nw'
    page = lab.open_notebook([IMPORTS, cell])
    lab.wait_for_attr(ROOT, "data-event", lab.evaluate("w.last_event['id']"))
    return page


def attr(page, name):
    return page.locator(ROOT).get_attribute(name)


def tile(page, key):
    return page.locator(f'{ROOT} button[data-tile="{key}"]')


def test_play_a_tile_by_clicks_and_the_computer_answers(lab):
    page = open_game(lab, [["6-1", "3-2", "5-0"], ["6-2", "1-1", "4-4"]], [[6, 6]])
    lab.wait_for_attr(ROOT, "data-turn", 0)
    assert attr(page, "data-hand") == "3"
    assert attr(page, "data-playable") == "1"
    assert attr(page, "data-line") == "1"
    assert tile(page, "6-1").get_attribute("data-playable") == "true"
    assert tile(page, "3-2").get_attribute("data-playable") == "false"
    # both ends show 6: choosing the tile shows two end markers
    tile(page, "6-1").click()
    lab.wait_for_attr(ROOT, "data-selected", "6-1")
    assert page.locator(f"{ROOT} button[data-end=left]").is_visible()
    assert page.locator(f"{ROOT} button[data-end=right]").is_visible()
    lab.screenshot("domino-selected", page.locator(ROOT))
    # Esc puts it back
    page.keyboard.press("Escape")
    lab.wait_for_attr(ROOT, "data-selected", "")
    assert not page.locator(f"{ROOT} button[data-end=left]").is_visible()
    tile(page, "6-1").click()
    lab.wait_for_attr(ROOT, "data-selected", "6-1")
    page.locator(f"{ROOT} button[data-end=right]").click()
    lab.until("[6, 1] in w.line")
    line = lab.evaluate("w.line")
    assert line[line.index([6, 6]) + 1] == [6, 1]  # played at the right end
    # the computer (easy) answers; then it is the user's turn again
    lab.until("w.turn == 0 and not w.thinking and len(w.line) == 3", timeout=30)
    lab.wait_for_attr(ROOT, "data-turn", 0)
    lab.wait_for_attr(ROOT, "data-line", 3)
    lab.wait_for_attr(ROOT, "data-hand", 2)
    assert attr(page, "data-selected") == ""
    assert attr(page, "data-thinking") == "false"
    lab.screenshot("domino-after-answer", page.locator(ROOT))
    assert not [m for m in lab.console if "error" in m.lower()], lab.console


def test_draw_when_nothing_fits(lab):
    page = open_game(lab, [["1-2", "3-4", "0-1"], ["6-1", "2-2", "3-3"]], [[6, 6]], first=["6-5"])
    lab.wait_for_attr(ROOT, "data-turn", 0)
    assert attr(page, "data-playable") == "0"
    draw = page.locator(f"{ROOT} button[data-action=draw]")
    assert draw.is_visible()
    assert not page.locator(f"{ROOT} button[data-action=pass]").is_visible()
    lab.screenshot("domino-must-draw", page.locator(ROOT))
    boneyard = int(attr(page, "data-boneyard"))
    draw.click()
    lab.wait_for_attr(ROOT, "data-hand", 4)
    lab.wait_for_attr(ROOT, "data-boneyard", boneyard - 1)
    lab.wait_for_attr(ROOT, "data-playable", 1)
    assert tile(page, "6-5").get_attribute("data-playable") == "true"
    assert not draw.is_visible()
    assert lab.evaluate("[list(t) for t in w.hand]").count([6, 5]) == 1


def test_level_menu_changes_the_level_and_keeps_the_hands(lab):
    page = open_game(lab, [["6-1", "3-2", "5-0"], ["6-2", "1-1", "4-4"]], [[6, 6]])
    lab.wait_for_attr(ROOT, "data-level", "easy")
    before = lab.evaluate("[w.hand, w.line, w.counts, w.boneyard]")
    page.locator(f"{ROOT} button[data-action=level]").click()
    menu = page.locator(f"{ROOT} [data-dialog=level]")
    assert menu.is_visible()
    lab.screenshot("domino-level-menu", page.locator(ROOT))
    menu.locator("button[data-level=hard]").click()
    lab.until("w.level == 'hard'")
    lab.wait_for_attr(ROOT, "data-level", "hard")
    assert not menu.is_visible()
    assert lab.evaluate("[w.hand, w.line, w.counts, w.boneyard]") == before
    # cancel changes nothing
    page.locator(f"{ROOT} button[data-action=level]").click()
    assert menu.is_visible()
    menu.locator("button[data-level=easy]").hover()
    menu.locator("button[data-action=cancel]").click()
    assert not menu.is_visible()
    assert lab.evaluate("w.level") == "hard"
    assert lab.evaluate("[w.hand, w.line, w.counts, w.boneyard]") == before


def test_local_mode_hides_the_hand_behind_the_handoff_screen(lab):
    page = open_game(lab, [["6-1", "3-2", "5-0"], ["6-2", "1-1", "4-4"]], [[6, 6]], mode="local")
    screen = page.locator(f"{ROOT} [data-dialog=handoff]")
    lab.wait_for_attr(ROOT, "data-handoff", "true")
    assert screen.is_visible()
    assert "Pass the device to Player 1" in screen.inner_text()
    assert attr(page, "data-hand") == "0"
    assert page.locator(f"{ROOT} button[data-tile]").count() == 0
    assert not page.locator(f"{ROOT} button[data-action=level]").is_visible()
    screen.locator("button[data-action=reveal]").click()
    lab.wait_for_attr(ROOT, "data-handoff", "false")
    lab.wait_for_attr(ROOT, "data-hand", 3)
    assert not screen.is_visible()
    tile(page, "6-1").click()
    page.locator(f"{ROOT} button[data-end=left]").click()
    lab.wait_for_attr(ROOT, "data-handoff", "true")
    lab.wait_for_attr(ROOT, "data-turn", 1)
    assert "Pass the device to Player 2" in screen.inner_text()
    assert "I am Player 2" in screen.locator("button[data-action=reveal]").inner_text()
    assert attr(page, "data-hand") == "0"
    lab.screenshot("domino-handoff", page.locator(ROOT))
    screen.locator("button[data-action=reveal]").click()
    lab.wait_for_attr(ROOT, "data-handoff", "false")
    lab.wait_for_attr(ROOT, "data-seat", 1)
    lab.wait_for_attr(ROOT, "data-hand", 3)
    assert tile(page, "6-2").get_attribute("data-playable") == "true"


def test_end_of_hand_screen_after_playing_out(lab):
    # the user's last tile fits only the right end: one click plays it
    page = open_game(lab, [["2-1"], ["5-3", "4-4", "0-0"]], [[6, 6], [6, 2]])
    lab.wait_for_attr(ROOT, "data-turn", 0)
    assert attr(page, "data-playable") == "1"
    tile(page, "2-1").click()
    lab.until("bool(w.result)")
    lab.wait_for_attr(ROOT, "data-result", "won")
    result = page.locator(f"{ROOT} [data-dialog=result]")
    assert result.is_visible()
    text = result.inner_text()
    assert "You win" in text
    assert "16 points" in text  # 5+3 + 4+4 + 0+0
    assert lab.evaluate("w.result['points']") == 16
    assert result.locator("canvas").count() == 3  # the computer's tiles are shown
    lab.screenshot("domino-result", page.locator(ROOT))
    result.locator("button[data-action=new]").click()
    lab.until("not w.result")
    lab.wait_for_attr(ROOT, "data-result", "")
    assert not result.is_visible()
