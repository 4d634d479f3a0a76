// Traits -> view: the traits the view watches, and what it does when some of them
// change (they are taken together: one call per Python update).

import { handleEvent } from "./events.js";

export const WATCHED = [
  "rows",
  "cols",
  "grid",
  "orientation",
  "selected",
  "hint_pair",
  "removed",
  "record",
  "score",
  "scoring",
  "breakdown",
  "lesson",
  "path_shown",
  "seconds",
  "clock_running",
  "tiles_left",
  "won",
  "stuck",
  "paused",
  "can_undo",
  "overlay",
  "last_event",
  "muted",
  "reduced_motion",
  "error",
  "position",
  "history_length",
  "history_index",
  "driven_by",
];

/**
 * Bring `view` up to date after the traits `changed` (a Set of names; null: all, on
 * first render). A new last_event starts its effect only after the first render.
 */
export function syncTraits(view, changed) {
  if (view.destroyed) return;
  const { traits, events, effects } = view;
  const fresh = view.initialised;
  const any = (...names) => !changed || names.some((name) => changed.has(name));
  if (any("orientation", "scoring", "lesson")) view.settings.sync();
  // a change of grid size or orientation setting re-lays the canvas out
  if (any("orientation", "rows", "cols")) {
    view.board.resize();
    view.layout.invalidate();
  }
  view.overlay = traits.overlay();
  view.pathShown = traits.pathShown();
  view.playtime.sync();
  const ev = traits.event();
  if (ev && ev.id !== events.handled) {
    events.handled = ev.id;
    if (fresh) view.autoPause.eventArrived(ev);
    handleEvent(view, ev, fresh);
    events.shown = ev.id;
  }
  effects.syncHint(traits.hint());
  if (!fresh) {
    const pair = traits.hint();
    if (pair) effects.startHint(pair, true);
  }
  view.dialogs.sync(fresh);
  view.initialised = true;
  view.refresh();
  view.playtime.update();
  view.header.redraw(!changed || changed.has("removed"));
  view.requestDraw();
}
