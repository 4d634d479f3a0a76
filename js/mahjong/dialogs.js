// The dialogs over the board: No more moves (stuck), Board cleared (won, with the
// score, time and best score) and the Paused cover; they open and close with the
// traits, and the win's and the dead end's sounds play once.
//
// Choices where the contract is silent:
// - The "No more moves" dialog opens when `stuck` becomes true (and on first render
//   if it is); closing it (× or Esc) keeps it closed until `stuck` has been false
//   again; the toolbar's Shuffle (S) works without it. The won dialog cannot be
//   dismissed (Play again / New game: at once, the game is over). No more moves' New
//   game asks first when pairs were removed (startover.js). Paused: a cover dialog
//   with Resume; a click on the cover resumes too.
// - The win screen accounts for the score (breakdown.js: Pairs, Hints, Time, Time
//   bonus, Total) beside the time (timed scoring) and `record`, the best won score of
//   this scoring, as "Best (timed)" / "Best (standard)" (not on a lesson board).
// - A lesson board (`lesson`) never opens No more moves: two lessons have no
//   removable pair on purpose; the status line says it instead (status.js).
// - Dialogs stay on screen over a tall (portrait) board: their panel is sticky.
// - Looking back at an earlier position, No more moves and Board cleared stay closed
//   (the board is to be seen); they open again with the live game.
// - A board played by a program (driven_by): No more moves never opens (the program
//   shuffles), Board cleared opens with its buttons disabled (the program deals again).

import { listen } from "../lib/cleanup.js";
import { formatClock } from "../lib/clock.js";
import { createDialog } from "../lib/dialog.js";
import { element as h } from "../lib/element.js";
import { claimSound } from "../lib/sound.js";
import { createBreakdown } from "./breakdown.js";
import { SOUNDS } from "./sounds.js";
import { startOver } from "./startover.js";

/** A labelled number of the win screen: { el, set(text), setLabel(text) }. */
function statBox(doc, name, label) {
  const box = h(doc, "div");
  box.dataset.stat = name;
  const value = h(doc, "b");
  const caption = h(doc, "span", null, label);
  box.append(caption, value);
  return { el: box, set: (t) => (value.textContent = t), setLabel: (t) => (caption.textContent = t) };
}

/** The dialogs of `view`: { elements, sync(fresh) }. */
export function createDialogs(view) {
  const { doc, model, shell } = view;
  const returnFocus = () => view.board && view.board.canvas;
  let stuckDismissed = false;
  let prevStuck = false;
  let prevWon = false;

  const stuck = createDialog({
    doc,
    returnFocus,
    name: "stuck",
    title: "No more moves",
    message: "No pair of tiles can be connected.",
    dismissable: true,
    onDismiss: () => {
      stuckDismissed = true;
      view.refresh();
    },
    actions: [
      { label: "Shuffle", action: "shuffle", primary: true, shortcut: "S", title: "Shuffle the remaining tiles (free)", onClick: () => view.act({ type: "shuffle" }) },
      { label: "Undo", action: "undo", shortcut: "U", title: "Take back the last pair", onClick: () => view.act({ type: "undo" }) },
      { label: "New game", action: "new", shortcut: "N", title: "Start a new deal", onClick: () => startOver(view, "new") },
    ],
  });

  const won = createDialog({
    doc,
    returnFocus,
    name: "won",
    title: "Board cleared!",
    message: "All tiles removed.",
    actions: [
      { label: "Play again", action: "restart", shortcut: "R", title: "The same deal again", onClick: () => view.act({ type: "restart" }) },
      { label: "New game", action: "new", primary: true, shortcut: "N", title: "A new deal", onClick: () => view.act({ type: "new_game" }) },
    ],
  });
  const wonSummary = h(doc, "div", "gw-mj-won-summary");
  const wonBreakdown = createBreakdown(doc);
  const wonStats = h(doc, "div", "gw-mj-won-stats");
  const wonTime = statBox(doc, "time", "Time");
  const wonRecord = statBox(doc, "record", "Best");
  wonStats.append(wonTime.el, wonRecord.el);
  wonSummary.append(wonBreakdown.el, wonStats);
  won.body.appendChild(wonSummary);

  const paused = createDialog({
    doc,
    returnFocus,
    name: "paused",
    title: "Paused",
    message: "The clock is stopped.",
    actions: [{ label: "Resume", action: "resume", primary: true, shortcut: "P", title: "Back to the game (P)", onClick: () => view.act({ type: "resume" }) }],
  });
  const onCoverClick = (event) => {
    if (event.target === paused.el) view.act({ type: "resume" });
  };
  listen(shell.onCleanup, [[paused.el, "click", onCoverClick]]);
  for (const d of [stuck, won, paused]) shell.onCleanup(d.destroy);

  return {
    elements: [stuck.el, won.el, paused.el],
    /** Open and close them after a change of the traits (`fresh`: not the first render). */
    sync(fresh) {
      const { traits } = view;
      const eventId = view.events.handled;
      const isWon = traits.won();
      const driven = !!shell.driven.by;
      const isStuck = traits.stuck() && !isWon && !traits.lesson() && !driven;
      const isPaused = traits.paused() && !isWon;
      const back = traits.lookingBack();
      if (isWon && !prevWon && fresh && claimSound(model, eventId, "won")) view.sound.play(SOUNDS.win);
      const focusInside = view.root.contains(doc.activeElement);
      if (!isStuck) stuckDismissed = false;
      if (isStuck && !prevStuck && fresh && claimSound(model, eventId, "stuck")) view.sound.play(SOUNDS.stuck);
      if (isStuck && !stuckDismissed && !isPaused && !back) stuck.open({ focus: focusInside });
      else stuck.close();
      stuck.buttons.undo.disabled = !traits.canUndo();
      const left = traits.tilesLeft();
      stuck.setMessage(
        `No pair of the ${left} tiles left can be connected. Shuffle them (free), take back your last pair, or start a new deal.`,
      );
      if (isWon && !back) {
        const all = traits.removed().length;
        won.setMessage(all > 0 ? `All ${all} tiles removed.` : "All tiles removed.");
        wonBreakdown.show(traits.breakdown(), traits.score());
        wonTime.set(formatClock(view.playtime.seconds() * 1000));
        wonTime.el.hidden = !traits.timed();
        const record = traits.record();
        wonRecord.setLabel(`Best (${traits.scoring()})`);
        wonRecord.set(String(record));
        wonRecord.el.hidden = !(record > 0) || traits.lesson();
        wonStats.hidden = wonTime.el.hidden && wonRecord.el.hidden;
        won.buttons.restart.disabled = won.buttons.new.disabled = driven;
        won.open({ focus: focusInside });
        if (!prevWon && fresh) view.effects.celebrateWin();
      } else {
        won.close();
        view.effects.stopCelebrating();
      }
      if (isPaused) paused.open({ focus: focusInside });
      else paused.close();
      prevStuck = isStuck;
      prevWon = isWon;
    },
  };
}
