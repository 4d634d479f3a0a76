// Toolbar buttons: icons, plain buttons, buttons bound to a boolean trait (Sound
// on/off), and the toolbar that holds them. In a compact view (data-compact="true" on
// the root) a button with an icon shows only its icon; its title says the rest.

import { element as h } from "./element.js";
import { readBool, setTrait, watchTraits } from "./traits.js";

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

/** A toolbar container (role=toolbar). */
export function createToolbar({ doc = document, label, children = [] }) {
  const bar = h(doc, "div", "gw-toolbar");
  bar.setAttribute("role", "toolbar");
  if (label) bar.setAttribute("aria-label", label);
  bar.append(...children);
  return bar;
}

/**
 * Keep `toolbar` in one row: while its buttons with their labels and key chips do not
 * fit, the chips go, and then the labels (icons only, as in a compact view; the
 * tooltips say the rest). data-fit="full" | "no-keys" | "icons" on the toolbar (the
 * shared style hides what each step drops); the width each step needs is measured
 * while it shows, so a wider toolbar gets them back.
 */
export function keepInOneRow(toolbar, onCleanup) {
  const win = toolbar.ownerDocument.defaultView || window;
  if (typeof win.ResizeObserver !== "function") return;
  const STEPS = ["full", "no-keys", "icons"];
  const needed = {}; // step -> the width its buttons took, as last measured
  toolbar.dataset.fit = "full";
  const measure = () => {
    // the buttons' own widths; a gap between every two items, the spacer's included
    const items = [...toolbar.children].filter((c) => win.getComputedStyle(c).display !== "none");
    const gap = parseFloat(win.getComputedStyle(toolbar).columnGap) || 0;
    const widths = items.filter((c) => !c.classList.contains("gw-spacer")).map((c) => c.getBoundingClientRect().width);
    return widths.reduce((sum, w) => sum + w, 0) + gap * Math.max(0, items.length - 1);
  };
  const check = () => {
    const room = toolbar.clientWidth;
    if (!room) return;
    let k = STEPS.indexOf(toolbar.dataset.fit);
    needed[STEPS[k]] = measure();
    while (needed[STEPS[k]] > room && k < STEPS.length - 1) {
      toolbar.dataset.fit = STEPS[++k];
      needed[STEPS[k]] = measure();
    }
    while (k > 0 && needed[STEPS[k - 1]] !== undefined && needed[STEPS[k - 1]] <= room) {
      toolbar.dataset.fit = STEPS[--k];
      needed[STEPS[k]] = measure();
    }
  };
  const observer = new win.ResizeObserver(check);
  observer.observe(toolbar);
  onCleanup(() => observer.disconnect());
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
