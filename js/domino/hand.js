// The shown hand below the line: its label ("Your tiles · 7 tiles"), the Draw and
// Pass buttons, and a sideways-scrolling row of tile buttons
// (button[data-tile="a-b"], data-playable, data-opening: the "Lead" mark). An
// analysis (analysis.js) tints each candidate tile by its value, with its score as a
// badge above it (data-candidate="<score>"), the chosen one outlined
// (data-chosen="true"); a chosen draw or pass marks Draw / Pass (data-chosen).
//
// Choices where the contract is silent:
// - The tile to play is never left off screen in the sideways-scrolling row (a phone
//   shows ~6 of 7 tiles): the opening tile the player must lead with (marked Lead),
//   else, on the player's turn when no playable tile is in view, the first playable
//   one, is scrolled into the middle of the row once per position (the player's own
//   scrolling is left alone after that); the row's data-scrolled-to says which
//   ("a-b", "" for none). Only the row scrolls, never the page.
// - Non-playable hand tiles are buttons with aria-disabled and tabindex -1 (Tab
//   reaches only playable tiles and buttons); clicking one buzzes. When the focused
//   tile leaves the hand (played, or a step through the history) the view's root
//   takes the focus, so the keys stay in the view. Tiles are not
//   playable while the hand is not the player's to move (Python's `playable` is
//   empty then) or while the computer thinks, nor on a board a program plays
//   (driven_by): then no tile is highlighted and Draw / Pass are disabled.

import { createButton } from "../lib/buttons.js";
import { playedByText } from "../lib/driven.js";
import { element as h } from "../lib/element.js";
import { markColours, tileMark } from "./analysis.js";
import { dominoCanvas, sameTile, tileKey } from "./dominoes.js";

export const HAND_W = 30; // a hand tile (standing), CSS px
export const HAND_H = 60;

/**
 * The hand's parts: { bar, row, drawButton, passButton, update() }. A click on a
 * tile goes to view.input.
 */
export function createHand(view) {
  const { doc, win, read } = view;
  const bar = h(doc, "div", "gw-dom-handbar");
  const label = h(doc, "div", "gw-dom-handlabel");
  const actions = h(doc, "div", "gw-dom-actions");
  const drawButton = createButton({
    doc,
    label: "Draw",
    action: "draw",
    title: "No tile fits: draw one from the boneyard",
    onClick: () => view.act({ type: "draw", position: read.position() }),
  });
  const passButton = createButton({
    doc,
    label: "Pass",
    action: "pass",
    title: "No tile fits and the boneyard is empty: pass",
    onClick: () => view.act({ type: "pass", position: read.position() }),
  });
  drawButton.hidden = true;
  passButton.hidden = true;
  actions.append(drawButton, passButton);
  bar.append(label, actions);
  const row = h(doc, "div", "gw-dom-hand");
  row.setAttribute("role", "group");
  row.setAttribute("aria-label", "Your tiles");

  row.dataset.scrolledTo = "";
  const buttons = new Map(); // key -> { el, canvas, dpr, tile }
  const dpr = () => win.devicePixelRatio || 1;
  let scrollFor = ""; // the position whose tile to play was brought into view
  if (typeof win.ResizeObserver === "function") {
    const sized = new win.ResizeObserver(() => scrollToPlay(read.handoff() ? [] : read.tiles("hand")));
    sized.observe(row);
    view.shell.onCleanup(() => sized.disconnect());
  }

  function makeTileButton(tile) {
    const b = h(doc, "button", "gw-dom-tile");
    b.type = "button";
    b.dataset.tile = tileKey(tile);
    const lead = h(doc, "span", "gw-dom-lead", "Lead");
    lead.setAttribute("aria-hidden", "true");
    const score = h(doc, "span", "gw-dom-score");
    score.setAttribute("aria-hidden", "true");
    const d = dpr();
    const canvas = dominoCanvas(doc, tile, HAND_W, HAND_H, d);
    b.append(canvas, lead, score);
    b.addEventListener("click", () => view.input.onTileClick(tile));
    b.addEventListener("keydown", (event) => view.input.onTileKey(event));
    return { el: b, canvas, score, dpr: d, tile };
  }

  /** The analysis' mark on a tile button (or none); returns the words for its label. */
  function markTile(entry, mark) {
    const b = entry.el;
    if (!mark) {
      delete b.dataset.candidate;
      delete b.dataset.chosen;
      entry.score.textContent = "";
      return "";
    }
    b.dataset.candidate = mark.label;
    if (mark.chosen) b.dataset.chosen = "true";
    else delete b.dataset.chosen;
    markColours(b, mark.value);
    entry.score.textContent = mark.label;
    return `, analysis score ${mark.label}${mark.chosen ? " (its choice)" : ""}`;
  }

  /** The tile buttons: one per tile of the hand, in its order, marked. */
  function updateTiles(hand) {
    const driven = view.shell.driven.by;
    const play = driven ? [] : read.playable();
    const o = read.opening();
    const d = dpr();
    const active = doc.activeElement;
    const focusedKey = active && active.dataset && row.contains(active) ? active.dataset.tile : null;
    const keys = hand.map(tileKey);
    for (const [k, entry] of buttons) {
      if (!keys.includes(k)) {
        entry.el.remove();
        buttons.delete(k);
      }
    }
    hand.forEach((tile, i) => {
      const k = keys[i];
      let entry = buttons.get(k);
      if (entry && entry.dpr !== d) {
        const c = dominoCanvas(doc, tile, HAND_W, HAND_H, d);
        entry.canvas.replaceWith(c);
        entry.canvas = c;
        entry.dpr = d;
      }
      if (!entry) {
        entry = makeTileButton(tile);
        buttons.set(k, entry);
      }
      const p = play.find((x) => sameTile(x.tile, tile));
      const isSel = !!view.selected && sameTile(view.selected, tile);
      const b = entry.el;
      b.dataset.playable = p ? "true" : "false";
      b.dataset.opening = o && sameTile(o, tile) ? "true" : "false";
      b.setAttribute("aria-pressed", isSel ? "true" : "false");
      if (p) {
        b.removeAttribute("aria-disabled");
        b.tabIndex = 0;
      } else {
        b.setAttribute("aria-disabled", "true");
        b.tabIndex = -1;
      }
      const where = p ? (p.ends.length > 1 && read.line().length ? " (fits both ends)" : ` (fits the ${p.ends[0]} end)`) : "";
      const scored = markTile(entry, tileMark(view.overlay, tile));
      const fits = driven ? ` (${playedByText(driven)})` : p ? where : ", does not fit";
      b.setAttribute("aria-label", `${tile[0]}\u2013${tile[1]}${b.dataset.opening === "true" ? ", the opening tile" : ""}${fits}${scored}`);
      b.title = p ? `Play ${tile[0]}\u2013${tile[1]}${where}` : `${tile[0]}\u2013${tile[1]}`;
      if (row.children[i] !== b) row.insertBefore(b, row.children[i] || null);
    });
    if (focusedKey && buttons.has(focusedKey) && doc.activeElement !== buttons.get(focusedKey).el) {
      buttons.get(focusedKey).el.focus({ preventScroll: true });
    } else if (focusedKey && !buttons.has(focusedKey)) {
      view.root.focus({ preventScroll: true }); // the focused tile went (played, or looking back): keys stay in the view
    }
  }

  function update() {
    const m = read.mode();
    const n = read.names();
    const me = read.seat();
    const handoff = read.handoff();
    const hand = handoff ? [] : read.tiles("hand");
    const myTurn = read.turn() === me && !handoff && !read.result();
    label.dataset.turn = myTurn ? "true" : "false";
    const driven = !!view.shell.driven.by;
    const whose = m === "local" || driven ? `${n[me]}'s tiles` : "Your tiles";
    label.replaceChildren(doc.createTextNode(handoff ? "Hidden hand" : whose));
    if (!handoff) label.appendChild(h(doc, "small", null, `${hand.length} tile${hand.length === 1 ? "" : "s"}`));
    row.dataset.active = myTurn && !driven && read.playable().length ? "true" : "false";
    row.dataset.empty = handoff ? "hidden until revealed" : read.result() ? "" : "no tiles";
    row.setAttribute("aria-label", whose);
    drawButton.hidden = !read.canDraw() || handoff;
    passButton.hidden = !read.canPass() || handoff;
    drawButton.disabled = passButton.disabled = driven;
    const action = view.overlay && view.overlay.mine !== false ? view.overlay.action : ""; // (not the computer's)
    drawButton.dataset.chosen = action === "draw" ? "true" : "false";
    passButton.dataset.chosen = action === "pass" ? "true" : "false";
    updateTiles(hand);
    scrollToPlay(hand);
  }

  /** Whether the button lies wholly inside the row's visible box. */
  function inView(b) {
    const r = row.getBoundingClientRect();
    const t = b.getBoundingClientRect();
    return t.left >= r.left - 1 && t.right <= r.right + 1;
  }

  /** The tile the player should see now (see the choices above), or null. */
  function tileToShow(hand) {
    if (read.handoff() || read.lookingBack() || read.result() || view.shell.driven.by) return null;
    const o = read.opening();
    if (o && !read.line().length && hand.some((t) => sameTile(t, o))) return o;
    if (read.turn() !== read.seat()) return null;
    const play = read.playable();
    const playable = hand.filter((t) => play.some((p) => sameTile(p.tile, t)));
    if (!playable.length || playable.some((t) => inView(buttons.get(tileKey(t)).el))) return null;
    return playable[0];
  }

  /** Once per position: the tile to play scrolled into the middle of the row (see above). */
  function scrollToPlay(hand) {
    const position = read.position();
    if (scrollFor === String(position) || !row.clientWidth) return; // done, or not laid out yet (the resize comes)
    scrollFor = String(position);
    const tile = tileToShow(hand);
    const entry = tile && buttons.get(tileKey(tile));
    row.dataset.scrolledTo = entry ? tileKey(tile) : "";
    if (!entry || inView(entry.el)) return;
    const r = row.getBoundingClientRect();
    const t = entry.el.getBoundingClientRect();
    const left = row.scrollLeft + (t.left + t.width / 2) - (r.left + r.width / 2);
    row.scrollTo({ left: Math.max(0, left), behavior: view.animator.reduced() ? "auto" : "smooth" });
  }

  /** The first playable tile, else Draw / Pass when shown (null: none). */
  function firstFocusable() {
    const t = row.querySelector('.gw-dom-tile[data-playable="true"]');
    return t || (!drawButton.hidden && drawButton) || (!passButton.hidden && passButton) || null;
  }

  return { bar, row, drawButton, passButton, update, firstFocusable };
}
