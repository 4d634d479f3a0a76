// Keys and focus of a view on a notebook page: while the player uses any part of the
// view, no key reaches the notebook's own shortcuts (M turns a cell into Markdown,
// A/B insert cells, D D deletes one, ...), and the game's keys work.
//
//   const keys = containKeys({ el, root, focusTarget: () => board.canvas });
//   keys.destroy();
//
// How (JupyterLab, Notebook 7 and other Lumino front-ends, and any page):
// - A click on a part of the view that is not a control (the header, a read-out, the
//   status line, a margin, a dialog's panel) focuses `focusTarget()` — the board,
//   or the open dialog — so the view has the keyboard; the root is focusable
//   (tabindex -1) as a last resort. `:focus-within` draws the focus ring.
// - Every element that takes focus inside the view carries
//   `data-lm-suppress-shortcuts`: Lumino ignores key events whose target has it. This
//   holds whether the application listens in the capture phase (Notebook 7) or the
//   bubbling phase (JupyterLab 4).
// - Key events stop at the view's outer element (`el`), after the view's own
//   handlers ran, so no listener of the page sees them.
// - Keys with Ctrl, Cmd or Alt that the view did not use (Ctrl+S, Ctrl+Shift+C, ...)
//   are handed on to the page as if pressed outside any cell: a copy of the event
//   is dispatched on <body>, where the application's own shortcuts (save, command
//   palette) match and the notebook's cell shortcuts (which need a focused cell)
//   cannot. Ctrl/Cmd/Alt+Enter (run the cell) are kept like plain keys.
// - Clicking outside the view moves the focus there: the notebook has its keys back.

/** A key or pointer event the view has handled: no default action, no bubbling. */
export function consume(event) {
  event.preventDefault();
  event.stopPropagation();
}

const SUPPRESS = "data-lm-suppress-shortcuts";
const FOCUSABLE = "button, input, select, textarea, label, a[href], [tabindex]:not([tabindex='-1']), [contenteditable='true']";

/** True when `node` (inside `root`) takes focus itself when clicked. */
function takesFocus(node, root) {
  const hit = node && node.closest ? node.closest(FOCUSABLE) : null;
  return !!hit && hit !== root && root.contains(hit);
}

/** True for a key the page may have: one with Ctrl, Cmd or Alt, other than Enter. */
function forPage(event) {
  return (event.ctrlKey || event.metaKey || event.altKey) && event.key !== "Enter";
}

/**
 * The event as Lumino's key bindings read it (they use keyCode, which a constructed
 * KeyboardEvent cannot carry), to be dispatched elsewhere.
 */
function copyOfKey(doc, event) {
  const copy = new (doc.defaultView || window).Event(event.type, { bubbles: true, cancelable: true });
  for (const name of ["key", "code", "keyCode", "which", "location", "repeat", "ctrlKey", "shiftKey", "altKey", "metaKey"]) {
    Object.defineProperty(copy, name, { value: event[name] });
  }
  return copy;
}

/**
 * Keep the keyboard inside the view while it has focus (see the module comment).
 * `el` is the element the front-end gave the view, `root` the view's own root inside
 * it, `focusTarget()` what a click on a non-control part focuses (default: root).
 */
export function containKeys({ el, root, focusTarget = () => root }) {
  const doc = root.ownerDocument || document;
  root.tabIndex = -1;
  root.setAttribute(SUPPRESS, "true");

  const onFocusIn = (event) => {
    const target = event.target;
    if (target && target.setAttribute && !target.hasAttribute(SUPPRESS)) target.setAttribute(SUPPRESS, "true");
  };
  const onMouseDown = (event) => {
    if (event.button !== 0 || takesFocus(event.target, root)) return;
    let target = null;
    try {
      target = focusTarget() || root;
    } catch (_) {
      target = root;
    }
    if (!root.contains(target)) target = root;
    // no default focus change (it would focus the root, or the cell around it)
    event.preventDefault();
    target.focus({ preventScroll: true });
  };
  const onKey = (event) => {
    event.stopPropagation();
    if (event.type !== "keydown" || event.defaultPrevented || !forPage(event)) return;
    const body = doc.body;
    if (body && !body.dispatchEvent(copyOfKey(doc, event))) event.preventDefault();
  };
  const listeners = [
    [root, "focusin", onFocusIn],
    [root, "mousedown", onMouseDown],
    [el, "keydown", onKey],
    [el, "keyup", onKey],
    [el, "keypress", onKey],
  ];
  for (const [node, type, fn] of listeners) node.addEventListener(type, fn);
  return {
    destroy() {
      for (const [node, type, fn] of listeners) node.removeEventListener(type, fn);
    },
  };
}

/**
 * Where a key event inside the view was aimed: "text" (typing into a field: leave
 * every key to it), "control" (a button, checkbox, slider or link: Enter, Space,
 * arrows, Home/End and PageUp/PageDown are its own) or "view" (the board or the
 * view itself). A view's shortcut letters work everywhere but "text".
 */
export function keyPlace(event) {
  const target = event.target;
  if (!target || !target.tagName) return "view";
  const tag = target.tagName;
  if (tag === "TEXTAREA" || target.isContentEditable) return "text";
  if (tag === "INPUT") {
    const type = (target.type || "").toLowerCase();
    return ["checkbox", "radio", "range", "button", "submit", "reset"].includes(type) ? "control" : "text";
  }
  if (tag === "SELECT") return "text";
  if (tag === "BUTTON" || tag === "A" || tag === "LABEL") return "control";
  return "view";
}

/** True for the keys a control (button, checkbox, slider) acts on itself. */
export function isControlKey(event) {
  return ["Enter", " ", "Spacebar", "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", "PageUp", "PageDown"]
    .includes(event.key);
}
