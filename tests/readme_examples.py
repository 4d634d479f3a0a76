"""The examples of README.md, as the tests run them.

- ```python blocks run top to bottom in one fresh Jupyter kernel (what a reader pastes
  into a notebook: an event loop runs, top-level ``await`` works), each top-level
  statement exactly as written, as one cell of its own (statements sharing a line
  share the cell).
- A statement whose last line ends in ``# -> <text>`` shows <text>: the text/plain
  form of its value, where ``...`` in <text> stands for anything (``# -> [Move(...), ...]``).
- ```sh blocks: each line (without its ``# comment``) is a command, run in the same
  temporary directory with the package's ``gamewidgets`` first on PATH; a command that
  serves (``... serve ...``) is started, must answer on its ``--port`` within 30 s,
  and is stopped.
- Other blocks (```console: installing, the make commands) are not run.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from dataclasses import dataclass

FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.S | re.M)
SHOWS = re.compile(r"#\s*->\s?(.*)$")


@dataclass
class Chunk:
    source: str  # the statement(s), as written
    line: int  # in README.md
    shows: str | None  # what its `# ->` comment says it shows


def blocks(readme: str, language: str) -> list[tuple[int, str]]:
    """(line in README.md of the first code line, code) of each block in `language`."""
    found = []
    for match in FENCE.finditer(readme):
        if match.group(1) == language:
            found.append((readme.count("\n", 0, match.start(2)) + 1, match.group(2)))
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
