"""Pictures of a Dominoes position (SVG), for places that cannot run the widget.

``svg(game)`` (also ``game.svg()`` and ``game._repr_svg_()``) draws the position the
way the view (js/domino/) draws it: the green table; at the top the other hand face
down (a fan of backs and its count) and the boneyard (a small stack and its count);
the line of ivory tiles winding as a snake across the table (the view's layout: rows
left to right, then right to left, a double crosswise, in line at a corner); below it
the hand of the player to move, face up, its playable tiles outlined and the opening
tile marked "Lead"; a status line saying whose move it is and the last move.
``overlay(game, analysis)`` turns a computer player's
:class:`~gamewidgets.analysis.Analysis` into the overlay drawn on the picture.
Pure Python (no Jupyter import); elements come from :class:`gamewidgets.svg.Drawing`.

What tests count: every face-up tile is a group with ``data-tile="a-b"`` (high pip
first) and ``data-place="line" | "hand" | "other"``; every face-down tile of the hidden
hand has ``data-back="hand"``; the boneyard group has ``data-boneyard="n"``; the one
element marking the last move has ``data-last-move="true"``; overlay marks have
``data-candidate`` (the score, on hand tiles; ``"draw"`` on the boneyard) and
``data-end`` (at the line's ends), the chosen move's ``data-chosen="true"``. A picture
is 560 px wide and about 10 KB (a tile is a few elements in a group placed by a
transform, its pips one path; what tiles share is set once on the group holding them).

Choices
-------
- **Hidden tiles are never drawn, named or hinted**: the picture is drawn from
  ``game.view(shown)`` only (the shown hand, the line, the counts, the public history),
  where ``shown`` is the player to move (``player=`` another seat, e.g. 0 for the user
  against the computer). The other hand is only backs, the boneyard only a stack and
  its count, and a draw of the hidden hand is "drew a tile". Once the game is over the
  hands are counted, so both are face up (as the view's end-of-hand screen shows them);
  the boneyard stays face down. Against that rule an analysis belongs to the player to
  move: drawing one on a picture whose face-up hand is the other player's is refused
  (ValueError), as is an overlay whose ``player`` is not the face-up hand's.
- The hidden hand is drawn tile for tile (the fan overlaps more as it grows, so every
  tile of it is a back in the picture); the boneyard stack has at most 7 layers, as in
  the view, and its count says the rest.
- The last move: a play outlines the tile it put at its end of the line; a draw the
  drawn tile in the face-up hand (the drawer keeps the turn, so that is its hand); a
  pass, or a draw by a hand shown face down, is marked on the status line.
- The overlay of Dominoes (no board grid, so not ``svg.draw_overlay``'s cells): ::

      {"title": "medium: <reason>", "player": 0, "move": {"action": "play", ...},
       "tiles": [{"tile": [6, 4], "end": "left", "value": 0..1, "label": "3.4",
                  "chosen": true}, ...],            # every candidate play
       "ends": {"left": {"value": 0..1, "label": "3.4"}, "right": {...}},
       "beliefs": {"5-3": 0.42, ...}}               # hard only, when it sampled

  ``value`` is the candidate's score on the analysis colour scale (worst 0, best 1;
  all 1 when every score is equal), ``label`` the score itself. On the picture each
  candidate tile of the face-up hand is tinted with its best value and labelled with
  its best score, the chosen one outlined; each end of the line that a candidate goes
  to gets a tinted slot with the best score of the candidates going there (the chosen
  end outlined); a chosen draw marks the boneyard. ``beliefs`` (what hard believes of
  the other hand: the chance it holds each tile the player cannot see) is kept in the
  overlay for the view but not drawn: the picture never names unseen tiles.
  ``overlay()`` refuses (ValueError) an analysis whose candidates are not legal moves
  of this position, and (TypeError) anything that is not a Dominoes analysis.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..analysis import Analysis
from ..svg import ACCENT, Drawing, scale_colour
from .rules import DRAW, ENDS, LEFT, PLAY, Game, Move, Play, PlayerView, Tile, as_tile, tile_name

WIDTH = 560
UNIT = 22  # a line tile's short side (the long side is twice that)
HAND_W, HAND_H, HAND_GAP = 30, 60, 6  # a face-up hand tile, standing (the view's size)
SMALL_W, SMALL_H = 15, 30  # a back in the fan (and, at the end, a face-up tile of the other hand)
TABLE, TABLE_EDGE = "#1f5038", "#4a3020"
TABLE_TEXT, TABLE_DIM = "#e8f1ea", "#b4c4b8"
IVORY, IVORY_EDGE, IVORY_SIDE = "#f4eddc", "#a8987a", "#b9aa8c"
BACK, BACK_EDGE, BACK_SIDE, BACK_GOLD = "#1f5a4c", "#0b2620", "#0d2b24", "#e6c878"
PIP, BAR, PIN = "#141414", "#6b5e48", "#b8923a"
SELECTED = "#ffd21f"

#: pip centres per value in a unit square (js/domino/dominoes.js PIP_LAYOUT)
_L, _M, _R = 0.22, 0.5, 0.78
PIP_LAYOUT: tuple[tuple[tuple[float, float], ...], ...] = (
    (),
    ((_M, _M),),
    ((_L, _L), (_R, _R)),
    ((_L, _L), (_M, _M), (_R, _R)),
    ((_L, _L), (_R, _L), (_L, _R), (_R, _R)),
    ((_L, _L), (_R, _L), (_M, _M), (_L, _R), (_R, _R)),
    ((_L, _L), (_R, _L), (_L, _M), (_R, _M), (_L, _R), (_R, _R)),
)


# ------------------------------------------------------------------ the overlay
def overlay(game: Game, analysis: Analysis) -> dict[str, Any]:
    """``analysis`` (a player's ``analyse(game)``, for the player to move) as the
    overlay drawn on the table (see the module docstring for its shape)."""
    if not isinstance(analysis, Analysis):
        raise TypeError(f"an overlay is made from an Analysis (player.analyse(game)), not {type(analysis).__name__}")
    for candidate in analysis.candidates:
        if not isinstance(candidate.move, Move):
            raise TypeError(f"not a Dominoes analysis: candidate move {candidate.move!r}")
        reason = game.why_not(candidate.move)
        if reason is not None:
            raise ValueError(f"the analysis is not of this position: {candidate.move} ({reason})")
    if not isinstance(analysis.move, Move):
        raise TypeError(f"not a Dominoes analysis: chosen move {analysis.move!r}")
    scores = [float(c.score) for c in analysis.candidates]
    low, high = (min(scores), max(scores)) if scores else (0.0, 0.0)

    def value(score: float) -> float:
        return round((score - low) / (high - low), 3) if high > low else 1.0

    tiles: list[dict[str, Any]] = []
    ends: dict[str, dict[str, Any]] = {}
    for candidate in analysis.candidates:  # best first
        move = candidate.move
        if not isinstance(move, Play):
            continue
        score = float(candidate.score)
        end = move.end if game.line else "right"  # the opening goes to the one slot
        tiles.append({"tile": list(move.tile), "end": end, "value": value(score), "label": _label(score),
                      "chosen": move == analysis.move})
        if end not in ends or score > ends[end]["score"]:
            ends[end] = {"score": score, "value": value(score), "label": _label(score)}
    result: dict[str, Any] = {
        "title": f"{analysis.player}: {analysis.reason}",
        "player": game.turn,
        "move": analysis.move.to_dict(),
        "tiles": tiles,
        "ends": {end: {"value": e["value"], "label": e["label"]} for end, e in ends.items()},
    }
    beliefs = analysis.stats.get("beliefs")
    if isinstance(beliefs, Mapping):
        result["beliefs"] = dict(beliefs)
    return result


#: ``overlay`` under another name, for ``svg`` (whose keyword argument hides it)
_overlay_of = overlay


def _label(score: float) -> str:
    return str(int(score)) if score.is_integer() else f"{score:.3g}"


@dataclass(frozen=True)
class _Mark:
    value: float
    label: str
    chosen: bool = False


def _read_overlay(data: Mapping[str, Any]) -> tuple[dict[Tile, _Mark], dict[str, _Mark], str, str]:
    """(best mark per candidate tile, mark per end, the chosen action, the title) of an
    overlay; ValueError for one that is not in the overlay's shape."""
    try:
        tiles: dict[Tile, _Mark] = {}
        for entry in data.get("tiles", ()):
            tile = as_tile(entry["tile"])
            mark = _Mark(float(entry["value"]), str(entry.get("label", "")), bool(entry.get("chosen")))
            best = tiles.get(tile)
            if best is None or mark.chosen or (not best.chosen and mark.value > best.value):
                tiles[tile] = mark
        chosen = data.get("move") or {}
        chosen_end = chosen.get("end") if chosen.get("action") == PLAY else None
        ends = {end: _Mark(float(mark["value"]), str(mark.get("label", "")), end == chosen_end)
                for end, mark in (data.get("ends") or {}).items() if end in ENDS}
        return tiles, ends, str(chosen.get("action", "")), str(data.get("title") or "")
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise ValueError(f"not a Dominoes overlay: {type(exc).__name__}: {exc}") from None


# ------------------------------------------------------------------ the line's layout
@dataclass(frozen=True)
class Slot:
    """A tile's box on the line; ``flip``: its first pip is on the right (the row runs
    right to left); ``cross``: a double lying crosswise."""

    x: float
    y: float
    w: float
    h: float
    flip: bool = False
    cross: bool = False


def layout_line(tiles: Sequence[Tile | None], width: float, unit: float, pad: float,
                gap: float = 1.5) -> tuple[list[Slot], float, int]:
    """The view's snake (js/domino/dominoes.js ``layoutLine``): ``(slots, height,
    rows)`` for ``tiles`` (placed tiles, None for a placeholder slot) ``width`` wide."""
    u, long = unit, 2 * unit
    pitch = 2 * u + u * 0.22
    left, right = pad, max(pad + 4 * u, width - pad)
    slots: list[Slot] = []
    direction, axis, x, rows, corner = "right", pad + u, left, 1, 0
    for i, tile in enumerate(tiles):
        cross = tile is not None and tile[0] == tile[1] and corner == 0
        length = u if cross else long
        fits = x + length + u <= right + 0.01 if direction == "right" else x - length - u >= left - 0.01
        if i > 0 and not fits and corner == 0:  # turn down in the last column
            sx = x + gap if direction == "right" else x - u - gap
            slots.append(Slot(sx, axis - u / 2, u, long))
            axis += pitch
            rows += 1
            direction = "left" if direction == "right" else "right"
            x = sx + u if direction == "left" else sx
            corner = 1
            continue
        h = long if cross else u
        if direction == "right":
            slots.append(Slot(x, axis - h / 2, length, h, False, cross))
            x += length + gap
        else:
            slots.append(Slot(x - length, axis - h / 2, length, h, True, cross))
            x -= length + gap
        if corner:
            corner -= 1
    height = axis + u + pad
    if rows == 1 and slots:  # a single row is centred
        dx = (width - (max(s.x + s.w for s in slots) - min(s.x for s in slots))) / 2 - min(s.x for s in slots)
        slots = [Slot(s.x + dx, s.y, s.w, s.h, s.flip, s.cross) for s in slots]
    return slots, height, rows


# ------------------------------------------------------------------ tiles
# A tile is drawn at the origin, in its own group placed by a transform; what all tiles
# of a kind share (fill, edge, line caps) is set once on the group that holds them.
FACES = {"fill": IVORY, "stroke": IVORY_EDGE, "stroke_width": "0.7", "stroke_linecap": "round"}
BACKS = {"fill": BACK, "stroke": BACK_EDGE, "stroke_width": "0.7"}


def _n(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _at(x: float, y: float) -> str:
    return f"translate({_n(x)} {_n(y)})"


def _pips(value: int, x: float, y: float, size: float) -> str:
    """Path data of ``value``'s pips in the square at x, y: dots drawn as zero-length
    round-capped segments, so all the pips of a tile are one element."""
    return "".join(f"M{_n(x + px * size)} {_n(y + py * size)}h0" for px, py in PIP_LAYOUT[value])


def _body(drawing: Drawing, w: float, h: float, side: str) -> float:
    """The tile's body with its slight 3-D edge below (fill and edge from the group);
    returns its face's height."""
    r = round(min(w, h) * 0.16, 1)
    depth = max(1.0, min(w, h) * 0.07)
    drawing.add("rect", y=round(depth * 0.6, 1), width=w, height=round(h - depth * 0.6, 1), rx=r, fill=side)
    drawing.add("rect", width=w, height=round(h - depth, 1), rx=r)
    return h - depth


def draw_tile(drawing: Drawing, a: int, b: int, w: float, h: float) -> None:
    """The domino a|b at the origin, ``w`` x ``h``: flat when ``w >= h`` (a on the left),
    else standing (a on top), as the view paints it: ivory with a dividing bar, a brass
    pin and black pips (in a group with :data:`FACES`)."""
    fh = _body(drawing, w, h, IVORY_SIDE)
    flat = w >= h
    s = min(w / 2, fh) if flat else min(w, fh / 2)
    if flat:
        bar = f"M{_n(w / 2)} {_n(fh * 0.14)}V{_n(fh * 0.86)}"
        dots = _pips(a, (w / 2 - s) / 2, (fh - s) / 2, s) + _pips(b, w / 2 + (w / 2 - s) / 2, (fh - s) / 2, s)
    else:
        bar = f"M{_n(w * 0.14)} {_n(fh / 2)}H{_n(w * 0.86)}"
        dots = _pips(a, (w - s) / 2, (fh / 2 - s) / 2, s) + _pips(b, (w - s) / 2, fh / 2 + (fh / 2 - s) / 2, s)
    drawing.add("path", d=bar, stroke=BAR, stroke_width=round(max(0.8, s * 0.05), 1))
    if s * 0.06 >= 1:  # the pin, where it is big enough to see (the hand's tiles)
        drawing.add("circle", cx=w / 2, cy=round(fh / 2, 1), r=round(s * 0.06, 1), fill=PIN, stroke="none")
    if dots:
        drawing.add("path", d=dots, stroke=PIP, stroke_width=round(s * 0.19, 1))


def draw_back(drawing: Drawing, w: float, h: float, *, inset: bool = True, emblem: bool = True) -> None:
    """A face-down tile at the origin: the dark green back with its gold emblem and
    inset line (left out where other tiles cover them), in a group with :data:`BACKS`."""
    fh = _body(drawing, w, h, BACK_SIDE)
    short = min(w, fh)
    if not emblem:
        return
    if inset:
        i = short * 0.16
        drawing.add("rect", x=round(i, 1), y=round(i, 1), width=round(w - 2 * i, 1), height=round(fh - 2 * i, 1),
                    rx=round(short * 0.1, 1), fill="none", stroke=BACK_GOLD, stroke_opacity=0.55)
    drawing.add("circle", cx=w / 2, cy=round(fh / 2, 1), r=round(short * 0.12, 1), fill=BACK_GOLD,
                fill_opacity=0.6, stroke="none")


def _outline(drawing: Drawing, w: float, h: float, colour: str, width: float, **attributes: Any) -> None:
    """A ring just outside a tile at the origin (the last move, a playable or chosen tile)."""
    drawing.add("rect", x=-2, y=-2, width=w + 4, height=h + 4, rx=round(min(w, h) * 0.2 + 2, 1), fill="none",
                stroke=colour, stroke_width=width, **attributes)


# ------------------------------------------------------------------ the picture
def svg(game: Game, analysis: Analysis | None = None, *, overlay: Mapping[str, Any] | None = None,
        player: int | None = None) -> str:
    """The position as an SVG document (see the module docstring). ``analysis`` (or an
    ``overlay`` in :func:`overlay`'s shape) is drawn on it; ``player``: whose hand is
    face up (default: the player to move)."""
    shown = game.turn if player is None else player
    view = game.view(shown)
    if analysis is not None:
        if overlay is not None:
            raise ValueError("give an analysis or an overlay, not both")
        overlay = _overlay_of(game, analysis)
    if overlay and overlay.get("player") not in (None, shown):
        raise ValueError(f"the analysis is of player {overlay.get('player')}'s hand, which this picture shows "
                         f"face down (player={shown})")
    marks = _read_overlay(overlay) if overlay else None
    return _Picture(view, game.hand(view.opponent) if game.is_over else None, marks).draw()


def view_svg(view: PlayerView | None, *, waiting: str = "Waiting for the room server") -> str:
    """One seat's view as a picture (all an online seat holds): drawn as :func:`svg`
    draws that seat's side of the game, except that the other hand stays face down at
    the end too (a view does not hold it). No view yet: the empty table, saying
    ``waiting``."""
    if view is not None:
        return _Picture(view, None, None).draw()
    d = Drawing(WIDTH, 150, label=f"Dominoes: {waiting}.")
    d.add("rect", x=8, y=8, width=WIDTH - 16, height=110, rx=14, fill=TABLE, stroke=TABLE_EDGE, stroke_width=3)
    d.add("text", x=WIDTH / 2, y=70, font_size=14, fill=TABLE_TEXT, text_anchor="middle", text=waiting)
    d.add("text", x=16, y=138, font_size=12.5, fill="#9aa7b6", text=f"{waiting}.")
    return str(d)


class _Picture:
    """Draws one picture, top to bottom: the top row (the other hand, the boneyard),
    the line, the shown hand, the status line (and the overlay's title)."""

    def __init__(self, view: PlayerView, other_hand: Sequence[Tile] | None,
                 marks: tuple[dict[Tile, _Mark], dict[str, _Mark], str, str] | None):
        self.view = view
        self.other_hand = None if other_hand is None else tuple(other_hand)  # known at the end: face up
        self.candidates, self.ends, self.action, self.title = marks or ({}, {}, "", "")
        self.over = view.is_over
        self.other = view.opponent
        self.last = view.history[-1] if view.history else None
        self.last_marked = False  # set once a tile marks the last move

    def draw(self) -> str:
        view = self.view
        inner = WIDTH - 32  # the table's inside
        board_y = 66  # under the top row
        slots_tiles: list[Tile | None] = [None, *view.line, None] if view.line else [None]
        slots, line_h, rows = layout_line(slots_tiles, inner, UNIT, round(UNIT * 0.5))
        board_h = max(line_h, UNIT * 4.4)
        dy = (board_h - line_h) / 2 if rows == 1 else 0
        hand_y = board_y + board_h + 8
        per_row = max(1, (inner - 12 + HAND_GAP) // (HAND_W + HAND_GAP))
        hand_rows = max(1, math.ceil(len(view.hand) / per_row))
        table_bottom = hand_y + 30 + hand_rows * (HAND_H + 18) + 10 + 8
        status_y = table_bottom + 20
        height = status_y + (18 if self.title else 0) + 12

        d = Drawing(WIDTH, round(height), label=self._words())
        d.add("rect", x=8, y=8, width=WIDTH - 16, height=round(table_bottom - 8), rx=14, fill=TABLE,
              stroke=TABLE_EDGE, stroke_width=3)
        self._draw_top(d, 16)
        self._draw_line(d, slots, 16, board_y + dy)
        self._draw_hand(d, view.hand, hand_y, per_row)
        d.add("text", x=16, y=round(status_y), font_size=12.5, fill="#9aa7b6", text=self._status(),
              data_last_move="true" if self.last is not None and not self.last_marked else None)
        if self.title:
            title = self.title if len(self.title) <= 92 else self.title[:91] + "\u2026"
            d.add("text", x=16, y=round(status_y + 18), font_size=11, fill="#e8edf3", text=title,
                  data_overlay="title")
        return str(d)

    # ----------------------------------------------------------- the top row
    def _draw_top(self, d: Drawing, y: float) -> None:
        view = self.view
        other, count = self.other, view.opponent_count
        shown = self.other_hand or ()  # counted at the end: face up
        step = SMALL_W + 3 if shown else (12 if count <= 7 else max(4.0, min(9.0, 200 / max(1, count - 1))))
        fan = Drawing(0, 0, background=None)
        for i in range(count):
            tile = Drawing(0, 0, background=None)
            where = _at(20 + i * step, y + 4)
            if shown:
                draw_tile(tile, shown[i][0], shown[i][1], SMALL_W, SMALL_H)
                fan.raw_group(tile, transform=where, data_tile=tile_name(shown[i]), data_place="other")
            else:
                draw_back(tile, SMALL_W, SMALL_H, inset=False)  # too small for it
                fan.raw_group(tile, transform=where, data_back="hand")
        d.raw_group(fan, data_hand=str(other), **(FACES if shown else BACKS))
        text_x = 20 + max(0, count - 1) * step + SMALL_W + 10 if count else 20
        d.add("text", x=round(text_x), y=y + 18, font_size=16, font_weight=700, fill=TABLE_TEXT, text=str(count))
        d.add("text", x=round(text_x), y=y + 31, font_size=10, letter_spacing="0.09em",
              fill=ACCENT if view.turn == other else TABLE_DIM,
              text=f"PLAYER {other} \u00b7 TILE{'' if count == 1 else 'S'}")
        # the boneyard: a small stack (at most 7 layers) and its count, on the right
        n = view.boneyard_count
        w, h = 36.0, 18.0
        left, base = WIDTH - 20 - w, y + 36
        stack = Drawing(0, 0, background=None)
        if not n:
            stack.add("rect", x=left, y=base - h, width=w, height=h, rx=4, fill="none", stroke=TABLE_DIM,
                      stroke_opacity=0.6, stroke_dasharray="3 3")
        layers = min(n, 7)
        for i in range(layers):
            back = Drawing(0, 0, background=None)
            draw_back(back, w, h, emblem=i == layers - 1)  # the layers below show only their edge
            stack.raw_group(back, transform=_at(left + (0.8 if i % 2 else -0.8), base - h - i * 3))
        if self.action == DRAW:
            top = base - h - max(0, layers - 1) * 3
            mark = Drawing(0, 0, background=None)
            _outline(mark, w, base - top, ACCENT, 2.5)
            stack.raw_group(mark, transform=_at(left, top), data_candidate="draw", data_chosen="true")
        d.raw_group(stack, data_boneyard=str(n), **BACKS)
        d.add("text", x=left - 10, y=y + 18, font_size=16, font_weight=700, fill=TABLE_TEXT,
              text_anchor="end", text=str(n))
        d.add("text", x=left - 10, y=y + 31, font_size=10, letter_spacing="0.09em", fill=TABLE_DIM,
              text_anchor="end", text="BONEYARD")

    # ----------------------------------------------------------- the line
    def _draw_line(self, d: Drawing, slots: list[Slot], x0: float, y0: float) -> None:
        view = self.view
        line = view.line
        marks = Drawing(0, 0, background=None)
        if not line:
            s = slots[0]
            sx, sy = x0 + s.x, y0 + s.y
            if self.ends:
                end = "right" if "right" in self.ends else "left"
                self._end_mark(marks, end, self.ends[end], sx, sy, s.w, s.h)
            else:
                d.add("rect", x=round(sx, 1), y=round(sy, 1), width=s.w, height=s.h, rx=6, fill="none",
                      stroke=TABLE_DIM, stroke_opacity=0.4, stroke_width=1.5, stroke_dasharray="4 4")
            if not self.over:
                opening = view.opening
                d.add("text", x=WIDTH / 2, y=round(sy + s.h + 16), font_size=12.5, fill=TABLE_DIM,
                      text_anchor="middle",
                      text=f"Lead with the {opening[0]}\u2013{opening[1]}" if opening else "The line starts here")
        else:
            last = self.last
            last_index = None
            if last is not None and last.action == PLAY:
                last_index = 0 if last.end == LEFT and len(line) > 1 else len(line) - 1
            tiles = Drawing(0, 0, background=None)
            for i, placed in enumerate(line):
                s = slots[1 + i]
                a, b = (placed[1], placed[0]) if s.flip else placed
                tile = Drawing(0, 0, background=None)
                draw_tile(tile, a, b, s.w, s.h)
                attributes = {"data_tile": tile_name((max(placed), min(placed))), "data_place": "line"}
                if i == last_index:
                    _outline(tile, s.w, s.h, SELECTED, 2.5)
                    attributes["data_last_move"] = "true"
                    self.last_marked = True
                tiles.raw_group(tile, transform=_at(x0 + s.x, y0 + s.y), **attributes)
            d.raw_group(tiles, **FACES)
            for end in ENDS:
                if end in self.ends:
                    s = slots[0] if end == LEFT else slots[-1]
                    self._end_mark(marks, end, self.ends[end], x0 + s.x, y0 + s.y, s.w, s.h)
        d.raw_group(marks)

    @staticmethod
    def _end_mark(d: Drawing, end: str, mark: _Mark, x: float, y: float, w: float, h: float) -> None:
        group = Drawing(0, 0, background=None)
        group.add("rect", width=w, height=h, rx=5, fill=scale_colour(mark.value), fill_opacity=0.8,
                  stroke=ACCENT if mark.chosen else None, stroke_width=2.5 if mark.chosen else None)
        group.add("text", x=w / 2, y=h / 2 + 4, font_size=11, font_weight=700, fill="#fff", stroke="#000",
                  stroke_width=2.4, paint_order="stroke", text_anchor="middle", text=mark.label)
        d.raw_group(group, transform=_at(x, y), data_end=end, **({"data_chosen": "true"} if mark.chosen else {}))

    # ----------------------------------------------------------- the hand
    def _draw_hand(self, d: Drawing, hand: Sequence[Tile], y: float, per_row: int) -> None:
        view = self.view
        me = view.player
        mine = view.turn == me and not self.over
        label = f"Player {me}'s tiles"
        x = 34 if mine else 20
        if mine:
            d.add("circle", cx=24, cy=round(y + 14), r=4, fill=ACCENT)
        d.add("text", x=x, y=round(y + 18), font_size=13, font_weight=700, fill=TABLE_TEXT, text=label)
        d.add("text", x=round(x + len(label) * 7.4 + 6), y=round(y + 18), font_size=11, fill=TABLE_DIM,
              text=f"{len(hand)} tile{'' if len(hand) == 1 else 's'}" + (f", {view.pips} pips" if self.over else ""))
        rows = max(1, math.ceil(len(hand) / per_row))
        d.add("rect", x=16, y=round(y + 30), width=WIDTH - 32, height=rows * (HAND_H + 18) + 10, rx=10,
              fill="#000", fill_opacity=0.18)
        if not hand:
            d.add("text", x=WIDTH / 2, y=round(y + 30 + (HAND_H + 28) / 2 + 4), font_size=12, font_style="italic",
                  fill=TABLE_DIM, text_anchor="middle", text="no tiles")
            return
        playable = {m.tile for m in view.legal_actions() if isinstance(m, Play)}
        opening = view.opening if not view.line else None
        drawn = self.last.tile if self.last is not None and self.last.action == DRAW and self.last.player == me \
            else None
        tiles = Drawing(0, 0, background=None)
        for i, tile in enumerate(hand):
            group = Drawing(0, 0, background=None)
            attributes: dict[str, Any] = {"data_tile": tile_name(tile), "data_place": "hand"}
            mark = self.candidates.get(tile)
            if mark is not None:
                group.add("rect", x=-4, y=-4, width=HAND_W + 8, height=HAND_H + 8, rx=8,
                          fill=scale_colour(mark.value), fill_opacity=0.9, stroke="none")
                attributes["data_candidate"] = mark.label
            draw_tile(group, tile[0], tile[1], HAND_W, HAND_H)
            if tile == drawn:
                _outline(group, HAND_W, HAND_H, SELECTED, 3)
                attributes["data_last_move"] = "true"
                self.last_marked = True
            elif mark is not None and mark.chosen:
                _outline(group, HAND_W, HAND_H, ACCENT, 2.5)
            elif tile in playable:
                _outline(group, HAND_W, HAND_H, ACCENT, 2, stroke_opacity=0.75)
            if mark is not None and mark.chosen:
                attributes["data_chosen"] = "true"
            if tile == opening:
                group.add("rect", x=HAND_W / 2 - 14, y=-9, width=28, height=12, rx=6, fill=ACCENT, stroke="none")
                group.add("text", x=HAND_W / 2, y=0, font_size=8.5, font_weight=800, fill="#2a1a00", stroke="none",
                          text_anchor="middle", text="LEAD")
            if mark is not None and mark.label:
                group.add("text", x=HAND_W / 2, y=-7 if tile != opening else -12, font_size=10.5, font_weight=700,
                          fill="#fff", stroke="#000", stroke_width=2.4, paint_order="stroke", text_anchor="middle",
                          text=mark.label)
            where = _at(22 + (i % per_row) * (HAND_W + HAND_GAP), y + 46 + (i // per_row) * (HAND_H + 18))
            tiles.raw_group(group, transform=where, **attributes)
        d.raw_group(tiles, data_hand=str(me), **FACES)

    # ----------------------------------------------------------- words
    def _event_words(self) -> str:
        last = self.last
        if last is None:
            return ""
        if last.action == PLAY:
            assert last.tile is not None  # a play is public
            return f"player {last.player} played {tile_name(last.tile)} {last.end}"
        if last.action == DRAW:  # the view holds the tile of the viewer's own draws only
            return f"player {last.player} drew " + (tile_name(last.tile) if last.tile is not None else "a tile")
        return f"player {last.player} passed"

    def _status(self) -> str:
        view = self.view
        outcome = view.outcome
        if outcome is not None:
            head = f"Game over: {outcome}"
        elif not view.line:
            head = f"Player {view.turn} to lead" + (f" with the {tile_name(view.opening)}" if view.opening else "")
        else:
            head = f"Player {view.turn} to move"
        event = self._event_words()
        return head + (f" \u00b7 last move: {event}" if event else "")

    def _words(self) -> str:
        view = self.view
        ends = view.ends
        line = " ".join(tile_name(t) for t in view.line) or "empty"
        words = [f"Dominoes. Line: {line}" + (f" (ends {ends[0]} and {ends[1]})" if ends else "") + "."]
        words.append(f"Player {view.player} holds " + _tiles(view.hand) + " face up.")
        if self.other_hand is not None:
            words.append(f"Player {self.other} holds " + _tiles(self.other_hand) + ".")
        else:
            words.append(f"Player {self.other} holds {view.opponent_count} hidden tiles.")
        words.append(f"Boneyard: {view.boneyard_count}.")
        words.append(self._status() + ".")
        return " ".join(words)


def _tiles(tiles: Iterable[Tile]) -> str:
    names = [tile_name(t) for t in tiles]
    return ", ".join(names) if names else "no tiles"
