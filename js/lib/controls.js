// HTML controls of the game views: toolbar buttons, toggle buttons and setting
// checkboxes bound to model traits, read-outs (score, record, clock), a status line,
// a history slider, a badge (e.g. "thinking…") and a banner over the board.
// Each bound control listens to its trait (so two views of one model agree) and
// returns { el, sync(), destroy() }.

import { readBool, sendMessage, setTrait, watchTraits } from "./traits.js";

function h(doc, tag, className, text) {
  const node = doc.createElement(tag);
  if (className) node.className = className;
  if (text != null) node.textContent = text;
  return node;
}

/** Small inline SVG icons (stroke = currentColor). */
export const ICONS = {
  undo: '<path d="M9 14 4 9l5-5"/><path d="M4 9h10.5a5.5 5.5 0 0 1 0 11H11"/>',
  new: '<path d="M21 12a9 9 0 1 1-3-6.7L21 8"/><path d="M21 3v5h-5"/>',
  soundOn:
    '<path d="M11 5 6 9H2v6h4l5 4V5z"/><path d="M15.5 8.5a5 5 0 0 1 0 7"/><path d="M19 5a10 10 0 0 1 0 14"/>',
  soundOff: '<path d="M11 5 6 9H2v6h4l5 4V5z"/><path d="m23 9-6 6"/><path d="m17 9 6 6"/>',
  hint: '<path d="M9 18h6"/><path d="M10 22h4"/><path d="M12 2a7 7 0 0 0-4 12.7V17h8v-2.3A7 7 0 0 0 12 2z"/>',
  back: '<path d="M16 5 8 12l8 7z" fill="currentColor"/>',
  forward: '<path d="m8 5 8 7-8 7z" fill="currentColor"/>',
  live: '<path d="m5 5 8 7-8 7z" fill="currentColor"/><path d="M18 5v14"/>',
};

/** An inline 24x24 stroke icon (an <svg>) drawn by the SVG ``paths`` given. */
export function iconElement(doc, paths) {
  const span = doc.createElement("span");
  span.innerHTML =
    `<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2.2" ` +
    `stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">${paths}</svg>`;
  return span.firstChild;
}

/**
 * The frame of a game view: the root <div class="gw-root gw-<css>" data-game=<game>>
 * and its header holding the title, with a <small> subtitle inside it.
 * Returns { root, header, title, subtitle } (nothing appended to the header yet).
 */
export function createViewFrame({ doc = document, game, css = game, title }) {
  const root = h(doc, "div", `gw-root gw-${css}`);
  root.dataset.game = game;
  const header = h(doc, "div", "gw-header");
  const titleEl = h(doc, "div", "gw-title", title);
  const subtitle = h(doc, "small");
  titleEl.appendChild(subtitle);
  return { root, header, title: titleEl, subtitle };
}

/**
 * The settings row: one checkbox per boolean trait, items [[trait, label, title], ...].
 * Returns { el, destroy() }.
 */
export function createSettings({ doc = document, model, items }) {
  const el = h(doc, "div", "gw-settings");
  const boxes = items.map(([trait, label, title]) => bindSettingCheckbox({ doc, model, trait, label, title }));
  for (const box of boxes) el.appendChild(box.el);
  return { el, destroy: () => boxes.forEach((box) => box.destroy()) };
}

/** A key or pointer event the view has handled: no default action, no bubbling. */
export function consume(event) {
  event.preventDefault();
  event.stopPropagation();
}

/**
 * A toolbar button: <button class="gw-button" data-action=...>.
 * @param {object} o  { doc, label, action, icon?, iconPaths?, title?, shortcut?, onClick }
 *   icon: a name in ICONS; iconPaths: the SVG paths of a view's own icon.
 */
export function createButton({ doc = document, label, action, icon, iconPaths, title, shortcut, onClick }) {
  const button = h(doc, "button", "gw-button");
  button.type = "button";
  if (action) button.dataset.action = action;
  if (title) button.title = title;
  if (icon || iconPaths) button.appendChild(iconElement(doc, iconPaths || ICONS[icon] || ""));
  const text = h(doc, "span", "gw-button-label", label);
  button.appendChild(text);
  if (shortcut) {
    const kbd = h(doc, "kbd", null, shortcut);
    kbd.setAttribute("aria-hidden", "true");
    button.appendChild(kbd);
    button.setAttribute("aria-keyshortcuts", shortcut);
  }
  if (onClick) button.addEventListener("click", onClick);
  return button;
}

/**
 * A button that toggles a boolean trait (aria-pressed reflects the trait).
 * `invert`: the button shows "on" when the trait is false (e.g. Sound on = !muted).
 * @param {object} o  { doc, model, trait, action, invert?, onLabel, offLabel,
 *                      onIcon?, offIcon?, shortcut?, title?, onToggle?(value) }
 */
export function bindToggleButton(o) {
  const { doc = document, model, trait, action, invert = false, onLabel, offLabel } = o;
  const button = createButton({ doc, label: onLabel, action, icon: o.onIcon, title: o.title, shortcut: o.shortcut });
  const iconHolder = button.querySelector("svg");
  const label = button.querySelector(".gw-button-label");
  const isOn = () => readBool(model, trait, invert) !== invert;
  function sync() {
    const on = isOn();
    button.setAttribute("aria-pressed", on ? "true" : "false");
    label.textContent = on ? onLabel : offLabel;
    const iconName = on ? o.onIcon : o.offIcon;
    if (iconHolder && iconName) iconHolder.innerHTML = ICONS[iconName] || "";
  }
  function toggle() {
    const value = !readBool(model, trait, invert);
    setTrait(model, trait, value);
    sync();
    if (o.onToggle) o.onToggle(value);
  }
  button.addEventListener("click", toggle);
  const unwatch = watchTraits(model, [trait], sync);
  sync();
  return {
    el: button,
    sync,
    toggle,
    destroy() {
      unwatch();
      button.removeEventListener("click", toggle);
    },
  };
}

/**
 * A labelled checkbox bound to a boolean trait: <input data-setting="<trait>">.
 * @param {object} o  { doc, model, trait, label, title? }
 */
export function bindSettingCheckbox({ doc = document, model, trait, label, title }) {
  const wrap = h(doc, "label", "gw-setting");
  if (title) wrap.title = title;
  const input = h(doc, "input");
  input.type = "checkbox";
  input.dataset.setting = trait;
  wrap.appendChild(input);
  wrap.appendChild(h(doc, "span", null, label));
  const sync = () => {
    input.checked = readBool(model, trait, false);
  };
  const onChange = () => setTrait(model, trait, input.checked);
  input.addEventListener("change", onChange);
  const unwatch = watchTraits(model, [trait], sync);
  sync();
  return {
    el: wrap,
    input,
    sync,
    destroy() {
      unwatch();
      input.removeEventListener("change", onChange);
    },
  };
}

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

/** A toolbar container (role=toolbar). */
export function createToolbar({ doc = document, label, children = [] }) {
  const bar = h(doc, "div", "gw-toolbar");
  bar.setAttribute("role", "toolbar");
  if (label) bar.setAttribute("aria-label", label);
  bar.append(...children);
  return bar;
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
  slider.el.hidden = true;
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
    /** Position `index` of `length` is shown; `hidden` hides the slider anyway. */
    show(index, length, hidden = false) {
      slider.el.hidden = hidden || length < 2;
      slider.update(index, length);
      banner.show(index < length - 1 ? `Looking back \u00b7 move ${index} of ${length - 1}` : null);
    },
    destroy: slider.destroy,
  };
}

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
    if (!s.dragging) range.value = String(shown);
    range.max = String(last());
    const pct = last() ? (shown / last()) * 100 : 100;
    range.style.setProperty("--gw-fill", `${pct}%`);
    range.setAttribute("aria-valuetext", format(shown, last()));
    text.textContent = format(shown, last());
    back.disabled = shown <= 0;
    forward.disabled = shown >= last();
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
  let timer = 0;
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
    nudge() {
      if (el.hidden) return;
      el.classList.remove("gw-nudge");
      void el.offsetWidth; // restart the CSS animation
      el.classList.add("gw-nudge");
      clearTimeout(timer);
      timer = setTimeout(() => el.classList.remove("gw-nudge"), 700);
    },
    destroy() {
      clearTimeout(timer);
      for (const [b, fn] of listeners) b.removeEventListener("click", fn);
      listeners.length = 0;
    },
  };
}

/**
 * Keep JupyterLab's notebook shortcuts (A, B, M, Enter, arrows, ...) away from the
 * view: Lumino ignores key events whose target, or an ancestor below the element
 * matching the shortcut's selector, carries `data-lm-suppress-shortcuts`. Command
 * mode's selector matches any focused element, so the attribute must sit on every
 * focusable element (the canvas, buttons, inputs), not only on the root.
 */
export function suppressHostShortcuts(root) {
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  for (const node of root.querySelectorAll("button, input, select, textarea, canvas, [tabindex]")) {
    node.setAttribute("data-lm-suppress-shortcuts", "true");
  }
}


/**
 * The Sound on/off button every game has, bound to the `muted` trait (key M where
 * the view handles it). `onToggle(muted)` runs after a click; unmuting first unlocks
 * the audio context and plays `unmuteTone` (a tone name or notes) as feedback.
 * `sound` is the view's createSound() object, or a function returning it (when the
 * button is made before the sound).
 */
export function createMuteButton({ doc, model, sound, unmuteTone = "unmute", action = "mute", shortcut = "M",
  onToggle }) {
  return bindToggleButton({
    doc,
    model,
    trait: "muted",
    action,
    invert: true,
    onLabel: "Sound on",
    offLabel: "Sound off",
    onIcon: "soundOn",
    offIcon: "soundOff",
    shortcut,
    title: shortcut ? `Sound on/off (${shortcut})` : "Sound on/off",
    onToggle: (muted) => {
      const player = typeof sound === "function" ? sound() : sound;
      if (!muted && player) {
        player.unlock();
        player.play(unmuteTone);
      }
      if (onToggle) onToggle(muted);
    },
  });
}
