// What is drawn on the board around the pieces (each function takes the `pen` of
// drawpieces.js):
// - the last move: both cells outlined in amber and a faint line between them;
// - the winning side's pieces joined by golden links on the final board (they are
//   one group);
// - the selected piece: a soft glow in its cell and a pulsing ring;
// - its targets: green dots on empty cells, red rings on capturable pieces, popping
//   in when a piece is selected (`pop`: 0..1);
// - a cell the selected piece cannot reach, flashed red with a cross when clicked;
// - the keyboard cursor;
// - with an analysis shown, the piece whose moves it shows (board.js picks it): a
//   dashed white outline on its cell and a faint line to each of its targets in the
//   colour of that move's score.

import { roundRectPath, strokeCross } from "../lib/canvas.js";
import { easing } from "../lib/motion.js";
import { scaleColour } from "../lib/overlay.js";
import { PALETTE, rgba } from "../lib/theme.js";
import { clamp01, pieceRadius } from "./drawpieces.js";
import { AMBER, GOLD, GREEN, RED } from "./style.js";

const FLASH_MS = 450;

/** The rectangle of cell (r, c) less `inset` px on each side. */
function cellInset(geo, r, c, inset) {
  const { x, y, w, h } = geo.cellRect(r, c);
  return { x: x + inset, y: y + inset, w: w - 2 * inset, h: h - 2 * inset };
}

/** mid ± amp, pulsing with this period (ms); 1 with reduced motion. */
const pulse = (pen, mid, amp, period) => (pen.reduced ? 1 : mid + amp * Math.sin((pen.now / period) * Math.PI * 2));

export function drawLastMove({ ctx, geo }, lm) {
  const [a, b] = lm;
  ctx.save();
  for (const cell of [a, b]) {
    const q = cellInset(geo, cell[0], cell[1], 2.5);
    roundRectPath(ctx, q.x, q.y, q.w, q.h, geo.cell * 0.12);
    ctx.fillStyle = rgba(AMBER, cell === b ? 0.26 : 0.16);
    ctx.fill();
    ctx.lineWidth = 2;
    ctx.strokeStyle = rgba(AMBER, cell === b ? 0.85 : 0.55);
    ctx.stroke();
  }
  const p = geo.cellCenter(a[0], a[1]);
  const q = geo.cellCenter(b[0], b[1]);
  ctx.beginPath();
  ctx.moveTo(p.x, p.y);
  ctx.lineTo(q.x, q.y);
  ctx.lineWidth = Math.max(2, geo.cell * 0.06);
  ctx.lineCap = "round";
  ctx.strokeStyle = rgba("#8a4b12", 0.35);
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(p.x, p.y, geo.cell * 0.07, 0, Math.PI * 2);
  ctx.fillStyle = rgba("#8a4b12", 0.45);
  ctx.fill();
  ctx.restore();
}

export function drawWinnerLinks({ ctx, geo }, cells, n, side) {
  ctx.save();
  ctx.lineCap = "round";
  ctx.strokeStyle = rgba(GOLD, 0.85);
  ctx.shadowColor = rgba(GOLD, 0.8);
  ctx.shadowBlur = geo.cell * 0.15;
  ctx.lineWidth = Math.max(3, geo.cell * 0.09);
  ctx.beginPath();
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      if (cells[r * n + c] !== side) continue;
      const p = geo.cellCenter(r, c);
      for (const [dr, dc] of [[0, 1], [1, -1], [1, 0], [1, 1]]) {
        const rr = r + dr;
        const cc = c + dc;
        if (rr < 0 || rr >= n || cc < 0 || cc >= n || cells[rr * n + cc] !== side) continue;
        const q = geo.cellCenter(rr, cc);
        ctx.moveTo(p.x, p.y);
        ctx.lineTo(q.x, q.y);
      }
    }
  }
  ctx.stroke();
  ctx.restore();
}

/** The glow in the selected piece's cell (under the pieces). */
export function drawSelection(pen, sel) {
  const { ctx, geo } = pen;
  const p = geo.cellCenter(sel[0], sel[1]);
  const k = pulse(pen, 0.75, 0.25, 900);
  const g = ctx.createRadialGradient(p.x, p.y, geo.cell * 0.2, p.x, p.y, geo.cell * 0.7);
  g.addColorStop(0, rgba("#fff3c4", 0.55 * k));
  g.addColorStop(1, rgba("#fff3c4", 0));
  const q = cellInset(geo, sel[0], sel[1], 1);
  ctx.save();
  ctx.beginPath();
  ctx.rect(q.x, q.y, q.w, q.h);
  ctx.fillStyle = g;
  ctx.fill();
  ctx.restore();
}

/** The ring around the selected piece (over the pieces). */
export function drawSelectionRing(pen, sel) {
  const { ctx, geo } = pen;
  const p = geo.cellCenter(sel[0], sel[1]);
  const k = pulse(pen, 0.7, 0.3, 900);
  ctx.save();
  ctx.beginPath();
  ctx.arc(p.x, p.y - pieceRadius(geo) * 0.08, pieceRadius(geo) + geo.cell * 0.045, 0, Math.PI * 2);
  ctx.lineWidth = Math.max(2, geo.cell * 0.05);
  ctx.strokeStyle = `rgba(255, 236, 160, ${0.95 * k})`;
  ctx.shadowColor = "rgba(255, 220, 120, 0.9)";
  ctx.shadowBlur = geo.cell * 0.15;
  ctx.stroke();
  ctx.restore();
}

/** Green dots on the empty targets. */
export function drawDots({ ctx, geo }, targets, pop) {
  for (const [r, c, capture] of targets) {
    if (capture) continue;
    const p = geo.cellCenter(r, c);
    const rad = geo.cell * 0.15 * (0.4 + 0.6 * easing.outBack(pop));
    ctx.save();
    ctx.globalAlpha = clamp01(pop * 1.5);
    const g = ctx.createRadialGradient(p.x - rad * 0.3, p.y - rad * 0.3, 0, p.x, p.y, rad);
    g.addColorStop(0, "#a6f5bf");
    g.addColorStop(0.5, GREEN);
    g.addColorStop(1, "#16843b");
    ctx.beginPath();
    ctx.arc(p.x, p.y, rad, 0, Math.PI * 2);
    ctx.shadowColor = "rgba(0, 60, 20, 0.55)";
    ctx.shadowBlur = 4;
    ctx.shadowOffsetY = 1;
    ctx.fillStyle = g;
    ctx.fill();
    ctx.shadowColor = "transparent";
    ctx.lineWidth = 1.2;
    ctx.strokeStyle = "rgba(6, 60, 24, 0.8)";
    ctx.stroke();
    ctx.restore();
  }
}

/** Red rings on the pieces the selected one can capture. */
export function drawRings(pen, targets, pop) {
  const { ctx, geo } = pen;
  const k = pulse(pen, 0.8, 0.2, 600);
  for (const [r, c, capture] of targets) {
    if (!capture) continue;
    const p = geo.cellCenter(r, c);
    const rad = (pieceRadius(geo) + geo.cell * 0.04) * (0.8 + 0.2 * pop);
    ctx.save();
    ctx.globalAlpha = clamp01(pop * 1.5);
    ctx.beginPath();
    ctx.arc(p.x, p.y, rad, 0, Math.PI * 2);
    ctx.lineWidth = Math.max(3.5, geo.cell * 0.085);
    ctx.strokeStyle = "rgba(60, 0, 0, 0.6)";
    ctx.stroke();
    ctx.lineWidth = Math.max(2.2, geo.cell * 0.055);
    ctx.strokeStyle = rgba(RED, k);
    ctx.shadowColor = rgba(RED, 0.8);
    ctx.shadowBlur = geo.cell * 0.12;
    ctx.stroke();
    ctx.restore();
  }
}

/** A refused cell: `flash` = { cell, start }. Returns false once it is over. */
export function drawFlash({ ctx, geo, now }, flash) {
  const t = (now - flash.start) / FLASH_MS;
  if (t >= 1) return false;
  const [r, c] = flash.cell;
  const q = cellInset(geo, r, c, 2);
  ctx.save();
  roundRectPath(ctx, q.x, q.y, q.w, q.h, geo.cell * 0.12);
  ctx.fillStyle = rgba(RED, 0.35 * (1 - t));
  ctx.fill();
  const p = geo.cellCenter(r, c);
  strokeCross(ctx, p.x, p.y, geo.cell * 0.12, `rgba(255, 255, 255, ${0.85 * (1 - t)})`);
  ctx.restore();
  return true;
}

export function drawCursor({ ctx, geo }, cell) {
  const q = cellInset(geo, cell[0], cell[1], 1.5);
  ctx.save();
  roundRectPath(ctx, q.x, q.y, q.w, q.h, geo.cell * 0.12);
  ctx.lineWidth = 3;
  ctx.strokeStyle = PALETTE.accent;
  ctx.shadowColor = "rgba(246,185,59,0.8)";
  ctx.shadowBlur = 8;
  ctx.stroke();
  ctx.restore();
}

/** Faint lines from the picked piece to its targets, coloured by score (under the pieces). */
export function drawMoveLines({ ctx, geo }, from, moves, alpha) {
  const p = geo.cellCenter(from[0], from[1]);
  ctx.save();
  ctx.lineCap = "round";
  ctx.lineWidth = Math.max(2, geo.cell * 0.07);
  for (const m of moves) {
    const q = geo.cellCenter(m.to[0], m.to[1]);
    ctx.beginPath();
    ctx.moveTo(p.x, p.y);
    ctx.lineTo(q.x, q.y);
    ctx.strokeStyle = scaleColour(m.value, 0.55 * alpha);
    ctx.stroke();
  }
  ctx.restore();
}

/** The picked piece's cell: a dashed white outline (over the pieces). */
export function drawPickedSource({ ctx, geo }, cell, alpha) {
  const q = cellInset(geo, cell[0], cell[1], 3);
  ctx.save();
  roundRectPath(ctx, q.x, q.y, q.w, q.h, geo.cell * 0.14);
  ctx.setLineDash([geo.cell * 0.12, geo.cell * 0.08]);
  ctx.lineWidth = Math.max(2, geo.cell * 0.045);
  ctx.strokeStyle = `rgba(255, 255, 255, ${0.9 * alpha})`;
  ctx.shadowColor = "rgba(0, 0, 0, 0.6)";
  ctx.shadowBlur = 3;
  ctx.stroke();
  ctx.restore();
}
