// The board canvas: its size (fitted to the width and the page's height), the
// geometry of its cells, the keyboard cursor, and the one function that paints a
// frame from the view's state (or from the running move animation).
//
// Choices where the contract is silent:
// - Analysis overlay: the tints go under the balls, labels and the arrow over them;
//   it is hidden while a move animates (it describes the position after it) and
//   fades in quickly.
// - Reduced motion: the selected ball does not bounce; a blocked target is tinted
//   (not shaken) for a moment.
// - The game-over panel is not drawn over a past position (looking back).
// - The board is sized as if the rows that appear later (the history slider, before
//   the first move) were there already, so it keeps its size when they appear.
//
// The canvas publishes where its cells are, in CSS px inside it, for the tests:
// data-grid="x,y,cell".

import { createCanvas, createSprite } from "../lib/canvas.js";
import { createGridCursor, describeBoard, gridGeometry, trackBoardFocus } from "../lib/grid.js";
import { drawCellLabels, drawCellTints, drawLine, drawMoveArrow } from "../lib/overlay.js";
import { readBool } from "../lib/traits.js";
import { isColour } from "./balls.js";
import {
  BLOCKED_MS,
  drawBlockedFlash,
  drawCursor,
  drawReachable,
  drawSelectionGlow,
  paintBoardBackground,
} from "./board-paint.js";
import { drawGameOver } from "./game-over.js";
import { N, currentReachable, currentSelected, idx, isOver, lookingBack } from "./state.js";

const MIN_SIZE = 260;
const MAX_SIZE = 520;
const BOUNCE_MS = 620;
const ANALYSIS_FADE_MS = 200;
const LABEL =
  "Line 98 board, 9 by 9. Arrow keys move the cursor, Enter selects or moves, Escape deselects, U undo, " +
  "N new game, S suggest a move, M sound, Page Up and Page Down step through the game's history, " +
  "question mark the rules.";

const pad = (width) => Math.round(width * 0.035);

/**
 * The board of `view`, in `parent`. `balls` is the ball painter, `moves` the move
 * animations, `animator` the view's createAnimator(); `fit` the shell's fit.
 * Returns { canvas, cursor, focus, geometry(), requestDraw(), destroy() }; it sets
 * data-cursor on the root whenever the cursor moves.
 */
export function createBoard(view, { parent, fit, balls, moves, animator }) {
  const { model, root } = view;
  let handle = null; // the canvas, once createCanvas returned
  let focus = null; // keyboard focus of the board, once the canvas exists
  let geo = null;
  let geoKey = "";
  let background = null;

  const requestDraw = () => {
    if (handle) handle.requestDraw();
  };
  const publishGeometry = () => {
    if (handle && geo) handle.canvas.dataset.grid = `${geo.x},${geo.y},${geo.cell}`;
  };
  const showsCursor = () => focus && focus.showsCursor();

  const cursor = createGridCursor({
    rows: N,
    cols: N,
    row: 4,
    col: 4,
    onChange: () => {
      root.dataset.cursor = cursor.toString();
      requestDraw();
    },
  });
  root.dataset.cursor = cursor.toString();

  /** A square as wide as the parent allows (260..520 px), no taller than the page leaves. */
  function layout(avail, availHeight) {
    let size = avail ? Math.max(MIN_SIZE, Math.min(MAX_SIZE, avail)) : MAX_SIZE;
    if (Number.isFinite(availHeight)) size = Math.max(MIN_SIZE, Math.min(size, Math.floor(availHeight)));
    return { width: size, height: size };
  }

  function drawSelectedBall(ctx, sel, colour, symbols, now) {
    const p = geo.cellCenter(sel[0], sel[1]);
    let lift = 0;
    let dx = 0;
    let moving = false;
    if (!view.reduced()) {
      const phase = (now % BOUNCE_MS) / BOUNCE_MS;
      lift = 0.3 * Math.sin(phase * Math.PI); // |sin| hop
      if (view.blocked) {
        const t = (now - view.blocked.start) / BLOCKED_MS;
        dx = Math.sin(t * Math.PI * 6) * (1 - t) * geo.cell * 0.08;
      }
      moving = true;
    }
    balls.ball(ctx, p.x + dx, p.y, balls.ballRadius(), colour, { symbols, lift });
    return moving;
  }

  /** Paint one frame; true while something moves (the canvas then draws again). */
  function draw(ctx, info) {
    const { width, height, now, dpr } = info;
    let again = animator.tick();
    if (!geo || !background || geoKey !== `${width}x${height}@${dpr}`) {
      geoKey = `${width}x${height}@${dpr}`;
      geo = gridGeometry({ width, height, rows: N, cols: N, padding: pad(width) });
      publishGeometry();
      background = createSprite(width, height, dpr, (c) => paintBoardBackground(c, width, height, geo));
    }
    balls.use(geo, dpr);
    ctx.clearRect(0, 0, width, height);
    ctx.drawImage(background.canvas, 0, 0, width, height);
    const symbols = readBool(model, "symbols", false);

    if (view.anim) {
      moves.draw(ctx, geo, symbols);
      if (showsCursor()) drawCursor(ctx, geo, cursor.cell());
      moves.drawPopup(ctx, geo);
      return true;
    }

    const cells = view.shown.board;
    const sel = currentSelected(view);
    const selColour = sel ? cells[idx(sel[0], sel[1])] : 0;
    const selected = sel && isColour(selColour);
    if (selected) drawSelectionGlow(ctx, geo, sel[0], sel[1], selColour, now, view.reduced());
    if (selected && readBool(model, "mark_reachable", false)) {
      drawReachable(ctx, geo, currentReachable(view), selColour);
    }
    if (view.blocked) {
      if (drawBlockedFlash(ctx, geo, view.blocked, now, view.reduced())) again = true;
      else view.blocked = null;
    }
    // the analysis overlay: tints under the balls, labels and arrow over them
    const { analysis } = view;
    let analysisAlpha = 0;
    if (analysis) {
      if (!view.analysisStart) view.analysisStart = now;
      analysisAlpha = view.reduced() ? 1 : Math.min(1, (now - view.analysisStart) / ANALYSIS_FADE_MS);
      if (analysisAlpha < 1) again = true;
      drawCellTints(ctx, geo, analysis.cells, { alpha: analysisAlpha });
    }
    balls.previews(ctx, view.shown.previews, cells, symbols);
    balls.board(ctx, cells, symbols, sel ? (r, c) => r === sel[0] && c === sel[1] : null);
    if (selected && drawSelectedBall(ctx, sel, selColour, symbols, now)) again = true;
    if (analysis) {
      drawLine(ctx, geo, analysis.line, { alpha: analysisAlpha });
      drawCellLabels(ctx, geo, analysis.cells, { alpha: analysisAlpha });
      if (analysis.arrow) drawMoveArrow(ctx, geo, analysis.arrow.from, analysis.arrow.to, { alpha: analysisAlpha });
    }
    if (showsCursor()) drawCursor(ctx, geo, cursor.cell());
    moves.drawPopup(ctx, geo);
    if (view.popup) again = true;
    if (isOver(view) && !lookingBack(view)) {
      if (drawGameOver(ctx, view, width, height, now)) again = true;
    }
    return again;
  }

  handle = createCanvas({
    parent,
    className: "gw-board",
    minSize: MIN_SIZE,
    fit,
    layout,
    draw,
    onResize: () => {
      balls.reset();
      background = null;
      geo = null;
    },
  });
  const canvas = handle.canvas;
  focus = trackBoardFocus(canvas, requestDraw);
  publishGeometry();
  describeBoard(canvas, LABEL);

  return {
    canvas,
    cursor,
    focus,
    /** The cell geometry of the last frame (null before the first one). */
    geometry: () => geo,
    requestDraw,
    destroy() {
      focus.destroy();
      handle.destroy();
    },
  };
}
