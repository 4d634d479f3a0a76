// The analysis overlay (the `overlay` trait, e.g. w.show(w.solve())): every pair in
// `pairs` is joined by a thin dashed line in its own colour with numbered dots on its
// two tiles; the `next` pair (the solver's next move) is joined by a strong magenta
// line and framed. Its title goes to the status line (status.js).
//
// With `safety` (the solver's verdict beside each pair: "safe", "dead end" or
// "unknown") a pair's line and dots take its verdict's colour instead (green, red,
// grey: picture.py's SAFETY_COLOURS), a little stronger; the next pair stays magenta
// (line and frames) with its dots in its verdict's colour.
// The legend of those colours sits at the status line's end (safetylegend.js).

import { font } from "../lib/theme.js";
import { COLOURS, faceOf, frame } from "./frames.js";
import { samePair } from "./traits.js";

/** A pair's colour by its safety (src/gamewidgets/mahjong/picture.py SAFETY_COLOURS). */
export const SAFETY_COLOURS = { safe: "#3ddc84", "dead end": "#ff3b3b", unknown: "#a0a7b0" };

// one colour per overlay pair (cycled)
const PAIR_COLOURS = ["#ff9f1c", "#2ec4b6", "#e71d36", "#8e7dff", "#3a86ff", "#ff5fa2", "#7bd389", "#ffd166", "#00b4d8", "#c77dff"];

/** A numbered dot of `colour` at (x, y), radius r. */
function drawDot(ctx, x, y, r, colour, number) {
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fillStyle = colour;
  ctx.fill();
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = "rgba(20, 20, 20, 0.75)";
  ctx.stroke();
  ctx.font = font(800, number > 9 ? r * 1.05 : r * 1.25);
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillStyle = "#111";
  ctx.fillText(String(number), x, y + 0.5);
}

/** The next pair: a strong magenta line and frames. */
function drawNext(ctx, next, layout, centre) {
  const geo = layout.geo;
  const [a, b] = next.map(centre);
  ctx.save();
  ctx.beginPath();
  ctx.moveTo(a.x, a.y);
  ctx.lineTo(b.x, b.y);
  ctx.lineWidth = Math.max(3, geo.cw * 0.08) + 3;
  ctx.strokeStyle = "rgba(30, 0, 30, 0.6)";
  ctx.lineCap = "round";
  ctx.stroke();
  ctx.lineWidth = Math.max(3, geo.cw * 0.08);
  ctx.strokeStyle = COLOURS.next;
  ctx.stroke();
  ctx.restore();
  for (const cell of next) frame(ctx, layout, cell, COLOURS.next, { width: 4, tint: 0.18 });
}

/** Draw `overlay` ({ pairs, next, safety }) over the tiles of `grid`; layout: the board's. */
export function drawOverlay(ctx, overlay, layout, traits, grid) {
  if (!overlay) return;
  const geo = layout.geo;
  const centre = (cell) => geo.center(...layout.toView(cell));
  const dotR = Math.max(4, geo.cw * 0.13);
  const marks = new Map(); // "r,c" -> count of dots already placed on that tile
  const dots = []; // drawn last, over the next pair's frames: [x, y, colour, number]
  ctx.save();
  overlay.pairs.forEach((pair, k) => {
    const safety = overlay.safety ? overlay.safety[k] : null;
    // the next pair: its magenta line (drawNext), and with verdicts its dots in its colour
    const isNext = overlay.next && samePair(pair, overlay.next);
    if (isNext && !safety) return;
    const colour = safety ? SAFETY_COLOURS[safety] : PAIR_COLOURS[k % PAIR_COLOURS.length];
    if (!isNext) {
      const [a, b] = pair.map(centre);
      ctx.globalAlpha = safety ? 0.85 : 0.5;
      ctx.beginPath();
      ctx.moveTo(a.x, a.y);
      ctx.lineTo(b.x, b.y);
      ctx.lineWidth = safety ? 2.5 : 2;
      ctx.strokeStyle = colour;
      ctx.setLineDash([5, 4]);
      ctx.stroke();
      ctx.setLineDash([]);
      ctx.globalAlpha = 1;
    }
    for (const cell of pair) {
      if (!traits.codeAt(cell, grid)) continue;
      const key = cell.join(",");
      const n = marks.get(key) || 0;
      marks.set(key, n + 1);
      const f = faceOf(geo, ...layout.toView(cell));
      // along the bottom edge from the right, three a row
      const x = f.x + f.w - dotR - 1 - (n % 3) * dotR * 2.1;
      const y = f.y + f.h - dotR - 1 - Math.floor(n / 3) * dotR * 2.1;
      dots.push([x, y, colour, k + 1]);
    }
  });
  ctx.restore();
  if (overlay.next) drawNext(ctx, overlay.next, layout, centre);
  ctx.save();
  for (const [x, y, colour, number] of dots) drawDot(ctx, x, y, dotR, colour, number);
  ctx.restore();
}
