"""The Mahjong Connect tutorial (notebooks/mahjong.ipynb) after Run All, in a real
JupyterLab: each lesson's board still shows what its text describes — the path drawn
on the straight, one-turn, two-turn and outside boards, the tile in the way on the
blocked and three-turn boards (no dialog over a lesson board), the hint after the
shuffle, the solver's safe and dead-end pairs, and the step-through board looking back
at its 36th pair. Each board is saved as a screenshot
(tests/e2e/screenshots/mahjong-lesson-*.png) to look at."""

from pathlib import Path

import nbformat

from .mahjong_page import ROOT

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "mahjong.ipynb"
# the boards in output order (the first view is the game to play)
BOARDS = ("straight", "one_turn", "two_turns", "outside", "blocked", "three", "stuck", "w", "trap", "step")
# the pair each lesson draws, as the view's data-path says it
PATHS = {"straight": "0,0>0,3", "one_turn": "0,0>2,2", "two_turns": "0,0>2,2", "outside": "0,0>0,4",
         "blocked": "1,1>3,1", "three": "1,1>3,3"}


def wait_data(page, view, name, value):
    page.wait_for_function("([el, name, value]) => el.dataset[name] === value",
                           arg=[view.element_handle(), name, value])


def test_every_lesson_shows_its_point_after_run_all(lab):
    cells = [c.source for c in nbformat.read(NOTEBOOK, 4).cells if c.cell_type == "code"]
    page = lab.open_notebook(cells)
    assert lab.evaluate(f"[name for name in {BOARDS!r} if name in globals()]") == list(BOARDS)
    page.wait_for_function(f"() => document.querySelectorAll('{ROOT}').length >= {1 + len(BOARDS)}")
    views = page.locator(ROOT)
    lessons = {name: views.nth(1 + index) for index, name in enumerate(BOARDS)}
    for name, path in PATHS.items():
        view = lessons[name]
        view.element_handle().wait_for_element_state("visible")
        wait_data(page, view, "path", path)
        opened = "false" if name in ("blocked", "three") else "true"
        assert [view.get_attribute("data-path-open"), view.get_attribute("data-lesson")] == [opened, "true"]
        if name in ("blocked", "three"):
            assert view.get_attribute("data-in-the-way") == "1"
    assert lessons["blocked"].get_attribute("data-state") == "stuck"
    assert page.locator("[data-dialog=stuck]:visible").count() == 0  # no dialog over any lesson
    # the crossed pairs were shuffled, then a hint shown
    hint = lab.evaluate("stuck.hint_pair")
    wait_data(page, lessons["stuck"], "hint", ";".join(f"{r},{c}" for r, c in hint))
    wait_data(page, lessons["trap"], "safety", "safe:1,dead end:1,unknown:0")
    wait_data(page, lessons["step"], "history", "36/72")
    assert lessons["step"].get_attribute("data-history-mode") == "back"
    for name, view in lessons.items():
        if name != "w":  # the watched deal is still being cleared, a pair every half second
            lab.screenshot(f"mahjong-lesson-{name}", view)
