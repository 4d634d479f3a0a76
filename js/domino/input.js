// Input -> intents: choosing a hand tile, then an end of the line (a marker, or the
// Left / Right arrow), Esc to put it back; M for the sound anywhere in the view
// except a text field; every message to Python goes through act().
//
// Choices where the contract is silent:
// - The selection is this view's own (two views of one model select independently);
//   it is cleared when the tile is no longer playable.
// - M toggles the sound anywhere in the view, as in the other games.

import { consume, keyPlace } from "../lib/keys.js";
import { sendMessage } from "../lib/traits.js";
import { sameTile } from "./dominoes.js";
import { SOUNDS } from "./sounds.js";

/**
 * { act, selectedEntry, dropStaleSelection, onTileClick, onTileKey, playSelected,
 * onRootKey, firstFocusable }. The selection is view.selected.
 */
export function createInput(view) {
  const { model, read, sound } = view;

  /** Send an intent; the tile still dropping into place lands at once. */
  function act(msg) {
    if (view.drop) {
      view.drop = null;
      if (view.animator.finish) view.animator.finish();
    }
    sendMessage(model, msg);
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
    const p = read.playable().find((x) => sameTile(x.tile, tile));
    if (!p) {
      sound.play(SOUNDS.blocked);
      const mine = read.turn() === read.seat() && !read.result() && read.live();
      view.status.show(mine ? "That tile does not fit: choose a highlighted one." : null);
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
    setSelected(p.tile);
  }

  function playSelected(end) {
    const p = selectedEntry();
    if (!p || !p.ends.includes(end)) return;
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
    const arrow = event.key === "ArrowLeft" || event.key === "ArrowRight";
    if (event.key === "Escape" && view.selected && !view.level.isOpen()) {
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
    }
  }

  /** Where the focus goes after a dialog closes. */
  const firstFocusable = () => view.hand.firstFocusable() || view.controls.newButton;

  return { act, selectedEntry, dropStaleSelection, onTileClick, onTileKey, playSelected, onRootKey, firstFocusable };
}
