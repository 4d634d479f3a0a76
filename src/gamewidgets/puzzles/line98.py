"""Line 98 puzzles: the kind ``best-clear``.

``best-clear``
--------------
In the position, **exactly one legal move scores the most points now**, and it scores
more than 0. The points a move scores now are those of the line(s) the moved ball
completes this turn, as the rules score them (:mod:`gamewidgets.line98.rules`): every
line of 5 or more balls of its colour through the cell it stops on, horizontal,
vertical or diagonal, pooled into one clearing event of ``n`` distinct balls worth
``2n² − 20n + 60`` (10, 12, 18, 28, 42 for 5..9 balls). A move that completes no
line scores 0. The ball must reach its cell by a path of empty cells (the rules'
legal moves). So the answer is the biggest clear on the board, and no other move
clears as much (another move may clear less: a distractor).

A move that clears nothing brings the previews in, and a preview could complete a
line of its own (scored by the rules too, but not the move's doing, and for a preview
the ball lands on, chance: it moves to a random cell). A position where that happens
for any legal move is **no puzzle**: in every puzzle, playing any legal move on the
puzzle's position changes the score by exactly the points of the line(s) the moved
ball completes (checked by playing each one), so the score a player sees after a
move is what this kind counts.

How it is found
~~~~~~~~~~~~~~~
``find(rng, count)`` plays games ``Game(seed)`` with seeds drawn from ``rng``, one
after the other, each by a computer player of the game drawn from ``rng`` (weights
``PLAYER_MIX``: the expert at width 4 — long games with full boards and rival lines —,
*build* and *greedy-long*; seeded from ``rng``). Before each move of a game, from ply
``FIRST_PLY`` on, the position is a candidate when the rules' figures of every legal
move (:func:`gamewidgets.line98.players.evaluate`) show exactly one move with the most
points, above 0. A candidate is then built as the puzzle's position and proved (below);
the game goes on with the player's own move. To keep a set varied and without near
copies (a line left standing stays a puzzle for several moves): at most
``PER_GAME`` puzzles a game, of which at most ``LONE_PER_GAME`` where only one move
scores (they are most of the candidates, and the easiest), at least ``GAP`` plies apart, with answers that differ
from the game's earlier ones; a position met before in the same ``find`` is skipped.
``find`` stops at ``count`` puzzles, so it is deterministic for the rng and
prefix-stable. Every proof is bounded by the number of legal moves (a few thousand at
most), so no position is ever skipped for its size.

The position
~~~~~~~~~~~~
What the player sees, and no more: the board and the previews shown, built fresh
(``Game.from_board``) with the seed of ``game.view()`` — a generator seeded by the
visible position, unrelated to the real game's — and score 0, with no history. So the
puzzle carries nothing of the real game's random stream (its next previews), and the
score shown after the answer is the points it scored. The real game's seed, player,
ply and score are in ``facts``.

How it is proved
~~~~~~~~~~~~~~~~
On the puzzle's position, every legal move is played (and undone) and its score
difference read; each must equal the points of its own clear as the rules' figures
give them (so no preview scores, see above), the answer's must be the largest and
every other one smaller. The tests prove every puzzle again by another code path: a
flood fill of their own for the reachable cells, the lines found by scanning the
board after the move, and the spec's scoring formula.

Rating
~~~~~~
``rating = clamp(800 + 200·(lines − 1) + 80·min(others, 6) + 8·(points − best_other)·[others > 0]
+ 150·decoy + 12·min(steps, 20) + 60·min(turns, 4) + 120·far, 800, 2000)`` where

- ``lines``: how many lines (directions) the answer completes at once (a cross is
  harder to see than a line);
- ``others``: how many other legal moves score anything (distractors), and
  ``best_other`` the most any of them scores (a bigger clear than an obvious one is
  worth finding: 12 over 10 adds 16, 18 over 10 adds 64);
- ``decoy``: 1 when another move completes a different line of the answer's colour
  (one not made of the answer's balls);
- ``steps``: the length of the ball's shortest path; ``turns``: the fewest turns any
  path of empty cells from the ball to its cell makes;
- ``far``: 1 when the ball starts more than 2 cells (king's steps) from every ball of
  the line(s) it completes.

What ``check`` says
~~~~~~~~~~~~~~~~~~~
For the answer: correct, the points, the line(s) it completes (colour, where, how many
balls) and the best any other move scores; ``line`` is empty (the solution is the one
move). For another legal move: wrong, the points it scores (0: "clears nothing", or
fewer: which line) and how many fewer than the best move (the answer is not named, so
the player can try again). For a move that is not legal: wrong, the rules' reason,
e.g. that the ball cannot reach that cell.

Choices where the issue is silent
---------------------------------
- The hint names the ball that moves (its colour and cell), not where it goes.
- Only the move's own clear counts (see above); positions where a spawn would score
  are left out rather than counted.
- Puzzles come from the first ``FIRST_PLY`` plies on (an almost empty board has no
  line to complete anyway).
"""

from __future__ import annotations

from collections import deque
from typing import Any, ClassVar

import numpy as np

from ..line98.players import PLAYERS, evaluate
from ..line98.rules import COLOURS, DIRECTIONS, SIZE, STEPS, Game, Move, points
from . import Puzzle, Verdict

__all__ = ["KINDS", "BestClear", "clear_points"]

#: the players of the self-play games, with their options and weights
PLAYER_MIX: tuple[tuple[str, dict[str, Any], float], ...] = (
    ("expert", {"width": 4}, 0.6),
    ("build", {}, 0.2),
    ("greedy-long", {}, 0.2),
)
#: most puzzles taken from one game
PER_GAME = 4
#: most puzzles of one game where only one move scores (the easy ones)
LONE_PER_GAME = 1
#: fewest plies between two puzzles of one game
GAP = 6
#: the first ply looked at
FIRST_PLY = 4

_DIRECTION_NAMES = {(1, 1): "↘ diagonal", (1, -1): "↙ diagonal"}


def _lines(board: np.ndarray, cell: tuple[int, int]) -> list[tuple[tuple[int, int], list[tuple[int, int]]]]:
    """The lines of 5+ balls of one colour through ``cell`` on ``board``: (direction, cells
    in order)."""
    colour = board[cell]
    found: list[tuple[tuple[int, int], list[tuple[int, int]]]] = []
    if not colour:
        return found
    for dr, dc in DIRECTIONS:
        run = [cell]
        for sign in (-1, 1):
            r, c = cell[0] + sign * dr, cell[1] + sign * dc
            while 0 <= r < SIZE and 0 <= c < SIZE and board[r, c] == colour:
                run.append((r, c))
                r, c = r + sign * dr, c + sign * dc
        if len(run) >= 5:
            found.append(((dr, dc), sorted(run)))
    return found


def _after(game: Game, move: Move) -> np.ndarray:
    board = game.board.copy()
    board[move.target] = board[move.source]
    board[move.source] = 0
    return board


def clear_points(game: Game, move: Move) -> tuple[int, list[tuple[tuple[int, int], list[tuple[int, int]]]]]:
    """The points ``move`` (legal in ``game``) scores now, and the lines it completes."""
    lines = _lines(_after(game, move), move.target)
    return points(len({cell for _, cells in lines for cell in cells})), lines


def _standing(game: Game, move: Move) -> set[tuple[int, int]]:
    """The balls already on the board that the line(s) ``move`` completes are made of."""
    return {cell for _, cells in clear_points(game, move)[1] for cell in cells} - {move.target}


def _describe(colour: int, lines: list[tuple[tuple[int, int], list[tuple[int, int]]]]) -> str:
    """``lines`` (of :func:`clear_points`) in words: "a red line of 6 in row 5, from (5, 2) to (5, 7)"."""
    parts = []
    for (dr, dc), cells in lines:
        if (dr, dc) == (0, 1):
            where = f"in row {cells[0][0]}"
        elif (dr, dc) == (1, 0):
            where = f"in column {cells[0][1]}"
        else:
            where = f"on the {_DIRECTION_NAMES[(dr, dc)]}"
        parts.append(f"{len(cells)} {where}, from {cells[0]} to {cells[-1]}")
    name = COLOURS[colour - 1]
    if len(lines) == 1:
        return f"a {name} line of {parts[0]}"
    balls = len({cell for _, cells in lines for cell in cells})
    return f"{len(lines)} {name} lines at once ({'; '.join(parts)}): {balls} balls"


def _fewest_turns(board: np.ndarray, source: tuple[int, int], target: tuple[int, int]) -> int:
    """The fewest turns a path of empty cells from ``source`` to ``target`` makes."""
    best: dict[tuple[tuple[int, int], int], int] = {}
    queue: deque[tuple[int, tuple[int, int], int]] = deque()
    for d in range(4):
        best[(source, d)] = 0
        queue.append((0, source, d))
    while queue:
        turns, cell, d = queue.popleft()
        if best.get((cell, d), 99) < turns:
            continue
        if cell == target:
            return turns
        for nd, (dr, dc) in enumerate(STEPS):
            nxt = (cell[0] + dr, cell[1] + dc)
            if not (0 <= nxt[0] < SIZE and 0 <= nxt[1] < SIZE) or board[nxt]:
                continue
            cost = turns + (nd != d and cell != source)
            if cost < best.get((nxt, nd), 99):
                best[(nxt, nd)] = cost
                if cost == turns:
                    queue.appendleft((cost, nxt, nd))
                else:
                    queue.append((cost, nxt, nd))
    raise ValueError(f"no path from {source} to {target}")


def _move_of(figures: dict[str, np.ndarray], index: int) -> Move:
    return Move(divmod(int(figures["source"][index]), SIZE), divmod(int(figures["target"][index]), SIZE))


class BestClear:
    """``best-clear``: exactly one move scores the most points now (see the module docstring)."""

    game: ClassVar[str] = "line98"
    name: ClassVar[str] = "best-clear"
    description: ClassVar[str] = "Exactly one move scores the most points now. Find it."

    # ------------------------------------------------------------------ find
    def find(self, rng: np.random.Generator, count: int) -> list[Puzzle]:
        """``count`` puzzles from self-play games drawn with ``rng``, each proved."""
        found: list[Puzzle] = []
        seen: set[bytes] = set()
        weights = np.array([w for _, _, w in PLAYER_MIX])
        while len(found) < count:
            seed = int(rng.integers(2**63))
            which = int(rng.choice(len(PLAYER_MIX), p=weights / weights.sum()))
            player_seed = int(rng.integers(2**63))
            name, options, _ = PLAYER_MIX[which]
            player = PLAYERS[name](seed=player_seed, **options)
            game = Game(seed=seed)
            answers: set[Move] = set()
            last, lone = -GAP, 0
            while not game.is_over and len(found) < count and len(answers) < PER_GAME:
                ply = len(game.moves)
                if ply >= FIRST_PLY and ply - last >= GAP:
                    origin = {"seed": seed, "player": name, "player_seed": player_seed, "ply": ply,
                              "game_score": game.score}
                    puzzle = self._puzzle(game, seen, answers, origin, lone < LONE_PER_GAME)
                    if puzzle is not None:
                        lone += puzzle.facts["scoring_moves"] == 1
                        found.append(puzzle)
                        answers.add(puzzle.answer)
                        last = ply
                game.play(player.choose(game))
        return found

    def _puzzle(self, game: Game, seen: set[bytes], answers: set[Move], origin: dict[str, Any],
                lone: bool) -> Puzzle | None:
        """The puzzle ``game``'s position makes, proved, or None (``lone``: may it be one
        where only one move scores)."""
        figures = evaluate(game)
        scores = figures["points"]
        if not len(scores) or scores.max() <= 0 or (scores == scores.max()).sum() != 1:
            return None
        if not lone and (scores > 0).sum() == 1:
            return None
        index = int(scores.argmax())
        answer = _move_of(figures, index)
        if answer in answers:
            return None
        view = game.view()
        position = Game.from_board(view.board, [(p.row, p.col, p.colour) for p in view.previews], seed=view.seed)
        key = position.board.tobytes() + repr(position.previews).encode()
        if key in seen:
            return None
        if not self._proved(position, figures, index):
            return None
        seen.add(key)
        return self._make(position, figures, index, origin)

    @staticmethod
    def _proved(position: Game, figures: dict[str, np.ndarray], index: int) -> bool:
        """Every legal move of ``position`` played: its score difference is its own clear's
        points, and the answer's is the only largest."""
        moves = position.legal_moves()
        if len(moves) != len(figures["points"]):
            return False
        best = int(figures["points"][index])
        for i, move in enumerate(moves):
            if move != _move_of(figures, i):
                return False
            before = position.score
            position.play(move)
            gained = position.score - before
            position.undo()
            if gained != int(figures["points"][i]) or (i != index and gained >= best):
                return False
        return position.score == 0 and not position.moves

    def _make(self, position: Game, figures: dict[str, np.ndarray], index: int, origin: dict[str, Any]) -> Puzzle:
        answer = _move_of(figures, index)
        scores = figures["points"]
        best, lines = clear_points(position, answer)
        colour = int(position.board[answer.source])
        others = [i for i in range(len(scores)) if i != index and scores[i] > 0]
        best_other = max((int(scores[i]) for i in others), default=0)
        answer_cells = {cell for _, cells in lines for cell in cells}
        # another line of the answer's colour that some move completes (not made of the answer's balls)
        decoy = any(int(figures["colour"][i]) == colour
                    and not _standing(position, _move_of(figures, i)) <= answer_cells | {answer.source}
                    for i in others)
        path = position.path(answer.source, answer.target)
        assert path is not None
        steps = len(path) - 1
        turns = _fewest_turns(position.board, answer.source, answer.target)
        far = all(max(abs(r - answer.source[0]), abs(c - answer.source[1])) > 2
                  for r, c in answer_cells - {answer.target})
        rating = (800 + 200 * (len(lines) - 1) + 80 * min(len(others), 6) + 8 * (best - best_other) * bool(others)
                  + 150 * decoy + 12 * min(steps, 20) + 60 * min(turns, 4) + 120 * far)
        rating = int(min(2000, max(800, rating)))
        facts: dict[str, Any] = {
            **origin, "points": best, "balls": len(answer_cells), "lines": len(lines), "colour": COLOURS[colour - 1],
            "legal_moves": len(scores), "scoring_moves": len(others) + 1, "best_other": best_other,
            "decoy": decoy, "steps": steps, "turns": turns, "far": far,
        }
        prompt = ("Line 98: exactly one move scores the most points now. Find it."
                  if others else "Line 98: exactly one move scores points now. Find it.")
        return Puzzle(game_name=self.game, kind=self.name, position=position.to_dict(), prompt=prompt,
                      solution=(answer,), rating=rating, id="", facts=facts)

    # ----------------------------------------------------------------- check
    def check(self, puzzle: Puzzle, move: Move) -> Verdict:
        """``move`` judged in ``puzzle`` (see the module docstring)."""
        game = puzzle.game
        why = game.why_not(move)
        if why is not None:
            if "no path" in why:
                why = f"the ball on {move.source} cannot reach {move.target}: no path of empty cells joins them"
            return Verdict(move, False, f"not a legal move: {why}")
        answer = puzzle.answer
        best, best_lines = clear_points(game, answer)
        colour = int(game.board[move.source])
        if move == answer:
            scores = evaluate(game)["points"]
            runner_up = int(np.sort(scores)[-2]) if len(scores) > 1 else 0
            second = ("no other move scores anything" if runner_up == 0
                      else f"the best any other move scores is {runner_up}")
            return Verdict(move, True, f"it completes {_describe(colour, best_lines)} and clears "
                                       f"{len({c for _, cells in best_lines for c in cells})} balls for "
                                       f"{best} points; {second}")
        gained, lines = clear_points(game, move)
        if not gained:
            return Verdict(move, False, f"it completes no line, so it scores 0 points, {best} fewer than the "
                                        f"best move")
        return Verdict(move, False, f"it completes {_describe(colour, lines)} for {gained} points, "
                                    f"{best - gained} fewer than the best move ({best} points)")

    # ------------------------------------------------------------------ hint
    def hint(self, puzzle: Puzzle) -> str:
        """Which ball moves: its colour and cell."""
        answer = puzzle.answer
        colour = COLOURS[int(puzzle.game.board[answer.source]) - 1]
        return f"Move the {colour} ball on {answer.source}."


KINDS = {kind.name: kind for kind in (BestClear(),)}
