// The face of a tile: the art of its code on the face rectangle. Dots and Bamboo
// are pictures (tilesuits.js); Characters, Winds, Dragons, Flowers and Seasons are
// lettered with the brush-written characters of hanzi.js.

import { roundRectPath } from "../lib/canvas.js";
import { drawHanzi } from "./hanzi.js";
import { FLOWERS, NUMERALS, SEASONS, WINDS, isTileCode } from "./tilecodes.js";
import { BLUE, GREEN, INK, RED, SERIF, font } from "./tileink.js";
import { paintBamboo, paintDots } from "./tilesuits.js";

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
