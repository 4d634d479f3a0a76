"""Build the documentation site and check its links offline: what ``make docs`` runs
(and ``tests/test_docs.py``).

    python tools/build_docs.py [OUT]        # default docs/_build/html

1. Sphinx builds ``docs/`` into OUT from scratch (``-E``: every page is read again, so
   every warning is shown every time; the API pages' stubs are generated again) with
   warnings as errors, listing all of them (``-W --keep-going``). The notebooks'
   execution is cached (``docs/conf.py``).
2. Every page's links are checked without a network: each relative ``href`` / ``src``
   must name a file of the site, and its ``#fragment`` an ``id`` (or ``name``) in that
   file; a bare ``#fragment`` an id of its own page. Links out of the site (``http:``,
   ``https:``, ``mailto:``, ``data:``) are not followed.

A Python warning while building (other than a deprecation) fails it too.

Exit status 0 when both pass; each problem is printed.
"""

from __future__ import annotations

import shutil
import sys
import warnings
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
DEFAULT_OUT = DOCS / "_build" / "html"
#: the attributes that hold a link, by tag
LINK_ATTRIBUTES = {"a": "href", "link": "href", "img": "src", "script": "src", "iframe": "src", "source": "src"}
EXTERNAL = ("http:", "https:", "mailto:", "data:", "javascript:", "ftp:")


@dataclass
class Page:
    """What one HTML file holds: its ids and its links."""

    ids: set[str] = field(default_factory=set)
    links: list[str] = field(default_factory=list)


class _PageReader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.page = Page()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        for name in ("id", "name"):
            if values.get(name):
                self.page.ids.add(str(values[name]))
        link = values.get(LINK_ATTRIBUTES.get(tag, ""))
        if link is not None:
            self.page.links.append(link)


def read_page(path: Path) -> Page:
    reader = _PageReader()
    reader.feed(path.read_text(encoding="utf-8"))
    return reader.page


def broken_links(site: Path) -> list[str]:
    """Every link of the HTML files under ``site`` that leads nowhere, as
    ``"page: link (why)"``."""
    pages = {path.resolve(): read_page(path) for path in sorted(site.rglob("*.html"))}
    problems = []
    for path, page in pages.items():
        for link in page.links:
            if not link or link.startswith(EXTERNAL):
                continue
            parts = urlsplit(link)
            target = (path.parent / unquote(parts.path)).resolve() if parts.path else path
            where = f"{path.relative_to(site.resolve())}: {link}"
            if not target.is_relative_to(site.resolve()):
                problems.append(f"{where} (outside the site)")
                continue
            if target.is_dir():
                target = target / "index.html"
            if not target.is_file():
                problems.append(f"{where} (no such file)")
            elif parts.fragment and target.suffix == ".html" and unquote(parts.fragment) not in pages[target].ids:
                problems.append(f"{where} (no such anchor)")
    return problems


def build(out: Path) -> int:
    """Build the site into ``out``: the exit status of Sphinx, or 1 when Python warned
    while it built (a notebook nbformat finds fault with, ...); deprecation warnings,
    meant for the tools' own authors, are left out."""
    from sphinx.cmd.build import build_main

    shutil.rmtree(DOCS / "api" / "generated", ignore_errors=True)  # the API stubs, made again: none stale
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        status = build_main(["-E", "-a", "-W", "--keep-going", "-q", "-b", "html",
                             "-d", str(out.parent / "doctrees"), str(DOCS), str(out)])
    serious = [warning for warning in caught
               if not issubclass(warning.category, (DeprecationWarning, PendingDeprecationWarning))]
    for warning in serious:
        print(f"{warning.filename}:{warning.lineno}: {warning.category.__name__}: {warning.message}", file=sys.stderr)
    return status or (1 if serious else 0)


def main(argv: list[str]) -> int:
    out = Path(argv[0]).resolve() if argv else DEFAULT_OUT
    status = build(out)
    if status != 0:
        print(f"build_docs: the build failed (status {status}); the warnings are above", file=sys.stderr)
        return status
    problems = broken_links(out)
    for problem in problems:
        print(f"broken link: {problem}", file=sys.stderr)
    if problems:
        return 1
    pages = sum(1 for _ in out.rglob("*.html"))
    print(f"build_docs: {pages} pages in {out}, every internal link and anchor found")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
