"""Invariants of Dominoes over random games (hypothesis)."""

import json
import random
from itertools import pairwise

from domino_deals import swapped_game
from hypothesis import given, settings
from hypothesis import strategies as st

from gamewidgets.domino import TILES, Draw, Game, Pass, Play, PlayerView, legal_actions, move_from_dict, pips

seeds = st.integers(min_value=0, max_value=2**32)
choices = st.lists(st.floats(min_value=0, max_value=1, exclude_max=True), max_size=80)


def pick(game: Game, fraction: float):
    moves = game.legal_moves()
    return moves[int(fraction * len(moves))]


def play_out(seed, fractions) -> Game:
    game = Game(seed)
    for fraction in fractions:
        if game.is_over:
            break
        game.play(pick(game, fraction))
    return game


def unplaced(line):
    return [(max(p), min(p)) for p in line]


def check_tiles(game: Game) -> None:
    everything = [*game.hand(0), *game.hand(1), *game.boneyard, *unplaced(game.line)]
    assert sorted(everything) == list(TILES)
    for left, right in pairwise(game.line):
        assert left[1] == right[0]


@settings(max_examples=60, deadline=None)
@given(seeds, choices)
def test_the_28_tiles_are_always_all_there_and_the_rules_hold(seed, fractions):
    game = Game(seed)
    check_tiles(game)
    for fraction in fractions:
        if game.is_over:
            break
        player, ends, hand = game.turn, game.ends, game.hand(game.turn)
        fits = [t for t in hand if ends is None or ends[0] in t or ends[1] in t]
        move = pick(game, fraction)
        event = game.play(move)
        check_tiles(game)
        assert event.player == player and event.ends == ends
        if isinstance(move, Draw):  # only without a tile that fits, one tile, same player
            assert ends is not None and not fits and game.turn == player
            assert event.tile in game.hand(player) and len(game.hand(player)) == len(hand) + 1
        elif isinstance(move, Pass):  # only without a tile that fits and with an empty boneyard
            assert not fits and not game.boneyard
        else:
            assert move.tile in fits and len(game.hand(player)) == len(hand) - 1
            if len(game.history) >= 2 and game.history[-2].action == "draw" and game.history[-2].player == player:
                assert game.history[-2].tile == move.tile  # after drawing, the tile played is the one drawn
        assert game.turn == (player if isinstance(move, Draw) else 1 - player)  # also the move that ends it
    outcome = game.outcome()
    if outcome is not None:
        totals = (pips(game.hand(0)), pips(game.hand(1)))
        assert outcome.pips == totals and game.legal_moves() == [] and game.turn == 1 - game.history[-1].player
        if outcome.reason == "domino":
            assert not game.hand(outcome.winner) and outcome.points == totals[1 - outcome.winner]
        else:
            assert [e.action for e in game.history[-2:]] == ["pass", "pass"]
            assert not game.boneyard
            assert outcome.points == abs(totals[0] - totals[1])
            assert outcome.winner == (None if totals[0] == totals[1] else totals.index(min(totals)))


@settings(max_examples=50, deadline=None)
@given(seeds, choices, st.floats(min_value=0, max_value=1, exclude_max=True))
def test_undo_restores_exactly(seed, fractions, last):
    game = play_out(seed, fractions)
    if game.is_over:
        game.undo()
    before, views = game.to_dict(), (game.view(0), game.view(1))
    rng = game.rng.bit_generator.state
    move = pick(game, last)
    event = game.play(move)
    game.undo()
    assert game.to_dict() == before and (game.view(0), game.view(1)) == views
    assert game.rng.bit_generator.state == rng
    assert game.play(move) == event  # the same draw gives the same tile
    while game.can_undo:
        game.undo()
    assert game.to_dict() == Game(seed).to_dict()


@settings(max_examples=50, deadline=None)
@given(seeds, choices)
def test_serialisation_round_trips(seed, fractions):
    game = play_out(seed, fractions)
    again = Game.from_dict(json.loads(json.dumps(game.to_dict())))
    assert again.to_dict() == game.to_dict()
    assert again.legal_moves() == game.legal_moves() and again.outcome() == game.outcome()
    replayed = Game.from_record(json.loads(json.dumps(game.record())))
    assert replayed.to_dict() == game.to_dict()
    for player in (0, 1):
        view = game.view(player)
        assert again.view(player) == view
        assert PlayerView.from_dict(json.loads(json.dumps(view.to_dict()))) == view
    copy = game.copy()
    assert copy.to_dict() == game.to_dict()


@settings(max_examples=30, deadline=None)
@given(seeds, choices)
def test_same_seed_same_game(seed, fractions):
    assert play_out(seed, fractions).record() == play_out(seed, fractions).record()


@settings(max_examples=50, deadline=None)
@given(seeds, choices)
def test_a_view_gives_the_legal_moves_from_what_it_shows(seed, fractions):
    game = Game(seed)
    for fraction in [*fractions, 0.0]:
        for player in (0, 1):
            view = game.view(player)
            expected = game.legal_moves() if player == game.turn else []
            assert view.legal_actions() == expected
            assert len(view.hand) + view.opponent_count + view.boneyard_count + len(view.line) == 28
            assert sorted([*view.unseen, *view.hand, *unplaced(view.line)]) == list(TILES)
            assert view.opponent_count == len(game.hand(1 - player))
            assert all(e.tile is None for e in view.history if e.action == "draw" and e.player != player)
        if game.is_over:
            break
        game.play(pick(game, fraction))


def check_swaps(game: Game, viewer: int, rnd: random.Random, limit: int = 25) -> int:
    """Swap hidden tiles (one of the other hand with one still in the boneyard, or two
    in the boneyard) in every way consistent with the public history: the viewer's view
    must not change. Returns how many swaps changed the other hand."""
    view = game.view(viewer)
    hidden, boneyard = game.hand(1 - viewer), game.boneyard
    pairs = [(x, y) for x in hidden for y in boneyard]
    rnd.shuffle(pairs)
    changed = 0
    for x, y in pairs[:limit]:
        other = swapped_game(game, x, y)
        if other is None:
            continue
        assert other.hand(1 - viewer) != game.hand(1 - viewer)
        assert other.view(viewer) == view
        assert other.view(viewer).to_dict() == view.to_dict()
        changed += 1
    if len(boneyard) >= 2:
        x, y = rnd.sample(boneyard, 2)
        other = swapped_game(game, x, y)  # the boneyard's order: always consistent
        assert other is not None and other.boneyard != game.boneyard
        assert other.view(viewer) == view and other.view(1 - viewer) == game.view(1 - viewer)
    return changed


@settings(max_examples=40, deadline=None)
@given(seeds, choices, st.integers(min_value=0, max_value=1), st.randoms(use_true_random=False))
def test_a_view_never_holds_the_other_hand_or_the_boneyard_order(seed, fractions, viewer, rnd):
    game = play_out(seed, fractions)
    if game.is_over:  # at the end the hands are counted: the totals become public
        game.undo()
    check_swaps(game, viewer, rnd)


def test_hidden_swaps_are_found_often():
    """The property above is not vacuous: many positions admit consistent swaps."""
    rnd = random.Random(0)
    changed = 0
    for seed in range(15):
        game = Game(seed)
        for _ in range(rnd.randrange(1, 30)):
            if game.is_over:
                game.undo()
                break
            game.play(rnd.choice(game.legal_moves()))
        changed += check_swaps(game, seed % 2, rnd)
    assert changed > 50


def test_the_record_format_is_what_the_match_cli_reads():
    game = play_out(99, [0.3] * 200)
    record = json.loads(json.dumps(game.record()))
    assert set(record["deal"]) == {"hands", "boneyard"}
    assert [len(h) for h in record["deal"]["hands"]] == [7, 7] and len(record["deal"]["boneyard"]) == 14
    for move in record["moves"]:
        assert move["player"] in (0, 1) and move["action"] in ("play", "draw", "pass")
        keys = {"play": {"player", "action", "tile", "end"}, "draw": {"player", "action", "tile"},
                "pass": {"player", "action"}}[move["action"]]
        assert set(move) == keys
        if move["action"] == "play":
            assert move["end"] in ("left", "right") and isinstance(move_from_dict(move), Play)
    assert set(record["result"]) == {"winner", "points", "reason"}
    assert legal_actions([], (1, 2), 0) == [Pass()]
