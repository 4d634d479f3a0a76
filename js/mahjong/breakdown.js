// The win dialog's account of the score: one row per part of the `breakdown` trait
// (Pairs, Hints and, in timed scoring, Time and Time bonus), then the Total — rows
// `[data-part=pairs|hints|time|bonus|total]`.

import { element as h } from "../lib/element.js";

const LABELS = { pairs: "Pairs", hints: "Hints", time: "Time", bonus: "Time bonus" };
const TITLES = {
  pairs: "+10 for each pair removed",
  hints: "−10 for each hint",
  time: "−2 for every full 10 s of play",
  bonus: "600 − the seconds of play, for a cleared board (never below 0)",
};

/** +12, −10, 0 (a true minus sign). */
export function signed(n) {
  if (n > 0) return `+${n}`;
  if (n < 0) return `\u2212${-n}`;
  return "0";
}

/** The breakdown table: { el, show(parts, total) } (parts: [[part, points], ...]). */
export function createBreakdown(doc) {
  const el = h(doc, "div", "gw-mj-breakdown");
  el.setAttribute("role", "table");
  el.setAttribute("aria-label", "How the score adds up");
  const row = (part, label) => {
    const r = h(doc, "div", "gw-mj-part");
    r.dataset.part = part;
    r.setAttribute("role", "row");
    const name = h(doc, "span", null, label);
    const value = h(doc, "b");
    name.setAttribute("role", "cell");
    value.setAttribute("role", "cell");
    r.append(name, value);
    return { el: r, value };
  };
  const total = row("total", "Total");
  return {
    el,
    show(parts, score) {
      el.replaceChildren();
      for (const [part, points] of parts) {
        const r = row(part, LABELS[part] || part);
        r.el.title = TITLES[part] || "";
        r.value.textContent = signed(points);
        el.appendChild(r.el);
      }
      total.value.textContent = String(score);
      el.appendChild(total.el);
    },
  };
}
