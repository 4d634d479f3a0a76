// The header (title, "vs computer · Easy" / "two players" / "online · host", the
// thinking badge) and the toolbar: Level (computer mode), New game, Sound (M).
// Online, New game asks / agrees (room.js sets its state).

import { createButton, createMuteButton, createToolbar } from "../lib/buttons.js";
import { element as h } from "../lib/element.js";
import { createBadge } from "../lib/readouts.js";
import { LEVEL_NAMES } from "./model.js";
import { SOUNDS } from "./sounds.js";

const LEVEL_ICON = '<path d="M4 20h4v-6H4z"/><path d="M10 20h4V9h-4z"/><path d="M16 20h4V4h-4z"/>';

/** Fills the shell's header; { toolbar, levelButton, newButton, soundToggle, update() }. */
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
    title: "Choose the computer's level (keeps this hand)",
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
  const soundToggle = createMuteButton({ doc, model, sound: () => view.sound, unmuteTone: SOUNDS.level, action: "sound" });
  shell.onCleanup(soundToggle.destroy);
  const spacer = h(doc, "span", "gw-spacer");
  const toolbar = createToolbar({ doc, label: "Game", children: [levelButton, newButton, spacer, soundToggle.el] });

  function update() {
    const m = read.mode();
    const level = LEVEL_NAMES[read.level()];
    shell.subtitle.textContent =
      m === "computer" ? `vs computer \u00b7 ${level}` : m === "online" ? `online \u00b7 ${read.seat() === 0 ? "host" : "guest"}` : "two players";
    levelButton.hidden = m !== "computer";
    levelButton.querySelector(".gw-button-label").textContent = `Level: ${level}`;
    thinkingBadge.show(read.thinking() && !read.result());
  }

  return { toolbar, levelButton, newButton, soundToggle, update };
}
