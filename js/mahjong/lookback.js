// Looking back through the game: the history slider under the board and the
// "Looking back · move i of n" banner over it (js/lib/history.js, as Line 98 and Lines
// of Action have them), and the keys that step through the history.
//
// Choices where the contract is silent:
// - The history is every removal and every shuffle (what Undo takes back). Before the
//   first one the slider is reserved: invisible, but the board leaves room for it.
// - Looking back is read-only: a click, a tap or a drag on the board (and Enter/Space,
//   H, U, S) only nudges the banner; the keyboard cursor still moves. Hint, Undo and
//   Shuffle are disabled; the No more moves and Board cleared dialogs stay closed
//   until the live game is shown again. New game (N), Play again (R), Pause (P) and
//   Sound (M) work as usual (Python returns to the live game first).
// - PageUp/PageDown and [ ] step through the history anywhere in the view but in a
//   text field or the orientation select (on the slider too: PageUp is one step back
//   there, not the range's own big step); Esc returns to the live game.
// - Before each step the short animations (flying tiles, the shuffle) jump to their
//   end and a drag is cancelled; a goto event plays no removal and no sound.

import { createHistoryControls } from "../lib/history.js";

/**
 * The history controls of `view` (its model, effects, pointer, input, board):
 * { slider, banner, update(), step(delta), toEnd(), nudge() }.
 */
export function createLookBack(view) {
  const controls = createHistoryControls({
    doc: view.doc,
    model: view.model,
    beforeGoto: () => {
      view.effects.clearAll();
      if (view.pointer.drag && view.input) view.input.cancelDrag();
      view.requestDraw();
    },
    onBackToGame: () => view.board && view.board.canvas.focus({ preventScroll: true }),
  });
  view.shell.onCleanup(controls.destroy);
  const { slider, banner } = controls;
  return {
    slider,
    banner,
    /** Show the history traits: the slider's position, the banner while looking back. */
    update() {
      const [index, length] = view.traits.history();
      controls.show(index, length);
    },
    /** One position back (-1) or forward (1), if there is a history to step through. */
    step(delta) {
      if (view.traits.history()[1] > 1) slider.step(delta);
    },
    /** Back to the live game. */
    toEnd: () => slider.toEnd(),
    /** A past position is read-only: the banner flashes to say so. */
    nudge: () => banner.nudge(),
  };
}
