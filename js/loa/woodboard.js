// A wooden board for square-grid games (checkers-like boards): a walnut frame, light
// and dark maple squares with a fine grain, and the coordinates in the frame — files
// a, b, c… from the left under the board, ranks 1, 2, 3… from the bottom on its left.
//
//   const geo = woodBoardGeometry({ width, height, rows: 8, cols: 8 });  // grid.js geometry
//   const bg = createSprite(width, height, dpr, (ctx) => paintWoodBoard(ctx, { width, height, geo }));
//   squareName(r, c, rows) -> "b3"   (row 0 is the top rank)
//
// The painting is deterministic (a seeded grain), so it can be cached as a sprite and
// rebuilt on resize with the same look.

import { roundRectPath } from "../lib/canvas.js";
import { gridGeometry } from "../lib/grid.js";
import { font } from "../lib/theme.js";

export const WOOD = {
  frameLight: "#7a4a26",
  frameBase: "#5b3419",
  frameDark: "#3a200d",
  lightSquare: "#e9c996",
  lightSquareEdge: "#dcb47a",
  darkSquare: "#b9814b",
  darkSquareEdge: "#a66f3c",
  label: "#f3dcb4",
};

const FILES = "abcdefghijklmnopqrstuvwxyz";

/** The file letter of column c (0 = a). */
export const fileLetter = (c) => FILES[c] || "?";
/** The rank number of row r on a board of `rows` rows (row 0 at the top). */
export const rankNumber = (r, rows) => rows - r;
/** "a1"-style name of [r, c] (row 0 at the top, so a1 is the bottom-left square). */
export const squareName = (r, c, rows) => `${fileLetter(c)}${rankNumber(r, rows)}`;

/**
 * The grid of a wooden board that fills width x height: the frame (where the
 * coordinates go) is ~0.62 of a cell wide, at least `minFrame` and at most
 * `maxFrame` CSS px. Returns gridGeometry's object plus `frame` (its width, px).
 */
export function woodBoardGeometry({ width, height, rows, cols, minFrame = 18, maxFrame = 34 }) {
  const n = Math.max(rows, cols);
  const guess = Math.min(width, height) / (n + 1.24);
  const frame = Math.max(minFrame, Math.min(maxFrame, guess * 0.62));
  const geo = gridGeometry({ width, height, rows, cols, padding: frame });
  geo.frame = frame;
  return geo;
}

function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Fine wavy grain lines over the rectangle (x, y, w, h), clipped by the caller. */
function grain(ctx, rand, x, y, w, h, { vertical = false, alpha = 0.09, dark = "#3b1f08", light = "#fff2d8", density = 3.2 } = {}) {
  const len = vertical ? h : w;
  const across = vertical ? w : h;
  const lines = Math.max(4, Math.round(across / density));
  ctx.save();
  ctx.lineCap = "round";
  for (let i = 0; i < lines; i++) {
    const off = ((i + rand() * 0.8) / lines) * across;
    const amp = 0.6 + rand() * 2.2;
    const freq = (0.5 + rand() * 1.5) / Math.max(40, len);
    const phase = rand() * Math.PI * 2;
    const isLight = rand() < 0.35;
    ctx.strokeStyle = isLight ? light : dark;
    ctx.globalAlpha = alpha * (isLight ? 0.7 : 0.4 + rand() * 0.8);
    ctx.lineWidth = 0.4 + rand() * 0.9;
    ctx.beginPath();
    const steps = Math.max(6, Math.round(len / 8));
    for (let k = 0; k <= steps; k++) {
      const t = (k / steps) * len;
      const wob = Math.sin(t * freq * Math.PI * 2 + phase) * amp + Math.sin(t * freq * 5.3 + phase * 2) * amp * 0.3;
      const px = vertical ? x + off + wob : x + t;
      const py = vertical ? y + t : y + off + wob;
      if (k === 0) ctx.moveTo(px, py);
      else ctx.lineTo(px, py);
    }
    ctx.stroke();
  }
  ctx.restore();
}

/**
 * Paint the board: frame, squares, coordinates. Options: files / ranks (draw the
 * labels, default true), checkered (alternate light and dark squares, default true;
 * false: all light with fine lines between squares), seed (the grain), radius (of the
 * frame's corners), colours (overrides of WOOD).
 */
export function paintWoodBoard(ctx, o) {
  const { width, height, geo, files = true, ranks = true, checkered = true, seed = 7, radius = 12 } = o;
  const C = { ...WOOD, ...(o.colours || {}) };
  const rand = mulberry32(seed);
  // frame
  roundRectPath(ctx, 0, 0, width, height, radius);
  const frame = ctx.createLinearGradient(0, 0, width, height);
  frame.addColorStop(0, C.frameLight);
  frame.addColorStop(0.5, C.frameBase);
  frame.addColorStop(1, C.frameDark);
  ctx.fillStyle = frame;
  ctx.fill();
  ctx.save();
  roundRectPath(ctx, 0, 0, width, height, radius);
  ctx.clip();
  grain(ctx, rand, 0, 0, width, height, { alpha: 0.16, density: 2.6, dark: "#1e0f04", light: "#c08050" });
  // a soft sheen across the frame
  const sheen = ctx.createLinearGradient(0, 0, 0, height);
  sheen.addColorStop(0, "rgba(255,230,190,0.10)");
  sheen.addColorStop(0.5, "rgba(255,230,190,0)");
  sheen.addColorStop(1, "rgba(0,0,0,0.12)");
  ctx.fillStyle = sheen;
  ctx.fillRect(0, 0, width, height);
  ctx.restore();
  // outer edge: light top-left, dark bottom-right
  roundRectPath(ctx, 0.75, 0.75, width - 1.5, height - 1.5, radius - 0.75);
  ctx.lineWidth = 1.5;
  const edge = ctx.createLinearGradient(0, 0, width, height);
  edge.addColorStop(0, "rgba(255,220,170,0.35)");
  edge.addColorStop(1, "rgba(0,0,0,0.35)");
  ctx.strokeStyle = edge;
  ctx.stroke();

  // the playing field, set into the frame
  const fx = geo.x;
  const fy = geo.y;
  const fw = geo.width;
  const fh = geo.height;
  ctx.save();
  ctx.shadowColor = "rgba(0,0,0,0.55)";
  ctx.shadowBlur = 6;
  ctx.shadowOffsetY = 1;
  ctx.fillStyle = C.darkSquare;
  ctx.fillRect(fx - 1.5, fy - 1.5, fw + 3, fh + 3);
  ctx.restore();
  const rows = geo.rows;
  const cols = geo.cols;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const { x, y, w, h } = geo.cellRect(r, c);
      const dark = checkered && (r + c) % 2 === 1;
      const base = dark ? C.darkSquare : C.lightSquare;
      const edgeColour = dark ? C.darkSquareEdge : C.lightSquareEdge;
      const g = ctx.createLinearGradient(x, y, x + w, y + h);
      g.addColorStop(0, base);
      g.addColorStop(1, edgeColour);
      ctx.fillStyle = g;
      ctx.fillRect(x, y, w + 0.5, h + 0.5);
      ctx.save();
      ctx.beginPath();
      ctx.rect(x, y, w, h);
      ctx.clip();
      grain(ctx, rand, x, y, w, h, { vertical: (r + c) % 2 === 0, alpha: dark ? 0.16 : 0.13, density: 2.4 });
      ctx.restore();
    }
  }
  // hairlines between the squares, and a fine inlay around the field
  ctx.save();
  ctx.strokeStyle = "rgba(60,30,8,0.28)";
  ctx.lineWidth = 0.6;
  ctx.beginPath();
  for (let i = 1; i < cols; i++) {
    const x = Math.round(fx + i * geo.cellW) + 0.5;
    ctx.moveTo(x, fy);
    ctx.lineTo(x, fy + fh);
  }
  for (let i = 1; i < rows; i++) {
    const y = Math.round(fy + i * geo.cellH) + 0.5;
    ctx.moveTo(fx, y);
    ctx.lineTo(fx + fw, y);
  }
  ctx.stroke();
  ctx.lineWidth = 1.2;
  ctx.strokeStyle = "rgba(40,18,4,0.75)";
  ctx.strokeRect(fx - 0.6, fy - 0.6, fw + 1.2, fh + 1.2);
  ctx.lineWidth = 1;
  ctx.strokeStyle = "rgba(255,225,180,0.28)";
  ctx.strokeRect(fx - 3.5, fy - 3.5, fw + 7, fh + 7);
  ctx.restore();

  // coordinates
  const frameW = Math.min(fx, fy, width - fx - fw, height - fy - fh);
  const size = Math.max(9, Math.min(15, frameW * 0.44, geo.cell * 0.26));
  ctx.save();
  ctx.font = font(700, size);
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  const labelAt = (text, x, y) => {
    ctx.fillStyle = "rgba(0,0,0,0.45)";
    ctx.fillText(text, x, y + 1);
    ctx.fillStyle = C.label;
    ctx.fillText(text, x, y);
  };
  if (files) {
    // a little off the middle of the frame, away from the field (room for marks on its edge)
    const y = fy + fh + (height - fy - fh) * 0.54 + 0.5;
    for (let c = 0; c < cols; c++) labelAt(fileLetter(c), fx + (c + 0.5) * geo.cellW, y);
  }
  if (ranks) {
    const x = fx * 0.45;
    for (let r = 0; r < rows; r++) labelAt(String(rankNumber(r, rows)), x, fy + (r + 0.5) * geo.cellH + 0.5);
  }
  ctx.restore();
}
