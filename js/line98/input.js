// Input -> intents: clicks on the board and the view's keys.
//
// Keys (the handler sits on the view's root, so they work wherever the focus is in
// the view, but in a text field):
// - Enter / Space act on the board when it has the focus; on a button or a checkbox
//   they are the control's own (click, tick).
// - The board's cursor keys (arrows, Home/End, Ctrl+Home/End) move its cursor; pressed
//   on a button, a checkbox or the view itself, the shell gives the board the focus and
//   the key (js/lib/shell.js), so its cursor shows and Enter then plays there. The
//   history slider keeps its own keys (arrows, Home/End, PageUp/PageDown step through
//   the game).
// - Esc (deselect; looking back: return to the game), U, N, S (suggest), M, the history
//   keys PageUp/PageDown and [ ], anywhere in the view. `?` (the rules) is the shell's
//   (js/lib/rules.js).
// - While the shell asks a question (shell.confirm: a new game over a game in
//   progress) the dialog has the keys: Enter confirms, Esc cancels, nothing else acts.
//
// Choices where the contract is silent:
// - During the move animation, a board click or an action key (Enter, Space, Esc,
//   U, N) only jumps to the end; arrow keys jump to the end and still move the
//   cursor; M still toggles sound; toolbar buttons jump to the end, then act.
// - Looking back (history_index < history_length - 1): board clicks and Enter/Space/U
//   send nothing and nudge the banner; Esc returns to the live game (there is no
//   selection to clear then), wherever the focus is in the view. PageUp/PageDown and
//   [ ] step through the history.
// - A board played by a program (driven_by): board clicks and Enter/Space/Esc/U/N
//   send nothing and nudge the "Played by" line; the cursor, S (suggest: it only
//   looks) and the history keys still work.
// - N asks first while a game is in progress (panel.newGame: shell.confirm).

import { consume, isControlKey, keyPlace } from "../lib/keys.js";
import { readInt, sendMessage } from "../lib/traits.js";
import { currentPosition, lookingBack } from "./state.js";
import { historyStep } from "../lib/history.js";

/**
 * The listeners of `view` ([[node, type, fn], ...], for shell.listen): `board`,
 * `panel` and `moves` are its parts.
 */
export function inputListeners(view, { board, panel, moves, confirm }) {
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
    if (event.defaultPrevented || confirm.isOpen) return; // a question has the keys
    const place = keyPlace(event);
    if (place === "text") return;
    const target = event.target;
    const onBoard = target === canvas;
    const key = event.key;
    // Enter / Space: the board's, or the focused control's own (a button, a checkbox)
    if (!onBoard && ["Enter", " ", "Spacebar"].includes(key)) return;
    // the history slider's own keys (arrows, Home/End, PageUp/PageDown)
    if (place === "control" && target.type === "range" && isControlKey(event)) return;
    const plain = !event.ctrlKey && !event.metaKey && !event.altKey;
    if (onBoard && cursor.handleKey(event)) {
      // (the cursor moved even during an animation; that changes no game state)
      if (view.anim) moves.finish();
      focus.usedKeyboard();
      consume(event);
      requestDraw();
      return;
    }
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
    if (msg.type === "new_game") panel.newGame(); // asks first while a game is in progress
    else sendMessage(model, msg);
    requestDraw();
  }

  return [
    [canvas, "click", onClick],
    [canvas, "pointerdown", onPointerDown],
    [root, "keydown", onKeyDown],
  ];
}
