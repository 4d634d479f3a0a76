// HTML controls of the game views: toolbar buttons, toggle buttons and setting
// checkboxes bound to model traits, read-outs (score, record, clock), a status line.
// Each bound control listens to its trait (so two views of one model agree) and
// returns { el, sync(), destroy() }.

import { readBool, setTrait, watchTraits } from "./traits.js";

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
};

function svgIcon(doc, name) {
  const span = doc.createElement("span");
  span.innerHTML =
    `<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2.2" ` +
    `stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">${ICONS[name] || ""}</svg>`;
  return span.firstChild;
}

/**
 * A toolbar button: <button class="gw-button" data-action=...>.
 * @param {object} o  { doc, label, action, icon?, title?, shortcut?, onClick }
 */
export function createButton({ doc = document, label, action, icon, title, shortcut, onClick }) {
  const button = h(doc, "button", "gw-button");
  button.type = "button";
  if (action) button.dataset.action = action;
  if (title) button.title = title;
  if (icon) button.appendChild(svgIcon(doc, icon));
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
 * Returns { el, show(text, kind?), announce(text) }; kind "error" tints the text.
 */
export function createStatusLine({ doc = document }) {
  const el = h(doc, "div", "gw-status");
  const live = h(doc, "div", "gw-sr-only");
  live.setAttribute("aria-live", "polite");
  live.setAttribute("role", "status");
  const wrap = h(doc, "div");
  wrap.append(el, live);
  return {
    el: wrap,
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
