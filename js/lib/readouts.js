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
  let pending = null; // [text, kind] shown when a refusal's reading time is over
  let holdTimer = 0;
  const put = (text, kind) => {
    el.textContent = text || "";
    el.title = text || "";
    if (kind) el.dataset.kind = kind;
    else delete el.dataset.kind;
  };
  const release = () => {
    clearTimeout(holdTimer);
    holdTimer = 0;
    if (pending) put(...pending);
    pending = null;
  };
  return {
    el: wrap,
    aside,
    show(text, kind = "") {
      if (holdTimer) pending = [text, kind];
      else put(text, kind);
    },
    announce(text) {
      live.textContent = text || "";
    },
    /**
     * Why a move was refused, in visible words (data-kind="refused") and to screen
     * readers, kept for as long as a person needs to read it (readingMs) whatever the
     * view shows meanwhile; then what it showed last comes back.
     */
    refuse(text) {
      const shown = el.dataset.kind === "refused" ? pending : [el.textContent, el.dataset.kind || ""];
      clearTimeout(holdTimer);
      pending = shown;
      put(text, "refused");
      live.textContent = text || "";
      holdTimer = setTimeout(release, readingMs(text));
    },
    /** End a refusal's reading time now (the player moved on). */
    settle: release,
  };
}

/** How long a short message stays up to be read: 3 s, and 60 ms a character more, at most 9 s. */
export function readingMs(text) {
  return Math.min(9000, 3000 + 60 * String(text || "").length);
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
