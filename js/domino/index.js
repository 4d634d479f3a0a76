// Dominoes (draw game, double-six): the view of gamewidgets.Domino.
//
// Python is the source of truth (see js/domino/CONTRACT.md): this view renders the
// traits and sends the player's intents as messages.
//
// Structure of render():
//   DOM      header (title, thinking badge), toolbar (Level in computer mode, New
//            game, Sound), the table: the opponent's hidden hand (backs + count) and
//            the boneyard (a stack + count), the line on a canvas (end markers are
//            buttons over it), the shown hand (a sideways-scrolling row of tile
//            buttons) with Draw / Pass; dialogs over the table (level, handoff,
//            result); the reduced-motion setting and a status line.
//   sync     traits are watched together (one microtask per Python update); a new
//            last_event plays its sound once per model (claimSound) and lets the
//            played tile drop into place.
//   draw     the line as a snake (js/lib/dominoes.js layoutLine) on green baize.
//
// Choices where the contract is silent:
// - The line is laid out with a placeholder slot before its first and after its last
//   tile, so the end markers always have room; a marker shows a ghost of the selected
//   tile turned the way it would be played. On an empty line there is one slot; a
//   tile that fits there is played with one click (its first listed end).
// - Doubles lie crosswise in a row, but in line at a corner of the snake (the
//   turning tile and the one after it), so they never overlap a neighbour.
// - Non-playable hand tiles are buttons with aria-disabled and tabindex -1 (Tab
//   reaches only playable tiles and buttons); clicking one buzzes. Tiles are not
//   playable while the hand is not the player's to move (Python's `playable` is
//   empty then) or while the computer thinks.
// - The selection is this view's own (two views of one model select independently);
//   it is cleared when the tile is no longer playable.
// - M toggles the sound anywhere in the view, as in the other games.
// - The level menu is a dialog with one button per level (the current one marked)
//   and Cancel (also Esc); choosing the current level just closes it.
// - data-result in local mode is the winner's seat ("0"/"1") or "draw".
//   data-event is the id of the newest last_event seen. Extra attributes:
//   data-seat, data-opponent (count of the hidden hand), data-muted,
//   data-reduced-motion, data-state ("over" when there is a result).
//
// Online mode (mode == "online", the contract's last section):
//   DOM      a presence strip between the toolbar and the table (one chip per seat,
//            js/lib/online.js) with the invite box (Copy invite) when `invite` is
//            set; notices over the board (js/lib/banner.js banners, stacked):
//            the connection (connecting / offline with a countdown / closed / waiting
//            for the opponent) and a new-game request (mine: Withdraw; the
//            opponent's: [data-dialog=request] with Agree / Decline); the replaced
//            dialog ("Play here instead").
// - While this seat cannot play (not connected, or the opponent is not), the board
//   is dimmed and the hand is not playable whatever `playable` says.
// - While the result screen is open the notices move into it (below the hands), so
//   a request made from the other result screen is answered there; the result
//   screen's New game button is hidden while a request is pending (the notice has
//   the buttons) and when the room is closed. The toolbar's New game is disabled
//   while not connected or while my own request waits, hidden when closed.
// - `retry_in` counts down in the view (it need not be re-sent every second).
// - The opponent declining my request shows "Your opponent declined..." in the
//   status line for a few seconds (last_event kind "declined").
// - data-copied stays "true" after a copy until the invite changes; when neither
//   the clipboard nor the copy command works, the invite is left selected and the
//   button says "Press Ctrl+C".

import { createCanvas, roundRectPath } from "../lib/canvas.js";
import { createBanner } from "../lib/banner.js";
import { bindToggleButton, createButton, createMuteButton, createToolbar } from "../lib/buttons.js";
import { createBadge, createStatusLine } from "../lib/readouts.js";
import { createSettings } from "../lib/settings.js";
import { consume, keyPlace } from "../lib/keys.js";
import { createShell } from "../lib/shell.js";
import { createDialog, ensureDialogStyles } from "../lib/dialog.js";
import {
  TILE_BACK,
  asTile,
  createDominoSprites,
  dominoCanvas,
  layoutLine,
  sameTile,
  slotPips,
  tileKey,
} from "../lib/dominoes.js";
import { createAnimator, easing, watchPrefersReducedMotion } from "../lib/motion.js";
import { createCountdown, createInviteBox, createPresenceChip, ensureOnlineStyles } from "../lib/online.js";
import { TONES, claimSound, createSound } from "../lib/sound.js";
import { ensureStyleSheet } from "../lib/stylesheet.js";
import { PALETTE, font } from "../lib/theme.js";
import {
  asObject,
  readBool,
  readInt,
  readList,
  readRaw,
  readString,
  sendMessage,
  watchTraits,
} from "../lib/traits.js";
import { listen } from "../lib/cleanup.js";

const LEVELS = ["easy", "medium", "hard"];
const LEVEL_NAMES = { easy: "Easy", medium: "Medium", hard: "Hard" };
const LEVEL_DETAILS = {
  easy: "relaxed",
  medium: "a fair game",
  hard: "a tough opponent",
};
const HAND_W = 30; // a hand tile (standing), CSS px
const HAND_H = 60;
const DROP_MS = 280;

const SOUNDS = {
  select: TONES.select,
  deselect: TONES.deselect,
  play: [
    { f: 1400, d: 0.03, type: "noise", v: 0.22 },
    { f: 520, to: 300, d: 0.07, type: "triangle", v: 0.5 },
    { f: 1800, d: 0.02, type: "noise", v: 0.12, at: 0.05 },
  ],
  draw: [
    { f: 2600, d: 0.06, type: "noise", v: 0.14 },
    { f: 700, to: 900, d: 0.08, type: "triangle", v: 0.3, at: 0.04 },
  ],
  pass: [{ f: 440, to: 330, d: 0.16, type: "sine", v: 0.3 }],
  blocked: TONES.blocked,
  newGame: TONES.newGame,
  win: TONES.win,
  lose: TONES.gameOver,
  reveal: [{ f: 660, to: 880, d: 0.1, type: "sine", v: 0.3 }],
  level: TONES.unmute,
  request: [
    { f: 784, d: 0.09, type: "sine", v: 0.35 },
    { f: 1047, d: 0.14, type: "sine", v: 0.35, at: 0.1 },
  ],
  declined: [{ f: 520, to: 390, d: 0.18, type: "sine", v: 0.3 }],
  joined: [
    { f: 660, d: 0.07, type: "triangle", v: 0.35 },
    { f: 990, d: 0.1, type: "triangle", v: 0.35, at: 0.08 },
  ],
  left: [{ f: 500, to: 300, d: 0.2, type: "triangle", v: 0.3 }],
};

const ONLINE_STATES = ["connecting", "connected", "offline", "replaced", "closed"];
const FLASH_MS = 6000;

const LEVEL_ICON = '<path d="M4 20h4v-6H4z"/><path d="M10 20h4V9h-4z"/><path d="M16 20h4V4h-4z"/>';

const CSS = `
.gw-root.gw-domino { max-width: 640px; }
.gw-domino .gw-header { align-items: center; }
.gw-domino .gw-title small { text-transform: none; }
.gw-domino .gw-dom-table {
  position: relative; border-radius: 14px; padding: 8px 8px 10px;
  background: radial-gradient(ellipse at 50% 30%, #2c6a4c 0%, #1f5038 60%, #173d2b 100%);
  border: 1px solid rgba(0, 0, 0, 0.45);
  box-shadow: 0 0 0 3px #4a3020, 0 0 0 4px #2a1a10, inset 0 2px 14px rgba(0, 0, 0, 0.45);
  margin: 4px 4px 0;
}
.gw-domino .gw-dom-top {
  display: flex; align-items: center; justify-content: space-between; gap: 10px; min-height: 44px;
  padding: 0 4px 4px;
}
.gw-domino .gw-dom-pile { display: flex; align-items: center; gap: 8px; min-width: 0; }
.gw-domino .gw-dom-pile canvas { display: block; flex: none; }
.gw-domino .gw-dom-pile-text { display: flex; flex-direction: column; line-height: 1.15; }
.gw-domino .gw-dom-pile-text b { font-size: 16px; font-variant-numeric: tabular-nums; }
.gw-domino .gw-dom-pile-text span {
  font-size: 10px; text-transform: uppercase; letter-spacing: 0.09em; color: rgba(230, 240, 232, 0.7);
}
.gw-domino .gw-dom-pile[data-turn="true"] .gw-dom-pile-text span { color: ${PALETTE.accent}; }
.gw-domino .gw-dom-boardbox { position: relative; line-height: 0; margin: 0 auto; }
.gw-domino .gw-dom-boardbox canvas { display: block; }
.gw-domino .gw-dom-end {
  position: absolute; padding: 0; margin: 0; border-radius: 6px; cursor: pointer;
  background: rgba(246, 185, 59, 0.12); border: 2px dashed ${PALETTE.accent};
  color: transparent; font-size: 0;
}
.gw-domino .gw-dom-end:hover { background: rgba(246, 185, 59, 0.28); }
.gw-domino .gw-dom-end:focus-visible { outline: 2px solid #fff; outline-offset: 2px; }
.gw-domino .gw-dom-end[hidden] { display: none; }
.gw-domino .gw-dom-handbar {
  display: flex; align-items: center; justify-content: space-between; gap: 8px;
  margin: 6px 4px 2px; min-height: 30px;
}
.gw-domino .gw-dom-handlabel { font-weight: 700; color: #e8f1ea; }
.gw-domino .gw-dom-handlabel small { font-weight: 500; color: rgba(230, 240, 232, 0.7); margin-left: 6px; }
.gw-domino .gw-dom-handlabel[data-turn="true"]::before {
  content: ""; display: inline-block; width: 8px; height: 8px; margin-right: 6px; border-radius: 50%;
  background: ${PALETTE.accent}; box-shadow: 0 0 6px ${PALETTE.accent}; vertical-align: 1px;
}
.gw-domino .gw-dom-actions { display: flex; gap: 6px; }
.gw-domino .gw-button[hidden] { display: none; }
.gw-domino .gw-dom-hand {
  display: flex; gap: 6px; overflow-x: auto; overflow-y: hidden; padding: 12px 6px 8px;
  min-height: ${HAND_H + 28}px; border-radius: 10px; background: rgba(0, 0, 0, 0.18);
  scrollbar-width: thin; scroll-snap-type: x proximity;
}
.gw-domino .gw-dom-hand:empty::after {
  content: attr(data-empty); align-self: center; margin: 0 auto; color: rgba(230, 240, 232, 0.6);
  font-style: italic;
}
.gw-domino .gw-dom-tile {
  position: relative; flex: none; padding: 0; margin: 0; border: none; background: none;
  border-radius: 7px; cursor: default; line-height: 0; scroll-snap-align: center;
  transition: transform 0.14s ease-out, filter 0.14s, opacity 0.14s;
}
.gw-domino .gw-dom-tile canvas { display: block; pointer-events: none; }
.gw-domino .gw-dom-hand[data-active="true"] .gw-dom-tile[data-playable="false"] { filter: brightness(0.62) saturate(0.7); }
.gw-domino .gw-dom-tile[data-playable="true"] { cursor: pointer; }
.gw-domino .gw-dom-tile[data-playable="true"]::after {
  content: ""; position: absolute; inset: 1px 1px 4px; border-radius: 6px; pointer-events: none;
  box-shadow: 0 0 0 2px rgba(246, 185, 59, 0.75), 0 0 10px rgba(246, 185, 59, 0.45);
}
.gw-domino .gw-dom-tile[data-playable="true"]:hover { transform: translateY(-4px); }
.gw-domino .gw-dom-tile[aria-pressed="true"] { transform: translateY(-9px); }
.gw-domino .gw-dom-tile[aria-pressed="true"]::after {
  box-shadow: 0 0 0 3px #ffd21f, 0 0 16px rgba(255, 210, 31, 0.8);
}
.gw-domino .gw-dom-tile:focus-visible { outline: 2px solid #fff; outline-offset: 2px; }
.gw-domino .gw-dom-tile[data-opening="true"] .gw-dom-lead {
  position: absolute; left: 50%; top: -9px; transform: translateX(-50%); z-index: 1;
  padding: 1px 5px; border-radius: 6px; font-size: 9px; line-height: 12px; font-weight: 800;
  letter-spacing: 0.06em; text-transform: uppercase; color: #2a1a00; background: ${PALETTE.accent};
  box-shadow: 0 1px 3px rgba(0, 0, 0, 0.5); white-space: nowrap;
}
.gw-domino .gw-dom-tile[data-opening="false"] .gw-dom-lead { display: none; }
.gw-domino[data-reduced-motion="true"] .gw-dom-tile { transition: none; }
.gw-domino .gw-dom-levels { display: flex; flex-direction: column; gap: 6px; margin-bottom: 4px; }
.gw-domino .gw-dom-levels .gw-button { height: auto; padding: 7px 12px; justify-content: space-between; }
.gw-domino .gw-dom-levels .gw-button small { font-weight: 500; color: ${PALETTE.textDim}; }
.gw-domino .gw-dom-levels .gw-button[aria-current="true"] { border-color: ${PALETTE.accent}; }
.gw-domino .gw-dom-levels .gw-button[aria-current="true"] b::after { content: " \\2713"; color: ${PALETTE.accent}; }
.gw-domino .gw-dom-result-hands { display: flex; flex-direction: column; gap: 8px; margin: 4px 0 6px; text-align: left; }
.gw-domino .gw-dom-result-hand > div:first-child {
  font-size: 11px; color: ${PALETTE.textDim}; margin-bottom: 2px;
}
.gw-domino .gw-dom-result-hand > div:first-child b { color: ${PALETTE.text}; }
.gw-domino .gw-dom-result-tiles { display: flex; flex-wrap: wrap; gap: 2px; min-height: 22px; line-height: 0; }
.gw-domino .gw-dom-result-tiles em { line-height: 20px; font-size: 12px; color: ${PALETTE.textDim}; }
.gw-domino .gw-dom-points { font-size: 30px; font-weight: 800; color: ${PALETTE.accent}; line-height: 1.1; }
.gw-domino .gw-dialog-backdrop[data-dialog="handoff"] { background: rgba(10, 20, 14, 0.92); }
.gw-domino .gw-dom-online {
  display: flex; align-items: center; flex-wrap: wrap; gap: 8px 10px; margin: 0 4px 10px;
}
.gw-domino .gw-dom-online[hidden] { display: none; }
.gw-domino .gw-dom-seats { display: flex; gap: 6px; flex-wrap: wrap; min-width: 0; }
.gw-domino .gw-dom-online .gw-invite { flex: 1 1 100%; }
.gw-domino .gw-dom-notices {
  position: absolute; left: 10px; right: 10px; top: 8px; z-index: 2;
  display: flex; flex-direction: column; align-items: center; gap: 6px;
  line-height: 1.3; pointer-events: none;
}
.gw-domino .gw-dom-notices > * { pointer-events: auto; max-width: min(470px, 100%); }
.gw-domino .gw-dialog .gw-dom-notices {
  position: static; transform: none; margin: 0; align-items: stretch;
}
.gw-domino .gw-dialog .gw-dom-notices > * { max-width: none; }
.gw-domino .gw-dom-notices .gw-banner { box-shadow: 0 6px 20px rgba(0, 0, 0, 0.45); }
.gw-domino .gw-dom-board { transition: filter 0.25s; }
.gw-domino[data-mode="online"][data-live="false"] .gw-dom-board { filter: saturate(0.55) brightness(0.72); }
.gw-domino[data-mode="online"][data-live="false"] .gw-dom-hand .gw-dom-tile { filter: saturate(0.75) brightness(0.8); }
.gw-domino .gw-dom-result-tiles .gw-dom-hidden {
  line-height: 20px; font-size: 12px; color: ${PALETTE.textDim}; margin-left: 6px; font-style: italic;
}
`;

const clamp = (v, lo, hi) => Math.max(lo, Math.min(hi, v));

/* ------------------------------------------------------------------- render -- */

function render({ model, el }) {
  const doc = el.ownerDocument || document;
  const win = doc.defaultView || window;
  ensureDialogStyles(el);
  ensureOnlineStyles(el);
  ensureStyleSheet(el, "gamewidgets-domino-v2", CSS);

  const shell = createShell({ model, el, game: "domino", title: "Dominoes", compactBelow: 480 });
  const { onCleanup } = shell;
  let destroyed = false;

  /* ---- trait readers (defensive) ---- */
  const mode = () => {
    const m = readString(model, "mode", "computer");
    return m === "local" || m === "online" ? m : "computer";
  };
  const isOnline = () => mode() === "online";
  const level = () => {
    const l = readString(model, "level", "medium");
    return LEVELS.includes(l) ? l : "medium";
  };
  const names = () => {
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
  };
  const seat = () => {
    const s = readInt(model, "seat", 0);
    return s === 1 ? 1 : 0;
  };
  /** The `online` trait, checked ({} or junk reads as "connecting", nobody there). */
  function net() {
    const o = asObject(readRaw(model, "online")) || {};
    const seats = Array.isArray(o.seats) ? o.seats : [];
    const retry = o.retry_in;
    return {
      state: ONLINE_STATES.includes(o.state) ? o.state : "connecting",
      seats: [0, 1].map((i) => seats[i] === true),
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
  let lastLine = [];
  function line() {
    const raw = readRaw(model, "line");
    if (Array.isArray(raw)) {
      const t = raw.map((x) => asTile(x, 9));
      if (t.every(Boolean)) lastLine = t;
    }
    return lastLine;
  }
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
  const opening = () => asTile(readRaw(model, "opening"), 9);
  const counts = () => {
    const v = readList(model, "counts");
    return [0, 1].map((i) => (Number.isInteger(v[i]) && v[i] >= 0 ? v[i] : 0));
  };
  const boneyard = () => Math.max(0, readInt(model, "boneyard", 0));
  const turn = () => {
    const t = readRaw(model, "turn");
    return t === 0 || t === 1 ? t : null;
  };
  const thinking = () => readBool(model, "thinking", false) && !isOnline();
  const handoff = () => readBool(model, "handoff", false) && !isOnline();
  const canDraw = () => readBool(model, "can_draw", false) && live();
  const canPass = () => readBool(model, "can_pass", false) && live();
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
  function currentEvent() {
    const ev = asObject(readRaw(model, "last_event"));
    if (!ev || typeof ev.kind !== "string") return null;
    return ev;
  }
  const reducedFlag = () => readBool(model, "reduced_motion", false);
  const position = () => readInt(model, "position", 0);

  /* ---- DOM ---- */
  const { root, header, title, subtitle: titleSmall } = shell;
  root.dataset.copied = "false";
  const thinkingBadge = createBadge({
    doc,
    kind: "thinking",
    text: "Computer is thinking\u2026",
    title: "The computer is choosing its move",
  });
  header.append(title, thinkingBadge.el);

  const levelButton = createButton({
    doc,
    label: "Level",
    action: "level",
    iconPaths: LEVEL_ICON,
    title: "Choose the computer's level (keeps this hand)",
    onClick: () => openLevel(),
  });
  const newButton = createButton({
    doc,
    label: "New game",
    action: "new",
    icon: "new",
    title: "Deal a new hand",
    onClick: () => act({ type: "new_game" }),
  });
  const spacer = doc.createElement("span");
  spacer.className = "gw-spacer";
  const soundToggle = createMuteButton({ doc, model, sound: () => sound, unmuteTone: SOUNDS.level, action: "sound" });
  onCleanup(soundToggle.destroy);
  const toolbar = createToolbar({ doc, label: "Game", children: [levelButton, newButton, spacer, soundToggle.el] });

  // online: who is here (one chip per seat) and the invite to share
  const onlineStrip = doc.createElement("div");
  onlineStrip.className = "gw-dom-online";
  onlineStrip.hidden = true;
  const seatsBox = doc.createElement("div");
  seatsBox.className = "gw-dom-seats";
  seatsBox.setAttribute("role", "group");
  seatsBox.setAttribute("aria-label", "Players");
  const chips = [0, 1].map((i) => createPresenceChip({ doc, seat: i }));
  seatsBox.append(chips[0].el, chips[1].el);
  const inviteBox = createInviteBox({
    doc,
    onCopy: (how) => {
      root.dataset.copied = "true";
      flash(
        how === "selected"
          ? "The invite is selected: press Ctrl+C (⌘C on a Mac) to copy it."
          : "Invite copied: send it to your opponent.",
      );
    },
  });
  onCleanup(inviteBox.destroy);
  onlineStrip.append(seatsBox, inviteBox.el);

  // the table
  const table = doc.createElement("div");
  table.className = "gw-dom-table";
  const top = doc.createElement("div");
  top.className = "gw-dom-top";
  function pile(kind) {
    const box = doc.createElement("div");
    box.className = "gw-dom-pile";
    box.dataset.pile = kind;
    const art = doc.createElement("span");
    art.style.display = "block";
    art.style.lineHeight = "0";
    const text = doc.createElement("div");
    text.className = "gw-dom-pile-text";
    const count = doc.createElement("b");
    const label = doc.createElement("span");
    text.append(count, label);
    if (kind === "boneyard") box.append(text, art);
    else box.append(art, text);
    return { el: box, art, count, label, key: "" };
  }
  const opponentPile = pile("opponent");
  const boneyardPile = pile("boneyard");
  boneyardPile.el.style.textAlign = "right";
  boneyardPile.el.querySelector(".gw-dom-pile-text").style.alignItems = "flex-end";
  top.append(opponentPile.el, boneyardPile.el);

  const boardBox = doc.createElement("div");
  boardBox.className = "gw-dom-boardbox";

  // online notices over the board: the connection, then a new-game request
  const notices = doc.createElement("div");
  notices.className = "gw-dom-notices";
  const connectionNotice = createBanner({ doc, kind: "connection", place: "inline", tone: "info", dot: true });
  const closedNotice = createBanner({ doc, kind: "closed", place: "inline", tone: "danger" });
  const waitingNotice = createBanner({ doc, kind: "waiting", place: "inline", tone: "info", dot: true });
  const askedNotice = createBanner({
    doc,
    kind: "request-sent",
    place: "inline",
    dot: true,
    actions: [
      {
        label: "Withdraw",
        action: "withdraw",
        title: "Take back your request for a new game",
        ariaLabel: "Withdraw your request for a new game",
        onClick: () => decline(),
      },
    ],
  });
  const requestNotice = createBanner({
    doc,
    kind: "request",
    place: "inline",
    actions: [
      {
        label: "Agree",
        action: "agree",
        primary: true,
        title: "Start a new game now",
        ariaLabel: "Agree to a new game",
        onClick: () => act({ type: "new_game" }),
      },
      {
        label: "Decline",
        action: "decline",
        title: "Keep playing this game",
        ariaLabel: "Decline the new game",
        onClick: () => decline(),
      },
    ],
  });
  requestNotice.el.dataset.dialog = "request";
  requestNotice.el.setAttribute("role", "alert");
  for (const b of [connectionNotice, closedNotice, waitingNotice, askedNotice, requestNotice]) {
    notices.appendChild(b.el);
    onCleanup(b.destroy);
  }
  const endButtons = {};
  for (const end of ["left", "right"]) {
    const b = doc.createElement("button");
    b.type = "button";
    b.className = "gw-dom-end";
    b.dataset.end = end;
    b.hidden = true;
    b.textContent = end === "left" ? "Play at the left end" : "Play at the right end";
    b.setAttribute("aria-label", b.textContent);
    b.title = `${b.textContent} (${end === "left" ? "\u2190" : "\u2192"})`;
    b.addEventListener("click", () => playSelected(end));
    endButtons[end] = b;
  }

  const handBar = doc.createElement("div");
  handBar.className = "gw-dom-handbar";
  const handLabel = doc.createElement("div");
  handLabel.className = "gw-dom-handlabel";
  const actions = doc.createElement("div");
  actions.className = "gw-dom-actions";
  const drawButton = createButton({
    doc,
    label: "Draw",
    action: "draw",
    title: "No tile fits: draw one from the boneyard",
    onClick: () => act({ type: "draw", position: position() }),
  });
  const passButton = createButton({
    doc,
    label: "Pass",
    action: "pass",
    title: "No tile fits and the boneyard is empty: pass",
    onClick: () => act({ type: "pass", position: position() }),
  });
  drawButton.hidden = true;
  passButton.hidden = true;
  actions.append(drawButton, passButton);
  handBar.append(handLabel, actions);
  const handRow = doc.createElement("div");
  handRow.className = "gw-dom-hand";
  handRow.setAttribute("role", "group");
  handRow.setAttribute("aria-label", "Your tiles");

  table.append(top, boardBox, handBar, handRow);

  const settingBoxes = createSettings({ doc, model, items: [["reduced_motion", "Reduced motion", "No sliding or dropping tiles"]] });
  onCleanup(settingBoxes.destroy);
  const settings = settingBoxes.el;
  const status = createStatusLine({ doc });

  /* ---- dialogs ---- */
  const returnFocus = () => firstFocusable();
  const levelDialog = createDialog({
    doc,
    returnFocus,
    name: "level",
    title: "Computer level",
    message: "The hands and the line stay as they are.",
    dismissable: true,
    actions: [{ label: "Cancel", action: "cancel", title: "Keep the level (Esc)", onClick: () => levelDialog.close() }],
  });
  const levelList = doc.createElement("div");
  levelList.className = "gw-dom-levels";
  const levelButtons = {};
  for (const l of LEVELS) {
    const b = doc.createElement("button");
    b.type = "button";
    b.className = "gw-button";
    b.dataset.level = l;
    const name = doc.createElement("b");
    name.textContent = LEVEL_NAMES[l];
    const detail = doc.createElement("small");
    detail.textContent = LEVEL_DETAILS[l];
    b.append(name, detail);
    b.addEventListener("click", () => chooseLevel(l));
    levelButtons[l] = b;
    levelList.appendChild(b);
  }
  levelDialog.body.appendChild(levelList);

  const handoffDialog = createDialog({
    doc,
    returnFocus,
    name: "handoff",
    title: "",
    message: "Your tiles stay hidden until you reveal them.",
    actions: [{ label: "Show my tiles", action: "reveal", primary: true, onClick: () => act({ type: "reveal" }) }],
  });

  const resultDialog = createDialog({
    doc,
    returnFocus,
    name: "result",
    title: "",
    message: "",
    actions: [{ label: "New game", action: "new", primary: true, title: "Deal a new hand", onClick: () => act({ type: "new_game" }) }],
  });
  const points = doc.createElement("div");
  points.className = "gw-dom-points";
  const resultHands = doc.createElement("div");
  resultHands.className = "gw-dom-result-hands";
  resultDialog.body.append(points, resultHands);
  const replacedDialog = createDialog({
    doc,
    returnFocus,
    name: "replaced",
    title: "This seat is now open in another notebook",
    message: "",
    actions: [
      {
        label: "Play here instead",
        action: "reconnect",
        primary: true,
        title: "Take the seat back into this notebook (the other one stops playing)",
        onClick: () => act({ type: "reconnect" }),
      },
    ],
  });
  for (const d of [levelDialog, handoffDialog, resultDialog, replacedDialog]) {
    table.appendChild(d.el);
    onCleanup(d.destroy);
  }

  shell.mount(header, toolbar, onlineStrip, table, settings, status.el);

  /* ---- state ---- */
  let selected = null; // [a, b] of the chosen hand tile (this view's own)
  let drop = null; // { key, end, tween } the newest tile dropping into place
  let handledEventId = null;
  let layout = null; // { slots, height, rows, unit, width }
  let layoutKey = "";
  let resultKey = "";
  const sprites = createDominoSprites();
  let dpr = 1;
  let flashText = ""; // a passing message for the status line (online: declined, copied)
  let flashTimer = 0;
  let netKey = ""; // the online trait last seen (re-arms the countdown)
  let seenRequest = null; // online: the request, seats, joined of the last update
  let seenSeats = null;
  let seenJoined = false;
  let seenInvite = null;
  let flashFor = ""; // presenceKey() when the passing message was shown
  const presenceKey = () => (isOnline() ? `${net().state}|${net().seats}` : "");
  const countdown = createCountdown({ onTick: () => updateDom() });
  onCleanup(countdown.destroy);
  onCleanup(() => clearTimeout(flashTimer));
  let declinedAt = -Infinity; // when this view last sent decline (no "declined" news then)
  function decline() {
    declinedAt = Date.now();
    act({ type: "decline" });
  }
  function flash(text) {
    flashText = text;
    flashFor = presenceKey();
    clearTimeout(flashTimer);
    flashTimer = setTimeout(() => {
      flashText = "";
      updateDom();
    }, FLASH_MS);
    updateDom();
  }

  const sound = createSound({ isMuted: () => readBool(model, "muted", true) });
  sound.unlockOn(root);
  onCleanup(sound.destroy);

  let board = null;
  const requestDraw = () => {
    if (board) board.requestDraw();
  };
  const animator = createAnimator({ isReduced: reducedFlag, onChange: requestDraw });
  onCleanup(animator.destroy);
  onCleanup(watchPrefersReducedMotion(() => updateDom()));

  /* ---- geometry ---- */
  function unitFor(width) {
    return clamp(Math.floor(width / 19), 15, 27);
  }
  function slotsTiles() {
    const l = line();
    if (!l.length) return [null];
    return [null, ...l, null];
  }
  function computeLayout(width) {
    const unit = unitFor(width);
    const lay = layoutLine({ width, unit, tiles: slotsTiles(), pad: Math.round(unit * 0.5) });
    const minH = unit * 4.4;
    const height = Math.max(minH, Math.ceil(lay.height));
    const dy = lay.rows === 1 ? (height - lay.height) / 2 : 0;
    if (dy) for (const s of lay.slots) s.y += dy;
    return { ...lay, height, unit, width };
  }
  function ensureLayout(width) {
    const key = `${width}|${JSON.stringify(line())}`;
    if (!layout || key !== layoutKey) {
      layout = computeLayout(width);
      layoutKey = key;
    }
    return layout;
  }

  board = createCanvas({
    fit: shell.fit,
    parent: boardBox,
    className: "gw-board gw-dom-board",
    layout: (avail) => {
      const width = clamp(Math.floor(avail || 560), 260, 640);
      return { width, height: ensureLayout(width).height };
    },
    onResize: (info) => {
      dpr = info.dpr;
      sprites.clear();
      positionMarkers();
    },
    draw: (ctx, info) => drawBoard(ctx, info),
  });
  onCleanup(board.destroy);
  boardBox.append(endButtons.left, endButtons.right, notices);

  /* ---- drawing ---- */
  function drawBoard(ctx, { width, height, dpr: d }) {
    dpr = d;
    const lay = ensureLayout(width);
    ctx.clearRect(0, 0, width, height);
    const l = line();
    const slots = lay.slots;
    if (!l.length) {
      // the empty table: a faint hint where the first tile goes
      const s = slots[0];
      ctx.save();
      ctx.font = font(500, 12.5);
      ctx.fillStyle = "rgba(230, 240, 232, 0.55)";
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      const o = opening();
      const text = result() ? "" : o ? `Lead with the ${o[0]}\u2013${o[1]}` : "The line starts here";
      roundRectPath(ctx, s.x, s.y, s.w, s.h, 6);
      ctx.setLineDash([4, 4]);
      ctx.strokeStyle = "rgba(230, 240, 232, 0.22)";
      ctx.lineWidth = 1.5;
      if (!selected) ctx.stroke();
      ctx.setLineDash([]);
      if (!selected) ctx.fillText(text, width / 2, s.y + s.h + 16 > height ? s.y - 12 : s.y + s.h + 14);
      ctx.restore();
    }
    const first = l.length ? 1 : 0;
    for (let i = 0; i < l.length; i++) {
      const slot = slots[first + i];
      const [p, q] = slotPips(l[i], slot);
      let alpha = 1;
      let lift = 0;
      if (drop && ((drop.end === "left" && i === 0) || (drop.end === "right" && i === l.length - 1))) {
        const t = drop.tween.progress();
        alpha = easing.outQuad(Math.min(1, t * 1.6));
        lift = (1 - easing.outCubic(t)) * lay.unit * 0.8;
      }
      sprites.draw(ctx, [p, q], slot.x, slot.y - lift, slot.w, slot.h, dpr, { alpha });
    }
    // ghosts of the selected tile where it can go
    const sel = selectedEntry();
    if (sel) {
      for (const end of sel.ends) {
        const slot = markerSlot(end);
        if (!slot) continue;
        const tile = orientFor(sel.tile, end);
        const [p, q] = slotPips(tile, slot);
        sprites.draw(ctx, [p, q], slot.x, slot.y, slot.w, slot.h, dpr, { alpha: 0.62 });
      }
    }
    if (drop && drop.tween.progress() >= 1) drop = null;
    return animator.tick();
  }

  /** The tile as it would lie on the line at `end` (line order, left to right). */
  function orientFor(tile, end) {
    const l = line();
    if (!l.length) return tile;
    if (end === "left") {
      const m = l[0][0];
      return tile[1] === m ? tile : [tile[1], tile[0]];
    }
    const m = l[l.length - 1][1];
    return tile[0] === m ? tile : [tile[1], tile[0]];
  }
  function markerSlot(end) {
    if (!layout) return null;
    const s = layout.slots;
    if (!line().length) return s[0];
    const slot = end === "left" ? s[0] : s[s.length - 1];
    if (!slot) return null;
    // a placeholder slot has a plain tile's shape; a double would lie crosswise
    return slot;
  }
  function positionMarkers() {
    const sel = selectedEntry();
    const lineEmpty = !line().length;
    for (const end of ["left", "right"]) {
      const b = endButtons[end];
      const show = !!sel && sel.ends.includes(end) && !(lineEmpty && end === "right" && sel.ends.includes("left"));
      b.hidden = !show;
      if (!show) continue;
      const slot = markerSlot(end);
      if (!slot) {
        b.hidden = true;
        continue;
      }
      b.style.left = `${slot.x - 3}px`;
      b.style.top = `${slot.y - 3}px`;
      b.style.width = `${slot.w + 6}px`;
      b.style.height = `${slot.h + 6}px`;
    }
  }

  /* ---- hand ---- */
  const handButtons = new Map(); // key -> { el, canvas, dpr }
  function selectedEntry() {
    if (!selected) return null;
    return playable().find((p) => sameTile(p.tile, selected)) || null;
  }
  function makeTileButton(tile) {
    const b = doc.createElement("button");
    b.type = "button";
    b.className = "gw-dom-tile";
    b.dataset.tile = tileKey(tile);
    const lead = doc.createElement("span");
    lead.className = "gw-dom-lead";
    lead.textContent = "Lead";
    lead.setAttribute("aria-hidden", "true");
    const d = win.devicePixelRatio || 1;
    const canvas = dominoCanvas(doc, tile, HAND_W, HAND_H, d);
    b.append(canvas, lead);
    b.addEventListener("click", () => onTileClick(tile));
    b.addEventListener("keydown", onTileKey);
    return { el: b, canvas, dpr: d, tile };
  }
  function updateHand() {
    const hand = handoff() ? [] : tiles("hand");
    const play = playable();
    const o = opening();
    const d = win.devicePixelRatio || 1;
    const active = doc.activeElement;
    const focusedKey = active && active.dataset && handRow.contains(active) ? active.dataset.tile : null;
    const keys = hand.map(tileKey);
    for (const [k, entry] of handButtons) {
      if (!keys.includes(k)) {
        entry.el.remove();
        handButtons.delete(k);
      }
    }
    hand.forEach((tile, i) => {
      const k = keys[i];
      let entry = handButtons.get(k);
      if (entry && entry.dpr !== d) {
        const c = dominoCanvas(doc, tile, HAND_W, HAND_H, d);
        entry.canvas.replaceWith(c);
        entry.canvas = c;
        entry.dpr = d;
      }
      if (!entry) {
        entry = makeTileButton(tile);
        handButtons.set(k, entry);
      }
      const p = play.find((x) => sameTile(x.tile, tile));
      const isSel = !!selected && sameTile(selected, tile);
      const b = entry.el;
      b.dataset.playable = p ? "true" : "false";
      b.dataset.opening = o && sameTile(o, tile) ? "true" : "false";
      b.setAttribute("aria-pressed", isSel ? "true" : "false");
      if (p) {
        b.removeAttribute("aria-disabled");
        b.tabIndex = 0;
      } else {
        b.setAttribute("aria-disabled", "true");
        b.tabIndex = -1;
      }
      const where = p ? (p.ends.length > 1 && line().length ? " (fits both ends)" : ` (fits the ${p.ends[0]} end)`) : "";
      b.setAttribute("aria-label", `${tile[0]}\u2013${tile[1]}${b.dataset.opening === "true" ? ", the opening tile" : ""}${p ? where : ", does not fit"}`);
      b.title = p ? `Play ${tile[0]}\u2013${tile[1]}${where}` : `${tile[0]}\u2013${tile[1]}`;
      if (handRow.children[i] !== b) handRow.insertBefore(b, handRow.children[i] || null);
    });
    if (focusedKey && handButtons.has(focusedKey) && doc.activeElement !== handButtons.get(focusedKey).el) {
      handButtons.get(focusedKey).el.focus({ preventScroll: true });
    }
  }

  function paintPiles() {
    const [c0, c1] = counts();
    const opp = 1 - seat();
    const n = [c0, c1][opp];
    const d = win.devicePixelRatio || 1;
    const key = `${n}|${d}`;
    if (opponentPile.key !== key) {
      opponentPile.key = key;
      const shown = Math.min(n, 12);
      const w = 15;
      const h = 30;
      const step = shown > 7 ? 9 : 12;
      const cw = Math.max(w, w + (shown - 1) * step) + 6;
      const c = doc.createElement("canvas");
      c.width = Math.ceil(cw * d);
      c.height = Math.ceil((h + 6) * d);
      c.style.width = `${cw}px`;
      c.style.height = `${h + 6}px`;
      const ctx = c.getContext("2d");
      if (ctx) {
        ctx.setTransform(d, 0, 0, d, 0, 0);
        for (let i = 0; i < shown; i++) sprites.draw(ctx, TILE_BACK, 3 + i * step, 2, w, h, d);
      }
      opponentPile.art.replaceChildren(c);
    }
    const by = boneyard();
    const bkey = `${by}|${d}`;
    if (boneyardPile.key !== bkey) {
      boneyardPile.key = bkey;
      const layers = Math.min(by, 7);
      const w = 36;
      const h = 18;
      const c = doc.createElement("canvas");
      const ch = h + 6 + Math.max(0, layers - 1) * 3;
      c.width = Math.ceil((w + 8) * d);
      c.height = Math.ceil(ch * d);
      c.style.width = `${w + 8}px`;
      c.style.height = `${ch}px`;
      const ctx = c.getContext("2d");
      if (ctx) {
        ctx.setTransform(d, 0, 0, d, 0, 0);
        if (!layers) {
          roundRectPath(ctx, 4, ch - h - 3, w, h, 4);
          ctx.setLineDash([3, 3]);
          ctx.strokeStyle = "rgba(230, 240, 232, 0.35)";
          ctx.stroke();
        }
        for (let i = 0; i < layers; i++) {
          const off = (i % 2 ? 1 : -1) * 0.8;
          sprites.draw(ctx, TILE_BACK, 4 + off, ch - h - 3 - i * 3, w, h, d);
        }
      }
      boneyardPile.art.replaceChildren(c);
    }
  }

  /* ---- actions ---- */
  function act(msg) {
    if (drop) {
      drop = null;
      animator.finish && animator.finish();
    }
    sendMessage(model, msg);
  }
  function firstFocusable() {
    const t = handRow.querySelector('.gw-dom-tile[data-playable="true"]');
    return t || (!drawButton.hidden && drawButton) || (!passButton.hidden && passButton) || newButton;
  }
  function setSelected(tile) {
    selected = tile;
    updateDom();
    requestDraw();
  }
  function onTileClick(tile) {
    const p = playable().find((x) => sameTile(x.tile, tile));
    if (!p) {
      sound.play(SOUNDS.blocked);
      status.show(turn() === seat() && !result() && live() ? "That tile does not fit: choose a highlighted one." : statusText());
      if (!live()) for (const b of [connectionNotice, closedNotice, waitingNotice]) b.nudge();
      return;
    }
    if (selected && sameTile(selected, tile)) {
      sound.play(SOUNDS.deselect);
      setSelected(null);
      return;
    }
    if (p.ends.length === 1 || !line().length) {
      selected = null;
      act({ type: "play", tile: p.tile, end: p.ends[0], position: position() });
      updateDom();
      return;
    }
    sound.play(SOUNDS.select);
    setSelected(p.tile);
  }
  function playSelected(end) {
    const p = selectedEntry();
    if (!p || !p.ends.includes(end)) return;
    selected = null;
    act({ type: "play", tile: p.tile, end, position: position() });
    updateDom();
    requestDraw();
  }
  function onTileKey(event) {
    if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
      const end = event.key === "ArrowLeft" ? "left" : "right";
      if (selected) {
        event.preventDefault();
        playSelected(end);
      }
    }
  }
  function onRootKey(event) {
    if (event.defaultPrevented) return;
    if (event.key === "Escape" && selected && !levelDialog.isOpen) {
      event.preventDefault();
      sound.play(SOUNDS.deselect);
      setSelected(null);
    } else if ((event.key === "ArrowLeft" || event.key === "ArrowRight") && selected && event.target && event.target.closest && event.target.closest(".gw-dom-end")) {
      event.preventDefault();
      playSelected(event.key === "ArrowLeft" ? "left" : "right");
    } else if ((event.key === "m" || event.key === "M") && !event.ctrlKey && !event.metaKey && !event.altKey
      && keyPlace(event) !== "text") {
      consume(event);
      soundToggle.toggle();
    }
  }
  listen(onCleanup, [[root, "keydown", onRootKey]]);

  function openLevel() {
    if (mode() !== "computer") return;
    updateLevelButtons();
    levelDialog.open({ focus: true });
    const cur = levelButtons[level()];
    if (cur) cur.focus({ preventScroll: true });
  }
  function chooseLevel(l) {
    levelDialog.close();
    if (l !== level()) act({ type: "set_level", level: l });
  }
  function updateLevelButtons() {
    for (const l of LEVELS) levelButtons[l].setAttribute("aria-current", l === level() ? "true" : "false");
  }

  /* ---- sync ---- */
  function offlineText() {
    const left = countdown.remaining();
    return left ? `Offline \u2014 reconnecting in ${left} s` : "Offline \u2014 reconnecting\u2026";
  }
  function statusText() {
    const err = readString(model, "error", "");
    if (err) return err;
    if (flashText) return flashText;
    const m = mode();
    const n = names();
    const me = seat();
    const o = m === "online" ? net() : null;
    if (o) {
      if (o.state === "replaced") return "This seat is open in another notebook.";
      if (o.state === "closed") return o.message || "The room is closed.";
      if (o.state === "connecting") return "Connecting to the room\u2026";
      if (o.state === "offline") return `${offlineText()}.`;
    }
    const r = result();
    if (r) {
      if (r.winner == null) return "Blocked: equal pips, a draw.";
      const pts = `${r.points} point${r.points === 1 ? "" : "s"}`;
      if (o) return `${r.winner === me ? "You win" : "Your opponent wins"} ${pts}.`;
      return `${n[r.winner]} ${mode() === "computer" && r.winner === 0 ? "win" : "wins"} ${pts}.`;
    }
    if (o) {
      if (o.request === me) return "You asked for a new game: waiting for your opponent's answer.";
      if (o.request === 1 - me) return "Your opponent asks for a new game: agree or decline.";
      if (!o.seats[1 - me]) {
        return o.joined ? "Waiting for your opponent to reconnect." : "Waiting for your opponent to join: send them the invite.";
      }
    }
    const t = turn();
    if (t == null) return "";
    if (handoff()) return `Pass the device to ${n[t]}.`;
    if (m === "computer" && t !== me) return thinking() ? "Computer is thinking\u2026" : "Computer's turn.";
    if (m === "online" && t !== me) return "Your opponent's turn.";
    const who = m === "local" ? `${n[t]}'s turn` : "Your turn";
    if (selected) return `${who}: choose the left or right end (\u2190 \u2192), Esc to put it back.`;
    if (canDraw()) return `${who}: no tile fits \u2014 draw from the boneyard.`;
    if (canPass()) return `${who}: no tile fits and the boneyard is empty \u2014 pass.`;
    const op = opening();
    if (!line().length && op) return `${who}: lead with the ${op[0]}\u2013${op[1]}.`;
    return `${who}: choose a highlighted tile.`;
  }

  /** Online: the hand the server keeps hidden, as backs with the count. */
  function hiddenHandRow(row, count, d) {
    if (!count) {
      const em = doc.createElement("em");
      em.textContent = "no tiles left";
      row.appendChild(em);
      return;
    }
    for (let k = 0; k < Math.min(count, 10); k++) row.appendChild(dominoCanvas(doc, TILE_BACK, 36, 18, d, { pad: 2 }));
    const note = doc.createElement("span");
    note.className = "gw-dom-hidden";
    note.textContent = `${count} tile${count === 1 ? "" : "s"}, kept hidden`;
    row.appendChild(note);
  }

  function updateResult() {
    const r = result();
    const m = mode();
    const me = seat();
    const hiddenCount = counts()[1 - me];
    const key = r ? JSON.stringify([r, m, me, m === "online" ? hiddenCount : 0]) : "";
    const changed = key !== resultKey;
    resultKey = key;
    const blocked = m === "online" && ["replaced"].includes(net().state);
    if (!r || blocked) {
      resultDialog.close();
      if (!r) return;
    }
    if (changed) fillResult(r);
    if (!blocked && (changed || !resultDialog.isOpen)) resultDialog.open({ focus: root.contains(doc.activeElement) });
  }

  function fillResult(r) {
    const n = names();
    const m = mode();
    const me = seat();
    const isNet = m === "online";
    let titleText;
    if (r.winner == null) titleText = "A draw";
    else if (m === "computer") titleText = r.winner === me ? "You win!" : "The computer wins";
    else if (isNet) titleText = r.winner === me ? "You win!" : "Your opponent wins";
    else titleText = `${n[r.winner]} wins!`;
    resultDialog.setTitle(titleText);
    let why;
    if (r.reason === "blocked") {
      why = r.winner == null ? "Blocked: both hands hold the same pips." : "Blocked: lower pips win, scoring the difference.";
    } else if (r.winner == null) why = "";
    else if (isNet) {
      why =
        r.winner === me
          ? "You played out, scoring the pips left in your opponent's hand."
          : "Your opponent played out, scoring the pips left in your hand.";
    } else why = `${n[r.winner]} played out, scoring the pips left in the other hand.`;
    resultDialog.setMessage(why);
    points.textContent = r.winner == null ? "0 points" : `${r.points} point${r.points === 1 ? "" : "s"}`;
    resultHands.replaceChildren();
    const d = win.devicePixelRatio || 1;
    for (const i of [0, 1]) {
      const box = doc.createElement("div");
      box.className = "gw-dom-result-hand";
      box.dataset.seat = String(i);
      // online: the server never shows the other hand, only its count and pips
      const hidden = isNet && i !== me && !r.hands[i].length;
      const count = hidden ? counts()[i] : r.hands[i].length;
      const head = doc.createElement("div");
      const b = doc.createElement("b");
      b.textContent = n[i];
      const pips = r.pips[i] != null ? r.pips[i] : r.hands[i].reduce((s, t) => s + t[0] + t[1], 0);
      head.append(b, doc.createTextNode(` \u00b7 ${pips} pips left`));
      const row = doc.createElement("div");
      row.className = "gw-dom-result-tiles";
      if (hidden) hiddenHandRow(row, count, d);
      else if (!r.hands[i].length) {
        const em = doc.createElement("em");
        em.textContent = "no tiles left";
        row.appendChild(em);
      }
      if (!hidden) for (const t of r.hands[i]) row.appendChild(dominoCanvas(doc, t, 36, 18, d, { pad: 2 }));
      box.append(head, row);
      resultHands.appendChild(box);
    }
  }

  function onEvent(ev) {
    if (!ev) return;
    const id = Number.isInteger(ev.id) ? ev.id : null;
    const fresh = handledEventId !== null && id !== handledEventId;
    const first = handledEventId === null;
    handledEventId = id;
    root.dataset.event = id == null ? "" : String(id);
    if (first || !fresh) return;
    const withSound = claimSound(model, id);
    const me = seat();
    switch (ev.kind) {
      case "play":
        if (ev.end === "left" || ev.end === "right") {
          drop = { end: ev.end, tween: animator.start(DROP_MS) };
          requestDraw();
        }
        if (withSound) sound.play(SOUNDS.play);
        break;
      case "draw":
        if (withSound) sound.play(SOUNDS.draw);
        break;
      case "pass":
        if (withSound) sound.play(SOUNDS.pass);
        break;
      case "new":
        selected = null;
        if (withSound) sound.play(SOUNDS.newGame);
        break;
      case "reveal":
        if (withSound) sound.play(SOUNDS.reveal);
        break;
      case "level":
        if (withSound) sound.play(SOUNDS.level);
        break;
      case "over": {
        const r = result();
        if (withSound) {
          const good = !r || r.winner == null || mode() === "local" || r.winner === me;
          sound.play(good ? SOUNDS.win : SOUNDS.lose);
        }
        break;
      }
      // online
      case "request":
        if (withSound && ev.player !== me) sound.play(SOUNDS.request);
        break;
      case "declined": {
        // `player` asked; the request ended without a new game. Said only when this
        // view did not answer it itself (Decline / Withdraw).
        const requester = ev.player === 0 || ev.player === 1 ? ev.player : seenRequest;
        if (Date.now() - declinedAt < 15000 || requester == null) break;
        if (requester === me) {
          flash("Your opponent declined the new game: play on.");
          if (withSound) sound.play(SOUNDS.declined);
        } else flash("Your opponent withdrew the request for a new game.");
        break;
      }
      case "connection": {
        const now = Array.isArray(ev.seats) ? ev.seats[1 - me] === true : net().seats[1 - me];
        if (seenSeats && now !== seenSeats[1 - me]) {
          if (withSound) sound.play(now ? SOUNDS.joined : SOUNDS.left);
          if (now) flash(net().joined && !seenJoined ? "Your opponent joined: let's play." : "Your opponent is back.");
        }
        break;
      }
      case "replaced":
        if (withSound) sound.play(SOUNDS.left);
        break;
      default:
        break;
    }
  }

  function updateOnline() {
    const ds = root.dataset;
    if (!isOnline()) {
      onlineStrip.hidden = true;
      ds.online = "";
      ds.seats = "";
      ds.request = "";
      ds.live = "true";
      for (const b of [connectionNotice, closedNotice, waitingNotice, askedNotice, requestNotice]) b.show(null);
      replacedDialog.close();
      if (netKey) countdown.set(null);
      netKey = "";
      newButton.hidden = false;
      newButton.disabled = false;
      newButton.title = "Deal a new hand";
      resultDialog.buttons.new.hidden = false;
      resultDialog.buttons.new.disabled = false;
      return;
    }
    const o = net();
    const me = seat();
    const opp = 1 - me;
    const n = names();
    const key = JSON.stringify(readRaw(model, "online") ?? null);
    if (key !== netKey) {
      netKey = key;
      countdown.set(o.state === "offline" ? o.retryIn : null);
      if (flashText && presenceKey() !== flashFor) {
        // a passing message is stale once someone's connection changes
        flashText = "";
        clearTimeout(flashTimer);
      }
    }
    ds.online = o.state;
    ds.seats = o.seats.map((on) => (on ? "1" : "0")).join("");
    ds.request = o.request == null ? "" : String(o.request);
    ds.live = live() ? "true" : "false";
    onlineStrip.hidden = false;

    // the chips: who is here, who is missing
    const mine = {
      connected: ["on", "connected"],
      connecting: ["wait", "connecting\u2026"],
      offline: ["off", "offline"],
      replaced: ["off", "open in another notebook"],
      closed: ["off", "disconnected"],
    }[o.state];
    for (const i of [0, 1]) {
      let presence;
      let text;
      if (i === me) [presence, text] = mine;
      else if (o.seats[i]) [presence, text] = ["on", "connected"];
      else if (i === 1 && !o.joined) [presence, text] = ["free", "not joined yet"];
      else [presence, text] = ["off", "offline"];
      const role = i === 0 ? "host" : "guest";
      chips[i].set({ name: n[i], state: text, presence, title: `${n[i]} (${role}): ${text}` });
      chips[i].el.dataset.connected = o.seats[i] ? "true" : "false";
    }

    // the invite
    const invite = readString(model, "invite", "");
    if (invite !== seenInvite) {
      seenInvite = invite;
      ds.copied = "false";
    }
    inviteBox.set(o.state === "closed" ? "" : invite); // a closed room's invite is dead

    // notices
    const replaced = o.state === "replaced";
    const closed = o.state === "closed";
    const connected = o.state === "connected";
    if (o.state === "connecting") {
      connectionNotice.setTone("info");
      connectionNotice.show("Connecting\u2026", o.message);
    } else if (o.state === "offline") {
      connectionNotice.setTone("danger");
      connectionNotice.show(offlineText(), o.message);
    } else connectionNotice.show(null);
    closedNotice.show(closed ? "Room closed" : null, o.message || "This game cannot go on: the room is gone.");
    if (connected && !o.seats[opp]) {
      const detail =
        o.message ||
        (o.joined ? "Your opponent's notebook lost the connection." : invite ? "Copy the invite above and send it to your opponent." : "");
      waitingNotice.show(o.joined ? "Waiting for the opponent to reconnect" : "Waiting for the opponent to join", detail);
    } else waitingNotice.show(null);
    askedNotice.show(connected && o.request === me ? "You asked for a new game \u2014 waiting for the opponent" : null);
    requestNotice.show(connected && o.request === opp ? "Your opponent asks for a new game" : null);
    if (replaced) for (const b of [connectionNotice, closedNotice, waitingNotice, askedNotice, requestNotice]) b.show(null);

    // New game: ask / agree; nothing while it cannot work
    const newTitle =
      o.request === opp
        ? "Agree to your opponent's new game"
        : o.request === me
          ? "Waiting for your opponent's answer"
          : o.joined
            ? "Ask your opponent for a new game"
            : "Deal a new hand (nobody has joined yet)";
    newButton.hidden = closed;
    newButton.disabled = !connected || o.request === me;
    newButton.title = newTitle;
    const again = resultDialog.buttons.new;
    again.hidden = closed || o.request != null;
    again.disabled = !connected;
    again.title = newTitle;

    // someone else took this seat
    if (replaced) {
      replacedDialog.setMessage(
        o.message || "Only one notebook can hold a seat. Play here to take it back; the other notebook then stops playing.",
      );
      if (!replacedDialog.isOpen) replacedDialog.open({ focus: root.contains(doc.activeElement) });
    } else replacedDialog.close();
    seenRequest = o.request;
    seenSeats = o.seats;
    seenJoined = o.joined;
  }

  /** The notices live over the board, or in the result screen while it is open. */
  function placeNotices() {
    const home = isOnline() && resultDialog.isOpen ? resultDialog.body : boardBox;
    if (notices.parentNode === home) return;
    const hadFocus = notices.contains(doc.activeElement) ? doc.activeElement : null;
    home.appendChild(notices);
    if (hadFocus) hadFocus.focus({ preventScroll: true });
  }

  function updateDom() {
    if (destroyed) return;
    const m = mode();
    const n = names();
    const me = seat();
    const t = turn();
    const r = result();
    const hand = handoff() ? [] : tiles("hand");
    const play = playable();
    if (selected && !play.some((p) => sameTile(p.tile, selected))) selected = null;
    const ds = root.dataset;
    ds.mode = m;
    ds.level = level();
    ds.turn = t == null ? "" : String(t);
    ds.seat = String(me);
    ds.hand = String(hand.length);
    ds.playable = String(handoff() ? 0 : play.length);
    ds.line = String(line().length);
    ds.boneyard = String(boneyard());
    ds.selected = selected ? tileKey(selected) : "";
    ds.handoff = handoff() ? "true" : "false";
    ds.thinking = thinking() ? "true" : "false";
    ds.opponent = String(counts()[1 - me]);
    ds.muted = readBool(model, "muted", true) ? "true" : "false";
    ds.reducedMotion = animator.reduced() ? "true" : "false";
    ds.state = r ? "over" : "playing";
    if (!r) ds.result = "";
    else if (r.winner == null) ds.result = "draw";
    else if (m === "local") ds.result = String(r.winner);
    else ds.result = r.winner === me ? "won" : "lost";

    titleSmall.textContent =
      m === "computer"
        ? `vs computer \u00b7 ${LEVEL_NAMES[level()]}`
        : m === "online"
          ? `online \u00b7 ${me === 0 ? "host" : "guest"}`
          : "two players";
    levelButton.hidden = m !== "computer";
    levelButton.querySelector(".gw-button-label").textContent = `Level: ${LEVEL_NAMES[level()]}`;
    updateLevelButtons();
    thinkingBadge.show(thinking() && !r);

    const opp = 1 - me;
    const oc = counts()[opp];
    opponentPile.count.textContent = String(oc);
    opponentPile.label.textContent = `${n[opp]} \u00b7 tile${oc === 1 ? "" : "s"}`;
    opponentPile.el.dataset.turn = t === opp && !handoff() ? "true" : "false";
    opponentPile.el.title = `${n[opp]} holds ${oc} hidden tile${oc === 1 ? "" : "s"}`;
    boneyardPile.count.textContent = String(boneyard());
    boneyardPile.label.textContent = "Boneyard";
    boneyardPile.el.title = `${boneyard()} tile${boneyard() === 1 ? "" : "s"} left to draw`;
    paintPiles();

    const myTurn = t === me && !handoff() && !r;
    handLabel.dataset.turn = myTurn ? "true" : "false";
    handLabel.replaceChildren(
      doc.createTextNode(m !== "local" ? "Your tiles" : handoff() ? "Hidden hand" : `${n[me]}'s tiles`),
    );
    const small = doc.createElement("small");
    small.textContent = `${hand.length} tile${hand.length === 1 ? "" : "s"}`;
    if (!handoff()) handLabel.appendChild(small);
    handRow.dataset.active = myTurn && play.length ? "true" : "false";
    handRow.dataset.empty = handoff() ? "hidden until revealed" : r ? "" : "no tiles";
    handRow.setAttribute("aria-label", m !== "local" ? "Your tiles" : `${n[me]}'s tiles`);
    drawButton.hidden = !canDraw() || handoff();
    passButton.hidden = !canPass() || handoff();
    updateHand();

    // handoff screen (local mode)
    if (handoff() && !r) {
      const who = t == null ? n[me] : n[t];
      handoffDialog.setTitle(`Pass the device to ${who}`);
      const lbl = handoffDialog.buttons.reveal.querySelector(".gw-button-label");
      lbl.textContent = `I am ${who}: show my tiles`;
      handoffDialog.open({ focus: root.contains(doc.activeElement) });
    } else handoffDialog.close();
    if (m !== "computer" && levelDialog.isOpen) levelDialog.close();

    updateOnline();
    updateResult();
    placeNotices();
    status.show(statusText(), readString(model, "error", "") ? "error" : undefined);
    positionMarkers();
  }

  function onTraits(changed) {
    if (destroyed) return;
    onEvent(currentEvent());
    if (!changed || changed.has("line")) {
      // the canvas height follows the line
      layout = null;
      board.resize();
    }
    updateDom();
    requestDraw();
  }


  onCleanup(
    watchTraits(
      model,
      [
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
      ],
      onTraits,
    ),
  );
  onTraits(null);

  return () => {
    destroyed = true;
    drop = null;
    shell.destroy();
  };
}

export default { render };
