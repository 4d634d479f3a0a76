"""How to play each game, in the project's own words: one text per game
(``<game>/how_to_play.md``, package data), shown by the view's Rules panel, by
``w.rules()`` in the notebook and by the documentation, so the three never disagree.

The text is a small Markdown: ``# `` the title, ``## `` a section, paragraphs, ``- ``
list items (a following line indented by two spaces goes on with the item), tables
(``| a | b |`` rows, the second one ``|---|``), and inline ``**bold**`` and
```code``` (keys are written as code: ```U```). :func:`blocks` reads it into plain
values the view draws with text nodes only (nothing in it is HTML):

- ``{"kind": "title" | "section", "text": str}``
- ``{"kind": "paragraph", "runs": runs}``; ``{"kind": "list", "items": [runs, ...]}``
- ``{"kind": "table", "header": [runs, ...], "rows": [[runs, ...], ...]}``

where ``runs`` is ``[[style, text], ...]``, style "" (plain), "b" (bold) or "code".
Anything else in the text is a :class:`RulesTextError` (a test reads all four).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from importlib import resources
from typing import Any

from .errors import GameError

__all__ = ["GAMES", "HowToPlay", "RulesTextError", "blocks", "how_to_play", "plain", "runs"]

#: the games that have a text, by their ``game_name``
GAMES = ("line98", "mahjong", "loa", "domino")

_INLINE = re.compile(r"\*\*(.+?)\*\*|`([^`]+)`")
_SEPARATOR = re.compile(r"^\|\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?$")


class RulesTextError(GameError, ValueError):
    """A rules text that is not in the small Markdown the view can show; says where."""


def runs(text: str) -> list[list[str]]:
    """``"press **U** or `Esc`"`` -> ``[["", "press "], ["b", "U"], ["", " or "], ["code", "Esc"]]``."""
    out: list[list[str]] = []
    at = 0
    for match in _INLINE.finditer(text):
        if match.start() > at:
            out.append(["", text[at:match.start()]])
        out.append(["b", match.group(1)] if match.group(1) is not None else ["code", match.group(2)])
        at = match.end()
    if at < len(text):
        out.append(["", text[at:]])
    return out


def plain(inline: list[list[str]]) -> str:
    """The text of inline runs, without their styles: ``plain(runs(text))``."""
    return "".join(text for _, text in inline)


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def blocks(markdown: str) -> list[dict[str, Any]]:
    """The blocks of a rules text (see the module docstring)."""
    out: list[dict[str, Any]] = []
    lines = markdown.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i].rstrip()
        if not line.strip():
            i += 1
        elif line.startswith("# "):
            out.append({"kind": "title", "text": line[2:].strip()})
            i += 1
        elif line.startswith("## "):
            out.append({"kind": "section", "text": line[3:].strip()})
            i += 1
        elif line.startswith("- "):
            items = []
            while i < len(lines) and lines[i].startswith("- "):
                item = [lines[i][2:].strip()]
                i += 1
                while i < len(lines) and lines[i].startswith("  ") and lines[i].strip():
                    item.append(lines[i].strip())
                    i += 1
                items.append(runs(" ".join(item)))
            out.append({"kind": "list", "items": items})
        elif line.startswith("|"):
            rows = []
            while i < len(lines) and lines[i].startswith("|"):
                rows.append(lines[i].rstrip())
                i += 1
            if len(rows) < 2 or not _SEPARATOR.match(rows[1]):
                raise RulesTextError(f"line {i - len(rows) + 1}: a table needs a |---| line under its header")
            header = _cells(rows[0])
            body = [_cells(row) for row in rows[2:]]
            for n, row in enumerate(body):
                if len(row) != len(header):
                    raise RulesTextError(f"line {i - len(body) + n + 1}: {len(row)} cells under a header of "
                                         f"{len(header)}")
            out.append({"kind": "table", "header": [runs(c) for c in header],
                        "rows": [[runs(c) for c in row] for row in body]})
        elif line.startswith(("#", " ", ">", "*", "<", "```")) or re.match(r"\d+\. ", line):
            raise RulesTextError(f"line {i + 1}: {line[:40]!r} is not in the rules texts' Markdown "
                                 "(a title, sections, paragraphs, - lists, tables)")
        else:
            paragraph = []
            while i < len(lines) and lines[i].strip() and not lines[i].startswith(("#", "- ", "|")):
                paragraph.append(lines[i].strip())
                i += 1
            out.append({"kind": "paragraph", "runs": runs(" ".join(paragraph))})
    return out


@dataclass(frozen=True)
class HowToPlay:
    """One game's rules text: ``markdown`` (the source), ``blocks`` (what the view draws).
    In a notebook it shows as Markdown; ``str()`` is the source."""

    game: str
    markdown: str

    @functools.cached_property
    def blocks(self) -> list[dict[str, Any]]:  # read once: every widget of the game sends them
        return blocks(self.markdown)

    @property
    def title(self) -> str:
        return next((b["text"] for b in self.blocks if b["kind"] == "title"), self.game)

    def sections(self) -> list[str]:
        """The section headings, in order."""
        return [b["text"] for b in self.blocks if b["kind"] == "section"]

    def table(self, first_header: str) -> dict[str, Any]:
        """The table whose first column is headed ``first_header`` (e.g. "key")."""
        for block in self.blocks:
            if block["kind"] == "table" and plain(block["header"][0]) == first_header:
                return block
        raise LookupError(f"the {self.game} rules have no table headed {first_header!r}")

    def keys(self) -> set[str]:
        """The keys the Keys table names (the `code` runs of its first column)."""
        return {text for row in self.table("key")["rows"] for style, text in row[0] if style == "code"}

    def __str__(self) -> str:
        return self.markdown

    def _repr_markdown_(self) -> str:
        return self.markdown


@functools.cache
def how_to_play(game: str) -> HowToPlay:
    """The rules text of ``game`` ("line98", "mahjong", "loa", "domino")."""
    if game not in GAMES:
        raise RulesTextError(f"no rules text for {game!r} (known: {', '.join(GAMES)})")
    text = resources.files("gamewidgets").joinpath(game).joinpath("how_to_play.md").read_text(encoding="utf-8")
    return HowToPlay(game, text)
