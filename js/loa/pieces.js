// Round, glossy board-game pieces (stones, checkers) drawn on a canvas, cached as
// sprites, plus the same look as a CSS background for HTML icons.
//
//   const pieces = createPieceSprites();          // one per view
//   pieces.draw(ctx, "black", x, y, r, dpr);      // centred at x, y, radius r (CSS px)
//   pieces.draw(ctx, "white", x, y, r, dpr, { alpha: 0.5, lift: 0.3, scale: 0.9 });
//   pieces.clear();                               // after a resize / dpr change
//   icon.style.background = pieceCss("black");    // a matching HTML dot
//
// Styles (PIECE_STYLES): "black" (polished ebony), "white" (ivory), "red", "blue";
// a style object { light, base, dark, rim, edge } may be passed instead of a name.
// A piece is a slightly domed disc: a body gradient lit from the top-left, a bevel
// ring, a specular highlight and a soft contact shadow (the shadow is part of the
// sprite, offset down-right; `lift` raises the piece off its shadow).

import { createSprite } from "../lib/canvas.js";

export const PIECE_STYLES = {
  black: { light: "#6b7280", base: "#24272d", dark: "#08090b", rim: "#3a3f48", edge: "rgba(0,0,0,0.55)", gloss: 0.75 },
  white: { light: "#ffffff", base: "#f1ece1", dark: "#b4ab9a", rim: "#fffdf7", edge: "rgba(70,55,35,0.45)", gloss: 0.9 },
  red: { light: "#ff9a8a", base: "#d2322a", dark: "#6e0d09", rim: "#f0675c", edge: "rgba(60,0,0,0.5)", gloss: 0.8 },
  blue: { light: "#9cc2ff", base: "#2a5fcf", dark: "#0c2466", rim: "#5d8cf0", edge: "rgba(0,10,50,0.5)", gloss: 0.8 },
};

function styleOf(style) {
  if (style && typeof style === "object") return style;
  return PIECE_STYLES[style] || PIECE_STYLES.black;
}

/** Paint one piece of radius r centred at (cx, cy), without its shadow. */
export function paintPiece(ctx, cx, cy, r, style) {
  const s = styleOf(style);
  // body: a dome lit from the top-left
  const body = ctx.createRadialGradient(cx - r * 0.35, cy - r * 0.4, r * 0.05, cx, cy, r);
  body.addColorStop(0, s.light);
  body.addColorStop(0.45, s.base);
  body.addColorStop(0.88, s.dark);
  body.addColorStop(1, s.dark);
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.fillStyle = body;
  ctx.fill();
  // bevel: a thin lighter ring just inside the edge, brightest at the top-left
  ctx.save();
  const bevel = ctx.createLinearGradient(cx - r, cy - r, cx + r, cy + r);
  bevel.addColorStop(0, s.rim);
  bevel.addColorStop(0.5, "rgba(255,255,255,0)");
  bevel.addColorStop(1, "rgba(0,0,0,0.25)");
  ctx.beginPath();
  ctx.arc(cx, cy, r * 0.8, 0, Math.PI * 2);
  ctx.lineWidth = Math.max(0.8, r * 0.07);
  ctx.strokeStyle = bevel;
  ctx.globalAlpha = 0.55;
  ctx.stroke();
  ctx.restore();
  // light bounced back from the board on the lower rim
  ctx.save();
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.clip();
  const bounce = ctx.createRadialGradient(cx + r * 0.25, cy + r * 1.05, 0, cx + r * 0.25, cy + r * 1.05, r * 0.8);
  bounce.addColorStop(0, "rgba(255,236,200,0.28)");
  bounce.addColorStop(1, "rgba(255,236,200,0)");
  ctx.fillStyle = bounce;
  ctx.fillRect(cx - r, cy - r, 2 * r, 2 * r);
  ctx.restore();
  // specular highlight
  ctx.save();
  ctx.translate(cx - r * 0.34, cy - r * 0.42);
  ctx.rotate(-0.6);
  ctx.scale(1, 0.58);
  const spec = ctx.createRadialGradient(0, 0, 0, 0, 0, r * 0.42);
  spec.addColorStop(0, `rgba(255,255,255,${s.gloss})`);
  spec.addColorStop(0.45, `rgba(255,255,255,${s.gloss * 0.4})`);
  spec.addColorStop(1, "rgba(255,255,255,0)");
  ctx.beginPath();
  ctx.arc(0, 0, r * 0.42, 0, Math.PI * 2);
  ctx.fillStyle = spec;
  ctx.fill();
  ctx.restore();
  // crisp edge
  ctx.beginPath();
  ctx.arc(cx, cy, r - 0.35, 0, Math.PI * 2);
  ctx.lineWidth = 0.7;
  ctx.strokeStyle = s.edge;
  ctx.stroke();
}

/** Paint the soft contact shadow of a piece of radius r centred at (cx, cy). */
export function paintPieceShadow(ctx, cx, cy, r, alpha = 1) {
  const g = ctx.createRadialGradient(cx, cy, r * 0.55, cx, cy, r * 1.12);
  g.addColorStop(0, `rgba(20,10,0,${0.5 * alpha})`);
  g.addColorStop(1, "rgba(20,10,0,0)");
  ctx.beginPath();
  ctx.arc(cx, cy, r * 1.12, 0, Math.PI * 2);
  ctx.fillStyle = g;
  ctx.fill();
}

/** A CSS background that looks like the piece (for small HTML icons). */
export function pieceCss(style) {
  const s = styleOf(style);
  return (
    `radial-gradient(circle at 34% 28%, rgba(255,255,255,${s.gloss * 0.85}) 0 8%, rgba(255,255,255,0) 30%), ` +
    `radial-gradient(circle at 35% 30%, ${s.light} 0%, ${s.base} 45%, ${s.dark} 92%)`
  );
}

/**
 * A cache of piece and shadow sprites for one view. draw() options: alpha (0..1),
 * scale (the piece drawn at r * scale, e.g. shrinking while captured), lift (0..1:
 * the piece rises by lift * r * 0.25 and its shadow spreads and fades), shadow
 * (default true).
 */
export function createPieceSprites() {
  const cache = new Map();

  function sprite(key, size, dpr, paint) {
    let s = cache.get(key);
    if (!s) {
      s = createSprite(size, size, dpr, paint);
      cache.set(key, s);
    }
    return s;
  }

  function draw(ctx, style, x, y, r, dpr = 1, { alpha = 1, scale = 1, lift = 0, shadow = true } = {}) {
    if (!(r > 0.5) || alpha <= 0 || scale <= 0) return;
    const name = typeof style === "string" ? style : JSON.stringify(style);
    const rk = r.toFixed(2);
    const pad = 2;
    const size = 2 * r + 2 * pad;
    const prev = ctx.globalAlpha;
    if (shadow) {
      const sh = sprite(`shadow|${rk}|${dpr}`, 2.4 * r, dpr, (c) => paintPieceShadow(c, 1.2 * r, 1.2 * r, r));
      const k = (1 + lift * 0.25) * scale;
      const w = sh.width * k;
      ctx.globalAlpha = prev * alpha * (1 - lift * 0.45);
      ctx.drawImage(sh.canvas, x + r * 0.07 + lift * r * 0.12 - w / 2, y + r * 0.1 + lift * r * 0.12 - w / 2, w, w);
    }
    const body = sprite(`piece|${name}|${rk}|${dpr}`, size, dpr, (c) => paintPiece(c, r + pad, r + pad, r, style));
    const w = size * scale;
    ctx.globalAlpha = prev * alpha;
    ctx.drawImage(body.canvas, x - w / 2, y - lift * r * 0.25 - w / 2, w, w);
    ctx.globalAlpha = prev;
  }

  return {
    draw,
    clear: () => cache.clear(),
    get size() {
      return cache.size;
    },
  };
}
