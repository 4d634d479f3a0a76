// The root's data attributes: what the view shows, for tests (CONTRACT.md) —
// data-phase, data-size, data-turn, data-selected ("r,c" or ""), data-targets (green
// dots), data-captures-possible (red rings), data-groups ("u,c"), data-moves,
// data-thinking, data-cursor, data-event, data-overlay (overlay cells), data-history
// ("index/last"), data-result — and more: data-level, data-paused, data-muted,
// data-reduced-motion, data-animating ("true" while a move slides), data-history-mode
// ("live"/"back"), data-last-move ("r,c>r,c"), data-arrow (overlay arrow "r,c>r,c"),
// data-show-counts, data-line-counts ("h,v,d,a" when drawn, else ""), data-side
// ("first"/"second"), data-saved (the saved games: "8x8 hard:20,6x6 easy:2"), data-why
// ("true" when Why? can show something), data-explaining (the position whose kept
// analysis is drawn, or ""), data-opponent (your own player's name in the computer's
// seat, "" for a level; data-driven-by, who plays the board from Python, is the
// shell's). data-event is the id of the last event whose effect is fully shown (after
// its slide).

import { readBool } from "../lib/traits.js";
import { LINES, countsShown } from "./linecounts.js";

/** view: model, root, game, cursor, events, analysis, slides. */
export function reflectAttributes(view) {
  const { model, game } = view;
  const ds = view.root.dataset;
  const p = game.phase();
  const n = game.size();
  const sel = p === "setup" ? null : game.selected(n);
  const targets = p === "setup" ? [] : game.targets(n);
  const groups = game.pair("groups");
  const [hIndex, hLength] = game.history();
  const result = game.result();
  const analysis = view.analysis.current;
  const shown = view.events.shown;
  ds.phase = p;
  ds.size = String(n);
  ds.level = game.level();
  const them = game.opponent();
  ds.opponent = them.own ? them.name : "";
  ds.turn = game.turn();
  ds.selected = sel ? `${sel[0]},${sel[1]}` : "";
  ds.targets = String(targets.filter((x) => !x[2]).length);
  ds.capturesPossible = String(targets.filter((x) => x[2]).length);
  ds.groups = groups ? `${groups[0]},${groups[1]}` : ",";
  ds.moves = String(game.moves());
  ds.thinking = game.thinking() ? "true" : "false";
  ds.cursor = view.cursor.toString();
  ds.event = shown === null ? "" : String(shown);
  ds.overlay = String(analysis ? analysis.cells.length : 0);
  ds.arrow = analysis && analysis.arrow ? `${analysis.arrow.from}>${analysis.arrow.to}` : "";
  ds.history = `${hIndex}/${hLength - 1}`;
  ds.historyMode = game.lookingBack() ? "back" : "live";
  ds.result = p === "over" && result ? result.result : "";
  ds.paused = game.paused() ? "true" : "false";
  ds.muted = readBool(model, "muted", false) ? "true" : "false";
  ds.reducedMotion = game.reducedMotion() ? "true" : "false";
  ds.animating = view.slides.busy() ? "true" : "false";
  const lm = game.lastMove(n);
  ds.lastMove = lm ? `${lm[0]}>${lm[1]}` : "";
  ds.showCounts = game.showCounts() ? "true" : "false";
  const counts = countsShown(game);
  ds.lineCounts = counts ? LINES.map((l) => (counts[l.name] === undefined ? "" : counts[l.name])).join(",") : "";
  ds.side = game.side();
  ds.saved = game.saved().map((s) => `${s.size}x${s.size} ${s.level}:${s.moves}`).join(",");
  ds.why = game.canWhy() ? "true" : "false";
  const shownWhy = analysis ? game.explanation() : null;
  ds.explaining = shownWhy ? String(shownWhy.index) : "";
}
