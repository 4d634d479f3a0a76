// The dialogs over the board (js/lib/dialog.js):
// - setup: the level, the board size and who moves first (radio buttons: labels with
//   data-level / data-size / data-side), PLAY, and "Continue (8×8, hard, move 12)"
//   when the size and level chosen has an unfinished saved game — then Continue is
//   the highlighted button, not PLAY. The choices open on the widget's size, level and
//   side (the last choice, remembered by Python); each change is sent as `choose`. The
//   starting position of the size being chosen is drawn behind the dialog. Enter on a
//   choice presses the highlighted button: PLAY, or Continue when there is a saved game
//   (so no run of Enters ever discards one).
// - discard: PLAY on a size and level with a saved game asks first, with the shell's
//   confirmation (js/lib/confirm.js, the one all four views use: [data-dialog=confirm],
//   data-asking="discard" on the root), over the setup dialog: "Discard the saved 8×8
//   Hard game at move 20?" — "Discard and play" is its highlighted button and Enter
//   presses it (the player has just pressed PLAY: that is what they asked for; the
//   message says so), "Keep it" (or Esc, or ×) goes back to the choices and nothing
//   changes.
// - pause: Continue (Esc or P too), New game, Sound on/off. A game that is not saved
//   (save_note: its slot keeps another game, or it is against your own player) would
//   be lost by New game once a move was made: then New game asks first ("Leave this
//   game?", data-asking="new-game": Enter leaves it, Esc keeps playing); a saved game
//   stays saved, so New game goes to the setup at once.
// - result: what decided the game (for "no-moves" also the rule: a player who cannot
//   move loses), this game's numbers and the record for this size and level; New game
//   and Close. Against your own player (opponent_name) it names it ("first-capture
//   wins", "first-capture's" captures) and, in place of the record, says that such
//   games are not counted (save_note, from Python). On a board a program plays
//   (driven_by) its New game buttons are disabled (Python would refuse them). It opens
//   once the last move has finished sliding; Close — or Why?, which draws the
//   computer's reasons on the final board — hides it until the next result (while the
//   game is over the Results button, or P, opens it again). It is hidden while looking
//   back.
// A dialog that opens or is refreshed while the Rules panel or a confirmation is open
// leaves the focus where it is (on them).
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
  // Enter on a choice presses the highlighted button: Continue when there is a saved game
  const onKey = (event) => {
    if (event.key === "Enter" && !event.defaultPrevented && event.target && event.target.tagName === "INPUT") {
      event.preventDefault();
      const cont = dialog.buttons.continue;
      if (!cont.hidden && cont.classList.contains("gw-button-primary")) cont.click();
      else play();
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
      cont.title = "Continue the unfinished game of this board and level (Enter)";
      dialog.buttons.play.title = saved ? `Start a new game (asks before discarding the saved ${savedWords(saved)})` : "Start a game (Enter)";
      if (saved) {
        const second = saved.side === "second" ? ", you second" : "";
        cont.querySelector(".gw-button-label").textContent = `Continue (${saved.size}\u00d7${saved.size}, ${saved.level}, move ${saved.moves}${second})`;
      }
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
  const { doc, game, actions, model, root, shell } = view;
  const returnFocus = () => view.board && view.board.canvas;
  const setup = createSetupDialog(view, returnFocus, (choice) => {
    const saved = game.savedFor(choice.size, choice.level);
    if (!saved) {
      actions.act({ type: "start", ...choice });
      return;
    }
    shell.confirm.ask({
      name: "discard",
      title: "Discard the saved game?",
      message: `Discard the saved ${savedWords(saved)}? It cannot be continued afterwards. Enter discards it and starts the new game; Esc keeps it.`,
      confirm: "Discard and play",
      cancel: "Keep it",
      cancelTitle: "Back to the choices: the saved game stays (Esc)",
      onConfirm: () => {
        if (game.phase() === "setup") actions.act({ type: "start", ...choice, replace: true });
      },
    });
  });
  /** New game from the pause menu: asks first when the game would be lost (not saved). */
  function newGame() {
    const lost = game.phase() === "playing" && game.saveNote() && game.history()[1] > 1;
    if (!lost) {
      actions.act({ type: "new_game" });
      return;
    }
    shell.confirm.ask({
      name: "new-game",
      title: "Leave this game?",
      message: `This game is not saved: a new game loses it (move ${game.moves()}). Enter leaves it; Esc keeps playing.`,
      confirm: "New game",
      onConfirm: () => actions.act({ type: "new_game" }),
    });
  }
  const pause = createDialog({
    doc,
    returnFocus,
    name: "pause",
    title: "Paused",
    message: "",
    actions: [
      { label: "Continue", action: "resume", primary: true, shortcut: "P", title: "Back to the game (P or Esc)", onClick: () => actions.act({ type: "resume" }) },
      { label: "New game", action: "new", title: "Choose a level and a board for a new game (this one stays saved)", onClick: () => newGame() },
      { label: "Sound on", action: "mute", shortcut: "M", title: "Sound on/off (M)", onClick: () => actions.toggleMute() },
    ],
  });
  onEscape(view.shell.onCleanup, pause, () => actions.act({ type: "resume" }));
  const result = createResultDialog(view, returnFocus);
  const all = [setup.dialog, pause, result.dialog];
  for (const d of all) view.shell.onCleanup(d.destroy);

  let prevPhase = null;
  let closedResult = null; // the result the user closed (JSON)

  /** Open the dialog the state calls for, close the others. */
  function sync() {
    if (view.destroyed) return;
    const p = game.phase();
    // the focus goes to a dialog that opens, unless the rules or a question have it
    const focus = root.contains(doc.activeElement) && !shell.rules.isOpen && !shell.confirm.isOpen;
    // a question whose answer the game has moved past (Python changed the phase) goes
    const asking = root.dataset.asking;
    if ((asking === "discard" && p !== "setup") || (asking === "new-game" && !(p === "playing" && game.paused()))) {
      shell.confirm.cancel();
    }
    if (p === "setup") {
      if (prevPhase !== "setup") {
        setup.reset();
        if (view.board) view.board.invalidate();
      }
      setup.sync(focus);
    } else setup.dialog.close();
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
    /** The results screen is open. */
    resultOpen: () => result.dialog.isOpen,
    /** The setup dialog's highlighted button while it is open (where the focus returns), or null. */
    focusTarget: () => (setup.dialog.isOpen ? setup.dialog.el.querySelector(".gw-button-primary:not([hidden])") : null),
    /** Close the results screen until the next result. */
    closeResult() {
      const r = game.result();
      closedResult = r ? JSON.stringify(r) : null;
    },
    /** Let the results screen open again. */
    reopenResult() {
      closedResult = null;
    },
    /** The pause menu's Sound button says what the sound is, its New game whether this game stays. */
    update() {
      pause.buttons.new.title = game.saveNote()
        ? "Choose a level and a board for a new game (this one is not saved: it asks first)"
        : "Choose a level and a board for a new game (this one stays saved)";
      const button = pause.buttons.mute;
      const muted = readBool(model, "muted", false);
      button.querySelector(".gw-button-label").textContent = muted ? "Sound off" : "Sound on";
      button.setAttribute("aria-pressed", muted ? "false" : "true");
    },
  };
}
