"""SVG pictures of positions, for places that cannot run a widget.

Every game's ``Game.svg(overlay=None)`` (and ``_repr_svg_``, so a ``Game`` left last in
a notebook cell shows as a picture) is drawn with a :class:`Drawing`: a small builder of
SVG elements that escapes every text and attribute, and leaves out the characters XML
cannot hold (control characters such as a backspace, lone surrogates), so a picture is
always well-formed XML. :func:`draw_overlay` draws a computer player's analysis on a grid board the way
the views do (js/lib/overlay.js): target cells tinted on the same colour scale, a
label in the corner, the chosen move as an arrow. The overlay is the shape of the
widgets' ``overlay`` trait: ``{"title", "cells": [[row, col, value 0..1, label], ...],
"arrow": [[row, col], [row, col]] | None}``.

Pure Python (no Jupyter import), like the rules.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Callable, Mapping
from typing import Any
from xml.sax.saxutils import escape, quoteattr

#: the analysis colour scale, worst (0) to best (1): the views' (js/lib/overlay.js)
SCALE_STOPS = ((0.0, "#3a3f9e"), (0.3, "#2a78a8"), (0.55, "#1fa287"), (0.78, "#70c94f"), (1.0, "#fde725"))
#: the views' colours (js/lib/theme.js)
BACKGROUND = "#1b2029"
TEXT = "#e8edf3"
ACCENT = "#f6b93b"
FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"

#: a cell's box on the picture: (x, y, width, height) of ``(row, col)``
CellBox = Callable[[int, int], tuple[float, float, float, float]]


def scale_colour(value: float) -> str:
    """The scale's colour at ``value`` in 0..1 (clamped; NaN is 0), as ``#rrggbb``."""
    t = min(1.0, max(0.0, value)) if math.isfinite(value) else 0.0
    for (t0, c0), (t1, c1) in itertools.pairwise(SCALE_STOPS):
        if t <= t1:
            f = (t - t0) / (t1 - t0) if t1 > t0 else 0.0
            rgb = [round(int(c0[i : i + 2], 16) + (int(c1[i : i + 2], 16) - int(c0[i : i + 2], 16)) * f)
                   for i in (1, 3, 5)]
            return "#" + "".join(f"{v:02x}" for v in rgb)
    return SCALE_STOPS[-1][1]


# what XML 1.0 cannot hold, even escaped: the C0 controls but tab, newline and return,
# the surrogates, U+FFFE and U+FFFF
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _text(value: str) -> str:
    """``value`` escaped as XML text, without the characters XML cannot hold."""
    return escape(_NOT_XML.sub("", value))


def _quoted(value: str) -> str:
    """``value`` as a quoted XML attribute, without the characters XML cannot hold."""
    return quoteattr(_NOT_XML.sub("", value))


def _number(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".") if isinstance(value, float) else str(value)


def _attribute(value: object) -> str:
    return _number(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else str(value)


class Drawing:
    """SVG elements added in order (later ones on top); ``str()`` is the document.

    ``drawing.add("circle", cx=10, cy=10, r=4, fill="red")``; an attribute written with
    an underscore is written with a hyphen (``stroke_width`` -> ``stroke-width``);
    ``text=`` is the element's text content; ``title=`` adds a tooltip."""

    def __init__(self, width: float, height: float, *, label: str = "", background: str | None = BACKGROUND):
        self.width, self.height = width, height
        self.label = label
        self._parts: list[str] = []
        if background:
            self.add("rect", x=0, y=0, width=width, height=height, rx=12, fill=background)

    def add(self, tag: str, *, text: str | None = None, title: str | None = None, **attributes: Any) -> None:
        attrs = "".join(f" {name.rstrip('_').replace('_', '-')}={_quoted(_attribute(value))}"
                        for name, value in attributes.items() if value is not None)
        inner = (f"<title>{_text(title)}</title>" if title else "") + (_text(text) if text is not None else "")
        self._parts.append(f"<{tag}{attrs}>{inner}</{tag}>" if inner else f"<{tag}{attrs}/>")

    def raw_group(self, drawing: Drawing, **attributes: Any) -> None:
        """Another drawing's elements as a group (``transform=`` to place it; shared
        attributes on the group keep a picture small)."""
        attrs = "".join(f" {name.rstrip('_').replace('_', '-')}={_quoted(_attribute(value))}"
                        for name, value in attributes.items() if value is not None)
        self._parts.append(f"<g{attrs}>{''.join(drawing._parts)}</g>")

    def __str__(self) -> str:
        label = f' role="img" aria-label={_quoted(self.label)}' if self.label else ""
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{_number(self.width)}" '
                f'height="{_number(self.height)}" viewBox="0 0 {_number(self.width)} {_number(self.height)}"'
                f'{label} font-family={_quoted(FONT)}>' + "".join(self._parts) + "</svg>")


def draw_overlay(drawing: Drawing, overlay: Mapping[str, Any] | None, box: CellBox, *, layer: str = "all") -> None:
    """Draw an analysis overlay (the ``overlay`` trait's shape) over a grid board whose
    cells are at ``box(row, col)``. ``layer``: "tints" (under the pieces), "marks"
    (labels and the arrow, over them) or "all"."""
    if not overlay or not isinstance(overlay, Mapping):
        return
    cells = _overlay_cells(overlay.get("cells"))
    if layer in ("tints", "all") and cells:
        tints = Drawing(drawing.width, drawing.height, background=None)
        for row, col, value, _label in cells:
            x, y, w, h = box(row, col)
            tints.add("rect", x=x + 1, y=y + 1, width=w - 2, height=h - 2, rx=min(w, h) * 0.18,
                      fill=scale_colour(float(value)))
        drawing.raw_group(tints, fill_opacity="0.55")
    if layer in ("marks", "all"):
        labelled = [cell for cell in cells if cell[3]]
        if labelled:
            _, _, w, h = box(labelled[0][0], labelled[0][1])
            size = max(7.0, min(w, h) * 0.26)
            labels = Drawing(drawing.width, drawing.height, background=None)
            for row, col, _value, label in labelled:
                x, y, _w, _h = box(row, col)
                labels.add("text", x=x + 3, y=y + 3 + size, text=label)
            drawing.raw_group(labels, font_size=_number(size), font_weight="700", fill=TEXT, stroke="#000",
                              stroke_width=_number(size * 0.22), paint_order="stroke")
        arrow = _overlay_arrow(overlay.get("arrow"))
        if arrow:
            (r0, c0), (r1, c1) = arrow
            x0, y0, w0, h0 = box(r0, c0)
            x1, y1, w1, h1 = box(r1, c1)
            ax, ay, bx, by = x0 + w0 / 2, y0 + h0 / 2, x1 + w1 / 2, y1 + h1 / 2
            length = math.hypot(bx - ax, by - ay) or 1.0
            ux, uy = (bx - ax) / length, (by - ay) / length
            head = min(w1, h1) * 0.32
            tip_x, tip_y = bx - ux * head * 0.4, by - uy * head * 0.4
            width = max(2.0, min(w0, h0) * 0.09)
            for colour, extra in (("#10141a", width * 0.9), ("#ffffff", 0.0)):  # outlined, as in the views
                drawing.add("line", x1=ax, y1=ay, x2=tip_x - ux * head, y2=tip_y - uy * head, stroke=colour,
                            stroke_width=width + extra, stroke_linecap="round")
            left = (tip_x - ux * head - uy * head * 0.55, tip_y - uy * head + ux * head * 0.55)
            right = (tip_x - ux * head + uy * head * 0.55, tip_y - uy * head - ux * head * 0.55)
            drawing.add("polygon", points=" ".join(f"{_number(px)},{_number(py)}" for px, py in
                                                  ((tip_x, tip_y), left, right)), fill="#ffffff",
                        stroke="#10141a", stroke_width=width * 0.45, stroke_linejoin="round")
    title = overlay.get("title")
    if isinstance(title, str) and title and layer in ("marks", "all"):
        drawing.add("text", x=drawing.width / 2, y=drawing.height - 6, font_size=11, fill=TEXT,
                    text_anchor="middle", text=str(title))


def _whole(value: object) -> int | None:
    return value if type(value) is int else None


def _overlay_cells(cells: object) -> list[tuple[int, int, float, str]]:
    """The well-formed cells of an overlay, as the views read them (js/lib/overlay.js's
    parseOverlay): ``[row, col, value, label]`` with integer cells; the value clamped
    to 0..1 (not a number: 0); the label cut to 6 characters. Others are left out."""
    out = []
    for cell in cells if isinstance(cells, (list, tuple)) else ():
        if not isinstance(cell, (list, tuple)) or len(cell) < 3:
            continue
        row, col = _whole(cell[0]), _whole(cell[1])
        value = cell[2]
        if row is None or col is None or isinstance(value, bool) or not isinstance(value, (int, float)):
            continue
        value = float(value) if math.isfinite(value) else 0.0
        label = cell[3] if len(cell) > 3 and isinstance(cell[3], (str, int, float)) else ""
        out.append((row, col, min(1.0, max(0.0, value)), str(label)[:6]))
    return out


def _overlay_arrow(arrow: object) -> tuple[tuple[int, int], tuple[int, int]] | None:
    if not isinstance(arrow, (list, tuple)) or len(arrow) != 2:
        return None
    ends = []
    for end in arrow:
        if not isinstance(end, (list, tuple)) or len(end) != 2:
            return None
        row, col = _whole(end[0]), _whole(end[1])
        if row is None or col is None:
            return None
        ends.append((row, col))
    return ends[0], ends[1]


class Picture:
    """An SVG document that shows itself in a notebook (``_repr_svg_``) — what
    ``analysis.on(game)`` returns; ``str()`` is the SVG."""

    def __init__(self, svg: str):
        self.svg = svg

    def _repr_svg_(self) -> str:
        return self.svg

    def __str__(self) -> str:
        return self.svg
