"""Every example of the README and of the documentation site's pages runs as written
and shows what it says it shows, in a notebook and in a plain interpreter, each page on
its own (see doc_examples.py for how the blocks are run)."""

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from doc_examples import blocks, chunks, commands, matches, notebook_cells

ROOT = Path(__file__).resolve().parent.parent
#: the pages, by the name their examples are reported under (README.md first)
PAGES = {str(path.relative_to(ROOT)): path for path in [
    ROOT / "README.md", *sorted(path for path in (ROOT / "docs").rglob("*.md")
                                if not {"_build", "generated", "tutorials"} & set(path.parts))]}
TEXTS = {name: path.read_text() for name, path in PAGES.items()}


def expected() -> dict[str, str]:
    """``page:line`` of each ``# ->`` statement -> what it says it shows."""
    said = {}
    count = 0
    for name, text in TEXTS.items():
        for line, code in blocks(text, "python"):
            for chunk in chunks(code, line):
                count += 1
                if chunk.shows is not None:
                    said[f"{name}:{chunk.line}"] = chunk.shows
    assert count > 20
    assert len(said) > 10
    return said


def compare(said: dict[str, str], shown: dict[str, str], how: str) -> list[str]:
    return [f"{place} ({how}) says {text}\n  shows {shown.get(place, '(nothing: not run)')}"
            for place, text in said.items() if not matches(shown.get(place, "(nothing)"), text)]


def test_the_pages_are_found():
    assert "README.md" in PAGES and "docs/games/line98.md" in PAGES and "docs/guides/teaching.md" in PAGES
    assert all(blocks(TEXTS[name], "python") for name in ["README.md", "docs/guides/computer-players.md"])


def test_the_python_examples_hold_in_a_notebook_each_block_one_cell(tmp_path, monkeypatch):
    import nbclient
    import nbformat

    monkeypatch.setenv("GAMEWIDGETS_HOME", str(tmp_path / "home"))
    cells = notebook_cells(TEXTS)
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(code) for _, code in cells])
    client = nbclient.NotebookClient(notebook, timeout=300, kernel_name="python3", allow_errors=True,
                                     resources={"metadata": {"path": str(tmp_path)}})
    client.execute()
    shown = {}
    for (place, _), cell in zip(cells, notebook.cells, strict=True):
        errors = [o for o in cell.outputs if o.output_type == "error"]
        if errors:
            trace = re.sub(r"\x1b\[[0-9;]*m", "", "\n".join(errors[0].traceback))
            raise AssertionError(f"the block at {place} raised in a notebook:\n{trace[-1500:]}")
        if place.endswith(":end"):
            printed = "".join(o.get("text", "") for o in cell.outputs if o.output_type == "stream")
            shown.update(dict(json.loads(printed)))
    problems = compare(expected(), shown, "in a notebook")
    assert not problems, "\n\n".join(problems)


def test_the_python_examples_hold_in_a_plain_interpreter(tmp_path):
    env = {**os.environ, "GAMEWIDGETS_HOME": str(tmp_path / "home"), "PYTHONPATH": str(Path(__file__).parent)}
    paths = {name: str(path) for name, path in PAGES.items()}
    run = f"import doc_examples; doc_examples.run_plain({paths!r})"
    done = subprocess.run([sys.executable, "-c", run], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["error"] is None, f"{result['error']['place']} raised in a plain interpreter:\n" \
                                    f"{result['error']['source']}\n{result['error']['trace']}"
    problems = compare(expected(), result["shown"], "in a plain interpreter")
    assert not problems, "\n\n".join(problems)


def _wait_for_port(port, process, timeout=30.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            return False
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return True
        time.sleep(0.1)
    return False


def test_the_shell_examples_run_in_order(tmp_path):
    env = {**os.environ, "GAMEWIDGETS_HOME": str(tmp_path / "home"),
           "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    found = [c for text in TEXTS.values() for _, code in blocks(text, "sh") for c in commands(code)]
    assert len(found) >= 8
    for command in found:  # in one directory: a command may read what an earlier one wrote
        if " serve " in command:
            port = int(re.search(r"--port (\d+)", command).group(1))
            process = subprocess.Popen(command, shell=True, cwd=tmp_path, env=env, start_new_session=True,
                                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            try:
                assert _wait_for_port(port, process), f"{command} does not answer on port {port}"
            finally:
                os.killpg(process.pid, signal.SIGTERM)
                process.wait(timeout=30)
            continue
        done = subprocess.run(command, shell=True, cwd=tmp_path, env=env, capture_output=True, text=True,
                              timeout=600)
        assert done.returncode == 0, f"{command}\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"
