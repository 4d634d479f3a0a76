// The game as Python holds it, read from the synced traits (CONTRACT.md) and
// checked: a reader per trait, each with a safe fallback for a value it cannot use
// (the last good size and board are kept, so that a bad update draws the last good
// position rather than nothing).
//
//   const game = readGame(model);
//   game.phase()  game.size()  game.board(n)  game.targets(n)  game.lookingBack() ...
//   game.saved()  game.savedFor(n, level)  game.side()  game.explanation()  game.canWhy()
//   game.opponent()  (who plays the light pieces, in words: rules.js opponentWords)

import { opponentName } from "../lib/driven.js";
import { asCell, asCellValues, asIntGrid, asObject, readBool, readInt, readRaw, readString } from "../lib/traits.js";
import { LINES } from "./linecounts.js";
import { LEVELS, PHASES, SIZES, opponentWords, startBoard } from "./rules.js";
import { readHistory } from "../lib/history.js";

/** "first" or "second": the side the user plays (the move order). */
const readSide = (v) => (v === "second" ? "second" : "first");

/** True when a and b are the same cell [r, c]. */
export const sameCell = (a, b) => !!a && !!b && a[0] === b[0] && a[1] === b[1];

export function readGame(model) {
  let lastSize = 6;
  let lastGoodBoard = null;

  function size() {
    const n = readInt(model, "size", lastSize);
    if (SIZES.includes(n)) lastSize = n;
    return lastSize;
  }
  function phase() {
    const p = readString(model, "phase", "setup");
    return PHASES.includes(p) ? p : "setup";
  }
  function level() {
    const l = readString(model, "level", "easy");
    return LEVELS.includes(l) ? l : "easy";
  }
  function board(n = size()) {
    const b = asIntGrid(readRaw(model, "board"), n * n, 0, 2);
    if (b) lastGoodBoard = b;
    if (!lastGoodBoard || lastGoodBoard.length !== n * n) lastGoodBoard = startBoard(n);
    return lastGoodBoard;
  }
  const selected = (n = size()) => asCell(readRaw(model, "selected"), n, n);
  /** [[r, c, capture: boolean], ...] */
  function targets(n = size()) {
    const ok = (v) => v === 0 || v === 1 || v === true || v === false;
    return asCellValues(readRaw(model, "targets"), n, n, ok).map(([r, c, k]) => [r, c, k === 1 || k === true]);
  }
  /** {horizontal, vertical, diagonal, antidiagonal} (those given), or null. */
  function lineCounts() {
    const raw = asObject(readRaw(model, "line_counts"));
    if (!raw) return null;
    const out = {};
    let any = false;
    for (const { name } of LINES) {
      const v = raw[name];
      if (Number.isInteger(v) && v >= 0) {
        out[name] = v;
        any = true;
      }
    }
    return any ? out : null;
  }
  /** A trait holding [user, computer] integers (groups, captures), or null. */
  function pair(name) {
    const v = readRaw(model, name);
    return Array.isArray(v) && v.length >= 2 && Number.isInteger(v[0]) && Number.isInteger(v[1]) ? [v[0], v[1]] : null;
  }
  function lastMove(n = size()) {
    const v = readRaw(model, "last_move");
    if (!Array.isArray(v) || v.length !== 2) return null;
    const a = asCell(v[0], n, n);
    const b = asCell(v[1], n, n);
    return a && b ? [a, b] : null;
  }
  function event() {
    const ev = asObject(readRaw(model, "last_event"));
    if (!ev || !Number.isInteger(ev.id) || typeof ev.kind !== "string") return null;
    return ev;
  }
  function result() {
    const r = asObject(readRaw(model, "result"));
    return r && ["win", "loss", "draw"].includes(r.result) ? r : null;
  }
  /** Every unfinished saved game: [{ size, level, side, moves }]. */
  function saved() {
    const list = readRaw(model, "saved");
    if (!Array.isArray(list)) return [];
    return list
      .map(asObject)
      .filter((s) => s && SIZES.includes(s.size) && LEVELS.includes(s.level))
      .map((s) => ({ size: s.size, level: s.level, side: readSide(s.side), moves: Number.isInteger(s.moves) ? s.moves : 0 }));
  }
  /** The saved game of a size and level, or null. */
  const savedFor = (n, l) => saved().find((s) => s.size === n && s.level === l) || null;
  const side = () => readSide(readRaw(model, "side"));
  /** The history positions whose move has a kept analysis. */
  function explained() {
    const list = readRaw(model, "explained");
    return Array.isArray(list) ? list.filter((i) => Number.isInteger(i) && i > 0) : [];
  }
  /** The kept analysis the overlay shows for the position shown ({ index, move, by,
   *  player, reason }), or null. */
  function explanation() {
    const e = asObject(readRaw(model, "explaining"));
    if (!e || e.index !== history()[0] || typeof e.move !== "string") return null;
    const text = (v) => (typeof v === "string" ? v : "");
    return { index: e.index, move: e.move, by: e.by === "user" ? "user" : "computer", player: text(e.player), reason: text(e.reason) };
  }
  /** Why? can show something: the position shown has a kept analysis, or (live) some
   *  earlier move has one. */
  function canWhy() {
    if (phase() === "setup") return false;
    const list = explained();
    return list.includes(history()[0]) || (!lookingBack() && list.length > 0);
  }
  /** The moves the user made in this game (the history counts this game's moves). */
  function userMoves() {
    const count = history()[1] - 1;
    return side() === "second" ? Math.floor(count / 2) : Math.ceil(count / 2);
  }
  /** [index, length] of the history slider. */
  function history() {
    return readHistory(model);
  }
  function lookingBack() {
    if (phase() === "setup") return false;
    const [index, length] = history();
    return index < length - 1;
  }
  /** The total of both sides' captures (to tell whether a move captured). */
  function capturesTotal() {
    const c = pair("captures");
    return c ? c[0] + c[1] : 0;
  }
  const moves = () => readInt(model, "moves", 0);

  return {
    size,
    phase,
    level,
    board,
    selected,
    targets,
    lineCounts,
    pair,
    lastMove,
    event,
    result,
    saved,
    savedFor,
    side,
    explained,
    explanation,
    canWhy,
    history,
    lookingBack,
    capturesTotal,
    moves,
    /** The pause menu is open (only while playing). */
    paused: () => readBool(model, "paused", false) && phase() === "playing",
    thinking: () => readBool(model, "thinking", false),
    turn: () => (readString(model, "turn", "user") === "computer" ? "computer" : "user"),
    reducedMotion: () => readBool(model, "reduced_motion", false),
    position: () => readInt(model, "position", 0),
    showCounts: () => readBool(model, "show_counts", false),
    error: () => readString(model, "error", ""),
    /** Who plays the light pieces, in words: the computer, or your own player by its name. */
    opponent: () => opponentWords(opponentName(model)),
    /** Why this game is not saved (its slot keeps another game), or "". */
    saveNote: () => readString(model, "save_note", ""),
    /** Undo is possible: the user made a move and the pause menu is not open. */
    canUndo: () => phase() !== "setup" && userMoves() > 0 && !readBool(model, "paused", false),
  };
}
