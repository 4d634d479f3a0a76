// What the user asks for, from a button, a key or a dialog, sent to Python as
// messages (CONTRACT.md) — after the slides on the board have jumped to their end —
// or done in the view (the results screen closed or opened again, the sound).
//
// - The Menu button (or P) pauses and resumes; while the game is over it opens the
//   results screen again (back to the live position if looking back). It is
//   disabled in the setup dialog.
// - Why? (or W) asks for the kept analysis of the move that led to the position
//   shown (`why` with its index) or, when that move has none, of the latest move
//   that has one (index null: Python shows that position). At the end of a game the
//   results screen covers the board: Why? closes it first (as its Close does), so the
//   analysis is seen on the final board; Results (the Menu button, or P) opens it
//   again.
// - On a board a program plays (driven_by) Undo and pausing send nothing: they nudge
//   the "Played by" line (Python would refuse them); the results screen still opens.

import { readBool, sendMessage, setTrait } from "../lib/traits.js";
import { SOUNDS } from "./sounds.js";

/** view: model, game, slides, dialogs, history, board, sound, updateDom. */
export function createActions(view) {
  const { model, game } = view;

  function act(msg) {
    view.slides.finish();
    sendMessage(model, msg);
  }

  function focusBoard() {
    if (view.board.canvas) view.board.canvas.focus({ preventScroll: true });
  }

  return {
    act,
    focusBoard,
    undo() {
      if (view.shell.driven.by) view.shell.driven.nudge();
      else if (game.canUndo()) act({ type: "undo", position: game.position() });
    },
    why() {
      if (!game.canWhy()) return;
      // the analysis is drawn on the board: the results screen over it closes first
      // (the Results button, or P, opens it again)
      if (view.dialogs.resultOpen()) {
        view.dialogs.closeResult();
        view.dialogs.sync();
        view.updateDom();
        focusBoard();
      }
      const [index] = game.history();
      act({ type: "why", index: game.explained().includes(index) ? index : null });
    },
    toggleMute() {
      const muted = !readBool(model, "muted", false);
      setTrait(model, "muted", muted);
      if (!muted) {
        view.sound.unlock();
        view.sound.play(SOUNDS.unmute);
      }
      view.updateDom();
    },
    openMenu() {
      const p = game.phase();
      if (p === "over") {
        if (game.lookingBack()) view.history.slider.toEnd();
        view.dialogs.reopenResult();
        view.dialogs.sync();
        view.updateDom();
      } else if (p === "playing" && view.shell.driven.by) {
        view.shell.driven.nudge();
      } else if (p === "playing") {
        act({ type: game.paused() ? "resume" : "pause" });
      }
    },
    closeResult() {
      view.dialogs.closeResult();
      view.dialogs.sync();
      view.updateDom();
      focusBoard();
    },
  };
}
