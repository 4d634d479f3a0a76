// The analysis overlay (the `overlay` trait, e.g. w.show(w.solve())): every pair in
// `pairs` is joined by a thin dashed line in its own colour with numbered dots on its
// two tiles; the `next` pair (the solver's next move) is joined by a strong magenta
// line and framed. Its title goes to the status line (status.js).

import { font } from "../lib/theme.js";
import { COLOURS, faceOf, frame } from "./frames.js";
import { samePair } from "./traits.js";

// one colour per overlay pair (cycled)
const PAIR_COLOURS = ["#ff9f1c", "#2ec4b6", "#e71d36", "#8e7dff", "#3a86ff", "#ff5fa2", "#7bd389", "#ffd166", "#00b4d8", "#c77dff"];

/** Draw `overlay` ({ pairs, next }) over the tiles of `grid`; layout: the board's. */
export function drawOverlay(ctx, overlay, layout, traits, grid) {
  if (!overlay) return;
  const geo = layout.geo;
  const centre = (cell) => geo.center(...layout.toView(cell));
  const dotR = Math.max(4, geo.cw * 0.13);
  const marks = new Map(); // "r,c" -> count of dots already placed on that tile
  ctx.save();
  overlay.pairs.forEach((pair, k) => {
    if (overlay.next && samePair(pair, overlay.next)) return;
    const colour = PAIR_COLOURS[k % PAIR_COLOURS.length];
    const [a, b] = pair.map(centre);
    ctx.globalAlpha = 0.5;
    ctx.beginPath();
    ctx.moveTo(a.x, a.y);
    ctx.lineTo(b.x, b.y);
    ctx.lineWidth = 2;
    ctx.strokeStyle = colour;
    ctx.setLineDash([5, 4]);
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.globalAlpha = 1;
    for (const cell of pair) {
      if (!traits.codeAt(cell, grid)) continue;
      const key = cell.join(",");
      const n = marks.get(key) || 0;
      marks.set(key, n + 1);
      const f = faceOf(geo, ...layout.toView(cell));
      // along the bottom edge from the right, three a row
      const x = f.x + f.w - dotR - 1 - (n % 3) * dotR * 2.1;
      const y = f.y + f.h - dotR - 1 - Math.floor(n / 3) * dotR * 2.1;
      ctx.beginPath();
      ctx.arc(x, y, dotR, 0, Math.PI * 2);
      ctx.fillStyle = colour;
      ctx.fill();
      ctx.lineWidth = 1.5;
      ctx.strokeStyle = "rgba(20, 20, 20, 0.75)";
      ctx.stroke();
      ctx.font = font(800, k + 1 > 9 ? dotR * 1.05 : dotR * 1.25);
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      ctx.fillStyle = "#111";
      ctx.fillText(String(k + 1), x, y + 0.5);
    }
  });
  ctx.restore();
  if (overlay.next) {
    const [a, b] = overlay.next.map(centre);
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
    for (const cell of overlay.next) frame(ctx, layout, cell, COLOURS.next, { width: 4, tint: 0.18 });
  }
}
