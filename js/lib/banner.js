// A banner over the board's top edge (or in the flow of a stack of notices): a line of
// text and action buttons, e.g. "Looking back · move 3 of 10  [Back to game]".

import { element as h } from "./element.js";
import { createNudge } from "./nudge.js";

/**
 * A banner over the top edge of the board (the board's wrapper must be
 * position: relative, as .gw-board-wrap is): a line of text and an optional action
 * button. Returns { el, button, buttons, show(text | null, detail?), setTone(tone),
 * nudge() } — nudge() flashes it (e.g. after a click the banner explains away).
 *
 * Options beyond the single action (actionLabel / action / actionTitle / onAction):
 * - actions: [{ label, action, title?, primary?, onClick }] — several buttons
 *   (`buttons[action]`); the first listed is the default look, `primary` amber.
 * - tone: "warn" (amber, the default) | "info" (blue) | "danger" (red) | "ok" (green).
 * - place: "top" (default: over the board's top edge) | "inline" (in the flow of its
 *   parent, e.g. a stack of notices over a board or a dialog's body: a roomier card
 *   whose text may wrap).
 * - dot: a pulsing dot before the text (something is under way: connecting, waiting).
 * show(text, detail): `detail` is a second, quieter line (inline banners).
 */
export function createBanner({ doc = document, kind = "info", actionLabel, action, actionTitle, onAction,
  actions, tone, place = "top", dot = false }) {
  const el = h(doc, "div", "gw-banner");
  el.dataset.banner = kind;
  if (place === "inline") el.dataset.place = "inline";
  if (tone) el.dataset.tone = tone;
  el.setAttribute("role", "status");
  if (dot) {
    const d = h(doc, "span", "gw-badge-dot gw-banner-dot");
    d.setAttribute("aria-hidden", "true");
    el.appendChild(d);
  }
  const textBox = h(doc, "span", "gw-banner-body");
  const text = h(doc, "span", "gw-banner-text");
  const detailEl = h(doc, "span", "gw-banner-detail");
  detailEl.hidden = true;
  textBox.append(text, detailEl);
  el.appendChild(textBox);
  const list = actions ? [...actions] : [];
  if (actionLabel) list.unshift({ label: actionLabel, action, title: actionTitle, primary: true, onClick: onAction });
  const buttons = {};
  const listeners = [];
  let button = null;
  if (list.length) {
    const row = h(doc, "span", "gw-banner-actions");
    for (const a of list) {
      const b = h(doc, "button", a.primary ? "gw-banner-button gw-banner-primary" : "gw-banner-button", a.label);
      b.type = "button";
      if (a.action) b.dataset.action = a.action;
      if (a.title) b.title = a.title;
      if (a.ariaLabel) b.setAttribute("aria-label", a.ariaLabel);
      if (a.onClick) {
        b.addEventListener("click", a.onClick);
        listeners.push([b, a.onClick]);
      }
      row.appendChild(b);
      if (a.action) buttons[a.action] = b;
      if (!button) button = b;
    }
    el.appendChild(row);
  }
  el.hidden = true;
  const shake = createNudge(el);
  return {
    el,
    button,
    buttons,
    show(t, detail) {
      if (t) text.textContent = t;
      if (detail !== undefined || t) {
        detailEl.textContent = detail || "";
        detailEl.hidden = !detail;
      }
      el.hidden = !t;
    },
    setTone(t) {
      if (t) el.dataset.tone = t;
      else delete el.dataset.tone;
    },
    nudge: shake.nudge,
    destroy() {
      shake.destroy();
      for (const [b, fn] of listeners) b.removeEventListener("click", fn);
      listeners.length = 0;
    },
  };
}
