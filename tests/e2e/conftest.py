"""Browser tests: a real JupyterLab server driven by Chromium through Playwright.

One JupyterLab server, one Chromium and one JupyterLab page per pytest process (per
xdist worker): each test opens a notebook of its own, with a kernel of its own, in the
page that is already loaded. Game-agnostic: a test writes the code cells of a
notebook, and the harness opens it in JupyterLab and runs it.

Adding a browser test that stays fast
-------------------------------------
- Put it in the file of its view (``test_<game>_view.py`` and the like) and use the
  ``lab`` fixture: it costs its notebook (about a second), not a page load (about 3 s
  more) nor a kernel's start (booted while the test before it ran). ``make test``
  runs each file whole on one xdist worker (tests/conftest.py), so a module fixture of
  the file (a room server, say) is made once.
- Open one notebook (``lab.open_notebook``, or the file's ``open_game``) with as few
  cells as the test needs.
- Wait for state, never for time: ``lab.wait_for_attr`` (what the view shows),
  ``lab.until`` (what Python holds), ``lab.round_trip`` (the kernel has handled what the
  view sent: how a test knows a click did nothing), ``lab.wait_still`` (no animation).
  No ``time.sleep``, no ``page.wait_for_timeout``. What the view sets itself (a
  setting, the sound) shows at once and reaches Python a moment later: wait for
  Python with ``lab.until``, not for the attribute.
- After the test, its notebook is closed, the viewport is 1200x900 again and the mouse
  at (0, 0), as in a new page. A page that is not as JupyterLab left it (a dialog
  open, a view outside the notebook, a crash), and the page of a failed test, are
  closed: the next test loads a new one (correct, only slower). What a test adds to
  the page itself (a listener, a ``window.__name``) stays for the next tests: set
  such globals before use, never assume them absent.
- A second person (two players) is ``lab.another()``: a context of its own, closed
  with the test.
- Look at what it shows: ``lab.screenshot(name, locator)``.

Fixtures
--------
``lab`` (function scope) -> :class:`lab.Lab`
    ``lab.open_notebook(cells, name=None, frontend="lab", viewport=None, kernel="python3") -> Page``
        Write a notebook with those code cells into the server's root (named after
        the test unless ``name`` is given), start its session on a kernel (POST
        /api/sessions: the spare kernel booted during the last test when there is one),
        open it in the worker's JupyterLab page (loading ``/lab/tree/<nb>?reset`` the
        first time; 1200x900 unless ``viewport={"width": w, "height": h}``, file
        browser collapsed) — or, with ``frontend="notebook"``, Notebook 7's
        ``/notebooks/<nb>`` on the same server — with the kernel ``kernel`` (a kernelspec
        name; ``lab.server.add_kernel(name, python)`` adds one) — wait for the kernel to be idle, run
        all cells (``notebook:run-all-cells``) and wait until they have all finished.
        A cell that raised fails the test with its traceback. ``lab.page`` is that
        page afterwards; widget views render asynchronously, so wait for them
        (``wait_for_attr``). Calling it again closes the notebook and opens another;
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
    ``lab.round_trip(root)`` / ``lab.wait_still(root=None)``
        Wait until the kernel has handled every message the view at ``root`` sent so
        far / until the views are still (no animation, nothing moving).
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
    Teardown closes the test's notebooks (leaving the page to the next test, see
    above), deletes their kernel sessions, so no kernel leaks, and
    empties GAMEWIDGETS_HOME: every test starts with an empty store (no records,
    saved games or remembered settings of an earlier test).

``wait_for_attr`` (fixture) -> the function
``wait_for_attr(page, selector, attr, value, timeout=30)``: wait until the first
element matching ``selector`` has attribute ``attr`` (e.g. ``"data-score"``) equal to
``str(value)``; on timeout an AssertionError tells the value it had instead.

``jupyter_server`` / ``browser`` / ``lab_pages`` (session scope): the server
(jupyterlab_server.py), Chromium, and the context and pages the tests share (lab.py).

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

import os
import shutil

import pytest

from .jupyterlab_server import JupyterLabServer
from .lab import Lab, LabPages, wait_for_attr

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


def _in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


@pytest.fixture(scope="session")
def jupyter_server(tmp_path_factory):
    server = JupyterLabServer(tmp_path_factory.mktemp("jupyterlab"))
    server.start()
    try:
        yield server
    finally:
        server.close()



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


@pytest.fixture(name="wait_for_attr")
def _wait_for_attr_fixture():
    return wait_for_attr


# ------------------------------------------------------------------------------ lab


@pytest.fixture(scope="session")
def lab_pages(browser):
    pages = LabPages(browser)
    try:
        yield pages
    finally:
        pages.close()


@pytest.fixture
def lab(request, lab_pages, jupyter_server):
    # `browser` (through lab_pages) first: without one, skip (or fail under CI) before
    # starting a server.
    if jupyter_server.ensure_running():
        lab_pages.close()
    instance = Lab(jupyter_server, lab_pages, request.node.name)
    request.node.stash[_LAB_KEY] = instance
    try:
        yield instance
    finally:
        # the page goes to the next test only after a test that passed
        instance.close(keep_page=not request.node.stash.get(_FAILED_KEY, False))


_LAB_KEY = pytest.StashKey[Lab]()
_FAILED_KEY = pytest.StashKey[bool]()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.failed:
        item.stash[_FAILED_KEY] = True
    if report.when == "call" and report.failed:
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
