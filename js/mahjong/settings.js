// The settings row under the board: reduced motion (a checkbox of js/lib/settings.js)
// and the board's orientation (a select: auto, landscape, portrait).

import { listen } from "../lib/cleanup.js";
import { element as h } from "../lib/element.js";
import { createSettings } from "../lib/settings.js";
import { setTrait } from "../lib/traits.js";

const ORIENTATIONS = [
  ["auto", "Auto"],
  ["landscape", "Landscape"],
  ["portrait", "Portrait"],
];

/** The settings row of `view`: { el, sync() } (sync: show the orientation trait). */
export function createBoardSettings(view) {
  const { doc, model, shell } = view;
  const boxes = createSettings({ doc, model, items: [["reduced_motion", "Reduced motion", "No flying tiles or fades"]] });
  shell.onCleanup(boxes.destroy);
  const label = h(doc, "label", "gw-setting");
  label.title = "Landscape: 18 tiles a row; portrait: 8 a row (auto picks by the space)";
  const select = h(doc, "select");
  select.dataset.setting = "orientation";
  for (const [value, text] of ORIENTATIONS) {
    const option = h(doc, "option", null, text);
    option.value = value;
    select.appendChild(option);
  }
  listen(shell.onCleanup, [[select, "change", () => setTrait(model, "orientation", select.value)]]);
  label.append(h(doc, "span", null, "Board"), select);
  boxes.el.appendChild(label);
  return {
    el: boxes.el,
    sync() {
      select.value = view.traits.orientation();
    },
  };
}
