// What a new `last_event` does in the view: its effect on the board (effects.js), its
// sound (once per model, however many views it has) and what the screen reader hears.
// A `goto` (looking back, or back to the live game) ends the effects on the board
// and is only announced.
//
// Choices where the contract is silent:
// - A refused pair's reason goes to the status line's `refuse` (js/lib/readouts.js):
//   shown in words (data-kind="refused") for its reading time whatever else the view
//   shows meanwhile, and announced; after that it stays as what the status line shows
//   (status.js) until the next event (the player moved on), which ends it at once.
// - A hint shows what it cost: "−10" rises by the score (header.js) and the status
//   line says "Hint: −10 points. …" until the next event; both are announced.

import { cellName } from "../lib/grid.js";
import { claimSound } from "../lib/sound.js";
import { SOUNDS } from "./sounds.js";
import { tileName } from "./tilecodes.js";

/** What a hint costs (rules.py HINT_COST). */
export const HINT_COST = 10;

const reasonOf = (ev, fallback) => (typeof ev.reason === "string" ? ev.reason : fallback);

/**
 * Handle event `ev` of `view`: `fresh` when it happened while the view was there; the
 * last event found on first render is neither animated nor heard (a refused pair's
 * reason shows, though).
 */
export function handleEvent(view, ev, fresh) {
  const { traits, effects, status } = view;
  view.events.refused = ev.kind === "refused" ? reasonOf(ev, "These tiles cannot be connected.") : "";
  view.events.hinted = ev.kind === "hint";
  if (!fresh) return; // (the status line shows a refused pair's reason, though)
  const withSound = claimSound(view.model, ev.id);
  const play = (name) => {
    if (withSound) view.sound.play(SOUNDS[name]);
  };
  if (ev.kind !== "refused") status.settle(); // the player moved on
  switch (ev.kind) {
    case "remove": {
      const a = traits.cellOf(ev.a);
      const b = traits.cellOf(ev.b);
      const codes = Array.isArray(ev.tiles) ? ev.tiles : [];
      let points = Array.isArray(ev.path) ? ev.path.map(traits.pathPoint) : [];
      if (points.some((p) => !p) || points.length < 2) points = a && b ? [a, b] : [];
      if (points.length >= 2) effects.showPath(points);
      effects.flyOff([a, b], codes);
      effects.removed(a, b);
      play("remove");
      if (a && b) status.announce(`Removed ${tileName(codes[0])} and ${tileName(codes[1])}. ${traits.tilesLeft()} tiles left.`);
      break;
    }
    case "refused": {
      const cells = [traits.cellOf(ev.a), traits.cellOf(ev.b)].filter(Boolean);
      if (cells.length) effects.flashRefused(cells);
      play("refused");
      status.refuse(view.events.refused); // shown, held for its reading time, and announced
      break;
    }
    case "hint": {
      const pair = traits.pairOf([ev.a, ev.b]) || traits.hint();
      if (pair) effects.startHint(pair, false);
      play("hint");
      view.header.showCost(`\u2212${HINT_COST}`, ev.id);
      const where = pair ? ` ${tileName(traits.codeAt(pair[0]))} at ${cellName(pair[0])} and ${cellName(pair[1])}.` : "";
      status.announce(`Hint: \u2212${HINT_COST} points.${where}`);
      break;
    }
    case "select": {
      play("select");
      const sel = traits.selected();
      if (sel) status.announce(`${tileName(traits.codeAt(sel))} selected.`);
      break;
    }
    case "deselect":
      play("deselect");
      break;
    case "shuffle":
      effects.clearAll();
      effects.startShuffle();
      play("shuffle");
      status.announce("Tiles shuffled.");
      break;
    case "undo":
      effects.clearAll();
      play("undo");
      status.announce(ev.restored ? "The game before is back." : ev.undone === "shuffle" ? "Shuffle taken back." : "Pair put back.");
      break;
    case "restart":
    case "new":
      effects.clearAll();
      play("newGame");
      status.announce(ev.kind === "new" ? "New game." : "The same deal again.");
      break;
    case "goto": {
      // another position shown (or the live game again): no removal to play, no sound
      effects.clearAll();
      const [index, length] = traits.history();
      status.announce(index < length - 1 ? `Looking back at move ${index} of ${length - 1}.` : "Back to the game.");
      break;
    }
    case "pause":
      play("pause");
      break;
    case "resume":
      play("resume");
      break;
    default:
      break;
  }
}
