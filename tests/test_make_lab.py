"""`make lab`, as the README says to start it, starts without an error or a stack trace
in its log (issue 26: with "type": "module" in the repository's package.json, Node read
JupyterLab's own scripts in .venv as ES modules and crashed, at start-up and at each
build check). The test runs the real target on a free port, asks what the page asks
at start (the build status), stops it and reads everything it printed."""

from __future__ import annotations

import json
import os
import re
import secrets
import signal
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DIRECT = urllib.request.build_opener(urllib.request.ProxyHandler({}))
# what a clean start never prints
TROUBLE = re.compile(r"Traceback|Error:|Error\b.*not (supported|defined)|\[E |Could not determine|stack trace",
                     re.IGNORECASE)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(url: str, token: str) -> dict:
    request = urllib.request.Request(url, headers={"Authorization": f"token {token}"})
    with DIRECT.open(request, timeout=30) as response:
        return json.loads(response.read())


def test_make_lab_starts_with_a_clean_log(tmp_path):
    port, token = free_port(), secrets.token_hex(16)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("JUPYTER", "PYTEST"))}
    env.update(JUPYTER_RUNTIME_DIR=str(tmp_path / "runtime"), JUPYTERLAB_WORKSPACES_DIR=str(tmp_path / "ws"),
               GAMEWIDGETS_HOME=str(tmp_path / "home"))
    args = f"--no-browser --ServerApp.ip=127.0.0.1 --ServerApp.port={port} --ServerApp.port_retries=0 " \
           f"--IdentityProvider.token={token} --LabApp.news_url=None"
    log = tmp_path / "make-lab.log"
    with log.open("w") as out:
        proc = subprocess.Popen(["make", "--no-print-directory", "lab", f"LAB_DIR={tmp_path / 'lab'}",
                                 f"LAB_ARGS={args}"], cwd=REPO, env=env, stdout=out, stderr=subprocess.STDOUT,
                                start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while True:  # the server up: it answers its status
            assert proc.poll() is None, f"make lab ended:\n{log.read_text()}"
            try:
                get(f"http://127.0.0.1:{port}/api/status", token)
                break
            except OSError:
                assert time.monotonic() < deadline, f"make lab did not start:\n{log.read_text()}"
                time.sleep(0.2)  # polling for the server to come up, not waiting a fixed time
        build = get(f"http://127.0.0.1:{port}/lab/api/build", token)  # the page's build check: Node runs
        assert build["status"] in {"stable", "building", "needed"}
        assert sorted(p.name for p in (tmp_path / "lab").iterdir())  # the tutorials' working copies
    finally:
        os.killpg(proc.pid, signal.SIGINT)
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    text = log.read_text()
    assert "Jupyter Server" in text and "is running at" in text
    trouble = [line for line in text.splitlines() if TROUBLE.search(line)]
    assert not trouble, "make lab printed:\n" + "\n".join(line[:200] for line in trouble[:20])
