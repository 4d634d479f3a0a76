"""The dominoes view's online mode in a real JupyterLab + Chromium, without a room
server: the traits of online play (``mode="online"``, ``seat``, ``names``,
``online``, ``invite``, ``result``) are set by hand on a plain ``Domino``, and the
messages the view sends are observed with ``w.on_msg`` (a plain Domino rejects
``decline`` / ``reconnect``: that is fine here, only the messages matter).

Checked: the seat chips and data-seats follow ``online.seats`` / ``joined``; the
opponent away (``online.presence``) and unknown while this seat is offline, and the
view's ``here`` messages; the waiting, connecting, offline and closed notices; the replaced dialog's "Play here
instead"; the new-game request (agree / decline / withdraw); Copy invite (also when
the clipboard refuses); the level button hidden; the end-of-hand screen without the
opponent's tiles; all of these on a phone (412x915: the output gets ~296 px).

How a new-game request ends without a new game is checked with a real room server
in the kernel (``LocalServer``) and both seats in that kernel, the host's shown: a
move by the guest cancels the host's request and the host's view says so; at the end
of the hand the guest declines and the host's result screen says the final position
stays (never "play on").
Screenshots: tests/e2e/screenshots/domino-online-*.png.
"""

from .domino_page import PHONE, outside

ROOT = "[data-game=domino]"
INVITE = "http://127.0.0.1:8765/rooms/AbCdEf0123456789xyzABC"

SETUP = f"""
from gamewidgets import Domino

w = Domino(store=None, seed=1, muted=True, reduced_motion=True)  # no fades: steady screenshots
seen = []  # every message the view sends
w.on_msg(lambda _w, content, _buffers: seen.append(content))
# an online view says "here" every few seconds: this plain Domino takes it quietly
w._view_actions = {{**type(w)._view_actions, "here": "_view_here"}}
w._view_here = lambda message: None
INVITE = {INVITE!r}

def go_online(seat=0, **online):
    state = {{"state": "connected", "seats": [True, True], "joined": True, "request": None,
             "retry_in": None, "message": ""}}
    state.update(online)
    with w.hold_sync():
        w.mode = "online"
        w.seat = seat
        w.names = ["You", "Opponent"] if seat == 0 else ["Opponent", "You"]
        w.invite = INVITE if seat == 0 else ""
        w.online = state
        w.error = ""  # the plain Domino refuses decline / reconnect: not the view's fault

def sent(kind):
    return [m for m in seen if m.get("type") == kind]
"""


def open_online(lab, seat=0, viewport=None, **online):
    """A notebook with ``w`` (a plain Domino, the computer's opening played) shown
    in online mode; waits until the view shows the online state."""
    page = lab.open_notebook([SETUP, "w"], viewport=viewport)
    lab.wait_for_attr(ROOT, "data-mode", "computer")
    lab.until("w.turn == 0 and not w.thinking and len(w.line) == 1")
    go(lab, seat=seat, **online)
    return page


def go(lab, seat=0, **online):
    args = ", ".join([f"seat={seat}"] + [f"{k}={v!r}" for k, v in online.items()])
    lab.execute(f"go_online({args})")
    state = lab.evaluate("w.online")
    lab.wait_for_attr(ROOT, "data-mode", "online")
    lab.wait_for_attr(ROOT, "data-online", state["state"])
    lab.wait_for_attr(ROOT, "data-seats", "".join("1" if s else "0" for s in state["seats"]))
    lab.wait_for_attr(ROOT, "data-request", "" if state["request"] is None else state["request"])


def attr(page, name):
    return page.locator(ROOT).get_attribute(name)


def chip(page, seat):
    return page.locator(f'{ROOT} [data-seat-status="{seat}"]')


def notice(page, kind):
    return page.locator(f"{ROOT} [data-banner={kind}]")


def test_seat_chips_waiting_invite_and_connection_notices(lab):
    page = open_online(lab)
    root = page.locator(ROOT)
    # both connected: chips, no notices, the hand playable, no level button
    assert attr(page, "data-seat") == "0"
    assert attr(page, "data-seats") == "11"
    assert chip(page, 0).get_attribute("data-connected") == "true"
    assert chip(page, 1).get_attribute("data-connected") == "true"
    assert chip(page, 0).inner_text() == "You \u00b7 connected"
    assert chip(page, 1).inner_text() == "Opponent \u00b7 connected"
    assert int(attr(page, "data-playable")) > 0
    assert not page.locator(f"{ROOT} button[data-action=level]").is_visible()
    assert page.locator(f"{ROOT} button[data-action=new]").first.is_enabled()
    for kind in ("connection", "waiting", "closed", "request-sent"):
        assert not notice(page, kind).is_visible()
    assert not page.locator(f"{ROOT} [data-dialog=request]").is_visible()
    assert "online" in root.locator(".gw-title").inner_text()
    lab.screenshot("domino-online-connected", root)

    # the opponent has not joined yet: waiting banner, hand not playable, invite shown
    go(lab, seats=[True, False], joined=False)
    waiting = notice(page, "waiting")
    assert waiting.is_visible()
    assert "Waiting for the opponent to join" in waiting.inner_text()
    assert chip(page, 1).get_attribute("data-connected") == "false"
    assert chip(page, 1).inner_text() == "Opponent \u00b7 not joined yet"
    assert attr(page, "data-playable") == "0"
    assert page.locator(f'{ROOT} button[data-tile][data-playable="true"]').count() == 0
    assert not page.locator(f"{ROOT} button[data-action=draw]").is_visible()
    field = root.locator("input[data-control=invite]")
    assert field.is_visible()
    shown = field.input_value()
    assert shown == INVITE.split("://", 1)[1]  # without the scheme
    assert field.get_attribute("title") == INVITE
    long = INVITE + "?token=" + "k" * 80
    lab.execute(f"w.invite = {long!r}")
    page.wait_for_function(
        "() => document.querySelector('[data-game=domino] input[data-control=invite]').value.includes('\u2026')"
    )
    short = field.input_value()
    assert len(short) < len(long) and long.endswith(short.split("\u2026")[1])
    assert field.get_attribute("title") == long
    # shortened to the field's width: all of it shows (the end of the room id too)
    assert field.evaluate("(i) => i.scrollWidth <= i.clientWidth")
    lab.execute("w.invite = INVITE")
    page.wait_for_function(
        "() => !document.querySelector('[data-game=domino] input[data-control=invite]').value.includes('\u2026')"
    )
    lab.screenshot("domino-online-waiting", root)
    # a narrow cell: the strip wraps, nothing overflows
    page.evaluate("() => { document.querySelector('[data-game=domino]').style.maxWidth = '360px'; }")
    lab.wait_still(ROOT)
    assert page.evaluate(
        "() => { const r = document.querySelector('[data-game=domino]');"
        " return [...r.querySelectorAll('.gw-dom-online *, .gw-dom-notices *')]"
        ".every((e) => e.getBoundingClientRect().right <= r.getBoundingClientRect().right + 0.5); }"
    )
    page.wait_for_function(
        "() => { const i = document.querySelector('[data-game=domino] input[data-control=invite]');"
        " return i.value.includes('\u2026') && i.scrollWidth <= i.clientWidth; }"
    )
    lab.screenshot("domino-online-narrow", root)
    page.evaluate("() => { document.querySelector('[data-game=domino]').style.maxWidth = ''; }")

    # joined, then gone: "reconnect"
    go(lab, seats=[True, False], joined=True)
    assert "Waiting for the opponent to reconnect" in waiting.inner_text()
    assert chip(page, 1).inner_text() == "Opponent \u00b7 offline"

    # Copy invite: whatever the clipboard says in headless Chromium, it is marked
    assert attr(page, "data-copied") == "false"
    copy = root.locator("button[data-action=copy-invite]")
    assert copy.get_attribute("aria-label")
    copy.click()
    lab.wait_for_attr(ROOT, "data-copied", "true")
    label = copy.inner_text()
    assert label in ("Copied", "Press Ctrl+C"), label
    # a new invite clears the mark
    lab.execute("w.invite = INVITE + 'x'")
    lab.wait_for_attr(ROOT, "data-copied", "false")
    lab.execute("w.invite = INVITE")
    # neither the clipboard nor the copy command works: the whole invite is left
    # selected for Ctrl+C, and it is still marked
    page.evaluate(
        "() => { navigator.clipboard.writeText = () => Promise.reject(new Error('denied'));"
        " document.execCommand = () => false; }"
    )
    page.wait_for_function("(el) => el.innerText === 'Copy invite'", arg=copy.element_handle(),
                           timeout=10_000)  # the button's "Copied" goes back to "Copy invite"
    copy.click()
    lab.wait_for_attr(ROOT, "data-copied", "true")
    assert copy.inner_text() == "Press Ctrl+C"
    assert field.input_value() == INVITE
    assert page.evaluate(
        "() => { const i = document.querySelector('[data-game=domino] input[data-control=invite]');"
        " return i.value.slice(i.selectionStart, i.selectionEnd); }"
    ) == INVITE
    copy.focus()  # leave the field: it shows the short form again
    assert field.input_value() == shown

    # this seat connecting / offline: a banner with the message
    go(lab, state="connecting", seats=[False, True], message="Opening the room\u2026")
    conn = notice(page, "connection")
    assert conn.is_visible()
    assert "Connecting" in conn.inner_text() and "Opening the room" in conn.inner_text()
    assert chip(page, 0).get_attribute("data-connected") == "false"
    assert page.locator(f"{ROOT} button[data-action=new]").first.is_disabled()
    go(lab, state="offline", seats=[False, True], retry_in=5, message="The room server does not answer.")
    text = conn.inner_text()
    assert "Offline \u2014 reconnecting in" in text, text
    assert "The room server does not answer." in text
    assert chip(page, 0).inner_text() == "You \u00b7 offline"
    assert not waiting.is_visible()
    lab.screenshot("domino-online-offline", root)

    # closed: the message, and no button that cannot work
    go(lab, state="closed", seats=[False, False], message="The room has expired.")
    closed = notice(page, "closed")
    assert closed.is_visible()
    assert "The room has expired." in closed.inner_text()
    assert closed.locator("button").count() == 0
    assert not conn.is_visible()
    assert not page.locator(f"{ROOT} button[data-action=new]").first.is_visible()
    lab.screenshot("domino-online-closed", root)

    # back to both connected: the banners go, the hand is playable again
    go(lab)
    assert not closed.is_visible() and not waiting.is_visible()
    assert int(attr(page, "data-playable")) > 0
    assert not [m for m in lab.console if "error" in m.lower()], lab.console


def test_the_opponent_away_and_unknown_while_this_seat_is_offline(lab):
    page = open_online(lab)
    root = page.locator(ROOT)
    lab.until("sent('here')")  # the view tells Python it is open
    assert attr(page, "data-presence") == "here,here"
    away = notice(page, "away")
    assert not away.is_visible()

    # the opponent is connected, but no view of their seat is open
    go(lab, presence=["here", "away"])
    lab.wait_for_attr(ROOT, "data-presence", "here,away")
    assert chip(page, 1).inner_text() == "Opponent \u00b7 away"
    assert chip(page, 1).get_attribute("data-presence") == "away"
    assert chip(page, 1).get_attribute("data-connected") == "true"
    assert "not open" in chip(page, 1).get_attribute("title")
    assert away.is_visible() and "Your opponent is away" in away.inner_text()
    assert int(attr(page, "data-playable")) > 0  # the game goes on
    lab.screenshot("domino-online-away-traits", root)

    # this seat is offline: nothing is known of the opponent, whatever was last heard
    go(lab, state="offline", seats=[False, True], presence=["offline", "here"], retry_in=5)
    lab.wait_for_attr(ROOT, "data-presence", "offline,unknown")
    assert chip(page, 1).inner_text() == "Opponent \u00b7 unknown"
    assert chip(page, 1).get_attribute("data-presence") == "unknown"
    assert chip(page, 0).inner_text() == "You \u00b7 offline"
    assert not away.is_visible()
    go(lab, state="connecting", seats=[False, False], presence=["offline", "unknown"])
    assert chip(page, 1).inner_text() == "Opponent \u00b7 unknown"
    lab.screenshot("domino-online-unknown-traits", root)

    # back: both here (a trait without presence reads as its seats say)
    go(lab)
    lab.wait_for_attr(ROOT, "data-presence", "here,here")
    assert chip(page, 1).inner_text() == "Opponent \u00b7 connected" and not away.is_visible()
    assert not [m for m in lab.console if "error" in m.lower()], lab.console


def test_new_game_requests_and_the_replaced_dialog(lab):
    page = open_online(lab, seat=1)
    root = page.locator(ROOT)
    assert attr(page, "data-seat") == "1"
    assert chip(page, 1).inner_text() == "You \u00b7 connected"
    assert not root.locator("input[data-control=invite]").is_visible()  # the guest has none

    # New game (no request yet) sends new_game
    lab.execute("seen.clear()")
    page.locator(f"{ROOT} .gw-toolbar button[data-action=new]").click()
    lab.until("sent('new_game')")
    lab.execute("go_online(seat=1)")  # the plain Domino dealt a new hand: back to online

    # the opponent asks: agree sends new_game, decline sends decline
    go(lab, seat=1, request=0)
    request = page.locator(f"{ROOT} [data-dialog=request]")
    assert request.is_visible()
    assert "Your opponent asks for a new game" in request.inner_text()
    assert request.locator("button[data-action=decline]").get_attribute("title") == "Keep playing this game"
    lab.screenshot("domino-online-request", root)
    lab.execute("seen.clear()")
    request.locator("button[data-action=decline]").click()
    lab.until("sent('decline')")
    assert lab.evaluate("len(sent('new_game'))") == 0
    request.locator("button[data-action=agree]").click()
    lab.until("sent('new_game')")
    # keyboard: Tab reaches the buttons, Enter activates
    lab.execute("seen.clear()")
    go(lab, seat=1, request=0)
    request.locator("button[data-action=agree]").focus()
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.dataset.action") == "decline"
    page.keyboard.press("Enter")
    lab.until("sent('decline')")

    # my own request: withdraw sends decline; New game waits
    lab.execute("seen.clear()")
    go(lab, seat=1, request=1)
    asked = notice(page, "request-sent")
    assert asked.is_visible()
    assert "You asked for a new game" in asked.inner_text()
    assert not request.is_visible()
    assert page.locator(f"{ROOT} .gw-toolbar button[data-action=new]").is_disabled()
    asked.locator("button[data-action=withdraw]").click()
    lab.until("sent('decline')")
    # a move (or the answer) puts the request back to null: the banner goes
    go(lab, seat=1)
    assert not asked.is_visible()

    # this seat opened in another notebook: the replaced dialog
    lab.execute("seen.clear()")
    go(lab, seat=1, state="replaced", seats=[True, True])
    dialog = page.locator(f"{ROOT} [data-dialog=replaced]")
    assert dialog.is_visible()
    assert "This seat is now open in another notebook" in dialog.inner_text()
    button = dialog.locator("button[data-action=reconnect]")
    assert button.inner_text() == "Play here instead"
    lab.screenshot("domino-online-replaced", root)
    button.click()
    lab.until("sent('reconnect')")
    assert lab.evaluate("sent('reconnect')") == [{"type": "reconnect"}]
    go(lab, seat=1)
    assert not dialog.is_visible()


def test_result_screen_shows_the_opponents_count_and_pips(lab):
    page = open_online(lab)
    root = page.locator(ROOT)
    # blocked: the opponent wins with fewer pips; their hand stays hidden
    lab.execute(
        "with w.hold_sync():\n"
        "    w.turn = None\n"
        "    w.hand = [[1, 2], [3, 4]]\n"
        "    w.playable = []\n"
        "    w.counts = [2, 3]\n"
        "    w.result = {'winner': 1, 'points': 3, 'reason': 'blocked', 'pips': [10, 7],\n"
        "                'hands': [[[1, 2], [3, 4]], []]}\n"
    )
    assert lab.evaluate("w.result['hands'][1]") == []
    lab.wait_for_attr(ROOT, "data-result", "lost")
    result = page.locator(f"{ROOT} [data-dialog=result]")
    assert result.is_visible()
    text = result.inner_text()
    assert "Your opponent wins" in text
    assert "3 points" in text
    mine = result.locator('.gw-dom-result-hand[data-seat="0"]')
    theirs = result.locator('.gw-dom-result-hand[data-seat="1"]')
    assert "10 pips" in mine.inner_text()
    assert mine.locator("canvas").count() == 2  # my tiles are shown
    assert "3 tiles" in theirs.inner_text() and "7 pips" in theirs.inner_text()
    assert theirs.locator("canvas").count() == 3  # backs only
    again = result.locator("button[data-action=new]")
    assert again.is_visible()
    lab.screenshot("domino-online-result", root)
    lab.execute("seen.clear()")
    again.click()
    lab.until("sent('new_game')")

    # the opponent asks from their result screen: answered in this one
    lab.execute(
        "with w.hold_sync():\n"
        "    w.result = {'winner': 1, 'points': 3, 'reason': 'blocked', 'pips': [10, 7],\n"
        "                'hands': [[[1, 2], [3, 4]], []]}\n"
        "    w.counts = [2, 3]\n"
        "    w.turn = None\n"
        "go_online(request=1)\n"
    )
    lab.wait_for_attr(ROOT, "data-request", "1")
    request = result.locator("[data-dialog=request]")
    assert request.is_visible()
    assert not again.is_visible()
    # the hand is over: Decline keeps the final position, there is no game to keep playing
    assert request.locator("button[data-action=decline]").get_attribute("title") == (
        "Say no: the final position stays on the table")
    lab.screenshot("domino-online-result-request", root)
    lab.execute("seen.clear()")
    request.locator("button[data-action=agree]").click()
    lab.until("sent('new_game')")


def test_the_online_parts_fit_a_phone(lab):
    page = open_online(lab, viewport=PHONE, seats=[True, False], joined=False)
    lab.wait_for_attr(ROOT, "data-compact", "true")
    root = page.locator(ROOT)

    def fits(name):
        assert root.evaluate("(r) => r.scrollWidth <= r.clientWidth + 1"), name
        assert outside(page, ".gw-dom-online", "", pad=True) == [], name
        assert outside(page, ".gw-dom-notices", ".gw-dom-table") == [], name
        assert outside(page, ".gw-dom-top", ".gw-dom-table") == [], name
        for dialog in page.locator(f"{ROOT} .gw-dialog-backdrop:visible .gw-dialog").all():
            box, table = dialog.bounding_box(), root.locator(".gw-dom-table").bounding_box()
            assert table["x"] <= box["x"] and box["x"] + box["width"] <= table["x"] + table["width"], name
        lab.screenshot(f"domino-online-phone-{name}", root)

    # the seat chips, the invite with its Copy button, waiting for the opponent
    assert chip(page, 1).inner_text() == "Opponent \u00b7 not joined yet"
    copy = root.locator("button[data-action=copy-invite]")  # compact: its icon, and a tooltip
    assert copy.is_visible() and copy.get_attribute("title") and copy.get_attribute("aria-label")
    page.wait_for_function(  # the invite shortened to the field's width
        "() => { const i = document.querySelector('[data-game=domino] input[data-control=invite]');"
        " return i.value.includes('\u2026') && i.scrollWidth <= i.clientWidth; }"
    )
    assert notice(page, "waiting").is_visible()
    fits("waiting")
    # M is the sound's key anywhere but in a text field (the invite is one)
    muted = attr(page, "data-muted")
    root.locator("input[data-control=invite]").focus()
    page.keyboard.press("m")
    lab.round_trip(ROOT)  # a key the view would act on has reached it by now
    assert attr(page, "data-muted") == muted
    copy.focus()
    page.keyboard.press("m")
    lab.wait_for_attr(ROOT, "data-muted", "false" if muted == "true" else "true")
    page.keyboard.press("m")
    lab.wait_for_attr(ROOT, "data-muted", muted)
    # offline, with the countdown and the message
    go(lab, state="offline", seats=[False, True], retry_in=5, message="The room server does not answer.")
    assert notice(page, "connection").is_visible()
    fits("offline")
    # the opponent asks for a new game: Agree / Decline over the board
    go(lab, request=1)
    request = page.locator(f"{ROOT} [data-dialog=request]")
    assert request.is_visible()
    for action in ("agree", "decline"):
        assert request.locator(f"button[data-action={action}]").is_visible()
    fits("request")
    # this seat opened in another notebook
    go(lab, state="replaced")
    dialog = page.locator(f"{ROOT} [data-dialog=replaced]")
    assert dialog.is_visible()
    assert dialog.locator("button[data-action=reconnect]").is_visible()
    fits("replaced")
    # the end of the hand with both hands (the opponent's as backs), and a request
    lab.execute(
        "with w.hold_sync():\n"
        "    w.turn = None\n"
        "    w.hand = [[1, 2], [3, 4], [6, 6], [0, 5], [2, 2]]\n"
        "    w.playable = []\n"
        "    w.counts = [5, 6]\n"
        "    w.result = {'winner': 1, 'points': 9, 'reason': 'blocked', 'pips': [31, 22],\n"
        "                'hands': [w.hand, []]}\n"
        "go_online(request=1)\n"
    )
    lab.wait_for_attr(ROOT, "data-result", "lost")
    lab.wait_for_attr(ROOT, "data-online", "connected")
    result = page.locator(f"{ROOT} [data-dialog=result]")
    assert result.is_visible()
    assert result.locator('.gw-dom-result-hand[data-seat="0"] canvas').count() == 5
    assert result.locator('.gw-dom-result-hand[data-seat="1"] canvas').count() == 6
    assert result.locator("[data-dialog=request] button[data-action=agree]").is_visible()
    fits("result")
    assert not [m for m in lab.console if "error" in m.lower()], lab.console


# ------------------------------------------------- a request that ends without a game
ROOM = """
import pathlib, tempfile
from gamewidgets import Domino
from gamewidgets.domino import Draw, Play
from gamewidgets.domino.online import LocalServer

server = LocalServer(pathlib.Path(tempfile.mkdtemp()) / "rooms.db").start()
host = Domino.host(server.url, store=None)
host.muted, host.reduced_motion = True, True
guest = Domino.join(host.invite, store=None)
await host.until(lambda w: w.opponent_connected)
await guest.until(lambda w: w.opponent_connected)

def mover():
    return host if host.view.my_turn else guest

async def play_first(w):  # w plays its first legal move; both seats have seen it
    ply = len(w.view.history)
    move = w.legal_moves()[0]
    if isinstance(move, Play):
        w.play(move.tile, move.end)
    elif isinstance(move, Draw):
        w.draw()
    else:
        w.pass_()
    for x in (host, guest):
        await x.until(lambda x: len(x.view.history) > ply)
"""
CLEAN_UP = "host.close(); guest.close(); server.stop()"


def open_room(lab):
    page = lab.open_notebook([ROOM, "host"])
    lab.wait_for_attr(ROOT, "data-online", "connected")
    lab.wait_for_attr(ROOT, "data-seats", "11")
    return page


def status_text(page):
    return page.locator(f"{ROOT} .gw-status").inner_text()


def test_a_move_that_cancels_my_request_is_said_in_my_view(lab):
    page = open_room(lab)
    root = page.locator(ROOT)
    try:
        lab.execute("while mover() is host:\n    await play_first(host)")  # the guest's turn
        page.locator(f"{ROOT} .gw-toolbar button[data-action=new]").click()  # the host asks
        lab.wait_for_attr(ROOT, "data-request", "0")
        assert notice(page, "request-sent").is_visible()
        lab.execute("await play_first(guest)")  # the guest plays on instead of answering
        lab.wait_for_attr(ROOT, "data-request", "")
        lab.wait_for_attr(ROOT, "data-request-end", "cancelled")
        told = notice(page, "request-end")
        assert told.is_visible() and told.get_attribute("data-how") == "cancelled"
        assert "Your new-game request was cancelled: your opponent played on." in told.inner_text()
        assert not notice(page, "request-sent").is_visible()
        assert lab.evaluate("host.last_event['kind']") == "cancelled"
        lab.screenshot("domino-online-request-cancelled", root)
        # OK puts it away (in this view); the game goes on
        told.locator("button[data-action=dismiss]").click()
        lab.wait_for_attr(ROOT, "data-request-end", "")
        assert not told.is_visible()
        assert lab.evaluate("host.online['request_end']['how']") == "cancelled"  # still in Python
        # my own Withdraw: Python records it, but my view does not tell me what I just did
        page.locator(f"{ROOT} .gw-toolbar button[data-action=new]").click()
        lab.wait_for_attr(ROOT, "data-request", "0")
        notice(page, "request-sent").locator("button[data-action=withdraw]").click()
        lab.wait_for_attr(ROOT, "data-request", "")
        lab.until("host.online['request_end']['how'] == 'withdrawn'")
        lab.round_trip(ROOT)
        assert attr(page, "data-request-end") == "" and not told.is_visible()
        assert not [m for m in lab.console if "error" in m.lower()], lab.console
    finally:
        lab.execute(CLEAN_UP)


def test_a_new_game_declined_at_the_end_of_the_hand_says_the_final_position_stays(lab):
    page = open_room(lab)
    root = page.locator(ROOT)
    try:
        lab.execute("while not host.view.is_over:\n    await play_first(mover())")
        result = page.locator(f"{ROOT} [data-dialog=result]")
        result.wait_for(state="visible")
        result.locator("button[data-action=new]").click()  # the host asks from its result screen
        lab.wait_for_attr(ROOT, "data-request", "0")
        lab.until("guest.online['request'] == 0")
        lab.execute("guest.decline_new_game()")
        lab.wait_for_attr(ROOT, "data-request-end", "declined")
        told = result.locator("[data-banner=request-end]")  # in the result screen
        assert told.is_visible()
        assert told.inner_text().startswith(
            "Your opponent declined a new game. The final position stays on the table.")
        assert "play on" not in root.inner_text().lower()
        assert "play on" not in status_text(page).lower()
        assert result.is_visible() and result.locator("button[data-action=new]").is_visible()  # ask again
        assert attr(page, "data-result") in ("won", "lost", "draw")
        lab.screenshot("domino-online-request-declined-at-the-end", root)
        assert not [m for m in lab.console if "error" in m.lower()], lab.console
    finally:
        lab.execute(CLEAN_UP)
