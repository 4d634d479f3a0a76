"""A Lines of Action slot has one writer at a time, across kernels (issue 25: kernel 1's
next move put the slot back to its ply 4 after kernel 2 had played it on to ply 10).
Saves are versioned writes: a kernel replaces only the game it last read or wrote in
the slot; a stale one is refused, says so in its widget, and the newer game is kept.
Each "kernel" here is a widget with a Store object of its own on one file, as two
processes would have."""

from __future__ import annotations

import pytest

from gamewidgets.loa import Game
from gamewidgets.loa.saves import SaveSlots
from gamewidgets.loa.widget import LinesOfAction, SavedGameKept
from gamewidgets.store import Store

FAST = {"max_depth": 1}


def kernel(path, **kwargs) -> LinesOfAction:
    return LinesOfAction(store=Store(path), seed=1, ai=FAST, **kwargs)


def play(w: LinesOfAction, moves: int) -> None:
    for _ in range(moves):
        w.play(w.game.legal_moves()[0])  # the computer answers at once: no event loop here


def saved_ply(path) -> int:
    data = Store(path).load("loa", "8x8 easy")
    return Game.from_dict(data["game"]).ply


def test_a_stale_kernel_cannot_put_the_slot_back(tmp_path):
    path = tmp_path / "s.sqlite3"
    one = kernel(path)
    one.start(8, "easy")
    play(one, 2)  # ply 4
    two = kernel(path)
    two.continue_saved(8, "easy")
    play(two, 3)  # ply 10
    assert saved_ply(path) == 10
    with pytest.warns(SavedGameKept, match="another kernel"):
        play(one, 1)  # kernel 1's stale game
    assert saved_ply(path) == 10  # kernel 2's moves are kept
    assert "another kernel" in one.save_note and not one._own_slot
    play(two, 1)  # the owner goes on saving
    assert saved_ply(path) == 12
    play(one, 1)  # and the stale one stays out of the slot, silently now
    assert saved_ply(path) == 12


def test_two_kernels_claiming_one_empty_slot_at_once_have_one_owner(tmp_path):
    """Both found the slot empty (the race of two processes starting it at once): the
    first save takes it, the second is refused and writes nothing."""
    path = tmp_path / "s.sqlite3"
    first, second = SaveSlots(Store(path)), SaveSlots(Store(path))
    first.claim(8, "easy", replace=False)
    second.claim(8, "easy", replace=False)
    mine, theirs = Game(8), Game(8)
    theirs.play(theirs.legal_moves()[0])
    assert first.save(mine, "easy") is not None
    assert second.save(theirs, "easy") is None
    assert saved_ply(path) == 0
    assert first.save(mine, "easy") is not None  # the owner goes on


def test_a_finished_stale_game_does_not_delete_the_newer_one(tmp_path):
    path = tmp_path / "s.sqlite3"
    one = kernel(path)
    one.start(8, "easy")
    play(one, 1)
    two = kernel(path)
    two.continue_saved(8, "easy")
    play(two, 2)
    one._slots.delete(8, "easy")  # what kernel 1 does when its game ends
    assert saved_ply(path) == two.game.ply


def _start_at_once(paths, barrier, results, seat):
    """One process: for each store, start the 8x8 easy game when the other process does,
    play 2 + seat moves, and say what it believes and what it played."""
    import warnings

    for path in paths:
        w = kernel(path)
        barrier.wait()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", SavedGameKept)
            w.start(8, "easy")
            play(w, 2 + seat)
        w.store.flush()
        results.put((str(path), seat, w._own_slot, w.game.to_dict(), w.save_note))


def test_two_processes_starting_one_slot_at_once_have_one_owner_and_lose_nothing(tmp_path):
    """The race of the report, in two real processes (it found two owners in 7 races of
    8, and lost a game in 3): each race has exactly one owner, the slot holds its game,
    and the other process says why its game is not saved."""
    import multiprocessing

    paths = [tmp_path / f"race{i}.sqlite3" for i in range(8)]
    context = multiprocessing.get_context("spawn")
    barrier, results = context.Barrier(2), context.Queue()
    workers = [context.Process(target=_start_at_once, args=(paths, barrier, results, seat)) for seat in (0, 1)]
    for worker in workers:
        worker.start()
    reports = [results.get(timeout=120) for _ in range(2 * len(paths))]
    for worker in workers:
        worker.join(60)
    assert all(worker.exitcode == 0 for worker in workers)
    for path in paths:
        race = [r for r in reports if r[0] == str(path)]
        owners = [r for r in race if r[2]]
        assert len(race) == 2 and len(owners) == 1, race
        (_, _, _, owned, note), = owners
        (_, _, _, _, other_note), = [r for r in race if not r[2]]
        assert Store(path).load("loa", "8x8 easy")["game"] == owned
        assert note == "" and other_note.startswith("Not saved")
