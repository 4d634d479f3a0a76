"""A puzzle being solved on a board: what the game widgets use to play one
(``w.from_puzzle(p)``, ``gamewidgets.PuzzleSet``), kept free of Jupyter.

:class:`PuzzleRun` follows one attempt: the solver's moves are judged before they are
played (a wrong one is refused, with the reason, and counted), the opponent's replies
come from :class:`PuzzleDefence` (the solution's line, then any legal move), and the
puzzle is solved once the solver has played its moves of the solution (``to_find``:
the answer, and for Lines of Action's win-in-2 the winning second move too, judged by
its kind's ``follow_up``: any move that wins then counts). A hint and the solution are shown on request; a puzzle solved
with neither, at the first try, counts as solved for the rating (:func:`rated`), any
other outcome as failed.

Ratings are Elo-like, per game: the player's rating moves towards the outcome against
the puzzle's rating, by at most :data:`K` points a puzzle (:func:`rated`).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from typing import Any

from ..analysis import Analysis, Candidate
from ..errors import IllegalMove
from . import Puzzle, Verdict, kinds

__all__ = ["START_RATING", "K", "PuzzleDefence", "PuzzleRun", "expected", "rated"]

#: a new player's puzzle rating, and the most one puzzle moves it
START_RATING, K = 1200, 32
#: the games of two sides (the solver's moves are every other one)
TWO_SIDED = ("loa", "domino")


def expected(rating: float, puzzle_rating: float) -> float:
    """The chance, on the Elo scale, that a player of ``rating`` solves the puzzle."""
    return 1 / (1 + 10 ** ((puzzle_rating - rating) / 400))


def rated(rating: float, puzzle_rating: float, solved: bool) -> int:
    """The player's rating after solving (or not) a puzzle of ``puzzle_rating``."""
    return round(rating + K * ((1.0 if solved else 0.0) - expected(rating, puzzle_rating)))


@dataclass
class PuzzleRun:
    """One attempt at ``puzzle`` on a game that started at its position (``start``: the
    number of moves the game had then)."""

    puzzle: Puzzle
    start: int
    tries: int = 0  # wrong moves
    hinted: bool = False
    shown: bool = False  # the solution was shown
    solved: bool = False
    message: str = ""
    #: words the board says otherwise (Lines of Action with its colours swapped, so that
    #: the user's pieces are to move: {"White": "Black", "Black": "White"}; Dominoes' seats
    #: as "you" and "the computer")
    words: dict[str, str] = field(default_factory=dict)

    def say(self, text: str) -> str:
        """``text`` in the board's words."""
        if not self.words:
            return text
        longest_first = sorted(self.words, key=len, reverse=True)
        return re.sub("|".join(map(re.escape, longest_first)), lambda m: self.words[m.group(0)], text)

    @property
    def to_find(self) -> int:
        return int(getattr(kinds(self.puzzle.game_name)[self.puzzle.kind], "to_find", 1))

    @property
    def clean(self) -> bool:
        """Solved at the first try, with no hint and no solution shown."""
        return self.solved and not self.tries and not self.hinted and not self.shown

    def made(self, played: int) -> int:
        """How many of the solver's moves are among the ``played`` moves since the start
        (every other one in a game of two, the solver's first)."""
        return (played + 1) // 2 if self.puzzle.game_name in TWO_SIDED else played

    def judge(self, game: Any, move: Any, played: int) -> Verdict:
        """``move`` (the game's Move) in ``game``, ``played`` moves after the puzzle's start;
        IllegalMove with the reason when it is not the solution's (nothing is played then)."""
        if self.solved:
            return Verdict(move, True, "the puzzle is solved")
        step = self.made(played)
        if step == 0:
            verdict = self.puzzle.check(move)
        else:  # a later move of the solver's (win-in-2's second), as its kind judges it
            verdict = kinds(self.puzzle.game_name)[self.puzzle.kind].follow_up(game, move)  # type: ignore[attr-defined]
        if not verdict.correct:
            self.tries += 1
            self.message = f"Not this one: {self.say(verdict.reason)}"
            raise IllegalMove(self.message)
        return verdict

    def after(self, verdict: Verdict, played: int) -> None:
        """The solver's move of ``verdict`` was played (``played`` moves since the start, it
        included)."""
        if self.made(played) >= self.to_find:
            self.solved = True
            self.message = f"Solved! {self.say(verdict.reason)}"
        else:
            self.message = f"Right: {self.say(verdict.reason)} Now finish it."

    def hint(self) -> str:
        self.hinted = True
        return self._hint

    @functools.cached_property
    def _hint(self) -> str:
        """The puzzle's hint in the board's words, worked out once."""
        return self.say(self.puzzle.hint())

    def solution(self) -> list[str]:
        self.shown = True
        return [str(m) for m in self.puzzle.solution]

    def state(self) -> dict[str, Any]:
        """The widget's ``puzzle`` trait (the view's puzzle panel)."""
        p = self.puzzle
        return {"id": p.id, "kind": p.kind, "prompt": self.say(p.prompt), "rating": p.rating,
                "state": "solved" if self.solved else "wrong" if self.message.startswith("Not") else "solving",
                "message": self.message, "hint": self._hint if self.hinted else "",
                "solution": [str(m) for m in p.solution] if self.shown else [], "tries": self.tries}


class PuzzleDefence:
    """The opponent's chair in a puzzle: the solution's replies while they apply, then
    the first legal move (the solver has won by then, or the line was left)."""

    name = "puzzle"

    def __init__(self, puzzle: Puzzle, start: int):
        self.puzzle, self.start = puzzle, start

    def choose(self, game: Any) -> Any:
        return self.analyse(game).move

    def analyse(self, game: Any) -> Analysis:
        step = len(game.moves) - self.start if hasattr(game, "moves") else len(game.history) - self.start
        legal = list(game.legal_moves())
        line = self.puzzle.solution
        move = line[step] if 0 <= step < len(line) and line[step] in legal else legal[0]
        return Analysis(self.name, move, (Candidate(move, 0.0, {"solution": 0.0}),),
                        "the puzzle's line" if move is not legal[0] or step < len(line) else "any legal move",
                        {})
