"""Puzzles on the boards, from Python: a widget judging the moves of a puzzle
(load_puzzle / from_puzzle), and a series keeping results and a rating in the store
(gamewidgets.puzzle_set). Each game's own kinds: tests/test_puzzles_<game>.py; the
views: tests/e2e/test_puzzles_view.py."""
from __future__ import annotations

import dataclasses

import pytest

from gamewidgets import PuzzleSet, puzzles, widget_class
from gamewidgets.errors import IllegalMove
from gamewidgets.puzzles.playing import START_RATING, expected, rated
from gamewidgets.store import Store

GAMES = list(puzzles.GAMES)


def some(game, count=4, seed=3):
    found = puzzles.generate(game, count=count, seed=seed)
    return [dataclasses.replace(p, id=f"{game}-{i}") for i, p in enumerate(found)]


def user_move(widget, move):
    """The user's move as each board takes it."""
    if widget.game_name == "mahjong":
        return widget.remove(move.a, move.b)
    if widget.game_name == "domino":
        return widget._act(move)
    return widget.play(move)


def a_wrong_move(widget, puzzle):
    return next(m for m in widget.game.legal_moves() if m != puzzle.answer)


@pytest.fixture
def store(tmp_path):
    return Store(tmp_path / "s.sqlite3")


@pytest.mark.parametrize("game", GAMES)
def test_a_board_judges_a_puzzles_moves_and_says_why_a_wrong_one_is_wrong(game):
    puzzle = some(game)[0]
    w = widget_class(game).from_puzzle(puzzle, store=None)
    says = w._puzzle_run.say  # the puzzle's words as the board has them (seats, colours)
    assert w.puzzle["prompt"] == says(puzzle.prompt) and w.puzzle["state"] == "solving" and not w.puzzle["series"]
    before = len(w._history_moves())
    wrong = a_wrong_move(w, puzzle)
    with pytest.raises(IllegalMove, match="Not this one"):
        user_move(w, wrong)
    assert len(w._history_moves()) == before, "a wrong move is not played"
    assert w.puzzle["state"] == "wrong" and w.puzzle["tries"] == 1 and w.puzzle["message"].startswith("Not this one")
    user_move(w, puzzle.answer)
    if w.puzzle["state"] != "solved":  # win-in-2: the defence answered; the winning move now
        assert puzzle.kind == "win-in-2" and w.puzzle["message"].startswith("Right")
        user_move(w, puzzle.solution[2])
    assert w.puzzle["state"] == "solved" and w.puzzle["message"].startswith("Solved")
    assert w._played_by_computer, "a puzzle is not the person's game: not counted"


@pytest.mark.parametrize("game", GAMES)
def test_hint_solution_and_again_and_a_new_game_ends_the_puzzle(game):
    puzzle = some(game)[1]
    w = widget_class(game).from_puzzle(puzzle, store=None)
    assert w.puzzle_hint() == w._puzzle_run.say(puzzle.hint()) == w.puzzle["hint"]
    assert w.puzzle_solution() == [str(m) for m in puzzle.solution] == w.puzzle["solution"]
    with pytest.raises(IllegalMove, match="Not this one"):
        user_move(w, a_wrong_move(w, puzzle))
    w.puzzle_retry()
    assert w.puzzle["tries"] == 1 and w.puzzle["hint"] and w.puzzle["state"] == "solving"
    with pytest.raises(IllegalMove, match="not part of a series"):
        w.puzzle_next()
    w.new_game()
    assert w.puzzle == {} and not w._played_by_computer


def test_a_puzzle_is_refused_on_another_games_board_and_bad_input_is_said():
    w = widget_class("domino")(store=None)
    with pytest.raises(TypeError, match="Puzzle"):
        w.load_puzzle("the first one")
    with pytest.raises(ValueError, match="loa puzzle"):
        w.load_puzzle(some("loa", 1)[0])
    w._on_view_message(w, {"type": "puzzle_hint"}, [])
    assert "no puzzle" in w.error


def test_a_series_keeps_results_and_rating_in_the_store_and_picks_puzzles_near_the_rating(tmp_path):
    path = tmp_path / "s.sqlite3"
    chosen = some("domino", 6)
    series = PuzzleSet("domino", chosen, store=Store(path))
    assert series.rating == START_RATING and series.results == {}
    first = series.current
    assert first is min(chosen, key=lambda p: abs(p.rating - START_RATING))
    assert series.widget.puzzle["series"]
    user_move(series.widget, first.answer)
    assert series.results == {first.id: "solved"}
    assert series.rating == rated(START_RATING, first.rating, True) > START_RATING
    series.widget.puzzle_next()
    second = series.current
    assert second is not first
    series.widget.puzzle_hint()  # help: this one counts as failed when left
    series.widget._on_view_message(series.widget, {"type": "puzzle_next"}, [])
    assert series.results == {first.id: "solved", second.id: "failed"}
    after = series.rating
    # a new series on the same store (as after a restart) knows them, and moves on
    again = PuzzleSet("domino", chosen, store=Store(path))
    assert again.results == series.results and again.rating == after
    assert again.current.id not in again.results


def test_the_rating_moves_toward_the_outcome_by_at_most_k():
    assert expected(1200, 1200) == pytest.approx(0.5)
    assert rated(1200, 1200, True) == 1216 and rated(1200, 1200, False) == 1184
    assert rated(1200, 2000, True) > rated(1200, 800, True) > 1200  # solving a hard one gains more


def test_win_in_two_on_the_board_the_defence_answers_and_a_second_sides_puzzle_is_played_in_the_users_colour():
    from gamewidgets.loa.rules import FIRST, SECOND
    from gamewidgets.loa.widget import LinesOfAction

    found = puzzles.generate("loa", count=12, seed=5, kind="win-in-2")
    puzzle = next(p for p in found if p.game.turn == SECOND)
    w = LinesOfAction.from_puzzle(puzzle, store=None)
    assert w.game.turn == FIRST  # the user's pieces, the colours swapped
    swapped = {"White": "Black", "Black": "White"}
    assert w.puzzle["prompt"] == " ".join(swapped.get(word, word) for word in puzzle.prompt.split(" "))
    w.play(puzzle.answer)
    assert w.puzzle["state"] == "solving" and w.puzzle["message"].startswith("Right")
    assert w.game.moves[-1] == puzzle.solution[1], "the defence answered with the solution's reply"
    with pytest.raises(IllegalMove, match="does not win"):
        w.play(next(m for m in w.game.legal_moves() if m != puzzle.solution[2] and not _wins(w.game, m)))
    w.play(puzzle.solution[2])
    assert w.puzzle["state"] == "solved" and w.game.is_over


def _wins(game, move):
    after = game.copy()
    after.play(move)
    return after.is_over and after.winner == game.turn


@pytest.mark.parametrize("game, help_", [("line98", "suggest"), ("mahjong", "hint")])
def test_the_games_own_help_counts_as_the_puzzles_hint(game, help_):
    puzzle = some(game, 1)[0]
    w = widget_class(game).from_puzzle(puzzle, store=None)
    getattr(w, help_)()
    user_move(w, puzzle.answer)
    assert w.puzzle["state"] == "solved" and w.puzzle["hint"] and not w._puzzle_run.clean


def test_a_series_left_last_in_a_cell_shows_as_its_board_does_with_its_picture(monkeypatch):
    import IPython.display

    shown = []
    monkeypatch.setattr(IPython.display, "display", lambda data, **kwargs: shown.append(data))
    series = PuzzleSet("loa", some("loa"), store=Store.memory())
    series._ipython_display_()
    picture, view = shown
    assert picture["image/svg+xml"] == series.widget.picture_svg()
    assert view["application/vnd.jupyter.widget-view+json"]["model_id"] == series.widget.model_id
