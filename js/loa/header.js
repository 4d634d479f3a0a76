// The header: the Menu button at the top left (the rule book's place for it: pause,
// new game, sound; it reads "Results" once the game is over), the title with the
// variant being played ("6×6 Quick · Easy", and "· not saved" when the game's slot
// keeps another unfinished game: its tooltip says how to go on), and at the right the
// Why?, Undo and Rules buttons (Rules: the shell's, `?`, the game's rules over the
// view). Why? shows the computer's reasons for the move that led to the position shown
// (pressed while they are drawn); it is enabled when that move has a kept analysis or,
// live, when any of the computer's moves has one; its icon is a light bulb (the ? in a
// circle is the Rules button's). Narrow, the buttons show only their icons; their
// titles say what they do. No button shows its key (Menu, the title and four buttons
// fit the view's width only without them): the tooltips say the keys, as do the
// rules. Where the title and the variant do not fit beside the
// buttons on one line, the variant goes under "Lines of Action" (which never breaks),
// cut short with an ellipsis if need be (a long name: the buttons keep their room).
// Against your own player (opponent_name) the variant names it in place of the level:
// "6×6 Quick · vs first-capture". On a board a program plays (driven_by) Undo is
// disabled, and Menu too while the game goes on (Python would refuse the pause); Why?
// still works.

import { createButton } from "../lib/buttons.js";
import { ensureStyleSheet } from "../lib/stylesheet.js";
import { PALETTE } from "../lib/theme.js";
import { variantText } from "./rules.js";

const CSS = `
.gw-loa:not([data-compact="true"]) .gw-header .gw-title {
  display: flex; flex-wrap: wrap; align-items: baseline; column-gap: 6px; white-space: nowrap; line-height: 1.2;
}
.gw-loa:not([data-compact="true"]) .gw-header .gw-title small { margin-left: 0; }
.gw-loa .gw-header .gw-title { min-width: 0; flex: 1 1 auto; }
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
// a light bulb (the computer's idea); the ? in a circle is the Rules button's
const WHY_ICON = '<path d="M9 18h6"/><path d="M10 21.5h4"/><path d="M12 2.5a6.5 6.5 0 0 0-3.9 11.7c.6.5.9 1.1.9 1.8v.5h6v-.5c0-.7.3-1.3.9-1.8A6.5 6.5 0 0 0 12 2.5z"/>';
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

/** `actions`: the view's actions (why, undo, openMenu); the shell's Rules button joins Why? and Undo. */
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
  // its tooltip says W (no button of the header shows its key)
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
  buttons.append(whyButton, undoButton, shell.rules.button);
  // the Menu button at the top left, the title beside it, the other buttons at the right
  menuButton.classList.add("gw-loa-menu");
  shell.header.append(menuButton, shell.title, buttons);
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
