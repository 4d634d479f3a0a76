// Balls on the board: each ball (and its shadow) is painted once per size, colour and
// symbol setting into a sprite, then copied (and scaled, while it grows or shrinks)
// wherever a frame needs it. One painter per view; its cache is dropped on resize.
//
//   const balls = createBallPainter();
//   balls.use(geo, dpr);           // every frame, before drawing
//   balls.reset();                 // the size or the pixel ratio changed
//   balls.ball(ctx, x, y, r, colour, { alpha, symbols, baseR, shadow, lift });
//   balls.board(ctx, cells, symbols, skip); balls.previews(ctx, previews, cells, symbols);

import { createSprite } from "../lib/canvas.js";
import { isColour, paintBall, paintShadow } from "./balls.js";
import { N, idx } from "./state.js";

export function createBallPainter() {
  const sprites = new Map();
  let geo = null;
  let dpr = 1;

  function ballSprite(colour, r, symbols) {
    const key = `${colour}|${r.toFixed(2)}|${symbols ? 1 : 0}`;
    let s = sprites.get(key);
    if (!s) {
      const pad = 2;
      const size = 2 * r + 2 * pad;
      s = createSprite(size, size, dpr, (ctx) => paintBall(ctx, r + pad, r + pad, r, colour, symbols));
      s.pad = pad;
      s.r = r;
      sprites.set(key, s);
    }
    return s;
  }

  function shadowSprite(r) {
    const key = `shadow|${r.toFixed(2)}`;
    let s = sprites.get(key);
    if (!s) {
      s = createSprite(2 * r, 2 * r * 0.32, dpr, (ctx) => paintShadow(ctx, r, r * 0.32, r, 1));
      sprites.set(key, s);
    }
    return s;
  }

  /** Draw a ball centred at (x, y) with radius r (the sprite of radius baseR, scaled). */
  function ball(ctx, x, y, r, colour, { alpha = 1, symbols = false, baseR = r, shadow = true, lift = 0 } = {}) {
    if (!isColour(colour) || r <= 0.2) return;
    const prev = ctx.globalAlpha;
    if (shadow) {
      const sh = shadowSprite(baseR);
      const sr = r * (0.95 - lift * 0.25);
      ctx.globalAlpha = prev * Math.max(0, Math.min(1, alpha * (1 - lift * 0.5)));
      ctx.drawImage(sh.canvas, x - sr, y + baseR * 0.8 - sr * 0.32, 2 * sr, 2 * sr * 0.32);
    }
    const s = ballSprite(colour, baseR, symbols);
    const k = r / baseR;
    const size = s.width * k;
    ctx.globalAlpha = prev * Math.max(0, Math.min(1, alpha));
    ctx.drawImage(s.canvas, x - size / 2, y - lift * baseR - size / 2, size, size);
    ctx.globalAlpha = prev;
  }

  const ballRadius = () => geo.cell * 0.385;
  const previewRadius = () => geo.cell * 0.17;

  /** Every ball of `cells` (a row-major board) but those `skip(r, c)` leaves out. */
  function board(ctx, cells, symbols, skip) {
    const R = ballRadius();
    for (let r = 0; r < N; r++) {
      for (let c = 0; c < N; c++) {
        const k = cells[idx(r, c)];
        if (!k || (skip && skip(r, c))) continue;
        const p = geo.cellCenter(r, c);
        ball(ctx, p.x, p.y, R, k, { symbols });
      }
    }
  }

  /** The small balls of the next spawn, where no ball of `cells` covers them. */
  function previews(ctx, list, cells, symbols, alpha = 1) {
    const pr = previewRadius();
    for (const [r, c, k] of list) {
      if (cells && cells[idx(r, c)]) continue; // a ball covers it
      const p = geo.cellCenter(r, c);
      ball(ctx, p.x, p.y, pr, k, { symbols, alpha: 0.92 * alpha, shadow: true });
    }
  }

  return {
    use(nextGeo, nextDpr) {
      geo = nextGeo;
      dpr = nextDpr;
    },
    reset: () => sprites.clear(),
    ball,
    ballRadius,
    previewRadius,
    board,
    previews,
  };
}
