"""Every puzzle shipped with the package (src/gamewidgets/puzzles/data, made by
tools/make_puzzles.py) proved again: its answer is the only move that meets its kind's
condition, by each game's independent prover (the test file of its kind: a search
written apart from the one that found it); ``check`` says correct for the answer and
gives a reason for every other legal move; and the set is made again from its seed."""
from __future__ import annotations

import json
from collections import Counter

import make_puzzles
import pytest
import test_puzzles_domino
import test_puzzles_line98
import test_puzzles_loa
import test_puzzles_mahjong

from gamewidgets import puzzles
from gamewidgets.puzzles import KIND_NAMES, generate, kinds, load

PROVERS = {
    ("loa", "win-in-1"): test_puzzles_loa.prove_win_in_1,
    ("loa", "win-in-2"): test_puzzles_loa.prove_win_in_2,
    ("line98", "best-clear"): test_puzzles_line98.prove_best_clear,
    ("mahjong", "only-safe-pair"): test_puzzles_mahjong.prove_only_safe_pair,
    ("domino", "open-hands"): test_puzzles_domino.prove_open_hands,
}


@pytest.mark.parametrize("game", list(puzzles.GAMES))
def test_each_game_ships_at_least_50_puzzles_of_graded_difficulty_and_of_each_of_its_kinds(game):
    shipped = load(game)
    assert len(shipped) >= 50
    assert set(Counter(p.kind for p in shipped)) == set(KIND_NAMES[game]) == set(kinds(game))
    ratings = [p.rating for p in shipped]
    assert ratings == sorted(ratings) and max(ratings) - min(ratings) >= 400, "graded: easiest first, a spread"
    assert len({p.id for p in shipped}) == len(shipped) and all(p.id.startswith(f"{game}-") for p in shipped)


@pytest.mark.parametrize("game", list(puzzles.GAMES))
def test_every_shipped_puzzle_is_proved_again_and_checked_move_by_move(game):
    for puzzle in load(game):
        PROVERS[game, puzzle.kind](puzzle)
        position = puzzle.game
        assert puzzle.check(puzzle.answer).correct
        for move in position.legal_moves():
            if move != puzzle.answer:
                verdict = puzzle.check(move)
                assert not verdict.correct and verdict.reason.strip(), (puzzle.id, move)


@pytest.mark.parametrize("game", list(puzzles.GAMES))
def test_the_shipped_set_is_made_again_from_its_recorded_seed(game):
    data = json.loads((make_puzzles.DATA / f"{game}.json").read_text(encoding="utf-8"))
    assert data["seed"] == make_puzzles.SEED and data["made_by"] == "tools/make_puzzles.py"
    shipped = {p["id"]: p for p in data["puzzles"]}
    for kind in KIND_NAMES[game]:
        assert data["counts"][kind] == make_puzzles.PER_KIND[game]
        again = generate(game, count=3, seed=data["seed"], kind=kind)  # the first ones: find is prefix-stable
        for n, puzzle in enumerate(again, 1):
            assert {**puzzle.to_dict(), "id": ""} == {**shipped[f"{game}-{kind}-{n:03d}"], "id": ""}
