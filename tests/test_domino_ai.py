"""The Dominoes computer players: legal, blind to hidden tiles, sound inference, CLI."""

import json
import random

import pytest
from domino_deals import hidden_swaps

from gamewidgets.analysis import Analysis
from gamewidgets.cli import main
from gamewidgets.domino import TILES, Draw, Game, Play, tile_name
from gamewidgets.domino.ai import LEVELS, Easy, Hard, Medium, infer, play_hand


def players(seed=0):
    """Every level, hard with a small budget and no clock (reproducible)."""
    return [Easy(seed=seed), Medium(seed=seed), Hard(seed=seed, samples=24, time_limit=None)]


def random_position(seed: int, rnd: random.Random, steps: int | None = None) -> Game:
    """A game after some random moves, not over."""
    game = Game(seed)
    for _ in range(rnd.randrange(1, 45) if steps is None else steps):
        if game.is_over:
            break
        game.play(rnd.choice(game.legal_moves()))
    if game.is_over:
        game.undo()
    return game


def comparable(analysis: Analysis) -> dict:
    data = analysis.to_dict()
    data["stats"].pop("time_ms", None)
    return data


def test_levels_registry():
    assert list(LEVELS) == ["easy", "medium", "hard"]
    assert all(LEVELS[name].name == name for name in LEVELS)


@pytest.mark.parametrize("level", range(3))
def test_every_level_plays_legal_actions_to_the_end(level):
    for seed in range(6):
        game = Game(seed)
        player = players(seed)[level]
        opponent = Medium(seed=seed + 1)
        seats = (player, opponent) if seed % 2 else (opponent, player)
        while not game.is_over:
            view = game.view(game.turn)
            move = seats[game.turn].choose(view)
            assert view.legal_actions() == game.legal_moves() and move in game.legal_moves()
            game.play(move)
        assert game.outcome() is not None


def test_analysis_is_the_shared_shape_and_matches_choose():
    rnd = random.Random(4)
    found = 0
    for seed in range(40):
        game = random_position(seed, rnd)
        view = game.view(game.turn)
        if len(view.legal_actions()) < 2:
            continue
        found += 1
        for player in players(seed):
            analysis = player.analyse(view)
            assert isinstance(analysis, Analysis) and analysis.player == player.name
            assert analysis.move == player.choose(view)
            assert {c.move for c in analysis.candidates} == set(view.legal_actions())
            assert analysis.chosen is analysis.candidates[0]
            scores = [c.score for c in analysis.candidates]
            assert scores == sorted(scores, reverse=True)
            str(analysis), analysis._repr_html_(), analysis.to_rows()
        hard = players(seed)[2].analyse(view)
        assert all(set(c.terms) == {"ev"} and {"win", "pips"} <= set(c.facts) for c in hard.candidates)
        beliefs = hard.stats["beliefs"]
        assert set(beliefs) == {tile_name(t) for t in view.unseen}
        assert sum(beliefs.values()) == pytest.approx(view.opponent_count, abs=0.01)
    assert found >= 10


def test_forced_actions_need_no_search():
    game = Game(3)
    view = game.view(game.turn)
    for player in players():
        analysis = player.analyse(view)
        assert analysis.move == Play(game.opening, "right") and len(analysis.candidates) == 1


def test_players_take_the_game_and_refuse_other_things_or_a_view_out_of_turn():
    game = Game(5)
    assert Medium().choose(game) == Medium().choose(game.view(game.turn))
    with pytest.raises(TypeError, match=r"game\.view\(player\)"):
        Medium().choose(game.record())
    with pytest.raises(ValueError):  # GameOver / not this player's turn
        Medium().choose(game.view(1 - game.turn))


def test_decisions_do_not_change_when_hidden_tiles_are_swapped_consistently():
    """A decision and its analysis depend only on the view: swap a tile of the other
    hand with one of the boneyard (where the public history allows it), or two tiles
    of the boneyard (always allowed), and every level decides the same."""
    rnd = random.Random(11)
    changed_hand = checked = 0
    for seed in range(30):
        game = random_position(seed, rnd)
        viewer = game.turn
        view = game.view(viewer)
        if len(view.legal_actions()) < 2:
            continue
        expected = [comparable(p.analyse(view)) for p in players(seed)]
        hidden = game.hand(1 - viewer)
        for other in hidden_swaps(game, viewer, rnd, 5):
            assert other.hands != game.hands or other.boneyard != game.boneyard
            changed_hand += other.hand(1 - viewer) != hidden
            other_view = other.view(viewer)
            assert other_view == view
            assert [comparable(p.analyse(other_view)) for p in players(seed)] == expected
            assert [comparable(p.analyse(other)) for p in players(seed)] == expected  # given the whole game
            checked += 1
    assert checked >= 20 and changed_hand >= 10


def test_inference_never_rules_out_a_tile_the_opponent_holds():
    rnd = random.Random(2)
    excluded = 0
    for seed in range(120):
        game = random_position(seed, rnd)
        viewer = game.turn
        facts = infer(game.view(viewer))
        assert not set(facts.ruled_out) & set(game.hand(1 - viewer))
        excluded += len(facts.ruled_out)
    assert excluded > 50  # the facts do rule tiles out


def test_hard_believes_nothing_the_public_facts_rule_out():
    """Tiles ranked above the opening (never dealt) and tiles showing a number the
    opponent drew or passed on, while it has drawn nothing since, get no belief."""
    rnd = random.Random(7)
    tested = 0
    for seed in range(300):
        game = random_position(seed, rnd)
        viewer = game.turn
        view = game.view(viewer)
        opp = 1 - viewer
        history = view.history
        opp_draws = [i for i, e in enumerate(history) if e.player == opp and e.action == "draw"]
        must_lack = set()
        if not opp_draws:
            must_lack |= set(view.not_dealt)
        else:  # every tile it holds was held (or drawn and kept) during its last run of draws
            first = opp_draws[-1]
            while first - 1 in opp_draws:
                first -= 1
            must_lack |= {t for t in view.unseen if set(history[first].ends) & set(t)}
        must_lack &= set(view.unseen)
        if not must_lack or len(view.legal_actions()) < 2:
            continue
        analysis = Hard(seed=seed, samples=30, time_limit=None).analyse(view)
        ruled_out = set(analysis.stats["ruled_out"])
        for tile in must_lack:
            assert tile_name(tile) in ruled_out and analysis.stats["beliefs"][tile_name(tile)] == 0
        tested += 1
        if tested >= 12:
            break
    assert tested >= 5


def test_hard_reads_draws():
    """The opponent drew on ends 6 and 1, kept the 5-5, played the 1-0 it drew next: it
    holds no 6 and no 1 (and the 1-0 was the drawn tile)."""
    hands = [[(6, 6), (2, 2), (3, 0)], [(5, 3), (4, 0), (3, 3)]]
    used = {*hands[0], *hands[1], (6, 1), (5, 5), (1, 0)}
    boneyard = [(5, 5), (1, 0), *(t for t in TILES if t not in used)]
    game = Game.from_position(hands, [(6, 1)], boneyard, turn=1)
    game.play(Draw())
    game.play(Draw())
    game.play(Play((1, 0), "right"))
    view = game.view(0)
    analysis = Hard(samples=40, time_limit=None).analyse(view)
    ruled_out = set(analysis.stats["ruled_out"])
    lacking = {tile_name(t) for t in view.unseen if 6 in t or 1 in t}
    assert lacking and lacking <= ruled_out
    assert all(analysis.stats["beliefs"][t] == 0 for t in lacking)
    assert {tile_name(t) for t in game.hand(1)}.isdisjoint(ruled_out)


def test_same_seed_same_decisions():
    for level in LEVELS:
        options = {"time_limit": None, "samples": 20} if level == "hard" else {}
        a = play_hand(Game(21), [LEVELS[level](seed=1, **options), Medium(seed=2)])
        b = play_hand(Game(21), [LEVELS[level](seed=1, **options), Medium(seed=2)])
        assert a.record() == b.record()


def test_match_cli_writes_replayable_duplicate_hands(tmp_path, capsys):
    path = tmp_path / "hands.json"
    assert main(["domino", "match", "--first", "hard", "--second", "easy", "--hands", "4", "--seed", "3",
                 "--samples", "20", "--time", "0", "--json", str(path), "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "points per hand" in out and "±" in out and "%" in out
    data = json.loads(path.read_text())
    assert (data["format"], data["version"], data["game"]) == ("gamewidgets.match", 2, "domino")
    assert len(data["records"]) == 4
    for index, hand in enumerate(data["records"]):
        deal = hand["setup"]["deal"]
        assert hand["players"] == (["hard", "easy"] if index % 2 == 0 else ["easy", "hard"])
        assert [len(h) for h in deal["hands"]] == [7, 7] and len(deal["boneyard"]) == 14
        game = Game.from_record(hand)  # replays legally, and the result agrees
        outcome = game.outcome()
        assert game.is_over and {"winner": outcome.winner, "reason": outcome.reason, "score": outcome.points} \
            == hand["result"]
        assert Game.from_record(data, index=index).history == game.history
    assert data["records"][0]["setup"]["deal"] == data["records"][1]["setup"]["deal"]  # the same deal, swapped
    again = tmp_path / "again.json"
    main(["domino", "match", "--first", "hard", "--second", "easy", "--hands", "4", "--seed", "3",
          "--samples", "20", "--time", "0", "--json", str(again), "--quiet"])
    assert json.loads(again.read_text()) == data


def test_match_cli_wants_an_even_number_of_hands(capsys):
    assert main(["domino", "match", "--first", "easy", "--second", "easy", "--hands", "3", "--quiet"]) == 2


def test_decide_cli_gives_one_move_in_the_record_format(tmp_path, capsys):
    path = tmp_path / "hands.json"
    main(["domino", "match", "--first", "medium", "--second", "medium", "--hands", "2", "--seed", "5",
          "--json", str(path), "--quiet"])
    capsys.readouterr()
    record = json.loads(path.read_text())["records"][1]
    hand = {"levels": record["players"], "deal": record["setup"]["deal"], "moves": record["moves"]}
    for ply in range(0, len(hand["moves"]), 3):
        out = tmp_path / "move.json"
        assert main(["domino", "decide", "--record", str(path), "--hand", "1", "--ply", str(ply),
                     "--level", "medium", "--seed", "0", "--json", str(out)]) == 0
        move = json.loads(out.read_text())
        assert move == hand["moves"][ply]  # medium decides the same as in the match
        # the record may stop there: the move replays after the first ply moves
        game = Game.from_record({"deal": hand["deal"], "moves": [*hand["moves"][:ply], move]})
        assert len(game.history) == ply + 1
    # a truncated record (no result) and --explain with hard
    short = tmp_path / "short.json"
    short.write_text(json.dumps({"hands": [{"levels": hand["levels"], "deal": hand["deal"],
                                            "moves": hand["moves"][:6]}]}))
    capsys.readouterr()
    assert main(["domino", "decide", "--record", str(short), "--hand", "0", "--ply", "6", "--level", "hard",
                 "--samples", "20", "--time", "0", "--explain"]) == 0
    printed = capsys.readouterr().out
    assert "hard" in printed and "ruled out" in printed
    move = json.loads(printed.strip().splitlines()[-1])
    Game.from_record({"deal": hand["deal"], "moves": [*hand["moves"][:6], move]})
    assert main(["domino", "decide", "--record", str(short), "--hand", "0", "--ply", "9", "--level", "easy"]) == 2


def test_decide_cli_on_a_finished_hand_says_so(tmp_path, capsys):
    path = tmp_path / "hands.json"
    main(["domino", "match", "--first", "easy", "--second", "easy", "--hands", "2", "--seed", "2",
          "--json", str(path), "--quiet"])
    hand = json.loads(path.read_text())["records"][0]
    capsys.readouterr()
    assert main(["domino", "decide", "--record", str(path), "--hand", "0", "--ply", str(len(hand["moves"])),
                 "--level", "easy"]) == 1
    captured = capsys.readouterr()
    assert "is over before move" in captured.err and captured.out == ""


def test_hard_states_its_beliefs_even_for_a_forced_move():
    from gamewidgets.domino import Game
    from gamewidgets.domino.ai import Hard

    game = Game(4)
    view = game.view(game.turn)  # the opening: one legal move
    beliefs = Hard(seed=1, samples=50, time_limit=None).beliefs(view)
    assert beliefs["samples"] == 50
    assert set(beliefs["beliefs"]) == {f"{a}-{b}" for a, b in view.unseen}
    assert abs(sum(beliefs["beliefs"].values()) - view.opponent_count) < 1e-6
