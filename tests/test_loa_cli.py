"""`gamewidgets loa perft`, checked against a deliberately simple move generator written
here (lists of lists, walking every line cell by cell): not the bitboard engine."""

import json
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamewidgets.cli import main
from gamewidgets.loa import FIRST, SECOND, Game, generate, perft

STEPS = ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, -1), (1, -1), (-1, 1))


# --------------------------------------------------------- the naive engine
def naive_start(n):
    board = [["."] * n for _ in range(n)]
    for i in range(1, n - 1):
        board[0][i] = board[n - 1][i] = "x"
        board[i][0] = board[i][n - 1] = "o"
    return board


def on_board(n, r, c):
    return 0 <= r < n and 0 <= c < n


def naive_moves(board, me):
    """Every move of ``me`` ("x" or "o") as ((row, col), (row, col)), sorted."""
    n = len(board)
    enemy = "o" if me == "x" else "x"
    found = []
    for r in range(n):
        for c in range(n):
            if board[r][c] != me:
                continue
            for dr, dc in STEPS:
                count = 0  # every piece on the whole line, both ways, this one included
                for sign in (1, -1):
                    k = 0 if sign == 1 else 1
                    while on_board(n, r + sign * k * dr, c + sign * k * dc):
                        count += board[r + sign * k * dr][c + sign * k * dc] != "."
                        k += 1
                tr, tc = r + count * dr, c + count * dc
                if not on_board(n, tr, tc) or board[tr][tc] == me:
                    continue
                if any(board[r + k * dr][c + k * dc] == enemy for k in range(1, count)):
                    continue
                found.append(((r, c), (tr, tc)))
    return sorted(found)


def naive_groups(board, me):
    n = len(board)
    seen, groups = set(), 0
    for r in range(n):
        for c in range(n):
            if board[r][c] != me or (r, c) in seen:
                continue
            groups += 1
            stack = [(r, c)]
            seen.add((r, c))
            while stack:
                y, x = stack.pop()
                for dy in (-1, 0, 1):
                    for dx in (-1, 0, 1):
                        p = (y + dy, x + dx)
                        if on_board(n, *p) and board[p[0]][p[1]] == me and p not in seen:
                            seen.add(p)
                            stack.append(p)
    return groups


def naive_over(board, to_move, ply):
    mover = "o" if to_move == "x" else "x"
    return (naive_groups(board, mover) == 1 or naive_groups(board, to_move) == 1 or ply >= 200
            or not naive_moves(board, to_move))


def naive_perft(board, me, depth, ply=0):
    counts = [0] * depth

    def walk(board, me, level, ply):
        moves = naive_moves(board, me)
        counts[level] += len(moves)
        if level + 1 == depth:
            return
        other = "o" if me == "x" else "x"
        for (r, c), (tr, tc) in moves:
            after = [row[:] for row in board]
            after[r][c], after[tr][tc] = ".", me
            if not naive_over(after, other, ply + 1):
                walk(after, other, level + 1, ply + 1)

    if not naive_over(board, me, ply):
        walk(board, me, 0, ply)
    return counts


def naive_board(game):
    """The engine's position as the naive engine's board, read through fen() only."""
    board = []
    for rank in game.fen().split()[0].split("/"):
        row = []
        for char in rank:
            row.extend("." * int(char) if char.isdigit() else char)
        board.append(row)
    return board


# ------------------------------------------------------------------- perft
NAIVE = {size: naive_perft(naive_start(size), "x", 3) for size in (6, 7, 8)}


@pytest.mark.parametrize("size", [6, 7, 8])
def test_perft_matches_the_naive_engine(size):
    assert perft(Game(size), 3) == NAIVE[size]
    assert naive_board(Game(size)) == naive_start(size)


def test_perft_values_are_pinned():
    # the figures both implementations agree on, kept so that a change to either shows
    assert NAIVE == {6: [24, 524, 11440], 7: [30, 848, 25012], 8: [36, 1244, 44952]}


@pytest.mark.parametrize("size", [6, 7, 8])
def test_cli_perft_prints_and_writes_json(tmp_path, capsys, size):
    path = tmp_path / "perft.json"
    assert main(["loa", "perft", "--size", str(size), "--depth", "3", "--json", str(path)]) == 0
    assert json.loads(path.read_text()) == {"size": size, "perft": NAIVE[size]}
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 3
    for depth, (line, count) in enumerate(zip(out, NAIVE[size], strict=True), start=1):
        assert line.endswith(f"perft {depth}: {count}")


def test_cli_perft_as_a_module(tmp_path):
    path = tmp_path / "p.json"
    run = subprocess.run([sys.executable, "-m", "gamewidgets", "loa", "perft", "--size", "6", "--depth", "2",
                          "--json", str(path)], capture_output=True, text=True, check=True)
    assert json.loads(path.read_text()) == {"size": 6, "perft": NAIVE[6][:2]}
    assert str(NAIVE[6][1]) in run.stdout


@pytest.mark.parametrize("args", [["--size", "5", "--depth", "2"], ["--size", "6", "--depth", "0"],
                                  ["--size", "6"], ["--depth", "x"]])
def test_cli_perft_refuses_bad_arguments(args, capsys):
    with pytest.raises(SystemExit) as exc:
        main(["loa", "perft", *args])
    assert exc.value.code == 2
    assert "error" in capsys.readouterr().err


def test_cli_perft_default_size_is_6(capsys):
    assert main(["loa", "perft", "--depth", "1"]) == 0
    assert capsys.readouterr().out.strip() == f"loa 6x6 perft 1: {NAIVE[6][0]}"


def test_perft_of_a_finished_game_is_zero_and_ended_positions_are_not_expanded():
    # x to move connects at once (b2-a3, b4-a3 or b4-c3); after such a move the game is over,
    # so none of o's replies to it is counted at depth 2
    game = Game.from_text("""
        . . . . . .
        . . . . . o
        . x . . . .
        . . . . . .
        . x . . . .
        o . . . . .
    """)
    assert game.outcome() is None
    counts = perft(game, 3)
    assert counts == naive_perft(naive_board(game), "x", 3)
    connecting = [m for m in game.legal_moves() if _ends(game, m)]
    assert sorted(map(str, connecting)) == ["b2-a3", "b4-a3", "b4-c3"]
    won = game.copy()
    won.play(connecting[0])
    assert won.is_over and perft(won, 3) == [0, 0, 0]
    assert perft(game, 0) == []


def _ends(game, move):
    game.play(move)
    try:
        return game.is_over
    finally:
        game.undo()


# ----------------------------------------- random positions and random games
fractions = st.lists(st.floats(min_value=0, max_value=1, exclude_max=True), max_size=40)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([6, 7, 8]), fractions)
def test_moves_and_short_perft_match_the_naive_engine_in_played_games(size, picks):
    game = Game(size)
    for pick in picks:
        moves = game.legal_moves()
        if not moves:
            break
        game.play(moves[int(pick * len(moves))])
    board = naive_board(game)
    symbol = "xo"[game.turn]
    expected = naive_moves(board, symbol)
    assert sorted((m.src_cell, m.dst_cell) for m in game.legal_moves()) == (
        [] if naive_over(board, symbol, game.ply) else expected)
    n = size
    assert sorted((divmod(s, n), divmod(d, n)) for s, d in game.move_list()) == expected
    assert perft(game, 2) == naive_perft(board, symbol, 2, game.ply)


@st.composite
def positions(draw):
    size = draw(st.sampled_from([6, 7, 8]))
    cells = draw(st.lists(st.sampled_from(".xo"), min_size=size * size, max_size=size * size))
    return size, [cells[r * size:(r + 1) * size] for r in range(size)]


@settings(max_examples=200, deadline=None)
@given(positions())
def test_generator_matches_the_naive_engine_on_random_boards(position):
    size, board = position
    flat = [ch for row in board for ch in row]
    first = sum(1 << i for i, ch in enumerate(flat) if ch == "x")
    second = sum(1 << i for i, ch in enumerate(flat) if ch == "o")
    for me, mine, theirs in (("x", first, second), ("o", second, first)):
        moves = sorted((divmod(s, size), divmod(d, size)) for s, d in generate(mine, theirs, size))
        assert moves == naive_moves(board, me)
    if first and second:
        game = Game.from_text("\n".join(" ".join(row) for row in board), turn=SECOND)
        assert naive_board(game) == board
        assert game.group_count(FIRST) == naive_groups(board, "x")
        assert game.group_count(SECOND) == naive_groups(board, "o")
