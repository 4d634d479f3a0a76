// The view shell: what every game view is built on, so that each behaves as part of
// the notebook page in the same way.
//
//   const shell = createShell({ model, el, game: "line98", title: "Line 98" });
//   shell.header.append(...);            // the frame: root > header (title, subtitle)
//   shell.mount(header, toolbar, ...);   // the view's parts, in order, into el
//   shell.focusOn(() => canvas);         // what a click on a non-control part focuses
//   createCanvas({ ..., fit: shell.fit }); // the board fits the page's height
//   shell.onCleanup(fn); shell.listen([[node, type, fn], ...]);
//   return () => shell.destroy();        // render()'s return value
//
// What it does for the view:
// - keys and focus (keys.js): no key reaches the notebook's shortcuts while the view
//   has focus; a click anywhere on it gives it focus, shown by a focus ring. The
//   board's keys (arrows, Home/End, Esc, PageUp/PageDown) pressed on a button, a
//   checkbox or the view itself act on the board (shell.focusOn's canvas), as if pressed there.
// - how to play (rules.js): the game's rules in a panel over the view, opened by the
//   `?` key anywhere in it or by `shell.rules.button` (each view puts it in its toolbar).
// - nothing lost to one key (confirm.js): `shell.confirm.ask(...)` before a key or a
//   button throws a game in progress away.
// - visible refusals: the status line's `refuse(text)` (readouts.js) keeps why a move
//   was refused on screen for as long as it takes to read.
// - connection (connection.js): `data-connection="live" | "lost"` on the root; once
//   lost, the view is greyed under a notice saying the cell must be run again, and
//   it takes no more clicks or keys. `shell.live` tells the view.
// - sizing (fit.js): `shell.fit` for the board's canvas (a part marked
//   data-reserved="true" is hidden but counted, see fit.js); `data-compact="true"` on the
//   root while it is narrower than `compactBelow` px (icon-only toolbar, tighter
//   header: the CSS below).
// - saving: the `storage` trait (the store's status) on the root as
//   `data-storage="saved" | "waiting" | "failing" | "unavailable" | "memory"`; while saving
//   waits, fails or cannot be done, its message is a notice under the header.
// - animations: `shell.animating` (the animator's onBusy) keeps `data-animating="true"`
//   on the root while a tween runs, so a test can wait for the board to be still.
// - a puzzle (puzzle.js): while the widget's `puzzle` trait holds one, its prompt, the
//   verdict on the last move and the Hint / Solution / Again / Next buttons, under the header.
// - who plays (driven.js): while a program plays the board from Python (the
//   `driven_by` trait), a "Played by <who>" line under the header and
//   `data-driven-by` on the root; `shell.driven.by` tells the view (which then sends
//   no moves: its board input does nothing, shell.driven.nudge() says why).
// - round trip: a "gw-roundtrip" event on the root sends the kernel a ping; its answer
//   sets `data-roundtrip` to the event's number (`event.detail`). The kernel handles a
//   view's messages in order, so by then it has handled everything the view sent
//   before: how a test knows that a click it made sent nothing, without waiting a while.
// - the picture of the board that Python puts out beside the view, for exported
//   notebooks (src/gamewidgets/picture_output.py): hidden once the view renders
//   (outside JupyterLab / Notebook 7, whose own style hides it), also when it comes later.
// - clean-up (cleanup.js): listeners, timers and observers are undone in one place.

import { createBanner } from "./banner.js";
import { createCleanup, listen } from "./cleanup.js";
import { watchConnection } from "./connection.js";
import { createDrivenLine } from "./driven.js";
import { element as h } from "./element.js";
import { createConfirm } from "./confirm.js";
import { createFit } from "./fit.js";
import { consume, containKeys, keyPlace } from "./keys.js";
import { createPuzzlePanel } from "./puzzle.js";
import { createRulesPanel } from "./rules.js";
import { ensureStyleSheet } from "./stylesheet.js";
import { PALETTE, ensureStyles } from "./theme.js";

const STYLE_ID = "gamewidgets-shell-v1";
const CSS = `
.gw-root { position: relative; outline: none; }
.gw-root:focus-within { box-shadow: 0 0 0 2px ${PALETTE.accentSoft}, 0 6px 22px rgba(0, 0, 0, 0.28); }
/* a part not shown yet but to come (the history row before the first move): out of the
   flow and invisible, while fit.js still leaves room for it, so nothing jumps when it comes */
.gw-root [data-reserved="true"] { visibility: hidden; position: absolute; top: 0; left: 0; right: 0; }
.gw-root[data-compact="true"] { padding: 9px 9px 8px; }
.gw-root[data-compact="true"] .gw-header { gap: 6px; margin-bottom: 6px; flex-wrap: nowrap; }
.gw-root[data-compact="true"] .gw-title { font-size: 15px; white-space: nowrap; }
.gw-root[data-compact="true"] .gw-title small { display: none; }
.gw-root[data-compact="true"] .gw-stats { gap: 4px; flex-wrap: nowrap; }
.gw-root[data-compact="true"] .gw-stat { min-width: 0; padding: 2px 7px 3px; }
.gw-root[data-compact="true"] .gw-stat-label { font-size: 9px; letter-spacing: 0.05em; }
.gw-root[data-compact="true"] .gw-stat-value { font-size: 14px; }
.gw-root[data-compact="true"] .gw-toolbar { gap: 4px; margin-bottom: 8px; flex-wrap: nowrap; }
.gw-root[data-compact="true"] .gw-toolbar .gw-button:has(svg) { padding: 0 8px; }
.gw-root[data-compact="true"] .gw-toolbar .gw-button:has(svg) .gw-button-label,
.gw-root[data-compact="true"] .gw-toolbar .gw-button:has(svg) kbd { display: none; }
.gw-root[data-connection="lost"] > :not(.gw-lost) { filter: grayscale(1) brightness(0.75); opacity: 0.5; }
.gw-root .gw-lost {
  position: absolute; inset: 0; z-index: 20; display: flex; align-items: flex-start; justify-content: center;
  padding: 56px 14px 14px; border-radius: 14px; cursor: not-allowed;
}
.gw-root .gw-lost[hidden] { display: none; }
.gw-root .gw-lost-card {
  position: sticky; top: 24px; max-width: 340px; padding: 14px 18px; border-radius: 14px; text-align: center;
  background: rgba(24, 29, 37, 0.97); border: 1px solid rgba(255, 110, 100, 0.7); color: ${PALETTE.text};
  box-shadow: 0 12px 32px rgba(0, 0, 0, 0.5); cursor: default;
}
.gw-root .gw-lost-title { margin: 0 0 4px; font-size: 16px; font-weight: 800; color: #ffc2bb; }
.gw-root .gw-lost-text { margin: 0; font-size: 12.5px; color: #c9d2dc; }
`;

/** Events a disconnected view no longer takes. */
/** The board's keys, which act on the board wherever the focus is in the view. */
const BOARD_KEYS = new Set(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", "Escape", "PageUp", "PageDown"]);

const BLOCKED = ["pointerdown", "mousedown", "click", "dblclick", "keydown", "contextmenu", "dragstart"];

/**
 * @param {object} o
 * @param {object} o.model            the anywidget model
 * @param {HTMLElement} o.el          the element the front-end gave the view
 * @param {string} o.game             data-game of the root
 * @param {string} [o.css=game]       the root's class is gw-<css>
 * @param {string} o.title
 * @param {number} [o.compactBelow=520]  root width (CSS px) under which it is compact
 */
export function createShell({ model, el, game, css = game, title, compactBelow = 520 }) {
  const doc = el.ownerDocument || document;
  ensureStyles(el);
  ensureStyleSheet(el, STYLE_ID, CSS, { shared: true });
  const cleanup = createCleanup();
  const onCleanup = cleanup.add;

  const root = h(doc, "div", `gw-root gw-${css}`);
  root.dataset.game = game;
  root.dataset.connection = "live";
  root.dataset.compact = "false";
  const header = h(doc, "div", "gw-header");
  const titleEl = h(doc, "div", "gw-title", title);
  const subtitle = h(doc, "small");
  titleEl.appendChild(subtitle);

  // disconnected: the notice over the greyed view, and no more input
  const lost = h(doc, "div", "gw-lost");
  lost.hidden = true;
  lost.dataset.notice = "disconnected";
  const card = h(doc, "div", "gw-lost-card");
  card.setAttribute("role", "alert");
  const lostTitle = h(doc, "p", "gw-lost-title", "Disconnected");
  const lostText = h(doc, "p", "gw-lost-text", "");
  card.append(lostTitle, lostText);
  lost.appendChild(card);
  const swallow = (event) => {
    if (root.dataset.connection !== "lost") return;
    event.stopImmediatePropagation();
    if (event.type !== "keydown") event.preventDefault();
  };
  listen(onCleanup, BLOCKED.map((type) => [root, type, swallow, true]));
  const connectionListeners = [];
  const connection = watchConnection(model, {
    onChange(live, reason) {
      root.dataset.connection = live ? "live" : "lost";
      lostText.textContent =
        `This board no longer plays: ${reason || "its kernel is gone"}. Run the cell again to start a new one.`;
      lost.hidden = live;
      for (const fn of connectionListeners) fn(live);
    },
  });
  onCleanup(() => connection.destroy());

  // keys and focus: a click on a non-control part focuses the open dialog's first
  // button, else what the view asked for (its board), else the root
  let focusTarget = () => root;
  const openDialog = () => {
    const open = [...root.querySelectorAll(".gw-dialog-backdrop:not([hidden])")].pop();
    return open && (open.querySelector(".gw-button-primary:not(:disabled)") || open.querySelector("button:not(:disabled)"));
  };
  // how to play (rules.js): the `?` key and the Rules button (`shell.rules.button`, placed
  // by each view) open the game's rules over the view
  const rules = createRulesPanel({ doc, model, root, onCleanup, visibleHeight: () => fit.visibleHeight() });
  const keys = containKeys({ el, root, focusTarget: () => (rules.isOpen ? rules.card : openDialog() || focusTarget()) });
  onCleanup(() => keys.destroy());
  // nothing lost to one key (confirm.js): `shell.confirm.ask({...})` before discarding a game
  const confirm = createConfirm({ doc, root, returnFocus: () => focusTarget(), onCleanup });

  // the board's keys wherever the focus is in the view: pressed on a button or a
  // checkbox of the view, or on the view itself (not in a dialog, the rules or a field;
  // not the slider, whose arrows are its own), the board's keys (the arrows, Home/End, Esc: deselect, or back
  // to the game while looking back; PageUp/PageDown) give the board the focus and act
  // there, as if pressed on it
  const onControlKey = (event) => {
    const target = event.target;
    if (event.defaultPrevented || !BOARD_KEYS.has(event.key)) return;
    if (keyPlace(event) !== "control" && target !== root) return;
    if (target.type === "range" || target.closest(".gw-dialog-backdrop, .gw-rules")) return;
    const board = focusTarget();
    if (!board || board === root || board.tagName !== "CANVAS" || board.tabIndex < 0 || !root.contains(board)) return;
    consume(event);
    board.focus({ preventScroll: true });
    const { key, code, ctrlKey, shiftKey, altKey, metaKey } = event;
    board.dispatchEvent(new KeyboardEvent("keydown", { key, code, ctrlKey, shiftKey, altKey, metaKey, bubbles: true, cancelable: true }));
  };
  listen(onCleanup, [[root, "keydown", onControlKey]]);

  // compact below a width
  const win = doc.defaultView || window;
  const setCompact = () => {
    const width = root.clientWidth;
    if (width) root.dataset.compact = width < compactBelow ? "true" : "false";
  };
  if (typeof win.ResizeObserver === "function") {
    const observer = new win.ResizeObserver(setCompact);
    observer.observe(root);
    onCleanup(() => observer.disconnect());
  }

  // saving: what the store says, when it is not simply saving
  const storageNotice = createBanner({ doc, kind: "storage", place: "inline" });
  storageNotice.el.dataset.notice = "storage";
  const showStorage = () => {
    const { state = "saved", message = "" } = model.get("storage") || {};
    root.dataset.storage = state;
    storageNotice.setTone(state === "waiting" ? "warn" : "danger");
    storageNotice.show(state === "saved" || state === "memory" ? null : message);
  };
  model.on("change:storage", showStorage);
  onCleanup(() => model.off("change:storage", showStorage));
  onCleanup(() => storageNotice.destroy());
  showStorage();

  // who plays: a program driving the board from Python
  const driven = createDrivenLine({ doc, model, root, host: el });
  onCleanup(() => driven.destroy());

  // a puzzle being solved on the board (puzzle.js): its prompt and verdicts under the header
  const puzzle = createPuzzlePanel({ doc, model, root, onCleanup });

  // round trip: ping with a negative number (the heartbeat's are positive)
  const onRoundTrip = (event) => {
    const n = Number(event.detail) || 0;
    if (n > 0) model.send({ type: "ping", n: -n });
  };
  const onPong = (message) => {
    if (message && message.type === "pong" && Number.isInteger(message.n) && message.n < 0) {
      root.dataset.roundtrip = String(-message.n);
    }
  };
  root.addEventListener("gw-roundtrip", onRoundTrip);
  model.on("msg:custom", onPong);
  onCleanup(() => {
    root.removeEventListener("gw-roundtrip", onRoundTrip);
    model.off("msg:custom", onPong);
  });
  root.dataset.animating = "false";

  // the picture beside the view (for exports): this view replaces it
  const pictureId = model.get("picture_id");
  if (pictureId && !el.closest(".lm-Widget") && doc.body) {
    const selector = `[data-gamewidgets-model="${pictureId.replace(/["\\]/g, "")}"]`;
    const hide = () => doc.querySelectorAll(selector).forEach((p) => (p.style.display = "none"));
    hide();
    if (typeof win.MutationObserver === "function") {
      const observer = new win.MutationObserver(hide);
      observer.observe(doc.body, { childList: true, subtree: true });
      onCleanup(() => observer.disconnect());
    }
  }

  const fit = createFit(root);

  return {
    doc,
    root,
    header,
    title: titleEl,
    subtitle,
    fit,
    onCleanup,
    /** Add listeners [[node, type, fn, options?], ...], removed at clean-up. */
    listen: (listeners) => listen(onCleanup, listeners),
    /** What a click on a part of the view that is not a control focuses. */
    focusOn(fn) {
      focusTarget = fn;
    },
    /** True while the kernel is there. */
    get live() {
      return connection.live;
    },
    /** Ask before a game in progress is thrown away: `confirm.ask({ title, message, confirm, onConfirm })`. */
    confirm,
    /** How to play: `rules.button` (for the view's toolbar), `rules.open()`, `close()`, `isOpen`. */
    rules,
    /** Who plays the board: `driven.by` ("" for the user), `driven.nudge()`. */
    driven,
    /** The animator's onBusy: `data-animating` on the root. */
    animating(busy) {
      root.dataset.animating = busy ? "true" : "false";
    },
    /** Call `fn(live)` when the connection changes. */
    onConnection(fn) {
      connectionListeners.push(fn);
    },
    /** Put the view's parts into the root, and the root into the page. */
    mount(...parts) {
      const [first, ...rest] = parts;
      root.append(first, storageNotice.el, driven.el, puzzle.el, ...rest, confirm.el, rules.el, lost);
      el.appendChild(root);
      onCleanup(() => root.remove());
      setCompact();
    },
    destroy: () => cleanup.run(),
  };
}
