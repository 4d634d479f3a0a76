"""A Mahjong Connect position as an SVG picture, for places that cannot run the widget.

``svg(game)`` (also ``game.svg()`` and ``game._repr_svg_()``) draws the position the
way the view (js/mahjong/) does, with :class:`gamewidgets.svg.Drawing`: the green
felt, every tile as an ivory tile with its green back edge, the last pair removed,
and beside the board what the view's header and status line say (tiles left, score,
time, pairs removed; cleared / no more moves / paused). ``overlay(game, analysis)``
is a computer player's :class:`~gamewidgets.analysis.Analysis` in the shape of the
widget's ``overlay`` trait — the one conversion, used by ``MahjongConnect.show()`` and
by ``svg(game, analysis)``, so the view and the picture show the same thing.

Choices:

- A tile's face is its code (``D5``, ``WE``, ``DR`` ..., the codes of ``str(game)``
  and the file formats) in its suit's ink from js/mahjong/tileink.js: dots and
  seasons blue, bamboo green, characters and flowers red, winds the dark ink, each
  dragon its own colour (red, green, white's blue frame colour). The view's pictures
  of coins, sticks and brush characters are left out: they need fonts or a lot of
  SVG, and a picture of a full board stays at about 16 KB this way.
- Tiles are drawn as three paths for the whole board (back edge, ivory edge, face;
  rounded with round stroke joins) and one text per tile, the text carrying
  ``data-tile="<code>"``. Empty cells show the felt.
- The last pair removed (the newest removal that undo would take back) is marked as
  the view marks a removal: its two cells framed in the path colour
  (``data-last-move="true"``) and its path drawn through the cell centres (the ring
  around the grid included; ``data-last-path="true"``). When the last action was a
  shuffle nothing is framed and the status line says so.
- The overlay is the trait's shape, ``{"title", "pairs": [[[r, c], [r, c]], ...],
  "next": [[r, c], [r, c]] | None}``, drawn as js/mahjong/overlay.js draws it: every
  pair a thin dashed line in its own colour with its number on small dots on both
  tiles (``data-pair="<n>"``), the next pair a strong magenta line with magenta frames
  (``data-next="true"``), the title in the status line. With ``"safety"`` (a list
  beside ``pairs``: "safe", "dead end" or "unknown", from the solver's analysis) each
  pair takes the colour of its safety instead (green, red, grey;
  ``data-safety="..."``), so a player sees which pairs keep the deal clearable. Mahjong's overlay has no
  grid-cell scores, so :func:`gamewidgets.svg.draw_overlay` (cells / arrow) is not used.
  An overlay is read as the view reads the trait: pairs that are not two cells of the
  board, a ``next`` that is none, a title that is no string are left out (the
  widget's picture draws whatever ``overlay`` holds, and must not fail on it).
- A paused game is drawn with its tiles (the view covers them): the picture is of the
  position; the status line says it is paused. A status line (or an overlay's
  title) too long for the picture is squeezed to its width (``textLength``), and
  one of more than 1.5 times the room is cut short (…; the whole text is its tooltip).

Pure Python (no Jupyter import), like the rules.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..analysis import Analysis
from ..svg import ACCENT, TEXT, Drawing
from .deal import DEAD_END, SAFE, SAFETY_TERM, UNKNOWN
from .rules import Game, Move, Removal
from .tiles import CODES, NAMES

#: a tile's box on the picture (the view's cell is 1.3 times as tall as wide)
CELL_W, CELL_H = 31, 40
GAP, DEPTH = 1, 3  # the gap around a tile, the depth of its edge (js/mahjong/tiles.js metrics)
FACE_W, FACE_H = CELL_W - 2 * GAP - DEPTH, CELL_H - 2 * GAP - DEPTH
ROUND = 4  # the stroke that rounds a face's corners (radius ROUND / 2)
RING = 22  # the margin around the grid where paths may run (0.72 tile widths, as the view)
MARGIN, HEADER, FOOTER = 8, 30, 24
MIN_WIDTH = 420  # a small layout (Game.from_grid) still has room for the header

#: js/mahjong/felt.js, tiles.js, frames.js, tileink.js
FELT, FELT_RIM = "#1f6345", "#154a33"
IVORY, EDGE_IVORY, EDGE_BACK = "#f6efdc", "#d8cba7", "#2f8a63"
INK, RED, GREEN, BLUE = "#17204a", "#c62a22", "#17834a", "#1f55a8"
PATH_COLOUR, NEXT_COLOUR = "#fff4b0", "#ff4fd8"
#: a pair's colour by its safety (the solver's analysis; js/mahjong/overlay.js the same)
SAFETY_COLOURS = {SAFE: "#3ddc84", DEAD_END: "#ff3b3b", UNKNOWN: "#a0a7b0"}
SAFETY_OF_TERM = {term: safety for safety, term in SAFETY_TERM.items()}
STATUS_SIZE = 11.5
SERIF = 'Georgia, "Times New Roman", "DejaVu Serif", serif'
#: js/mahjong/overlay.js: one colour per overlay pair (cycled)
PAIR_COLOURS = ("#ff9f1c", "#2ec4b6", "#e71d36", "#8e7dff", "#3a86ff", "#ff5fa2", "#7bd389", "#ffd166",
                "#00b4d8", "#c77dff")


def ink(tile_code: str) -> str:
    """The colour a tile's code is printed in (its suit's ink)."""
    if tile_code in ("DR", "DG", "DW"):
        return {"DR": RED, "DG": GREEN, "DW": BLUE}[tile_code]
    return {"D": BLUE, "B": GREEN, "C": RED, "W": INK, "F": RED, "S": BLUE}[tile_code[0]]


def overlay(game: Game, analysis: Analysis) -> dict[str, Any]:
    """``analysis`` (e.g. ``Solver().analyse(game)``) as the widget's ``overlay`` trait:
    ``{"title": "<player>: <reason>", "pairs": every candidate pair, "next": the chosen
    pair}``. TypeError for anything but a Mahjong Connect analysis; ValueError when a
    pair is off ``game``'s board (an analysis of another layout)."""
    if not isinstance(analysis, Analysis) or not all(isinstance(c.move, Move) for c in analysis.candidates) \
            or not isinstance(analysis.move, Move):
        raise TypeError("a Mahjong Connect Analysis (Solver().analyse(game)) is needed, "
                        f"not {type(analysis).__name__}")
    rows, cols = game.shape
    for move in (analysis.move, *(c.move for c in analysis.candidates)):
        if not all(0 <= r < rows and 0 <= c < cols for r, c in (move.a, move.b)):
            raise ValueError(f"the analysis' pair {move} is off this {rows}×{cols} board (another layout's analysis?)")
    result: dict[str, Any] = {
        "title": f"{analysis.player}: {analysis.reason}",
        "pairs": [c.move.to_list() for c in analysis.candidates],
        "next": analysis.move.to_list(),
    }
    if all("safe" in c.facts for c in analysis.candidates):
        result["safety"] = [SAFETY_OF_TERM.get(int(c.facts["safe"]), UNKNOWN) for c in analysis.candidates]
    return result


_analysis_overlay = overlay  # svg()'s keyword argument ``overlay`` hides the function


class _Board:
    """Where the cells are on the picture."""

    def __init__(self, game: Game):
        self.rows, self.cols = game.shape
        self.width = self.cols * CELL_W + 2 * RING
        self.height = self.rows * CELL_H + 2 * RING
        self.picture_width = max(self.width + 2 * MARGIN, MIN_WIDTH)
        self.left = (self.picture_width - self.width) / 2
        self.top = HEADER
        self.x0, self.y0 = self.left + RING, self.top + RING

    def cell(self, row: int, col: int) -> tuple[float, float]:
        """The top-left corner of cell (row, col)'s box."""
        return self.x0 + col * CELL_W, self.y0 + row * CELL_H

    def face(self, row: int, col: int) -> tuple[float, float]:
        x, y = self.cell(row, col)
        return x + GAP, y + GAP

    def centre(self, row: int, col: int) -> tuple[float, float]:
        """The centre of a cell's face; row -1 / rows and column -1 / cols are the ring."""
        x = (self.left + RING / 2 if col < 0 else self.x0 + self.cols * CELL_W + RING / 2 if col >= self.cols
             else self.x0 + col * CELL_W + GAP + FACE_W / 2)
        y = (self.top + RING / 2 if row < 0 else self.y0 + self.rows * CELL_H + RING / 2 if row >= self.rows
             else self.y0 + row * CELL_H + GAP + FACE_H / 2)
        return x, y


def _n(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _last_action(game: Game) -> Removal | str | None:
    """The last removal that undo would take back, "shuffle" if the last action was a
    shuffle, None at the start."""
    if not game._undo:
        return None
    kind, step = game._undo[-1]
    return step if isinstance(step, Removal) else "shuffle" if kind == "shuffle" else None


def _clock(seconds: int) -> str:
    return f"{seconds // 60:02d}:{seconds % 60:02d}"


def _status(game: Game, last: Removal | str | None) -> str:
    if game.won:
        return f"Board cleared! Score {game.score}."
    if game.stuck:
        return "No more moves: shuffle, undo or start a new game."
    pairs = len(game.legal_moves())
    state = f"{pairs} pair{'s' if pairs != 1 else ''} can be removed"
    if last == "shuffle":
        state = "Shuffled; " + state
    return ("Paused. " if game.paused else "") + state + "."


def _label(game: Game, last: Removal | str | None) -> str:
    words = [f"Mahjong Connect: {game.tiles_left} tiles left, score {game.score}, {_clock(game.seconds)}"]
    if isinstance(last, Removal):
        words.append(f"last pair removed: {NAMES[last.tiles[0]]} on {last.move.a} and "
                     f"{NAMES[last.tiles[1]]} on {last.move.b}")
    words.append(_status(game, last).rstrip("."))
    return "; ".join(words)


def _draw_tiles(drawing: Drawing, game: Game, board: _Board) -> None:
    """Every tile: three paths for the whole board (each tile a subpath that moves on
    from the one before), then the codes in their inks."""
    tiles = _tiles(game)
    w, h = FACE_W - ROUND, FACE_H - ROUND
    subpaths, previous = [], (0.0, 0.0)
    for (row, col), _tile in tiles:
        x, y = board.face(row, col)
        subpaths.append(f"m{_n(x - previous[0])} {_n(y - previous[1])}h{w}v{h}h-{w}z")
        previous = (x, y)
    shape = "".join(subpaths)
    for offset, colour in ((DEPTH, EDGE_BACK), (DEPTH * 0.5, EDGE_IVORY), (0, IVORY)):
        if tiles:
            start = ROUND / 2 + offset
            drawing.add("path", d=f"M{_n(start)} {_n(start)}{shape}", fill=colour, stroke=colour,
                        stroke_width=ROUND, stroke_linejoin="round")
    texts: dict[str, Drawing] = {}
    for (row, col), tile in tiles:
        x, y = board.face(row, col)
        colour = ink(tile)
        if colour not in texts:
            texts[colour] = Drawing(0, 0, background=None)
        texts[colour].add("text", x=x + FACE_W / 2, y=y + FACE_H / 2 + 4.5, data_tile=tile, text=tile)
    for colour, text in texts.items():
        drawing.raw_group(text, fill=colour, font_size=13, font_weight=700, text_anchor="middle", font_family=SERIF)


def _tiles(game: Game) -> list[tuple[tuple[int, int], str]]:
    """Every tile on the board, row by row: its cell and its code."""
    rows, cols = game.grid.nonzero()
    return [((int(r), int(c)), CODES[int(game.grid[r, c]) - 1]) for r, c in zip(rows, cols, strict=True)]


def _polyline(board: _Board, cells: Sequence[Sequence[int]]) -> str:
    return " ".join(f"{_n(x)},{_n(y)}" for x, y in (board.centre(int(r), int(c)) for r, c in cells))


def _frame(drawing: Drawing, board: _Board, cell: Sequence[int], colour: str, *, dashed: bool = False,
           **data: Any) -> None:
    fx, fy = board.face(int(cell[0]), int(cell[1]))
    drawing.add("rect", x=fx - 1.5, y=fy - 1.5, width=FACE_W + 3, height=FACE_H + 3, rx=3.5, fill=colour,
                fill_opacity=0.18, stroke=colour, stroke_width=2.5, stroke_dasharray="4 3" if dashed else None,
                **data)


def _draw_last_move(drawing: Drawing, board: _Board, removal: Removal) -> None:
    drawing.add("polyline", points=_polyline(board, removal.path), fill="none", stroke=PATH_COLOUR,
                stroke_width=2.5, stroke_opacity=0.8, stroke_linejoin="round", stroke_linecap="round",
                data_last_path="true")
    for cell, tile in zip((removal.move.a, removal.move.b), removal.tiles, strict=True):
        _frame(drawing, board, cell, PATH_COLOUR, dashed=True, data_last_move="true",
               data_cell=f"{cell[0]},{cell[1]}", title=f"removed: {NAMES[tile]}")


Pair = tuple[tuple[int, int], tuple[int, int]]


def _cell_of(value: object, board: _Board) -> tuple[int, int] | None:
    """A cell of the grid, read as the view reads one (js/mahjong/traits.js): a list
    of two integers on the board; anything else is None."""
    if not isinstance(value, (list, tuple)) or len(value) < 2:
        return None
    row, col = value[0], value[1]
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (row, col)):
        return None
    return (row, col) if 0 <= row < board.rows and 0 <= col < board.cols else None


def _pair_of(value: object, board: _Board) -> Pair | None:
    if not isinstance(value, (list, tuple)) or len(value) < 2:
        return None
    a, b = _cell_of(value[0], board), _cell_of(value[1], board)
    return (a, b) if a and b else None


def _read_overlay(marks: object, board: _Board) -> tuple[str, list[tuple[Pair, str | None]], Pair | None]:
    """The title, pairs (each with its safety, None when not known) and next pair of
    an overlay, read as the view reads the trait: what makes no sense (not a pair of
    cells on the board, a title that is no string, a safety of another kind) is left
    out, so a picture of any overlay can be drawn."""
    if not isinstance(marks, Mapping):
        return "", [], None
    raw_pairs = marks.get("pairs")
    raw_safety = marks.get("safety")
    safety = list(raw_safety) if isinstance(raw_safety, (list, tuple)) else []
    pairs = []
    for i, p in enumerate(raw_pairs if isinstance(raw_pairs, (list, tuple)) else ()):
        pair = _pair_of(p, board)
        if pair is not None:
            kind = safety[i] if i < len(safety) else None
            pairs.append((pair, kind if kind in SAFETY_COLOURS else None))
    title = marks.get("title")
    return title if isinstance(title, str) else "", pairs, _pair_of(marks.get("next"), board)


def _draw_overlay(drawing: Drawing, game: Game, board: _Board, pairs: list[tuple[Pair, str | None]],
                  nxt: Pair | None) -> None:
    """js/mahjong/overlay.js: dashed lines and numbered dots for every pair (coloured
    by its safety when known), the next pair strongly."""
    dot = 4.5
    dots = Drawing(0, 0, background=None)
    numbers = Drawing(0, 0, background=None)
    placed: dict[tuple[int, int], int] = {}
    for k, (pair, safety) in enumerate(pairs):
        is_next = nxt is not None and set(pair) == set(nxt)
        if is_next and not safety:
            continue  # the next pair's own line and frames say it all
        colour = SAFETY_COLOURS[safety] if safety else PAIR_COLOURS[k % len(PAIR_COLOURS)]
        if not is_next:  # (the next pair's line is the magenta one; its dots tell its safety, as in the view)
            drawing.add("polyline", points=_polyline(board, pair), fill="none", stroke=colour, stroke_width=2,
                        stroke_opacity=0.5, stroke_dasharray="5 4", data_pair=k + 1, data_safety=safety)
        for cell in pair:
            if not game.grid[cell]:
                continue
            n = placed.get(cell, 0)
            placed[cell] = n + 1
            fx, fy = board.face(*cell)
            x = fx + FACE_W - dot - 1 - (n % 3) * dot * 2.1
            y = fy + FACE_H - dot - 1 - (n // 3) * dot * 2.1
            dots.add("circle", cx=x, cy=y, r=dot, fill=colour)
            numbers.add("text", x=x, y=y + 2, text=str(k + 1))
    if placed:
        drawing.raw_group(dots, stroke="#141414", stroke_opacity=0.75, stroke_width=1)
        drawing.raw_group(numbers, fill="#111", font_size=5.5, font_weight=800, text_anchor="middle")
    if nxt:
        points = _polyline(board, nxt)
        drawing.add("polyline", points=points, fill="none", stroke="#1e001e", stroke_opacity=0.6, stroke_width=6,
                    stroke_linecap="round")
        drawing.add("polyline", points=points, fill="none", stroke=NEXT_COLOUR, stroke_width=3, stroke_linecap="round",
                    data_next="true")
        for cell in nxt:
            _frame(drawing, board, cell, NEXT_COLOUR, data_next_tile="true")


def svg(game: Game, analysis: Analysis | None = None, *, overlay: Mapping[str, Any] | None = None) -> str:
    """The position as an SVG document; with ``analysis`` (or an ``overlay`` of the
    widget's trait shape, not both) the analysis drawn on it."""
    if analysis is not None and overlay is not None:
        raise ValueError("give an analysis or an overlay, not both")
    marks = overlay if overlay is not None else _analysis_overlay(game, analysis) if analysis is not None else None
    board = _Board(game)
    last = _last_action(game)
    height = HEADER + board.height + FOOTER
    drawing = Drawing(board.picture_width, height, label=_label(game, last))
    drawing.add("text", x=MARGIN + 4, y=20, font_size=14, font_weight=700, fill=TEXT, text="Mahjong Connect")
    drawing.add("text", x=board.picture_width - MARGIN - 4, y=20, font_size=12, fill=TEXT, text_anchor="end",
                data_tiles_left=game.tiles_left, data_score=game.score,
                text=f"score {game.score} · {_clock(game.seconds)} · {game.tiles_left} tiles · "
                     f"{2 * len(game.moves)} removed")
    drawing.add("rect", x=board.left, y=board.top, width=board.width, height=board.height, rx=12, fill=FELT,
                stroke=FELT_RIM, stroke_width=2)
    drawing.add("rect", x=board.x0 - RING / 2, y=board.y0 - RING / 2, width=board.cols * CELL_W + RING,
                height=board.rows * CELL_H + RING, rx=9, fill="none", stroke="#fff", stroke_opacity=0.09,
                stroke_dasharray="2 5")
    _draw_tiles(drawing, game, board)
    if isinstance(last, Removal):
        _draw_last_move(drawing, board, last)
    title, pairs, nxt = _read_overlay(marks, board)
    _draw_overlay(drawing, game, board, pairs, nxt)
    status = title or _status(game, last)
    room = board.picture_width - 2 * (MARGIN + 4)
    fits = int(room / (STATUS_SIZE * 0.55))  # characters at the font's average width
    shown = status if len(status) <= fits * 1.5 else status[: int(fits * 1.5) - 1] + "…"
    squeeze = room if len(shown) > fits else None  # a long title is squeezed to the picture's width
    drawing.add("text", x=MARGIN + 4, y=height - 8, font_size=STATUS_SIZE, fill=ACCENT if title else TEXT,
                fill_opacity=1 if title else 0.8, textLength=squeeze,
                lengthAdjust="spacingAndGlyphs" if squeeze else None, data_status="true", text=shown,
                title=status if shown != status else None)
    return str(drawing)
