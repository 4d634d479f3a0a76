// The toolbar: Hint, Undo, Shuffle, New game, Play again, Pause (Resume while paused),
// then, at its right end, Rules (the shell's How to play panel, also `?`) and Sound,
// each with an icon, its key and a tooltip (a compact view shows only the icons);
// which of them can be used follows the traits (looking back at an earlier position:
// not Hint, Undo, Shuffle — their tooltips say to return to the game; a board played
// by a program, driven_by: none but Rules and Sound). New game and Play again ask
// first while a game is under way (startover.js). The row never wraps: the keys'
// chips, then the labels, go while it would (keepInOneRow, js/lib/buttons.js).

import { createButton, createMuteButton, createToolbar, keepInOneRow } from "../lib/buttons.js";
import { element as h } from "../lib/element.js";
import { togglePause } from "./input.js";
import { SOUNDS } from "./sounds.js";
import { startOver } from "./startover.js";

// Icons of this view (same style as the ICONS of js/lib/buttons.js).
const ICONS = {
  shuffle:
    '<path d="M16 3h5v5"/><path d="M4 20 21 3"/><path d="M21 16v5h-5"/><path d="m15 15 6 6"/><path d="M4 4l5 5"/>',
  restart: '<path d="M3 12a9 9 0 1 0 3-6.7L3 8"/><path d="M3 3v5h5"/>',
  pause: '<path d="M8 5v14"/><path d="M16 5v14"/>',
  resume: '<path d="M7 4l12 8-12 8z"/>',
};

/** The toolbar of `view` (its sound is made): { el, mute, update() }. */
export function createGameToolbar(view) {
  const { doc, model, shell } = view;
  const button = (label, action, icon, shortcut, title, onClick) =>
    createButton({ doc, label, action, icon, iconPaths: ICONS[icon], shortcut, title, onClick });
  // [live title, looking back title]
  const TITLES = {
    hint: ["Show two tiles that can be removed (H): costs 10 points", "Return to the game to ask for a hint"],
    undo: ["Take back the last pair (U)", "Return to the game to undo"],
    shuffle: ["Shuffle the remaining tiles: only when no pair can be removed (S)", "Return to the game to shuffle"],
  };
  const hint = button("Hint", "hint", "hint", "H", TITLES.hint[0], () => view.act({ type: "hint" }));
  const undo = button("Undo", "undo", "undo", "U", TITLES.undo[0], () => view.act({ type: "undo" }));
  const shuffle = button("Shuffle", "shuffle", "shuffle", "S", TITLES.shuffle[0], () => view.act({ type: "shuffle" }));
  const fresh = button("New game", "new", "new", "N", "Start a new deal (N)", () => startOver(view, "new"));
  const restart = button("Play again", "restart", "restart", "R", "Start this deal again (R)", () => startOver(view, "restart"));
  const pause = button("Pause", "pause", "pause", "P", "Pause the game (P)", () => togglePause(view));
  const mute = createMuteButton({ doc, model, sound: () => view.sound, unmuteTone: SOUNDS.unmute, onToggle: () => view.refresh() });
  shell.onCleanup(mute.destroy);
  const el = createToolbar({
    doc,
    label: "Game",
    children: [hint, undo, shuffle, fresh, restart, pause, h(doc, "span", "gw-spacer"), shell.rules.button, mute.el],
  });

  keepInOneRow(el, shell.onCleanup);

  const pauseLabel = pause.querySelector(".gw-button-label");
  const pauseIcon = pause.querySelector("svg");
  return {
    el,
    /** The Sound button (M toggles it). */
    mute,
    /** Enable what can be used now; Pause says Resume while paused. */
    update() {
      const { traits } = view;
      const won = traits.won();
      const paused = traits.paused();
      const stuck = traits.stuck();
      const back = traits.lookingBack();
      const driven = !!shell.driven.by;
      hint.disabled = back || won || paused || stuck || driven;
      undo.disabled = back || !traits.canUndo() || paused || driven;
      shuffle.disabled = back || !stuck || won || paused || driven;
      fresh.disabled = driven;
      hint.title = TITLES.hint[back ? 1 : 0];
      undo.title = TITLES.undo[back ? 1 : 0];
      shuffle.title = TITLES.shuffle[back ? 1 : 0];
      pause.disabled = won || driven;
      restart.disabled = driven;
      const next = paused ? "resume" : "pause";
      pause.dataset.action = next;
      if (pauseLabel) pauseLabel.textContent = paused ? "Resume" : "Pause";
      pause.title = paused ? "Resume the game (P)" : "Pause the game (P)";
      if (pauseIcon) pauseIcon.innerHTML = ICONS[next];
    },
  };
}
