// Starting over: Play again (R, the same deal) and New game (N), from the keys, the
// toolbar and the dialogs. Nothing is thrown away by one key: while a game is under
// way the view asks first (the shell's confirm dialog, js/lib/confirm.js); Enter
// starts over, Esc keeps playing.
//
// Choices where the contract is silent:
// - "Under way": a pair removed or a shuffle made (history_length > 1: what undo can
//   take back) and not won. A fresh deal (hints only, or every pair undone) and a
//   won board start over at once: nothing would be lost (a win's score is kept).
// - Python keeps the game replaced so that Undo right after brings it back
//   (widget.py); the question says so.

/** True when starting over would throw away a game in progress. */
export function gameUnderWay(traits) {
  const [, length] = traits.history();
  return length > 1 && !traits.won();
}

const ASK = {
  restart: {
    message: { type: "restart" },
    title: "Play again?",
    confirm: "Play again",
    what: "This deal starts again from the first tile",
  },
  new: {
    message: { type: "new_game" },
    title: "Start a new game?",
    confirm: "New game",
    what: "A new deal replaces this one",
  },
};

/** Play again (`kind` "restart") or a new game ("new"): at once, or after asking. */
export function startOver(view, kind) {
  const ask = ASK[kind];
  if (!ask || view.destroyed) return;
  const { traits, shell } = view;
  if (!gameUnderWay(traits)) {
    view.act(ask.message);
    return;
  }
  const parts = Object.fromEntries(traits.breakdown());
  const pairs = Math.max(0, Math.round((parts.pairs || 0) / 10));
  const score = traits.score();
  const done = `${pairs} ${pairs === 1 ? "pair" : "pairs"} removed, score ${score < 0 ? `\u2212${-score}` : score}`;
  shell.confirm.ask({
    name: kind,
    title: ask.title,
    message: `${ask.what}: your game so far (${done}) is put aside. Undo (U) right after brings it back.`,
    confirm: ask.confirm,
    onConfirm: () => view.act(ask.message),
  });
}
