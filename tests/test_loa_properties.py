"""Invariants of Lines of Action over random games (hypothesis)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from gamewidgets.loa import FIRST, SECOND, SIZES, Game, cells, groups, is_connected, zobrist_key

sizes = st.sampled_from(SIZES)
picks = st.lists(st.floats(min_value=0, max_value=1, exclude_max=True), min_size=1, max_size=80)


def state(game):
    return (tuple(game.pieces), game.turn, game.zobrist, game.ply, game.fen(), tuple(game.moves))


def play_out(size, fractions):
    game = Game(size)
    for fraction in fractions:
        moves = game.legal_moves()
        if not moves:
            break
        game.play(moves[int(fraction * len(moves))])
    return game


@settings(max_examples=60, deadline=None)
@given(sizes, picks)
def test_undo_restores_exactly(size, fractions):
    game = Game(size)
    states = [state(game)]
    for fraction in fractions:
        moves = game.legal_moves()
        if not moves:
            break
        for move in moves:  # every move of this position is taken back exactly
            game.play(move)
            game.undo()
            assert state(game) == states[-1]
        for src, dst in game.move_list():  # the same through the fast interface
            game.make(src, dst)
            game.unmake()
            assert state(game) == states[-1]
        game.play(moves[int(fraction * len(moves))])
        states.append(state(game))
    while game.moves:
        states.pop()
        game.undo()
        assert state(game) == states[-1]
    assert state(game) == state(Game(size))


@settings(max_examples=60, deadline=None)
@given(sizes, picks)
def test_serialisation_round_trips(size, fractions):
    game = play_out(size, fractions)
    again = Game.from_dict(game.to_dict())
    assert state(again) == state(game) and again.to_dict() == game.to_dict()
    assert again.outcome() == game.outcome()
    copy = game.copy()
    assert state(copy) == state(game)
    assert Game.from_fen(game.fen()).fen() == game.fen()
    pictured = Game.from_text(str(game))
    assert pictured.fen() == game.fen() and pictured.zobrist == game.zobrist
    if game.legal_moves():
        move = game.legal_moves()[-1]
        assert again.play(move) == game.play(move) and state(again) == state(game)


@settings(max_examples=60, deadline=None)
@given(sizes, picks)
def test_the_incremental_zobrist_key_equals_a_fresh_computation(size, fractions):
    game = Game(size)
    for fraction in fractions:
        assert game.zobrist == zobrist_key(*game.pieces, game.turn, size)
        moves = game.legal_moves()
        if not moves:
            break
        game.play(moves[int(fraction * len(moves))])
    assert game.zobrist == zobrist_key(*game.pieces, game.turn, size)
    while game.moves:
        game.undo()
        assert game.zobrist == zobrist_key(*game.pieces, game.turn, size)


@settings(max_examples=60, deadline=None)
@given(sizes, picks)
def test_every_legal_move_keeps_the_piece_counts_consistent(size, fractions):
    game = Game(size)
    full = (1 << size * size) - 1
    taken = [0, 0]
    for fraction in fractions:
        moves = game.legal_moves()
        if not moves:
            break
        mover = game.turn
        for move in moves:
            counts = (game.count(FIRST), game.count(SECOND))
            assert game[move.src] == mover and game[move.dst] != mover
            assert move.capture == (game[move.dst] == 1 - mover)
            game.play(move)
            first, second = game.pieces
            assert first & second == 0 and (first | second) & ~full == 0
            assert game.count(mover) == counts[mover] >= 1
            assert game.count(1 - mover) == counts[1 - mover] - move.capture >= 1
            assert game[move.dst] == mover and game[move.src] is None
            game.undo()
        move = game.play(moves[int(fraction * len(moves))])
        taken[mover] += move.capture
        assert game.captures == tuple(taken)
    start = Game(size).count(FIRST)
    assert (game.count(FIRST), game.count(SECOND)) == (start - taken[SECOND], start - taken[FIRST])


@settings(max_examples=60, deadline=None)
@given(sizes, picks)
def test_outcome_follows_the_connection_rules(size, fractions):
    game = play_out(size, fractions)
    outcome = game.outcome()
    mover, to_move = 1 - game.turn, game.turn
    connected = [is_connected(game.pieces[side], size) for side in (FIRST, SECOND)]
    if connected[mover]:
        assert outcome.winner == mover and outcome.reason == "connected"
    elif connected[to_move]:
        assert outcome.winner == to_move and outcome.reason == "connected"
    elif game.ply >= 200:
        assert outcome.winner is None and outcome.reason == "move-limit"
    elif not game.move_list():
        assert outcome.winner == mover and outcome.reason == "no-moves"
    else:
        assert outcome is None and game.legal_moves()
    for side in (FIRST, SECOND):
        assert game.group_count(side) == groups(game.pieces[side], size) >= 1
        assert connected[side] == (game.group_count(side) == 1)


def naive_groups(bitboard, size):
    left = set(cells(bitboard))
    count = 0
    while left:
        count += 1
        stack = [left.pop()]
        while stack:
            r, c = divmod(stack.pop(), size)
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    if 0 <= r + dr < size and 0 <= c + dc < size and (r + dr) * size + c + dc in left:
                        left.remove((r + dr) * size + c + dc)
                        stack.append((r + dr) * size + c + dc)
    return count


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_groups_match_a_naive_flood_fill(data):
    size = data.draw(sizes)
    bitboard = data.draw(st.integers(min_value=0, max_value=(1 << size * size) - 1))
    assert groups(bitboard, size) == naive_groups(bitboard, size)
    assert is_connected(bitboard, size) == (naive_groups(bitboard, size) == 1)
