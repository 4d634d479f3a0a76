// The analysis at the line's ends: each end a candidate goes to gets its placeholder
// slot tinted on the colour scale (div[data-end-mark=left|right], with
// data-end-score="<best score there>" and data-chosen="true" at the chosen move's
// end, outlined) and the score as a small tab over it. They lie over the board's
// canvas, under the end markers of a selected tile (board.js), and take no clicks.
//
// Choices where the contract is silent:
// - The score tab is centred on the slot where it fits in it; a slot too small for
//   it (a phone's) has it just above (or below), next to the tiles of that end; it
//   is kept inside the board sideways (a standing slot at the snake's edge). Looking
//   back (the computer's reasons, Why?) "above" starts under the "Looking back"
//   banner over the board's top edge.

import { element as h } from "../lib/element.js";
import { markColours } from "./analysis.js";

const ENDS = ["left", "right"];

/**
 * Where the score tab of a slot goes (its top, px): on the slot where it fits in it,
 * else just above it (a phone's small slots) but not over `minTop`, else below, else
 * on it after all.
 */
function tabTop(slot, tw, th, height, minTop) {
  if (tw <= slot.w - 4 && th <= slot.h - 2) return slot.y + slot.h / 2 - th / 2;
  if (slot.y - th - 2 >= minTop) return slot.y - th - 2;
  if (slot.y + slot.h + 2 + th <= height) return slot.y + slot.h + 2;
  return slot.y + slot.h / 2 - th / 2;
}

/** { els, position(markerSlot, width, height) } — els: to add to the board's box. */
export function createEndMarks(view) {
  const { doc, read } = view;
  const marks = {};
  const tabs = {};
  for (const end of ENDS) {
    const m = h(doc, "div", "gw-dom-endmark");
    m.dataset.endMark = end;
    m.hidden = true;
    const t = h(doc, "span", "gw-dom-endscore");
    t.hidden = true;
    t.setAttribute("aria-hidden", "true");
    marks[end] = m;
    tabs[end] = t;
  }

  /** What the analysis says of `end`: { value, label, chosen } or null. */
  function entryAt(end) {
    const o = view.overlay;
    if (!o) return null;
    if (read.line().length) return o.ends[end] || null;
    // an empty line has one slot: the one entry, chosen for any play
    if (end !== "right") return null;
    const e = o.ends.right || o.ends.left;
    return e ? { ...e, chosen: o.action === "play" } : null;
  }

  /** Place them on the slots (markerSlot(end) -> { x, y, w, h } | null), in a board `width` x `height` px. */
  function position(markerSlot, width, height) {
    const banner = view.history.banner.el; // (in the board's box too)
    const minTop = !banner.hidden && banner.offsetHeight ? banner.offsetTop + banner.offsetHeight + 1 : 0;
    for (const end of ENDS) {
      const m = marks[end];
      const t = tabs[end];
      const e = entryAt(end);
      const slot = e ? markerSlot(end) : null;
      m.hidden = !slot;
      t.hidden = !slot;
      if (!slot) {
        delete m.dataset.endScore;
        delete m.dataset.chosen;
        continue;
      }
      m.dataset.endScore = e.label;
      if (e.chosen) m.dataset.chosen = "true";
      else delete m.dataset.chosen;
      m.title = `Analysis: best score at the ${end} end ${e.label}${e.chosen ? " (its choice)" : ""}`;
      markColours(m, e.value);
      markColours(t, e.value);
      Object.assign(m.style, {
        left: `${slot.x - 1}px`,
        top: `${slot.y - 1}px`,
        width: `${slot.w + 2}px`,
        height: `${slot.h + 2}px`,
      });
      t.textContent = e.label;
      t.dataset.chosen = e.chosen ? "true" : "false";
      const tw = t.offsetWidth;
      const th = t.offsetHeight;
      const left = Math.max(0, Math.min(width - tw, slot.x + slot.w / 2 - tw / 2));
      t.style.left = `${Math.round(left)}px`;
      t.style.top = `${Math.round(tabTop(slot, tw, th, height, minTop))}px`;
    }
  }

  return { els: ENDS.flatMap((end) => [marks[end], tabs[end]]), position };
}
