"""The working copies of the tutorials that ``make lab`` serves, so that playing them never
changes the checkout (JupyterLab saves outputs and widget state into what it opens).

    python tools/tutorial_copies.py notebooks lab

makes ``lab/<name>.ipynb`` for every ``notebooks/<name>.ipynb`` and keeps them fresh:

- a copy that is missing is made;
- when an original changed since its copy was made, the copy is replaced — but if
  you changed the copy too, yours is first kept beside it as
  ``<name> (yours, <date time>).ipynb``: nothing of yours is lost;
- anything else in ``lab/`` (your own notebooks, files, folders) is never touched.

What each copy was made from is kept in ``lab/.tutorials.json`` (the SHA-256 of the
original and of the copy as written).
"""

from __future__ import annotations

import hashlib
import json
import shutil
import sys
import time
from pathlib import Path

STATE = ".tutorials.json"


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _read_state(copies: Path) -> dict[str, dict[str, str]]:
    try:
        state = json.loads((copies / STATE).read_text())
    except (OSError, ValueError):
        return {}
    return state if isinstance(state, dict) else {}


def refresh(originals: Path, copies: Path, now: float | None = None) -> list[str]:
    """Bring the copies in `copies` up to date with `originals`; returns what was done,
    one line each."""
    copies.mkdir(parents=True, exist_ok=True)
    state = _read_state(copies)
    stamp = time.strftime("%Y-%m-%d %H%M", time.localtime(now))
    done: list[str] = []
    for original in sorted(originals.glob("*.ipynb")):
        name = original.name
        copy = copies / name
        source = _digest(original)
        known = state.get(name, {})
        if copy.exists():
            if known.get("original") == source:
                continue  # the original did not change since its copy was made
            mine = _digest(copy)
            if mine == source:
                state[name] = {"original": source, "copy": source}
                continue  # the copy is the original already
            if mine != known.get("copy"):
                kept = copies / f"{original.stem} (yours, {stamp}).ipynb"
                shutil.copy2(copy, kept)
                done.append(f"kept your changed {name} as {kept.name}")
            done.append(f"updated {name}")
        else:
            done.append(f"copied {name}")
        shutil.copyfile(original, copy)
        state[name] = {"original": source, "copy": source}
    (copies / STATE).write_text(json.dumps(state, indent=1, sort_keys=True) + "\n")
    return done


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: python tools/tutorial_copies.py ORIGINALS COPIES")
    for line in refresh(Path(sys.argv[1]), Path(sys.argv[2])):
        print(f"{sys.argv[2]}: {line}")
