"""Values that came from outside — a file, a view, the network — checked before use.

Everything the games read from somewhere they do not control goes through here first:
the CLI's JSON files (:func:`loads`), saved games and records (the ``from_*`` loaders
check each number with :func:`integer` / :func:`number` and a generator state with
:func:`generator_state`), cells and tiles sent by a view or a client
(``cells.as_cell``, ``domino.rules.as_tile``), and the text of every error message
about such a value (:func:`short_repr`). A value that does not pass raises the typed
error of the caller — :class:`~gamewidgets.errors.BadSave` for loaders (the default),
:class:`~gamewidgets.errors.IllegalMove` for moves and cells, ValueError for the
Python API — with the reason in words, never ``OverflowError``, ``RecursionError`` or
an "internal error".

Choices
-------
- JSON (:func:`loads`) refuses ``NaN``, ``Infinity`` and ``-Infinity`` (Python's
  ``json`` accepts them; the JSON standard does not), a number whose literal is not
  finite as a float (``1e999``), an integer literal beyond ±``MAX_INTEGER`` (2¹²⁸ − 1:
  the largest integers a save holds are the 128-bit state words of the PCG64
  generator), and arrays/objects nested deeper than ``MAX_DEPTH`` (64; the games'
  files nest at most 6 deep). The depth is measured by one scan of the text, without
  recursion, before parsing, so no input makes the parser recurse past that depth.
- :func:`integer` takes Python and numpy integers, and floats that are whole numbers
  (``3.0``: a JavaScript view sends every number as a double); never a bool, a string,
  NaN or an infinity. :func:`number` takes any finite real number (not a bool).
- Scores, counts, plies and seconds read from outside are at most ``MAX_COUNT``
  (2⁵³ − 1): the largest integer a float — and so a JavaScript view — holds exactly;
  past it a number shown or added up is no longer the number that was saved.
- :func:`short_repr` is ``repr`` cut to a length, built without recursion and lazily:
  a message nested thousands deep or a list of a million items costs no more than a
  short one, so the report of a bad value cannot itself fail.
"""

from __future__ import annotations

import json
import math
import numbers
import operator
import re
from collections.abc import Iterator
from typing import Any

import numpy as np

from .errors import BadSave

#: deepest nesting of arrays and objects :func:`loads` accepts
MAX_DEPTH = 64
#: the largest magnitude of an integer :func:`loads` accepts (PCG64 state words fit)
MAX_INTEGER = 2**128 - 1
#: the largest score, count, ply or number of seconds read from outside (2**53 - 1)
MAX_COUNT = 2**53 - 1

_MAX_DIGITS = len(str(MAX_INTEGER))
#: integers longer than this are named by their size in messages, not written out
#: (Python refuses to write more than 4300 digits, about 14,000 bits)
_INT_REPR_BITS = 10_000
_SPECIAL = re.compile(r'[\[\]{}"\\]')


# ------------------------------------------------------------------ JSON text
def loads(text: str | bytes, what: str, *, error: type[Exception] = BadSave) -> Any:
    """``text`` parsed as JSON, or ``error`` saying why ``what`` (e.g. ``"rooms.json"``)
    is refused: not JSON, nested deeper than ``MAX_DEPTH``, a non-finite number or an
    integer beyond ``MAX_INTEGER`` (see the module docstring)."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode(json.detect_encoding(bytes(text)))
        except UnicodeDecodeError as exc:
            raise error(f"{what} is not text (JSON is UTF-8): {exc.reason} at byte {exc.start}") from None
    if not isinstance(text, str):
        raise error(f"{what}: JSON is text, not {type(text).__name__}")
    depth = nesting_depth(text, MAX_DEPTH)
    if depth > MAX_DEPTH:
        raise error(f"{what} nests arrays and objects more than {MAX_DEPTH} deep")

    def constant(name: str) -> Any:
        raise error(f"{what} holds {name}: numbers must be finite")

    def integer_literal(literal: str) -> int:
        digits = len(literal.lstrip("-"))
        value = int(literal) if digits <= _MAX_DIGITS else None  # int() of a long literal is slow
        if value is None or abs(value) > MAX_INTEGER:
            raise error(f"{what} holds an integer of {digits} digits: at most {MAX_INTEGER} in size")
        return value

    def float_literal(literal: str) -> float:
        value = float(literal)
        if not math.isfinite(value):
            raise error(f"{what} holds the number {literal[:40]}, too large to be finite")
        return value

    try:
        return json.loads(text, parse_constant=constant, parse_int=integer_literal, parse_float=float_literal)
    except json.JSONDecodeError as exc:
        raise error(f"{what} is not JSON: {exc}") from None


def nesting_depth(text: str, limit: int = MAX_DEPTH) -> int:
    """How deep arrays and objects nest in the JSON ``text`` (strings skipped), found by
    one scan without recursion; the scan stops once the depth passes ``limit`` (and
    returns ``limit + 1``)."""
    depth = deepest = 0
    in_string = False
    escaped = -1  # the index of a character a backslash escapes
    for match in _SPECIAL.finditer(text):
        index, char = match.start(), match[0]
        if index == escaped:
            continue
        if in_string:
            if char == "\\":
                escaped = index + 1
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > limit:
                    return limit + 1
        elif char in "]}":
            depth -= 1
    return deepest


# --------------------------------------------------------------------- values
def integer(value: Any, what: str, low: int | None = None, high: int | None = None, *,
            error: type[Exception] = BadSave) -> int:
    """``value`` as an int in ``low..high`` (either bound may be None), or ``error``
    saying why not. Whole floats (``3.0``) count; bools, strings, NaN and infinities
    do not."""
    if isinstance(value, bool):
        raise error(f"{what} must be an integer, not {value!r}")
    try:
        result = operator.index(value)  # int, numpy integers
    except TypeError:
        try:
            whole = isinstance(value, numbers.Real) and math.isfinite(value) and float(value).is_integer()
        except (OverflowError, ValueError):  # a real too large for a float
            whole = False
        if not whole:
            raise error(f"{what} must be an integer, not {short_repr(value)}") from None
        result = int(float(value))  # whole and finite: exact
    _check_range(result, what, low, high, error)
    return result


def flag(value: Any, what: str, *, error: type[Exception] = BadSave) -> bool:
    """``value``, a JSON boolean (true or false), or ``error`` saying what it is instead:
    a string, a number, a list is no flag (``bool()`` would take each as one)."""
    if not isinstance(value, bool):
        raise error(f"{what} must be true or false, not {short_repr(value)}")
    return value


def number(value: Any, what: str, low: float | None = None, high: float | None = None, *,
           error: type[Exception] = BadSave) -> float:
    """``value`` as a finite float in ``low..high`` (either bound may be None), or
    ``error`` saying why not (bools, strings, NaN and infinities are refused)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise error(f"{what} must be a number, not {short_repr(value)}")
    try:
        result = float(value)
    except OverflowError:  # an int too large for a float
        result = math.inf
    if not math.isfinite(result):
        raise error(f"{what} must be a finite number, not {short_repr(value)}")
    _check_range(result, what, low, high, error)
    return result


def _check_range(value: float, what: str, low: float | None, high: float | None,
                 error: type[Exception]) -> None:
    if (low is not None and value < low) or (high is not None and value > high):
        bounds = (f"from {low} to {high}" if low is not None and high is not None
                  else f"at least {low}" if low is not None else f"at most {high}")
        raise error(f"{what} must be {bounds}, not {short_repr(value)}")


def generator_state(value: Any, what: str = "generator state", *, error: type[Exception] = BadSave) -> dict[str, Any]:
    """``value`` as the state of a numpy bit generator (``rng.bit_generator.state``,
    as ``to_dict`` saves it), checked by setting it on a fresh generator of that kind;
    ``error`` if numpy refuses it. Returns the state as numpy gives it back."""
    if not isinstance(value, dict):
        raise error(f"{what} must be a dict, not {short_repr(value)}")
    probe = np.random.default_rng()
    try:
        probe.bit_generator.state = value
    except (TypeError, ValueError, OverflowError, KeyError) as exc:
        raise error(f"{what} is not a PCG64 generator state ({type(exc).__name__}: {short_repr(str(exc))})") from None
    state: dict[str, Any] = probe.bit_generator.state
    return state


# ------------------------------------------------------------------- messages
class _Text(str):
    """Literal text of :func:`short_repr` (brackets, commas), not a value to show."""


_END = object()


def short_repr(value: object, limit: int = 80) -> str:
    """``repr(value)``, at most ``limit`` characters (cut with ``...``), made without
    recursion: it works for values nested any depth, of any size."""
    parts: list[str] = []
    size = 0
    stack: list[Iterator[object]] = [iter((value,))]
    while stack and size <= limit:
        item = next(stack[-1], _END)
        if item is _END:
            stack.pop()
            continue
        if isinstance(item, _Text):
            text: str = item
        elif isinstance(item, (list, tuple, dict, set, frozenset)):
            stack.append(_contents(item))
            continue
        else:
            text = _scalar_repr(item, limit)
        parts.append(text)
        size += len(text)
    text = "".join(parts)  # the loop ends with everything shown, or past the limit
    return text if size <= limit else text[: max(limit - 3, 0)] + "..."


def _contents(container: list[Any] | tuple[Any, ...] | dict[Any, Any] | set[Any] | frozenset[Any]) -> Iterator[object]:
    if isinstance(container, dict):
        yield _Text("{")
        for index, (key, item) in enumerate(container.items()):
            if index:
                yield _Text(", ")
            yield key
            yield _Text(": ")
            yield item
        yield _Text("}")
        return
    opening, closing = ("[", "]") if isinstance(container, list) else ("(", ")") if isinstance(
        container, tuple) else ("{", "}")
    if not container and not isinstance(container, (list, tuple)):
        yield _Text(f"{type(container).__name__}()")
        return
    yield _Text(opening)
    for index, item in enumerate(container):
        if index:
            yield _Text(", ")
        yield item
    if isinstance(container, tuple) and len(container) == 1:
        yield _Text(",")
    yield _Text(closing)


def _scalar_repr(value: object, limit: int) -> str:
    if isinstance(value, str):
        return repr(value[: limit + 1])
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > _INT_REPR_BITS:
        return f"<an integer of {value.bit_length()} bits>"  # its digits would be slow, or refused
    try:
        text = repr(value)
    except Exception:  # RecursionError included: a value whose repr fails is still named
        return f"<{type(value).__name__}>"
    return text
