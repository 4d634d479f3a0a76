// How to play, inside the view: a panel over the view with the game's rules text (the
// `how_to_play` trait: blocks read by Python from the game's how_to_play.md, the text
// `w.rules()` shows and the documentation uses; see src/gamewidgets/how_to_play.py).
//
//   const rules = createRulesPanel({ doc, model, root, onCleanup });
//   toolbar.append(rules.button);     // "Rules" (?), in the view's toolbar
//   rules.open(); rules.close(); rules.toggle(); rules.isOpen
//
// The shell makes one for every view: the `?` key anywhere in the view opens and closes
// it, Esc, the × and a click beside it close it (the focus goes back where it was).
// While it is open the view's own keys rest (but the page's Ctrl/Cmd/Alt shortcuts);
// the panel has the focus, so the arrows, PageUp/PageDown and Space scroll it. It fits:
// at most the view's height and the part of the page that shows (shell.fit), scrolling
// inside. Text only: nothing in the blocks is HTML. DOM: root[data-rules="open"|"closed"],
// [data-panel=rules] with [data-section] headings, [data-action=rules] on the button.

import { createButton } from "./buttons.js";
import { listen } from "./cleanup.js";
import { element as h } from "./element.js";
import { keyPlace } from "./keys.js";
import { ensureStyleSheet } from "./stylesheet.js";
import { PALETTE } from "./theme.js";

const STYLE_ID = "gamewidgets-rules-v1";
const CSS = `
.gw-root .gw-rules {
  position: absolute; inset: 0; z-index: 15; display: flex; justify-content: center; align-items: flex-start;
  padding: 10px; border-radius: 14px; background: rgba(10, 14, 20, 0.55);
}
.gw-root .gw-rules[hidden] { display: none; }
.gw-root .gw-rules-card {
  position: sticky; top: 10px; width: min(560px, 100%); box-sizing: border-box;
  max-height: min(calc(100% - 4px), calc(100vh - 40px)); overflow-y: auto; overscroll-behavior: contain;
  padding: 16px 20px 18px; border-radius: 14px; text-align: left; line-height: 1.42; font-size: 13.5px;
  background: linear-gradient(180deg, #2f3a48 0%, #1f2630 100%); color: ${PALETTE.text};
  border: 1px solid rgba(255, 255, 255, 0.16); box-shadow: 0 16px 40px rgba(0, 0, 0, 0.55); outline: none;
}
.gw-root .gw-rules-card h3 { margin: 0 32px 8px 0; font-size: 18px; font-weight: 800; }
.gw-root .gw-rules-card h4 { margin: 14px 0 4px; font-size: 14px; font-weight: 800; color: #ffd98a; }
.gw-root .gw-rules-card p { margin: 4px 0; }
.gw-root .gw-rules-card ul { margin: 4px 0; padding-left: 20px; }
.gw-root .gw-rules-card li { margin: 2px 0; }
.gw-root .gw-rules-card table { border-collapse: collapse; margin: 6px 0; font-size: 13px; }
.gw-root .gw-rules-card th, .gw-root .gw-rules-card td {
  padding: 3px 9px; border: 1px solid rgba(255, 255, 255, 0.16); text-align: left; vertical-align: top;
}
.gw-root .gw-rules-card th { background: rgba(255, 255, 255, 0.07); }
.gw-root .gw-rules-card kbd {
  display: inline-block; min-width: 1.1em; padding: 0 5px; border-radius: 4px; text-align: center;
  font: 600 12px ui-monospace, SFMono-Regular, Menlo, monospace; color: #f3f6fa;
  background: rgba(255, 255, 255, 0.12); border: 1px solid rgba(255, 255, 255, 0.25);
}
.gw-root .gw-rules-close {
  position: absolute; top: 10px; right: 12px; width: 30px; height: 30px; border-radius: 8px; cursor: pointer;
  border: 1px solid rgba(255, 255, 255, 0.2); background: rgba(255, 255, 255, 0.08); color: inherit;
  font-size: 18px; line-height: 1;
}
.gw-root .gw-rules-close:focus-visible { outline: 2px solid ${PALETTE.accentSoft}; }
`;

/** Inline runs [[style, text], ...] into `parent`: bold, a key (code), or text. */
function appendRuns(doc, parent, runs) {
  for (const run of Array.isArray(runs) ? runs : []) {
    if (!Array.isArray(run) || typeof run[1] !== "string") continue;
    const [style, text] = run;
    parent.append(style === "b" ? h(doc, "strong", null, text) : style === "code" ? h(doc, "kbd", null, text) : text);
  }
}

/** The panel's content from the blocks (see how_to_play.py); unknown blocks are left out. */
export function renderBlocks(doc, blocks) {
  const out = doc.createDocumentFragment();
  for (const block of Array.isArray(blocks) ? blocks : []) {
    if (!block || typeof block !== "object") continue;
    if (block.kind === "title") out.append(h(doc, "h3", null, String(block.text || "")));
    else if (block.kind === "section") {
      const heading = h(doc, "h4", null, String(block.text || ""));
      heading.dataset.section = String(block.text || "");
      out.append(heading);
    } else if (block.kind === "paragraph") {
      const p = h(doc, "p");
      appendRuns(doc, p, block.runs);
      out.append(p);
    } else if (block.kind === "list") {
      const ul = h(doc, "ul");
      for (const item of block.items || []) {
        const li = h(doc, "li");
        appendRuns(doc, li, item);
        ul.append(li);
      }
      out.append(ul);
    } else if (block.kind === "table") {
      const table = h(doc, "table");
      const head = h(doc, "tr");
      for (const cell of block.header || []) appendRuns(doc, head.appendChild(h(doc, "th")), cell);
      table.append(head);
      for (const row of block.rows || []) {
        const tr = h(doc, "tr");
        for (const cell of row) appendRuns(doc, tr.appendChild(h(doc, "td")), cell);
        table.append(tr);
      }
      out.append(table);
    }
  }
  return out;
}

/**
 * @param {object} o
 * @param {Document} o.doc
 * @param {object} o.model  the anywidget model (its `how_to_play` trait)
 * @param {HTMLElement} o.root  the view's root (the panel covers it)
 * @param {(fn: () => void) => void} o.onCleanup
 * @param {() => number} [o.visibleHeight]  how much of the page shows (shell.fit): in
 *        JupyterLab less than the window, whose bars cover its top and bottom
 */
export function createRulesPanel({ doc, model, root, onCleanup, visibleHeight = () => 0 }) {
  ensureStyleSheet(root, STYLE_ID, CSS, { shared: true });
  const el = h(doc, "div", "gw-rules");
  el.dataset.panel = "rules";
  el.hidden = true;
  const card = h(doc, "div", "gw-rules-card");
  card.tabIndex = -1;
  card.setAttribute("role", "dialog");
  card.setAttribute("aria-label", "How to play");
  const body = h(doc, "div", "gw-rules-body");
  const closeButton = h(doc, "button", "gw-rules-close", "\u00d7");
  closeButton.type = "button";
  closeButton.dataset.action = "close-rules";
  closeButton.title = "Close the rules (Esc)";
  closeButton.setAttribute("aria-label", "Close the rules");
  card.append(closeButton, body);
  el.append(card);
  root.dataset.rules = "closed";

  let returnTo = null;
  const fill = () => {
    let blocks = [];
    try {
      blocks = model.get("how_to_play");
    } catch (_) {
      /* no rules text: an empty panel */
    }
    body.replaceChildren(renderBlocks(doc, blocks));
  };

  function open() {
    if (!el.hidden) return;
    returnTo = doc.activeElement && root.contains(doc.activeElement) ? doc.activeElement : null;
    fill();
    el.hidden = false;
    root.dataset.rules = "open";
    // no taller than the part of the page that shows (a tall view, a phone), then in sight
    const visible = visibleHeight();
    card.style.maxHeight = visible > 0 ? `min(calc(100% - 4px), ${Math.max(160, Math.floor(visible - 24))}px)` : "";
    card.scrollTop = 0;
    card.focus({ preventScroll: true });
    if (typeof card.scrollIntoView === "function") card.scrollIntoView({ block: "nearest" });
  }
  function close() {
    if (el.hidden) return;
    el.hidden = true;
    root.dataset.rules = "closed";
    const back = returnTo && root.contains(returnTo) ? returnTo : null;
    returnTo = null;
    if (back) back.focus({ preventScroll: true });
    else if (card.contains(doc.activeElement) || el.contains(doc.activeElement)) root.focus({ preventScroll: true });
  }
  const toggle = () => (el.hidden ? open() : close());

  // keys, before the view's own (capture on the root): `?` opens and closes, Esc closes;
  // while open, every other key stays with the panel (its default, such as scrolling,
  // still happens) but the page's Ctrl/Cmd/Alt shortcuts
  const onKey = (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
    const typing = keyPlace(event) === "text"; // a checkbox or a slider takes `?` too
    if (el.hidden) {
      if (event.key !== "?" || typing) return;
      event.preventDefault();
      event.stopPropagation();
      open();
      return;
    }
    if (event.key === "Escape" || event.key === "?") {
      event.preventDefault();
      close();
    }
    event.stopPropagation();
  };
  const onBackdrop = (event) => {
    if (event.target === el) close(); // a click beside the card
  };
  listen(onCleanup, [
    [root, "keydown", onKey, true],
    [el, "click", onBackdrop],
    [closeButton, "click", close],
  ]);
  const onChange = () => {
    if (!el.hidden) fill();
  };
  model.on("change:how_to_play", onChange);
  onCleanup(() => model.off("change:how_to_play", onChange));

  const button = createButton({
    doc,
    label: "Rules",
    action: "rules",
    iconPaths: '<circle cx="12" cy="12" r="9.5"/><path d="M9.3 9.2a2.8 2.8 0 1 1 3.9 2.6c-.8.4-1.2 1-1.2 1.9v.6"/><path d="M12 17.3h.01"/>',
    title: "How to play (?)",
    shortcut: "?",
    onClick: () => toggle(),
  });

  return {
    el,
    card,
    button,
    open,
    close,
    toggle,
    get isOpen() {
      return !el.hidden;
    },
  };
}
