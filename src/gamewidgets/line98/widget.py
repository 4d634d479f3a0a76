"""``Line98``: the Line 98 (Color Lines) widget.

The view (``js/line98.js``) draws the synced traits below and sends clicks; this class
applies them to a :class:`gamewidgets.line98.Game`. Every mouse action has a method:
``click(cell)`` does exactly what a click on the board does, ``select`` /
``deselect`` / ``play`` / ``undo`` / ``new_game`` are the explicit forms (and raise
:class:`~gamewidgets.errors.IllegalMove` on a move the rules forbid, where a click is
simply refused). The best score is kept by the store (``store=``: see
:mod:`gamewidgets.store`) and compared at every game over.

A new game can be taken back: ``undo()`` right after ``new_game()`` (before the first
move of the new one: the view's Undo button, or U, after N) brings the previous game
back as it was, its clock included, so a stray N loses nothing.

Inspection: ``w.show(analysis)`` draws a player's candidates on the board (cleared by
the next move or ``w.show(None)``); ``w.suggest()`` — the view's Suggest button, S —
shows a computer player's analysis of the position in front of the player: the
expert's (quick) unless ``w.suggest_level`` or ``w.suggest(level=...)`` names another,
such as ``"master"`` (the strongest; under a tenth of a second); ``w.watch(player, moves=N, delay=s)`` lets a
computer player play with the normal animation, without blocking the kernel;
``w.history`` and ``w.goto(i)`` (the slider under the board) step back and forth
through the game so far without losing it — looking back is read-only, and any move
returns to the live game first.

The contract between view and widget is ``js/line98/CONTRACT.md``.
"""

from __future__ import annotations

import time
from typing import Any, ClassVar

import traitlets

from .._widget import DEFAULT_STORE, GameWidget, StoreOption, view_source
from ..analysis import Analysis
from ..errors import BadMessage, IllegalMove
from . import picture
from .players import PLAYERS, Player
from .rules import Cell, Game, Move, MoveLike, MoveResult, as_cell, as_move


class Line98(GameWidget):
    """Line 98 in a notebook cell. ``Line98(seed=3)`` starts game 3."""

    game_name = "line98"
    #: the methods that change the game: refused on a driven board (GameWidget)
    _game_changing = ("click", "select", "play", "undo", "new_game", "restore")
    _esm = view_source("line98")
    _view_actions: ClassVar[dict[str, str]] = {
        "click": "_view_click",
        "deselect": "_view_deselect",
        "undo": "_view_undo",
        "new_game": "_view_new_game",
        "goto": "_view_goto",
        "suggest": "_view_suggest",
    }
    _view_looking = frozenset({"goto", "suggest"})
    _setting_traits = (*GameWidget._setting_traits, "symbols", "mark_reachable", "hide_clock", "suggest_level")

    board = traitlets.List(traitlets.Int(), help="81 cells, row-major; 0 empty, 1..7 colours").tag(sync=True)
    previews: traitlets.List[list[int]] = traitlets.List(help="[row, col, colour] of each preview").tag(sync=True)
    selected = traitlets.List(traitlets.Int(), maxlen=2, help="[] or [row, col]").tag(sync=True)
    reachable: traitlets.List[list[int]] = traitlets.List(
        help="[row, col] cells the selected ball can reach").tag(sync=True)
    score = traitlets.Int(0).tag(sync=True)
    record = traitlets.Int(0, help="best score kept by the store").tag(sync=True)
    new_record = traitlets.Bool(False, help="the finished game beat the record before it").tag(sync=True)
    moves = traitlets.Int(0, help="moves played in this game").tag(sync=True)
    over = traitlets.Bool(False).tag(sync=True)
    can_undo = traitlets.Bool(False).tag(sync=True)
    clock_start = traitlets.Float(0.0, help="ms since the epoch when the game began").tag(sync=True)
    clock_stop = traitlets.Float(0.0, help="ms since the epoch when it ended; 0 while running").tag(sync=True)
    # settings
    symbols = traitlets.Bool(False, help="symbols on the balls, not just colours").tag(sync=True)
    mark_reachable = traitlets.Bool(True, help="mark the cells the selected ball can reach").tag(sync=True)
    hide_clock = traitlets.Bool(False).tag(sync=True)
    suggest_level = traitlets.Unicode("expert", help="the player the Suggest button asks: a name of PLAYERS, "
                                      "such as 'expert' (quick) or 'master' (strongest)").tag(sync=True)

    #: the game new_game() replaced, while undo can bring it back (see _start)
    _previous: tuple[Game, float, float, bool] | None = None

    def __init__(self, *, seed: int | None = None, game: Game | None = None, store: StoreOption = DEFAULT_STORE,
                 **kwargs: Any):
        super().__init__(store=store, **kwargs)
        self.record = self.store.record(self.game_name)
        self._start(game if game is not None else Game(seed))

    # ------------------------------------------------------------------ queries
    @property
    def game(self) -> Game:
        """The rules object (a copy is safe to experiment with: ``w.game.copy()``)."""
        return self._game

    @property
    def elapsed(self) -> float:
        """Seconds on the game clock."""
        end = self.clock_stop or time.time() * 1000
        return max(0.0, (end - self.clock_start) / 1000)

    def __repr__(self) -> str:
        state = "over" if self.over else "playing"
        return f"<Line98 seed={self._game.seed} score={self.score} record={self.record} moves={self.moves} {state}>"

    # ------------------------------------------------------------------ actions
    def click(self, cell: Cell) -> str:
        """Do what a click on ``cell`` does; returns what happened: "select",
        "deselect", "move", "blocked" or "nothing"."""
        cell = as_cell(cell)
        game = self._game
        if game.is_over or self.looking_back:
            return "nothing"
        if game.board[cell]:
            if tuple(self.selected) == cell:
                self.deselect()
                return "deselect"
            self.select(cell)
            return "select"
        if not self.selected:
            return "nothing"
        source = as_cell(tuple(self.selected), "source")
        if game.path(source, cell) is None:
            self._event("blocked", cell=list(cell), source=list(source))
            return "blocked"
        self.play(source, cell)
        return "move"

    def select(self, cell: Cell) -> None:
        """Select the ball on ``cell``."""
        cell = as_cell(cell)
        self._go_live()
        if self._game.is_over:
            raise IllegalMove("the game is over")
        if not self._game.board[cell]:
            raise IllegalMove(f"there is no ball on {cell} to select")
        with self.hold_sync():
            self.selected = list(cell)
            self._sync_reachable()
            self._event("select", cell=list(cell))

    def deselect(self) -> None:
        """Drop the selection of a ball (nothing when none is selected)."""
        if self.selected:
            cell = self.selected
            with self.hold_sync():
                self.selected = []
                self._sync_reachable()
                self._event("deselect", cell=list(cell))

    def play(self, source: MoveLike | Cell, target: Cell | None = None) -> MoveResult:
        """Move the ball on ``source`` to ``target``, or play a move in any form
        ``Game.play`` takes: a Move, its text (``"(1, 5)->(3, 3)"``) or its dict."""
        move = as_move(source, target)  # raises IllegalMove
        self._go_live()
        verdict = self._puzzle_judge(move)  # a puzzle's wrong move: IllegalMove, with the reason
        result = self._game.play(move)  # raises IllegalMove, changing nothing
        self._previous = None  # the new game has begun: the one before stays behind
        self.selected = []
        with self.hold_sync():
            self._sync()
            if result.over:
                self._finish()
            self._event(
                "move",
                path=[list(c) for c in result.path],
                colour=result.colour,
                cleared=[list(x) for x in result.cleared],
                spawned=[list(x) for x in result.spawned],
                displaced=[list(c) for c in result.displaced] if result.displaced else None,
                points=result.points,
                over=result.over,
            )
        self._puzzle_played(verdict)
        return result

    def undo(self) -> Move | None:
        """Take back the last move (one step, also right after game over) and return
        it; right after ``new_game()``, bring the previous game back (returns None)."""
        self._go_live()
        if not self._game.moves and self._previous is not None:
            self._bring_back_previous()
            return None
        move = self._game.undo()
        with self.hold_sync():
            self.selected = []
            if self.clock_stop:  # undone after game over: the time spent at game over does not count
                self.clock_start += time.time() * 1000 - self.clock_stop
                self.clock_stop = 0.0
            self._sync()
            self._event("undo", move=move.to_dict())
        return move

    def new_game(self, seed: int | None = None) -> None:
        """Start a new game (``seed`` for a particular one); ``undo()`` before its first
        move brings this one back."""
        now = time.time() * 1000
        self._end_puzzle()
        self._start(Game(seed), previous=(self._game, self.clock_start, self.clock_stop or now, bool(self.clock_stop))
                    if self._game.moves else None)

    # ------------------------------------------------------------- inspection
    def show(self, analysis: Analysis | None) -> None:
        """Draw ``analysis`` (from ``player.analyse(w.game)``) on the board: each target
        cell coloured by the best score of any candidate move to it (from whichever
        ball), the chosen move as an arrow — :func:`gamewidgets.line98.picture.overlay`,
        so ``w.game.svg(analysis)`` draws the same. ``show(None)`` removes it; the next
        move, undo, new game or looking back do too. Looking back, it returns to the live
        game first: an analysis is of the live position."""
        if analysis is None:
            self.overlay = {}
            return
        self._go_live()
        self.overlay = self._overlay_of(self._game, analysis)

    def _overlay_of(self, game: Game, analysis: Analysis) -> dict[str, Any]:
        return picture.overlay(game, analysis)

    def suggest(self, level: str | None = None) -> Analysis:
        """What a computer player would play here: its analysis of the live position,
        drawn on the board (the view's Suggest button, S) and returned. ``level`` names
        the player (a name of ``PLAYERS``: ``"expert"``, the quick one, or ``"master"``,
        the strongest); by default ``suggest_level``, which the Suggest button uses too.
        While it thinks, ``thinking`` is set (the view's "thinking…" badge)."""
        player = self._player_named(self.suggest_level if level is None else level,
                                    seed=self._game.seed + len(self._game.moves))
        self._go_live()
        self._puzzle_helped()  # during a puzzle, the puzzle's hint
        if self._game.is_over:
            raise IllegalMove("the game is over: nothing to suggest")
        self.thinking = True
        try:
            analysis = player.analyse(self._game.view())
        finally:
            self.thinking = False
        self.show(analysis)
        return analysis

    @traitlets.validate("suggest_level")
    def _valid_suggest_level(self, proposal: dict[str, Any]) -> str:
        if proposal["value"] not in PLAYERS:
            raise traitlets.TraitError(f"suggest_level names a player: one of {sorted(PLAYERS)}, "
                                       f"not {proposal['value']!r}")
        return str(proposal["value"])

    # ------------------------------------------------------------ saved games
    def save(self, name: str = "autosave") -> None:
        """Keep this game in the store under ``name`` (``restore`` brings it back)."""
        self.store.save(self.game_name, name, self._game.to_dict())

    def restore(self, name: str = "autosave") -> None:
        """Continue the game saved under ``name``; :class:`BadSave` if it is damaged (the
        damaged save is then kept aside: ``w.store.damaged()``)."""
        game = self.store.restore(self.game_name, name, Game.from_dict, strict=True)
        if game is None:
            raise KeyError(f"no saved Line 98 game named {name!r} (saved: {self.store.saved(self.game_name)})")
        self._start(game)

    # ------------------------------------------------------------ view handlers
    def _view_click(self, message: dict[str, Any]) -> None:
        if "cell" not in message:
            raise BadMessage("a click needs a cell")
        self.click(message["cell"])

    def _view_deselect(self, _message: dict[str, Any]) -> None:
        self.deselect()

    def _view_undo(self, _message: dict[str, Any]) -> None:
        self.undo()

    def _view_new_game(self, _message: dict[str, Any]) -> None:
        self.new_game()

    def _view_suggest(self, _message: dict[str, Any]) -> None:
        self.suggest()

    # ---------------------------------------------------------------- internals
    def _start(self, game: Game, previous: tuple[Game, float, float, bool] | None = None) -> None:
        """Show ``game`` from its start; ``previous``: the game it replaces, for undo
        (the game, its clock's start, when it stopped or was replaced, and whether it
        was over)."""
        self.stop()
        self._game = game
        self._previous = previous
        with self.hold_sync():
            self.selected = []
            self.clock_start = time.time() * 1000
            self.clock_stop = 0.0
            self._sync()
            self._event("new", seed=game.seed)

    def _sync(self) -> None:
        game = self._game
        with self.hold_sync():
            self.position += 1
            self._sync_played_by()
            self.overlay = {}
            self._sync_history()
            self.board = game.board.ravel().tolist()
            self.previews = [[p.row, p.col, p.colour] for p in game.previews]
            self.score = game.score
            self.moves = len(game.moves)
            self.over = game.is_over
            self.can_undo = game.can_undo or (not game.moves and self._previous is not None)
            if self.over and not self.clock_stop:
                self.clock_stop = time.time() * 1000
            if not self.over:
                self.new_record = False
            self._sync_reachable()

    def _bring_back_previous(self) -> None:
        """Undo of a new game: the game it replaced, as it was (its clock went on
        only while it was played: the time since it was replaced does not count)."""
        assert self._previous is not None
        game, start, stopped, over = self._previous
        self.stop()
        self._game, self._previous = game, None
        with self.hold_sync():
            self.selected = []
            self.clock_start = start if over else start + (time.time() * 1000 - stopped)
            self.clock_stop = stopped if over else 0.0
            self._sync()
            self._event("undo", restored=True)

    def _sync_reachable(self) -> None:
        cells = self._game.reachable(as_cell(self.selected, "source")) if self.selected else set()
        self.reachable = [list(c) for c in sorted(cells)]

    def _finish(self) -> None:
        game = self._game
        if self._played_by_computer:  # the computer's game: not the person's score
            return
        self.new_record = self.store.finish(self.game_name, game.score, len(game.moves), game.seed)
        self.record = self.store.record(self.game_name)

    # hooks of GameWidget.goto
    def _game_at(self, index: int) -> Game:
        """Position ``index`` as a Game (Line 98 undoes one move only, so it is made
        from the positions the game keeps, not by undoing)."""
        data = self._game.to_dict()
        positions = [*data["history"], data["position"]]
        return Game.from_dict({**data, "position": positions[index], "history": positions[:index],
                               "moves": data["moves"][:index], "can_undo": index > 0})

    def _show_position(self, game: Game, index: int) -> None:
        self.selected = []
        self.reachable = []
        self.board = game.board.ravel().tolist()
        self.previews = [[p.row, p.col, p.colour] for p in game.previews]
        self.score = game.score

    # hooks of GameWidget.watch
    def _play_move(self, move: Move) -> None:
        self.play(move)

    def _driven_start(self, game: Game) -> None:
        self._start(game)

    def _puzzle_begin(self, game: Game, defence: Any) -> None:
        self._start(game)

    def _driven_play(self, move: Move) -> MoveResult:
        return self.play(move)

    def _player_named(self, name: str | None, seed: int | None = None) -> Player:
        """The player ``name`` (default build) of ``PLAYERS``, seeded with ``seed`` (default
        the game's); ValueError for a name it does not know."""
        name = name or "build"
        if name not in PLAYERS:
            raise ValueError(f"unknown player {name!r}; known: {sorted(PLAYERS)}")
        return PLAYERS[name](seed=self._game.seed if seed is None else seed)

    @property
    def _finished(self) -> bool:
        return self._game.is_over
