"""The notebooks run top to bottom (without a browser: nbclient on a fresh kernel)."""

from pathlib import Path

import pytest

NOTEBOOKS = sorted((Path(__file__).parent.parent / "notebooks").glob("*.ipynb"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_runs_top_to_bottom(path, tmp_path, monkeypatch):
    import nbclient
    import nbformat

    monkeypatch.setenv("GAMEWIDGETS_HOME", str(tmp_path))
    notebook = nbformat.read(path, as_version=4)
    nbclient.NotebookClient(
        notebook, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}
    ).execute()
    outputs = [o for cell in notebook.cells if cell.cell_type == "code" for o in cell.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    widgets = [o for o in outputs if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
    assert widgets, "each notebook shows at least one live widget"
    if path.name == "line98-players.ipynb":
        assert any("image/png" in o.get("data", {}) for o in outputs), "the score plot is drawn"
        text = "".join(o.get("text", "") for o in outputs)
        assert "as in the experiment: True" in text
