"""``LinesOfAction``: Lines of Action against the computer.

The user plays ``x`` (the top and bottom rows, dark), the computer ``o`` (the left and
right columns, light) at one of four levels. The view (``js/loa/``, contract
``js/loa/CONTRACT.md``) starts with a setup dialog (level, board size, who moves
first, PLAY — and *Continue* when the chosen size and level has an unfinished game),
then draws the board; everything it does is a method here: ``start(size, level,
side=)``, ``click(cell)``, ``play(move)``, ``pause``/``resume``, ``new_game`` (back to
the setup), ``continue_saved(size, level)``, ``goto(i)``, ``why(i)``, ``show(analysis)``;
``undo()`` takes back the user's last move and the computer's answer and returns the
user's move. ``watch(player)`` lets a player (a level name or a player object) play
the user's side, the computer answering as usual; it needs a game (not the setup).

Playing second (``side="second"``): the user keeps the dark ``x`` pieces and the
computer (``o``) moves first — the starting position turned a quarter, so the second
player's game, with the user's colour the same in the view and the pictures.
``side`` is read from the game (who is to move at its start: a ``game=`` with ``o`` to
move is one the computer opens). ``board``: 1 the user's pieces, 2 the computer's.

The computer's move: its search runs in a worker thread on a copy of the game
(``asyncio`` executor), so the kernel keeps answering while it thinks (``thinking``);
without a running event loop (a script, the tests) it is played at once. Its analysis
is kept (``w.analyses``, ``w.why(i)``: :mod:`gamewidgets._widget`); ``explaining`` says
which move's analysis the overlay shows, for the view's words.

Saves (:mod:`gamewidgets.loa.saves`): one per board size and level (``variant``,
"8x8 hard"), after every move; ``saved`` lists the unfinished ones; a finished game
leaves its slot. A new game whose slot keeps an unfinished game is played but **not
saved** over it (a :class:`SavedGameKept` warning and ``save_note`` say how to go on:
``continue_saved``, or ``start(..., replace_saved=True)``); the view asks first ("Discard
the saved 8×8 Hard game at move 20?") and sends ``replace`` (without it such a start is
refused: the view's list was out of date). The setup's choice (size, level, side) is
remembered: the next widget, also after a restart, opens on the last game started or
continued or the last choice in the dialog (``{"type": "choose"}``), and
``continue_saved()`` continues the game of that choice.

Statistics (per size and level, both sides together) count a game once, as it finally
ended: an undo from the end takes its result back (``Store.remove_outcome``), so a game
finished, undone and left unfinished counts nothing.
"""

from __future__ import annotations

import asyncio
import warnings
from typing import Any, ClassVar

import traitlets

from .._widget import DEFAULT_STORE, GameWidget, StoreOption, view_source
from ..analysis import Analysis, ComputerPlayer
from ..errors import BadMessage, BadSave, IllegalMove
from ..store import OutcomeKey
from ..untrusted import short_repr
from . import picture, saves
from .ai import PLAYERS
from .rules import FIRST, SECOND, SIDES, CellLike, Game, Move, MoveLike, Outcome, cells
from .saves import SavedGameKept, SaveSlots

USER, COMPUTER = FIRST, SECOND


class LinesOfAction(GameWidget):
    """Lines of Action in a notebook cell: ``LinesOfAction()`` opens the setup dialog;
    ``LinesOfAction(size=8, level="hard", side="second")`` starts a game at once."""

    game_name = "loa"
    #: the methods that change the game: refused on a driven board (GameWidget)
    _game_changing = ("start", "continue_saved", "click", "play", "new_game", "undo")
    _esm = view_source("loa")
    _view_actions: ClassVar[dict[str, str]] = {
        "start": "_view_start",
        "choose": "_view_choose",
        "click": "_view_click",
        "continue": "_view_continue",
        "pause": "_view_simple",
        "resume": "_view_simple",
        "new_game": "_view_simple",
        "deselect": "_view_simple",
        "undo": "_view_simple",
        "goto": "_view_goto",
        "why": "_view_why",
    }
    _setting_traits = (*GameWidget._setting_traits, "show_counts")

    phase = traitlets.Enum(("setup", "playing", "over"), "setup").tag(sync=True)
    size = traitlets.Int(6, help="the game's board size (in the setup: the one chosen)").tag(sync=True)
    level = traitlets.Enum(tuple(PLAYERS), "easy").tag(sync=True)
    side = traitlets.Enum(SIDES, "first", help="the user moves first or second").tag(sync=True)
    board = traitlets.List(traitlets.Int(), help="size*size cells: 0 empty, 1 user (x), 2 computer (o)").tag(sync=True)
    turn = traitlets.Enum(("user", "computer"), "user").tag(sync=True)
    selected = traitlets.List(traitlets.Int(), maxlen=2).tag(sync=True)
    targets: traitlets.List[list[int]] = traitlets.List(
        help="[row, col, capture] the selected piece can move to").tag(sync=True)
    line_counts = traitlets.Dict(help="pieces on the four lines through the selected piece").tag(sync=True)
    show_counts = traitlets.Bool(False, help="teaching overlay: the line counts of the selected piece").tag(sync=True)
    groups = traitlets.List(traitlets.Int(), help="[user groups, computer groups]").tag(sync=True)
    captures = traitlets.List(traitlets.Int(), help="[taken by the user, taken by the computer]").tag(sync=True)
    moves = traitlets.Int(0, help="moves played by both sides").tag(sync=True)
    last_move: traitlets.List[list[int]] = traitlets.List(help="[] or [[r, c], [r, c]]").tag(sync=True)
    paused = traitlets.Bool(False).tag(sync=True)
    result = traitlets.Dict(help="the results screen once the game is over").tag(sync=True)
    saved: traitlets.List[dict[str, Any]] = traitlets.List(
        help="every unfinished saved game: [{size, level, side, moves}]").tag(sync=True)
    save_note = traitlets.Unicode("", help="why this game is not saved (its slot keeps another), or ''").tag(sync=True)
    explaining = traitlets.Dict(help="the kept analysis the overlay shows: {index, move, by, player, reason}; "
                                "{} for none").tag(sync=True)

    def __init__(self, *, size: int | None = None, level: str | None = None, side: str | None = None,
                 seed: int | None = None, game: Game | None = None, ai: dict[str, Any] | None = None,
                 replace_saved: bool = False, opponent: ComputerPlayer | None = None,
                 store: StoreOption = DEFAULT_STORE, **kwargs: Any):
        """``seed`` seeds the computer's random moves; ``ai`` passes options to its level
        (e.g. ``{"time_limit": 0.2}`` or ``{"max_depth": 2}``: see gamewidgets.loa.ai);
        ``replace_saved`` lets the new game take the place of an unfinished saved game
        of its size and level (see the module docstring); ``opponent`` seats your own
        player in place of the level (its games are not saved or counted)."""
        self._opponent = self._checked_opponent(opponent)
        self._own_opponent = self._opponent  # the chair's player again after a puzzle (_end_puzzle)
        super().__init__(store=store, **kwargs)
        if self._opponent is not None:
            self.opponent_name = str(getattr(self._opponent, "name", type(self._opponent).__name__))
        self.seed = seed
        self.ai_options = dict(ai or {})
        self._slots = SaveSlots(self.store)
        self._outcome: OutcomeKey | None = None  # the counted result of the game, while it is over
        self._own_slot = False  # this game is saved in its slot
        choice = self._slots.choice()
        if choice is not None:
            self.size, self.level, self.side = choice
        self._game = Game(self.size)
        self._refresh_saved()
        if game is not None:
            self.start(game.size, level or self.level, side=side, game=game, replace_saved=replace_saved)
        elif size is not None or level is not None or side is not None:
            self.start(size or self.size, level or self.level, side=side or self.side, replace_saved=replace_saved)
        else:
            self._sync()

    # ------------------------------------------------------------------ queries
    @property
    def game(self) -> Game:
        """The rules object (the live game, also while looking back)."""
        return self._game

    @property
    def variant(self) -> str:
        """The statistics key and the name of the save slot: size and level, "8x8 hard"."""
        return saves.slot_name(self.size, self.level)

    @property
    def looking_back(self) -> bool:
        """True while the view shows an earlier position (``goto``); never in the setup dialog."""
        return self.phase != "setup" and super().looking_back

    def __repr__(self) -> str:
        return f"<LinesOfAction {self.size}x{self.size} {self.level} {self.phase} moves={self.moves}>"

    # ------------------------------------------------------------------ actions
    def start(self, size: int | None = None, level: str | None = None, *, side: str | None = None,
              game: Game | None = None, replace_saved: bool = False) -> None:
        """Start a game (the setup dialog's PLAY); None: the setup's current choice.
        ``game``: from that position (its side to move moves first). On a slot that
        keeps an unfinished game the new one is not saved unless ``replace_saved``."""
        size, level = saves.checked_choice(self.size if size is None else size, self.level if level is None else level)
        if game is not None:
            first = saves.opener(game)
            if side is not None and side != first:
                raise ValueError(f"side={side!r}, but in this position the {'user' if first == 'first' else 'computer'}"
                                 f" moves first (side={first!r})")
            side = first
        side = self.side if side is None else side
        if side not in SIDES:
            raise ValueError(f"side must be one of {SIDES}, not {short_repr(side)}")
        self._begin(game if game is not None else saves.start_position(size, side), level, replace=replace_saved)

    def continue_saved(self, size: int | None = None, level: str | None = None) -> None:
        """Continue the unfinished game saved for ``size`` and ``level`` (None: the
        setup's current choice), e.g. after a kernel restart."""
        size, level = saves.checked_choice(self.size if size is None else size, self.level if level is None else level)
        held = self._slots.take(size, level)  # its next save replaces only what was read now
        if held is None:
            self._refresh_saved()
            why = self._slots.why_damaged(size, level)
            if why:
                raise BadSave(f"the saved game cannot be continued: {why}")
            others = ", ".join(saves.words(s["size"], s["level"]) for s in self.saved)
            raise IllegalMove(f"there is no saved {saves.words(size, level)} game to continue"
                              + (f" (saved: {others})" if others else ""))
        self._begin(held[0], level, replace=True, continued=True)

    def _begin(self, game: Game, level: str, *, replace: bool, continued: bool = False) -> None:
        """Play ``game`` (new or continued) against ``level``."""
        self._cancel_thinking()
        self._game = game
        self._player = self._opponent or PLAYERS[level](seed=self.seed, **self.ai_options)
        self._outcome = None
        with self.hold_sync():
            self.size, self.level, self.side = game.size, level, saves.opener(game)
            self._claim_slot(replace, continued)
            self.phase = "playing"
            self.paused = False
            self.result = {}
            self.selected = []
            self._sync()
            self._event("start", size=self.size, level=level, side=self.side, continued=continued)
        self._remember_choice()
        self._after_move()

    def click(self, cell: CellLike) -> str:
        """Do what a click on ``cell`` does: "select", "deselect", "move" or "nothing"."""
        target = self._game.cell(cell)
        if not self._users_turn():
            return "nothing"
        if self._game[target] == USER:
            if self.selected and tuple(self.selected) == target:
                self.deselect()
                return "deselect"
            self._select(target)
            return "select"
        if self.selected:
            source = tuple(self.selected)
            if any(m.dst == target for m in self._game.targets(source)):
                self.play(source, target)
                return "move"
        return "nothing"

    def play(self, move: MoveLike | CellLike, dst: CellLike | None = None) -> Move:
        """The user's move (``play("b1-b3")``, a Move, its dict or ``play(src, dst)``);
        then the computer answers."""
        self._go_live()
        if not self._users_turn():
            raise IllegalMove(self._why_not_your_move())
        verdict = self._puzzle_judge(self._game._checked(move, dst)[0])  # (the move as the rules read it)
        played = self._game.play(move, dst)  # raises IllegalMove, changing nothing
        self._puzzle_played(verdict)  # (before the defence answers)
        self._moved(played, "user")
        return played

    def deselect(self) -> None:
        """Drop the selected piece and its targets (nothing when none is selected)."""
        if self.selected:
            with self.hold_sync():
                self.selected, self.targets, self.line_counts = [], [], {}
                self._event("deselect")

    def pause(self) -> None:
        """Open the pause menu; a computer thinking stops (and thinks again on resume)."""
        if self.phase == "playing" and not self.paused:
            self._cancel_thinking()
            self.paused = True
            self._event("pause")

    def resume(self) -> None:
        """Close the pause menu; on the computer's turn it thinks again."""
        if self.paused:
            self.paused = False
            self._event("resume")
            self._after_move()

    def new_game(self) -> None:
        """Back to the setup dialog (an unfinished game stays saved to continue)."""
        self._cancel_thinking()
        self._end_puzzle()
        with self.hold_sync():
            self.phase = "setup"
            self.paused = False
            self.result = {}
            self.overlay, self.explaining = {}, {}
            self._refresh_saved()
            self._event("setup")

    def undo(self) -> Move:
        """Take back the user's last move and the computer's answer (if it answered);
        returns the user's move taken back. From the end of the game, its result is
        taken out of the statistics again."""
        self._cancel_thinking()
        self._go_live()
        game = self._game
        if not any(mover == USER for mover in saves.movers(game)):
            raise IllegalMove("there is no move of yours to take back")
        taken = game.undo()
        while game.turn != USER:  # after an undo the side to move is the one who made it
            taken = game.undo()
        if self._outcome is not None:
            self.store.remove_outcome(self._outcome)
            self._outcome = None
        with self.hold_sync():
            self.phase, self.result = "playing", {}
            self._sync()
            self._event("undo")
        self._save()
        return taken

    def show(self, analysis: Analysis | None) -> None:
        """Draw ``analysis`` (``PLAYERS["hard"]().analyse(w.game)``) on the board: each
        target cell with the best score of the moves going there, per move
        (``overlay["moves"]``) the scores the view shows for a piece when it is hovered,
        selected or under the keyboard cursor, and the chosen move as an arrow;
        ``show(None)`` or the next move removes it.
        The overlay is :func:`gamewidgets.loa.picture.overlay`'s, the one ``game.svg(analysis)``
        draws. Looking back, it returns to the live game first."""
        self._go_live()
        with self.hold_sync():
            self.overlay = self._overlay_of(self._game, analysis)
            self.explaining = {}

    def goto(self, index: int | None) -> None:
        with self.hold_sync():
            super().goto(index)
            self._explain_shown()

    goto.__doc__ = GameWidget.goto.__doc__

    def why(self, index: int | None = None) -> Analysis:
        with self.hold_sync():
            analysis = super().why(index)
            self._explain_shown()
        return analysis

    why.__doc__ = GameWidget.why.__doc__

    def _overlay_of(self, game: Game, analysis: Analysis | None) -> dict[str, Any]:
        return picture.overlay(game, analysis)

    # ------------------------------------------------------------ view handlers
    def _view_start(self, message: dict[str, Any]) -> None:
        size, level, side = saves.choice_of(message, self.size, self.level, required=True)
        replace = message.get("replace") is True
        if not replace and self._slots.game(size, level) is not None:
            self._refresh_saved()
            raise BadMessage(f"the {saves.words(size, level)} game saved there is unfinished: continue it, or confirm "
                             "to replace it")
        self.start(size, level, side=side, replace_saved=replace)

    def _view_choose(self, message: dict[str, Any]) -> None:
        if self.phase != "setup":
            raise BadMessage("choose is for the setup dialog, and it is not open")
        size, level, side = saves.choice_of(message, self.size, self.level)
        with self.hold_sync():
            self.size, self.level, self.side = size, level, side or self.side
            self._refresh_saved()
        self._remember_choice()

    def _view_continue(self, message: dict[str, Any]) -> None:
        size, level, _ = saves.choice_of(message, self.size, self.level)
        self.continue_saved(size, level)

    def _view_click(self, message: dict[str, Any]) -> None:
        if "cell" not in message:
            raise BadMessage("a click needs a cell")
        try:
            self.click(message["cell"])
        except (ValueError, TypeError, IndexError) as exc:
            raise BadMessage(f"bad cell {short_repr(message['cell'])}: {exc}") from None

    def _view_simple(self, message: dict[str, Any]) -> None:
        getattr(self, message["type"])()

    # ------------------------------------------------- hooks of GameWidget.watch, goto
    def watch(self, player: ComputerPlayer | str | None = None, moves: int = 1, delay: float = 0.6,
              explain: bool = False) -> asyncio.Task[None] | None:
        if self.phase == "setup":
            raise IllegalMove("there is no game to watch yet: start one (w.start(size, level))")
        return super().watch(player, moves, delay, explain)

    watch.__doc__ = GameWidget.watch.__doc__

    def _player_named(self, name: str | None) -> ComputerPlayer:
        """A player of ``PLAYERS`` for the user's side (None: the computer's level)."""
        name = name or self.level
        if name not in PLAYERS:
            raise ValueError(f"unknown player {name!r}; Lines of Action has {', '.join(PLAYERS)}")
        return PLAYERS[name](seed=self.seed, **self.ai_options)

    def _play_move(self, move: Move) -> None:
        self.play(move)

    def _driven_start(self, game: Game) -> None:
        self._begin(game, self.level, replace=True)

    def _puzzle_position(self, puzzle: Any) -> Game:
        """The puzzle's position with the user's pieces (the first side's) to move: its
        colours swapped when the second side is to move there (a move is the same)."""
        game = puzzle.game
        if game.turn == USER:
            return game
        board, turn, *ply = game.fen().split()
        return Game.from_fen(" ".join([board.translate(str.maketrans("xo", "ox")), "o" if turn == "x" else "x", *ply]))

    def _puzzle_words(self, puzzle: Any) -> dict[str, str]:
        """A puzzle of the second side's, played with the colours swapped, says so."""
        return {} if puzzle.game.turn == USER else {"White": "Black", "Black": "White"}

    def _puzzle_begin(self, game: Game, defence: Any) -> None:
        self._opponent = defence
        self.opponent_name = "the puzzle"
        self._begin(game, self.level, replace=False)

    def _end_puzzle(self) -> None:
        if self._puzzle_run is not None:
            self._opponent = self._own_opponent
            self.opponent_name = "" if self._opponent is None else str(getattr(self._opponent, "name", ""))
        super()._end_puzzle()

    def _driven_play(self, move: Move) -> Move:
        self._go_live()
        mover = self._game.turn
        played = self._game.play(move)  # raises IllegalMove, changing nothing
        self._moved(played, "user" if mover == USER else "computer")
        return played

    @property
    def _finished(self) -> bool:
        return self.phase != "playing" or self._game.is_over

    def _show_position(self, game: Game, index: int) -> None:
        self.selected, self.targets, self.line_counts = [], [], {}
        self.explaining = {}
        self._sync_board(game)

    def _explain_shown(self) -> None:
        """``explaining``: the kept analysis the overlay now shows, if it shows one."""
        index = self.history_index
        analysis = self._analyses.get(index)
        if analysis is None or not self.overlay:
            self.explaining = {}
            return
        mover = saves.movers(self._game)[index - 1]
        self.explaining = {"index": index, "move": str(self._game.moves[index - 1]),
                           "by": "user" if mover == USER else "computer", "player": analysis.player,
                           "reason": analysis.reason}

    # ---------------------------------------------------------------- internals
    def _why_not_your_move(self) -> str:
        if self.phase != "playing":
            return f"the game is {self.phase}" if self.phase == "over" else "start a game first (w.start(size, level))"
        if self.paused:
            return "the game is paused: resume first"
        return "it is the computer's move"

    def _users_turn(self) -> bool:
        return (self.phase == "playing" and not self.paused and self._game.turn == USER
                and not self._game.is_over and not self.looking_back and self._thinking is None)

    def _select(self, cell: tuple[int, int]) -> None:
        with self.hold_sync():
            self.selected = list(cell)
            self.targets = [[*m.dst, int(m.capture)] for m in self._game.targets(cell)]
            self.line_counts = self._game.line_counts(cell)
            self._event("select", cell=self.selected)

    def _moved(self, move: Move, by: str) -> None:
        with self.hold_sync():
            self.selected, self.targets, self.line_counts = [], [], {}
            self._sync()
            self._event("move", by=by, move=str(move), src=list(move.src), dst=list(move.dst), capture=move.capture)
        self._after_move()

    def _after_move(self) -> None:
        """Save, finish the game or let the computer answer."""
        game = self._game
        if self.phase != "playing":
            return
        outcome = game.outcome()
        if outcome is not None:
            self._finish(outcome)
            return
        self._save()
        if game.turn == COMPUTER and not self.paused and self._thinking is None and not self.driven_by:
            self._computer_turn()

    def _computer_turn(self) -> None:
        loop: asyncio.AbstractEventLoop | None
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if loop is None or self._answer_at_once:
            try:
                analysis = self._player.analyse(self._game.view())
            except Exception as exc:  # your own opponent's bug or illegal move: said, the game waits
                self._computer_failed(self._player, exc)
                return
            self._computer_plays(analysis)
            return
        self._thinking = loop.create_task(self._think(loop))

    async def _think(self, loop: asyncio.AbstractEventLoop) -> None:
        self.thinking = True
        try:
            position = self._game.view()
            analysis = await loop.run_in_executor(None, self._player.analyse, position)
            if self._game.fen() != position.fen():
                return  # the game changed meanwhile (new game, undo): the answer is stale
        except Exception as exc:  # your own opponent's bug or illegal move: said, the game waits
            self._computer_failed(self._player, exc)
            return
        finally:
            self.thinking = False
            self._thinking = None
        self._computer_plays(analysis)

    def _computer_plays(self, analysis: Analysis) -> None:
        """Play the computer's move and keep its analysis (``w.analyses``, ``why``), in
        one update of the view (Why? is enabled with the move)."""
        index = len(self._history_moves()) + 1
        with self.hold_sync():
            played = self._game.play(analysis.move)
            self._keep_analysis(index, analysis)
            self._moved(played, "computer")

    def _finish(self, outcome: Outcome) -> None:
        game = self._game
        result = "draw" if outcome.winner is None else "win" if outcome.winner == USER else "loss"
        counted = self._opponent is None and not self._played_by_computer  # the person's own game only
        if counted:
            self._outcome = self.store.add_outcome(self.game_name, self.variant, result, game.ply)
        if self._own_slot:
            self._slots.delete(self.size, self.level)
        tally = self.store.tally(self.game_name, self.variant)
        with self.hold_sync():
            self.phase = "over"
            self._refresh_saved()
            self.result = {
                "result": result,
                "winner": None if outcome.winner is None else ("user" if outcome.winner == USER else "computer"),
                "reason": outcome.reason,
                "moves": game.ply,
                "captures": list(game.captures),
                "variant": self.variant,
                "side": self.side,
                "tally": tally.to_dict() if counted else {},
                "played_by": self.played_by,
                "opponent": self.opponent_name,
            }
            self._event("over", result=result, reason=outcome.reason)

    # ------------------------------------------------------------ save slots
    def _claim_slot(self, replace: bool, continued: bool = False) -> None:
        """Save this new game in its slot if the slot is free or ``replace`` says so;
        else keep the game there and say so (``save_note``, a SavedGameKept warning). A
        game against your own ``opponent`` is not saved."""
        if self._opponent is not None:
            self._own_slot = False
            self.save_note = f"Games against {self.opponent_name} are not saved or counted."
            return
        if continued:  # the slot's own game: its saves replace what was read (SaveSlots.take)
            self._own_slot, self.save_note = True, ""
            return
        held = None if replace else self._slots.game(self.size, self.level)
        self._own_slot = held is None
        if held is None:
            self._slots.claim(self.size, self.level, replace)
        self.save_note = "" if held is None else saves.kept_note(self.size, self.level, held[0].ply)
        if held is not None:
            warnings.warn(self.save_note, SavedGameKept, stacklevel=5)

    def _save(self) -> None:
        if self._own_slot:
            row = self._slots.save(self._game, self.level)
            if row is None:  # another kernel moved this slot on: its game is kept, this one is not saved
                self._own_slot = False
                self.save_note = saves.moved_on_note(self.size, self.level)
                warnings.warn(self.save_note, SavedGameKept, stacklevel=3)
                self._refresh_saved()
                return
            others = [s for s in self.saved if (s["size"], s["level"]) != (row["size"], row["level"])]
            self.saved = sorted([*others, row], key=saves.order)

    def _refresh_saved(self) -> None:
        self.saved = self._slots.listing()

    def _remember_choice(self) -> None:
        self._slots.remember_choice(self.size, self.level, self.side)

    def _sync(self) -> None:
        with self.hold_sync():
            self.position += 1
            self._sync_played_by()
            self.overlay, self.explaining = {}, {}
            self._sync_board(self._game)
            self._sync_history()

    def _sync_board(self, game: Game) -> None:
        n = game.size
        board = [0] * (n * n)
        for side in (USER, COMPUTER):
            for index in cells(game.pieces[side]):
                board[index] = side + 1
        self.board = board
        self.turn = "user" if game.turn == USER else "computer"
        self.groups = [game.group_count(USER), game.group_count(COMPUTER)]
        self.captures = list(game.captures)
        self.moves = game.ply
        moves = game.moves
        self.last_move = [list(moves[-1].src), list(moves[-1].dst)] if moves else []
