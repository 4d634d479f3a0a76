// Mahjong Connect (Shisen-Sho style): the canvas view of gamewidgets.MahjongConnect.
//
// Python is the source of truth (see js/mahjong/CONTRACT.md): this view renders the
// traits, animates `last_event`, and sends the player's intents as messages.
//
// Structure of render():
//   DOM      header (title, score / time / tiles read-outs, the stack of removed tiles
//            in the top-right corner), toolbar (Hint, Undo, Shuffle, New game, Play
//            again, Pause, Sound), the board canvas on a "stage" that also holds the
//            dialogs (No more moves, won, paused), settings (reduced motion,
//            orientation), a status line.
//   geometry the grid in view coordinates (transposed in portrait) with a ring margin
//            of RING tile widths around it, where connecting paths may run.
//   sync     traits are watched together (one microtask per Python update); a new
//            last_event starts its effect (path + flying tiles, red flash, hint, ...).
//   draw     one function paints the board from the traits and the running effects,
//            and returns true while something moves.
//
// Choices where the contract is silent:
// - The data attributes sit on the view's own root div ([data-game=mahjong], a child
//   of `el`), so cleanup removes them with it. data-hint and data-selected mirror the
//   traits (landscape "r,c"), whether or not the frames are still drawn. Extra
//   attributes: data-removed (number of removed tiles), data-time ("mm:ss" shown),
//   data-muted, data-reduced-motion, data-dragging ("true" during a drag).
// - Orientation "auto" is portrait when the board's container is narrower than
//   700 CSS px. The canvas then is at most 460 px wide; landscape at most 1080 px.
// - A click on an empty cell (or the ring) sends {"type": "deselect"} when a tile is
//   selected, nothing otherwise. A drag dropped on an empty cell, outside the board or
//   on its own tile sends nothing. While paused, a click on the board resumes; after a
//   win, board clicks do nothing.
// - Hint frames: 2.5 s after a fresh `hint` event (fading at the end); on first render
//   a non-empty `hint` trait is framed for as long as the trait keeps that pair.
// - The "No more moves" dialog opens when `stuck` becomes true (and on first render
//   if it is); closing it (× or Esc) keeps it closed until `stuck` has been false
//   again; the toolbar's Shuffle (S) works without it. The won dialog cannot be
//   dismissed (Play again / New game). Paused: a cover dialog with Resume.
// - Keyboard shortcuts (H U S N R P M) work anywhere in the view (not only on the
//   board); arrows, Home/End, Enter/Space and Esc act on the focused board.
// - `tick` messages: one view per model sends them (two views of one model would
//   double them), at each 10 s boundary of the extrapolated play time.
// - Removal: tiles fly towards the top-right corner (where the removed stack is)
//   while the path shows; with reduced motion the tiles just vanish and the path
//   shows without fading. The removed stack is a small canvas in the header's
//   top-right corner (the last 5, the newest on top, and the count).
// - `record` (the best won score) shows as "Best" on the win screen.
// - A grid smaller than 8 x 18 (Game.from_grid puzzles) is drawn with tiles at most
//   60 px wide, centred on a board of at least 420 x 330 px so the dialogs fit.
// - Dialogs stay on screen over a tall (portrait) board: their panel is sticky.
// - The mouse's tile brightens a little; the keyboard cursor is a dashed white frame
//   (the selection's frame is yellow, the hint's blue, a refused pair's red, the
//   analysis' next pair magenta; the other overlay pairs carry numbered dots in one
//   colour per pair, joined by a dashed line).

import { createCanvas, createSprite, roundRectPath } from "../lib/canvas.js";
import { createClock, formatClock } from "../lib/clock.js";
import { bindToggleButton, createButton, createMuteButton, createToolbar } from "../lib/buttons.js";
import { consume } from "../lib/keys.js";
import { createReadout, createStatusLine } from "../lib/readouts.js";
import { createSettings } from "../lib/settings.js";
import { createShell } from "../lib/shell.js";
import { createDialog, ensureDialogStyles } from "../lib/dialog.js";
import { createPointerDrag } from "../lib/drag.js";
import { createGridCursor, describeBoard, trackBoardFocus } from "../lib/grid.js";
import { createAnimator, easing, watchPrefersReducedMotion } from "../lib/motion.js";
import { claimSound, createSound, TONES } from "../lib/sound.js";
import { ensureStyleSheet } from "../lib/stylesheet.js";
import { PALETTE, font } from "../lib/theme.js";
import { TILE_ASPECT, TILE_BACK, createTileSprites, tileFaceRect, tileName } from "../lib/tiles.js";
import {
  asObject,
  readBool,
  readInt,
  readList,
  readNumber,
  readRaw,
  readString,
  sendMessage,
  setTrait,
  watchTraits,
} from "../lib/traits.js";
import { listen } from "../lib/cleanup.js";

const DEFAULT_ROWS = 8;
const DEFAULT_COLS = 18;
const RING = 0.72; // the margin around the grid, in tile widths (the ring of paths)
const PORTRAIT_BELOW = 700; // auto orientation: portrait when narrower (CSS px)
const MAX_TILE_W = 60; // CSS px: a small grid (e.g. a puzzle) does not blow up
const HINT_MS = 2500;
const HINT_FADE_MS = 450;
const PATH_MS = 600;
const FLY_MS = 480;
const REFUSED_MS = 520;
const SHUFFLE_MS = 420;
const TICK_EVERY = 10; // s of play between tick messages
const STACK_SHOWN = 5; // removed tiles drawn in the stack

const COLOURS = {
  select: "#ffd21f",
  hint: "#2f8cff",
  refused: "#ff3b30",
  path: "#fff4b0",
  next: "#ff4fd8",
  cursor: "#ffffff",
};
// one colour per overlay pair (cycled)
const PAIR_COLOURS = ["#ff9f1c", "#2ec4b6", "#e71d36", "#8e7dff", "#3a86ff", "#ff5fa2", "#7bd389", "#ffd166", "#00b4d8", "#c77dff"];

// Sounds: tones of js/lib/sound.js plus a few tile sounds.
const SOUNDS = {
  select: [
    { f: 1250, to: 900, d: 0.045, type: "triangle", v: 0.45 },
    { f: 2600, d: 0.025, type: "noise", v: 0.1 },
  ],
  deselect: TONES.deselect,
  remove: [
    { f: 1100, to: 820, d: 0.05, type: "triangle", v: 0.45 },
    { f: 1300, to: 950, d: 0.05, type: "triangle", v: 0.45, at: 0.07 },
    { f: 1568, d: 0.1, type: "sine", v: 0.25, at: 0.12 },
    { f: 2093, d: 0.16, type: "sine", v: 0.2, at: 0.17 },
  ],
  refused: TONES.blocked,
  hint: [
    { f: 1319, d: 0.14, type: "sine", v: 0.3 },
    { f: 1760, d: 0.22, type: "sine", v: 0.28, at: 0.09 },
  ],
  shuffle: [
    { f: 2400, d: 0.05, type: "noise", v: 0.12 },
    { f: 2000, d: 0.05, type: "noise", v: 0.12, at: 0.06 },
    { f: 2600, d: 0.05, type: "noise", v: 0.12, at: 0.12 },
    { f: 1800, d: 0.06, type: "noise", v: 0.12, at: 0.18 },
    { f: 660, to: 990, d: 0.18, type: "triangle", v: 0.25, at: 0.24 },
  ],
  undo: TONES.undo,
  newGame: TONES.newGame,
  win: TONES.win,
  stuck: [
    { f: 392, d: 0.16, type: "triangle", v: 0.35 },
    { f: 330, d: 0.26, type: "triangle", v: 0.35, at: 0.15 },
  ],
  pause: TONES.pause,
  resume: TONES.resume,
  unmute: TONES.unmute,
};

// Extra icons for the toolbar (same style as the ICONS of js/lib/buttons.js).
const ICONS = {
  shuffle:
    '<path d="M16 3h5v5"/><path d="M4 20 21 3"/><path d="M21 16v5h-5"/><path d="m15 15 6 6"/><path d="M4 4l5 5"/>',
  restart: '<path d="M3 12a9 9 0 1 0 3-6.7L3 8"/><path d="M3 3v5h5"/>',
  pause: '<path d="M8 5v14"/><path d="M16 5v14"/>',
  resume: '<path d="M7 4l12 8-12 8z"/>',
};

const CSS = `
.gw-root.gw-mahjong { max-width: 1120px; }
.gw-mahjong .gw-board-wrap { margin-top: 2px; }
.gw-mahjong .gw-mj-stage { position: relative; line-height: 0; border-radius: 14px; }
.gw-mahjong .gw-board { border-radius: 14px; cursor: pointer; }
.gw-mahjong[data-dragging="true"] .gw-board { cursor: grabbing; }
.gw-mahjong[data-state="won"] .gw-board { cursor: default; }
.gw-mahjong .gw-header { align-items: center; }
.gw-mahjong .gw-mj-right { display: flex; align-items: center; gap: 10px; flex-wrap: wrap; justify-content: flex-end; }
.gw-mahjong .gw-mj-removed {
  display: flex; align-items: center; gap: 6px; height: 46px; padding: 0 10px 0 6px;
  border-radius: 9px; background: rgba(0, 0, 0, 0.28); border: 1px solid rgba(255, 255, 255, 0.06);
}
.gw-mahjong .gw-mj-removed canvas { display: block; }
.gw-mahjong .gw-mj-removed-count { display: flex; flex-direction: column; align-items: flex-start; line-height: 1.15; }
.gw-mahjong .gw-mj-removed-count b { font-size: 17px; font-variant-numeric: tabular-nums; }
.gw-mahjong .gw-mj-removed-count span {
  font-size: 10px; text-transform: uppercase; letter-spacing: 0.09em; color: ${PALETTE.textDim};
}
.gw-mahjong .gw-setting select {
  font: inherit; font-size: 12px; color: ${PALETTE.text}; background: #2d3643;
  border: 1px solid rgba(255, 255, 255, 0.14); border-radius: 6px; padding: 1px 4px; cursor: pointer;
}
.gw-mahjong .gw-mj-won-stats { display: flex; gap: 10px; justify-content: center; }
.gw-mahjong .gw-mj-won-stats div {
  display: flex; flex-direction: column; align-items: center; min-width: 84px; padding: 6px 12px;
  border-radius: 10px; background: rgba(0, 0, 0, 0.25); border: 1px solid rgba(255, 255, 255, 0.07);
}
.gw-mahjong .gw-mj-won-stats span {
  font-size: 10px; text-transform: uppercase; letter-spacing: 0.09em; color: ${PALETTE.textDim};
}
.gw-mahjong .gw-mj-won-stats b { font-size: 24px; font-variant-numeric: tabular-nums; }
.gw-mahjong .gw-mj-won-stats [data-stat="score"] b { color: ${PALETTE.accent}; }
.gw-mahjong .gw-dialog-backdrop[data-dialog="paused"] { background: transparent; cursor: pointer; }
.gw-mahjong .gw-dialog-backdrop[data-dialog="stuck"] { background: rgba(10, 14, 20, 0.28); }
`;

// The views of each model, oldest first: only the first one sends `tick`.
const liveViews = new WeakMap();

const sameCell = (a, b) => !!a && !!b && a[0] === b[0] && a[1] === b[1];
const clamp = (v, lo, hi) => Math.max(lo, Math.min(hi, v));

/* ------------------------------------------------------------------- render -- */

function render({ model, el }) {
  const doc = el.ownerDocument || document;
  ensureDialogStyles(el);
  ensureStyleSheet(el, "gamewidgets-mahjong-v1", CSS);

  const shell = createShell({ model, el, game: "mahjong", title: "Mahjong Connect", compactBelow: 760 });
  const { onCleanup } = shell;
  let destroyed = false;

  const viewToken = {};
  if (!liveViews.has(model)) liveViews.set(model, new Set());
  liveViews.get(model).add(viewToken);
  onCleanup(() => liveViews.get(model).delete(viewToken));
  const isTickOwner = () => liveViews.get(model).values().next().value === viewToken;

  /* ---- trait readers ---- */
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
  function currentGrid() {
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
  function codeAt(cell, grid = currentGrid()) {
    if (!cell) return null;
    const { cols } = dims();
    return grid[cell[0] * cols + cell[1]] || null;
  }
  const currentSelected = () => cellOf(readRaw(model, "selected"));
  const currentHint = () => pairOf(readRaw(model, "hint_pair"));
  function currentEvent() {
    const ev = asObject(readRaw(model, "last_event"));
    if (!ev || !Number.isInteger(ev.id) || typeof ev.kind !== "string") return null;
    return ev;
  }
  function currentOverlay() {
    const raw = asObject(readRaw(model, "overlay"));
    if (!raw) return null;
    const pairs = [];
    if (Array.isArray(raw.pairs)) {
      for (const p of raw.pairs) {
        const pair = pairOf(p);
        if (pair) pairs.push(pair);
      }
    }
    const next = pairOf(raw.next);
    const title = typeof raw.title === "string" ? raw.title : "";
    if (!pairs.length && !next && !title) return null;
    return { title, pairs, next };
  }
  const removedList = () => readList(model, "removed").filter((v) => typeof v === "string");
  const isTimed = () => readString(model, "scoring", "timed") !== "standard";
  const reducedFlag = () => readBool(model, "reduced_motion", false);

  /* ---- DOM ---- */
  const { root, header, title, subtitle } = shell;
  subtitle.textContent = "Shisen-Sho";
  const right = doc.createElement("div");
  right.className = "gw-mj-right";
  const stats = doc.createElement("div");
  stats.className = "gw-stats";
  const scoreOut = createReadout({ doc, name: "score", label: "Score" });
  const clockOut = createReadout({ doc, name: "clock", label: "Time" });
  const tilesOut = createReadout({ doc, name: "tiles", label: "Tiles" });
  stats.append(scoreOut.el, clockOut.el, tilesOut.el);
  const removedBox = doc.createElement("div");
  removedBox.className = "gw-mj-removed";
  removedBox.title = "Removed tiles (the newest on top)";
  const removedCount = doc.createElement("div");
  removedCount.className = "gw-mj-removed-count";
  const removedNumber = doc.createElement("b");
  removedNumber.textContent = "0";
  const removedLabel = doc.createElement("span");
  removedLabel.textContent = "removed";
  removedCount.append(removedNumber, removedLabel);
  right.append(stats, removedBox);
  header.append(title, right);

  const act = (msg) => {
    if (destroyed) return;
    effects.finishShort();
    sendMessage(model, msg);
  };
  function button(label, action, icon, shortcut, tip, onClick) {
    const b = createButton({ doc, label, action, icon: ICONS[icon] ? "new" : icon, shortcut, title: tip, onClick });
    if (ICONS[icon]) setIcon(b, icon);
    return b;
  }
  function setIcon(b, name) {
    const svg = b.querySelector("svg");
    if (svg) svg.innerHTML = ICONS[name];
  }
  const hintButton = button("Hint", "hint", "hint", "H", "Show two tiles that can be removed (H, costs 10 points)", () => act({ type: "hint" }));
  const undoButton = button("Undo", "undo", "undo", "U", "Take back the last pair (U)", () => act({ type: "undo" }));
  const shuffleButton = button("Shuffle", "shuffle", "shuffle", "S", "Shuffle the remaining tiles: only when no pair can be removed (S)", () => act({ type: "shuffle" }));
  const newButton = button("New game", "new", "new", "N", "Start a new deal (N)", () => act({ type: "new_game" }));
  const restartButton = button("Play again", "restart", "restart", "R", "Start this deal again (R)", () => act({ type: "restart" }));
  const pauseButton = button("Pause", "pause", "pause", "P", "Pause the game (P)", () => togglePause());
  const spacer = doc.createElement("span");
  spacer.className = "gw-spacer";
  const sound = createSound({ isMuted: () => readBool(model, "muted", true) });
  sound.unlockOn(root);
  onCleanup(sound.destroy);
  const muteToggle = createMuteButton({ doc, model, sound: () => sound, unmuteTone: SOUNDS.unmute, onToggle: () => updateDom() });
  onCleanup(muteToggle.destroy);
  const toolbar = createToolbar({
    doc,
    label: "Game",
    children: [hintButton, undoButton, shuffleButton, newButton, restartButton, pauseButton, spacer, muteToggle.el],
  });

  const boardWrap = doc.createElement("div");
  boardWrap.className = "gw-board-wrap";
  const stage = doc.createElement("div");
  stage.className = "gw-mj-stage";
  boardWrap.appendChild(stage);

  const settingBoxes = createSettings({ doc, model, items: [["reduced_motion", "Reduced motion", "No flying tiles or fades"]] });
  onCleanup(settingBoxes.destroy);
  const settings = settingBoxes.el;
  const orientLabel = doc.createElement("label");
  orientLabel.className = "gw-setting";
  orientLabel.title = "Landscape: 18 tiles a row; portrait: 8 a row (auto picks by the space)";
  const orientText = doc.createElement("span");
  orientText.textContent = "Board";
  const orientSelect = doc.createElement("select");
  orientSelect.dataset.setting = "orientation";
  for (const [value, label] of [
    ["auto", "Auto"],
    ["landscape", "Landscape"],
    ["portrait", "Portrait"],
  ]) {
    const opt = doc.createElement("option");
    opt.value = value;
    opt.textContent = label;
    orientSelect.appendChild(opt);
  }
  const onOrientChange = () => setTrait(model, "orientation", orientSelect.value);
  listen(onCleanup, [[orientSelect, "change", onOrientChange]]);
  orientLabel.append(orientText, orientSelect);
  settings.appendChild(orientLabel);

  const status = createStatusLine({ doc });
  shell.mount(header, toolbar, boardWrap, settings, status.el);

  /* ---- state ---- */
  let initialised = false;
  let handledEventId = null;
  let shownEventId = null;
  let focus = null; // keyboard focus of the board (trackBoardFocus), once it exists
  let layoutState = { portrait: false, vr: DEFAULT_ROWS, vc: DEFAULT_COLS };
  let geo = null;
  let geoKey = "";
  let background = null;
  let dpr = 1;
  let overlay = null;
  let refusedReason = "";
  let stuckDismissed = false;
  let prevStuck = false;
  let prevWon = false;
  // the clock: play seconds `seconds` at time `at` (Date.now()), running or not
  let clockBase = { trait: null, seconds: 0, at: Date.now(), running: false };
  let tickTimer = 0;
  let hover = null; // [r, c] grid: the tile under the mouse
  let dragState = null; // { from: [r, c] grid, code, x, y, grabX, grabY, over: [r, c] | null }
  const tiles = createTileSprites();

  let board = null;
  const requestDraw = () => {
    if (board) board.requestDraw();
  };
  const animator = createAnimator({ isReduced: reducedFlag, onChange: requestDraw });
  onCleanup(animator.destroy);
  const reduced = () => animator.reduced();
  onCleanup(
    watchPrefersReducedMotion(() => {
      updateDom();
      requestDraw();
    }),
  );

  /* ---- effects (each a tween and what it draws) ---- */
  const effects = {
    hint: null, // { pair, tween | null (no expiry) }
    path: null, // { points: [[r, c] grid/ring], tween }
    fly: [], // [{ cell, code, tween }]
    refused: null, // { cells, tween }
    shuffle: null, // { tween }
    celebrate: null, // { tween, seed }
    /** Jump the short effects (flying tiles, shuffle) to their end. */
    finishShort() {
      for (const f of this.fly) f.tween.cancel();
      this.fly = [];
      if (this.shuffle) this.shuffle.tween.cancel();
      this.shuffle = null;
    },
    clearAll() {
      this.finishShort();
      for (const k of ["hint", "path", "refused", "celebrate"]) {
        if (this[k] && this[k].tween) this[k].tween.cancel();
        this[k] = null;
      }
    },
  };

  /* ---- orientation and geometry ---- */
  function orientationFor(avail) {
    const o = readString(model, "orientation", "auto");
    if (o === "landscape" || o === "portrait") return o;
    return avail > 0 && avail < PORTRAIT_BELOW ? "portrait" : "landscape";
  }
  function layout(avail) {
    const { rows, cols } = dims();
    const portrait = orientationFor(avail) === "portrait";
    const vr = portrait ? cols : rows;
    const vc = portrait ? rows : cols;
    const space = avail > 0 ? avail : 960;
    const cap = (vc + 2 * RING) * MAX_TILE_W;
    let width = Math.min(cap, portrait ? clamp(space, 260, 460) : clamp(space, 320, 1080));
    const cw = width / (vc + 2 * RING);
    let height = cw * (vr * TILE_ASPECT + 2 * RING);
    // a small grid still gets room for the dialogs (the grid is centred in it)
    width = Math.max(width, Math.min(space, 420));
    height = Math.max(height, 330);
    const old = layoutState;
    layoutState = { portrait, vr, vc };
    if (old.portrait !== portrait || old.vr !== vr || old.vc !== vc) onOrientation(old);
    return { width, height };
  }
  const toView = (cell) => (layoutState.portrait ? [cell[1], cell[0]] : [cell[0], cell[1]]);
  const toGrid = (cell) => (layoutState.portrait ? [cell[1], cell[0]] : [cell[0], cell[1]]);

  function makeGeometry(width, height) {
    const { vr, vc } = layoutState;
    const cw = Math.min(width / (vc + 2 * RING), height / (vr * TILE_ASPECT + 2 * RING));
    const ch = cw * TILE_ASPECT;
    const ring = cw * RING;
    const gw = cw * vc;
    const gh = ch * vr;
    const x0 = (width - gw) / 2;
    const y0 = (height - gh) / 2;
    return {
      vr,
      vc,
      x0,
      y0,
      cw,
      ch,
      ring,
      width,
      height,
      /** the box of view cell (i, j) */
      rect(i, j) {
        return { x: x0 + j * cw, y: y0 + i * ch, w: cw, h: ch };
      },
      /** the centre of view cell (i, j); i = -1 / vr and j = -1 / vc are the ring */
      center(i, j) {
        const x = j < 0 ? x0 - ring / 2 : j >= vc ? x0 + gw + ring / 2 : x0 + (j + 0.5) * cw;
        const y = i < 0 ? y0 - ring / 2 : i >= vr ? y0 + gh + ring / 2 : y0 + (i + 0.5) * ch;
        return { x, y };
      },
      /** the view cell under a point (CSS px), or null */
      cellAt(px, py) {
        if (!Number.isFinite(px) || !Number.isFinite(py)) return null;
        const j = Math.floor((px - x0) / cw);
        const i = Math.floor((py - y0) / ch);
        if (i < 0 || i >= vr || j < 0 || j >= vc) return null;
        return [i, j];
      },
    };
  }

  function ensureGeometry(width, height) {
    const key = `${width}x${height}@${dpr}|${layoutState.portrait}|${layoutState.vr}x${layoutState.vc}`;
    if (geo && background && key === geoKey) return;
    geoKey = key;
    geo = makeGeometry(width, height);
    background = createSprite(width, height, dpr, (c) => paintBackground(c, width, height, geo));
    publishGeometry();
  }

  function publishGeometry() {
    if (!board || !geo) return;
    const r = (v) => Math.round(v * 100) / 100;
    board.canvas.dataset.grid = `${r(geo.x0)},${r(geo.y0)},${r(geo.cw)},${r(geo.ch)},${geo.vr},${geo.vc}`;
    root.dataset.orientation = layoutState.portrait ? "portrait" : "landscape";
  }

  function onOrientation(old) {
    // keep the keyboard cursor on the same grid cell
    const gridCell = old.portrait ? [cursor.col, cursor.row] : [cursor.row, cursor.col];
    cursor.resize(layoutState.vr, layoutState.vc);
    const v = layoutState.portrait ? [gridCell[1], gridCell[0]] : gridCell;
    cursor.set(v[0], v[1]);
    if (dragState) drag.cancel();
    geo = null;
  }

  /* ---- keyboard cursor (view coordinates) ---- */
  const cursor = createGridCursor({
    rows: DEFAULT_ROWS,
    cols: DEFAULT_COLS,
    onChange: () => {
      root.dataset.cursor = toGrid(cursor.cell()).join(",");
      requestDraw();
    },
  });

  /* ---- clock ---- */
  function syncClockBase() {
    const seconds = Math.max(0, readNumber(model, "seconds", 0));
    const running = readBool(model, "clock_running", false);
    if (seconds !== clockBase.trait || running !== clockBase.running) {
      clockBase = { trait: seconds, seconds, running, at: Date.now() };
    }
  }
  const playSeconds = () =>
    clockBase.running ? clockBase.seconds + Math.max(0, Date.now() - clockBase.at) / 1000 : clockBase.seconds;
  const clock = createClock({
    times: () => {
      const start = clockBase.at - clockBase.seconds * 1000;
      return [start, clockBase.running ? 0 : clockBase.at];
    },
    onTick: (text) => {
      clockOut.set(text);
      root.dataset.time = text;
    },
  });
  onCleanup(clock.destroy);

  function scheduleTick() {
    clearTimeout(tickTimer);
    tickTimer = 0;
    if (destroyed || !clockBase.running || !isTimed() || readBool(model, "won", false) || readBool(model, "paused", false)) return;
    const t = playSeconds();
    const next = (Math.floor(t / TICK_EVERY + 1e-6) + 1) * TICK_EVERY;
    const wait = Math.max(200, (next - t) * 1000 + 60);
    tickTimer = setTimeout(() => {
      tickTimer = 0;
      if (destroyed) return;
      if (isTickOwner() && clockBase.running) sendMessage(model, { type: "tick" });
      scheduleTick(); // the next one, even if Python does not answer this one
    }, wait);
  }
  onCleanup(() => clearTimeout(tickTimer));

  /* ---- dialogs ---- */
  const stuckDialog = createDialog({
    doc,
    returnFocus: () => board && board.canvas,
    name: "stuck",
    title: "No more moves",
    message: "No pair of tiles can be connected.",
    dismissable: true,
    onDismiss: () => {
      stuckDismissed = true;
      updateDom();
    },
    actions: [
      { label: "Shuffle", action: "shuffle", primary: true, shortcut: "S", title: "Shuffle the remaining tiles (free)", onClick: () => act({ type: "shuffle" }) },
      { label: "Undo", action: "undo", shortcut: "U", title: "Take back the last pair", onClick: () => act({ type: "undo" }) },
      { label: "New game", action: "new", shortcut: "N", title: "Start a new deal", onClick: () => act({ type: "new_game" }) },
    ],
  });
  const wonDialog = createDialog({
    doc,
    returnFocus: () => board && board.canvas,
    name: "won",
    title: "Board cleared!",
    message: "All tiles removed.",
    actions: [
      { label: "Play again", action: "restart", shortcut: "R", title: "The same deal again", onClick: () => act({ type: "restart" }) },
      { label: "New game", action: "new", primary: true, shortcut: "N", title: "A new deal", onClick: () => act({ type: "new_game" }) },
    ],
  });
  const wonStats = doc.createElement("div");
  wonStats.className = "gw-mj-won-stats";
  const wonScore = statBox("score", "Score");
  const wonTime = statBox("time", "Time");
  const wonRecord = statBox("record", "Best");
  wonStats.append(wonScore.el, wonTime.el, wonRecord.el);
  wonDialog.body.appendChild(wonStats);
  function statBox(name, label) {
    const box = doc.createElement("div");
    box.dataset.stat = name;
    const l = doc.createElement("span");
    l.textContent = label;
    const v = doc.createElement("b");
    box.append(l, v);
    return { el: box, set: (t) => (v.textContent = t) };
  }
  const pausedDialog = createDialog({
    doc,
    returnFocus: () => board && board.canvas,
    name: "paused",
    title: "Paused",
    message: "The clock is stopped.",
    actions: [{ label: "Resume", action: "resume", primary: true, shortcut: "P", title: "Back to the game (P)", onClick: () => act({ type: "resume" }) }],
  });
  const onPausedCoverClick = (event) => {
    if (event.target === pausedDialog.el) act({ type: "resume" });
  };
  listen(onCleanup, [[pausedDialog.el, "click", onPausedCoverClick]]);
  for (const d of [stuckDialog, wonDialog, pausedDialog]) onCleanup(d.destroy);

  /* ---- drawing ---- */
  function paintBackground(ctx, width, height, g) {
    // green felt with a soft light in the middle and a darker rim
    roundRectPath(ctx, 0, 0, width, height, 14);
    const felt = ctx.createRadialGradient(width / 2, height * 0.42, 0, width / 2, height / 2, Math.max(width, height) * 0.72);
    felt.addColorStop(0, "#2d7a56");
    felt.addColorStop(0.6, "#1f6345");
    felt.addColorStop(1, "#154a33");
    ctx.fillStyle = felt;
    ctx.fill();
    // a fine woven texture
    ctx.save();
    roundRectPath(ctx, 0, 0, width, height, 14);
    ctx.clip();
    ctx.globalAlpha = 0.06;
    ctx.strokeStyle = "#ffffff";
    ctx.lineWidth = 0.5;
    ctx.beginPath();
    for (let x = -height; x < width; x += 4) {
      ctx.moveTo(x, 0);
      ctx.lineTo(x + height, height);
    }
    ctx.stroke();
    ctx.globalAlpha = 0.05;
    ctx.strokeStyle = "#000000";
    ctx.beginPath();
    for (let x = 0; x < width + height; x += 4) {
      ctx.moveTo(x, 0);
      ctx.lineTo(x - height, height);
    }
    ctx.stroke();
    ctx.restore();
    // the rim
    roundRectPath(ctx, 1, 1, width - 2, height - 2, 13);
    ctx.lineWidth = 2;
    ctx.strokeStyle = "rgba(0, 0, 0, 0.35)";
    ctx.stroke();
    roundRectPath(ctx, 0.5, 0.5, width - 1, height - 1, 13.5);
    ctx.lineWidth = 1;
    ctx.strokeStyle = "rgba(255, 255, 255, 0.12)";
    ctx.stroke();
    // a faint line where the ring (the path margin) begins
    const pad = g.ring * 0.5;
    roundRectPath(ctx, g.x0 - pad, g.y0 - pad, g.cw * g.vc + 2 * pad, g.ch * g.vr + 2 * pad, g.cw * 0.3);
    ctx.setLineDash([2, 5]);
    ctx.lineWidth = 1;
    ctx.strokeStyle = "rgba(255, 255, 255, 0.09)";
    ctx.stroke();
    ctx.setLineDash([]);
  }

  function faceOf(i, j, inset = 0) {
    const r = geo.rect(i, j);
    const f = tileFaceRect(r.x, r.y, r.w, r.h);
    return { x: f.x - inset, y: f.y - inset, w: f.w + 2 * inset, h: f.h + 2 * inset, r: f.r + inset };
  }

  function frame(ctx, gridCell, colour, { width = 3, tint = 0, glow = true, alpha = 1, inset = 1.5 } = {}) {
    const [i, j] = toView(gridCell);
    const f = faceOf(i, j, inset);
    ctx.save();
    ctx.globalAlpha *= alpha;
    if (tint > 0) {
      ctx.save();
      roundRectPath(ctx, f.x + inset, f.y + inset, f.w - 2 * inset, f.h - 2 * inset, f.r);
      ctx.fillStyle = colour;
      ctx.globalAlpha *= tint;
      ctx.fill();
      ctx.restore();
    }
    if (glow) {
      ctx.shadowColor = colour;
      ctx.shadowBlur = width * 3;
    }
    roundRectPath(ctx, f.x, f.y, f.w, f.h, f.r);
    ctx.lineWidth = width;
    ctx.strokeStyle = colour;
    ctx.stroke();
    ctx.shadowBlur = 0;
    ctx.lineWidth = 1;
    ctx.strokeStyle = "rgba(0, 0, 0, 0.45)";
    roundRectPath(ctx, f.x - width / 2, f.y - width / 2, f.w + width, f.h + width, f.r + width / 2);
    ctx.stroke();
    ctx.restore();
  }

  function drawTiles(ctx, grid) {
    const { rows, cols } = dims();
    const { vr, vc } = geo;
    const shuffleT = effects.shuffle ? effects.shuffle.tween.progress() : 1;
    for (let i = 0; i < vr; i++) {
      for (let j = 0; j < vc; j++) {
        const [r, c] = toGrid([i, j]);
        if (r >= rows || c >= cols) continue;
        const code = grid[r * cols + c];
        if (!code) continue;
        const box = geo.rect(i, j);
        let alpha = 1;
        if (dragState && sameCell(dragState.from, [r, c])) alpha = 0.3;
        if (shuffleT < 1) {
          // tiles settle into their new cells one after another
          const delay = ((i * 7 + j * 13) % 17) / 17;
          const t = clamp((shuffleT - delay * 0.5) / 0.5, 0, 1);
          const e = easing.outCubic(t);
          alpha *= e;
          const scale = 0.7 + 0.3 * e;
          tiles.draw(ctx, code, box.x, box.y - (1 - e) * box.h * 0.3, box.w, box.h, dpr, { alpha, scale });
          continue;
        }
        tiles.draw(ctx, code, box.x, box.y, box.w, box.h, dpr, { alpha });
      }
    }
  }

  function drawPath(ctx) {
    const p = effects.path;
    if (!p) return;
    const t = p.tween.progress();
    const alpha = reduced() ? 1 : t < 0.55 ? 1 : 1 - (t - 0.55) / 0.45;
    const pts = p.points.map((cell) => {
      const [i, j] = toView(cell);
      return geo.center(i, j);
    });
    if (pts.length < 2 || alpha <= 0) return;
    // drawn in: the line grows along the path in its first 30 %
    let upto = 1;
    if (!reduced()) upto = easing.outCubic(clamp(t / 0.3, 0, 1));
    const lens = [];
    let total = 0;
    for (let k = 1; k < pts.length; k++) {
      const d = Math.hypot(pts[k].x - pts[k - 1].x, pts[k].y - pts[k - 1].y);
      lens.push(d);
      total += d;
    }
    const target = total * upto;
    const trace = () => {
      ctx.beginPath();
      ctx.moveTo(pts[0].x, pts[0].y);
      let acc = 0;
      for (let k = 1; k < pts.length; k++) {
        const d = lens[k - 1];
        if (acc + d <= target) {
          ctx.lineTo(pts[k].x, pts[k].y);
          acc += d;
        } else {
          const f = d > 0 ? (target - acc) / d : 0;
          ctx.lineTo(pts[k - 1].x + (pts[k].x - pts[k - 1].x) * f, pts[k - 1].y + (pts[k].y - pts[k - 1].y) * f);
          break;
        }
      }
    };
    const w = Math.max(3, geo.cw * 0.1);
    ctx.save();
    ctx.globalAlpha = alpha;
    ctx.lineJoin = "round";
    ctx.lineCap = "round";
    trace();
    ctx.lineWidth = w + 4;
    ctx.strokeStyle = "rgba(20, 30, 10, 0.55)";
    ctx.stroke();
    trace();
    ctx.shadowColor = "rgba(255, 230, 90, 0.9)";
    ctx.shadowBlur = w * 2;
    ctx.lineWidth = w;
    ctx.strokeStyle = COLOURS.path;
    ctx.stroke();
    ctx.shadowBlur = 0;
    trace();
    ctx.lineWidth = Math.max(1, w * 0.35);
    ctx.strokeStyle = "#ffffff";
    ctx.stroke();
    for (const q of [pts[0], pts[pts.length - 1]]) {
      ctx.beginPath();
      ctx.arc(q.x, q.y, w * 1.1, 0, Math.PI * 2);
      ctx.fillStyle = COLOURS.path;
      ctx.fill();
      ctx.lineWidth = 2;
      ctx.strokeStyle = "rgba(20, 30, 10, 0.55)";
      ctx.stroke();
    }
    ctx.restore();
  }

  function drawFlying(ctx) {
    if (!effects.fly.length) return;
    const tx = geo.width - geo.cw * 0.9;
    const ty = -geo.ch * 0.2;
    for (const f of effects.fly) {
      const t = f.tween.progress();
      const [i, j] = toView(f.cell);
      const box = geo.rect(i, j);
      // a little lift, then off to the top-right corner (the removed stack)
      const lift = easing.outCubic(clamp(t / 0.25, 0, 1));
      const go = easing.inCubic(clamp((t - 0.2) / 0.8, 0, 1));
      const s = (1 + 0.08 * lift) * (1 - 0.45 * go);
      const cx = box.x + box.w / 2 + (tx - box.x - box.w / 2) * go;
      const cy = box.y + box.h / 2 - lift * box.h * 0.08 + (ty - box.y - box.h / 2) * go;
      tiles.draw(ctx, f.code, cx - box.w / 2, cy - box.h / 2, box.w, box.h, dpr, { alpha: 1 - go * 0.85, scale: s });
    }
  }

  function drawOverlay(ctx) {
    if (!overlay) return;
    const grid = currentGrid();
    const dotR = Math.max(4, geo.cw * 0.13);
    const marks = new Map(); // "r,c" -> count of dots already placed on that tile
    ctx.save();
    overlay.pairs.forEach((pair, k) => {
      if (overlay.next && samePair(pair, overlay.next)) return;
      const colour = PAIR_COLOURS[k % PAIR_COLOURS.length];
      const [a, b] = pair.map((cell) => geo.center(...toView(cell)));
      ctx.globalAlpha = 0.5;
      ctx.beginPath();
      ctx.moveTo(a.x, a.y);
      ctx.lineTo(b.x, b.y);
      ctx.lineWidth = 2;
      ctx.strokeStyle = colour;
      ctx.setLineDash([5, 4]);
      ctx.stroke();
      ctx.setLineDash([]);
      ctx.globalAlpha = 1;
      for (const cell of pair) {
        if (!codeAt(cell, grid)) continue;
        const key = cell.join(",");
        const n = marks.get(key) || 0;
        marks.set(key, n + 1);
        const f = faceOf(...toView(cell));
        // along the bottom edge from the right, three a row
        const x = f.x + f.w - dotR - 1 - (n % 3) * dotR * 2.1;
        const y = f.y + f.h - dotR - 1 - Math.floor(n / 3) * dotR * 2.1;
        ctx.beginPath();
        ctx.arc(x, y, dotR, 0, Math.PI * 2);
        ctx.fillStyle = colour;
        ctx.fill();
        ctx.lineWidth = 1.5;
        ctx.strokeStyle = "rgba(20, 20, 20, 0.75)";
        ctx.stroke();
        ctx.font = font(800, k + 1 > 9 ? dotR * 1.05 : dotR * 1.25);
        ctx.textAlign = "center";
        ctx.textBaseline = "middle";
        ctx.fillStyle = "#111";
        ctx.fillText(String(k + 1), x, y + 0.5);
      }
    });
    ctx.restore();
    if (overlay.next) {
      const [a, b] = overlay.next.map((cell) => geo.center(...toView(cell)));
      ctx.save();
      ctx.beginPath();
      ctx.moveTo(a.x, a.y);
      ctx.lineTo(b.x, b.y);
      ctx.lineWidth = Math.max(3, geo.cw * 0.08) + 3;
      ctx.strokeStyle = "rgba(30, 0, 30, 0.6)";
      ctx.lineCap = "round";
      ctx.stroke();
      ctx.lineWidth = Math.max(3, geo.cw * 0.08);
      ctx.strokeStyle = COLOURS.next;
      ctx.stroke();
      ctx.restore();
      for (const cell of overlay.next) frame(ctx, cell, COLOURS.next, { width: 4, tint: 0.18 });
    }
  }
  const samePair = (p, q) => (sameCell(p[0], q[0]) && sameCell(p[1], q[1])) || (sameCell(p[0], q[1]) && sameCell(p[1], q[0]));

  function drawHint(ctx, now) {
    const h = effects.hint;
    if (!h) return false;
    let alpha = 1;
    if (h.tween) {
      const left = HINT_MS - h.tween.elapsed();
      if (!reduced() && left < HINT_FADE_MS) alpha = clamp(left / HINT_FADE_MS, 0, 1);
    }
    const pulse = reduced() || !h.tween ? 1 : 0.75 + 0.25 * Math.sin((now / 520) * Math.PI * 2);
    // a little outside the tile, so a selection's yellow frame shows inside it
    for (const cell of h.pair) frame(ctx, cell, COLOURS.hint, { width: 4, tint: 0.2 * pulse, alpha, inset: 4 });
    return !!h.tween && !reduced();
  }

  function drawRefused(ctx) {
    const r = effects.refused;
    if (!r) return;
    const t = r.tween.progress();
    const alpha = reduced() ? 1 : t < 0.5 ? 1 : 1 - (t - 0.5) / 0.5;
    const flash = reduced() ? 1 : 0.6 + 0.4 * Math.abs(Math.cos(t * Math.PI * 3));
    for (const cell of r.cells) frame(ctx, cell, COLOURS.refused, { width: 4, tint: 0.42 * flash, alpha });
  }

  function drawCursor(ctx) {
    const [i, j] = cursor.cell();
    const f = faceOf(i, j, 3.5);
    ctx.save();
    roundRectPath(ctx, f.x, f.y, f.w, f.h, f.r);
    ctx.lineWidth = 2.5;
    ctx.setLineDash([5, 3]);
    ctx.strokeStyle = COLOURS.cursor;
    ctx.shadowColor = "rgba(0, 0, 0, 0.8)";
    ctx.shadowBlur = 4;
    ctx.stroke();
    ctx.restore();
  }

  function drawGhost(ctx) {
    if (!dragState) return;
    const { code, x, y, grabX, grabY, over } = dragState;
    if (over && !sameCell(over, dragState.from) && codeAt(over)) frame(ctx, over, COLOURS.select, { width: 3, tint: 0.15, alpha: 0.9 });
    // the tile, a little larger, held where it was grabbed
    const k = 1.06;
    const cx = x + (geo.cw / 2 - grabX) * k;
    const cy = y + (geo.ch / 2 - grabY) * k - 4;
    ctx.save();
    ctx.shadowColor = "rgba(0, 0, 0, 0.45)";
    ctx.shadowBlur = 14;
    ctx.shadowOffsetY = 6;
    tiles.draw(ctx, code, cx - geo.cw / 2, cy - geo.ch / 2, geo.cw, geo.ch, dpr, { alpha: 0.92, scale: k });
    ctx.restore();
  }

  function drawCelebration(ctx, width, height) {
    const c = effects.celebrate;
    if (!c) return;
    const t = c.tween.progress();
    const colours = ["#ffd21f", "#ff5d5d", "#5fd38d", "#2f8cff", "#ff9f1c", "#ffffff"];
    ctx.save();
    for (let k = 0; k < 70; k++) {
      const seed = Math.sin(k * 12.9898 + c.seed) * 43758.5453;
      const u = seed - Math.floor(seed);
      const v = Math.sin(k * 78.233) * 0.5 + 0.5;
      const x = u * width + Math.sin(t * 6 + k) * 14;
      const y = -20 + (t * (0.8 + v * 0.7)) * (height + 40);
      const s = 3 + v * 4;
      ctx.globalAlpha = t < 0.8 ? 1 : (1 - t) / 0.2;
      ctx.fillStyle = colours[k % colours.length];
      ctx.translate(x, y);
      ctx.rotate(t * 8 + k);
      ctx.fillRect(-s / 2, -s / 4, s, s / 2);
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    }
    ctx.restore();
  }

  function drawPausedCover(ctx) {
    // every cell shows a face-down tile: nothing of the deal can be read
    for (let i = 0; i < geo.vr; i++) {
      for (let j = 0; j < geo.vc; j++) {
        const box = geo.rect(i, j);
        tiles.draw(ctx, TILE_BACK, box.x, box.y, box.w, box.h, dpr);
      }
    }
  }

  function draw(ctx, info) {
    const { width, height, now } = info;
    dpr = info.dpr;
    let again = animator.tick();
    ensureGeometry(width, height);
    ctx.clearRect(0, 0, width, height);
    ctx.drawImage(background.canvas, 0, 0, width, height);
    if (readBool(model, "paused", false)) {
      drawPausedCover(ctx);
      return again;
    }
    const grid = currentGrid();
    drawTiles(ctx, grid);
    if (hover && !dragState && codeAt(hover, grid) && !isWon()) {
      const f = faceOf(...toView(hover));
      roundRectPath(ctx, f.x, f.y, f.w, f.h, f.r);
      ctx.fillStyle = "rgba(255, 255, 230, 0.22)";
      ctx.fill();
      ctx.lineWidth = 1.5;
      ctx.strokeStyle = "rgba(255, 255, 255, 0.75)";
      ctx.stroke();
    }
    drawOverlay(ctx);
    if (drawHint(ctx, now)) again = true;
    const sel = currentSelected();
    if (sel && codeAt(sel, grid)) frame(ctx, sel, COLOURS.select, { width: 4, tint: 0.22, inset: 0 });
    drawRefused(ctx);
    drawFlying(ctx);
    drawPath(ctx);
    if (focus && focus.showsCursor() && !dragState) drawCursor(ctx);
    drawGhost(ctx);
    drawCelebration(ctx, width, height);
    return again;
  }

  /* ---- the removed stack (top-right corner) ---- */
  const STACK_W = 30;
  const STACK_H = STACK_W * TILE_ASPECT;
  const STACK_DX = 8;
  const stackCanvas = createCanvas({
    parent: removedBox,
    className: "gw-mj-stack",
    // as wide as the tiles shown (one place when none is removed yet)
    layout: () => ({
      width: STACK_W + (clamp(removedList().length, 1, STACK_SHOWN) - 1) * STACK_DX + 4,
      height: STACK_H + 6,
    }),
    draw: (ctx, info) => {
      ctx.clearRect(0, 0, info.width, info.height);
      const shown = removedList().slice(-STACK_SHOWN);
      if (!shown.length) {
        // an empty place
        roundRectPath(ctx, 3, 3, STACK_W - 4, STACK_H - 4, 4);
        ctx.setLineDash([3, 3]);
        ctx.strokeStyle = "rgba(255, 255, 255, 0.22)";
        ctx.lineWidth = 1;
        ctx.stroke();
        return false;
      }
      shown.forEach((code, k) => {
        const x = 1 + k * STACK_DX;
        const y = 2 + (shown.length - 1 - k) * 0.6;
        tiles.draw(ctx, code, x, y, STACK_W, STACK_H, info.dpr);
      });
      return false;
    },
  });
  removedBox.prepend(stackCanvas.canvas);
  removedBox.appendChild(removedCount);
  onCleanup(stackCanvas.destroy);

  /* ---- the board canvas ---- */
  board = createCanvas({
    fit: shell.fit,
    parent: boardWrap,
    className: "gw-board",
    layout,
    draw,
    onResize: () => {
      geo = null;
      tiles.clear();
    },
  });
  onCleanup(board.destroy);
  const canvas = board.canvas;
  shell.focusOn(() => canvas);
  focus = trackBoardFocus(canvas, requestDraw);
  onCleanup(() => focus.destroy());
  stage.appendChild(canvas);
  stage.append(stuckDialog.el, wonDialog.el, pausedDialog.el);
  describeBoard(
    canvas,
    "Mahjong Connect board. Arrow keys move the cursor, Enter or Space picks the tile under it, Escape deselects, H hint, U undo, S shuffle when stuck, N new game, R play again, P pause, M sound.",
  );

  /* ---- input ---- */
  const position = () => readInt(model, "position", 0);
  const isPaused = () => readBool(model, "paused", false);
  const isWon = () => readBool(model, "won", false);

  function clickCell(gridCell) {
    if (isPaused()) {
      act({ type: "resume" });
      return;
    }
    if (isWon()) return;
    if (gridCell && codeAt(gridCell)) {
      act({ type: "click", cell: gridCell, position: position() });
    } else if (currentSelected()) {
      act({ type: "deselect" });
    }
  }

  const drag = createPointerDrag({
    element: canvas,
    threshold: 5,
    canDrag: (x, y) => {
      if (!geo || isPaused() || isWon()) return null;
      const v = geo.cellAt(x, y);
      if (!v) return null;
      const cell = toGrid(v);
      const code = codeAt(cell);
      if (!code) return null;
      const box = geo.rect(v[0], v[1]);
      return { cell, code, grabX: x - box.x, grabY: y - box.y };
    },
    onTap: (x, y) => {
      canvas.focus({ preventScroll: true });
      if (!geo) return;
      const v = geo.cellAt(x, y);
      if (v) cursor.set(v[0], v[1]);
      clickCell(v ? toGrid(v) : null);
    },
    onDragStart: (p, pos) => {
      effects.finishShort();
      dragState = { from: p.cell, code: p.code, x: pos.x, y: pos.y, grabX: p.grabX, grabY: p.grabY, over: null };
      root.dataset.dragging = "true";
      sound.play(SOUNDS.select);
      requestDraw();
    },
    onDragMove: (p, pos) => {
      if (!dragState) return;
      dragState.x = pos.x;
      dragState.y = pos.y;
      const v = geo ? geo.cellAt(pos.x, pos.y) : null;
      dragState.over = v ? toGrid(v) : null;
      requestDraw();
    },
    onDrop: (p, pos) => {
      const v = geo ? geo.cellAt(pos.x, pos.y) : null;
      const target = v ? toGrid(v) : null;
      endDrag();
      canvas.focus({ preventScroll: true });
      if (!target || sameCell(target, p.cell) || !codeAt(target) || isPaused() || isWon()) return;
      cursor.set(v[0], v[1]);
      act({ type: "drop", from: p.cell, to: target, position: position() });
    },
    onDragCancel: () => endDrag(),
  });
  onCleanup(drag.destroy);
  function endDrag() {
    dragState = null;
    root.dataset.dragging = "false";
    requestDraw();
  }

  function onPointerDown() {
    if (focus) focus.usedPointer();
    requestDraw();
  }

  // the tile under the mouse brightens a little (`hover`)
  function onPointerMove(event) {
    let next = null;
    if (event.pointerType === "mouse" && geo && !drag.pressed) {
      const v = geo.cellAt(event.offsetX, event.offsetY);
      if (v) next = toGrid(v);
    }
    if (!sameCell(next, hover) && (next || hover)) {
      hover = next;
      requestDraw();
    }
  }
  function onPointerLeave() {
    if (hover) {
      hover = null;
      requestDraw();
    }
  }

  function togglePause() {
    if (isWon()) return;
    act({ type: isPaused() ? "resume" : "pause" });
  }

  function onKeyDown(event) {
    if (event.defaultPrevented || destroyed) return;
    const target = event.target;
    if (target && (target.tagName === "SELECT" || target.tagName === "INPUT" || target.tagName === "TEXTAREA")) return;
    const plain = !event.ctrlKey && !event.metaKey && !event.altKey;
    const onBoard = target === canvas;
    const key = event.key;
    if (onBoard && !isPaused() && cursor.handleKey(event)) {
      if (focus) focus.usedKeyboard();
      consume(event);
      requestDraw();
      return;
    }
    if (!plain) return;
    const lower = key.length === 1 ? key.toLowerCase() : key;
    let msg = null;
    switch (lower) {
      case "Enter":
      case " ":
      case "Spacebar":
        if (!onBoard) return;
        if (focus) focus.usedKeyboard();
        consume(event);
        clickCell(toGrid(cursor.cell()));
        requestDraw();
        return;
      case "Escape":
        if (!onBoard) return;
        consume(event);
        if (dragState) drag.cancel();
        else if (currentSelected()) msg = { type: "deselect" };
        break;
      case "h":
        if (!isPaused() && !isWon()) msg = { type: "hint" };
        break;
      case "u":
        msg = { type: "undo" };
        break;
      case "s":
        if (readBool(model, "stuck", false) && !isPaused()) msg = { type: "shuffle" };
        break;
      case "n":
        msg = { type: "new_game" };
        break;
      case "r":
        msg = { type: "restart" };
        break;
      case "p":
        consume(event);
        togglePause();
        return;
      case "m":
        consume(event);
        muteToggle.toggle();
        return;
      default:
        return;
    }
    consume(event);
    if (msg) act(msg);
  }

  listen(onCleanup, [
    [canvas, "pointerdown", onPointerDown],
    [canvas, "pointermove", onPointerMove],
    [canvas, "pointerleave", onPointerLeave],
    [root, "keydown", onKeyDown],
  ]);

  /* ---- events from Python ---- */
  function handleEvent(ev, fresh) {
    const withSound = fresh && claimSound(model, ev.id);
    const play = (name) => {
      if (withSound) sound.play(SOUNDS[name]);
    };
    if (ev.kind !== "refused") refusedReason = "";
    switch (ev.kind) {
      case "remove": {
        const a = cellOf(ev.a);
        const b = cellOf(ev.b);
        const codes = Array.isArray(ev.tiles) ? ev.tiles : [];
        let points = Array.isArray(ev.path) ? ev.path.map(pathPoint) : [];
        if (points.some((p) => !p) || points.length < 2) points = a && b ? [a, b] : [];
        if (fresh && points.length >= 2) {
          if (effects.path) effects.path.tween.cancel();
          const fx = { points, tween: null };
          fx.tween = animator.start(PATH_MS, { force: true, onDone: () => effects.path === fx && (effects.path = null) });
          effects.path = fx;
        }
        if (fresh && !reduced()) {
          [a, b].forEach((cell, k) => {
            const code = typeof codes[k] === "string" ? codes[k] : null;
            if (!cell || !code) return;
            const f = { cell, code, tween: null };
            f.tween = animator.start(FLY_MS, { onDone: () => (effects.fly = effects.fly.filter((x) => x !== f)) });
            if (!f.tween.done) effects.fly.push(f);
          });
        }
        if (effects.hint && effects.hint.pair.some((c) => sameCell(c, a) || sameCell(c, b))) effects.hint = null;
        play("remove");
        if (a && b) status.announce(`Removed ${tileName(codes[0])} and ${tileName(codes[1])}. ${readInt(model, "tiles_left", 0)} tiles left.`);
        break;
      }
      case "refused": {
        const cells = [cellOf(ev.a), cellOf(ev.b)].filter(Boolean);
        refusedReason = typeof ev.reason === "string" ? ev.reason : "These tiles cannot be connected.";
        if (fresh && cells.length) {
          if (effects.refused) effects.refused.tween.cancel();
          const fx = { cells, tween: null };
          fx.tween = animator.start(REFUSED_MS, { force: true, onDone: () => effects.refused === fx && (effects.refused = null) });
          effects.refused = fx;
        }
        play("refused");
        status.announce(refusedReason);
        break;
      }
      case "hint": {
        const pair = pairOf([ev.a, ev.b]) || currentHint();
        if (pair && fresh) startHint(pair, false);
        play("hint");
        if (pair) status.announce(`Hint: ${tileName(codeAt(pair[0]))} at row ${pair[0][0] + 1}, column ${pair[0][1] + 1} and row ${pair[1][0] + 1}, column ${pair[1][1] + 1}.`);
        break;
      }
      case "select": {
        play("select");
        const sel = currentSelected();
        if (sel) status.announce(`${tileName(codeAt(sel))} selected.`);
        break;
      }
      case "deselect":
        play("deselect");
        break;
      case "shuffle":
        effects.clearAll();
        if (fresh && !reduced()) {
          const fx = { tween: null };
          fx.tween = animator.start(SHUFFLE_MS, { onDone: () => effects.shuffle === fx && (effects.shuffle = null) });
          if (!fx.tween.done) effects.shuffle = fx;
        }
        play("shuffle");
        status.announce("Tiles shuffled.");
        break;
      case "undo":
        effects.clearAll();
        play("undo");
        status.announce("Pair put back.");
        break;
      case "restart":
      case "new":
        effects.clearAll();
        play("newGame");
        status.announce(ev.kind === "new" ? "New game." : "The same deal again.");
        break;
      case "pause":
        play("pause");
        break;
      case "resume":
        play("resume");
        break;
      default:
        break;
    }
  }

  function startHint(pair, sticky) {
    if (effects.hint && effects.hint.tween) effects.hint.tween.cancel();
    const fx = { pair, tween: null };
    if (!sticky) fx.tween = animator.start(HINT_MS, { force: true, onDone: () => effects.hint === fx && (effects.hint = null) });
    effects.hint = fx;
  }

  function syncHint() {
    const pair = currentHint();
    if (!pair) {
      effects.hint = null;
      return;
    }
    if (effects.hint && !samePair(effects.hint.pair, pair)) effects.hint = null;
  }

  function syncDialogs(fresh) {
    const won = isWon();
    const stuck = readBool(model, "stuck", false) && !won;
    const paused = isPaused() && !won;
    const focusInside = root.contains(doc.activeElement);
    if (!stuck) stuckDismissed = false;
    if (stuck && !prevStuck && fresh && claimSound(model, handledEventId, "stuck")) sound.play(SOUNDS.stuck);
    if (stuck && !stuckDismissed && !paused) stuckDialog.open({ focus: focusInside });
    else stuckDialog.close();
    stuckDialog.buttons.undo.disabled = !readBool(model, "can_undo", false);
    const left = readInt(model, "tiles_left", 0);
    stuckDialog.setMessage(
      `No pair of the ${left} tiles left can be connected. Shuffle them (free), take back your last pair, or start a new deal.`,
    );
    if (won) {
      const all = removedList().length;
      wonDialog.setMessage(all > 0 ? `All ${all} tiles removed.` : "All tiles removed.");
      wonScore.set(String(readInt(model, "score", 0)));
      wonTime.set(formatClock(playSeconds() * 1000));
      wonTime.el.hidden = !isTimed();
      const record = readInt(model, "record", 0);
      wonRecord.set(String(record));
      wonRecord.el.hidden = !(record > 0);
      wonDialog.open({ focus: focusInside });
      if (!prevWon && fresh) {
        if (!reduced()) {
          const fx = { tween: null, seed: Math.random() * 100 };
          fx.tween = animator.start(2600, { onDone: () => effects.celebrate === fx && (effects.celebrate = null) });
          effects.celebrate = fx;
        }
      }
    } else {
      wonDialog.close();
      if (effects.celebrate) {
        effects.celebrate.tween.cancel();
        effects.celebrate = null;
      }
    }
    if (paused) pausedDialog.open({ focus: focusInside });
    else pausedDialog.close();
    prevStuck = stuck;
    prevWon = won;
  }

  function onTraits(changed) {
    if (destroyed) return;
    const fresh = initialised;
    // a change of grid size or orientation setting re-lays the canvas out
    if (!changed || changed.has("orientation") || changed.has("rows") || changed.has("cols")) {
      orientSelect.value = ["auto", "landscape", "portrait"].includes(readString(model, "orientation", "auto"))
        ? readString(model, "orientation", "auto")
        : "auto";
      board.resize();
      geo = null;
    }
    overlay = currentOverlay();
    syncClockBase();
    const ev = currentEvent();
    if (ev && ev.id !== handledEventId) {
      handledEventId = ev.id;
      if (fresh) handleEvent(ev, true);
      else if (ev.kind === "refused") refusedReason = typeof ev.reason === "string" ? ev.reason : "";
      shownEventId = ev.id;
    }
    syncHint();
    if (!fresh) {
      const pair = currentHint();
      if (pair) startHint(pair, true);
    }
    if (isWon() && !prevWon && fresh && claimSound(model, handledEventId, "won")) sound.play(SOUNDS.win);
    syncDialogs(fresh);
    initialised = true;
    updateDom();
    clock.update();
    scheduleTick();
    if (!changed || changed.has("removed")) stackCanvas.resize();
    stackCanvas.requestDraw();
    requestDraw();
  }

  /** What matches `code`, for the status line. */
  function partnerText(code) {
    if (typeof code === "string" && code[0] === "F" && code.length === 2) return "any other flower";
    if (typeof code === "string" && code[0] === "S" && code.length === 2) return "any other season";
    return `another ${tileName(code)}`;
  }

  /* ---- DOM state ---- */
  function updateDom() {
    if (destroyed) return;
    const ds = root.dataset;
    const won = isWon();
    const paused = isPaused();
    const stuck = readBool(model, "stuck", false);
    const sel = currentSelected();
    const hint = currentHint();
    const score = readInt(model, "score", 0);
    const left = readInt(model, "tiles_left", 0);
    const removed = removedList();
    const state = won ? "won" : paused ? "paused" : stuck ? "stuck" : "playing";
    ds.score = String(score);
    ds.tiles = String(left);
    ds.selected = sel ? `${sel[0]},${sel[1]}` : "";
    ds.hint = hint ? `${hint[0][0]},${hint[0][1]};${hint[1][0]},${hint[1][1]}` : "";
    ds.state = state;
    ds.orientation = layoutState.portrait ? "portrait" : "landscape";
    ds.cursor = toGrid(cursor.cell()).join(",");
    ds.event = shownEventId === null ? "" : String(shownEventId);
    ds.overlay = String(overlay ? overlay.pairs.length : 0);
    ds.removed = String(removed.length);
    ds.muted = readBool(model, "muted", true) ? "true" : "false";
    ds.reducedMotion = reducedFlag() ? "true" : "false";
    if (!ds.dragging) ds.dragging = "false";
    scoreOut.set(score);
    tilesOut.set(left);
    clockOut.show(isTimed());
    removedNumber.textContent = String(removed.length);
    const canUndo = readBool(model, "can_undo", false);
    hintButton.disabled = won || paused || stuck;
    undoButton.disabled = !canUndo || paused;
    shuffleButton.disabled = !stuck || won || paused;
    pauseButton.disabled = won;
    restartButton.disabled = false;
    const pauseLabel = pauseButton.querySelector(".gw-button-label");
    if (paused) {
      pauseButton.dataset.action = "resume";
      if (pauseLabel) pauseLabel.textContent = "Resume";
      pauseButton.title = "Resume the game (P)";
      setIcon(pauseButton, "resume");
    } else {
      pauseButton.dataset.action = "pause";
      if (pauseLabel) pauseLabel.textContent = "Pause";
      pauseButton.title = "Pause the game (P)";
      setIcon(pauseButton, "pause");
    }
    const error = readString(model, "error", "");
    if (error) status.show(error, "error");
    else if (refusedReason) status.show(refusedReason, "error");
    else if (overlay && overlay.title) status.show(overlay.title, "overlay");
    else if (won) status.show(`Board cleared! Score ${score}. Play again (R) or start a new game (N).`);
    else if (paused) status.show("Paused. Press P or click the board to resume.");
    else if (stuck) status.show("No more moves: shuffle (S), undo (U) or start a new game (N).");
    else if (sel) status.show(`Now pick ${partnerText(codeAt(sel))}, or drag one tile onto its partner.`);
    else status.show("Remove matching tiles in pairs: the path between them may turn at most twice.");
  }

  onCleanup(
    watchTraits(
      model,
      [
        "rows",
        "cols",
        "grid",
        "orientation",
        "selected",
        "hint_pair",
        "removed",
        "record",
        "score",
        "scoring",
        "seconds",
        "clock_running",
        "tiles_left",
        "won",
        "stuck",
        "paused",
        "can_undo",
        "overlay",
        "last_event",
        "muted",
        "reduced_motion",
        "error",
        "position",
      ],
      onTraits,
    ),
  );
  onTraits(null);

  return () => {
    destroyed = true;
    dragState = null;
    shell.destroy();
    tiles.clear();
  };
}

export default { render };
