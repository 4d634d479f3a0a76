"""``LinesOfAction``: Lines of Action against the computer.

The user plays ``x`` (the top and bottom rows) and moves first; the computer plays
``o`` (the left and right columns) at one of four levels. The view (``js/loa.js``)
starts with a setup dialog (level, board size, PLAY — and *Continue* when an
unfinished game was saved), then draws the board; everything it does is a method
here: ``start(size, level)``, ``click(cell)``, ``play(move)``, ``pause``/``resume``,
``new_game`` (back to the setup), ``continue_saved``, ``goto(i)``, ``show(analysis)``;
``undo()`` takes back the user's last move and the computer's answer and returns the
user's move. ``watch(player)`` lets a player (a level name or a player object) play
the user's side, the computer answering as usual; it needs a game (not the setup).

The computer's move: its search runs in a worker thread on a copy of the game
(``asyncio`` executor), so the kernel keeps answering while it thinks (``thinking``
is true); the move is then played on the kernel's event loop. Without a running
event loop (a plain script, the tests) it is played at once.

The game is saved in the store after every move (name ``"current"``) and offered for
continuing after a kernel restart; a finished game is removed from there and its
result added to the statistics of its board size and level (``store.tally``). The
contract with the view is ``js/loa/CONTRACT.md``.
"""

from __future__ import annotations

import asyncio
from typing import Any, ClassVar

import traitlets

from .._widget import DEFAULT_STORE, GameWidget, StoreOption, view_source
from ..analysis import Analysis, ComputerPlayer
from ..errors import BadMessage, BadSave, IllegalMove
from ..untrusted import short_repr
from . import picture
from .ai import PLAYERS
from .rules import FIRST, SECOND, SIZES, CellLike, Game, Move, MoveLike, Outcome, cells

USER, COMPUTER = FIRST, SECOND
SAVE_NAME = "current"


class LinesOfAction(GameWidget):
    """Lines of Action in a notebook cell: ``LinesOfAction()`` opens the setup dialog;
    ``LinesOfAction(size=8, level="hard")`` starts a game at once."""

    game_name = "loa"
    _esm = view_source("loa")
    _view_actions: ClassVar[dict[str, str]] = {
        "start": "_view_start",
        "click": "_view_click",
        "continue": "_view_simple",
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
    size = traitlets.Int(6).tag(sync=True)
    level = traitlets.Enum(tuple(PLAYERS), "easy").tag(sync=True)
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
    saved = traitlets.Dict(help="an unfinished saved game: {size, level, moves}; {} if none").tag(sync=True)

    def __init__(self, *, size: int | None = None, level: str | None = None, seed: int | None = None,
                 game: Game | None = None, ai: dict[str, Any] | None = None, store: StoreOption = DEFAULT_STORE,
                 **kwargs: Any):
        """``seed`` seeds the computer's random moves; ``ai`` passes options to its level
        (e.g. ``{"time_limit": 0.2}`` or ``{"max_depth": 2}``: see gamewidgets.loa.ai)."""
        super().__init__(store=store, **kwargs)
        self.seed = seed
        self.ai_options = dict(ai or {})
        self._game = Game(self.size)
        self._damaged_save: str | None = None  # why the saved game was set aside, if it was
        self._refresh_saved()
        if game is not None:
            self.start(game.size, level or self.level, game=game)
        elif size is not None or level is not None:
            self.start(size or self.size, level or self.level)
        else:
            self._sync()

    # ------------------------------------------------------------------ queries
    @property
    def game(self) -> Game:
        """The rules object (the live game, also while looking back)."""
        return self._game

    @property
    def variant(self) -> str:
        """The statistics key: board size and level, e.g. "8x8 hard"."""
        return f"{self.size}x{self.size} {self.level}"

    @property
    def looking_back(self) -> bool:
        return self.phase != "setup" and super().looking_back

    def __repr__(self) -> str:
        return f"<LinesOfAction {self.size}x{self.size} {self.level} {self.phase} moves={self.moves}>"

    # ------------------------------------------------------------------ actions
    def start(self, size: int = 6, level: str = "easy", *, game: Game | None = None) -> None:
        """Start a game (the setup dialog's PLAY)."""
        if isinstance(size, bool) or size not in SIZES:
            raise ValueError(f"size must be one of {SIZES}, not {short_repr(size)}")
        if not isinstance(level, str) or level not in PLAYERS:  # a level from a view may be anything
            raise ValueError(f"level must be one of {tuple(PLAYERS)}, not {short_repr(level)}")
        self._cancel_thinking()
        self._game = game if game is not None else Game(size)
        self._player = PLAYERS[level](seed=self.seed, **self.ai_options)
        with self.hold_sync():
            self.size, self.level = self._game.size, level
            self.phase = "playing"
            self.paused = False
            self.result = {}
            self.selected = []
            self._sync()
            self._event("start", size=self.size, level=level)
        self._after_move()

    def continue_saved(self) -> None:
        """Continue the unfinished game saved in the store (after a kernel restart)."""
        saved = self._restore_saved()
        if saved is None:
            self.saved = {}
            if self._damaged_save:
                raise BadSave(f"the saved game cannot be continued: {self._damaged_save}")
            raise IllegalMove("there is no saved game to continue")
        game, level = saved
        self.start(game.size, level, game=game)

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
        played = self._game.play(move, dst)  # raises IllegalMove, changing nothing
        self._moved(played, "user")
        return played

    def deselect(self) -> None:
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
        if self.paused:
            self.paused = False
            self._event("resume")
            self._after_move()

    def new_game(self) -> None:
        """Back to the setup dialog (an unfinished game stays saved to continue)."""
        self._cancel_thinking()
        with self.hold_sync():
            self.phase = "setup"
            self.paused = False
            self.result = {}
            self._refresh_saved()
            self._event("setup")

    def undo(self) -> Move:
        """Take back the user's last move and the computer's answer (if it answered);
        returns the user's move taken back."""
        self._cancel_thinking()
        self._go_live()
        game = self._game
        if not game.moves:
            raise IllegalMove("there is no move to take back")
        taken = game.undo()
        if game.turn != USER and game.moves:
            taken = game.undo()
        with self.hold_sync():
            self.phase, self.result = "playing", {}
            self._sync()
            self._event("undo")
        self._save()
        return taken

    def show(self, analysis: Analysis | None) -> None:
        """Write each candidate's score on its target cell, the chosen move as an arrow
        (``PLAYERS["hard"]().analyse(w.game)``); ``show(None)`` or the next move removes it.
        The overlay is :func:`gamewidgets.loa.picture.overlay`'s, the one ``game.svg(analysis)``
        draws. Looking back, it returns to the live game first."""
        self._go_live()
        self.overlay = self._overlay_of(self._game, analysis)

    def _overlay_of(self, game: Game, analysis: Analysis | None) -> dict[str, Any]:
        return picture.overlay(game, analysis)

    # ------------------------------------------------------------ view handlers
    def _view_start(self, message: dict[str, Any]) -> None:
        size, level = message.get("size"), message.get("level")
        if size not in SIZES or isinstance(size, bool) or not isinstance(level, str) or level not in PLAYERS:
            raise BadMessage(f"start needs a size in {SIZES} and a level in {tuple(PLAYERS)}")
        self.start(size, level)

    def _view_click(self, message: dict[str, Any]) -> None:
        if "cell" not in message:
            raise BadMessage("a click needs a cell")
        try:
            self.click(message["cell"])
        except (ValueError, TypeError, IndexError) as exc:
            raise BadMessage(f"bad cell {short_repr(message['cell'])}: {exc}") from None

    def _view_simple(self, message: dict[str, Any]) -> None:
        name = {"continue": "continue_saved"}.get(message["type"], message["type"])
        getattr(self, name)()

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

    @property
    def _finished(self) -> bool:
        return self.phase != "playing" or self._game.is_over

    def _show_position(self, game: Game, index: int) -> None:
        self.selected, self.targets, self.line_counts = [], [], {}
        self._sync_board(game)

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
        if game.turn == COMPUTER and not self.paused and self._thinking is None:
            self._computer_turn()

    def _computer_turn(self) -> None:
        loop: asyncio.AbstractEventLoop | None
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if loop is None or self._answer_at_once:
            self._computer_plays(self._player.analyse(self._game.copy()))
            return
        self._thinking = loop.create_task(self._think(loop))

    async def _think(self, loop: asyncio.AbstractEventLoop) -> None:
        self.thinking = True
        try:
            position = self._game.copy()
            analysis = await loop.run_in_executor(None, self._player.analyse, position)
            if self._game.fen() != position.fen():
                return  # the game changed meanwhile (new game, undo): the answer is stale
        finally:
            self.thinking = False
            self._thinking = None
        self._computer_plays(analysis)

    def _computer_plays(self, analysis: Analysis) -> None:
        """Play the computer's move and keep its analysis (``w.analyses``, ``why``)."""
        index = len(self._history_moves()) + 1
        self._moved(self._game.play(analysis.move), "computer")
        self._keep_analysis(index, analysis)

    def _finish(self, outcome: Outcome) -> None:
        game = self._game
        result = "draw" if outcome.winner is None else "win" if outcome.winner == USER else "loss"
        self.store.add_outcome(self.game_name, self.variant, result, game.ply)
        self.store.delete(self.game_name, SAVE_NAME)
        tally = self.store.tally(self.game_name, self.variant)
        with self.hold_sync():
            self.phase = "over"
            self.saved = {}
            self.result = {
                "result": result,
                "winner": None if outcome.winner is None else ("user" if outcome.winner == USER else "computer"),
                "reason": outcome.reason,
                "moves": game.ply,
                "captures": list(game.captures),
                "variant": self.variant,
                "tally": tally.to_dict(),
            }
            self._event("over", result=result, reason=outcome.reason)

    def _save(self) -> None:
        self.store.save(self.game_name, SAVE_NAME, {"game": self._game.to_dict(), "level": self.level})

    def _restore_saved(self) -> tuple[Game, str] | None:
        """The saved game and its level, or None; a damaged save is set aside by the
        store (with a warning) and why is kept for ``continue_saved`` to say."""
        try:
            return self.store.restore(self.game_name, SAVE_NAME, _saved_game, strict=True)
        except BadSave as exc:
            self._damaged_save = str(exc)
            return None

    def _refresh_saved(self) -> None:
        """Offer the saved game (a damaged one is set aside by the store, with a warning,
        and ``continue_saved`` says why it cannot be continued)."""
        saved = self._restore_saved()
        self.saved = {} if saved is None else {"size": saved[0].size, "level": saved[1], "moves": saved[0].ply}

    def _sync(self) -> None:
        with self.hold_sync():
            self.position += 1
            self.overlay = {}
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


def _saved_game(data: dict[str, Any]) -> tuple[Game, str]:
    """A saved ``{"game", "level"}`` rebuilt; BadSave if it is not one."""
    level = data["level"]
    if not isinstance(level, str) or level not in PLAYERS:
        raise BadSave(f"the level {short_repr(level)} is not one of {tuple(PLAYERS)}")
    return Game.from_dict(data["game"]), level
