"""Fixtures shared by the unit and the browser tests."""

import pytest


@pytest.fixture(scope="session")
def installed_wheel(tmp_path_factory):
    """The package built from a clean copy of the checkout and installed alone into a
    fresh venv (see wheel_build.py); made once per session (about a minute)."""
    from wheel_build import build_and_install

    return build_and_install(tmp_path_factory.mktemp("wheel"))
