"""Lines of Action puzzles: ``win-in-1`` and ``win-in-2``.

The side to move (Black, ``x``, or White, ``o``: the seats' colours of
:meth:`gamewidgets.loa.rules.Game.view`) wins by the rules (:mod:`gamewidgets.loa.rules`:
its pieces all one group; a move that connects both sides wins for the mover; a capture
that leaves the opponent connected and the mover not loses; a side left without a move
loses; the 200-move limit is a draw) within one or two of its own moves, whatever the
defence, and exactly one first move does it.

``win-in-1``
    Exactly one legal move wins at once (almost always by connecting; rarely by leaving
    the opponent without a move: the prompt then says "win", not "connect"). Proof:
    every legal move is played and the end judged. Rating ``800 + 6 × clip(legal moves
    − 8, 0, 40) + 20 × min(near, 12)``, rounded to 10, at most 1300, where *near* counts
    the moves that leave the mover in two groups (they look as if they almost connect):
    more moves and more near misses hide the answer better. ``check``: the answer says
    how it wins ("b7-b5 joins all 8 of White's pieces in one group: White wins."); another
    move says how many groups it leaves ("b7-c8 leaves White's pieces in 2 groups, so the
    game goes on.") and, when the opponent can then win at once, its winning reply (also
    in ``line``); a move that loses or draws at once says so ("... captures Black's last
    separate piece: Black's pieces are then all connected and Black wins.").
``win-in-2``
    No move wins at once; exactly one first move wins on the mover's next move against
    every reply (a reply that loses at once counts as answered). Proof: for every first
    move the replies are tried until one is found after which no move wins (the first
    move fails: the search of that move stops there), for the answer all of them. The
    solution line is the answer, the most resistant defence (the reply, not losing at
    once, that leaves the fewest winning answers; the first in ``legal_moves`` order
    among equals) and the first winning answer to it. Rating ``1300 + 5 × clip(legal
    moves − 10, 0, 40) + 40 × min(tempting, 8) + 15 × min(only answers, 20)``, rounded to
    10, at most 1900: *tempting* counts the other first moves after which the mover,
    were it to move again, could win at once (they threaten a win, but a defence exists);
    *only answers* counts the defences after which exactly one move wins (the solver must
    find it again). ``check``: the answer gets the number of replies and the main line
    ("f2-e2 wins by force: whatever Black answers (19 legal replies), White wins with the
    next move; the toughest defence is g8-e6, met by c6-c4."); another move gets the reply
    that refutes it, in ``line``: one that wins for the opponent at once if there is one
    ("e6-h6 lets Black win at once with d6-c5."), else the first after which no move wins,
    with the fewest groups the mover can then reach ("c6-c8 is answered by g8-e8, and then
    no move of White wins (the best leaves 2 groups)."); a move that loses or draws at
    once says so. The hint of both kinds names the piece that moves first.

Finding (both kinds)
--------------------
Games of seeded self-play, one after the other, driven only by the ``rng``: each game
draws its board (6×6, 7×7 or 8×8), a player for each side (:mod:`gamewidgets.loa.ai`'s
``easy`` or ``medium``, seeded from the rng, ``time_limit=None``) and, at every ply, with
chance 0.3 a uniformly random legal move instead of the player's (the players always
take a win on the board; the random moves let a game go on past a missed one, so more
positions with a win in them are met). Every position along a game (not over, before
move 190) is tried in order; a puzzle is taken when the kind's condition is proved.

Choices where the issue is silent
---------------------------------
- At most two puzzles per game and kind, and a second only four plies or more after the
  first (so a series is not the same position twice with one move changed); no
  position (pieces and side to move) twice in one ``find``.
- A position near the move limit (ply 190 on) is not used; the proofs still apply the
  limit exactly.
- ``win-in-2``: a position is skipped (deterministically) when its proof needs more than
  :data:`NODE_BUDGET` moves made, or when every reply to the answer loses at once (no
  second move to show).
- The proofs here run on the engine's fast interface (``move_list``/``make``/
  ``unmake`` on bitboards); the tests prove the puzzles again with the public
  ``Game`` API (``legal_moves``/``copy``/``play``/``outcome``), another code path.
- ``facts``: the board ``size``, the ``ply`` of the position, the ``game`` (its number in
  the ``find`` call), the two ``players``, the ``legal_moves`` count, ``groups`` (of the
  side to move), ``win`` (how the answer wins: "connected" or "no-moves") and the figures
  behind the rating (``near``; ``tempting``, ``defences`` (replies to the answer that do
  not lose at once), ``only_answers``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar

import numpy as np

from ..loa.ai import PLAYERS
from ..loa.rules import MOVE_LIMIT, SIZES, Game, Move, _tables, cell_name, generate, has_move
from . import Puzzle, PuzzleError, Verdict

__all__ = ["KINDS", "NODE_BUDGET", "WinIn1", "WinIn2"]

#: the seats' colours (``Game.view``: 0 black, 1 white) and their pieces
COLOURS = ("Black", "White")
#: the most moves a ``win-in-2`` proof may make before its position is skipped
NODE_BUDGET = 200_000
#: the chance of a random move at each ply of the self-play
RANDOM_SHARE = 0.3
#: the players drawn for the self-play
LEVELS = ("easy", "medium")
#: positions from this ply on are not used
LAST_PLY = MOVE_LIMIT - 10
#: puzzles per game and kind at most, and the plies between two of one game
PER_GAME, GAP = 2, 4

_M = tuple[int, int]
WIN, LOSS, DRAW = 1, -1, 0


class _TooBig(Exception):
    """A proof that needs more than its budget of moves."""


# ------------------------------------------------------------- the fast judge
def _after(game: Game, mover: int, captured: int) -> int | None:
    """How the game stands for ``mover``, who just made a move from a position that was
    not over (``captured``: the bit ``make`` returned): WIN, LOSS, DRAW or None (going
    on). The rules' order: the mover connected, else the opponent (only a capture can
    have changed its pieces), else the move limit, else the opponent has no move."""
    table, pieces = game._t, game.pieces
    if table.connected(pieces[mover]):
        return WIN
    if captured and table.connected(pieces[mover ^ 1]):
        return LOSS
    if game.ply >= MOVE_LIMIT:
        return DRAW
    if not has_move(pieces[mover ^ 1], pieces[mover], game.size):
        return WIN
    return None


class _Prover:
    """Win-in-1 / win-in-2 proofs on a copy of a game, counting the moves it makes."""

    def __init__(self, game: Game, budget: int | None = None):
        self.game = game.copy()
        self.budget = budget
        self.nodes = 0

    def result(self, m: _M) -> int | None:
        """Make ``m``, judge it for its mover, take it back."""
        game = self.game
        self.nodes += 1
        if self.budget is not None and self.nodes > self.budget:
            raise _TooBig
        mover = game.turn
        result = _after(game, mover, game.make(*m))
        game.unmake()
        return result

    def wins(self, first_only: bool = False) -> list[_M]:
        """The side to move's moves that win at once (the first one only, if asked)."""
        found = []
        for m in self.game.move_list():
            if self.result(m) == WIN:
                found.append(m)
                if first_only:
                    break
        return found

    def refutation(self) -> _M | None:
        """After a move of P (not ending the game; the opponent to move): a reply after
        which P cannot win at once (or that wins or draws for the opponent), or None."""
        game = self.game
        for reply in game.move_list():
            self.nodes += 1
            if self.budget is not None and self.nodes > self.budget:
                raise _TooBig
            mover = game.turn
            result = _after(game, mover, game.make(*reply))
            refutes = result != LOSS and (result is not None or not self.wins(first_only=True))
            game.unmake()
            if refutes:
                return reply
        return None

    def wins_in_two(self, most: int = 2) -> list[_M]:
        """The first moves (at most ``most``) that win on the next move against every
        reply; call it where no move wins at once."""
        game = self.game
        found: list[_M] = []
        for m in game.move_list():
            self.nodes += 1
            mover = game.turn
            result = _after(game, mover, game.make(*m))
            good = result is None and self.refutation() is None
            game.unmake()
            if good:
                found.append(m)
                if len(found) >= most:
                    break
        return found


# -------------------------------------------------------------- the self-play
def _positions(rng: np.random.Generator) -> Iterator[tuple[int, Game, tuple[str, str]]]:
    """Every position (not over, before :data:`LAST_PLY`) of seeded self-play games,
    game after game, without end: ``(game number, game, players)``; the game is live (do
    not change it)."""
    number = 0
    while True:
        size = SIZES[int(rng.integers(len(SIZES)))]
        levels = tuple(LEVELS[int(rng.integers(len(LEVELS)))] for _ in range(2))
        players = [PLAYERS[level](seed=int(rng.integers(2**32)), time_limit=None) for level in levels]
        game = Game(size)
        while game.outcome() is None and game.ply < LAST_PLY:
            yield number, game, (levels[0], levels[1])
            if rng.random() < RANDOM_SHARE:
                moves = game.legal_moves()
                game.play(moves[int(rng.integers(len(moves)))])
            else:
                game.play(players[game.turn].choose(game))
        number += 1


def _find(kind: _Kind, rng: np.random.Generator, count: int) -> list[Puzzle]:
    found: list[Puzzle] = []
    seen: set[tuple[int, int, int, int]] = set()
    taken: dict[int, list[int]] = {}
    if count <= 0:
        return found
    for number, game, players in _positions(rng):
        plies = taken.get(number, [])
        if len(plies) >= PER_GAME or (plies and game.ply - plies[-1] < GAP):
            continue
        key = (game.size, game.pieces[0], game.pieces[1], game.turn)
        if key in seen:
            continue
        puzzle = kind._examine(game, {"size": game.size, "ply": game.ply, "game": number, "players": list(players)})
        if puzzle is None:
            continue
        seen.add(key)
        taken[number] = [*plies, game.ply]
        found.append(puzzle)
        if len(found) >= count:
            return found
    raise AssertionError("unreachable")  # pragma: no cover - the self-play never ends


# --------------------------------------------------------------- words
def _move(game: Game, m: _M) -> Move:
    """The engine's move ``m`` as a Move of ``game`` (with its capture mark)."""
    return Move(m[0], m[1], bool(game.pieces[game.turn ^ 1] >> m[1] & 1), size=game.size)


def _side(side: int) -> str:
    return COLOURS[side]


def _groups(game: Game, side: int) -> str:
    count = game.group_count(side)
    return "one group" if count == 1 else f"{count} groups"


def _clip(value: int, low: int, high: int) -> int:
    return min(high, max(low, value))


def _rounded(value: float, low: int, high: int) -> int:
    return int(min(high, max(low, round(value / 10) * 10)))


def _legal(puzzle: Puzzle, move: Move) -> tuple[Game, str | None]:
    game = puzzle.game
    return game, game.why_not(move)


def _end_words(game: Game, me: int, move: Move) -> str:
    """What ``move`` (just played in ``game`` by ``me``) did, the game now over."""
    outcome = game.outcome()
    assert outcome is not None
    you, them = _side(me), _side(me ^ 1)
    if outcome.winner == me and outcome.reason == "connected":
        words = f"{move} joins all {game.count(me)} of {you}'s pieces in one group: {you} wins"
        if game._t.connected(game.pieces[me ^ 1]):
            words += f" ({them}'s pieces are connected too, but the side that moves wins)"
        return words
    if outcome.winner == me:
        return f"{move} leaves {them} without a legal move: {you} wins"
    if outcome.winner == me ^ 1:
        return (f"{move} captures {them}'s last separate piece: {them}'s pieces are then all connected "
                f"and {them} wins")
    return f"{move} is the 200th move and nobody is connected: a draw"


class _Kind:
    game: ClassVar[str] = "loa"
    name: ClassVar[str]
    description: ClassVar[str]

    def find(self, rng: np.random.Generator, count: int) -> list[Puzzle]:
        """``count`` puzzles of this kind from seeded self-play, each proved (see the
        module docstring)."""
        return _find(self, rng, count)

    def _examine(self, game: Game, facts: dict[str, Any]) -> Puzzle | None:
        raise NotImplementedError

    def hint(self, puzzle: Puzzle) -> str:
        """Which piece moves first."""
        return f"The piece on {cell_name(puzzle.answer.src, puzzle.answer.size)} does it."

    def _puzzle(self, game: Game, prompt: str, solution: list[Move], rating: int, facts: dict[str, Any]) -> Puzzle:
        return Puzzle(game_name="loa", kind=self.name, position=game.to_dict(), prompt=prompt,
                      solution=tuple(solution), rating=rating, id="", facts=facts)


class WinIn1(_Kind):
    """The side to move wins at once, by exactly one move."""

    name = "win-in-1"
    description = "Connect all your pieces in one move."

    def _examine(self, game: Game, facts: dict[str, Any]) -> Puzzle | None:
        prover = _Prover(game)
        me = game.turn
        moves = game.move_list()
        winners, near = [], 0
        for m in moves:
            prover.nodes += 1
            captured = prover.game.make(*m)
            result = _after(prover.game, me, captured)
            if result is None and prover.game._t.groups(prover.game.pieces[me]) == 2:
                near += 1
            prover.game.unmake()
            if result == WIN:
                winners.append(m)
        if len(winners) != 1:
            return None
        answer = _move(game, winners[0])
        played = game.copy()
        played.play(answer)
        win = played.outcome()
        assert win is not None and win.winner == me
        rating = _rounded(800 + 6 * _clip(len(moves) - 8, 0, 40) + 20 * min(near, 12), 800, 1300)
        facts = {**facts, "legal_moves": len(moves), "groups": game.group_count(me), "win": win.reason,
                 "near": near}
        aim = "connect all your pieces in one move" if win.reason == "connected" else "win in one move"
        return self._puzzle(game, f"{_side(me)} to move: {aim}.", [answer], rating, facts)

    def check(self, puzzle: Puzzle, move: Move) -> Verdict:
        """The answer wins (how); another move leaves the mover unconnected (how many
        groups, and the opponent's winning reply when it has one) or loses at once."""
        game, illegal = _legal(puzzle, move)
        if illegal is not None:
            return Verdict(move, False, f"{move} is not a legal move here: {illegal}")
        me = game.turn
        played = game.play(move)
        if game.outcome() is not None:
            words = _end_words(game, me, played)
            correct = game.outcome().winner == me  # type: ignore[union-attr]
            if correct and played != puzzle.answer:
                raise PuzzleError(f"{played} wins too: this is not a {self.name} puzzle")
            return Verdict(played, correct, words + ".")
        reason = f"{played} leaves {_side(me)}'s pieces in {_groups(game, me)}, so the game goes on"
        wins = _Prover(game).wins(first_only=True)
        if wins:
            reply = _move(game, wins[0])
            return Verdict(played, False, f"{reason}, and {_side(me ^ 1)} then wins with {reply}.", (reply,))
        return Verdict(played, False, reason + ".")


class WinIn2(_Kind):
    """The side to move wins with its second move whatever the defence, by exactly one
    first move; it has no win at once."""

    name = "win-in-2"
    description = "Win in two moves whatever the opponent does: find the first move."
    #: the solver's moves of the solution: the answer, then a winning move after the defence
    to_find = 2

    def follow_up(self, game: Game, move: Move) -> Verdict:
        """The solver's second move, after the defence (on a board, ``game`` as it is
        then): right when it wins at once, whichever winning move it is."""
        after = game.copy()
        after.play(move)
        outcome = after.outcome()
        if outcome is not None and outcome.winner == game.turn:
            return Verdict(move, True, f"{move} wins: all your pieces are connected" if outcome.reason == "connected"
                           else f"{move} wins: the opponent has no move")
        return Verdict(move, False, f"{move} does not win now: another move does")

    def _examine(self, game: Game, facts: dict[str, Any]) -> Puzzle | None:
        prover = _Prover(game, NODE_BUDGET)
        try:
            if prover.wins(first_only=True):
                return None
            winners = prover.wins_in_two()
        except _TooBig:
            return None
        if len(winners) != 1:
            return None
        me = game.turn
        answer = _move(game, winners[0])
        after = game.copy()
        after.play(answer)
        replies = after.legal_moves()
        best: tuple[int, Move, Move] | None = None  # (winning answers, defence, first winning answer)
        defences = only = 0
        for reply in replies:
            position = after.copy()
            position.play(reply)
            if position.outcome() is not None:
                continue  # it loses at once
            defences += 1
            answers = sorted(_Prover(position).wins())
            only += len(answers) == 1
            if best is None or len(answers) < best[0]:
                best = (len(answers), reply, _move(position, answers[0]))
        if best is None:
            return None  # every reply loses at once: no second move to show
        first = _Prover(game)
        tempting = sum(_threatens(_pieces_after(first.game, m), me, game.size) for m in first.game.move_list()
                       if m != winners[0] and first.result(m) is None)
        moves = len(game.move_list())
        rating = _rounded(1300 + 5 * _clip(moves - 10, 0, 40) + 40 * min(tempting, 8) + 15 * min(only, 20),
                          1300, 1900)
        win = _win_reason(after, best[1], best[2])
        facts = {**facts, "legal_moves": moves, "groups": game.group_count(me), "tempting": tempting,
                 "defences": defences, "only_answers": only, "win": win}
        aim = " (connect all your pieces)" if win == "connected" else ""
        prompt = f"{_side(me)} to move: win in two moves whatever {_side(me ^ 1)} does{aim}. Find the first move."
        return self._puzzle(game, prompt, [answer, best[1], best[2]], rating, facts)

    def hint(self, puzzle: Puzzle) -> str:
        """Which piece moves first."""
        return f"The piece on {cell_name(puzzle.answer.src, puzzle.answer.size)} moves first."

    def check(self, puzzle: Puzzle, move: Move) -> Verdict:
        """The answer: how many defences, the main line; another move: the reply that
        refutes it, or that it loses or draws at once."""
        game, illegal = _legal(puzzle, move)
        if illegal is not None:
            return Verdict(move, False, f"{move} is not a legal move here: {illegal}")
        me = game.turn
        you, them = _side(me), _side(me ^ 1)
        played = game.play(move)
        if game.outcome() is not None:
            return Verdict(played, False, _end_words(game, me, played) + ".")
        if played == puzzle.answer:
            line = tuple(puzzle.solution[1:])
            defences = len(game.legal_moves())
            main = f"; the toughest defence is {line[0]}, met by {line[1]}" if len(line) == 2 else ""
            return Verdict(played, True, f"{played} wins by force: whatever {them} answers ({defences} legal "
                                         f"replies), {you} wins with the next move{main}.", line)
        # a reply that wins for the opponent at once, else the first after which no move wins
        prover = _Prover(game)
        wins = prover.wins(first_only=True)
        if wins:
            reply = _move(game, wins[0])
            return Verdict(played, False, f"{played} lets {them} win at once with {reply}.", (reply,))
        refutation = prover.refutation()
        if refutation is None:
            raise PuzzleError(f"{played} wins in two too: this is not a {self.name} puzzle")
        reply = game.play(_move(game, refutation))
        if game.outcome() is not None:  # a draw at the move limit
            return Verdict(played, False, f"after {played} {them} answers {reply}: {_end_words(game, me ^ 1, reply)}.",
                           (reply,))
        best = min(game._t.groups(_pieces_after(game, m)[me]) for m in game.move_list())
        return Verdict(played, False, f"{played} is answered by {reply}, and then no move of {you} wins "
                                      f"(the best leaves {best} groups).", (reply,))


def _pieces_after(game: Game, m: _M) -> tuple[int, int]:
    game.make(*m)
    pieces = (game.pieces[0], game.pieces[1])
    game.unmake()
    return pieces


def _threatens(pieces: tuple[int, int], side: int, size: int) -> bool:
    """Whether ``side``, were it to move with ``pieces`` on the board, would have a move
    that wins at once (the move limit aside)."""
    table = _tables(size)
    mine, theirs = pieces[side], pieces[side ^ 1]
    for src, dst in generate(mine, theirs, size):
        bit = 1 << dst
        moved, left = mine ^ (1 << src) | bit, theirs & ~bit
        if table.connected(moved):
            return True
        if not (left != theirs and table.connected(left)) and not has_move(left, moved, size):
            return True
    return False


def _win_reason(after: Game, defence: Move, second: Move) -> str:
    position = after.copy()
    position.play(defence)
    position.play(second)
    outcome = position.outcome()
    assert outcome is not None
    return outcome.reason


KINDS = {kind.name: kind for kind in (WinIn1(), WinIn2())}
