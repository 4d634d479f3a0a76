// The player's input turned into intents (CONTRACT.md, Messages): clicks and taps on
// tiles, dragging a tile onto its partner, the keyboard cursor and the shortcut keys.
// Cells are sent in landscape coordinates whatever the board shows.
//
// Choices where the contract is silent:
// - A click on an empty cell (or the ring) sends {"type": "deselect"} when a tile is
//   selected, nothing otherwise. A drag dropped on an empty cell, outside the board or
//   on its own tile sends nothing. While paused, a click on the board resumes; after a
//   win, board clicks do nothing.
// - Keyboard shortcuts (H U S N R P M, PageUp/PageDown and [ ]) work anywhere in the
//   view (not only on the board) but in a text field or a select, and rest while the
//   view asks before starting over (N and R ask while a game is under way:
//   startover.js); `?` (the rules) is the shell's; arrows, Home/End,
//   Enter/Space and Esc act on the focused board (a focused button keeps Enter and
//   Space), but Esc while looking back returns to the live game from anywhere.
// - Looking back (lookback.js): the board is read-only; a click, a drag, Enter/Space,
//   H, U or S nudges the banner instead of sending anything.
// - A board played by a program (driven_by, js/lib/driven.js): no selection and no
//   drag; a click, Enter/Space or H U S N R P sends nothing and nudges the "Played
//   by" line. The cursor and the history keys still work.

import { listen } from "../lib/cleanup.js";
import { createGridCursor } from "../lib/grid.js";
import { consume, keyPlace } from "../lib/keys.js";
import { SOUNDS } from "./sounds.js";
import { createPointerDrag } from "./drag.js";
import { startOver } from "./startover.js";
import { DEFAULT_COLS, DEFAULT_ROWS, sameCell } from "./traits.js";
import { historyStep } from "../lib/history.js";

/** Pause, or resume while paused (not after a win). */
export function togglePause(view) {
  if (view.traits.won()) return;
  view.act({ type: view.traits.paused() ? "resume" : "pause" });
}

/** A click (or Enter) on grid cell `gridCell` (null: outside the tiles). */
function clickCell(view, gridCell) {
  const { traits } = view;
  if (traits.paused()) {
    view.act({ type: "resume" });
    return;
  }
  if (traits.lookingBack()) {
    view.history.nudge(); // a past position is read-only
    return;
  }
  if (view.shell.driven.by) {
    view.shell.driven.nudge(); // a program plays this board: Python would refuse the click
    return;
  }
  if (traits.won()) return;
  if (gridCell && traits.codeAt(gridCell)) {
    view.act({ type: "click", cell: gridCell, position: traits.position() });
  } else if (traits.selected()) {
    view.act({ type: "deselect" });
  }
}

/** The keyboard cursor of `view`, in view coordinates (data-cursor: landscape). */
export function createCursor(view) {
  return createGridCursor({
    rows: DEFAULT_ROWS,
    cols: DEFAULT_COLS,
    onChange: () => {
      view.root.dataset.cursor = view.layout.toGrid(view.cursor.cell()).join(",");
      view.requestDraw();
    },
  });
}

/**
 * After the board turned (old: the previous { portrait, vr, vc }): the cursor stays
 * on the same grid cell, a drag is cancelled.
 */
export function followOrientation(view, old) {
  const { cursor, layout } = view;
  const gridCell = old.portrait ? [cursor.col, cursor.row] : [cursor.row, cursor.col];
  cursor.resize(layout.rows, layout.cols);
  const v = layout.portrait ? [gridCell[1], gridCell[0]] : gridCell;
  cursor.set(v[0], v[1]);
  if (view.pointer.drag && view.input) view.input.cancelDrag();
}

/** The pointer and keyboard input of `view` on its board: { cancelDrag() }. */
export function createInput(view) {
  const { traits, layout, pointer, cursor, root } = view;
  const canvas = view.board.canvas;
  const geo = () => layout.geo;
  const cellAt = (x, y) => (geo() ? geo().cellAt(x, y) : null);
  // no drag (a press is a tap then: clickCell), no hint
  const blocked = () => traits.paused() || traits.won() || traits.lookingBack() || !!view.shell.driven.by;

  function endDrag() {
    pointer.drag = null;
    root.dataset.dragging = "false";
    view.requestDraw();
  }

  const drag = createPointerDrag({
    element: canvas,
    threshold: 5,
    canDrag: (x, y) => {
      if (!geo() || blocked()) return null;
      const v = geo().cellAt(x, y);
      if (!v) return null;
      const cell = layout.toGrid(v);
      const code = traits.codeAt(cell);
      if (!code) return null;
      const box = geo().rect(v[0], v[1]);
      return { cell, code, grabX: x - box.x, grabY: y - box.y };
    },
    onTap: (x, y) => {
      canvas.focus({ preventScroll: true });
      if (!geo()) return;
      const v = geo().cellAt(x, y);
      if (v) cursor.set(v[0], v[1]);
      clickCell(view, v ? layout.toGrid(v) : null);
    },
    onDragStart: (p, pos) => {
      view.effects.finishShort();
      // { from: [r, c] grid, code, x, y, grabX, grabY, over: [r, c] | null }
      pointer.drag = { from: p.cell, code: p.code, x: pos.x, y: pos.y, grabX: p.grabX, grabY: p.grabY, over: null };
      root.dataset.dragging = "true";
      view.sound.play(SOUNDS.select);
      view.requestDraw();
    },
    onDragMove: (p, pos) => {
      if (!pointer.drag) return;
      pointer.drag.x = pos.x;
      pointer.drag.y = pos.y;
      const v = cellAt(pos.x, pos.y);
      pointer.drag.over = v ? layout.toGrid(v) : null;
      view.requestDraw();
    },
    onDrop: (p, pos) => {
      const v = cellAt(pos.x, pos.y);
      const target = v ? layout.toGrid(v) : null;
      endDrag();
      canvas.focus({ preventScroll: true });
      if (!target || sameCell(target, p.cell) || !traits.codeAt(target) || blocked()) return;
      cursor.set(v[0], v[1]);
      view.act({ type: "drop", from: p.cell, to: target, position: traits.position() });
    },
    onDragCancel: () => endDrag(),
  });
  view.shell.onCleanup(drag.destroy);

  function onPointerDown() {
    if (view.focus) view.focus.usedPointer();
    view.requestDraw();
  }

  // the tile under the mouse brightens a little
  function onPointerMove(event) {
    let next = null;
    if (event.pointerType === "mouse" && geo() && !drag.pressed) {
      const v = geo().cellAt(event.offsetX, event.offsetY);
      if (v) next = layout.toGrid(v);
    }
    if (!sameCell(next, pointer.hover) && (next || pointer.hover)) {
      pointer.hover = next;
      view.requestDraw();
    }
  }
  function onPointerLeave() {
    if (pointer.hover) {
      pointer.hover = null;
      view.requestDraw();
    }
  }

  /** The intent of shortcut letter `key` (lower case), or null; undefined: not ours. */
  function shortcut(key) {
    if (["h", "u", "s"].includes(key) && traits.lookingBack()) {
      view.history.nudge(); // a past position is read-only
      return null;
    }
    if (["h", "u", "s", "n", "r"].includes(key) && view.shell.driven.by) {
      view.shell.driven.nudge(); // a program plays this board
      return null;
    }
    switch (key) {
      case "h":
        return blocked() ? null : { type: "hint" };
      case "u":
        return { type: "undo" };
      case "s":
        return traits.stuck() && !traits.paused() ? { type: "shuffle" } : null;
      case "n":
        startOver(view, "new"); // asks first while a game is under way
        return null;
      case "r":
        startOver(view, "restart");
        return null;
      default:
        return undefined;
    }
  }

  function onKeyDown(event) {
    if (event.defaultPrevented || view.destroyed || keyPlace(event) === "text") return;
    if (view.shell.confirm.isOpen) return; // it asks: its own keys only (Enter, Esc, Tab)
    const onBoard = event.target === canvas;
    if (onBoard && !traits.paused() && cursor.handleKey(event)) {
      if (view.focus) view.focus.usedKeyboard();
      consume(event);
      view.requestDraw();
      return;
    }
    const step = historyStep(event);
    if (step) {
      consume(event);
      view.history.step(step);
      return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    switch (key) {
      case "Enter":
      case " ":
      case "Spacebar":
        if (!onBoard) return;
        if (view.focus) view.focus.usedKeyboard();
        consume(event);
        clickCell(view, layout.toGrid(cursor.cell()));
        view.requestDraw();
        return;
      case "Escape":
        if (traits.lookingBack()) {
          consume(event);
          view.history.toEnd();
          return;
        }
        if (!onBoard) return;
        consume(event);
        if (pointer.drag) drag.cancel();
        else if (traits.selected()) view.act({ type: "deselect" });
        return;
      case "p":
        consume(event);
        if (view.shell.driven.by) view.shell.driven.nudge();
        else togglePause(view);
        return;
      case "m":
        consume(event);
        view.toolbar.mute.toggle();
        return;
      default: {
        const msg = shortcut(key);
        if (msg === undefined) return;
        consume(event);
        if (msg) view.act(msg);
      }
    }
  }

  listen(view.shell.onCleanup, [
    [canvas, "pointerdown", onPointerDown],
    [canvas, "pointermove", onPointerMove],
    [canvas, "pointerleave", onPointerLeave],
    [root, "keydown", onKeyDown],
  ]);

  return {
    cancelDrag: () => drag.cancel(),
  };
}
