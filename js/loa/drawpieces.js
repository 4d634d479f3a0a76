// The pieces on the board: at rest, appearing at the start of a game (from the
// centre out, popping up), and a move sliding (the piece lifts a little on its way;
// a captured piece fades and shrinks as the mover arrives).
//
// Drawing functions take a `pen`: { ctx, geo, dpr, pieces, reduced, now, start } —
// the canvas context, the board's geometry (woodboard.js), the device pixel ratio,
// the piece sprites (pieces.js), whether motion is reduced, the frame's time, and
// the progress (0..1) of the pieces appearing at the start of a game (1: all there).

import { easing } from "../lib/motion.js";
import { sameCell } from "./gamestate.js";
import { STYLE, USER, opponent } from "./rules.js";

export const clamp01 = (v) => Math.max(0, Math.min(1, v));

/** The radius of a piece on this board. */
export const pieceRadius = (geo) => geo.cell * 0.4;

function drawPieceAt({ ctx, geo, dpr, pieces }, side, x, y, opts = {}) {
  pieces.draw(ctx, STYLE[side], x, y, pieceRadius(geo), dpr, opts);
}

/** Every piece of `cells` but those `skip(r, c)` says. */
export function drawBoardPieces(pen, cells, n, skip = null) {
  const { ctx, geo, dpr, pieces, start } = pen;
  const R = pieceRadius(geo);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const k = cells[r * n + c];
      if (!k || (skip && skip(r, c))) continue;
      const p = geo.cellCenter(r, c);
      if (start < 1) {
        const d = Math.hypot(r - (n - 1) / 2, c - (n - 1) / 2) / (n / 1.4);
        const t = clamp01((start - d * 0.45) / 0.55);
        if (t <= 0) continue;
        pieces.draw(ctx, STYLE[k], p.x, p.y, R, dpr, { alpha: t, scale: 0.55 + 0.45 * easing.outBack(t) });
      } else pieces.draw(ctx, STYLE[k], p.x, p.y, R, dpr);
    }
  }
}

/** A move sliding (slides.js's current move): the board before it, the mover on its way. */
export function drawSlide(pen, slide, n) {
  const { geo } = pen;
  const t = easing.inOutQuad(slide.tween.progress());
  const { src, dst, mover, capture } = slide.parts;
  drawBoardPieces(pen, slide.before, n, (r, c) => sameCell([r, c], src) || (capture && sameCell([r, c], dst)));
  if (capture) {
    const fade = clamp01((t - 0.35) / 0.65);
    const p = geo.cellCenter(dst[0], dst[1]);
    pen.pieces.draw(pen.ctx, STYLE[opponent(mover)], p.x, p.y, pieceRadius(geo), pen.dpr, {
      alpha: 1 - fade,
      scale: 1 - 0.35 * fade,
    });
  }
  const p0 = geo.cellCenter(src[0], src[1]);
  const p1 = geo.cellCenter(dst[0], dst[1]);
  const lift = Math.sin(t * Math.PI) * 0.5;
  drawPieceAt(pen, mover, p0.x + (p1.x - p0.x) * t, p0.y + (p1.y - p0.y) * t, { lift });
}

/** The selected piece, lifted, and (the mouse over one of its targets) its ghost there. */
export function drawLiftedPiece(pen, sel, ghost) {
  const c = pen.geo.cellCenter(sel[0], sel[1]);
  drawPieceAt(pen, USER, c.x, c.y, { lift: 0.35 });
  if (ghost) {
    const g = pen.geo.cellCenter(ghost[0], ghost[1]);
    drawPieceAt(pen, USER, g.x, g.y, { alpha: 0.45, shadow: false });
  }
}
