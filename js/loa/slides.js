// Moves sliding on the board: `current` is the move sliding now, `queue` the moves
// waiting (the computer's answer can arrive while the user's own move still slides).
// Each move keeps the board as it was right after it (`final`), so the "before"
// picture is rebuilt from it and the event alone.
//
// Both sides' moves slide (250 ms, ease in-out); a captured piece fades and shrinks
// as the mover arrives. A move arriving while another slides waits for it; a third
// one jumps the queue to the end. With reduced motion nothing slides (the caller
// does not enqueue).

import { SOUNDS, landing } from "./sounds.js";
import { opponent } from "./rules.js";

const SLIDE_MS = 250;

/**
 * view: sound, animator, game, events (markShown), dialogs (sync), updateDom,
 * requestDraw. parts of a move: { src, dst, mover, capture, by, move }.
 */
export function createSlides(view) {
  let current = null; // { parts, final, n, withSound, eventId, before, tween }
  const queue = [];

  function startNext() {
    const item = queue.shift();
    if (!item) {
      current = null;
      return;
    }
    const { parts, final, n } = item;
    const before = final.slice();
    before[parts.dst[0] * n + parts.dst[1]] = parts.capture ? opponent(parts.mover) : 0;
    before[parts.src[0] * n + parts.src[1]] = parts.mover;
    const a = { ...item, before, tween: null };
    current = a;
    if (a.withSound) view.sound.play(SOUNDS.slide);
    a.tween = view.animator.start(SLIDE_MS, { onDone: () => end(a) });
  }

  function end(a) {
    if (current !== a) return;
    if (a.withSound) view.sound.play(landing(a.parts.capture));
    view.events.markShown(a.eventId);
    current = null;
    if (queue.length) startNext();
    afterChange();
  }

  function afterChange() {
    view.dialogs.sync();
    view.updateDom();
    view.requestDraw();
  }

  return {
    /** The move sliding now (parts, before, tween), or null. */
    get current() {
      return current;
    },
    /** True while a move slides or waits to. */
    busy: () => !!current || queue.length > 0,
    /** Slide a move whose event is `eventId`; `final` is the board right after it. */
    enqueue(eventId, parts, final, n, withSound) {
      queue.push({ parts, final: final.slice(), n, withSound, eventId });
      if (current && queue.length > 1) {
        // falling behind: the running slide ends now, the next starts
        current.tween.cancel();
        const a = current;
        current = null;
        view.events.markShown(a.eventId);
      }
      if (!current) startNext();
    },
    /** Jump every slide to its end (a click, a key, another position). */
    finish() {
      if (!current && !queue.length) return;
      if (current) current.tween.cancel();
      const last = queue.length ? queue[queue.length - 1] : current;
      queue.length = 0;
      current = null;
      if (last) view.events.markShown(last.eventId);
      afterChange();
    },
    /** Forget everything (the view is gone). */
    clear() {
      current = null;
      queue.length = 0;
    },
  };
}
