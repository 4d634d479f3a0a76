// The score bar under the header: the two sides ("You" and "Computer", each with
// its piece as an icon, its groups — the goal is 1 — and the pieces it captured; the
// side to move is outlined), and between them the move number and whose move it is
// (or "Paused", "Looking back", the result). Narrow, the move and the turn go under
// the two sides.

import { pieceCss } from "./pieces.js";
import { COMPUTER, STYLE, USER } from "./rules.js";

function sideBox(doc, side, name, tag) {
  const box = doc.createElement("div");
  box.className = "gw-loa-side";
  box.dataset.side = side;
  const stone = doc.createElement("span");
  stone.className = "gw-loa-stone";
  stone.style.background = pieceCss(STYLE[side === "user" ? USER : COMPUTER]);
  stone.title = tag;
  const text = doc.createElement("div");
  text.className = "gw-loa-side-text";
  const nameEl = doc.createElement("div");
  nameEl.className = "gw-loa-side-name";
  nameEl.append(doc.createTextNode(name));
  const stats = doc.createElement("div");
  stats.className = "gw-loa-side-stats";
  text.append(nameEl, stats);
  box.append(stone, text);
  return { el: box, stats };
}

function sideStats(groups, captured, connected) {
  const g = groups === null ? "\u2013" : String(groups);
  return (
    `<span><b>${g}</b> ${groups === 1 ? "group" : "groups"}${connected ? " \u2713" : ""}</span>` +
    `<span class="gw-loa-sep"> \u00b7 </span><span>${captured} captured</span>`
  );
}

/** The text of the turn pill and its tone (data-turn: "user", "computer" or "over"). */
function turnText(game, back, result) {
  if (back) return ["over", "Looking back"];
  if (game.phase() === "over") {
    return ["over", result ? (result.result === "win" ? "You won" : result.result === "loss" ? "Computer won" : "Draw") : "Game over"];
  }
  if (game.paused()) return ["over", "Paused"];
  const t = game.turn();
  return [t, t === "user" ? "Your move" : "Computer's move"];
}

export function createScoreBar({ doc, game }) {
  const userSide = sideBox(doc, "user", "You", "Your pieces: dark (x)");
  const computerSide = sideBox(doc, "computer", "Computer", "The computer's pieces: light (o)");
  userSide.el.title = "Your pieces (x, dark): the number of separate groups (goal: 1) and the pieces you captured";
  computerSide.el.title = "The computer's pieces (o, light): its groups (goal: 1) and the pieces it captured";
  const mid = doc.createElement("div");
  mid.className = "gw-loa-mid";
  const moveLabel = doc.createElement("div");
  moveLabel.className = "gw-loa-move";
  const turnPill = doc.createElement("div");
  turnPill.className = "gw-loa-turn";
  mid.append(moveLabel, turnPill);
  const el = doc.createElement("div");
  el.className = "gw-loa-score";
  el.setAttribute("role", "group");
  el.append(userSide.el, mid, computerSide.el);

  function update() {
    const sides = [userSide, computerSide];
    if (game.phase() === "setup") {
      const sep = '<span class="gw-loa-sep"> \u00b7 </span>';
      const second = game.side() === "second"; // the choice in the setup dialog: who opens
      userSide.stats.innerHTML = `<span>dark</span>${second ? "" : `${sep}<span>moves first</span>`}`;
      computerSide.stats.innerHTML = `<span>light</span>${second ? `${sep}<span>moves first</span>` : ""}`;
      for (const side of sides) side.el.dataset.toMove = side.el.dataset.connected = "false";
      moveLabel.textContent = "New game";
      turnPill.hidden = true;
      el.setAttribute("aria-label", "Choose a level and a board");
      return;
    }
    const pair = game.pair("groups");
    const groups = pair || [null, null];
    const caps = game.pair("captures") || [0, 0];
    const back = game.lookingBack();
    const live = game.phase() === "playing" && !back;
    const [hIndex, hLength] = game.history();
    sides.forEach((side, i) => {
      side.stats.innerHTML = sideStats(groups[i], caps[i], groups[i] === 1);
      side.el.dataset.connected = groups[i] === 1 ? "true" : "false";
      side.el.dataset.toMove = live && game.turn() === (i ? "computer" : "user") ? "true" : "false";
    });
    moveLabel.innerHTML = back ? `Move <b>${hIndex}</b> of ${hLength - 1}` : `Move <b>${game.moves()}</b>`;
    turnPill.hidden = false;
    [turnPill.dataset.turn, turnPill.textContent] = turnText(game, back, game.result());
    const count = (g) => (g === null ? "?" : g);
    el.setAttribute("aria-label", `You: ${count(groups[0])} groups \u00b7 Computer: ${count(groups[1])} groups (goal: 1)`);
  }

  return { el, update };
}
