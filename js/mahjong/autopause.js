// Auto-pause: the clock does not run on unseen. When the page is hidden (another
// browser tab, a minimised window: `visibilitychange`) or the view has scrolled
// fully out of sight (an IntersectionObserver, ratio 0), a running timed clock is
// paused — the view sends {"type": "pause"}; Python pauses and the Paused cover
// shows, and a click resumes as always.
//
// Choices where the contract is silent:
// - Only while the clock counts: `clock_running`, timed scoring, not a lesson, not
//   paused or won, the kernel there. Never resumed by itself: the player comes back
//   to the Paused cover.
// - Two views of one model: "out of sight" means every one of them is; a hidden
//   page hides them all. A view pauses on leaving the sight, not because it starts
//   out of it (a widget shown again further down the notebook).
// - Not while the game is being played from Python (w.watch, w.remove in a cell):
//   a pause would stop a computer player (Python refuses moves while paused). The
//   views of a model tell the player's events from Python's once per event id: an
//   event that follows an intent sent by a view is the player's, any other is
//   Python's; auto-pause waits for the player's next one. Never on a board a program
//   plays (driven_by): Python would refuse the pause.

// per model: { views: Map(token -> in sight: true | false | null), sent: an intent not answered yet,
// classified: the last event id looked at, byPlayer: the latest event was the player's }
const shared = new WeakMap();

/** The auto-pause of `view`: { intentSent(), eventArrived(ev) }. */
export function createAutoPause(view) {
  const { model, shell, doc, root } = view;
  if (!shared.has(model)) shared.set(model, { views: new Map(), sent: false, classified: null, byPlayer: true });
  const state = shared.get(model);
  const token = {};
  state.views.set(token, null); // in sight: unknown until the observer's first report
  shell.onCleanup(() => state.views.delete(token));

  /** The clock counts and pausing it is the player's interest. */
  function clockCounts() {
    const t = view.traits;
    return t.clockRunning() && t.timed() && !t.lesson() && !t.paused() && !t.won();
  }

  function pause(why) {
    if (view.destroyed || !shell.live || shell.driven.by || !state.byPlayer || !clockCounts()) return;
    root.dataset.autoPaused = why;
    view.act({ type: "pause" });
  }

  const onVisibility = () => {
    if (doc.visibilityState === "hidden") pause("hidden");
  };
  doc.addEventListener("visibilitychange", onVisibility);
  shell.onCleanup(() => doc.removeEventListener("visibilitychange", onVisibility));

  const win = doc.defaultView || window;
  if (typeof win.IntersectionObserver === "function") {
    const observer = new win.IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1];
        const inSight = entry.isIntersecting && entry.intersectionRatio > 0;
        const was = state.views.get(token);
        state.views.set(token, inSight);
        // on leaving the sight (the first report only says where the view starts)
        if (was && !inSight && ![...state.views.values()].some(Boolean)) pause("out of sight");
      },
      { threshold: [0] },
    );
    observer.observe(root);
    shell.onCleanup(() => observer.disconnect());
  }

  return {
    /** One of the player's intents was sent (a click, a drop, a button, a key). */
    intentSent() {
      state.sent = true;
    },
    /** A new last_event `ev` arrived while the view was there: whose was it? */
    eventArrived(ev) {
      if (ev.kind === "goto" || ev.id === state.classified) return;
      state.classified = ev.id;
      state.byPlayer = state.sent;
      state.sent = false;
    },
  };
}
