"""Sphinx configuration of the documentation site (``make docs``: tools/build_docs.py).

- The pages are MyST Markdown (myst-nb); the tutorials are the notebooks of
  ``notebooks/`` (linked into ``tutorials/``), executed during the build. A widget
  shows there as the picture of its board that it puts out beside its view
  (``gamewidgets.picture_output``); the live view needs a kernel, so its output is
  left out of the pages.
- Executed notebooks are cached (jupyter-cache) under ``docs/_build/.jupyter_cache``
  in a folder named by a hash of the package's sources: a cached output is reused
  only while both the notebook's code and the package are unchanged.
- The API reference is generated from the docstrings (autodoc, autosummary; the
  generated stubs go to the git-ignored ``api/generated/``).
- The notebooks run with ``GAMEWIDGETS_HOME`` in a fresh temporary folder, so a build
  never reads or writes the builder's own scores, saves and settings.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sys
import tempfile
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
sys.path.insert(0, str(ROOT / "src"))

import gamewidgets  # noqa: E402 - after the path is set, for a checkout that is not installed


def _sources_hash() -> str:
    """A hash of the package's Python and text sources, naming the execution cache."""
    digest = hashlib.sha256()
    package = ROOT / "src" / "gamewidgets"
    for path in sorted(package.rglob("*")):
        if path.suffix in {".py", ".md", ".json", ".js"} and "__pycache__" not in path.parts:
            digest.update(str(path.relative_to(package)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def _copy_tutorials() -> None:
    """The notebooks of ``notebooks/`` as ``tutorials/*.ipynb`` (git-ignored copies; a
    copy is rewritten only when its original changed, so Sphinx sees what is new)."""
    folder = DOCS / "tutorials"
    folder.mkdir(exist_ok=True)
    originals = {path.name: path for path in (ROOT / "notebooks").glob("*.ipynb")}
    for stale in folder.glob("*.ipynb"):
        if stale.name not in originals:
            stale.unlink()
    for name, original in originals.items():
        copy = folder / name
        if not copy.exists() or copy.read_bytes() != original.read_bytes():
            copy.write_bytes(original.read_bytes())


_copy_tutorials()
_HOME = tempfile.TemporaryDirectory(prefix="gamewidgets-docs-home-")  # removed when the build ends
os.environ["GAMEWIDGETS_HOME"] = _HOME.name

project = "gamewidgets"
author = "the gamewidgets developers"
copyright = "the gamewidgets developers"
release = version = gamewidgets.__version__

extensions = [
    "myst_nb",
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
]

exclude_patterns = ["_build", "_templates", "**/.ipynb_checkpoints"]
templates_path = ["_templates"]

html_theme = "furo"
html_title = f"gamewidgets {version}"
html_static_path: list[str] = []

# the rules pages are the views' rules texts, character for character (no curly quotes)
smartquotes = False
myst_heading_anchors = 3

nb_execution_mode = "cache"
_CACHES = DOCS / "_build" / ".jupyter_cache"
nb_execution_cache_path = str(_CACHES / _sources_hash())
for _stale in _CACHES.glob("*"):  # the caches of sources that have changed since
    if str(_stale) != nb_execution_cache_path:
        shutil.rmtree(_stale, ignore_errors=True)
nb_execution_timeout = 300
nb_execution_raise_on_error = True
nb_execution_in_temp = True
nb_merge_streams = True
# the live view needs a kernel: a page shows the picture of the board put out beside it,
# and the view's own output stays an empty placeholder (no widget JavaScript is loaded)
nb_ipywidgets_js: dict[str, dict[str, str]] = {}

autosummary_generate = True
autosummary_ignore_module_all = True  # every module below a package, not only those in its __all__
autodoc_default_options = {"members": True, "show-inheritance": True}
autodoc_member_order = "bysource"
autodoc_typehints = "description"
add_module_names = False
# the constructor documented as a method: its parameters' types then resolve to the
# right game's classes (a class signature leaves them as names, Game in four modules)
autodoc_class_signature = "separated"


WIDGET_STATE = "application/vnd.jupyter.widget-state+json"


def _drop_widget_state(app: object, pagename: str, templatename: str, context: dict, doctree: object) -> None:
    """Leave the widgets' saved state out of a page: with no widget JavaScript loaded it
    draws nothing, and it holds every view's code again (megabytes a tutorial)."""
    context["script_files"] = [script for script in context.get("script_files", [])
                               if getattr(script, "attributes", {}).get("type") != WIDGET_STATE]


def setup(app: object) -> None:
    app.connect("html-page-context", _drop_widget_state, priority=900)  # type: ignore[attr-defined]
