// The board's cloth: green felt with a soft light in the middle, a woven texture, a
// darker rim, and a faint line where the ring (the margin paths may run in) begins.

import { roundRectPath } from "../lib/canvas.js";

/** Paint the felt of a width x height board whose cells are `g` (a geometry). */
export function paintFelt(ctx, width, height, g) {
  // green felt with a soft light in the middle and a darker rim
  roundRectPath(ctx, 0, 0, width, height, 14);
  const felt = ctx.createRadialGradient(width / 2, height * 0.42, 0, width / 2, height / 2, Math.max(width, height) * 0.72);
  felt.addColorStop(0, "#2d7a56");
  felt.addColorStop(0.6, "#1f6345");
  felt.addColorStop(1, "#154a33");
  ctx.fillStyle = felt;
  ctx.fill();
  // a fine woven texture
  ctx.save();
  roundRectPath(ctx, 0, 0, width, height, 14);
  ctx.clip();
  ctx.globalAlpha = 0.06;
  ctx.strokeStyle = "#ffffff";
  ctx.lineWidth = 0.5;
  ctx.beginPath();
  for (let x = -height; x < width; x += 4) {
    ctx.moveTo(x, 0);
    ctx.lineTo(x + height, height);
  }
  ctx.stroke();
  ctx.globalAlpha = 0.05;
  ctx.strokeStyle = "#000000";
  ctx.beginPath();
  for (let x = 0; x < width + height; x += 4) {
    ctx.moveTo(x, 0);
    ctx.lineTo(x - height, height);
  }
  ctx.stroke();
  ctx.restore();
  // the rim
  roundRectPath(ctx, 1, 1, width - 2, height - 2, 13);
  ctx.lineWidth = 2;
  ctx.strokeStyle = "rgba(0, 0, 0, 0.35)";
  ctx.stroke();
  roundRectPath(ctx, 0.5, 0.5, width - 1, height - 1, 13.5);
  ctx.lineWidth = 1;
  ctx.strokeStyle = "rgba(255, 255, 255, 0.12)";
  ctx.stroke();
  // a faint line where the ring (the path margin) begins
  const pad = g.ring * 0.5;
  roundRectPath(ctx, g.x0 - pad, g.y0 - pad, g.cw * g.vc + 2 * pad, g.ch * g.vr + 2 * pad, g.cw * 0.3);
  ctx.setLineDash([2, 5]);
  ctx.lineWidth = 1;
  ctx.strokeStyle = "rgba(255, 255, 255, 0.09)";
  ctx.stroke();
  ctx.setLineDash([]);
}
