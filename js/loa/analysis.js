// A player's analysis (the `overlay` trait): score labels on cells in a colour
// scale and the chosen move as an arrow, drawn over the board by js/lib/overlay.js
// and faded in (200 ms) whenever it changes. Not drawn in the setup dialog nor while
// a move slides.

import { overlayKey, parseOverlay } from "../lib/overlay.js";
import { readRaw } from "../lib/traits.js";

const FADE_MS = 200;

export function createAnalysis({ model, game, reduced }) {
  let current = null;
  let key = "";
  let start = 0; // when it was first drawn (0: not yet)

  return {
    /** The parsed overlay ({ title, cells, arrow }) or null. */
    get current() {
      return current;
    },
    /** Read the trait again (after an update). */
    sync() {
      const n = game.size();
      const next = game.phase() === "setup" ? null : parseOverlay(readRaw(model, "overlay"), n, n);
      const k = overlayKey(next);
      if (k !== key) {
        key = k;
        start = 0;
      }
      current = next;
    },
    /** Its opacity in the frame drawn at `now` (1 with reduced motion). */
    alpha(now) {
      if (!start) start = now;
      return reduced() ? 1 : Math.min(1, (now - start) / FADE_MS);
    },
  };
}
