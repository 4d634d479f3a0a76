"""Agents in the views, in a real JupyterLab + Chromium (issue 16): your own player in
the computer's seat (``opponent=``) is named wherever the view names the computer, and
a board a program plays from Python (``driven_by=``, a reinforcement-learning
environment) says "Played by ..." and takes no moves from the board, while the
program's moves (``w._driven_play``) show as any move and the history slider still
looks back.

What the views show is read from their data attributes (``data-opponent``,
``data-driven-by``, ``data-selected``, ``data-moves``, ``data-event``, ...) and what
Python holds with ``lab.evaluate``; "the click sent nothing" is known by a round trip
(``lab.round_trip``), never by a wait. Widgets use ``store=None`` and ``muted=True``.
Screenshots go to tests/e2e/screenshots/agents-*.png.
"""

import inspect

from . import domino_page, mahjong_page
from .line98_page import ROOT as LINE98
from .square_grid import CANVAS, click_cell
from .test_loa_view import NEAR_WIN  # 6x6, you (x) to move: c4-c2 joins all your pieces

LOA = "[data-game=loa]"
DOMINO = domino_page.ROOT
BADGE = "[data-notice=driven]"



def first_legal_move(game):
    """The agent of these tests: the first of the position's legal moves."""
    return game.legal_moves()[0]


AGENT = (
    "from gamewidgets.players import FunctionPlayer\n"
    "from gamewidgets.loa import Game\n"
    "from gamewidgets import LinesOfAction\n\n"
    f"{inspect.getsource(first_legal_move)}\n"
    'agent = FunctionPlayer(first_legal_move, name="first-legal-move")'
)


def attr(page, root, name):
    return page.locator(root).get_attribute(name)


def settled(lab, root):
    """The view shows Python's latest event, fully (no animation running)."""
    lab.wait_for_attr(root, "data-event", lab.evaluate("w.last_event['id']"))
    lab.wait_for_attr(root, "data-animating", "false")


def test_your_own_player_in_the_loa_computer_seat_is_named_and_answers_your_click(lab):
    widget = 'LinesOfAction(size=6, level="easy", seed=1, store=None, muted=True, opponent=agent)'
    page = lab.open_notebook([AGENT, f"w = {widget}\nw"])
    lab.wait_for_attr(LOA, "data-phase", "playing")
    lab.wait_for_attr(LOA, "data-opponent", "first-legal-move")
    page.wait_for_function(f"document.querySelector('{CANVAS}').dataset.grid")
    assert attr(page, LOA, "data-driven-by") == ""
    assert not page.locator(f"{LOA} {BADGE}").is_visible()
    # the name in place of the computer's level: score bar, header (not saved: its tooltip says why)
    assert page.locator(f"{LOA} .gw-loa-side[data-side=computer] .gw-loa-side-name").inner_text() == "first-legal-move"
    subtitle = page.locator(f"{LOA} .gw-title small")
    assert subtitle.inner_text() == "6\u00d76 Quick \u00b7 vs first-legal-move \u00b7 not saved"
    assert subtitle.get_attribute("title") == "Games against first-legal-move are not saved or counted."
    # you move by clicks (b1 and its first empty target); your player answers at once
    click_cell(page, 5, 1)
    lab.wait_for_attr(LOA, "data-selected", "5,1")
    r, c, _ = next(t for t in lab.evaluate("w.targets") if not t[2])
    click_cell(page, r, c)
    lab.until("w.moves == 2 and w.turn == 'user' and not w.thinking")
    lab.wait_for_attr(LOA, "data-moves", 2)
    settled(lab, LOA)
    answer = lab.evaluate("str(w.history[2].move)")
    assert lab.evaluate("[w.last_event['by'], w.error]") == ["computer", ""]
    assert answer == lab.evaluate("str(w.history[1].game.legal_moves()[0])")  # the agent's choice
    status = page.locator(f"{LOA} .gw-status")
    assert status.inner_text().startswith(f"first-legal-move played {answer}. Your move")
    assert "first-legal-move moved" in page.locator(f"{LOA} .gw-sr-only").inner_text()
    assert attr(page, LOA, "data-turn") == "user"
    lab.screenshot("agents-loa-own-opponent", page.locator(LOA))


def test_a_game_won_against_your_own_player_is_not_counted_on_the_results_screen(lab):
    widget = (f'LinesOfAction(game=Game.from_text("""{NEAR_WIN}"""), level="easy", store=None, muted=True, '
              'opponent=agent)')
    page = lab.open_notebook([AGENT, f"w = {widget}\nw"])
    lab.wait_for_attr(LOA, "data-phase", "playing")
    lab.wait_for_attr(LOA, "data-opponent", "first-legal-move")
    page.wait_for_function(f"document.querySelector('{CANVAS}').dataset.grid")
    click_cell(page, 2, 2)  # c4
    lab.wait_for_attr(LOA, "data-selected", "2,2")
    click_cell(page, 4, 2)  # c2: all your pieces in one group
    lab.wait_for_attr(LOA, "data-result", "win")
    assert lab.evaluate("[w.result['tally'], w.result['opponent']]") == [{}, "first-legal-move"]
    dialog = page.locator(f"{LOA} [data-dialog=result]")
    dialog.wait_for(state="visible")
    assert dialog.locator(".gw-dialog-title").inner_text() == "You win!"
    assert dialog.locator("[data-stat=captures_computer] span").text_content() == "first-legal-move's"
    note = dialog.locator("[data-note=not-counted]")
    assert note.is_visible() and note.inner_text() == "Games against first-legal-move are not saved or counted."
    assert not dialog.locator(".gw-loa-result-head").is_visible()
    assert not dialog.locator("[data-stat=wins]").is_visible()
    lab.screenshot("agents-loa-own-opponent-result", page.locator(LOA))


def test_a_line98_game_the_computer_played_moves_of_says_so_and_still_takes_your_clicks(lab):
    page = lab.open_notebook([
        "from gamewidgets import Line98",
        'w = Line98(seed=1, store=None, muted=True)\nw',
        'w.watch("build", moves=1, delay=0)',
    ])
    lab.wait_for_attr(LINE98, "data-played-by", "build")
    lab.wait_for_attr(LINE98, "data-moves", 1)
    badge = page.locator(f"{LINE98} {BADGE}")
    assert badge.is_visible() and badge.inner_text() == "Played by build \u00b7 not counted"
    assert attr(page, LINE98, "data-driven-by") == ""
    assert not page.locator(f"{LINE98} button[data-action=new]").is_disabled()
    page.wait_for_function(f"document.querySelector('{CANVAS}').dataset.grid")
    lab.wait_for_attr(LINE98, "data-state", "playing")
    ball = next(i for i, v in enumerate(lab.evaluate("w.board")) if v)
    click_cell(page, ball // 9, ball % 9)  # the user plays on: the board takes the click
    lab.until(f"w.selected == [{ball // 9}, {ball % 9}]")
    lab.screenshot("agents-line98-watched", page.locator(LINE98))
    lab.execute("w.new_game(seed=2)")
    lab.wait_for_attr(LINE98, "data-played-by", "")
    assert not badge.is_visible()


def test_a_loa_game_the_computer_won_for_you_is_not_counted_on_the_results_screen(lab):
    widget = f'LinesOfAction(game=Game.from_text("""{NEAR_WIN}"""), level="easy", store=None, muted=True)'
    page = lab.open_notebook([AGENT, f"w = {widget}\nw",
                              'w.watch(FunctionPlayer(lambda g: g.parse_move("c4-c2"), name="finisher"), '
                              'delay=0)'])
    lab.wait_for_attr(LOA, "data-result", "win")
    dialog = page.locator(f"{LOA} [data-dialog=result]")
    dialog.wait_for(state="visible")
    note = dialog.locator("[data-note=not-counted]")
    assert note.is_visible() and note.inner_text() == "Played by finisher: not counted in your record."
    assert not dialog.locator("[data-stat=wins]").is_visible()
    assert page.locator(f"{LOA} {BADGE}").inner_text() == "Played by finisher \u00b7 not counted"


def test_a_driven_line98_board_takes_no_clicks_and_shows_the_programs_moves(lab):
    cells = [
        "from gamewidgets import Line98",
        'w = Line98(seed=1, store=None, muted=True, driven_by="the Gymnasium environment")\nw',
    ]
    page = lab.open_notebook(cells)
    lab.wait_for_attr(LINE98, "data-driven-by", "the Gymnasium environment")
    page.wait_for_function(f"document.querySelector('{CANVAS}').dataset.grid")
    badge = page.locator(f"{LINE98} {BADGE}")
    assert badge.is_visible() and badge.inner_text() == "Played by the Gymnasium environment"
    assert page.locator(f"{LINE98} button[data-action=undo]").is_disabled()
    assert page.locator(f"{LINE98} button[data-action=new]").is_disabled()
    assert page.locator(f"{LINE98} .gw-status").inner_text().startswith("Played from Python")
    # a click on a ball, and Enter on it, select nothing: nothing is sent (Python would refuse it)
    ball = next(i for i, v in enumerate(lab.evaluate("w.board")) if v)
    click_cell(page, ball // 9, ball % 9)
    lab.wait_for_attr(LINE98, "data-cursor", f"{ball // 9},{ball % 9}")
    page.keyboard.press("Enter")
    lab.round_trip(LINE98)
    assert lab.evaluate("[w.selected, w.error, w.moves, w.last_event['id']]") == [[], "", 0, 1]
    assert attr(page, LINE98, "data-selected") == ""
    # the program's move shows as any move (its travel animated, then the board still)
    lab.execute("w._driven_play(w.game.legal_moves()[0])")
    lab.wait_for_attr(LINE98, "data-moves", 1)
    lab.wait_for_attr(LINE98, "data-event", lab.evaluate("w.last_event['id']"))
    lab.wait_for_attr(LINE98, "data-state", "playing")
    lab.wait_still(LINE98)
    assert attr(page, LINE98, "data-history") == "1/1"
    lab.screenshot("agents-line98-driven", page.locator(LINE98))
    # the history slider still looks back, and returns
    page.locator(CANVAS).focus()
    page.keyboard.press("PageUp")
    lab.until("w.history_index == 0")
    lab.wait_for_attr(LINE98, "data-history", "0/1")
    page.keyboard.press("PageDown")
    lab.until("w.history_index == 1")
    lab.wait_for_attr(LINE98, "data-history-mode", "live")
    assert lab.evaluate("w.error") == ""


def test_a_driven_loa_board_takes_no_clicks_and_slides_the_programs_moves(lab):
    cells = [
        "from gamewidgets import LinesOfAction",
        'w = LinesOfAction(size=6, level="easy", seed=1, store=None, muted=True,\n'
        '                  driven_by="the PettingZoo environment")\nw',
    ]
    page = lab.open_notebook(cells)
    lab.wait_for_attr(LOA, "data-driven-by", "the PettingZoo environment")
    lab.wait_for_attr(LOA, "data-phase", "playing")
    page.wait_for_function(f"document.querySelector('{CANVAS}').dataset.grid")
    assert page.locator(f"{LOA} {BADGE}").is_visible()
    assert page.locator(f"{LOA} button[data-action=undo]").is_disabled()
    assert page.locator(f"{LOA} button[data-action=menu]").is_disabled()
    # a click on your piece, then Enter and P, send nothing: no selection, no pause
    click_cell(page, 5, 1)
    lab.wait_for_attr(LOA, "data-cursor", "5,1")
    page.keyboard.press("Enter")
    page.keyboard.press("p")
    lab.round_trip(LOA)
    assert lab.evaluate("[w.selected, w.error, w.paused, w.moves]") == [[], "", False, 0]
    assert attr(page, LOA, "data-selected") == "" and attr(page, LOA, "data-targets") == "0"
    # the program plays both sides; each move slides into place
    lab.execute("w._driven_play(w.game.legal_moves()[0])")
    lab.wait_for_attr(LOA, "data-moves", 1)
    lab.execute("w._driven_play(w.game.legal_moves()[0])")
    lab.wait_for_attr(LOA, "data-moves", 2)
    settled(lab, LOA)
    assert lab.evaluate("[w.thinking, w.error, w.turn]") == [False, "", "user"]
    assert page.locator(f"{LOA} .gw-status").inner_text().startswith("Played from Python")
    lab.screenshot("agents-loa-driven", page.locator(LOA))
    page.locator(f"{LOA} [data-action=history-back]").click()
    lab.until("w.history_index == 1")
    lab.wait_for_attr(LOA, "data-history", "1/2")


def test_a_driven_mahjong_board_takes_no_clicks_or_drags_and_shows_the_programs_pairs(lab):
    cells = [mahjong_page.IMPORTS, 'w = MahjongConnect(seed=1, muted=True, driven_by="the Gymnasium environment")\nw']
    page = mahjong_page.open_game(lab, cells)
    root = mahjong_page.ROOT
    lab.wait_for_attr(root, "data-driven-by", "the Gymnasium environment")
    lab.wait_for_attr(root, "data-tiles", 144)
    assert page.locator(f"{root} {BADGE}").is_visible()
    for action in ("hint", "undo", "shuffle", "new", "restart", "pause"):
        assert page.locator(f"{root} .gw-toolbar button[data-action={action}]").is_disabled(), action
    a, b = lab.evaluate(mahjong_page.PAIR)
    mahjong_page.click_cell(page, a)  # a click selects nothing
    mahjong_page.drag_cell(page, a, b)()  # and a drag onto its partner removes nothing
    page.keyboard.press("h")
    lab.round_trip(root)
    assert lab.evaluate("[w.selected, w.error, w.tiles_left, w.hint_pair]") == [[], "", 144, []]
    assert mahjong_page.attr(page, "data-selected") == "" and mahjong_page.attr(page, "data-dragging") == "false"
    lab.execute("w._driven_play(w.game.legal_moves()[0])")
    lab.wait_for_attr(root, "data-tiles", 142)
    lab.wait_for_attr(root, "data-event", lab.evaluate("w.last_event['id']"))
    lab.wait_still(root)
    assert lab.evaluate("w.error") == ""
    lab.screenshot("agents-mahjong-driven", page.locator(root))


def test_a_driven_dominoes_board_takes_no_tiles_and_shows_the_programs_plays(lab):
    game = 'position([["6-1", "3-2", "5-0"], ["6-2", "1-1", "4-4"]], [[6, 6]])'
    cell = (f'w = Domino(game={game}, mode="computer", store=None, muted=True,\n'
            '           driven_by="the PettingZoo environment")\nw')
    page = lab.open_notebook([domino_page.IMPORTS, cell])
    lab.wait_for_attr(DOMINO, "data-driven-by", "the PettingZoo environment")
    lab.wait_for_attr(DOMINO, "data-turn", 0)
    assert page.locator(f"{DOMINO} {BADGE}").inner_text() == "Played by the PettingZoo environment"
    assert page.locator(f"{DOMINO} button[data-action=level]").is_hidden()  # two programs: no level
    assert "two programs" in page.locator(DOMINO).inner_text()
    assert page.locator(DOMINO).get_by_text("player_0's tiles").is_visible()
    assert page.locator(f"{DOMINO} button[data-action=new]").first.is_disabled()
    # Python offers 6-1, the view highlights nothing; a click on it selects nothing and sends nothing
    assert lab.evaluate("len(w.playable)") == 1
    tile = domino_page.tile(page, "6-1")
    assert tile.get_attribute("data-playable") == "false" and attr(page, DOMINO, "data-playable") == "0"
    tile.click(force=True)  # (aria-disabled: a click still reaches it)
    lab.round_trip(DOMINO)
    assert attr(page, DOMINO, "data-selected") == ""
    assert lab.evaluate("[w.line, w.error]") == [[[6, 6]], ""]
    # the program plays both seats from Python: the view follows
    lab.execute("w._driven_play(w.game.legal_moves()[0])")
    lab.wait_for_attr(DOMINO, "data-line", 2)
    lab.wait_for_attr(DOMINO, "data-event", lab.evaluate("w.last_event['id']"))
    lab.wait_for_attr(DOMINO, "data-turn", 1)
    lab.execute("w._driven_play(w.game.legal_moves()[0])")
    lab.wait_for_attr(DOMINO, "data-event", lab.evaluate("w.last_event['id']"))
    lab.wait_for_attr(DOMINO, "data-turn", 0)
    assert lab.evaluate("[w.thinking, w.error]") == [False, ""]  # its own computer seat does not answer
    assert "Played from Python" in page.locator(f"{DOMINO} .gw-status").inner_text()
    lab.wait_still(DOMINO)
    lab.screenshot("agents-domino-driven", page.locator(DOMINO))
    # the history slider still looks back
    page.locator(f"{DOMINO} [data-action=history-back]").click()
    lab.until("w.history_index < w.history_length - 1")
    lab.wait_for_attr(DOMINO, "data-history-mode", "back")


def test_your_own_player_in_the_dominoes_computer_seat_has_no_level(lab):
    cells = [
        domino_page.IMPORTS,
        "from gamewidgets.players import FunctionPlayer\n\n"
        "def first_action(view):\n"
        "    return view.legal_actions()[0]\n\n"
        'agent = FunctionPlayer(first_action, name="first-action")',
        'w = Domino(game=position([["6-1", "3-2", "5-0"], ["6-2", "1-1", "4-4"]], [[6, 6]]), store=None, muted=True,'
        " opponent=agent)\nw",
    ]
    page = lab.open_notebook(cells)
    lab.wait_for_attr(DOMINO, "data-opponent", "first-action")
    lab.wait_for_attr(DOMINO, "data-turn", 0)
    level = page.locator(f"{DOMINO} button[data-action=level]")
    assert level.is_visible() and level.is_disabled()
    assert level.get_attribute("title").startswith("first-action plays the computer's seat")
    assert page.locator(f"{DOMINO} .gw-title small").inner_text() == "vs first-action"
    domino_page.tile(page, "6-1").click()
    lab.wait_for_attr(DOMINO, "data-selected", "6-1")
    page.locator(f"{DOMINO} button[data-end=right]").click()
    lab.until("w.turn == 0 and not w.thinking and len(w.line) == 3")
    lab.wait_for_attr(DOMINO, "data-line", 3)
    lab.wait_for_attr(DOMINO, "data-event", lab.evaluate("w.last_event['id']"))
    assert lab.evaluate("[w.names, w.error]") == [["You", "first-action"], ""]
    lab.wait_still(DOMINO)
    lab.screenshot("agents-domino-own-opponent", page.locator(DOMINO))
