// Looking back through a game: the history slider under the board and the banner
// over it while an earlier position is shown.

import { createBanner } from "./banner.js";
import { createButton } from "./buttons.js";
import { element as h } from "./element.js";
import { readInt, sendMessage } from "./traits.js";

/**
 * [index, length] of a widget's history (its history_index and history_length traits,
 * checked): position `index` is shown, `length - 1` is the live game.
 */
export function readHistory(model) {
  const length = Math.max(1, readInt(model, "history_length", 1));
  const index = Math.max(0, Math.min(length - 1, readInt(model, "history_index", length - 1)));
  return [index, length];
}

/**
 * The history step key event `event` asks for: -1 (back: PageUp or [), 1 (forward:
 * PageDown or ]) or 0. [ and ] may need AltGr (Ctrl+Alt) on some layouts; Cmd+[ stays
 * the browser's.
 */
export function historyStep(event) {
  const plain = !event.ctrlKey && !event.metaKey && !event.altKey;
  const key = event.key;
  if (key === "PageUp" ? plain : key === "[" && !event.metaKey) return -1;
  if (key === "PageDown" ? plain : key === "]" && !event.metaKey) return 1;
  return 0;
}

/**
 * Looking back through a game: the history slider (it sends `{"type": "goto"}`) and the
 * banner shown over the board while an earlier position is shown, whose "Back to game"
 * returns to the live one. `beforeGoto()` runs before each goto (finish animations),
 * `onBackToGame()` after the banner's button (focus the board).
 * Returns { slider, banner, show(index, length, hidden?), destroy() }.
 */
export function createHistoryControls({ doc = document, model, beforeGoto = () => {}, onBackToGame = () => {} }) {
  const slider = createHistorySlider({
    doc,
    label: "Game history",
    onGoto: (index) => {
      beforeGoto();
      sendMessage(model, { type: "goto", index });
    },
  });
  slider.el.dataset.reserved = "true";
  const banner = createBanner({
    doc,
    kind: "history",
    actionLabel: "Back to game",
    action: "history-live",
    actionTitle: "Return to the live game (Esc)",
    onAction: () => {
      slider.toEnd();
      onBackToGame();
    },
  });
  return {
    slider,
    banner,
    /**
     * Position `index` of `length` is shown; `hidden` hides the slider anyway. Before
     * the first move the slider is reserved (data-reserved: invisible, out of the
     * flow, but the board leaves room for it), so the board does not jump when it comes.
     */
    show(index, length, hidden = false) {
      slider.el.hidden = hidden;
      slider.el.dataset.reserved = length < 2 ? "true" : "false";
      slider.update(index, length);
      banner.show(index < length - 1 ? `Looking back \u00b7 move ${index} of ${length - 1}` : null);
    },
    destroy() {
      slider.destroy();
      banner.destroy();
    },
  };
}

/**
 * A history slider: ◀ [----o----] ▶ "move i / n". Positions are 0..length-1; the
 * last one is the live game. The slider only asks (`onGoto(i)`); the widget answers
 * by changing what `update(index, length)` reports. While an answer is on its way
 * the slider keeps the asked-for position (so quick steps add up and a drag does not
 * jump back), and a drag sends at most one request per `throttleMs`.
 *
 * Buttons: data-action="history-back" / "history-forward"; the range input has
 * data-control="history". Returns { el, update(index, length), step(delta),
 * go(i), toEnd(), target(), destroy() }.
 *
 * @param {object} o  { doc, onGoto(i), label?, throttleMs?, format?(i, last) }
 */
export function createHistorySlider({
  doc = document,
  onGoto,
  label = "Game history",
  throttleMs = 90,
  format = (i, last) => `move ${i} / ${last}`,
}) {
  const el = h(doc, "div", "gw-history");
  el.setAttribute("role", "group");
  el.setAttribute("aria-label", label);
  const back = createButton({ doc, label: "", action: "history-back", icon: "back", title: "Back one move (PageUp or [)" });
  back.classList.add("gw-icon-button");
  back.setAttribute("aria-label", "Back one move");
  back.setAttribute("aria-keyshortcuts", "PageUp");
  const forward = createButton({ doc, label: "", action: "history-forward", icon: "forward", title: "Forward one move (PageDown or ])" });
  forward.classList.add("gw-icon-button");
  forward.setAttribute("aria-label", "Forward one move");
  forward.setAttribute("aria-keyshortcuts", "PageDown");
  for (const b of [back, forward]) b.querySelector(".gw-button-label").remove();
  const range = h(doc, "input", "gw-history-range");
  range.type = "range";
  range.min = "0";
  range.max = "0";
  range.step = "1";
  range.value = "0";
  range.dataset.control = "history";
  range.setAttribute("aria-label", "Move shown");
  const text = h(doc, "span", "gw-history-label");
  el.append(back, range, forward, text);

  const s = { index: 0, length: 1, want: null, wantAt: 0, dragging: false, timer: 0, lastSent: 0 };
  const WANT_TTL = 2500; // ms: forget a request the widget never answered

  const last = () => Math.max(0, s.length - 1);
  const clamp = (i) => Math.max(0, Math.min(last(), Math.round(i)));
  function target() {
    if (s.want !== null && performance.now() - s.wantAt > WANT_TTL) s.want = null;
    return s.want !== null ? s.want : s.index;
  }

  function paint() {
    const shown = s.dragging ? clamp(Number(range.value)) : target();
    range.max = String(last()); // before the value: a value above the old max is clipped
    if (!s.dragging) range.value = String(shown);
    const pct = last() ? (shown / last()) * 100 : 100;
    range.style.setProperty("--gw-fill", `${pct}%`);
    range.setAttribute("aria-valuetext", format(shown, last()));
    text.textContent = format(shown, last());
    const focused = doc.activeElement;
    back.disabled = shown <= 0;
    forward.disabled = shown >= last();
    // a step button that took the slider to its end is disabled now: the range keeps
    // the focus (else it would fall to the page, and the next keys to the notebook)
    if (focused && focused.disabled && (focused === back || focused === forward)) range.focus({ preventScroll: true });
    el.dataset.looking = shown < last() ? "back" : "live";
  }

  function send(i) {
    s.lastSent = performance.now();
    if (onGoto) onGoto(i);
  }

  /** Ask for position i (clamped); nothing if it is already the target. */
  function go(i) {
    const j = clamp(i);
    clearTimeout(s.timer);
    s.timer = 0;
    if (j === target()) {
      paint();
      return false;
    }
    s.want = j;
    s.wantAt = performance.now();
    send(j);
    paint();
    return true;
  }

  function onInput() {
    s.dragging = true;
    const j = clamp(Number(range.value));
    paint();
    const wait = throttleMs - (performance.now() - s.lastSent);
    clearTimeout(s.timer);
    if (wait <= 0) {
      s.want = j;
      s.wantAt = performance.now();
      send(j);
    } else {
      s.timer = setTimeout(() => {
        s.timer = 0;
        const k = clamp(Number(range.value));
        s.want = k;
        s.wantAt = performance.now();
        send(k);
      }, wait);
    }
  }
  function onChange() {
    s.dragging = false;
    go(Number(range.value));
  }
  const onBack = () => go(target() - 1);
  const onForward = () => go(target() + 1);
  range.addEventListener("input", onInput);
  range.addEventListener("change", onChange);
  back.addEventListener("click", onBack);
  forward.addEventListener("click", onForward);
  paint();

  return {
    el,
    /** What the widget shows now: position `index` of `length`. */
    update(index, length) {
      s.length = Math.max(1, Number.isInteger(length) ? length : 1);
      s.index = Math.max(0, Math.min(last(), Number.isInteger(index) ? index : last()));
      if (s.want !== null && (s.want === s.index || s.want > last())) s.want = null;
      paint();
    },
    step: (delta) => go(target() + delta),
    go,
    toEnd: () => go(last()),
    /** The position shown or asked for. */
    target,
    destroy() {
      clearTimeout(s.timer);
      range.removeEventListener("input", onInput);
      range.removeEventListener("change", onChange);
      back.removeEventListener("click", onBack);
      forward.removeEventListener("click", onForward);
    },
  };
}
