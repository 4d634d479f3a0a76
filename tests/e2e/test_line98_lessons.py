"""The Line 98 tutorial (notebooks/line98.ipynb) after Run All, in a real JupyterLab:
each lesson's board still shows what its text describes — the walled-in ball stays
selected on its own board, the open-paths board shows the move made, the preview and
the two-lines boards show their results. Each lesson's board is saved as a screenshot
(tests/e2e/screenshots/line98-lesson-*.png) to look at."""

from pathlib import Path

import nbformat

from .line98_page import ROOT

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "line98.ipynb"


def test_every_lesson_shows_its_point_after_run_all(lab):
    cells = [c.source for c in nbformat.read(NOTEBOOK, 4).cells if c.cell_type == "code"]
    page = lab.open_notebook(cells)
    boards = {name: index for index, name in enumerate(
        lab.evaluate("[name for name in ('walled', 'open_paths', 'preview', 'cross') if name in globals()]"))}
    assert list(boards) == ["walled", "open_paths", "preview", "cross"]
    views = page.locator(ROOT)
    page.wait_for_function(f"() => document.querySelectorAll('{ROOT}').length >= 6")
    # the views in output order: the game to play, then the four lessons, then `w`
    lessons = {name: views.nth(1 + index) for name, index in boards.items()}
    walled = lessons["walled"]
    page.wait_for_function("(el) => el.dataset.selected === '0,0'", arg=walled.element_handle())
    assert lab.evaluate("[walled.selected, walled.reachable]") == [[0, 0], [[0, 1]]]
    for name in ("open_paths", "preview", "cross"):
        lessons[name].element_handle().wait_for_element_state("visible")
        page.wait_for_function("(el) => el.dataset.moves === '1' && el.dataset.state !== 'animating'",
                               arg=lessons[name].element_handle())
    assert lab.evaluate("[open_paths.moves, preview.moves, cross.moves, cross.score]") == [1, 1, 1, 42]
    for name, view in lessons.items():
        lab.screenshot(f"line98-lesson-{name}", view)
