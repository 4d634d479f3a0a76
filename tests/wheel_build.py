"""The package as a user gets it: built from a clean copy of the checkout, installed
alone into a fresh venv (no checkout on its sys.path).

``build_and_install(base)`` copies the files git knows (tracked, and new ones it does not
ignore: what a clean checkout of this work holds; no built views, no node_modules),
runs ``python -m build`` there (an sdist, then a wheel from the sdist, as pip does),
and installs the wheel with its dependencies into a new venv; ``installed_in(base)``
is that install once it is complete (None before). Used once per test run (the
``installed_wheel`` fixture of tests/conftest.py), by test_wheel.py and by the browser
test that plays a game from that install.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tarfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


@dataclass
class InstalledWheel:
    checkout: Path  # the clean copy it was built from
    sdist: Path
    wheel: Path
    venv: Path

    @property
    def python(self) -> Path:
        return self.venv / "bin" / "python"

    @property
    def bin(self) -> Path:
        return self.venv / "bin"

    def wheel_names(self) -> list[str]:
        with zipfile.ZipFile(self.wheel) as archive:
            return archive.namelist()

    def sdist_names(self) -> list[str]:
        with tarfile.open(self.sdist) as archive:
            return archive.getnames()


def clean_copy(target: Path) -> Path:
    """The files of the checkout that git tracks or would add, copied to `target`."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=REPO, capture_output=True, check=True,
    ).stdout.split(b"\0")  # fmt: skip
    target.mkdir(parents=True)
    for raw in filter(None, listed):
        name = raw.decode()
        source = REPO / name
        if source.is_file():  # a file deleted in the work tree is listed but gone
            destination = target / name
            destination.parent.mkdir(parents=True, exist_ok=True)
            destination.write_bytes(source.read_bytes())
    return target


def build(checkout: Path, outdir: Path, env: dict | None = None) -> subprocess.CompletedProcess:
    """``python -m build`` (sdist, then a wheel from it) in `checkout`."""
    return subprocess.run(
        [sys.executable, "-m", "build", "--outdir", str(outdir), str(checkout)],
        capture_output=True, text=True, env=env, timeout=900,
    )  # fmt: skip


COMPLETE = "installed.json"  # written last: the names of the sdist and the wheel


def installed_in(base: Path) -> InstalledWheel | None:
    """The install ``build_and_install(base)`` completed, or None."""
    try:
        names = json.loads((base / COMPLETE).read_text())
    except (OSError, ValueError):
        return None
    return InstalledWheel(base / "checkout", base / "dist" / names["sdist"], base / "dist" / names["wheel"],
                          base / "venv")  # fmt: skip


def build_and_install(base: Path) -> InstalledWheel:
    shutil.rmtree(base, ignore_errors=True)  # what an interrupted build left
    checkout = clean_copy(base / "checkout")
    done = build(checkout, base / "dist")
    if done.returncode:
        raise RuntimeError(f"python -m build failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    (sdist,) = (base / "dist").glob("*.tar.gz")
    (wheel,) = (base / "dist").glob("*.whl")
    venv = base / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    subprocess.run(
        [str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", str(wheel)],
        check=True, timeout=900, cwd=base,
    )  # fmt: skip
    (base / COMPLETE).write_text(json.dumps({"sdist": sdist.name, "wheel": wheel.name}))
    return InstalledWheel(checkout, sdist, wheel, venv)
