// The score bar under the header: the two sides ("You" and "Computer", each with
// its piece as an icon, its groups — the goal is 1 — and the pieces it captured; the
// side to move is outlined), and between them the move number and whose move it is
// (or "Paused", "Looking back", the result). Narrow, the move and the turn go under
// the two sides. Against your own player (opponent_name) the light side bears its
// name, not "Computer" (cut short with an ellipsis, the whole name in the tooltip).
// On a board a program plays (driven_by) the turn reads "Dark to move" / "Light to
// move": it plays both sides.

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
  return { el: box, stats, nameEl, stone };
}

function sideStats(groups, captured, connected) {
  const g = groups === null ? "\u2013" : String(groups);
  return (
    `<span><b>${g}</b> ${groups === 1 ? "group" : "groups"}${connected ? " \u2713" : ""}</span>` +
    `<span class="gw-loa-sep"> \u00b7 </span><span>${captured} captured</span>`
  );
}

/** The text of the turn pill and its tone (data-turn: "user", "computer" or "over"). */
function turnText(game, back, result, driven) {
  const them = game.opponent();
  if (back) return ["over", "Looking back"];
  if (game.phase() === "over") {
    return ["over", result ? (result.result === "win" ? "You won" : result.result === "loss" ? `${them.name} won` : "Draw") : "Game over"];
  }
  if (game.paused()) return ["over", "Paused"];
  const t = game.turn();
  if (driven) return [t, t === "user" ? "Dark to move" : "Light to move"]; // (a program plays both)
  return [t, t === "user" ? "Your move" : `${them.name}'s move`];
}

/** The light side's name and tooltips: the computer's, or your own player's. */
function nameOpponent(side, them) {
  if (side.nameEl.textContent !== them.name) side.nameEl.textContent = them.name;
  side.nameEl.title = them.own ? `${them.name}: your own player in the computer's seat` : "";
  side.stone.title = `${them.The}'s pieces: light (o)`;
  side.el.title = `${them.The}'s pieces (o, light): its groups (goal: 1) and the pieces it captured`;
}

export function createScoreBar({ doc, game, shell }) {
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
    const them = game.opponent();
    nameOpponent(computerSide, them);
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
    [turnPill.dataset.turn, turnPill.textContent] = turnText(game, back, game.result(), shell.driven.by);
    const count = (g) => (g === null ? "?" : g);
    el.setAttribute("aria-label", `You: ${count(groups[0])} groups \u00b7 ${them.name}: ${count(groups[1])} groups (goal: 1)`);
  }

  return { el, update };
}
