// The computer's level menu ([data-dialog=level]): one button per level
// (button[data-level=...]) and Cancel.
//
// Choices where the contract is silent:
// - The level menu is a dialog with one button per level (the current one marked)
//   and Cancel (also Esc); choosing the current level just closes it.

import { createChoiceMenu } from "./choicemenu.js";
import { LEVELS, LEVEL_NAMES } from "./model.js";

const LEVEL_DETAILS = {
  easy: "relaxed",
  medium: "a fair game",
  hard: "a tough opponent",
};

/** { dialog, open(), isOpen(), update() }: the menu closes outside computer mode,
 *  against your own player and on a board a program plays (no level chosen there). */
export function createLevelMenu(view) {
  const { read } = view;
  return createChoiceMenu(view, {
    name: "level",
    title: "Computer level",
    message: "The hands and the line stay as they are.",
    cancelTitle: "Keep the level (Esc)",
    key: "level",
    choices: LEVELS,
    names: LEVEL_NAMES,
    details: LEVEL_DETAILS,
    current: () => read.level(),
    available: () => read.mode() === "computer" && !read.opponent() && !view.shell.driven.by,
    onChoose: (level) => view.act({ type: "set_level", level }),
  });
}
