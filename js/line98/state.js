// What one Line 98 view holds, and what the traits say about the position.
//
// Each render() makes its own `view` object (two views of one model stay
// independent); the parts of the view (panel, board, moves, sync, input) read and
// write its fields instead of sharing variables of one closure:
//   shown        the board/previews/event id the view last settled on: the "before"
//                picture of the next move (the view keeps its own copy, see CONTRACT.md)
//   anim         the running move animation (move-animation.js), or null
//   blocked      { cell, start }: the flash of an unreachable target, or null
//   popup        { text, r, c, tween }: the floating "+points", or null
//   gameOverStart  when the game-over panel began to show (0 = not showing)
//   analysis     the parsed `overlay` trait, or null; analysisKey / analysisStart tell
//                a new overlay (which fades in) from the same one redrawn
//   handledEventId  the newest last_event.id seen (shown.eventId lags while animating)
// and the services every part uses: model, root, driven (the shell's: who plays the
// board from Python, if a program does), sound, requestDraw(), reduced().

import {
  asCell,
  asCellValues,
  asCells,
  asIntGrid,
  asObject,
  readBool,
  readInt,
  readRaw,
} from "../lib/traits.js";
import { isColour } from "./balls.js";
import { readHistory } from "../lib/history.js";

/** The board is N x N; cells are [row, col], the board trait is row-major. */
export const N = 9;
export const idx = (r, c) => r * N + c;

/** The state of one view of `model` (see the module comment). */
export function createViewState({ model, shell }) {
  const empty = new Array(N * N).fill(0);
  return {
    model,
    root: shell.root,
    doc: shell.doc,
    driven: shell.driven,
    shown: { board: empty, previews: [], eventId: null },
    lastGoodBoard: empty, // the last board trait that was valid (a bad one is ignored)
    anim: null,
    blocked: null,
    popup: null,
    gameOverStart: 0,
    analysis: null,
    analysisKey: "",
    analysisStart: 0,
    initialised: false,
    handledEventId: null,
    destroyed: false,
    // services, set by render()
    sound: null,
    requestDraw: () => {},
    reduced: () => false,
  };
}

/* ---- trait readers ---- */

export function currentBoard(view) {
  const b = asIntGrid(readRaw(view.model, "board"), N * N, 0, 7);
  if (b) view.lastGoodBoard = b;
  return view.lastGoodBoard;
}
export const currentPreviews = (view) => asCellValues(readRaw(view.model, "previews"), N, N, isColour).slice(0, 81);
export const currentSelected = (view) => asCell(readRaw(view.model, "selected"), N, N);
export const currentReachable = (view) => asCells(readRaw(view.model, "reachable"), N, N);
export function currentEvent(view) {
  const ev = asObject(readRaw(view.model, "last_event"));
  if (!ev || !Number.isInteger(ev.id) || typeof ev.kind !== "string") return null;
  return ev;
}
export const isOver = (view) => readBool(view.model, "over", false);
export const currentPosition = (view) => readInt(view.model, "position", 0);

/** [index, length] of the history (index = the position shown). */
export function historyState(view) {
  return readHistory(view.model);
}

/** True while an earlier position than the live game is shown (read-only). */
export function lookingBack(view) {
  const [index, length] = historyState(view);
  return index < length - 1;
}

/** The traits are what the view shows now: they become the "before" of the next move. */
export function settle(view, eventId) {
  view.shown = {
    board: currentBoard(view).slice(),
    previews: currentPreviews(view),
    eventId: eventId === undefined ? view.shown.eventId : eventId,
  };
}
