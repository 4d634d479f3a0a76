// Time-based tweens for canvas views, drawn by the canvas's own frame loop.
//
// The animator does not paint: a tween only knows its progress. The view's draw
// function asks `tween.progress()` and returns `animator.tick()` (true while anything
// runs) so the canvas keeps requesting frames. `finish()` jumps every tween to its end
// (a click during an animation); with reduced motion (the OS setting or the view's
// own flag) tweens end at once.
//
//   const anim = createAnimator({ isReduced, onChange: board.requestDraw });
//   const t = anim.start(300, { onDone: () => ... });
//   // in draw: const p = easing.outCubic(t.progress()); ...; return anim.tick();

export const easing = {
  linear: (t) => t,
  inQuad: (t) => t * t,
  outQuad: (t) => t * (2 - t),
  inOutQuad: (t) => (t < 0.5 ? 2 * t * t : -1 + (4 - 2 * t) * t),
  outCubic: (t) => 1 - Math.pow(1 - t, 3),
  inCubic: (t) => t * t * t,
  inOutSine: (t) => -(Math.cos(Math.PI * t) - 1) / 2,
  outBack: (t) => {
    const c1 = 1.70158;
    const c3 = c1 + 1;
    return 1 + c3 * Math.pow(t - 1, 3) + c1 * Math.pow(t - 1, 2);
  },
};

const REDUCED_QUERY = "(prefers-reduced-motion: reduce)";

/** True when the OS/browser asks for reduced motion. */
export function prefersReducedMotion() {
  try {
    return typeof window !== "undefined" && !!window.matchMedia && window.matchMedia(REDUCED_QUERY).matches;
  } catch (_) {
    return false;
  }
}

/** Call `callback(reduced)` when the OS setting changes. Returns an unsubscribe. */
export function watchPrefersReducedMotion(callback) {
  let mq = null;
  try {
    mq = window.matchMedia ? window.matchMedia(REDUCED_QUERY) : null;
  } catch (_) {
    mq = null;
  }
  if (!mq) return () => {};
  const handler = () => callback(mq.matches);
  mq.addEventListener("change", handler);
  return () => mq.removeEventListener("change", handler);
}

/**
 * @param {object} [o]
 * @param {() => boolean} [o.isReduced]  extra reduced-motion flag (e.g. a trait); the
 *                                       prefers-reduced-motion query always counts
 * @param {() => void} [o.onChange]      called when a tween starts or ends (request a
 *                                       frame)
 * @param {(busy: boolean) => void} [o.onBusy]  called when the first tween starts and
 *                                       when the last one ends (the shell's `animating`)
 */
export function createAnimator({ isReduced = () => false, onChange = () => {}, onBusy = () => {} } = {}) {
  const tweens = new Set();
  let wasBusy = false;
  const busyChanged = () => {
    const busy = tweens.size > 0;
    if (busy === wasBusy) return;
    wasBusy = busy;
    try {
      onBusy(busy);
    } catch (err) {
      console.error("gamewidgets: animation state change failed", err);
    }
  };
  let safety = 0;
  let destroyed = false;

  const reduced = () => {
    try {
      return !!isReduced() || prefersReducedMotion();
    } catch (_) {
      return prefersReducedMotion();
    }
  };

  function complete(tween) {
    if (tween.done) return;
    tween.done = true;
    tweens.delete(tween);
    busyChanged();
    if (tween.onDone) {
      try {
        tween.onDone();
      } catch (err) {
        console.error("gamewidgets: animation end failed", err);
      }
    }
  }

  function armSafety() {
    // rAF can be throttled (hidden tab): end tweens on time anyway.
    clearTimeout(safety);
    safety = 0;
    if (!tweens.size || destroyed) return;
    let end = 0;
    for (const t of tweens) end = Math.max(end, t.start + t.duration);
    safety = setTimeout(() => {
      safety = 0;
      if (tick()) armSafety();
      onChange();
    }, Math.max(0, end - performance.now()) + 120);
  }

  /**
   * Start a tween of `duration` ms. Options: delay (ms), onDone(), force (run even
   * with reduced motion, e.g. a fade that moves nothing).
   * Returns { progress(), elapsed(), done, cancel() }.
   */
  function start(duration, { delay = 0, onDone = null, force = false } = {}) {
    const instant = destroyed || (!force && reduced()) || !(duration > 0);
    const tween = {
      start: performance.now() + (instant ? 0 : Math.max(0, delay)),
      duration: instant ? 0 : duration,
      done: false,
      onDone,
      progress() {
        if (this.done || this.duration <= 0) return 1;
        const t = (performance.now() - this.start) / this.duration;
        return t <= 0 ? 0 : t >= 1 ? 1 : t;
      },
      elapsed() {
        return this.done ? this.duration : Math.max(0, Math.min(this.duration, performance.now() - this.start));
      },
      cancel() {
        if (this.done) return;
        this.done = true;
        tweens.delete(this);
        busyChanged();
        armSafety();
      },
    };
    if (instant) {
      complete(tween);
      onChange();
      return tween;
    }
    tweens.add(tween);
    busyChanged();
    armSafety();
    onChange();
    return tween;
  }

  /** End the tweens whose time is up. Returns true while any tween still runs. */
  function tick() {
    const now = performance.now();
    for (const t of [...tweens]) if (now >= t.start + t.duration) complete(t);
    return tweens.size > 0;
  }

  /** Jump every running tween to its end (in start order). */
  function finish() {
    let any = false;
    while (tweens.size) {
      any = true;
      complete(tweens.values().next().value);
    }
    armSafety();
    if (any) onChange();
    return any;
  }

  return {
    start,
    tick,
    finish,
    reduced,
    /** True while a tween runs. */
    busy: () => tweens.size > 0,
    destroy() {
      destroyed = true;
      clearTimeout(safety);
      tweens.clear();
      busyChanged();
    },
  };
}
