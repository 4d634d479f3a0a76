// Mahjong tiles painted on a canvas (no image assets): an ivory tile with a slight
// 3-D edge and a shadow, and its face: Dots, Bamboo, Characters, Winds, Dragons,
// Flowers and Seasons, in the style of a real set.
//
//   paintTile(ctx, "D5", x, y, w, h)        the whole tile in the box (a cell)
//   const sprites = createTileSprites();     a cache of painted tiles per size/dpr
//   sprites.draw(ctx, "WE", x, y, w, h, dpr, { alpha })
//   tileFaceRect(x, y, w, h)  -> { x, y, w, h, r }  the face (for frames, highlights)
//
// Codes (tilecodes.js): D1-D9 dots, B1-B9 bamboo, C1-C9 characters, WE WS WW WN
// winds, DR DG DW dragons, F1-F4 flowers, S1-S4 seasons. A string that is none of
// these is painted as a blank tile with a "?"; TILE_BACK ("back") is a face-down tile.
// The body is here, the faces' art in tilefaces.js and tilesuits.js.

import { createSprite, roundRectPath } from "../lib/canvas.js";
import { paintTileFace } from "./tilefaces.js";

/** Height / width of a tile (a cell). */
export const TILE_ASPECT = 1.3;

const IVORY_TOP = "#fffdf4";
const IVORY = "#f6efdc";
const IVORY_LOW = "#e9dfc4";
const EDGE_IVORY = "#d8cba7";
const EDGE_BACK = "#2f8a63"; // the green back layer of a real tile
const EDGE_BACK_DARK = "#1c5e41";

function metrics(w, h) {
  const gap = Math.max(0.75, w * 0.035);
  const depth = Math.max(2, w * 0.085);
  const bw = w - 2 * gap;
  const bh = h - 2 * gap;
  const r = Math.max(2, w * 0.1);
  return { gap, depth, bw, bh, r };
}

/** The face of a tile drawn in the box x, y, w, h: { x, y, w, h, r }. */
export function tileFaceRect(x, y, w, h) {
  const { gap, depth, bw, bh, r } = metrics(w, h);
  return { x: x + gap, y: y + gap, w: bw - depth, h: bh - depth, r };
}

/** Paint the body of a tile (shadow, edge, blank face) in the box x, y, w, h. */
export function paintTileBody(ctx, x, y, w, h, { shadow = true } = {}) {
  const { gap, depth, bw, bh, r } = metrics(w, h);
  const fx = x + gap;
  const fy = y + gap;
  const fw = bw - depth;
  const fh = bh - depth;
  if (shadow) {
    ctx.save();
    ctx.shadowColor = "rgba(0, 0, 0, 0.45)";
    ctx.shadowBlur = depth * 1.6;
    ctx.shadowOffsetX = depth * 0.55;
    ctx.shadowOffsetY = depth * 0.75;
    roundRectPath(ctx, fx + depth, fy + depth, fw, fh, r);
    ctx.fillStyle = EDGE_BACK_DARK;
    ctx.fill();
    ctx.restore();
  }
  // the edge: the green back, then the ivory body, layer by layer towards the face
  const steps = Math.max(3, Math.ceil(depth * 2));
  for (let i = steps; i >= 1; i--) {
    const t = i / steps; // 1 = farthest from the face
    const off = depth * t;
    roundRectPath(ctx, fx + off, fy + off, fw, fh, r);
    ctx.fillStyle = t > 0.55 ? (t > 0.9 ? EDGE_BACK_DARK : EDGE_BACK) : EDGE_IVORY;
    ctx.fill();
  }
  // a darker seam between the back and the body
  roundRectPath(ctx, fx + depth * 0.55, fy + depth * 0.55, fw, fh, r);
  ctx.lineWidth = Math.max(0.5, depth * 0.12);
  ctx.strokeStyle = "rgba(20, 50, 35, 0.35)";
  ctx.stroke();
  // the face
  const face = ctx.createLinearGradient(fx, fy, fx + fw * 0.4, fy + fh);
  face.addColorStop(0, IVORY_TOP);
  face.addColorStop(0.55, IVORY);
  face.addColorStop(1, IVORY_LOW);
  roundRectPath(ctx, fx, fy, fw, fh, r);
  ctx.fillStyle = face;
  ctx.fill();
  // bevel: light on the top-left rim, shade on the bottom-right rim
  ctx.save();
  roundRectPath(ctx, fx, fy, fw, fh, r);
  ctx.clip();
  const lw = Math.max(1, w * 0.035);
  roundRectPath(ctx, fx + lw * 0.5, fy + lw * 0.5, fw - lw, fh - lw, r);
  const bevel = ctx.createLinearGradient(fx, fy, fx + fw, fy + fh);
  bevel.addColorStop(0, "rgba(255, 255, 255, 0.95)");
  bevel.addColorStop(0.5, "rgba(255, 255, 255, 0)");
  bevel.addColorStop(0.5, "rgba(150, 130, 90, 0)");
  bevel.addColorStop(1, "rgba(150, 130, 90, 0.45)");
  ctx.lineWidth = lw;
  ctx.strokeStyle = bevel;
  ctx.stroke();
  ctx.restore();
  roundRectPath(ctx, fx + 0.25, fy + 0.25, fw - 0.5, fh - 0.5, r);
  ctx.lineWidth = 0.6;
  ctx.strokeStyle = "rgba(120, 100, 60, 0.55)";
  ctx.stroke();
  return { x: fx, y: fy, w: fw, h: fh, r };
}

/* ---------------------------------------------------------------- face down -- */

/** The code of a tile lying face down (paintTile and the sprites draw its back). */
export const TILE_BACK = "back";

/** Paint the back of a face-down tile on a face rectangle f = { x, y, w, h, r }. */
export function paintTileBack(ctx, f) {
  const g = ctx.createLinearGradient(f.x, f.y, f.x + f.w * 0.4, f.y + f.h);
  g.addColorStop(0, "#3fae7c");
  g.addColorStop(1, "#21704c");
  roundRectPath(ctx, f.x, f.y, f.w, f.h, f.r);
  ctx.fillStyle = g;
  ctx.fill();
  // a lighter inner panel with a diamond lattice
  const m = f.w * 0.14;
  ctx.save();
  roundRectPath(ctx, f.x + m, f.y + m, f.w - 2 * m, f.h - 2 * m, f.r * 0.6);
  ctx.lineWidth = Math.max(0.6, f.w * 0.03);
  ctx.strokeStyle = "rgba(255, 255, 255, 0.35)";
  ctx.stroke();
  ctx.clip();
  ctx.beginPath();
  const step = f.w * 0.22;
  for (let k = -f.h; k < f.w + f.h; k += step) {
    ctx.moveTo(f.x + k, f.y);
    ctx.lineTo(f.x + k + f.h, f.y + f.h);
    ctx.moveTo(f.x + k, f.y + f.h);
    ctx.lineTo(f.x + k + f.h, f.y);
  }
  ctx.lineWidth = Math.max(0.4, f.w * 0.02);
  ctx.strokeStyle = "rgba(255, 255, 255, 0.14)";
  ctx.stroke();
  ctx.restore();
}

/** Paint a whole tile (shadow, edge, face, art) in the box x, y, w, h. */
export function paintTile(ctx, code, x, y, w, h, { shadow = true } = {}) {
  const f = paintTileBody(ctx, x, y, w, h, { shadow });
  if (code === TILE_BACK) paintTileBack(ctx, f);
  else paintTileFace(ctx, code, f);
  return f;
}

/**
 * A cache of painted tiles: one offscreen sprite per code, size and dpr.
 * draw(ctx, code, x, y, w, h, dpr, { alpha, shadow, scale }) paints the tile in the box
 * (scale: enlarged or shrunk about the box's centre, from the same sprite);
 * clear() empties the cache (e.g. after a resize).
 */
export function createTileSprites({ max = 400 } = {}) {
  const cache = new Map();
  function get(code, w, h, dpr, shadow) {
    const key = `${code}|${w.toFixed(2)}|${h.toFixed(2)}|${dpr}|${shadow ? 1 : 0}`;
    let s = cache.get(key);
    if (!s) {
      const pad = Math.ceil(Math.max(2, w * 0.25));
      s = createSprite(w + 2 * pad, h + 2 * pad, dpr, (ctx) => paintTile(ctx, code, pad, pad, w, h, { shadow }));
      s.pad = pad;
      if (cache.size >= max) cache.delete(cache.keys().next().value);
      cache.set(key, s);
    }
    return s;
  }
  return {
    draw(ctx, code, x, y, w, h, dpr = 1, { alpha = 1, shadow = true, scale = 1 } = {}) {
      if (!(w > 1) || !(h > 1) || alpha <= 0 || !(scale > 0)) return;
      const s = get(code, w, h, dpr, shadow);
      const prev = ctx.globalAlpha;
      if (alpha < 1) ctx.globalAlpha = prev * alpha;
      if (scale === 1) {
        ctx.drawImage(s.canvas, x - s.pad, y - s.pad, s.width, s.height);
      } else {
        // the same sprite, scaled about the box's centre (animations: no new sprite a frame)
        const cx = x + w / 2;
        const cy = y + h / 2;
        ctx.drawImage(s.canvas, cx - (s.width / 2) * scale, cy - (s.height / 2) * scale, s.width * scale, s.height * scale);
      }
      ctx.globalAlpha = prev;
    },
    clear() {
      cache.clear();
    },
    get size() {
      return cache.size;
    },
  };
}

