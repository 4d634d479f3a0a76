// What the view reads from the widget (js/domino/CONTRACT.md): every trait, checked,
// so that a missing or malformed value reads as a harmless default.
//
//   const read = createReader(model);   // one per view (it remembers the last good line)
//   read.mode(), read.line(), read.playable(), read.net(), read.live(), ...
//   read.history() -> [index, length], read.lookingBack(), read.overlay() (analysis.js),
//   read.explained(), read.log(), read.recap(), read.revealed()
//   TRAITS: the traits the view watches together (log, recap, revealed and explained
//   are not traits of an online seat: they read as empty there).

import { parseDominoOverlay } from "./analysis.js";
import { asTile } from "./dominoes.js";
import { asObject, readBool, readInt, readList, readRaw, readString } from "../lib/traits.js";
import { readHistory } from "../lib/history.js";
import { opponentName } from "../lib/driven.js";

export const LEVELS = ["easy", "medium", "hard"];
export const LEVEL_NAMES = { easy: "Easy", medium: "Medium", hard: "Hard" };
const ONLINE_STATES = ["connecting", "connected", "offline", "replaced", "closed"];
const PRESENCES = ["here", "away", "offline", "unknown"];

export const TRAITS = [
  "mode",
  "level",
  "names",
  "seat",
  "line",
  "hand",
  "playable",
  "opening",
  "counts",
  "boneyard",
  "turn",
  "can_draw",
  "can_pass",
  "handoff",
  "thinking",
  "result",
  "last_event",
  "muted",
  "reduced_motion",
  "error",
  "position",
  "invite",
  "online",
  "overlay",
  "history_length",
  "history_index",
  "explained",
  "log",
  "recap",
  "revealed",
  "opponent_name",
  "driven_by",
];

const ACTIONS = ["play", "draw", "pass"];

export function createReader(model) {
  const mode = () => {
    const m = readString(model, "mode", "computer");
    return m === "local" || m === "online" ? m : "computer";
  };
  const isOnline = () => mode() === "online";
  const seat = () => (readInt(model, "seat", 0) === 1 ? 1 : 0);

  /**
   * The `online` trait, checked ({} or junk reads as "connecting", nobody there).
   * `presence`: each seat's "here" / "away" / "offline" / "unknown" (from `seats`
   * when the trait has none); while this seat is not connected the other's is
   * "unknown" whatever the trait says: nothing is known of it then.
   */
  function net() {
    const o = asObject(readRaw(model, "online")) || {};
    const seats = Array.isArray(o.seats) ? o.seats : [];
    const given = Array.isArray(o.presence) ? o.presence : [];
    const retry = o.retry_in;
    const state = ONLINE_STATES.includes(o.state) ? o.state : "connecting";
    const presence = [0, 1].map((i) =>
      PRESENCES.includes(given[i]) ? given[i] : seats[i] === true ? "here" : "offline",
    );
    if (state !== "connected") {
      presence[seat()] = "offline";
      presence[1 - seat()] = "unknown";
    }
    return {
      state,
      seats: [0, 1].map((i) => seats[i] === true),
      presence,
      joined: o.joined === true,
      request: o.request === 0 || o.request === 1 ? o.request : null,
      retryIn: typeof retry === "number" && Number.isFinite(retry) && retry >= 0 ? retry : null,
      message: typeof o.message === "string" ? o.message.trim() : "",
    };
  }

  /** Online: this seat is connected and so is the opponent (moves can be made). */
  function live() {
    if (!isOnline()) return true;
    const n = net();
    return n.state === "connected" && n.seats[1 - seat()];
  }

  const tiles = (name) => readList(model, name).map((t) => asTile(t, 9)).filter(Boolean);

  let lastLine = []; // a malformed line keeps the last good one on the table
  function line() {
    const raw = readRaw(model, "line");
    if (Array.isArray(raw)) {
      const t = raw.map((x) => asTile(x, 9));
      if (t.every(Boolean)) lastLine = t;
    }
    return lastLine;
  }

  /** [{ tile, ends }] — nothing while the hand cannot be played (online: not live). */
  function playable() {
    const out = [];
    if (!live()) return out;
    for (const p of readList(model, "playable")) {
      const o = asObject(p);
      const tile = o && asTile(o.tile, 9);
      if (!tile) continue;
      const ends = Array.isArray(o.ends) ? o.ends.filter((e) => e === "left" || e === "right") : [];
      if (ends.length) out.push({ tile, ends: [...new Set(ends)] });
    }
    return out;
  }

  function names() {
    const v = readList(model, "names");
    const m = mode();
    const dflt =
      m === "local"
        ? ["Player 1", "Player 2"]
        : m === "online"
          ? seat() === 0
            ? ["You", "Opponent"]
            : ["Opponent", "You"]
          : ["You", "Computer"];
    return [0, 1].map((i) => (typeof v[i] === "string" && v[i] ? v[i] : dflt[i]));
  }

  function result() {
    const r = asObject(readRaw(model, "result"));
    if (!r || !("winner" in r)) return null;
    const winner = r.winner === 0 || r.winner === 1 ? r.winner : null;
    const hands = Array.isArray(r.hands) ? r.hands : [];
    const pips = Array.isArray(r.pips) ? r.pips : [];
    return {
      winner,
      points: Number.isInteger(r.points) ? r.points : 0,
      reason: r.reason === "blocked" ? "blocked" : "domino",
      pips: [0, 1].map((i) => (Number.isInteger(pips[i]) ? pips[i] : null)),
      hands: [0, 1].map((i) => (Array.isArray(hands[i]) ? hands[i].map((t) => asTile(t, 9)).filter(Boolean) : [])),
    };
  }

  /** [index, length] of the history (online: [0, 1], no history). */
  function history() {
    if (isOnline()) return [0, 1];
    return readHistory(model);
  }
  const lookingBack = () => {
    const [index, length] = history();
    return index < length - 1;
  };

  /** The history positions whose move has a kept analysis (none online). */
  function explained() {
    if (isOnline()) return [];
    return readList(model, "explained").filter((i) => Number.isInteger(i) && i > 0);
  }

  /**
   * The hand log: [{ player, action, text, first, last, count }] (entries that are
   * not in the shape are left out; none online).
   */
  function log() {
    if (isOnline()) return [];
    const out = [];
    for (const item of readList(model, "log")) {
      const e = asObject(item);
      if (!e || !ACTIONS.includes(e.action) || typeof e.text !== "string") continue;
      const first = Number.isInteger(e.first) ? e.first : null;
      const last = Number.isInteger(e.last) ? e.last : first;
      if (first === null || last === null || last < first) continue;
      out.push({
        player: e.player === 1 ? 1 : 0,
        action: e.action,
        text: e.text,
        first,
        last,
        count: Number.isInteger(e.count) && e.count > 0 ? e.count : 1,
      });
    }
    return out;
  }

  return {
    mode,
    isOnline,
    history,
    lookingBack,
    explained,
    log,
    recap: () => (isOnline() ? "" : readString(model, "recap", "").trim()),
    /** The computer's tiles left at the end of a hand against it (else []). */
    revealed: () => (mode() === "computer" ? tiles("revealed") : []),
    /**
     * The analysis to draw (parsed, see analysis.js), or null: none during the
     * handoff, and only of the shown hand (`mine`) or, against the computer, of the
     * computer's (its reasons, `w.why`: `mine` false). Looking back Python sends only
     * the kept analysis of the move that led there.
     */
    overlay() {
      if (readBool(model, "handoff", false) && !isOnline()) return null;
      const o = parseDominoOverlay(readRaw(model, "overlay"));
      if (!o) return null;
      if (o.player === null || o.player === seat()) return { ...o, mine: true };
      return mode() === "computer" ? { ...o, mine: false } : null;
    },
    seat,
    names,
    /** Your own player's name in the computer's seat (opponent_name), "" for a level. */
    opponent: () => opponentName(model),
    net,
    live,
    tiles,
    line,
    playable,
    result,
    level() {
      const l = readString(model, "level", "medium");
      return LEVELS.includes(l) ? l : "medium";
    },
    opening: () => asTile(readRaw(model, "opening"), 9),
    counts() {
      const v = readList(model, "counts");
      return [0, 1].map((i) => (Number.isInteger(v[i]) && v[i] >= 0 ? v[i] : 0));
    },
    boneyard: () => Math.max(0, readInt(model, "boneyard", 0)),
    turn() {
      const t = readRaw(model, "turn");
      return t === 0 || t === 1 ? t : null;
    },
    thinking: () => readBool(model, "thinking", false) && !isOnline(),
    handoff: () => readBool(model, "handoff", false) && !isOnline(),
    canDraw: () => readBool(model, "can_draw", false) && live(),
    canPass: () => readBool(model, "can_pass", false) && live(),
    /** last_event, or null when it has no kind. */
    event() {
      const ev = asObject(readRaw(model, "last_event"));
      return ev && typeof ev.kind === "string" ? ev : null;
    },
    muted: () => readBool(model, "muted", true),
    reducedMotion: () => readBool(model, "reduced_motion", false),
    error: () => readString(model, "error", ""),
    position: () => readInt(model, "position", 0),
    invite: () => readString(model, "invite", ""),
    /** The raw `online` trait as text: changes whenever any of it does. */
    onlineKey: () => JSON.stringify(readRaw(model, "online") ?? null),
  };
}
