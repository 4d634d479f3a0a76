"""What every test shares: the hypothesis profile, a store of its own, no borrowed event
loop, the wheel built once, and the order the test files are handed out in.

- Hypothesis: no deadline for any example (a deadline is a wall-time assertion, and the
  suite must pass on a loaded machine: one example took 320 ms beside other work and
  failed the default 200 ms).
- ``GAMEWIDGETS_HOME`` is a temp dir of the pytest process for the whole run: a widget
  made without ``store=`` keeps its records there, never in the user's own store, and
  two xdist workers never share one.
- ``make test`` runs ``pytest -n logical --dist loadfile --no-loadscope-reorder``: each
  test file runs whole on one xdist worker, so its module fixtures (a Dask cluster, a
  room server) are made once, and the files are handed out in the order of the
  collection, which this file sorts: the browser test files first, most tests first,
  then the others, likewise; so the long ones start early and the short ones even out
  the end.
- The installed wheel is built once per run, by whichever worker needs it first; the
  other waits for it (a lock file in the run's temp dir).
"""

import asyncio
import os
from pathlib import Path

import pytest
from hypothesis import settings

settings.register_profile("gamewidgets", deadline=None)
settings.load_profile("gamewidgets")

BROWSER_TESTS = Path(__file__).resolve().parent / "e2e"
#: the file that builds the documentation site (it executes every notebook): started early
SITE_TESTS = "test_docs.py"


def _is_browser_test(item) -> bool:
    return BROWSER_TESTS in Path(str(item.path)).resolve().parents


@pytest.hookimpl(tryfirst=True)  # before -m selects by the mark
def pytest_collection_modifyitems(config, items):
    files: dict[Path, list] = {}
    for item in items:
        if _is_browser_test(item):
            item.add_marker(pytest.mark.e2e)
        files.setdefault(Path(str(item.path)), []).append(item)

    def first(tests: list) -> tuple:  # the browser tests, then the site's build (a minute), then by size
        return (not _is_browser_test(tests[0]), Path(str(tests[0].path)).name != SITE_TESTS, -len(tests))

    items[:] = [item for tests in sorted(files.values(), key=first) for item in tests]


@pytest.fixture(scope="session", autouse=True)
def _a_store_of_its_own(tmp_path_factory):
    home = str(tmp_path_factory.mktemp("gamewidgets-home"))
    before = os.environ.get("GAMEWIDGETS_HOME")
    os.environ["GAMEWIDGETS_HOME"] = home
    yield
    if before is None:
        os.environ.pop("GAMEWIDGETS_HOME", None)
    else:
        os.environ["GAMEWIDGETS_HOME"] = before


@pytest.fixture(autouse=True)
def _no_borrowed_event_loop(request):
    """A test without a browser runs with no running event loop, as a script does.
    Playwright's sync API (the browser tests, earlier in the same process) leaves its
    loop marked as the main thread's running loop between its calls, and a widget would
    schedule the computer's moves on it, where they never run."""
    borrowed = asyncio._get_running_loop()
    if borrowed is None or request.node.get_closest_marker("e2e"):
        yield
        return
    asyncio._set_running_loop(None)
    try:
        yield
    finally:
        asyncio._set_running_loop(borrowed)


@pytest.fixture(scope="session")
def installed_wheel(tmp_path_factory):
    """The package built from a clean copy of the checkout and installed alone into a
    fresh venv (see wheel_build.py); made once per run (about half a minute), in the
    temp dir that the run's xdist workers share."""
    from filelock import FileLock
    from wheel_build import build_and_install, installed_in

    run = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):  # a worker's basetemp is inside the run's
        run = run.parent
    with FileLock(run / "wheel.lock"):
        return installed_in(run / "wheel") or build_and_install(run / "wheel")


@pytest.fixture
def unconnected_seat():
    """The host seat of an online dominoes room, made from a credential in a memory
    store and never connected (what an online seat is before the server answers)."""
    pytest.importorskip("websockets")
    from gamewidgets.domino.online import OnlineDomino
    from gamewidgets.store import Store

    store = Store.memory()
    invite = "http://127.0.0.1:9/rooms/" + "A" * 22
    store.save("domino-online", invite + "#host", {"seat": 0, "credential": "c" * 43})
    return OnlineDomino(invite, store=store, connect=False)
