// The time of play: the clock read-out runs between Python's updates of `seconds`
// (extrapolated while `clock_running`), and `tick` messages ask Python to update the
// score of a timed game.
//
// Choices where the contract is silent:
// - `tick` messages: one view per model sends them (two views of one model would
//   double them), at each 10 s boundary of the extrapolated play time; none while a
//   program plays the board (driven_by: Python would refuse them).

import { createClock } from "../lib/clock.js";
import { readBool, readNumber, sendMessage } from "../lib/traits.js";

const TICK_EVERY = 10; // s of play between tick messages

// The views of each model, oldest first: only the first one sends `tick`.
const liveViews = new WeakMap();

/** The play time of `view`; `show(text)` shows the clock ("mm:ss"). */
export function createPlaytime(view, show) {
  const { model, shell } = view;
  const token = {};
  if (!liveViews.has(model)) liveViews.set(model, new Set());
  liveViews.get(model).add(token);
  shell.onCleanup(() => liveViews.get(model).delete(token));
  const isTickOwner = () => liveViews.get(model).values().next().value === token;

  // play seconds `seconds` at time `at` (Date.now()), running or not
  let base = { trait: null, seconds: 0, at: Date.now(), running: false };
  let tickTimer = 0;

  const seconds = () => (base.running ? base.seconds + Math.max(0, Date.now() - base.at) / 1000 : base.seconds);

  const clock = createClock({
    times: () => {
      const start = base.at - base.seconds * 1000;
      return [start, base.running ? 0 : base.at];
    },
    onTick: show,
  });
  shell.onCleanup(clock.destroy);
  shell.onConnection((live) => (live ? clock.update() : clock.hold())); // a lost board's clock stops

  function scheduleTick() {
    clearTimeout(tickTimer);
    tickTimer = 0;
    if (view.destroyed || !base.running || !view.traits.timed() || view.traits.won() || view.traits.paused()) return;
    if (shell.driven.by) return;
    const t = seconds();
    const next = (Math.floor(t / TICK_EVERY + 1e-6) + 1) * TICK_EVERY;
    const wait = Math.max(200, (next - t) * 1000 + 60);
    tickTimer = setTimeout(() => {
      tickTimer = 0;
      if (view.destroyed) return;
      if (isTickOwner() && base.running) sendMessage(model, { type: "tick" });
      scheduleTick(); // the next one, even if Python does not answer this one
    }, wait);
  }
  shell.onCleanup(() => clearTimeout(tickTimer));

  return {
    /** Seconds of play now. */
    seconds,
    /** Take a new `seconds` / `clock_running` from the traits. */
    sync() {
      const s = Math.max(0, readNumber(model, "seconds", 0));
      const running = readBool(model, "clock_running", false);
      if (s !== base.trait || running !== base.running) base = { trait: s, seconds: s, running, at: Date.now() };
    },
    /** Show the clock and plan the next tick (after the traits changed). */
    update() {
      clock.update();
      scheduleTick();
    },
  };
}
