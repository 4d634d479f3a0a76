"""``OnlineDomino``: one seat of a room on a dominoes room server, in a notebook cell.

``Domino.host(server="http://127.0.0.1:8765")`` creates a room and returns the host's
widget; its ``invite`` is what the host sends the other player, who opens it with
``Domino.join(invite)``.

Seats in the store. Each seat's credential is kept in the user's store (the
:class:`~gamewidgets.store.Store` saved games of ``"domino-online"``), one entry per
seat: ``"<invite>#host"`` and ``"<invite>#guest"``, each ``{"seat", "credential"}``. So
one store -- the default one, shared by every notebook of a machine -- can hold both
seats of a room: two notebooks on one machine following the online guide (``host`` in one,
``join`` in the other) get the host's and the guest's seat.

- ``Domino.join(invite)`` is always the *guest* seat: the one this store holds, or
  else it claims the free guest seat (a store holding only the host's seat claims
  it too: joining your own room from a second notebook is playing against yourself,
  and never takes the host's seat away from the first notebook).
- ``Domino.resume(invite)`` brings back a seat the store holds, e.g. after a kernel
  restart: the host's when it holds it, else the guest's (``seat="host"`` /
  ``"guest"`` to choose); :class:`RoomError` ``no-seat`` when it holds none.
- ``Domino.invites()`` lists the rooms the store holds a seat in (each invite once).
- ``w.forget()`` deletes the seat's entry (the seat is then lost for good).
- Earlier versions kept one entry per invite, named by the invite itself, holding
  whichever seat was taken. Those entries are still read, as the seat they say (so
  existing users keep their seats), are never rewritten, and ``forget()`` deletes
  them too. A damaged entry (not ``{"seat": 0 or 1, "credential": str}``) is left
  as it is, with a :class:`StoreWarning` and a :class:`RoomError`.

The widget holds no game: the server is authoritative and sends this seat its view
(``w.view``, a :class:`~gamewidgets.domino.rules.PlayerView`). ``play``, ``draw`` and
``pass_`` check the move against that view (raising :class:`IllegalMove` at once)
and send it; the server's answer comes back asynchronously, as a new state or as a
refusal in ``w.error``. The connection runs in a background thread; in a notebook what
it receives is applied on the kernel's event loop, so the kernel never blocks and
trait changes happen where ipywidgets expects them (without a running loop -- scripts,
tests -- they are applied at once, under a lock). ``await w.until(lambda w: ...)``
waits in a notebook, ``w.wait_for(...)`` in a script.

Presence (``online["presence"]``, one per seat): ``"here"`` (connected, someone looks
at it), ``"away"`` (connected, but no view of it is open: its browser tab was closed
or hidden for ``away_after`` seconds), ``"offline"`` (not connected) or ``"unknown"``.
Every view of an online widget sends ``{"type": "here"}`` every few seconds while its
page is visible; the widget passes that on to its connection, which tells the server
``away`` after ``away_after`` seconds (default 20) without one (see
:mod:`.client`); the server relays it to the other seat. Our own connection is said
honestly: while it is not connected, nothing is known of the other seat -- its
presence is ``"unknown"`` and ``seats`` is ``[False, False]`` -- not the last state
heard. A widget never displayed (a script) counts as here.

Choices: the other hand is never shown, not even at the end of the hand (the server
does not send it; the result screen shows its count and pips). ``new_game()`` asks
for a new game, or agrees to the opponent's request; ``decline_new_game()`` declines
it or withdraws one's own.

A request that ends without a new game is told to both seats (:mod:`.request_end`):
``online["request_end"]`` is ``{"asked", "by", "how": "cancelled" | "declined" |
"withdrawn", "over", "game", "ply", "text"}`` (or None), e.g. "Your new-game request
was cancelled: your opponent played on." -- a move by either seat cancels a request;
at the end of the hand a decline says "The final position stays on the table.",
never "play on". It stays until this seat moves again, a new request is made or a
new game starts. ``last_event`` says it once: kind ``cancelled`` (``player``: the
seat that asked, ``by``: the seat whose move cancelled it) or ``declined``
(``player``, ``by``: the seat that declined it, or ``player`` itself when withdrawn).
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
import warnings
from collections.abc import Callable
from typing import Any, ClassVar

from ..._widget import DEFAULT_STORE, StoreOption, open_store
from ...errors import GameError, IllegalMove, RoomError
from ...extras import MissingExtra, require
from ...store import Store, StoreWarning
from ...untrusted import short_repr
from .. import picture
from ..rules import ENDS, Draw, Move, Pass, Play, PlayerView, TileLike, as_tile
from ..widget import DominoTable
from .client import AWAY_AFTER, SeatConnection, claim_guest, create_room
from .protocol import GUEST, HERE, HOST, OFFLINE, make_invite, parse_invite, read_state, server_url
from .request_end import CANCELLED, request_end, still_news

#: the store's "game" under which seats are kept (one saved entry per seat)
SEATS = "domino-online"
#: what the store entry of each seat is named after its invite
SEAT_ENTRY = {HOST: "#host", GUEST: "#guest"}
_SEAT_NAMES = {"host": HOST, "guest": GUEST}
#: a seat's presence while our own connection is down: nobody knows
UNKNOWN = "unknown"


def seat_entry(invite: str, seat: int) -> str:
    """The name of the store entry holding ``seat`` of the room of ``invite``."""
    return make_invite(*parse_invite(invite)) + SEAT_ENTRY[seat]


def held_credential(store: Store, invite: str, seat: int) -> str | None:
    """The credential of ``seat`` that ``store`` holds in the room of ``invite`` (its
    entry, or the entry of an earlier version naming that seat), or None. A damaged
    entry is left as it is: :class:`StoreWarning` and :class:`RoomError` ("no-seat")."""
    invite = make_invite(*parse_invite(invite))
    for name, legacy in ((invite + SEAT_ENTRY[seat], False), (invite, True)):
        try:
            data = store.load(SEATS, name)
        except ValueError as exc:  # not JSON
            data = {"unreadable": str(exc)}
        if data is None:
            continue
        stored = data.get("seat") if isinstance(data, dict) else None
        credential = data.get("credential") if isinstance(data, dict) else None
        if (type(stored) is not int or stored not in (HOST, GUEST) or (not legacy and stored != seat)
                or not isinstance(credential, str)):
            warnings.warn(f"the stored seat of {invite} is damaged ({short_repr(data, 60)}); it is left as it is",
                          StoreWarning, stacklevel=3)
            raise RoomError(f"the stored seat of {invite} is damaged", "no-seat")
        if stored == seat:
            return credential
    return None


def _seat_number(seat: object) -> int | None:
    """``seat=`` as :func:`resume` takes it: None, 0 / 1 or "host" / "guest"."""
    if seat is None:
        return None
    if type(seat) is int and seat in (HOST, GUEST):
        return int(seat)
    if isinstance(seat, str) and seat in _SEAT_NAMES:
        return _SEAT_NAMES[seat]
    raise ValueError(f'seat must be "host", "guest", 0, 1 or None, not {seat!r}')


def host(server: str, *, store: StoreOption = DEFAULT_STORE, **kwargs: Any) -> OnlineDomino:
    """Create a room on ``server`` and open the host's seat (:class:`MissingExtra` at once,
    before any room is made, without the ``online`` extra)."""
    require("online", "online play")
    store = open_store(store)
    server = server_url(server)
    room, credential = create_room(server)
    invite = make_invite(server, room)
    store.save(SEATS, seat_entry(invite, HOST), {"seat": HOST, "credential": credential})
    return OnlineDomino(invite, seat=HOST, store=store, **kwargs)


def join(invite: str, *, store: StoreOption = DEFAULT_STORE, **kwargs: Any) -> OnlineDomino:
    """The guest seat of the invite's room: the one this store holds, or else claim
    the free guest seat (also when the store holds the host's seat: see the module
    docstring). :class:`RoomError` ``seat-taken`` when someone else has it."""
    require("online", "online play")
    store = open_store(store)
    invite = make_invite(*parse_invite(invite))
    if held_credential(store, invite, GUEST) is None:
        server, room = parse_invite(invite)
        store.save(SEATS, seat_entry(invite, GUEST), {"seat": GUEST, "credential": claim_guest(server, room)})
    return OnlineDomino(invite, seat=GUEST, store=store, **kwargs)


def resume(invite: str, *, seat: int | str | None = None, store: StoreOption = DEFAULT_STORE,
           **kwargs: Any) -> OnlineDomino:
    """Bring back a seat this store holds in the invite's room (after a kernel restart,
    say): ``seat="host"`` / ``"guest"``, or by default the host's if held, else the
    guest's. :class:`RoomError` ``no-seat`` when the store holds none."""
    require("online", "online play")
    return OnlineDomino(invite, seat=seat, store=open_store(store), **kwargs)


def invites(store: StoreOption = DEFAULT_STORE) -> list[str]:
    """The invites of the rooms this store holds a seat in (host, guest or both),
    each once, to come back with ``Domino.resume(invite)`` -- e.g. after a kernel
    restart."""
    found = set()
    for name in open_store(store).saved(SEATS):
        for suffix in SEAT_ENTRY.values():
            if name.endswith(suffix):
                name = name[: -len(suffix)]
        found.add(name)
    return sorted(found)


class OnlineDomino(DominoTable):
    """One seat of an online dominoes room (see the module docstring)."""

    _view_actions: ClassVar[dict[str, str]] = {
        "play": "_view_play",
        "draw": "_view_simple",
        "pass": "_view_simple",
        "new_game": "_view_simple",
        "decline": "_view_simple",
        "reconnect": "_view_simple",
    }
    _methods_for_messages: ClassVar[dict[str, str]] = {"pass": "pass_", "decline": "decline_new_game"}

    def __init__(self, invite: str, *, seat: int | str | None = None, store: StoreOption = DEFAULT_STORE,
                 connect: bool = True, away_after: float = AWAY_AFTER, **kwargs: Any):
        """The seat ``seat`` ("host" / "guest"; None: the host's if the store holds it,
        else the guest's) of the invite's room, with the credential the store holds;
        ``away_after``: seconds without an open view before the seat is away."""
        server, room = parse_invite(invite)
        invite = make_invite(server, room)
        wanted = _seat_number(seat)
        super().__init__(store=store, mode="online", invite=invite, **kwargs)
        seat, credential = self._stored_seat(invite, wanted)
        self.room = room
        self.seat = seat
        self.names = ["You", "Opponent"] if seat == HOST else ["Opponent", "You"]
        self.online = {"state": "connecting", "seats": [False, False], "joined": seat == GUEST,
                       "request": None, "request_end": None, "retry_in": None, "message": "",
                       "presence": self._presence_unknown()}
        self._declining = False  # this seat has sent decline, and its answer is not in yet
        self._state: dict[str, Any] | None = None  # the server's last state message
        self._view: PlayerView | None = None
        self._lock = threading.RLock()
        self._loop: asyncio.AbstractEventLoop | None
        try:
            self._loop = asyncio.get_running_loop()
        except RuntimeError:
            self._loop = None
        self._connection = SeatConnection(server, room, seat, credential,
                                          on_message=self._from_thread(self._receive),
                                          on_status=self._from_thread(self._status), away_after=away_after)
        if connect:
            self._connect()

    def _stored_seat(self, invite: str, wanted: int | None) -> tuple[int, str]:
        for seat in (HOST, GUEST) if wanted is None else (wanted,):
            credential = held_credential(self.store, invite, seat)
            if credential is not None:
                return seat, credential
        which = "no seat" if wanted is None else f"no {'host' if wanted == HOST else 'guest'} seat"
        raise RoomError(f"this store holds {which} of {invite}: Domino.join(invite) claims the guest "
                        "seat (a seat whose credential was deleted is lost)", "no-seat")

    def _presence_unknown(self) -> list[str]:
        """Presence while our connection is down: ours offline, the other's unknown."""
        presence = [UNKNOWN, UNKNOWN]
        presence[self.seat] = OFFLINE
        return presence

    # ------------------------------------------------------------------ queries
    def _history_moves(self) -> list[Any]:
        """No history (``history``, ``goto``): a seat holds only its own view of the
        game, and an earlier position cannot be rebuilt from it without the hands."""
        raise GameError("an online seat has no history to look back on: it sees only its own view of the game "
                        "(w.view.history lists the moves as this seat saw them)")

    @property
    def view(self) -> PlayerView | None:
        """What this seat sees (None until the server has sent it)."""
        return self._view

    @property
    def game_number(self) -> int | None:
        """The room's game number (goes up with each new game)."""
        return None if self._state is None else self._state["game"]

    @property
    def connected(self) -> bool:
        return self.online.get("state") == "connected"

    @property
    def opponent_connected(self) -> bool:
        return self.connected and bool(self.online["seats"][1 - self.seat])

    @property
    def opponent_presence(self) -> str:
        """The other seat's "here", "away", "offline" or "unknown" (while we are not
        connected); see the module docstring."""
        return str(self.online["presence"][1 - self.seat])

    def legal_moves(self) -> list[Move]:
        """The moves this seat can send now (none while either seat is offline)."""
        if self._view is None or not self.opponent_connected:
            return []
        return self._view.legal_actions()

    def __repr__(self) -> str:
        who = "host" if self.seat == HOST else "guest"
        return f"<OnlineDomino {who} of {self.invite} {self.online.get('state')}>"

    # ------------------------------------------------------------------ the picture
    def _draw_picture(self) -> str | None:
        """The picture beside the view (picture_output): this seat's view of the game,
        the other hand face down (also at the end: a seat never holds it); the empty
        table until the server has sent the view."""
        return picture.view_svg(self._view)

    def picture_text(self) -> str:
        return repr(self)

    # ------------------------------------------------------------------ actions
    def play(self, tile: TileLike, end: str | None = None) -> None:
        """Play ``tile`` on the ``"left"`` or ``"right"`` end (``end`` may be left out
        when the tile fits only one end)."""
        tile = as_tile(tile)
        legal = self.legal_moves()
        ends = [e for e in ENDS if Play(tile, e) in legal]
        if end is None and len(ends) == 1:
            end = ends[0]
        if end is None and len(ends) == 2:
            raise IllegalMove(f"say which end: {tile} fits both")
        self._send_move(Play(tile, end if end is not None else "right"))

    def draw(self) -> None:
        """Draw from the boneyard (only when no tile fits)."""
        self._send_move(Draw())

    def pass_(self) -> None:
        """Pass (only with an empty boneyard and no tile that fits)."""
        self._send_move(Pass())

    def new_game(self) -> None:
        """Ask for a new game, or agree to the opponent's request (while the guest
        seat is still free, the host's new game starts at once)."""
        self._connection.send({"type": "new_game"})

    def decline_new_game(self) -> None:
        """Decline the opponent's new-game request, or withdraw one's own."""
        self._declining = True
        try:
            self._connection.send({"type": "decline"})
        except BaseException:
            self._declining = False
            raise

    def reconnect(self) -> None:
        """Connect again: after the seat was opened elsewhere, take it back here."""
        self._connect()

    def _connect(self) -> None:
        """Start the seat's connection; without the ``online`` extra the view says why
        (``error``) and :class:`MissingExtra` is raised."""
        try:
            self._connection.start()
        except MissingExtra as exc:
            self.error = str(exc)
            raise

    def disconnect(self) -> None:
        """Close the connection (the seat stays yours: ``reconnect()`` or
        ``Domino.resume(invite)`` opens it again)."""
        self._connection.close()

    def forget(self) -> None:
        """Disconnect and delete this seat's credential from the store: nobody can
        open the seat again with it (the entry of an earlier version holding it too)."""
        self.disconnect()
        self.store.delete(SEATS, seat_entry(self.invite, self.seat))
        with contextlib.suppress(RoomError), warnings.catch_warnings():
            warnings.simplefilter("ignore", StoreWarning)
            if held_credential(self.store, self.invite, self.seat) is not None:  # an old entry
                self.store.delete(SEATS, self.invite)

    def close(self) -> None:
        """Close the widget and its connection."""
        connection = getattr(self, "_connection", None)  # None: the constructor refused
        if connection is not None:
            connection.close()
        super().close()

    def _send_move(self, move: Move) -> None:
        with self._lock:
            view, state = self._view, self._state
            if view is None or state is None:  # (a view comes with its state)
                raise IllegalMove("not connected to the room yet")
            if not self.opponent_connected:
                raise IllegalMove("wait: your opponent is not connected" if self.connected
                                  else "wait: you are not connected to the room")
            if move not in view.legal_actions():
                raise IllegalMove(self._why_not(view, move))
            self._connection.send({"type": "move", "game": state["game"], "ply": state["ply"],
                                   "move": move.to_dict()})

    @staticmethod
    def _why_not(view: PlayerView, move: Move) -> str:
        if view.is_over:
            return "the hand is over: ask for a new game"
        if not view.my_turn:
            return "it is your opponent's turn"
        legal = view.legal_actions()
        if isinstance(move, Play) and move.tile not in view.hand:
            return f"you do not hold {move.tile}"
        return f"{move} is not possible now; you can: {', '.join(str(m) for m in legal)}"

    # ------------------------------------------------------------ waiting
    def wait_for(self, condition: Callable[[OnlineDomino], object], timeout: float = 10.0) -> None:
        """Block until ``condition(self)`` is true (scripts; in a notebook use
        ``await w.until(...)``: a blocked cell would hold back what arrives)."""
        if self._loop is not None and self._loop.is_running():
            raise RuntimeError("in a notebook use `await w.until(condition)`")
        deadline = time.monotonic() + timeout
        while not condition(self):
            if time.monotonic() > deadline:
                raise TimeoutError(f"still waiting after {timeout} s ({self!r})")
            time.sleep(0.01)

    async def until(self, condition: Callable[[OnlineDomino], object], timeout: float = 30.0) -> None:
        """Wait until ``condition(self)`` is true, letting the kernel work meanwhile."""
        deadline = time.monotonic() + timeout
        while not condition(self):
            if time.monotonic() > deadline:
                raise TimeoutError(f"still waiting after {timeout} s ({self!r})")
            await asyncio.sleep(0.02)

    # ------------------------------------------------- what the connection says
    def _from_thread(self, method: Callable[..., None]) -> Callable[..., None]:
        """``method`` made safe to call from the connection's thread."""
        def call(*args: Any) -> None:
            loop = self._loop
            if loop is not None and not loop.is_closed():
                try:
                    loop.call_soon_threadsafe(self._locked, method, args)
                    return
                except RuntimeError:  # the loop closed meanwhile
                    pass
            self._locked(method, args)
        return call

    def _locked(self, method: Callable[..., None], args: tuple[Any, ...]) -> None:
        with self._lock:
            method(*args)

    def _on_view_message(self, widget: Any, content: Any, buffers: list[memoryview]) -> None:
        """``{"type": "here"}`` (a view of this seat is open) goes to the connection
        and leaves ``error`` alone, like the shell's ping; the rest as in every widget."""
        if isinstance(content, dict) and content.get("type") == "here":
            self._connection.seen()
            return
        super()._on_view_message(widget, content, buffers)

    def _status(self, state: str, retry_in: float | None, message: str) -> None:
        online = dict(self.online, state=state, retry_in=retry_in, message=message)
        if state != "connected":  # nothing is known of either seat now
            online["seats"] = [False, False]
            online["presence"] = self._presence_unknown()
        self.online = online
        if state == "replaced":
            self._event("replaced")
        self._show_state()

    def _receive(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "error":
            if message.get("code") == "no-request":  # our decline came too late: nothing ended by it
                self._declining = False
            self.error = f"the server refused: {message.get('message')}"
            return
        if kind != "state":
            return
        previous = self._state
        self._view = read_state(message)
        seats = [bool(on) for on in message["seats"]]
        presence = message.get("presence")  # a server from before presence: from seats
        if not (isinstance(presence, list) and len(presence) == 2):
            presence = [HERE if on else OFFLINE for on in seats]
        ended = still_news(self.online.get("request_end"), message, self.seat)
        if previous is not None:
            ended = request_end(previous, message, self.seat, declining=self._declining) or ended
        if message["request"] is None:
            self._declining = False
        online = dict(self.online, seats=seats, joined=bool(message["joined"]),
                      request=message["request"], request_end=ended, presence=list(presence))
        if self.online.get("state") != "connected":
            online.update(state="connected", retry_in=None, message="")
        self.online = online
        self._show_state()
        self._announce(previous, message)
        # last: a thread that sees this state's game number (wait_for) sees its events too
        self._state = message

    def _show_state(self) -> None:
        if self._view is not None:
            self._show(self._view, legal=self.legal_moves())

    def _announce(self, previous: dict[str, Any] | None, state: dict[str, Any]) -> None:
        """last_event for what changed between two states."""
        if previous is None or previous["game"] != state["game"]:
            self._event("new")
            return
        history = state["view"]["history"]
        for event in history[previous["ply"]:]:
            details = {"tile": event["tile"], "end": event["end"]} if event["action"] == "play" else {}
            self._event(event["action"], player=event["player"], **details)
        if state["view"]["outcome"] and not previous["view"]["outcome"]:
            self._event("over", outcome=state["view"]["outcome"])
        if previous["request"] != state["request"]:
            ended = self.online["request_end"]
            if state["request"] is not None:
                self._event("request", player=state["request"])
            elif ended is not None and ended["ply"] == state["ply"]:  # it ended just now
                self._event(CANCELLED if ended["how"] == CANCELLED else "declined",
                            player=ended["asked"], by=ended["by"])
        if previous["seats"] != state["seats"]:
            self._event("connection", seats=state["seats"])
