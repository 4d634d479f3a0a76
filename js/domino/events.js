// The newest last_event: each plays its sound once per model (claimSound: two views
// of one model do not both sound), and a played tile drops into place. The online
// kinds (request, declined, connection, replaced) are the room's (room.js). A goto
// (a step through the history, or back to the live game) is silent and drops
// nothing: the line shown simply changes.
//
// data-event is the id of the newest last_event seen (attributes of the root: see
// attributes.js).

import { claimSound } from "../lib/sound.js";
import { DROP_MS } from "./board.js";
import { SOUNDS } from "./sounds.js";

/** { handle(ev) }: call with read.event() on every update of the traits. */
export function createEvents(view) {
  const { model, root, read, sound } = view;
  let handledId = null;

  function handle(ev) {
    if (!ev) return;
    const id = Number.isInteger(ev.id) ? ev.id : null;
    const fresh = handledId !== null && id !== handledId;
    const first = handledId === null;
    handledId = id;
    root.dataset.event = id == null ? "" : String(id);
    if (first || !fresh) return; // the event the view found on opening is old news
    const withSound = claimSound(model, id);
    const play = (notes) => {
      if (withSound) sound.play(notes);
    };
    switch (ev.kind) {
      case "play":
        if (ev.end === "left" || ev.end === "right") {
          view.drop = { end: ev.end, tween: view.animator.start(DROP_MS) };
          view.requestDraw();
        }
        play(SOUNDS.play);
        break;
      case "draw":
        play(SOUNDS.draw);
        break;
      case "pass":
        play(SOUNDS.pass);
        break;
      case "new":
        view.selected = null;
        play(SOUNDS.newGame);
        break;
      case "reveal":
        play(SOUNDS.reveal);
        break;
      case "level":
        play(SOUNDS.level);
        break;
      case "mode": // the other mode's hand came back (set_mode)
        view.selected = null;
        play(SOUNDS.level);
        break;
      case "goto":
        view.input.finishDrop();
        break;
      case "over": {
        const r = read.result();
        const good = !r || r.winner == null || read.mode() === "local" || r.winner === read.seat();
        play(good ? SOUNDS.win : SOUNDS.lose);
        break;
      }
      default:
        view.room.onEvent(ev, withSound);
        break;
    }
  }

  return { handle };
}
