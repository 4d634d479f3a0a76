// What the view tells without being asked: labelled values (score, record, clock),
// the status line (with a screen-reader live region) and small badges ("thinking…").

import { element as h } from "./element.js";

/**
 * A labelled value (score, record, clock): <div class="gw-stat" data-stat=name>.
 * Returns { el, set(text), show(visible) }.
 */
export function createReadout({ doc = document, name, label }) {
  const el = h(doc, "div", "gw-stat");
  el.dataset.stat = name;
  const lab = h(doc, "span", "gw-stat-label", label);
  const value = h(doc, "span", "gw-stat-value", "");
  el.append(lab, value);
  let last = null;
  return {
    el,
    set(text) {
      const t = String(text);
      if (t !== last) {
        value.textContent = t;
        last = t;
      }
    },
    show(visible) {
      el.hidden = !visible;
    },
  };
}

/**
 * A discreet status line plus a screen-reader live region.
 * Returns { el, aside, show(text, kind?), announce(text) }; kind "error" tints the
 * text. `aside` is an element at the right end of the line (e.g. a legend).
 */
export function createStatusLine({ doc = document }) {
  const el = h(doc, "div", "gw-status");
  const aside = h(doc, "div", "gw-status-aside");
  const live = h(doc, "div", "gw-sr-only");
  live.setAttribute("aria-live", "polite");
  live.setAttribute("role", "status");
  const wrap = h(doc, "div", "gw-status-row");
  wrap.append(el, aside, live);
  return {
    el: wrap,
    aside,
    show(text, kind = "") {
      el.textContent = text || "";
      el.title = text || "";
      if (kind) el.dataset.kind = kind;
      else delete el.dataset.kind;
    },
    announce(text) {
      live.textContent = text || "";
    },
  };
}

/**
 * A small pill with a pulsing dot, e.g. "thinking…" next to the title.
 * Returns { el, show(visible, text?) }. data-badge=<kind> on the element.
 */
export function createBadge({ doc = document, kind = "info", text = "", title = "" }) {
  const el = h(doc, "span", "gw-badge");
  el.dataset.badge = kind;
  if (title) el.title = title;
  const dot = h(doc, "span", "gw-badge-dot");
  dot.setAttribute("aria-hidden", "true");
  const label = h(doc, "span", "gw-badge-text", text);
  el.append(dot, label);
  el.hidden = true;
  return {
    el,
    show(visible, newText) {
      if (newText !== undefined) label.textContent = newText;
      el.hidden = !visible;
    },
  };
}
