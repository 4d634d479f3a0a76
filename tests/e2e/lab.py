"""What a browser test works with: :class:`Lab`, a notebook driver on the session's
JupyterLab server and Chromium (the ``lab`` fixture, documented in conftest.py), the
pages it opens notebooks in (:class:`LabPages`, shared by the tests), and
``wait_for_attr``.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import re
import time
import urllib.error
import urllib.parse
from pathlib import Path

from .jupyterlab_server import JupyterLabServer

HERE = Path(__file__).resolve().parent
SCREENSHOTS = HERE / "screenshots"

OPEN_TIMEOUT = 120.0  # s; page load + first kernel start (5-10 s cold)
RUN_ALL_TIMEOUT = 180.0  # s; all cells of a test notebook
EXECUTE_TIMEOUT = 60.0  # s; one lab.execute
ACTION_TIMEOUT = 30.0  # s; Playwright's default for clicks, waits, ...
VIEWPORT = {"width": 1200, "height": 900}

ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


def _strip_ansi(text: str) -> str:
    return ANSI.sub("", text)


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
    let ok, timedOut = '';
    try {
        ok = await Promise.race([
            app.commands.execute('notebook:run-all-cells', {widgetId: panel.id}),
            timeout,
        ]);
    } catch (error) {
        timedOut = String(error);  // said with each cell's state (its prompt: [*] still running)
    }
    const cells = [];
    panel.content.widgets.forEach((widget, i) => {
        const cell = widget.model;
        if (cell.type !== 'code') return;
        const outputs = cell.outputs.toJSON();
        cells.push({
            source: cell.sharedModel.getSource(),
            executionCount: cell.executionCount,
            prompt: widget.promptNode ? widget.promptNode.textContent : '',
            errors: outputs.filter(o => o.output_type === 'error'),
            outputs: outputs.length,
        });
    });
    const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
    return {ok: ok !== false && !timedOut, timedOut, cells, kernel: kernel ? kernel.status : 'none'};
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

# true once the views in `scope` have been still for three frames (of this wait, number
# `n`): no tween running (data-animating), the same sizes and places of their canvases
# and dialogs. The views in `scope`: the view it is in, else the views inside it, else
# (or with no scope) every view of the page.
_STILL_JS = """([scope, n]) => {
    let roots = [...document.querySelectorAll(".gw-root")];
    if (scope) {
        const up = scope.closest(".gw-root");
        const inside = [...scope.querySelectorAll(".gw-root")];
        roots = up ? [up] : inside.length ? inside : roots;
    }
    const busy = roots.some((el) => el.dataset.animating === "true");
    const shape = roots.map((el) => [...el.querySelectorAll("canvas, .gw-dialog")]
        .map((node) => JSON.stringify(node.getBoundingClientRect())).join("|")).join("#");
    const still = window.__gwStill || (window.__gwStill = {});
    const seen = still[n] || (still[n] = {shape: null, frames: 0});
    seen.frames = !busy && shape === seen.shape ? seen.frames + 1 : 0;
    seen.shape = shape;
    if (seen.frames >= 3) delete still[n];
    return seen.frames >= 3;
}"""
_STILL_WAITS = itertools.count()


# JupyterLab already loaded in the page: open the notebook at `path`, as a click in the
# file browser does, then close what the main area showed before (what held it after
# the last test, see _CLEAR_JS; a notebook opened before in the same test). In this
# order the main area is never empty, and JupyterLab opens no launcher.
_OPEN_IN_LAB_JS = """async (path) => {
    const app = window.jupyterapp;
    const before = Array.from(app.shell.widgets('main'));
    await app.commands.execute('docmanager:open', {path, factory: 'Notebook'});
    for (const widget of before) widget.dispose();
}"""

# After a test: close what the main area shows (its widget views run their cleanup), and
# say whether the page is as a new one would be: JupyterLab up, no dialog, no view left.
# An empty Lumino widget holds the main area until the next notebook opens: an empty
# main area would make JupyterLab open a launcher (a fifth of what a notebook costs the
# browser), which the next test would close again.
_CLEAR_JS = """() => {
    const app = window.jupyterapp;
    if (!app || !app.shell) return false;
    const before = Array.from(app.shell.widgets('main'));
    let Widget = app.shell.constructor;  // LabShell extends Lumino's Widget, a base class
    while (Object.getPrototypeOf(Widget) !== Function.prototype) Widget = Object.getPrototypeOf(Widget);
    const holder = new Widget();
    holder.id = 'gw-between-tests';
    holder.title.label = 'between tests';
    app.shell.add(holder, 'main');
    for (const widget of before) widget.dispose();
    return !document.querySelector('.jp-Dialog, .gw-root');
}"""


class LabPages:
    """A browser context and the pages a test opens its notebooks in: one with JupyterLab
    (the ``lab`` frontend), one with Notebook 7 (``notebook``).

    The ``lab_pages`` fixture shares one among the tests of a pytest process. JupyterLab
    loads once (about 3 s of a 2-core machine, most of what opening a notebook cost),
    and each test opens its notebook in the loaded app (``docmanager:open``) after
    closing the last test's.
    A test ends in ``release``: its notebooks are closed, the viewport and the mouse
    are put back, and a page that is not as a new one would be (a failed test, a
    dialog left open, a view left in the page) is closed, so the next test loads a new
    one. Notebook 7 shows one notebook per page: that page loads for every test.
    """

    def __init__(self, browser):
        self.browser = browser
        self.context = None
        self.pages: dict[str, object] = {}  # frontend -> its page
        self.owner: Lab | None = None  # the test whose console the pages' messages go to

    def page(self, frontend: str, owner: Lab):
        """The page for ``frontend`` (a new one if it has none), and whether the notebook
        app is loaded in it already."""
        self.owner = owner
        page = self.pages.get(frontend)
        if page is not None and not page.is_closed():
            return page, frontend == "lab"
        if self.context is None:
            self.context = self.browser.new_context(viewport=VIEWPORT)
            self.context.set_default_timeout(ACTION_TIMEOUT * 1000)
        page = self.pages[frontend] = self.context.new_page()
        page.on("console", self._on_console)
        page.on("pageerror", lambda error: self._log(f"[pageerror] {error}"))
        return page, False

    def _on_console(self, message) -> None:
        if message.type in ("error", "warning"):
            self._log(f"[{message.type}] {message.text}")

    def _log(self, line: str) -> None:
        if self.owner is not None:
            self.owner.console.append(line)

    def release(self, keep: bool) -> None:
        """The test is over: keep the JupyterLab page for the next test (``keep``, and
        it is as a new one would be), close every other page."""
        self.owner = None
        for frontend, page in list(self.pages.items()):
            if keep and frontend == "lab" and self._clear(page):
                continue
            with contextlib.suppress(Exception):
                page.close()
            del self.pages[frontend]

    @staticmethod
    def _clear(page) -> bool:
        try:
            if page.is_closed() or not page.evaluate(_CLEAR_JS):
                return False
            if page.viewport_size != VIEWPORT:
                page.set_viewport_size(VIEWPORT)
            page.mouse.move(0, 0)  # where a new page's mouse is: over nothing of a view
            return True
        except Exception:  # a crashed or navigated page
            return False

    def close(self) -> None:
        self.owner = None
        if self.context is not None:
            with contextlib.suppress(Exception):
                self.context.close()
        self.context, self.pages = None, {}


class Lab:
    """What a browser test works with; see conftest.py's docstring."""

    KernelError = KernelError  # for `pytest.raises(lab.KernelError)`

    def __init__(self, server: JupyterLabServer, pages: LabPages, test_name: str):
        self.server = server
        self.pages = pages
        self.test_name = test_name
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
        other = Lab(self.server, LabPages(self.pages.browser), f"{self.test_name}-{len(self._others) + 2}")
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

        # Start the kernel now (the spare one, booted during the last test, if there is
        # one), so that it boots while the page loads; JupyterLab connects to the
        # session that exists for the notebook's path.
        try:
            session = self.server.start_session(path, kernel, timeout=OPEN_TIMEOUT)
        except Exception as error:
            self._fail(f"starting a kernel for {path} failed: {error}")
        self._sessions.append(session["id"])

        page, loaded = self.pages.page(frontend, self)
        self.page = page
        wanted = viewport or VIEWPORT
        if page.viewport_size != wanted:
            page.set_viewport_size(wanted)
        t0 = time.monotonic()
        self.timings = {"prepare": t0 - t_start}
        try:
            if loaded:
                page.evaluate(_OPEN_IN_LAB_JS, path)
            else:
                page.goto(self._url(frontend, path), wait_until="domcontentloaded", timeout=OPEN_TIMEOUT * 1000)
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
        self.server.boot_spare()  # for the next notebook, while this test goes on
        return page

    def _url(self, frontend: str, path: str) -> str:
        if frontend == "lab":
            return f"{self.server.url}/lab/tree/{urllib.parse.quote(path)}?reset&token={self.server.token}"
        return f"{self.server.url}/notebooks/{urllib.parse.quote(path)}?token={self.server.token}"

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
        if result["timedOut"]:  # which cell is still running, or never got its answer
            states = "\n".join(f"cell {i}: prompt {c['prompt']!r}, execution count {c['executionCount']}, "
                                f"{c['outputs']} output(s): {c['source'][:60]!r}"
                                for i, c in enumerate(result["cells"]))
            self._fail(f"running all cells of {path} failed: {result['timedOut']} (the kernel: {result['kernel']})\n"
                       f"{states}\npage state: {self._page_state(path)}")
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

    def restart_kernel_elsewhere(self) -> None:
        """Restart the open notebook's kernel as another client would (the REST API):
        the page is told nothing; wait until the server has the new kernel up."""
        self._close_client()
        self.server.api("POST", f"/api/kernels/{self._kernel_id}/restart", {}, timeout=OPEN_TIMEOUT)

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
        self._wait_still(self.page.query_selector(root) if root else None, timeout)

    def _wait_still(self, scope, timeout: float) -> None:
        self.page.wait_for_function(
            _STILL_JS, arg=[scope, next(_STILL_WAITS)], polling="raf", timeout=timeout * 1000
        )

    def screenshot(self, name: str, locator=None) -> Path:
        """Save screenshots/<name>.png of the page (or of ``locator``) once the views in
        the picture are still (a view elsewhere may go on moving; CSS animations are
        finished for the picture); return the path."""
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        SCREENSHOTS.mkdir(exist_ok=True)
        safe = re.sub(r"[^A-Za-z0-9_.-]+", "_", name).strip("_") or "screenshot"
        path = SCREENSHOTS / f"{safe}.png"
        with contextlib.suppress(PlaywrightTimeout):  # a view that keeps moving is pictured as it is
            self._wait_still(locator.element_handle() if locator else None, timeout=10)
        (locator or self.page).screenshot(path=str(path), animations="disabled")
        return path

    # -- teardown

    def close(self, keep_page: bool = False, empty_home: bool = True) -> None:
        """Close the test's notebooks and delete their sessions; ``keep_page``: leave the
        JupyterLab page to the next test (``LabPages.release``), else close the pages."""
        for other in self._others:
            other.close(empty_home=False)
        self._close_client()
        if keep_page:
            self.pages.release(keep=True)
        else:
            self.pages.close()
        self.page = None
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

