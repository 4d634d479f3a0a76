// Lines of Action: the canvas view of gamewidgets.LinesOfAction.
//
// Python is the source of truth (see js/loa/CONTRACT.md): this view renders the
// traits, animates `last_event`, and sends the user's intents as messages. The
// parts, top to bottom, each in its file:
//   header.js      the Menu button (top left), the title with the variant, and the
//                  Why?, Undo and Rules buttons
//   scorebar.js    the two sides (groups, captures) and between them the move and turn
//   board.js       the canvas on its stage, with the badge, banner and dialogs over it;
//                  drawn by drawpieces.js, marks.js, linecounts.js, analysis.js
//   dialogs.js     setup (its discard question: the shell's confirm), pause and results
//   (the history slider, the settings — js/lib — and statusline.js under the board)
// and behind them:
//   gamestate.js   the traits, read and checked      rules.js   sizes, levels, sides
//   events.js      a new last_event: slide, sound, announce (slides.js: the slides)
//   input.js       clicks and keys → actions.js → messages to Python; a click that
//                  moves nothing says why (refusals.js, on the status line)
//   attributes.js  the root's data attributes (tests)
//   style.js       the view's CSS, its narrow layout   sounds.js  the sounds
//
// The parts share one `view` object (no module state: two views of one model are
// independent); `view.updateDom()` refreshes every part from the traits.
//
// Choices where the contract is silent (more in each file's header):
// - The user's pieces (x) are polished black, the computer's (o) ivory white; the
//   score bar labels them "You" and "Computer" with the same pieces as icons.
// - Narrow (the view under COMPACT_BELOW = 544 px, where the header and the score
//   bar's one row stop fitting: the shell's data-compact="true"): icon-only header
//   buttons, the move number and turn under the two sides. A small board (under
//   410 px: on a phone, or in a short window) has smaller dialogs, made to fit over
//   a board of 240-280 px (style.js).
// - Hover: the mouse over a target shows a ghost of the piece there.
// - The Menu button is at the top left (the rule book's place), Why?, Undo and Rules
//   (the shell's: the `?` key too) at the right; no header button shows its key (the
//   row would not fit): their tooltips and the rules say them.
// - Why? at the end of a game: the results screen (it opens once the last move has
//   slid) covers the board, so Why? (or W) closes it first, as its Close does, and
//   the computer's reasons are drawn on the final board; the Menu button, reading
//   "Results" (or P), opens the results again (actions.js, dialogs.js).
// - A board click that moves nothing says why on the status line for a reading time
//   (refusals.js: "b1 moves exactly 2 cells along this column: ...", "Select one of
//   your dark pieces first: ...", "Wait: the computer is thinking."), announced too.
// - Nothing lost to one key: PLAY on a saved game's size and level, and New game on a
//   game that is not saved, ask with the shell's confirmation (dialogs.js); Esc keeps.

import { createHistoryControls } from "../lib/history.js";
import { createGridCursor } from "../lib/grid.js";
import { createAnimator, watchPrefersReducedMotion } from "../lib/motion.js";
import { createSettings } from "../lib/settings.js";
import { createShell } from "../lib/shell.js";
import { createSound } from "../lib/sound.js";
import { readBool, watchTraits } from "../lib/traits.js";
import { createActions } from "./actions.js";
import { createAnalysis } from "./analysis.js";
import { reflectAttributes } from "./attributes.js";
import { createBoard } from "./board.js";
import { createDialogs, ensureDialogsStyles } from "./dialogs.js";
import { createEvents } from "./events.js";
import { readGame, sameCell } from "./gamestate.js";
import { createHeader, ensureHeaderStyles } from "./header.js";
import { createInput } from "./input.js";
import { createScoreBar } from "./scorebar.js";
import { createSlides } from "./slides.js";
import { createStatus } from "./statusline.js";
import { COMPACT_BELOW, ensureLoaStyles } from "./style.js";

const TRAITS = [
  "phase", "size", "level", "board", "turn", "selected", "targets", "line_counts", "show_counts", "groups",
  "captures", "moves", "last_move", "thinking", "paused", "result", "saved", "overlay", "history_length",
  "history_index", "position", "last_event", "muted", "reduced_motion", "error", "side", "explained", "explaining",
  "save_note", "opponent_name", "driven_by",
];

const SETTINGS = [
  ["show_counts", "Show line counts", "Teaching aid: the number of pieces on each line through the selected piece (how far it moves along it)"],
  ["reduced_motion", "Reduced motion", "No sliding or pulsing animations"],
];

function render({ model, el }) {
  ensureLoaStyles(el);
  ensureHeaderStyles(el);
  ensureDialogsStyles(el);
  const shell = createShell({ model, el, game: "loa", title: "Lines of Action", compactBelow: COMPACT_BELOW });
  const game = readGame(model);
  // what the parts share: the model and the shell, the game as read from the traits,
  // the effects on the board, and each part once made (actions, header, score, board,
  // history, analysis, status, dialogs, sound, animator, slides, events, cursor,
  // input), with requestDraw(), updateDom() (every part from the traits) and reduced()
  const view = {
    model,
    shell,
    game,
    doc: shell.doc,
    root: shell.root,
    destroyed: false,
    /** Effects on the board: pieces appearing ({ tween }), target markers popping in
     *  ({ cell, tween }), a refused cell flashing ({ cell, start }), the cell under the mouse. */
    fx: { start: null, select: null, flash: null, hover: null },
    requestDraw: () => view.board && view.board.requestDraw(),
    updateDom,
    reduced: () => view.animator.reduced(),
  };
  const { onCleanup } = shell;

  // the parts of the view, top to bottom
  view.actions = createActions(view);
  view.header = createHeader(view);
  view.score = createScoreBar(view);
  view.board = createBoard(view);
  view.history = createHistoryControls({
    doc: view.doc,
    model,
    beforeGoto: () => view.slides.finish(),
    onBackToGame: () => view.actions.focusBoard(),
  });
  onCleanup(view.history.destroy);
  const settings = createSettings({ doc: view.doc, model, items: SETTINGS });
  onCleanup(settings.destroy);
  view.analysis = createAnalysis({ model, game, reduced: view.reduced });
  view.status = createStatus(view);
  view.dialogs = createDialogs(view);
  shell.mount(view.header.el, view.score.el, view.board.el, view.history.slider.el, settings.el, view.status.el);

  // what moves and sounds
  view.sound = createSound({ isMuted: () => readBool(model, "muted", true) });
  view.sound.unlockOn(view.root);
  onCleanup(view.sound.destroy);
  view.animator = createAnimator({ isReduced: game.reducedMotion, onChange: view.requestDraw, onBusy: shell.animating });
  onCleanup(view.animator.destroy);
  onCleanup(
    watchPrefersReducedMotion(() => {
      updateDom();
      view.requestDraw();
    }),
  );
  view.slides = createSlides(view);
  view.events = createEvents(view);

  // the board and its input
  let cursorSize = game.size();
  view.cursor = createGridCursor({
    rows: cursorSize,
    cols: cursorSize,
    row: cursorSize - 1,
    col: 1,
    onChange: () => {
      view.root.dataset.cursor = view.cursor.toString();
      view.requestDraw();
    },
  });
  view.board.start([view.history.banner.el, ...view.dialogs.elements]);
  // the focus goes back to the board, or in the setup to its highlighted button (after
  // the rules or a question closed)
  shell.focusOn(() => view.dialogs.focusTarget() || view.board.canvas);
  view.input = createInput(view);

  function updateDom() {
    if (view.destroyed) return;
    reflectAttributes(view);
    view.header.update();
    view.score.update();
    view.board.update();
    const [index, length] = game.history();
    view.history.show(index, length, game.phase() === "setup");
    view.dialogs.update();
    view.status.update();
    view.input.update();
  }

  /** Python changed traits (one call per update). */
  function onTraits(changed) {
    if (view.destroyed) return;
    const n = game.size();
    if (n !== cursorSize) {
      cursorSize = n;
      view.cursor.resize(n, n);
      view.cursor.set(n - 1, 1);
      view.board.invalidate();
    }
    if (changed && (changed.has("phase") || changed.has("size"))) view.board.invalidate();
    view.analysis.sync();
    view.events.update();
    if (view.fx.select && !sameCell(view.fx.select.cell, game.selected())) view.fx.select = null;
    if (game.lookingBack() || game.phase() === "setup") view.slides.finish();
    view.dialogs.sync();
    updateDom();
    view.requestDraw();
  }
  onCleanup(watchTraits(model, TRAITS, onTraits));
  onTraits(null);

  return () => {
    view.destroyed = true;
    view.slides.clear();
    shell.destroy();
  };
}

export default { render };
