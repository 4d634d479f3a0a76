// The board: its canvas on a "stage" that also holds the dialogs, and the one draw
// function that paints it from the traits and the running effects (returning true
// while something moves).
//
// Choices where the contract is silent:
// - The mouse's tile brightens a little (not while looking back: nothing to pick);
//   the keyboard cursor is a dashed white frame (the selection's frame is yellow,
//   the hint's blue, a refused pair's red, the analysis' next pair magenta; the
//   other overlay pairs carry numbered dots in one colour per pair, joined by a
//   dashed line, or in their safety's colour; w.show_path's route: pathshown.js).
// - Paused: every cell shows a face-down tile, so nothing of the deal can be read.

import { createCanvas, createSprite, roundRectPath } from "../lib/canvas.js";
import { element as h } from "../lib/element.js";
import { describeBoard, trackBoardFocus } from "../lib/grid.js";
import { easing } from "../lib/motion.js";
import { paintFelt } from "./felt.js";
import { COLOURS, drawCursor, faceOf, frame } from "./frames.js";
import { clamp } from "./geometry.js";
import { drawOverlay } from "./overlay.js";
import { drawPathShown } from "./pathshown.js";
import { TILE_BACK } from "./tiles.js";
import { sameCell } from "./traits.js";

const KEYS_HELP =
  "Mahjong Connect board. Arrow keys move the cursor, Enter or Space picks the tile under it, Escape deselects, H hint, U undo, S shuffle when stuck, N new game, R play again (both ask first while a game is under way), P pause, M sound, Page Up and Page Down step through the game's history, question mark the rules.";

/** The board's place in the view: { wrap, stage } (the dialogs go on the stage). */
export function createStage(doc) {
  const wrap = h(doc, "div", "gw-board-wrap");
  const stage = h(doc, "div", "gw-mj-stage");
  wrap.appendChild(stage);
  return { wrap, stage };
}

/**
 * The board canvas of `view`, in `place` (createStage's). Sets view.board and
 * view.focus (whether the keyboard cursor shows).
 */
export function createBoard(view, place) {
  const { traits, layout, effects, tiles, pointer } = view;
  let background = null;
  let dpr = 1;

  function drawTiles(ctx, grid) {
    const { rows, cols } = traits.dims();
    const geo = layout.geo;
    const shuffleT = effects.shuffleProgress();
    for (let i = 0; i < geo.vr; i++) {
      for (let j = 0; j < geo.vc; j++) {
        const [r, c] = layout.toGrid([i, j]);
        if (r >= rows || c >= cols) continue;
        const code = grid[r * cols + c];
        if (!code) continue;
        const box = geo.rect(i, j);
        let alpha = 1;
        if (pointer.drag && sameCell(pointer.drag.from, [r, c])) alpha = 0.3;
        if (shuffleT < 1) {
          // tiles settle into their new cells one after another
          const delay = ((i * 7 + j * 13) % 17) / 17;
          const t = clamp((shuffleT - delay * 0.5) / 0.5, 0, 1);
          const e = easing.outCubic(t);
          alpha *= e;
          const scale = 0.7 + 0.3 * e;
          tiles.draw(ctx, code, box.x, box.y - (1 - e) * box.h * 0.3, box.w, box.h, dpr, { alpha, scale });
          continue;
        }
        tiles.draw(ctx, code, box.x, box.y, box.w, box.h, dpr, { alpha });
      }
    }
  }

  function drawHover(ctx, grid) {
    const hover = pointer.hover;
    if (!hover || pointer.drag || !traits.codeAt(hover, grid) || traits.won() || traits.lookingBack()) return;
    const f = faceOf(layout.geo, ...layout.toView(hover));
    roundRectPath(ctx, f.x, f.y, f.w, f.h, f.r);
    ctx.fillStyle = "rgba(255, 255, 230, 0.22)";
    ctx.fill();
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = "rgba(255, 255, 255, 0.75)";
    ctx.stroke();
  }

  /** The dragged tile, a little larger, held where it was grabbed; its target framed. */
  function drawGhost(ctx) {
    const held = pointer.drag;
    if (!held) return;
    const geo = layout.geo;
    const { code, x, y, grabX, grabY, over } = held;
    if (over && !sameCell(over, held.from) && traits.codeAt(over)) {
      frame(ctx, layout, over, COLOURS.select, { width: 3, tint: 0.15, alpha: 0.9 });
    }
    const k = 1.06;
    const cx = x + (geo.cw / 2 - grabX) * k;
    const cy = y + (geo.ch / 2 - grabY) * k - 4;
    ctx.save();
    ctx.shadowColor = "rgba(0, 0, 0, 0.45)";
    ctx.shadowBlur = 14;
    ctx.shadowOffsetY = 6;
    tiles.draw(ctx, code, cx - geo.cw / 2, cy - geo.ch / 2, geo.cw, geo.ch, dpr, { alpha: 0.92, scale: k });
    ctx.restore();
  }

  function drawPausedCover(ctx) {
    const geo = layout.geo;
    for (let i = 0; i < geo.vr; i++) {
      for (let j = 0; j < geo.vc; j++) {
        const box = geo.rect(i, j);
        tiles.draw(ctx, TILE_BACK, box.x, box.y, box.w, box.h, dpr);
      }
    }
  }

  function draw(ctx, info) {
    const { width, height, now } = info;
    dpr = info.dpr;
    let again = view.animator.tick();
    if (layout.update(width, height, dpr) || !background) {
      background = createSprite(width, height, dpr, (c) => paintFelt(c, width, height, layout.geo));
    }
    ctx.clearRect(0, 0, width, height);
    ctx.drawImage(background.canvas, 0, 0, width, height);
    if (traits.paused()) {
      drawPausedCover(ctx);
      return again;
    }
    const grid = traits.grid();
    drawTiles(ctx, grid);
    drawHover(ctx, grid);
    drawOverlay(ctx, view.overlay, layout, traits, grid);
    if (!traits.lookingBack()) drawPathShown(ctx, view.pathShown, layout);
    if (effects.drawHint(ctx, now)) again = true;
    const sel = traits.selected();
    if (sel && traits.codeAt(sel, grid)) frame(ctx, layout, sel, COLOURS.select, { width: 4, tint: 0.22, inset: 0 });
    effects.drawRefused(ctx);
    effects.drawFlying(ctx, dpr);
    effects.drawPath(ctx);
    if (view.focus && view.focus.showsCursor() && !pointer.drag) drawCursor(ctx, layout.geo, ...view.cursor.cell());
    drawGhost(ctx);
    effects.drawCelebration(ctx, width, height, dpr);
    return again;
  }

  const board = createCanvas({
    fit: view.shell.fit,
    parent: place.wrap,
    className: "gw-board",
    layout: layout.layout,
    draw,
    onResize: () => {
      layout.invalidate();
      tiles.clear();
    },
  });
  view.board = board;
  view.shell.onCleanup(board.destroy);
  const canvas = board.canvas;
  view.shell.focusOn(() => canvas);
  view.focus = trackBoardFocus(canvas, view.requestDraw);
  view.shell.onCleanup(() => view.focus.destroy());
  place.stage.appendChild(canvas);
  describeBoard(canvas, KEYS_HELP);
  return board;
}
