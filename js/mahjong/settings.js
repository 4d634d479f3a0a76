// The settings row under the board: reduced motion (a checkbox of js/lib/settings.js),
// the board's orientation (a select: auto, landscape, portrait) and the scoring (a
// select: timed, standard).
//
// Choices where the contract is silent:
// - Scoring sets the `scoring` trait as the orientation select sets its own (Python
//   counts the score again and remembers the choice). A lesson board is always scored
//   the standard way: its Scoring select is hidden (the header says "Lesson").

import { listen } from "../lib/cleanup.js";
import { element as h } from "../lib/element.js";
import { createSettings } from "../lib/settings.js";
import { setTrait } from "../lib/traits.js";

const ORIENTATIONS = [
  ["auto", "Auto"],
  ["landscape", "Landscape"],
  ["portrait", "Portrait"],
];
const SCORINGS = [
  ["timed", "Timed"],
  ["standard", "Standard"],
];

/** A labelled select of `options` ([value, text], ...) that sets trait `trait`: { label, select }. */
function traitSelect(view, trait, text, title, options) {
  const { doc, model, shell } = view;
  const label = h(doc, "label", "gw-setting");
  label.title = title;
  const select = h(doc, "select");
  select.dataset.setting = trait;
  for (const [value, name] of options) {
    const option = h(doc, "option", null, name);
    option.value = value;
    select.appendChild(option);
  }
  listen(shell.onCleanup, [[select, "change", () => setTrait(model, trait, select.value)]]);
  label.append(h(doc, "span", null, text), select);
  return { label, select };
}

/** The settings row of `view`: { el, sync() } (sync: show the orientation and scoring traits). */
export function createBoardSettings(view) {
  const { doc, model, shell } = view;
  const boxes = createSettings({ doc, model, items: [["reduced_motion", "Reduced motion", "No flying tiles or fades"]] });
  shell.onCleanup(boxes.destroy);
  const board = traitSelect(view, "orientation", "Board", "Landscape: 18 tiles a row; portrait: 8 a row (auto picks by the space)", ORIENTATIONS);
  const scoring = traitSelect(
    view,
    "scoring",
    "Scoring",
    "Timed: +10 a pair, −10 a hint, −2 every 10 s of play and a bonus of 600 − seconds for a cleared board. " +
      "Standard: pairs and hints only, no clock.",
    SCORINGS,
  );
  scoring.label.dataset.control = "scoring";
  boxes.el.append(board.label, scoring.label);
  return {
    el: boxes.el,
    sync() {
      const { traits } = view;
      board.select.value = traits.orientation();
      scoring.select.value = traits.scoring();
      scoring.label.hidden = traits.lesson();
    },
  };
}
