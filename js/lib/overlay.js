// A computer player's analysis drawn over a board: target cells tinted on a colour
// scale with a small label in the corner, the chosen move as an arrow, and a legend
// of the scale for the status line. Game-agnostic: cells are [row, col] of any grid
// laid out by grid.js's gridGeometry.
//
//   const overlay = parseOverlay(model.get("overlay"), 9, 9);   // null = none
//   // in draw(), below the pieces:
//   drawCellTints(ctx, geo, overlay.cells, { alpha });
//   // ... pieces ...
//   drawCellLabels(ctx, geo, overlay.cells, { alpha });
//   if (overlay.arrow) drawMoveArrow(ctx, geo, overlay.arrow.from, overlay.arrow.to, { alpha });
//
// The trait shape (see js/line98/CONTRACT.md):
//   {"title": str, "cells": [[r, c, value 0..1, label], ...], "arrow": [[r, c], [r, c]] | null,
//    "line": [[[r, c], [r, c]], ...]}
// `line` (optional): the moves that led to the position shown, first to last (the
// search explorer's line from the root), drawn as numbered arrows (drawLine).

import { roundRectPath } from "./canvas.js";
import { font } from "./theme.js";

/**
 * The colour scale, worst (0) to best (1): a viridis-like ramp from deep blue over
 * teal and green to yellow — ordered in lightness, so it reads in grey too and with
 * the common colour-vision deficiencies.
 */
export const SCALE_STOPS = [
  [0, "#3a3f9e"],
  [0.3, "#2a78a8"],
  [0.55, "#1fa287"],
  [0.78, "#70c94f"],
  [1, "#fde725"],
];

function hexRgb(hex) {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
const STOPS_RGB = SCALE_STOPS.map(([t, hex]) => [t, hexRgb(hex)]);

const clamp01 = (v) => (Number.isFinite(v) ? Math.max(0, Math.min(1, v)) : 0);

/** The scale's colour at t in 0..1, as [r, g, b] (0..255). */
export function scaleRgb(t) {
  const v = clamp01(t);
  for (let i = 1; i < STOPS_RGB.length; i++) {
    const [t1, c1] = STOPS_RGB[i];
    if (v <= t1) {
      const [t0, c0] = STOPS_RGB[i - 1];
      const f = t1 > t0 ? (v - t0) / (t1 - t0) : 0;
      return c0.map((x, k) => Math.round(x + (c1[k] - x) * f));
    }
  }
  return STOPS_RGB[STOPS_RGB.length - 1][1].slice();
}

/** The scale's colour at t as a CSS "rgba(...)" string. */
export function scaleColour(t, alpha = 1) {
  const [r, g, b] = scaleRgb(t);
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

/** The scale as a CSS gradient, e.g. for a legend: scaleGradientCss("to right"). */
export function scaleGradientCss(direction = "to right") {
  return `linear-gradient(${direction}, ${SCALE_STOPS.map(([t, hex]) => `${hex} ${Math.round(t * 100)}%`).join(", ")})`;
}

/**
 * Read an overlay trait defensively. Returns null for "no overlay" ({} or anything
 * malformed), else { title, cells: [{ r, c, value, label }], arrow: { from, to } | null }.
 * Bad cells are dropped; a value outside 0..1 is clamped; labels are cut to 6 chars.
 */
export function parseOverlay(raw, rows, cols) {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return null;
  const inGrid = (r, c) => Number.isInteger(r) && Number.isInteger(c) && r >= 0 && r < rows && c >= 0 && c < cols;
  const cells = [];
  const seen = new Set();
  if (Array.isArray(raw.cells)) {
    for (const item of raw.cells) {
      if (!Array.isArray(item) || item.length < 3 || !inGrid(item[0], item[1])) continue;
      const value = typeof item[2] === "number" && Number.isFinite(item[2]) ? clamp01(item[2]) : null;
      if (value === null) continue;
      const key = item[0] * cols + item[1];
      if (seen.has(key)) continue;
      seen.add(key);
      let label = item.length > 3 && item[3] != null ? String(item[3]) : "";
      if (label.length > 6) label = `${label.slice(0, 5)}\u2026`;
      cells.push({ r: item[0], c: item[1], value, label });
    }
  }
  let arrow = null;
  const a = raw.arrow;
  if (Array.isArray(a) && a.length === 2 && Array.isArray(a[0]) && Array.isArray(a[1])) {
    const [from, to] = a;
    if (inGrid(from[0], from[1]) && inGrid(to[0], to[1]) && (from[0] !== to[0] || from[1] !== to[1])) {
      arrow = { from: [from[0], from[1]], to: [to[0], to[1]] };
    }
  }
  const line = [];
  if (Array.isArray(raw.line)) {
    for (const step of raw.line) {
      if (!Array.isArray(step) || step.length !== 2 || !Array.isArray(step[0]) || !Array.isArray(step[1])) continue;
      const [from, to] = step;
      if (inGrid(from[0], from[1]) && inGrid(to[0], to[1]) && (from[0] !== to[0] || from[1] !== to[1])) {
        line.push({ from: [from[0], from[1]], to: [to[0], to[1]] });
      }
    }
  }
  const title = typeof raw.title === "string" ? raw.title : "";
  if (!cells.length && !arrow && !title && !line.length) return null;
  return { title, cells, arrow, line };
}

/** A stable key of a parsed overlay (to notice that a new one arrived). */
export function overlayKey(overlay) {
  return overlay ? JSON.stringify(overlay) : "";
}

/**
 * Tint each cell by its value (draw it below the pieces, so they stay visible).
 * Options: alpha (overall, for fading in), inset (px from the cell edge, default
 * 4.5% of the cell), radius (corner radius, default 16% of the cell).
 */
export function drawCellTints(ctx, geo, cells, { alpha = 1, inset, radius } = {}) {
  if (!cells || !cells.length || alpha <= 0) return;
  const g = inset === undefined ? geo.cell * 0.045 : inset;
  const rad = radius === undefined ? geo.cell * 0.16 : radius;
  ctx.save();
  for (const { r, c, value } of cells) {
    const { x, y, w, h } = geo.cellRect(r, c);
    const cx = x + w / 2;
    const cy = y + h / 2;
    // a translucent fill, brighter towards the middle, and a crisp rim of the colour
    const fill = ctx.createRadialGradient(cx, cy, 0, cx, cy, w * 0.72);
    // better cells more opaque, so the best ones stand out of a crowd of poor ones
    const a = 0.3 + 0.45 * value;
    fill.addColorStop(0, scaleColour(value, a * alpha));
    fill.addColorStop(1, scaleColour(value, a * 0.6 * alpha));
    roundRectPath(ctx, x + g, y + g, w - 2 * g, h - 2 * g, rad);
    ctx.fillStyle = fill;
    ctx.fill();
    roundRectPath(ctx, x + g + 1, y + g + 1, w - 2 * g - 2, h - 2 * g - 2, Math.max(0, rad - 1));
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = scaleColour(value, (0.55 + 0.45 * value) * alpha);
    ctx.stroke();
  }
  ctx.restore();
}

/**
 * Each cell's label, small, in its top-left corner on a dark tab (draw it above the
 * pieces). A tab's edge takes the cell's scale colour.
 */
export function drawCellLabels(ctx, geo, cells, { alpha = 1 } = {}) {
  if (!cells || !cells.length || alpha <= 0) return;
  const size = Math.max(8.5, Math.min(14, geo.cell * 0.26));
  ctx.save();
  ctx.font = font(700, size);
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.globalAlpha *= alpha;
  for (const { r, c, value, label } of cells) {
    if (!label) continue;
    const { x, y } = geo.cellRect(r, c);
    const tw = ctx.measureText(label).width;
    const bh = size + 3;
    const bw = Math.max(bh, tw + 6);
    const bx = x + geo.cell * 0.045 + 1;
    const by = y + geo.cell * 0.045 + 1;
    roundRectPath(ctx, bx, by, bw, bh, bh / 2.6);
    ctx.fillStyle = "rgba(12, 16, 22, 0.82)";
    ctx.fill();
    ctx.lineWidth = 1;
    ctx.strokeStyle = scaleColour(value, 0.9);
    ctx.stroke();
    ctx.fillStyle = `rgba(244, 247, 251, ${0.72 + 0.28 * value})`;
    ctx.fillText(label, bx + bw / 2, by + bh / 2 + 0.5);
  }
  ctx.restore();
}

/**
 * An arrow from point `from` to point `to` ({x, y} in CSS px): a shaft with a
 * triangular head, outlined in dark so it shows over any piece or colour.
 * Options: width (shaft, px), colour, outline (colour of the edge), startGap /
 * endGap (px left free at each end), alpha, startDot (draw a ring at the start).
 */
export function drawArrow(ctx, from, to, opts = {}) {
  const {
    width = 6,
    colour = "#ffffff",
    outline = "rgba(10, 14, 20, 0.85)",
    startGap = 0,
    endGap = 0,
    alpha = 1,
    startDot = true,
  } = opts;
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const len = Math.hypot(dx, dy);
  if (len < 1 || alpha <= 0) return;
  const ux = dx / len;
  const uy = dy / len;
  const head = Math.min(width * 3.1, len * 0.6);
  const headW = width * 1.55; // half-width of the head
  const sx = from.x + ux * startGap;
  const sy = from.y + uy * startGap;
  const tipX = to.x - ux * endGap;
  const tipY = to.y - uy * endGap;
  const baseX = tipX - ux * head;
  const baseY = tipY - uy * head;
  const nx = -uy;
  const ny = ux;
  const hw = width / 2;
  const path = () => {
    ctx.beginPath();
    ctx.moveTo(sx + nx * hw, sy + ny * hw);
    ctx.lineTo(baseX + nx * hw, baseY + ny * hw);
    ctx.lineTo(baseX + nx * headW, baseY + ny * headW);
    ctx.lineTo(tipX, tipY);
    ctx.lineTo(baseX - nx * headW, baseY - ny * headW);
    ctx.lineTo(baseX - nx * hw, baseY - ny * hw);
    ctx.lineTo(sx - nx * hw, sy - ny * hw);
    ctx.closePath();
  };
  ctx.save();
  ctx.globalAlpha *= alpha;
  ctx.lineJoin = "round";
  // soft shadow, dark edge, then the body
  ctx.shadowColor = "rgba(0, 0, 0, 0.45)";
  ctx.shadowBlur = width * 1.2;
  ctx.shadowOffsetY = width * 0.25;
  path();
  ctx.lineWidth = Math.max(2, width * 0.55);
  ctx.strokeStyle = outline;
  ctx.stroke();
  ctx.shadowColor = "transparent";
  ctx.fillStyle = colour;
  ctx.fill();
  if (startDot) {
    ctx.beginPath();
    ctx.arc(from.x, from.y, Math.max(startGap, width * 1.2), 0, Math.PI * 2);
    ctx.lineWidth = Math.max(3, width * 0.8);
    ctx.strokeStyle = outline;
    ctx.stroke();
    ctx.lineWidth = Math.max(1.5, width * 0.42);
    ctx.strokeStyle = colour;
    ctx.stroke();
  }
  ctx.restore();
}

/**
 * The chosen move from cell `from` to cell `to` ([r, c]) as an arrow sized to the
 * grid: it starts on a ring around the moving piece and stops short of the target's
 * centre. Options as drawArrow (colour, alpha, ...), plus ringRadius (fraction of a
 * cell, default 0.44: just outside a ball of radius 0.385).
 */
export function drawMoveArrow(ctx, geo, from, to, opts = {}) {
  const { ringRadius = 0.44, ...rest } = opts;
  const a = geo.cellCenter(from[0], from[1]);
  const b = geo.cellCenter(to[0], to[1]);
  const width = Math.max(3.5, geo.cell * 0.11);
  drawArrow(ctx, a, b, {
    width,
    startGap: geo.cell * ringRadius,
    endGap: geo.cell * 0.08,
    ...rest,
  });
}

/**
 * The moves that led to the position shown (an overlay's `line`), as thin amber arrows
 * numbered from 1 at their middle, the last one the most opaque.
 */
export function drawLine(ctx, geo, line, { alpha = 1 } = {}) {
  if (!line || !line.length || alpha <= 0) return;
  const size = Math.max(8.5, Math.min(13, geo.cell * 0.24));
  line.forEach((step, i) => {
    const fade = 0.55 + (0.45 * (i + 1)) / line.length;
    drawMoveArrow(ctx, geo, step.from, step.to, {
      alpha: alpha * fade, colour: "#f6b93b", startDot: false, width: Math.max(2.5, geo.cell * 0.07),
    });
    const a = geo.cellCenter(step.from[0], step.from[1]);
    const b = geo.cellCenter(step.to[0], step.to[1]);
    const x = (a.x + b.x) / 2;
    const y = (a.y + b.y) / 2;
    ctx.save();
    ctx.globalAlpha *= alpha;
    ctx.beginPath();
    ctx.arc(x, y, size * 0.72, 0, Math.PI * 2);
    ctx.fillStyle = "rgba(12, 16, 22, 0.88)";
    ctx.fill();
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = "#f6b93b";
    ctx.stroke();
    ctx.font = font(800, size);
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillStyle = "#ffe3a6";
    ctx.fillText(String(i + 1), x, y + 0.5);
    ctx.restore();
  });
}

/**
 * A small legend of the scale: "worse [gradient] better". Returns { el, show(bool) }.
 * Styled by theme.js (.gw-legend).
 */
export function createScaleLegend({ doc = document, low = "worse", high = "better", title } = {}) {
  const el = doc.createElement("span");
  el.className = "gw-legend";
  el.title = title || `Overlay colour scale: ${low} to ${high}`;
  const lo = doc.createElement("span");
  lo.textContent = low;
  const bar = doc.createElement("span");
  bar.className = "gw-legend-bar";
  bar.style.background = scaleGradientCss("to right");
  const hi = doc.createElement("span");
  hi.textContent = high;
  el.append(lo, bar, hi);
  el.hidden = true;
  return {
    el,
    show(visible) {
      el.hidden = !visible;
    },
  };
}
