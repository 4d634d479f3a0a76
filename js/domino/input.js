// Input -> intents: choosing a hand tile, then an end of the line (a marker, or the
// Left / Right arrow), Esc to put it back; M for the sound, W for Why? (the computer's
// reasons), PageUp / PageDown and [ ] through the history, anywhere in the view except
// a text field (consumed: they never reach the notebook); every message to Python goes
// through act().
//
// Choices where the contract is silent:
// - The selection is this view's own (two views of one model select independently);
//   it is cleared when the tile is no longer playable.
// - M toggles the sound anywhere in the view, as in the other games.
// - Looking back (history_index < history_length - 1) is read-only: a click on the
//   table (a tile, the line, the piles) sends nothing and nudges the banner; Esc
//   returns to the live game. The toolbar (Level, New game) still works.
// - A board a program plays (driven_by): a click on a hand tile selects nothing and
//   sends nothing (it nudges the "Played by" line); Draw and Pass are disabled
//   (hand.js). M, W and the history keys still work.
// - A tile that cannot be played now (clicked, or chosen for an end it does not fit
//   with the arrow keys) buzzes and the status line says why in visible words for a
//   reading time (status.refuse: data-kind="refused", also to screen readers): not
//   your turn (whose it is), the hand is over, the seat is not connected, no tile fits
//   (draw / pass), the first tile must be the opening one (named), or the ends it does
//   not match (named): refusals.js. Any intent sent, or a tile chosen, ends that
//   reading time (status.settle).

import { consume, keyPlace } from "../lib/keys.js";
import { sendMessage } from "../lib/traits.js";
import { sameTile } from "./dominoes.js";
import { endRefusalText, refusalText } from "./refusals.js";
import { SOUNDS } from "./sounds.js";
import { historyStep } from "../lib/history.js";

/**
 * { act, finishDrop, selectedEntry, dropStaleSelection, onTileClick, onTileKey,
 * playSelected, onRootKey, onTableClick, firstFocusable }. The selection is
 * view.selected; view.history is the history slider and banner (index.js).
 */
export function createInput(view) {
  const { model, read, sound } = view;

  /** The tile still dropping into place lands at once. */
  function finishDrop() {
    if (view.drop) {
      view.drop = null;
      if (view.animator.finish) view.animator.finish();
    }
  }

  /** Send an intent (after finishing the drop); a refusal still shown has been read. */
  function act(msg) {
    finishDrop();
    view.status.settle();
    sendMessage(model, msg);
  }

  /** Why `tile` cannot be played now, in words (refusals.js). */
  function refusal(tile) {
    return refusalText({
      mode: read.mode(),
      names: read.names(),
      seat: read.seat(),
      turn: read.turn(),
      thinking: read.thinking(),
      over: !!read.result(),
      live: read.live(),
      canDraw: read.canDraw(),
      canPass: read.canPass(),
      line: read.line(),
      opening: read.opening(),
    }, tile);
  }

  /** Say why a move was refused (and buzz). */
  function refuse(text) {
    sound.play(SOUNDS.blocked);
    view.status.refuse(text);
  }

  /** A click on the table while looking back (not on the banner or a dialog): nothing is sent, the banner explains. */
  function onTableClick(event) {
    const t = event.target;
    if (!read.lookingBack() || (t && t.closest && t.closest(".gw-banner, .gw-dialog-backdrop"))) return;
    view.history.banner.nudge();
  }

  /** The selected tile's { tile, ends }, or null. */
  function selectedEntry() {
    if (!view.selected) return null;
    return read.playable().find((p) => sameTile(p.tile, view.selected)) || null;
  }
  function dropStaleSelection() {
    if (view.selected && !selectedEntry()) view.selected = null;
  }
  function setSelected(tile) {
    view.selected = tile;
    view.update();
    view.requestDraw();
  }

  function onTileClick(tile) {
    if (read.lookingBack()) return; // the table's click nudges the banner
    if (view.shell.driven.by) {
      view.shell.driven.nudge(); // a program plays this board: Python would refuse the play
      return;
    }
    const p = read.playable().find((x) => sameTile(x.tile, tile));
    if (!p) {
      refuse(refusal(tile));
      if (!read.live()) view.room.nudge();
      return;
    }
    if (view.selected && sameTile(view.selected, tile)) {
      sound.play(SOUNDS.deselect);
      setSelected(null);
      return;
    }
    if (p.ends.length === 1 || !read.line().length) {
      view.selected = null;
      act({ type: "play", tile: p.tile, end: p.ends[0], position: read.position() });
      view.update();
      return;
    }
    sound.play(SOUNDS.select);
    view.status.settle();
    setSelected(p.tile);
  }

  function playSelected(end) {
    const p = selectedEntry();
    if (!p || view.shell.driven.by) return;
    if (!p.ends.includes(end)) {
      refuse(endRefusalText(p.tile, end, read.line()));
      return;
    }
    view.selected = null;
    act({ type: "play", tile: p.tile, end, position: read.position() });
    view.update();
    view.requestDraw();
  }

  /** On a hand tile: with a tile selected, Left / Right play it at that end. */
  function onTileKey(event) {
    if ((event.key === "ArrowLeft" || event.key === "ArrowRight") && view.selected) {
      event.preventDefault();
      playSelected(event.key === "ArrowLeft" ? "left" : "right");
    }
  }

  /** Keys anywhere in the view (after a focused tile's own handler). */
  function onRootKey(event) {
    if (event.defaultPrevented) return;
    const key = event.key;
    const arrow = key === "ArrowLeft" || key === "ArrowRight";
    const plain = !event.ctrlKey && !event.metaKey && !event.altKey;
    const step = historyStep(event);
    if (step && keyPlace(event) !== "text" && !read.isOnline()) {
      consume(event);
      if (read.history()[1] > 1) view.history.slider.step(step);
    } else if (key === "Escape" && plain && read.lookingBack() && !dialogOpen()) {
      consume(event);
      view.history.slider.toEnd();
    } else if (event.key === "Escape" && view.selected && !dialogOpen()) {
      event.preventDefault();
      sound.play(SOUNDS.deselect);
      setSelected(null);
    } else if (arrow && view.selected && event.target && event.target.closest && event.target.closest(".gw-dom-end")) {
      event.preventDefault();
      playSelected(event.key === "ArrowLeft" ? "left" : "right");
    } else if ((event.key === "m" || event.key === "M") && !event.ctrlKey && !event.metaKey && !event.altKey
      && keyPlace(event) !== "text") {
      consume(event);
      view.controls.soundToggle.toggle();
    } else if ((key === "w" || key === "W") && plain && keyPlace(event) !== "text") {
      consume(event);
      view.controls.askWhy();
    }
  }

  /** A menu or a question of the view is open (its own Esc closes it). */
  const dialogOpen = () => view.level.isOpen() || view.modeMenu.isOpen() || view.shell.confirm.isOpen;

  /** Where the focus goes after a dialog closes. */
  const firstFocusable = () => view.hand.firstFocusable() || view.controls.newButton;

  return {
    act,
    finishDrop,
    selectedEntry,
    dropStaleSelection,
    onTileClick,
    onTileKey,
    playSelected,
    onRootKey,
    onTableClick,
    firstFocusable,
  };
}
