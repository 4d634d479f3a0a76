// The status line: what the board shows now and what the player may do, in words
// (an error, the route of w.show_path or the overlay's title first, then how to look
// back while an earlier position is shown; a hint's cost until the next move), and at
// its end the legend of the safe-pair colours while an analysis with them is shown. A
// refused pair's reason comes right after an error, until the next event; when it
// came it was the line's `refuse` (events.js): nothing else shows for its reading time.
//
// Choices where the contract is silent:
// - A lesson board with no removable pair says so here ("No pair can be removed
//   here.") instead of opening the No more moves dialog.
// - A board played by a program (driven_by) says who plays it in place of what the
//   player may do.

import { drivenStatus } from "../lib/driven.js";
import { HINT_COST } from "./events.js";
import { pathText } from "./pathshown.js";
import { tileName } from "./tilecodes.js";

/** What matches `code`, for the status line. */
function partnerText(code) {
  if (typeof code === "string" && code[0] === "F" && code.length === 2) return "any other flower";
  if (typeof code === "string" && code[0] === "S" && code.length === 2) return "any other season";
  return `another ${tileName(code)}`;
}

/** Show the status of `view` in its status line. */
export function showStatus(view) {
  const { traits, status, overlay, pathShown } = view;
  const error = traits.error();
  const sel = traits.selected();
  const back = traits.lookingBack();
  view.legend.show(back ? null : overlay);
  if (error) status.show(error, "error");
  else if (view.events.refused) status.show(view.events.refused, "refused");
  else if (pathShown && !back && !traits.paused()) status.show(pathText(pathShown), "overlay");
  else if (overlay && overlay.title) status.show(overlay.title, "overlay");
  else if (back) status.show("Looking back: PageUp/PageDown step, Esc returns to the game.");
  else if (view.shell.driven.by) status.show(drivenStatus());
  else if (traits.won()) status.show(`Board cleared! Score ${traits.score()}. Play again (R) or start a new game (N).`);
  else if (traits.paused()) status.show("Paused. Press P or click the board to resume.");
  else if (traits.stuck() && traits.lesson()) status.show("No pair can be removed here.");
  else if (traits.stuck()) status.show("No more moves: shuffle (S), undo (U) or start a new game (N).");
  else if (view.events.hinted && traits.hint()) {
    status.show(`Hint: \u2212${HINT_COST} points. The two tiles framed in blue can go now.`, "hint");
  } else if (sel) status.show(`Now pick ${partnerText(traits.codeAt(sel))}, or drag one tile onto its partner.`);
  else status.show("Remove matching tiles in pairs: the path between them may turn at most twice.");
}
