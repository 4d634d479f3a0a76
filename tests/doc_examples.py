"""The examples of the README and of the documentation site's pages (docs/**/*.md),
as the tests run them. Every page stands alone: its examples run in a fresh namespace,
as a reader who opens that page runs them.

- ```python blocks of one page run top to bottom twice, as a reader runs them:
  - in one Jupyter kernel, each block as one cell (what a reader pastes into a
    notebook: an event loop runs, but only between cells and at an ``await``; top-level
    ``await`` works), the kernel's namespace reset before each page, see
    :func:`notebook_cells`;
  - in a plain Python interpreter, statement after statement (no event loop runs; a
    statement with a top-level ``await`` runs in ``asyncio.run``, as a script would
    write it), a new namespace for each page, see :func:`run_plain`.
- A statement whose last line ends in ``# -> <text>`` shows <text>, both ways: the
  text/plain form of its value (IPython's pretty printer), where ``...`` in <text>
  stands for anything (``# -> [Move(...), ...]``). Each is named ``page:line``.
- ```sh blocks: each line (without its ``# comment``) is a command, run in the same
  temporary directory with the package's ``gamewidgets`` first on PATH; a command that
  serves (``... serve ...``) is started, must answer on its ``--port`` within 30 s,
  and is stopped.
- Other blocks (```console: installing, the make commands) are not run.
"""

from __future__ import annotations

import ast
import asyncio
import io
import json
import re
import sys
import tokenize
import traceback
from dataclasses import dataclass
from pathlib import Path

FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.S | re.M)
SHOWS = re.compile(r"#\s*->\s?(.*)$")


@dataclass
class Chunk:
    source: str  # the statement(s), as written
    line: int  # in its page
    shows: str | None  # what its `# ->` comment says it shows


def blocks(page: str, language: str) -> list[tuple[int, str]]:
    """(line in the page of the first code line, code) of each block in `language`."""
    found = []
    for match in FENCE.finditer(page):
        if match.group(1) == language:
            found.append((page.count("\n", 0, match.start(2)) + 1, match.group(2)))
    return found


def _comments(code: str) -> dict[int, str]:
    """Line number (1-based) -> the comment on that line."""
    out = {}
    for token in tokenize.generate_tokens(io.StringIO(code).readline):
        if token.type == tokenize.COMMENT:
            out[token.start[0]] = token.string
    return out


def chunks(code: str, first_line: int) -> list[Chunk]:
    """The top-level statements of a python block, those on one line together."""
    lines = code.splitlines()
    comments = _comments(code)
    groups: list[list[ast.stmt]] = []
    for statement in ast.parse(code).body:
        if groups and statement.lineno <= groups[-1][-1].end_lineno:
            groups[-1].append(statement)
        else:
            groups.append([statement])
    out = []
    for group in groups:
        start = min(node.lineno for s in group for node in [s, *getattr(s, "decorator_list", [])])
        end = group[-1].end_lineno
        match = SHOWS.search(comments.get(end, ""))
        shows = match.group(1).strip() if match and isinstance(group[-1], ast.Expr) else None
        out.append(Chunk("\n".join(lines[start - 1 : end]), first_line + start - 1, shows))
    return out


def matches(shown: str, pattern: str) -> bool:
    """`shown` is what `pattern` says, `...` standing for anything."""
    regex = ".*".join(re.escape(part) for part in pattern.split("..."))
    return re.fullmatch(regex, shown.strip(), re.S) is not None


def commands(code: str) -> list[str]:
    """The commands of a sh block, without their comments."""
    out = []
    for raw in code.splitlines():
        line = raw.split(" #")[0].strip() if not raw.lstrip().startswith("#") else ""
        if line:
            out.append(line)
    return out


#: the names the rewritten cells use (a page never does)
SHOWN, PRETTY = "__doc_shown__", "__doc_pretty__"


def _shown_statement(chunk: Chunk, name: str) -> str:
    """``chunk``'s source with its last statement (an expression) kept as
    ``SHOWN.append(("name:line", pretty(value)))`` instead of shown."""
    tree = ast.parse(chunk.source)
    last = tree.body[-1]
    assert isinstance(last, ast.Expr)
    call = ast.parse(f"{SHOWN}.append(({f'{name}:{chunk.line}'!r}, {PRETTY}(None)))").body[0]
    call.value.args[0].elts[1].args[0] = last.value  # type: ignore[attr-defined]
    tree.body[-1] = call
    return ast.unparse(ast.fix_missing_locations(tree))


def notebook_cells(pages: dict[str, str]) -> list[tuple[str, str]]:
    """The cells that run ``pages`` (name -> text) in one kernel: for each page a cell
    that resets the namespace, one cell per python block, as a reader pastes it (each
    ``# ->`` statement's value kept in ``SHOWN``), and a cell printing what was shown
    as one JSON line. Each cell comes with its ``page:line``."""
    cells = []
    for name, text in pages.items():
        cells.append((f"{name}:0", f"%reset -f\nfrom IPython.lib.pretty import pretty as {PRETTY}\n{SHOWN} = []"))
        for line, code in blocks(text, "python"):
            parts = [_shown_statement(c, name) if c.shows is not None else c.source for c in chunks(code, line)]
            cells.append((f"{name}:{line}", "\n".join(parts)))
        cells.append((f"{name}:end", f"import json\nprint(json.dumps({SHOWN}))"))
    return cells


def run_plain(paths: dict[str, str]) -> None:
    """Run the python blocks of the pages ``paths`` (name -> file) in this (plain)
    interpreter, each page in a new namespace, statement by statement, and print one
    JSON object: ``shown`` (``page:line`` -> the text/plain of each ``# ->`` statement's
    value) and ``error`` (the place and traceback that stopped a page)."""
    from IPython.lib.pretty import pretty

    shown: dict[str, str] = {}
    error = None
    for name, path in paths.items():
        namespace: dict[str, object] = {"__name__": "__main__"}
        found = [chunk for line, code in blocks(Path(path).read_text(), "python") for chunk in chunks(code, line)]
        for chunk in found:
            try:
                tree = ast.parse(chunk.source)
                value = None
                for index, statement in enumerate(tree.body):
                    last = index == len(tree.body) - 1 and chunk.shows is not None
                    node: ast.AST = ast.Expression(statement.value) if last else ast.Module([statement], [])
                    code = compile(ast.fix_missing_locations(node), f"{name}:{chunk.line}",
                                   "eval" if last else "exec", flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT)
                    result = eval(code, namespace)  # the pages' own examples
                    if asyncio.iscoroutine(result):  # a top-level await: as a script runs it
                        result = asyncio.run(result)
                    value = result
                if chunk.shows is not None:
                    shown[f"{name}:{chunk.line}"] = pretty(value)
            except BaseException:  # said in the output; what follows on this page depends on it
                error = {"place": f"{name}:{chunk.line}", "source": chunk.source,
                         "trace": traceback.format_exc()[-1500:]}
                break
        if error is not None:
            break
    sys.stdout.write(json.dumps({"shown": shown, "error": error}) + "\n")
