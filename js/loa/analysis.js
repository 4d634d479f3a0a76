// A player's analysis (the `overlay` trait): score labels on cells in a colour
// scale and the chosen move as an arrow, drawn over the board by js/lib/overlay.js
// and faded in (200 ms) whenever it changes. Not drawn in the setup dialog nor while
// a move slides.
//
// Per move: the trait's `moves` ([[src_r, src_c, dst_r, dst_c, value 0..1, label],
// ...], every candidate) let the board show one piece's moves — its targets with the
// scores of those moves — when that piece is picked (board.js: hovered, under the
// keyboard cursor, or selected); with no piece picked the board shows `cells`, the
// best move to each target. Bad rows are dropped (as parseOverlay drops bad cells).

import { overlayKey, parseOverlay } from "../lib/overlay.js";
import { readRaw } from "../lib/traits.js";

const FADE_MS = 200;
const LABEL_MAX = 6;

const clamp01 = (v) => Math.max(0, Math.min(1, v));

/** The `moves` of an overlay trait: [{ from: [r, c], to: [r, c], value, label }]. */
export function parseMoves(raw, n) {
  if (!raw || typeof raw !== "object" || !Array.isArray(raw.moves)) return [];
  const inGrid = (r, c) => Number.isInteger(r) && Number.isInteger(c) && r >= 0 && r < n && c >= 0 && c < n;
  const out = [];
  const seen = new Set();
  for (const item of raw.moves) {
    if (!Array.isArray(item) || item.length < 5) continue;
    const [sr, sc, dr, dc, value] = item;
    if (!inGrid(sr, sc) || !inGrid(dr, dc) || (sr === dr && sc === dc)) continue;
    if (typeof value !== "number" || !Number.isFinite(value)) continue;
    const key = `${sr},${sc}>${dr},${dc}`;
    if (seen.has(key)) continue;
    seen.add(key);
    let label = item.length > 5 && item[5] != null ? String(item[5]).replace(/\s+/g, " ") : "";
    if (label.length > LABEL_MAX) label = `${label.slice(0, LABEL_MAX - 1)}\u2026`;
    out.push({ from: [sr, sc], to: [dr, dc], value: clamp01(value), label });
  }
  return out;
}

/** A move as the data attribute writes it: "r,c>r,c=label". */
export const moveText = (m) => `${m.from}>${m.to}=${m.label}`;

export function createAnalysis({ model, game, reduced }) {
  let current = null;
  let key = "";
  let start = 0; // when it was first drawn (0: not yet)
  let bySource = new Map(); // "r,c" -> the moves from that cell

  return {
    /** The parsed overlay ({ title, cells, arrow, moves }) or null. */
    get current() {
      return current;
    },
    /** Read the trait again (after an update). */
    sync() {
      const n = game.size();
      const raw = game.phase() === "setup" ? null : readRaw(model, "overlay");
      const parsed = raw ? parseOverlay(raw, n, n) : null;
      const moves = parsed ? parseMoves(raw, n) : [];
      const next = parsed ? { ...parsed, moves } : null;
      const k = overlayKey(next);
      if (k !== key) {
        key = k;
        start = 0;
      }
      current = next;
      bySource = new Map();
      for (const m of moves) {
        const at = String(m.from);
        if (!bySource.has(at)) bySource.set(at, []);
        bySource.get(at).push(m);
      }
    },
    /** The moves from cell [r, c] (empty when none, or no analysis). */
    movesFrom(cell) {
      return (cell && bySource.get(String(cell))) || [];
    },
    /** Its opacity in the frame drawn at `now` (1 with reduced motion). */
    alpha(now) {
      if (!start) start = now;
      return reduced() ? 1 : Math.min(1, (now - start) / FADE_MS);
    },
  };
}
