"""One record for every game (gamewidgets.record): match, tournament and the command
line write version 2, every game's Game.from_record replays it and says where a record
breaks, and the records of version 1 (files in tests/records_v1, written by the
commands and match() of the version before) still replay."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gamewidgets import domino, line98, loa, mahjong
from gamewidgets.errors import BadSave
from gamewidgets.match import match
from gamewidgets.playing import ENTRIES, entry, play
from gamewidgets.record import FORMAT, VERSION, replay, upgrade

V1 = Path(__file__).parent / "records_v1"
GAMES = {"line98": line98.Game, "mahjong": mahjong.Game, "loa": loa.Game, "domino": domino.Game}
PLAYED = {"line98": ["build"], "mahjong": ["random"], "loa": ["medium", "easy"], "domino": ["medium", "easy"]}


def v1(name: str):
    return json.loads((V1 / name).read_text())


def outcome_of(game) -> dict | None:
    outcome = game.outcome()
    return None if outcome is None else {"winner": outcome.winner, "reason": outcome.reason, "score": outcome.score}


@pytest.mark.parametrize("name", list(ENTRIES))
def test_a_match_writes_one_schema_that_every_game_replays(name):
    result = match(name, PLAYED[name], games=2, seed=4, workers=1, **({"max_depth": 1} if name == "loa" else {}))
    for record in result.records:
        assert {"format", "version", "game", "setup", "players", "moves", "result"} <= set(record)
        assert (record["format"], record["version"], record["game"]) == (FORMAT, VERSION, name)
        assert len(record["players"]) == entry(name).seats
        again = json.loads(json.dumps(record))  # plain JSON
        game = GAMES[name].from_record(again)
        assert outcome_of(game) == record["result"] and len(game.moves) <= len(record["moves"])
        assert all(isinstance(move, dict) for move in record["moves"])


def test_the_loop_stops_at_a_cap_and_the_record_says_so():
    known = entry("line98")
    out = play(known, {"seed": 2}, [known.make_player("random", 1, {})], ["random"], max_moves=5)
    assert out.capped and out.record["capped"] and out.record["result"] is None and len(out.record["moves"]) == 5
    assert line98.Game.from_record(out.record).moves == out.game.moves


def test_a_broken_record_says_where():
    record = match("loa", ["easy", "easy"], games=2, seed=1, workers=1, max_depth=1).records[0]
    broken = {**record, "moves": [*record["moves"][:3], {"from": "a1", "to": "a1"}, *record["moves"][4:]]}
    with pytest.raises(BadSave, match="move 4"):
        loa.Game.from_record(broken)
    with pytest.raises(BadSave, match="not where its moves lead"):
        loa.Game.from_record({**record, "result": {"winner": None, "reason": "connected", "score": 0}})
    with pytest.raises(BadSave, match="not a mahjong one"):
        mahjong.Game.from_record(record)
    with pytest.raises(BadSave, match="version 3"):
        loa.Game.from_record({**record, "version": 3})
    with pytest.raises(BadSave):
        replay({"format": FORMAT, "version": 2, "game": "chess", "setup": {}, "moves": []})
    with pytest.raises(BadSave):
        replay("not a record")


def test_the_records_of_version_1_replay():
    play_file = v1("line98-play.json")
    game = line98.Game.from_record(play_file)
    assert game.states() == play_file["states"] and game.is_over
    solved = mahjong.Game.from_record(v1("mahjong-solve.json"))
    assert solved.won and len(solved.moves) == 72
    loa_file = v1("loa-match.json")
    for index, item in enumerate(loa_file["games"]):
        whole = loa.Game.from_record(loa_file, index=index)
        alone = loa.Game.from_record(item, size=loa_file["size"])
        assert whole.fen() == alone.fen() and [str(m) for m in whole.moves] == item["moves"]
        assert whole.outcome().reason == item["reason"]
    hands = v1("domino-match.json")
    for index, hand in enumerate(hands["hands"]):
        assert domino.Game.from_record(hands, index=index).outcome().to_dict() == hand["result"]
        assert domino.Game.from_record(hand).outcome().to_dict() == hand["result"]
    assert domino.Game.from_record(v1("domino-game-record.json")).is_over
    items = v1("match-records.json")
    assert line98.Game.from_record(items["line98"][0]).score == items["line98"][0]["score"]
    assert mahjong.Game.from_record(items["mahjong"][0]).score == items["mahjong"][0]["score"]
    for item in items["loa"]:
        assert loa.Game.from_record(item, size=7).outcome().reason == item["reason"]
    for item in items["domino"]:
        assert domino.Game.from_record(item).outcome().to_dict() == item["result"]
    with pytest.raises(BadSave, match="move"):  # a version-1 LOA game read on the wrong board
        loa.Game.from_record(items["loa"][0], size=8)


def test_upgrade_reads_every_version_1_file_into_version_2():
    for name in ("line98-play.json", "mahjong-solve.json", "loa-match.json", "domino-match.json",
                 "domino-game-record.json"):
        record = upgrade(v1(name))
        assert (record["format"], record["version"]) == (FORMAT, VERSION) and record["game"] in ENTRIES
        assert upgrade(record) == record


WIDGETS = {"line98": "Line98", "mahjong": "MahjongConnect", "loa": "LinesOfAction", "domino": "Domino"}
ANALYSED = {"line98": (["build"], {}), "mahjong": (["solver"], {}),
            "loa": (["medium", "easy"], {"max_depth": 1}), "domino": (["hard", "easy"], {"samples": 10})}


@pytest.mark.parametrize("name", list(WIDGETS))
def test_a_widget_opened_from_a_record_steps_through_it_with_its_analyses(name):
    import gamewidgets

    players, options = ANALYSED[name]
    result = match(name, players, games=2 if len(players) == 2 else 1, seed=3, workers=1, analyses=True, **options)
    record = json.loads(json.dumps(result.records[0]))
    kwargs = {"mode": "local"} if name == "domino" else {}
    w = getattr(gamewidgets, WIDGETS[name]).from_record(record, muted=True, **kwargs)
    assert w.store.persistent is False
    assert w.history_length == len(w.history) == len(w._history_moves()) + 1
    analysed = [i for i, a in enumerate(record["analyses"], start=1) if a is not None]
    assert analysed and w.explained == analysed
    for i in analysed[:3] + analysed[-2:]:
        kept = w.why(i)
        assert kept.move == w.history[i].move and kept.player == record["analyses"][i - 1]["player"]
        assert kept.to_dict() == record["analyses"][i - 1]
    w.goto(1)
    assert w.looking_back and w.history_index == 1
    w.goto(-1)
    assert w.played_by == (players[0] if len(players) == 1 else "")
