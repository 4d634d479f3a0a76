// The computer's level menu ([data-dialog=level]): one button per level
// (button[data-level=...]) and Cancel.
//
// Choices where the contract is silent:
// - The level menu is a dialog with one button per level (the current one marked)
//   and Cancel (also Esc); choosing the current level just closes it.

import { createDialog } from "../lib/dialog.js";
import { element as h } from "../lib/element.js";
import { LEVELS, LEVEL_NAMES } from "./model.js";

const LEVEL_DETAILS = {
  easy: "relaxed",
  medium: "a fair game",
  hard: "a tough opponent",
};

/** { dialog, open(), isOpen(), update() }. */
export function createLevelMenu(view) {
  const { doc, read } = view;
  const dialog = createDialog({
    doc,
    returnFocus: () => view.input.firstFocusable(),
    name: "level",
    title: "Computer level",
    message: "The hands and the line stay as they are.",
    dismissable: true,
    actions: [{ label: "Cancel", action: "cancel", title: "Keep the level (Esc)", onClick: () => dialog.close() }],
  });
  const list = h(doc, "div", "gw-dom-levels");
  const buttons = {};
  for (const l of LEVELS) {
    const b = h(doc, "button", "gw-button");
    b.type = "button";
    b.dataset.level = l;
    b.append(h(doc, "b", null, LEVEL_NAMES[l]), h(doc, "small", null, LEVEL_DETAILS[l]));
    b.addEventListener("click", () => choose(l));
    buttons[l] = b;
    list.appendChild(b);
  }
  dialog.body.appendChild(list);

  function mark() {
    for (const l of LEVELS) buttons[l].setAttribute("aria-current", l === read.level() ? "true" : "false");
  }
  function choose(l) {
    dialog.close();
    if (l !== read.level()) view.act({ type: "set_level", level: l });
  }
  function open() {
    // (no level against your own player; none chosen on a board a program plays)
    if (read.mode() !== "computer" || read.opponent() || view.shell.driven.by) return;
    mark();
    dialog.open({ focus: true });
    const current = buttons[read.level()];
    if (current) current.focus({ preventScroll: true });
  }

  return {
    dialog,
    open,
    isOpen: () => dialog.isOpen,
    /** The current level marked; the menu closed outside computer mode, against your
     *  own player and on a board a program plays. */
    update() {
      mark();
      const noLevel = read.mode() !== "computer" || read.opponent() || view.shell.driven.by;
      if (noLevel && dialog.isOpen) dialog.close();
    },
  };
}
