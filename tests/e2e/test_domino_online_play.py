"""Dominoes online, end to end: two notebooks on one JupyterLab (two kernels, two
browser contexts) play a whole hand against each other by clicks, through a room
server this test starts (``LocalServer``, a child process on 127.0.0.1).

Each move is made by clicking in the page of the seat whose turn it is (a playable
tile, then an end marker if it fits both ends; Draw or Pass when nothing fits), and
both kernels must then hold the new state. Screenshots: domino-online-play-*.png.

Presence: with the room server gone, the host's view says its own state and
"unknown" for the guest; once the guest's tab is closed, the host's view shows the
guest away (domino-online-away.png), and here again once a view of it is open.

The notebook (notebooks/domino-online.ipynb) after Run All: it ends with both seats'
boards live (game 1 waiting for its first tile, whose turn said on each), a click on
the board whose turn it is plays there and both boards follow, and its last cell
has closed nothing until ``done = True`` (then it closes the seats and stops the
server). Screenshots: domino-online-notebook-boards.png, -clean-up-cell.png.
"""

import time
from pathlib import Path

import nbformat
import pytest

from gamewidgets.domino.online import LocalServer

ROOT = "[data-game=domino]"
STEP_TIMEOUT = 20.0
NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "domino-online.ipynb"


@pytest.fixture
def room_server(tmp_path):
    server = LocalServer(tmp_path / "rooms.db").start()
    yield server
    server.stop()


def open_seat(driver, code: str):
    page = driver.open_notebook(["from gamewidgets import Domino", f"{code}\nw.muted = True\nw"])
    driver.wait_for_attr(ROOT, "data-online", "connected")
    return page


def ply(driver) -> int:
    return driver.evaluate("w._state['ply'] if w._state else -1")


def make_a_move(driver, page, root=None) -> str:
    """Click the seat's move in its page (in the board ``root``, a locator; default: the
    page's first): what was done ("play 6-4", "draw", "pass")."""
    root = root or page.locator(ROOT).first
    playable = root.locator('button[data-tile][data-playable="true"]')
    if playable.count():
        button = playable.first
        key = button.get_attribute("data-tile")
        button.click()
        # one end: the click played it; two ends: it is selected and markers show
        deadline = time.monotonic() + STEP_TIMEOUT
        while time.monotonic() < deadline:
            if root.get_attribute("data-selected") == key:
                root.locator("button[data-end=right]").click()
                return f"play {key} (chose the right end)"
            if root.locator(f'button[data-tile="{key}"]').count() == 0:
                return f"play {key}"
            time.sleep(0.05)
        raise AssertionError(f"clicking {key} neither played it nor selected it")
    for action in ("draw", "pass"):
        button = root.locator(f"button[data-action={action}]")
        if button.count() and button.is_visible():
            button.click()
            return action
    raise AssertionError("the seat to move has nothing to click: " + driver.evaluate("str(w.view)"))


def wait_data(page, view, attr: str, value) -> None:
    """Wait until the board ``view`` (a locator) has ``attr`` == ``str(value)``."""
    page.wait_for_function("([el, attr, value]) => el.getAttribute(attr) === value",
                           arg=[view.element_handle(), attr, str(value)])


def chip_text(page, seat) -> str:
    return page.locator(f'{ROOT} [data-seat-status="{seat}"]').inner_text()


def test_presence_a_closed_tab_is_away_and_a_lost_server_unknown(lab, room_server):
    host_page = open_seat(lab, f'w = Domino.host("{room_server.url}", store=None)')
    invite = lab.evaluate("w.invite")
    guest = lab.another()
    # away after 8 s without a view (the views say "here" every 5 s)
    guest_page = open_seat(guest, f'w = Domino.join("{invite}", store=None, away_after=8)')
    for driver in (lab, guest):
        driver.wait_for_attr(ROOT, "data-presence", "here,here")

    # the room server goes away: our own state, and the opponent unknown
    room_server.kill()
    lab.wait_for_attr(ROOT, "data-presence", "offline,unknown")
    assert chip_text(host_page, 1) == "Opponent \u00b7 unknown"
    assert chip_text(host_page, 0).startswith("You \u00b7 ")
    assert lab.evaluate("w.online['seats']") == [False, False]
    lab.screenshot("domino-online-unknown", host_page.locator(ROOT))
    room_server.start()
    for driver in (lab, guest):
        driver.wait_for_attr(ROOT, "data-presence", "here,here", timeout=STEP_TIMEOUT * 2)

    # the guest's tab is closed: its kernel is still connected, but nobody looks
    guest_page.close()
    lab.wait_for_attr(ROOT, "data-presence", "here,away", timeout=STEP_TIMEOUT)
    assert chip_text(host_page, 1) == "Opponent \u00b7 away"
    away = host_page.locator(f"{ROOT} [data-banner=away]")
    assert away.is_visible() and "Your opponent is away" in away.inner_text()
    assert guest.evaluate("w.connected") and lab.evaluate("w.opponent_presence") == "away"
    lab.screenshot("domino-online-away", host_page.locator(ROOT))
    # a view of the guest's seat is open again (what its view would say)
    guest.execute("w._on_view_message(w, {'type': 'here'}, [])")
    lab.wait_for_attr(ROOT, "data-presence", "here,here")
    assert not away.is_visible()
    assert not [m for m in lab.console if "error" in m.lower()], lab.console


def test_two_notebooks_play_a_whole_hand_through_the_room_server(lab, room_server):
    host_page = open_seat(lab, f'w = Domino.host("{room_server.url}", store=None)')
    invite = lab.evaluate("w.invite")
    assert invite.startswith(room_server.url + "/rooms/")
    lab.wait_for_attr(ROOT, "data-seats", "10")  # the guest has not joined yet
    assert host_page.locator(f'{ROOT} [data-seat-status="1"]').get_attribute("data-connected") == "false"
    lab.screenshot("domino-online-play-host-alone", host_page.locator(ROOT))

    guest = lab.another()
    guest_page = open_seat(guest, f'w = Domino.join("{invite}", store=None)')
    for driver in (lab, guest):
        driver.wait_for_attr(ROOT, "data-seats", "11")
    assert lab.evaluate("w.seat") == 0 and guest.evaluate("w.seat") == 1
    # each kernel holds its own hand only
    host_hand = {tuple(t) for t in lab.evaluate("w.hand")}
    guest_hand = {tuple(t) for t in guest.evaluate("w.hand")}
    assert len(host_hand) == len(guest_hand) == 7 and not host_hand & guest_hand

    seats = {0: (lab, host_page), 1: (guest, guest_page)}
    done = []
    for _ in range(80):
        turn, over = lab.evaluate("[w.view.turn, w.view.is_over]")
        if over:
            break
        driver, page = seats[turn]
        # the page shows the latest state (a draw keeps the turn: data-turn is not enough)
        driver.wait_for_attr(ROOT, "data-event", driver.evaluate("w.last_event['id']"))
        driver.wait_for_attr(ROOT, "data-turn", turn)
        before = ply(driver)
        done.append(f"seat {turn}: {make_a_move(driver, page)}")
        for other in (lab, guest):
            other.until(f"w._state['ply'] > {before}", timeout=STEP_TIMEOUT)
        if len(done) == 4:
            lab.screenshot("domino-online-play-host-midgame", host_page.locator(ROOT))
            guest.screenshot("domino-online-play-guest-midgame", guest_page.locator(ROOT))
    assert lab.evaluate("w.view.is_over"), "the hand did not end in 80 moves:\n" + "\n".join(done)

    outcome = lab.evaluate("w.view.outcome.to_dict()")
    assert guest.evaluate("w.view.outcome.to_dict()") == outcome
    # both views show the end of the hand, each from its own side
    expected = {0: "won", 1: "lost"} if outcome["winner"] == 0 else {0: "lost", 1: "won"}
    if outcome["winner"] is None:
        expected = {0: "draw", 1: "draw"}
    for seat, (driver, _page) in seats.items():
        driver.wait_for_attr(ROOT, "data-result", expected[seat])
        assert driver.evaluate("w.error") == ""
    lab.screenshot("domino-online-play-host-result", host_page.locator(ROOT))
    guest.screenshot("domino-online-play-guest-result", guest_page.locator(ROOT))

    # a new game needs both: the host asks in its page, the guest agrees in its page
    host_page.locator(f"{ROOT} [data-dialog=result] button[data-action=new]").click()
    guest.wait_for_attr(ROOT, "data-request", "0")
    guest_page.locator(f"{ROOT} button[data-action=agree]").first.click()
    for driver in (lab, guest):
        driver.until("w.game_number == 1 and w._state['ply'] == 0", timeout=STEP_TIMEOUT)
        driver.wait_for_attr(ROOT, "data-result", "")
    for driver in (lab, guest):
        assert not [m for m in driver.console if "error" in m.lower()], driver.console


def test_the_notebook_ends_with_two_live_boards_and_closes_nothing_before_done(lab):
    cells = [c.source for c in nbformat.read(NOTEBOOK, 4).cells if c.cell_type == "code"]
    page = lab.open_notebook(cells)
    try:
        # the host's and the guest's boards up the page, then both again at the end
        page.wait_for_function(f"() => document.querySelectorAll('{ROOT}').length === 4")
        views = page.locator(ROOT)
        last = {0: views.nth(2), 1: views.nth(3)}
        assert [last[s].get_attribute("data-seat") for s in (0, 1)] == ["0", "1"]
        turn = lab.evaluate("host.view.turn")
        for seat, board in last.items():
            wait_data(page, board, "data-online", "connected")
            wait_data(page, board, "data-seats", "11")
            wait_data(page, board, "data-line", "0")  # game 1, before its first tile
            status = board.locator(".gw-status").inner_text()
            assert status.startswith("Your turn") if seat == turn else status == "Your opponent's turn.", status
        assert lab.evaluate("[host.game_number, len(host.view.history)]") == [1, 0]
        # the last cell closed nothing, and says so
        last_cell = page.locator(".jp-Cell").last
        assert "Nothing closed" in last_cell.inner_text()
        last_cell.scroll_into_view_if_needed()
        lab.screenshot("domino-online-notebook-clean-up-cell", last_cell)
        assert lab.evaluate("server.running and host.connected and guest.connected")
        boards = page.locator(".jp-OutputArea-output").filter(has=page.locator(ROOT)).last
        boards.scroll_into_view_if_needed()
        lab.screenshot("domino-online-notebook-boards", boards)
        # a reader's click on the board whose turn it is plays there; both boards follow
        done = make_a_move(lab, page, last[turn])
        lab.until("len(host.view.history) == 1 and len(guest.view.history) == 1", timeout=STEP_TIMEOUT)
        for board in last.values():
            wait_data(page, board, "data-line", "1")
        assert done.startswith("play"), done  # the opening tile is always playable
        assert lab.evaluate("host.error + guest.error") == ""
        # the clean-up cell with done = True: both seats closed, the server stopped
        clean_up = cells[-1].replace("\ndone = False\n", "\ndone = True\n", 1)
        assert clean_up != cells[-1]
        out = lab.execute(clean_up)
        assert "room server is stopped" in out
        assert lab.evaluate("[server.running, host.connected, guest.connected]") == [False, False, False]
        assert not [m for m in lab.console if "error" in m.lower()], lab.console
    finally:
        lab.execute("server.stop()")
