// The game-over panel drawn over the board: "Game over", the score and the record,
// and the keys that go on from there.
//
// Choices where the contract is silent:
// - "New record!" is shown when the `new_record` trait says the final score beat the
//   record that stood before the game ended.

import { roundRectPath } from "../lib/canvas.js";
import { PALETTE, font } from "../lib/theme.js";
import { readBool, readInt } from "../lib/traits.js";

const FADE_MS = 380;

/**
 * The game-over panel over the whole board; it fades in from the frame it first shows
 * (view.gameOverStart, which the panel's update resets while the game is not over).
 * Returns true while it is still fading in.
 */
export function drawGameOver(ctx, view, width, height, now) {
  const { model } = view;
  if (!view.gameOverStart) view.gameOverStart = now;
  const t = view.reduced() ? 1 : Math.min(1, (now - view.gameOverStart) / FADE_MS);
  const score = readInt(model, "score", 0);
  const record = readInt(model, "record", 0);
  const newRecord = readBool(model, "new_record", false);
  ctx.save();
  ctx.globalAlpha = t;
  roundRectPath(ctx, 0, 0, width, height, 12);
  ctx.fillStyle = PALETTE.overlay;
  ctx.fill();
  // panel
  const pw = Math.min(width * 0.72, 330);
  const ph = height * (newRecord ? 0.46 : 0.4);
  const px = (width - pw) / 2;
  const py = (height - ph) / 2 + (1 - t) * 12;
  const panel = ctx.createLinearGradient(0, py, 0, py + ph);
  panel.addColorStop(0, "#323d4b");
  panel.addColorStop(1, "#212832");
  roundRectPath(ctx, px, py, pw, ph, 16);
  ctx.fillStyle = panel;
  ctx.shadowColor = "rgba(0,0,0,0.5)";
  ctx.shadowBlur = 24;
  ctx.fill();
  ctx.shadowBlur = 0;
  ctx.lineWidth = 1;
  ctx.strokeStyle = "rgba(255,255,255,0.12)";
  ctx.stroke();
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  const cx = width / 2;
  const u = ph / 10;
  let y = py + u * 1.7;
  ctx.font = font(800, Math.min(34, width * 0.075));
  ctx.fillStyle = PALETTE.text;
  ctx.fillText("Game over", cx, y);
  y += u * 2.2;
  ctx.font = font(600, Math.min(13, width * 0.03));
  ctx.fillStyle = PALETTE.textDim;
  ctx.fillText("SCORE", cx - pw * 0.22, y);
  ctx.fillText("RECORD", cx + pw * 0.22, y);
  y += u * 1.6;
  ctx.font = font(800, Math.min(30, width * 0.066));
  ctx.fillStyle = PALETTE.text;
  ctx.fillText(String(score), cx - pw * 0.22, y);
  ctx.fillStyle = PALETTE.accent;
  ctx.fillText(String(record), cx + pw * 0.22, y);
  if (newRecord) {
    y += u * 2;
    ctx.font = font(800, Math.min(17, width * 0.04));
    ctx.fillStyle = PALETTE.accent;
    ctx.fillText("\u2605 New record! \u2605", cx, y);
  }
  y = py + ph - u * 1.3;
  ctx.font = font(500, Math.min(12.5, width * 0.029));
  ctx.fillStyle = PALETTE.textDim;
  ctx.fillText("New game (N)  \u00b7  Undo (U)", cx, y);
  ctx.restore();
  return t < 1;
}
