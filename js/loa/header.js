// The header: the title with the variant being played ("6×6 Quick · Easy", and
// "· not saved" when the game's slot keeps another unfinished game: its tooltip says
// how to go on), and the Why?, Undo and Menu buttons (Menu reads "Results" once the
// game is over). Why? shows the computer's reasons for the move that led to the
// position shown (pressed while they are drawn); it is enabled when that move has a
// kept analysis or, live, when any of the computer's moves has one. Narrow, the
// buttons show only their icons; their titles say what they do. Where the title and
// the variant do not fit beside the three buttons on one line, the variant goes under
// "Lines of Action" (which never breaks), cut short with an ellipsis if need be (a long
// name: the buttons keep their room). Against your own player (opponent_name) the
// variant names it in place of the level: "6×6 Quick · vs first-capture". On a board
// a program plays (driven_by) Undo is disabled, and Menu too while the game goes on
// (Python would refuse the pause); Why? still works.

import { createButton } from "../lib/buttons.js";
import { ensureStyleSheet } from "../lib/stylesheet.js";
import { PALETTE } from "../lib/theme.js";
import { variantText } from "./rules.js";

const CSS = `
.gw-loa:not([data-compact="true"]) .gw-header .gw-title {
  display: flex; flex-wrap: wrap; align-items: baseline; column-gap: 6px; white-space: nowrap; line-height: 1.2;
}
.gw-loa:not([data-compact="true"]) .gw-header .gw-title small { margin-left: 0; }
.gw-loa .gw-header .gw-title { min-width: 0; }
.gw-loa .gw-header .gw-title small { min-width: 0; max-width: 100%; overflow: hidden; text-overflow: ellipsis; }
.gw-loa .gw-loa-header-buttons [data-action="why"][aria-pressed="true"] {
  color: ${PALETTE.accent}; border-color: ${PALETTE.accentSoft}; background: rgba(246, 185, 59, 0.12);
}
`;

/** The header's styles, for `el`'s document (or shadow root). */
export function ensureHeaderStyles(el) {
  ensureStyleSheet(el, "gamewidgets-loa-header-v1", CSS);
}

const MENU_ICON = '<path d="M4 6h16"/><path d="M4 12h16"/><path d="M4 18h16"/>';
const WHY_ICON = '<circle cx="12" cy="12" r="9"/><path d="M9.6 9.3a2.5 2.5 0 1 1 3.3 2.4c-.6.3-.9.8-.9 1.4v.6"/><path d="M12 17h.01"/>';
const MENU_TITLE = "Pause: continue, new game, sound (P)";

/** The Why? button's tooltip for the state shown. */
function whyTitle(game) {
  const shown = game.explanation();
  const them = game.opponent();
  if (shown) return `Shown: why ${shown.by === "computer" ? them.the : shown.player || "the player"} played ${shown.move} (W)`;
  if (game.canWhy()) {
    return game.explained().includes(game.history()[0])
      ? "Why was this move played? Its analysis on the board (W)"
      : `Why did ${them.the} play its last move? Its analysis on the board (W)`;
  }
  return game.lookingBack() ? "No analysis was kept for this move (W)" : `${them.The}'s reasons, once it has moved (W)`;
}

/** `actions`: the view's actions (why, undo, openMenu). */
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
  // no key hint on Why? (the header would not fit beside the title): its title says W
  const whyButton = createButton({
    doc,
    label: "Why?",
    action: "why",
    iconPaths: WHY_ICON,
    title: "The computer's reasons (W)",
    onClick: () => actions.why(),
  });
  whyButton.setAttribute("aria-keyshortcuts", "W");
  const buttons = doc.createElement("div");
  buttons.className = "gw-loa-header-buttons";
  buttons.append(whyButton, undoButton, menuButton);
  shell.header.append(shell.title, buttons);
  const menuLabel = menuButton.querySelector(".gw-button-label");

  return {
    el: shell.header,
    update() {
      const p = game.phase();
      const note = p === "setup" ? "" : game.saveNote();
      const them = game.opponent();
      shell.subtitle.textContent = p === "setup" ? "" : `${variantText(game.size(), game.level(), them)}${note ? " \u00b7 not saved" : ""}`;
      shell.subtitle.title = note;
      const driven = !!shell.driven.by;
      menuButton.disabled = p === "setup" || (driven && p === "playing");
      undoButton.disabled = driven || !game.canUndo();
      undoButton.title = `Take back your last move and ${them.the}'s answer (U)`;
      undoButton.hidden = p === "setup";
      whyButton.hidden = p === "setup";
      whyButton.disabled = !game.canWhy();
      // pressed while its analysis is drawn (no aria-pressed="false": the theme dims that)
      if (game.explanation()) whyButton.setAttribute("aria-pressed", "true");
      else whyButton.removeAttribute("aria-pressed");
      whyButton.title = whyTitle(game);
      menuLabel.textContent = p === "over" ? "Results" : "Menu";
      menuButton.title = p === "over" ? "Show the results (P)" : MENU_TITLE;
    },
  };
}
