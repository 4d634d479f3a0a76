"""A game from the installed wheel, in the browser: the package built from a clean
checkout and installed alone into a fresh venv (tests/wheel_build.py) runs the kernel,
and its view (the bundle inside the wheel) plays in JupyterLab."""

import subprocess

from .square_grid import click_cell


def test_a_game_from_the_wheel_alone_plays_in_jupyterlab(lab, installed_wheel):
    # the kernel needs ipykernel beside the wheel (a user's venv has it from Jupyter)
    subprocess.run([str(installed_wheel.python), "-m", "pip", "install", "--quiet", "ipykernel"],
                   check=True, timeout=600)  # fmt: skip
    lab.server.add_kernel("gamewidgets-wheel", installed_wheel.python)
    page = lab.open_notebook(
        ["import gamewidgets, sys\nassert 'site-packages' in gamewidgets.__file__\nsys.executable",
         "from gamewidgets import Line98\nw = Line98(seed=1, store=None)\nw"],
        kernel="gamewidgets-wheel",
    )  # fmt: skip
    assert lab.evaluate("sys.executable") == str(installed_wheel.python)
    root = "[data-game=line98]"
    lab.wait_for_attr(root, "data-connection", "live")
    page.wait_for_function("() => document.querySelector('canvas.gw-board').dataset.grid")
    ball = lab.evaluate("[[r, c] for r in range(9) for c in range(9) if w.game.board[r, c]][0]")
    click_cell(page, *ball)
    lab.until(f"w.selected == {ball}")
    lab.screenshot("wheel-line98", page.locator(root))
