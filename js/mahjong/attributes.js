// The root's data attributes (CONTRACT.md, "Root data attributes"): what the view
// shows, for tests and for anyone inspecting the page.
//
// Choices where the contract is silent:
// - The data attributes sit on the view's own root div ([data-game=mahjong], a child
//   of `el`), so cleanup removes them with it. data-hint and data-selected mirror the
//   traits (landscape "r,c"), whether or not the frames are still drawn. Extra
//   attributes: data-removed (number of removed tiles), data-time ("mm:ss" shown, set
//   by the clock), data-muted, data-reduced-motion, data-dragging ("true" during a
//   drag, set by input.js).
// - data-history ("index/last": the position shown and the live one) and
//   data-history-mode ("live" | "back"), as the other games; data-state stays the
//   live game's while looking back (data-tiles is the position shown's).
// - data-scoring ("timed" | "standard"), data-lesson ("true" | "false"), data-clock
//   ("running" | "stopped": clock_running), data-path ("r,c>r,c": the pair of
//   w.show_path, "" for none), data-path-open ("true" when that pair can go,
//   "false" when it cannot, "" for none), data-in-the-way (the tiles marked in its
//   way), data-safety ("safe:n,dead end:n,unknown:n" while an analysis with the
//   solver's verdicts is shown, else ""); data-auto-paused ("hidden" | "out of
//   sight": why the view last paused the clock by itself, set by autopause.js).

import { pathAttribute } from "./pathshown.js";
import { safetyAttribute } from "./safetylegend.js";

/** "playing" | "stuck" | "won" | "paused" */
function stateOf(traits) {
  if (traits.won()) return "won";
  if (traits.paused()) return "paused";
  return traits.stuck() ? "stuck" : "playing";
}

/** Set the data attributes of `view`'s root from its traits and what it draws. */
export function publishState(view) {
  const { traits, root, layout, cursor, overlay, pathShown } = view;
  const ds = root.dataset;
  const sel = traits.selected();
  const hint = traits.hint();
  ds.score = String(traits.score());
  ds.tiles = String(traits.tilesLeft());
  ds.selected = sel ? `${sel[0]},${sel[1]}` : "";
  ds.hint = hint ? `${hint[0][0]},${hint[0][1]};${hint[1][0]},${hint[1][1]}` : "";
  ds.state = stateOf(traits);
  ds.orientation = layout.portrait ? "portrait" : "landscape";
  ds.cursor = layout.toGrid(cursor.cell()).join(",");
  ds.event = view.events.shown === null ? "" : String(view.events.shown);
  ds.overlay = String(overlay ? overlay.pairs.length : 0);
  ds.removed = String(traits.removed().length);
  const [index, length] = traits.history();
  ds.history = `${index}/${length - 1}`;
  ds.historyMode = index < length - 1 ? "back" : "live";
  ds.scoring = traits.scoring();
  ds.lesson = traits.lesson() ? "true" : "false";
  ds.clock = traits.clockRunning() ? "running" : "stopped";
  ds.path = pathAttribute(pathShown);
  ds.pathOpen = pathShown ? String(pathShown.connects && !pathShown.reason) : "";
  ds.inTheWay = String(pathShown ? pathShown.inTheWay.length : 0);
  ds.safety = safetyAttribute(overlay);
  ds.muted = traits.muted() ? "true" : "false";
  ds.reducedMotion = traits.reducedMotion() ? "true" : "false";
  if (!ds.dragging) ds.dragging = "false";
}
