// The screens over the table: local mode's handoff ("Pass the device to ...",
// [data-dialog=handoff]) and the end of the hand ([data-dialog=result]: who won, the
// points, why, both hands -- against the computer its tiles left are `revealed`,
// [data-seat="1"][data-revealed="true"] -- New game, and See the table).
//
// Choices where the contract is silent:
// - See the table (data-action="see-table"; not online, where room.js answers
//   requests in this screen) puts the screen away to look at the final table, the
//   computer's revealed tiles and the hand log; it stays away for this result (the
//   status line says it; New game is in the toolbar) and comes back for the next.
// - Looking back, the handoff screen is put away (the hand stays hidden: Python
//   sends none), so the earlier line shows; back in the live game it returns.
// - Online, the result screen shows the opponent's hand as backs with its count (the
//   server never reveals it); it is closed while the seat is open in another notebook.
// - Against your own player (opponent_name) the result names it ("<name> wins"). On a
//   board a program plays (driven_by) New game and Show my tiles are disabled (Python
//   would refuse them).

import { createDialog } from "../lib/dialog.js";
import { element as h } from "../lib/element.js";
import { TILE_BACK, dominoCanvas } from "./dominoes.js";

const RESULT_W = 36; // a tile of the result screen (lying), CSS px
const RESULT_H = 18;

/** { handoff, result, updateHandoff(), updateResult() } (the dialogs: handoff, result). */
export function createScreens(view) {
  const { doc, win, read, root } = view;
  const returnFocus = () => view.input.firstFocusable();

  const handoff = createDialog({
    doc,
    returnFocus,
    name: "handoff",
    title: "",
    message: "Your tiles stay hidden until you reveal them.",
    actions: [{ label: "Show my tiles", action: "reveal", primary: true, onClick: () => view.act({ type: "reveal" }) }],
  });

  const result = createDialog({
    doc,
    returnFocus,
    name: "result",
    title: "",
    message: "",
    actions: [
      { label: "New game", action: "new", primary: true, title: "Deal a new hand", onClick: () => view.act({ type: "new_game" }) },
      { label: "See the table", action: "see-table", title: "Put this away and look at the table (the final line, the tiles left, the hand log)", onClick: () => seeTable() },
    ],
  });
  const points = h(doc, "div", "gw-dom-points");
  const hands = h(doc, "div", "gw-dom-result-hands");
  result.body.append(points, hands);
  let resultKey = "";
  let putAway = ""; // the result whose screen See the table put away

  function seeTable() {
    putAway = resultKey;
    result.close();
    view.update();
  }

  const tileCanvas = (tile, d) => dominoCanvas(doc, tile, RESULT_W, RESULT_H, d, { pad: 2 });
  const noTiles = (row) => row.appendChild(h(doc, "em", null, "no tiles left"));

  function updateHandoff() {
    if (read.handoff() && !read.result() && !read.lookingBack()) {
      const t = read.turn();
      const who = read.names()[t == null ? read.seat() : t];
      handoff.setTitle(`Pass the device to ${who}`);
      handoff.buttons.reveal.querySelector(".gw-button-label").textContent = `I am ${who}: show my tiles`;
      handoff.buttons.reveal.disabled = !!view.shell.driven.by;
      handoff.open({ focus: root.contains(doc.activeElement) });
    } else handoff.close();
  }

  /** Online: the hand the server keeps hidden, as backs with the count. */
  function hiddenHandRow(row, count, d) {
    if (!count) {
      noTiles(row);
      return;
    }
    for (let k = 0; k < Math.min(count, 10); k++) row.appendChild(tileCanvas(TILE_BACK, d));
    row.appendChild(h(doc, "span", "gw-dom-hidden", `${count} tile${count === 1 ? "" : "s"}, kept hidden`));
  }

  function fill(r) {
    const n = read.names();
    const m = read.mode();
    const me = read.seat();
    const isNet = m === "online";
    let title;
    if (r.winner == null) title = "A draw";
    else if (m === "computer") title = r.winner === me ? "You win!" : `${read.opponent() || "The computer"} wins`;
    else if (isNet) title = r.winner === me ? "You win!" : "Your opponent wins";
    else title = `${n[r.winner]} wins!`;
    result.setTitle(title);
    let why;
    if (r.reason === "blocked") {
      why = r.winner == null ? "Blocked: both hands hold the same pips." : "Blocked: lower pips win, scoring the difference.";
    } else if (r.winner == null) why = "";
    else if (isNet) {
      why =
        r.winner === me
          ? "You played out, scoring the pips left in your opponent's hand."
          : "Your opponent played out, scoring the pips left in your hand.";
    } else why = `${n[r.winner]} played out, scoring the pips left in the other hand.`;
    result.setMessage(why);
    points.textContent = r.winner == null ? "0 points" : `${r.points} point${r.points === 1 ? "" : "s"}`;
    hands.replaceChildren();
    const d = win.devicePixelRatio || 1;
    for (const i of [0, 1]) {
      const box = h(doc, "div", "gw-dom-result-hand");
      box.dataset.seat = String(i);
      // online: the server never shows the other hand, only its count and pips
      const hidden = isNet && i !== me && !r.hands[i].length;
      const head = h(doc, "div");
      const pips = r.pips[i] != null ? r.pips[i] : r.hands[i].reduce((s, t) => s + t[0] + t[1], 0);
      head.append(h(doc, "b", null, n[i]), doc.createTextNode(` \u00b7 ${pips} pips left`));
      const row = h(doc, "div", "gw-dom-result-tiles");
      const revealed = m === "computer" && i !== me ? read.revealed() : [];
      const tiles = revealed.length ? revealed : r.hands[i];
      if (revealed.length) box.dataset.revealed = "true";
      if (hidden) hiddenHandRow(row, read.counts()[i], d);
      else if (!tiles.length) noTiles(row);
      else for (const t of tiles) row.appendChild(tileCanvas(t, d));
      box.append(head, row);
      hands.appendChild(box);
    }
  }

  function updateResult() {
    const r = read.result();
    const m = read.mode();
    const me = read.seat();
    const hiddenCount = read.counts()[1 - me];
    const key = r ? JSON.stringify([r, m, me, m === "online" ? hiddenCount : 0, read.revealed()]) : "";
    const changed = key !== resultKey;
    resultKey = key;
    result.buttons["see-table"].hidden = m === "online";
    const blocked = m === "online" && read.net().state === "replaced";
    const back = read.lookingBack(); // (an earlier position is never over: belt and braces)
    const away = !!r && key === putAway;
    if (!r) putAway = "";
    if (!r || blocked || back || away) {
      result.close();
      if (!r || back || away) return;
    }
    if (changed) fill(r);
    if (!blocked && (changed || !result.isOpen)) result.open({ focus: root.contains(doc.activeElement) });
  }

  return { handoff, result, updateHandoff, updateResult, putAway: () => !!putAway && putAway === resultKey };
}
