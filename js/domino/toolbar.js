// The header (title, "vs computer · Easy" / "two players" / "online · host", the
// thinking badge) and the toolbar: Level (computer mode), Mode (against the computer
// or two players on one device: mode.js; not online), New game, Why? (W; computer
// mode), Rules (?: the shell's rules panel), Sound (M). Online, New game asks / agrees
// (room.js sets its state).
//
// New game on a hand in progress (a tile on the line or a move made, and no result)
// asks first (shell.confirm, data-asking="new-game": Enter deals, Esc keeps playing);
// before the first tile and once the hand is over it deals at once. Looking back, the
// live hand's result is not known to the view: it asks whenever a move was made.
// Online it never asks here: New game is the agreement flow (room.js).
//
// One row at a laptop's width (the view is at most 640 px wide): Sound is an icon (its
// tooltip and aria-label say the rest) and the key hints of Why? and Rules are left
// to their tooltips and the Rules panel's Keys (styles.js).
//
// Why? asks for the computer's reasons (`{"type": "why", "index"}`): enabled when the
// position shown has a kept analysis (`explained` holds `history_index`: it sends that
// index) or, in the live game, when any move has one (index null: the latest).
// aria-pressed while the overlay shown is the computer's, or the one kept for the
// position shown.
//
// Against your own player (opponent_name) the subtitle says "vs <name>" and the Level
// button is disabled, labelled with the name, its tooltip saying who plays (there is
// no level: Python refuses set_level). On a board a program plays (driven_by) Level
// and New game are disabled (Python would refuse them); Why? still works.

import { createButton, createMuteButton, createToolbar } from "../lib/buttons.js";
import { element as h } from "../lib/element.js";
import { playedByText } from "../lib/driven.js";
import { createBadge } from "../lib/readouts.js";
import { LEVEL_NAMES } from "./model.js";
import { canSwitchMode } from "./mode.js";
import { SOUNDS } from "./sounds.js";

const LEVEL_TITLE = "Choose the computer's level (keeps this hand)";
const LEVEL_ICON = '<path d="M4 20h4v-6H4z"/><path d="M10 20h4V9h-4z"/><path d="M16 20h4V4h-4z"/>';
// (a speech bubble: the computer explains; the question mark is the Rules button's)
const WHY_ICON = '<path d="M21 11.5a8.5 8 0 0 1-12.4 7.1L3.5 20l1.3-4.2A8.5 8 0 1 1 21 11.5z"/><path d="M8.5 11.5h.01M12.5 11.5h.01M16.5 11.5h.01"/>';
const WHY_TITLE =
  "Why did the computer play that? (W) Shows the computer's playable tiles at that moment, " +
  "each with the score it gave it, and on Hard its guess at your hand";

const MODE_ICON =
  '<circle cx="8" cy="8" r="3"/><path d="M2.5 19a5.5 5.5 0 0 1 11 0"/><rect x="15" y="5" width="6" height="9" rx="1.5"/><path d="M18 17v2.5"/>';
const MODE_TITLE = "Play against the computer or two players on one device (each keeps its own hand)";

/** Whether a new game would throw away a hand in progress (not online: see above). */
export function handInProgress(read) {
  if (read.isOnline() || read.result()) return false;
  return read.line().length > 0 || read.history()[1] > 1;
}

/**
 * Fills the shell's header; { toolbar, levelButton, modeButton, newButton, whyButton,
 * soundToggle, askWhy(), newGame(), update() }.
 */
export function createControls(view) {
  const { doc, shell, model, read } = view;
  const thinkingBadge = createBadge({
    doc,
    kind: "thinking",
    text: "Computer is thinking\u2026",
    title: "The computer is choosing its move",
  });
  shell.header.append(shell.title, thinkingBadge.el);

  const levelButton = createButton({
    doc,
    label: "Level",
    action: "level",
    iconPaths: LEVEL_ICON,
    title: LEVEL_TITLE,
    onClick: () => view.level.open(),
  });
  const newButton = createButton({
    doc,
    label: "New game",
    action: "new",
    icon: "new",
    title: "Deal a new hand",
    onClick: () => newGame(),
  });
  const modeButton = createButton({
    doc,
    label: "Mode",
    action: "mode",
    iconPaths: MODE_ICON,
    title: MODE_TITLE,
    onClick: () => view.modeMenu.open(),
  });
  const whyButton = createButton({ doc, label: "Why?", action: "why", iconPaths: WHY_ICON, title: WHY_TITLE, shortcut: "W", onClick: () => askWhy() });
  const soundToggle = createMuteButton({ doc, model, sound: () => view.sound, unmuteTone: SOUNDS.level, action: "sound" });
  shell.onCleanup(soundToggle.destroy);
  const spacer = h(doc, "span", "gw-spacer");
  const toolbar = createToolbar({
    doc,
    label: "Game",
    children: [levelButton, modeButton, newButton, whyButton, shell.rules.button, spacer, soundToggle.el],
  });

  /** New game: at once where nothing would be lost, else after asking (see above). */
  function newGame() {
    if (!handInProgress(read)) {
      view.act({ type: "new_game" });
      return;
    }
    const tiles = read.line().length;
    const local = read.mode() === "local";
    shell.confirm.ask({
      name: "new-game",
      title: "Deal a new hand?",
      message: `This hand is not over${tiles ? ` (${tiles} tile${tiles === 1 ? "" : "s"} on the line)` : ""}: `
        + `it ends unscored${local ? " for both players" : ""}.`,
      confirm: "New game",
      onConfirm: () => view.act({ type: "new_game" }),
    });
  }

  /** The index Why? sends (null: the latest), or undefined while it has nothing to show. */
  function whyIndex() {
    if (read.mode() !== "computer") return undefined;
    const explained = read.explained();
    const [index, length] = read.history();
    if (explained.includes(index)) return index;
    return index === length - 1 && explained.length ? null : undefined;
  }
  function askWhy() {
    const index = whyIndex();
    if (index !== undefined) view.act({ type: "why", index });
  }

  function update() {
    const m = read.mode();
    const level = LEVEL_NAMES[read.level()];
    const own = read.opponent();
    const driven = shell.driven.by;
    shell.subtitle.textContent = driven
      ? "two programs"
      : m === "computer" ? `vs ${own || `computer \u00b7 ${level}`}` : m === "online" ? `online \u00b7 ${read.seat() === 0 ? "host" : "guest"}` : "two players";
    levelButton.hidden = m !== "computer" || !!driven;
    levelButton.querySelector(".gw-button-label").textContent = own ? own : `Level: ${level}`;
    levelButton.disabled = !!own || !!driven;
    levelButton.title = own
      ? `${own} plays the computer's seat (your own player, opponent=): there is no level to choose`
      : driven ? playedByText(driven) : LEVEL_TITLE;
    const names = read.names();
    thinkingBadge.show(read.thinking() && !read.result(), `${names[1 - read.seat()]} is thinking\u2026`);
    modeButton.hidden = m === "online";
    modeButton.disabled = !canSwitchMode(view);
    modeButton.title = own
      ? `${own} plays the computer's seat (your own player, opponent=): there is no other mode`
      : driven ? playedByText(driven) : MODE_TITLE;
    whyButton.hidden = m !== "computer";
    whyButton.disabled = whyIndex() === undefined;
    const o = view.overlay;
    const pressed = !!o && (o.mine === false || read.explained().includes(read.history()[0]));
    if (pressed) whyButton.setAttribute("aria-pressed", "true");
    else whyButton.removeAttribute("aria-pressed"); // (not "false": no toggle look while off)
    if (whyButton.disabled && doc.activeElement === whyButton) view.root.focus({ preventScroll: true }); // keys stay in the view
  }

  return { toolbar, levelButton, modeButton, newButton, whyButton, soundToggle, askWhy, newGame, update };
}
