"""What Mahjong Connect gives a teacher and a player beyond the rules: a pair's route
and the tiles in its way (``game.route``, ``w.show_path``), whether each removable
pair keeps the deal clearable (``pair_safety``, the solver's analysis and its
colours), a hint that never points at a known dead end, and a solver that keeps its
plan instead of solving again at every move."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mahjong_pairs import connectable_pairs
from test_mahjong_properties import replays_to_empty

from gamewidgets import MahjongConnect
from gamewidgets.errors import IllegalMove
from gamewidgets.mahjong import Game, Solver, fewest_turns, solve
from gamewidgets.mahjong import deal as dealing
from gamewidgets.mahjong.connect import route_in_the_way
from gamewidgets.mahjong.deal import DEAD_END, SAFE, UNKNOWN, pair_safety

BLOCKED = "B1 B2 B3\nB4 DR B5\nB6 B7 B8\nC1 DR C2"  # the dragons on (1, 1) and (3, 1): walled apart
THREE_TURNS = "C1 C2 C3 C4 C5\nC6 DG .  C7 C8\nC9 B1 .  .  B3\nB4 B5 B6 DG B7\nB8 B9 WE WS WW"
# two removable pairs: (0, 0)+(1, 0) is a dead end (no order clears what is left), (3, 0)+(3, 1) safe
TRAP = "C1 D1 B2 B1\nC1 B2 D1 D2\nD2 D1 B1 C1\nB1 B1 C1 D1"
grids = st.lists(st.lists(st.sampled_from(["D1", "D2", "."]), min_size=2, max_size=5), min_size=2, max_size=4).map(
    lambda rows: [row[: min(len(r) for r in rows)] for row in rows])


# ----------------------------------------------------------------------- routes
def test_a_route_says_how_a_pair_connects_or_what_is_in_its_way():
    blocked = Game.from_grid(BLOCKED).route((1, 1), (3, 1))
    assert not blocked.connects and blocked.in_the_way == ((2, 1),) and "walled apart" in blocked.reason
    three = Game.from_grid(THREE_TURNS).route((1, 1), (3, 3))
    assert three.in_the_way and "3 turns" in three.reason and three.turns <= 2
    straight = Game.from_grid("D5 .  .  D5\nB1 B2 B3 B4").route((0, 0), (0, 3))
    assert straight.connects and straight.reason is None and straight.corners == ((0, 0), (0, 3))
    assert straight.to_dict()["connects"] is True and straight.to_dict()["in_the_way"] == []
    unmatched = Game.from_grid("D5 D6").route((0, 0), (0, 1))
    assert unmatched.connects and "does not match" in unmatched.reason


@settings(max_examples=60, deadline=None)
@given(grids, st.data())
def test_nothing_in_the_way_exactly_when_the_cells_connect(rows, data):
    grid = Game.from_grid(rows).grid
    cells = [tuple(map(int, c)) for c in np.argwhere(grid)]
    if len(cells) < 2:
        return
    a, b = data.draw(st.sampled_from([(x, y) for x in cells for y in cells if x < y]))
    corners, in_the_way = route_in_the_way(grid, a, b)
    turns = fewest_turns(grid, a, b)
    assert (not in_the_way) == (turns is not None and turns <= 2)
    assert corners[0] == a and corners[-1] == b and len(corners) <= 4
    cleared = grid.copy()
    for cell in in_the_way:  # take the tiles in the way away: the route is open
        cleared[cell] = 0
    assert fewest_turns(cleared, a, b) is not None and fewest_turns(cleared, a, b) <= 2


def test_show_path_draws_the_route_until_the_next_move():
    widget = MahjongConnect(game=Game.from_grid(BLOCKED + "\nWE WE ."), lesson=True, store=None)
    route = widget.show_path((1, 1), (3, 1))
    assert widget.path_shown == route.to_dict() and widget.path_shown["in_the_way"] == [[2, 1]]
    widget.show_path()
    assert widget.path_shown == {}
    widget.show_path((4, 0), (4, 1))
    widget.remove((4, 0), (4, 1))
    assert widget.path_shown == {}
    with pytest.raises(IllegalMove):
        widget.show_path((9, 9), (0, 0))
    with pytest.raises(TypeError, match="two cells"):
        widget.show_path((0, 0))


# ------------------------------------------------------------------ safe pairs
@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32))
def test_pair_safety_answers_for_every_removable_pair_of_a_deal(seed):
    game = Game(seed)
    solution = solve(game.grid)
    for move in game.legal_moves()[:8]:
        verdict, rest = pair_safety(game.grid, (move.a, move.b), [solution], max_nodes=500)
        after = game.grid.copy()
        after[move.a] = after[move.b] = 0
        if verdict == SAFE:
            assert replays_to_empty(after, rest)
        elif verdict == DEAD_END:
            assert solve(after) is None
        else:
            assert verdict == UNKNOWN and rest is None


def test_a_dead_end_is_proved_and_the_analysis_colours_it():
    game = Game.from_grid(TRAP)
    analysis = Solver().analyse(game)
    safety = analysis.stats["safety"]
    assert safety == {"(0, 0)+(1, 0)": DEAD_END, "(3, 0)+(3, 1)": SAFE}
    assert analysis.move == game.parse_move("(3, 0)+(3, 1)") and "1 safe, 1 dead ends" in analysis.reason
    for move in game.legal_moves():
        after = game.copy()
        after.play(move)
        assert (safety[str(move)] == SAFE) == (solve(after.grid) is not None)
    assert all(c.facts["safe"] in (1, 0, -1) for c in analysis.candidates)
    overlay = MahjongConnect(game=game, lesson=True, store=None)
    overlay.show(analysis)
    assert overlay.overlay["safety"] == [safety[str(c.move)] for c in analysis.candidates]
    picture = game.svg(analysis)
    assert 'data-safety="dead end"' in picture


def test_the_hint_never_points_at_a_known_dead_end(monkeypatch):
    game = Game.from_grid(TRAP)
    full = game.grid.copy()
    real_solve = dealing.solve

    def no_answer_for_the_whole_grid(grid, max_nodes=200_000):
        if np.array_equal(grid, full):
            raise dealing.SearchLimit("pretend the search gave up")
        return real_solve(grid, max_nodes)

    monkeypatch.setattr(dealing, "solve", no_answer_for_the_whole_grid)
    assert game.legal_moves()[0] == game.parse_move("(0, 0)+(1, 0)")  # the first pair is the dead end
    assert game.hint() == game.parse_move("(3, 0)+(3, 1)")


def test_the_solver_keeps_its_plan_while_it_applies(monkeypatch):
    calls = []
    real_solve = dealing.solve

    def counted(grid, max_nodes=200_000, **options):
        calls.append(int(np.count_nonzero(grid)))
        return real_solve(grid, max_nodes, **options)

    monkeypatch.setattr("gamewidgets.mahjong.players.solve", counted)
    widget = MahjongConnect(seed=7, store=None)
    widget.watch("solver", moves=72, delay=0)
    assert widget.won and calls == [144]  # solved once, then played on from its plan
    assert connectable_pairs(Game(7).grid)  # (the deal had removable pairs to start with)
