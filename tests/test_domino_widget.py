"""The Dominoes widget driven without a browser."""

import itertools
import json
import re

import pytest

from gamewidgets.domino import TILES, Game, as_tile
from gamewidgets.domino.widget import Domino
from gamewidgets.errors import GameOver
from gamewidgets.store import Store, StoreWarning


def send(widget, **message):
    widget._handle_custom_msg(message, [])


@pytest.fixture
def store(tmp_path):
    return Store(tmp_path / "s.sqlite3")


def test_play_by_message_and_the_computer_answers(store):
    widget = Domino(seed=3, level="easy", store=store)
    assert widget.mode == "computer" and widget.turn == 0 and widget.opening == [6, 6]
    assert widget.playable == [{"tile": [6, 6], "ends": ["right"]}]  # the opening tile only
    send(widget, type="play", tile=[6, 6], end="right", position=widget.position)
    assert widget.error == "" and widget.line[0] == [6, 6]
    assert widget.turn == 0 and len(widget.game.history) >= 2  # the computer answered at once
    assert widget.counts[0] == 6 and widget.hand == [list(t) for t in widget.game.hand(0)]


def test_the_users_hand_is_shown_never_the_computers(store):
    widget = Domino(seed=5, level="easy", store=store)
    assert widget.hand == [list(t) for t in widget.game.hand(0)]
    assert all(list(t) not in widget.hand for t in widget.game.hand(1))


def test_draw_and_pass_only_when_the_rules_allow(store):
    # player 0 holds nothing that fits 6|6 and the boneyard has tiles: draw, not pass
    game = Game.from_position(
        hands=[[(1, 0), (2, 0), (3, 0)], [(5, 5), (4, 4), (3, 3)]],
        line=[(6, 6)], turn=0, seed=1,
    )
    widget = Domino(game=game, level="easy", store=store)
    assert widget.can_draw and not widget.can_pass and widget.playable == []
    with pytest.raises(Exception):  # noqa: B017 -- the test asks only that the pass is refused
        widget.pass_()
    boneyard = widget.boneyard
    widget.draw()
    assert widget.counts[0] == 4 and widget.boneyard == boneyard - 1 and widget.turn == 0


def test_local_mode_hides_the_hand_between_turns(store):
    widget = Domino(mode="local", seed=3, store=store)
    assert widget.handoff and widget.hand == [] and widget.names == ["Player 1", "Player 2"]
    with pytest.raises(Exception, match="show your tiles"):
        widget.play((6, 6), "right")
    send(widget, type="reveal")
    assert not widget.handoff and widget.hand and widget.seat == widget.game.turn
    widget.play((6, 6), "right")
    assert widget.handoff and widget.hand == [] and widget.seat == widget.game.turn


def test_changing_level_keeps_the_position_and_games_are_saved_per_mode(store):
    widget = Domino(seed=3, level="easy", store=store)
    widget.play((6, 6), "right")
    send(widget, type="set_level", level="hard")
    assert widget.level == "hard" and widget.line[0] == [6, 6]
    local = Domino(mode="local", seed=9, store=store)
    local.reveal()
    # a new widget of each mode (a kernel restart) restores its own game and level
    again = Domino(mode="computer", store=store)
    assert again.level == "hard" and again.line == widget.line and again.hand == widget.hand
    again_local = Domino(mode="local", store=store)
    assert again_local.game.to_dict() == local.game.to_dict()
    again.new_game()
    assert again.level == "hard" and again.mode == "computer" and len(again.line) <= 1  # the computer may lead


def test_a_pending_computer_turn_runs_when_restored(store):
    game = Game(3)
    game.play({"action": "play", "tile": [6, 6], "end": "right"})  # now the computer is to move
    store.save("domino", "computer", {"game": game.to_dict(), "level": "easy"})
    widget = Domino(store=store)
    assert widget.turn == 0 and len(widget.game.history) >= 2


def test_a_damaged_save_warns_and_is_kept(store):
    store.save("domino", "computer", {"game": {"game": "domino", "junk": 1}, "level": "easy"})
    with pytest.warns(StoreWarning, match="kept aside"):
        widget = Domino(store=store)
    assert widget.boneyard + len(widget.line) + sum(widget.counts) == 28  # a new game goes on
    kept = store.damaged()
    assert [(row["table"], row["game"], row["name"]) for row in kept] == [("saved", "domino", "computer")]
    assert json.loads(kept[0]["value"]) == {"game": {"game": "domino", "junk": 1}, "level": "easy"}


@pytest.mark.parametrize(
    "message,reason",
    [
        ({"type": "play"}, "needs a tile"),
        ({"type": "play", "tile": [6, 6], "end": "middle"}, "left or right"),
        ({"type": "play", "tile": [9, 9], "end": "left"}, "tile"),
        ({"type": "set_level", "level": "godlike"}, "level must be"),
        ({"type": "pass"}, "."),
        ({"type": "jump"}, "unknown message type"),
    ],
)
def test_malformed_messages_are_ignored_and_reported(store, message, reason):
    widget = Domino(seed=3, level="easy", store=store)
    before = widget.game.to_dict()
    widget._handle_custom_msg(message, [])
    assert widget.error and re.search(reason, widget.error), widget.error
    assert widget.game.to_dict() == before
    send(widget, type="play", tile=[6, 6], end="right")
    assert widget.error == "" and widget.line


def finished_by_the_user():
    """A hand the user (player 0) ended: the turn has passed to the computer."""
    game = Game.from_position([["6-1"], ["5-5", "3-2"]], [(4, 1)], turn=0)
    game.play("6-1 right")
    assert game.is_over and game.turn == 1
    return game


def test_a_finished_hand_the_user_ended_opens_and_the_computer_does_not_move(store):
    widget = Domino(game=finished_by_the_user(), level="easy", store=store)
    assert widget.turn is None and widget.result["winner"] == 0 and len(widget.game.history) == 1
    with pytest.raises(GameOver, match="over"):
        widget.play("5-5")
    send(widget, type="draw")
    assert "over" in widget.error and len(widget.game.history) == 1
    again = Domino(store=store)  # restored from the save: still nothing happens
    assert again.game.history == widget.game.history and again.turn is None
    widget.undo()
    assert widget.turn == 0 and widget.result == {} and widget.game.turn == 0


def test_a_finished_hand_in_local_mode_shows_the_hand_of_the_player_who_ended_it(store):
    game = Game.from_position([["6-1"], ["5-5", "3-2"]], [(4, 1)], turn=0)
    widget = Domino(mode="local", game=game, store=store)
    widget.reveal()
    widget.play("6-1", "right")
    assert widget.game.turn == 1 and widget.seat == 0 and not widget.handoff and widget.turn is None


# ------------------------------------------------- the hand in words, revealed, mode, Why?
def position(hands, line, first=(), turn=0):
    """A game at ``line`` with ``hands``; the boneyard holds every other tile, ``first``
    on top (drawn first), then the rest in ``TILES`` order."""
    used = {as_tile(t) for hand in hands for t in hand} | {as_tile(list(p)) for p in line}
    top = [as_tile(t) for t in first]
    return Game.from_position(hands, line, boneyard=top + [t for t in TILES if t not in used and t not in top],
                              turn=turn)


def forced_draws(first=("2-1", "5-0", "4-1", "6-2"), computer=("5-5", "4-4", "3-3")):
    """The computer to move at 6|6 (by default with no six: it draws the boneyard's top
    tiles until one fits, 4 tiles, the 6-2 last, and plays it). Then the user, holding no
    6 and no 2, draws 0-0 and 1-1 and then 2-0, which fits."""
    return position([["1-0", "3-0", "3-1"], list(computer)], [(6, 6)], first, turn=1)


def test_the_hand_log_has_one_entry_per_action_and_one_for_consecutive_draws(store):
    widget = Domino(game=forced_draws(), level="easy", store=store)
    draws, play = widget.log
    assert draws == {"player": 1, "action": "draw", "count": 4, "first": 1, "last": 4,
                     "text": "Computer drew 4 tiles"}  # the computer's drawn tiles are never named
    end = widget.game.history[-1].end
    assert play == {"player": 1, "action": "play", "tile": [6, 2], "end": end, "lead": False, "first": 5,
                    "last": 5, "text": f"Computer played 6|2 on the {end} end"}
    while widget.can_draw:  # the user's own draws: one entry, their tiles named
        widget.draw()
    assert widget.log[-1] == {"player": 0, "action": "draw", "count": 3, "tiles": [[0, 0], [1, 1], [2, 0]],
                              "first": 6, "last": 8, "text": "You drew 3 tiles: 0|0, 1|1, 2|0"}
    assert widget.history_length == 9 and widget.playable == [{"tile": [2, 0], "ends": ["left" if end == "left"
                                                                                          else "right"]}]


def test_the_log_of_a_whole_hand_adds_up_and_names_no_hidden_tile(store):
    widget = Domino(seed=11, level="easy", store=store)
    widget.watch("easy", moves=40, delay=0)
    log, history = widget.log, widget.game.history
    assert sum(e["last"] - e["first"] + 1 for e in log) == len(history) == log[-1]["last"]
    assert all(e["first"] == before["last"] + 1 for before, e in itertools.pairwise(log))
    for entry in log:
        events = history[entry["first"] - 1:entry["last"]]
        assert {e.player for e in events} == {entry["player"]} and {e.action for e in events} == {entry["action"]}
        assert entry.get("count", 1) == len(events)
        assert "tiles" not in entry or entry["player"] == 0  # only the user's own draws
    assert not any(a["action"] == b["action"] == "draw" and a["player"] == b["player"]
                   for a, b in itertools.pairwise(log))  # one entry for consecutive draws


def test_local_mode_never_names_a_drawn_tile_in_the_log(store):
    game = position([["1-0", "2-0", "3-1"], ["5-5", "4-4", "6-3"]], [(6, 6)], first=["2-1", "6-2"])
    widget = Domino(mode="local", game=game, store=store)
    widget.reveal()
    widget.draw()
    assert widget.log[-1]["text"] == "Player 1 drew a tile" and "tiles" not in widget.log[-1]


@pytest.mark.parametrize("first,computer,words", [
    (("2-1", "5-0", "4-1", "6-2"), ("5-5", "4-4", "3-3"), "The computer drew 4 tiles, then played 6|2 on the {end}."),
    (("6-2",), ("5-5", "4-4", "3-3"), "The computer drew a tile, then played 6|2 on the {end}."),
    (("2-1", "6-2"), ("5-5", "4-4", "6-4"), "The computer played 6|4 on the {end} end."),
])
def test_the_status_says_what_the_computer_did_until_the_user_acts(store, first, computer, words):
    widget = Domino(game=forced_draws(first, computer), level="easy", store=store)
    assert widget.recap == words.format(end=widget.game.history[-1].end)
    widget.draw()  # (nothing fits the user) the user acted: the computer's turn is old news
    assert widget.recap == ""


def test_the_status_says_the_computer_drew_and_passed(store):
    sixes = ["6-5", "6-4", "6-3", "6-2", "6-1", "6-0"]  # every six is the user's: nothing fits the computer
    widget = Domino(game=position([sixes, ["5-5", "4-4", "3-3"]], [(6, 6)], turn=1), level="easy", store=store)
    assert widget.recap == "The computer drew 18 tiles and passed." and widget.boneyard == 0
    assert widget.log[-2]["count"] == 18 and widget.log[-1]["text"] == "Computer passed"
    assert widget.game.turn == 0 and widget.playable


def test_the_computer_leads_in_words(store):
    widget = Domino(game=position([["1-0", "2-0"], ["6-6", "4-4"]], [], turn=1), level="easy", store=store)
    assert widget.recap == "The computer led with 6|6." and widget.log[0]["lead"] is True


def test_on_one_device_the_status_says_the_other_players_turn_once_the_hand_is_revealed(store):
    game = position([["6-1", "3-2"], ["1-1", "4-4", "5-0"]], [(6, 6)])
    widget = Domino(mode="local", game=game, store=store)
    widget.reveal()
    widget.play("6-1", "right")
    assert widget.handoff and widget.recap == ""  # behind the pass-the-device screen: nothing yet
    widget.reveal()
    assert widget.recap == "Player 1 played 6|1 on the right end."
    widget.play("1-1", "right")
    widget.reveal()
    assert widget.recap == "Player 2 played 1|1 on the right end."


def test_the_computers_tiles_are_revealed_only_at_the_end_and_only_against_it(store):
    game = position([["2-1"], ["5-3", "4-4", "0-0"]], [(6, 6), (6, 2)])
    widget = Domino(game=game.copy(), level="easy", store=store)
    assert widget.revealed == []
    widget.play("2-1")
    assert widget.result["winner"] == 0 and widget.revealed == [[0, 0], [4, 4], [5, 3]]
    widget.goto(0)  # looking back: an earlier position is not the end
    assert widget.revealed == [] and widget.result == {}
    widget.goto(-1)
    assert widget.revealed == [[0, 0], [4, 4], [5, 3]]
    widget.undo()
    assert widget.revealed == []
    local = Domino(mode="local", game=game.copy(), store=store)
    local.reveal()
    local.play("2-1")
    assert local.result and local.revealed == [] and local.log[-1]["player"] == 0


def test_the_new_traits_are_never_an_online_seats(unconnected_seat):
    assert not {"log", "recap", "revealed"} & set(unconnected_seat.trait_names(sync=True))


def test_domino_opens_in_the_mode_last_given_also_after_a_restart(tmp_path):
    path = tmp_path / "s.sqlite3"
    assert Domino(store=Store(path)).mode == "computer"  # nothing remembered yet
    Domino(mode="local", store=Store(path))
    again = Domino(store=Store(path))  # a restart: a new store on the same file
    assert again.mode == "local" and again.names == ["Player 1", "Player 2"] and again.handoff
    assert Domino(mode="computer", store=Store(path)).mode == "computer"  # given wins, and is remembered
    assert Domino(store=Store(path)).mode == "computer"
    with pytest.raises(ValueError, match="mode must be one of"):
        Domino(mode="online", store=Store(path))
    Store(path).set_setting("domino", "mode", ["junk"])
    with pytest.warns(StoreWarning, match="not one of"):
        assert Domino(store=Store(path)).mode == "computer"


HARD = {"samples": 20, "time_limit": None}


def test_why_shows_the_computers_candidates_and_hards_beliefs_about_the_users_tiles(store):
    game = position([["1-0", "3-0", "3-1"], ["5-5", "6-4", "6-3", "3-3"]], [(6, 6)], turn=1)
    widget = Domino(game=game, level="hard", ai=HARD, store=store)
    analysis = widget.why()
    overlay = widget.overlay
    assert overlay["player"] == 1 and overlay["name"] == "hard" and overlay["lead"] is False
    assert {(tuple(t["tile"]), t["end"]) for t in overlay["tiles"]} == {
        (c.move.tile, c.move.end) for c in analysis.candidates} == {  # its playable tiles then, each end
        ((6, 4), "left"), ((6, 4), "right"), ((6, 3), "left"), ((6, 3), "right")}
    assert [t["chosen"] for t in overlay["tiles"]].count(True) == 1
    assert overlay["title"].startswith(f"Why? The computer (hard) played {analysis.move.tile[0]}|")
    assert overlay["title"].endswith(analysis.reason)
    assert set(overlay["beliefs"]) == {"1-0", "3-0", "3-1"}  # the user's tiles only: no key names the computer's
    picture = widget.picture_svg()  # the picture beside the view leaves the computer's reasons out
    assert picture is not None and "data-candidate" not in picture


def test_hards_forced_moves_keep_its_beliefs_and_why_shows_a_draw(store):
    widget = Domino(game=forced_draws(), level="hard", ai=HARD, store=store)
    assert widget.explained == [1, 2, 3, 4, 5]
    assert all("beliefs" in widget.analyses[i].stats for i in widget.explained)
    widget.why(1)
    overlay = widget.overlay
    assert widget.history_index == 1 and overlay["move"] == {"action": "draw"} and overlay["tiles"] == []
    assert overlay["title"] == "Why? The computer (hard) drew a tile \u2014 no tile fits: draw"
    assert set(overlay["beliefs"]) == {"1-0", "3-0", "3-1"}


def test_on_one_device_why_draws_nothing_of_the_other_hand(store):
    widget = Domino(mode="local", seed=3, store=store)
    widget.reveal()
    widget.watch("medium", moves=1, delay=0, explain=True)  # player 1's move, with its analysis
    widget.reveal()  # player 2 has the device now
    assert widget.explained == [1] and widget.seat == 1
    widget.goto(1)
    assert widget.overlay == {}  # player 1's reasons would show their hand
    assert widget.why(1) is widget.analyses[1] and widget.overlay == {}
