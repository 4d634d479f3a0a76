// node --test js/tests: the game clock ticks once a second, and holds still when told.
import assert from "node:assert/strict";
import { mock, test } from "node:test";

import { createClock, formatClock } from "../lib/clock.js";

test("formatClock: minutes and seconds, minutes past an hour", () => {
  assert.equal(formatClock(83000), "01:23");
  assert.equal(formatClock(3723000), "62:03");
  assert.equal(formatClock(Number.NaN), "00:00");
});

test("a held clock (a board whose kernel is gone) ticks no more until updated", () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    let now = 10000;
    const shown = [];
    const clock = createClock({ times: () => [10000, 0], onTick: (text) => shown.push(text), now: () => now });
    const run = (ms) => {
      for (let t = 0; t < ms; t += 50) {
        now += 50;
        mock.timers.tick(50);
      }
    };
    run(3500);
    assert.deepEqual(shown, ["00:00", "00:01", "00:02", "00:03"]);
    clock.hold();
    run(5000);
    assert.equal(shown.length, 4, "held: no tick");
    clock.update(); // live again: it shows the time since the start
    assert.equal(shown.at(-1), "00:08");
    clock.destroy();
  } finally {
    mock.timers.reset();
  }
});
