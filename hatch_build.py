"""The JavaScript views, built as part of building the package (a hatchling build hook).

Every view the package loads (``view_source("<game>")`` in its modules) is a bundle in
``src/gamewidgets/static/<game>.js``, made by esbuild from ``js/<game>/``. The bundles
are not in git; this hook makes them before hatchling packs a wheel or an sdist:

- from a checkout: ``npm ci`` (when ``node_modules`` is missing or older than the lock
  file) and ``node js/build.mjs``, whenever a bundle is missing or older than a source;
- from an sdist: the sdist already holds the bundles (and the sources, with the
  same time stamps), so nothing is built and no Node.js is needed;
- either way, a wheel or sdist without every bundle is never made: the build fails
  and says what is missing and how to get it.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

VIEW = re.compile(r"""view_source\(\s*["'](\w+)["']\s*\)""")


class ViewBuildHook(BuildHookInterface):
    PLUGIN_NAME = "views"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        root = Path(self.root)
        static = root / "src" / "gamewidgets" / "static"
        modules = (root / "src" / "gamewidgets").rglob("*.py")
        views = sorted({name for path in modules for name in VIEW.findall(path.read_text())})
        bundles = [static / f"{view}.js" for view in views]
        if not views:
            raise RuntimeError("gamewidgets build: found no view_source(...) in src/gamewidgets")
        if _stale(root, bundles):
            _build_views(root)
        missing = [b.name for b in bundles if not b.is_file()]
        if missing:
            raise RuntimeError(
                f"gamewidgets build: the view bundles {', '.join(missing)} are missing from {static}; "
                "building them needs Node.js and npm (https://nodejs.org) in a checkout: "
                "`npm ci && npm run build`, then build the package again"
            )


def _sources(root: Path) -> list[Path]:
    js = root / "js"
    files = [p for p in js.rglob("*") if p.is_file() and p.suffix in (".js", ".mjs")] if js.is_dir() else []
    return files + [p for p in (root / "package.json", root / "package-lock.json") if p.is_file()]


def _stale(root: Path, bundles: list[Path]) -> bool:
    """True when a bundle is missing, or a source of the views is newer than a bundle."""
    if not all(b.is_file() for b in bundles):
        return True
    sources = _sources(root)
    return bool(sources) and max(p.stat().st_mtime for p in sources) > min(b.stat().st_mtime for b in bundles)


def _build_views(root: Path) -> None:
    if not (root / "js" / "build.mjs").is_file():
        return  # nothing to build from: the check for the bundles says what is missing
    npm, node = shutil.which("npm"), shutil.which("node")
    if not npm or not node:
        raise RuntimeError(
            "gamewidgets build: the view bundles must be built from js/, which needs Node.js and npm "
            "(https://nodejs.org); none was found on PATH"
        )
    lock = root / "package-lock.json"
    installed = root / "node_modules" / ".package-lock.json"
    if not installed.is_file() or (lock.is_file() and lock.stat().st_mtime > installed.stat().st_mtime):
        subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=root, check=True)
    subprocess.run([node, "js/build.mjs"], cwd=root, check=True)
