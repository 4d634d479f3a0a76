"""``Domino``: dominoes against the computer, or two people on one device.

``Domino(mode="computer")`` plays the computer (level Easy, Medium or Hard; Medium
when no level was saved); ``Domino(mode="local")`` is two people on one device: between
turns the hand is hidden behind a "pass the device" screen until the next player
reveals it. Without ``mode=`` it opens in the mode last given (the store's ``domino``
setting ``mode``, also after a restart; one that is no mode warns: the computer).
Everything the view does is a method: ``play(tile, end)``, ``draw()``, ``pass_()``,
``new_game()``, ``set_level(level)``, ``set_mode(mode)``, ``reveal()``, ``undo()``,
``goto(i)`` (the history slider: every play, draw and pass is a step; looking back
shows the earlier position from the same seat, its hand only, and takes no moves). ``show(analysis)`` draws a
player's analysis of the shown hand on the table; ``watch(player)`` lets a player play
the user's hand (in local mode both hands, each revealed in turn).

In words, public facts only: ``log`` has one entry per action of the hand, ``{"player",
"action": "play" | "draw" | "pass", "text", "first", "last"}`` with a play's ``tile``,
``end``, ``lead`` (the opening) and a draw's ``count`` -- one player's consecutive draws
are one entry ("Computer drew 7 tiles"); ``first``..``last``: the history positions its
actions lead to. Only the user's own draws against the computer name their ``tiles``.
``recap`` says the other side's last turn ("The computer drew 2 tiles, then played 5|5
on the right."): the computer's until the user acts; on one device the other player's,
once the hand is revealed. ``revealed``: the computer's tiles left once a hand against
it is over, else []. An online seat has none of these traits.

The computer sees only ``game.view(1)`` (:mod:`gamewidgets.domino.ai`), thinks in a
worker thread and plays on the kernel's event loop (at once without one). Its analyses
are kept (``w.analyses``; hard's forced moves get its beliefs too); ``w.why(i)`` (the
view's **Why?**) draws one: ``show``'s overlay with ``player`` 1, ``tiles`` its candidate
plays (its playable tiles then), ``title`` the move and reason in words, ``name`` the
level, ``lead`` (it opened), ``beliefs`` only of the user's tiles (other keys would name
the computer's). The picture beside the view leaves it out; on one device the other
hand's analyses are never drawn.

Each mode's game is saved after every action (``domino/computer``, ``domino/local``)
and restored by the next widget of that mode (a pending computer turn then runs). A new
game keeps mode and level.

Switching mode: ``set_mode("computer" | "local")`` (the view's **Mode** menu, message
``set_mode``) keeps the hand left as it stands (saved, as after every action; its kept
analyses and who played it stay with the widget) and brings back the other mode's
saved hand -- its level too, a pending computer turn then runs, on one device behind
the pass-the-device screen -- or deals a new one where that mode has none. Each mode
keeps its own hand, so a switch loses nothing: the view switches without asking (it
asks before a new game throws a hand in progress away). The mode switched to is
remembered (the next ``Domino()`` opens in it). Not against your own player
(``opponent=`` plays the computer's seat: IllegalMove), not on a driven board, never
online (an online seat is its own widget).

``ai={...}``: options for whichever level plays, checked at once (ai.py, "Options of
the levels": ``Domino(ai={"samples": 100})`` plays Medium as usual, Hard with 100
samples). A level change while the computer is due starts its turn. The view's
contract: ``js/domino/CONTRACT.md``.
"""

from __future__ import annotations

import asyncio
import dataclasses
import warnings
from typing import TYPE_CHECKING, Any, ClassVar

import traitlets

from .._widget import DEFAULT_STORE, GameWidget, StoreOption, view_source
from ..analysis import Analysis, ComputerPlayer
from ..errors import BadMessage, BadSave, IllegalMove
from ..store import StoreWarning
from ..untrusted import short_repr
from . import picture
from .ai import LEVELS, Hard, Player, checked_options, level_player
from .handlog import deed, hand_log, recap
from .rules import ENDS, Draw, Event, Game, Move, Pass, Play, PlayerView, TileLike, as_tile, tile_name

if TYPE_CHECKING:
    from .online import OnlineDomino

MODES = ("computer", "local")
USER, COMPUTER = 0, 1


class DominoTable(GameWidget):
    """The traits the dominoes view draws, for every mode: :class:`Domino` (against the
    computer, two people on one device) and :class:`~gamewidgets.domino.online.OnlineDomino`
    (two notebooks through a room server) share them and the view."""

    game_name = "domino"
    #: the methods that change the game: refused on a driven board (GameWidget)
    _game_changing = ("play", "draw", "pass_", "new_game", "set_level", "set_mode", "undo")
    _esm = view_source("domino")

    mode = traitlets.Enum((*MODES, "online"), "computer").tag(sync=True)
    level = traitlets.Enum(tuple(LEVELS), "medium").tag(sync=True)
    names = traitlets.List(traitlets.Unicode()).tag(sync=True)
    seat = traitlets.Int(0, help="whose hand is shown").tag(sync=True)
    line: traitlets.List[list[int]] = traitlets.List(
        help="[left, right] pips of each tile, left to right").tag(sync=True)
    hand: traitlets.List[list[int]] = traitlets.List(help="the shown hand's tiles").tag(sync=True)
    playable: traitlets.List[dict[str, Any]] = traitlets.List(
        help='{"tile": [a, b], "ends": [...]} for each playable tile').tag(sync=True)
    opening: traitlets.List[int] = traitlets.List(help="the required opening tile, for its holder").tag(sync=True)
    counts = traitlets.List(traitlets.Int(), help="tiles in each hand").tag(sync=True)
    boneyard = traitlets.Int(14).tag(sync=True)
    turn = traitlets.Int(None, allow_none=True).tag(sync=True)
    can_draw = traitlets.Bool(False).tag(sync=True)
    can_pass = traitlets.Bool(False).tag(sync=True)
    handoff = traitlets.Bool(False, help="local mode: the hand is hidden until revealed").tag(sync=True)
    result = traitlets.Dict().tag(sync=True)
    invite = traitlets.Unicode("", help="online: the invite the host shares").tag(sync=True)
    online = traitlets.Dict(help="online: the connection of both seats and new-game requests").tag(sync=True)

    #: view message type -> method, where the names differ
    _methods_for_messages: ClassVar[dict[str, str]] = {"pass": "pass_"}

    def _view_play(self, message: dict[str, Any]) -> None:
        if "tile" not in message:
            raise BadMessage("a play needs a tile")
        end = message.get("end")
        if end is not None and end not in ENDS:
            raise BadMessage(f"end must be left or right, not {end!r}")
        self.play(message["tile"], end)

    def _view_simple(self, message: dict[str, Any]) -> None:
        """A message that is a call without arguments (draw, pass, new_game, ...)."""
        kind = message["type"]
        getattr(self, self._methods_for_messages.get(kind, kind))()

    def _show(self, view: PlayerView, *, shown: bool = True, legal: list[Move] | None = None,
              hands: list[list[list[int]]] | None = None) -> None:
        """Set the traits from what ``view.player`` sees. ``legal``: the moves the view
        may offer now (none when None); ``hands``: both hands for the end-of-hand
        screen (else only the viewer's own)."""
        plays: dict[tuple[int, int], list[str]] = {}
        for move in legal or ():
            if isinstance(move, Play):
                plays.setdefault(move.tile, []).append(move.end)
        seat = view.player
        with self.hold_sync():
            self.position += 1
            self.overlay = {}
            self.seat = seat
            self.line = [list(t) for t in view.line]
            self.hand = [list(t) for t in view.hand] if shown else []
            self.playable = [{"tile": list(t), "ends": ends} for t, ends in plays.items()]
            self.opening = list(view.opening) if shown and view.opening and not view.line else []
            counts = [0, 0]
            counts[seat], counts[1 - seat] = len(view.hand), view.opponent_count
            self.counts = counts
            self.boneyard = view.boneyard_count
            self.turn = view.turn
            self.can_draw = any(isinstance(m, Draw) for m in legal or ())
            self.can_pass = any(isinstance(m, Pass) for m in legal or ())
            outcome = view.outcome
            if outcome is None:
                self.result = {}
            else:
                if hands is None:
                    hands = [[], []]
                    hands[seat] = [list(t) for t in view.hand]
                self.result = {**outcome.to_dict(), "pips": list(outcome.pips), "hands": hands}


class Domino(DominoTable):
    """Dominoes (draw game, double-six) in a notebook cell."""

    log: traitlets.List[dict[str, Any]] = traitlets.List(
        help="the hand log: one entry per action, consecutive draws as one (module docstring)").tag(sync=True)
    recap = traitlets.Unicode("", help="the other side's last turn in words").tag(sync=True)
    revealed: traitlets.List[list[int]] = traitlets.List(
        help="the computer's tiles left, once a hand against it is over").tag(sync=True)

    _view_actions: ClassVar[dict[str, str]] = {
        "play": "_view_play", "draw": "_view_simple", "pass": "_view_simple", "new_game": "_view_simple",
        "reveal": "_view_simple", "set_level": "_view_level", "set_mode": "_view_mode", "goto": "_view_goto",
        "why": "_view_why",
    }

    def __init__(self, *, mode: str | None = None, level: str | None = None, seed: int | None = None,
                 game: Game | None = None, ai: dict[str, Any] | None = None,
                 opponent: ComputerPlayer | None = None, store: StoreOption = DEFAULT_STORE, **kwargs: Any):
        """``mode``: "computer" or "local" (None: the mode last given, see the module
        docstring); ``ai`` passes options to the levels that take them (e.g.
        ``{"samples": 100}`` for hard); ``opponent`` seats your own player in place of
        the level (against the computer; its hands are not saved)."""
        if mode is not None and mode not in MODES:
            raise ValueError(f"mode must be one of {MODES}, not {short_repr(mode)}")
        options = checked_options(ai)  # ValueError now, not at the computer's first move
        self._opponent = self._checked_opponent(opponent)
        self._own_opponent = self._opponent  # the computer's chair again after a puzzle (_end_puzzle)
        if self._opponent is not None and mode == "local":
            raise ValueError("opponent= plays the computer's seat: it needs mode='computer', not 'local'")
        if self._opponent is not None:
            mode = "computer"
        super().__init__(store=store, **kwargs)
        #: the hand each mode left (set_mode): the game, its kept analyses, who played it
        self._parked: dict[str, tuple[Game, dict[int, Analysis], Any]] = {}
        if mode is None:
            mode = self._remembered_mode()
        else:
            self.store.set_setting(self.game_name, "mode", mode)
        self.mode = mode
        self.seed = seed
        self.ai_options = options
        saved = None if game is not None or self._opponent is not None else self._load()
        if saved is not None:
            game, saved_level = saved
            level = level or saved_level
        self.level = level or "medium"
        self.names = _names(mode)
        if self._opponent is not None:
            self.opponent_name = str(getattr(self._opponent, "name", type(self._opponent).__name__))
            self.names = ["You", self.opponent_name]
        if self.driven_by:  # a program plays both seats: the seats by number, as its agents
            self.names = ["player_0", "player_1"]
        self._start(game if game is not None else Game(seed))

    def _remembered_mode(self) -> str:
        mode = self.store.settings(self.game_name).get("mode", "computer")
        if not (isinstance(mode, str) and mode in MODES):
            warnings.warn(f"the remembered dominoes mode {short_repr(mode, 40)} is not one of {MODES}: the game "
                          "opens against the computer", StoreWarning, stacklevel=3)
        return mode if isinstance(mode, str) and mode in MODES else "computer"

    # ------------------------------------------------------------------ online
    @staticmethod
    def host(server: str, *, store: StoreOption = DEFAULT_STORE, **kwargs: Any) -> OnlineDomino:
        """Create a room on the room server at ``server`` (e.g. ``"http://127.0.0.1:8765"``)
        and return the host's :class:`~gamewidgets.domino.online.OnlineDomino`; send its
        ``invite`` to the other player. Needs ``gamewidgets[online]``."""
        from .online import host

        return host(server, store=store, **kwargs)

    @staticmethod
    def join(invite: str, *, store: StoreOption = DEFAULT_STORE, **kwargs: Any) -> OnlineDomino:
        """Take the guest seat of an online room from its ``invite``: the guest seat this
        store already holds there, or else claim the free guest seat -- also when this
        store holds the room's host seat (two notebooks on one machine). To come back
        to a seat you hold (the host's, say, after a restart) use :meth:`resume`."""
        from .online import join

        return join(invite, store=store, **kwargs)

    @staticmethod
    def resume(invite: str, *, seat: int | str | None = None, store: StoreOption = DEFAULT_STORE,
               **kwargs: Any) -> OnlineDomino:
        """Bring back a seat this store holds in the room of ``invite`` (after a kernel
        restart, say): ``seat="host"`` or ``"guest"``, by default the host's if held,
        else the guest's; :class:`~gamewidgets.errors.RoomError` ``no-seat`` if none."""
        from .online import resume

        return resume(invite, seat=seat, store=store, **kwargs)

    @staticmethod
    def invites(store: StoreOption = DEFAULT_STORE) -> list[str]:
        """The online rooms this store holds a seat in (host, guest or both): their
        invites, each once; :meth:`resume` brings a seat back."""
        from .online import invites

        return invites(store)

    # ------------------------------------------------------------------ queries
    @property
    def game(self) -> Game:
        """The rules object (the live game, also while looking back)."""
        return self._game

    def __repr__(self) -> str:
        state = "over" if self._game.is_over else f"player {self._game.turn} to move"
        return f"<Domino {self.mode} {self.level if self.mode == 'computer' else ''} {state}>"

    # ------------------------------------------------------------------ actions
    def play(self, tile: TileLike, end: str | None = None) -> Event:
        """Play ``tile`` on the ``"left"`` or ``"right"`` end (``end`` may be left out
        when the tile matches one end only, as in ``game.parse_move("6-4")``)."""
        tile = as_tile(tile)
        return self._act(Play(tile, end) if end is not None else self._game.parse_move(tile_name(tile)))

    def draw(self) -> Event:
        """Draw a tile from the boneyard (only when no tile fits)."""
        return self._act(Draw())

    def pass_(self) -> Event:
        """Pass (only with an empty boneyard and no tile that fits)."""
        return self._act(Pass())

    def reveal(self) -> None:
        """Local mode: the player to move shows their tiles."""
        self._go_live()
        if self.handoff:
            self.handoff = False
            with self.hold_sync():
                self._sync()
                self._event("reveal", player=self._game.turn)

    def new_game(self, seed: int | None = None) -> None:
        """A new hand, keeping the mode and the level."""
        self._end_puzzle()
        self._start(Game(seed))

    def set_level(self, level: str) -> None:
        """Change the computer's level; hands and line stay as they are (a computer
        turn that is due and not yet thinking starts)."""
        if not isinstance(level, str) or level not in LEVELS:  # a level from a view may be any value
            raise ValueError(f"level must be one of {tuple(LEVELS)}, not {short_repr(level)}")
        if self._opponent is not None:
            raise IllegalMove(f"{self.opponent_name} plays the computer's seat (opponent=): there is no level")
        self.level = level
        self._save()
        self._event("level", level=level)
        game = self._game
        if self.mode == "computer" and not game.is_over and game.turn == COMPUTER and self._thinking is None:
            self._computer_turn()

    def set_mode(self, mode: str) -> None:
        """Switch between playing the computer (``"computer"``) and two players on one
        device (``"local"``): the hand left is kept, the other mode's hand comes back
        (or a new deal), and the mode is remembered; see "Switching mode" in the module
        docstring. The mode the widget is in already changes nothing."""
        if not isinstance(mode, str) or mode not in MODES:  # a mode from a view may be any value
            raise ValueError(f"mode must be one of {MODES}, not {short_repr(mode)}")
        if self._opponent is not None:
            raise IllegalMove(f"{self.opponent_name} plays the computer's seat (opponent=): there is no other mode")
        if mode == self.mode:
            return
        self.stop()  # a player watched on the hand left stops with it
        self._cancel_thinking()
        self._save()
        self._parked[self.mode] = (self._game, dict(self._analyses), self._watched)
        self.store.set_setting(self.game_name, "mode", mode)
        game, analyses, watched = self._parked.pop(mode, (None, {}, None))
        saved = self._load(mode)
        if saved is not None:
            restored, level = saved
            if game is None or restored.to_dict() != game.to_dict():  # (played on elsewhere meanwhile)
                game, analyses, watched = restored, {}, None
            self.level = level or self.level
        with self.hold_sync():
            self.mode = mode
            self.names = _names(mode)
            self._analyses, self._watched = analyses, watched
            self._start(game if game is not None else Game(self.seed), event="mode")

    def undo(self) -> Move:
        """Take back the last action (and, against the computer, its answers too, back
        to your last action); returns the move taken back last (against the computer:
        your action)."""
        self._cancel_thinking()
        self._go_live()
        taken = self._game.undo()
        while self.mode == "computer" and self._game.history and self._game.turn == COMPUTER:
            taken = self._game.undo()
        self._sync()
        self._save()
        self._event("undo")
        return taken

    def show(self, analysis: Analysis | None) -> None:
        """Draw ``analysis`` (``PLAYERS["hard"]().analyse(w.game)`` on your move) on the
        table: each candidate tile of the hand tinted and labelled by its score, the ends
        it goes to with the best score there, the chosen move outlined, a chosen draw on
        the boneyard; hard's beliefs about the other hand. The overlay is
        :func:`gamewidgets.domino.picture.overlay`'s. ``show(None)`` or the next action
        removes it; looking back, it returns to the live game first. ValueError for an
        analysis of a hand the view does not show (the computer's: ``why`` draws those of
        its moves; a hand behind the pass-the-device screen)."""
        if analysis is None:
            self.overlay = {}
            return
        self._go_live()
        if self.handoff:
            raise ValueError("the hand is hidden behind the pass-the-device screen: reveal() it first")
        overlay = picture.overlay(self._game, analysis)
        if overlay["player"] != self.seat:
            raise ValueError(f"the analysis is of player {overlay['player']}'s hand; the view shows player "
                             f"{self.seat}'s, and never the other hand")
        self.overlay = overlay

    def _overlay_of(self, game: Game, analysis: Analysis) -> dict[str, Any]:
        """The overlay of a kept analysis made in ``game``: of the shown hand as ``show``
        draws it; of the computer's (against the computer) its reasons, as the module
        docstring says; {} for the other hand on one device."""
        overlay = picture.overlay(game, analysis)
        if overlay["player"] == self.seat:
            return overlay
        if self.mode != "computer":
            return {}
        move = analysis.move
        did = deed({"action": move.action, "count": 1, "lead": not game.line, **move.to_dict()})
        overlay.update(title=f"Why? The computer ({analysis.player}) {did} \u2014 {analysis.reason}",
                       name=analysis.player, lead=not game.line)
        beliefs = overlay.pop("beliefs", None)
        if beliefs:
            yours = {tile_name(t) for t in game.hand(USER)}
            overlay["beliefs"] = {tile: chance for tile, chance in beliefs.items() if tile in yours}
        return overlay

    # ------------------------------------------------------------ view handlers
    def _view_mode(self, message: dict[str, Any]) -> None:
        mode: Any = message.get("mode")  # set_mode checks it
        try:
            self.set_mode(mode)
        except ValueError as exc:
            raise BadMessage(str(exc)) from None

    def _view_level(self, message: dict[str, Any]) -> None:
        level: Any = message.get("level")  # set_level checks it
        try:
            self.set_level(level)
        except ValueError as exc:
            raise BadMessage(str(exc)) from None

    # ---------------------------------------------------------------- internals
    def _act(self, move: Move) -> Event:
        self._go_live()
        game = self._game
        if self._thinking is not None:
            raise IllegalMove("the computer is thinking")
        if self.handoff:
            raise IllegalMove("show your tiles first")
        if self.mode == "computer" and game.turn == COMPUTER and not game.is_over:
            raise IllegalMove("it is the computer's move")
        verdict = self._puzzle_judge(move)  # a puzzle's wrong play: IllegalMove, with the reason
        event = game.play(move)  # raises IllegalMove, changing nothing
        self._puzzle_played(verdict)  # (before the defence answers)
        self._after(event)
        return event

    def _after(self, event: Event) -> None:
        game = self._game
        if self.mode == "local" and not game.is_over and game.turn != event.player:
            self.handoff = True
        details: dict[str, Any] = {}
        if event.action == "play":
            assert event.tile is not None  # a play's event holds its tile
            details = {"tile": list(event.tile), "end": event.end}
        outcome = game.outcome()
        if outcome is not None:
            details["outcome"] = outcome.to_dict()
        with self.hold_sync():
            self._sync()
            self._event(event.action, player=event.player, **details)
        self._save()
        if not game.is_over and self.mode == "computer" and game.turn == COMPUTER:
            self._computer_turn()

    def _computer_turn(self) -> None:
        if self.driven_by:
            return
        player = self._opponent or level_player(self.level, self.seed, self.ai_options)
        loop: asyncio.AbstractEventLoop | None
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if loop is None or self._answer_at_once:
            try:
                analysis = player.analyse(self._game.view(COMPUTER))
            except Exception as exc:  # your own opponent's bug or illegal move: said, the hand waits
                self._computer_failed(player, exc)
                return
            self._computer_plays(analysis, player)
            return
        self._thinking = loop.create_task(self._think(loop, player))

    async def _think(self, loop: asyncio.AbstractEventLoop, player: ComputerPlayer) -> None:
        self.thinking = True
        try:
            view = self._game.view(COMPUTER)
            analysis = await loop.run_in_executor(None, player.analyse, view)
            if self._game.view(COMPUTER) != view:
                return  # the game changed meanwhile (new game, undo): the answer is stale
        except Exception as exc:  # your own opponent's bug or illegal move: said, the hand waits
            self._computer_failed(player, exc)
            return
        finally:
            self.thinking = False
            self._thinking = None
        self._computer_plays(analysis, player)

    def _computer_plays(self, analysis: Analysis, player: ComputerPlayer) -> None:
        """Play the computer's move, then keep its analysis (``w.analyses``): hard's with its
        beliefs also for a forced move (decided without sampling; added once it is played)."""
        index, view = len(self._history_moves()) + 1, self._game.view(COMPUTER)
        self._after(self._game.play(analysis.move))
        if isinstance(player, Hard) and "beliefs" not in analysis.stats:
            analysis = dataclasses.replace(analysis, stats={**analysis.stats, **player.beliefs(view)})
        self._keep_analysis(index, analysis)

    def _start(self, game: Game, event: str = "new") -> None:
        """Show ``game`` from its start or as saved (``event``: "new", or "mode" for a switch)."""
        self._cancel_thinking()
        self._game = game
        self.handoff = self.mode == "local" and not game.is_over
        self._sync()
        self._event(event, **({"mode": self.mode} if event == "mode" else {}))
        self._save()
        if self.mode == "computer" and game.turn == COMPUTER and not game.is_over:
            self._computer_turn()  # also a computer turn still pending in a restored game

    def _sync(self) -> None:
        game = self._game
        # local mode: the hand of the player to move; once over, still the last one shown
        seat = USER if self.mode == "computer" else (self.seat if game.is_over else game.turn)
        shown = not self.handoff
        mine = shown and not game.is_over and game.turn == seat and (self.mode == "local" or seat == USER)
        against = self.mode == "computer"
        with self.hold_sync():
            self._show(game.view(seat), shown=shown, legal=game.legal_moves() if mine else None,
                       hands=[[list(t) for t in game.hand(p)] for p in (0, 1)])
            self._sync_history()
            self._sync_played_by()
            self.log = hand_log(game, self.names, USER if against else None)
            other = COMPUTER if against else 1 - seat
            subject = (self.opponent_name or "The computer") if against and not self.driven_by else self.names[other]
            self.recap = "" if self.handoff else recap(self.log, other, subject)
            self.revealed = [list(t) for t in game.hand(COMPUTER)] if against and game.is_over else []

    # hooks of GameWidget.watch and goto
    def _player_named(self, name: str | None) -> Player:
        """A player of ``PLAYERS`` (None: the computer's level) with the ``ai`` options it takes."""
        return level_player(name or self.level, self.seed, self.ai_options)

    def _driven_start(self, game: Game) -> None:
        self._start(game)

    def _puzzle_position(self, puzzle: Any) -> Game:
        """The puzzle's hand with the user (seat 0) to move: the seats swapped when seat 1
        is to move there (its hands, line and boneyard as they are; a play is the same)."""
        game = puzzle.game
        if game.turn == USER:
            return game
        return Game.from_position([game.hand(1), game.hand(0)], game.line, game.boneyard, turn=USER,
                                  passes=game.passes)

    def _puzzle_words(self, puzzle: Any) -> dict[str, str]:
        """The puzzle's seats as this board has them: the side to move is you."""
        you = puzzle.game.turn
        return {f"Player {you} to move": "Your move", f"player {you}": "you", f"player {1 - you}": "the computer",
                f"Player {you}": "You", f"Player {1 - you}": "The computer"}

    def _puzzle_begin(self, game: Game, defence: Any) -> None:
        self._opponent = defence
        self.opponent_name = "the puzzle"
        if self.mode != "computer":
            self.mode = "computer"
        self._start(game)

    def _puzzle_notes(self) -> str:
        """The hands are open in a puzzle: the computer's tiles and the boneyard, in words."""
        game = self._game
        yard = " ".join(tile_name(t) for t in game.boneyard)
        return (f"The computer holds {' '.join(tile_name(t) for t in game.hand(COMPUTER))}; "
                + (f"the boneyard, next tile first: {yard}." if yard else "the boneyard is empty."))

    def _end_puzzle(self) -> None:
        if self._puzzle_run is not None:
            self._opponent = self._own_opponent
            self.opponent_name = "" if self._opponent is None else str(getattr(self._opponent, "name", ""))
        super()._end_puzzle()

    def _driven_play(self, move: Move) -> Event:
        self._go_live()
        event = self._game.play(move)  # raises IllegalMove, changing nothing
        self._after(event)
        return event

    def _play_move(self, move: Move) -> None:
        if self.handoff:  # one device: the watched player takes the device and plays
            self.reveal()
        self._act(move)

    def _decide(self, player: ComputerPlayer, explain: bool) -> tuple[Move, Analysis | None]:
        if explain and self.handoff:  # one device: the watched player takes the device, then explains
            self.reveal()
        return super()._decide(player, explain)

    @property
    def _finished(self) -> bool:
        return self._game.is_over

    def _show_position(self, game: Game, index: int) -> None:
        """The earlier position from the seat the view shows (its hand only, as live;
        hidden during the pass-the-device screen); nothing can be played on it."""
        self._show(game.view(self.seat), shown=not self.handoff,
                   hands=[[list(t) for t in game.hand(p)] for p in (0, 1)])
        self.revealed = []  # (an earlier position is never over)

    def _draw_picture(self) -> str | None:
        """The picture beside the view (picture_output) shows the hand the view shows:
        the user's against the computer, the seat last shown in local mode; never the
        computer's, not even while it thinks (nor its reasons: ``why``'s overlay)."""
        mine = self.overlay.get("player") == self.seat
        return self._game.svg(player=self.seat, overlay=self.overlay if mine else None)

    def _save(self) -> None:
        if self._opponent is not None:
            return  # a hand against your own player is not kept (it would come back against the level)
        self.store.save(self.game_name, self.mode, {"game": self._game.to_dict(), "level": self.level})

    def _load(self, mode: str | None = None) -> tuple[Game, str | None] | None:
        """The game saved for ``mode`` (None: this widget's) and its level (a damaged save
        is set aside by the store, with a warning, and a new game starts)."""
        return self.store.restore(self.game_name, mode or self.mode, _saved_game)


def _names(mode: str) -> list[str]:
    """The seats' names in ``mode``."""
    return ["You", "Computer"] if mode == "computer" else ["Player 1", "Player 2"]


def _saved_game(data: dict[str, Any]) -> tuple[Game, str | None]:
    """A saved ``{"game", "level"}`` rebuilt; BadSave if it is not one."""
    level = data.get("level")
    if level is not None and (not isinstance(level, str) or level not in LEVELS):
        raise BadSave(f"the level {short_repr(level, 40)} is not one of {tuple(LEVELS)}")
    return Game.from_dict(data["game"]), level
