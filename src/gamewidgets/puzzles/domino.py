"""Dominoes puzzles: the kind ``open-hands``.

``open-hands``
--------------
Both hands are shown, and the boneyard (empty, or shown in its draw order, so the rest
of the hand is deterministic). The player to move has at least two legal plays, and
**exactly one of them gives the best result** of the hand against any defence: its
minimax value is strictly better than every other legal play's. The value of a
position is the hand's result for the player to move at the puzzle's start as the
rules count it (``Game.outcome()``): ``+points`` when that player wins the hand,
``-points`` when the other one does, ``0`` for a blocked draw; a hand won by playing
out against the double-blank alone (0 points, but won: ``Outcome.winner``) counts just
above a draw, one lost so just below (the solver's one number for this is
``2·points + 1`` for a win, its negative for a loss, 0 for a draw; the puzzle's
``facts`` hold the signed points, ``value`` and ``second``, and ``wins``).
Where the answer wins the hand and no other play does, the prompt says "exactly one
play wins"; where several win, "exactly one wins the most points" (with how many);
where none wins, "exactly one saves a draw" / "loses no points" / "loses the fewest
points".

How it is found
~~~~~~~~~~~~~~~
``find(rng, count)`` deals hands ``Game(seed)`` with seeds drawn from ``rng`` and has
them played out by two players drawn from ``rng``: ``random`` (uniform over the legal
moves, with ``rng``), or the game's ``easy`` / ``medium`` computer players
(:mod:`gamewidgets.domino.ai`, seeded from ``rng``). Late in the hand, when the tiles
still in play (both hands and the boneyard) number at most ``IN_PLAY`` (18; so at
least ten tiles are down), a position with at least two legal plays is a candidate.
The candidates are sized from the end of the hand backwards: a candidate qualifies
when its whole game tree (every position to the end of the hand, draws and passes
included, no pruning) has at most ``TREE_LIMIT`` positions; the walk stops at the
first one that has more (or whose search visits more than ``STATE_LIMIT`` distinct
positions: the bound is a count, never a time). The qualifying candidates are then
tried in the order they were played: the first whose answer is the only play that wins
is the hand's puzzle, else the first that meets the condition at all: **one puzzle per
hand** at most, so a set shows different deals. A position met before in the same
``find`` is skipped. Hands are walked one after the other and ``find`` stops at
``count`` puzzles, so it is deterministic for the rng and prefix-stable.

How it is proved
~~~~~~~~~~~~~~~~
:class:`Solver` is an exhaustive minimax over the whole game tree to the end of the
hand (both sides playing their best; a draw takes the boneyard's next tile, a pass
only with an empty boneyard; two passes block the game), with a table of the
positions already solved (keyed by both hands, the ends, the tiles drawn, the turn and
the passes; the two ends unordered, as a mirrored line plays the same). Every legal
play of the root is valued; the answer is the one with the best value, which must be
strictly better than the second best. The solution is the principal line: the answer,
then at every turn the best move of the side to move (the first in ``legal_moves``
order among equals) to the end of the hand (draws and passes included). The tests
prove every puzzle again with a separately written plain recursive minimax over the
public ``Game`` API.

Rating
~~~~~~
``rating = clamp(800 + 120·(plays − 2) + 35·(depth − 2) + 300 / (1 + gap / 4)
+ 150·hidden − 50·only_win, 800, 2000)``, rounded, where ``plays`` is the number of
legal plays, ``depth`` the number of moves in the solution (to the end of the hand,
draws and passes included), ``gap`` the answer's value minus the best other play's
(in points: a close second is harder to tell apart), ``hidden`` 1 when the answer is
not the heaviest tile that can be played (the greedy "shed the most pips" move,
counted as found when it is the heaviest of several equally heavy tiles) and
``only_win`` 1 when the answer is the only play that wins (a clear-cut target).

What ``check`` says
~~~~~~~~~~~~~~~~~~~
For the answer: correct, with the result it guarantees against any defence (who plays
out or how the game blocks, and the points), what the best other play gets, and
``line`` = the rest of the solution. For another legal play: wrong, with the result
it leads to against best defence and ``line`` = that refuting line (the replies after
the play, to the end of the hand). A move that is not legal in the position: wrong,
with the rules' reason (``Game.why_not``).

Choices where the issue is silent
---------------------------------
- A position is stored with ``Game.to_dict()`` of the hand as it was played (its deal
  and moves), so its history and seed come with it; ``Puzzle.game`` replays it to the
  position (hands, line, boneyard order, turn and passes).
- When the ends show the same pips, a tile that fits goes to either end with the same
  result (the lines mirror each other), so such a tile can never be the only best
  play: a position whose best play is such a tile is no puzzle.
- The hint names the answer's tile when that tile can go to two ends (the solver still
  has to choose), else the end to play on when more than one play but not every play
  goes there, else
  what the answer does to the other player (forces a draw, a pass, or how many of
  the other player's tiles still fit).
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

import numpy as np

from ..domino.ai import PLAYERS
from ..domino.rules import LEFT, Draw, Game, Move, Pass, Play, Tile, legal_actions, tile_name
from . import Puzzle, Verdict

__all__ = ["IN_PLAY", "KINDS", "STATE_LIMIT", "TREE_LIMIT", "OpenHands", "Solver", "TooBig", "points_of"]

#: a candidate position has at most this many tiles in both hands and the boneyard
IN_PLAY = 18
#: the most positions a puzzle's whole game tree may have (no pruning, draws included)
TREE_LIMIT = 10000
#: the most distinct positions one search may visit before the position is skipped
STATE_LIMIT = 40000
#: the players that play the hands out (drawn from the rng for each side)
PLAYER_KINDS = ("random", "easy", "medium")


class TooBig(Exception):
    """The search visited more than its limit of distinct positions."""


# a position for the solver: (hand 0, hand 1, ends, tiles drawn, turn, passes)
_State = tuple[tuple[Tile, ...], tuple[Tile, ...], tuple[int, int], int, int, int]


def _hand_pips(hand: Sequence[Tile]) -> int:
    return sum(a + b for a, b in hand)


def _score(points: int, winner: int) -> int:
    """A result as one number for player 0 (see "the value" in the module docstring):
    ``2·points + 1`` when player 0 wins (``winner`` 1), ``-(2·points + 1)`` when player 1
    does (``winner`` -1), 0 for a draw (``winner`` 0)."""
    return winner * (2 * points + 1)


def points_of(value: int) -> int:
    """The signed points of a value (0 for a draw, and for a hand won with 0 points)."""
    return (value - 1) // 2 if value > 0 else -((-value - 1) // 2) if value < 0 else 0


def _after(ends: tuple[int, int], tile: Tile, end: str) -> tuple[int, int]:
    """The ends once ``tile`` is laid on ``end``."""
    left, right = ends
    if end == LEFT:
        return (tile[1] if tile[0] == left else tile[0], right)
    return (left, tile[1] if tile[0] == right else tile[0])


class Solver:
    """Exhaustive minimax of a dominoes position to the end of the hand (see the module
    docstring), from the position of ``game`` (a line must be down). ``value(state)``
    is player 0's signed result; ``size(state)`` the number of positions in the tree
    under it (no pruning); ``limit`` bounds the distinct positions visited (TooBig)."""

    def __init__(self, game: Game, limit: int = STATE_LIMIT):
        ends = game.ends
        if ends is None:
            raise ValueError("the line is empty: the opening is forced, nothing to solve")
        self.boneyard = game.boneyard
        self.limit = limit
        self.root: _State = (game.hands[0], game.hands[1], ends, 0, game.turn, game.passes)
        self._memo: dict[tuple[object, ...], tuple[int, int]] = {}

    @property
    def visited(self) -> int:
        """Distinct positions solved so far."""
        return len(self._memo)

    def moves(self, state: _State) -> list[Move]:
        """The legal moves in ``state``, in ``Game.legal_moves`` order."""
        hands, ends, drawn, turn = state[:2], state[2], state[3], state[4]
        return legal_actions(hands[turn], ends, len(self.boneyard) - drawn)

    def child(self, state: _State, move: Move) -> _State | int:
        """The position after ``move``, or player 0's signed result when it ends the hand."""
        h0, h1, ends, drawn, turn, passes = state
        hand = h0 if turn == 0 else h1
        if isinstance(move, Play):
            rest = tuple(t for t in hand if t != move.tile)
            if not rest:  # domino: the other hand's pips
                return _score(_hand_pips(h1 if turn == 0 else h0), 1 if turn == 0 else -1)
            new_ends = _after(ends, move.tile, move.end)
            return (rest, h1, new_ends, drawn, 1, 0) if turn == 0 else (h0, rest, new_ends, drawn, 0, 0)
        if isinstance(move, Draw):
            grown = list(hand)
            bisect.insort(grown, self.boneyard[drawn])
            return (tuple(grown), h1, ends, drawn + 1, turn, 0) if turn == 0 else (
                h0, tuple(grown), ends, drawn + 1, turn, 0)
        if passes + 1 >= 2:  # blocked: the lower total wins the difference
            difference = _hand_pips(h1) - _hand_pips(h0)
            return _score(abs(difference), (difference > 0) - (difference < 0))
        return (h0, h1, ends, drawn, 1 - turn, passes + 1)

    def _solve(self, state: _State) -> tuple[int, int]:
        h0, h1, (left, right), drawn, turn, passes = state
        key = (h0, h1, min(left, right), max(left, right), drawn, turn, passes)
        known = self._memo.get(key)
        if known is not None:
            return known
        if len(self._memo) >= self.limit:
            raise TooBig(f"more than {self.limit} positions")
        best: int | None = None
        size = 1
        for move in self.moves(state):
            after = self.child(state, move)
            if isinstance(after, int):
                value, count = after, 1
            else:
                value, count = self._solve(after)
            size += count
            if best is None or (value > best if turn == 0 else value < best):
                best = value
        assert best is not None  # there is always a move (a draw or a pass at least)
        self._memo[key] = (best, size)
        return best, size

    def value(self, state: _State | int) -> int:
        """Player 0's signed result of ``state`` with best play (a result as it is)."""
        return state if isinstance(state, int) else self._solve(state)[0]

    def size(self, state: _State | int) -> int:
        """The positions of the whole tree under ``state`` (itself included)."""
        return 1 if isinstance(state, int) else self._solve(state)[1]

    def line(self, state: _State | int) -> list[Move]:
        """The principal line from ``state`` to the end of the hand: at each turn the
        first move in ``legal_moves`` order with the best value for the side to move."""
        moves: list[Move] = []
        while not isinstance(state, int):
            turn = state[4]
            best_move, best_state, best_value = None, None, None
            for move in self.moves(state):
                after = self.child(state, move)
                value = self.value(after)
                if best_value is None or (value > best_value if turn == 0 else value < best_value):
                    best_move, best_state, best_value = move, after, value
            assert best_move is not None and best_state is not None
            moves.append(best_move)
            state = best_state
        return moves


@dataclass(frozen=True)
class _Solved:
    """A root's plays with their values for the player to move, the solver and the root."""

    solver: Solver
    plays: list[Move]
    values: list[int]  # for the player to move
    player: int

    def after(self, move: Move) -> _State | int:
        return self.solver.child(self.solver.root, move)

    def line(self, move: Move) -> list[Move]:
        """The best line after ``move`` (the replies, to the end of the hand)."""
        return self.solver.line(self.after(move))


def _solve_root(game: Game, limit: int = STATE_LIMIT) -> _Solved:
    solver = Solver(game, limit)
    plays = game.legal_moves()
    sign = 1 if game.turn == 0 else -1
    values = [sign * solver.value(solver.child(solver.root, m)) for m in plays]
    return _Solved(solver, plays, values, game.turn)


def _points(n: int) -> str:
    return f"{n} point{'' if n == 1 else 's'}"


def _result(value: int) -> str:
    """A value for the player to move, in words."""
    points = points_of(value)
    if value > 0:
        return f"wins {_points(points)}" if points else "wins the hand (with no points: 0 pips left to count)"
    if value < 0:
        return f"loses {_points(-points)}" if points else "loses the hand (with no points: 0 pips left to count)"
    return "draws"


def _ending(game: Game, line: Sequence[Move], player: int) -> str:
    """How the hand ends after ``line`` from ``game``, in words."""
    end = game.copy()
    for move in line:
        end.play(move)
    outcome = end.outcome()
    assert outcome is not None  # a line goes to the end of the hand
    if outcome.reason == "domino":
        who = "you" if outcome.winner == player else f"player {outcome.winner}"
        verb = "play" if who == "you" else "plays"
        return f"{who} {verb} out and score{'' if who == 'you' else 's'} {_points(outcome.points)}"
    mine, theirs = outcome.pips[player], outcome.pips[1 - player]
    if outcome.winner is None:
        return f"the game blocks with {mine} pips each: a draw"
    who = "you win" if outcome.winner == player else f"player {outcome.winner} wins"
    return f"the game blocks, {mine} pips in your hand to {theirs}: {who} {_points(outcome.points)}"


def _line_text(line: Sequence[Move], game: Game) -> str:
    """``line`` played from ``game``, each move with its player: "1: 5-3 left, 0: draw, ..."."""
    board = game.copy()
    words = []
    for move in line:
        words.append(f"{board.turn}: {move}")
        board.play(move)
    return ", ".join(words) if words else "(the hand ends at once)"


class OpenHands:
    """Both hands open (and the boneyard, in draw order): exactly one play gives the
    best result of the hand against any defence (see the module docstring)."""

    game: ClassVar[str] = "domino"
    name: ClassVar[str] = "open-hands"
    description: ClassVar[str] = ("Both hands and the boneyard are open: exactly one play gives the best result "
                                  "of the hand against any defence. Find it.")

    def __init__(self, *, in_play: int = IN_PLAY, tree_limit: int = TREE_LIMIT, state_limit: int = STATE_LIMIT):
        self.in_play, self.tree_limit, self.state_limit = in_play, tree_limit, state_limit

    # ------------------------------------------------------------------ find
    def find(self, rng: np.random.Generator, count: int) -> list[Puzzle]:
        """``count`` proved puzzles from hands dealt and played with ``rng`` (one per hand
        at most), in the order found."""
        found: list[Puzzle] = []
        seen: set[str] = set()
        hand_number = 0
        while len(found) < count:
            hand_number += 1
            puzzle = self._from_hand(rng, hand_number, seen)
            if puzzle is not None:
                found.append(puzzle)
        return found

    def _from_hand(self, rng: np.random.Generator, hand_number: int, seen: set[str]) -> Puzzle | None:
        seed = int(rng.integers(2**63))
        sides = [PLAYER_KINDS[int(rng.integers(len(PLAYER_KINDS)))] for _ in range(2)]
        bots = {i: PLAYERS[kind](seed=int(rng.integers(2**63))) for i, kind in enumerate(sides) if kind != "random"}
        game = Game(seed)
        candidates: list[tuple[int, Game]] = []
        while not game.is_over:
            moves = game.legal_moves()
            in_play = len(game.hands[0]) + len(game.hands[1]) + len(game.boneyard)
            if len(moves) >= 2 and game.ends is not None and in_play <= self.in_play:
                candidates.append((len(game.history), game.copy()))
            if game.turn in bots:
                move = bots[game.turn].choose(game.view(game.turn))
            else:
                move = moves[int(rng.integers(len(moves)))]
            game.play(move)
        qualified: list[tuple[int, Game, _Solved]] = []
        for ply, position in reversed(candidates):
            try:
                solved = _solve_root(position, self.state_limit)
                size = solved.solver.size(solved.solver.root)
            except TooBig:
                break
            if size > self.tree_limit:
                break
            qualified.append((ply, position, solved))
        first: tuple[str, Puzzle] | None = None
        for ply, position, solved in reversed(qualified):
            key = repr(sorted(position.to_dict()["position"].items()))
            if key in seen:
                continue
            puzzle = self._puzzle(position, solved, {"seed": position.seed, "ply": ply, "hand": hand_number,
                                                     "players": list(sides)})
            if puzzle is not None and puzzle.facts["only_win"]:
                first = (key, puzzle)
                break
            if puzzle is not None and first is None:
                first = (key, puzzle)
        if first is None:
            return None
        seen.add(first[0])
        return first[1]

    def _puzzle(self, game: Game, solved: _Solved, facts: dict[str, object]) -> Puzzle | None:
        order = sorted(range(len(solved.plays)), key=lambda i: (-solved.values[i], i))
        best, second = order[0], order[1]
        value, runner_up = solved.values[best], solved.values[second]
        if value <= runner_up:
            return None
        answer = solved.plays[best]
        solution = (answer, *solved.line(answer))
        player = game.turn
        only_win = value > 0 and runner_up <= 0
        plays = len(solved.plays)
        heaviest = max(sum(m.tile) for m in solved.plays if isinstance(m, Play))
        assert isinstance(answer, Play)
        hidden = sum(answer.tile) < heaviest
        gap = points_of(value) - points_of(runner_up)
        raw = 800 + 120 * (plays - 2) + 35 * (len(solution) - 2) + 300 / (1 + gap / 4) + 150 * hidden - 50 * only_win
        rating = round(min(2000.0, max(800.0, raw)))
        pool = "the boneyard is shown in draw order" if game.boneyard else "the boneyard is empty"
        if only_win:
            task = "Exactly one play wins the hand against any defence. Find it."
        elif value > 0:
            task = (f"Several plays win, but exactly one wins the most points against any defence "
                    f"({_points(points_of(value))}). Find it.")
        elif value == 0:
            task = "No play wins against best defence, but exactly one saves a draw. Find it."
        elif points_of(value) == 0:
            task = "No play wins or draws against best defence, but exactly one loses no points. Find it."
        else:
            task = (f"No play wins or draws against best defence: find the one play that loses the fewest "
                    f"points ({points_of(-value)}).")
        prompt = f"Player {player} to move; both hands are open and {pool}. {task}"
        facts = {**facts, "value": points_of(value), "second": points_of(runner_up), "wins": value > 0,
                 "plays": plays, "depth": len(solution), "tree": solved.solver.size(solved.solver.root),
                 "only_win": only_win, "hidden": hidden}
        return Puzzle(game_name=self.game, kind=self.name, position=game.to_dict(), prompt=prompt,
                      solution=tuple(solution), rating=rating, id="", facts=facts)

    # ----------------------------------------------------------------- check
    def check(self, puzzle: Puzzle, move: Move) -> Verdict:
        """The answer: correct, with the result it guarantees and the rest of the line;
        another legal play: wrong, with what it leads to against best defence."""
        game = puzzle.game
        why = game.why_not(move)
        if why is not None:
            return Verdict(move, False, f"{move} is not a legal move here: {why}.")
        solved = _solve_root(game, max(self.state_limit, 10 * self.tree_limit))
        index = solved.plays.index(move)
        value = solved.values[index]
        line = solved.line(move)
        after = game.copy()
        after.play(move)
        ending = _ending(after, line, solved.player)
        others = [v for i, v in enumerate(solved.values) if i != index]
        if move == puzzle.answer:
            best_other = max(others)
            return Verdict(move, True,
                           f"{move} {_result(value)} against any defence — {ending} "
                           f"(line: {_line_text(line, after)}). The best other play "
                           f"{_result(best_other)}.", tuple(line))
        best = max(solved.values)
        if value == best:  # cannot happen in a proved puzzle; said plainly if it does
            return Verdict(move, False, f"{move} {_result(value)} as well, but it is not this puzzle's answer.",
                           tuple(line))
        return Verdict(move, False,
                       f"{move} {_result(value)} against best defence — {ending} "
                       f"(line: {_line_text(line, after)}). There is a play that "
                       f"{_result(best)}.", tuple(line))

    # ------------------------------------------------------------------ hint
    def hint(self, puzzle: Puzzle) -> str:
        """Which tile (when it can go to either end), else which end (when that still
        leaves a choice and narrows it), else what the answer does to the other player."""
        game = puzzle.game
        answer = puzzle.answer
        assert isinstance(answer, Play)
        plays = [m for m in game.legal_moves() if isinstance(m, Play)]
        same_tile = [m for m in plays if m.tile == answer.tile]
        if 1 < len(same_tile) < len(plays):
            return f"Play the {tile_name(answer.tile)}: but on which end?"
        ends = game.ends
        assert ends is not None
        same_end = [m for m in plays if m.end == answer.end]
        if 1 < len(same_end) < len(plays):
            pip = ends[0] if answer.end == LEFT else ends[1]
            return f"Play on the {answer.end} end (the {pip}): but which tile?"
        other = 1 - game.turn
        after = game.copy()
        after.play(answer)
        if after.is_over:
            return "You can finish the hand at once."
        replies = after.legal_moves()
        if isinstance(replies[0], Draw):
            return f"Find the play after which player {other} has no tile that fits and must draw."
        if isinstance(replies[0], Pass):
            return f"Find the play after which player {other} cannot play and must pass."
        tiles = len({m.tile for m in replies if isinstance(m, Play)})
        fit = "1 tile that fits" if tiles == 1 else f"{tiles} tiles that fit"
        return f"Find the play after which player {other} has only {fit}."


KINDS = {kind.name: kind for kind in (OpenHands(),)}
