// The coloured frames drawn around tiles: the selection's (yellow), the hint's
// (blue), a refused pair's (red), the analysis' next pair (magenta), and the keyboard
// cursor (a dashed white frame).

import { roundRectPath } from "../lib/canvas.js";
import { tileFaceRect } from "./tiles.js";

export const COLOURS = {
  select: "#ffd21f",
  hint: "#2f8cff",
  refused: "#ff3b30",
  path: "#fff4b0",
  next: "#ff4fd8",
  cursor: "#ffffff",
};

/** The face of view cell (i, j) of `geo`, grown by `inset` px: { x, y, w, h, r }. */
export function faceOf(geo, i, j, inset = 0) {
  const r = geo.rect(i, j);
  const f = tileFaceRect(r.x, r.y, r.w, r.h);
  return { x: f.x - inset, y: f.y - inset, w: f.w + 2 * inset, h: f.h + 2 * inset, r: f.r + inset };
}

/** A frame of `colour` around the tile of grid cell `gridCell` (layout: the board's). */
export function frame(ctx, layout, gridCell, colour, { width = 3, tint = 0, glow = true, alpha = 1, inset = 1.5 } = {}) {
  const [i, j] = layout.toView(gridCell);
  const f = faceOf(layout.geo, i, j, inset);
  ctx.save();
  ctx.globalAlpha *= alpha;
  if (tint > 0) {
    ctx.save();
    roundRectPath(ctx, f.x + inset, f.y + inset, f.w - 2 * inset, f.h - 2 * inset, f.r);
    ctx.fillStyle = colour;
    ctx.globalAlpha *= tint;
    ctx.fill();
    ctx.restore();
  }
  if (glow) {
    ctx.shadowColor = colour;
    ctx.shadowBlur = width * 3;
  }
  roundRectPath(ctx, f.x, f.y, f.w, f.h, f.r);
  ctx.lineWidth = width;
  ctx.strokeStyle = colour;
  ctx.stroke();
  ctx.shadowBlur = 0;
  ctx.lineWidth = 1;
  ctx.strokeStyle = "rgba(0, 0, 0, 0.45)";
  roundRectPath(ctx, f.x - width / 2, f.y - width / 2, f.w + width, f.h + width, f.r + width / 2);
  ctx.stroke();
  ctx.restore();
}

/** The keyboard cursor on view cell (i, j). */
export function drawCursor(ctx, geo, i, j) {
  const f = faceOf(geo, i, j, 3.5);
  ctx.save();
  roundRectPath(ctx, f.x, f.y, f.w, f.h, f.r);
  ctx.lineWidth = 2.5;
  ctx.setLineDash([5, 3]);
  ctx.strokeStyle = COLOURS.cursor;
  ctx.shadowColor = "rgba(0, 0, 0, 0.8)";
  ctx.shadowBlur = 4;
  ctx.stroke();
  ctx.restore();
}
