// Dominoes (draw game, double-six): the view of gamewidgets.Domino.
//
// Python is the source of truth (see js/domino/CONTRACT.md): this view renders the
// traits and sends the player's intents as messages. Its parts, in this folder:
//
//   model.js       the traits, read and checked (createReader), the traits watched
//   toolbar.js     header (title, thinking badge) and toolbar (Level, Mode, New game
//                  -- asking first on a hand in progress --, Why?, Rules, Sound)
//   room.js        online: the seat chips and invite, notices over the board, the
//                  replaced dialog, New game as ask / agree, the online events
//   table.js       the green table holding the parts below and the dialogs
//   piles.js       the table's top row: the opponent's hidden hand, the boneyard
//   reasons.js     under it, the computer's candidate plays (Why?: its reasons);
//   beliefs.js     then an analysis' beliefs about the hidden hand (or, Why?, the
//                  computer's about the user's); both strips: tilestrip.js
//   board.js       the line on a canvas (a snake, fitted to the width and height),
//                  the dropping tile, ghosts and end markers; endmarks.js: an
//                  analysis' marks at the line's ends (analysis.js: the overlay read)
//   hand.js        the shown hand (tile buttons), Draw / Pass
//   level.js       the level menu;  mode.js  the mode menu (computer / one device);
//   choicemenu.js  the menu of choices both are
//   screens.js     handoff and end-of-hand screens
//   handlog.js     under the table, the hand log (one line per action; a click
//                  looks back there)
//   (the history slider under it and the "Looking back" banner over the line:
//   js/lib/history.js; hidden online, where there is no history, as the log)
//   input.js       clicks and keys -> intents (act), the selection; refusals.js:
//                  why a tile cannot be played now, in words (the status line says it)
//   events.js      last_event: sounds, the drop animation
//   status.js      the status line;  attributes.js  the root's data attributes
//   styles.js      the CSS;  sounds.js  the sounds
//   dominoes.js    painting tiles and laying out the line;  online.js  the online
//                  controls (presence chip, invite box, countdown)
//
// The parts share one `view` object (below): the model and its reader, the shell's
// root, the sound and animator, the view's own state (the selection, the dropping
// tile, the analysis shown) and the parts themselves, which call each other through
// it. Two views of one model each have their own.
//
// Sync: the traits are watched together (one microtask per Python update): the new
// last_event is handled, the line is laid out again if it changed, then update()
// writes the DOM from the traits in one pass.

import { element } from "../lib/element.js";
import { createHistoryControls } from "../lib/history.js";
import { createAnimator, watchPrefersReducedMotion } from "../lib/motion.js";
import { createSettings } from "../lib/settings.js";
import { createShell } from "../lib/shell.js";
import { createSound } from "../lib/sound.js";
import { watchTraits } from "../lib/traits.js";
import { writeAttributes } from "./attributes.js";
import { createBeliefs } from "./beliefs.js";
import { createBoard } from "./board.js";
import { createDominoSprites } from "./dominoes.js";
import { createEvents } from "./events.js";
import { createHand } from "./hand.js";
import { createHandLog } from "./handlog.js";
import { createInput } from "./input.js";
import { createLevelMenu } from "./level.js";
import { createModeMenu } from "./mode.js";
import { TRAITS, createReader } from "./model.js";
import { createPiles } from "./piles.js";
import { createReasons } from "./reasons.js";
import { createRoom } from "./room.js";
import { createScreens } from "./screens.js";
import { createStatus } from "./status.js";
import { ensureDominoStyles } from "./styles.js";
import { createTable } from "./table.js";
import { createControls } from "./toolbar.js";

// Under this root width (CSS px) the view is compact: icon-only toolbar, small piles.
const COMPACT_BELOW = 480;

function render({ model, el }) {
  ensureDominoStyles(el);
  const shell = createShell({ model, el, game: "domino", title: "Dominoes", compactBelow: COMPACT_BELOW });
  const { doc, root, onCleanup } = shell;
  const read = createReader(model);

  const view = {
    model,
    shell,
    doc,
    win: doc.defaultView || window,
    root,
    read,
    sound: createSound({ isMuted: read.muted }),
    sprites: createDominoSprites(), // painted tiles, shared by the board and the piles
    selected: null, // [a, b] of the chosen hand tile (this view's own)
    drop: null, // { end, tween } the newest tile dropping into place
    overlay: null, // the analysis drawn (analysis.js), read at each update
    destroyed: false,
    update,
    act: (msg) => view.input.act(msg),
    requestDraw: () => view.board.requestDraw(),
  };
  view.animator = createAnimator({ isReduced: read.reducedMotion, onChange: view.requestDraw, onBusy: shell.animating });
  view.sound.unlockOn(root);
  onCleanup(view.sound.destroy);
  onCleanup(view.animator.destroy);

  // the parts
  view.input = createInput(view);
  view.controls = createControls(view);
  view.room = createRoom(view);
  view.piles = createPiles(view);
  view.reasons = createReasons(view);
  view.beliefs = createBeliefs(view);
  view.board = createBoard(view);
  view.hand = createHand(view);
  view.level = createLevelMenu(view);
  view.modeMenu = createModeMenu(view);
  view.screens = createScreens(view);
  view.status = createStatus(view);
  view.events = createEvents(view);
  view.log = createHandLog(view);
  view.history = createHistoryControls({
    doc,
    model,
    beforeGoto: () => view.input.finishDrop(),
    onBackToGame: () => root.focus({ preventScroll: true }),
  });
  onCleanup(view.history.destroy);
  const settings = createSettings({ doc, model, items: [["reduced_motion", "Reduced motion", "No sliding or dropping tiles"]] });
  onCleanup(settings.destroy);

  // the analysis' strips side by side where they both fit (a laptop), else one above the other
  const strips = element(doc, "div", "gw-dom-strips");
  strips.append(view.reasons.el, view.beliefs.el);
  view.table = createTable(view, {
    parts: [view.piles.el, strips, view.board.el, view.hand.bar, view.hand.row],
    dialogs: [view.level.dialog, view.screens.handoff, view.screens.result, view.modeMenu.dialog, view.room.replaced],
  });
  shell.mount(shell.header, view.controls.toolbar, view.room.strip, view.table.el, view.log.el,
    view.history.slider.el, settings.el, view.status.el);
  view.board.start();
  view.board.el.append(view.history.banner.el, view.room.notices);

  shell.listen([
    [root, "keydown", view.input.onRootKey],
    [view.table.el, "click", view.input.onTableClick],
  ]);
  onCleanup(watchPrefersReducedMotion(() => update()));

  /** Write the DOM from the traits (and the view's own state), in one pass. */
  function update() {
    if (view.destroyed) return;
    view.overlay = read.overlay();
    view.input.dropStaleSelection();
    view.controls.update();
    view.piles.update();
    view.reasons.update();
    view.beliefs.update();
    view.hand.update();
    view.screens.updateHandoff();
    view.level.update();
    view.modeMenu.update();
    view.room.update();
    view.screens.updateResult();
    view.room.placeNotices();
    view.status.update();
    showHistory();
    view.log.update();
    view.board.positionMarkers();
    writeAttributes(view); // last: what they say is on the page
  }

  /** The slider and banner (hidden online: no history there). */
  function showHistory() {
    const [index, length] = read.history();
    view.history.show(index, length, read.isOnline());
  }

  function onTraits(changed) {
    if (view.destroyed) return;
    view.events.handle(read.event());
    // the canvas height follows the line (and looking back: room for the banner)
    if (!changed || changed.has("line") || changed.has("history_index") || changed.has("history_length")) {
      view.board.relayout();
    }
    update();
    view.requestDraw();
  }
  onCleanup(watchTraits(model, TRAITS, onTraits));
  onTraits(null);

  return () => {
    view.destroyed = true;
    view.drop = null;
    shell.destroy();
  };
}

export default { render };
