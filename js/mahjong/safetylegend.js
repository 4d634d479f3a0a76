// The legend of the safe-pair colours at the status line's end, while an analysis
// with the solver's verdicts (`overlay.safety`) is shown: a dot of each colour, its
// name and how many pairs have it (safe / dead end / unknown); a compact view leaves
// the names out (each item's tooltip has it).

import { element as h } from "../lib/element.js";
import { SAFETY_COLOURS } from "./overlay.js";
import { SAFETY_KINDS } from "./traits.js";

const TITLE =
  "The solver's verdict on each removable pair: safe (the board can still be cleared after it), " +
  "dead end (it cannot), unknown (not decided within the search limit). The magenta pair is its next pair.";

/** How many pairs have each verdict: { safe: n, "dead end": n, unknown: n }. */
export function safetyCounts(safety) {
  const counts = Object.fromEntries(SAFETY_KINDS.map((kind) => [kind, 0]));
  for (const kind of safety) counts[kind] += 1;
  return counts;
}

/** "safe:n,dead end:n,unknown:n", or "" without verdicts (data-safety). */
export function safetyAttribute(overlay) {
  if (!overlay || !overlay.safety) return "";
  const counts = safetyCounts(overlay.safety);
  return SAFETY_KINDS.map((kind) => `${kind}:${counts[kind]}`).join(",");
}

/** The legend: { el, show(overlay) } (hidden without verdicts). */
export function createSafetyLegend(doc) {
  const el = h(doc, "span", "gw-legend gw-mj-safety-legend");
  el.title = TITLE;
  el.hidden = true;
  const parts = SAFETY_KINDS.map((kind) => {
    const item = h(doc, "span", "gw-mj-safety");
    item.dataset.safety = kind;
    item.title = kind;
    const dot = h(doc, "i");
    dot.style.background = SAFETY_COLOURS[kind];
    const count = h(doc, "b", null, "0");
    item.append(dot, h(doc, "span", null, kind), " ", count); // compact: the dot and the count
    el.appendChild(item);
    return { kind, count };
  });
  return {
    el,
    show(overlay) {
      const shown = !!(overlay && overlay.safety);
      el.hidden = !shown;
      if (!shown) return;
      const counts = safetyCounts(overlay.safety);
      for (const { kind, count } of parts) count.textContent = String(counts[kind]);
    },
  };
}
