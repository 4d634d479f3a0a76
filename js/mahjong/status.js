// The status line: what the board shows now and what the player may do, in words
// (an error, a refused pair's reason or the overlay's title first, then how to look
// back while an earlier position is shown).

import { tileName } from "./tilecodes.js";

/** What matches `code`, for the status line. */
function partnerText(code) {
  if (typeof code === "string" && code[0] === "F" && code.length === 2) return "any other flower";
  if (typeof code === "string" && code[0] === "S" && code.length === 2) return "any other season";
  return `another ${tileName(code)}`;
}

/** Show the status of `view` in its status line. */
export function showStatus(view) {
  const { traits, status, overlay } = view;
  const error = traits.error();
  const sel = traits.selected();
  if (error) status.show(error, "error");
  else if (view.events.refused) status.show(view.events.refused, "error");
  else if (overlay && overlay.title) status.show(overlay.title, "overlay");
  else if (traits.lookingBack()) status.show("Looking back: PageUp/PageDown step, Esc returns to the game.");
  else if (traits.won()) status.show(`Board cleared! Score ${traits.score()}. Play again (R) or start a new game (N).`);
  else if (traits.paused()) status.show("Paused. Press P or click the board to resume.");
  else if (traits.stuck()) status.show("No more moves: shuffle (S), undo (U) or start a new game (N).");
  else if (sel) status.show(`Now pick ${partnerText(traits.codeAt(sel))}, or drag one tile onto its partner.`);
  else status.show("Remove matching tiles in pairs: the path between them may turn at most twice.");
}
