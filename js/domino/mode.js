// The mode menu ([data-dialog=mode], the toolbar's Mode button): play against the
// computer or two players on one device (`button[data-mode-choice=computer|local]`,
// the current one marked) and Cancel. Choosing the other mode sends
// `{"type": "set_mode", "mode"}`.
//
// Choices where the contract is silent:
// - Each mode keeps its own hand (Python saves them apart and brings the other one
//   back, src/gamewidgets/domino/widget.py "Switching mode"), so switching loses
//   nothing and the view does not ask (shell.confirm) first.
// - Not online (an online seat is its own widget: the Mode button is hidden), not
//   against your own player (opponent=: its seat is the computer's; the button is
//   disabled), not on a board a program plays (disabled). Choosing the current mode
//   just closes the menu; Esc or Cancel changes nothing.

import { createChoiceMenu } from "./choicemenu.js";

const MODE_NAMES = { computer: "Against the computer", local: "Two players, one device" };
const MODE_DETAILS = {
  computer: "you play the computer, at its level",
  local: "pass the device between turns",
};
const CHOICES = ["computer", "local"];

/** Whether the mode can be switched here (not online, not against your own player, not driven). */
export const canSwitchMode = (view) =>
  CHOICES.includes(view.read.mode()) && !view.read.opponent() && !view.shell.driven.by;

/** { dialog, open(), isOpen(), update() }. */
export function createModeMenu(view) {
  return createChoiceMenu(view, {
    name: "mode",
    title: "Who plays?",
    message: "Each mode keeps its own hand: switch back and it is as you left it.",
    cancelTitle: "Keep the mode (Esc)",
    key: "modeChoice",
    className: "gw-dom-modes",
    choices: CHOICES,
    names: MODE_NAMES,
    details: MODE_DETAILS,
    current: () => view.read.mode(),
    available: () => canSwitchMode(view),
    onChoose: (mode) => view.act({ type: "set_mode", mode }),
  });
}
