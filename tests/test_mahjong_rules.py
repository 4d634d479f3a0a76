"""Each rule of shared/spec/mahjong-connect.md, on hand-made layouts."""

from collections import Counter
from itertools import pairwise

import pytest
from mahjong_pairs import connectable_pairs

from gamewidgets.errors import BadSave, GameOver, IllegalMove, NothingToUndo
from gamewidgets.mahjong import Clock, Game, Move, Shuffle, fewest_turns, find_path, removable_pairs
from gamewidgets.mahjong.tiles import CODES, TILE, full_set, matches


class FakeTime:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


def layout(text: str, **kwargs) -> Game:
    return Game.from_grid(text, **kwargs)


def state(game: Game) -> dict:
    """The saved game without the clock, which moves on by itself."""
    data = game.to_dict()
    data.pop("seconds")
    return data


# ------------------------------------------------------------------- the tiles
def test_the_144_tiles():
    tiles = Counter(full_set())
    assert sum(tiles.values()) == 144 == 27 * 4 + 4 * 4 + 3 * 4 + 4 + 4
    for suit in "DBC":
        assert all(tiles[TILE[f"{suit}{n}"]] == 4 for n in range(1, 10))
    assert all(tiles[TILE[w]] == 4 for w in ("WE", "WS", "WW", "WN", "DR", "DG", "DW"))
    assert all(tiles[TILE[f"F{n}"]] == 1 and tiles[TILE[f"S{n}"]] == 1 for n in range(1, 5))
    assert len(CODES) == 42


def test_matching_identical_flowers_with_flowers_seasons_with_seasons():
    t = TILE
    assert matches(t["D5"], t["D5"]) and not matches(t["D5"], t["D6"]) and not matches(t["D5"], t["B5"])
    assert matches(t["F1"], t["F4"]) and matches(t["S2"], t["S3"])
    assert not matches(t["F1"], t["S1"]) and not matches(t["WE"], t["WS"])
    assert not matches(0, 0)


def test_a_new_deal_fills_8_rows_of_18_with_the_144_tiles():
    game = Game(4)
    assert game.shape == (8, 18) and game.tiles_left == 144
    assert Counter(game.grid.ravel().tolist()) == Counter(full_set())
    assert (Game(4).grid == game.grid).all() and not (Game(5).grid == game.grid).all()


# ------------------------------------------------------------- the connection
@pytest.mark.parametrize(
    "picture,a,b,turns",
    [
        ("D1 . . D1", (0, 0), (0, 3), 0),  # straight along a row
        ("D1 B2\n. B3\n. D1", (0, 0), (2, 1), 1),  # one turn
        ("D1 . B3\nC1 . B4\nC2 . D1", (0, 0), (2, 2), 2),  # two turns inside
        ("D1 B2 D1", (0, 0), (0, 2), 2),  # around the outside: along the ring above
        ("D1 B1\nC1 B2\nD1 B3", (0, 0), (2, 0), 2),  # same column, a tile between: round the ring
    ],
)
def test_connections_and_their_turns(picture, a, b, turns):
    game = layout(picture)
    path = game.connection(a, b)
    assert path is not None and path[0] == a and path[-1] == b
    assert len(path) - 2 == turns == fewest_turns(game.grid, a, b)
    for (r1, c1), (r2, c2) in pairwise(path):
        assert r1 == r2 or c1 == c2  # straight segments


def test_path_runs_along_the_outer_ring():
    game = layout("D1 B2 D1\nC1 C2 C3")
    assert game.connection((0, 0), (0, 2)) == [(0, 0), (-1, 0), (-1, 2), (0, 2)]
    bottom = layout("C1 C2 C3\nD1 B2 D1")
    assert bottom.connection((1, 0), (1, 2)) == [(1, 0), (2, 0), (2, 2), (1, 2)]


def test_a_walled_pair_is_refused_with_the_reason():
    walled = layout("B1 B2 B3\nB4 D1 B5\nB6 B7 B8\nB9 D1 C1")
    assert walled.connection((1, 1), (3, 1)) is None
    assert "walled apart" in walled.why_not((1, 1), (3, 1))


def test_a_pair_needing_three_turns_stays():
    game = layout("""
    C1 C2 C3 C4 C5
    C6 D1 .  C7 C8
    C9 B1 .  .  B3
    B4 B5 B6 D1 B7
    B8 B9 WE WS WW
    """)
    assert fewest_turns(game.grid, (1, 1), (3, 3)) == 3
    before = game.grid.copy()
    with pytest.raises(IllegalMove, match="needs 3 turns"):
        game.play((1, 1), (3, 3))
    assert (game.grid == before).all()


@pytest.mark.parametrize(
    "a,b,reason",
    [
        ((0, 1), (0, 3), "no tile on"),
        ((0, 0), (0, 0), "itself"),
        ((0, 0), (0, 2), "does not match"),
        ((0, 0), (0, 9), "off the board"),
        ((0, 0), "x", "not a \\(row, col\\) pair"),
    ],
)
def test_refused_pairs_raise_and_change_nothing(a, b, reason):
    game = layout("D1 . B2 D1")
    before = state(game)
    with pytest.raises(IllegalMove, match=reason):
        game.play(a, b)
    assert state(game) == before


def test_removing_a_pair_scores_and_tiles_never_move():
    game = layout("D1 B2 D1 B2", scoring="standard")
    removal = game.play((0, 0), (0, 2))
    assert removal.tiles == (TILE["D1"], TILE["D1"]) and removal.points == 10
    assert game.grid.tolist() == [[0, TILE["B2"], 0, TILE["B2"]]]
    assert game.score == 10


def test_flowers_pair_with_any_flower_and_moves_name_each_pair_once():
    game = layout("F1 S1 F3 S4")
    moves = game.legal_moves()
    assert Move((0, 2), (0, 0)) in moves  # F1 + F3 around the ring
    assert Move((0, 1), (0, 3)) in moves  # S1 + S4
    assert len(moves) == len(set(moves)) == 2
    assert Move((0, 2), (0, 0)) == Move((0, 0), (0, 2))


# ------------------------------------------------- hint, stuck, shuffle, undo
STUCK = """
D1 B1 D2 B2
B2 D2 B1 D1
"""


def test_stuck_position_and_shuffle_makes_it_clearable():
    game = layout(STUCK, seed=3)
    assert game.stuck and game.legal_moves() == []
    with pytest.raises(GameOver):
        game.hint()
    before = Counter(game.grid.ravel().tolist())
    occupied = game.grid != 0
    game.shuffle()
    assert Counter(game.grid.ravel().tolist()) == before
    assert ((game.grid != 0) == occupied).all()
    assert not game.stuck
    from gamewidgets.mahjong import solve

    assert solve(game.grid) is not None
    assert game.score == 0  # a shuffle is free
    assert game.undo() == Shuffle() and game.stuck  # undo brings the stuck layout back


def test_shuffle_only_when_stuck():
    game = layout("D1 D1 B1 B1")
    with pytest.raises(IllegalMove, match="still be removed"):
        game.shuffle()


def test_hint_names_a_removable_pair_and_costs_10():
    game = Game(7, scoring="standard")
    move = game.hint()
    assert move in game.legal_moves()
    assert game.score == -10 and game.hints == 1
    game.play(move)
    assert game.score == 0


def test_undo_any_number_of_moves_and_restart_the_same_deal():
    game = Game(2)
    start = game.grid.copy()
    played = []
    for _ in range(5):
        move = game.legal_moves()[0]
        game.play(move)
        played.append(move)
    for move in reversed(played):
        assert game.undo() == move
    assert (game.grid == start).all() and game.moves == []
    with pytest.raises(NothingToUndo):
        game.undo()
    game.play(played[0])
    game.hint()
    game.restart()
    assert (game.grid == start).all() and game.hints == 0 and game.moves == []


def test_undo_after_shuffle_and_moves():
    game = layout(STUCK, seed=1)
    game.shuffle()
    move = game.legal_moves()[0]
    game.play(move)
    assert game.undo() == move and game.undo() == Shuffle() and game.stuck


# -------------------------------------------------------------------- scoring
def test_timed_scoring_two_points_per_full_ten_seconds_and_a_win_bonus():
    clock_time = FakeTime()
    game = layout("D1 D1 B1 B1", clock=Clock(clock_time))
    game.start_clock()  # the player's first action
    clock_time.now += 25.9  # 25 whole seconds: two full tens
    assert game.seconds == 25 and game.score == -4
    assert game.score_breakdown() == {"pairs": 0, "hints": 0, "time": -4, "bonus": 0}
    game.play((0, 0), (0, 1))
    assert game.score == 10 - 4
    clock_time.now += 10
    game.play((0, 2), (0, 3))  # won at 35.9 s
    assert game.won and game.seconds == 35
    assert game.score == 20 - 2 * 3 + (600 - 35)
    clock_time.now += 100  # the clock stopped with the win
    assert game.seconds == 35 and game.outcome().score == game.score
    assert game.score_breakdown() == {"pairs": 20, "hints": 0, "time": -6, "bonus": 565}


def test_the_clock_starts_at_the_first_action_not_at_the_deal():
    clock_time = FakeTime()
    for first_action in ("play", "hint", "start_clock", "resume"):
        game = layout("D1 D1 B1 B1", clock=Clock(clock_time))
        clock_time.now += 50  # the board is read, nobody touches it
        assert game.seconds == 0 and game.score == 0 and not game.clock.running
        if first_action == "play":
            game.play((0, 0), (0, 1))
        elif first_action == "resume":
            game.pause()
            game.resume()
        else:
            getattr(game, first_action)()
        clock_time.now += 12
        assert game.seconds == 12, first_action
    saved = Game.from_dict(game.to_dict())  # a loaded game waits for an action too
    assert saved.seconds == 12 and not saved.clock.running
    saved.start_clock()
    assert saved.clock.running


def test_scoring_can_change_and_the_score_follows():
    clock_time = FakeTime()
    game = layout("D1 D1 B1 B1", clock=Clock(clock_time))
    game.play((0, 0), (0, 1))
    game.hint()
    clock_time.now += 40
    assert game.score == 10 - 10 - 8
    game.scoring = "standard"
    assert game.score == 0 and game.score_breakdown() == {"pairs": 10, "hints": -10}
    with pytest.raises(ValueError, match="scoring must be one of"):
        game.scoring = "fast"
    assert game.scoring == "standard"


def test_paused_time_does_not_count_and_standard_scoring_has_no_time():
    clock_time = FakeTime()
    game = layout("D1 D1", clock=Clock(clock_time))
    game.start_clock()
    clock_time.now += 9
    game.pause()
    clock_time.now += 500
    assert game.paused and game.seconds == 9
    game.resume()
    clock_time.now += 2
    assert game.seconds == 11 and game.score == -2
    standard = layout("D1 D1", scoring="standard", clock=Clock(clock_time))
    clock_time.now += 1000
    standard.play((0, 0), (0, 1))
    assert standard.score == 10


# ------------------------------------------------------------- serialisation
def test_to_dict_round_trip_with_shuffles_and_hints():
    game = layout(STUCK + "WE . . WE", seed=5)
    game.play((2, 0), (2, 3))
    game.shuffle()
    game.hint()
    copy = Game.from_dict(game.to_dict())
    assert copy.to_dict()["grid"] == game.to_dict()["grid"]
    assert copy.hints == 1 and copy.moves == game.moves
    assert copy.undo() == Shuffle() == game.undo()
    assert (copy.grid == game.grid).all()


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: d.update(game="line98"),
        lambda d: d["history"].append({"remove": [[0, 0], [0, 0]]}),
        lambda d: d.update(grid=[[None] * 18] * 8),
        lambda d: d["start"][0].__setitem__(0, "ZZ"),
        lambda d: d.pop("seed"),
    ],
)
def test_damaged_saves_raise_bad_save(damage):
    game = Game(1)
    game.play(game.legal_moves()[0])
    data = game.to_dict()
    damage(data)
    with pytest.raises(BadSave):
        Game.from_dict(data)


def test_text_and_layout_helpers():
    game = Game(3)
    assert str(game).splitlines()[0].split()[0] in CODES
    assert "tiles=144" in repr(game)
    assert game[0, 0] in CODES
    with pytest.raises(ValueError, match="unknown tile code"):
        Game.from_grid([["X9"]])
    with pytest.raises(ValueError, match="same length"):
        Game.from_grid([["D1", "D1"], ["D1"]])


def test_removable_pairs_are_exactly_the_matching_connected_pairs():
    game = Game(11)
    grid = game.grid
    expected = connectable_pairs(grid)
    assert set(removable_pairs(grid)) == expected
    for a, b in expected:
        assert find_path(grid, a, b) is not None
