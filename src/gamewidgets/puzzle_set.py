"""A series of puzzles on one board: ``gamewidgets.PuzzleSet(game, puzzles=None)``.

    s = PuzzleSet("loa")      # the shipped puzzles (gamewidgets.puzzles.load("loa"))
    s                         # the board, the first puzzle on it
    s.rating, s.results       # your puzzle rating in this game, and each puzzle's result

The board is the game's own widget (``s.widget``) with a puzzle on it (its
``load_puzzle``): the prompt over the board, your move judged, Hint, Solution, Again
and Next puzzle. Choices where the issue is silent:

- The result of a puzzle is kept when it is solved, or when you go on to the next one
  after trying it (a wrong move, the hint or the solution; one skipped untouched keeps
  none): "solved" only when solved at the first try with no hint and no solution
  shown, else "failed". Each result moves your rating (Elo-like, per game,
  from 1200: :func:`gamewidgets.puzzles.playing.rated`), once per puzzle and series.
- Both are kept in the store, as the game's settings (``puzzle_rating``, and one
  ``puzzle:<id>`` a puzzle, so two kernels solving different puzzles lose neither),
  and so survive a restart; ``store=None`` keeps them for this series only.
- The next puzzle is one without a result, the nearest your rating (the first of
  them in the set on a tie); once every puzzle has one, the failed ones come back,
  then all of them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ._widget import DEFAULT_STORE, GameWidget, StoreOption
from .puzzles import Puzzle, load
from .puzzles.playing import START_RATING, PuzzleRun, rated
from .untrusted import short_repr

__all__ = ["PuzzleSet"]

RATING, RESULT = "puzzle_rating", "puzzle:"


class PuzzleSet:
    """See the module docstring. ``kwargs`` go to the game widget's constructor."""

    def __init__(self, game: str, puzzles: Iterable[Puzzle] | None = None, *, store: StoreOption = DEFAULT_STORE,
                 **kwargs: Any):
        from . import widget_class

        cls = widget_class(game)
        self.game_name = game
        self.puzzles = list(load(game) if puzzles is None else puzzles)
        for puzzle in self.puzzles:
            if not isinstance(puzzle, Puzzle) or puzzle.game_name != game:
                raise ValueError(f"a {game} series takes {game} puzzles, not {short_repr(puzzle)}")
        if not self.puzzles:
            raise ValueError("a series needs at least one puzzle")
        self.widget: GameWidget = cls(store=store, **kwargs)
        self.store = self.widget.store
        self._kept: set[str] = set()  # the puzzles whose result this series has kept
        self.widget._puzzle_listener = self._told
        self.next()

    # ------------------------------------------------------------ the results
    @property
    def rating(self) -> int:
        """Your puzzle rating in this game (1200 before any result)."""
        value = self.store.settings(self.game_name).get(RATING, START_RATING)
        return int(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else START_RATING

    @property
    def results(self) -> dict[str, str]:
        """Each puzzle's result so far, by its id: "solved" or "failed"."""
        return {name[len(RESULT):]: value for name, value in self.store.settings(self.game_name).items()
                if name.startswith(RESULT) and value in ("solved", "failed")}

    @property
    def current(self) -> Puzzle | None:
        """The puzzle on the board."""
        run = self.widget._puzzle_run
        return None if run is None else run.puzzle

    def next(self) -> Puzzle:
        """Put the next puzzle on the board (see the module docstring) and return it."""
        results, rating = self.results, self.rating
        current = self.current
        for wanted in (None, "failed"):
            pool = [p for p in self.puzzles if results.get(self._key(p)) == wanted and p is not current]
            if pool:
                break
        else:
            pool = [p for p in self.puzzles if p is not current] or self.puzzles
        chosen = min(pool, key=lambda p: abs(p.rating - rating))
        self.widget.load_puzzle(chosen)
        return chosen

    def _key(self, puzzle: Puzzle) -> str:
        return puzzle.id or f"{puzzle.kind}-{self.puzzles.index(puzzle)}"

    def _keep(self, run: PuzzleRun) -> None:
        key = self._key(run.puzzle)
        if key in self._kept:
            return
        self._kept.add(key)
        solved = run.clean
        self.store.set_setting(self.game_name, RATING, rated(self.rating, run.puzzle.rating, solved))
        self.store.set_setting(self.game_name, RESULT + key, "solved" if solved else "failed")

    def _told(self, event: str, run: PuzzleRun) -> None:
        if event == "solved":
            self._keep(run)
        elif event == "next":
            if run.solved or run.tries or run.hinted or run.shown:  # looked at: it counts
                self._keep(run)
            self.next()

    # ------------------------------------------------------------ in a notebook
    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def _ipython_display_(self) -> None:
        """Shown by IPython as its board is: the view, and the picture for exports."""
        self.widget._ipython_display_()

    def __repr__(self) -> str:
        return (f"<PuzzleSet {self.game_name}: {len(self.puzzles)} puzzles, {len(self.results)} done, "
                f"rating {self.rating}>")
