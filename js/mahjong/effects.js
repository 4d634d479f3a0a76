// The board's animations, each a tween of the view's animator and what it draws:
// the path of a removed pair and its two tiles flying off, the red flash of a refused
// pair, the hint's blue frames, the shuffle (tiles settling into their cells) and the
// confetti of a win. events.js starts them from `last_event`; board.js draws them.
//
// Choices where the contract is silent:
// - Hint frames: they pulse for 2.5 s after a fresh `hint` event, then stay, steady,
//   for as long as the `hint_pair` trait keeps that pair (Python empties it at the next
//   removal, shuffle or undo): a hint paid for does not vanish before the player has
//   found it, and a lesson's `w.hint()` still shows after Run All. On first render a
//   non-empty trait is framed steady.
// - Removal: tiles fly towards the top-right corner (where the removed stack is)
//   while the path shows; with reduced motion the tiles just vanish and the path
//   shows without fading.

import { easing } from "../lib/motion.js";
import { clamp } from "./geometry.js";
import { COLOURS, frame } from "./frames.js";
import { sameCell, samePair } from "./traits.js";

const HINT_MS = 2500;
const PATH_MS = 600;
const FLY_MS = 480;
const REFUSED_MS = 520;
const SHUFFLE_MS = 420;
const CELEBRATE_MS = 2600;

/** The running effects of `view` (its animator, layout and tile sprites). */
export function createEffects(view) {
  const reduced = () => view.animator.reduced();
  const start = (ms, opts) => view.animator.start(ms, opts);

  const effects = {
    hint: null, // { pair, tween | null (no expiry) }
    path: null, // { points: [[r, c] grid/ring], tween }
    fly: [], // [{ cell, code, tween }]
    refused: null, // { cells, tween }
    shuffle: null, // { tween }
    celebrate: null, // { tween, seed }

    /** Jump the short effects (flying tiles, shuffle) to their end. */
    finishShort() {
      for (const f of this.fly) f.tween.cancel();
      this.fly = [];
      if (this.shuffle) this.shuffle.tween.cancel();
      this.shuffle = null;
    },
    clearAll() {
      this.finishShort();
      for (const k of ["hint", "path", "refused", "celebrate"]) {
        if (this[k] && this[k].tween) this[k].tween.cancel();
        this[k] = null;
      }
    },

    /* ---- starting them ---- */
    /** The path of a removed pair, through `points` (grid or ring cells). */
    showPath(points) {
      if (this.path) this.path.tween.cancel();
      const fx = { points, tween: null };
      fx.tween = start(PATH_MS, { force: true, onDone: () => this.path === fx && (this.path = null) });
      this.path = fx;
    },
    /** The removed tiles (cells and their codes) fly off; not with reduced motion. */
    flyOff(cells, codes) {
      if (reduced()) return;
      cells.forEach((cell, k) => {
        const code = typeof codes[k] === "string" ? codes[k] : null;
        if (!cell || !code) return;
        const f = { cell, code, tween: null };
        f.tween = start(FLY_MS, { onDone: () => (this.fly = this.fly.filter((x) => x !== f)) });
        if (!f.tween.done) this.fly.push(f);
      });
    },
    /** The hint's frames end when one of its tiles is removed. */
    removed(a, b) {
      if (this.hint && this.hint.pair.some((c) => sameCell(c, a) || sameCell(c, b))) this.hint = null;
    },
    flashRefused(cells) {
      if (this.refused) this.refused.tween.cancel();
      const fx = { cells, tween: null };
      fx.tween = start(REFUSED_MS, { force: true, onDone: () => this.refused === fx && (this.refused = null) });
      this.refused = fx;
    },
    /** Frame the hinted pair while the trait holds it, pulsing for HINT_MS first
     * (not when `sticky`: a view opened on a hint already there). */
    startHint(pair, sticky) {
      if (this.hint && this.hint.tween) this.hint.tween.cancel();
      const fx = { pair, tween: null };
      if (!sticky) fx.tween = start(HINT_MS, { force: true, onDone: () => (fx.tween = null) });
      this.hint = fx;
    },
    /** Follow the `hint_pair` trait: no frames once it is empty or another pair. */
    syncHint(pair) {
      if (!pair) this.hint = null;
      else if (this.hint && !samePair(this.hint.pair, pair)) this.hint = null;
    },
    startShuffle() {
      if (reduced()) return;
      const fx = { tween: null };
      fx.tween = start(SHUFFLE_MS, { onDone: () => this.shuffle === fx && (this.shuffle = null) });
      if (!fx.tween.done) this.shuffle = fx;
    },
    celebrateWin() {
      if (reduced()) return;
      const fx = { tween: null, seed: Math.random() * 100 };
      fx.tween = start(CELEBRATE_MS, { onDone: () => this.celebrate === fx && (this.celebrate = null) });
      this.celebrate = fx;
    },
    stopCelebrating() {
      if (!this.celebrate) return;
      this.celebrate.tween.cancel();
      this.celebrate = null;
    },

    /* ---- drawing them (the board's geometry is up to date) ---- */
    /** How far the shuffle is (1: no shuffle running). */
    shuffleProgress() {
      return this.shuffle ? this.shuffle.tween.progress() : 1;
    },
    /** The hint's frames; true while they pulse (another frame is wanted). */
    drawHint(ctx, now) {
      const h = this.hint;
      if (!h) return false;
      const pulse = reduced() || !h.tween ? 1 : 0.75 + 0.25 * Math.sin((now / 520) * Math.PI * 2);
      // a little outside the tile, so a selection's yellow frame shows inside it
      for (const cell of h.pair) frame(ctx, view.layout, cell, COLOURS.hint, { width: 4, tint: 0.2 * pulse, inset: 4 });
      return !!h.tween && !reduced();
    },
    drawRefused(ctx) {
      const r = this.refused;
      if (!r) return;
      const t = r.tween.progress();
      const alpha = reduced() ? 1 : t < 0.5 ? 1 : 1 - (t - 0.5) / 0.5;
      const flash = reduced() ? 1 : 0.6 + 0.4 * Math.abs(Math.cos(t * Math.PI * 3));
      for (const cell of r.cells) frame(ctx, view.layout, cell, COLOURS.refused, { width: 4, tint: 0.42 * flash, alpha });
    },
    drawFlying(ctx, dpr) {
      if (!this.fly.length) return;
      const geo = view.layout.geo;
      const tx = geo.width - geo.cw * 0.9;
      const ty = -geo.ch * 0.2;
      for (const f of this.fly) {
        const t = f.tween.progress();
        const [i, j] = view.layout.toView(f.cell);
        const box = geo.rect(i, j);
        // a little lift, then off to the top-right corner (the removed stack)
        const lift = easing.outCubic(clamp(t / 0.25, 0, 1));
        const go = easing.inCubic(clamp((t - 0.2) / 0.8, 0, 1));
        const s = (1 + 0.08 * lift) * (1 - 0.45 * go);
        const cx = box.x + box.w / 2 + (tx - box.x - box.w / 2) * go;
        const cy = box.y + box.h / 2 - lift * box.h * 0.08 + (ty - box.y - box.h / 2) * go;
        view.tiles.draw(ctx, f.code, cx - box.w / 2, cy - box.h / 2, box.w, box.h, dpr, { alpha: 1 - go * 0.85, scale: s });
      }
    },
    drawPath(ctx) {
      const p = this.path;
      if (!p) return;
      const geo = view.layout.geo;
      const t = p.tween.progress();
      const alpha = reduced() ? 1 : t < 0.55 ? 1 : 1 - (t - 0.55) / 0.45;
      const pts = p.points.map((cell) => {
        const [i, j] = view.layout.toView(cell);
        return geo.center(i, j);
      });
      if (pts.length < 2 || alpha <= 0) return;
      // drawn in: the line grows along the path in its first 30 %
      let upto = 1;
      if (!reduced()) upto = easing.outCubic(clamp(t / 0.3, 0, 1));
      const lens = [];
      let total = 0;
      for (let k = 1; k < pts.length; k++) {
        const d = Math.hypot(pts[k].x - pts[k - 1].x, pts[k].y - pts[k - 1].y);
        lens.push(d);
        total += d;
      }
      const target = total * upto;
      const trace = () => {
        ctx.beginPath();
        ctx.moveTo(pts[0].x, pts[0].y);
        let acc = 0;
        for (let k = 1; k < pts.length; k++) {
          const d = lens[k - 1];
          if (acc + d <= target) {
            ctx.lineTo(pts[k].x, pts[k].y);
            acc += d;
          } else {
            const f = d > 0 ? (target - acc) / d : 0;
            ctx.lineTo(pts[k - 1].x + (pts[k].x - pts[k - 1].x) * f, pts[k - 1].y + (pts[k].y - pts[k - 1].y) * f);
            break;
          }
        }
      };
      const w = Math.max(3, geo.cw * 0.1);
      ctx.save();
      ctx.globalAlpha = alpha;
      ctx.lineJoin = "round";
      ctx.lineCap = "round";
      trace();
      ctx.lineWidth = w + 4;
      ctx.strokeStyle = "rgba(20, 30, 10, 0.55)";
      ctx.stroke();
      trace();
      ctx.shadowColor = "rgba(255, 230, 90, 0.9)";
      ctx.shadowBlur = w * 2;
      ctx.lineWidth = w;
      ctx.strokeStyle = COLOURS.path;
      ctx.stroke();
      ctx.shadowBlur = 0;
      trace();
      ctx.lineWidth = Math.max(1, w * 0.35);
      ctx.strokeStyle = "#ffffff";
      ctx.stroke();
      for (const q of [pts[0], pts[pts.length - 1]]) {
        ctx.beginPath();
        ctx.arc(q.x, q.y, w * 1.1, 0, Math.PI * 2);
        ctx.fillStyle = COLOURS.path;
        ctx.fill();
        ctx.lineWidth = 2;
        ctx.strokeStyle = "rgba(20, 30, 10, 0.55)";
        ctx.stroke();
      }
      ctx.restore();
    },
    drawCelebration(ctx, width, height, dpr) {
      const c = this.celebrate;
      if (!c) return;
      const t = c.tween.progress();
      const colours = ["#ffd21f", "#ff5d5d", "#5fd38d", "#2f8cff", "#ff9f1c", "#ffffff"];
      ctx.save();
      for (let k = 0; k < 70; k++) {
        const seed = Math.sin(k * 12.9898 + c.seed) * 43758.5453;
        const u = seed - Math.floor(seed);
        const v = Math.sin(k * 78.233) * 0.5 + 0.5;
        const x = u * width + Math.sin(t * 6 + k) * 14;
        const y = -20 + (t * (0.8 + v * 0.7)) * (height + 40);
        const s = 3 + v * 4;
        ctx.globalAlpha = t < 0.8 ? 1 : (1 - t) / 0.2;
        ctx.fillStyle = colours[k % colours.length];
        ctx.translate(x, y);
        ctx.rotate(t * 8 + k);
        ctx.fillRect(-s / 2, -s / 4, s, s / 2);
        ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      }
      ctx.restore();
    },
  };
  return effects;
}
