// The still picture of the board: the frame and the cells (painted once per size
// into a sprite), and the marks drawn on cells each frame (reachable cells, the
// selection's glow, the keyboard cursor, the flash of an unreachable target).

import { roundRectPath, strokeCross } from "../lib/canvas.js";
import { PALETTE, rgba } from "../lib/theme.js";
import { BALLS } from "./balls.js";
import { N } from "./state.js";

/** How long an unreachable target flashes (and the selected ball shakes). */
export const BLOCKED_MS = 420;

/** The frame, the well and the 81 empty cells, for a width x height canvas. */
export function paintBoardBackground(ctx, width, height, geo) {
  // frame
  const frame = ctx.createLinearGradient(0, 0, 0, height);
  frame.addColorStop(0, PALETTE.frameTop);
  frame.addColorStop(1, PALETTE.frameBottom);
  roundRectPath(ctx, 0, 0, width, height, 12);
  ctx.fillStyle = frame;
  ctx.fill();
  roundRectPath(ctx, 0.5, 0.5, width - 1, height - 1, 11.5);
  ctx.strokeStyle = "rgba(255,255,255,0.07)";
  ctx.lineWidth = 1;
  ctx.stroke();
  // well
  const m = geo.cell * 0.06;
  roundRectPath(ctx, geo.x - m, geo.y - m, geo.width + 2 * m, geo.height + 2 * m, geo.cell * 0.2);
  ctx.fillStyle = "#141920";
  ctx.fill();
  // cells
  const gap = geo.cell * 0.045;
  const rad = geo.cell * 0.16;
  for (let r = 0; r < N; r++) {
    for (let c = 0; c < N; c++) {
      const { x, y, w, h } = geo.cellRect(r, c);
      const cx = x + gap;
      const cy = y + gap;
      const cw = w - 2 * gap;
      const ch = h - 2 * gap;
      const face = ctx.createLinearGradient(0, cy, 0, cy + ch);
      face.addColorStop(0, PALETTE.cellLight);
      face.addColorStop(0.55, PALETTE.cell);
      face.addColorStop(1, PALETTE.cellDark);
      roundRectPath(ctx, cx, cy, cw, ch, rad);
      ctx.fillStyle = face;
      ctx.fill();
      // top highlight and a soft inner hollow
      roundRectPath(ctx, cx + 0.5, cy + 0.5, cw - 1, ch - 1, rad);
      ctx.strokeStyle = "rgba(255,255,255,0.07)";
      ctx.lineWidth = 1;
      ctx.stroke();
      const hollow = ctx.createRadialGradient(cx + cw / 2, cy + ch / 2, 0, cx + cw / 2, cy + ch / 2, cw * 0.5);
      hollow.addColorStop(0, "rgba(0,0,0,0.16)");
      hollow.addColorStop(1, "rgba(0,0,0,0)");
      ctx.fillStyle = hollow;
      roundRectPath(ctx, cx, cy, cw, ch, rad);
      ctx.fill();
    }
  }
}

/** Path the face of cell (r, c), `inset` px inside its rounded square (no fill/stroke). */
function cellPath(ctx, geo, r, c, inset) {
  const { x, y, w, h } = geo.cellRect(r, c);
  const g = geo.cell * 0.045 + inset;
  roundRectPath(ctx, x + g, y + g, w - 2 * g, h - 2 * g, geo.cell * 0.16);
}

/** The cells the selected ball (of `colour`) can reach: a faint tint and a dot. */
export function drawReachable(ctx, geo, cells, colour) {
  const b = BALLS[colour] || BALLS[7];
  for (const [r, c] of cells) {
    cellPath(ctx, geo, r, c, 0);
    ctx.fillStyle = rgba(b.base, 0.08);
    ctx.fill();
    const p = geo.cellCenter(r, c);
    ctx.beginPath();
    ctx.arc(p.x, p.y, geo.cell * 0.075, 0, Math.PI * 2);
    ctx.fillStyle = rgba(b.base, 0.75);
    ctx.fill();
    ctx.lineWidth = 1;
    ctx.strokeStyle = "rgba(0,0,0,0.35)";
    ctx.stroke();
  }
}

/** A pulsing glow in the cell of the selected ball (steady with reduced motion). */
export function drawSelectionGlow(ctx, geo, r, c, colour, now, reduced) {
  const b = BALLS[colour] || BALLS[7];
  const p = geo.cellCenter(r, c);
  const pulse = reduced ? 1 : 0.8 + 0.2 * Math.sin((now / 700) * Math.PI * 2);
  const g = ctx.createRadialGradient(p.x, p.y, 0, p.x, p.y, geo.cell * 0.62);
  g.addColorStop(0, rgba(b.base, 0.5 * pulse));
  g.addColorStop(1, rgba(b.base, 0));
  cellPath(ctx, geo, r, c, 0);
  ctx.fillStyle = g;
  ctx.fill();
  cellPath(ctx, geo, r, c, 1);
  ctx.lineWidth = 2;
  ctx.strokeStyle = `rgba(255,255,255,${0.7 * pulse})`;
  ctx.stroke();
}

/** The keyboard cursor: an amber outline round cell (r, c). */
export function drawCursor(ctx, geo, [r, c]) {
  cellPath(ctx, geo, r, c, -1.5);
  ctx.save();
  ctx.lineWidth = 3;
  ctx.strokeStyle = PALETTE.accent;
  ctx.shadowColor = "rgba(246,185,59,0.7)";
  ctx.shadowBlur = 8;
  ctx.stroke();
  ctx.restore();
}

/**
 * The flash of an unreachable target, `blocked` = { cell, start } (a red tint and an
 * "x" that fade; steady with reduced motion). Returns false once it is over.
 */
export function drawBlockedFlash(ctx, geo, blocked, now, reduced) {
  const t = (now - blocked.start) / BLOCKED_MS;
  if (t >= 1) return false;
  const alpha = reduced ? 0.45 : 0.55 * (1 - t);
  const [r, c] = blocked.cell;
  cellPath(ctx, geo, r, c, 0);
  ctx.fillStyle = rgba(PALETTE.danger, alpha);
  ctx.fill();
  // a small "x"
  const p = geo.cellCenter(r, c);
  strokeCross(ctx, p.x, p.y, geo.cell * 0.14, `rgba(255,255,255,${Math.min(1, alpha * 1.8)})`);
  return true;
}
