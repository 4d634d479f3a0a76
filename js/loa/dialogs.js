// The three dialogs over the board (js/lib/dialog.js):
// - setup: the level and the board size (radio buttons: labels with data-level /
//   data-size), PLAY, and "Continue (8×8, hard, move 12)" when a game is saved. The
//   choices start at the `size`/`level` of the last game; the starting position of
//   the size being chosen is drawn behind the dialog. Enter on a choice plays.
// - pause: Continue (Esc or P too), New game, Sound on/off.
// - result: what decided the game, this game's numbers and the record for this size
//   and level; New game and Close. It opens once the last move has finished
//   sliding; Close hides it until the next result (while the game is over the Menu
//   button, or P, opens it again). It is hidden while looking back.

import { createDialog } from "../lib/dialog.js";
import { listen } from "../lib/cleanup.js";
import { asObject, readBool } from "../lib/traits.js";
import { createChoiceGroup, createStatGrid } from "./dialogparts.js";
import { LEVEL_DETAILS, LEVEL_NAMES, LEVELS, SIZE_NAMES, SIZES, reasonText, variantText } from "./rules.js";
import { pieceCss } from "./pieces.js";

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

function createSetupDialog(view, returnFocus) {
  const { doc, game, actions, shell } = view;
  const dialog = createDialog({
    doc,
    returnFocus,
    name: "setup",
    title: "Lines of Action",
    message: "Connect all your pieces into one group. A piece moves as many cells as there are pieces on its line.",
    actions: [
      { label: "Continue", action: "continue", title: "Continue the unfinished game", onClick: () => actions.act({ type: "continue" }) },
      { label: "PLAY", action: "play", primary: true, title: "Start a game (Enter)", onClick: () => play() },
    ],
  });
  const youLine = doc.createElement("div");
  youLine.className = "gw-loa-you";
  youLine.innerHTML = "<span><i></i>You: dark, you move first</span><span><i></i>Computer: light</span>";
  const [youDot, compDot] = youLine.querySelectorAll("i");
  youDot.style.background = pieceCss("black");
  compDot.style.background = pieceCss("white");
  const level = createChoiceGroup({
    doc,
    name: "level",
    legend: "Level",
    options: LEVELS.map((l) => ({ value: l, label: LEVEL_NAMES[l], detail: LEVEL_DETAILS[l] })),
    value: game.level(),
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
      view.updateDom();
    },
  });
  shell.onCleanup(level.destroy);
  shell.onCleanup(size.destroy);
  dialog.body.append(youLine, level.el, size.el);
  function play() {
    actions.act({ type: "start", size: size.value, level: level.value });
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
    /** The choices back at the game's size and level (the dialog opens again). */
    reset() {
      size.set(game.size());
      level.set(game.level());
    },
    sync(focus) {
      const saved = game.saved();
      const cont = dialog.buttons.continue;
      cont.hidden = !saved;
      if (saved) {
        cont.querySelector(".gw-button-label").textContent = `Continue (${saved.size}\u00d7${saved.size}, ${saved.level}, move ${saved.moves})`;
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
  dialog.body.append(gameStats.el, recordHead, recordStats.el);
  onEscape(view.shell.onCleanup, dialog, () => actions.closeResult());

  function fill(r) {
    dialog.el.dataset.result = r.result;
    dialog.setTitle(r.result === "win" ? "You win!" : r.result === "loss" ? "The computer wins" : "Draw");
    dialog.setMessage(reasonText(r));
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
  const setup = createSetupDialog(view, returnFocus);
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
  const all = [setup.dialog, pause, result.dialog];
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
      setup.sync(focus);
    } else setup.dialog.close();
    if (p === "playing" && game.paused()) {
      pause.setMessage(`${variantText(game.size(), game.level())} \u00b7 move ${game.moves()}`);
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
