// Dominoes (double-six and the like) painted on a canvas: an ivory tile with a
// bevelled edge, a brass centre pin, a dividing bar and real black pips; a face-down
// tile (a back); and the layout of a line of dominoes winding as a snake across a
// given width.
//
//   paintDomino(ctx, a, b, x, y, w, h)       the tile in the box: w >= h lies flat
//                                            (a on the left), else stands (a on top)
//   paintDominoBack(ctx, x, y, w, h)         a face-down tile
//   const sprites = createDominoSprites();   a cache per tile, size and dpr
//   sprites.draw(ctx, [a, b] | "back", x, y, w, h, dpr, { alpha })
//   dominoCanvas(doc, [a, b] | "back", w, h, dpr)  a <canvas> of w x h CSS px (HTML)
//   paintedCanvas(doc, w, h, dpr, paint)     any such canvas, painted by paint(ctx)
//   tileKey([a, b]) -> "a-b";  asTile(v) -> [a, b] | null (pips 0..maxPip)
//
//   const lay = layoutLine({ width, unit, tiles, pad })   // tiles: [[a, b], ...]
//   lay.slots[i] = { x, y, w, h, dir, flip }   dir "right" | "down" | "left";
//   draw tile i with paintDomino(ctx, ...orient(tile, slot), slot.x, slot.y, slot.w, slot.h)
//   lay.height, lay.rows
//
// The snake: rows run left to right, then right to left, ...; at a row's end the
// next tile turns down (standing in the last column, its first half beside the
// previous tile's end) and the next row starts under it, so tiles always touch end
// to end. A double lies crosswise in a row, but in line at a corner (the turning
// tile and the first one after it) so it never overlaps its neighbours.

import { createSprite, roundRectPath } from "../lib/canvas.js";

export const TILE_BACK = "back";

/** Pip centres per value, in a unit square (0..1), a 3 x 3 grid as on real sets. */
const L = 0.22;
const M = 0.5;
const R = 0.78;
export const PIP_LAYOUT = [
  [],
  [[M, M]],
  [[L, L], [R, R]],
  [[L, L], [M, M], [R, R]],
  [[L, L], [R, L], [L, R], [R, R]],
  [[L, L], [R, L], [M, M], [L, R], [R, R]],
  [[L, L], [R, L], [L, M], [R, M], [L, R], [R, R]],
  [[L, L], [R, L], [L, M], [M, M], [R, M], [L, R], [R, R]],
  [[L, L], [M, L], [R, L], [L, M], [R, M], [L, R], [M, R], [R, R]],
  [[L, L], [M, L], [R, L], [L, M], [M, M], [R, M], [L, R], [M, R], [R, R]],
];

/** [a, b] with integer pips 0..maxPip, or null. */
export function asTile(v, maxPip = 9) {
  if (!Array.isArray(v) || v.length !== 2) return null;
  const [a, b] = v;
  const ok = (p) => Number.isInteger(p) && p >= 0 && p <= maxPip;
  return ok(a) && ok(b) ? [a, b] : null;
}

/** "a-b" */
export const tileKey = (t) => (Array.isArray(t) ? `${t[0]}-${t[1]}` : String(t));

/** Same tile, either way round. */
export const sameTile = (s, t) =>
  !!s && !!t && ((s[0] === t[0] && s[1] === t[1]) || (s[0] === t[1] && s[1] === t[0]));

const IVORY = { light: "#fffdf6", base: "#f4eddc", dark: "#d8ccb1", edge: "#a8987a" };

function body(ctx, x, y, w, h, fill) {
  const r = Math.min(w, h) * 0.16;
  // the side of the tile (a slight 3-D edge below)
  const depth = Math.max(1, Math.min(w, h) * 0.07);
  roundRectPath(ctx, x, y + depth * 0.6, w, h - depth * 0.6, r);
  ctx.fillStyle = fill.side;
  ctx.fill();
  roundRectPath(ctx, x, y, w, h - depth, r);
  const g = ctx.createLinearGradient(x, y, x + w * 0.3, y + h);
  g.addColorStop(0, fill.light);
  g.addColorStop(0.55, fill.base);
  g.addColorStop(1, fill.dark);
  ctx.fillStyle = g;
  ctx.fill();
  ctx.lineWidth = Math.max(0.6, Math.min(w, h) * 0.025);
  ctx.strokeStyle = fill.edge;
  ctx.stroke();
  return { x, y, w, h: h - depth, r };
}

function pips(ctx, n, x, y, s) {
  const layout = PIP_LAYOUT[n] || [];
  const pr = s * 0.095;
  for (const [px, py] of layout) {
    const cx = x + px * s;
    const cy = y + py * s;
    // a drilled pip: dark with a faint lower-right rim light
    ctx.beginPath();
    ctx.arc(cx, cy + pr * 0.18, pr * 1.05, 0, Math.PI * 2);
    ctx.fillStyle = "rgba(255,255,255,0.7)";
    ctx.fill();
    const g = ctx.createRadialGradient(cx - pr * 0.3, cy - pr * 0.35, pr * 0.1, cx, cy, pr);
    g.addColorStop(0, "#3a3a3a");
    g.addColorStop(1, "#0b0b0b");
    ctx.beginPath();
    ctx.arc(cx, cy, pr, 0, Math.PI * 2);
    ctx.fillStyle = g;
    ctx.fill();
  }
}

/**
 * Paint the domino [a, b] in the box x, y, w, h (CSS px). Flat (w >= h): a on the
 * left half, b on the right; standing: a on the top half, b below.
 */
export function paintDomino(ctx, a, b, x, y, w, h, { shadow = true } = {}) {
  ctx.save();
  if (shadow) {
    ctx.shadowColor = "rgba(0,0,0,0.45)";
    ctx.shadowBlur = Math.min(w, h) * 0.18;
    ctx.shadowOffsetY = Math.min(w, h) * 0.06;
  }
  const f = body(ctx, x, y, w, h, { ...IVORY, side: "#b9aa8c" });
  ctx.restore();
  ctx.save();
  const flat = w >= h;
  const s = flat ? Math.min(f.w / 2, f.h) : Math.min(f.w, f.h / 2);
  // the dividing bar and the brass pin
  ctx.strokeStyle = "rgba(60,48,30,0.55)";
  ctx.lineWidth = Math.max(0.8, s * 0.045);
  ctx.lineCap = "round";
  ctx.beginPath();
  if (flat) {
    const mx = f.x + f.w / 2;
    ctx.moveTo(mx, f.y + f.h * 0.14);
    ctx.lineTo(mx, f.y + f.h * 0.86);
  } else {
    const my = f.y + f.h / 2;
    ctx.moveTo(f.x + f.w * 0.14, my);
    ctx.lineTo(f.x + f.w * 0.86, my);
  }
  ctx.stroke();
  const cx = f.x + f.w / 2;
  const cy = f.y + f.h / 2;
  const pin = ctx.createRadialGradient(cx - s * 0.02, cy - s * 0.02, 0, cx, cy, s * 0.06);
  pin.addColorStop(0, "#fff1b8");
  pin.addColorStop(1, "#9c7a2c");
  ctx.beginPath();
  ctx.arc(cx, cy, s * 0.055, 0, Math.PI * 2);
  ctx.fillStyle = pin;
  ctx.fill();
  if (flat) {
    pips(ctx, a, f.x + (f.w / 2 - s) / 2, f.y + (f.h - s) / 2, s);
    pips(ctx, b, f.x + f.w / 2 + (f.w / 2 - s) / 2, f.y + (f.h - s) / 2, s);
  } else {
    pips(ctx, a, f.x + (f.w - s) / 2, f.y + (f.h / 2 - s) / 2, s);
    pips(ctx, b, f.x + (f.w - s) / 2, f.y + f.h / 2 + (f.h / 2 - s) / 2, s);
  }
  ctx.restore();
}

/** A face-down tile: a dark lacquered back with a small emblem. */
export function paintDominoBack(ctx, x, y, w, h, { shadow = true } = {}) {
  ctx.save();
  if (shadow) {
    ctx.shadowColor = "rgba(0,0,0,0.45)";
    ctx.shadowBlur = Math.min(w, h) * 0.18;
    ctx.shadowOffsetY = Math.min(w, h) * 0.06;
  }
  const f = body(ctx, x, y, w, h, { light: "#3f7a6a", base: "#1f5a4c", dark: "#123a31", edge: "#0b2620", side: "#0d2b24" });
  ctx.restore();
  ctx.save();
  const inset = Math.min(f.w, f.h) * 0.16;
  roundRectPath(ctx, f.x + inset, f.y + inset, f.w - 2 * inset, f.h - 2 * inset, f.r * 0.6);
  ctx.strokeStyle = "rgba(230, 200, 120, 0.55)";
  ctx.lineWidth = Math.max(0.7, Math.min(f.w, f.h) * 0.04);
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(f.x + f.w / 2, f.y + f.h / 2, Math.min(f.w, f.h) * 0.12, 0, Math.PI * 2);
  ctx.fillStyle = "rgba(230, 200, 120, 0.6)";
  ctx.fill();
  ctx.restore();
}

function paintAny(ctx, tile, x, y, w, h) {
  if (tile === TILE_BACK) paintDominoBack(ctx, x, y, w, h);
  else paintDomino(ctx, tile[0], tile[1], x, y, w, h);
}

/** A cache of painted dominoes (with room for the shadow) per tile, size and dpr. */
export function createDominoSprites({ max = 300 } = {}) {
  const cache = new Map();
  return {
    draw(ctx, tile, x, y, w, h, dpr, { alpha = 1 } = {}) {
      const m = Math.ceil(Math.min(w, h) * 0.3) + 2;
      const key = `${tileKey(tile)}|${w.toFixed(2)}|${h.toFixed(2)}|${dpr}`;
      let sprite = cache.get(key);
      if (!sprite) {
        if (cache.size >= max) cache.clear();
        sprite = createSprite(w + 2 * m, h + 2 * m, dpr, (c) => paintAny(c, tile, m, m, w, h));
        cache.set(key, sprite);
      }
      const prev = ctx.globalAlpha;
      ctx.globalAlpha = prev * alpha;
      ctx.drawImage(sprite.canvas, x - m, y - m, w + 2 * m, h + 2 * m);
      ctx.globalAlpha = prev;
    },
    clear() {
      cache.clear();
    },
  };
}

/** A <canvas> of w x h CSS px, crisp at `dpr`, painted once by paint(ctx) in CSS px. */
export function paintedCanvas(doc, w, h, dpr, paint) {
  const canvas = doc.createElement("canvas");
  canvas.width = Math.ceil(w * dpr);
  canvas.height = Math.ceil(h * dpr);
  canvas.style.width = `${w}px`;
  canvas.style.height = `${h}px`;
  const ctx = canvas.getContext("2d");
  if (ctx) {
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    paint(ctx);
  }
  return canvas;
}

/** A <canvas> showing the tile (or TILE_BACK) in w x h CSS px (plus `pad` around), crisp at `dpr`. */
export function dominoCanvas(doc, tile, w, h, dpr = 1, { pad = 3 } = {}) {
  return paintedCanvas(doc, w + 2 * pad, h + 2 * pad, dpr, (ctx) => paintAny(ctx, tile, pad, pad, w, h));
}

/**
 * Lay out `tiles` (the line, in order, plus any placeholder slots the caller adds)
 * as a snake `width` CSS px wide. `unit` is a tile's short side (its long side is
 * 2 * unit). Returns { slots, height, rows } where slot i is the box of tile i with
 * `dir` (the way the line runs there), `flip` (true when the tile's first pip is on
 * the right or bottom side of the box, i.e. the row runs right to left) and `cross`
 * (a double drawn crosswise).
 */
export function layoutLine({ width, unit, tiles, pad = 8, gap = 1.5 }) {
  const u = unit;
  const long = 2 * u;
  const pitch = 2 * u + u * 0.22; // row axis to row axis
  const left = pad;
  const right = Math.max(left + 4 * u, width - pad);
  const slots = [];
  let dir = "right";
  let axis = pad + u; // centre line of the row
  let x = left; // where the next tile starts (its touching edge)
  let rows = 1;
  let corner = 0; // tiles laid in line at a corner still to come (the turn, the next)
  for (let i = 0; i < tiles.length; i++) {
    const t = tiles[i];
    const isDouble = Array.isArray(t) && t[0] === t[1];
    const cross = isDouble && corner === 0;
    const len = cross ? u : long;
    const fits = dir === "right" ? x + len + u <= right + 0.01 : x - len - u >= left - 0.01;
    if (i > 0 && !fits && corner === 0) {
      // turn down: stand in the last column, top half beside the previous end
      const sx = dir === "right" ? x + gap : x - u - gap;
      slots.push({ x: sx, y: axis - u / 2, w: u, h: long, dir: "down", flip: false, cross: false });
      const bottom = axis - u / 2 + long;
      axis += pitch;
      rows += 1;
      // the next row starts under the standing tile, running the other way
      dir = dir === "right" ? "left" : "right";
      x = dir === "left" ? sx + u : sx;
      void bottom;
      corner = 1;
      continue;
    }
    if (dir === "right") {
      const w = len;
      const h = cross ? long : u;
      slots.push({ x, y: axis - h / 2, w, h, dir, flip: false, cross });
      x += w + gap;
    } else {
      const w = len;
      const h = cross ? long : u;
      slots.push({ x: x - w, y: axis - h / 2, w, h, dir, flip: true, cross });
      x -= w + gap;
    }
    if (corner > 0) corner -= 1;
  }
  const height = axis + u + pad;
  // a single row is centred
  if (rows === 1 && slots.length) {
    const minX = Math.min(...slots.map((s) => s.x));
    const maxX = Math.max(...slots.map((s) => s.x + s.w));
    const dx = (width - (maxX - minX)) / 2 - minX;
    for (const s of slots) s.x += dx;
  }
  return { slots, height, rows };
}

/**
 * How to paint tile [a, b] in its slot: the pips in box order (left/top first).
 * A crosswise double is painted standing in a flat row (and flat in a standing one).
 */
export function slotPips(tile, slot) {
  const [a, b] = tile;
  return slot.flip ? [b, a] : [a, b];
}
