"""Browser-test harness: a real JupyterLab server driven by Chromium through Playwright.

One JupyterLab server and one Chromium per pytest session (~2 s together); a fresh
browser context, page and kernel per test (~3 s to open and run a small notebook). Game-agnostic: a test writes the
code cells of a notebook, and the harness opens it in JupyterLab and runs it.

Fixtures
--------
``lab`` (function scope) -> :class:`Lab`
    ``lab.open_notebook(cells, name=None, frontend="lab", viewport=None, kernel="python3") -> Page``
        Write a notebook with those code cells into the server's root (named after
        the test unless ``name`` is given), start its kernel (POST /api/sessions, so
        it boots while the page loads), open ``/lab/tree/<nb>?reset`` in a new page
        (1200x900 unless ``viewport={"width": w, "height": h}``, file browser
        collapsed) — or, with ``frontend="notebook"``, Notebook 7's
        ``/notebooks/<nb>`` on the same server — with the kernel ``kernel`` (a kernelspec
        name; ``lab.server.add_kernel(name, python)`` adds one) — wait for the kernel to be idle, run
        all cells (``notebook:run-all-cells``) and wait until they have all finished.
        A cell that raised fails the test with its traceback. ``lab.page`` is that
        page afterwards; widget views render asynchronously, so wait for them
        (``wait_for_attr``). Calling it again opens another notebook in a new page;
        ``execute`` then talks to the new kernel.
    ``lab.execute(code, timeout=60) -> str``
        Run ``code`` on the notebook's kernel and return its stdout followed by the
        text/plain repr of the last expression's value (if it has one), trailing
        newlines removed: ``lab.execute("w.value") == "3"``,
        ``lab.execute("print(w.value)") == "3"``. stderr (warnings) is not returned.
        Raises :class:`KernelError` with the traceback if the code raised.
    ``lab.evaluate(expr, timeout=60) -> object``
        The value of a JSON-serialisable Python expression on the kernel:
        ``lab.evaluate("w.board.tolist()") == [[0, 1], ...]``.
    ``lab.until(expr, timeout=30) -> None``
        Wait until a Python expression on the kernel is true.
    ``lab.run_all() -> None``
        Run all cells of the open notebook again (as after a restart) and wait.
    ``lab.restart_kernel() -> None``
        Restart the notebook's kernel (as Kernel > Restart does, without the dialog)
        and wait until it is idle again; ``execute`` then talks to the new one.
    ``lab.panel(expr)`` / ``lab.wait_panel(expr, timeout=30)``
        The value of a JavaScript expression about the open notebook's ``panel`` (its
        widget in the page), or wait until it is true.
    ``lab.cells() -> list``
        ``[type, source]`` of every cell of the open notebook, as the page holds it.
    ``lab.save() -> dict``
        Save the notebook (``docmanager:save``) and return the file as read from disk.
    ``lab.wait_for_attr(selector, attr, value, timeout=30) -> None``
        :func:`wait_for_attr` on ``lab.page``.
    ``lab.screenshot(name, locator=None) -> Path``
        Save ``tests/e2e/screenshots/<name>.png`` (the page, or one element) and
        return its path. Look at it.
    ``lab.another() -> Lab``
        A second notebook driver on the same JupyterLab and browser, with its own
        browser context, page and kernel (e.g. two players in two notebooks); it has
        all of the above and is closed with ``lab``.
    ``lab.server`` -- the :class:`JupyterLabServer` (``url``, ``token``,
    ``root_dir``, ``home`` = GAMEWIDGETS_HOME, ``log_tail()``, ``api()``).
    ``lab.console`` -- the page's console errors/warnings and uncaught errors.
    ``lab.timings`` -- seconds spent in the phases of the last ``open_notebook``.
    ``lab.KernelError`` -- what ``execute`` raises (an AssertionError).
    Teardown closes the page and deletes the kernel session, so no kernel leaks, and
    empties GAMEWIDGETS_HOME: every test starts with an empty store (no records,
    saved games or remembered settings of an earlier test).

``wait_for_attr`` (fixture) -> the function
``wait_for_attr(page, selector, attr, value, timeout=30)``: wait until the first
element matching ``selector`` has attribute ``attr`` (e.g. ``"data-score"``) equal to
``str(value)``; on timeout an AssertionError tells the value it had instead.

``jupyter_server`` / ``browser`` (session scope): the server and Chromium themselves.

Why ``execute`` talks to the kernel from Python (``jupyter_client.BlockingKernelClient``
on the kernel's connection file in our JUPYTER_RUNTIME_DIR) rather than through
``kernel.requestExecute`` in the page: it does not depend on the state of the page
(a dialog, a crashed or navigated page, a busy JS thread), needs no quoting of code
into JavaScript, and gets the messages (stream, execute_result, error with
traceback) as plain Python dicts. Comm messages the code causes (trait changes) still
reach the page: the kernel publishes them on IOPub, which the server forwards to the
browser whoever asked for the execution.

Browser: ``$GAMEWIDGETS_CHROMIUM`` if set (a path; a missing one counts as no
browser, which is how the no-browser path is tested), else ``chromium`` (Debian's),
``chromium-browser``, ``google-chrome`` on PATH, else Playwright's own download if
there is one. No browser -> the test is skipped, or *fails* when ``CI`` is set
(under CI the browser tests must run). Never ``playwright install`` here.

When a test fails, the report gets the tail of the JupyterLab log and the browser
console, and ``screenshots/<test>-failure.png`` is saved.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
SCREENSHOTS = HERE / "screenshots"

SERVER_START_TIMEOUT = 120.0  # s; a cold start on a busy 2-core machine takes ~5 s
OPEN_TIMEOUT = 120.0  # s; page load + first kernel start (5-10 s cold)
RUN_ALL_TIMEOUT = 180.0  # s; all cells of a test notebook
EXECUTE_TIMEOUT = 60.0  # s; one lab.execute
ACTION_TIMEOUT = 30.0  # s; Playwright's default for clicks, waits, ...
VIEWPORT = {"width": 1200, "height": 900}

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

# Quiet Lab: no news/update toasts over the notebook (also switched off server-side).
LAB_SETTINGS = {
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false",
        "checkForUpdates": False,
        "doNotDisturbMode": True,
    },
}

ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


def _in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def _strip_ansi(text: str) -> str:
    return ANSI.sub("", text)


def _is_e2e(item) -> bool:
    try:
        Path(str(item.path)).resolve().relative_to(HERE)
    except ValueError:
        return False
    return True


def pytest_collection_modifyitems(config, items):
    # Called with every collected item of the session: mark only ours, and run them
    # last. Playwright's sync API leaves its event loop set as the running loop of the
    # main thread, so tests run after it would see a "running" asyncio loop that never
    # runs their tasks (widgets schedule computer moves on the running loop).
    for item in items:
        if _is_e2e(item):
            item.add_marker(pytest.mark.e2e)
    items.sort(key=_is_e2e)


# ----------------------------------------------------------------------------- server


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
        self.runtime_dir = base / "runtime"  # kernels' connection files
        self.log_path = base / "jupyterlab.log"
        self.token = secrets.token_hex(24)
        self.port: int | None = None
        self.proc: subprocess.Popen | None = None
        self.startup_seconds: float | None = None
        self.env = self._environment()

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

    def ensure_running(self) -> None:
        """Restart a server that died (say it idled out under a shuffled test order)."""
        if not self.running():
            with open(self.log_path, "ab") as log:
                log.write(b"=== the server was not running: restarting it\n")
            self.start()

    def stop(self) -> None:
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


@pytest.fixture(scope="session")
def jupyter_server(tmp_path_factory):
    server = JupyterLabServer(tmp_path_factory.mktemp("jupyterlab"))
    server.start()
    try:
        yield server
    finally:
        server.stop()


# ---------------------------------------------------------------------------- browser


def _no_browser(reason: str):
    if _in_ci():
        pytest.fail(
            f"browser tests cannot run: {reason}. Under CI they must not be skipped: "
            "install Debian's chromium (apt-get install -y chromium) or point "
            "GAMEWIDGETS_CHROMIUM at a Chromium binary.",
            pytrace=False,
        )
    pytest.skip(f"no browser for the e2e tests: {reason}")


def _find_chromium(playwright) -> str:
    wanted = os.environ.get("GAMEWIDGETS_CHROMIUM")
    if wanted:
        path = shutil.which(wanted)
        if not path:
            _no_browser(f"GAMEWIDGETS_CHROMIUM={wanted!r} is not an executable")
        return path
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        path = shutil.which(name)
        if path:
            return path
    try:  # Playwright's own browser, where one was downloaded
        path = playwright.chromium.executable_path
    except Exception:
        path = None
    if path and os.access(path, os.X_OK):
        return path
    _no_browser("no chromium on PATH and no Playwright-downloaded browser")


@pytest.fixture(scope="session")
def browser():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError as error:
        _no_browser(f"playwright is not installed ({error})")
    playwright = sync_playwright().start()
    try:
        executable = _find_chromium(playwright)
        browser = playwright.chromium.launch(
            executable_path=executable, headless=True, args=CHROMIUM_ARGS, timeout=60_000
        )
    except BaseException:
        playwright.stop()
        raise
    try:
        yield browser
    finally:
        try:
            browser.close()
        finally:
            playwright.stop()


# ------------------------------------------------------------------------------ waits


_ATTR_JS = """([selector, attr]) => {
    const el = document.querySelector(selector);
    if (!el) return {found: false};
    return {found: true, value: el.getAttribute(attr)};
}"""


def wait_for_attr(page, selector: str, attr: str, value, timeout: float = ACTION_TIMEOUT):
    """Wait until ``document.querySelector(selector)`` has ``attr`` == ``str(value)``.

    ``attr`` is the full attribute name (``"data-score"``); booleans compare as JS
    writes them (``True`` -> ``"true"``). On timeout raises an AssertionError telling
    what the attribute was instead (or that there was no such element).
    """
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    want = str(value).lower() if isinstance(value, bool) else str(value)
    try:
        page.wait_for_function(
            """([selector, attr, want]) => {
                const el = document.querySelector(selector);
                return !!el && el.getAttribute(attr) === want;
            }""",
            arg=[selector, attr, want],
            timeout=timeout * 1000,
            polling=50,
        )
    except PlaywrightTimeout:
        state = page.evaluate(_ATTR_JS, [selector, attr])
        if not state["found"]:
            got = f"no element matches {selector!r}"
        elif state["value"] is None:
            got = f"the element has no {attr!r} attribute"
        else:
            got = f"it is {state['value']!r}"
        raise AssertionError(
            f"{selector} [{attr}]: expected {want!r} within {timeout:g} s, but {got}"
        ) from None


# The fixture is named like the function it returns (a plain `def wait_for_attr`
# fixture would shadow the function in this module).
@pytest.fixture(name="wait_for_attr")
def _wait_for_attr_fixture():
    return wait_for_attr


# ------------------------------------------------------------------------------ lab


class KernelError(AssertionError):
    """Code run with ``lab.execute`` raised; the message holds its traceback."""


_KERNEL_READY_JS = """
(path) => {
    const app = window.jupyterapp;
    if (!app || !app.shell) return false;
    const panel = Array.from(app.shell.widgets('main')).find(
        w => w.context && w.context.path === path && w.sessionContext && w.content);
    if (!panel || !panel.context.isReady) return false;
    const session = panel.sessionContext.session;
    const kernel = session && session.kernel;
    if (!kernel || kernel.status !== 'idle' || kernel.connectionStatus !== 'connected') {
        return false;
    }
    return {session: session.id, kernel: kernel.id, panel: panel.id};
}
"""

_RUN_ALL_JS = """
async ([path, timeoutMs]) => {
    const app = window.jupyterapp;
    const panel = Array.from(app.shell.widgets('main')).find(
        w => w.context && w.context.path === path && w.content);
    // More room for the widgets (and the screenshots): hide the file browser.
    if (app.shell.collapseLeft) app.shell.collapseLeft();
    const timeout = new Promise((_, reject) => setTimeout(
        () => reject(new Error(`run-all did not finish in ${timeoutMs} ms`)), timeoutMs));
    const ok = await Promise.race([
        app.commands.execute('notebook:run-all-cells', {widgetId: panel.id}),
        timeout,
    ]);
    const cells = [];
    for (const cell of Array.from(panel.content.model.cells)) {
        if (cell.type !== 'code') continue;
        const outputs = cell.outputs.toJSON();
        cells.push({
            source: cell.sharedModel.getSource(),
            executionCount: cell.executionCount,
            errors: outputs.filter(o => o.output_type === 'error'),
        });
    }
    return {ok: ok !== false, cells};
}
"""


_PAGE_STATE_JS = """
(path) => {
    const app = window.jupyterapp;
    const state = {url: location.href, app: !!app};
    const dialog = document.querySelector('.jp-Dialog');
    if (dialog) state.dialog = dialog.innerText.slice(0, 500);
    if (!app || !app.shell) return state;
    const panel = Array.from(app.shell.widgets('main')).find(
        w => w.context && w.context.path === path);
    state.notebook = !!panel;
    if (!panel || !panel.sessionContext) return state;
    const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
    state.kernel = kernel
        ? {status: kernel.status, connection: kernel.connectionStatus}
        : null;
    return state;
}
"""


# The open notebook's panel in the page (JupyterLab and Notebook 7 alike), for the
# page functions below, which take the notebook's path as `path`.
_FIND_PANEL = (
    "Array.from(window.jupyterapp.shell.widgets('main'))"
    ".find(w => w.context && w.context.path === path && w.content)"
)

# resolves once the kernel is back
_RESTART_JS = f"async (path) => {{ await ({_FIND_PANEL}).sessionContext.restartKernel(); }}"

_SAVE_JS = f"""async ([path, timeoutMs]) => {{
    const timeout = new Promise((_, reject) => setTimeout(
        () => reject(new Error(`saving did not finish in ${{timeoutMs}} ms`)), timeoutMs));
    await Promise.race([({_FIND_PANEL}).context.save(), timeout]);
}}"""


# a round trip through the kernel (js/lib/shell.js): ping the view's widget, wait for its pong
_ROUNDTRIP_JS = """([root, n]) => {
    document.querySelector(root).dispatchEvent(new CustomEvent("gw-roundtrip", {detail: n}));
}"""

# true once the views under `root` (every view if null) have been still for three frames:
# no tween running (data-animating), the same sizes and places of canvases and dialogs
_STILL_JS = """(root) => {
    const roots = root ? [document.querySelector(root)] : [...document.querySelectorAll(".gw-root")];
    const busy = roots.some((el) => el && el.dataset.animating === "true");
    const shape = roots.map((el) => el ? [...el.querySelectorAll("canvas, .gw-dialog")]
        .map((n) => JSON.stringify(n.getBoundingClientRect())).join("|") : "").join("#");
    const still = window.__gwStill || (window.__gwStill = {});
    const seen = still[root || "*"] || (still[root || "*"] = {shape: null, frames: 0});
    seen.frames = !busy && shape === seen.shape ? seen.frames + 1 : 0;
    seen.shape = shape;
    return seen.frames >= 3;
}"""


class Lab:
    """What a browser test works with; see the module docstring."""

    KernelError = KernelError  # for `pytest.raises(lab.KernelError)`

    def __init__(self, server: JupyterLabServer, browser, test_name: str):
        self.server = server
        self.browser = browser
        self.test_name = test_name
        self.context = None
        self.page = None
        self.console: list[str] = []  # browser console errors/warnings, page errors
        self._sessions: list[str] = []
        self._paths: list[str] = []
        self._kernel_id: str | None = None
        self._client = None
        self.timings: dict[str, float] = {}  # seconds of the last open_notebook
        self._others: list[Lab] = []
        self._round_trips = 0

    def another(self) -> Lab:
        """A second driver (own context, page and kernel) on the same JupyterLab."""
        other = Lab(self.server, self.browser, f"{self.test_name}-{len(self._others) + 2}")
        self._others.append(other)
        return other

    # -- notebooks

    def open_notebook(self, cells: list[str], name: str | None = None, frontend: str = "lab",
                      viewport: dict | None = None, kernel: str = "python3"):
        """Write, open and run a notebook of code cells; return the Playwright page."""
        if frontend not in ("lab", "notebook"):
            raise ValueError(f"frontend must be 'lab' or 'notebook', not {frontend!r}")
        t_start = time.monotonic()
        import nbformat  # slow import: only once a browser test runs (see start())

        path = self._notebook_name(name)
        nb = nbformat.v4.new_notebook(
            cells=[nbformat.v4.new_code_cell(source) for source in cells],
            metadata={
                "kernelspec": {
                    "name": kernel,
                    "display_name": kernel,
                    "language": "python",
                }
            },
        )
        nbformat.write(nb, str(self.server.root_dir / path))
        self._paths.append(path)
        self._path = path

        # Start the kernel now, so that it boots while the page loads: the POST
        # returns once the kernel process is launched (~0.2 s), and JupyterLab
        # connects to the session that exists for the notebook's path.
        try:
            session = self.server.api(
                "POST",
                "/api/sessions",
                {"path": path, "name": path, "type": "notebook",
                 "kernel": {"name": kernel}},
                timeout=OPEN_TIMEOUT,
            )  # fmt: skip
        except Exception as error:
            self._fail(f"starting a kernel for {path} failed: {error}")
        self._sessions.append(session["id"])

        if self.context is None:
            self.context = self.browser.new_context(viewport=VIEWPORT)
            self.context.set_default_timeout(ACTION_TIMEOUT * 1000)
        if self.page is not None:
            self.page.close()
        page = self.page = self.context.new_page()
        if viewport:
            page.set_viewport_size(viewport)
        page.on("console", self._on_console)
        page.on("pageerror", lambda error: self.console.append(f"[pageerror] {error}"))

        if frontend == "lab":
            url = f"{self.server.url}/lab/tree/{urllib.parse.quote(path)}?reset&token={self.server.token}"
        else:
            url = f"{self.server.url}/notebooks/{urllib.parse.quote(path)}?token={self.server.token}"
        t0 = time.monotonic()
        self.timings = {"prepare": t0 - t_start}
        try:
            page.goto(url, wait_until="domcontentloaded", timeout=OPEN_TIMEOUT * 1000)
            t1 = time.monotonic()
            ids = page.wait_for_function(
                _KERNEL_READY_JS, arg=path, timeout=OPEN_TIMEOUT * 1000, polling=100
            ).json_value()
        except Exception as error:
            self._fail(
                f"opening {path} failed (waiting for an idle kernel): {error}\n"
                f"page state: {self._page_state(path)}"
            )
        t2 = time.monotonic()
        if ids["session"] not in self._sessions:
            self._sessions.append(ids["session"])
        self._kernel_id = ids["kernel"]
        self._close_client()

        self.run_all()
        t3 = time.monotonic()
        self.timings.update(load=t1 - t0, kernel_idle=t2 - t1, run_all=t3 - t2)
        return page

    def run_all(self) -> None:
        """Run every cell of the open notebook and wait until they have finished; a cell
        that raised (or did not run) fails the test with its traceback."""
        path = self._path
        try:
            result = self.page.evaluate(_RUN_ALL_JS, [path, RUN_ALL_TIMEOUT * 1000])
        except Exception as error:
            self._fail(
                f"running all cells of {path} failed: {error}\n"
                f"page state: {self._page_state(path)}"
            )
        problems = []
        for index, cell in enumerate(result["cells"]):
            for error in cell["errors"]:
                trace = _strip_ansi("\n".join(error.get("traceback", [])))
                problems.append(f"cell {index}:\n{cell['source']}\n{trace}")
            if not cell["errors"] and cell["executionCount"] is None:
                problems.append(f"cell {index} did not run:\n{cell['source']}")
        if problems or not result["ok"]:
            self._fail(f"running all cells of {path} failed:\n" + "\n\n".join(problems))

    def _notebook_name(self, name: str | None) -> str:
        base = name or self.test_name
        base = re.sub(r"[^A-Za-z0-9_.-]+", "_", base).strip("_.") or "notebook"
        if base.endswith(".ipynb"):
            base = base[: -len(".ipynb")]
        candidate, n = f"{base}.ipynb", 1
        while (self.server.root_dir / candidate).exists():
            n += 1
            candidate = f"{base}-{n}.ipynb"
        return candidate

    def _page_state(self, path: str) -> dict | str:
        """What the page shows, for error messages: app, notebook, kernel, dialogs."""
        try:
            return self.page.evaluate(_PAGE_STATE_JS, path)
        except Exception as error:
            return f"unknown ({error})"

    def _on_console(self, message) -> None:
        if message.type in ("error", "warning"):
            self.console.append(f"[{message.type}] {message.text}")

    def _fail(self, message: str):
        raise AssertionError(
            f"{message}\n--- browser console ---\n"
            + ("\n".join(self.console[-30:]) or "(nothing)")
            + f"\n--- JupyterLab log, last lines ---\n{self.server.log_tail(40)}"
        )

    # -- kernel

    def _kernel_client(self):
        if self._client is not None:
            return self._client
        if self._kernel_id is None:
            raise RuntimeError("open_notebook() first: there is no kernel yet")
        from jupyter_client import BlockingKernelClient

        connection = self.server.runtime_dir / f"kernel-{self._kernel_id}.json"
        if not connection.exists():
            self._fail(f"no connection file {connection} for kernel {self._kernel_id}")
        client = BlockingKernelClient(connection_file=str(connection))
        client.load_connection_file()
        client.start_channels(hb=False, stdin=False, control=False)
        try:
            client.wait_for_ready(timeout=EXECUTE_TIMEOUT)
        except Exception:
            client.stop_channels()
            raise
        self._client = client
        return client

    def _close_client(self) -> None:
        client, self._client = self._client, None
        if client is not None:
            client.stop_channels()

    def execute(self, code: str, timeout: float = EXECUTE_TIMEOUT) -> str:
        """Run code on the notebook's kernel: stdout + repr of the last expression."""
        client = self._kernel_client()
        stdout: list[str] = []
        stderr: list[str] = []
        result: list[str] = []
        errors: list[dict] = []

        def on_output(msg) -> None:
            kind, content = msg["msg_type"], msg["content"]
            if kind == "stream":
                (stdout if content["name"] == "stdout" else stderr).append(content["text"])
            elif kind == "execute_result":
                result.append(content["data"].get("text/plain", ""))
            elif kind == "error":
                errors.append(content)

        try:
            reply = client.execute_interactive(
                code,
                store_history=False,
                allow_stdin=False,
                stop_on_error=False,  # never abort requests queued by the notebook
                timeout=timeout,
                output_hook=on_output,
            )
        except TimeoutError:
            self._close_client()  # its channels may hold stale replies now
            self._fail(f"lab.execute timed out after {timeout:g} s:\n{code}")
        content = reply["content"]
        if content["status"] != "ok" or errors:
            error = errors[0] if errors else content
            trace = _strip_ansi("\n".join(error.get("traceback", [])))
            raise KernelError(
                f"lab.execute raised {error.get('ename')}: {error.get('evalue')}\n"
                f"--- code ---\n{code}\n--- traceback ---\n{trace}"
                + (f"\n--- stderr ---\n{''.join(stderr)}" if stderr else "")
            )
        return ("".join(stdout) + "".join(result)).rstrip("\n")

    def evaluate(self, expr: str, timeout: float = EXECUTE_TIMEOUT):
        """The value of a JSON-serialisable expression, evaluated on the kernel."""
        out = self.execute(
            f"import json as __gw_json\nprint(__gw_json.dumps((\n{expr}\n)))", timeout=timeout
        )
        return json.loads(out.splitlines()[-1])

    def until(self, expr: str, timeout: float = ACTION_TIMEOUT) -> None:
        """Wait until a Python expression on the kernel is true (a message from the
        view reaches Python asynchronously)."""
        deadline = time.monotonic() + timeout
        while not self.evaluate(f"bool({expr})"):
            if time.monotonic() > deadline:
                raise AssertionError(f"{expr} is still false after {timeout} s")
            time.sleep(0.05)

    def restart_kernel(self, timeout: float = OPEN_TIMEOUT) -> None:
        """Restart the open notebook's kernel and wait until it is idle again."""
        self._close_client()
        self.page.evaluate(_RESTART_JS, self._path)
        ids = self.page.wait_for_function(
            _KERNEL_READY_JS, arg=self._path, timeout=timeout * 1000, polling=100
        ).json_value()
        self._kernel_id = ids["kernel"]

    # -- page helpers

    def panel(self, expr: str):
        """The value of a JavaScript expression about the open notebook's ``panel`` (its
        widget in the page): ``lab.panel("panel.content.model.cells.length")``."""
        return self.page.evaluate(f"(path) => {{ const panel = {_FIND_PANEL}; return ({expr}); }}", self._path)

    def wait_panel(self, expr: str, timeout: float = ACTION_TIMEOUT) -> None:
        """Wait until a JavaScript expression about the open notebook's ``panel`` is true."""
        self.page.wait_for_function(
            f"(path) => {{ const panel = {_FIND_PANEL}; return !!({expr}); }}",
            arg=self._path,
            timeout=timeout * 1000,
            polling=50,
        )

    def cells(self) -> list:
        """[type, source] of each cell of the open notebook, as the page holds it."""
        return self.panel("Array.from(panel.content.model.cells).map(c => [c.type, c.sharedModel.getSource()])")

    def save(self) -> dict:
        """Save the open notebook and return the file as it is on disk (JSON)."""
        try:
            self.page.evaluate(_SAVE_JS, [self._path, ACTION_TIMEOUT * 1000])
        except Exception as error:
            self._fail(f"saving {self._path} failed: {error}\npage state: {self._page_state(self._path)}")
        return json.loads((self.server.root_dir / self._path).read_text())

    def wait_for_attr(self, selector: str, attr: str, value, timeout: float = ACTION_TIMEOUT):
        wait_for_attr(self.page, selector, attr, value, timeout)

    def round_trip(self, root: str) -> None:
        """Wait until the kernel has handled every message the view at ``root`` sent so far
        (how a test knows a click sent nothing: no fixed wait)."""
        self._round_trips += 1
        self.page.evaluate(_ROUNDTRIP_JS, [root, self._round_trips])
        self.wait_for_attr(root, "data-roundtrip", self._round_trips)

    def wait_still(self, root: str | None = None, timeout: float = ACTION_TIMEOUT) -> None:
        """Wait until the view at ``root`` (every view if None) is still: no animation
        running, nothing resizing or moving for three frames."""
        self.page.wait_for_function(_STILL_JS, arg=root, polling="raf", timeout=timeout * 1000)

    def screenshot(self, name: str, locator=None) -> Path:
        """Save screenshots/<name>.png of the page (or of ``locator``) once the views are
        still (CSS animations are finished for the picture); return the path."""
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        SCREENSHOTS.mkdir(exist_ok=True)
        safe = re.sub(r"[^A-Za-z0-9_.-]+", "_", name).strip("_") or "screenshot"
        path = SCREENSHOTS / f"{safe}.png"
        with contextlib.suppress(PlaywrightTimeout):  # a view that keeps moving is pictured as it is
            self.wait_still(timeout=10)
        (locator or self.page).screenshot(path=str(path), animations="disabled")
        return path

    # -- teardown

    def close(self, empty_home: bool = True) -> None:
        for other in self._others:
            other.close(empty_home=False)
        self._close_client()
        if self.context is not None:
            with contextlib.suppress(Exception):
                self.context.close()
            self.context = self.page = None
        # Delete this test's sessions (shuts their kernels down): ours by id, and any
        # other session on our notebooks, should the page have made a second one.
        if not self.server.running():
            self._sessions.clear()  # its kernels went with it
            return
        ids = set(self._sessions)
        for session in self.server.api("GET", "/api/sessions"):
            if session.get("path") in self._paths:
                ids.add(session["id"])
        for session_id in ids:
            try:
                self.server.api("DELETE", f"/api/sessions/{session_id}", timeout=60)
            except urllib.error.HTTPError as error:
                if error.code != 404:
                    raise
        self._sessions.clear()
        if empty_home:
            self.server.empty_home()


@pytest.fixture
def lab(request, browser, jupyter_server):
    # `browser` first: without one, skip (or fail under CI) before starting a server.
    jupyter_server.ensure_running()
    instance = Lab(jupyter_server, browser, request.node.name)
    request.node.stash[_LAB_KEY] = instance
    try:
        yield instance
    finally:
        instance.close()


_LAB_KEY = pytest.StashKey[Lab]()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.when == "call" and report.failed and _is_e2e(item):
        instance = item.stash.get(_LAB_KEY, None)
        if instance is not None:
            _add_failure_sections(report, item, instance)
    return report


def _add_failure_sections(report, item, instance: Lab) -> None:
    if instance.page is not None:
        try:
            path = instance.screenshot(f"{item.name}-failure")
            report.sections.append(("screenshot", str(path)))
        except Exception as error:  # the page may be gone
            report.sections.append(("screenshot", f"not taken: {error}"))
    report.sections.append(("browser console", "\n".join(instance.console) or "(nothing)"))
    report.sections.append(("JupyterLab log (tail)", instance.server.log_tail()))
