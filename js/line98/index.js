// Line 98 (Color Lines): the canvas view of gamewidgets.Line98.
//
// Python is the source of truth (see js/line98/CONTRACT.md): this view renders the
// traits, animates `last_event`, and sends the player's intents as messages.
//
// Structure of render():
//   DOM      header (title, "thinking…" badge, score/record/clock read-outs), toolbar
//            (Undo, New game, Sound), the board canvas with the "looking back" banner
//            over its top edge, the history slider, setting checkboxes, a status line
//            (with the overlay's colour legend at its end).
//   state    `shown` = the board/previews/event id the view last settled on (the
//            "before" picture of the next move); `anim` = the running move animation.
//   sync     traits are watched together (one microtask per Python update); a new
//            last_event is animated (move), flashed (blocked) or just redrawn.
//   draw     one function paints the whole canvas from `shown`/traits or `anim`,
//            and returns true while something moves so the canvas keeps drawing.
//
// Choices where the contract is silent:
// - The data attributes sit on the view's own root div (`[data-game=line98]`, a child
//   of `el`), so cleanup removes them with it.
// - During the move animation, a board click or an action key (Enter, Space, Esc,
//   U, N) only jumps to the end; arrow keys jump to the end and still move the
//   cursor; M still toggles sound; toolbar buttons jump to the end, then act.
// - "New record!" is shown when the `new_record` trait says the final score beat the
//   record that stood before the game ended.
// - Reduced motion: no travel, spawn/clear, bounce or "+points" animation; a blocked
//   target is tinted (not shaken) for a moment.
// - If the traits of one action arrive in several messages, the "before" picture is
//   rebuilt from last_event when the view's copy no longer fits it.
// - Two views of one model play each event's sound once (see claimSound).
// - Analysis overlay: the tints go under the balls, labels and the arrow over them;
//   it is hidden while a move animates (it describes the position after it) and
//   fades in quickly. The status line shows its title and a legend of the scale.
// - Looking back (history_index < history_length - 1): a banner over the top edge of
//   the board with a "Back to game" button, an amber outline round the board; board
//   clicks and Enter/Space/U send nothing and nudge the banner; Esc returns to the
//   live game (there is no selection to clear then); the game-over panel is not
//   drawn over a past position. PageUp/PageDown and [ ] step through the history.
// - The "thinking…" badge sits next to the title; nothing is blocked while it shows.
// - More data attributes for the tests: data-overlay (cells the overlay colours, 0 =
//   none), data-arrow ("r,c>r,c" or ""), data-thinking, data-history ("index/last"),
//   data-history-mode ("live" | "back"). Controls: data-action="history-back",
//   "history-forward", "history-live" (the banner's button); the slider is
//   input[data-control=history].

import { createCanvas, createSprite, roundRectPath } from "../lib/canvas.js";
import { createClock } from "../lib/clock.js";
import { createButton, createMuteButton, createToolbar } from "../lib/buttons.js";
import { createHistoryControls } from "../lib/history.js";
import { consume, isControlKey, keyPlace } from "../lib/keys.js";
import { createBadge, createReadout, createStatusLine } from "../lib/readouts.js";
import { createSettings } from "../lib/settings.js";
import { createShell } from "../lib/shell.js";
import { createGridCursor, describeBoard, gridGeometry, trackBoardFocus } from "../lib/grid.js";
import { createAnimator, easing, watchPrefersReducedMotion } from "../lib/motion.js";
import {
  createScaleLegend,
  drawCellLabels,
  drawCellTints,
  drawMoveArrow,
  overlayKey,
  parseOverlay,
} from "../lib/overlay.js";
import { claimSound, createSound } from "../lib/sound.js";
import { PALETTE, font, mix, rgba } from "../lib/theme.js";
import {
  asCell,
  asCellValues,
  asCells,
  asIntGrid,
  asObject,
  readBool,
  readInt,
  readNumber,
  readRaw,
  readString,
  sendMessage,
  watchTraits,
} from "../lib/traits.js";

const N = 9;
const STEP_MS = 40; // travel time per cell
const SPAWN_MS = 220;
const CLEAR_MS = 380;
const POPUP_MS = 1000;
const BLOCKED_MS = 420;
const OVERLAY_FADE_MS = 380;
const BOUNCE_MS = 620;
const ANALYSIS_FADE_MS = 200;

/** Ball colours 1..7; light/base/dark drive the radial gradient. */
const BALLS = [
  null,
  { name: "red", base: "#e8362c", light: "#ffb1a3", dark: "#7d0d08", ink: "#ffffff" },
  { name: "green", base: "#2cb84a", light: "#b9f7ad", dark: "#0c5a1d", ink: "#ffffff" },
  { name: "blue", base: "#2d6cf0", light: "#a9c8ff", dark: "#0f2c7c", ink: "#ffffff" },
  { name: "yellow", base: "#f7c81b", light: "#fff6b8", dark: "#9a6d00", ink: "#3b2c00" },
  { name: "pink", base: "#ff5ec4", light: "#ffd0f0", dark: "#a3166f", ink: "#ffffff" },
  { name: "cyan", base: "#1fd0e3", light: "#c6fbff", dark: "#06707e", ink: "#053a42" },
  { name: "white", base: "#eef1f5", light: "#ffffff", dark: "#8792a2", ink: "#2a3442" },
];
const colourName = (c) => (BALLS[c] ? BALLS[c].name : "?");
const isColour = (v) => Number.isInteger(v) && v >= 1 && v <= 7;
const idx = (r, c) => r * N + c;

/* ------------------------------------------------------------------ drawing -- */

function glyphPath(ctx, colour, s) {
  // A distinct shape per colour, centred on 0,0, size ~ s (half-width).
  ctx.beginPath();
  switch (colour) {
    case 1: {
      // plus
      const a = s * 0.95;
      const b = s * 0.33;
      ctx.moveTo(-b, -a);
      ctx.lineTo(b, -a);
      ctx.lineTo(b, -b);
      ctx.lineTo(a, -b);
      ctx.lineTo(a, b);
      ctx.lineTo(b, b);
      ctx.lineTo(b, a);
      ctx.lineTo(-b, a);
      ctx.lineTo(-b, b);
      ctx.lineTo(-a, b);
      ctx.lineTo(-a, -b);
      ctx.lineTo(-b, -b);
      break;
    }
    case 2: // triangle
      ctx.moveTo(0, -s * 0.95);
      ctx.lineTo(s * 0.95, s * 0.72);
      ctx.lineTo(-s * 0.95, s * 0.72);
      break;
    case 3: // square
      ctx.rect(-s * 0.72, -s * 0.72, s * 1.44, s * 1.44);
      break;
    case 4: {
      // star
      for (let i = 0; i < 10; i++) {
        const rr = i % 2 === 0 ? s * 1.05 : s * 0.45;
        const a = -Math.PI / 2 + (i * Math.PI) / 5;
        const x = Math.cos(a) * rr;
        const y = Math.sin(a) * rr + s * 0.08;
        if (i === 0) ctx.moveTo(x, y);
        else ctx.lineTo(x, y);
      }
      break;
    }
    case 5: {
      // heart
      const k = s * 0.98;
      ctx.moveTo(0, k * 0.9);
      ctx.bezierCurveTo(-k * 1.25, k * 0.05, -k * 0.85, -k * 1.05, 0, -k * 0.42);
      ctx.bezierCurveTo(k * 0.85, -k * 1.05, k * 1.25, k * 0.05, 0, k * 0.9);
      break;
    }
    case 6: // diamond
      ctx.moveTo(0, -s * 1.05);
      ctx.lineTo(s * 0.8, 0);
      ctx.lineTo(0, s * 1.05);
      ctx.lineTo(-s * 0.8, 0);
      break;
    case 7: // ring
      ctx.arc(0, 0, s * 0.82, 0, Math.PI * 2);
      ctx.moveTo(s * 0.42, 0);
      ctx.arc(0, 0, s * 0.42, 0, Math.PI * 2, true);
      break;
    default:
      break;
  }
  ctx.closePath();
}

/** Paint one glossy ball of radius r centred at (cx, cy). */
function paintBall(ctx, cx, cy, r, colour, symbols) {
  const b = BALLS[colour];
  if (!b) return;
  // body
  const body = ctx.createRadialGradient(cx - r * 0.36, cy - r * 0.42, r * 0.04, cx, cy, r * 1.02);
  body.addColorStop(0, b.light);
  body.addColorStop(0.38, b.base);
  body.addColorStop(0.82, mix(b.base, b.dark, 0.55));
  body.addColorStop(1, b.dark);
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.fillStyle = body;
  ctx.fill();
  // reflected light on the lower rim
  ctx.save();
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.clip();
  const rim = ctx.createRadialGradient(cx + r * 0.1, cy + r * 0.95, 0, cx + r * 0.1, cy + r * 0.95, r * 0.75);
  rim.addColorStop(0, "rgba(255,255,255,0.30)");
  rim.addColorStop(1, "rgba(255,255,255,0)");
  ctx.fillStyle = rim;
  ctx.fillRect(cx - r, cy - r, 2 * r, 2 * r);
  ctx.restore();
  // symbol, "printed" on the ball under the highlight
  if (symbols) {
    ctx.save();
    ctx.translate(cx, cy + r * 0.04);
    glyphPath(ctx, colour, r * 0.42);
    ctx.fillStyle = rgba(b.ink, 0.88);
    ctx.shadowColor = b.ink === "#ffffff" ? "rgba(0,0,0,0.35)" : "rgba(255,255,255,0.35)";
    ctx.shadowBlur = r * 0.12;
    ctx.fill("evenodd");
    ctx.restore();
  }
  // specular highlight
  ctx.save();
  ctx.translate(cx - r * 0.33, cy - r * 0.43);
  ctx.rotate(-0.55);
  ctx.scale(1, 0.62);
  const spec = ctx.createRadialGradient(0, 0, 0, 0, 0, r * 0.36);
  spec.addColorStop(0, "rgba(255,255,255,0.95)");
  spec.addColorStop(0.5, "rgba(255,255,255,0.45)");
  spec.addColorStop(1, "rgba(255,255,255,0)");
  ctx.beginPath();
  ctx.arc(0, 0, r * 0.36, 0, Math.PI * 2);
  ctx.fillStyle = spec;
  ctx.fill();
  ctx.restore();
  // crisp edge
  ctx.beginPath();
  ctx.arc(cx, cy, r - 0.4, 0, Math.PI * 2);
  ctx.lineWidth = 0.8;
  ctx.strokeStyle = "rgba(0,0,0,0.28)";
  ctx.stroke();
}

function paintShadow(ctx, cx, cy, r, alpha) {
  ctx.save();
  ctx.translate(cx, cy);
  ctx.scale(1, 0.32);
  const g = ctx.createRadialGradient(0, 0, 0, 0, 0, r);
  g.addColorStop(0, `rgba(0,0,0,${0.5 * alpha})`);
  g.addColorStop(1, "rgba(0,0,0,0)");
  ctx.fillStyle = g;
  ctx.beginPath();
  ctx.arc(0, 0, r, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
}

function paintBoardBackground(ctx, width, height, geo) {
  // frame
  const frame = ctx.createLinearGradient(0, 0, 0, height);
  frame.addColorStop(0, PALETTE.frameTop);
  frame.addColorStop(1, PALETTE.frameBottom);
  roundRectPath(ctx, 0, 0, width, height, 12);
  ctx.fillStyle = frame;
  ctx.fill();
  roundRectPath(ctx, 0.5, 0.5, width - 1, height - 1, 11.5);
  ctx.strokeStyle = "rgba(255,255,255,0.07)";
  ctx.lineWidth = 1;
  ctx.stroke();
  // well
  const m = geo.cell * 0.06;
  roundRectPath(ctx, geo.x - m, geo.y - m, geo.width + 2 * m, geo.height + 2 * m, geo.cell * 0.2);
  ctx.fillStyle = "#141920";
  ctx.fill();
  // cells
  const gap = geo.cell * 0.045;
  const rad = geo.cell * 0.16;
  for (let r = 0; r < N; r++) {
    for (let c = 0; c < N; c++) {
      const { x, y, w, h } = geo.cellRect(r, c);
      const cx = x + gap;
      const cy = y + gap;
      const cw = w - 2 * gap;
      const ch = h - 2 * gap;
      const face = ctx.createLinearGradient(0, cy, 0, cy + ch);
      face.addColorStop(0, PALETTE.cellLight);
      face.addColorStop(0.55, PALETTE.cell);
      face.addColorStop(1, PALETTE.cellDark);
      roundRectPath(ctx, cx, cy, cw, ch, rad);
      ctx.fillStyle = face;
      ctx.fill();
      // top highlight and a soft inner hollow
      roundRectPath(ctx, cx + 0.5, cy + 0.5, cw - 1, ch - 1, rad);
      ctx.strokeStyle = "rgba(255,255,255,0.07)";
      ctx.lineWidth = 1;
      ctx.stroke();
      const hollow = ctx.createRadialGradient(cx + cw / 2, cy + ch / 2, 0, cx + cw / 2, cy + ch / 2, cw * 0.5);
      hollow.addColorStop(0, "rgba(0,0,0,0.16)");
      hollow.addColorStop(1, "rgba(0,0,0,0)");
      ctx.fillStyle = hollow;
      roundRectPath(ctx, cx, cy, cw, ch, rad);
      ctx.fill();
    }
  }
}

/* ------------------------------------------------------------------- render -- */

function render({ model, el }) {
  const shell = createShell({ model, el, game: "line98", title: "Line 98", compactBelow: 400 });
  const { doc, root, header, title, onCleanup } = shell;

  /* ---- DOM ---- */
  const stats = doc.createElement("div");
  stats.className = "gw-stats";
  const scoreOut = createReadout({ doc, name: "score", label: "Score" });
  const recordOut = createReadout({ doc, name: "record", label: "Record" });
  const clockOut = createReadout({ doc, name: "clock", label: "Time" });
  stats.append(scoreOut.el, recordOut.el, clockOut.el);
  const thinkingBadge = createBadge({
    doc,
    kind: "thinking",
    text: "thinking\u2026",
    title: "A computer player is choosing a move",
  });
  const titleGroup = doc.createElement("div");
  titleGroup.className = "gw-title-group";
  titleGroup.append(title, thinkingBadge.el);
  header.append(titleGroup, stats);

  const undoButton = createButton({
    doc,
    label: "Undo",
    action: "undo",
    icon: "undo",
    shortcut: "U",
    title: "Undo the last move (U)",
    onClick: () => act({ type: "undo" }),
  });
  const newButton = createButton({
    doc,
    label: "New game",
    action: "new",
    icon: "new",
    shortcut: "N",
    title: "Start a new game (N)",
    onClick: () => act({ type: "new_game" }),
  });
  const spacer = doc.createElement("span");
  spacer.className = "gw-spacer";
  const muteToggle = createMuteButton({ doc, model, sound: () => sound, onToggle: () => updateDom() });
  onCleanup(muteToggle.destroy);
  const toolbar = createToolbar({ doc, label: "Game", children: [undoButton, newButton, spacer, muteToggle.el] });

  const boardWrap = doc.createElement("div");
  boardWrap.className = "gw-board-wrap";
  const history = createHistoryControls({
    doc,
    model,
    beforeGoto: () => anim && finishAnimation(),
    onBackToGame: () => canvas.focus({ preventScroll: true }),
  });
  onCleanup(history.destroy);
  const { banner, slider: historySlider } = history;
  boardWrap.appendChild(banner.el);

  const settingBoxes = createSettings({ doc, model, items: [
    ["symbols", "Symbols", "Draw a shape on each ball, so colours can be told apart without colour"],
    ["mark_reachable", "Mark reachable", "Mark the cells the selected ball can reach"],
    ["reduced_motion", "Reduced motion", "No travelling or bouncing animations"],
    ["hide_clock", "Hide clock", "Do not show the game clock"],
  ] });
  onCleanup(settingBoxes.destroy);
  const settings = settingBoxes.el;
  const status = createStatusLine({ doc });
  const legend = createScaleLegend({ doc });
  status.aside.appendChild(legend.el);

  shell.mount(header, toolbar, boardWrap, historySlider.el, settings, status.el);

  /* ---- state ---- */
  let shown = { board: new Array(N * N).fill(0), previews: [], eventId: null };
  let anim = null; // running move animation
  let blocked = null; // { cell, start } flash of an unreachable target
  let overlayStart = 0; // when the game-over overlay began to show
  let popup = null; // { text, x, y, tween } floating "+points"
  let focus = null; // keyboard focus of the board (trackBoardFocus), once it exists
  let lastGoodBoard = shown.board;
  let initialised = false;
  let handledEventId = null; // the newest last_event.id seen (shown.eventId lags while animating)
  let destroyed = false;
  let analysis = null; // the parsed `overlay` trait, or null
  let analysisKey = "";
  let analysisStart = 0; // when the current overlay began to show (for the fade-in)
  // drawing caches (rebuilt on resize)
  const sprites = new Map();
  let background = null;
  let geo = null;
  let geoKey = "";
  let dpr = 1;

  const reducedFlag = () => readBool(model, "reduced_motion", false);
  const sound = createSound({ isMuted: () => readBool(model, "muted", true) });
  sound.unlockOn(root);
  onCleanup(sound.destroy);

  let board = null; // the canvas, created once everything it draws exists
  // where the cells are, in CSS px inside the canvas: data-grid="x,y,cell" (for tests)
  const publishGeometry = () => {
    if (board && geo) board.canvas.dataset.grid = `${geo.x},${geo.y},${geo.cell}`;
  };
  const requestDraw = () => {
    if (board) board.requestDraw();
  };
  const animator = createAnimator({ isReduced: reducedFlag, onChange: requestDraw });
  onCleanup(animator.destroy);
  const reduced = () => animator.reduced();
  onCleanup(watchPrefersReducedMotion(requestDraw));

  const cursor = createGridCursor({
    rows: N,
    cols: N,
    row: 4,
    col: 4,
    onChange: () => {
      root.dataset.cursor = cursor.toString();
      requestDraw();
    },
  });
  root.dataset.cursor = cursor.toString();

  const clock = createClock({
    times: () => [readNumber(model, "clock_start", 0), readNumber(model, "clock_stop", 0)],
    onTick: (text) => clockOut.set(text),
  });
  onCleanup(clock.destroy);

  /* ---- trait readers ---- */
  function currentBoard() {
    const b = asIntGrid(readRaw(model, "board"), N * N, 0, 7);
    if (b) lastGoodBoard = b;
    return lastGoodBoard;
  }
  const currentPreviews = () => asCellValues(readRaw(model, "previews"), N, N, isColour).slice(0, 81);
  const currentSelected = () => asCell(readRaw(model, "selected"), N, N);
  const currentReachable = () => asCells(readRaw(model, "reachable"), N, N);
  function currentEvent() {
    const ev = asObject(readRaw(model, "last_event"));
    if (!ev || !Number.isInteger(ev.id) || typeof ev.kind !== "string") return null;
    return ev;
  }
  const isOver = () => readBool(model, "over", false);
  /** [index, length] of the history (index = the position shown). */
  function historyState() {
    const length = Math.max(1, readInt(model, "history_length", 1));
    const index = Math.max(0, Math.min(length - 1, readInt(model, "history_index", length - 1)));
    return [index, length];
  }
  function lookingBack() {
    const [index, length] = historyState();
    return index < length - 1;
  }

  /* ---- actions ---- */
  function act(msg) {
    if (anim) finishAnimation();
    sendMessage(model, msg);
  }

  function toggleMute() {
    muteToggle.toggle();
  }

  /* ---- event handling ---- */
  function settle(eventId) {
    shown = {
      board: currentBoard().slice(),
      previews: currentPreviews(),
      eventId: eventId === undefined ? shown.eventId : eventId,
    };
  }

  function moveEventParts(ev) {
    const path = asCells(ev.path, N, N);
    const colour = isColour(ev.colour) ? ev.colour : null;
    const cleared = asCellValues(ev.cleared, N, N, isColour);
    const spawned = asCellValues(ev.spawned, N, N, isColour);
    let displaced = null;
    if (Array.isArray(ev.displaced) && ev.displaced.length === 2) {
      const from = asCell(ev.displaced[0], N, N);
      const to = asCell(ev.displaced[1], N, N);
      if (from && to) displaced = [from, to];
    }
    const points = Number.isFinite(ev.points) ? ev.points : 0;
    return { path, colour, cleared, spawned, displaced, points, over: ev.over === true };
  }

  /** The board after the move (traits), and before spawning/clearing: final + cleared - spawned. */
  function animTargets(parts) {
    const final = currentBoard().slice();
    const finalPreviews = currentPreviews();
    const mid = final.slice();
    for (const [r, c, k] of parts.cleared) mid[idx(r, c)] = k;
    for (const [r, c] of parts.spawned) mid[idx(r, c)] = 0;
    return { final, finalPreviews, mid };
  }

  function startMoveAnimation(ev, parts, withSound) {
    const { path, colour, cleared, spawned, displaced } = parts;
    const { final, finalPreviews, mid } = animTargets(parts);
    const from = path[0];
    const to = path[path.length - 1];
    // The "before" picture: what this view showed, if it fits the event; otherwise
    // rebuilt from the event (e.g. the board trait arrived ahead of last_event).
    let before = shown.board;
    let beforePreviews = shown.previews;
    if (!(before[idx(from[0], from[1])] === colour && before[idx(to[0], to[1])] === 0)) {
      before = mid.slice();
      before[idx(to[0], to[1])] = 0;
      before[idx(from[0], from[1])] = colour;
      const back = (cell) => (displaced && cell[0] === displaced[1][0] && cell[1] === displaced[1][1] ? displaced[0] : cell);
      const source = spawned.length ? spawned : finalPreviews;
      beforePreviews = source.map(([r, c, k]) => [...back([r, c]), k]);
    }
    const travel = (path.length - 1) * STEP_MS;
    const spawnDur = spawned.length ? SPAWN_MS : 0;
    const clearDur = cleared.length ? CLEAR_MS : 0;
    const a = {
      ev,
      parts,
      before,
      beforePreviews,
      mid,
      final,
      finalPreviews,
      travel,
      spawnDur,
      clearDur,
      total: travel + spawnDur + clearDur,
      withSound,
      landed: false,
      clearedSounded: false,
      tween: null,
    };
    anim = a;
    if (withSound) sound.play("move");
    a.tween = animator.start(a.total, { onDone: () => endMoveAnimation(a) });
  }

  function beginClearEffects(a) {
    if (a.clearedSounded) return;
    a.clearedSounded = true;
    if (a.withSound && a.parts.cleared.length) sound.play("clear");
    if (a.parts.points > 0) showPopup(a.parts.cleared, a.parts.points);
  }

  function endMoveAnimation(a) {
    if (anim !== a) return;
    anim = null;
    beginClearEffects(a);
    settle(a.ev.id);
    if (a.parts.over && a.withSound) sound.play("gameOver");
    updateDom();
    requestDraw();
  }

  function finishAnimation() {
    if (anim) anim.tween.cancel();
    const a = anim;
    if (a) endMoveAnimation(a);
  }

  function showPopup(cells, points) {
    if (!cells.length || reduced()) return;
    let sr = 0;
    let sc = 0;
    for (const [r, c] of cells) {
      sr += r;
      sc += c;
    }
    popup = {
      text: `+${points}`,
      r: sr / cells.length,
      c: sc / cells.length,
      tween: animator.start(POPUP_MS, { onDone: () => (popup = null) }),
    };
  }

  function announceMove(parts) {
    const [r, c] = parts.path[parts.path.length - 1] || [0, 0];
    let text = `${colourName(parts.colour)} ball moved to row ${r + 1}, column ${c + 1}.`;
    if (parts.cleared.length) text += ` ${parts.cleared.length} balls cleared, ${parts.points} points.`;
    if (parts.over) text += ` Game over. Score ${readInt(model, "score", 0)}.`;
    status.announce(text);
  }

  function handleEvent(ev) {
    if (anim) finishAnimation();
    if (ev.kind === "goto" || ev.kind === "undo" || ev.kind === "new") {
      // another position: the effects of the last move no longer belong on the board
      popup = null;
      blocked = null;
    }
    const fresh = initialised;
    const withSound = fresh && claimSound(model, ev.id);
    const consecutive = fresh && (shown.eventId === null || ev.id === shown.eventId + 1);
    switch (ev.kind) {
      case "move": {
        const parts = moveEventParts(ev);
        announceMove(parts);
        const animatable = consecutive && parts.path.length >= 2 && parts.colour !== null && !reduced();
        if (animatable) {
          startMoveAnimation(ev, parts, withSound);
          return;
        }
        if (withSound) sound.play(parts.cleared.length ? "clear" : "land");
        if (fresh && parts.points > 0) showPopup(parts.cleared, parts.points);
        if (withSound && parts.over) sound.play("gameOver");
        break;
      }
      case "blocked": {
        const cell = asCell(ev.cell, N, N);
        if (fresh && cell) blocked = { cell, start: performance.now() };
        if (withSound) sound.play("blocked");
        if (cell) status.announce(`No path to row ${cell[0] + 1}, column ${cell[1] + 1}.`);
        break;
      }
      case "select": {
        if (withSound) sound.play("select");
        const sel = currentSelected();
        if (sel) {
          const k = currentBoard()[idx(sel[0], sel[1])];
          status.announce(`${colourName(k)} ball selected at row ${sel[0] + 1}, column ${sel[1] + 1}.`);
        }
        break;
      }
      case "deselect":
        if (withSound) sound.play("deselect");
        status.announce("Selection cleared.");
        break;
      case "undo":
        if (withSound) sound.play("undo");
        status.announce("Move undone.");
        break;
      case "new":
        if (withSound) sound.play("newGame");
        status.announce("New game.");
        break;
      case "goto": {
        const [index, length] = historyState();
        status.announce(
          index < length - 1 ? `Looking back at move ${index} of ${length - 1}.` : "Back to the game.",
        );
        break;
      }
      default:
        break;
    }
    settle(ev.id);
  }

  function syncAnalysis() {
    const next = parseOverlay(readRaw(model, "overlay"), N, N);
    const key = overlayKey(next);
    if (key !== analysisKey) {
      analysisKey = key;
      analysisStart = 0; // starts fading in at the next frame that draws it
    }
    analysis = next;
  }

  function onTraits() {
    if (destroyed) return;
    syncAnalysis();
    const ev = currentEvent();
    if (ev && ev.id !== handledEventId) {
      handledEventId = ev.id;
      handleEvent(ev);
    } else if (anim) {
      // traits of the animated move that arrived after last_event
      Object.assign(anim, animTargets(anim.parts));
    } else settle();
    if (!initialised) {
      initialised = true;
      if (!ev) shown.eventId = null;
    }
    updateDom();
    clock.update();
    requestDraw();
  }

  /* ---- DOM state ---- */
  function updateDom() {
    if (destroyed) return;
    const over = isOver();
    const score = readInt(model, "score", 0);
    const record = readInt(model, "record", 0);
    const sel = currentSelected();
    const ds = root.dataset;
    ds.score = String(score);
    ds.record = String(record);
    ds.moves = String(readInt(model, "moves", 0));
    ds.selected = sel ? `${sel[0]},${sel[1]}` : "";
    ds.cursor = cursor.toString();
    ds.state = anim ? "animating" : over ? "over" : "playing";
    ds.muted = readBool(model, "muted", true) ? "true" : "false";
    ds.event = shown.eventId === null ? "" : String(shown.eventId);
    const [hIndex, hLength] = historyState();
    const back = hIndex < hLength - 1;
    ds.history = `${hIndex}/${hLength - 1}`;
    ds.historyMode = back ? "back" : "live";
    ds.overlay = String(analysis ? analysis.cells.length : 0);
    ds.arrow = analysis && analysis.arrow ? `${analysis.arrow.from}>${analysis.arrow.to}` : "";
    const thinking = readBool(model, "thinking", false);
    ds.thinking = thinking ? "true" : "false";
    ds.reducedMotion = readBool(model, "reduced_motion", false) ? "true" : "false";
    thinkingBadge.show(thinking);
    history.show(hIndex, hLength);
    legend.show(!!(analysis && analysis.cells.length));
    scoreOut.set(score);
    recordOut.set(record);
    clockOut.show(!readBool(model, "hide_clock", false));
    undoButton.disabled = back || !readBool(model, "can_undo", false);
    undoButton.title = back ? "Return to the game to undo" : "Undo the last move (U)";
    const error = readString(model, "error", "");
    if (error) status.show(error, "error");
    else if (analysis && analysis.title) status.show(analysis.title, "overlay");
    else if (back) status.show("Looking back: PageUp/PageDown or [ ] step, Esc returns to the game.");
    else if (thinking) status.show("The computer is choosing a move\u2026");
    else if (over) status.show("Game over. New game (N) or undo the last move (U).");
    else if (sel) status.show(`Choose where the ${colourName(currentBoard()[idx(sel[0], sel[1])])} ball goes.`);
    else status.show("Select a ball, then an empty cell. Lines of 5 or more vanish.");
    if (!over || back) overlayStart = 0;
  }

  /* ---- drawing ---- */

  function ballSprite(colour, r, symbols) {
    const key = `${colour}|${r.toFixed(2)}|${symbols ? 1 : 0}`;
    let s = sprites.get(key);
    if (!s) {
      const pad = 2;
      const size = 2 * r + 2 * pad;
      s = createSprite(size, size, dpr, (ctx) => paintBall(ctx, r + pad, r + pad, r, colour, symbols));
      s.pad = pad;
      s.r = r;
      sprites.set(key, s);
    }
    return s;
  }

  function shadowSprite(r) {
    const key = `shadow|${r.toFixed(2)}`;
    let s = sprites.get(key);
    if (!s) {
      s = createSprite(2 * r, 2 * r * 0.32, dpr, (ctx) => paintShadow(ctx, r, r * 0.32, r, 1));
      sprites.set(key, s);
    }
    return s;
  }

  /** Draw a ball centred at (x, y) with radius r (the sprite is scaled if needed). */
  function drawBall(ctx, x, y, r, colour, { alpha = 1, symbols = false, baseR = r, shadow = true, lift = 0 } = {}) {
    if (!isColour(colour) || r <= 0.2) return;
    const prev = ctx.globalAlpha;
    if (shadow) {
      const sh = shadowSprite(baseR);
      const sr = r * (0.95 - lift * 0.25);
      ctx.globalAlpha = prev * Math.max(0, Math.min(1, alpha * (1 - lift * 0.5)));
      ctx.drawImage(sh.canvas, x - sr, y + baseR * 0.8 - sr * 0.32, 2 * sr, 2 * sr * 0.32);
    }
    const s = ballSprite(colour, baseR, symbols);
    const k = r / baseR;
    const size = s.width * k;
    ctx.globalAlpha = prev * Math.max(0, Math.min(1, alpha));
    ctx.drawImage(s.canvas, x - size / 2, y - lift * baseR - size / 2, size, size);
    ctx.globalAlpha = prev;
  }

  function ballRadius() {
    return geo.cell * 0.385;
  }
  function previewRadius() {
    return geo.cell * 0.17;
  }

  function drawBoardBalls(ctx, cells, symbols, skip) {
    const R = ballRadius();
    for (let r = 0; r < N; r++) {
      for (let c = 0; c < N; c++) {
        const k = cells[idx(r, c)];
        if (!k || (skip && skip(r, c))) continue;
        const p = geo.cellCenter(r, c);
        drawBall(ctx, p.x, p.y, R, k, { symbols });
      }
    }
  }

  function drawPreviews(ctx, previews, cells, symbols, alpha = 1) {
    const pr = previewRadius();
    for (const [r, c, k] of previews) {
      if (cells && cells[idx(r, c)]) continue; // a ball covers it
      const p = geo.cellCenter(r, c);
      drawBall(ctx, p.x, p.y, pr, k, { symbols, alpha: 0.92 * alpha, shadow: true });
    }
  }

  function cellPath(ctx, r, c, inset) {
    const { x, y, w, h } = geo.cellRect(r, c);
    const g = geo.cell * 0.045 + inset;
    roundRectPath(ctx, x + g, y + g, w - 2 * g, h - 2 * g, geo.cell * 0.16);
  }

  function drawReachable(ctx, cells, colour) {
    const b = BALLS[colour] || BALLS[7];
    for (const [r, c] of cells) {
      cellPath(ctx, r, c, 0);
      ctx.fillStyle = rgba(b.base, 0.08);
      ctx.fill();
      const p = geo.cellCenter(r, c);
      ctx.beginPath();
      ctx.arc(p.x, p.y, geo.cell * 0.075, 0, Math.PI * 2);
      ctx.fillStyle = rgba(b.base, 0.75);
      ctx.fill();
      ctx.lineWidth = 1;
      ctx.strokeStyle = "rgba(0,0,0,0.35)";
      ctx.stroke();
    }
  }

  function drawSelectionGlow(ctx, r, c, colour, now) {
    const b = BALLS[colour] || BALLS[7];
    const p = geo.cellCenter(r, c);
    const pulse = reduced() ? 1 : 0.8 + 0.2 * Math.sin((now / 700) * Math.PI * 2);
    const g = ctx.createRadialGradient(p.x, p.y, 0, p.x, p.y, geo.cell * 0.62);
    g.addColorStop(0, rgba(b.base, 0.5 * pulse));
    g.addColorStop(1, rgba(b.base, 0));
    cellPath(ctx, r, c, 0);
    ctx.fillStyle = g;
    ctx.fill();
    cellPath(ctx, r, c, 1);
    ctx.lineWidth = 2;
    ctx.strokeStyle = `rgba(255,255,255,${0.7 * pulse})`;
    ctx.stroke();
  }

  function drawCursor(ctx) {
    const [r, c] = cursor.cell();
    cellPath(ctx, r, c, -1.5);
    ctx.save();
    ctx.lineWidth = 3;
    ctx.strokeStyle = PALETTE.accent;
    ctx.shadowColor = "rgba(246,185,59,0.7)";
    ctx.shadowBlur = 8;
    ctx.stroke();
    ctx.restore();
  }

  function drawBlockedFlash(ctx, now) {
    if (!blocked) return false;
    const t = (now - blocked.start) / BLOCKED_MS;
    if (t >= 1) {
      blocked = null;
      return false;
    }
    const alpha = reduced() ? 0.45 : 0.55 * (1 - t);
    const [r, c] = blocked.cell;
    cellPath(ctx, r, c, 0);
    ctx.fillStyle = rgba(PALETTE.danger, alpha);
    ctx.fill();
    // a small "x"
    const p = geo.cellCenter(r, c);
    const s = geo.cell * 0.14;
    ctx.beginPath();
    ctx.moveTo(p.x - s, p.y - s);
    ctx.lineTo(p.x + s, p.y + s);
    ctx.moveTo(p.x + s, p.y - s);
    ctx.lineTo(p.x - s, p.y + s);
    ctx.lineWidth = 3;
    ctx.lineCap = "round";
    ctx.strokeStyle = `rgba(255,255,255,${Math.min(1, alpha * 1.8)})`;
    ctx.stroke();
    return true;
  }

  function drawSparkles(ctx, cleared, t) {
    // t in 0..1: a bright flash on each cleared ball, then particles fly out and fade
    const R = ballRadius();
    const flash = Math.sin(Math.min(1, t / 0.45) * Math.PI);
    const u = Math.max(0, (t - 0.2) / 0.8);
    for (const [r, c, k] of cleared) {
      const p = geo.cellCenter(r, c);
      const b = BALLS[k];
      if (flash > 0.01) {
        const g = ctx.createRadialGradient(p.x, p.y, 0, p.x, p.y, R * 1.25);
        g.addColorStop(0, `rgba(255,255,255,${0.55 * flash})`);
        g.addColorStop(0.6, rgba(b.light, 0.3 * flash));
        g.addColorStop(1, rgba(b.light, 0));
        ctx.fillStyle = g;
        ctx.beginPath();
        ctx.arc(p.x, p.y, R * 1.25, 0, Math.PI * 2);
        ctx.fill();
      }
      if (u <= 0) continue;
      for (let i = 0; i < 8; i++) {
        const a = (i / 8) * Math.PI * 2 + (r * 3 + c) * 0.37;
        const d = R * (0.45 + 1.05 * easing.outCubic(u)) * (i % 2 ? 0.8 : 1);
        ctx.beginPath();
        ctx.arc(p.x + Math.cos(a) * d, p.y + Math.sin(a) * d, Math.max(0.1, R * 0.12 * (1 - u)), 0, Math.PI * 2);
        ctx.fillStyle = rgba(i % 2 ? b.light : b.base, 1 - u * u);
        ctx.fill();
      }
    }
  }

  function drawPopup(ctx) {
    if (!popup) return;
    const t = popup.tween.progress();
    const p = geo.cellCenter(popup.r, popup.c);
    const y = p.y - geo.cell * (0.2 + 0.8 * easing.outCubic(t));
    const alpha = t < 0.7 ? 1 : 1 - (t - 0.7) / 0.3;
    ctx.save();
    ctx.font = font(800, geo.cell * 0.52);
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.lineWidth = 4;
    ctx.strokeStyle = `rgba(10,14,20,${0.8 * alpha})`;
    ctx.strokeText(popup.text, p.x, y);
    ctx.fillStyle = rgba(PALETTE.accent, alpha);
    ctx.fillText(popup.text, p.x, y);
    ctx.restore();
  }

  function drawOverlay(ctx, width, height, now) {
    if (!overlayStart) overlayStart = now;
    const t = reduced() ? 1 : Math.min(1, (now - overlayStart) / OVERLAY_FADE_MS);
    const score = readInt(model, "score", 0);
    const record = readInt(model, "record", 0);
    const newRecord = readBool(model, "new_record", false);
    ctx.save();
    ctx.globalAlpha = t;
    roundRectPath(ctx, 0, 0, width, height, 12);
    ctx.fillStyle = PALETTE.overlay;
    ctx.fill();
    // panel
    const pw = Math.min(width * 0.72, 330);
    const ph = height * (newRecord ? 0.46 : 0.4);
    const px = (width - pw) / 2;
    const py = (height - ph) / 2 + (1 - t) * 12;
    const panel = ctx.createLinearGradient(0, py, 0, py + ph);
    panel.addColorStop(0, "#323d4b");
    panel.addColorStop(1, "#212832");
    roundRectPath(ctx, px, py, pw, ph, 16);
    ctx.fillStyle = panel;
    ctx.shadowColor = "rgba(0,0,0,0.5)";
    ctx.shadowBlur = 24;
    ctx.fill();
    ctx.shadowBlur = 0;
    ctx.lineWidth = 1;
    ctx.strokeStyle = "rgba(255,255,255,0.12)";
    ctx.stroke();
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    const cx = width / 2;
    const u = ph / 10;
    let y = py + u * 1.7;
    ctx.font = font(800, Math.min(34, width * 0.075));
    ctx.fillStyle = PALETTE.text;
    ctx.fillText("Game over", cx, y);
    y += u * 2.2;
    ctx.font = font(600, Math.min(13, width * 0.03));
    ctx.fillStyle = PALETTE.textDim;
    ctx.fillText("SCORE", cx - pw * 0.22, y);
    ctx.fillText("RECORD", cx + pw * 0.22, y);
    y += u * 1.6;
    ctx.font = font(800, Math.min(30, width * 0.066));
    ctx.fillStyle = PALETTE.text;
    ctx.fillText(String(score), cx - pw * 0.22, y);
    ctx.fillStyle = PALETTE.accent;
    ctx.fillText(String(record), cx + pw * 0.22, y);
    if (newRecord) {
      y += u * 2;
      ctx.font = font(800, Math.min(17, width * 0.04));
      ctx.fillStyle = PALETTE.accent;
      ctx.fillText("\u2605 New record! \u2605", cx, y);
    }
    y = py + ph - u * 1.3;
    ctx.font = font(500, Math.min(12.5, width * 0.029));
    ctx.fillStyle = PALETTE.textDim;
    ctx.fillText("New game (N)  \u00b7  Undo (U)", cx, y);
    ctx.restore();
    return t < 1;
  }

  function drawMoveAnimation(ctx, a, symbols) {
    const e = a.tween.elapsed();
    const { path, colour, cleared, spawned } = a.parts;
    const R = ballRadius();
    if (e < a.travel) {
      // travelling: the board before the move, without the moving ball
      const [fr, fc] = path[0];
      drawPreviews(ctx, a.beforePreviews, a.before, symbols);
      drawBoardBalls(ctx, a.before, symbols, (r, c) => r === fr && c === fc);
      const seg = e / STEP_MS;
      const i = Math.min(path.length - 2, Math.floor(seg));
      const f = seg - i;
      const p0 = geo.cellCenter(path[i][0], path[i][1]);
      const p1 = geo.cellCenter(path[i + 1][0], path[i + 1][1]);
      // a soft glow trail behind the ball
      const b = BALLS[colour];
      for (let k = 4; k >= 1; k--) {
        const s2 = Math.max(0, seg - k * 0.3);
        const j = Math.min(path.length - 2, Math.floor(s2));
        const g = s2 - j;
        const q0 = geo.cellCenter(path[j][0], path[j][1]);
        const q1 = geo.cellCenter(path[j + 1][0], path[j + 1][1]);
        const tx = q0.x + (q1.x - q0.x) * g;
        const ty = q0.y + (q1.y - q0.y) * g;
        const tr = R * (1 - k * 0.12);
        const glow = ctx.createRadialGradient(tx, ty, 0, tx, ty, tr);
        glow.addColorStop(0, rgba(b.base, 0.34 * (1 - k / 5)));
        glow.addColorStop(1, rgba(b.base, 0));
        ctx.fillStyle = glow;
        ctx.beginPath();
        ctx.arc(tx, ty, tr, 0, Math.PI * 2);
        ctx.fill();
      }
      drawBall(ctx, p0.x + (p1.x - p0.x) * f, p0.y + (p1.y - p0.y) * f, R, colour, { symbols });
      return;
    }
    if (!a.landed) {
      a.landed = true;
      if (a.withSound && !cleared.length) sound.play("land");
    }
    const es = e - a.travel;
    if (es < a.spawnDur) {
      // spawning: previews grow into balls, new previews fade in
      const t = easing.outBack(Math.min(1, es / a.spawnDur));
      drawPreviews(ctx, a.finalPreviews, a.mid, symbols, Math.min(1, es / a.spawnDur));
      drawBoardBalls(ctx, a.mid, symbols);
      const pr = previewRadius();
      for (const [r, c, k] of spawned) {
        const p = geo.cellCenter(r, c);
        drawBall(ctx, p.x, p.y, pr + (R - pr) * t, k, { symbols, baseR: R });
      }
      return;
    }
    // clearing: the final board, cleared balls shrink and fade, sparkles fly
    beginClearEffects(a);
    const t = a.clearDur ? Math.min(1, (es - a.spawnDur) / a.clearDur) : 1;
    drawPreviews(ctx, a.finalPreviews, a.final, symbols);
    drawBoardBalls(ctx, a.final, symbols);
    const s = easing.inCubic(t);
    for (const [r, c, k] of cleared) {
      const p = geo.cellCenter(r, c);
      drawBall(ctx, p.x, p.y, R * (1 + 0.08 * Math.sin(Math.min(1, t * 2.5) * Math.PI) - s), k, {
        symbols,
        baseR: R,
        alpha: 1 - s * 0.6,
      });
    }
    drawSparkles(ctx, cleared, t);
  }

  function draw(ctx, info) {
    const { width, height, now } = info;
    dpr = info.dpr;
    let again = animator.tick();
    if (!geo || !background || geoKey !== `${width}x${height}@${dpr}`) {
      geoKey = `${width}x${height}@${dpr}`;
      geo = gridGeometry({ width, height, rows: N, cols: N, padding: pad(width) });
      publishGeometry();
      background = createSprite(width, height, dpr, (c) => paintBoardBackground(c, width, height, geo));
    }
    ctx.clearRect(0, 0, width, height);
    ctx.drawImage(background.canvas, 0, 0, width, height);
    const symbols = readBool(model, "symbols", false);

    if (anim) {
      drawMoveAnimation(ctx, anim, symbols);
      if (focus && focus.showsCursor()) drawCursor(ctx);
      drawPopup(ctx);
      return true;
    }

    const cells = shown.board;
    const sel = currentSelected();
    const selColour = sel ? cells[idx(sel[0], sel[1])] : 0;
    const over = isOver();
    if (sel && isColour(selColour)) drawSelectionGlow(ctx, sel[0], sel[1], selColour, now);
    if (sel && isColour(selColour) && readBool(model, "mark_reachable", false)) {
      drawReachable(ctx, currentReachable(), selColour);
    }
    if (drawBlockedFlash(ctx, now)) again = true;
    // the analysis overlay: tints under the balls, labels and arrow over them
    let analysisAlpha = 0;
    if (analysis) {
      if (!analysisStart) analysisStart = now;
      analysisAlpha = reduced() ? 1 : Math.min(1, (now - analysisStart) / ANALYSIS_FADE_MS);
      if (analysisAlpha < 1) again = true;
      drawCellTints(ctx, geo, analysis.cells, { alpha: analysisAlpha });
    }
    drawPreviews(ctx, shown.previews, cells, symbols);
    drawBoardBalls(ctx, cells, symbols, sel ? (r, c) => r === sel[0] && c === sel[1] : null);
    if (sel && isColour(selColour)) {
      const p = geo.cellCenter(sel[0], sel[1]);
      const R = ballRadius();
      let lift = 0;
      let dx = 0;
      if (!reduced()) {
        const phase = (now % BOUNCE_MS) / BOUNCE_MS;
        lift = 0.3 * Math.sin(phase * Math.PI); // |sin| hop
        if (blocked) {
          const t = (now - blocked.start) / BLOCKED_MS;
          dx = Math.sin(t * Math.PI * 6) * (1 - t) * geo.cell * 0.08;
        }
        again = true;
      }
      drawBall(ctx, p.x + dx, p.y, R, selColour, { symbols, lift });
    }
    if (analysis) {
      drawCellLabels(ctx, geo, analysis.cells, { alpha: analysisAlpha });
      if (analysis.arrow) drawMoveArrow(ctx, geo, analysis.arrow.from, analysis.arrow.to, { alpha: analysisAlpha });
    }
    if (focus && focus.showsCursor()) drawCursor(ctx);
    drawPopup(ctx);
    if (popup) again = true;
    if (over && !lookingBack()) {
      if (drawOverlay(ctx, width, height, now)) again = true;
    }
    return again;
  }

  function pad(width) {
    return Math.round(width * 0.035);
  }

  /* ---- canvas ---- */
  board = createCanvas({
    parent: boardWrap,
    className: "gw-board",
    minSize: 260,
    maxSize: 520,
    fit: shell.fit,
    draw,
    onResize: () => {
      sprites.clear();
      background = null;
      geo = null;
    },
  });
  onCleanup(board.destroy);
  const canvas = board.canvas;
  focus = trackBoardFocus(canvas, requestDraw);
  onCleanup(() => focus.destroy());
  publishGeometry();
  describeBoard(
    canvas,
    "Line 98 board, 9 by 9. Arrow keys move the cursor, Enter selects or moves, Escape deselects, U undo, N new game, M sound, Page Up and Page Down step through the game's history.",
  );
  shell.focusOn(() => canvas);

  /* ---- input ---- */
  function onClick(event) {
    canvas.focus({ preventScroll: true });
    if (anim) {
      finishAnimation();
      return;
    }
    if (!geo) return;
    const cell = geo.cellAt(event.offsetX, event.offsetY);
    if (!cell) return;
    cursor.set(cell[0], cell[1]);
    if (lookingBack()) {
      banner.nudge(); // a past position is read-only
      return;
    }
    sendMessage(model, { type: "click", cell, position: readInt(model, "position", 0) });
  }

  function onPointerDown() {
    if (focus) focus.usedPointer();
    requestDraw();
  }

  // Board keys (arrows, Home/End, Enter/Space, Esc) on the focused board; the others
  // anywhere in the view but in a text field (a control keeps its own keys).
  function onKeyDown(event) {
    if (event.defaultPrevented) return;
    const place = keyPlace(event);
    if (place === "text") return;
    if (event.target !== canvas && ["Enter", " ", "Spacebar", "Escape"].includes(event.key)) return;
    if (place === "control" && isControlKey(event)) return;
    const plain = !event.ctrlKey && !event.metaKey && !event.altKey;
    if (event.target === canvas && cursor.handleKey(event)) {
      // (the cursor moved even during an animation; that changes no game state)
      if (anim) finishAnimation();
      if (focus) focus.usedKeyboard();
      consume(event);
      requestDraw();
      return;
    }
    const key = event.key;
    // history: PageUp/PageDown or [ ], anytime (also during an animation)
    // ([ and ] may need AltGr, i.e. Ctrl+Alt, on some layouts; Cmd+[ stays the browser's)
    let step = 0;
    if (key === "PageUp" ? plain : key === "[" && !event.metaKey) step = -1;
    else if (key === "PageDown" ? plain : key === "]" && !event.metaKey) step = 1;
    if (step) {
      consume(event);
      if (readInt(model, "history_length", 1) > 1) historySlider.step(step);
      return;
    }
    if (lookingBack() && plain && ["Enter", " ", "Spacebar", "Escape", "u", "U"].includes(key)) {
      // a past position is read-only: Esc returns to the game, the others nudge the banner
      consume(event);
      if (focus) focus.usedKeyboard();
      if (anim) finishAnimation();
      if (key === "Escape") historySlider.toEnd();
      else banner.nudge();
      requestDraw();
      return;
    }
    let msg = null;
    if ((key === "Enter" || key === " " || key === "Spacebar") && plain) msg = { type: "click", cell: cursor.cell(), position: readInt(model, "position", 0) };
    else if (key === "Escape" && plain) msg = { type: "deselect" };
    else if ((key === "u" || key === "U") && plain) msg = { type: "undo" };
    else if ((key === "n" || key === "N") && plain) msg = { type: "new_game" };
    else if ((key === "m" || key === "M") && plain) {
      consume(event);
      toggleMute();
      return;
    } else return;
    consume(event);
    if (focus) focus.usedKeyboard();
    if (anim) {
      // a key during the animation jumps to its end and is otherwise ignored
      finishAnimation();
      return;
    }
    sendMessage(model, msg);
    requestDraw();
  }

  shell.listen([
    [canvas, "click", onClick],
    [canvas, "pointerdown", onPointerDown],
    [root, "keydown", onKeyDown],
  ]);

  /* ---- traits ---- */
  onCleanup(
    watchTraits(
      model,
      [
        "board",
        "previews",
        "selected",
        "reachable",
        "score",
        "record",
        "new_record",
        "position",
        "moves",
        "over",
        "can_undo",
        "clock_start",
        "clock_stop",
        "last_event",
        "symbols",
        "mark_reachable",
        "reduced_motion",
        "hide_clock",
        "muted",
        "error",
        "overlay",
        "thinking",
        "history_length",
        "history_index",
      ],
      onTraits,
    ),
  );
  onTraits();

  return () => {
    destroyed = true;
    anim = null;
    shell.destroy();
  };
}

export default { render };
