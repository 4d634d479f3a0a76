// The faces of the two suits drawn as pictures: Dots (coins, the 1 an ornate big
// coin) and Bamboo (sticks, the 1 a bird on a twig).
//
//   paintDots(ctx, n, art)     paintBamboo(ctx, n, art)
//   art = { x, y, w, h }: the part of the face the picture fills.

import { roundRectPath } from "../lib/canvas.js";
import { BLUE, GREEN, RED, darken, lighten } from "./tileink.js";

/** A coin of the Dots suit: coloured disc, white ring, coloured centre. */
function coin(ctx, cx, cy, r, colour) {
  const g = ctx.createRadialGradient(cx - r * 0.35, cy - r * 0.35, r * 0.1, cx, cy, r);
  g.addColorStop(0, lighten(colour, 0.35));
  g.addColorStop(1, colour);
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.fillStyle = g;
  ctx.fill();
  ctx.lineWidth = Math.max(0.5, r * 0.08);
  ctx.strokeStyle = darken(colour, 0.35);
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(cx, cy, r * 0.66, 0, Math.PI * 2);
  ctx.lineWidth = r * 0.16;
  ctx.strokeStyle = "rgba(255, 252, 240, 0.95)";
  ctx.stroke();
  // little notches on the white ring, like the printed coins
  ctx.save();
  ctx.strokeStyle = colour;
  ctx.lineWidth = Math.max(0.4, r * 0.07);
  for (let i = 0; i < 8; i++) {
    const a = (i / 8) * Math.PI * 2 + Math.PI / 8;
    ctx.beginPath();
    ctx.moveTo(cx + Math.cos(a) * r * 0.58, cy + Math.sin(a) * r * 0.58);
    ctx.lineTo(cx + Math.cos(a) * r * 0.74, cy + Math.sin(a) * r * 0.74);
    ctx.stroke();
  }
  ctx.restore();
  ctx.beginPath();
  ctx.arc(cx, cy, r * 0.36, 0, Math.PI * 2);
  ctx.fillStyle = darken(colour, 0.1);
  ctx.fill();
  ctx.beginPath();
  ctx.arc(cx - r * 0.1, cy - r * 0.1, r * 0.12, 0, Math.PI * 2);
  ctx.fillStyle = "rgba(255, 255, 255, 0.85)";
  ctx.fill();
}

/** The big ornate coin of the 1 of Dots. */
function bigCoin(ctx, cx, cy, r) {
  // green scalloped rim
  ctx.beginPath();
  const n = 16;
  for (let i = 0; i <= n * 2; i++) {
    const a = (i / (n * 2)) * Math.PI * 2;
    const rr = i % 2 ? r : r * 0.9;
    const px = cx + Math.cos(a) * rr;
    const py = cy + Math.sin(a) * rr;
    if (i === 0) ctx.moveTo(px, py);
    else ctx.lineTo(px, py);
  }
  ctx.closePath();
  ctx.fillStyle = GREEN;
  ctx.fill();
  ctx.beginPath();
  ctx.arc(cx, cy, r * 0.8, 0, Math.PI * 2);
  ctx.fillStyle = "#fffaf0";
  ctx.fill();
  ctx.beginPath();
  ctx.arc(cx, cy, r * 0.7, 0, Math.PI * 2);
  ctx.fillStyle = BLUE;
  ctx.fill();
  for (let i = 0; i < 12; i++) {
    const a = (i / 12) * Math.PI * 2;
    ctx.beginPath();
    ctx.arc(cx + Math.cos(a) * r * 0.56, cy + Math.sin(a) * r * 0.56, r * 0.075, 0, Math.PI * 2);
    ctx.fillStyle = "#fffaf0";
    ctx.fill();
  }
  ctx.beginPath();
  ctx.arc(cx, cy, r * 0.42, 0, Math.PI * 2);
  ctx.fillStyle = "#fffaf0";
  ctx.fill();
  coin(ctx, cx, cy, r * 0.36, RED);
}

const DOTS = {
  // [u, v, colour] in face units (0..1 of the art box), and the coin radius (x art width)
  2: { r: 0.24, dots: [[0.5, 0.27, GREEN], [0.5, 0.73, BLUE]] },
  3: { r: 0.2, dots: [[0.24, 0.19, BLUE], [0.5, 0.5, RED], [0.76, 0.81, GREEN]] },
  4: { r: 0.21, dots: [[0.27, 0.27, BLUE], [0.73, 0.27, GREEN], [0.27, 0.73, GREEN], [0.73, 0.73, BLUE]] },
  5: {
    r: 0.19,
    dots: [[0.24, 0.2, BLUE], [0.76, 0.2, GREEN], [0.5, 0.5, RED], [0.24, 0.8, GREEN], [0.76, 0.8, BLUE]],
  },
  6: {
    r: 0.19,
    dots: [[0.28, 0.17, GREEN], [0.72, 0.17, GREEN], [0.28, 0.53, RED], [0.72, 0.53, RED], [0.28, 0.83, RED], [0.72, 0.83, RED]],
  },
  7: {
    r: 0.16,
    dots: [
      [0.2, 0.12, GREEN],
      [0.5, 0.24, GREEN],
      [0.8, 0.36, GREEN],
      [0.28, 0.6, RED],
      [0.72, 0.6, RED],
      [0.28, 0.86, RED],
      [0.72, 0.86, RED],
    ],
  },
  8: {
    r: 0.17,
    dots: [0.12, 0.37, 0.63, 0.88].flatMap((v) => [[0.28, v, BLUE], [0.72, v, BLUE]]),
  },
  9: {
    r: 0.16,
    dots: [[0.15, BLUE], [0.5, RED], [0.85, GREEN]].flatMap(([v, col]) => [[0.18, v, col], [0.5, v, col], [0.82, v, col]]),
  },
};

export function paintDots(ctx, n, a) {
  if (n === 1) {
    bigCoin(ctx, a.x + a.w / 2, a.y + a.h / 2, Math.min(a.w, a.h) * 0.5);
    return;
  }
  const spec = DOTS[n];
  if (!spec) return;
  const r = a.w * spec.r;
  for (const [u, v, colour] of spec.dots) coin(ctx, a.x + u * a.w, a.y + v * a.h, r, colour);
}

/** A bamboo stick centred on (cx, cy), length len, width sw, rotated by angle. */
function stick(ctx, cx, cy, len, sw, colour, angle = 0) {
  ctx.save();
  ctx.translate(cx, cy);
  if (angle) ctx.rotate(angle);
  const x = -sw / 2;
  const y = -len / 2;
  const g = ctx.createLinearGradient(x, 0, x + sw, 0);
  g.addColorStop(0, darken(colour, 0.35));
  g.addColorStop(0.35, lighten(colour, 0.3));
  g.addColorStop(0.6, colour);
  g.addColorStop(1, darken(colour, 0.4));
  roundRectPath(ctx, x, y, sw, len, sw * 0.45);
  ctx.fillStyle = g;
  ctx.fill();
  // nodes: a bulge at both ends and in the middle
  const node = (ny) => {
    ctx.beginPath();
    ctx.ellipse(0, ny, sw * 0.68, sw * 0.26, 0, 0, Math.PI * 2);
    ctx.fillStyle = darken(colour, 0.25);
    ctx.fill();
    ctx.beginPath();
    ctx.ellipse(0, ny - sw * 0.06, sw * 0.5, sw * 0.12, 0, 0, Math.PI * 2);
    ctx.fillStyle = lighten(colour, 0.45);
    ctx.fill();
  };
  node(y + sw * 0.3);
  node(0);
  node(y + len - sw * 0.3);
  // a light stripe along the stick
  ctx.beginPath();
  ctx.moveTo(-sw * 0.12, y + sw * 0.75);
  ctx.lineTo(-sw * 0.12, -sw * 0.45);
  ctx.moveTo(-sw * 0.12, sw * 0.45);
  ctx.lineTo(-sw * 0.12, y + len - sw * 0.75);
  ctx.lineWidth = Math.max(0.4, sw * 0.14);
  ctx.lineCap = "round";
  ctx.strokeStyle = "rgba(255, 255, 255, 0.5)";
  ctx.stroke();
  ctx.restore();
}

const BAMBOO_GREEN = "#1f8f4e";
const BAMBOO_BLUE = "#245fae";
const BAMBOO_RED = "#c9302a";

const BAMBOO = {
  // [u, v, colour, angle?], stick length (x art height), width (x art width)
  2: { len: 0.42, sw: 0.17, sticks: [[0.5, 0.26, BAMBOO_BLUE], [0.5, 0.74, BAMBOO_GREEN]] },
  3: {
    len: 0.42,
    sw: 0.16,
    sticks: [[0.5, 0.26, BAMBOO_BLUE], [0.3, 0.74, BAMBOO_GREEN], [0.7, 0.74, BAMBOO_GREEN]],
  },
  4: {
    len: 0.42,
    sw: 0.16,
    sticks: [[0.3, 0.26, BAMBOO_BLUE], [0.7, 0.26, BAMBOO_GREEN], [0.3, 0.74, BAMBOO_GREEN], [0.7, 0.74, BAMBOO_BLUE]],
  },
  5: {
    len: 0.42,
    sw: 0.15,
    sticks: [
      [0.2, 0.26, BAMBOO_GREEN],
      [0.8, 0.26, BAMBOO_BLUE],
      [0.5, 0.5, BAMBOO_RED],
      [0.2, 0.74, BAMBOO_BLUE],
      [0.8, 0.74, BAMBOO_GREEN],
    ],
  },
  6: {
    len: 0.42,
    sw: 0.15,
    sticks: [0.26, 0.74].flatMap((v) => [[0.2, v, BAMBOO_GREEN], [0.5, v, BAMBOO_BLUE], [0.8, v, BAMBOO_GREEN]]),
  },
  7: {
    len: 0.29,
    sw: 0.15,
    sticks: [
      [0.5, 0.17, BAMBOO_RED],
      ...[0.5, 0.83].flatMap((v) => [[0.2, v, BAMBOO_GREEN], [0.5, v, BAMBOO_BLUE], [0.8, v, BAMBOO_GREEN]]),
    ],
  },
  8: {
    len: 0.42,
    sw: 0.13,
    sticks: [
      [0.13, 0.26, BAMBOO_GREEN],
      [0.38, 0.26, BAMBOO_BLUE, 0.42],
      [0.62, 0.26, BAMBOO_BLUE, -0.42],
      [0.87, 0.26, BAMBOO_GREEN],
      [0.13, 0.74, BAMBOO_GREEN],
      [0.38, 0.74, BAMBOO_BLUE, -0.42],
      [0.62, 0.74, BAMBOO_BLUE, 0.42],
      [0.87, 0.74, BAMBOO_GREEN],
    ],
  },
  9: {
    len: 0.29,
    sw: 0.15,
    sticks: [0.17, 0.5, 0.83].flatMap((v) => [[0.2, v, BAMBOO_GREEN], [0.5, v, BAMBOO_RED], [0.8, v, BAMBOO_BLUE]]),
  },
};

export function paintBamboo(ctx, n, a) {
  if (n === 1) {
    paintBird(ctx, a);
    return;
  }
  const spec = BAMBOO[n];
  if (!spec) return;
  for (const [u, v, colour, angle] of spec.sticks) {
    stick(ctx, a.x + u * a.w, a.y + v * a.h, spec.len * a.h, spec.sw * a.w, colour, angle || 0);
  }
}

/** The 1 of Bamboo: a peacock-like bird perched on a bamboo twig. */
function paintBird(ctx, a) {
  ctx.save();
  ctx.translate(a.x, a.y);
  ctx.scale(a.w / 100, a.h / 130);
  ctx.lineJoin = "round";
  ctx.lineCap = "round";
  // twig
  ctx.beginPath();
  ctx.moveTo(8, 116);
  ctx.quadraticCurveTo(50, 108, 94, 118);
  ctx.lineWidth = 5;
  ctx.strokeStyle = "#7a5a2a";
  ctx.stroke();
  ctx.beginPath();
  ctx.ellipse(80, 108, 8, 3.5, -0.5, 0, Math.PI * 2);
  ctx.fillStyle = BAMBOO_GREEN;
  ctx.fill();
  // tail feathers fanning up behind, each with an "eye"
  const feathers = [
    [-0.95, "#1d7a44"],
    [-0.55, "#23905a"],
    [-0.15, "#1d7a44"],
  ];
  for (const [ang, col] of feathers) {
    ctx.save();
    ctx.translate(62, 84);
    ctx.rotate(ang);
    ctx.beginPath();
    ctx.ellipse(0, -34, 11, 30, 0, 0, Math.PI * 2);
    ctx.fillStyle = col;
    ctx.fill();
    ctx.lineWidth = 1.2;
    ctx.strokeStyle = "#0d4a2a";
    ctx.stroke();
    ctx.beginPath();
    ctx.ellipse(0, -50, 5.5, 7, 0, 0, Math.PI * 2);
    ctx.fillStyle = BLUE;
    ctx.fill();
    ctx.beginPath();
    ctx.arc(0, -50, 2.6, 0, Math.PI * 2);
    ctx.fillStyle = "#f2c230";
    ctx.fill();
    ctx.restore();
  }
  // legs
  ctx.beginPath();
  ctx.moveTo(40, 96);
  ctx.lineTo(37, 112);
  ctx.moveTo(50, 97);
  ctx.lineTo(51, 112);
  ctx.lineWidth = 2.5;
  ctx.strokeStyle = "#b5651d";
  ctx.stroke();
  // body
  const body = ctx.createRadialGradient(40, 70, 4, 46, 80, 30);
  body.addColorStop(0, "#4fc27b");
  body.addColorStop(1, "#15703e");
  ctx.beginPath();
  ctx.ellipse(46, 80, 24, 18, -0.35, 0, Math.PI * 2);
  ctx.fillStyle = body;
  ctx.fill();
  ctx.lineWidth = 1.4;
  ctx.strokeStyle = "#0d4a2a";
  ctx.stroke();
  // wing
  ctx.beginPath();
  ctx.moveTo(36, 76);
  ctx.quadraticCurveTo(58, 62, 72, 86);
  ctx.quadraticCurveTo(54, 92, 36, 76);
  ctx.fillStyle = BLUE;
  ctx.fill();
  ctx.strokeStyle = "#123a78";
  ctx.stroke();
  // neck and head
  ctx.beginPath();
  ctx.moveTo(30, 74);
  ctx.quadraticCurveTo(24, 56, 30, 44);
  ctx.lineTo(40, 46);
  ctx.quadraticCurveTo(38, 60, 44, 70);
  ctx.closePath();
  ctx.fillStyle = "#1f8f4e";
  ctx.fill();
  ctx.beginPath();
  ctx.arc(33, 40, 10, 0, Math.PI * 2);
  ctx.fillStyle = RED;
  ctx.fill();
  ctx.lineWidth = 1.2;
  ctx.strokeStyle = "#7d120d";
  ctx.stroke();
  // crest
  ctx.beginPath();
  for (const [dx, dy] of [
    [-4, -12],
    [0, -15],
    [4, -12],
  ]) {
    ctx.moveTo(33, 31);
    ctx.lineTo(33 + dx, 31 + dy);
  }
  ctx.lineWidth = 2;
  ctx.strokeStyle = RED;
  ctx.stroke();
  for (const [dx, dy] of [
    [-4, -12],
    [0, -15],
    [4, -12],
  ]) {
    ctx.beginPath();
    ctx.arc(33 + dx, 31 + dy, 2.2, 0, Math.PI * 2);
    ctx.fillStyle = "#f2c230";
    ctx.fill();
  }
  // beak and eye
  ctx.beginPath();
  ctx.moveTo(24, 37);
  ctx.lineTo(12, 42);
  ctx.lineTo(24, 44);
  ctx.closePath();
  ctx.fillStyle = "#f0a020";
  ctx.fill();
  ctx.beginPath();
  ctx.arc(30, 38, 3, 0, Math.PI * 2);
  ctx.fillStyle = "#fff";
  ctx.fill();
  ctx.beginPath();
  ctx.arc(29.5, 38, 1.6, 0, Math.PI * 2);
  ctx.fillStyle = "#111";
  ctx.fill();
  ctx.restore();
}
