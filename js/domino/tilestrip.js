// A strip of small face-up tiles under the table's top row, each with a figure or two
// under it and a tint on the colour scale (js/lib/overlay.js): hard's beliefs
// (beliefs.js) and the computer's candidate plays (reasons.js). A head line (a bold
// title and a note) over a grid of cells.
//
// Choices where the contract is silent:
// - The tiles take as many rows as the table's width needs (a laptop: one, a phone:
//   three), balanced (7 + 7 + 6 rather than 8 + 8 + 4), never scrolling or clipped.

import { element as h } from "../lib/element.js";
import { markColours } from "./analysis.js";
import { dominoCanvas } from "./dominoes.js";

/** A player's name as a sentence starts it ("hard" -> "Hard"). */
export const capital = (s) => s.charAt(0).toUpperCase() + s.slice(1);

export const CELL_GAP = 3; // px between cells (styles.js)

/**
 * { el, show(title, note, cells, key), hide() }: a strip of class `className` whose
 * cells are `cellW` px wide. show() replaces the cells only when `key` changed.
 */
export function createTileStrip(view, { className, cellW }) {
  const { doc, win } = view;
  const el = h(doc, "div", `gw-dom-strip ${className}`);
  el.hidden = true;
  el.setAttribute("role", "group");
  const head = h(doc, "div", "gw-dom-strip-head");
  const title = h(doc, "b");
  const note = h(doc, "span");
  head.append(title, note);
  const grid = h(doc, "div", "gw-dom-strip-grid");
  grid.setAttribute("role", "list");
  el.append(head, grid);
  let shownKey = "";

  /** As many columns as fit, then as few as still take no more rows. */
  function balance() {
    const n = grid.children.length;
    const width = grid.clientWidth;
    if (!n || !width) return;
    const fits = Math.max(1, Math.floor((width + CELL_GAP) / (cellW + CELL_GAP)));
    const cols = Math.ceil(n / Math.ceil(n / fits));
    grid.style.gridTemplateColumns = `repeat(${cols}, ${cellW}px)`;
  }
  if (typeof win.ResizeObserver === "function") {
    const observer = new win.ResizeObserver(() => balance());
    observer.observe(el);
    view.shell.onCleanup(() => observer.disconnect());
  }

  return {
    el,
    /** Show `cells()` (made only when `key` is new) under the title and the note. */
    show(titleText, noteText, cells, key) {
      el.hidden = false;
      title.textContent = titleText;
      note.textContent = noteText;
      el.setAttribute("aria-label", titleText);
      if (key === shownKey) return;
      shownKey = key;
      grid.replaceChildren(...cells());
      balance();
    },
    hide() {
      el.hidden = true;
      shownKey = "";
      grid.replaceChildren();
    },
  };
}

/**
 * One cell: the tile standing (`w` x `h` CSS px), tinted by `value` (0..1), with the
 * lines of text under it; `words` is its tooltip and accessible name.
 */
export function tileCell(view, { tile, w, h: height, value, lines, words, dpr }) {
  const { doc } = view;
  const c = h(doc, "div", "gw-dom-strip-cell");
  c.setAttribute("role", "listitem");
  c.title = words;
  c.setAttribute("aria-label", words);
  markColours(c, value);
  c.append(dominoCanvas(doc, tile, w, height, dpr, { pad: 2 }), ...lines.map((text) => h(doc, "span", null, text)));
  return c;
}
