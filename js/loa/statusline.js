// The status line under the board: what to do now, or what happens (the computer
// thinks, the game is over and why, looking back, an analysis's title or — for the
// kept analysis of a move, Why? — "Why the computer played c1-c3: <reason>", an error),
// with a legend at its right end — the line counts (linecounts.js) or the colour
// scale of an analysis. It also announces events to screen readers (events.js).
// Against your own player (opponent_name) it says its name where it says "the
// computer", and on your move what it played last ("first-capture played b6-b4.
// Your move: ..."): you are watching it. A board a program plays (driven_by) says so
// in place of what to do. A click that moved nothing says why for a reading time
// (refuse: data-kind="refused"), whatever the line would show meanwhile.

import { drivenStatus } from "../lib/driven.js";
import { createScaleLegend } from "../lib/overlay.js";
import { createStatusLine } from "../lib/readouts.js";
import { squareName } from "./woodboard.js";
import { countsShown, createLineLegend } from "./linecounts.js";
import { reasonText } from "./rules.js";

/** What the kept analysis drawn is, in words. */
function whyText(shown, them) {
  const who = shown.by === "computer" ? them.the : `${shown.player || "the player"}`;
  const forYou = shown.by === "computer" ? "" : " for you";
  return `Why ${who} played ${shown.move}${forYou}${shown.reason ? `: ${shown.reason}` : "."}`;
}

/** "b6-b4": the last move played, from `last_move`, or "". */
function lastMoveText(game) {
  const n = game.size();
  const lm = game.lastMove(n);
  return lm ? `${squareName(lm[0][0], lm[0][1], n)}-${squareName(lm[1][0], lm[1][1], n)}` : "";
}

/** The text of the status line and its kind ("error", "overlay" or ""). */
function statusText(game, analysis, driven) {
  const error = game.error();
  if (error) return [error, "error"];
  const p = game.phase();
  if (p === "setup") return ["Choose your game, then PLAY.", ""];
  const them = game.opponent();
  const shown = analysis ? game.explanation() : null;
  if (shown) return [whyText(shown, them), "overlay"];
  if (analysis && analysis.title) return [analysis.title, "overlay"];
  if (game.lookingBack()) return ["Looking back: PageUp/PageDown step, Esc returns to the game.", ""];
  if (p === "over") {
    const result = game.result();
    return [result ? `Game over: ${reasonText(result, them)}` : "Game over.", ""];
  }
  if (game.paused()) return ["Paused.", ""];
  if (driven) return [drivenStatus(), ""];
  if (game.thinking()) return [game.moves() === 0 ? `${them.The} makes the first move\u2026` : `${them.The} is thinking\u2026`, ""];
  if (game.turn() === "computer") return [`${them.The}'s move.`, ""];
  const n = game.size();
  const sel = game.selected(n);
  const answered = them.own && game.moves() > 0 ? lastMoveText(game) : "";
  if (!sel && answered) return [`${them.name} played ${answered}. Your move: select one of your dark pieces.`, ""];
  if (!sel) return ["Your move: select one of your dark pieces. Goal: all your pieces in one group.", ""];
  const name = squareName(sel[0], sel[1], n);
  if (countsShown(game)) return [`Lines through ${name}:`, ""];
  const moves = game.targets(n).length;
  return [
    moves
      ? `${name}: ${moves} ${moves === 1 ? "move" : "moves"} \u2014 green dots are empty cells, red rings captures.`
      : `${name} cannot move: choose another piece.`,
    "",
  ];
}

export function createStatus({ doc, game, analysis, shell }) {
  const status = createStatusLine({ doc });
  const lineLegend = createLineLegend(doc);
  const scaleLegend = createScaleLegend({ doc });
  status.aside.append(lineLegend.el, scaleLegend.el);

  return {
    el: status.el,
    announce: status.announce,
    /** Why a click moved nothing (refusals.js): kept on the line for a reading time. */
    refuse: status.refuse,
    /** The player moved on: the line shows what to do again. */
    settle: status.settle,
    update() {
      const counts = countsShown(game);
      const shown = analysis.current;
      lineLegend.show(counts);
      scaleLegend.show(!!(shown && shown.cells.length) && !counts);
      status.show(...statusText(game, shown, shell.driven.by));
    },
  };
}
