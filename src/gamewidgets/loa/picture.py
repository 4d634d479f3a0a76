"""Lines of Action as a picture: an SVG of a position, for places that cannot run the
widget (``game.svg()``, ``game._repr_svg_()``), and a computer player's analysis as the
widget's ``overlay`` (one conversion, used by ``LinesOfAction.show`` and by the picture,
so both show the same thing).

Pure Python (no Jupyter import), drawn with :class:`gamewidgets.svg.Drawing`.

What the picture shows, as the view (js/loa/) does
--------------------------------------------------
- Above the board, the score bar: each side's piece, its groups (the goal is 1; "✓"
  when connected) and the pieces it captured; the side to move outlined in amber; in
  the middle the move number (``game.ply``) and whose move it is, or the result.
  The rules do not know who is the user, so the sides are ``x`` (dark, the view's
  "You") and ``o`` (light).
- The wooden board (walnut frame, light and dark maple squares, files ``a..`` under
  it, ranks ``1..`` on its left), the last move outlined in amber on both cells with a
  faint line from its source, and on a board won by connection the winner's pieces
  joined by golden links. The pieces are ebony and ivory discs with a highlight
  (flat colours: the picture has no gradients, so it needs no ids that could clash
  when several pictures are on one page).
- An analysis or overlay: tints under the pieces, labels and the arrow over them
  (:func:`gamewidgets.svg.draw_overlay`), its title in a strip under the board, cut
  to :data:`TITLE_LENGTH` characters with "…" (the view's status line cuts it too).
- ``role="img"`` with the position in words (size, move, whose move or the result,
  each side's groups and captures, the last move).
- For tests and tools: ``data-piece="x"|"o"`` and ``data-cell="b1"`` on every piece,
  ``data-last-move="true"`` (and ``data-cell``) on the two cells of the last move,
  ``data-to-move="x"|"o"`` on the side to move's box (none once the game is over),
  ``data-captured`` on each side's capture count, ``data-links`` on the winner's
  links, ``data-overlay="tints"|"marks"`` on the overlay's two layers.

Choices
-------
- ``overlay(game, analysis)`` gives ``{"title", "cells", "moves", "arrow"}``:

  - ``"moves": [[src_row, src_col, dst_row, dst_col, value, label], ...]``: every
    candidate move (which piece goes where), sorted by source then target — the view
    shows a piece's moves when it is selected, hovered or under the keyboard cursor;
  - ``"cells": [[row, col, value, label], ...]``: each target cell with the best of the
    moves going there (the picture, and the view with no piece picked);
  - ``"arrow": [[row, col], [row, col]]``: the chosen move;
  - ``"title"``: "player, depth d: reason" (``stats["depth"]``; "player: reason" when the
    analysis has no depth).

  ``value`` is the score on one scale for moves and cells: 0 at the lowest score, 1 at
  the highest (0 for all when they are equal), a forced win 1 and a forced loss 0 (the
  scale spans the other scores, so a mate score does not squash them). ``label`` is the
  score as an integer, "≤38" for an upper bound (the candidate's ``exact`` term is 0),
  "win3" / "loss3" for a forced end in 3 plies, "draw" for the move limit; the views
  cut labels to 6 characters. The moves' sources are the pieces of the position the
  analysis was made in (for the computer's last move, the one before it).
  ``None`` gives ``{}`` (no overlay). Something that is not a Lines of Action
  ``Analysis`` raises TypeError; an analysis of another board size, or a score that
  is not a finite number, ValueError.
- ``svg(game, analysis=None, *, overlay=None)`` draws an analysis (converted with
  :func:`overlay`) or an overlay already in the trait's shape (e.g. ``w.overlay``);
  giving both is a ValueError. Text from outside (an overlay's title and labels, a
  player's name and reason) is only ever drawn through ``Drawing``, which escapes it.
- The picture is about 4–12 KB: repeated attributes sit on groups, the dark squares are
  one path.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from ..analysis import Analysis, Candidate
from ..svg import ACCENT, TEXT, Drawing, draw_overlay
from ..untrusted import short_repr
from .rules import FILES, FIRST, SECOND, SYMBOLS, Game, Move, cell_name
from .search import MATE_ZONE, WIN

#: the sizes of the picture (px): the playing field (the same for every board size),
#: the frame around it, the margin around everything, the score bar, the title strip
FIELD, FRAME, MARGIN, BAR, FOOTER = 320, 24, 8, 48, 20
BOARD = FIELD + 2 * FRAME
WIDTH = BOARD + 2 * MARGIN
#: an overlay's title is cut to this many characters
TITLE_LENGTH = 64

#: the view's colours (js/loa/woodboard.js, pieces.js, style.js, lib/theme.js)
WOOD = {"frame": "#5b3419", "frame_edge": "#3a200d", "light": "#e9c996", "dark": "#b9814b", "label": "#f3dcb4"}
PIECES = {  # fill, rim, highlight opacity
    FIRST: ("#24272d", "#08090b", 0.42),
    SECOND: ("#f1ece1", "#b4ab9a", 0.85),
}
AMBER, GOLD, LAST_MOVE_LINE = "#ffc94a", "#ffd35a", "#8a4b12"
TEXT_DIM = "#9aa7b6"
NAMES = {FIRST: "x (dark)", SECOND: "o (light)"}
#: the turn pill's tones: text, fill, stroke (js/loa/style.js: the user's, the computer's, over)
TONES = {FIRST: ("#c9f5d7", "#35d46a"), SECOND: ("#d5dde7", "#ffffff"), None: ("#f6d79a", ACCENT)}


# ----------------------------------------------------------------------- overlay
def overlay(game: Game, analysis: Analysis | None) -> dict[str, Any]:
    """``analysis`` (``player.analyse(game)``) as the widget's ``overlay`` trait:
    ``{"title", "cells": [[row, col, value 0..1, label], ...], "moves": [[src_row, src_col,
    dst_row, dst_col, value 0..1, label], ...], "arrow": [src, dst]}`` (the module
    docstring says what each holds); ``{}`` for None."""
    if analysis is None:
        return {}
    if not isinstance(analysis, Analysis) or not isinstance(analysis.move, Move) \
            or not all(isinstance(c.move, Move) for c in analysis.candidates):
        raise TypeError("an analysis to show is a Lines of Action Analysis (player.analyse(game)) or None, "
                        f"not {short_repr(analysis)}")
    sizes = {analysis.move.size, *(c.move.size for c in analysis.candidates)}
    if sizes != {game.size}:
        other = max(sizes - {game.size})
        raise ValueError(f"the analysis is of a {other}×{other} board, the game's is {game.size}×{game.size}")
    for candidate in analysis.candidates:
        if isinstance(candidate.score, bool) or not isinstance(candidate.score, (int, float)) \
                or not math.isfinite(candidate.score):
            raise ValueError(f"the score of {candidate.move} is not a finite number: {short_repr(candidate.score)}")
    plain = [c.score for c in analysis.candidates if abs(c.score) <= MATE_ZONE]
    low, high = (min(plain), max(plain)) if plain else (0.0, 0.0)
    span = (high - low) or 1.0

    def value(score: float) -> float:
        if abs(score) > MATE_ZONE:
            return 1.0 if score > 0 else 0.0
        return round((score - low) / span, 3)

    best: dict[tuple[int, int], Any] = {}
    moves = []
    for candidate in sorted(analysis.candidates, key=lambda c: (c.move.src, c.move.dst)):
        move, score = candidate.move, candidate.score
        moves.append([*move.src, *move.dst, value(score), _label(candidate)])
        if move.dst not in best or score > best[move.dst].score:
            best[move.dst] = candidate
    depth = analysis.stats.get("depth") if isinstance(analysis.stats, Mapping) else None
    depth_words = f", depth {depth}" if isinstance(depth, int) and not isinstance(depth, bool) else ""
    return {
        "title": f"{analysis.player}{depth_words}: {analysis.reason}",
        "cells": [[*dst, value(c.score), _label(c)] for dst, c in sorted(best.items())],
        "moves": moves,
        "arrow": [list(analysis.move.src), list(analysis.move.dst)],
    }


def _label(candidate: Candidate) -> str:
    """A candidate's score as a short label (see the module docstring)."""
    score = candidate.score
    if "draw" in candidate.terms:
        return "draw"
    if abs(score) > MATE_ZONE:
        return f"{'win' if score > 0 else 'loss'}{int(WIN - abs(score))}"
    text = str(int(score)) if float(score).is_integer() else f"{score:.0f}"
    return {"upper": "≤", "lower": "≥"}.get(candidate.bound, "") + text


# ----------------------------------------------------------------------- picture
def svg(game: Game, analysis: Analysis | None = None, *, overlay: Mapping[str, Any] | None = None) -> str:
    """The position as an SVG document, with ``analysis`` or ``overlay`` drawn on it."""
    if analysis is not None and overlay is not None:
        raise ValueError("give an analysis or an overlay, not both")
    shape: Mapping[str, Any] = overlay if overlay is not None else _overlay(game, analysis)
    title = str(shape.get("title") or "") if shape else ""
    if len(title) > TITLE_LENGTH:
        shape = {**shape, "title": title[: TITLE_LENGTH - 1].rstrip() + "…"}
    height = MARGIN + BAR + BOARD + (FOOTER if title else 0) + MARGIN
    n = game.size
    cell = FIELD / n
    fx, fy = MARGIN + FRAME, MARGIN + BAR + FRAME  # the field's top-left corner

    def box(row: int, col: int) -> tuple[float, float, float, float]:
        return fx + col * cell, fy + row * cell, cell, cell

    def centre(rc: tuple[int, int] | list[int]) -> tuple[float, float]:
        return fx + (rc[1] + 0.5) * cell, fy + (rc[0] + 0.5) * cell

    drawing = Drawing(WIDTH, height, label=_words(game))
    _score_bar(drawing, game)
    _board(drawing, n, fx, fy, cell)
    moves = game.moves
    if moves:
        _last_move(drawing, moves[-1], box, centre, cell)
    if shape:
        tints = Drawing(WIDTH, height, background=None)
        draw_overlay(tints, shape, box, layer="tints")
        drawing.raw_group(tints, data_overlay="tints")
    outcome = game.outcome()
    if outcome is not None and outcome.reason == "connected" and outcome.winner is not None:
        _links(drawing, game, outcome.winner, centre, cell)
    _pieces(drawing, game, centre, cell)
    if shape:
        marks = Drawing(WIDTH, height, background=None)
        draw_overlay(marks, shape, box, layer="marks")
        drawing.raw_group(marks, data_overlay="marks")
    return str(drawing)


def _overlay(game: Game, analysis: Analysis | None) -> dict[str, Any]:
    """:func:`overlay` (in :func:`svg` the name is its keyword argument)."""
    return overlay(game, analysis)


def _words(game: Game) -> str:
    """The position in words (the picture's label)."""
    n = game.size
    outcome = game.outcome()
    if outcome is None:
        state = f"{NAMES[game.turn]} to move"
    elif outcome.winner is None:
        state = "a draw: 200 moves without a connected side"
    else:
        winner, loser = SYMBOLS[outcome.winner], SYMBOLS[outcome.winner ^ 1]
        why = "all its pieces are connected" if outcome.reason == "connected" else f"{loser} has no legal move"
        state = f"{winner} wins: {why}"
    captures = game.captures
    sides = "; ".join(f"{SYMBOLS[side]}: {_groups(game.group_count(side))}, {captures[side]} captured"
                      for side in (FIRST, SECOND))
    last = f"; last move {game.moves[-1]}" if game.moves else ""
    return f"Lines of Action {n}×{n}, move {game.ply}: {state}. {sides}{last}."


def _groups(count: int) -> str:
    return f"{count} group" if count == 1 else f"{count} groups"


def _score_bar(drawing: Drawing, game: Game) -> None:
    """Each side's box (piece, groups, captures) and, between them, the move and the turn."""
    outcome = game.outcome()
    captures = game.captures
    side_width, height, y = 140.0, 40.0, MARGIN
    for side in (FIRST, SECOND):
        x = MARGIN if side == FIRST else WIDTH - MARGIN - side_width
        to_move = outcome is None and game.turn == side
        drawing.add("rect", x=x, y=y, width=side_width, height=height, rx=10,
                    fill=ACCENT if to_move else "#000", fill_opacity=0.09 if to_move else 0.26,
                    stroke=ACCENT if to_move else "#fff", stroke_opacity=0.75 if to_move else 0.07,
                    data_to_move=SYMBOLS[side] if to_move else None)
        stone_x = x + 19 if side == FIRST else x + side_width - 19
        _piece(drawing, side, stone_x, y + height / 2, 11)
        text_x, anchor = (x + 36, "start") if side == FIRST else (x + side_width - 36, "end")
        groups = game.group_count(side)
        drawing.add("text", x=text_x, y=y + 17, font_size=12.5, font_weight=800, fill=TEXT, text_anchor=anchor,
                    text=f"{SYMBOLS[side]}: {_groups(groups)}{' ✓' if groups == 1 else ''}")
        drawing.add("text", x=text_x, y=y + 32, font_size=11, fill=TEXT_DIM, text_anchor=anchor,
                    data_captured=captures[side], text=f"{captures[side]} captured")
    middle = WIDTH / 2
    drawing.add("text", x=middle, y=y + 13, font_size=10, fill=TEXT_DIM, text_anchor="middle", letter_spacing=0.9,
                text=f"MOVE {game.ply}")
    if outcome is None:
        tone, words = TONES[game.turn], f"{SYMBOLS[game.turn]} to move"
    else:
        tone = TONES[None]
        words = "Draw" if outcome.winner is None else f"{SYMBOLS[outcome.winner]} won"
    colour, edge = tone
    drawing.add("rect", x=middle - 38, y=y + 19, width=76, height=18, rx=9, fill=edge, fill_opacity=0.14,
                stroke=edge, stroke_opacity=0.4)
    drawing.add("text", x=middle, y=y + 32, font_size=11.5, font_weight=700, fill=colour, text_anchor="middle",
                text=words)


def _board(drawing: Drawing, n: int, fx: float, fy: float, cell: float) -> None:
    """The frame, the squares and the coordinates."""
    bx, by = fx - FRAME, fy - FRAME
    drawing.add("rect", x=bx, y=by, width=BOARD, height=BOARD, rx=12, fill=WOOD["frame"],
                stroke=WOOD["frame_edge"], stroke_width=1.5)
    drawing.add("rect", x=fx - 3.5, y=fy - 3.5, width=FIELD + 7, height=FIELD + 7, fill="none",
                stroke="#ffe1b4", stroke_opacity=0.28)
    drawing.add("rect", x=fx, y=fy, width=FIELD, height=FIELD, fill=WOOD["light"],
                stroke="#281204", stroke_opacity=0.75, stroke_width=1.2)
    c = _n(cell)
    dark = "".join(f"M{_n(fx + col * cell)} {_n(fy + row * cell)}h{c}v{c}h-{c}z"
                   for row in range(n) for col in range(n) if (row + col) % 2)
    drawing.add("path", d=dark, fill=WOOD["dark"])
    lines = "".join(f"M{_n(fx + i * cell)} {_n(fy)}v{FIELD}M{_n(fx)} {_n(fy + i * cell)}h{FIELD}" for i in range(1, n))
    drawing.add("path", d=lines, stroke="#3c1e08", stroke_opacity=0.28, stroke_width=0.6)
    labels = Drawing(WIDTH, 0, background=None)
    files_y = fy + FIELD + FRAME * 0.54 + 4
    for col in range(n):
        labels.add("text", x=fx + (col + 0.5) * cell, y=files_y, text=FILES[col])
    for row in range(n):
        labels.add("text", x=bx + FRAME * 0.5, y=fy + (row + 0.5) * cell + 4, text=str(n - row))
    drawing.raw_group(labels, fill=WOOD["label"], font_size=11, font_weight=700, text_anchor="middle")


def _last_move(drawing: Drawing, move: Move, box: Any, centre: Any, cell: float) -> None:
    """Both cells outlined in amber (the target stronger), a faint line from the source."""
    for rc, strong in ((move.src, False), (move.dst, True)):
        x, y, w, h = box(*rc)
        drawing.add("rect", x=x + 2.5, y=y + 2.5, width=w - 5, height=h - 5, rx=cell * 0.12, fill=AMBER,
                    fill_opacity=0.26 if strong else 0.16, stroke=AMBER, stroke_opacity=0.85 if strong else 0.55,
                    stroke_width=2, data_last_move="true", data_cell=cell_name(rc, move.size))
    (x0, y0), (x1, y1) = centre(move.src), centre(move.dst)
    drawing.add("line", x1=x0, y1=y0, x2=x1, y2=y1, stroke=LAST_MOVE_LINE, stroke_opacity=0.35,
                stroke_width=max(2.0, cell * 0.06), stroke_linecap="round")
    drawing.add("circle", cx=x0, cy=y0, r=cell * 0.07, fill=LAST_MOVE_LINE, fill_opacity=0.45)


def _links(drawing: Drawing, game: Game, side: int, centre: Any, cell: float) -> None:
    """The winner's pieces joined to their neighbours by golden links (one group)."""
    mine = set(game.cells(side))
    path = []
    for row, col in sorted(mine):
        x0, y0 = centre((row, col))
        for dr, dc in ((0, 1), (1, -1), (1, 0), (1, 1)):
            if (row + dr, col + dc) in mine:
                x1, y1 = centre((row + dr, col + dc))
                path.append(f"M{_n(x0)} {_n(y0)}L{_n(x1)} {_n(y1)}")
    drawing.add("path", d="".join(path) or None, stroke=GOLD, stroke_opacity=0.85, stroke_width=max(3.0, cell * 0.09),
                stroke_linecap="round", data_links=SYMBOLS[side])


def _pieces(drawing: Drawing, game: Game, centre: Any, cell: float) -> None:
    """Every piece: its shadow, the disc, a highlight (attributes shared on groups)."""
    radius = cell * 0.4
    shadows = Drawing(WIDTH, 0, background=None)
    for side in (FIRST, SECOND):
        for rc in game.cells(side):
            x, y = centre(rc)
            shadows.add("circle", cx=_r(x + radius * 0.07), cy=_r(y + radius * 0.12), r=_r(radius * 1.04))
    drawing.raw_group(shadows, fill="#140a00", fill_opacity=0.35)
    for side in (FIRST, SECOND):
        fill, rim, shine = PIECES[side]
        discs, highlights = Drawing(WIDTH, 0, background=None), Drawing(WIDTH, 0, background=None)
        for rc in game.cells(side):
            x, y = centre(rc)
            discs.add("circle", cx=_r(x), cy=_r(y), r=_r(radius), data_piece=SYMBOLS[side],
                      data_cell=cell_name(rc, game.size))
            _highlight(highlights, x, y, radius)
        drawing.raw_group(discs, fill=fill, stroke=rim, stroke_width=_n(max(1.0, radius * 0.07)))
        drawing.raw_group(highlights, fill="#fff", fill_opacity=shine)


def _piece(drawing: Drawing, side: int, x: float, y: float, radius: float) -> None:
    """One piece drawn alone (the score bar's icons)."""
    fill, rim, shine = PIECES[side]
    drawing.add("circle", cx=x, cy=y, r=radius, fill=fill, stroke=rim, stroke_width=1.2)
    group = Drawing(WIDTH, 0, background=None)
    _highlight(group, x, y, radius)
    drawing.raw_group(group, fill="#fff", fill_opacity=shine)


def _highlight(drawing: Drawing, x: float, y: float, radius: float) -> None:
    """The specular highlight, up and left of the centre."""
    drawing.add("circle", cx=_r(x - radius * 0.32), cy=_r(y - radius * 0.36), r=_r(radius * 0.3))


def _r(value: float) -> float:
    """Rounded to one decimal: enough for a picture, and short."""
    return round(value, 1)


def _n(value: float) -> str:
    """A coordinate as short text (two decimals at most)."""
    if not math.isfinite(value):
        raise ValueError(f"not a coordinate: {value}")
    return f"{value:.2f}".rstrip("0").rstrip(".")
