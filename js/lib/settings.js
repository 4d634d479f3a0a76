// The settings row: checkboxes bound to boolean traits (Symbols, Reduced motion, ...).
// Python keeps the settings of each game in the store; the view only sets the traits.

import { element as h } from "./element.js";
import { readBool, setTrait, watchTraits } from "./traits.js";

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
