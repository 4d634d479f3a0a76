"""Pictures of Line 98 positions: ``svg(game)`` (what ``Game.svg()`` and
``Game._repr_svg_()`` draw) and ``overlay(game, analysis)``, the one conversion of a
player's :class:`~gamewidgets.analysis.Analysis` into the ``overlay`` shape that both
the widget's ``show()`` and the picture draw. Pure Python, no Jupyter import; drawn
with :class:`gamewidgets.svg.Drawing`, so every text is escaped.

What the picture shows, and the choices made:

- It looks like the view (js/line98/): the same card, the dark frame and well, the 81
  rounded cells, the seven ball colours of ``js/line98/balls.js`` and the small
  preview balls on their cells. Gradients need nested elements and ids (which clash
  when several pictures share one page), so a ball is four flat circles
  (:data:`BALL_LAYERS`; the upper three drawn as round dots of a path, to keep the
  picture small): a rim of the colour's dark shade, the body in its base colour
  and a glow of its light shade, both shifted to the upper left, and a white highlight.
- Beside the board, as in the view's header: the title, the next balls ("Next", in
  order) and the score. Under the board, the status line: how many moves, or "Game
  over" with the outcome; with an overlay, its title instead (as the view's status
  line does; wrapped at :data:`TITLE_CHARS` characters, at most two lines, so
  ``draw_overlay`` is given the overlay without its title). A finished game also dims
  the board under a "Game over" panel, as the view does.
- The last move (``game.moves[-1]``, none after an undo or on a fresh board) is an
  amber outline round its target cell (``data-last-move="true"``) and a dashed one
  round the cell it came from (``data-last-move-from="true"``); the outline stays if
  the move cleared the ball away.
- What tests count: ``data-ball="<colour>"`` and ``data-cell="row,col"`` on each ball,
  ``data-preview="<colour>"`` (and ``data-cell``) on each preview on the board,
  ``data-next`` on the header's preview balls, ``data-score`` on the score,
  ``data-over`` on the game-over shade, ``data-overlay="tints"`` / ``"marks"`` on the
  groups ``draw_overlay`` draws, ``data-overlay-title`` on the title's first line.
  The ``role="img"`` label says the position in words: the score and moves, the
  balls per colour, the next balls, the last move.
- ``overlay(game, analysis)``: each target cell coloured by the best score of any
  candidate move to it (from whichever ball), scaled 0..1 between the worst and best
  target, labelled with that score; the chosen move as an arrow; the title
  ``"<player>: <reason>"``. Only the analysis decides what is drawn (an analysis of
  another position is drawn on this board as it is); ``game`` must be a Line 98 game.
- ``svg(game, analysis)`` draws ``overlay(game, analysis)``; ``svg(game,
  overlay=...)`` draws an overlay as it is (e.g. a widget's ``overlay`` trait; ``{}``
  is none). An overlay from outside is checked first: cells on the board, values
  finite numbers, the arrow two cells or None (ValueError saying what is wrong).
  Giving both is a ValueError; an analysis that is not one a TypeError.
"""

from __future__ import annotations

import math
import textwrap
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from ..analysis import Analysis
from ..svg import ACCENT, TEXT, Drawing, draw_overlay
from .rules import COLOURS, SIZE, Game, Move

#: each colour's (base, dark, light), as js/line98/balls.js
BALL_SHADES = {
    "red": ("#e8362c", "#7d0d08", "#ff8a7a"),
    "green": ("#2cb84a", "#0c5a1d", "#7fe08a"),
    "blue": ("#2d6cf0", "#0f2c7c", "#7fa6ff"),
    "yellow": ("#f7c81b", "#9a6d00", "#ffe680"),
    "pink": ("#ff5ec4", "#a3166f", "#ffa3e0"),
    "cyan": ("#1fd0e3", "#06707e", "#8cf1fb"),
    "white": ("#eef1f5", "#8792a2", "#ffffff"),
}
#: the view's palette (js/lib/theme.js) for what is not a ball
FRAME, WELL, CELL, DIM = "#252d38", "#141920", "#323c49", "#9aa7b6"
#: an overlay's title is wrapped at this many characters, in at most two lines
TITLE_CHARS = 60

CELL_SIZE = 36
BALL_RADIUS = CELL_SIZE * 0.385  # as the view: js/line98/ball-sprites.js
PREVIEW_RADIUS = CELL_SIZE * 0.17
_FRAME_X, _FRAME_Y, _FRAME_PAD = 12, 52, 12
_BOARD_X, _BOARD_Y = _FRAME_X + _FRAME_PAD, _FRAME_Y + _FRAME_PAD
_FRAME_SIZE = SIZE * CELL_SIZE + 2 * _FRAME_PAD
WIDTH = _FRAME_SIZE + 2 * _FRAME_X
HEIGHT = _FRAME_Y + _FRAME_SIZE + 34


def overlay(game: Game, analysis: Analysis) -> dict[str, Any]:
    """``analysis`` (from ``player.analyse(game)``) as the ``overlay`` shape
    (:mod:`gamewidgets.svg`): every target cell, coloured by the best score of a move
    to it, the chosen move as an arrow (see the module docstring)."""
    if not isinstance(game, Game):
        raise TypeError(f"not a Line 98 game: {type(game).__name__}")
    if not isinstance(analysis, Analysis):
        raise TypeError(f"expected an Analysis (from player.analyse(game)), not {type(analysis).__name__}")
    best: dict[tuple[int, int], float] = {}
    for candidate in analysis.candidates:
        if not isinstance(candidate.move, Move):
            raise TypeError(f"not a Line 98 analysis: candidate move {candidate.move!r}")
        target = candidate.move.target
        best[target] = max(best.get(target, float("-inf")), candidate.score)
    if not isinstance(analysis.move, Move):
        raise TypeError(f"not a Line 98 analysis: chosen move {analysis.move!r}")
    low, high = (min(best.values()), max(best.values())) if best else (0.0, 0.0)
    span = (high - low) or 1.0
    return {
        "title": f"{analysis.player}: {analysis.reason}",
        "cells": [[r, c, round((v - low) / span, 3), _label(v)] for (r, c), v in sorted(best.items())],
        "arrow": [list(analysis.move.source), list(analysis.move.target)],
    }


_analysis_overlay = overlay  # for svg(), whose keyword argument ``overlay`` hides the function


def svg(game: Game, analysis: Analysis | None = None, *, overlay: Mapping[str, Any] | None = None) -> str:
    """The position of ``game`` as an SVG document, with ``analysis`` (or an
    ``overlay`` of the widgets' shape) drawn on the board when given."""
    if not isinstance(game, Game):
        raise TypeError(f"not a Line 98 game: {type(game).__name__}")
    if analysis is not None and overlay:
        raise ValueError("give an analysis or an overlay, not both")
    shown = _checked_overlay(overlay) if analysis is None else _analysis_overlay(game, analysis)
    board = game.board
    drawing = Drawing(WIDTH, HEIGHT, label=_describe(game))
    _draw_header(drawing, game)
    drawing.add("rect", x=_FRAME_X, y=_FRAME_Y, width=_FRAME_SIZE, height=_FRAME_SIZE, rx=12, fill=FRAME,
                stroke="#ffffff", stroke_opacity=0.07)
    margin = CELL_SIZE * 0.06
    drawing.add("rect", x=_BOARD_X - margin, y=_BOARD_Y - margin, width=SIZE * CELL_SIZE + 2 * margin,
                height=SIZE * CELL_SIZE + 2 * margin, rx=CELL_SIZE * 0.2, fill=WELL)
    _draw_cells(drawing)
    _draw_overlay(drawing, shown, "tints")
    _draw_last_move(drawing, game)
    balls = [(r, c, COLOURS[int(board[r, c]) - 1], BALL_RADIUS, "ball")
             for r in range(SIZE) for c in range(SIZE) if board[r, c]]
    previews = [(p.row, p.col, COLOURS[p.colour - 1], PREVIEW_RADIUS, "preview") for p in game.previews]
    _draw_balls(drawing, balls)
    _draw_balls(drawing, previews, opacity=0.92)
    _draw_overlay(drawing, shown, "marks")
    if game.is_over:
        _draw_game_over(drawing, game)
    _draw_status(drawing, game, shown)
    return str(drawing)


# ------------------------------------------------------------------ the parts
def _box(row: int, col: int) -> tuple[float, float, float, float]:
    return (_BOARD_X + col * CELL_SIZE, _BOARD_Y + row * CELL_SIZE, CELL_SIZE, CELL_SIZE)


def _centre(row: int, col: int) -> tuple[float, float]:
    return (_BOARD_X + (col + 0.5) * CELL_SIZE, _BOARD_Y + (row + 0.5) * CELL_SIZE)


def _draw_overlay(drawing: Drawing, shown: Mapping[str, Any] | None, layer: str) -> None:
    """One layer of ``draw_overlay`` as a group tagged ``data-overlay="<layer>"``
    (the title goes in the status line, not here)."""
    if shown:
        group = Drawing(WIDTH, HEIGHT, background=None)
        draw_overlay(group, {**shown, "title": ""}, _box, layer=layer)
        drawing.raw_group(group, data_overlay=layer)


def _draw_header(drawing: Drawing, game: Game) -> None:
    drawing.add("text", x=16, y=33, font_size=17, font_weight=700, fill=TEXT, text="Line 98")
    right = WIDTH - 14
    drawing.add("rect", x=right - 72, y=8, width=72, height=38, rx=7, fill=WELL)
    drawing.add("text", x=right - 36, y=21, font_size=9, fill=DIM, text_anchor="middle", letter_spacing=0.8,
              text="SCORE")
    drawing.add("text", x=right - 36, y=40, font_size=17, font_weight=700, fill=TEXT, text_anchor="middle",
              data_score=game.score, text=str(game.score))
    left = right - 72 - 8 - 72
    drawing.add("rect", x=left, y=8, width=72, height=38, rx=7, fill=WELL)
    drawing.add("text", x=left + 36, y=21, font_size=9, fill=DIM, text_anchor="middle", letter_spacing=0.8,
                text="NEXT")
    nexts = [(0.0, 0.0, COLOURS[p.colour - 1], 6.5, "next") for p in game.previews]
    if not nexts:
        drawing.add("text", x=left + 36, y=39, font_size=13, fill=DIM, text_anchor="middle", text="–")
    _draw_balls(drawing, nexts, at=[(left + 36 + (i - (len(nexts) - 1) / 2) * 17, 34) for i in range(len(nexts))])


def _draw_cells(drawing: Drawing) -> None:
    """The 81 empty cells as one path: each face a rectangle whose round-joined
    stroke, as wide as twice the corner radius, rounds its corners."""
    gap, radius = 2, 6  # the view's 0.045 and 0.16 of a cell, rounded
    inset = gap + radius
    side = CELL_SIZE - 2 * inset
    row = f"h{side}v{side}h-{side}z" + f"m{CELL_SIZE} 0h{side}v{side}h-{side}z" * (SIZE - 1)
    faces = "".join(f"M{_BOARD_X + inset} {_BOARD_Y + r * CELL_SIZE + inset}{row}" for r in range(SIZE))
    drawing.add("path", d=faces, fill=CELL, stroke=CELL, stroke_width=2 * radius, stroke_linejoin="round")
    edge = f"h{side}" + f"m{CELL_SIZE - side} 0h{side}" * (SIZE - 1)
    light = "".join(f"M{_BOARD_X + inset} {_BOARD_Y + r * CELL_SIZE + gap + 0.5}{edge}" for r in range(SIZE))
    drawing.add("path", d=light, stroke="#ffffff", stroke_opacity=0.08, stroke_width=1)


def _draw_last_move(drawing: Drawing, game: Game) -> None:
    if not game.moves:
        return
    move = game.moves[-1]
    for cell, attribute in ((move.source, "data_last_move_from"), (move.target, "data_last_move")):
        x, y, w, h = _box(*cell)
        drawing.add("rect", x=x + 1.5, y=y + 1.5, width=w - 3, height=h - 3, rx=CELL_SIZE * 0.16, fill="none",
                    stroke=ACCENT, stroke_width=2, stroke_dasharray="4 3" if attribute.endswith("from") else None,
                    data_cell=f"{cell[0]},{cell[1]}", **{attribute: "true"})


#: a ball's flat layers, bottom first: (x and y offset and radius, in ball radii;
#: which shade of BALL_SHADES, None for white; opacity)
BALL_LAYERS = ((0.0, 0.0, 1.0, 1, 1.0), (-0.1, -0.12, 0.84, 0, 1.0), (-0.22, -0.27, 0.5, 2, 0.45),
               (-0.36, -0.42, 0.22, None, 0.85))


def _draw_balls(drawing: Drawing, balls: Sequence[tuple[float, float, str, float, str]], *, opacity: float = 1.0,
                at: Sequence[tuple[float, float]] | None = None) -> None:
    """Balls ``(row, col, colour name, radius, kind)`` of one radius, layer by layer
    (:data:`BALL_LAYERS`; balls never overlap). The bottom layer is a circle per ball,
    tagged ``data-<kind>="<colour>"`` and ``data-cell``; each upper layer is one path
    per colour of zero-length strokes with round caps (a dot as wide as the stroke:
    ten bytes a ball instead of forty). ``at``: centres other than the cells'."""
    if not balls:
        return
    centres = at if at is not None else [_centre(int(row), int(col)) for row, col, *_ in balls]
    radius = balls[0][3]
    rims = Drawing(0, 0, background=None)
    for (cx, cy), (row, col, name, _, kind) in zip(centres, balls, strict=True):
        rims.add("circle", cx=round(cx, 1), cy=round(cy, 1), r=round(radius, 1), fill=BALL_SHADES[name][1],
                 **{f"data_{kind}": name, "data_cell": None if at is not None else f"{row},{col}"})
    drawing.raw_group(rims, **({"opacity": _n(opacity)} if opacity < 1 else {}))
    for dx, dy, scale, shade, alpha in BALL_LAYERS[1:]:
        dots: dict[str, list[str]] = {}
        for (cx, cy), (_, _, name, _, _) in zip(centres, balls, strict=True):
            fill = "#ffffff" if shade is None else BALL_SHADES[name][shade]
            dots.setdefault(fill, []).append(f"M{_n(cx + dx * radius, 1)} {_n(cy + dy * radius, 1)}h0")
        for fill, moves in dots.items():
            drawing.add("path", d="".join(moves), fill="none", stroke=fill, stroke_width=round(2 * scale * radius, 1),
                        stroke_linecap="round", stroke_opacity=alpha * opacity if alpha * opacity < 1 else None)


def _draw_status(drawing: Drawing, game: Game, shown: Mapping[str, Any] | None) -> None:
    """The status line under the board: the overlay's title (in at most two lines)
    or the state of the game."""
    title = str(shown.get("title") or "") if shown else ""
    if title:
        lines = textwrap.wrap(title, TITLE_CHARS, max_lines=2, placeholder=" …")
        for index, line in enumerate(lines):
            drawing.add("text", x=WIDTH / 2, y=HEIGHT - 7 - 13 * (len(lines) - 1 - index), font_size=11,
                        fill=TEXT, text_anchor="middle", data_overlay_title="true" if index == 0 else None,
                        text=line)
        return
    drawing.add("text", x=WIDTH / 2, y=HEIGHT - 10, font_size=12, fill=DIM, text_anchor="middle", text=_status(game))


def _draw_game_over(drawing: Drawing, game: Game) -> None:
    drawing.add("rect", x=_FRAME_X, y=_FRAME_Y, width=_FRAME_SIZE, height=_FRAME_SIZE, rx=12, fill="#0c1016",
                fill_opacity=0.6, data_over="true")
    width, height = 220, 96
    x, y = (WIDTH - width) / 2, _FRAME_Y + (_FRAME_SIZE - height) / 2
    drawing.add("rect", x=x, y=y, width=width, height=height, rx=16, fill="#2a333f", stroke="#ffffff",
                stroke_opacity=0.12)
    drawing.add("text", x=WIDTH / 2, y=y + 38, font_size=26, font_weight=800, fill=TEXT, text_anchor="middle",
                text="Game over")
    drawing.add("text", x=WIDTH / 2, y=y + 72, font_size=17, font_weight=700, fill=ACCENT, text_anchor="middle",
                text=f"{game.score} points")


# ----------------------------------------------------------------- the words
def _status(game: Game) -> str:
    outcome = game.outcome()
    if outcome is not None:
        return f"Game over ({outcome.reason}): {outcome.score} points in {outcome.moves} moves"
    moves = len(game.moves)
    last = f"; last {game.moves[-1]}" if game.moves else ""
    return f"{moves} move{'' if moves == 1 else 's'}{last}"


def _describe(game: Game) -> str:
    counts = Counter(COLOURS[int(v) - 1] for v in game.board.ravel() if v)
    total = sum(counts.values())
    balls = ", ".join(f"{counts[name]} {name}" for name in COLOURS if counts[name])
    words = [f"Line 98 position: score {game.score} after {len(game.moves)} moves",
             f"{total} ball{'' if total == 1 else 's'} on the board" + (f" ({balls})" if balls else "")]
    if game.previews:
        words.append("next: " + ", ".join(f"{COLOURS[p.colour - 1]} at {p.cell}" for p in game.previews))
    if game.moves:
        words.append(f"last move {game.moves[-1]}")
    if game.is_over:
        words.append("game over")
    return "; ".join(words) + "."


# ---------------------------------------------------------------- the checks
def _checked_overlay(shown: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """An overlay from outside, checked (ValueError saying what is wrong); None for
    none (``None`` or ``{}``)."""
    if not shown:
        return None
    if not isinstance(shown, Mapping):
        raise ValueError(f"an overlay is a dict with 'title', 'cells' and 'arrow', not {type(shown).__name__}")
    cells = []
    for item in shown.get("cells") or ():
        if not isinstance(item, Sequence) or isinstance(item, str) or len(item) != 4:
            raise ValueError(f"an overlay cell is [row, col, value 0..1, label], not {item!r:.60}")
        row, col, value, label = item
        _check_cell((row, col))
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            raise ValueError(f"an overlay cell's value is a finite number in 0..1, not {value!r:.40}")
        cells.append([row, col, value, label])
    arrow = shown.get("arrow")
    if arrow is not None:
        if not isinstance(arrow, Sequence) or len(arrow) != 2:
            raise ValueError(f"an overlay's arrow is [[row, col], [row, col]] or None, not {arrow!r:.60}")
        arrow = [list(_check_cell(end)) for end in arrow]
    return {"title": str(shown.get("title") or ""), "cells": cells, "arrow": arrow}


def _check_cell(cell: Any) -> tuple[int, int]:
    if (not isinstance(cell, Sequence) or isinstance(cell, str) or len(cell) != 2
            or any(isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < SIZE for v in cell)):
        raise ValueError(f"an overlay's cells are [row, col] on the 9×9 board, not {cell!r:.40}")
    return (cell[0], cell[1])


def _label(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.2g}"


def _n(value: float, digits: int = 2) -> str:
    return f"{value:.{digits}f}".rstrip("0").rstrip(".")
