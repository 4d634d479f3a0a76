"""make lab serves working copies of the tutorials (tools/tutorial_copies.py): the
checkout's notebooks stay as they are, copies follow the originals, and nothing the
user wrote in the copies' folder is lost. The tracked notebooks have no outputs."""

import json
import subprocess
from pathlib import Path

from tutorial_copies import refresh

REPO = Path(__file__).resolve().parent.parent


def notebook(text):
    return json.dumps({"cells": [{"cell_type": "markdown", "metadata": {}, "source": text}],
                       "metadata": {}, "nbformat": 4, "nbformat_minor": 5})


def test_copies_are_made_follow_their_originals_and_keep_what_the_user_changed(tmp_path):
    originals, copies = tmp_path / "notebooks", tmp_path / "lab"
    originals.mkdir()
    (originals / "a.ipynb").write_text(notebook("A1"))
    (originals / "b.ipynb").write_text(notebook("B1"))
    assert refresh(originals, copies, now=0) == ["copied a.ipynb", "copied b.ipynb"]
    assert (copies / "a.ipynb").read_text() == notebook("A1")
    (copies / "mine.ipynb").write_text(notebook("my own"))
    (copies / "a.ipynb").write_text(notebook("A1 with my outputs"))  # the user played it
    assert refresh(originals, copies, now=0) == []  # nothing changed upstream: theirs stays
    assert (copies / "a.ipynb").read_text() == notebook("A1 with my outputs")
    (originals / "a.ipynb").write_text(notebook("A2"))
    (originals / "b.ipynb").write_text(notebook("B2"))
    done = refresh(originals, copies, now=0)
    kept = list(copies.glob("a (yours, *).ipynb"))
    assert len(kept) == 1 and kept[0].read_text() == notebook("A1 with my outputs")
    assert done == [f"kept your changed a.ipynb as {kept[0].name}", "updated a.ipynb", "updated b.ipynb"]
    assert (copies / "a.ipynb").read_text() == notebook("A2")
    assert (copies / "b.ipynb").read_text() == notebook("B2")  # unchanged by the user: just replaced
    assert (copies / "mine.ipynb").read_text() == notebook("my own")
    (copies / "b.ipynb").unlink()
    assert refresh(originals, copies, now=0) == ["copied b.ipynb"]


def test_a_copy_that_was_there_before_any_record_is_kept_if_it_differs(tmp_path):
    originals, copies = tmp_path / "notebooks", tmp_path / "lab"
    originals.mkdir()
    copies.mkdir()
    (originals / "a.ipynb").write_text(notebook("A"))
    (copies / "a.ipynb").write_text(notebook("A, changed"))
    done = refresh(originals, copies, now=0)
    assert done[1] == "updated a.ipynb" and done[0].startswith("kept your changed a.ipynb")
    (originals / "c.ipynb").write_text(notebook("C"))
    (copies / "c.ipynb").write_text(notebook("C"))
    assert refresh(originals, copies, now=0) == []  # the same: nothing to keep


def test_the_working_copies_are_ignored_by_git_and_served_by_make_lab():
    ignored = subprocess.run(["git", "check-ignore", "-q", "lab/line98.ipynb"], cwd=REPO)
    assert ignored.returncode == 0
    makefile = (REPO / "Makefile").read_text()
    assert "LAB_DIR ?= lab" in makefile  # (a test's make lab puts them elsewhere: test_make_lab.py)
    assert "tools/tutorial_copies.py notebooks $(LAB_DIR)" in makefile
    assert "--ServerApp.root_dir=$(LAB_DIR)" in makefile


def test_the_tracked_notebooks_have_no_outputs():
    for path in sorted((REPO / "notebooks").glob("*.ipynb")):
        nb = json.loads(path.read_text())
        for cell in nb["cells"]:
            if cell["cell_type"] == "code":
                assert cell["outputs"] == [] and cell["execution_count"] is None, path.name
        assert "widgets" not in nb["metadata"], f"{path.name} holds saved widget state"
