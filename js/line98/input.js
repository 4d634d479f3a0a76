// Input -> intents: clicks on the board and the view's keys.
//
// Keys: board keys (arrows, Home/End, Ctrl+Home/End, Enter/Space, Esc) act on the
// focused board; U, N, S (suggest), M, PageUp/PageDown and [ ] work anywhere in the view but in a
// text field (a focused control keeps its own keys: Enter/Space on a button, arrows on
// the slider). The handler sits on the view's root.
//
// Choices where the contract is silent:
// - During the move animation, a board click or an action key (Enter, Space, Esc,
//   U, N) only jumps to the end; arrow keys jump to the end and still move the
//   cursor; M still toggles sound; toolbar buttons jump to the end, then act.
// - Looking back (history_index < history_length - 1): board clicks and Enter/Space/U
//   send nothing and nudge the banner; Esc returns to the live game (there is no
//   selection to clear then). PageUp/PageDown and [ ] step through the history.
// - A board played by a program (driven_by): board clicks and Enter/Space/Esc/U/N
//   send nothing and nudge the "Played by" line; the cursor, S (suggest: it only
//   looks) and the history keys still work.

import { consume, isControlKey, keyPlace } from "../lib/keys.js";
import { readInt, sendMessage } from "../lib/traits.js";
import { currentPosition, lookingBack } from "./state.js";
import { historyStep } from "../lib/history.js";

/**
 * The listeners of `view` ([[node, type, fn], ...], for shell.listen): `board`,
 * `panel` and `moves` are its parts.
 */
export function inputListeners(view, { board, panel, moves }) {
  const { model, root } = view;
  const { canvas, cursor, focus, requestDraw } = board;
  const { banner, slider } = panel;

  function onClick(event) {
    canvas.focus({ preventScroll: true });
    if (view.anim) {
      moves.finish();
      return;
    }
    const geo = board.geometry();
    if (!geo) return;
    const cell = geo.cellAt(event.offsetX, event.offsetY);
    if (!cell) return;
    cursor.set(cell[0], cell[1]);
    if (lookingBack(view)) {
      banner.nudge(); // a past position is read-only
      return;
    }
    if (view.driven.by) {
      view.driven.nudge(); // a program plays this board: Python would refuse the click
      return;
    }
    sendMessage(model, { type: "click", cell, position: currentPosition(view) });
  }

  function onPointerDown() {
    focus.usedPointer();
    requestDraw();
  }

  // (see the module comment for where each key works)
  function onKeyDown(event) {
    if (event.defaultPrevented) return;
    const place = keyPlace(event);
    if (place === "text") return;
    if (event.target !== canvas && ["Enter", " ", "Spacebar", "Escape"].includes(event.key)) return;
    if (place === "control" && isControlKey(event)) return;
    const plain = !event.ctrlKey && !event.metaKey && !event.altKey;
    if (event.target === canvas && cursor.handleKey(event)) {
      // (the cursor moved even during an animation; that changes no game state)
      if (view.anim) moves.finish();
      focus.usedKeyboard();
      consume(event);
      requestDraw();
      return;
    }
    const key = event.key;
    // history: PageUp/PageDown or [ ], anytime (also during an animation)
    const step = historyStep(event);
    if (step) {
      consume(event);
      if (readInt(model, "history_length", 1) > 1) slider.step(step);
      return;
    }
    if (lookingBack(view) && plain && ["Enter", " ", "Spacebar", "Escape", "u", "U"].includes(key)) {
      // a past position is read-only: Esc returns to the game, the others nudge the banner
      consume(event);
      focus.usedKeyboard();
      if (view.anim) moves.finish();
      if (key === "Escape") slider.toEnd();
      else banner.nudge();
      requestDraw();
      return;
    }
    let msg = null;
    if ((key === "Enter" || key === " " || key === "Spacebar") && plain) msg = { type: "click", cell: cursor.cell(), position: currentPosition(view) };
    else if (key === "Escape" && plain) msg = { type: "deselect" };
    else if ((key === "u" || key === "U") && plain) msg = { type: "undo" };
    else if ((key === "n" || key === "N") && plain) msg = { type: "new_game" };
    else if ((key === "s" || key === "S") && plain) msg = { type: "suggest" };
    else if ((key === "m" || key === "M") && plain) {
      consume(event);
      panel.toggleMute();
      return;
    } else return;
    consume(event);
    focus.usedKeyboard();
    if (view.driven.by && msg.type !== "suggest") {
      view.driven.nudge(); // a program plays this board: only looking is allowed
      return;
    }
    if (view.anim) {
      // a key during the animation jumps to its end and is otherwise ignored
      moves.finish();
      return;
    }
    sendMessage(model, msg);
    requestDraw();
  }

  return [
    [canvas, "click", onClick],
    [canvas, "pointerdown", onPointerDown],
    [root, "keydown", onKeyDown],
  ];
}
