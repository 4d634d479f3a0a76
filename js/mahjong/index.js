// Mahjong Connect (Shisen-Sho style): the canvas view of gamewidgets.MahjongConnect.
//
// Python is the source of truth (see js/mahjong/CONTRACT.md): this view renders the
// traits, animates `last_event`, and sends the player's intents as messages. Each
// file holds one part; the choices the contract leaves open are noted in the file
// they concern.
//
//   header.js      title, score / time / tiles read-outs, the stack of removed tiles
//   toolbar.js     Hint, Undo, Shuffle, New game, Play again, Pause, Rules, Sound
//   board.js       the board canvas on its stage (with the dialogs) and its drawing:
//                  felt.js (the cloth), frames.js (selection, hint, cursor frames),
//                  overlay.js (the analysis' pairs; safetylegend.js: the legend of
//                  their safety colours), pathshown.js (w.show_path's route),
//                  effects.js (animations)
//   geometry.js    orientation, the board's size for the page, the cells in px
//   dialogs.js     No more moves, Board cleared (breakdown.js: the score's parts), Paused
//   settings.js    scoring, orientation, reduced motion (the row above the board;
//                  on a phone under it)
//   startover.js   Play again and New game: asking first while a game is under way
//   status.js      the status line;  attributes.js  the root's data attributes
//   input.js       clicks, drags, keys -> intents;  drag.js  pointer drag-and-drop
//   lookback.js    the history slider under the board, the "Looking back" banner
//   events.js      what a new last_event does (effect, sound, announcement)
//   playtime.js    the clock and the `tick` messages;  autopause.js  pause when unseen
//   sync.js        the traits watched and what a change of them does
//   traits.js      the traits read in the game's terms;  sounds.js, styles.js
//   tiles.js       the painted tiles (tilefaces.js, tilesuits.js, tileink.js,
//                  tilecodes.js, hanzi.js: the characters' outlines)
//
// The parts share one `view` object (below): what each of them reads or sets is
// there by name, and two views of one model have one each.

import { ensureDialogStyles } from "../lib/dialog.js";
import { createAnimator, watchPrefersReducedMotion } from "../lib/motion.js";
import { createStatusLine } from "../lib/readouts.js";
import { createShell } from "../lib/shell.js";
import { createSound } from "../lib/sound.js";
import { sendMessage, watchTraits } from "../lib/traits.js";
import { publishState } from "./attributes.js";
import { createAutoPause } from "./autopause.js";
import { createBoard, createStage } from "./board.js";
import { createDialogs } from "./dialogs.js";
import { createEffects } from "./effects.js";
import { createBoardLayout } from "./geometry.js";
import { createHeader } from "./header.js";
import { createCursor, createInput, followOrientation } from "./input.js";
import { createLookBack } from "./lookback.js";
import { createPlaytime } from "./playtime.js";
import { createSafetyLegend } from "./safetylegend.js";
import { createBoardSettings } from "./settings.js";
import { showStatus } from "./status.js";
import { COMPACT_BELOW, ensureMahjongStyles } from "./styles.js";
import { WATCHED, syncTraits } from "./sync.js";
import { createTileSprites } from "./tiles.js";
import { readTraits } from "./traits.js";
import { createGameToolbar } from "./toolbar.js";

function render({ model, el }) {
  ensureDialogStyles(el);
  ensureMahjongStyles(el);
  const shell = createShell({ model, el, game: "mahjong", title: "Mahjong Connect", compactBelow: COMPACT_BELOW });
  const { onCleanup } = shell;

  const view = {
    model,
    shell,
    doc: shell.doc,
    root: shell.root,
    traits: readTraits(model),
    tiles: createTileSprites(), // painted tiles, for the board and the removed stack
    destroyed: false,
    initialised: false, // the first render is done: new events are fresh ones
    // last_event ids: handled (its effect started), shown (data-event); refused: the
    // last event's reason when it is a refused pair; hinted: the last event is a hint
    // (the status line says what it cost)
    events: { handled: null, shown: null, refused: "", hinted: false },
    overlay: null, // the overlay trait as drawn (traits.overlay())
    pathShown: null, // the path_shown trait as drawn (traits.pathShown())
    pointer: { hover: null, drag: null }, // the mouse's tile; the tile being dragged
    focus: null, // the board's keyboard focus (trackBoardFocus), with the board
    board: null, // the board canvas (createCanvas)
    requestDraw: () => view.board && view.board.requestDraw(),
    /** Send an intent (the short animations jump to their end first). */
    act(msg) {
      if (view.destroyed) return;
      view.effects.finishShort();
      if (view.autoPause) view.autoPause.intentSent();
      sendMessage(model, msg);
    },
    /** Show the traits in the DOM: data attributes, read-outs, buttons, status line. */
    refresh() {
      if (view.destroyed) return;
      publishState(view);
      view.header.update();
      view.toolbar.update();
      view.history.update();
      showStatus(view);
    },
  };

  view.sound = createSound({ isMuted: view.traits.muted });
  view.sound.unlockOn(view.root);
  onCleanup(view.sound.destroy);

  // the DOM: header, toolbar, settings (under the slider on a phone), board stage (the
  // banner over it), history slider, status line
  view.header = createHeader(view);
  view.toolbar = createGameToolbar(view);
  const place = createStage(view.doc);
  view.history = createLookBack(view);
  place.wrap.appendChild(view.history.banner.el);
  view.settings = createBoardSettings(view);
  view.status = createStatusLine({ doc: view.doc });
  view.legend = createSafetyLegend(view.doc);
  view.status.aside.appendChild(view.legend.el);
  shell.mount(view.header.el, view.toolbar.el, view.settings.el, place.wrap, view.history.slider.el, view.status.el);
  view.settings.follow(place.wrap, view.history.slider.el);

  // motion, geometry, the keyboard cursor, the clock, the dialogs
  view.animator = createAnimator({ isReduced: view.traits.reducedMotion, onChange: view.requestDraw, onBusy: shell.animating });
  onCleanup(view.animator.destroy);
  onCleanup(
    watchPrefersReducedMotion(() => {
      view.refresh();
      view.requestDraw();
    }),
  );
  view.effects = createEffects(view);
  view.layout = createBoardLayout(view, (old) => followOrientation(view, old));
  view.cursor = createCursor(view);
  view.playtime = createPlaytime(view, (text) => {
    view.header.clock.set(text);
    view.root.dataset.time = text;
  });
  view.dialogs = createDialogs(view);
  view.autoPause = createAutoPause(view);

  // the board and the input on it
  createBoard(view, place);
  place.stage.append(...view.dialogs.elements);
  view.input = createInput(view);

  onCleanup(watchTraits(model, WATCHED, (changed) => syncTraits(view, changed)));
  syncTraits(view, null);

  return () => {
    view.destroyed = true;
    view.pointer.drag = null;
    shell.destroy();
    view.tiles.clear();
  };
}

export default { render };
