// Everything of the view that is not the board canvas: the header (title, the
// "thinking…" badge, score / record / clock), the toolbar (Undo, New game, Suggest,
// Rules, Sound), the board's wrapper with the "looking back" banner over its top edge,
// the history slider, the setting checkboxes and the status line (with the overlay's
// colour legend at its end); and update(), which brings them and the root's data
// attributes (what the tests read, see CONTRACT.md) in line with the traits.
//
// Choices where the contract is silent:
// - The data attributes sit on the view's own root div (`[data-game=line98]`, a child
//   of `el`), so cleanup removes them with it.
// - Looking back (history_index < history_length - 1): a banner over the top edge of
//   the board with a "Back to game" button, an amber outline round the board (the
//   shared stylesheet, from data-history-mode), Undo disabled.
// - The "thinking…" badge sits next to the title; nothing is blocked while it shows.
// - New game (N, the button) asks first (shell.confirm, data-asking="new-game") while a
//   game is in progress: a move was made and the game is not over (also while looking
//   back: the live game would go). Before the first move, and once the game is over, it
//   starts the new game at once. Undo right after a new game brings the old one back,
//   asked or not (the question says so).
// - The Rules button (the shell's, `?`) is an icon (a ? in a circle, its tooltip "How to
//   play (?)") at the toolbar's end, before Sound: with a label, the toolbar would take
//   two rows at the board's width. The idle status line names the `?` key too.
// - The status line shows, first that applies: the error, the overlay's title (with a
//   legend of the scale), how to look back, the computer thinking, who plays the board
//   (a program, driven_by: then Undo and New game are disabled too), game over, where
//   the selected ball may go, how to play.
// - More data attributes for the tests: data-overlay (cells the overlay colours, 0 =
//   none), data-arrow ("r,c>r,c" or ""), data-thinking, data-history ("index/last"),
//   data-history-mode ("live" | "back"). Controls: data-action="history-back",
//   "history-forward", "history-live" (the banner's button); the slider is
//   input[data-control=history].

import { createButton, createMuteButton, createToolbar } from "../lib/buttons.js";
import { createClock } from "../lib/clock.js";
import { element as h } from "../lib/element.js";
import { createHistoryControls } from "../lib/history.js";
import { createScaleLegend } from "../lib/overlay.js";
import { drivenStatus } from "../lib/driven.js";
import { createBadge, createReadout, createStatusLine } from "../lib/readouts.js";
import { createSettings } from "../lib/settings.js";
import { readBool, readInt, readNumber, readString } from "../lib/traits.js";
import { colourName } from "./balls.js";
import { currentBoard, currentSelected, historyState, idx, isOver } from "./state.js";
import { ensureLine98Styles } from "./style.js";

const SETTINGS = [
  ["symbols", "Symbols", "Draw a shape on each ball, so colours can be told apart without colour"],
  ["mark_reachable", "Mark reachable", "Mark the cells the selected ball can reach"],
  ["reduced_motion", "Reduced motion", "No travelling or bouncing animations"],
  ["hide_clock", "Hide clock", "Do not show the game clock"],
];

/**
 * The panel of `view` in `shell` (`el`: the element the front-end gave the view, for
 * the stylesheet). `act(msg)` sends an intent (after ending an
 * animation), `beforeGoto()` runs before a history step, `onBackToGame()` after the
 * banner's "Back to game". `parts` are the view's parts in order, for shell.mount().
 */
export function createPanel(view, { shell, el, act, beforeGoto, onBackToGame }) {
  const { doc, header, title, onCleanup } = shell;
  const { model, root } = view;
  ensureLine98Styles(el);

  // header: title and badge, read-outs
  const scoreOut = createReadout({ doc, name: "score", label: "Score" });
  const recordOut = createReadout({ doc, name: "record", label: "Record" });
  const clockOut = createReadout({ doc, name: "clock", label: "Time" });
  const stats = h(doc, "div", "gw-stats");
  stats.append(scoreOut.el, recordOut.el, clockOut.el);
  const thinkingBadge = createBadge({
    doc,
    kind: "thinking",
    text: "thinking\u2026",
    title: "A computer player is choosing a move",
  });
  const titleGroup = h(doc, "div", "gw-title-group");
  titleGroup.append(title, thinkingBadge.el);
  header.append(titleGroup, stats);
  const clock = createClock({
    times: () => [readNumber(model, "clock_start", 0), readNumber(model, "clock_stop", 0)],
    onTick: (text) => clockOut.set(text),
  });
  onCleanup(clock.destroy);
  shell.onConnection((live) => (live ? clock.update() : clock.hold())); // a lost board's clock stops

  // toolbar
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
    onClick: () => newGame(),
  });
  const suggestButton = createButton({
    doc,
    label: "Suggest",
    action: "suggest",
    icon: "hint",
    title: "Suggest a move: what the expert would play here, its analysis on the board (S)",
    onClick: () => act({ type: "suggest" }),
  });
  // an icon (the light bulb) with its tooltip: with a label the toolbar would wrap at the board's width
  suggestButton.classList.add("gw-icon-button");
  suggestButton.setAttribute("aria-label", "Suggest a move (S)");
  suggestButton.setAttribute("aria-keyshortcuts", "S");
  suggestButton.querySelector(".gw-button-label").remove();
  // the shell's Rules button, an icon (the ? in a circle) with its tooltip, as Suggest:
  // with its label the toolbar would not fit on one row at the board's width
  const rulesButton = shell.rules.button;
  rulesButton.classList.add("gw-icon-button");
  rulesButton.setAttribute("aria-label", "Rules: how to play (?)");
  for (const part of rulesButton.querySelectorAll(".gw-button-label, kbd")) part.remove();
  const muteToggle = createMuteButton({ doc, model, sound: () => view.sound, onToggle: () => update() });
  onCleanup(muteToggle.destroy);
  const spacer = h(doc, "span", "gw-spacer");
  const toolbar = createToolbar({
    doc,
    label: "Game",
    children: [undoButton, newButton, suggestButton, spacer, rulesButton, muteToggle.el],
  });

  // the board's place, with the banner over it, and the history slider under it
  const boardWrap = h(doc, "div", "gw-board-wrap");
  const history = createHistoryControls({ doc, model, beforeGoto, onBackToGame });
  onCleanup(history.destroy);
  const { banner, slider } = history;
  boardWrap.appendChild(banner.el);

  // settings and status line
  const settings = createSettings({ doc, model, items: SETTINGS });
  onCleanup(settings.destroy);
  const status = createStatusLine({ doc });
  const legend = createScaleLegend({ doc });
  status.aside.appendChild(legend.el);

  /** Undo brings the game before this one back (a new game, nothing played yet). */
  const bringsBack = () => readInt(model, "moves", 0) === 0 && readBool(model, "can_undo", false);

  /** A new game would throw this one away: a move was made and the game is not over. */
  const inProgress = () => readInt(model, "moves", 0) > 0 && !isOver(view);

  /** New game (N, the button): at once where nothing is lost, else after asking. */
  function newGame() {
    if (!inProgress()) {
      act({ type: "new_game" });
      return;
    }
    const moves = readInt(model, "moves", 0);
    const score = readInt(model, "score", 0);
    shell.confirm.ask({
      name: "new-game",
      title: "Start a new game?",
      message: `This game ends here (${moves} ${moves === 1 ? "move" : "moves"}, score ${score}). ` +
        "Undo (U) right after the new game brings it back.",
      confirm: "New game",
      onConfirm: () => act({ type: "new_game" }),
    });
  }

  function statusText({ over, back, thinking, sel }) {
    const { analysis } = view;
    const error = readString(model, "error", "");
    if (error) return [error, "error"];
    if (analysis && analysis.title) return [analysis.title, "overlay"];
    if (back) return ["Looking back: PageUp/PageDown or [ ] step, Esc returns to the game."];
    if (thinking && view.driven.by) return ["The computer is choosing a move\u2026"];
    if (thinking) return [`The ${readString(model, "suggest_level", "expert")} is looking for a move to suggest\u2026`];
    if (view.driven.by) return [drivenStatus()];
    if (over) return ["Game over. New game (N) or undo the last move (U)."];
    if (sel) return [`Choose where the ${colourName(currentBoard(view)[idx(sel[0], sel[1])])} ball goes.`];
    if (bringsBack()) return ["New game. Undo (U) brings the previous game back until your first move."];
    return ["Select a ball, then an empty cell. Lines of 5 or more vanish. Rules: ?"];
  }

  /** Bring the DOM and the root's data attributes in line with the traits. */
  function update() {
    if (view.destroyed) return;
    const { analysis } = view;
    const over = isOver(view);
    const score = readInt(model, "score", 0);
    const record = readInt(model, "record", 0);
    const sel = currentSelected(view);
    const ds = root.dataset;
    ds.score = String(score);
    ds.record = String(record);
    ds.moves = String(readInt(model, "moves", 0));
    ds.selected = sel ? `${sel[0]},${sel[1]}` : "";
    ds.state = view.anim ? "animating" : over ? "over" : "playing";
    ds.muted = readBool(model, "muted", true) ? "true" : "false";
    ds.event = view.shown.eventId === null ? "" : String(view.shown.eventId);
    const [hIndex, hLength] = historyState(view);
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
    const driven = !!view.driven.by;
    undoButton.disabled = back || driven || !readBool(model, "can_undo", false);
    newButton.disabled = driven;
    suggestButton.disabled = over || thinking;
    const level = readString(model, "suggest_level", "expert");
    suggestButton.title = `Suggest a move: what the ${level} would play here, its analysis on the board (S)`;
    suggestButton.dataset.level = level;
    undoButton.title = back ? "Return to the game to undo"
      : bringsBack() ? "Bring the previous game back (U)" : "Undo the last move (U)";
    status.show(...statusText({ over, back, thinking, sel }));
    if (!over || back) view.gameOverStart = 0;
  }

  return {
    parts: [header, toolbar, boardWrap, slider.el, settings.el, status.el],
    boardWrap,
    banner,
    slider,
    status,
    clock,
    toggleMute: () => muteToggle.toggle(),
    newGame,
    update,
  };
}
