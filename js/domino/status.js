// The status line under the table: whose turn it is and what to do, the error from
// Python, looking back, the end of the hand, the online state, an analysis' title
// (with the legend of its colour scale at the line's end; looking back too, for the
// analysis kept for the position shown: Why?); and passing messages (flash) that stay
// a few seconds (online: the invite copied, a request declined, the opponent back).
// What the other side did last (`recap`: "The computer drew 2 tiles, then played 5|5
// on the right.") comes first, before what to do now or the result. A board a program
// plays (driven_by) says so in place of what to do; the computer's seat is named by
// `names` (your own player's name against it, opponent_name). Why a tile was refused
// (input.js) shows for a reading time over all of that (refuse: data-kind="refused").

import { drivenStatus } from "../lib/driven.js";
import { createScaleLegend } from "../lib/overlay.js";
import { createStatusLine } from "../lib/readouts.js";

const FLASH_MS = 6000;

/** { el, update(), refuse(text), settle(), flash(text), dropStaleFlash(presenceKey) }. */
export function createStatus(view) {
  const { doc, read, shell } = view;
  const line = createStatusLine({ doc });
  const legend = createScaleLegend({ doc });
  line.aside.appendChild(legend.el);
  let flashText = ""; // a passing message
  let flashFor = ""; // room.presenceKey() when it was shown
  let flashTimer = 0;
  shell.onCleanup(() => clearTimeout(flashTimer));

  function text() {
    const err = read.error();
    if (err) return err;
    if (flashText) return flashText;
    if (read.lookingBack()) {
      return view.overlay && view.overlay.title ? view.overlay.title : "Looking back: PageUp/PageDown or [ ] step, Esc returns to the game.";
    }
    const recap = read.recap();
    const say = (words) => (recap ? `${recap} ${words}` : words);
    const m = read.mode();
    const n = read.names();
    const me = read.seat();
    const o = m === "online" ? read.net() : null;
    if (o) {
      if (o.state === "replaced") return "This seat is open in another notebook.";
      if (o.state === "closed") return o.message || "The room is closed.";
      if (o.state === "connecting") return "Connecting to the room\u2026";
      if (o.state === "offline") return `${view.room.offlineText()}.`;
    }
    const r = read.result();
    if (r) {
      const again = view.screens.putAway() ? " New game deals again." : "";
      if (r.winner == null) return say(`Blocked: equal pips, a draw.${again}`);
      const pts = `${r.points} point${r.points === 1 ? "" : "s"}`;
      if (o) return `${r.winner === me ? "You win" : "Your opponent wins"} ${pts}.`;
      return say(`${n[r.winner]} ${m === "computer" && r.winner === 0 ? "win" : "wins"} ${pts}.${again}`);
    }
    if (o) {
      if (o.request === me) return "You asked for a new game: waiting for your opponent's answer.";
      if (o.request === 1 - me) return "Your opponent asks for a new game: agree or decline.";
      if (!o.seats[1 - me]) {
        return o.joined ? "Waiting for your opponent to reconnect." : "Waiting for your opponent to join: send them the invite.";
      }
    }
    if (view.overlay && view.overlay.title) return view.overlay.title;
    const t = read.turn();
    if (t == null) return "";
    if (shell.driven.by) return say(drivenStatus());
    if (read.handoff()) return `Pass the device to ${n[t]}.`;
    if (m === "computer" && t !== me) return read.thinking() ? `${n[t]} is thinking\u2026` : `${n[t]}'s turn.`;
    if (m === "online" && t !== me) {
      return o.presence[1 - me] === "away" ? "Your opponent's turn \u2014 they are away (their notebook is not open)." : "Your opponent's turn.";
    }
    const who = m === "local" ? `${n[t]}'s turn` : "Your turn";
    if (view.selected) return `${who}: choose the left or right end (\u2190 \u2192), Esc to put it back.`;
    if (read.canDraw()) return say(`${who}: no tile fits \u2014 draw from the boneyard.`);
    if (read.canPass()) return say(`${who}: no tile fits and the boneyard is empty \u2014 pass.`);
    const op = read.opening();
    if (!read.line().length && op) return `${who}: lead with the ${op[0]}\u2013${op[1]} (marked Lead in the tiles).`;
    return say(`${who}: choose a highlighted tile.`);
  }

  return {
    el: line.el,
    update() {
      const o = view.overlay;
      const shown = text();
      legend.show(!!o && (o.tiles.length > 0 || Object.keys(o.ends).length > 0));
      line.show(shown, read.error() ? "error" : o && shown === o.title ? "overlay" : undefined);
    },
    /** Why a move was refused, kept on screen for a reading time (readouts.js). */
    refuse: (message) => line.refuse(message),
    /** The player moved on: a refusal still shown goes. */
    settle: () => line.settle(),
    flash(message) {
      flashText = message;
      flashFor = view.room.presenceKey();
      clearTimeout(flashTimer);
      flashTimer = setTimeout(() => {
        flashText = "";
        view.update();
      }, FLASH_MS);
      view.update();
    },
    /** A passing message is stale once someone's connection changes. */
    dropStaleFlash(presenceKey) {
      if (flashText && presenceKey !== flashFor) {
        flashText = "";
        clearTimeout(flashTimer);
      }
    },
  };
}
