// What the view does with a new `last_event` (CONTRACT.md): a move slides (or, with
// reduced motion, looking back or on first render, just lands), the start of a game
// lets the pieces appear, a selection pops its target markers in; each plays its
// sound (once per event across views, claimSound) and is announced on the status
// line for screen readers.
//
// If the winning move and the end of the game reach the view in one update (so its
// `move` event was never seen), the move still slides, rebuilt from `last_move`.

import { claimSound } from "../lib/sound.js";
import { asCell } from "../lib/traits.js";
import { sameCell } from "./gamestate.js";
import { squareName } from "./woodboard.js";
import { COMPUTER, LEVEL_NAMES, USER, reasonText, resultWords } from "./rules.js";
import { SOUNDS, landing, resultSound } from "./sounds.js";

const START_MS = 520;
const SELECT_POP_MS = 160;

/** The parts of a `move` event, or null if it names no move on an n x n board. */
function moveParts(ev, n) {
  const src = asCell(ev.src, n, n);
  const dst = asCell(ev.dst, n, n);
  if (!src || !dst || sameCell(src, dst)) return null;
  const mover = ev.by === "computer" ? COMPUTER : USER;
  return { src, dst, mover, capture: ev.capture === true, by: ev.by === "computer" ? "computer" : "user", move: typeof ev.move === "string" ? ev.move : "" };
}

/** view: model, game, sound, animator, slides, fx, status, reduced(). */
export function createEvents(view) {
  const { model, game } = view;
  let initialised = false;
  let handled = null; // the newest last_event.id seen
  let shown = null; // the newest one whose effect is fully shown
  let seenLastMove = "null"; // last_move and the captures total at the previous update
  let seenCaptures = 0;

  const animate = () => initialised && !view.reduced() && !game.lookingBack();

  function announceMove(parts) {
    const who = parts.by === "computer" ? game.opponent().The : "You";
    const n = game.size();
    const text = parts.move || `${squareName(parts.src[0], parts.src[1], n)}-${squareName(parts.dst[0], parts.dst[1], n)}`;
    view.status.announce(`${who} moved ${text}${parts.capture ? ", capturing a piece" : ""}.`);
  }

  /** "New game: 6×6, Easy. Your move." (against your own player: "6×6, vs <name>"). */
  function startText(ev) {
    const them = game.opponent();
    const n = game.size();
    const against = them.own ? `vs ${them.name}` : LEVEL_NAMES[game.level()];
    if (ev.continued === true) {
      const which = them.own ? `${n}\u00d7${n} game vs ${them.name}` : `${n}\u00d7${n} ${against} game`;
      return `Continuing the ${which} at move ${game.moves()}.`;
    }
    return `New game: ${n}\u00d7${n}, ${against}. ${ev.side === "second" ? `${them.The} moves first.` : "Your move."}`;
  }

  function enqueue(ev, parts, withSound) {
    const n = game.size();
    view.slides.enqueue(ev.id, parts, game.board(n), n, withSound);
  }

  /** The game ended with a move never seen: slide it from `last_move` (the mover is
   *  the side not to move). */
  function slideMissedMove(ev) {
    const lm = game.lastMove();
    if (!lm || JSON.stringify(lm) === seenLastMove) return;
    const mover = game.turn() === "user" ? COMPUTER : USER;
    const parts = {
      src: lm[0],
      dst: lm[1],
      mover,
      capture: game.capturesTotal() > seenCaptures,
      by: mover === COMPUTER ? "computer" : "user",
      move: "",
    };
    enqueue(ev, parts, false);
  }

  function handle(ev, skipped) {
    const fresh = initialised;
    const withSound = fresh && claimSound(model, ev.id);
    const { fx, sound, status } = view;
    if (["start", "setup", "goto", "undo"].includes(ev.kind)) {
      // another position: slides and flashes of the old one end now
      view.slides.finish();
      fx.flash = null;
    }
    switch (ev.kind) {
      case "move": {
        const parts = moveParts(ev, game.size());
        if (parts) announceMove(parts);
        if (parts && animate()) {
          enqueue(ev, parts, withSound);
          return;
        }
        view.slides.finish();
        if (parts && withSound) sound.play(landing(parts.capture));
        break;
      }
      case "start":
        if (withSound) sound.play(SOUNDS.start);
        if (fresh && !view.reduced()) {
          const start = { tween: null };
          start.tween = view.animator.start(START_MS, { onDone: () => fx.start === start && (fx.start = null) });
          fx.start = start.tween.done ? null : start;
        }
        status.announce(startText(ev));
        break;
      case "select": {
        if (withSound) sound.play(SOUNDS.select);
        const sel = game.selected();
        if (sel) {
          fx.select = fresh && !view.reduced() ? { cell: sel, tween: view.animator.start(SELECT_POP_MS) } : null;
          status.announce(`${squareName(sel[0], sel[1], game.size())} selected: ${game.targets().length} moves.`);
        }
        break;
      }
      case "deselect":
        if (withSound) sound.play(SOUNDS.deselect);
        status.announce("Selection cleared.");
        break;
      case "pause":
        if (withSound) sound.play(SOUNDS.pause);
        break;
      case "resume":
        if (withSound) sound.play(SOUNDS.resume);
        break;
      case "over": {
        const r = game.result();
        const kind = r ? r.result : ev.result;
        if (withSound) sound.play(resultSound(kind));
        if (skipped && animate()) slideMissedMove(ev);
        if (r) status.announce(`${resultWords(kind, game.opponent())}. ${reasonText(r, game.opponent())}`);
        break;
      }
      case "goto": {
        const [index, length] = game.history();
        status.announce(index < length - 1 ? `Looking back at move ${index} of ${length - 1}.` : "Back to the game.");
        break;
      }
      default:
        break;
    }
    shown = ev.id;
  }

  return {
    /** The id of the newest event whose effect is fully shown (data-event), or null. */
    get shown() {
      return shown;
    },
    markShown(id) {
      shown = id;
    },
    /** After a trait update: handle a new last_event (the first update only takes
     *  note of it: nothing slides or sounds on first render). */
    update() {
      const ev = game.event();
      if (ev && ev.id !== handled) {
        const skipped = ev.id > (handled === null ? 0 : handled) + 1;
        handled = ev.id;
        handle(ev, skipped);
      }
      seenLastMove = JSON.stringify(game.lastMove());
      seenCaptures = game.capturesTotal();
      if (!initialised) {
        initialised = true;
        shown = ev ? ev.id : null;
      }
    },
  };
}
