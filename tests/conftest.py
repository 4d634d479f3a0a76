"""Fixtures shared by the unit and the browser tests, and the hypothesis profile:
no deadline for any example (a deadline is a wall-time assertion, and the suite must
pass on a loaded machine: one example took 320 ms beside other work and failed the
default 200 ms)."""

import pytest
from hypothesis import settings

settings.register_profile("gamewidgets", deadline=None)
settings.load_profile("gamewidgets")


@pytest.fixture(scope="session")
def installed_wheel(tmp_path_factory):
    """The package built from a clean copy of the checkout and installed alone into a
    fresh venv (see wheel_build.py); made once per session (about a minute)."""
    from wheel_build import build_and_install

    return build_and_install(tmp_path_factory.mktemp("wheel"))


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
