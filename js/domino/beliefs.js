// What hard believes of the other hand (the analysis' `beliefs`): a strip under the
// table's top row, next to the hidden hand, titled "Hard's guess at their hand":
// every tile the player cannot see, face up and small, with the chance that the
// other hand holds it in % and a tint on the colour scale (js/lib/overlay.js), most
// likely first. The strip is [data-beliefs="n"], its tiles
// [data-belief="a-b"][data-chance="0.42"] (the trait's key and value).
//
// Choices where the contract is silent:
// - The tint is the chance itself on the scale (0 % deep blue, 100 % yellow), so a
//   colour means the same in every position; the tiles take as many rows as the
//   table's width needs (a laptop: one, a phone: three), balanced (7 + 7 + 6 rather
//   than 8 + 8 + 4), never scrolling or clipped.

import { element as h } from "../lib/element.js";
import { markColours } from "./analysis.js";
import { dominoCanvas } from "./dominoes.js";

const TILE_W = 12; // a small standing tile, CSS px
const TILE_H = 24;
export const CELL_W = 24; // a tile and its chance (styles.js)
export const CELL_GAP = 3;

const percent = (p) => `${Math.round(p * 100)}%`;
const capital = (s) => s.charAt(0).toUpperCase() + s.slice(1);

/** { el, update() }: the strip follows view.overlay. */
export function createBeliefs(view) {
  const { doc, win } = view;
  const el = h(doc, "div", "gw-dom-beliefs");
  el.hidden = true;
  el.setAttribute("role", "group");
  const head = h(doc, "div", "gw-dom-beliefs-head");
  const title = h(doc, "b");
  head.append(title, h(doc, "span", null, "chance each tile you cannot see is in their hand"));
  const grid = h(doc, "div", "gw-dom-beliefs-grid");
  grid.setAttribute("role", "list");
  el.append(head, grid);
  let key = "";

  function cell(b, dpr) {
    const c = h(doc, "div", "gw-dom-belief");
    c.setAttribute("role", "listitem");
    c.dataset.belief = b.key;
    c.dataset.chance = String(b.chance);
    const words = `${b.tile[0]}\u2013${b.tile[1]}: ${percent(b.chance)}`;
    c.title = words;
    c.setAttribute("aria-label", words);
    markColours(c, b.chance);
    c.append(dominoCanvas(doc, b.tile, TILE_W, TILE_H, dpr, { pad: 2 }), h(doc, "span", null, percent(b.chance)));
    return c;
  }

  /** As many columns as fit, then as few as still take no more rows. */
  function balance() {
    const n = grid.children.length;
    const width = grid.clientWidth;
    if (!n || !width) return;
    const fits = Math.max(1, Math.floor((width + CELL_GAP) / (CELL_W + CELL_GAP)));
    const cols = Math.ceil(n / Math.ceil(n / fits));
    grid.style.gridTemplateColumns = `repeat(${cols}, ${CELL_W}px)`;
  }
  if (typeof win.ResizeObserver === "function") {
    const observer = new win.ResizeObserver(() => balance());
    observer.observe(el);
    view.shell.onCleanup(() => observer.disconnect());
  }

  function update() {
    const o = view.overlay;
    const list = o ? o.beliefs : [];
    const dpr = win.devicePixelRatio || 1;
    const k = list.length ? JSON.stringify([list, o.name, dpr]) : "";
    if (k === key) return;
    key = k;
    el.hidden = !list.length;
    el.dataset.beliefs = String(list.length);
    const who = o && o.name ? `${capital(o.name)}'s` : "The computer's";
    title.textContent = `${who} guess at their hand`;
    el.setAttribute("aria-label", title.textContent);
    grid.replaceChildren(...list.map((b) => cell(b, dpr)));
    balance();
  }

  return { el, update };
}
