// The dialogs over the board (js/lib/dialog.js):
// - setup: the level, the board size and who moves first (radio buttons: labels with
//   data-level / data-size / data-side), PLAY, and "Continue (8×8, hard, move 12)"
//   when the size and level chosen has an unfinished saved game — then Continue is
//   the highlighted button, not PLAY. The choices open on the widget's size, level and
//   side (the last choice, remembered by Python); each change is sent as `choose`. The
//   starting position of the size being chosen is drawn behind the dialog. Enter on a
//   choice plays.
// - discard: PLAY on a size and level with a saved game asks first, in place of the
//   setup dialog: "Discard the saved 8×8 Hard game at move 20?" — Keep it (Esc: back
//   to the setup) or Discard and play (sends `start` with `replace`).
// - pause: Continue (Esc or P too), New game, Sound on/off.
// - result: what decided the game (for "no-moves" also the rule: a player who cannot
//   move loses), this game's numbers and the record for this size and level; New game
//   and Close. Against your own player (opponent_name) it names it ("first-capture
//   wins", "first-capture's" captures) and, in place of the record, says that such
//   games are not counted (save_note, from Python). On a board a program plays
//   (driven_by) its New game buttons are disabled (Python would refuse them). It opens once the last move has finished sliding; Close hides it until
//   the next result (while the game is over the Menu button, or P, opens it again). It
//   is hidden while looking back.
// On a small board (data-small="true" on the stage: a phone) the setup dialog leaves
// out its sentence on the rules, so that its three choices and both buttons fit.

import { createDialog } from "../lib/dialog.js";
import { listen } from "../lib/cleanup.js";
import { ensureStyleSheet } from "../lib/stylesheet.js";
import { asObject, readBool } from "../lib/traits.js";
import { createChoiceGroup, createStatGrid } from "./dialogparts.js";
import { LEVEL_DETAILS, LEVEL_NAMES, LEVELS, SIZE_NAMES, SIZES, reasonText, variantText } from "./rules.js";

// who moves first, and (the details) whose pieces are which: the user's are always dark
const SIDE_OPTIONS = [
  { value: "first", label: "You", detail: "dark pieces", title: "You (the dark pieces) make the first move" },
  { value: "second", label: "Computer", detail: "light pieces", title: "The computer (the light pieces) makes the first move; you play second, with the dark pieces" },
];

const CSS = `
.gw-loa .gw-loa-stage[data-small="true"] .gw-dialog-backdrop[data-dialog="setup"] .gw-dialog-message { display: none; }
.gw-loa .gw-loa-result-note { margin: 12px 0 2px; font-size: 12px; color: #c9d2dc; }
.gw-loa .gw-loa-result-note[hidden] { display: none; }
`;

/** The dialogs' own styles, for `el`'s document (or shadow root). */
export function ensureDialogsStyles(el) {
  ensureStyleSheet(el, "gamewidgets-loa-dialogs-v1", CSS);
}

/** Escape on `dialog` calls `fn`. */
function onEscape(onCleanup, dialog, fn) {
  const onKey = (event) => {
    if (event.key === "Escape" && !event.defaultPrevented) {
      event.preventDefault();
      event.stopPropagation();
      fn();
    }
  };
  listen(onCleanup, [[dialog.el, "keydown", onKey]]);
}

/** "8×8 Hard game at move 20": a saved game in words. */
const savedWords = (s) => `${s.size}\u00d7${s.size} ${LEVEL_NAMES[s.level]} game at move ${s.moves}`;

/** `onPlay(choice)`: PLAY pressed with the choice { size, level, side }. */
function createSetupDialog(view, returnFocus, onPlay) {
  const { doc, game, actions, shell } = view;
  const dialog = createDialog({
    doc,
    returnFocus,
    name: "setup",
    title: "Lines of Action",
    message: "Connect all your pieces into one group. A piece moves as many cells as there are pieces on its line.",
    actions: [
      { label: "Continue", action: "continue", title: "Continue the unfinished game of this board and level", onClick: () => actions.act({ type: "continue", size: size.value, level: level.value }) },
      { label: "PLAY", action: "play", primary: true, title: "Start a game (Enter)", onClick: () => play() },
    ],
  });
  const choose = () => {
    actions.act({ type: "choose", size: size.value, level: level.value, side: side.value });
    view.updateDom();
  };
  const level = createChoiceGroup({
    doc,
    name: "level",
    legend: "Level",
    options: LEVELS.map((l) => ({ value: l, label: LEVEL_NAMES[l], detail: LEVEL_DETAILS[l] })),
    value: game.level(),
    onChange: choose,
  });
  const size = createChoiceGroup({
    doc,
    name: "size",
    legend: "Board",
    options: SIZES.map((n) => ({ value: n, label: `${n}\u00d7${n}`, detail: SIZE_NAMES[n], title: `${n}\u00d7${n} ${SIZE_NAMES[n]}: ${2 * (n - 2)} pieces a side` })),
    value: game.size(),
    onChange: () => {
      // the board behind shows the starting position of this size
      if (view.board) view.board.invalidate();
      view.requestDraw();
      choose();
    },
  });
  const side = createChoiceGroup({ doc, name: "side", legend: "First move", options: SIDE_OPTIONS, value: game.side(), onChange: choose });
  for (const group of [level, size, side]) shell.onCleanup(group.destroy);
  dialog.body.append(level.el, size.el, side.el);
  const choice = () => ({ size: size.value, level: level.value, side: side.value });
  function play() {
    onPlay(choice());
  }
  const onKey = (event) => {
    if (event.key === "Enter" && !event.defaultPrevented && event.target && event.target.tagName === "INPUT") {
      event.preventDefault();
      play();
    }
  };
  listen(shell.onCleanup, [[dialog.el, "keydown", onKey]]);

  return {
    dialog,
    /** The board size being chosen. */
    size: () => size.value,
    /** The choices back at the widget's size, level and side (the dialog opens again). */
    reset() {
      size.set(game.size());
      level.set(game.level());
      side.set(game.side());
    },
    sync(focus) {
      const saved = game.savedFor(size.value, level.value);
      const cont = dialog.buttons.continue;
      cont.hidden = !saved;
      // the saved game is what the player most likely wants: Continue is highlighted
      cont.classList.toggle("gw-button-primary", !!saved);
      dialog.buttons.play.classList.toggle("gw-button-primary", !saved);
      dialog.buttons.play.title = saved ? `Start a new game (asks before discarding the saved ${savedWords(saved)})` : "Start a game (Enter)";
      if (saved) {
        const second = saved.side === "second" ? ", you second" : "";
        cont.querySelector(".gw-button-label").textContent = `Continue (${saved.size}\u00d7${saved.size}, ${saved.level}, move ${saved.moves}${second})`;
      }
      dialog.open({ focus });
    },
  };
}

/** The confirmation before PLAY discards a saved game. */
function createDiscardDialog(view, returnFocus, { onKeep, onDiscard }) {
  const dialog = createDialog({
    doc: view.doc,
    returnFocus,
    name: "discard",
    title: "Discard the saved game?",
    message: "",
    actions: [
      { label: "Keep it", action: "keep", primary: true, title: "Back to the choices: the saved game stays (Esc)", onClick: onKeep },
      { label: "Discard and play", action: "discard", title: "Start the new game in its place: the saved game is lost", onClick: onDiscard },
    ],
  });
  onEscape(view.shell.onCleanup, dialog, onKeep);
  return {
    dialog,
    /** Open it for the saved game `saved` ({ size, level, moves }). */
    open(saved, focus) {
      dialog.setMessage(`Discard the saved ${savedWords(saved)}? It cannot be continued afterwards.`);
      dialog.open({ focus });
    },
  };
}

function createResultDialog(view, returnFocus) {
  const { doc, game, actions } = view;
  const dialog = createDialog({
    doc,
    returnFocus,
    name: "result",
    title: "",
    message: "",
    actions: [
      { label: "New game", action: "new", primary: true, title: "Choose a level and a board for a new game", onClick: () => actions.act({ type: "new_game" }) },
      { label: "Close", action: "close", title: "Look at the final board (Esc)", onClick: () => actions.closeResult() },
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
  // instead of the record, against your own player: not counted
  const notCounted = doc.createElement("p");
  notCounted.className = "gw-loa-result-note";
  notCounted.dataset.note = "not-counted";
  notCounted.hidden = true;
  dialog.body.append(gameStats.el, recordHead, recordStats.el, notCounted);
  onEscape(view.shell.onCleanup, dialog, () => actions.closeResult());

  function fill(r) {
    const them = game.opponent();
    dialog.el.dataset.result = r.result;
    dialog.setTitle(r.result === "win" ? "You win!" : r.result === "loss" ? `${them.The} wins` : "Draw");
    const reason = reasonText(r, them);
    dialog.setMessage(r.reason === "no-moves" ? `${reason} A player who cannot move on their turn loses.` : reason);
    gameStats.setLabel("captures_computer", `${them.name}'s`);
    const watched = typeof r.played_by === "string" ? r.played_by : ""; // a computer played your side
    recordHead.hidden = recordStats.el.hidden = them.own || !!watched;
    notCounted.hidden = !them.own && !watched;
    notCounted.textContent = watched
      ? `Played by ${watched}: not counted in your record.`
      : them.own
        ? game.saveNote() || `Games against ${them.name} are not counted.`
        : "";
    dialog.buttons.new.disabled = !!view.shell.driven.by;
    const caps = Array.isArray(r.captures) ? r.captures : [];
    gameStats.set("captures_user", Number.isInteger(caps[0]) ? caps[0] : 0);
    gameStats.set("captures_computer", Number.isInteger(caps[1]) ? caps[1] : 0);
    gameStats.set("moves", Number.isInteger(r.moves) ? r.moves : game.moves());
    recordHead.textContent = `Your record \u00b7 ${variantText(game.size(), game.level())}`;
    const t = asObject(r.tally) || {};
    const num = (v) => (typeof v === "number" && Number.isFinite(v) ? v : 0);
    for (const name of ["wins", "losses", "draws", "streak", "best_streak"]) recordStats.set(name, num(t[name]));
    const pct = num(t.win_percent);
    recordStats.set("win_percent", `${Number.isInteger(pct) ? pct : pct.toFixed(1)}%`);
  }

  return { dialog, fill };
}

export function createDialogs(view) {
  const { doc, game, actions, model, root } = view;
  const returnFocus = () => view.board && view.board.canvas;
  let confirming = null; // the choice whose PLAY waits for the discard confirmation
  const setup = createSetupDialog(view, returnFocus, (choice) => {
    if (game.savedFor(choice.size, choice.level)) {
      confirming = choice;
      sync();
    } else actions.act({ type: "start", ...choice });
  });
  const back = () => {
    confirming = null;
    sync();
  };
  const discard = createDiscardDialog(view, returnFocus, {
    onKeep: back,
    onDiscard: () => {
      const choice = confirming;
      back();
      if (choice) actions.act({ type: "start", ...choice, replace: true });
    },
  });
  const pause = createDialog({
    doc,
    returnFocus,
    name: "pause",
    title: "Paused",
    message: "",
    actions: [
      { label: "Continue", action: "resume", primary: true, shortcut: "P", title: "Back to the game (P or Esc)", onClick: () => actions.act({ type: "resume" }) },
      { label: "New game", action: "new", title: "Choose a level and a board for a new game (this one stays saved)", onClick: () => actions.act({ type: "new_game" }) },
      { label: "Sound on", action: "mute", shortcut: "M", title: "Sound on/off (M)", onClick: () => actions.toggleMute() },
    ],
  });
  onEscape(view.shell.onCleanup, pause, () => actions.act({ type: "resume" }));
  const result = createResultDialog(view, returnFocus);
  const all = [setup.dialog, discard.dialog, pause, result.dialog];
  for (const d of all) view.shell.onCleanup(d.destroy);

  let prevPhase = null;
  let closedResult = null; // the result the user closed (JSON)

  /** Open the dialog the state calls for, close the others. */
  function sync() {
    if (view.destroyed) return;
    const p = game.phase();
    const focus = root.contains(doc.activeElement);
    if (p === "setup") {
      if (prevPhase !== "setup") {
        setup.reset();
        if (view.board) view.board.invalidate();
      }
      const saved = confirming && game.savedFor(confirming.size, confirming.level);
      if (saved) {
        setup.dialog.close();
        discard.open(saved, focus);
      } else {
        confirming = null;
        discard.dialog.close();
        setup.sync(focus);
      }
    } else {
      confirming = null;
      setup.dialog.close();
      discard.dialog.close();
    }
    if (p === "playing" && game.paused()) {
      pause.setMessage(`${variantText(game.size(), game.level(), game.opponent())} \u00b7 move ${game.moves()}`);
      pause.open({ focus });
    } else pause.close();
    const r = p === "over" ? game.result() : null;
    const key = r ? JSON.stringify(r) : null;
    if (r && !view.slides.busy() && !game.lookingBack() && key !== closedResult) {
      result.fill(r);
      result.dialog.open({ focus });
    } else result.dialog.close();
    prevPhase = p;
  }

  return {
    /** The dialogs' elements, to go over the board. */
    elements: all.map((d) => d.el),
    sync,
    /** The board size drawn behind the setup dialog. */
    setupSize: setup.size,
    /** Close the results screen until the next result. */
    closeResult() {
      const r = game.result();
      closedResult = r ? JSON.stringify(r) : null;
    },
    /** Let the results screen open again. */
    reopenResult() {
      closedResult = null;
    },
    /** The pause menu's Sound button says what the sound is. */
    update() {
      const button = pause.buttons.mute;
      const muted = readBool(model, "muted", false);
      button.querySelector(".gw-button-label").textContent = muted ? "Sound off" : "Sound on";
      button.setAttribute("aria-pressed", muted ? "false" : "true");
    },
  };
}
