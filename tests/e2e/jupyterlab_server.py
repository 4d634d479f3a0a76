"""The JupyterLab server the browser tests drive: one per pytest process (per xdist
worker), on a free port of 127.0.0.1, with every Jupyter directory and the store
(GAMEWIDGETS_HOME) in temp dirs.

Besides starting and stopping it: its REST API (``api``), kernelspecs (``add_kernel``),
emptying the store between tests (``empty_home``), and the kernel for a test's notebook
(``start_session``): a kernel booted in advance while the previous test ran (a *spare*),
so a notebook opens on a kernel that is already up.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

SERVER_START_TIMEOUT = 120.0  # s; a cold start on a busy 2-core machine takes ~5 s
SPARE_KERNEL = "python3"  # the kernelspec booted in advance (every notebook but the wheel's)
IPC_KERNELS = os.name == "posix"  # kernels on Unix sockets (see JupyterLabServer.__init__)

# Quiet Lab: no news/update toasts over the notebook (also switched off server-side).
LAB_SETTINGS = {
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false",
        "checkForUpdates": False,
        "doNotDisturbMode": True,
    },
}


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# Straight to 127.0.0.1, whatever http_proxy says.
_DIRECT = urllib.request.build_opener(urllib.request.ProxyHandler({}))


class JupyterLabServer:
    """A JupyterLab server in its own process group, with everything in temp dirs."""

    def __init__(self, base: Path):
        self.base = base
        self.root_dir = base / "root"  # notebooks are written here
        self.home = base / "gamewidgets-home"  # GAMEWIDGETS_HOME
        # The kernels' connection files, and their sockets: a kernel talks to the server
        # over Unix sockets (ipc), not TCP, so no other process can take a kernel's port
        # between the moment jupyter_client picks it and the moment the kernel binds it.
        # (A loaded run lost a kernel so: with jupyter_client's port cache its restarts
        # retried the same taken port.) A socket's path has at most 107 bytes, hence a
        # short dir of its own rather than one under pytest's long temp path.
        self.runtime_dir = Path(tempfile.mkdtemp(prefix="gw-kernels-", dir="/tmp" if IPC_KERNELS else None))
        self.log_path = base / "jupyterlab.log"
        self.token = secrets.token_hex(24)
        self.port: int | None = None
        self.proc: subprocess.Popen | None = None
        self.startup_seconds: float | None = None
        self.env = self._environment()
        self._spares: dict[str, str] = {}  # kernelspec name -> id of a kernel booted in advance

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def _environment(self) -> dict:
        dirs = {
            "JUPYTER_CONFIG_DIR": self.base / "config",
            "JUPYTER_DATA_DIR": self.base / "data",
            "JUPYTER_RUNTIME_DIR": self.runtime_dir,
            "JUPYTERLAB_SETTINGS_DIR": self.base / "lab-settings",
            "JUPYTERLAB_WORKSPACES_DIR": self.base / "lab-workspaces",
            "GAMEWIDGETS_HOME": self.home,
            "IPYTHONDIR": self.base / "ipython",
            "MPLCONFIGDIR": self.base / "matplotlib",
        }
        for d in [self.root_dir, *dirs.values()]:
            d.mkdir(parents=True, exist_ok=True)
        env = {k: v for k, v in os.environ.items() if not k.startswith("JUPYTER")}
        env.update({k: str(v) for k, v in dirs.items()})
        # The lab extensions (anywidget, @jupyter-widgets) live in this environment's
        # share/jupyter; jupyter_core searches it even with JUPYTER_DATA_DIR elsewhere,
        # but say so explicitly so an outside JUPYTER_PATH/JUPYTER_PREFER_ENV_PATH
        # cannot hide them.
        env["JUPYTER_PATH"] = str(Path(sys.prefix) / "share" / "jupyter")
        env["JUPYTER_PREFER_ENV_PATH"] = "1"
        env["PYTHONUNBUFFERED"] = "1"
        env.pop("JPY_PARENT_PID", None)
        env.pop("PYTEST_CURRENT_TEST", None)
        for rel, settings in LAB_SETTINGS.items():
            path = dirs["JUPYTERLAB_SETTINGS_DIR"] / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(settings, indent=2))
        return env

    def _command(self) -> list[str]:
        return [
            sys.executable, "-m", "jupyter", "lab",
            "--no-browser",
            "--ServerApp.ip=127.0.0.1",
            "--ServerApp.allow_root=True",
            f"--ServerApp.port={self.port}",
            "--ServerApp.port_retries=0",
            f"--IdentityProvider.token={self.token}",
            f"--ServerApp.root_dir={self.root_dir}",
            "--LabApp.expose_app_in_browser=True",
            "--JupyterNotebookApp.expose_app_in_browser=True",
            "--LabApp.news_url=None",
            "--LabApp.check_for_updates_class="
            "jupyterlab.handlers.announcements.NeverCheckForUpdate",
            # A server orphaned by a killed pytest stops by itself.
            "--ServerApp.shutdown_no_activity_timeout=900",
            *(["--KernelManager.transport=ipc"] if IPC_KERNELS else []),
        ]  # fmt: skip

    def log_tail(self, lines: int = 60) -> str:
        try:
            text = self.log_path.read_text(errors="replace")
        except OSError:
            return "(no JupyterLab log)"
        return "\n".join(text.splitlines()[-lines:])

    def _fail(self, message: str):
        raise RuntimeError(
            f"{message}\n--- JupyterLab log ({self.log_path}), last lines ---\n"
            f"{self.log_tail()}"
        )

    def start(self, attempts: int = 3) -> None:
        t0 = time.monotonic()
        for attempt in range(1, attempts + 1):
            self.port = _free_port()
            with open(self.log_path, "ab") as log:
                log.write(f"=== start attempt {attempt}, port {self.port}\n".encode())
                log.flush()
                self.proc = subprocess.Popen(
                    self._command(),
                    cwd=self.root_dir,
                    env=self.env,
                    stdin=subprocess.DEVNULL,
                    stdout=log,
                    stderr=subprocess.STDOUT,
                    start_new_session=True,
                )
            # Overlap the slow nbformat import (1-3 s) with the server's start.
            import nbformat  # noqa: F401

            if self._wait_ready():
                self.startup_seconds = time.monotonic() - t0
                return
            # Exited early: most likely the free port was taken in between. Retry.
            self.stop()
        self._fail(f"JupyterLab did not start after {attempts} attempts")

    def _wait_ready(self) -> bool:
        deadline = time.monotonic() + SERVER_START_TIMEOUT
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                return False
            try:
                status = self.api("GET", "/api/status", timeout=2)
            except (OSError, urllib.error.URLError, ValueError):
                time.sleep(0.1)
                continue
            if isinstance(status, dict) and "started" in status:
                return True
        self.stop()
        self._fail(f"JupyterLab not ready after {SERVER_START_TIMEOUT:.0f} s")

    def api(self, method: str, path: str, body=None, timeout: float = 30):
        """Call the REST API; returns the decoded JSON (None for an empty body)."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            self.url + path,
            data=data,
            method=method,
            headers={
                "Authorization": f"token {self.token}",
                "Content-Type": "application/json",
            },
        )
        with _DIRECT.open(request, timeout=timeout) as response:
            raw = response.read()
        return json.loads(raw) if raw else None

    def start_session(self, path: str, kernel: str, timeout: float) -> dict:
        """Start the session of the notebook ``path`` (POST /api/sessions) on a ``kernel``
        kernel: the spare one when ``boot_spare`` booted one, else a new one (the POST
        returns once its process is launched, so it boots while the page loads)."""
        spec = {"name": kernel}
        if kernel in self._spares:
            spec["id"] = self._spares.pop(kernel)  # gone (a restarted server): a new one
        body = {"path": path, "name": path, "type": "notebook", "kernel": spec}
        return self.api("POST", "/api/sessions", body, timeout=timeout)

    def boot_spare(self, kernel: str = SPARE_KERNEL) -> None:
        """Boot a kernel for the next notebook now, while the test at hand goes on (about
        a second of a 2-core machine that the next test does not wait for). Only for the
        kernelspec nearly every notebook uses; a spare is a kernel like the one a
        session starts, in the server's root dir, with nothing run on it."""
        if kernel == SPARE_KERNEL and kernel not in self._spares:
            self._spares[kernel] = self.api("POST", "/api/kernels", {"name": kernel, "path": ""})["id"]

    def add_kernel(self, name: str, python: Path) -> None:
        """A kernelspec ``name`` running ``python`` (which must have ipykernel)."""
        spec = self.base / "data" / "kernels" / name
        spec.mkdir(parents=True, exist_ok=True)
        argv = [str(python), "-m", "ipykernel_launcher", "-f", "{connection_file}"]
        (spec / "kernel.json").write_text(json.dumps({"argv": argv, "display_name": name, "language": "python"}))

    def empty_home(self) -> None:
        """Delete what the tests' kernels kept in GAMEWIDGETS_HOME (the store)."""
        for path in self.home.iterdir():
            if path.is_dir():
                shutil.rmtree(path, ignore_errors=True)
            else:
                path.unlink(missing_ok=True)

    def running(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def ensure_running(self) -> bool:
        """Restart a server that died (say it idled out under a shuffled test order);
        True if it had to (on another port: pages of the old one are no use)."""
        if self.running():
            return False
        with open(self.log_path, "ab") as log:
            log.write(b"=== the server was not running: restarting it\n")
        self.start()
        return True

    def close(self) -> None:
        """Stop the server for good and remove its kernels' dir (outside ``base``)."""
        self.stop()
        shutil.rmtree(self.runtime_dir, ignore_errors=True)

    def stop(self) -> None:
        self._spares.clear()  # the server shuts its kernels down as it stops
        proc, self.proc = self.proc, None
        if proc is None or proc.poll() is not None:
            return
        for sig, wait in ((signal.SIGTERM, 15), (signal.SIGKILL, 10)):
            try:
                os.killpg(proc.pid, sig)
            except ProcessLookupError:
                return
            try:
                proc.wait(timeout=wait)
                return
            except subprocess.TimeoutExpired:
                continue

