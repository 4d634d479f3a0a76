// A computer player's analysis shown on the table (the `overlay` trait, set by
// `w.show(analysis)`), read and checked. Its shape is the one of
// src/gamewidgets/domino/picture.py ("The overlay of Dominoes"):
//
//   {"title": "hard: <reason>", "player": 0, "move": {"action": "play", "tile", "end"},
//    "tiles": [{"tile": [6, 4], "end": "left", "value": 0..1, "label": "3.4", "chosen": true}, ...],
//    "ends": {"left": {"value", "label"}, "right": {...}},
//    "beliefs": {"5-3": 0.42, ...}}                      (hard only)
//
// The computer's reasons (`w.why`, player 1 against the computer) have the same shape,
// with "name" (its level) and "lead" (its move was the opening): "tiles" are then its candidate plays, drawn face up on its
// side (reasons.js), and "beliefs" only the user's own tiles (the chance it gave each).
//
// Where it is drawn: the hand's tiles (hand.js), the line's ends (endmarks.js), the
// boneyard and Draw / Pass (piles.js, hand.js), the beliefs strip (beliefs.js), the
// computer's candidates (reasons.js), the title on the status line (status.js). The
// colour scale is js/lib/overlay.js's.
//
// Choices where the contract is silent:
// - A tile that is a candidate at both ends shows one mark: the chosen one, else the
//   better (as the picture does). Labels are cut to 7 characters.
// - The chosen end is the move's end; on an empty line (one slot) the slot takes the
//   one entry of `ends` ("right" first, as the picture) and is chosen for any play.

import { scaleColour } from "../lib/overlay.js";
import { asObject } from "../lib/traits.js";
import { asTile, sameTile, tileKey } from "./dominoes.js";

const ENDS = ["left", "right"];
const ACTIONS = ["play", "draw", "pass"];

const number01 = (v) => (typeof v === "number" && Number.isFinite(v) ? Math.max(0, Math.min(1, v)) : null);

function label(v) {
  const text = typeof v === "string" ? v : typeof v === "number" && Number.isFinite(v) ? String(v) : "";
  return text.length > 7 ? `${text.slice(0, 6)}\u2026` : text;
}

/** "hard: why" -> "hard" (the player's name, when the title starts with one). */
function playerName(title) {
  const i = title.indexOf(":");
  return i > 0 && i <= 24 ? title.slice(0, i).trim() : "";
}

/**
 * The overlay trait as { title, name, player, action, lead, tiles, plays, ends, beliefs }, or
 * null for none ({} or junk). tiles: [{ tile, key, end, value, label, chosen }] (one per
 * tile); plays: every candidate play (a tile at each end it goes to), best first;
 * ends: { left?, right? } each { value, label, chosen }; beliefs: [{ tile, key,
 * chance }] most likely first; action: "play" | "draw" | "pass" | "".
 */
export function parseDominoOverlay(raw) {
  const o = asObject(raw);
  if (!o) return null;
  const tiles = [];
  const plays = [];
  for (const item of Array.isArray(o.tiles) ? o.tiles : []) {
    const e = asObject(item);
    const tile = e && asTile(e.tile, 9);
    const value = e && number01(e.value);
    if (!tile || value === null) continue;
    const mark = { tile, key: tileKey(tile), end: e.end === "left" ? "left" : "right", value, label: label(e.label), chosen: e.chosen === true };
    plays.push(mark);
    const i = tiles.findIndex((m) => sameTile(m.tile, tile));
    if (i < 0) tiles.push(mark);
    else if (mark.chosen || (!tiles[i].chosen && mark.value > tiles[i].value)) tiles[i] = mark;
  }
  const move = asObject(o.move) || {};
  const action = ACTIONS.includes(move.action) ? move.action : "";
  const chosenEnd = action === "play" && ENDS.includes(move.end) ? move.end : null;
  const ends = {};
  const given = asObject(o.ends) || {};
  for (const end of ENDS) {
    const e = asObject(given[end]);
    const value = e && number01(e.value);
    if (value !== null) ends[end] = { value, label: label(e.label), chosen: end === chosenEnd };
  }
  const beliefs = [];
  for (const [key, chance] of Object.entries(asObject(o.beliefs) || {})) {
    const m = /^(\d)-(\d)$/.exec(key);
    const p = number01(chance);
    if (!m || p === null) continue;
    const tile = [Number(m[1]), Number(m[2])];
    if (!beliefs.some((b) => sameTile(b.tile, tile))) beliefs.push({ tile, key, chance: p });
  }
  beliefs.sort((a, b) => b.chance - a.chance || (a.key < b.key ? -1 : 1));
  const title = typeof o.title === "string" ? o.title : "";
  if (!title && !tiles.length && !Object.keys(ends).length && !beliefs.length && !action) return null;
  return {
    title,
    name: typeof o.name === "string" && o.name ? o.name.slice(0, 24) : playerName(title),
    player: o.player === 0 || o.player === 1 ? o.player : null,
    action,
    lead: o.lead === true,
    tiles,
    plays,
    ends,
    beliefs,
  };
}

/** The overlay's mark of `tile` (a tile of the shown hand: only its own analysis marks it), or null. */
export function tileMark(overlay, tile) {
  return (overlay && overlay.mine !== false && overlay.tiles.find((m) => sameTile(m.tile, tile))) || null;
}

/** The CSS custom properties of a mark of value v: its tint and its edge. */
export function markColours(el, v) {
  el.style.setProperty("--gw-tint", scaleColour(v, 0.3 + 0.5 * v));
  el.style.setProperty("--gw-edge", scaleColour(v, 0.6 + 0.4 * v));
  el.style.setProperty("--gw-solid", scaleColour(v, 1));
}
