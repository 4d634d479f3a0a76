// The model's traits read in the game's terms (CONTRACT.md): the grid and its size,
// cells and pairs checked against it, the last event, the overlay, the history, the
// flags. What does not make sense reads as nothing (null, an empty list, the default).

import { asObject, readBool, readInt, readList, readRaw, readString } from "../lib/traits.js";
import { readHistory } from "../lib/history.js";

export const DEFAULT_ROWS = 8;
export const DEFAULT_COLS = 18;

/** The solver's verdicts on a pair (overlay.safety), in the legend's order. */
export const SAFETY_KINDS = ["safe", "dead end", "unknown"];

export const sameCell = (a, b) => !!a && !!b && a[0] === b[0] && a[1] === b[1];
export const samePair = (p, q) =>
  (sameCell(p[0], q[0]) && sameCell(p[1], q[1])) || (sameCell(p[0], q[1]) && sameCell(p[1], q[0]));

/** The readers of one model's traits (one per view: it remembers the last good grid). */
export function readTraits(model) {
  function dims() {
    const rows = readInt(model, "rows", DEFAULT_ROWS);
    const cols = readInt(model, "cols", DEFAULT_COLS);
    return {
      rows: rows >= 1 && rows <= 64 ? rows : DEFAULT_ROWS,
      cols: cols >= 1 && cols <= 64 ? cols : DEFAULT_COLS,
    };
  }
  let lastGoodGrid = null;
  /** The grid as a flat row-major list of codes (strings) or null. */
  function grid() {
    const { rows, cols } = dims();
    const raw = readRaw(model, "grid");
    if (Array.isArray(raw) && raw.length === rows * cols) {
      lastGoodGrid = raw.map((v) => (typeof v === "string" && v ? v : null));
    } else if (Array.isArray(raw) && raw.length === rows && raw.every((row) => Array.isArray(row) && row.length === cols)) {
      // nested rows (tolerated)
      lastGoodGrid = raw.flat().map((v) => (typeof v === "string" && v ? v : null));
    }
    if (!lastGoodGrid || lastGoodGrid.length !== rows * cols) lastGoodGrid = new Array(rows * cols).fill(null);
    return lastGoodGrid;
  }
  function inGrid(v) {
    const { rows, cols } = dims();
    return Array.isArray(v) && v.length >= 2 && Number.isInteger(v[0]) && Number.isInteger(v[1]) && v[0] >= 0 && v[0] < rows && v[1] >= 0 && v[1] < cols;
  }
  const cellOf = (v) => (inGrid(v) ? [v[0], v[1]] : null);
  function pairOf(v) {
    if (!Array.isArray(v) || v.length < 2) return null;
    const a = cellOf(v[0]);
    const b = cellOf(v[1]);
    return a && b ? [a, b] : null;
  }
  /** A path point: a grid cell or a ring cell (row -1..rows, column -1..cols). */
  function pathPoint(v) {
    const { rows, cols } = dims();
    if (!Array.isArray(v) || v.length < 2 || !Number.isInteger(v[0]) || !Number.isInteger(v[1])) return null;
    if (v[0] < -1 || v[0] > rows || v[1] < -1 || v[1] > cols) return null;
    return [v[0], v[1]];
  }
  function codeAt(cell, codes = grid()) {
    if (!cell) return null;
    const { cols } = dims();
    return codes[cell[0] * cols + cell[1]] || null;
  }
  function event() {
    const ev = asObject(readRaw(model, "last_event"));
    if (!ev || !Number.isInteger(ev.id) || typeof ev.kind !== "string") return null;
    return ev;
  }
  function overlay() {
    const raw = asObject(readRaw(model, "overlay"));
    if (!raw) return null;
    const pairs = [];
    // safety: a verdict beside each pair (a list as long as `pairs`), or none at all
    const verdicts = Array.isArray(raw.safety) && Array.isArray(raw.pairs) && raw.safety.length === raw.pairs.length;
    const safety = verdicts ? [] : null;
    if (Array.isArray(raw.pairs)) {
      raw.pairs.forEach((p, k) => {
        const pair = pairOf(p);
        if (!pair) return;
        pairs.push(pair);
        if (safety) safety.push(SAFETY_KINDS.includes(raw.safety[k]) ? raw.safety[k] : "unknown");
      });
    }
    const next = pairOf(raw.next);
    const title = typeof raw.title === "string" ? raw.title : "";
    if (!pairs.length && !next && !title) return null;
    return { title, pairs, next, safety };
  }
  /**
   * The pair's route of w.show_path(a, b): { a, b, corners (path points, endpoints
   * included), inTheWay (cells), connects, turns, reason (string | null) }, or null.
   */
  function pathShown() {
    const raw = asObject(readRaw(model, "path_shown"));
    if (!raw) return null;
    const a = cellOf(raw.a);
    const b = cellOf(raw.b);
    if (!a || !b) return null;
    let corners = Array.isArray(raw.corners) ? raw.corners.map(pathPoint) : [];
    if (corners.length < 2 || corners.some((p) => !p)) corners = [a, b];
    const inTheWay = Array.isArray(raw.in_the_way) ? raw.in_the_way.map(cellOf).filter(Boolean) : [];
    const reason = typeof raw.reason === "string" && raw.reason ? raw.reason : null;
    const connects = raw.connects === true && !inTheWay.length;
    const turns = Number.isInteger(raw.turns) && raw.turns >= 0 ? raw.turns : corners.length - 2;
    return { a, b, corners, inTheWay, connects, turns, reason };
  }
  /** The score's parts: [[part, points], ...] in the order pairs, hints, time, bonus. */
  function breakdown() {
    const raw = asObject(readRaw(model, "breakdown")) || {};
    return ["pairs", "hints", "time", "bonus"]
      .filter((part) => Number.isFinite(raw[part]))
      .map((part) => [part, Math.round(raw[part])]);
  }
  /** [index, length] of the history: position `index` is shown, `length - 1` is live. */
  function history() {
    return readHistory(model);
  }
  const orientation = () => {
    const o = readString(model, "orientation", "auto");
    return ["auto", "landscape", "portrait"].includes(o) ? o : "auto";
  };
  return {
    dims,
    grid,
    cellOf,
    pairOf,
    pathPoint,
    codeAt,
    event,
    overlay,
    pathShown,
    breakdown,
    history,
    /** True while an earlier position than the live game is shown (read-only). */
    lookingBack: () => {
      const [index, length] = history();
      return index < length - 1;
    },
    /** "auto" | "landscape" | "portrait" (the setting, not what is drawn) */
    orientation,
    selected: () => cellOf(readRaw(model, "selected")),
    hint: () => pairOf(readRaw(model, "hint_pair")),
    removed: () => readList(model, "removed").filter((v) => typeof v === "string"),
    /** "timed" | "standard" */
    scoring: () => (readString(model, "scoring", "timed") === "standard" ? "standard" : "timed"),
    timed: () => readString(model, "scoring", "timed") !== "standard",
    /** A teaching board: no clock, no No more moves dialog, no record. */
    lesson: () => readBool(model, "lesson", false),
    clockRunning: () => readBool(model, "clock_running", false),
    reducedMotion: () => readBool(model, "reduced_motion", false),
    muted: () => readBool(model, "muted", true),
    paused: () => readBool(model, "paused", false),
    won: () => readBool(model, "won", false),
    stuck: () => readBool(model, "stuck", false),
    canUndo: () => readBool(model, "can_undo", false),
    score: () => readInt(model, "score", 0),
    record: () => readInt(model, "record", 0),
    tilesLeft: () => readInt(model, "tiles_left", 0),
    position: () => readInt(model, "position", 0),
    error: () => readString(model, "error", ""),
  };
}
