"""Every example in README.md runs as written and shows what it says it shows (see
readme_examples.py for how the blocks are run)."""

import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from readme_examples import blocks, chunks, commands, matches

README = (Path(__file__).resolve().parent.parent / "README.md").read_text()


def test_the_python_examples_run_top_to_bottom_and_show_what_they_say(tmp_path, monkeypatch):
    import nbclient
    import nbformat

    monkeypatch.setenv("GAMEWIDGETS_HOME", str(tmp_path / "home"))
    found = [chunk for line, code in blocks(README, "python") for chunk in chunks(code, line)]
    assert len(found) > 20 and sum(chunk.shows is not None for chunk in found) > 10
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c.source) for c in found])
    client = nbclient.NotebookClient(notebook, timeout=180, kernel_name="python3", allow_errors=True,
                                     resources={"metadata": {"path": str(tmp_path)}})
    client.execute()
    problems = []
    for chunk, cell in zip(found, notebook.cells, strict=True):
        errors = [o for o in cell.outputs if o.output_type == "error"]
        if errors:
            trace = re.sub(r"\x1b\[[0-9;]*m", "", "\n".join(errors[0].traceback))
            problems.append(f"README.md:{chunk.line} raised:\n{chunk.source}\n{trace[-1500:]}")
            break  # what follows depends on it
        if chunk.shows is not None:
            results = [o for o in cell.outputs if o.output_type == "execute_result"]
            shown = results[0].data.get("text/plain", "") if results else "(nothing)"
            if not matches(shown, chunk.shows):
                problems.append(f"README.md:{chunk.line}: {chunk.source!r}\n  says  {chunk.shows}\n  shows {shown}")
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
