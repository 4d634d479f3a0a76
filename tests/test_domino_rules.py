"""Dominoes: one test (or more) per rule of shared/spec/domino.md ("Rules")."""

import json
from collections import defaultdict
from itertools import pairwise

import pytest

from gamewidgets.domino import (
    TILES,
    Draw,
    Event,
    Game,
    Outcome,
    Pass,
    Play,
    PlayerView,
    as_tile,
    legal_actions,
    move_from_dict,
    opening_rank,
    opening_tile,
    pips,
    ranked_above,
    tile_name,
)
from gamewidgets.errors import BadSave, GameOver, IllegalMove, NothingToUndo


def tiles(*texts):
    return [as_tile(t) for t in texts]


def deal(hand0, hand1, first=()):
    """A game dealt ``hand0`` and ``hand1``; the boneyard starts with ``first`` and
    holds the other tiles after them in ``TILES`` order."""
    hand0, hand1, first = tiles(*hand0), tiles(*hand1), tiles(*first)
    used = set(hand0) | set(hand1) | set(first)
    return Game.from_deal([hand0, hand1], [*first, *(t for t in TILES if t not in used)])


def line_of(chain, start):
    """The tiles ``chain`` laid as one line starting with pip ``start`` (an Euler path,
    Hierholzer): placed tiles (left, right) from left to right."""
    chain = [as_tile(t) for t in chain]
    links = defaultdict(list)
    for i, (a, b) in enumerate(chain):
        links[a].append(i)
        if a != b:
            links[b].append(i)
    used, stack, path = set(), [(start, None)], []
    while stack:
        pip, _ = stack[-1]
        while links[pip] and links[pip][-1] in used:
            links[pip].pop()
        if links[pip]:
            i = links[pip].pop()
            used.add(i)
            a, b = chain[i]
            stack.append((b if a == pip else a, i))
        else:
            path.append(stack.pop())
    path.reverse()
    placed = [(path[k][0], path[k + 1][0]) for k in range(len(path) - 1)]
    assert len(placed) == len(chain)
    return placed


def blocked_position(hand0, hand1, start=0):
    """Boneyard empty, every other tile in the line, both ends showing ``start``."""
    hand0, hand1 = tiles(*hand0), tiles(*hand1)
    rest = [t for t in TILES if t not in hand0 and t not in hand1]
    return Game.from_position([hand0, hand1], line_of(rest, start), [])


# ----------------------------------------------------------------- the set
def test_the_double_six_set():
    assert len(TILES) == 28 == len(set(TILES))
    assert TILES[0] == (0, 0) and TILES[-1] == (6, 6)
    assert all(a >= b and b >= 0 and a <= 6 for a, b in TILES)
    assert sum(a == b for a, b in TILES) == 7
    assert pips(TILES) == 168
    assert list(TILES) == sorted(TILES)


def test_tiles_are_read_in_either_order_and_as_text():
    assert as_tile((4, 6)) == as_tile([6, 4]) == as_tile("6-4") == as_tile("4|6") == as_tile("64") == (6, 4)
    assert tile_name((6, 4)) == "6-4"
    for bad in [(7, 1), (-1, 0), (1,), "x", (1.5, 2), (True, 0), None, "6-7"]:
        with pytest.raises(IllegalMove):
            as_tile(bad)


# ----------------------------------------------------------------- the deal
def test_deal_is_seven_seven_and_fourteen():
    game = Game(11)
    hands, boneyard = game.hands, game.boneyard
    assert len(hands[0]) == len(hands[1]) == 7 and len(boneyard) == 14
    assert sorted([*hands[0], *hands[1], *boneyard]) == list(TILES)
    assert list(hands[0]) == sorted(hands[0]) and list(hands[1]) == sorted(hands[1])
    assert game.line == () and game.ends is None and game.history == ()


def test_a_seed_deals_the_same_every_time():
    assert Game(5).to_dict() == Game(5).to_dict()
    assert Game(5).boneyard == Game(5).boneyard
    assert len({Game(s).boneyard for s in range(20)}) == 20
    game = Game()
    assert Game(game.seed).hands == game.hands
    for bad in (-1, "3", 1.5, True):
        with pytest.raises(ValueError):
            Game(bad)


def test_from_deal_checks_the_deal():
    good = Game(1).record()["deal"]
    assert Game.from_deal(good["hands"], good["boneyard"]).hands == Game(1).hands
    with pytest.raises(ValueError, match="two hands of 7"):
        Game.from_deal([good["hands"][0][:6], good["hands"][1]], good["boneyard"] + [good["hands"][0][6]])
    with pytest.raises(ValueError, match="twice"):
        Game.from_deal([good["hands"][0], good["hands"][1]], [good["hands"][0][0], *good["boneyard"][1:]])
    with pytest.raises(ValueError, match="pips"):
        Game.from_deal([good["hands"][0], good["hands"][1]], [[7, 7], *good["boneyard"][1:]])


# ------------------------------------------------------------- the opening
def test_opening_ranks_are_strict_doubles_first():
    ranks = [opening_rank(t) for t in TILES]
    assert len(set(ranks)) == 28
    ordered = sorted(TILES, key=opening_rank, reverse=True)
    assert ordered[:7] == [(6, 6), (5, 5), (4, 4), (3, 3), (2, 2), (1, 1), (0, 0)]
    assert ordered[7:11] == [(6, 5), (6, 4), (6, 3), (5, 4)]  # totals 11, 10, 9 (higher end first), 9
    assert ranked_above((4, 4)) == ((5, 5), (6, 6))
    assert set(ranked_above((6, 5))) == {(d, d) for d in range(7)}


@pytest.mark.parametrize("holder", [0, 1])
def test_the_highest_double_leads(holder):
    hands = [["6-6", "1-0", "2-0", "3-0", "4-0", "5-0", "6-0"], ["5-5", "1-1", "2-1", "3-1", "4-1", "5-1", "6-1"]]
    game = deal(hands[holder], hands[1 - holder])
    assert game.opener == game.turn == holder
    assert game.opening == (6, 6)
    assert game.legal_moves() == [Play((6, 6), "right")]


def test_a_lower_double_leads_when_the_higher_ones_are_in_the_boneyard():
    game = deal(["3-3", "1-0", "2-0", "3-0", "4-0", "5-0", "6-0"], ["4-4", "1-1", "2-1", "3-1", "4-1", "5-1", "6-1"])
    assert (game.opener, game.opening) == (1, (4, 4))
    assert (5, 5) in game.boneyard and (6, 6) in game.boneyard


def test_without_doubles_the_highest_pip_total_leads():
    game = deal(["6-5", "1-0", "2-0", "3-0", "4-0", "5-0", "6-0"], ["6-4", "2-1", "3-1", "4-1", "5-1", "6-1", "3-2"])
    assert not any(a == b for hand in game.hands for a, b in hand)
    assert (game.opener, game.opening) == (0, (6, 5))
    assert opening_tile(game.hands) == (0, (6, 5))


def test_on_a_tie_in_pip_total_the_higher_end_leads():
    # 5-4 and 6-3 both total 9, nothing dealt is higher: the six-three leads
    game = deal(["5-4", "1-0", "2-0", "3-0", "4-0", "5-0", "6-0"], ["6-3", "2-1", "3-1", "4-1", "5-1", "6-1", "3-2"])
    assert (game.opener, game.opening) == (1, (6, 3))
    assert game.turn == 1


def test_the_required_opening_tile_is_enforced():
    game = deal(["3-3", "1-0", "2-0", "3-0", "4-0", "5-0", "6-0"], ["4-4", "1-1", "2-1", "3-1", "4-1", "5-1", "6-1"])
    before = game.to_dict()
    for move in (Play("1-1", "right"), Play("1-1", "left"), Draw(), Pass()):
        with pytest.raises(IllegalMove, match="4-4"):
            game.play(move)
    with pytest.raises(IllegalMove, match="player 1's turn"):
        game.play(Play("3-3", "right"), player=0)  # player 0 holds a double too, but not the highest
    with pytest.raises(IllegalMove, match="does not hold 3-3"):
        game.play(Play("3-3", "right"))
    assert game.to_dict() == before
    # either end is accepted for the first tile; it is recorded as "right", laid as written
    event = game.play(Play((4, 4), "left"))
    assert event == Event(1, "play", (4, 4), "right", None)
    assert game.line == ((4, 4),) and game.ends == (4, 4) and game.turn == 0


def test_the_opening_tile_lies_high_pip_left():
    game = deal(["6-5", "1-0", "2-0", "3-0", "4-0", "5-0", "6-0"], ["6-4", "2-1", "3-1", "4-1", "5-1", "6-1", "3-2"])
    game.play(Play("5-6", "right"))
    assert game.line == ((6, 5),) and game.ends == (6, 5)


def test_the_view_marks_the_required_tile_for_its_holder_only_until_it_is_played():
    game = deal(["3-3", "1-0", "2-0", "3-0", "4-0", "5-0", "6-0"], ["4-4", "1-1", "2-1", "3-1", "4-1", "5-1", "6-1"])
    holder, other = game.view(1), game.view(0)
    assert holder.opening == (4, 4) and holder.opener == 1 and holder.not_dealt == ((5, 5), (6, 6))
    assert holder.legal_actions() == [Play((4, 4), "right")]
    assert other.opening is None and other.opener == 1 and other.not_dealt == ()
    assert other.legal_actions() == [] and other.turn == 1
    game.play(Play("4-4", "right"))
    for view in (game.view(0), game.view(1)):
        assert view.opening == (4, 4) and view.not_dealt == ((5, 5), (6, 6))


# --------------------------------------------------------- matching, the line
# player 0 opens with 6-6; player 1 holds 6-4 and 6-5 but only one 6 can go on each end
MATCH_HANDS = (["6-6", "6-2", "2-0", "1-1", "3-1", "5-1", "3-3"], ["6-4", "4-0", "0-0", "6-5", "2-1", "4-4", "5-3"])


def test_tiles_match_pips_and_turn_the_right_way():
    game = deal(*MATCH_HANDS)
    game.play(Play("6-6", "right"))
    with pytest.raises(IllegalMove, match="does not match the left end"):
        game.play(Play("0-0", "left"))
    game.play(Play((4, 6), "left"))
    assert game.line == ((4, 6), (6, 6)) and game.ends == (4, 6)
    game.play(Play("6-2", "right"))
    assert game.line == ((4, 6), (6, 6), (6, 2)) and game.ends == (4, 2)
    with pytest.raises(IllegalMove, match=r"does not match the right end \(2\); it fits the left end"):
        game.play(Play("4-0", "right"))
    game.play(Play("4-0", "left"))
    assert game.ends == (0, 2) and game.line[0] == (0, 4)
    game.play(Play("2-0", "right"))  # blank matches blank
    assert game.ends == (0, 0) and game.line[-1] == (2, 0)
    game.play(Play("0-0", "right"))
    assert game.line == ((0, 4), (4, 6), (6, 6), (6, 2), (2, 0), (0, 0))
    for left, right in pairwise(game.line):
        assert left[1] == right[0]


def test_doubles_lie_crosswise_but_never_branch():
    game = deal(*MATCH_HANDS)
    game.play(Play("6-6", "right"))
    assert game.legal_moves() == [Play((6, 4), "left"), Play((6, 4), "right"),
                                  Play((6, 5), "left"), Play((6, 5), "right")]
    game.play(Play("6-4", "left"))
    game.play(Play("6-2", "right"))
    # the 6-6 in the middle has free sides, but the line has only its two ends: 4 and 2
    assert game.ends == (4, 2)
    with pytest.raises(IllegalMove, match="does not match"):
        game.play(Play("6-5", "left"))
    with pytest.raises(IllegalMove, match="does not match"):
        game.play(Play("6-5", "right"))
    assert Play((6, 5), "left") not in game.legal_moves()
    assert {m.end for m in game.legal_moves()} <= {"left", "right"}


def test_a_tile_fitting_both_ends_can_go_on_either():
    game = deal(*MATCH_HANDS)
    game.play(Play("6-6", "right"))
    moves = game.legal_moves()
    assert Play("6-4", "left") in moves and Play("6-4", "right") in moves
    game.play(Play("6-4", "right"))
    assert game.line == ((6, 6), (6, 4))


def test_play_names_left_or_right():
    with pytest.raises(IllegalMove, match="left' or 'right"):
        Play((6, 6), "middle")
    assert Play("4-6", "left") == Play((6, 4), "left") and str(Play((6, 4), "left")) == "6-4 left"


# ----------------------------------------------- must play; draw; pass
NO_SIX = ["0-0", "1-1", "3-3", "5-0", "4-0", "3-0", "2-1"]


def test_a_player_who_can_play_must_play():
    game = deal(*MATCH_HANDS)
    game.play(Play("6-6", "right"))
    before = game.to_dict()
    with pytest.raises(IllegalMove, match="must play"):
        game.play(Draw())
    with pytest.raises(IllegalMove, match="must play"):
        game.play(Pass())
    assert game.to_dict() == before
    assert Draw() not in game.legal_moves() and Pass() not in game.legal_moves()


def test_a_player_who_cannot_play_draws_one_tile_at_a_time_until_able():
    game = deal(["6-6", "6-5", "6-4", "6-3", "6-2", "5-5", "4-4"], NO_SIX, first=["1-0", "2-2", "6-1"])
    game.play(Play("6-6", "right"))
    assert game.turn == 1 and game.legal_moves() == [Draw()]
    event = game.play(Draw())
    assert event == Event(1, "draw", (1, 0), None, (6, 6))
    assert (1, 0) in game.hand(1) and len(game.boneyard) == 13 and game.turn == 1  # the turn stays
    with pytest.raises(IllegalMove, match="boneyard still has 13 tiles"):
        game.play(Pass())
    assert game.play(Draw()).tile == (2, 2) and game.turn == 1
    assert game.play(Draw()).tile == (6, 1)
    # the drawn tile fits: no more drawing, and it is the only tile that can be played
    assert game.legal_moves() == [Play((6, 1), "left"), Play((6, 1), "right")]
    with pytest.raises(IllegalMove, match="6-1 fits the left end"):
        game.play(Draw())
    game.play(Play("6-1", "left"))
    assert game.turn == 0 and game.line == ((1, 6), (6, 6))


def test_passing_only_with_an_empty_boneyard_and_no_tile_that_fits():
    sixes = ["6-6", "6-5", "6-4", "6-3", "6-2", "6-1", "6-0"]
    game = deal(sixes, NO_SIX)
    game.play(Play("6-6", "right"))
    for left in range(14, 0, -1):
        assert game.legal_moves() == [Draw()]
        with pytest.raises(IllegalMove, match=f"still has {left} tile"):
            game.play(Pass())
        game.play(Draw())
    assert game.boneyard == () and len(game.hand(1)) == 21 and game.turn == 1
    assert game.legal_moves() == [Pass()]
    with pytest.raises(IllegalMove, match="boneyard is empty: pass"):
        game.play(Draw())
    assert game.play(Pass()) == Event(1, "pass", None, None, (6, 6))
    assert game.turn == 0 and game.passes == 1 and game.outcome() is None
    game.play(Play("6-5", "right"))  # a play after a pass: the passes start again
    assert game.passes == 0 and game.turn == 1
    assert all(isinstance(m, Play) for m in game.legal_moves())


def test_legal_actions_from_public_knowledge():
    hand = tiles("3-1", "5-2")
    assert legal_actions(hand, (1, 4), 3) == [Play((3, 1), "left")]
    assert legal_actions(hand, (1, 1), 3) == [Play((3, 1), "left"), Play((3, 1), "right")]
    assert legal_actions(hand, (6, 4), 3) == [Draw()]
    assert legal_actions(hand, (6, 4), 0) == [Pass()]
    assert legal_actions(hand, None, 14, (5, 2)) == [Play((5, 2), "right")]
    assert legal_actions(hand, None, 14, None) == []


# ----------------------------------------------------------------- scoring
def test_domino_scores_the_opponents_pips():
    game = Game.from_position([["6-1"], ["5-5", "3-2"]], [(4, 1)], turn=0)
    assert len(game.boneyard) == 24 and game.ends == (4, 1)
    game.play(Play("6-1", "right"))
    assert game.outcome() == Outcome(0, 15, "domino", (0, 15))
    assert game.outcome().to_dict() == {"winner": 0, "points": 15, "reason": "domino"}
    assert game.turn == 1 and game.legal_moves() == [] and game.is_over  # the last play passed the turn
    with pytest.raises(GameOver):
        game.play(Draw())
    assert str(game.outcome()) == "player 0 wins 15 (domino)"


def test_domino_with_only_the_double_blank_left_scores_nothing():
    game = Game.from_position([["0-0", "1-0"], ["2-1"]], [(3, 1)], turn=1)
    game.play(Play("1-2", "right"))
    assert game.outcome() == Outcome(1, 1, "domino", (1, 0))


def test_two_passes_in_a_row_block_the_game_and_the_lower_total_wins_the_difference():
    game = blocked_position(["6-6", "5-4"], ["5-3", "4-3"])  # 21 against 15
    assert game.ends == (0, 0) and game.boneyard == () and len(game.line) == 24
    assert game.legal_moves() == [Pass()]
    game.play(Pass())
    assert game.outcome() is None and game.turn == 1
    game.play(Pass())
    assert game.outcome() == Outcome(1, 6, "blocked", (21, 15))
    assert game.outcome().to_dict() == {"winner": 1, "points": 6, "reason": "blocked"}


def test_a_blocked_game_with_equal_totals_is_a_draw():
    game = blocked_position(["6-6", "5-4"], ["6-5", "6-4"])  # 21 each
    game.play(Pass())
    game.play(Pass())
    outcome = game.outcome()
    assert outcome == Outcome(None, 0, "blocked", (21, 21))
    assert outcome.to_dict() == {"winner": None, "points": 0, "reason": "blocked"}
    assert str(outcome).startswith("draw")


def test_a_pass_then_a_play_then_two_passes():
    hand1 = ["5-3", "4-3", "1-0"]
    rest = [t for t in TILES if t not in tiles("6-6", "5-4", *hand1)]
    game = Game.from_position([["6-6", "5-4"], hand1], line_of(rest, 0), [], turn=0)
    assert game.ends == (0, 1)
    game.play(Pass())
    game.play(Play("1-0", "left"))
    assert game.passes == 0 and game.ends == (1, 1)
    game.play(Pass())
    assert not game.is_over
    game.play(Pass())
    assert game.outcome() == Outcome(1, 6, "blocked", (21, 15))


def test_each_hand_is_scored_on_its_own():
    # no running total and no multiples of five: the outcome is only this hand's points
    game = Game.from_position([["5-0"], ["5-5"]], [(0, 2)], turn=0)
    game.play(Play("5-0", "left"))
    assert game.outcome().points == 10 and not hasattr(game, "score")


# -------------------------------------------------------------------- undo
def test_undo_takes_back_one_action_at_a_time_exactly():
    game = deal(["6-6", "6-5", "6-4", "6-3", "6-2", "5-5", "4-4"], NO_SIX, first=["1-0", "2-2", "6-1"])
    states = [game.to_dict()]
    views = [(game.view(0), game.view(1))]
    for move in (Play("6-6", "right"), Draw(), Draw(), Draw(), Play("6-1", "left")):
        game.play(move)
        states.append(game.to_dict())
        views.append((game.view(0), game.view(1)))
    for expected, view in zip(reversed(states[:-1]), reversed(views[:-1]), strict=True):
        game.undo()
        assert game.to_dict() == expected
        assert (game.view(0), game.view(1)) == view
    with pytest.raises(NothingToUndo):
        game.undo()
    # the boneyard's order came back: the same tiles are drawn again
    game.play(Play("6-6", "right"))
    assert [game.play(Draw()).tile for _ in range(3)] == [(1, 0), (2, 2), (6, 1)]


def test_undo_restores_the_random_generator_and_works_after_the_end():
    game = Game(8)
    state = game.rng.bit_generator.state
    while not game.is_over:
        game.play(game.legal_moves()[0])
    end = game.to_dict()
    last = game.undo()
    assert not game.is_over and game.turn is not None
    game.play(last)
    assert game.to_dict() == end
    while game.can_undo:
        game.undo()
    assert game.to_dict() == Game(8).to_dict()
    assert game.rng.bit_generator.state == state


def test_undo_of_a_blocking_pass():
    game = blocked_position(["6-6", "5-4"], ["5-3", "4-3"])
    game.play(Pass())
    game.play(Pass())
    assert game.undo() == Pass()
    assert game.outcome() is None and game.passes == 1 and game.turn == 1


# ----------------------------------------------------------- the records
def test_events_and_moves_in_the_record_format():
    game = deal(["6-6", "6-5", "6-4", "6-3", "6-2", "5-5", "4-4"], NO_SIX, first=["1-0", "2-2", "6-1"])
    game.play(Play("6-6", "right"))
    game.play(Draw())
    record = game.record()
    assert record["moves"] == [
        {"player": 0, "action": "play", "tile": [6, 6], "end": "right"},
        {"player": 1, "action": "draw", "tile": [1, 0]},
    ]
    assert record["deal"]["boneyard"][:3] == [[1, 0], [2, 2], [6, 1]]
    assert len(record["deal"]["hands"]) == 2 and record["result"] is None
    assert Play((6, 4), "left").to_dict() == {"action": "play", "tile": [6, 4], "end": "left"}
    assert Draw().to_dict() == {"action": "draw"} and Pass().to_dict() == {"action": "pass"}
    assert move_from_dict({"player": 0, "action": "play", "tile": [4, 6], "end": "left"}) == Play((6, 4), "left")
    assert move_from_dict({"action": "draw", "tile": [1, 0]}) == Draw()
    with pytest.raises(IllegalMove):
        move_from_dict({"action": "jump"})
    json.dumps(record)


def test_play_accepts_record_moves_and_checks_them():
    game = deal(["6-6", "6-5", "6-4", "6-3", "6-2", "5-5", "4-4"], NO_SIX, first=["1-0", "2-2", "6-1"])
    with pytest.raises(IllegalMove, match="player 0's turn"):
        game.play({"player": 1, "action": "play", "tile": [6, 6], "end": "right"})
    game.play({"player": 0, "action": "play", "tile": [6, 6], "end": "right"})
    with pytest.raises(IllegalMove, match="recorded as 2-2"):
        game.play({"player": 1, "action": "draw", "tile": [2, 2]})
    assert game.play({"player": 1, "action": "draw", "tile": [1, 0]}).tile == (1, 0)
    assert game.play({"action": "draw"}).tile == (2, 2)
    for bad in ("draw 2-2", 3, {"player": 2, "action": "draw"}, {"action": "play", "tile": [6, 1]}):
        with pytest.raises(IllegalMove):
            game.play(bad)
    assert game.why_not(Draw()) is None and game.is_legal(Draw()) and not game.is_legal(Pass())


def test_a_record_replays():
    game = Game(21)
    while not game.is_over:
        game.play(game.legal_moves()[-1])
    record = json.loads(json.dumps(game.record()))
    again = Game.from_record(record)
    assert again.to_dict() == game.to_dict()
    record["seed"] = None  # without the seed the deal alone replays the same hand
    assert Game.from_record(record).history == game.history
    record["result"] = {"winner": 0, "points": 999, "reason": "domino"}
    with pytest.raises(BadSave, match="result"):
        Game.from_record(record)
    record["result"] = None
    record["moves"][1] = {"player": 1, "action": "pass"}
    with pytest.raises(BadSave, match="move 2"):
        Game.from_record(record)


# ---------------------------------------------------------- serialisation
def test_to_dict_from_dict_round_trip_mid_game():
    game = Game(4)
    for _ in range(9):
        game.play(game.legal_moves()[0])
    data = json.loads(json.dumps(game.to_dict()))
    again = Game.from_dict(data)
    assert again.to_dict() == game.to_dict()
    assert again.view(0) == game.view(0) and again.view(1) == game.view(1)
    assert again.legal_moves() == game.legal_moves()
    again.undo()
    game.undo()
    assert again.to_dict() == game.to_dict()


def test_from_position_round_trips():
    game = blocked_position(["6-6", "5-4"], ["5-3", "4-3"])
    game.play(Pass())
    again = Game.from_dict(game.to_dict())
    assert again.to_dict() == game.to_dict() and again.passes == 1
    assert Game.from_record(game.record()).to_dict()["position"] == game.to_dict()["position"]


@pytest.mark.parametrize("damage", [
    lambda d: "nonsense",
    lambda d: {**d, "game": "loa"},
    lambda d: {**d, "version": 9},
    lambda d: {k: v for k, v in d.items() if k != "moves"},
    lambda d: {**d, "position": {**d["position"], "turn": 1 - d["position"]["turn"]}},
    lambda d: {**d, "moves": d["moves"][:-1]},
    lambda d: {**d, "moves": [{"player": 0, "action": "pass"}, *d["moves"][1:]]},
    lambda d: {**d, "start": {**d["start"], "boneyard": d["start"]["boneyard"][:-1]}},
    lambda d: {**d, "rng": {"bit_generator": "nope"}},
])
def test_damaged_saves_raise_badsave(damage):
    game = Game(2)
    for _ in range(5):
        game.play(game.legal_moves()[0])
    with pytest.raises(BadSave):
        Game.from_dict(damage(game.to_dict()))


def test_copy_is_independent():
    game = Game(6)
    game.play(game.legal_moves()[0])
    twin = game.copy()
    twin.play(twin.legal_moves()[0])
    assert len(game.history) == 1 and len(twin.history) == 2
    assert twin.rng is not game.rng and twin.rng.bit_generator.state == game.rng.bit_generator.state


def test_from_position_checks_the_position():
    with pytest.raises(ValueError, match="missing"):
        Game.from_position([["6-6"], ["5-5"]], [(6, 1)], boneyard=[])
    with pytest.raises(ValueError, match="does not join"):
        Game.from_position([["6-6"], ["5-5"]], [(6, 1), (2, 3)])
    with pytest.raises(ValueError, match="at least one tile"):
        Game.from_position([[], ["5-5"]], [(6, 1)])
    with pytest.raises(ValueError, match="twice"):
        Game.from_position([["6-6"], ["6-6"]], [(6, 1)])
    with pytest.raises(ValueError, match="passes"):
        Game.from_position([["6-6"], ["5-5"]], [(6, 1)], passes=1)
    with pytest.raises(ValueError, match="must lead"):
        Game.from_position([["6-6"], ["5-5"]], turn=1)
    empty_line = Game.from_position([["1-1", "6-5"], ["2-2"]])
    assert (empty_line.opener, empty_line.opening, empty_line.turn) == (1, (2, 2), 1)
    studied = Game.from_position([["6-6"], ["5-5"]], [(6, 1)], turn=1)
    assert studied.opener is None and studied.opening is None and studied.view(1).not_dealt == ()


# -------------------------------------------------------------- the views
def test_a_view_shows_own_tiles_and_only_counts_of_the_others():
    game = deal(["6-6", "6-5", "6-4", "6-3", "6-2", "5-5", "4-4"], NO_SIX, first=["1-0", "2-2", "6-1"])
    game.play(Play("6-6", "right"))
    game.play(Draw())
    mine, theirs = game.view(1), game.view(0)
    assert isinstance(mine, PlayerView)
    assert mine.hand == game.hand(1) and mine.opponent_count == 6 and mine.boneyard_count == 13
    assert theirs.hand == game.hand(0) and theirs.opponent_count == 8
    assert mine.line == theirs.line == ((6, 6),) and mine.ends == (6, 6)
    assert mine.history[-1] == Event(1, "draw", (1, 0), None, (6, 6))  # own draw: the tile is known
    assert theirs.history[-1] == Event(1, "draw", None, None, (6, 6))  # the other's: hidden
    assert theirs.history[-1].to_dict() == {"player": 1, "action": "draw"}
    assert mine.turn == theirs.turn == 1 and mine.my_turn and not theirs.my_turn
    assert mine.legal_actions() == game.legal_moves() == [Draw()] and theirs.legal_actions() == []
    assert set(theirs.unseen) == set(TILES) - set(theirs.hand) - {(6, 6)}
    assert mine.opponent == 0 and mine.pips == pips(game.hand(1))
    assert "boneyard 13" in str(mine) and "your turn" in str(mine)
    assert str((2, 2)) not in repr(theirs.to_dict())  # 2-2 is still in the boneyard


def test_a_view_round_trips_through_plain_data():
    game = Game(13)
    for _ in range(12):
        if game.is_over:
            break
        game.play(game.legal_moves()[0])
    for player in (0, 1):
        view = game.view(player)
        data = json.loads(json.dumps(view.to_dict()))
        assert PlayerView.from_dict(data) == view
    with pytest.raises(BadSave):
        PlayerView.from_dict({"player": 0})


def test_a_finished_view_holds_the_outcome_but_not_the_other_hand():
    game = blocked_position(["6-6", "5-4"], ["5-3", "4-3"])
    game.play(Pass())
    game.play(Pass())
    view = game.view(0)
    assert view.outcome == game.outcome() and view.turn is None and view.is_over and view.legal_actions() == []
    assert view.passes == 2
    assert (5, 3) not in view.hand and (5, 3) not in view.line and (5, 3) in view.unseen


def test_views_for_bad_players():
    with pytest.raises(ValueError):
        Game(1).view(2)


# ------------------------------------------------------------------ text
def test_str_and_repr():
    game = deal(*MATCH_HANDS)
    assert repr(game) == "<domino.Game seed=0 line=0 hands=7/7 boneyard=14 player 0 to open with 6-6>"
    game.play(Play("6-6", "right"))
    game.play(Play("6-4", "left"))
    text = str(game)
    assert "[4|6][6|6]" in text and "ends 4 and 6" in text and "boneyard 14" in text
    assert "player 0 to move" in text
    assert str(Event(1, "draw", None)) == "1: draw" and str(Draw()) == "draw" and str(Pass()) == "pass"
