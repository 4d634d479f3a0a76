// Input → intents: clicks on the board's cells, the mouse hovering (a pointer over
// the user's pieces and targets; the ghost of the selected piece on a target), and
// keys.
//
// - A board click (or Enter/Space) during a slide ends the slides, then is sent as
//   usual (Python already holds the final position). A click that moves nothing says
//   why on the status line (refusals.js, the status line's refuse(): "b1 moves exactly
//   2 cells along this column: ...", "Select one of your dark pieces first: ...",
//   "Wait: the computer is thinking."), and is sent too (Python ignores it); on a cell
//   the selected piece cannot reach it also flashes the cell. A click that selects or
//   moves ends a refusal's reading time (settle). While looking back a click nudges
//   the banner; while paused it resumes.
// - A board a program plays (driven_by): a click or Enter/Space selects nothing and
//   sends nothing (it nudges the "Played by" line), no pointer over the pieces; U and
//   P (while the game goes on) likewise (actions.js); the cursor, W and the history
//   keys still work.
// - Keys P (pause/resume, results when over), M (sound), U (undo) and W (Why?: the
//   computer's reasons) work anywhere in the view but in a text field (consumed, so
//   they never reach the notebook); the board keys (arrows, Home/End, Enter/Space,
//   Esc, PageUp/PageDown and [ ]) on the focused board.

import { consume, keyPlace } from "../lib/keys.js";
import { sendMessage } from "../lib/traits.js";
import { sameCell } from "./gamestate.js";
import { refusalText } from "./refusals.js";
import { USER } from "./rules.js";
import { SOUNDS } from "./sounds.js";
import { historyStep } from "../lib/history.js";

/** view: model, root, game, board, cursor, fx, sound, actions, history, slides, shell. */
export function createInput(view) {
  const { model, game, board, cursor, fx, actions } = view;
  const { canvas } = board;
  const { banner, slider } = view.history;

  function clickCell(cell) {
    if (!cell) return;
    const p = game.phase();
    if (p === "setup") return;
    if (game.lookingBack()) {
      banner.nudge();
      return;
    }
    if (p !== "playing") return;
    if (view.shell.driven.by) {
      view.shell.driven.nudge(); // a program plays this board: Python would refuse the click
      return;
    }
    if (game.paused()) {
      actions.act({ type: "resume" });
      return;
    }
    view.slides.finish();
    const n = game.size();
    const sel = game.selected(n);
    const usersTurn = game.turn() === "user" && !game.thinking();
    const why = refusalText({
      n,
      board: game.board(n),
      selected: sel,
      targets: game.targets(n),
      lineCounts: game.lineCounts(),
      cell,
      usersTurn,
      thinking: game.thinking(),
      them: game.opponent(),
    });
    if (why) {
      // a click that moves nothing says why; a cell the selected piece cannot reach flashes
      view.status.refuse(why);
      if (sel && usersTurn) {
        fx.flash = { cell, start: performance.now() };
        view.sound.play(SOUNDS.blocked);
        view.requestDraw();
      }
    } else view.status.settle();
    sendMessage(model, { type: "click", cell, position: game.position() });
  }

  function onClick(event) {
    canvas.focus({ preventScroll: true });
    const geo = board.geo();
    if (!geo) return;
    const cell = geo.cellAt(event.offsetX, event.offsetY);
    if (!cell) return;
    cursor.set(cell[0], cell[1]);
    clickCell(cell);
  }

  function onPointerDown() {
    board.focus.usedPointer();
    view.requestDraw();
  }

  function onPointerMove(event) {
    const geo = board.geo();
    if (!geo) return;
    const cell = geo.cellAt(event.offsetX, event.offsetY);
    if (!sameCell(cell, fx.hover)) {
      fx.hover = cell;
      reflectCursorStyle();
      view.requestDraw();
    }
  }

  function onPointerLeave() {
    if (fx.hover) {
      fx.hover = null;
      view.requestDraw();
    }
  }

  /** A pointer over what can be clicked: the user's pieces and the targets. */
  function reflectCursorStyle() {
    const hover = fx.hover;
    let pointer = false;
    if (hover && game.phase() === "playing" && !game.lookingBack() && game.turn() === "user" && !view.shell.driven.by) {
      const n = game.size();
      const k = game.board(n)[hover[0] * n + hover[1]];
      pointer = k === USER || game.targets(n).some(([r, c]) => r === hover[0] && c === hover[1]);
    }
    canvas.style.cursor = pointer ? "pointer" : "default";
  }

  /** The board's keys (the canvas has the focus). */
  function onKeyDown(event) {
    if (event.defaultPrevented) return;
    const plain = !event.ctrlKey && !event.metaKey && !event.altKey;
    const key = event.key;
    if (game.phase() !== "setup" && cursor.handleKey(event)) {
      board.focus.usedKeyboard();
      consume(event);
      view.requestDraw();
      return;
    }
    const step = historyStep(event);
    if (step) {
      consume(event);
      if (game.phase() !== "setup" && game.history()[1] > 1) slider.step(step);
      return;
    }
    if (!plain) return;
    if (key === "Enter" || key === " " || key === "Spacebar") {
      consume(event);
      board.focus.usedKeyboard();
      clickCell(cursor.cell());
      view.requestDraw();
      return;
    }
    if (key === "Escape") {
      consume(event);
      board.focus.usedKeyboard();
      if (game.lookingBack()) slider.toEnd();
      else if (game.phase() === "playing" && game.selected()) actions.act({ type: "deselect" });
      view.requestDraw();
      return;
    }
    if (handleShortcut(event)) consume(event);
  }

  /** P, M, U and W, from anywhere in the view. */
  function handleShortcut(event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return false;
    const key = event.key;
    if (key === "p" || key === "P") {
      if (game.phase() === "setup") return false;
      actions.openMenu();
      return true;
    }
    if (key === "m" || key === "M") {
      actions.toggleMute();
      return true;
    }
    if (key === "u" || key === "U") {
      if (!game.canUndo() && !view.shell.driven.by) return false;
      actions.undo();
      return true;
    }
    if (key === "w" || key === "W") {
      if (!game.canWhy()) return false;
      actions.why();
      return true;
    }
    return false;
  }

  /** The shortcuts elsewhere in the view (a button, a checkbox, the slider, a dialog). */
  function onRootKeyDown(event) {
    if (event.defaultPrevented || event.target === canvas || keyPlace(event) === "text") return;
    if (handleShortcut(event)) consume(event);
  }

  view.shell.listen([
    [canvas, "click", onClick],
    [canvas, "pointerdown", onPointerDown],
    [canvas, "pointermove", onPointerMove],
    [canvas, "pointerleave", onPointerLeave],
    [canvas, "keydown", onKeyDown],
    [view.root, "keydown", onRootKeyDown],
  ]);

  return { update: reflectCursorStyle };
}
