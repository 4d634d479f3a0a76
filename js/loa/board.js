// The board: a canvas on a stage that also holds, over the board, the "Computer is
// thinking…" badge and the "looking back" banner (both in the frame above the
// squares) and the dialogs (smaller on a small board: data-small="true" on the stage). One function paints the whole canvas, layer by layer,
// and returns true while something moves (a slide, a pulse), so the canvas keeps
// drawing. The wooden board behind is painted once per size (a sprite).
//
// An analysis shown (analysis.js): with no piece picked, each target cell's best
// score; with a piece picked, only that piece's moves — its targets tinted and
// labelled with the scores of those moves, faint lines to them, its cell outlined,
// the chosen move's arrow faded unless it is that piece's. The piece picked is the
// one under the mouse, or under the keyboard cursor (whichever moved last), else the
// selected piece — any cell the analysis has moves from (for the computer's last
// move, the position before it: the arrow's start). The root says what is shown:
// data-overlay-piece ("r,c" or "") and data-overlay-moves ("r,c>r,c=label ..." of
// the picked piece's moves, or "").
//
//   const board = createBoard(view);   // board.el goes into the view
//   board.start(overlays);             // once mounted: the canvas, then the overlays
//   board.geo()  board.invalidate()  board.requestDraw()  board.canvas

import { createCanvas, createSprite } from "../lib/canvas.js";
import { describeBoard, trackBoardFocus } from "../lib/grid.js";
import { drawCellLabels, drawCellTints, drawLine, drawMoveArrow } from "../lib/overlay.js";
import { createBadge } from "../lib/readouts.js";
import { moveText } from "./analysis.js";
import { drawBoardPieces, drawLiftedPiece, drawSlide } from "./drawpieces.js";
import { sameCell } from "./gamestate.js";
import { countsShown, drawCountBadges, drawCountLines } from "./linecounts.js";
import {
  drawCursor,
  drawDots,
  drawFlash,
  drawLastMove,
  drawMoveLines,
  drawPickedSource,
  drawRings,
  drawSelection,
  drawSelectionRing,
  drawWinnerLinks,
} from "./marks.js";
import { createPieceSprites } from "./pieces.js";
import { COMPUTER, USER, startBoard } from "./rules.js";
import { paintWoodBoard, woodBoardGeometry } from "./woodboard.js";

/** The smallest board (CSS px): it must fit the ~276 px a phone's notebook leaves. */
const MIN_BOARD = 240;
/** Under this width (CSS px) the board is small: smaller dialogs over it (style.js). */
const SMALL_BOARD = 410;
/** The chosen move's arrow while another piece's moves are shown. */
const OTHER_ARROW_ALPHA = 0.3;
const LABEL =
  "Lines of Action board. Arrow keys move the cursor, Enter or Space selects a piece or moves it, Escape deselects, P pause menu, M sound, Page Up and Page Down step through the game's history.";

/**
 * view: doc, shell, game, fx, cursor, slides, analysis, dialogs (setupSize),
 * animator, reduced(). The stage is there at once; the canvas comes with start().
 */
export function createBoard(view) {
  const { doc, game, fx } = view;
  const el = doc.createElement("div");
  el.className = "gw-board-wrap";
  const stage = doc.createElement("div");
  stage.className = "gw-loa-stage";
  el.appendChild(stage);
  const badge = createBadge({
    doc,
    kind: "thinking",
    text: "Computer is thinking\u2026",
    title: "The computer is choosing its move",
  });

  // drawing caches
  const pieces = createPieceSprites();
  let background = null;
  let geo = null;
  let geoKey = "";
  let canvas = null;
  let focus = null; // trackBoardFocus of the canvas

  // which of the mouse and the keyboard cursor moved last (they pick the piece whose
  // moves an analysis shows)
  const seen = { hover: null, cursor: null, last: "pointer" };
  const same = (a, b) => (!a && !b) || sameCell(a, b);

  /** The piece whose moves the analysis shows, or null (see the header). */
  function pickedSource(n) {
    const cursor = focus && focus.showsCursor() ? view.cursor.cell() : null;
    if (!same(fx.hover, seen.hover)) {
      seen.hover = fx.hover;
      seen.last = "pointer";
    }
    if (!same(cursor, seen.cursor)) {
      seen.cursor = cursor;
      if (cursor) seen.last = "keyboard";
    }
    const pointed = seen.last === "keyboard" ? cursor : fx.hover;
    return [pointed, game.selected(n)].find((cell) => view.analysis.movesFrom(cell).length) || null;
  }

  /** The board size drawn now: the one being chosen in the setup dialog, else the game's. */
  const drawSize = () => (game.phase() === "setup" ? view.dialogs.setupSize() : game.size());

  function layout(ctx, width, height, dpr, n) {
    const key = `${width}x${height}@${dpr}|${n}`;
    if (geo && background && geoKey === key) return;
    geoKey = key;
    geo = woodBoardGeometry({ width, height, rows: n, cols: n });
    ctx.canvas.dataset.grid = `${geo.x},${geo.y},${geo.cell}`;
    // the dialogs cover the board, the thinking badge sits in the frame above the
    // squares (style.js)
    stage.style.setProperty("--gw-loa-board", `${width}px`);
    stage.style.setProperty("--gw-loa-frame", `${geo.y}px`);
    stage.dataset.small = width < SMALL_BOARD ? "true" : "false";
    background = createSprite(width, height, dpr, (c) => paintWoodBoard(c, { width, height, geo }));
    pieces.clear();
  }

  /** The selected piece, its targets and markers (the board at rest). */
  function drawAtRest(pen, cells, n, live) {
    let again = false;
    const sel = live ? game.selected(n) : null;
    const selOk = sel && cells[sel[0] * n + sel[1]] === USER;
    const targets = selOk ? game.targets(n) : [];
    const counts = selOk ? countsShown(game) : null;
    const pop = fx.select && !fx.select.tween.done ? fx.select.tween.progress() : 1;
    if (pop < 1) again = true;
    if (selOk) drawSelection(pen, sel);
    if (counts) drawCountLines(pen, sel, counts, n);
    drawDots(pen, targets, pop);
    if (fx.flash) {
      if (drawFlash(pen, fx.flash)) again = true;
      else fx.flash = null;
    }
    drawBoardPieces(pen, cells, n, selOk ? (r, c) => r === sel[0] && c === sel[1] : null);
    if (fx.start) {
      if (fx.start.tween.done) fx.start = null;
      else again = true;
    }
    drawRings(pen, targets, pop);
    if (selOk) {
      drawSelectionRing(pen, sel);
      // the mouse over a target: a ghost of the piece there
      const hover = fx.hover;
      drawLiftedPiece(pen, sel, hover && targets.find(([r, c]) => r === hover[0] && c === hover[1]));
      if (!view.reduced()) again = true;
    }
    if (targets.some((t) => t[2]) && !view.reduced()) again = true;
    if (counts) drawCountBadges(pen, sel, counts, n);
    return again;
  }

  function draw(ctx, { width, height, dpr, now }) {
    let again = view.animator.tick();
    const p = game.phase();
    const n = drawSize();
    layout(ctx, width, height, dpr, n);
    ctx.clearRect(0, 0, width, height);
    ctx.drawImage(background.canvas, 0, 0, width, height);
    const pen = { ctx, geo, dpr, pieces, now, reduced: view.reduced(), start: fx.start ? fx.start.tween.progress() : 1 };

    if (p === "setup") {
      view.root.dataset.overlayPiece = "";
      view.root.dataset.overlayMoves = "";
      drawBoardPieces(pen, startBoard(n), n);
      return again;
    }

    const cells = game.board(n);
    const back = game.lookingBack();
    const slide = view.slides.current;
    const lm = game.lastMove(n);
    if (lm) drawLastMove(pen, lm);

    // the analysis overlay: tints under the pieces (one piece's moves when one is picked)
    const analysis = slide ? null : view.analysis.current;
    let analysisAlpha = 0;
    const picked = analysis ? pickedSource(n) : null;
    const pickedMoves = picked ? view.analysis.movesFrom(picked) : [];
    const shownCells = picked
      ? pickedMoves.map((m) => ({ r: m.to[0], c: m.to[1], value: m.value, label: m.label }))
      : analysis && analysis.cells;
    const ds = view.root.dataset;
    ds.overlayPiece = picked ? String(picked) : "";
    ds.overlayMoves = pickedMoves.map(moveText).join(" ");
    if (analysis) {
      analysisAlpha = view.analysis.alpha(now);
      if (analysisAlpha < 1) again = true;
      if (picked) drawMoveLines(pen, picked, pickedMoves, analysisAlpha);
      drawCellTints(ctx, geo, shownCells, { alpha: analysisAlpha });
    }
    if (p === "over" && !back && !slide) {
      const r = game.result();
      const winner = r && r.winner === "user" ? USER : r && r.winner === "computer" ? COMPUTER : 0;
      if (winner && r.reason === "connected") drawWinnerLinks(pen, cells, n, winner);
    }

    if (slide) {
      drawSlide(pen, slide, n);
      again = true;
    } else if (drawAtRest(pen, cells, n, p === "playing" && !back)) again = true;
    if (analysis) {
      drawLine(ctx, geo, analysis.line, { alpha: analysisAlpha });
      drawCellLabels(ctx, geo, shownCells, { alpha: analysisAlpha });
      if (picked) drawPickedSource(pen, picked, analysisAlpha);
      if (analysis.arrow) {
        const own = !picked || sameCell(picked, analysis.arrow.from);
        const alpha = analysisAlpha * (own ? 1 : OTHER_ARROW_ALPHA);
        drawMoveArrow(ctx, geo, analysis.arrow.from, analysis.arrow.to, { alpha, ringRadius: 0.46 });
      }
    }
    if (focus && focus.showsCursor()) drawCursor(pen, view.cursor.cell());
    return again;
  }

  let canvasBoard = null;
  const requestDraw = () => {
    if (canvasBoard) canvasBoard.requestDraw();
  };

  return {
    el,
    /** Create the canvas (the view is on the page), then put `overlays` over it. */
    start(overlays) {
      canvasBoard = createCanvas({
        fit: view.shell.fit,
        parent: stage,
        className: "gw-board",
        minSize: MIN_BOARD,
        maxSize: 520,
        draw,
        onResize: () => {
          background = null;
          geo = null;
          pieces.clear();
        },
      });
      view.shell.onCleanup(canvasBoard.destroy);
      canvas = canvasBoard.canvas;
      stage.append(badge.el, ...overlays);
      focus = trackBoardFocus(canvas, requestDraw);
      view.shell.onCleanup(() => focus.destroy());
      describeBoard(canvas, LABEL);
    },
    get canvas() {
      return canvas;
    },
    /** The keyboard focus tracker of the canvas (pointer or keyboard used last). */
    get focus() {
      return focus;
    },
    /** The board's geometry (cellAt, cellCenter, ...), or null before the first draw. */
    geo: () => geo,
    /** Recompute the geometry at the next draw (the size changed). */
    invalidate() {
      geo = null;
    },
    requestDraw,
    /** The thinking badge shows while the computer (or your own player) thinks (live game only). */
    update() {
      const thinking = game.phase() === "playing" && game.thinking() && !game.lookingBack();
      badge.show(thinking, `${game.opponent().name} is thinking\u2026`);
    },
  };
}
