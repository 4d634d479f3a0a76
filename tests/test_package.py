"""Package-level promises: the rules load without Jupyter, the widgets lazily."""

import subprocess
import sys


def test_rules_and_cli_import_no_jupyter():
    code = (
        "import sys, gamewidgets.line98, gamewidgets.line98.players, gamewidgets.cli, gamewidgets.store;"
        "bad = [m for m in ('anywidget', 'ipywidgets', 'traitlets', 'IPython') if m in sys.modules];"
        "print(bad)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_widgets_are_exported_lazily():
    import gamewidgets

    assert "Line98" in gamewidgets.__all__
    assert gamewidgets.Line98.__name__ == "Line98"
