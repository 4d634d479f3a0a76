// The balls of Line 98: the seven colours, their names, and one glossy ball (with its
// symbol, for players who cannot tell the colours apart) painted on a canvas.
// Pure painting, no state: ball-sprites.js caches what this paints.

import { mix, rgba } from "../lib/theme.js";

/** Ball colours 1..7; light/base/dark drive the radial gradient. */
export const BALLS = [
  null,
  { name: "red", base: "#e8362c", light: "#ffb1a3", dark: "#7d0d08", ink: "#ffffff" },
  { name: "green", base: "#2cb84a", light: "#b9f7ad", dark: "#0c5a1d", ink: "#ffffff" },
  { name: "blue", base: "#2d6cf0", light: "#a9c8ff", dark: "#0f2c7c", ink: "#ffffff" },
  { name: "yellow", base: "#f7c81b", light: "#fff6b8", dark: "#9a6d00", ink: "#3b2c00" },
  { name: "pink", base: "#ff5ec4", light: "#ffd0f0", dark: "#a3166f", ink: "#ffffff" },
  { name: "cyan", base: "#1fd0e3", light: "#c6fbff", dark: "#06707e", ink: "#053a42" },
  { name: "white", base: "#eef1f5", light: "#ffffff", dark: "#8792a2", ink: "#2a3442" },
];
export const colourName = (c) => (BALLS[c] ? BALLS[c].name : "?");
export const isColour = (v) => Number.isInteger(v) && v >= 1 && v <= 7;

function glyphPath(ctx, colour, s) {
  // A distinct shape per colour, centred on 0,0, size ~ s (half-width).
  ctx.beginPath();
  switch (colour) {
    case 1: {
      // plus
      const a = s * 0.95;
      const b = s * 0.33;
      ctx.moveTo(-b, -a);
      ctx.lineTo(b, -a);
      ctx.lineTo(b, -b);
      ctx.lineTo(a, -b);
      ctx.lineTo(a, b);
      ctx.lineTo(b, b);
      ctx.lineTo(b, a);
      ctx.lineTo(-b, a);
      ctx.lineTo(-b, b);
      ctx.lineTo(-a, b);
      ctx.lineTo(-a, -b);
      ctx.lineTo(-b, -b);
      break;
    }
    case 2: // triangle
      ctx.moveTo(0, -s * 0.95);
      ctx.lineTo(s * 0.95, s * 0.72);
      ctx.lineTo(-s * 0.95, s * 0.72);
      break;
    case 3: // square
      ctx.rect(-s * 0.72, -s * 0.72, s * 1.44, s * 1.44);
      break;
    case 4: {
      // star
      for (let i = 0; i < 10; i++) {
        const rr = i % 2 === 0 ? s * 1.05 : s * 0.45;
        const a = -Math.PI / 2 + (i * Math.PI) / 5;
        const x = Math.cos(a) * rr;
        const y = Math.sin(a) * rr + s * 0.08;
        if (i === 0) ctx.moveTo(x, y);
        else ctx.lineTo(x, y);
      }
      break;
    }
    case 5: {
      // heart
      const k = s * 0.98;
      ctx.moveTo(0, k * 0.9);
      ctx.bezierCurveTo(-k * 1.25, k * 0.05, -k * 0.85, -k * 1.05, 0, -k * 0.42);
      ctx.bezierCurveTo(k * 0.85, -k * 1.05, k * 1.25, k * 0.05, 0, k * 0.9);
      break;
    }
    case 6: // diamond
      ctx.moveTo(0, -s * 1.05);
      ctx.lineTo(s * 0.8, 0);
      ctx.lineTo(0, s * 1.05);
      ctx.lineTo(-s * 0.8, 0);
      break;
    case 7: // ring
      ctx.arc(0, 0, s * 0.82, 0, Math.PI * 2);
      ctx.moveTo(s * 0.42, 0);
      ctx.arc(0, 0, s * 0.42, 0, Math.PI * 2, true);
      break;
    default:
      break;
  }
  ctx.closePath();
}

/** Paint one glossy ball of radius r centred at (cx, cy). */
export function paintBall(ctx, cx, cy, r, colour, symbols) {
  const b = BALLS[colour];
  if (!b) return;
  // body
  const body = ctx.createRadialGradient(cx - r * 0.36, cy - r * 0.42, r * 0.04, cx, cy, r * 1.02);
  body.addColorStop(0, b.light);
  body.addColorStop(0.38, b.base);
  body.addColorStop(0.82, mix(b.base, b.dark, 0.55));
  body.addColorStop(1, b.dark);
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.fillStyle = body;
  ctx.fill();
  // reflected light on the lower rim
  ctx.save();
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.clip();
  const rim = ctx.createRadialGradient(cx + r * 0.1, cy + r * 0.95, 0, cx + r * 0.1, cy + r * 0.95, r * 0.75);
  rim.addColorStop(0, "rgba(255,255,255,0.30)");
  rim.addColorStop(1, "rgba(255,255,255,0)");
  ctx.fillStyle = rim;
  ctx.fillRect(cx - r, cy - r, 2 * r, 2 * r);
  ctx.restore();
  // symbol, "printed" on the ball under the highlight
  if (symbols) {
    ctx.save();
    ctx.translate(cx, cy + r * 0.04);
    glyphPath(ctx, colour, r * 0.42);
    ctx.fillStyle = rgba(b.ink, 0.88);
    ctx.shadowColor = b.ink === "#ffffff" ? "rgba(0,0,0,0.35)" : "rgba(255,255,255,0.35)";
    ctx.shadowBlur = r * 0.12;
    ctx.fill("evenodd");
    ctx.restore();
  }
  // specular highlight
  ctx.save();
  ctx.translate(cx - r * 0.33, cy - r * 0.43);
  ctx.rotate(-0.55);
  ctx.scale(1, 0.62);
  const spec = ctx.createRadialGradient(0, 0, 0, 0, 0, r * 0.36);
  spec.addColorStop(0, "rgba(255,255,255,0.95)");
  spec.addColorStop(0.5, "rgba(255,255,255,0.45)");
  spec.addColorStop(1, "rgba(255,255,255,0)");
  ctx.beginPath();
  ctx.arc(0, 0, r * 0.36, 0, Math.PI * 2);
  ctx.fillStyle = spec;
  ctx.fill();
  ctx.restore();
  // crisp edge
  ctx.beginPath();
  ctx.arc(cx, cy, r - 0.4, 0, Math.PI * 2);
  ctx.lineWidth = 0.8;
  ctx.strokeStyle = "rgba(0,0,0,0.28)";
  ctx.stroke();
}

/** Paint the soft shadow under a ball: an ellipse of half-width r centred at (cx, cy). */
export function paintShadow(ctx, cx, cy, r, alpha) {
  ctx.save();
  ctx.translate(cx, cy);
  ctx.scale(1, 0.32);
  const g = ctx.createRadialGradient(0, 0, 0, 0, 0, r);
  g.addColorStop(0, `rgba(0,0,0,${0.5 * alpha})`);
  g.addColorStop(1, "rgba(0,0,0,0)");
  ctx.fillStyle = g;
  ctx.beginPath();
  ctx.arc(0, 0, r, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
}
