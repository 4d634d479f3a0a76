// A move, animated: the ball travels along its path (with a glow trail), the
// previews grow into the spawned balls, the cleared balls flash, shrink and burst
// into sparkles, and a "+points" floats up. The view keeps its own picture of the
// board before the move (view.shown); the traits already hold the one after it.
//
// Choices where the contract is silent:
// - If the traits of one action arrive in several messages, the "before" picture is
//   rebuilt from last_event when the view's copy no longer fits it.
// - Reduced motion: no travel, spawn/clear or "+points" animation (sync.js then
//   only redraws).
//
//   const moves = createMoveAnimations(view, { animator, balls, onSettled });
//   moves.start(ev, moveEventParts(ev), withSound); moves.finish() jumps to the end;
//   moves.retarget() when the traits of the move arrive after last_event;
//   moves.draw(ctx, geo, symbols) while view.anim; moves.drawPopup(ctx, geo) always.

import { easing } from "../lib/motion.js";
import { PALETTE, font, rgba } from "../lib/theme.js";
import { asCell, asCellValues, asCells } from "../lib/traits.js";
import { BALLS, isColour } from "./balls.js";
import { N, currentBoard, currentPreviews, idx, settle } from "./state.js";

const STEP_MS = 40; // travel time per cell
const SPAWN_MS = 220;
const CLEAR_MS = 380;
const POPUP_MS = 1000;

/** What a "move" last_event says, checked: { path, colour, cleared, spawned, displaced, points, over }. */
export function moveEventParts(ev) {
  const path = asCells(ev.path, N, N);
  const colour = isColour(ev.colour) ? ev.colour : null;
  const cleared = asCellValues(ev.cleared, N, N, isColour);
  const spawned = asCellValues(ev.spawned, N, N, isColour);
  let displaced = null;
  if (Array.isArray(ev.displaced) && ev.displaced.length === 2) {
    const from = asCell(ev.displaced[0], N, N);
    const to = asCell(ev.displaced[1], N, N);
    if (from && to) displaced = [from, to];
  }
  const points = Number.isFinite(ev.points) ? ev.points : 0;
  return { path, colour, cleared, spawned, displaced, points, over: ev.over === true };
}

/**
 * The move animations of one view. `onSettled()` runs when one ends (update the DOM,
 * redraw); `balls` is the view's ball painter, `animator` its createAnimator().
 */
export function createMoveAnimations(view, { animator, balls, onSettled }) {
  /** The board after the move (traits), and before spawning/clearing: final + cleared - spawned. */
  function animTargets(parts) {
    const final = currentBoard(view).slice();
    const finalPreviews = currentPreviews(view);
    const mid = final.slice();
    for (const [r, c, k] of parts.cleared) mid[idx(r, c)] = k;
    for (const [r, c] of parts.spawned) mid[idx(r, c)] = 0;
    return { final, finalPreviews, mid };
  }

  function startMoveAnimation(ev, parts, withSound) {
    const { path, colour, cleared, spawned, displaced } = parts;
    const { final, finalPreviews, mid } = animTargets(parts);
    const from = path[0];
    const to = path[path.length - 1];
    // The "before" picture: what this view showed, if it fits the event; otherwise
    // rebuilt from the event (e.g. the board trait arrived ahead of last_event).
    let before = view.shown.board;
    let beforePreviews = view.shown.previews;
    if (!(before[idx(from[0], from[1])] === colour && before[idx(to[0], to[1])] === 0)) {
      before = mid.slice();
      before[idx(to[0], to[1])] = 0;
      before[idx(from[0], from[1])] = colour;
      const back = (cell) => (displaced && cell[0] === displaced[1][0] && cell[1] === displaced[1][1] ? displaced[0] : cell);
      const source = spawned.length ? spawned : finalPreviews;
      beforePreviews = source.map(([r, c, k]) => [...back([r, c]), k]);
    }
    const travel = (path.length - 1) * STEP_MS;
    const spawnDur = spawned.length ? SPAWN_MS : 0;
    const clearDur = cleared.length ? CLEAR_MS : 0;
    const a = {
      ev,
      parts,
      before,
      beforePreviews,
      mid,
      final,
      finalPreviews,
      travel,
      spawnDur,
      clearDur,
      total: travel + spawnDur + clearDur,
      withSound,
      landed: false,
      clearedSounded: false,
      tween: null,
    };
    view.anim = a;
    if (withSound) view.sound.play("move");
    a.tween = animator.start(a.total, { onDone: () => endMoveAnimation(a) });
  }

  function beginClearEffects(a) {
    if (a.clearedSounded) return;
    a.clearedSounded = true;
    if (a.withSound && a.parts.cleared.length) view.sound.play("clear");
    if (a.parts.points > 0) showPopup(a.parts.cleared, a.parts.points);
  }

  function endMoveAnimation(a) {
    if (view.anim !== a) return;
    view.anim = null;
    beginClearEffects(a);
    settle(view, a.ev.id);
    if (a.parts.over && a.withSound) view.sound.play("gameOver");
    onSettled();
  }

  function finish() {
    const a = view.anim;
    if (!a) return;
    a.tween.cancel();
    endMoveAnimation(a);
  }

  function showPopup(cells, points) {
    if (!cells.length || view.reduced()) return;
    let sr = 0;
    let sc = 0;
    for (const [r, c] of cells) {
      sr += r;
      sc += c;
    }
    view.popup = {
      text: `+${points}`,
      r: sr / cells.length,
      c: sc / cells.length,
      tween: animator.start(POPUP_MS, { onDone: () => (view.popup = null) }),
    };
  }

  function drawSparkles(ctx, geo, cleared, t) {
    // t in 0..1: a bright flash on each cleared ball, then particles fly out and fade
    const R = balls.ballRadius();
    const flash = Math.sin(Math.min(1, t / 0.45) * Math.PI);
    const u = Math.max(0, (t - 0.2) / 0.8);
    for (const [r, c, k] of cleared) {
      const p = geo.cellCenter(r, c);
      const b = BALLS[k];
      if (flash > 0.01) {
        const g = ctx.createRadialGradient(p.x, p.y, 0, p.x, p.y, R * 1.25);
        g.addColorStop(0, `rgba(255,255,255,${0.55 * flash})`);
        g.addColorStop(0.6, rgba(b.light, 0.3 * flash));
        g.addColorStop(1, rgba(b.light, 0));
        ctx.fillStyle = g;
        ctx.beginPath();
        ctx.arc(p.x, p.y, R * 1.25, 0, Math.PI * 2);
        ctx.fill();
      }
      if (u <= 0) continue;
      for (let i = 0; i < 8; i++) {
        const a = (i / 8) * Math.PI * 2 + (r * 3 + c) * 0.37;
        const d = R * (0.45 + 1.05 * easing.outCubic(u)) * (i % 2 ? 0.8 : 1);
        ctx.beginPath();
        ctx.arc(p.x + Math.cos(a) * d, p.y + Math.sin(a) * d, Math.max(0.1, R * 0.12 * (1 - u)), 0, Math.PI * 2);
        ctx.fillStyle = rgba(i % 2 ? b.light : b.base, 1 - u * u);
        ctx.fill();
      }
    }
  }

  function drawPopup(ctx, geo) {
    const { popup } = view;
    if (!popup) return;
    const t = popup.tween.progress();
    const p = geo.cellCenter(popup.r, popup.c);
    const y = p.y - geo.cell * (0.2 + 0.8 * easing.outCubic(t));
    const alpha = t < 0.7 ? 1 : 1 - (t - 0.7) / 0.3;
    ctx.save();
    ctx.font = font(800, geo.cell * 0.52);
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.lineWidth = 4;
    ctx.strokeStyle = `rgba(10,14,20,${0.8 * alpha})`;
    ctx.strokeText(popup.text, p.x, y);
    ctx.fillStyle = rgba(PALETTE.accent, alpha);
    ctx.fillText(popup.text, p.x, y);
    ctx.restore();
  }

  function draw(ctx, geo, symbols) {
    const a = view.anim;
    const e = a.tween.elapsed();
    const { path, colour, cleared, spawned } = a.parts;
    const R = balls.ballRadius();
    if (e < a.travel) {
      // travelling: the board before the move, without the moving ball
      const [fr, fc] = path[0];
      balls.previews(ctx, a.beforePreviews, a.before, symbols);
      balls.board(ctx, a.before, symbols, (r, c) => r === fr && c === fc);
      const seg = e / STEP_MS;
      const i = Math.min(path.length - 2, Math.floor(seg));
      const f = seg - i;
      const p0 = geo.cellCenter(path[i][0], path[i][1]);
      const p1 = geo.cellCenter(path[i + 1][0], path[i + 1][1]);
      // a soft glow trail behind the ball
      const b = BALLS[colour];
      for (let k = 4; k >= 1; k--) {
        const s2 = Math.max(0, seg - k * 0.3);
        const j = Math.min(path.length - 2, Math.floor(s2));
        const g = s2 - j;
        const q0 = geo.cellCenter(path[j][0], path[j][1]);
        const q1 = geo.cellCenter(path[j + 1][0], path[j + 1][1]);
        const tx = q0.x + (q1.x - q0.x) * g;
        const ty = q0.y + (q1.y - q0.y) * g;
        const tr = R * (1 - k * 0.12);
        const glow = ctx.createRadialGradient(tx, ty, 0, tx, ty, tr);
        glow.addColorStop(0, rgba(b.base, 0.34 * (1 - k / 5)));
        glow.addColorStop(1, rgba(b.base, 0));
        ctx.fillStyle = glow;
        ctx.beginPath();
        ctx.arc(tx, ty, tr, 0, Math.PI * 2);
        ctx.fill();
      }
      balls.ball(ctx, p0.x + (p1.x - p0.x) * f, p0.y + (p1.y - p0.y) * f, R, colour, { symbols });
      return;
    }
    if (!a.landed) {
      a.landed = true;
      if (a.withSound && !cleared.length) view.sound.play("land");
    }
    const es = e - a.travel;
    if (es < a.spawnDur) {
      // spawning: previews grow into balls, new previews fade in
      const t = easing.outBack(Math.min(1, es / a.spawnDur));
      balls.previews(ctx, a.finalPreviews, a.mid, symbols, Math.min(1, es / a.spawnDur));
      balls.board(ctx, a.mid, symbols);
      const pr = balls.previewRadius();
      for (const [r, c, k] of spawned) {
        const p = geo.cellCenter(r, c);
        balls.ball(ctx, p.x, p.y, pr + (R - pr) * t, k, { symbols, baseR: R });
      }
      return;
    }
    // clearing: the final board, cleared balls shrink and fade, sparkles fly
    beginClearEffects(a);
    const t = a.clearDur ? Math.min(1, (es - a.spawnDur) / a.clearDur) : 1;
    balls.previews(ctx, a.finalPreviews, a.final, symbols);
    balls.board(ctx, a.final, symbols);
    const s = easing.inCubic(t);
    for (const [r, c, k] of cleared) {
      const p = geo.cellCenter(r, c);
      balls.ball(ctx, p.x, p.y, R * (1 + 0.08 * Math.sin(Math.min(1, t * 2.5) * Math.PI) - s), k, {
        symbols,
        baseR: R,
        alpha: 1 - s * 0.6,
      });
    }
    drawSparkles(ctx, geo, cleared, t);
  }

  return {
    start: startMoveAnimation,
    finish,
    showPopup,
    /** The traits of the animated move arrived after its last_event: aim at them. */
    retarget() {
      if (view.anim) Object.assign(view.anim, animTargets(view.anim.parts));
    },
    draw,
    drawPopup,
  };
}
