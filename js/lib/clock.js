// A game clock computed from two timestamps (ms since epoch, Date.now() compatible):
// start, and stop (0 while the game runs). Ticks once a second, on the second.
//
//   const clock = createClock({ times: () => [start, stop], onTick: (text) => ... });
//   clock.update();  // after the timestamps changed (and to run again after hold())
//   clock.hold();    // stop ticking where it is (a board whose kernel is gone)
//   clock.destroy();

/** 83000 -> "01:23"; 3723000 -> "62:03" (minutes keep counting past an hour). */
export function formatClock(ms) {
  const total = Math.max(0, Math.floor((Number.isFinite(ms) ? ms : 0) / 1000));
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}`;
}

/**
 * @param {object} o
 * @param {() => [number, number]} o.times  [start, stop]; start <= 0 means no clock
 * @param {(text: string, elapsedMs: number) => void} o.onTick
 * @param {() => number} [o.now=Date.now]
 */
export function createClock({ times, onTick, now = Date.now }) {
  let timer = 0;
  let destroyed = false;

  function elapsed() {
    let start = 0;
    let stop = 0;
    try {
      [start, stop] = times();
    } catch (_) {
      /* malformed: treat as no clock */
    }
    if (!(start > 0)) return { ms: 0, running: false };
    if (stop > 0) return { ms: Math.max(0, stop - start), running: false };
    return { ms: Math.max(0, now() - start), running: true };
  }

  function update() {
    clearTimeout(timer);
    timer = 0;
    if (destroyed) return;
    const { ms, running } = elapsed();
    onTick(formatClock(ms), ms);
    if (running) {
      // Wake just after the next whole second of elapsed time.
      const wait = 1000 - (ms % 1000) + 15;
      timer = setTimeout(update, wait);
    }
  }

  update();
  return {
    update,
    hold() {
      clearTimeout(timer);
      timer = 0;
    },
    destroy() {
      destroyed = true;
      clearTimeout(timer);
    },
  };
}
