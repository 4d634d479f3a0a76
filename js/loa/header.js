// The header: the title with the variant being played ("6×6 Quick · Easy"), and
// the Undo and Menu buttons (Menu reads "Results" once the game is over). Narrow,
// the buttons show only their icons; their titles say what they do.

import { createButton } from "../lib/buttons.js";
import { variantText } from "./rules.js";

const MENU_ICON = '<path d="M4 6h16"/><path d="M4 12h16"/><path d="M4 18h16"/>';
const MENU_TITLE = "Pause: continue, new game, sound (P)";

/** `actions`: the view's actions (undo, openMenu). */
export function createHeader({ doc, shell, game, actions }) {
  const menuButton = createButton({
    doc,
    label: "Menu",
    action: "menu",
    iconPaths: MENU_ICON,
    shortcut: "P",
    title: MENU_TITLE,
    onClick: () => actions.openMenu(),
  });
  const undoButton = createButton({
    doc,
    label: "Undo",
    action: "undo",
    icon: "undo",
    shortcut: "U",
    title: "Take back your last move and the computer's answer (U)",
    onClick: () => actions.undo(),
  });
  const buttons = doc.createElement("div");
  buttons.className = "gw-loa-header-buttons";
  buttons.append(undoButton, menuButton);
  shell.header.append(shell.title, buttons);
  const menuLabel = menuButton.querySelector(".gw-button-label");

  return {
    el: shell.header,
    update() {
      const p = game.phase();
      shell.subtitle.textContent = p === "setup" ? "" : variantText(game.size(), game.level());
      menuButton.disabled = p === "setup";
      undoButton.disabled = !game.canUndo();
      undoButton.hidden = p === "setup";
      menuLabel.textContent = p === "over" ? "Results" : "Menu";
      menuButton.title = p === "over" ? "Show the results (P)" : MENU_TITLE;
    },
  };
}
