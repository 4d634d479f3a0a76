"""Lines of Action: one test (or more) per rule of shared/spec/lines-of-action.md."""

import random
import subprocess
import sys

import pytest

from gamewidgets.errors import BadSave, GameOver, IllegalMove, NothingToUndo
from gamewidgets.loa import (
    FIRST,
    MOVE_LIMIT,
    SECOND,
    SIZES,
    Game,
    Move,
    Outcome,
    cell_index,
    cell_name,
    cells,
    groups,
    is_connected,
    zobrist_key,
)


def targets(game, cell, **kw):
    return sorted(cell_name(m.dst, game.size) for m in game.targets(cell, **kw))


# --------------------------------------------------------------- the setup
@pytest.mark.parametrize("size, pieces", [(6, 8), (7, 10), (8, 12)])
def test_setups(size, pieces):
    game = Game(size)
    n = size
    assert game.size == size and game.turn == FIRST and game.ply == 0 and game.moves == []
    assert game.count(FIRST) == game.count(SECOND) == pieces
    first = {divmod(i, n) for i in cells(game.pieces[FIRST])}
    second = {divmod(i, n) for i in cells(game.pieces[SECOND])}
    assert first == {(r, c) for r in (0, n - 1) for c in range(1, n - 1)}  # top and bottom rows
    assert second == {(r, c) for r in range(1, n - 1) for c in (0, n - 1)}  # left and right columns
    for corner in ((0, 0), (0, n - 1), (n - 1, 0), (n - 1, n - 1)):
        assert game[corner] is None
    assert game.outcome() is None and not game.is_over


def test_default_size_and_bad_sizes():
    assert Game().size == 6 and SIZES == (6, 7, 8)
    for size in (5, 9, "6", None):
        with pytest.raises(ValueError):
            Game(size)


def test_start_pictures_and_fens():
    assert Game(6).fen() == "1xxxx1/o4o/o4o/o4o/o4o/1xxxx1 x 0"
    assert Game(8).fen() == "1xxxxxx1/o6o/o6o/o6o/o6o/o6o/o6o/1xxxxxx1 x 0"
    assert str(Game(6)).splitlines() == [
        "6  . x x x x .",
        "5  o . . . . o",
        "4  o . . . . o",
        "3  o . . . . o",
        "2  o . . . . o",
        "1  . x x x x .",
        "   a b c d e f",
        "ply 0, first (x) to move",
    ]


# ---------------------------------------------------------------- the moves
SPEC_EXAMPLE = """
    . . . . . o
    . . . . . .
    . . . . . .
    o x . . . x
    . . . . . .
    x . . . . o
"""


def test_distance_counts_every_piece_of_both_colours_on_the_whole_line():
    game = Game.from_text(SPEC_EXAMPLE)
    # the row of b3 holds it and two others (an enemy behind it, a friend far away):
    # along it b3 moves exactly 3 cells, to e3 (3 to the left would leave the board)
    assert game.line_counts("b3") == {"horizontal": 3, "vertical": 1, "diagonal": 1, "antidiagonal": 1}
    assert targets(game, "b3") == ["a2", "a4", "b2", "b4", "c2", "c4", "e3"]
    # f3: 3 on its row (c3), 3 on its column (f6, a capture), 1 on each diagonal
    assert game.line_counts("f3") == {"horizontal": 3, "vertical": 3, "diagonal": 1, "antidiagonal": 1}
    assert targets(game, "f3") == ["c3", "e2", "e4", "f6"]
    assert [str(m) for m in game.targets("f3") if m.capture] == ["f3xf6"]


def test_wrong_distance_is_refused_with_the_reason():
    game = Game.from_text(SPEC_EXAMPLE)
    before = game.to_dict()
    with pytest.raises(IllegalMove, match="exactly 3 cells along its row"):
        game.play("b3-d3")
    with pytest.raises(IllegalMove, match="not on one row, column or diagonal"):
        game.play("b3-c5")
    with pytest.raises(IllegalMove, match="no piece on c3"):
        game.play("c3-c4")
    with pytest.raises(IllegalMove, match="belongs to second"):
        game.play("a3-b4")
    with pytest.raises(IllegalMove, match="must move"):
        game.play("b3", "b3")
    assert game.to_dict() == before  # an illegal move changes nothing


def test_jumps_over_own_pieces():
    game = Game(6)
    # b1's row holds four friends: it jumps c1, d1, e1 and lands on the empty corner f1
    assert game.line_counts("b1")["horizontal"] == 4
    assert "f1" in targets(game, "b1")
    assert str(game.play("b1-f1")) == "b1-f1"
    assert game["f1"] == FIRST and game["b1"] is None


BLOCKED = """
    . . . . . .
    . . . . . .
    x . o . x .
    . . . . . .
    . . . . . .
    o . . . . o
"""


def test_never_jumps_enemy_pieces():
    game = Game.from_text(BLOCKED)
    assert game.line_counts("a4")["horizontal"] == 3
    assert "d4" not in targets(game, "a4") and "b4" not in targets(game, "e4")
    with pytest.raises(IllegalMove, match="jump over the enemy piece on c4"):
        game.play("a4-d4")
    with pytest.raises(IllegalMove, match="jump over the enemy piece on c4"):
        game.play("e4-b4")


def test_cannot_land_on_own_piece_nor_leave_the_board():
    game = Game.from_text("""
        . . . . . o
        . . . . . .
        . . . . . .
        . . . . . .
        x . x . . .
        . . . . o .
    """)
    assert targets(game, "a2") == ["a1", "a3", "b1", "b3"]  # not c2 (own), nothing to the left
    assert "e2" in targets(game, "c2") and "a2" not in targets(game, "c2")
    with pytest.raises(IllegalMove, match="c2 holds one of your own pieces"):
        game.play("a2-c2")


def test_capture_removes_the_enemy_piece_and_is_optional():
    game = Game.from_text(SPEC_EXAMPLE)
    moves = game.legal_moves()
    assert any(m.capture for m in moves) and any(not m.capture for m in moves)
    move = game.play("f3-f6")  # the capture mark comes from the board
    assert str(move) == "f3xf6" and move.capture
    assert game["f6"] == FIRST and game.count(SECOND) == 2 and game.count(FIRST) == 3
    assert game.captures == (1, 0)
    game.undo()
    assert game["f6"] == SECOND and game["f3"] == FIRST and game.captures == (0, 0)


def test_moves_alternate_and_only_the_side_to_move_moves():
    game = Game(6)
    assert all(game[m.src] == FIRST for m in game.legal_moves())
    game.play(game.legal_moves()[0])
    assert game.turn == SECOND and game.ply == 1
    assert all(game[m.src] == SECOND for m in game.legal_moves())
    assert game.targets("c1") == [] and game.targets("a2") != []
    assert targets(game, "c1", any_side=True) == ["a3", "c3", "e3"]


def test_legal_moves_are_ordered_and_fast_list_agrees():
    game = Game(7)
    moves = game.legal_moves()
    assert [(m.src, m.dst) for m in moves] == sorted((m.src, m.dst) for m in moves)
    assert sorted(game.move_list()) == [m.indices for m in moves]
    assert len(moves) == len(set(moves)) == 30


# -------------------------------------------------------------- the end
def test_connecting_all_pieces_wins():
    game = Game.from_text("""
        . . . . . .
        . . . . . o
        . x . . . .
        . . . . . .
        . x . . . .
        o . . . . .
    """)
    assert game.outcome() is None
    game.play("b2-a3")
    assert game.outcome() == Outcome(FIRST, "connected") and game.is_over
    assert game.legal_moves() == []
    with pytest.raises(GameOver, match="game is over"):
        game.play("f5-f4")
    with pytest.raises(GameOver):
        game.parse_move("f5-f4")


def test_corner_contact_connects_and_one_piece_is_a_group():
    assert is_connected(1 << cell_index("a1", 6) | 1 << cell_index("b2", 6), 6)
    assert not is_connected(1 << cell_index("a1", 6) | 1 << cell_index("c1", 6), 6)
    assert is_connected(1 << cell_index("d4", 6), 6)
    assert not is_connected(0, 6) and groups(0, 6) == 0


# x d3xd1 takes o's straggler: o's other pieces (a6, b6) are then one group
TAKE_STRAGGLER = """
    o o . . . .
    . . . . . .
    . . . . . .
    {a3} . . x . .
    . . . . . .
    . . {c1} o . .
"""


def test_one_move_connecting_both_sides_wins_for_the_mover():
    game = Game.from_text(TAKE_STRAGGLER.format(a3=".", c1="x"))
    assert game.group_count(FIRST) == 2 and game.group_count(SECOND) == 2
    move = game.play("d3-d1")
    assert move.capture
    assert is_connected(game.pieces[FIRST], 6) and is_connected(game.pieces[SECOND], 6)
    assert game.outcome() == Outcome(FIRST, "connected")


def test_connecting_the_opponent_loses_when_you_are_not_connected():
    game = Game.from_text(TAKE_STRAGGLER.format(a3="x", c1="."))
    game.play("d3xd1")
    assert game.group_count(FIRST) == 2 and game.group_count(SECOND) == 1
    assert game.outcome() == Outcome(SECOND, "connected")


def test_taking_all_but_one_enemy_piece_makes_it_win():
    game = Game.from_text("""
        . . . . . o
        . . . . . .
        . . . . . .
        x . . x . .
        . . . . . .
        . . . o . .
    """)
    game.play("d3xd1")
    assert game.count(SECOND) == 1
    assert game.outcome() == Outcome(SECOND, "connected")


# o's corner pieces a1 and f1 are walled in once x plays c4-e2
TRAPPED = """
    . . . . . .
    . . . . . .
    . . x . . .
    . . . . . .
    x x . . . x
    o x . . x o
"""


def test_a_player_without_a_legal_move_loses():
    game = Game.from_text(TRAPPED)
    game.play("c4-e2")
    assert game.group_count(FIRST) == 2 and game.group_count(SECOND) == 2
    assert game.move_list() == []
    assert game.outcome() == Outcome(FIRST, "no-moves")
    assert game.legal_moves() == []
    with pytest.raises(GameOver):
        game.play("a1-a3")


def test_a_hand_made_position_without_moves_is_lost_for_the_side_to_move():
    game = Game.from_text(TRAPPED.replace(". . x . . .", ". . . . . .").replace("x x . . . x", "x x . . x x"),
                          turn=SECOND)
    assert game.outcome() == Outcome(FIRST, "no-moves")


def test_draw_after_200_moves_in_total():
    game = Game.from_text(BLOCKED, ply=MOVE_LIMIT - 1)
    assert game.outcome() is None
    game.play("a4-a6")
    assert game.ply == 200
    assert game.outcome() == Outcome(None, "move-limit") and str(game.outcome()) == "draw (move-limit)"
    game.undo()
    assert game.outcome() is None


def test_connecting_with_the_200th_move_still_wins():
    picture = """
        . . . . . .
        . . . . . o
        . x . . . .
        . . . . . .
        . x . . . .
        o . . . . .
    """
    game = Game.from_text(picture, ply=199)
    game.play("b2-a3")
    assert game.outcome() == Outcome(FIRST, "connected")
    game.undo()
    game.play("b4-b6")
    assert game.outcome() == Outcome(None, "move-limit")


def test_the_move_limit_comes_before_no_moves():
    game = Game.from_text(TRAPPED, ply=199)
    game.play("c4-e2")
    assert game.outcome() == Outcome(None, "move-limit")


def test_a_real_game_of_200_moves_is_drawn():
    game, rng = Game(6), random.Random(1)
    while game.outcome() is None:
        moves = game.legal_moves()
        rng.shuffle(moves)
        for move in moves:  # any move that does not end the game (except by the limit)
            game.play(move)
            if game.outcome() is None or game.outcome().reason == "move-limit":
                break
            game.undo()
        else:
            pytest.fail(f"every move ends the game at ply {game.ply}")
    assert game.ply == 200 and len(game.moves) == 200
    assert game.outcome() == Outcome(None, "move-limit")
    with pytest.raises(GameOver):
        game.play(game.move_list()[0][0], game.move_list()[0][1])


# ------------------------------------------------------------------- undo
def test_undo_any_number_of_moves_back_to_the_start():
    game = Game(8)
    start = (list(game.pieces), game.turn, game.zobrist, game.fen())
    played = []
    for _ in range(12):
        played.append(game.play(game.legal_moves()[-1]))
    assert game.moves == played
    for move in reversed(played):
        assert game.undo() == move
    assert (game.pieces, game.turn, game.zobrist, game.fen()) == start
    with pytest.raises(NothingToUndo):
        game.undo()
    assert game.pop is not None and game.push is not None


def test_undo_after_the_end():
    game = Game.from_text(TRAPPED)
    game.play("c4-e2")
    assert game.is_over
    game.undo()
    assert game.outcome() is None and game.turn == FIRST


# ------------------------------------------------------------- notation
def test_cell_names_and_indices():
    assert cell_name(30, 6) == "a1" and cell_index("a1", 6) == 30  # bottom-left
    assert cell_name((5, 0), 6) == "a1" and cell_name((0, 7), 8) == "h8" and cell_name("b3", 6) == "b3"
    assert cell_index("a6", 6) == 0 and cell_index("f1", 6) == 35
    assert cell_index((5, 0), 6) == 30 and cell_index("h8", 8) == 7
    for bad in ("g1", "a7", "z1", "", (6, 0), (0, -1), 36, -1, True, 1.5, None):
        with pytest.raises(IllegalMove):
            cell_index(bad, 6)


def test_move_notation():
    move = Move.parse("b1-b3", 6)
    assert move == Move("b1", "b3", size=6) == Move((5, 1), (3, 1), size=6) == Move(31, 19, size=6)
    assert str(move) == "b1-b3" and not move.capture
    assert move.src_cell == (5, 1) and move.dst_cell == (3, 1)
    capture = Move.parse("b1xd3", 6)
    assert capture.capture and str(capture) == "b1xd3"
    assert capture == Move("b1", "d3", size=6) and hash(capture) == hash(Move("b1", "d3", size=6))
    assert Move.parse(" B1 - B3 ", 6) == move
    for bad in ("b1b3", "b1-b9", "b1--b3", "i1-i2", "", None, 7):
        with pytest.raises(IllegalMove):
            Move.parse(bad, 6)
    assert str(Move.parse("h8xa1", 8)) == "h8xa1"


def test_parse_move_checks_legality_and_gives_the_capture_mark():
    game = Game.from_text(SPEC_EXAMPLE)
    assert str(game.parse_move("f3-f6")) == "f3xf6"
    assert game.parse_move("b3xe3") == Move("b3", "e3", size=6)
    assert not game.parse_move("b3xe3").capture
    with pytest.raises(IllegalMove):
        game.parse_move("b3-d3")
    with pytest.raises(IllegalMove):
        game.parse_move("nonsense")
    with pytest.raises(IllegalMove, match="8×8"):
        game.play(Move("b1", "b3", size=8))
    assert game.fen() == Game.from_text(SPEC_EXAMPLE).fen()


def test_play_accepts_moves_texts_and_cell_pairs():
    for move in (Move("b1", "b3", size=6), "b1-b3", ("b1", "b3"), ((5, 1), (3, 1)), (31, 19)):
        game = Game(6)
        played = game.play(*move) if isinstance(move, tuple) else game.play(move)
        assert str(played) == "b1-b3" and game.moves == [played]
    with pytest.raises(IllegalMove):
        Game(6).play(31)


# ---------------------------------------------------------- positions as text
def test_text_round_trips():
    game = Game(7)
    for text in ("c1-c3", "a6-c6", "e1-e3"):
        game.play(text)
    again = Game.from_text(str(game))
    assert again.fen() == game.fen() and again.turn == SECOND and again.ply == 3
    assert Game.from_fen(game.fen()).fen() == game.fen()
    assert Game.from_fen("1xxxx1/o4o/o4o/o4o/o4o/1xxxx1 o").turn == SECOND
    assert Game.from_text(str(game), turn=FIRST, ply=0).fen().endswith(" x 0")
    over = Game.from_text(TRAPPED)
    over.play("c4-e2")
    assert "game over: first (x) wins (no-moves)" in str(over)
    assert Game.from_text(str(over)).outcome() == Outcome(FIRST, "no-moves")


@pytest.mark.parametrize("text", [
    ". x\nx .",  # too small
    SPEC_EXAMPLE.replace("o x", "o y"),  # unknown piece
    SPEC_EXAMPLE + "\n. . . . . .",  # 7 rows of 6
    "6 . . . . . o\n6 . . . . . .\n4 . . . . . .\n3 . . . . . .\n2 . . . . . .\n1 . . . . . .",  # ranks
])
def test_from_text_refuses_bad_pictures(text):
    with pytest.raises(ValueError):
        Game.from_text(text)


def test_from_text_and_fen_refuse_bad_turn_and_ply():
    for kw in ({"turn": 2}, {"turn": "x"}, {"ply": -1}, {"ply": 1.5}):
        with pytest.raises(ValueError):
            Game.from_text(SPEC_EXAMPLE, **kw)
    start = "1xxxx1/o4o/o4o/o4o/o4o/1xxxx1"
    for bad in (start, f"{start} y 0", f"{start} x -1", f"{start} xo 0", "1xxxx1/o4o/o4o/o4o/o4o x 0",
                "1xxxq1/o4o x", 5):
        with pytest.raises(ValueError):
            Game.from_fen(bad)


# --------------------------------------------------------------- saving
def test_save_round_trip():
    game = Game(8)
    for _ in range(9):
        game.play(game.legal_moves()[len(game.moves) % 5])
    data = game.to_dict()
    assert data["game"] == "loa" and data["size"] == 8 and len(data["moves"]) == 9
    again = Game.from_dict(data)
    assert again.to_dict() == data and again.zobrist == game.zobrist and again.moves == game.moves
    for _ in range(9):
        again.undo()
    assert again.fen() == Game(8).fen()


def test_save_of_a_hand_made_position_keeps_its_start():
    game = Game.from_text(SPEC_EXAMPLE, ply=40)
    game.play("f3xf6")
    again = Game.from_dict(game.to_dict())
    assert again.ply == 41 and again.fen() == game.fen()
    again.undo()
    assert again.fen() == Game.from_text(SPEC_EXAMPLE, ply=40).fen()


def _damage(data, **changes):
    return {**data, **changes}


def test_damaged_saves_raise_badsave():
    game = Game(6)
    game.play("b1-b3")
    game.play("a2-c2")
    good = game.to_dict()
    damaged = [
        None, [], {}, _damage(good, game="line98"), _damage(good, version=2), _damage(good, size=5),
        _damage(good, size=True), _damage(good, size=7), _damage(good, start="junk"),
        _damage(good, moves="b1-b3"), _damage(good, moves=["b1-b4", "a2-c2"]), _damage(good, moves=[1]),
        _damage(good, position=Game(6).fen()), {k: v for k, v in good.items() if k != "position"},
        {k: v for k, v in good.items() if k != "moves"},
    ]
    for data in damaged:
        with pytest.raises(BadSave):
            Game.from_dict(data)
    assert Game.from_dict(good).fen() == game.fen()


def test_copy_is_independent():
    game = Game(6)
    game.play("b1-b3")
    twin = game.copy()
    twin.play(twin.legal_moves()[0])
    assert game.ply == 1 and twin.ply == 2 and game.fen() != twin.fen()
    twin.undo()
    assert twin.fen() == game.fen() and twin.zobrist == game.zobrist
    twin.undo()
    assert game.moves == [Move("b1", "b3", size=6)]


# --------------------------------------------------------- helpers and keys
def test_groups_do_not_wrap_around_the_board_edges():
    for size in SIZES:
        for a in range(size * size):
            for b in range(a + 1, size * size):
                (ra, ca), (rb, cb) = divmod(a, size), divmod(b, size)
                touching = max(abs(ra - rb), abs(ca - cb)) == 1
                assert groups(1 << a | 1 << b, size) == (1 if touching else 2), (size, a, b)


def test_group_counts_at_the_start():
    game = Game(8)
    assert game.group_count(FIRST) == 2 and game.group_count(SECOND) == 2
    assert groups(game.pieces[FIRST] | game.pieces[SECOND], 8) == 1  # b8 and a7 touch at a corner


def test_zobrist_is_fixed_and_follows_the_side_to_move():
    # fixed tables: the same keys in every run (a transposition table can be saved)
    assert [hex(Game(n).zobrist) for n in SIZES] == ["0x3011439f2b9bd6af", "0x2366bc6e92aab653", "0xf4397ba79882c78b"]
    game = Game(6)
    first, second = game.pieces
    assert zobrist_key(first, second, FIRST, 6) == game.zobrist != zobrist_key(first, second, SECOND, 6)
    assert 0 <= game.zobrist < 2**64
    # transpositions meet: two orders of the same moves give the same key
    a, b = Game(6), Game(6)
    for text in ("b1-b3", "a2-c2", "e1-e3"):
        a.play(text)
    for text in ("e1-e3", "a2-c2", "b1-b3"):
        b.play(text)
    assert a.fen() == b.fen() and a.zobrist == b.zobrist


def test_repr_and_str_say_what_is_going_on():
    game = Game(6)
    assert repr(game) == "<loa.Game 6x6 ply=0 x=8 o=8 first to move>"
    assert str(Outcome(SECOND, "connected")) == "second (o) wins (connected)"
    game.play("b1-b3")
    assert "ply 1, second (o) to move" in str(game)


def test_the_rules_import_no_jupyter():
    code = ("import sys, gamewidgets.loa;"
            "print([m for m in ('anywidget', 'ipywidgets', 'traitlets', 'IPython') if m in sys.modules])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
