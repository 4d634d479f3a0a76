"""Every example in README.md runs as written and shows what it says it shows, in a
notebook and in a plain interpreter (see readme_examples.py for how the blocks are run)."""

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from readme_examples import blocks, chunks, commands, matches, notebook_cells

README_PATH = Path(__file__).resolve().parent.parent / "README.md"
README = README_PATH.read_text()


def expected() -> dict[int, str]:
    """README line of each ``# ->`` statement -> what it says it shows."""
    found = [chunk for line, code in blocks(README, "python") for chunk in chunks(code, line)]
    assert len(found) > 20
    said = {chunk.line: chunk.shows for chunk in found if chunk.shows is not None}
    assert len(said) > 10
    return said


def compare(said: dict[int, str], shown: dict[int, str], how: str) -> list[str]:
    return [f"README.md:{line} ({how}) says {text}\n  shows {shown.get(line, '(nothing: not run)')}"
            for line, text in said.items() if not matches(shown.get(line, "(nothing)"), text)]


def test_the_python_examples_hold_in_a_notebook_each_block_one_cell(tmp_path, monkeypatch):
    import nbclient
    import nbformat

    monkeypatch.setenv("GAMEWIDGETS_HOME", str(tmp_path / "home"))
    cells = notebook_cells(README)
    report = "import json\nprint(json.dumps(__readme_shown__))"
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(code) for _, code in cells]
                                        + [nbformat.v4.new_code_cell(report)])
    client = nbclient.NotebookClient(notebook, timeout=300, kernel_name="python3", allow_errors=True,
                                     resources={"metadata": {"path": str(tmp_path)}})
    client.execute()
    for (line, _), cell in zip(cells, notebook.cells, strict=False):
        errors = [o for o in cell.outputs if o.output_type == "error"]
        if errors:
            trace = re.sub(r"\x1b\[[0-9;]*m", "", "\n".join(errors[0].traceback))
            raise AssertionError(f"the block at README.md:{line} raised in a notebook:\n{trace[-1500:]}")
    printed = "".join(o.get("text", "") for o in notebook.cells[-1].outputs if o.output_type == "stream")
    shown = dict(json.loads(printed))
    problems = compare(expected(), shown, "in a notebook")
    assert not problems, "\n\n".join(problems)


def test_the_python_examples_hold_in_a_plain_interpreter(tmp_path):
    env = {**os.environ, "GAMEWIDGETS_HOME": str(tmp_path / "home"), "PYTHONPATH": str(Path(__file__).parent)}
    run = f"import readme_examples; readme_examples.run_plain({str(README_PATH)!r})"
    done = subprocess.run([sys.executable, "-c", run], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["error"] is None, f"README.md:{result['error']['line']} raised in a plain interpreter:\n" \
                                    f"{result['error']['source']}\n{result['error']['trace']}"
    problems = compare(expected(), {int(k): v for k, v in result["shown"].items()}, "in a plain interpreter")
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
    found = [c for _, code in blocks(README, "sh") for c in commands(code)]
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
