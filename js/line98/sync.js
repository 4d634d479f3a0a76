// Traits -> what the view shows. Python's updates are taken together (one call per
// update, whatever traits it changed); a new last_event is animated (move), flashed
// (blocked) or just redrawn, with its sound and a sentence for screen readers.
//
// Choices where the contract is silent:
// - During the move animation, a new event first jumps the running one to its end.
// - Two views of one model play each event's sound once (see claimSound).
// - An event already there when the view opens is shown without animation or sound.
// - A blocked move (no path to the target) is said in the status line in visible words
//   ("No path to (r, c). Pick another cell.", data-kind="refused") for its reading time
//   (readouts.js), besides the sound, the red ✕ on the target and the screen readers'
//   sentence; any other event (a move, another selection, undo, ...) ends it at once.
//   An old blocked event, there when the view opens, is only announced.
//
//   const stop = watchGame(view, { panel, moves });   // also shows the traits now

import { cellName } from "../lib/grid.js";
import { overlayKey, parseOverlay } from "../lib/overlay.js";
import { claimSound } from "../lib/sound.js";
import { asCell, readInt, readRaw, watchTraits } from "../lib/traits.js";
import { colourName } from "./balls.js";
import { moveEventParts } from "./move-animation.js";
import { N, currentBoard, currentEvent, currentSelected, historyState, idx, settle } from "./state.js";

const TRAITS = [
  "board",
  "previews",
  "selected",
  "reachable",
  "score",
  "record",
  "new_record",
  "position",
  "moves",
  "over",
  "can_undo",
  "clock_start",
  "clock_stop",
  "last_event",
  "symbols",
  "mark_reachable",
  "reduced_motion",
  "hide_clock",
  "muted",
  "error",
  "overlay",
  "thinking",
  "history_length",
  "history_index",
  "driven_by",
  "suggest_level",
];

/**
 * Show the traits of `view.model` now and whenever they change: `panel` (panel.js)
 * and `moves` (move-animation.js) are the view's parts. Returns a stop function.
 */
export function watchGame(view, { panel, moves }) {
  const { status } = panel;

  function announceMove(parts) {
    const [r, c] = parts.path[parts.path.length - 1] || [0, 0];
    let text = `${colourName(parts.colour)} ball moved to ${cellName([r, c])}.`;
    if (parts.cleared.length) text += ` ${parts.cleared.length} balls cleared, ${parts.points} points.`;
    if (parts.over) text += ` Game over. Score ${readInt(view.model, "score", 0)}.`;
    status.announce(text);
  }

  function handleEvent(ev) {
    if (view.anim) moves.finish();
    if (ev.kind === "goto" || ev.kind === "undo" || ev.kind === "new") {
      // another position: the effects of the last move no longer belong on the board
      view.popup = null;
      view.blocked = null;
    }
    // the player moved on (another event than a refusal): a refusal's words give way
    if (ev.kind !== "blocked") status.settle();
    const fresh = view.initialised;
    const withSound = fresh && claimSound(view.model, ev.id);
    const consecutive = fresh && (view.shown.eventId === null || ev.id === view.shown.eventId + 1);
    switch (ev.kind) {
      case "move": {
        const parts = moveEventParts(ev);
        announceMove(parts);
        const animatable = consecutive && parts.path.length >= 2 && parts.colour !== null && !view.reduced();
        if (animatable) {
          moves.start(ev, parts, withSound);
          return;
        }
        if (withSound) view.sound.play(parts.cleared.length ? "clear" : "land");
        if (fresh && parts.points > 0) moves.showPopup(parts.cleared, parts.points);
        if (withSound && parts.over) view.sound.play("gameOver");
        break;
      }
      case "blocked": {
        const cell = asCell(ev.cell, N, N);
        if (fresh && cell) view.blocked = { cell, start: performance.now() };
        if (withSound) view.sound.play("blocked");
        if (cell) {
          const why = `No path to ${cellName(cell)}. Pick another cell.`;
          if (fresh) status.refuse(why); // in visible words too, for its reading time
          else status.announce(why);
        }
        break;
      }
      case "select": {
        if (withSound) view.sound.play("select");
        const sel = currentSelected(view);
        if (sel) {
          const k = currentBoard(view)[idx(sel[0], sel[1])];
          status.announce(`${colourName(k)} ball selected at ${cellName(sel)}.`);
        }
        break;
      }
      case "deselect":
        if (withSound) view.sound.play("deselect");
        status.announce("Selection cleared.");
        break;
      case "undo":
        if (withSound) view.sound.play("undo");
        status.announce(ev.restored === true ? "The previous game is back." : "Move undone.");
        break;
      case "new":
        if (withSound) view.sound.play("newGame");
        status.announce("New game.");
        break;
      case "goto": {
        const [index, length] = historyState(view);
        status.announce(
          index < length - 1 ? `Looking back at move ${index} of ${length - 1}.` : "Back to the game.",
        );
        break;
      }
      default:
        break;
    }
    settle(view, ev.id);
  }

  function syncAnalysis() {
    const next = parseOverlay(readRaw(view.model, "overlay"), N, N);
    const key = overlayKey(next);
    if (key !== view.analysisKey) {
      view.analysisKey = key;
      view.analysisStart = 0; // starts fading in at the next frame that draws it
    }
    view.analysis = next;
  }

  function onTraits() {
    if (view.destroyed) return;
    syncAnalysis();
    const ev = currentEvent(view);
    if (ev && ev.id !== view.handledEventId) {
      view.handledEventId = ev.id;
      handleEvent(ev);
    } else if (view.anim) {
      // traits of the animated move that arrived after last_event
      moves.retarget();
    } else settle(view);
    if (!view.initialised) {
      view.initialised = true;
      if (!ev) view.shown.eventId = null;
    }
    panel.update();
    panel.clock.update();
    view.requestDraw();
  }


  const stop = watchTraits(view.model, TRAITS, onTraits);
  onTraits();
  return stop;
}
