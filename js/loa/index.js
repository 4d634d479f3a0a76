// Lines of Action: the canvas view of gamewidgets.LinesOfAction.
//
// Python is the source of truth (see js/loa/CONTRACT.md): this view renders the
// traits, animates `last_event`, and sends the user's intents as messages.
//
// Structure of render():
//   DOM      header (title with the variant, the Menu button), a score bar (the two
//            sides: groups and captures; in the middle the move number and whose move
//            it is), the board canvas on a stage that also holds the "Computer is
//            thinking…" badge and the "looking back" banner (both in the frame above
//            the squares) and the dialogs (setup, pause, results), the history
//            slider, settings (line counts, reduced motion), a status line.
//   state    `anim` = the move sliding now, `queue` = moves waiting to slide (the
//            computer's answer can arrive while the user's own move still slides);
//            each move keeps the board as it was right after it (`final`), so the
//            "before" picture is rebuilt from it and the event alone.
//   sync     traits are watched together (one microtask per Python update); a new
//            last_event is animated (move, start) or just sounded and announced.
//   draw     one function paints the whole canvas and returns true while something
//            moves (a slide, a pulse), so the canvas keeps drawing.
//
// Choices where the contract is silent:
// - The user's pieces (x) are polished black, the computer's (o) ivory white; the
//   score bar labels them "You" and "Computer" with the same pieces as icons.
// - The setup dialog shows the starting position of the board size being chosen
//   behind it; its choices start at the `size`/`level` of the last game. The level
//   and size are radio buttons (labels with data-level / data-size).
// - Both sides' moves slide (250 ms, ease in-out); a captured piece fades and
//   shrinks as the mover arrives. A move arriving while another slides waits for it;
//   a third one jumps the queue to the end. With reduced motion nothing slides.
// - A board click (or Enter/Space) during a slide ends the slides, then is sent as
//   usual (Python already holds the final position). A click on a cell the selected
//   piece cannot reach is sent too (Python ignores it) and flashes the cell.
// - If the winning move and the end of the game reach the view in one update (so its
//   `move` event was never seen), the move still slides, rebuilt from `last_move`.
// - Narrow (the view under 458 px: the shell's data-compact="true"): the move number and turn go
//   under the two sides, each side's groups and captures on two lines, smaller dialogs.
// - The results screen opens when the last move has finished sliding; Close hides
//   it until the next result; while the game is over the Menu button (or P) opens it
//   again. It is hidden while looking back. The winning side's pieces are joined by
//   golden links on the final board (they are one group).
// - Pause menu: Continue (Esc or P too), New game, Sound on/off. The Menu button is
//   disabled in the setup dialog.
// - Line counts (teaching overlay, `show_counts`): the four lines through the
//   selected piece are drawn faintly, each in its own colour, with the count in a
//   badge at both ends (where the line leaves the board); the status line shows a
//   legend. Drawn only while a piece is selected.
// - The last move: both cells outlined in amber and a faint line between them.
// - Hover: the mouse over a target shows a ghost of the piece there.
// - Keys P (pause/resume, results when over) and M (sound) work anywhere in the
//   view; the board keys (arrows, Home/End, Enter/Space, Esc, PageUp/PageDown and
//   [ ]) on the focused board. Enter in the setup dialog plays.
// - More data attributes: data-level, data-paused, data-muted, data-reduced-motion,
//   data-animating ("true" while a move slides), data-history-mode ("live"/"back"),
//   data-last-move ("r,c>r,c"), data-arrow (overlay arrow "r,c>r,c"), data-show-counts,
//   data-line-counts ("h,v,d,a" when drawn, else ""). data-event is the id of the last
//   event whose effect is fully shown (after its slide).

import { createCanvas, createSprite, roundRectPath } from "../lib/canvas.js";
import { createButton } from "../lib/buttons.js";
import { createHistoryControls } from "../lib/history.js";
import { consume } from "../lib/keys.js";
import { createBadge, createStatusLine } from "../lib/readouts.js";
import { createSettings } from "../lib/settings.js";
import { createShell } from "../lib/shell.js";
import { createDialog, ensureDialogStyles } from "../lib/dialog.js";
import { createChoiceGroup, createStatGrid, ensureDialogPartsStyles } from "../lib/dialogparts.js";
import { createGridCursor, describeBoard, trackBoardFocus } from "../lib/grid.js";
import { createAnimator, easing, watchPrefersReducedMotion } from "../lib/motion.js";
import { drawCellLabels, drawCellTints, drawMoveArrow, overlayKey, parseOverlay, createScaleLegend } from "../lib/overlay.js";
import { createPieceSprites, pieceCss } from "../lib/pieces.js";
import { TONES, claimSound, createSound } from "../lib/sound.js";
import { ensureStyleSheet } from "../lib/stylesheet.js";
import { PALETTE, font, rgba } from "../lib/theme.js";
import {
  asCell,
  asCellValues,
  asIntGrid,
  asObject,
  readBool,
  readInt,
  readRaw,
  readString,
  sendMessage,
  setTrait,
  watchTraits,
} from "../lib/traits.js";
import { paintWoodBoard, squareName, woodBoardGeometry } from "../lib/woodboard.js";
import { listen } from "../lib/cleanup.js";

const SIZES = [6, 7, 8];
const SIZE_NAMES = { 6: "Quick", 7: "Medium", 8: "Classic" };
const LEVELS = ["easy", "medium", "hard", "insane"];
const LEVEL_NAMES = { easy: "Easy", medium: "Medium", hard: "Hard", insane: "Insane" };
const LEVEL_DETAILS = { easy: "relaxed", medium: "thinks ahead", hard: "strong", insane: "merciless" };
const PHASES = ["setup", "playing", "over"];
const MOVE_LIMIT = 200;
const USER = 1;
const COMPUTER = 2;
const STYLE = { [USER]: "black", [COMPUTER]: "white" };

const SLIDE_MS = 250;
const COMPACT_BELOW = 430; // CSS px of board width: a smaller "thinking" badge above narrower boards
const START_MS = 520;
const SELECT_POP_MS = 160;
const FLASH_MS = 450;
const OVERLAY_FADE_MS = 200;

const GREEN = "#35d46a";
const RED = "#ff3b30";
const AMBER = "#ffc94a";
const GOLD = "#ffd35a";
/** The four lines through a cell: direction [dr, dc] (row 0 at the top) and colour. */
const LINES = [
  { name: "horizontal", dir: [0, 1], colour: "#4fb3ff", glyph: "\u2194" },
  { name: "vertical", dir: [1, 0], colour: "#ffa53d", glyph: "\u2195" },
  { name: "diagonal", dir: [-1, 1], colour: "#c07bff", glyph: "\u2197" },
  { name: "antidiagonal", dir: [1, 1], colour: "#ff6fae", glyph: "\u2198" },
];

const SOUNDS = {
  select: TONES.select,
  deselect: TONES.deselect,
  slide: [
    { f: 0, d: 0.16, type: "noise", v: 0.05 },
    { f: 260, to: 420, d: 0.14, type: "sine", v: 0.12 },
  ],
  place: [
    { f: 520, to: 300, d: 0.06, type: "triangle", v: 0.5 },
    { f: 1900, d: 0.025, type: "noise", v: 0.12 },
  ],
  capture: [
    { f: 700, to: 380, d: 0.05, type: "triangle", v: 0.5 },
    { f: 2400, d: 0.03, type: "noise", v: 0.16 },
    { f: 330, to: 160, d: 0.16, type: "triangle", v: 0.42, at: 0.06 },
  ],
  blocked: TONES.blocked,
  start: TONES.newGame,
  win: TONES.win,
  loss: TONES.gameOver,
  draw: [
    { f: 523, d: 0.18, type: "triangle", v: 0.35 },
    { f: 523, d: 0.3, type: "triangle", v: 0.3, at: 0.2 },
  ],
  pause: TONES.pause,
  resume: TONES.resume,
  unmute: TONES.unmute,
};

const MENU_ICON = '<path d="M4 6h16"/><path d="M4 12h16"/><path d="M4 18h16"/>';

const CSS = `
.gw-root.gw-loa { max-width: 548px; }
.gw-loa .gw-header { margin-bottom: 8px; flex-wrap: nowrap; }
.gw-loa .gw-title small { white-space: nowrap; }
.gw-loa .gw-loa-header-buttons { display: flex; gap: 6px; flex-shrink: 0; }
.gw-loa[data-compact="true"] .gw-loa-header-buttons kbd { display: none; }
.gw-loa .gw-loa-score {
  display: grid; grid-template-columns: minmax(0, 1fr) auto minmax(0, 1fr); align-items: stretch; gap: 8px; margin-bottom: 10px;
}
.gw-loa .gw-loa-side {
  display: flex; align-items: center; gap: 9px; min-width: 0; padding: 6px 10px;
  border-radius: 11px; background: rgba(0, 0, 0, 0.26); border: 1px solid rgba(255, 255, 255, 0.07);
  transition: border-color 0.2s, box-shadow 0.2s, background 0.2s;
}
.gw-loa .gw-loa-side[data-side="computer"] { flex-direction: row-reverse; text-align: right; }
.gw-loa .gw-loa-side[data-to-move="true"] {
  border-color: rgba(246, 185, 59, 0.75); background: rgba(246, 185, 59, 0.09);
  box-shadow: 0 0 0 1px rgba(246, 185, 59, 0.25), 0 0 14px rgba(246, 185, 59, 0.14);
}
.gw-loa .gw-loa-stone {
  flex: none; width: 26px; height: 26px; border-radius: 50%;
  box-shadow: 0 2px 4px rgba(0, 0, 0, 0.5), 0 0 0 1px rgba(0, 0, 0, 0.35);
}
.gw-loa .gw-loa-side-text { display: flex; flex-direction: column; min-width: 0; line-height: 1.2; }
.gw-loa .gw-loa-side-text > div { overflow: hidden; text-overflow: ellipsis; }
.gw-loa .gw-loa-side-name { font-size: 13.5px; font-weight: 800; white-space: nowrap; }
.gw-loa .gw-loa-side-stats { font-size: 11.5px; color: ${PALETTE.textDim}; white-space: nowrap; font-variant-numeric: tabular-nums; }
.gw-loa .gw-loa-side-stats b { color: ${PALETTE.text}; font-size: 14px; }
.gw-loa .gw-loa-side[data-connected="true"] .gw-loa-side-stats b { color: ${GOLD}; }
.gw-loa .gw-loa-mid {
  display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 3px; min-width: 112px;
}
.gw-loa .gw-loa-move { font-size: 10px; text-transform: uppercase; letter-spacing: 0.09em; color: ${PALETTE.textDim}; }
.gw-loa .gw-loa-move b { font-size: 13px; color: ${PALETTE.text}; letter-spacing: 0; font-variant-numeric: tabular-nums; }
.gw-loa .gw-loa-turn {
  font-size: 11.5px; font-weight: 700; white-space: nowrap; padding: 2px 9px; border-radius: 10px;
  color: #c9f5d7; background: rgba(53, 212, 106, 0.14); border: 1px solid rgba(53, 212, 106, 0.35);
}
.gw-loa .gw-loa-turn[data-turn="computer"] { color: #d5dde7; background: rgba(255, 255, 255, 0.07); border-color: rgba(255, 255, 255, 0.16); }
.gw-loa .gw-loa-turn[data-turn="over"] { color: #f6d79a; background: rgba(246, 185, 59, 0.12); border-color: rgba(246, 185, 59, 0.4); }
.gw-loa .gw-loa-turn[hidden] { display: none; }
.gw-loa .gw-loa-stage { position: relative; line-height: 0; border-radius: 12px; }
.gw-loa .gw-loa-stage .gw-banner, .gw-loa .gw-loa-stage .gw-badge { line-height: 1.3; }
.gw-loa .gw-loa-stage > .gw-badge {
  position: absolute; top: 6px; left: 50%; transform: translateX(-50%); z-index: 2;
  background: rgba(20, 27, 36, 0.92); box-shadow: 0 3px 10px rgba(0, 0, 0, 0.4);
}
.gw-loa .gw-board { border-radius: 12px; }
.gw-loa .gw-board-wrap { margin-top: 0; }
.gw-loa .gw-dialog { min-width: 280px; }
.gw-loa .gw-dialog-actions .gw-button[hidden] { display: none; }
.gw-loa .gw-dialog-backdrop[data-dialog="setup"] { background: rgba(10, 14, 20, 0.42); }
.gw-loa .gw-dialog-backdrop[data-dialog="pause"] .gw-dialog-actions { flex-direction: column; align-items: stretch; }
.gw-loa .gw-dialog-backdrop[data-dialog="pause"] .gw-button { justify-content: center; height: 34px; }
.gw-loa .gw-dialog-backdrop[data-dialog="setup"] .gw-button-primary { min-width: 120px; justify-content: center; font-size: 14px; letter-spacing: 0.08em; height: 34px; }
.gw-loa .gw-dialog-backdrop[data-dialog="setup"] [data-action="continue"] { height: 34px; }
.gw-loa .gw-loa-you {
  display: flex; align-items: center; justify-content: center; gap: 14px; margin: -4px 0 12px;
  font-size: 11.5px; color: ${PALETTE.textDim};
}
.gw-loa .gw-loa-you span { display: inline-flex; align-items: center; gap: 5px; }
.gw-loa .gw-loa-you i { display: inline-block; width: 13px; height: 13px; border-radius: 50%; box-shadow: 0 1px 2px rgba(0,0,0,0.5); }
.gw-loa .gw-dialog-backdrop[data-dialog="result"] .gw-dialog-title { font-size: 24px; }
.gw-loa .gw-dialog-backdrop[data-result="win"] .gw-dialog-title { color: ${GOLD}; }
.gw-loa .gw-dialog-backdrop[data-result="loss"] .gw-dialog-title { color: #ff9b8f; }
.gw-loa .gw-loa-result-head {
  margin: 12px 0 6px; font-size: 10.5px; font-weight: 700; letter-spacing: 0.09em; text-transform: uppercase; color: ${PALETTE.textDim};
}
.gw-loa .gw-statgrid [data-stat="win_percent"] b, .gw-loa .gw-statgrid [data-stat="best_streak"] b { color: ${PALETTE.accent}; }
.gw-loa .gw-loa-legend { display: inline-flex; gap: 7px; font-size: 11px; font-weight: 700; }
.gw-loa .gw-loa-legend[hidden] { display: none; }
.gw-loa .gw-dialog-backdrop { overflow: auto; }
/* narrow: the move and turn under the two sides, smaller dialogs */
.gw-loa[data-compact="true"] .gw-title { font-size: 15.5px; }
.gw-loa[data-compact="true"] .gw-title small { display: block; margin: 1px 0 0; }
.gw-loa[data-compact="true"] .gw-header kbd { display: none; }
.gw-loa[data-compact="true"] .gw-loa-stage > .gw-badge { height: 18px; font-size: 10.5px; padding: 0 8px 0 6px; }
.gw-loa[data-compact="true"] .gw-loa-stage > .gw-badge .gw-badge-dot { width: 6px; height: 6px; }
.gw-loa[data-compact="true"] .gw-loa-score { grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); row-gap: 6px; }
.gw-loa[data-compact="true"] .gw-loa-mid { grid-row: 2; grid-column: 1 / span 2; flex-direction: row; gap: 10px; }
.gw-loa[data-compact="true"] .gw-loa-side { padding: 5px 8px; gap: 7px; }
.gw-loa[data-compact="true"] .gw-loa-stone { width: 22px; height: 22px; }
.gw-loa[data-compact="true"] .gw-loa-side-stats { display: flex; flex-direction: column; }
.gw-loa[data-compact="true"] .gw-loa-side[data-side="computer"] .gw-loa-side-stats { align-items: flex-end; }
.gw-loa[data-compact="true"] .gw-loa-sep { display: none; }
.gw-loa[data-compact="true"] .gw-dialog { min-width: 0; padding: 14px 14px 12px; }
.gw-loa[data-compact="true"] .gw-dialog-title { font-size: 18px; }
.gw-loa[data-compact="true"] .gw-dialog-backdrop[data-dialog="result"] .gw-dialog-title { font-size: 19px; }
.gw-loa[data-compact="true"] .gw-dialog-message { margin-bottom: 10px; }
.gw-loa[data-compact="true"] .gw-statgrid { gap: 4px; }
.gw-loa[data-compact="true"] .gw-statgrid > div { padding: 3px 2px; }
.gw-loa[data-compact="true"] .gw-statgrid b { font-size: 15px; }
.gw-loa[data-compact="true"] .gw-statgrid span { font-size: 8px; letter-spacing: 0.04em; }
.gw-loa[data-compact="true"] .gw-loa-result-head { margin: 8px 0 4px; font-size: 9.5px; }
.gw-loa[data-compact="true"] .gw-choice-detail { display: none; }
.gw-loa[data-compact="true"] .gw-choices { margin-bottom: 8px; }
.gw-loa[data-compact="true"] .gw-loa-you { flex-direction: column; gap: 2px; margin-bottom: 8px; }
`;

const sameCell = (a, b) => !!a && !!b && a[0] === b[0] && a[1] === b[1];
const clamp01 = (v) => Math.max(0, Math.min(1, v));

/** The starting position of an n x n board (user: top and bottom rows; computer:
 *  left and right columns; corners empty). */
function startBoard(n) {
  const b = new Array(n * n).fill(0);
  for (let i = 1; i < n - 1; i++) {
    b[i] = USER;
    b[(n - 1) * n + i] = USER;
    b[i * n] = COMPUTER;
    b[i * n + n - 1] = COMPUTER;
  }
  return b;
}

/** What decided the game, in words. */
function reasonText(result) {
  const winner = result.winner;
  switch (result.reason) {
    case "connected":
      if (winner === "user") return "All your pieces are connected.";
      if (winner === "computer") return "All the computer's pieces are connected.";
      return "The pieces are connected.";
    case "no-moves":
      if (winner === "user") return "The computer has no legal move.";
      if (winner === "computer") return "You have no legal move.";
      return "No legal move is left.";
    case "move-limit":
      return `${MOVE_LIMIT} moves without a connected side: a draw.`;
    default:
      return "";
  }
}

/* ------------------------------------------------------------------- render -- */

function render({ model, el }) {
  const doc = el.ownerDocument || document;
  ensureDialogStyles(el);
  ensureDialogPartsStyles(el);
  ensureStyleSheet(el, "gamewidgets-loa-v1", CSS);

  const shell = createShell({ model, el, game: "loa", title: "Lines of Action", compactBelow: 458 });
  const { onCleanup } = shell;
  let destroyed = false;

  /* ---- trait readers ---- */
  let lastSize = 6;
  function traitSize() {
    const n = readInt(model, "size", lastSize);
    if (SIZES.includes(n)) lastSize = n;
    return lastSize;
  }
  const phase = () => {
    const p = readString(model, "phase", "setup");
    return PHASES.includes(p) ? p : "setup";
  };
  const traitLevel = () => {
    const l = readString(model, "level", "easy");
    return LEVELS.includes(l) ? l : "easy";
  };
  let lastGoodBoard = null;
  function currentBoard(n = traitSize()) {
    const b = asIntGrid(readRaw(model, "board"), n * n, 0, 2);
    if (b) lastGoodBoard = b;
    if (!lastGoodBoard || lastGoodBoard.length !== n * n) lastGoodBoard = startBoard(n);
    return lastGoodBoard;
  }
  const currentSelected = (n = traitSize()) => asCell(readRaw(model, "selected"), n, n);
  function currentTargets(n = traitSize()) {
    const ok = (v) => v === 0 || v === 1 || v === true || v === false;
    return asCellValues(readRaw(model, "targets"), n, n, ok).map(([r, c, k]) => [r, c, k === 1 || k === true]);
  }
  function currentLineCounts() {
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
  function pair(name) {
    const v = readRaw(model, name);
    return Array.isArray(v) && v.length >= 2 && Number.isInteger(v[0]) && Number.isInteger(v[1]) ? [v[0], v[1]] : null;
  }
  function currentLastMove(n = traitSize()) {
    const v = readRaw(model, "last_move");
    if (!Array.isArray(v) || v.length !== 2) return null;
    const a = asCell(v[0], n, n);
    const b = asCell(v[1], n, n);
    return a && b ? [a, b] : null;
  }
  function currentEvent() {
    const ev = asObject(readRaw(model, "last_event"));
    if (!ev || !Number.isInteger(ev.id) || typeof ev.kind !== "string") return null;
    return ev;
  }
  const currentResult = () => {
    const r = asObject(readRaw(model, "result"));
    return r && ["win", "loss", "draw"].includes(r.result) ? r : null;
  };
  function currentSaved() {
    const s = asObject(readRaw(model, "saved"));
    if (!s || !SIZES.includes(s.size) || !LEVELS.includes(s.level)) return null;
    return { size: s.size, level: s.level, moves: Number.isInteger(s.moves) ? s.moves : 0 };
  }
  function historyState() {
    const length = Math.max(1, readInt(model, "history_length", 1));
    const index = Math.max(0, Math.min(length - 1, readInt(model, "history_index", length - 1)));
    return [index, length];
  }
  const lookingBack = () => {
    if (phase() === "setup") return false;
    const [index, length] = historyState();
    return index < length - 1;
  };
  const isPaused = () => readBool(model, "paused", false) && phase() === "playing";
  const isThinking = () => readBool(model, "thinking", false);
  const turn = () => (readString(model, "turn", "user") === "computer" ? "computer" : "user");
  const reducedFlag = () => readBool(model, "reduced_motion", false);
  const position = () => readInt(model, "position", 0);

  /* ---- DOM ---- */
  const { root, header, title, subtitle: titleSmall } = shell;
  const menuButton = createButton({
    doc,
    label: "Menu",
    action: "menu",
    iconPaths: MENU_ICON,
    shortcut: "P",
    title: "Pause: continue, new game, sound (P)",
    onClick: () => openMenu(),
  });
  const undoButton = createButton({
    doc,
    label: "Undo",
    action: "undo",
    icon: "undo",
    shortcut: "U",
    title: "Take back your last move and the computer's answer (U)",
    onClick: () => undo(),
  });
  const headerButtons = doc.createElement("div");
  headerButtons.className = "gw-loa-header-buttons";
  headerButtons.append(undoButton, menuButton);
  header.append(title, headerButtons);

  // the score bar: You | move, turn | Computer
  function sideBox(side, name, tag) {
    const box = doc.createElement("div");
    box.className = "gw-loa-side";
    box.dataset.side = side;
    const stone = doc.createElement("span");
    stone.className = "gw-loa-stone";
    stone.style.background = pieceCss(STYLE[side === "user" ? USER : COMPUTER]);
    const text = doc.createElement("div");
    text.className = "gw-loa-side-text";
    const nameEl = doc.createElement("div");
    nameEl.className = "gw-loa-side-name";
    nameEl.append(doc.createTextNode(name));
    stone.title = tag;
    const stats = doc.createElement("div");
    stats.className = "gw-loa-side-stats";
    text.append(nameEl, stats);
    box.append(stone, text);
    return { el: box, stats };
  }
  const userSide = sideBox("user", "You", "Your pieces: dark (x)");
  const computerSide = sideBox("computer", "Computer", "The computer's pieces: light (o)");
  const mid = doc.createElement("div");
  mid.className = "gw-loa-mid";
  const moveLabel = doc.createElement("div");
  moveLabel.className = "gw-loa-move";
  const turnPill = doc.createElement("div");
  turnPill.className = "gw-loa-turn";
  const thinkingBadge = createBadge({
    doc,
    kind: "thinking",
    text: "Computer is thinking\u2026",
    title: "The computer is choosing its move",
  });
  mid.append(moveLabel, turnPill);
  const scoreBar = doc.createElement("div");
  scoreBar.className = "gw-loa-score";
  scoreBar.setAttribute("role", "group");
  scoreBar.append(userSide.el, mid, computerSide.el);

  // the board and what goes over it
  const boardWrap = doc.createElement("div");
  boardWrap.className = "gw-board-wrap";
  const stage = doc.createElement("div");
  stage.className = "gw-loa-stage";
  boardWrap.appendChild(stage);
  const history = createHistoryControls({
    doc,
    model,
    beforeGoto: () => finishAnimations(),
    onBackToGame: () => focusBoard(),
  });
  onCleanup(history.destroy);
  const { banner, slider: historySlider } = history;

  const settingBoxes = createSettings({ doc, model, items: [
    ["show_counts", "Show line counts", "Teaching aid: the number of pieces on each line through the selected piece (how far it moves along it)"],
    ["reduced_motion", "Reduced motion", "No sliding or pulsing animations"],
  ] });
  onCleanup(settingBoxes.destroy);
  const settings = settingBoxes.el;
  const status = createStatusLine({ doc });
  const lineLegend = doc.createElement("span");
  lineLegend.className = "gw-loa-legend";
  lineLegend.hidden = true;
  const legendParts = {};
  for (const { name, colour, glyph } of LINES) {
    const s = doc.createElement("span");
    s.style.color = colour;
    s.title = `pieces on the ${name} line`;
    s.dataset.line = name;
    legendParts[name] = { el: s, glyph };
    lineLegend.appendChild(s);
  }
  const scaleLegend = createScaleLegend({ doc });
  status.aside.append(lineLegend, scaleLegend.el);

  /* ---- dialogs ---- */
  const returnFocus = () => board && board.canvas;
  const setupDialog = createDialog({
    doc,
    returnFocus,
    name: "setup",
    title: "Lines of Action",
    message: "Connect all your pieces into one group. A piece moves as many cells as there are pieces on its line.",
    actions: [
      { label: "Continue", action: "continue", title: "Continue the unfinished game", onClick: () => act({ type: "continue" }) },
      { label: "PLAY", action: "play", primary: true, title: "Start a game (Enter)", onClick: () => play() },
    ],
  });
  const youLine = doc.createElement("div");
  youLine.className = "gw-loa-you";
  youLine.innerHTML = "<span><i></i>You: dark, you move first</span><span><i></i>Computer: light</span>";
  const [youDot, compDot] = youLine.querySelectorAll("i");
  youDot.style.background = pieceCss("black");
  compDot.style.background = pieceCss("white");
  let setupSize = traitSize();
  let setupLevel = traitLevel();
  const levelChoice = createChoiceGroup({
    doc,
    name: "level",
    legend: "Level",
    options: LEVELS.map((l) => ({ value: l, label: LEVEL_NAMES[l], detail: LEVEL_DETAILS[l] })),
    value: setupLevel,
    onChange: (v) => {
      setupLevel = v;
    },
  });
  const sizeChoice = createChoiceGroup({
    doc,
    name: "size",
    legend: "Board",
    options: SIZES.map((n) => ({ value: n, label: `${n}\u00d7${n}`, detail: SIZE_NAMES[n], title: `${n}\u00d7${n} ${SIZE_NAMES[n]}: ${2 * (n - 2)} pieces a side` })),
    value: setupSize,
    onChange: (v) => {
      setupSize = v;
      geo = null;
      requestDraw();
      updateDom();
    },
  });
  onCleanup(levelChoice.destroy);
  onCleanup(sizeChoice.destroy);
  setupDialog.body.append(youLine, levelChoice.el, sizeChoice.el);
  const onSetupKey = (event) => {
    if (event.key === "Enter" && !event.defaultPrevented && event.target && event.target.tagName === "INPUT") {
      event.preventDefault();
      play();
    }
  };
  listen(onCleanup, [[setupDialog.el, "keydown", onSetupKey]]);

  const pauseDialog = createDialog({
    doc,
    returnFocus,
    name: "pause",
    title: "Paused",
    message: "",
    actions: [
      { label: "Continue", action: "resume", primary: true, shortcut: "P", title: "Back to the game (P or Esc)", onClick: () => act({ type: "resume" }) },
      { label: "New game", action: "new", title: "Choose a level and a board for a new game (this one stays saved)", onClick: () => act({ type: "new_game" }) },
      { label: "Sound on", action: "mute", shortcut: "M", title: "Sound on/off (M)", onClick: () => toggleMute() },
    ],
  });

  const resultDialog = createDialog({
    doc,
    returnFocus,
    name: "result",
    title: "",
    message: "",
    actions: [
      { label: "New game", action: "new", primary: true, title: "Choose a level and a board for a new game", onClick: () => act({ type: "new_game" }) },
      { label: "Close", action: "close", title: "Look at the final board (Esc)", onClick: () => closeResult() },
    ],
  });
  const gameStats = createStatGrid({
    doc,
    items: [
      { name: "captures_user", label: "Your captures" },
      { name: "captures_computer", label: "Computer's" },
      { name: "moves", label: "Moves" },
    ],
  });
  const recordHead = doc.createElement("div");
  recordHead.className = "gw-loa-result-head";
  const recordStats = createStatGrid({
    doc,
    items: [
      { name: "wins", label: "Wins" },
      { name: "losses", label: "Losses" },
      { name: "draws", label: "Draws" },
      { name: "win_percent", label: "Win %" },
      { name: "streak", label: "Streak" },
      { name: "best_streak", label: "Best streak" },
    ],
  });
  resultDialog.body.append(gameStats.el, recordHead, recordStats.el);
  const onResultKey = (event) => {
    if (event.key === "Escape" && !event.defaultPrevented) {
      event.preventDefault();
      event.stopPropagation();
      closeResult();
    }
  };
  listen(onCleanup, [[resultDialog.el, "keydown", onResultKey]]);
  const onPauseKey = (event) => {
    if (event.key === "Escape" && !event.defaultPrevented) {
      event.preventDefault();
      event.stopPropagation();
      act({ type: "resume" });
    }
  };
  listen(onCleanup, [[pauseDialog.el, "keydown", onPauseKey]]);
  for (const d of [setupDialog, pauseDialog, resultDialog]) onCleanup(d.destroy);

  shell.mount(header, scoreBar, boardWrap, historySlider.el, settings, status.el);

  /* ---- state ---- */
  let anim = null; // { parts, before, final, tween, withSound, eventId }
  const queue = []; // moves waiting to slide
  let startFx = null; // { tween } pieces appearing at the start of a game
  let selectFx = null; // { cell, tween } the target markers popping in
  let flash = null; // { cell, start } a cell the selected piece cannot reach
  let hover = null; // [r, c] under the mouse
  let focus = null; // trackBoardFocus of the canvas
  let initialised = false;
  let handledEventId = null; // the newest last_event.id seen
  let seenLastMove = "null"; // last_move and the captures total at the previous update
  let seenCaptures = 0;
  let shownEventId = null; // the newest one whose effect is fully shown
  let resultClosedKey = null; // the result the user closed (JSON)
  let prevPhase = null;
  let analysis = null;
  let analysisKey = "";
  let analysisStart = 0;
  // drawing caches
  const pieces = createPieceSprites();
  let background = null;
  let geo = null;
  let geoKey = "";
  let dpr = 1;
  let board = null;

  const sound = createSound({ isMuted: () => readBool(model, "muted", true) });
  sound.unlockOn(root);
  onCleanup(sound.destroy);

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

  const cursor = createGridCursor({
    rows: traitSize(),
    cols: traitSize(),
    row: traitSize() - 1,
    col: 1,
    onChange: () => {
      root.dataset.cursor = cursor.toString();
      requestDraw();
    },
  });
  let cursorSize = traitSize();

  /** The board size drawn now: the one being chosen in the setup dialog, else the game's. */
  const drawSize = () => (phase() === "setup" ? setupSize : traitSize());

  /* ---- actions ---- */
  function act(msg) {
    finishAnimations();
    sendMessage(model, msg);
  }
  function play() {
    act({ type: "start", size: sizeChoice.value, level: levelChoice.value });
  }
  const canUndo = () => phase() !== "setup" && readInt(model, "moves", 0) > 0 && !readBool(model, "paused", false);
  function undo() {
    if (canUndo()) act({ type: "undo", position: position() });
  }
  function toggleMute() {
    const muted = !readBool(model, "muted", false);
    setTrait(model, "muted", muted);
    if (!muted) {
      sound.unlock();
      sound.play(SOUNDS.unmute);
    }
    updateDom();
  }
  function openMenu() {
    const p = phase();
    if (p === "over") {
      if (lookingBack()) historySlider.toEnd();
      resultClosedKey = null;
      syncDialogs();
      updateDom();
    } else if (p === "playing") {
      if (isPaused()) act({ type: "resume" });
      else act({ type: "pause" });
    }
  }
  function closeResult() {
    const r = currentResult();
    resultClosedKey = r ? JSON.stringify(r) : null;
    syncDialogs();
    updateDom();
    focusBoard();
  }
  function focusBoard() {
    if (board) board.canvas.focus({ preventScroll: true });
  }

  /* ---- animations ---- */
  function moveParts(ev, n) {
    const src = asCell(ev.src, n, n);
    const dst = asCell(ev.dst, n, n);
    if (!src || !dst || sameCell(src, dst)) return null;
    const mover = ev.by === "computer" ? COMPUTER : USER;
    return { src, dst, mover, capture: ev.capture === true, by: ev.by === "computer" ? "computer" : "user", move: typeof ev.move === "string" ? ev.move : "" };
  }

  function startNext() {
    const item = queue.shift();
    if (!item) {
      anim = null;
      return;
    }
    const { parts, final, n } = item;
    const before = final.slice();
    before[parts.dst[0] * n + parts.dst[1]] = parts.capture ? (parts.mover === USER ? COMPUTER : USER) : 0;
    before[parts.src[0] * n + parts.src[1]] = parts.mover;
    const a = { ...item, before, landed: false, tween: null };
    anim = a;
    if (a.withSound) sound.play(SOUNDS.slide);
    a.tween = animator.start(SLIDE_MS, { onDone: () => endAnimation(a) });
  }

  function endAnimation(a) {
    if (anim !== a) return;
    if (a.withSound) sound.play(a.parts.capture ? SOUNDS.capture : SOUNDS.place);
    shownEventId = a.eventId;
    anim = null;
    if (queue.length) startNext();
    syncDialogs();
    updateDom();
    requestDraw();
  }

  /** Jump every slide to its end (a click, a key, another position). */
  function finishAnimations() {
    if (!anim && !queue.length) return;
    if (anim) anim.tween.cancel();
    const last = queue.length ? queue[queue.length - 1] : anim;
    queue.length = 0;
    anim = null;
    if (last) shownEventId = last.eventId;
    syncDialogs();
    updateDom();
    requestDraw();
  }

  function enqueueMove(ev, parts, withSound) {
    const n = traitSize();
    queue.push({ parts, final: currentBoard(n).slice(), n, withSound, eventId: ev.id });
    if (anim && queue.length > 1) {
      // falling behind: the running slide ends now, the next starts
      anim.tween.cancel();
      const a = anim;
      anim = null;
      shownEventId = a.eventId;
    }
    if (!anim) startNext();
  }

  /* ---- events ---- */
  function announceMove(parts) {
    const who = parts.by === "computer" ? "The computer" : "You";
    const n = traitSize();
    const text = parts.move || `${squareName(parts.src[0], parts.src[1], n)}-${squareName(parts.dst[0], parts.dst[1], n)}`;
    status.announce(`${who} moved ${text}${parts.capture ? ", capturing a piece" : ""}.`);
  }

  /** The total of both sides' captures (to tell whether a move captured). */
  function capturesTotal() {
    const c = pair("captures");
    return c ? c[0] + c[1] : 0;
  }

  /**
   * The game ended with a move whose own event this view never saw (both arrived in
   * one update): slide that move from `last_move` (the mover is the side not to move).
   */
  function slideMissedMove(ev) {
    const lm = currentLastMove();
    if (!lm || JSON.stringify(lm) === seenLastMove) return;
    const mover = turn() === "user" ? COMPUTER : USER;
    const parts = {
      src: lm[0],
      dst: lm[1],
      mover,
      capture: capturesTotal() > seenCaptures,
      by: mover === COMPUTER ? "computer" : "user",
      move: "",
    };
    enqueueMove(ev, parts, false);
  }

  function handleEvent(ev, skipped = false) {
    const fresh = initialised;
    const withSound = fresh && claimSound(model, ev.id);
    if (["start", "setup", "goto", "undo"].includes(ev.kind)) {
      // another position: slides and flashes of the old one end now
      finishAnimations();
      flash = null;
    }
    switch (ev.kind) {
      case "move": {
        const parts = moveParts(ev, traitSize());
        if (parts) announceMove(parts);
        if (parts && fresh && !reduced() && !lookingBack()) {
          enqueueMove(ev, parts, withSound);
          return;
        }
        finishAnimations();
        if (parts && withSound) sound.play(parts.capture ? SOUNDS.capture : SOUNDS.place);
        break;
      }
      case "start":
        if (withSound) sound.play(SOUNDS.start);
        if (fresh && !reduced()) {
          const fx = { tween: null };
          fx.tween = animator.start(START_MS, { onDone: () => startFx === fx && (startFx = null) });
          startFx = fx.tween.done ? null : fx;
        }
        status.announce(`New game: ${traitSize()}\u00d7${traitSize()}, ${LEVEL_NAMES[traitLevel()]}. Your move.`);
        break;
      case "select": {
        if (withSound) sound.play(SOUNDS.select);
        const sel = currentSelected();
        if (sel) {
          selectFx = fresh && !reduced() ? { cell: sel, tween: animator.start(SELECT_POP_MS) } : null;
          const t = currentTargets();
          status.announce(`${squareName(sel[0], sel[1], traitSize())} selected: ${t.length} moves.`);
        }
        break;
      }
      case "deselect":
        if (withSound) sound.play(SOUNDS.deselect);
        status.announce("Selection cleared.");
        break;
      case "pause":
        if (withSound) sound.play(SOUNDS.pause);
        break;
      case "resume":
        if (withSound) sound.play(SOUNDS.resume);
        break;
      case "over": {
        const r = currentResult();
        const kind = r ? r.result : ev.result;
        if (withSound) sound.play(kind === "win" ? SOUNDS.win : kind === "loss" ? SOUNDS.loss : SOUNDS.draw);
        if (skipped && fresh && !reduced() && !lookingBack()) slideMissedMove(ev);
        if (r) status.announce(`${kind === "win" ? "You win" : kind === "loss" ? "The computer wins" : "Draw"}. ${reasonText(r)}`);
        break;
      }
      case "goto": {
        const [index, length] = historyState();
        status.announce(index < length - 1 ? `Looking back at move ${index} of ${length - 1}.` : "Back to the game.");
        break;
      }
      default:
        break;
    }
    shownEventId = ev.id;
  }

  function syncAnalysis() {
    const n = traitSize();
    const next = phase() === "setup" ? null : parseOverlay(readRaw(model, "overlay"), n, n);
    const key = overlayKey(next);
    if (key !== analysisKey) {
      analysisKey = key;
      analysisStart = 0;
    }
    analysis = next;
  }

  function syncDialogs() {
    if (destroyed) return;
    const p = phase();
    const focusInside = root.contains(doc.activeElement);
    // setup
    if (p === "setup") {
      if (prevPhase !== "setup") {
        setupSize = traitSize();
        setupLevel = traitLevel();
        sizeChoice.set(setupSize);
        levelChoice.set(setupLevel);
        geo = null;
      }
      const saved = currentSaved();
      const cont = setupDialog.buttons.continue;
      cont.hidden = !saved;
      if (saved) {
        cont.querySelector(".gw-button-label").textContent = `Continue (${saved.size}\u00d7${saved.size}, ${saved.level}, move ${saved.moves})`;
      }
      setupDialog.open({ focus: focusInside });
    } else setupDialog.close();
    // pause
    if (p === "playing" && isPaused()) {
      const n = traitSize();
      pauseDialog.setMessage(`${n}\u00d7${n} ${SIZE_NAMES[n]} \u00b7 ${LEVEL_NAMES[traitLevel()]} \u00b7 move ${readInt(model, "moves", 0)}`);
      pauseDialog.open({ focus: focusInside });
    } else pauseDialog.close();
    // results
    const r = p === "over" ? currentResult() : null;
    const key = r ? JSON.stringify(r) : null;
    if (r && !anim && !queue.length && !lookingBack() && key !== resultClosedKey) {
      fillResult(r);
      resultDialog.open({ focus: focusInside });
    } else resultDialog.close();
    prevPhase = p;
  }

  function fillResult(r) {
    resultDialog.el.dataset.result = r.result;
    resultDialog.setTitle(r.result === "win" ? "You win!" : r.result === "loss" ? "The computer wins" : "Draw");
    resultDialog.setMessage(reasonText(r));
    const caps = Array.isArray(r.captures) ? r.captures : [];
    gameStats.set("captures_user", Number.isInteger(caps[0]) ? caps[0] : 0);
    gameStats.set("captures_computer", Number.isInteger(caps[1]) ? caps[1] : 0);
    gameStats.set("moves", Number.isInteger(r.moves) ? r.moves : readInt(model, "moves", 0));
    const n = traitSize();
    const variant = `${n}\u00d7${n} ${SIZE_NAMES[n]} \u00b7 ${LEVEL_NAMES[traitLevel()]}`;
    recordHead.textContent = `Your record \u00b7 ${variant}`;
    const t = asObject(r.tally) || {};
    const num = (v) => (typeof v === "number" && Number.isFinite(v) ? v : 0);
    for (const name of ["wins", "losses", "draws", "streak", "best_streak"]) recordStats.set(name, num(t[name]));
    const pct = num(t.win_percent);
    recordStats.set("win_percent", `${Number.isInteger(pct) ? pct : pct.toFixed(1)}%`);
  }

  function onTraits(changed) {
    if (destroyed) return;
    const n = traitSize();
    if (n !== cursorSize) {
      cursorSize = n;
      cursor.resize(n, n);
      cursor.set(n - 1, 1);
      geo = null;
    }
    if (changed && (changed.has("phase") || changed.has("size"))) geo = null;
    syncAnalysis();
    const ev = currentEvent();
    if (ev && ev.id !== handledEventId) {
      const skipped = ev.id > (handledEventId === null ? 0 : handledEventId) + 1;
      handledEventId = ev.id;
      handleEvent(ev, skipped);
    }
    seenLastMove = JSON.stringify(currentLastMove());
    seenCaptures = capturesTotal();
    if (selectFx && !sameCell(selectFx.cell, currentSelected())) selectFx = null;
    if (lookingBack() || phase() === "setup") {
      if (anim || queue.length) finishAnimations();
    }
    syncDialogs();
    if (!initialised) {
      initialised = true;
      shownEventId = ev ? ev.id : null;
    }
    updateDom();
    requestDraw();
  }

  /* ---- DOM state ---- */
  function sideStats(groups, captured, connected) {
    const g = groups === null ? "\u2013" : String(groups);
    return (
      `<span><b>${g}</b> ${groups === 1 ? "group" : "groups"}${connected ? " \u2713" : ""}</span>` +
      `<span class="gw-loa-sep"> \u00b7 </span><span>${captured} captured</span>`
    );
  }

  function updateDom() {
    if (destroyed) return;
    const p = phase();
    const n = traitSize();
    const ds = root.dataset;
    const sel = p === "setup" ? null : currentSelected(n);
    const targets = p === "setup" ? [] : currentTargets(n);
    const groups = [pair("groups") ? pair("groups")[0] : null, pair("groups") ? pair("groups")[1] : null];
    const caps = pair("captures") || [0, 0];
    const moves = readInt(model, "moves", 0);
    const thinking = isThinking();
    const [hIndex, hLength] = historyState();
    const back = lookingBack();
    const result = currentResult();
    const t = turn();
    ds.phase = p;
    ds.size = String(n);
    ds.level = traitLevel();
    ds.turn = t;
    ds.selected = sel ? `${sel[0]},${sel[1]}` : "";
    ds.targets = String(targets.filter((x) => !x[2]).length);
    ds.capturesPossible = String(targets.filter((x) => x[2]).length);
    ds.groups = `${groups[0] === null ? "" : groups[0]},${groups[1] === null ? "" : groups[1]}`;
    ds.moves = String(moves);
    ds.thinking = thinking ? "true" : "false";
    ds.cursor = cursor.toString();
    ds.event = shownEventId === null ? "" : String(shownEventId);
    ds.overlay = String(analysis ? analysis.cells.length : 0);
    ds.arrow = analysis && analysis.arrow ? `${analysis.arrow.from}>${analysis.arrow.to}` : "";
    ds.history = `${hIndex}/${hLength - 1}`;
    ds.historyMode = back ? "back" : "live";
    ds.result = p === "over" && result ? result.result : "";
    ds.paused = isPaused() ? "true" : "false";
    ds.muted = readBool(model, "muted", false) ? "true" : "false";
    ds.reducedMotion = reducedFlag() ? "true" : "false";
    ds.animating = anim || queue.length ? "true" : "false";
    const lm = currentLastMove(n);
    ds.lastMove = lm ? `${lm[0]}>${lm[1]}` : "";
    ds.showCounts = readBool(model, "show_counts", false) ? "true" : "false";
    const counts = countsShown();
    ds.lineCounts = counts ? LINES.map((l) => (counts[l.name] === undefined ? "" : counts[l.name])).join(",") : "";

    // header and score bar
    const level = traitLevel();
    titleSmall.textContent = p === "setup" ? "" : `${n}\u00d7${n} ${SIZE_NAMES[n]} \u00b7 ${LEVEL_NAMES[level]}`;
    menuButton.disabled = p === "setup";
    undoButton.disabled = !canUndo();
    undoButton.hidden = p === "setup";
    menuButton.querySelector(".gw-button-label").textContent = p === "over" ? "Results" : "Menu";
    menuButton.title = p === "over" ? "Show the results (P)" : "Pause: continue, new game, sound (P)";
    if (p === "setup") {
      userSide.stats.textContent = "dark \u00b7 moves first";
      computerSide.stats.textContent = "light";
      userSide.el.dataset.toMove = "false";
      computerSide.el.dataset.toMove = "false";
      userSide.el.dataset.connected = computerSide.el.dataset.connected = "false";
      moveLabel.textContent = "New game";
      turnPill.hidden = true;
      thinkingBadge.show(false);
      scoreBar.setAttribute("aria-label", "Choose a level and a board");
    } else {
      userSide.stats.innerHTML = sideStats(groups[0], caps[0], groups[0] === 1);
      computerSide.stats.innerHTML = sideStats(groups[1], caps[1], groups[1] === 1);
      userSide.el.dataset.connected = groups[0] === 1 ? "true" : "false";
      computerSide.el.dataset.connected = groups[1] === 1 ? "true" : "false";
      const live = p === "playing" && !back;
      userSide.el.dataset.toMove = live && t === "user" ? "true" : "false";
      computerSide.el.dataset.toMove = live && t === "computer" ? "true" : "false";
      moveLabel.innerHTML = back ? `Move <b>${hIndex}</b> of ${hLength - 1}` : `Move <b>${moves}</b>`;
      thinkingBadge.show(thinking && p === "playing" && !back);
      turnPill.hidden = false;
      if (back) {
        turnPill.dataset.turn = "over";
        turnPill.textContent = "Looking back";
      } else if (p === "over") {
        turnPill.dataset.turn = "over";
        turnPill.textContent = result ? (result.result === "win" ? "You won" : result.result === "loss" ? "Computer won" : "Draw") : "Game over";
      } else if (isPaused()) {
        turnPill.dataset.turn = "over";
        turnPill.textContent = "Paused";
      } else {
        turnPill.dataset.turn = t;
        turnPill.textContent = t === "user" ? "Your move" : "Computer's move";
      }
      scoreBar.setAttribute(
        "aria-label",
        `You: ${groups[0] === null ? "?" : groups[0]} groups \u00b7 Computer: ${groups[1] === null ? "?" : groups[1]} groups (goal: 1)`,
      );
    }
    userSide.el.title = "Your pieces (x, dark): the number of separate groups (goal: 1) and the pieces you captured";
    computerSide.el.title = "The computer's pieces (o, light): its groups (goal: 1) and the pieces it captured";

    // history
    history.show(hIndex, hLength, p === "setup");

    // pause menu's sound button
    const muteButton = pauseDialog.buttons.mute;
    const muted = readBool(model, "muted", false);
    muteButton.querySelector(".gw-button-label").textContent = muted ? "Sound off" : "Sound on";
    muteButton.setAttribute("aria-pressed", muted ? "false" : "true");

    // legends
    if (counts) {
      for (const { name } of LINES) {
        const part = legendParts[name];
        part.el.textContent = `${part.glyph} ${counts[name] === undefined ? "\u2013" : counts[name]}`;
      }
    }
    lineLegend.hidden = !counts;
    scaleLegend.show(!!(analysis && analysis.cells.length) && !counts);

    // status
    const error = readString(model, "error", "");
    let text;
    let kind = "";
    if (error) {
      text = error;
      kind = "error";
    } else if (p === "setup") text = "Choose a level and a board, then PLAY.";
    else if (analysis && analysis.title) {
      text = analysis.title;
      kind = "overlay";
    } else if (back) text = "Looking back: PageUp/PageDown step, Esc returns to the game.";
    else if (p === "over") text = result ? `Game over: ${reasonText(result)}` : "Game over.";
    else if (isPaused()) text = "Paused.";
    else if (thinking) text = "The computer is thinking\u2026";
    else if (t === "computer") text = "The computer's move.";
    else if (sel) {
      const name = squareName(sel[0], sel[1], n);
      text = targets.length
        ? `${name}: ${targets.length} ${targets.length === 1 ? "move" : "moves"} \u2014 green dots are empty cells, red rings captures.`
        : `${name} cannot move: choose another piece.`;
      if (counts) text = `Lines through ${name}:`;
    } else text = "Your move: select one of your dark pieces. Goal: all your pieces in one group.";
    status.show(text, kind);
    reflectCursorStyle();
  }

  /** The line counts to draw (show_counts on, a piece selected, live), or null. */
  function countsShown() {
    if (!readBool(model, "show_counts", false) || phase() !== "playing" || lookingBack()) return null;
    if (!currentSelected()) return null;
    return currentLineCounts();
  }

  /* ---- drawing ---- */
  function pieceRadius() {
    return geo.cell * 0.4;
  }

  function cellInset(r, c, inset) {
    const { x, y, w, h } = geo.cellRect(r, c);
    return { x: x + inset, y: y + inset, w: w - 2 * inset, h: h - 2 * inset };
  }

  function drawPieceAt(ctx, side, x, y, opts = {}) {
    pieces.draw(ctx, STYLE[side], x, y, pieceRadius(), dpr, opts);
  }

  function drawBoardPieces(ctx, cells, n, skip) {
    const R = pieceRadius();
    const start = startFx ? startFx.tween.progress() : 1;
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        const k = cells[r * n + c];
        if (!k || (skip && skip(r, c))) continue;
        const p = geo.cellCenter(r, c);
        if (start < 1) {
          const d = Math.hypot(r - (n - 1) / 2, c - (n - 1) / 2) / (n / 1.4);
          const t = clamp01((start - d * 0.45) / 0.55);
          if (t <= 0) continue;
          pieces.draw(ctx, STYLE[k], p.x, p.y, R, dpr, { alpha: t, scale: 0.55 + 0.45 * easing.outBack(t) });
        } else pieces.draw(ctx, STYLE[k], p.x, p.y, R, dpr);
      }
    }
  }

  function drawLastMove(ctx, lm) {
    const [a, b] = lm;
    ctx.save();
    for (const cell of [a, b]) {
      const q = cellInset(cell[0], cell[1], 2.5);
      roundRectPath(ctx, q.x, q.y, q.w, q.h, geo.cell * 0.12);
      ctx.fillStyle = rgba(AMBER, cell === b ? 0.26 : 0.16);
      ctx.fill();
      ctx.lineWidth = 2;
      ctx.strokeStyle = rgba(AMBER, cell === b ? 0.85 : 0.55);
      ctx.stroke();
    }
    const p = geo.cellCenter(a[0], a[1]);
    const q = geo.cellCenter(b[0], b[1]);
    ctx.beginPath();
    ctx.moveTo(p.x, p.y);
    ctx.lineTo(q.x, q.y);
    ctx.lineWidth = Math.max(2, geo.cell * 0.06);
    ctx.lineCap = "round";
    ctx.strokeStyle = rgba("#8a4b12", 0.35);
    ctx.stroke();
    ctx.beginPath();
    ctx.arc(p.x, p.y, geo.cell * 0.07, 0, Math.PI * 2);
    ctx.fillStyle = rgba("#8a4b12", 0.45);
    ctx.fill();
    ctx.restore();
  }

  function drawWinnerLinks(ctx, cells, n, side) {
    ctx.save();
    ctx.lineCap = "round";
    ctx.strokeStyle = rgba(GOLD, 0.85);
    ctx.shadowColor = rgba(GOLD, 0.8);
    ctx.shadowBlur = geo.cell * 0.15;
    ctx.lineWidth = Math.max(3, geo.cell * 0.09);
    ctx.beginPath();
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        if (cells[r * n + c] !== side) continue;
        const p = geo.cellCenter(r, c);
        for (const [dr, dc] of [[0, 1], [1, -1], [1, 0], [1, 1]]) {
          const rr = r + dr;
          const cc = c + dc;
          if (rr < 0 || rr >= n || cc < 0 || cc >= n || cells[rr * n + cc] !== side) continue;
          const q = geo.cellCenter(rr, cc);
          ctx.moveTo(p.x, p.y);
          ctx.lineTo(q.x, q.y);
        }
      }
    }
    ctx.stroke();
    ctx.restore();
  }

  function drawSelection(ctx, sel, now) {
    const p = geo.cellCenter(sel[0], sel[1]);
    const pulse = reduced() ? 1 : 0.75 + 0.25 * Math.sin((now / 900) * Math.PI * 2);
    const g = ctx.createRadialGradient(p.x, p.y, geo.cell * 0.2, p.x, p.y, geo.cell * 0.7);
    g.addColorStop(0, rgba("#fff3c4", 0.55 * pulse));
    g.addColorStop(1, rgba("#fff3c4", 0));
    const q = cellInset(sel[0], sel[1], 1);
    ctx.save();
    ctx.beginPath();
    ctx.rect(q.x, q.y, q.w, q.h);
    ctx.fillStyle = g;
    ctx.fill();
    ctx.restore();
  }

  function drawSelectionRing(ctx, sel, now) {
    const p = geo.cellCenter(sel[0], sel[1]);
    const pulse = reduced() ? 1 : 0.7 + 0.3 * Math.sin((now / 900) * Math.PI * 2);
    ctx.save();
    ctx.beginPath();
    ctx.arc(p.x, p.y - pieceRadius() * 0.08, pieceRadius() + geo.cell * 0.045, 0, Math.PI * 2);
    ctx.lineWidth = Math.max(2, geo.cell * 0.05);
    ctx.strokeStyle = `rgba(255, 236, 160, ${0.95 * pulse})`;
    ctx.shadowColor = "rgba(255, 220, 120, 0.9)";
    ctx.shadowBlur = geo.cell * 0.15;
    ctx.stroke();
    ctx.restore();
  }

  function drawDots(ctx, targets, pop) {
    const s = pop;
    for (const [r, c, capture] of targets) {
      if (capture) continue;
      const p = geo.cellCenter(r, c);
      const rad = geo.cell * 0.15 * (0.4 + 0.6 * easing.outBack(s));
      ctx.save();
      ctx.globalAlpha = clamp01(s * 1.5);
      const g = ctx.createRadialGradient(p.x - rad * 0.3, p.y - rad * 0.3, 0, p.x, p.y, rad);
      g.addColorStop(0, "#a6f5bf");
      g.addColorStop(0.5, GREEN);
      g.addColorStop(1, "#16843b");
      ctx.beginPath();
      ctx.arc(p.x, p.y, rad, 0, Math.PI * 2);
      ctx.shadowColor = "rgba(0, 60, 20, 0.55)";
      ctx.shadowBlur = 4;
      ctx.shadowOffsetY = 1;
      ctx.fillStyle = g;
      ctx.fill();
      ctx.shadowColor = "transparent";
      ctx.lineWidth = 1.2;
      ctx.strokeStyle = "rgba(6, 60, 24, 0.8)";
      ctx.stroke();
      ctx.restore();
    }
  }

  function drawRings(ctx, targets, pop, now) {
    const pulse = reduced() ? 1 : 0.8 + 0.2 * Math.sin((now / 600) * Math.PI * 2);
    for (const [r, c, capture] of targets) {
      if (!capture) continue;
      const p = geo.cellCenter(r, c);
      const rad = (pieceRadius() + geo.cell * 0.04) * (0.8 + 0.2 * pop);
      ctx.save();
      ctx.globalAlpha = clamp01(pop * 1.5);
      ctx.beginPath();
      ctx.arc(p.x, p.y, rad, 0, Math.PI * 2);
      ctx.lineWidth = Math.max(3.5, geo.cell * 0.085);
      ctx.strokeStyle = "rgba(60, 0, 0, 0.6)";
      ctx.stroke();
      ctx.lineWidth = Math.max(2.2, geo.cell * 0.055);
      ctx.strokeStyle = rgba(RED, pulse);
      ctx.shadowColor = rgba(RED, 0.8);
      ctx.shadowBlur = geo.cell * 0.12;
      ctx.stroke();
      ctx.restore();
    }
  }

  function drawFlash(ctx, now) {
    if (!flash) return false;
    const t = (now - flash.start) / FLASH_MS;
    if (t >= 1) {
      flash = null;
      return false;
    }
    const [r, c] = flash.cell;
    const q = cellInset(r, c, 2);
    ctx.save();
    roundRectPath(ctx, q.x, q.y, q.w, q.h, geo.cell * 0.12);
    ctx.fillStyle = rgba(RED, 0.35 * (1 - t));
    ctx.fill();
    const p = geo.cellCenter(r, c);
    const s = geo.cell * 0.12;
    ctx.beginPath();
    ctx.moveTo(p.x - s, p.y - s);
    ctx.lineTo(p.x + s, p.y + s);
    ctx.moveTo(p.x + s, p.y - s);
    ctx.lineTo(p.x - s, p.y + s);
    ctx.lineWidth = 3;
    ctx.lineCap = "round";
    ctx.strokeStyle = `rgba(255, 255, 255, ${0.85 * (1 - t)})`;
    ctx.stroke();
    ctx.restore();
    return true;
  }

  /** The two ends of the line through `sel` in direction dir: the points `reach` cells
   *  beyond the centres of its last cells (0.5: on the board's edge). */
  function lineEnds(sel, dir, n, reach = 0.5) {
    const ends = [];
    for (const sgn of [1, -1]) {
      let r = sel[0];
      let c = sel[1];
      while (r + sgn * dir[0] >= 0 && r + sgn * dir[0] < n && c + sgn * dir[1] >= 0 && c + sgn * dir[1] < n) {
        r += sgn * dir[0];
        c += sgn * dir[1];
      }
      const p = geo.cellCenter(r, c);
      ends.push({ x: p.x + sgn * dir[1] * geo.cellW * reach, y: p.y + sgn * dir[0] * geo.cellH * reach });
    }
    return ends;
  }

  function drawCountLines(ctx, sel, counts, n) {
    ctx.save();
    ctx.lineCap = "round";
    for (const { name, dir, colour } of LINES) {
      if (counts[name] === undefined) continue;
      const [a, b] = lineEnds(sel, dir, n);
      ctx.beginPath();
      ctx.moveTo(a.x, a.y);
      ctx.lineTo(b.x, b.y);
      ctx.lineWidth = Math.max(2, geo.cell * 0.05);
      ctx.strokeStyle = rgba(colour, 0.42);
      ctx.stroke();
    }
    ctx.restore();
  }

  function drawCountBadges(ctx, sel, counts, n) {
    const rad = Math.max(8, geo.cell * 0.16); // on the board's edge, clear of the coordinates
    ctx.save();
    ctx.font = font(800, rad * 1.2);
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    for (const { name, dir, colour } of LINES) {
      if (counts[name] === undefined) continue;
      for (const e of lineEnds(sel, dir, n)) {
        ctx.beginPath();
        ctx.arc(e.x, e.y, rad, 0, Math.PI * 2);
        ctx.fillStyle = colour;
        ctx.shadowColor = "rgba(0,0,0,0.5)";
        ctx.shadowBlur = 4;
        ctx.fill();
        ctx.shadowColor = "transparent";
        ctx.lineWidth = 1.5;
        ctx.strokeStyle = "rgba(20, 12, 4, 0.8)";
        ctx.stroke();
        ctx.fillStyle = "#ffffff";
        ctx.fillText(String(counts[name]), e.x, e.y + 0.5);
      }
    }
    ctx.restore();
  }

  function drawCursor(ctx) {
    const [r, c] = cursor.cell();
    const q = cellInset(r, c, 1.5);
    ctx.save();
    roundRectPath(ctx, q.x, q.y, q.w, q.h, geo.cell * 0.12);
    ctx.lineWidth = 3;
    ctx.strokeStyle = PALETTE.accent;
    ctx.shadowColor = "rgba(246,185,59,0.8)";
    ctx.shadowBlur = 8;
    ctx.stroke();
    ctx.restore();
  }

  function drawSlide(ctx, a, n) {
    const t = easing.inOutQuad(a.tween.progress());
    const { src, dst, mover, capture } = a.parts;
    drawBoardPieces(ctx, a.before, n, (r, c) => sameCell([r, c], src) || (capture && sameCell([r, c], dst)));
    if (capture) {
      const fade = clamp01((t - 0.35) / 0.65);
      const p = geo.cellCenter(dst[0], dst[1]);
      pieces.draw(ctx, STYLE[mover === USER ? COMPUTER : USER], p.x, p.y, pieceRadius(), dpr, {
        alpha: 1 - fade,
        scale: 1 - 0.35 * fade,
      });
    }
    const p0 = geo.cellCenter(src[0], src[1]);
    const p1 = geo.cellCenter(dst[0], dst[1]);
    const lift = Math.sin(t * Math.PI) * 0.5;
    drawPieceAt(ctx, mover, p0.x + (p1.x - p0.x) * t, p0.y + (p1.y - p0.y) * t, { lift });
  }

  function draw(ctx, info) {
    const { width, height, now } = info;
    dpr = info.dpr;
    let again = animator.tick();
    const p = phase();
    const n = drawSize();
    const key = `${width}x${height}@${dpr}|${n}`;
    if (!geo || !background || geoKey !== key) {
      geoKey = key;
      geo = woodBoardGeometry({ width, height, rows: n, cols: n });
      if (board) board.canvas.dataset.grid = `${geo.x},${geo.y},${geo.cell}`;
      thinkingBadge.el.style.top = `${Math.max(1, Math.round((geo.y - (width < COMPACT_BELOW ? 18 : 23)) / 2))}px`;
      background = createSprite(width, height, dpr, (c) => paintWoodBoard(c, { width, height, geo }));
      pieces.clear();
    }
    ctx.clearRect(0, 0, width, height);
    ctx.drawImage(background.canvas, 0, 0, width, height);

    if (p === "setup") {
      drawBoardPieces(ctx, startBoard(n), n);
      return again;
    }

    const cells = currentBoard(n);
    const back = lookingBack();
    const live = p === "playing" && !back;
    const lm = currentLastMove(n);
    if (lm) drawLastMove(ctx, lm);

    // the analysis overlay: tints under the pieces
    let analysisAlpha = 0;
    if (analysis && !anim) {
      if (!analysisStart) analysisStart = now;
      analysisAlpha = reduced() ? 1 : Math.min(1, (now - analysisStart) / OVERLAY_FADE_MS);
      if (analysisAlpha < 1) again = true;
      drawCellTints(ctx, geo, analysis.cells, { alpha: analysisAlpha });
    }
    if (p === "over" && !back && !anim) {
      const r = currentResult();
      const winner = r && r.winner === "user" ? USER : r && r.winner === "computer" ? COMPUTER : 0;
      if (winner && r.reason === "connected") drawWinnerLinks(ctx, cells, n, winner);
    }

    if (anim) {
      drawSlide(ctx, anim, n);
      again = true;
    } else {
      const sel = live ? currentSelected(n) : null;
      const selOk = sel && cells[sel[0] * n + sel[1]] === USER;
      const targets = selOk ? currentTargets(n) : [];
      const counts = selOk ? countsShown() : null;
      const pop = selectFx && !selectFx.tween.done ? selectFx.tween.progress() : 1;
      if (pop < 1) again = true;
      if (selOk) drawSelection(ctx, sel, now);
      if (counts) drawCountLines(ctx, sel, counts, n);
      drawDots(ctx, targets, pop);
      if (drawFlash(ctx, now)) again = true;
      drawBoardPieces(ctx, cells, n, selOk ? (r, c) => r === sel[0] && c === sel[1] : null);
      if (startFx) {
        if (startFx.tween.done) startFx = null;
        else again = true;
      }
      drawRings(ctx, targets, pop, now);
      if (selOk) {
        const c = geo.cellCenter(sel[0], sel[1]);
        drawSelectionRing(ctx, sel, now);
        drawPieceAt(ctx, USER, c.x, c.y, { lift: 0.35 });
        if (!reduced()) again = true;
        // the mouse over a target: a ghost of the piece there
        const h = hover && targets.find(([r, cc]) => r === hover[0] && cc === hover[1]);
        if (h) {
          const g = geo.cellCenter(h[0], h[1]);
          drawPieceAt(ctx, USER, g.x, g.y, { alpha: 0.45, shadow: false });
        }
      }
      if (targets.some((t) => t[2]) && !reduced()) again = true;
      if (counts) drawCountBadges(ctx, sel, counts, n);
    }
    if (analysis && !anim) {
      drawCellLabels(ctx, geo, analysis.cells, { alpha: analysisAlpha });
      if (analysis.arrow) drawMoveArrow(ctx, geo, analysis.arrow.from, analysis.arrow.to, { alpha: analysisAlpha, ringRadius: 0.46 });
    }
    if (focus && focus.showsCursor()) drawCursor(ctx);
    return again;
  }

  /* ---- canvas ---- */
  board = createCanvas({
    fit: shell.fit,
    parent: stage,
    className: "gw-board",
    minSize: 280,
    maxSize: 520,
    draw,
    onResize: (info) => {
      background = null;
      geo = null;
      pieces.clear();
    },
  });
  onCleanup(board.destroy);
  const canvas = board.canvas;
  shell.focusOn(() => canvas);
  // the canvas sizes itself from the stage's width: let the stage take the row
  stage.style.width = "100%";
  stage.style.display = "flex";
  stage.style.justifyContent = "center";
  stage.append(thinkingBadge.el, banner.el, setupDialog.el, pauseDialog.el, resultDialog.el);
  focus = trackBoardFocus(canvas, requestDraw);
  onCleanup(() => focus.destroy());
  describeBoard(
    canvas,
    "Lines of Action board. Arrow keys move the cursor, Enter or Space selects a piece or moves it, Escape deselects, P pause menu, M sound, Page Up and Page Down step through the game's history.",
  );

  /* ---- input ---- */
  function clickCell(cell) {
    if (!cell) return;
    const p = phase();
    if (p === "setup") return;
    if (lookingBack()) {
      banner.nudge();
      return;
    }
    if (p !== "playing") return;
    if (isPaused()) {
      act({ type: "resume" });
      return;
    }
    finishAnimations();
    const n = traitSize();
    const sel = currentSelected(n);
    const k = currentBoard(n)[cell[0] * n + cell[1]];
    if (sel && k !== USER && turn() === "user" && !isThinking()) {
      const ok = currentTargets(n).some(([r, c]) => r === cell[0] && c === cell[1]);
      if (!ok) {
        flash = { cell, start: performance.now() };
        sound.play(SOUNDS.blocked);
        requestDraw();
      }
    }
    sendMessage(model, { type: "click", cell, position: position() });
  }

  function onClick(event) {
    canvas.focus({ preventScroll: true });
    if (!geo) return;
    const cell = geo.cellAt(event.offsetX, event.offsetY);
    if (!cell) return;
    cursor.set(cell[0], cell[1]);
    clickCell(cell);
  }

  function onPointerDown() {
    focus.usedPointer();
    requestDraw();
  }

  function onPointerMove(event) {
    if (!geo) return;
    const cell = geo.cellAt(event.offsetX, event.offsetY);
    if (!sameCell(cell, hover)) {
      hover = cell;
      reflectCursorStyle();
      requestDraw();
    }
  }
  function onPointerLeave() {
    if (hover) {
      hover = null;
      requestDraw();
    }
  }
  function reflectCursorStyle() {
    if (!board) return;
    let pointer = false;
    if (hover && phase() === "playing" && !lookingBack() && turn() === "user") {
      const n = traitSize();
      const k = currentBoard(n)[hover[0] * n + hover[1]];
      pointer = k === USER || currentTargets(n).some(([r, c]) => r === hover[0] && c === hover[1]);
    }
    canvas.style.cursor = pointer ? "pointer" : "default";
  }

  function onKeyDown(event) {
    if (event.defaultPrevented) return;
    const plain = !event.ctrlKey && !event.metaKey && !event.altKey;
    const key = event.key;
    if (phase() !== "setup" && cursor.handleKey(event)) {
      focus.usedKeyboard();
      consume(event);
      requestDraw();
      return;
    }
    let step = 0;
    if (key === "PageUp" ? plain : key === "[" && !event.metaKey) step = -1;
    else if (key === "PageDown" ? plain : key === "]" && !event.metaKey) step = 1;
    if (step) {
      consume(event);
      if (phase() !== "setup" && readInt(model, "history_length", 1) > 1) historySlider.step(step);
      return;
    }
    if (!plain) return;
    if (key === "Enter" || key === " " || key === "Spacebar") {
      consume(event);
      focus.usedKeyboard();
      clickCell(cursor.cell());
      requestDraw();
      return;
    }
    if (key === "Escape") {
      consume(event);
      focus.usedKeyboard();
      if (lookingBack()) historySlider.toEnd();
      else if (phase() === "playing" && currentSelected()) act({ type: "deselect" });
      requestDraw();
      return;
    }
    if (handleGlobalKey(event)) consume(event);
  }

  /** P and M, from anywhere in the view. */
  function handleGlobalKey(event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return false;
    const key = event.key;
    if (key === "p" || key === "P") {
      if (phase() === "setup") return false;
      openMenu();
      return true;
    }
    if (key === "m" || key === "M") {
      toggleMute();
      return true;
    }
    if (key === "u" || key === "U") {
      if (!canUndo()) return false;
      undo();
      return true;
    }
    return false;
  }
  function onRootKeyDown(event) {
    if (event.defaultPrevented || event.target === canvas) return;
    if (handleGlobalKey(event)) consume(event);
  }

  listen(onCleanup, [
    [canvas, "click", onClick],
    [canvas, "pointerdown", onPointerDown],
    [canvas, "pointermove", onPointerMove],
    [canvas, "pointerleave", onPointerLeave],
    [canvas, "keydown", onKeyDown],
    [root, "keydown", onRootKeyDown],
  ]);

  /* ---- traits ---- */
  onCleanup(
    watchTraits(
      model,
      [
        "phase",
        "size",
        "level",
        "board",
        "turn",
        "selected",
        "targets",
        "line_counts",
        "show_counts",
        "groups",
        "captures",
        "moves",
        "last_move",
        "thinking",
        "paused",
        "result",
        "saved",
        "overlay",
        "history_length",
        "history_index",
        "position",
        "last_event",
        "muted",
        "reduced_motion",
        "error",
      ],
      onTraits,
    ),
  );
  onTraits(null);

  return () => {
    destroyed = true;
    anim = null;
    queue.length = 0;
    shell.destroy();
  };
}

export default { render };
