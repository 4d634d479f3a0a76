// Line 98 (Color Lines): the canvas view of gamewidgets.Line98.
//
// Python is the source of truth (see js/line98/CONTRACT.md): this view renders the
// traits, animates `last_event`, and sends the player's intents as messages.
//
// The parts, one file each:
//   state.js           the view's state (one object per view) and the trait readers
//   panel.js           header, toolbar, history slider, settings, status line, and the
//                      root's data attributes
//   board.js           the canvas: its size, the cursor, painting a frame
//     board-paint.js   the frame and cells, marks on cells (reachable, selection, ...)
//     balls.js         the seven balls, painted; ball-sprites.js: cached and placed
//     move-animation.js  a move: travel, spawn, clear, "+points"
//     game-over.js     the game-over panel
//   sync.js            traits -> what the view shows (events, sounds, announcements)
//   input.js           clicks and keys -> intents
// The shell (js/lib/shell.js) adds what every view has: the Rules panel (`?`, the
// Rules button in the toolbar: the game's how_to_play.md) and the question asked before
// a game in progress is thrown away (shell.confirm: New game, panel.js).
// Each part notes its own "choices where the contract is silent".

import { createAnimator, watchPrefersReducedMotion } from "../lib/motion.js";
import { createShell } from "../lib/shell.js";
import { createSound } from "../lib/sound.js";
import { readBool, sendMessage } from "../lib/traits.js";
import { createBallPainter } from "./ball-sprites.js";
import { createBoard } from "./board.js";
import { inputListeners } from "./input.js";
import { createMoveAnimations } from "./move-animation.js";
import { createPanel } from "./panel.js";
import { createViewState } from "./state.js";
import { watchGame } from "./sync.js";

// Narrower than this (a phone: JupyterLab leaves the output ~296 px), the toolbar
// shows icons only and the header is tighter (shell.js).
const COMPACT_BELOW = 400;

function render({ model, el }) {
  const shell = createShell({ model, el, game: "line98", title: "Line 98", compactBelow: COMPACT_BELOW });
  const { onCleanup } = shell;
  const view = createViewState({ model, shell });

  // what every part uses: sound, the animation clock, redrawing
  const sound = createSound({ isMuted: () => readBool(model, "muted", true) });
  sound.unlockOn(view.root);
  onCleanup(sound.destroy);
  view.sound = sound;
  const requestDraw = () => view.requestDraw();
  const animator = createAnimator({
    isReduced: () => readBool(model, "reduced_motion", false), onChange: requestDraw, onBusy: shell.animating,
  });
  onCleanup(animator.destroy);
  view.reduced = () => animator.reduced();
  onCleanup(watchPrefersReducedMotion(requestDraw));

  // the parts (an intent from a button or a history step first ends an animation)
  const act = (msg) => {
    moves.finish();
    sendMessage(model, msg);
  };
  const panel = createPanel(view, {
    shell,
    el,
    act,
    beforeGoto: () => moves.finish(),
    onBackToGame: () => board.canvas.focus({ preventScroll: true }),
  });
  shell.mount(...panel.parts);
  const balls = createBallPainter();
  const moves = createMoveAnimations(view, {
    animator,
    balls,
    onSettled: () => {
      panel.update();
      requestDraw();
    },
  });
  const board = createBoard(view, {
    parent: panel.boardWrap,
    fit: shell.fit,
    balls,
    moves,
    animator,
  });
  onCleanup(board.destroy);
  view.requestDraw = board.requestDraw;
  shell.focusOn(() => board.canvas);

  shell.listen(inputListeners(view, { board, panel, moves, confirm: shell.confirm }));
  onCleanup(watchGame(view, { panel, moves }));

  return () => {
    view.destroyed = true;
    view.anim = null;
    shell.destroy();
  };
}

export default { render };
