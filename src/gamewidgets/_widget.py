"""The base class every game widget shares.

A game widget is an ``anywidget.AnyWidget`` holding a rules object. Python is the
source of truth: the JavaScript view renders synced traits and sends the user's
intents as custom messages ``{"type": <action>, ...}``. Each game declares which
message types it accepts (``_view_actions``: type -> method name). A message that is
malformed, unknown or no longer applies is ignored: the reason goes to the ``error``
trait (and the ``gamewidgets`` logger) and the widget keeps working — an exception
never reaches the comm.

A message may carry ``"position"``: the ``position`` trait the view showed when the user
acted. ``position`` goes up whenever the game moves on (a move, an undo, a new game), so
a click aimed at a board that has changed since — from another view of the same widget
or from Python — is stale and is ignored like a malformed one.

Every change the view should react to once (a move to animate, a blocked click to
signal) is announced in the ``last_event`` trait, ``{"id": n, "kind": ..., ...}``, with
``id`` increasing, so a view that is rendered late, or twice, still sees the state.

Settings (``_setting_traits``: sound, reduced motion, and each game's own, such as
Line 98's symbols) are remembered: every change after the widget is made — from the
view or from Python — is kept in the store, per game, and becomes the default of the
next widget of that game, also after a restart. A setting given to the constructor
wins over the remembered one (and is not remembered itself); ``store=None`` keeps
nothing. A remembered value the trait refuses is skipped with a ``StoreWarning``.

Saving: the ``storage`` trait is the store's :meth:`~gamewidgets.store.Store.status`
(``{"state", "message"}``), kept up to date, so a save that waits for another
program's lock, fails, or cannot be made at all (a damaged store file) is shown in
the view, not only in a warning.

History: ``w.history`` is every position so far (:mod:`gamewidgets.history`),
``w.goto(i)`` shows position ``i`` of it without changing the game (the view's history
slider sends ``{"type": "goto", "index": i}``), ``w.looking_back`` is true meanwhile.
Looking back is read-only: the view takes no moves on an earlier position, and a move
from Python (``play``, ``undo``, ``show``, ``watch``, ...) returns to the live game first.

The computer's reasons: a move a computer player makes here — the computer's own turns
in Lines of Action and Dominoes, and ``watch(..., explain=True)``'s moves — comes
from its player's ``analyse``, and that analysis is kept: ``w.analyses[i]`` (aligned
with ``w.history``, None where none was kept) is the analysis of the move that led to
position ``i``, also ``w.history[i].analysis``. ``w.why(i)`` shows position ``i`` with
that analysis drawn on it as ``show`` draws one (made against the position before the
move, where the candidates were); ``goto(i)`` draws it too, and the view's Why? control
sends ``{"type": "why", "index": i}``. The ``explained`` trait lists the positions that
have one. An undo drops the analyses of the moves it takes back; they are not saved in
the store (a game continued after a restart has none for its earlier moves).

Driven boards: ``driven_by=<who>`` given to the constructor (or ``w._drive(who)``
later) hands the board to a program that plays it from Python, a
:mod:`gamewidgets.rl` environment: from then on the view's moves (and
everything else that would change the game) are refused with the reason "played by
<by>", the widget's own computer seat does not answer, ``watch`` is refused, and the
``driven_by`` trait says who plays (the history slider and Why? still work: they only
look). The program shows each new game with ``w._driven_start(game)`` (the widget then
holds that very object) and plays each move with ``w._driven_play(move)``, which
updates and animates the view as any move.

Who played: a game in which ``watch`` made a move for the user's side (a built-in
player or your own agent) is the computer's game, not the person's: from its first
watched move the ``played_by`` trait names that player (the view's line under the
header says "Played by <name>: not counted"), and at its end it adds nothing to the
person's best score, statistics, streaks or finished games, in every game. A new game
starts as the person's again (undoing a new game in Line 98 brings back the old one,
and whose it was).

Your own computer player: ``opponent=player`` (Lines of Action, Dominoes) seats any
player object (``choose``/``analyse``, e.g. a :class:`~gamewidgets.players.FunctionPlayer`)
in the computer's chair in place of a level; the ``opponent_name`` trait holds its name. Its
moves' analyses are kept as the levels' are. When it raises (an illegal move, a bug),
the ``error`` trait says so and the game waits; undo and new games go on.

Heartbeat: a view that has heard nothing from its kernel for a few seconds sends
``{"type": "ping"}``; the widget answers ``{"type": "pong"}`` (a custom message), and
leaves ``error`` alone. A kernel restarted by another client (the REST API, another
tab) never answers, and the view says it is disconnected (js/lib/connection.js).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import os
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Final

import anywidget
import traitlets

from .analysis import Analysis, ComputerPlayer
from .errors import BadMessage, IllegalMove
from .history import History
from .how_to_play import HowToPlay, how_to_play
from .picture_output import SHOWN, picture_bundle
from .players import failures_of
from .protocol import seat_view
from .store import Store, StoreWarning
from .untrusted import integer, short_repr
from .view_messages import ViewMessages

if TYPE_CHECKING:
    from .puzzles import Puzzle, Verdict
    from .puzzles.playing import PuzzleRun
    from .search_explorer import SearchExplorer

log = logging.getLogger("gamewidgets")

STATIC = Path(__file__).parent / "static"


class _DefaultStore:
    def __repr__(self) -> str:
        return "<the default store>"


DEFAULT_STORE: Final = _DefaultStore()
#: what ``store=`` takes: the default file, a path, a Store, or None (memory only)
StoreOption = _DefaultStore | str | os.PathLike[str] | Store | None


def view_source(game: str) -> Path:
    """The built view bundle of ``game`` (made by ``npm run build`` / ``make js``)."""
    path = STATIC / f"{game}.js"
    if not path.is_file():
        raise ImportError(
            f"the {game} view is not built ({path} is missing): run `make js` "
            "(or `npm ci && npm run build`) in the gamewidgets checkout"
        )
    return path


def open_store(store: StoreOption) -> Store:
    """``store=`` as widgets take it: the default file, None (memory), a path or a Store."""
    if isinstance(store, _DefaultStore):  # DEFAULT_STORE, the one instance
        return Store()
    if store is None:
        return Store.memory()
    if isinstance(store, Store):
        return store
    return Store(store)


def _refused_while_driven(method: Callable[..., Any]) -> Callable[..., Any]:
    """``method`` (one that changes the game) refused on a board a program drives, as the
    view's messages are, unless the program itself calls it (``_driven_play``/``_start``)."""
    @functools.wraps(method)
    def guarded(self: GameWidget, *args: Any, **kwargs: Any) -> Any:
        if not getattr(self, "_driving", False):
            self._check_not_driven()
        return method(self, *args, **kwargs)

    return guarded


def _by_the_program(method: Callable[..., Any]) -> Callable[..., Any]:
    """``method`` (``_driven_play`` / ``_driven_start``): the driving program's own call,
    which the guarded methods let through."""
    @functools.wraps(method)
    def driving(self: GameWidget, *args: Any, **kwargs: Any) -> Any:
        before, self._driving = getattr(self, "_driving", False), True
        try:
            return method(self, *args, **kwargs)
        finally:
            self._driving = before

    return driving


class GameWidget(ViewMessages, anywidget.AnyWidget):
    """Common traits and the message handling of every game widget."""

    #: each game's public methods that change the game: on a driven board they are refused
    #: from Python as the view's messages are (one rule; the program drives through
    #: ``_driven_play`` / ``_driven_start``)
    _game_changing: ClassVar[tuple[str, ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for name in cls._game_changing:  # those this class defines (a subclass's too)
            if name in cls.__dict__:
                setattr(cls, name, _refused_while_driven(cls.__dict__[name]))
        for name in ("__init__", "_driven_play", "_driven_start"):  # the constructor sets its own game up
            if name in cls.__dict__:
                setattr(cls, name, _by_the_program(cls.__dict__[name]))

    #: short name of the game, as used by the store and the CLI
    game_name: ClassVar[str] = ""
    #: message type from the view -> name of the method handling it (gets the message)
    _view_actions: ClassVar[dict[str, str]] = {}
    #: the traits that are the player's settings (remembered, see the module docstring)
    _setting_traits: ClassVar[tuple[str, ...]] = ("muted", "reduced_motion")

    error = traitlets.Unicode("", help="why the last message from the view was ignored").tag(sync=True)
    last_event = traitlets.Dict(help="the latest event for the view to show once").tag(sync=True)
    overlay = traitlets.Dict(help="a player's analysis drawn on the board (show()); {} for none").tag(sync=True)
    position = traitlets.Int(0, help="goes up whenever the game moves on").tag(sync=True)
    thinking = traitlets.Bool(False, help="a computer player is about to move").tag(sync=True)
    muted = traitlets.Bool(False, help="no sound").tag(sync=True)
    reduced_motion = traitlets.Bool(False, help="no travelling animations").tag(sync=True)
    storage = traitlets.Dict(help="the store's status(): {state, message}; the view shows the message").tag(sync=True)
    picture_id = traitlets.Unicode("", help="data-gamewidgets-model of this widget's pictures (picture_output)").tag(
        sync=True)
    history_length = traitlets.Int(1, help="positions so far (moves + 1)").tag(sync=True)
    history_index = traitlets.Int(0, help="the position shown; history_length - 1 is live").tag(sync=True)
    explained = traitlets.List(traitlets.Int(), help="the history positions whose move has a kept analysis "
                               "(w.analyses)").tag(sync=True)
    driven_by = traitlets.Unicode("", help="who plays this board from Python (_drive); '' for the user").tag(
        sync=True)
    opponent_name = traitlets.Unicode("", help="the name of the player in the computer's seat when it is your own "
                                 "(opponent=), not a level; '' for a level").tag(sync=True)
    played_by = traitlets.Unicode("", help="the computer player that played the user's side of this game (watch); "
                                  "'' when only the user did. Such a game is not counted").tag(sync=True)
    puzzle = traitlets.Dict(help="the puzzle being solved on this board (load_puzzle / from_puzzle / PuzzleSet): its "
                            "prompt, state, message, hint and solution as shown; {} for none").tag(sync=True)
    how_to_play: traitlets.List[dict[str, Any]] = traitlets.List(
        help="the game's rules text as blocks (gamewidgets.how_to_play), for the view's Rules panel; "
        "w.rules() shows it in the notebook").tag(sync=True)
    #: the view's messages a driven board still takes (they only look)
    _view_looking: ClassVar[frozenset[str]] = frozenset({"goto", "why"})

    def __init__(self, *, store: StoreOption = DEFAULT_STORE, **kwargs: Any):
        self.store = open_store(store)
        self._watching: asyncio.Task[None] | None = None
        self._thinking: asyncio.Task[None] | None = None  # a computer's answer being worked out
        self._answer_at_once = False  # watch(delay=0): the computer answers before returning
        self._analyses: dict[int, Analysis] = {}  # history position -> the analysis of the move that led there
        self._watched: tuple[Any, str] | None = None  # (the game, the name of the computer that played on it)
        self._puzzle_run: PuzzleRun | None = None  # the puzzle being solved (load_puzzle())
        #: told of a puzzle's end: ("solved" | "next", the run) (a PuzzleSet's)
        self._puzzle_listener: Callable[[str, PuzzleRun], None] | None = None
        super().__init__(**kwargs)
        self.storage = self.store.status()
        self.store.on_status(self._show_store_status)
        self.picture_id = self.model_id
        self.how_to_play = list(how_to_play(self.game_name).blocks)  # (the read text stays as read)
        self._use_remembered_settings(given=kwargs)
        self.observe(self._remember_setting, names=list(self._setting_traits))
        self.on_msg(self._on_view_message)

    def rules(self) -> HowToPlay:
        """How to play this game: the text of the view's Rules panel (``?``), shown as
        Markdown in the notebook (``str()`` for the source)."""
        return how_to_play(self.game_name)

    # ---------------------------------------------------------------- settings
    @property
    def settings(self) -> dict[str, Any]:
        """The player's settings of this widget (trait name -> value)."""
        return {name: getattr(self, name) for name in self._setting_traits}

    def _use_remembered_settings(self, given: dict[str, Any]) -> None:
        for name, value in self.store.settings(self.game_name).items():
            if name not in self._setting_traits or name in given:
                continue
            try:
                setattr(self, name, value)
            except traitlets.TraitError as exc:
                warnings.warn(f"the remembered {self.game_name} setting {name}={value!r} is not valid "
                              f"({exc}); the default is used", StoreWarning, stacklevel=3)

    def _remember_setting(self, change: dict[str, Any]) -> None:
        self.store.set_setting(self.game_name, change["name"], change["new"])

    def _show_store_status(self, status: dict[str, str]) -> None:
        self.storage = status

    # ------------------------------------------------- the picture beside the view
    def picture_svg(self) -> str | None:
        """The board as an SVG picture, with the analysis shown (``show``), as the
        picture beside the view has it (see :mod:`gamewidgets.picture_output`); None
        when it cannot be drawn (the error is logged)."""
        try:
            return self._draw_picture()
        except Exception:  # a picture that cannot be drawn must not stop the widget from showing
            log.exception("gamewidgets: the picture of %s could not be drawn", type(self).__name__)
            return None

    def picture_text(self) -> str:
        """The board as text, beside the picture for viewers that show no images:
        ``str(game)``."""
        return str(self.game)

    def _draw_picture(self) -> str | None:
        """The picture itself: the game's ``svg`` with this widget's overlay."""
        game = getattr(self, "game", None)
        if game is None or not hasattr(game, "svg"):
            return None
        return str(game.svg(overlay=self.overlay or None))

    def _widget_view_bundle(self) -> tuple[dict[str, Any], dict[str, Any]]:
        """The widget view's own output (anywidget's)."""
        bundle = super()._repr_mimebundle_()
        assert bundle is not None, "a game widget always has a view"
        return bundle

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]] | None:
        """The widget view, the board as SVG and as text, in one output."""
        data, metadata = self._widget_view_bundle()
        picture = picture_bundle(self)
        if picture is None:
            return data, metadata
        return {**data, "image/svg+xml": picture["image/svg+xml"],
                "text/plain": f"{data['text/plain']}\n{picture['text/plain']}"}, metadata

    def _ipython_display_(self) -> None:
        """Shown by IPython: the view, then its picture for exports (picture_output)."""
        SHOWN.display(self)

    # --------------------------------------------------------- computer players
    def watch(self, player: ComputerPlayer | str | None = None, moves: int = 1, delay: float = 0.6,
              explain: bool = False) -> asyncio.Task[None] | None:
        """Let a computer player make ``moves`` moves here, ``delay`` seconds apart, with
        the normal animation; ``explain=True`` shows each analysis (``show``) before its
        move. ``player`` is a player object (``choose``/``analyse``) or a name.

        ``player`` plays the side the view's user plays (in the games against the
        computer the computer answers each move as usual; in Dominoes on one device it
        plays both hands), from the live game.

        In a notebook this returns at once: the moves are played by an asyncio task on
        the kernel's event loop (returned; ``w.stop()`` cancels it), so the kernel keeps
        answering meanwhile. With ``delay=0``, or without a running event loop, the
        moves (and the computer's answers) are played before returning (and None is
        returned)."""
        self._check_not_driven()
        if player is None or isinstance(player, str):
            player = self._player_named(player)
        if moves < 0 or delay < 0:
            raise ValueError("moves and delay must not be negative")
        self.stop()
        loop: asyncio.AbstractEventLoop | None
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        self._go_live()
        if loop is None or delay == 0:
            self._answer_at_once = True  # a computer answering the player answers before the next move
            try:
                for _ in range(moves):
                    if self._finished:
                        break
                    with failures_of(player):
                        self._play_watched(*self._decide(player, explain), player)
                    time.sleep(delay)
            finally:
                self._answer_at_once = False
            return None
        self._watching = loop.create_task(self._watch(player, moves, delay, explain))
        return self._watching

    @classmethod
    def from_record(cls, record: Any, *, index: int = 0, **kwargs: Any) -> GameWidget:
        """A board showing the game ``record`` holds (:mod:`gamewidgets.record`: from
        ``match``, a tournament, the command line, or an older record): replayed to its
        last move, so the history slider and ``goto(i)`` step through it, and the
        analyses the record carries are kept as the moves' reasons (``w.why(i)``, Why?).
        ``store=None`` unless given; ``index`` picks a record of a match file. A
        one-player game a computer played says so ("Played by <name>") and is not counted.
        BadSave says where a record breaks."""
        from .record import replay, upgrade

        data = upgrade(record, cls.game_name, index=index)
        game, analyses = replay(data, cls.game_name, parse=True)
        widget = cls(game=game, **{"store": None, **kwargs})
        for number, analysis in enumerate(analyses, start=1):
            if analysis is not None:
                widget._keep_analysis(number, analysis)
        players = data.get("players") or []
        if len(players) == 1 and isinstance(players[0], str) and players[0]:
            widget._watched = (widget.game, players[0])
            widget._sync_played_by()
        return widget

    @property
    def _played_by_computer(self) -> bool:
        """Whether this game is not the person's own, to count: a watched computer player
        made a move of the user's side in it, or it is a puzzle (load_puzzle())."""
        return (self._watched is not None and self._watched[0] is self.game) or self._puzzle_run is not None

    def _sync_played_by(self) -> None:
        """``played_by`` for the game shown now (each game's ``_sync`` calls it)."""
        self.played_by = self._watched[1] if self._watched is not None and self._watched[0] is self.game else ""

    def stop(self) -> None:
        """Stop a computer player started by ``watch``."""
        if self._watching is not None and not self._watching.done():
            self._watching.cancel()
        self._watching = None
        self.thinking = False

    async def wait(self) -> None:
        """Wait until the computer has answered (in a notebook: ``await w.wait()``)."""
        while self._thinking is not None:
            await asyncio.shield(self._thinking)

    def _cancel_thinking(self) -> None:
        if self._thinking is not None:
            self._thinking.cancel()
            self._thinking = None
            self.thinking = False

    def _decide(self, player: ComputerPlayer, explain: bool) -> tuple[Any, Analysis | None]:
        """The player's move, and with ``explain`` its analysis (shown first)."""
        position = seat_view(self.game)  # what the user's seat sees, never the live game
        if not explain:
            return player.choose(position), None
        analysis = player.analyse(position)
        self.show(analysis)
        return analysis.move, analysis

    def _play_watched(self, move: Any, analysis: Analysis | None, player: ComputerPlayer) -> None:
        """Play a watched player's move and keep its analysis (if it made one); from
        now on this game is the computer's (``played_by``)."""
        index = len(self._history_moves()) + 1
        if not self._played_by_computer:
            self._watched = (self.game, str(getattr(player, "name", "") or type(player).__name__))
            self.played_by = self._watched[1]
        self._play_move(move)
        if analysis is not None:
            self._keep_analysis(index, analysis)

    async def _watch(self, player: ComputerPlayer, moves: int, delay: float, explain: bool) -> None:
        try:
            for _ in range(moves):
                await self.wait()  # the other side's answer (Lines of Action, Dominoes) comes first
                if self._finished:
                    break
                self.thinking = True
                with failures_of(player):
                    move, analysis = self._decide(player, explain)
                await asyncio.sleep(delay / 2)
                self.thinking = False
                with failures_of(player):
                    self._play_watched(move, analysis, player)
                await asyncio.sleep(delay / 2)
        finally:
            self.thinking = False
            self._watching = None

    # ---------------------------------------------------------------- driven
    def _drive(self, by: str) -> None:
        """Let ``by`` play this board from Python (see the module docstring)."""
        self.stop()
        self._cancel_thinking()
        self.driven_by = by

    @staticmethod
    def _checked_opponent(player: Any) -> ComputerPlayer | None:
        """``opponent=``: None, or a player object with ``choose`` and ``analyse``."""
        if player is None:
            return None
        if isinstance(player, str) or not all(callable(getattr(player, m, None)) for m in ("choose", "analyse")):
            raise TypeError("opponent= takes a player object with choose(game) and analyse(game) (e.g. "
                            "gamewidgets.players.FunctionPlayer(fn)); for a built-in player give level=, not "
                            f"{short_repr(player)}")
        return player

    def _computer_failed(self, player: ComputerPlayer, exc: Exception) -> None:
        """The computer seat's player raised: say so on ``error``; the game waits."""
        name = getattr(player, "name", type(player).__name__)
        log.warning("%s: the computer player %s failed", type(self).__name__, name, exc_info=exc)
        said = str(exc)
        self.error = f"the computer player {name} failed: {said if len(said) <= 300 else said[:299] + '…'}"
        self.thinking = False

    def _check_not_driven(self) -> None:
        if self.driven_by:
            raise IllegalMove(f"this board is played by {self.driven_by}: it shows that game and takes no "
                              "other moves")

    def _driven_start(self, game: Any) -> None:
        """Show ``game`` as a new game, holding that very object."""
        raise NotImplementedError

    def _driven_play(self, move: Any) -> Any:
        """Play ``move`` (the game's move type) as a move of the game shown; returns what
        the game's play returns."""
        raise NotImplementedError

    # ---------------------------------------------------------------- history
    @property
    def history(self) -> History[Any]:
        """Every position of the game so far, the start first (:mod:`gamewidgets.history`):
        ``w.history[i].move`` led to position ``i``, ``w.history[i].game`` is that position
        as a Game, the one ``w.goto(i)`` shows."""
        return History(self._history_moves(), self._game_at, self._analyses)

    @property
    def looking_back(self) -> bool:
        """True while the view shows an earlier position (``goto``)."""
        return self.history_index < self.history_length - 1

    def goto(self, index: int | None) -> None:
        """Show position ``index`` of the game (0 = the start, -1 or None = the live
        game; negative numbers count from the end), without changing the game: looking
        back is read-only, and the next move returns to the live game first."""
        last = len(self._history_moves())
        index = self._position_index(index, last)
        if index == last:
            self._go_live()
            return
        with self.hold_sync():
            self.overlay = {}
            self._show_position(self._game_at(index), index)
            self.history_index = index
            if index in self._analyses:
                self.overlay = self._overlay_of(self._game_at(index - 1), self._analyses[index])
            self._event("goto", index=index)

    def _go_live(self) -> None:
        """Show the live game again after ``goto`` (nothing when it is shown)."""
        if self.looking_back:
            with self.hold_sync():
                self._sync()
                self._event("goto", index=self.history_index)

    def _sync_history(self) -> None:
        """The history traits of the live game (each game's ``_sync`` calls this); the
        analyses of moves no longer in the history (taken back) are dropped."""
        moves = self._history_moves()
        self._analyses = {i: a for i, a in self._analyses.items() if i <= len(moves) and moves[i - 1] == a.move}
        self.explained = sorted(self._analyses)
        self.history_length = len(moves) + 1
        self.history_index = self.history_length - 1

    # ------------------------------------------------------ the computer's reasons
    @property
    def analyses(self) -> list[Analysis | None]:
        """The kept analysis of the move that led to each position of ``history`` (None
        for the start and where none was kept): see the module docstring."""
        return [self._analyses.get(i) for i in range(len(self._history_moves()) + 1)]

    def why(self, index: int | None = None) -> Analysis:
        """Show position ``index`` with the computer's analysis of the move that led
        there drawn on it, and return that analysis. ``None``: the latest move that has
        one (the move just played when it was the computer's). IllegalMove when that
        move has no kept analysis (the user's own moves, and moves made before a restart)."""
        index, analysis = self._kept_analysis(index)
        if index == len(self._history_moves()):
            self._go_live()
            self.overlay = self._overlay_of(self._game_at(index - 1), analysis)
        else:
            self.goto(index)
        return analysis

    def explore(self, index: int | None = None) -> SearchExplorer:
        """The search behind the computer's move to position ``index`` (None: the latest
        move that has a kept analysis) as a :class:`~gamewidgets.search_explorer.SearchExplorer`:
        its tree beside a board. The player must have recorded its search (``trace=True``:
        ``ai={"trace": True}`` for the computer's level where the game takes ``ai=``, or
        ``watch(PLAYERS[name](trace=True), explain=True)``); IllegalMove when it did not,
        and as ``why`` says when the move has no kept analysis."""
        from .search_explorer import SearchExplorer

        index, analysis = self._kept_analysis(index)
        if analysis.tree is None:
            raise IllegalMove(f"{analysis.player} did not record its search for the move to position {index}: make "
                              "the player with trace=True (ai={'trace': True} for the computer's level, or "
                              "watch(PLAYERS[name](trace=True), explain=True))")
        return SearchExplorer(analysis)

    def _kept_analysis(self, index: int | None) -> tuple[int, Analysis]:
        """The position ``index`` (None: the latest with one) and the analysis kept for
        the move that led there; IllegalMove when none was kept."""
        if index is None:
            if not self._analyses:
                raise IllegalMove("the computer has not played a move in this game yet")
            index = max(self._analyses)
        index = self._position_index(index, len(self._history_moves()))
        analysis = self._analyses.get(index)
        if analysis is None:
            raise IllegalMove(f"no analysis was kept for the move to position {index}: it was not the "
                              f"computer's" + ("" if index else " (it is the start)"))
        return index, analysis

    # ------------------------------------------------------------------ puzzles
    @classmethod
    def from_puzzle(cls, puzzle: Puzzle, **kwargs: Any) -> GameWidget:
        """A board with ``puzzle`` (:mod:`gamewidgets.puzzles`) to solve: see :meth:`load_puzzle`;
        ``kwargs`` as the constructor's (``store=``, ...)."""
        widget = cls(**kwargs)
        widget.load_puzzle(puzzle)
        return widget

    def load_puzzle(self, puzzle: Puzzle) -> None:
        """Set ``puzzle`` up on this board: its position, with its prompt over the board
        (the ``puzzle`` trait). Your moves there are judged before they are played: a
        wrong one is refused with the reason (the view says it), the right one is
        played and the opponent answers with the solution's line; once you have played
        your moves of the solution, the puzzle is solved. :meth:`puzzle_hint` and
        :meth:`puzzle_solution` (the view's buttons) help; :meth:`puzzle_retry` starts it
        again. A puzzle is not the person's own game: it is not saved or counted. A new
        game ends it."""
        from .puzzles import Puzzle
        from .puzzles.playing import PuzzleDefence, PuzzleRun

        if not isinstance(puzzle, Puzzle):
            raise TypeError(f"load_puzzle() takes a Puzzle (gamewidgets.puzzles), not {short_repr(puzzle)}")
        if puzzle.game_name != self.game_name:
            raise ValueError(f"a {puzzle.game_name} puzzle is not solved on a {self.game_name} board")
        self._check_not_driven()
        game = self._puzzle_position(puzzle)
        start = len(list(game.moves)) if hasattr(game, "moves") else 0
        self._puzzle_run = PuzzleRun(puzzle, start, words=self._puzzle_words(puzzle))
        with self.hold_sync():
            self._puzzle_begin(game, PuzzleDefence(puzzle, start))
            self._puzzle_run.start = len(self._history_moves())
            self._show_puzzle()

    def puzzle_hint(self) -> str:
        """The puzzle's first hint (shown in the view too); it counts as help."""
        run = self._running_puzzle()
        hint = run.hint()
        self._show_puzzle()
        return hint

    def puzzle_solution(self) -> list[str]:
        """The puzzle's solution line (shown in the view too); it counts as help."""
        run = self._running_puzzle()
        line = run.solution()
        self._show_puzzle()
        return line

    def puzzle_retry(self) -> None:
        """Start the puzzle again from its position (its tries so far still count)."""
        run = self._running_puzzle()
        tries, hinted, shown = run.tries, run.hinted, run.shown
        self.load_puzzle(run.puzzle)
        assert self._puzzle_run is not None
        self._puzzle_run.tries, self._puzzle_run.hinted, self._puzzle_run.shown = tries, hinted, shown
        self._show_puzzle()

    def puzzle_next(self) -> None:
        """The next puzzle of the series (a PuzzleSet's); IllegalMove without a series."""
        run = self._running_puzzle()
        if self._puzzle_listener is None:
            raise IllegalMove("this puzzle is not part of a series: PuzzleSet(game) gives one")
        self._puzzle_listener("next", run)

    def _view_puzzle(self, message: dict[str, Any]) -> None:
        """The puzzle panel's buttons: the method of the message's name (puzzle_hint, ...)."""
        getattr(self, message["type"])()

    def _puzzle_helped(self) -> None:
        """The game's own help (Line 98's Suggest, Mahjong's hint) was asked for: during
        a puzzle it counts as the puzzle's hint."""
        if self._puzzle_run is not None and not self._puzzle_run.solved:
            self._puzzle_run.hinted = True
            self._show_puzzle()

    def _running_puzzle(self) -> PuzzleRun:
        if self._puzzle_run is None:
            raise IllegalMove("there is no puzzle on this board: w.load_puzzle(puzzle) sets one up")
        return self._puzzle_run

    def _show_puzzle(self) -> None:
        self.puzzle = {} if self._puzzle_run is None else {
            **self._puzzle_run.state(), "notes": self._puzzle_notes(), "series": self._puzzle_listener is not None}

    def _end_puzzle(self) -> None:
        """A new game: the puzzle is over (not solved, if it was not)."""
        if self._puzzle_run is not None:
            self._puzzle_run = None
            self._show_puzzle()

    def _puzzle_judge(self, move: Any) -> Verdict | None:
        """Before the user's ``move`` is played (each game's move path): None without a
        puzzle, else the verdict; a wrong move raises IllegalMove with the reason."""
        run = self._puzzle_run
        if run is None or run.solved:
            return None
        try:
            return run.judge(self.game, move, len(self._history_moves()) - run.start)
        finally:
            self._show_puzzle()

    def _puzzle_played(self, verdict: Verdict | None) -> None:
        """After the user's move of ``verdict`` was played (each game's move path)."""
        run = self._puzzle_run
        if verdict is None or run is None or run.solved:
            return
        run.after(verdict, len(self._history_moves()) - run.start)
        self._show_puzzle()
        if run.solved and self._puzzle_listener is not None:
            self._puzzle_listener("solved", run)

    # what each game defines for puzzles
    def _puzzle_position(self, puzzle: Puzzle) -> Any:
        """The puzzle's position as this board plays it (the user to move)."""
        return puzzle.game

    def _puzzle_words(self, puzzle: Puzzle) -> dict[str, str]:
        """Words of the puzzle's texts the board says otherwise (see PuzzleRun.words)."""
        return {}

    def _puzzle_notes(self) -> str:
        """What the puzzle shows that the board does not (Dominoes: the other hand)."""
        return ""

    def _puzzle_begin(self, game: Any, defence: ComputerPlayer) -> None:
        """Show ``game`` as the live game, ``defence`` in the opponent's chair (where
        there is one), not saved or counted."""
        raise NotImplementedError

    def _keep_analysis(self, index: int, analysis: Analysis) -> None:
        """Keep ``analysis`` as the reason for the move that led to position ``index``."""
        self._analyses[index] = analysis
        self.explained = sorted(self._analyses)

    def _view_why(self, message: dict[str, Any]) -> None:
        index = message.get("index")
        if index is not None:  # a whole number sent as a double (2.0) is the integer
            index = _whole_index(index, "why needs an integer index or none")
        try:
            self.why(index)
        except IndexError as exc:
            raise BadMessage(str(exc)) from None

    @staticmethod
    def _position_index(index: int | None, last: int) -> int:
        """``goto``'s argument as a position 0..``last`` (None or -1: the last one;
        negative numbers count from the end, as in a list). IndexError names the
        number given and both ranges."""
        if index is None:
            return last
        if isinstance(index, bool) or not isinstance(index, int):
            raise TypeError(f"goto() takes a position number, not {short_repr(index)}")
        if not -(last + 1) <= index <= last:
            raise IndexError(f"position {short_repr(index)} is not in this game: positions are 0..{last}, "
                             f"or -{last + 1}..-1 counted from the end")
        return index + last + 1 if index < 0 else index

    def _view_goto(self, message: dict[str, Any]) -> None:
        index = _whole_index(message.get("index"), "goto needs an integer index")
        try:
            self.goto(index)
        except IndexError as exc:
            raise BadMessage(str(exc)) from None

    # what each game defines for the history
    def _history_moves(self) -> list[Any]:
        """What led from each position to the next, in order (what undo takes back)."""
        return list(self.game.moves)

    def _game_at(self, index: int) -> Any:
        """Position ``index`` of the history as a new Game: by default a copy of the
        live game with the later moves taken back."""
        game = self.game.copy()
        for _ in range(len(self._history_moves()) - index):
            game.undo()
        return game

    def _show_position(self, game: Any, index: int) -> None:
        """Set the board's traits to the earlier position ``game`` (``goto``)."""
        raise NotImplementedError

    def _overlay_of(self, game: Any, analysis: Analysis) -> dict[str, Any]:
        """The ``overlay`` trait drawing ``analysis``, made in position ``game``
        (what ``show`` sets; the games with kept analyses define it)."""
        raise NotImplementedError

    def _sync(self) -> None:
        """Set every trait from the live game."""
        raise NotImplementedError

    # what each game defines for watch()
    def _player_named(self, name: str | None) -> ComputerPlayer:
        """The computer player called ``name`` (None: the game's default)."""
        raise NotImplementedError

    def _play_move(self, move: Any) -> None:  # the game's own move type
        raise NotImplementedError

    @property
    def _finished(self) -> bool:
        raise NotImplementedError

    # ------------------------------------------------------------ view messages
    def _handle_view_message(self, content: dict[str, Any]) -> None:
        """A view's message to the method of ``_view_actions`` (view_messages.py does the rest)."""
        kind = content.get("type")
        method = (self._view_actions.get(kind) or _PUZZLE_ACTIONS.get(kind)) if isinstance(kind, str) else None
        if method is None:
            raise BadMessage(
                f"unknown message type {short_repr(kind)} (known: {', '.join(sorted(self._view_actions))})"
            )
        if self.driven_by and kind not in self._view_looking:
            self._check_not_driven()
        seen = content.get("position")
        if seen is not None and seen != self.position:
            raise BadMessage(f"stale: sent for position {short_repr(seen)}, the game is at {self.position}")
        getattr(self, method)(content)

    def _event(self, kind: str, **data: Any) -> None:
        previous = self.last_event.get("id", 0) if isinstance(self.last_event, dict) else 0
        self.last_event = {"id": previous + 1, "kind": kind, **data}


#: the view's puzzle panel's messages, on every board
_PUZZLE_ACTIONS = dict.fromkeys(("puzzle_hint", "puzzle_solution", "puzzle_retry", "puzzle_next"), "_view_puzzle")


def _whole_index(value: Any, wanted: str) -> int:
    """A view message's index: an integer, or a whole number sent as a double (``2.0``,
    as JavaScript may send it); BadMessage saying ``wanted`` otherwise."""
    try:
        return integer(value, "index", error=BadMessage)
    except BadMessage:
        raise BadMessage(f"{wanted}, not {short_repr(value)}") from None
