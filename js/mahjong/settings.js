// The settings row, between the toolbar and the board: the scoring (a select: timed,
// standard), the board's orientation (a select: auto, landscape, portrait) and
// reduced motion (a checkbox of js/lib/settings.js).
//
// Choices where the contract is silent:
// - The row is above the board, not under it (issue 26: under the board it went
//   unseen), between the toolbar and the board: Scoring changes what the Score and
//   Time read-outs above count. Scoring comes first, its label in full text colour.
// - In a compact view (a phone) the row goes under the board, above the status line,
//   as before: there the board starts right under the toolbar (the shell's rule for
//   phones), and the rules panel (?) says where the settings are.
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
  scoring.label.classList.add("gw-mj-scoring");
  boxes.el.prepend(scoring.label, board.label);
  return {
    el: boxes.el,
    /**
     * Keep the row before `board` (the board's place), or, while the view is compact,
     * after `under` (the history slider under the board).
     */
    follow(board, under) {
      const { root } = view;
      const place = () => {
        if (root.dataset.compact === "true") {
          if (under.nextSibling !== boxes.el) under.after(boxes.el);
        } else if (board.previousSibling !== boxes.el) board.before(boxes.el);
        root.dataset.settingsPlace = root.dataset.compact === "true" ? "below" : "above";
      };
      place();
      const win = doc.defaultView || window;
      if (typeof win.MutationObserver !== "function") return;
      const observer = new win.MutationObserver(place);
      observer.observe(root, { attributes: true, attributeFilter: ["data-compact"] });
      shell.onCleanup(() => observer.disconnect());
    },
    sync() {
      const { traits } = view;
      board.select.value = traits.orientation();
      scoring.select.value = traits.scoring();
      scoring.label.hidden = traits.lesson();
    },
  };
}
