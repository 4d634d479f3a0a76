// A pair's route as `w.show_path(a, b)` shows it (the `path_shown` trait): the route
// through the cell centres (the ring around the grid included), the pair's two tiles
// framed, and every tile in the way marked; in words for the status line.
//
// Choices where the contract is silent:
// - A pair that can go (`connects` and no `reason`): a solid line in the path colour
//   (the removal's yellow), its tiles framed in it. A pair that cannot (tiles in the
//   way, three turns needed, tiles that do not match): a dashed orange line, orange
//   frames; each tile in the way gets a red tint, a red frame and a red cross.
// - Nothing is drawn while an earlier position is shown (the route is the live
//   game's) or while the game is paused (the tiles are covered).

import { COLOURS, faceOf, frame } from "./frames.js";

export const BLOCKED_COLOUR = "#ff9f1c"; // the route of a pair that cannot go
const IN_THE_WAY_COLOUR = COLOURS.refused;

/** True when the route shown is one the pair can be removed along. */
const opens = (shown) => shown.connects && !shown.reason;

/** The route's line through the centres of `points` (view px). */
function strokeRoute(ctx, pts, colour, width, dashed) {
  const trace = () => {
    ctx.beginPath();
    ctx.moveTo(pts[0].x, pts[0].y);
    for (const p of pts.slice(1)) ctx.lineTo(p.x, p.y);
  };
  ctx.save();
  ctx.lineJoin = "round";
  ctx.lineCap = dashed ? "butt" : "round";
  trace();
  ctx.lineWidth = width + 4;
  ctx.strokeStyle = "rgba(20, 24, 10, 0.55)";
  ctx.setLineDash(dashed ? [width * 2.4, width * 1.6] : []);
  ctx.stroke();
  trace();
  ctx.lineWidth = width;
  ctx.strokeStyle = colour;
  ctx.shadowColor = colour;
  ctx.shadowBlur = width * 1.5;
  ctx.stroke();
  ctx.restore();
  // the ends: a dot on each tile of the pair
  for (const q of [pts[0], pts[pts.length - 1]]) {
    ctx.beginPath();
    ctx.arc(q.x, q.y, width * 1.1, 0, Math.PI * 2);
    ctx.fillStyle = colour;
    ctx.fill();
    ctx.lineWidth = 2;
    ctx.strokeStyle = "rgba(20, 24, 10, 0.6)";
    ctx.stroke();
  }
}

/** A tile in the way: a red tint and frame, and a red cross over its face. */
function markInTheWay(ctx, layout, cell) {
  frame(ctx, layout, cell, IN_THE_WAY_COLOUR, { width: 3.5, tint: 0.32 });
  const f = faceOf(layout.geo, ...layout.toView(cell), -Math.max(4, layout.geo.cw * 0.16));
  ctx.save();
  ctx.lineCap = "round";
  const cross = () => {
    ctx.beginPath();
    ctx.moveTo(f.x, f.y);
    ctx.lineTo(f.x + f.w, f.y + f.h);
    ctx.moveTo(f.x + f.w, f.y);
    ctx.lineTo(f.x, f.y + f.h);
  };
  const w = Math.max(3, layout.geo.cw * 0.09);
  cross();
  ctx.lineWidth = w + 3;
  ctx.strokeStyle = "rgba(40, 0, 0, 0.55)";
  ctx.stroke();
  cross();
  ctx.lineWidth = w;
  ctx.strokeStyle = IN_THE_WAY_COLOUR;
  ctx.stroke();
  ctx.restore();
}

/** Draw `shown` (traits.pathShown()) on the board; layout: the board's. */
export function drawPathShown(ctx, shown, layout) {
  if (!shown) return;
  const geo = layout.geo;
  const open = opens(shown);
  const colour = open ? COLOURS.path : BLOCKED_COLOUR;
  for (const cell of shown.inTheWay) markInTheWay(ctx, layout, cell);
  for (const cell of [shown.a, shown.b]) frame(ctx, layout, cell, colour, { width: 3.5, tint: 0.16, inset: 3 });
  const pts = shown.corners.map((p) => geo.center(...layout.toView(p)));
  strokeRoute(ctx, pts, colour, Math.max(3, geo.cw * 0.09), !open);
}

const sentence = (text) => {
  const t = text.trim();
  const s = t.charAt(0).toUpperCase() + t.slice(1);
  return /[.!?]$/.test(s) ? s : `${s}.`;
};

/** The status line's words for `shown`. */
export function pathText(shown) {
  if (opens(shown)) {
    if (shown.turns === 0) return "These two connect in a straight line (no turn).";
    return `These two connect with ${shown.turns} turn${shown.turns === 1 ? "" : "s"}.`;
  }
  const n = shown.inTheWay.length;
  const inTheWay = n ? ` In the way: ${n === 1 ? "the tile" : `${n} tiles`} crossed out in red.` : "";
  return `${sentence(shown.reason || "these two cannot be connected")}${inTheWay}`;
}

/** "r,c>r,c" of the pair shown, or "" (data-path). */
export function pathAttribute(shown) {
  return shown ? `${shown.a.join(",")}>${shown.b.join(",")}` : "";
}
