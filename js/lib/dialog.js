// A modal dialog over a game board: a dimmed backdrop covering the board, a panel
// with a title, a message, optional content and a row of action buttons.
//
//   const dialog = createDialog({ doc, name: "stuck", title: "No more moves",
//     message: "...", dismissable: true, returnFocus: canvas,
//     actions: [{ label: "Shuffle", action: "shuffle", primary: true, onClick }] });
//   stage.appendChild(dialog.el);   // stage: position: relative, the board's size
//   dialog.open({ focus: true });  dialog.close();  dialog.isOpen
//   dialog.buttons.shuffle.disabled = true;  dialog.body.append(...);
//
// DOM: <div class="gw-dialog-backdrop" data-dialog=name> <div class="gw-dialog"
// role="dialog" aria-modal="true"> ... <button class="gw-button" data-action=...>.
// Tab keeps the focus inside the open dialog; Escape (and the × button) closes a
// dismissable one and calls onDismiss(). ensureDialogStyles(el) injects the styles
// (once per document or shadow root).

import { ensureStyleSheet } from "./stylesheet.js";

const STYLE_ID = "gamewidgets-dialog-v1";
const CSS = `
.gw-root .gw-dialog-backdrop {
  position: absolute; inset: 0; z-index: 3;
  display: flex; align-items: flex-start; justify-content: center;
  padding: 12px; border-radius: 14px; line-height: 1.3;
  background: rgba(10, 14, 20, 0.5);
  animation: gw-dialog-fade 0.18s ease-out;
}
.gw-root .gw-dialog-backdrop[hidden] { display: none; }
.gw-root .gw-dialog-backdrop[data-backdrop="clear"] { background: transparent; }
.gw-root .gw-dialog {
  /* centred on the board, but kept on screen while any of a tall board is (sticky) */
  position: sticky; top: 16px; bottom: 16px; margin: auto 0;
  min-width: 250px; max-width: min(400px, 100%);
  padding: 18px 22px 16px; border-radius: 16px; text-align: center;
  background: linear-gradient(180deg, #34404f 0%, #222a34 100%);
  border: 1px solid rgba(255, 255, 255, 0.14);
  box-shadow: 0 16px 40px rgba(0, 0, 0, 0.55), 0 1px 0 rgba(255, 255, 255, 0.08) inset;
  color: #e9eef4;
  animation: gw-dialog-pop 0.24s cubic-bezier(0.2, 0.9, 0.3, 1.25);
}
.gw-root .gw-dialog-title { margin: 0 0 6px; font-size: 21px; font-weight: 800; letter-spacing: 0.01em; }
.gw-root .gw-dialog-message { margin: 0 0 14px; color: #a9b5c3; font-size: 13px; }
.gw-root .gw-dialog-message:empty { display: none; }
.gw-root .gw-dialog-body:empty { display: none; }
.gw-root .gw-dialog-body { margin: 0 0 16px; }
.gw-root .gw-dialog-actions { display: flex; gap: 8px; justify-content: center; flex-wrap: wrap; }
.gw-root .gw-button.gw-button-primary {
  background: linear-gradient(180deg, #f8c65a 0%, #e29f22 100%); color: #2a1c00;
  border-color: rgba(0, 0, 0, 0.25);
}
.gw-root .gw-button.gw-button-primary:hover:not(:disabled) { background: linear-gradient(180deg, #ffd47a 0%, #eeac30 100%); }
.gw-root .gw-button.gw-button-primary kbd { color: rgba(42, 28, 0, 0.7); border-color: rgba(42, 28, 0, 0.3); }
.gw-root .gw-dialog-close {
  position: absolute; top: 6px; right: 6px; width: 26px; height: 26px; padding: 0;
  border: none; border-radius: 8px; background: transparent; color: #9aa7b6;
  font: inherit; font-size: 18px; line-height: 26px; cursor: pointer;
}
.gw-root .gw-dialog-close:hover { color: #fff; background: rgba(255, 255, 255, 0.08); }
.gw-root .gw-dialog-close:focus-visible { outline: 2px solid #f6b93b; outline-offset: 1px; }
@keyframes gw-dialog-fade { from { opacity: 0; } to { opacity: 1; } }
@keyframes gw-dialog-pop { from { opacity: 0; transform: translateY(10px) scale(0.96); } to { opacity: 1; transform: none; } }
.gw-root[data-reduced-motion="true"] .gw-dialog-backdrop,
.gw-root[data-reduced-motion="true"] .gw-dialog { animation: none; }
@media (prefers-reduced-motion: reduce) {
  .gw-root .gw-dialog-backdrop, .gw-root .gw-dialog { animation: none; }
}
`;

/**
 * @param {object} o
 * @param {Document} [o.doc]
 * @param {string} o.name             data-dialog value
 * @param {string} o.title
 * @param {string} [o.message]
 * @param {Array<{label: string, action: string, primary?: boolean, title?: string,
 *                shortcut?: string, onClick: () => void}>} [o.actions]
 * @param {boolean} [o.dismissable=false]  Escape / × close it
 * @param {() => void} [o.onDismiss]
 * @param {HTMLElement | (() => HTMLElement)} [o.returnFocus]  focused after close if
 *        the focus was inside (a function: looked up then)
 * @param {"dim"|"clear"} [o.backdrop="dim"]
 */
export function createDialog(o) {
  const doc = o.doc || document;
  const el = doc.createElement("div");
  el.className = "gw-dialog-backdrop";
  el.dataset.dialog = o.name;
  if (o.backdrop === "clear") el.dataset.backdrop = "clear";
  el.hidden = true;
  const panel = doc.createElement("div");
  panel.className = "gw-dialog";
  panel.setAttribute("role", "dialog");
  panel.setAttribute("aria-modal", "true");
  const titleId = `gw-dialog-${o.name}-${Math.random().toString(36).slice(2, 8)}`;
  panel.setAttribute("aria-labelledby", titleId);
  const title = doc.createElement("h3");
  title.className = "gw-dialog-title";
  title.id = titleId;
  title.textContent = o.title || "";
  const message = doc.createElement("p");
  message.className = "gw-dialog-message";
  message.textContent = o.message || "";
  const body = doc.createElement("div");
  body.className = "gw-dialog-body";
  const actions = doc.createElement("div");
  actions.className = "gw-dialog-actions";
  panel.append(title, message, body, actions);
  el.appendChild(panel);

  const listeners = [];
  const listen = (node, type, fn, capture = false) => {
    node.addEventListener(type, fn, capture);
    listeners.push([node, type, fn, capture]);
  };

  const buttons = {};
  for (const a of o.actions || []) {
    const b = doc.createElement("button");
    b.type = "button";
    b.className = a.primary ? "gw-button gw-button-primary" : "gw-button";
    b.dataset.action = a.action;
    if (a.title) b.title = a.title;
    const label = doc.createElement("span");
    label.className = "gw-button-label";
    label.textContent = a.label;
    b.appendChild(label);
    if (a.shortcut) {
      const kbd = doc.createElement("kbd");
      kbd.textContent = a.shortcut;
      kbd.setAttribute("aria-hidden", "true");
      b.appendChild(kbd);
      b.setAttribute("aria-keyshortcuts", a.shortcut);
    }
    if (a.onClick) listen(b, "click", () => a.onClick());
    actions.appendChild(b);
    buttons[a.action] = b;
  }

  let closeButton = null;
  if (o.dismissable) {
    closeButton = doc.createElement("button");
    closeButton.type = "button";
    closeButton.className = "gw-dialog-close";
    closeButton.dataset.action = "close";
    closeButton.setAttribute("aria-label", "Close");
    closeButton.title = "Close (Esc)";
    closeButton.textContent = "\u00d7";
    listen(closeButton, "click", () => dismiss());
    panel.appendChild(closeButton);
  }

  function focusables() {
    return [...panel.querySelectorAll("button")].filter((b) => !b.disabled && !b.hidden);
  }

  function dismiss() {
    if (!o.dismissable || el.hidden) return;
    close();
    if (o.onDismiss) o.onDismiss();
  }

  listen(el, "keydown", (event) => {
    if (el.hidden) return;
    if (event.key === "Escape" && o.dismissable) {
      event.preventDefault();
      event.stopPropagation();
      dismiss();
    } else if (event.key === "Tab") {
      const items = focusables();
      if (!items.length) return;
      const first = items[0];
      const last = items[items.length - 1];
      const active = doc.activeElement;
      if (event.shiftKey && (active === first || !panel.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !panel.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    }
  });

  function open({ focus = false } = {}) {
    const wasHidden = el.hidden;
    el.hidden = false;
    if (focus && (wasHidden || !panel.contains(doc.activeElement))) {
      const primary = panel.querySelector(".gw-button-primary:not(:disabled)") || focusables()[0];
      if (primary) primary.focus({ preventScroll: true });
    }
  }

  function close() {
    if (el.hidden) return;
    const hadFocus = el.contains(doc.activeElement);
    el.hidden = true;
    const target = typeof o.returnFocus === "function" ? o.returnFocus() : o.returnFocus;
    if (hadFocus && target) {
      try {
        target.focus({ preventScroll: true });
      } catch (_) {
        /* ignore */
      }
    }
  }

  return {
    el,
    panel,
    body,
    buttons,
    open,
    close,
    get isOpen() {
      return !el.hidden;
    },
    setTitle(text) {
      title.textContent = text || "";
    },
    setMessage(text) {
      message.textContent = text || "";
    },
    destroy() {
      for (const [node, type, fn, capture] of listeners) node.removeEventListener(type, fn, capture);
      listeners.length = 0;
      el.remove();
    },
  };
}

/** Inject the dialog styles for `el`'s document (createDialog users call it once). */
export function ensureDialogStyles(el) {
  ensureStyleSheet(el, STYLE_ID, CSS, { shared: true });
}
