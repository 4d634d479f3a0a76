"""``MahjongConnect``: the Mahjong Connect (Shisen-Sho style) widget.

The view (``js/mahjong.js``) draws the synced traits and sends clicks, drags and
buttons; this class applies them to a :class:`gamewidgets.mahjong.Game`. Every action
has a method: ``click(cell)`` does what a click does, ``remove(a, b)`` what a drag of
one tile onto the other does (and raises :class:`~gamewidgets.errors.IllegalMove`
saying why when the pair cannot go), ``hint``, ``shuffle``, ``undo``, ``restart``
(play again, the same deal), ``new_game``, ``pause`` / ``resume``; ``undo()`` returns
what it took back (the ``Move``, or ``Shuffle``) as ``game.undo()`` does, or None when
it brought back the game a play again or a new game replaced (below).
``w.show(analysis)`` marks every removable pair and the player's next pair
(``Solver().analyse(w.game)``); ``w.watch(name)`` takes every name of
``gamewidgets.mahjong.PLAYERS`` ("solver", the default, and "random") or a player.
``w.history`` and ``w.goto(i)`` (the history slider) step through every removal and
every shuffle (``game.actions``, what undo takes back); looking back shows the earlier
grid and removed tiles, takes no clicks, and the score and clock stay the live game's.

Time: the game's clock runs in Python; the view shows it ticking and asks Python to
recount the score every 10 s (``tick``), so the −2 per 10 s rule lives only here. The
clock starts at the player's first action (a click on a tile, a hint, ...), not when
the widget is shown.

Scoring: ``scoring`` ("timed" or "standard") is one setting, wired both ways: the
view's Options control, ``w.scoring = ...`` and ``MahjongConnect(scoring=...)`` all
change the game's own (``w.game.scoring``), and the score is counted again at once.
Like the other settings it is remembered for the next widget; a ``scoring=`` given to
the constructor, or the scoring of a ``game=`` given, wins over the remembered one.
``breakdown`` is the score's parts (``game.score_breakdown()``: pairs, hints, time,
bonus) for the win dialog. The best score of won games is kept by the store per
scoring (``record``: store keys "mahjong" for timed, "mahjong-standard").

Play again and a new game can be taken back: ``undo()`` right after ``restart()`` or
``new_game()`` (before the new game's first action, or once its actions are all
undone) brings the game it replaced back as it was — its pairs, hints, score and
undo steps; its clock runs again at the next action, so the time between does not
count. Only a game in progress is kept so (a pair removed or a shuffle, not won):
one not begun loses nothing, and a won one is over (its score is in the store). Line
98 does the same. The view also asks before R, N or their buttons throw a game in
progress away (``shell.confirm``), so a stray key loses nothing either way; the
rules' own ``Game.restart()`` stays a plain reset.

Lessons: ``MahjongConnect(game=..., lesson=True)`` is a board for teaching: standard
scoring (no clock), no No-more-moves dialog over a board that has no pair on purpose,
and nothing recorded. The contract with the view is ``js/mahjong/CONTRACT.md``.
"""

from __future__ import annotations

from typing import Any, ClassVar

import traitlets

from .._widget import DEFAULT_STORE, GameWidget, StoreOption, view_source
from ..analysis import Analysis, ComputerPlayer
from ..errors import BadMessage, IllegalMove
from .picture import overlay as analysis_overlay
from .players import PLAYERS, RandomPlayer, Solver
from .rules import SCORINGS, Cell, Game, Move, Removal, Route, Shuffle, as_cell
from .tiles import code, matches

ORIENTATIONS = ("landscape", "portrait", "auto")


class MahjongConnect(GameWidget):
    """Mahjong Connect in a notebook cell. ``MahjongConnect(seed=3)`` deals deal 3."""

    game_name = "mahjong"
    #: the methods that change the game: refused on a driven board (GameWidget)
    _game_changing = ("click", "remove", "hint", "shuffle", "undo", "restart", "new_game")
    _esm = view_source("mahjong")
    _view_actions: ClassVar[dict[str, str]] = {
        "click": "_view_click",
        "drop": "_view_drop",
        "deselect": "_view_simple",
        "hint": "_view_simple",
        "shuffle": "_view_simple",
        "undo": "_view_simple",
        "new_game": "_view_simple",
        "restart": "_view_simple",
        "pause": "_view_simple",
        "resume": "_view_simple",
        "tick": "_view_simple",
        "goto": "_view_goto",
    }
    _setting_traits = (*GameWidget._setting_traits, "orientation", "scoring")
    #: the game a play again or a new game replaced, while undo can bring it back
    _previous: Game | None = None

    rows = traitlets.Int(8).tag(sync=True)
    cols = traitlets.Int(18).tag(sync=True)
    grid: traitlets.List[str | None] = traitlets.List(
        help="rows*cols tile codes (None = empty), row-major, landscape").tag(sync=True)
    orientation = traitlets.Enum(ORIENTATIONS, "auto", help="how the view lays the grid out").tag(sync=True)
    selected = traitlets.List(traitlets.Int(), maxlen=2, help="[] or [row, col]").tag(sync=True)
    hint_pair: traitlets.List[list[int]] = traitlets.List(help="[] or the hinted [[r, c], [r, c]]").tag(sync=True)
    removed: traitlets.List[str | None] = traitlets.List(help="codes of the removed tiles, oldest first").tag(sync=True)
    score = traitlets.Int(0).tag(sync=True)
    record = traitlets.Int(0, help="best score of a won game, kept by the store").tag(sync=True)
    scoring = traitlets.Enum(SCORINGS, "timed", help="timed or standard (a setting; the game's own)").tag(sync=True)
    breakdown = traitlets.Dict(help="the score's parts: pairs, hints (and time, bonus when timed)").tag(sync=True)
    path_shown = traitlets.Dict(help="show_path: a pair's route, the tiles in its way (Route.to_dict())").tag(
        sync=True)
    lesson = traitlets.Bool(False, help="a teaching board: standard scoring, no stuck dialog, no record").tag(
        sync=True)
    seconds = traitlets.Float(0.0, help="seconds of play at the last sync").tag(sync=True)
    clock_running = traitlets.Bool(False).tag(sync=True)
    tiles_left = traitlets.Int(0).tag(sync=True)
    won = traitlets.Bool(False).tag(sync=True)
    stuck = traitlets.Bool(False, help="no pair can be removed: the No more moves dialog").tag(sync=True)
    paused = traitlets.Bool(False).tag(sync=True)
    can_undo = traitlets.Bool(False).tag(sync=True)

    def __init__(self, *, seed: int | None = None, game: Game | None = None, scoring: str | None = None,
                 lesson: bool = False, store: StoreOption = DEFAULT_STORE, **kwargs: Any):
        """``scoring``: "timed" or "standard" (None: the given game's, else the remembered
        setting, else timed); ``lesson=True``: a teaching board (see the module docstring)."""
        if lesson:
            scoring = "standard"
        elif scoring is None and game is not None:
            scoring = game.scoring
        if scoring is not None:
            kwargs["scoring"] = scoring  # given: it wins over the remembered setting
        super().__init__(store=store, lesson=bool(lesson), **kwargs)
        if game is not None:
            game.scoring = self.scoring
        self._start(game if game is not None else Game(seed, scoring=self.scoring))
        self.observe(self._on_scoring, names="scoring")

    # ------------------------------------------------------------------ queries
    @property
    def game(self) -> Game:
        """The rules object."""
        return self._game

    def __repr__(self) -> str:
        state = "won" if self.won else "stuck" if self.stuck else "paused" if self.paused else "playing"
        return f"<MahjongConnect seed={self._game.seed} tiles={self.tiles_left} score={self.score} {state}>"

    # ------------------------------------------------------------------ actions
    def click(self, cell: Cell) -> str:
        """Do what a click on ``cell`` does; returns "select", "deselect", "remove",
        "refused" or "nothing"."""
        cell = as_cell(cell, self._game.shape)
        game = self._game
        if game.won or game.paused or self.looking_back or not game.grid[cell]:
            return "nothing"
        if not self.selected:
            self._select(cell)
            return "select"
        first = as_cell(tuple(self.selected), self._game.shape)
        if first == cell:
            self.deselect()
            return "deselect"
        if not matches(int(game.grid[first]), int(game.grid[cell])):
            self._select(cell)  # a tile that does not match: the selection moves to it
            return "select"
        return "remove" if self._try_remove(first, cell) else "refused"

    def remove(self, a: Cell, b: Cell) -> Removal:
        """Remove the pair on ``a`` and ``b`` (as dragging one onto the other)."""
        self._require_playing()
        move = Move(as_cell(a, self._game.shape), as_cell(b, self._game.shape))
        verdict = self._puzzle_judge(move)  # a puzzle's wrong pair: IllegalMove, with the reason
        removal = self._game.play(move)
        self._after_removal(removal)
        self._puzzle_played(verdict)
        return removal

    def deselect(self) -> None:
        """Drop the selected tile (nothing when none is selected)."""
        if self.selected:
            with self.hold_sync():
                cell = self.selected
                self.selected = []
                self._event("deselect", cell=cell)

    def hint(self) -> Move:
        """Show a removable pair in blue (costs 10 points)."""
        self._require_playing()
        self._puzzle_helped()  # during a puzzle, the puzzle's hint
        move = self._game.hint()
        with self.hold_sync():
            self._sync()
            self.hint_pair = move.to_list()
            self._event("hint", a=list(move.a), b=list(move.b))
        return move

    def shuffle(self) -> Shuffle:
        """Redeal the remaining tiles (offered when no pair can be removed)."""
        self._require_playing()
        shuffle = self._game.shuffle()
        with self.hold_sync():
            self.selected = []
            self._sync()
            self._event("shuffle")
        return shuffle

    def undo(self) -> Move | Shuffle | None:
        """Take back the last removal or shuffle; returns it (the Move, or Shuffle).
        Right after ``restart()`` or ``new_game()`` (nothing of the new game to take
        back), bring back the game it replaced, as it was, and return None."""
        self._require_playing()
        if not self._game.actions and self._previous is not None:
            self._bring_back_previous()
            return None
        taken = self._game.undo()
        removal = isinstance(taken, Move)
        with self.hold_sync():
            self.selected = []
            self._sync()
            self._event("undo", undone="remove" if removal else "shuffle")  # the view's contract
        return taken

    def restart(self) -> None:
        """Play the same deal again; ``undo()`` right after brings this game back."""
        self._go_live()
        previous = self._kept_for_undo()
        game = self._game.copy()  # a new object: the one replaced stays as it was, for undo
        game.restart()
        self._start(game, kind="restart", previous=previous)

    def new_game(self, seed: int | None = None) -> None:
        """Deal a new game, deal ``seed`` (None: a random one), with the same scoring and the
        clock back at 0; ``undo()`` right after brings this game back."""
        previous = self._kept_for_undo()
        clock = self._game.clock.copy()
        clock.reset()
        self._end_puzzle()
        self._start(Game(seed, scoring=self._game.scoring, clock=clock), previous=previous)

    def pause(self) -> None:
        """Pause the game: the clock stops and moves are refused until :meth:`resume` (nothing
        once the game is won)."""
        if not self._game.paused and not self._game.won:
            self._game.pause()
            with self.hold_sync():
                self._sync()
                self._event("pause")

    def resume(self) -> None:
        """Go on with a paused game: the clock runs again."""
        if self._game.paused:
            self._game.resume()
            with self.hold_sync():
                self._sync()
                self._event("resume")

    def tick(self) -> None:
        """Recount the score and the time (the view asks every 10 s)."""
        with self.hold_sync():
            self._sync_score()

    @property
    def record_key(self) -> str:
        """The store's name of this scoring's best score: "mahjong" (timed) or
        "mahjong-standard"."""
        return self.game_name if self.scoring == "timed" else f"{self.game_name}-{self.scoring}"

    def show(self, analysis: Analysis | None) -> None:
        """Mark every removable pair of ``analysis`` (``Solver().analyse(w.game)``) and
        its chosen pair — the overlay of :func:`gamewidgets.mahjong.picture.overlay`, the
        same marks ``w.game.svg(analysis)`` draws; ``show(None)`` removes the marks, and
        so does the next move. TypeError for anything but a Mahjong Connect analysis.
        Looking back, it returns to the live game first."""
        if analysis is None:
            self.overlay = {}
            return
        overlay = self._overlay_of(self._game, analysis)
        self._go_live()
        self.overlay = overlay

    def _overlay_of(self, game: Game, analysis: Analysis) -> dict[str, Any]:
        return analysis_overlay(game, analysis)

    def show_path(self, a: Cell | None = None, b: Cell | None = None) -> Route | None:
        """Draw how the tiles on ``a`` and ``b`` connect (the path of at most two turns),
        or, when they cannot, the best route with the tiles in its way marked and why in
        words (:meth:`Game.route`); returns the :class:`Route`. ``show_path()`` removes
        it, and so does the next move."""
        if a is None:
            self.path_shown = {}
            return None
        if b is None:
            raise TypeError("show_path(a, b) takes two cells (show_path() removes the path)")
        route = self._game.route(a, b)  # IllegalMove for cells off the board
        self._go_live()
        self.path_shown = route.to_dict()
        return route

    def solve(self) -> Analysis:
        """The solver's explanation of the position (also drawn with ``show``)."""
        return Solver().analyse(self._game)

    # hooks of GameWidget.watch (``w.watch("solver", moves=72, delay=0.5)``)
    def _player_named(self, name: str | None) -> ComputerPlayer:
        if name is None:
            return Solver()
        if name not in PLAYERS:
            raise ValueError(f"unknown player {name!r}; Mahjong Connect has "
                             + ", ".join(repr(n) for n in sorted(PLAYERS)))
        cls = PLAYERS[name]
        return cls(seed=self._game.seed) if cls is RandomPlayer else cls()  # a seed replays a watched game

    def _play_move(self, move: Move) -> None:
        self.remove(move.a, move.b)

    def _driven_start(self, game: Game) -> None:
        self._start(game)

    def _puzzle_begin(self, game: Game, defence: Any) -> None:
        self._start(game)

    def _driven_play(self, move: Move | str) -> Removal | Shuffle:
        """A Move removes its pair; "shuffle" shuffles."""
        if move == "shuffle":
            return self.shuffle()
        if not isinstance(move, Move):
            raise IllegalMove(f"a driven Mahjong board plays a Move or 'shuffle', not {type(move).__name__}")
        return self.remove(move.a, move.b)

    @property
    def _finished(self) -> bool:
        return self._game.is_over

    # hooks of GameWidget.goto: the history is every removal and shuffle
    def _history_moves(self) -> list[Move | Shuffle]:
        return self._game.actions

    def _show_position(self, game: Game, index: int) -> None:
        self.selected = []
        self.hint_pair = []
        self._sync_tiles(game)

    # ------------------------------------------------------------ view handlers
    def _view_click(self, message: dict[str, Any]) -> None:
        if "cell" not in message:
            raise BadMessage("a click needs a cell")
        self.click(message["cell"])

    def _view_drop(self, message: dict[str, Any]) -> None:
        if "from" not in message or "to" not in message:
            raise BadMessage("a drop needs from and to")
        a, b = as_cell(message["from"], self._game.shape), as_cell(message["to"], self._game.shape)
        if a != b and not self.looking_back:
            self._try_remove(a, b)

    def _view_simple(self, message: dict[str, Any]) -> None:
        getattr(self, message["type"])()  # the message types are the method names

    # ---------------------------------------------------------------- internals
    def _require_playing(self) -> None:
        """Every action from Python: back to the live game first; refused while paused."""
        self._go_live()
        if self._game.paused:
            raise IllegalMove("the game is paused: resume first")

    def _select(self, cell: Cell) -> None:
        self._game.start_clock()  # the player's first action starts the clock
        with self.hold_sync():
            self.selected = list(cell)
            self.clock_running = self._game.clock.running
            self._event("select", cell=list(cell))

    def _on_scoring(self, change: dict[str, Any]) -> None:
        self._game.scoring = change["new"]
        with self.hold_sync():
            self._sync_score()
            self.record = self.store.record(self.record_key)

    def _try_remove(self, a: Cell, b: Cell) -> bool:
        """Remove the pair if the rules allow it, else say why (a "refused" event)."""
        self._require_playing()
        reason = self._game.why_not(a, b)
        if reason is not None:
            with self.hold_sync():
                if self._game.grid[b]:
                    self.selected = list(b)
                self._event("refused", a=list(a), b=list(b), reason=reason)
            return False
        try:
            verdict = self._puzzle_judge(Move(a, b))
        except IllegalMove as exc:  # a puzzle's wrong pair: refused as the rules refuse one, saying why
            with self.hold_sync():
                self.selected = []
                self._event("refused", a=list(a), b=list(b), reason=str(exc))
            return False
        self._after_removal(self._game.play(Move(a, b)))
        self._puzzle_played(verdict)
        return True

    def _after_removal(self, removal: Removal) -> None:
        with self.hold_sync():
            self.selected = []
            self._sync()
            self._event("remove", a=list(removal.move.a), b=list(removal.move.b),
                        tiles=[code(t) for t in removal.tiles], path=[list(p) for p in removal.path])
            if removal.won and not self.lesson and not self._played_by_computer:  # the person's win only
                self.store.finish(self.record_key, self._game.score, len(self._game.moves), self._game.seed)
                self.record = self.store.record(self.record_key)

    def _kept_for_undo(self) -> Game | None:
        """What a play again or a new game keeps for undo: the game, when it is in
        progress (a pair removed or a shuffle, not won; its clock is stopped), else None."""
        game = self._game
        if not game.actions or game.won:
            return None
        game.clock.stop()
        return game

    def _bring_back_previous(self) -> None:
        """Undo of a play again or a new game: the game it replaced, as it was."""
        assert self._previous is not None
        game, self._previous = self._previous, None
        game.scoring = self.scoring
        self._game = game
        with self.hold_sync():
            self.rows, self.cols = game.shape  # a new game may have had another size
            self.selected = []
            self.record = self.store.record(self.record_key)
            self._sync()
            self._event("undo", restored=True)

    def _start(self, game: Game, kind: str = "new", previous: Game | None = None) -> None:
        """Show ``game`` from its start; ``previous``: the game it replaces, for undo."""
        self._game = game
        self._previous = previous
        with self.hold_sync():
            self.rows, self.cols = game.shape
            self.selected = []
            self.record = self.store.record(self.record_key)
            self._sync()
            self._event(kind, seed=game.seed)

    def _sync(self) -> None:
        game = self._game
        with self.hold_sync():
            self.position += 1
            self._sync_played_by()
            self.overlay = {}
            self.path_shown = {}
            self.hint_pair = []
            self._sync_tiles(game)
            self._sync_history()
            self.won = game.won
            self.stuck = game.stuck
            self.paused = game.paused
            self.can_undo = bool(game.actions) or self._previous is not None
            self._sync_score()

    def _sync_score(self) -> None:
        """The score, its parts and the clock as they are now."""
        game = self._game
        self.seconds = game.clock.elapsed
        self.clock_running = game.clock.running
        self.score = game.score
        self.breakdown = game.score_breakdown()

    def _sync_tiles(self, game: Game) -> None:
        """The grid, the removed tiles and the count of ``game`` (live or looked back on)."""
        self.grid = [code(int(t)) for t in game.grid.ravel()]
        self.removed = [code(t) for removal in game.removals for t in removal.tiles]
        self.tiles_left = game.tiles_left
