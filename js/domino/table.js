// The green table: the piles, the line, the hand, and the dialogs over them (level
// menu, handoff, end of hand, replaced). A dialog taller than the table (a phone:
// the end of the hand with both hands and a request) makes the table grow to hold
// it, rather than spill over the settings and the status line, or out of the view.

import { element as h } from "../lib/element.js";

/** { el, held() } — held(): a dialog holds the table taller than its own parts. */
export function createTable(view, { parts, dialogs }) {
  const { doc, win, shell } = view;
  const el = h(doc, "div", "gw-dom-table");
  el.append(...parts);
  for (const d of dialogs) {
    el.appendChild(d.el);
    shell.onCleanup(d.destroy);
  }

  let holding = false;
  function hold() {
    let need = 0;
    for (const d of dialogs) {
      if (!d.isOpen) continue;
      const panel = d.el.firstElementChild;
      const cs = win.getComputedStyle(d.el);
      need = Math.max(need, panel.offsetHeight + parseFloat(cs.paddingTop) + parseFloat(cs.paddingBottom));
    }
    const border = el.offsetHeight - el.clientHeight;
    el.style.minHeight = "";
    holding = need > 0 && need > el.clientHeight;
    if (holding) el.style.minHeight = `${Math.ceil(need + border)}px`;
  }
  if (typeof win.ResizeObserver === "function") {
    // on the next frame: growing the table from inside the observer's callback would
    // resize what the shell observes in the same pass (a ResizeObserver loop)
    let frame = 0;
    const observer = new win.ResizeObserver(() => {
      if (!frame) frame = win.requestAnimationFrame(() => {
        frame = 0;
        hold();
      });
    });
    for (const d of dialogs) observer.observe(d.el.firstElementChild);
    shell.onCleanup(() => {
      observer.disconnect();
      win.cancelAnimationFrame(frame);
    });
  }

  return { el, held: () => holding };
}
