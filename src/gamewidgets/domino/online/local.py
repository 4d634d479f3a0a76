"""A room server in a child process, for a notebook, the tests and the benchmarks.

    server = LocalServer("rooms.db").start()     # python -m gamewidgets domino serve ...
    w = Domino.host(server.url)
    ...
    server.stop()

``start()`` returns once the server answers on ``/health``; ``stop()`` ends it
politely, ``kill()`` with SIGKILL (what a crash looks like). A killed server started
again on the same database has every confirmed move. The server also ends with the
process that started it (``stop()`` at its exit), so a script or a notebook that never
calls ``stop()`` leaves no server behind (a kernel's shutdown or restart ends it).
"""

from __future__ import annotations

import atexit
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as probe:
        probe.bind((host, 0))
        return probe.getsockname()[1]


class LocalServer:
    """``gamewidgets domino serve`` on ``host``:``port`` (a free port by default)."""

    def __init__(self, db: str | os.PathLike[str], *, host: str = "127.0.0.1", port: int | None = None,
                 sweep: float = 3600.0, room_limit: int | None = None, hello_limit: float | None = None,
                 log: str | os.PathLike[str] | None = None):
        self.db = Path(db)
        self.host, self.port = host, port or free_port(host)
        self.sweep, self.room_limit, self.hello_limit = sweep, room_limit, hello_limit
        self.log = Path(log) if log else self.db.with_suffix(".log")
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    def start(self, timeout: float = 30.0) -> LocalServer:
        if self.running:
            return self
        command = [sys.executable, "-m", "gamewidgets", "domino", "serve", "--host", self.host,
                   "--port", str(self.port), "--db", str(self.db), "--sweep", str(self.sweep)]
        if self.room_limit is not None:
            command += ["--room-limit", str(self.room_limit)]
        if self.hello_limit is not None:
            command += ["--hello-limit", str(self.hello_limit)]
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT,
                                            stdin=subprocess.DEVNULL)
        atexit.register(self.stop)
        deadline = time.monotonic() + timeout
        while not self.healthy():
            if self.process.poll() is not None:
                raise RuntimeError(f"the room server exited with {self.process.returncode}:\n{self.log_tail()}")
            if time.monotonic() > deadline:
                self.kill()
                raise RuntimeError(f"the room server did not answer in {timeout} s:\n{self.log_tail()}")
            time.sleep(0.05)
        return self

    def healthy(self) -> bool:
        try:
            with urllib.request.urlopen(f"{self.url}/health", timeout=2) as response:
                return bool(json.loads(response.read()).get("ok"))
        except (OSError, ValueError):
            return False

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def stop(self, timeout: float = 10.0) -> None:
        if self.process is not None and self.running:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                self.kill()
        self.process = None
        atexit.unregister(self.stop)

    def kill(self) -> None:
        """SIGKILL: the server gets no chance to tidy up."""
        if self.process is not None and self.running:
            self.process.kill()
            self.process.wait()
        self.process = None
        atexit.unregister(self.stop)

    def log_tail(self, lines: int = 30) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"

    def __enter__(self) -> LocalServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def __repr__(self) -> str:
        return f"<LocalServer {self.url} {'running' if self.running else 'stopped'} db={self.db}>"
