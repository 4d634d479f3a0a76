// Mahjong tiles painted on a canvas (no image assets): an ivory tile with a slight
// 3-D edge and a shadow, and its face: Dots, Bamboo, Characters, Winds, Dragons,
// Flowers and Seasons, in the style of a real set.
//
//   paintTile(ctx, "D5", x, y, w, h)        the whole tile in the box (a cell)
//   const sprites = createTileSprites();     a cache of painted tiles per size/dpr
//   sprites.draw(ctx, "WE", x, y, w, h, dpr, { alpha })
//   tileFaceRect(x, y, w, h)  -> { x, y, w, h, r }  the face (for frames, highlights)
//
// Codes: D1-D9 dots, B1-B9 bamboo (B1 is a bird), C1-C9 characters, WE WS WW WN
// winds, DR DG DW dragons, F1-F4 flowers, S1-S4 seasons. A string that is none of
// these is painted as a blank tile with a "?"; TILE_BACK ("back") is a face-down tile.

import { createSprite, roundRectPath } from "./canvas.js";
import { drawHanzi } from "./hanzi.js";
import { FONT_FAMILY } from "./theme.js";

/** Height / width of a tile (a cell). */
export const TILE_ASPECT = 1.3;

export const TILE_CODES = Object.freeze([
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => `D${n}`),
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => `B${n}`),
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => `C${n}`),
  "WE",
  "WS",
  "WW",
  "WN",
  "DR",
  "DG",
  "DW",
  "F1",
  "F2",
  "F3",
  "F4",
  "S1",
  "S2",
  "S3",
  "S4",
]);
const CODE_SET = new Set(TILE_CODES);

export function isTileCode(v) {
  return typeof v === "string" && CODE_SET.has(v);
}

const WINDS = { WE: ["東", "E", "east"], WS: ["南", "S", "south"], WW: ["西", "W", "west"], WN: ["北", "N", "north"] };
const NUMERALS = ["", "一", "二", "三", "四", "五", "六", "七", "八", "九"];
const FLOWERS = ["", "梅", "蘭", "菊", "竹"];
const FLOWER_NAMES = ["", "plum", "orchid", "chrysanthemum", "bamboo"];
const SEASONS = ["", "春", "夏", "秋", "冬"];
const SEASON_NAMES = ["", "spring", "summer", "autumn", "winter"];

/** A player's name of a tile: "3 of dots", "east wind", "flower 2 (orchid)", ... */
export function tileName(code) {
  if (!isTileCode(code)) return "unknown tile";
  const k = code[0];
  const n = Number(code[1]);
  if (code in WINDS) return `${WINDS[code][2]} wind`;
  if (code === "DR") return "red dragon";
  if (code === "DG") return "green dragon";
  if (code === "DW") return "white dragon";
  if (k === "D") return `${n} of dots`;
  if (k === "B") return `${n} of bamboo`;
  if (k === "C") return `${n} of characters`;
  if (k === "F") return `flower ${n} (${FLOWER_NAMES[n]})`;
  if (k === "S") return `season ${n} (${SEASON_NAMES[n]})`;
  return "unknown tile";
}

/** Identical tiles match; any flower matches any flower, any season any season. */
export function tilesMatch(a, b) {
  if (!isTileCode(a) || !isTileCode(b)) return false;
  if (a === b) return true;
  return (a[0] === "F" && b[0] === "F") || (a[0] === "S" && b[0] === "S");
}

/* -------------------------------------------------------------------- body -- */

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

/* ---------------------------------------------------------------- the faces -- */

const INK = "#17204a"; // the dark blue-black of printed tiles
const RED = "#c62a22";
const GREEN = "#17834a";
const BLUE = "#1f55a8";

function font(weight, size, family = FONT_FAMILY) {
  return `${weight} ${Math.max(1, Math.round(size * 10) / 10)}px ${family}`;
}
const SERIF = 'Georgia, "Times New Roman", "DejaVu Serif", serif';

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

function paintDots(ctx, n, a) {
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

function paintBamboo(ctx, n, a) {
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

function cornerText(ctx, text, x, y, size, colour, align = "left") {
  ctx.save();
  ctx.font = font(800, size, SERIF);
  ctx.textAlign = align;
  ctx.textBaseline = "top";
  ctx.fillStyle = colour;
  ctx.fillText(text, x, y);
  ctx.restore();
}

function paintCharacters(ctx, n, f, a) {
  const top = { x: a.x + a.w * 0.1, y: a.y, w: a.w * 0.8, h: a.h * 0.44 };
  drawHanzi(ctx, NUMERALS[n], top, { colour: INK, fit: "em", scaleX: 1.06 });
  drawHanzi(ctx, "萬", { x: a.x, y: a.y + a.h * 0.46, w: a.w, h: a.h * 0.54 }, { colour: RED, scaleY: 0.98 });
  cornerText(ctx, String(n), f.x + f.w * 0.07, f.y + f.h * 0.035, f.w * 0.24, RED);
}

function paintWind(ctx, code, f, a) {
  const [ch, letter] = WINDS[code];
  drawHanzi(ctx, ch, { x: a.x, y: a.y + a.h * 0.1, w: a.w, h: a.h * 0.86 }, { colour: INK });
  cornerText(ctx, letter, f.x + f.w * 0.07, f.y + f.h * 0.035, f.w * 0.24, RED);
}

function paintDragon(ctx, code, f, a) {
  if (code === "DR") {
    drawHanzi(ctx, "中", { x: a.x, y: a.y + a.h * 0.04, w: a.w, h: a.h * 0.92 }, { colour: RED });
  } else if (code === "DG") {
    drawHanzi(ctx, "發", { x: a.x - a.w * 0.04, y: a.y + a.h * 0.05, w: a.w * 1.08, h: a.h * 0.9 }, { colour: GREEN });
  } else {
    // the white dragon: an empty blue frame
    const m = a.w * 0.02;
    const x = a.x + m;
    const y = a.y + a.h * 0.04;
    const w = a.w - 2 * m;
    const h = a.h * 0.92;
    const t = a.w * 0.11;
    roundRectPath(ctx, x, y, w, h, t * 0.5);
    ctx.lineWidth = t;
    ctx.strokeStyle = BLUE;
    ctx.stroke();
    roundRectPath(ctx, x + t * 1.25, y + t * 1.25, w - t * 2.5, h - t * 2.5, t * 0.25);
    ctx.lineWidth = t * 0.35;
    ctx.stroke();
  }
}

/** A small five-petalled flower (the Flowers' corner mark). */
function littleFlower(ctx, cx, cy, r) {
  for (let i = 0; i < 5; i++) {
    const ang = -Math.PI / 2 + (i * 2 * Math.PI) / 5;
    ctx.beginPath();
    ctx.arc(cx + Math.cos(ang) * r * 0.55, cy + Math.sin(ang) * r * 0.55, r * 0.47, 0, Math.PI * 2);
    ctx.fillStyle = "#e8566a";
    ctx.fill();
  }
  ctx.beginPath();
  ctx.arc(cx, cy, r * 0.34, 0, Math.PI * 2);
  ctx.fillStyle = "#f5c518";
  ctx.fill();
  ctx.lineWidth = Math.max(0.4, r * 0.1);
  ctx.strokeStyle = "#9d2535";
  ctx.stroke();
}

/** A small sun with rays (the Seasons' corner mark). */
function littleSun(ctx, cx, cy, r) {
  ctx.beginPath();
  for (let i = 0; i < 8; i++) {
    const ang = (i * Math.PI) / 4;
    ctx.moveTo(cx + Math.cos(ang) * r * 0.6, cy + Math.sin(ang) * r * 0.6);
    ctx.lineTo(cx + Math.cos(ang) * r, cy + Math.sin(ang) * r);
  }
  ctx.lineWidth = Math.max(0.6, r * 0.2);
  ctx.lineCap = "round";
  ctx.strokeStyle = "#f08a1c";
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(cx, cy, r * 0.48, 0, Math.PI * 2);
  ctx.fillStyle = "#f6b21b";
  ctx.fill();
  ctx.lineWidth = Math.max(0.4, r * 0.1);
  ctx.strokeStyle = "#c8600e";
  ctx.stroke();
}

function paintBonus(ctx, code, f, a) {
  const n = Number(code[1]);
  const flower = code[0] === "F";
  const colour = flower ? RED : BLUE;
  const ch = flower ? FLOWERS[n] : SEASONS[n];
  drawHanzi(ctx, ch, { x: a.x + a.w * 0.04, y: a.y + a.h * 0.3, w: a.w * 0.92, h: a.h * 0.7 }, { colour });
  const r = f.w * 0.13;
  if (flower) littleFlower(ctx, f.x + f.w * 0.2, f.y + f.w * 0.2, r);
  else littleSun(ctx, f.x + f.w * 0.2, f.y + f.w * 0.2, r);
  cornerText(ctx, String(n), f.x + f.w * 0.93, f.y + f.h * 0.035, f.w * 0.24, colour, "right");
}

/** Paint the art of tile `code` on a face rectangle f = { x, y, w, h }. */
export function paintTileFace(ctx, code, f) {
  const mx = f.w * 0.1;
  const my = f.h * 0.08;
  const a = { x: f.x + mx, y: f.y + my, w: f.w - 2 * mx, h: f.h - 2 * my };
  ctx.save();
  if (!isTileCode(code)) {
    ctx.font = font(700, f.h * 0.5);
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillStyle = "#9a8f76";
    ctx.fillText("?", f.x + f.w / 2, f.y + f.h / 2);
    ctx.restore();
    return;
  }
  const k = code[0];
  const n = Number(code[1]);
  if (code in WINDS) paintWind(ctx, code, f, a);
  else if (code === "DR" || code === "DG" || code === "DW") paintDragon(ctx, code, f, a);
  else if (k === "D") paintDots(ctx, n, a);
  else if (k === "B") paintBamboo(ctx, n, a);
  else if (k === "C") paintCharacters(ctx, n, f, a);
  else paintBonus(ctx, code, f, a);
  ctx.restore();
}

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

/* ------------------------------------------------------------------ colours -- */

function parseHex(hex) {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
function lighten(hex, t) {
  const [r, g, b] = parseHex(hex);
  const f = (v) => Math.round(v + (255 - v) * t);
  return `rgb(${f(r)}, ${f(g)}, ${f(b)})`;
}
function darken(hex, t) {
  const [r, g, b] = parseHex(hex);
  const f = (v) => Math.round(v * (1 - t));
  return `rgb(${f(r)}, ${f(g)}, ${f(b)})`;
}
