"""Make the puzzle sets shipped with the package (src/gamewidgets/puzzles/data/<game>.json).

    .venv/bin/python tools/make_puzzles.py              # every game
    .venv/bin/python tools/make_puzzles.py loa domino   # those

Each set is ``gamewidgets.puzzles.generate(game, count=..., seed=SEED, kind=kind)`` for
every kind of the game, with the seed and the counts written into the file, so that
anyone can make it again (and tests/test_puzzles_shipped.py checks that the first
puzzles of each kind come out the same). The puzzles are numbered
``<game>-<kind>-<n>`` in the order found. Prints how long each kind took.
"""

from __future__ import annotations

import dataclasses
import json
import sys
import time
from pathlib import Path

from gamewidgets.puzzles import FORMAT, KIND_NAMES, generate

#: the seed of every shipped set
SEED = 2026
#: puzzles of each kind shipped (at least 50 a game)
PER_KIND = {"loa": 30, "line98": 60, "mahjong": 60, "domino": 60}
DATA = Path(__file__).resolve().parents[1] / "src" / "gamewidgets" / "puzzles" / "data"


def make(game: str) -> dict:
    counts, puzzles, seconds = {}, [], {}
    for kind in KIND_NAMES[game]:
        started = time.perf_counter()
        found = generate(game, count=PER_KIND[game], seed=SEED, kind=kind)
        seconds[kind] = round(time.perf_counter() - started, 1)
        counts[kind] = len(found)
        puzzles += [dataclasses.replace(p, id=f"{game}-{kind}-{n:03d}") for n, p in enumerate(found, 1)]
        ratings = [p.rating for p in found]
        print(f"{game} {kind}: {len(found)} puzzles in {seconds[kind]} s, ratings {min(ratings)}-{max(ratings)}")
    return {"format": "gamewidgets.puzzles", "version": FORMAT, "game": game, "seed": SEED, "counts": counts,
            "made_by": "tools/make_puzzles.py", "puzzles": [p.to_dict() for p in puzzles]}


def main(games: list[str]) -> None:
    DATA.mkdir(parents=True, exist_ok=True)
    for game in games or list(KIND_NAMES):
        if game not in KIND_NAMES:
            sys.exit(f"no puzzles for {game!r} (games: {', '.join(KIND_NAMES)})")
        (DATA / f"{game}.json").write_text(json.dumps(make(game), indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1:])
