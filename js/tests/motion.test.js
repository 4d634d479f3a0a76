// node --test js/tests: the animator tells when the board starts and stops moving
// (the shell's data-animating, which tests wait on instead of waiting a while).
import assert from "node:assert/strict";
import { test } from "node:test";

import { createAnimator } from "../lib/motion.js";

test("onBusy says true when the first tween starts and false when the last one ends", () => {
  const seen = [];
  const animator = createAnimator({ onBusy: (busy) => seen.push(busy) });
  const a = animator.start(1000);
  animator.start(2000);
  assert.deepEqual(seen, [true]);
  a.cancel();
  assert.deepEqual(seen, [true]); // one still runs
  animator.finish();
  assert.deepEqual(seen, [true, false]);
  animator.destroy();
});

test("a tween that is over at once (reduced motion) never makes it busy", () => {
  const seen = [];
  const animator = createAnimator({ isReduced: () => true, onBusy: (busy) => seen.push(busy) });
  let done = false;
  animator.start(500, { onDone: () => (done = true) });
  assert.equal(done, true);
  assert.deepEqual(seen, []);
  animator.destroy();
});
