// Controls for games played online (two notebooks through a room server): one
// presence chip per seat, the invite box with its Copy button, copying text to the
// clipboard with a fallback, and a countdown to the next reconnect attempt.
// Game-agnostic: the view decides what each seat's state is called.
//
//   ensureOnlineStyles(el);
//   const chip = createPresenceChip({ doc, seat: 0 });   // [data-seat-status="0"]
//   chip.set({ name: "You", state: "connected", presence: "on" });
//   const invite = createInviteBox({ doc, onCopy: (how) => ... });
//   invite.set("http://127.0.0.1:8765/rooms/Xy...");
//   const countdown = createCountdown({ onTick: () => redraw() });
//   countdown.set(5);  countdown.remaining();  // 5, 4, ... 0; null when not set
//
// Presence: "on" (connected), "off" (was there, gone now), "free" (nobody has taken
// the seat yet), "wait" (connecting), "away" (connected, but nobody looks at it),
// "unknown" (we cannot tell: our own connection is down). A chip is
// <span class="gw-presence" data-seat-status=seat data-presence=... data-connected="true|false">.

import { createButton, iconElement } from "../lib/buttons.js";
import { ensureStyleSheet } from "../lib/stylesheet.js";
import { PALETTE } from "../lib/theme.js";

const STYLE_ID = "gamewidgets-online-v1";
const CSS = `
.gw-root .gw-presence {
  display: inline-flex; align-items: center; gap: 7px; height: 26px; padding: 0 11px 0 9px;
  border-radius: 13px; font-size: 12px; white-space: nowrap; min-width: 0;
  background: rgba(0, 0, 0, 0.26); border: 1px solid rgba(255, 255, 255, 0.1); color: ${PALETTE.text};
  transition: background 0.2s, border-color 0.2s;
}
.gw-root .gw-presence-dot {
  flex: none; width: 9px; height: 9px; border-radius: 50%; box-sizing: border-box;
  background: #6b7684;
}
.gw-root .gw-presence-label { min-width: 0; overflow: hidden; text-overflow: ellipsis; color: ${PALETTE.textDim}; }
.gw-root .gw-presence-name { font-weight: 700; color: ${PALETTE.text}; }
.gw-root .gw-presence-state { font-weight: 500; }
.gw-root .gw-presence[data-presence="on"] .gw-presence-dot {
  background: ${PALETTE.success}; box-shadow: 0 0 6px rgba(95, 211, 141, 0.8);
}
.gw-root .gw-presence[data-presence="on"] .gw-presence-state { color: #a7e6bf; }
.gw-root .gw-presence[data-presence="off"] {
  background: rgba(255, 93, 93, 0.14); border-color: rgba(255, 110, 100, 0.65);
}
.gw-root .gw-presence[data-presence="off"] .gw-presence-dot {
  background: ${PALETTE.danger}; box-shadow: 0 0 0 3px rgba(255, 93, 93, 0.25);
  animation: gw-presence-blink 1.4s ease-in-out infinite;
}
.gw-root .gw-presence[data-presence="off"] .gw-presence-state { color: #ffb3ab; font-weight: 700; }
.gw-root .gw-presence[data-presence="free"] {
  background: rgba(246, 185, 59, 0.08); border: 1px dashed rgba(246, 185, 59, 0.75);
}
.gw-root .gw-presence[data-presence="free"] .gw-presence-dot {
  background: transparent; border: 2px solid ${PALETTE.accent};
  animation: gw-presence-blink 1.6s ease-in-out infinite;
}
.gw-root .gw-presence[data-presence="free"] .gw-presence-state { color: #f6d79a; font-weight: 700; }
.gw-root .gw-presence[data-presence="wait"] .gw-presence-dot {
  background: #7cc0ff; box-shadow: 0 0 6px rgba(124, 192, 255, 0.8);
  animation: gw-presence-blink 1.1s ease-in-out infinite;
}
.gw-root .gw-presence[data-presence="wait"] .gw-presence-state { color: #bfe0ff; }
.gw-root .gw-presence[data-presence="away"] {
  background: rgba(246, 185, 59, 0.1); border-color: rgba(246, 185, 59, 0.45);
}
.gw-root .gw-presence[data-presence="away"] .gw-presence-dot {
  background: ${PALETTE.accent}; box-shadow: inset 0 0 0 2px rgba(0, 0, 0, 0.35); opacity: 0.75;
}
.gw-root .gw-presence[data-presence="away"] .gw-presence-state { color: #f6d79a; font-weight: 700; }
.gw-root .gw-presence[data-presence="unknown"] { border-style: dashed; border-color: rgba(255, 255, 255, 0.28); }
.gw-root .gw-presence[data-presence="unknown"] .gw-presence-dot {
  background: transparent; border: 2px dotted #8b96a5;
}
.gw-root .gw-presence[data-presence="unknown"] .gw-presence-state { color: ${PALETTE.textDim}; font-style: italic; }
@keyframes gw-presence-blink { 0%, 100% { opacity: 1; } 50% { opacity: 0.35; } }
.gw-root .gw-invite { display: flex; align-items: center; gap: 6px; min-width: 0; }
.gw-root .gw-invite[hidden] { display: none; }
.gw-root .gw-invite-field {
  flex: 1 1 auto; min-width: 0; display: flex; align-items: center; gap: 6px; height: 30px;
  padding: 0 4px 0 9px; border-radius: 8px; background: rgba(0, 0, 0, 0.3);
  border: 1px solid rgba(255, 255, 255, 0.1); color: ${PALETTE.textDim};
}
.gw-root .gw-invite-field:focus-within { border-color: ${PALETTE.accent}; }
.gw-root .gw-invite-field svg { flex: none; width: 14px; height: 14px; }
.gw-root .gw-invite-text {
  flex: 1 1 auto; min-width: 0; width: 100%; height: 100%; padding: 0; margin: 0; border: none;
  background: transparent; color: ${PALETTE.text}; outline: none; text-overflow: ellipsis;
  font: 500 11.5px ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace;
  user-select: text; -webkit-user-select: text;
}
.gw-root .gw-invite-text::selection { background: rgba(246, 185, 59, 0.45); color: #fff; }
.gw-root .gw-invite .gw-button { flex: none; }
.gw-root .gw-invite .gw-button[data-copied="true"] { color: ${PALETTE.success}; border-color: rgba(95, 211, 141, 0.55); }
.gw-root[data-reduced-motion="true"] .gw-presence[data-presence] .gw-presence-dot { animation: none; }
@media (prefers-reduced-motion: reduce) { .gw-root .gw-presence[data-presence] .gw-presence-dot { animation: none; } }
`;

/** Inject the styles of this module for `el`'s document (or shadow root). */
export function ensureOnlineStyles(el) {
  ensureStyleSheet(el, STYLE_ID, CSS);
}

const LINK_ICON =
  '<path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7"/>' +
  '<path d="M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7"/>';
const COPY_ICON = '<rect x="9" y="9" width="12" height="12" rx="2"/><path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1"/>';
const CHECK_ICON = '<path d="m5 12 5 5 9-10"/>';

/**
 * One seat's presence: a pill with a dot, the seat's name and its state in words
 * ("You · connected"). Returns { el, set({ name, state, presence, title? }) }.
 */
export function createPresenceChip({ doc = document, seat }) {
  const el = doc.createElement("span");
  el.className = "gw-presence";
  el.dataset.seatStatus = String(seat);
  const dot = doc.createElement("span");
  dot.className = "gw-presence-dot";
  dot.setAttribute("aria-hidden", "true");
  const label = doc.createElement("span");
  label.className = "gw-presence-label";
  const name = doc.createElement("b");
  name.className = "gw-presence-name";
  const state = doc.createElement("span");
  state.className = "gw-presence-state";
  label.append(name, doc.createTextNode(" \u00b7 "), state);
  el.append(dot, label);
  let key = "";
  return {
    el,
    set({ name: n, state: s, presence, title }) {
      const k = `${n}|${s}|${presence}|${title}`;
      if (k === key) return;
      key = k;
      name.textContent = n;
      state.textContent = s;
      el.dataset.presence = presence;
      el.dataset.connected = presence === "on" ? "true" : "false";
      el.title = title || `${n}: ${s}`;
    },
  };
}

/** "http://host/rooms/abcdef..." -> "host/rooms/abc…xyz" (at most `max` characters). */
export function shortenMiddle(text, max = 56) {
  const t = String(text || "").replace(/^[a-z][a-z0-9+.-]*:\/\//i, "");
  if (t.length <= max) return t;
  const tail = Math.max(6, Math.floor((max - 1) * 0.4));
  return `${t.slice(0, max - 1 - tail)}\u2026${t.slice(t.length - tail)}`;
}

function settleWithin(promise, ms) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("timeout")), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

/**
 * Copy `text`: navigator.clipboard first; if that is missing or refused, select the
 * text in `input` (so Ctrl+C copies it) and try the legacy copy command.
 * Resolves to "clipboard", "command" (copied the old way) or "selected" (only
 * selected: the user copies it).
 */
export async function copyText(text, { doc = document, input = null, timeoutMs = 1500 } = {}) {
  const win = doc.defaultView || (typeof window !== "undefined" ? window : null);
  const clip = win && win.navigator && win.navigator.clipboard;
  if (clip && typeof clip.writeText === "function") {
    try {
      await settleWithin(clip.writeText(text), timeoutMs);
      return "clipboard";
    } catch (_) {
      /* refused (permissions, insecure context, headless): fall back */
    }
  }
  if (input) {
    input.value = text;
    try {
      input.focus({ preventScroll: true });
      input.select();
      input.setSelectionRange(0, text.length);
    } catch (_) {
      /* ignore */
    }
  }
  let ok = false;
  try {
    ok = !!(doc.execCommand && doc.execCommand("copy"));
  } catch (_) {
    ok = false;
  }
  return ok ? "command" : "selected";
}

/**
 * The invite a host shares: a read-only field (shortened while not focused; focused
 * or after a fallback copy it holds the whole text, selected) and a Copy button
 * (data-action=copy-invite) that says "Copied" for `copiedMs`. `onCopy(how)` runs
 * after each copy ("clipboard" / "command" / "selected", see copyText).
 * Returns { el, input, button, set(text), destroy() }; el is hidden while text is "".
 */
export function createInviteBox({ doc = document, label = "Invite", buttonLabel = "Copy invite", copiedMs = 2000, onCopy }) {
  const el = doc.createElement("div");
  el.className = "gw-invite";
  el.hidden = true;
  const field = doc.createElement("label");
  field.className = "gw-invite-field";
  field.title = label;
  field.appendChild(iconElement(doc, LINK_ICON));
  const input = doc.createElement("input");
  input.className = "gw-invite-text";
  input.type = "text";
  input.readOnly = true;
  input.spellcheck = false;
  input.dataset.control = "invite";
  input.setAttribute("aria-label", `${label} (read-only)`);
  field.appendChild(input);
  const button = createButton({ doc, label: buttonLabel, action: "copy-invite", title: `Copy the ${label.toLowerCase()} to the clipboard` });
  button.setAttribute("aria-label", `${buttonLabel} to the clipboard`);
  const icon = iconElement(doc, COPY_ICON);
  button.insertBefore(icon, button.firstChild);
  const buttonText = button.querySelector(".gw-button-label");
  el.append(field, button);

  let full = "";
  let timer = 0;
  let alive = true;
  let charW = 0; // px per character of the field's (monospace) font, once measured
  function fits() {
    // as many characters as the field shows (the room id at the end stays visible)
    const width = input.clientWidth;
    if (!width) return 56;
    if (!charW) {
      try {
        const ctx = doc.createElement("canvas").getContext("2d");
        const cs = (doc.defaultView || window).getComputedStyle(input);
        ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
        charW = ctx.measureText("0000000000").width / 10;
      } catch (_) {
        charW = 0;
      }
    }
    return charW ? Math.max(10, Math.floor(width / charW) - 1) : 56;
  }
  const showShort = () => {
    input.value = shortenMiddle(full, fits());
  };
  const onFocus = () => {
    input.value = full;
    input.select();
  };
  const onBlur = () => showShort();
  function copiedLook(how) {
    clearTimeout(timer);
    const copied = how !== "selected";
    button.dataset.copied = "true";
    buttonText.textContent = copied ? "Copied" : "Press Ctrl+C";
    icon.innerHTML = copied ? CHECK_ICON : COPY_ICON;
    timer = setTimeout(() => {
      if (!alive) return;
      button.dataset.copied = "false";
      buttonText.textContent = buttonLabel;
      icon.innerHTML = COPY_ICON;
    }, copiedMs);
  }
  async function onClick() {
    if (!full) return;
    const how = await copyText(full, { doc, input });
    if (!alive) return;
    // copied: give the focus back to the button (the field shows the short form);
    // only selected: leave it selected for Ctrl+C
    if (how !== "selected" && doc.activeElement === input) button.focus({ preventScroll: true });
    copiedLook(how);
    if (onCopy) onCopy(how);
  }
  input.addEventListener("focus", onFocus);
  input.addEventListener("blur", onBlur);
  let observer = null;
  const win = doc.defaultView || (typeof window !== "undefined" ? window : null);
  if (win && win.ResizeObserver) {
    observer = new win.ResizeObserver(() => {
      if (alive && full && doc.activeElement !== input) showShort();
    });
    observer.observe(input);
  }
  button.addEventListener("click", onClick);
  return {
    el,
    input,
    button,
    set(text) {
      const t = typeof text === "string" ? text : "";
      if (t === full) return;
      full = t;
      input.title = t;
      el.hidden = !t;
      if (doc.activeElement === input) input.value = t;
      else showShort();
    },
    destroy() {
      alive = false;
      clearTimeout(timer);
      if (observer) observer.disconnect();
      input.removeEventListener("focus", onFocus);
      input.removeEventListener("blur", onBlur);
      button.removeEventListener("click", onClick);
    },
  };
}

/**
 * Seconds left until a moment `set(seconds)` from now, for "reconnecting in N s".
 * `onTick()` runs each time the whole number of seconds left changes (and at 0).
 * Returns { set(seconds | null), remaining() -> int | null, destroy() }.
 */
export function createCountdown({ onTick, now = () => Date.now() }) {
  let deadline = null;
  let timer = 0;
  let shown = null;
  const remaining = () => (deadline == null ? null : Math.max(0, Math.ceil((deadline - now()) / 1000)));
  function stop() {
    clearInterval(timer);
    timer = 0;
  }
  function tick() {
    const r = remaining();
    if (r !== shown) {
      shown = r;
      if (onTick) onTick(r);
    }
    if (r === 0) stop();
  }
  return {
    set(seconds) {
      stop();
      if (typeof seconds !== "number" || !Number.isFinite(seconds) || seconds < 0) {
        deadline = null;
        shown = null;
        return;
      }
      deadline = now() + seconds * 1000;
      shown = remaining();
      if (shown > 0) timer = setInterval(tick, 250);
    },
    remaining,
    destroy() {
      stop();
      deadline = null;
    },
  };
}
