// The header (title, "vs computer · Easy" / "two players" / "online · host", the
// thinking badge) and the toolbar: Level (computer mode), New game, Why? (W; computer
// mode), Sound (M). Online, New game asks / agrees (room.js sets its state).
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
import { SOUNDS } from "./sounds.js";

const LEVEL_TITLE = "Choose the computer's level (keeps this hand)";
const LEVEL_ICON = '<path d="M4 20h4v-6H4z"/><path d="M10 20h4V9h-4z"/><path d="M16 20h4V4h-4z"/>';
const WHY_ICON = '<circle cx="12" cy="12" r="9"/><path d="M9.5 9.2a2.6 2.6 0 1 1 3.6 2.4c-.7.3-1.1.9-1.1 1.6v.6"/><path d="M12 17h.01"/>';
const WHY_TITLE =
  "Why did the computer play that? (W) Shows the computer's playable tiles at that moment, " +
  "each with the score it gave it, and on Hard its guess at your hand";

/** Fills the shell's header; { toolbar, levelButton, newButton, whyButton, soundToggle, askWhy(), update() }. */
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
    onClick: () => view.act({ type: "new_game" }),
  });
  const whyButton = createButton({ doc, label: "Why?", action: "why", iconPaths: WHY_ICON, title: WHY_TITLE, shortcut: "W", onClick: () => askWhy() });
  const soundToggle = createMuteButton({ doc, model, sound: () => view.sound, unmuteTone: SOUNDS.level, action: "sound" });
  shell.onCleanup(soundToggle.destroy);
  const spacer = h(doc, "span", "gw-spacer");
  const toolbar = createToolbar({ doc, label: "Game", children: [levelButton, newButton, whyButton, spacer, soundToggle.el] });

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
    whyButton.hidden = m !== "computer";
    whyButton.disabled = whyIndex() === undefined;
    const o = view.overlay;
    const pressed = !!o && (o.mine === false || read.explained().includes(read.history()[0]));
    if (pressed) whyButton.setAttribute("aria-pressed", "true");
    else whyButton.removeAttribute("aria-pressed"); // (not "false": no toggle look while off)
    if (whyButton.disabled && doc.activeElement === whyButton) view.root.focus({ preventScroll: true }); // keys stay in the view
  }

  return { toolbar, levelButton, newButton, whyButton, soundToggle, askWhy, update };
}
