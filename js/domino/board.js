// The line on green baize: a canvas laid out as a snake (layoutLine in dominoes.js),
// the newest tile dropping into place, ghosts of the selected tile where it can go,
// and the end markers (button[data-end=left|right]) over the canvas.
//
// Size: the canvas takes the table's width (up to 640 px); the unit (a tile's short
// side) follows the width, and gets smaller (down to MIN_UNIT) while the line would
// be taller than the height the page leaves, so that a long line does not push the
// hand off the screen.
//
// Choices where the contract is silent:
// - The line is laid out with a placeholder slot before its first and after its last
//   tile, so the end markers always have room; a marker shows a ghost of the selected
//   tile turned the way it would be played. On an empty line there is one slot; a
//   tile that fits there is played with one click (its first listed end).
// - Doubles lie crosswise in a row, but in line at a corner of the snake (the
//   turning tile and the one after it), so they never overlap a neighbour.
// - Looking back, the line starts a little lower, under the "Looking back" banner
//   over the board's top edge (the line shown is an earlier one anyway).
// - An analysis marks the line's ends (endmarks.js), under the end markers.

import { createCanvas, roundRectPath } from "../lib/canvas.js";
import { element as h } from "../lib/element.js";
import { easing } from "../lib/motion.js";
import { font } from "../lib/theme.js";
import { layoutLine, slotPips } from "./dominoes.js";
import { createEndMarks } from "./endmarks.js";

export const DROP_MS = 280;
const MIN_WIDTH = 200;
const MAX_WIDTH = 640;
const MAX_UNIT = 27;
const WIDE_UNIT = 15; // the smallest unit the width alone asks for
const MIN_UNIT = 12; // ... and the smallest one when the height is short
const MIN_HEIGHT = 110; // px: the board of a short line, where the page has room
const BANNER_ROOM = 22; // px over the first row's tiles while looking back (the banner)

const clamp = (v, lo, hi) => Math.max(lo, Math.min(hi, v));

/**
 * { el, start(), requestDraw(), relayout(), positionMarkers() }. `el` (the board's
 * box, also where the online notices go) is made at once; start() adds the canvas
 * once the view is on the page.
 */
export function createBoard(view) {
  const { doc, read } = view;
  const el = h(doc, "div", "gw-dom-boardbox");
  const endButtons = {};
  for (const end of ["left", "right"]) {
    const b = h(doc, "button", "gw-dom-end", end === "left" ? "Play at the left end" : "Play at the right end");
    b.type = "button";
    b.dataset.end = end;
    b.hidden = true;
    b.setAttribute("aria-label", b.textContent);
    b.title = `${b.textContent} (${end === "left" ? "\u2190" : "\u2192"})`;
    b.addEventListener("click", () => view.input.playSelected(end));
    endButtons[end] = b;
  }
  const endMarks = createEndMarks(view);

  let canvas = null;
  let layout = null; // { slots, height, rows, unit, width }
  let layoutKey = "";
  let lastHeight = Infinity; // the height the page left at the last layout

  const slotsTiles = () => (read.line().length ? [null, ...read.line(), null] : [null]);

  /** The snake in `width` px, its unit as large as fits `availHeight`. */
  function computeLayout(width, availHeight) {
    const tiles = slotsTiles();
    const back = read.lookingBack();
    const room = (u) => (back ? Math.max(0, BANNER_ROOM - Math.round(u * 0.5)) : 0);
    let unit = clamp(Math.floor(width / 19), WIDE_UNIT, MAX_UNIT);
    let lay = layoutLine({ width, unit, tiles, pad: Math.round(unit * 0.5) });
    while (lay.height + room(unit) > availHeight && unit > MIN_UNIT) {
      unit -= 1;
      lay = layoutLine({ width, unit, tiles, pad: Math.round(unit * 0.5) });
    }
    const top = room(unit);
    // some air around a short line (room for the notices and dialogs over it too),
    // as far as the page leaves room for it
    const minH = Math.min(Math.max(unit * 4.4, MIN_HEIGHT), Math.max(lay.height + top, availHeight));
    const height = Math.max(minH, Math.ceil(lay.height + top));
    const dy = lay.rows === 1 ? Math.max(top, (height - lay.height) / 2) : top;
    if (dy) for (const s of lay.slots) s.y += dy;
    return { ...lay, height, unit, width };
  }
  function ensureLayout(width, availHeight = lastHeight) {
    lastHeight = availHeight;
    const key = `${width}|${availHeight}|${read.lookingBack()}|${JSON.stringify(read.line())}`;
    if (!layout || key !== layoutKey) {
      layout = computeLayout(width, availHeight);
      layoutKey = key;
    }
    return layout;
  }

  function draw(ctx, { width, height, dpr }) {
    const lay = ensureLayout(width);
    ctx.clearRect(0, 0, width, height);
    const l = read.line();
    const slots = lay.slots;
    if (!l.length) {
      // the empty table: a faint hint where the first tile goes
      const s = slots[0];
      ctx.save();
      ctx.font = font(500, 12.5);
      ctx.fillStyle = "rgba(230, 240, 232, 0.55)";
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      const o = read.opening();
      const text = read.result() ? "" : o ? `Lead with the ${o[0]}\u2013${o[1]}` : "The line starts here";
      roundRectPath(ctx, s.x, s.y, s.w, s.h, 6);
      ctx.setLineDash([4, 4]);
      ctx.strokeStyle = "rgba(230, 240, 232, 0.22)";
      ctx.lineWidth = 1.5;
      if (!view.selected) ctx.stroke();
      ctx.setLineDash([]);
      if (!view.selected) ctx.fillText(text, width / 2, s.y + s.h + 16 > height ? s.y - 12 : s.y + s.h + 14);
      ctx.restore();
    }
    const first = l.length ? 1 : 0;
    const drop = view.drop;
    for (let i = 0; i < l.length; i++) {
      const slot = slots[first + i];
      const [p, q] = slotPips(l[i], slot);
      let alpha = 1;
      let lift = 0;
      if (drop && ((drop.end === "left" && i === 0) || (drop.end === "right" && i === l.length - 1))) {
        const t = drop.tween.progress();
        alpha = easing.outQuad(Math.min(1, t * 1.6));
        lift = (1 - easing.outCubic(t)) * lay.unit * 0.8;
      }
      view.sprites.draw(ctx, [p, q], slot.x, slot.y - lift, slot.w, slot.h, dpr, { alpha });
    }
    // ghosts of the selected tile where it can go
    const sel = view.input.selectedEntry();
    if (sel) {
      for (const end of sel.ends) {
        const slot = markerSlot(end);
        if (!slot) continue;
        const [p, q] = slotPips(orientFor(sel.tile, end), slot);
        view.sprites.draw(ctx, [p, q], slot.x, slot.y, slot.w, slot.h, dpr, { alpha: 0.62 });
      }
    }
    if (view.drop && view.drop.tween.progress() >= 1) view.drop = null;
    return view.animator.tick();
  }

  /** The tile as it would lie on the line at `end` (line order, left to right). */
  function orientFor(tile, end) {
    const l = read.line();
    if (!l.length) return tile;
    if (end === "left") {
      const m = l[0][0];
      return tile[1] === m ? tile : [tile[1], tile[0]];
    }
    const m = l[l.length - 1][1];
    return tile[0] === m ? tile : [tile[1], tile[0]];
  }
  /** The placeholder slot at `end` (a plain tile's shape; the one slot of an empty line). */
  function markerSlot(end) {
    if (!layout) return null;
    const s = layout.slots;
    if (!read.line().length) return s[0];
    return (end === "left" ? s[0] : s[s.length - 1]) || null;
  }
  function positionMarkers() {
    const sel = view.input.selectedEntry();
    const lineEmpty = !read.line().length;
    for (const end of ["left", "right"]) {
      const b = endButtons[end];
      const show = !!sel && sel.ends.includes(end) && !(lineEmpty && end === "right" && sel.ends.includes("left"));
      const slot = show ? markerSlot(end) : null;
      b.hidden = !slot;
      if (!slot) continue;
      b.style.left = `${slot.x - 3}px`;
      b.style.top = `${slot.y - 3}px`;
      b.style.width = `${slot.w + 6}px`;
      b.style.height = `${slot.h + 6}px`;
    }
    endMarks.position(markerSlot, layout ? layout.width : 0, layout ? layout.height : 0);
  }

  function start() {
    canvas = createCanvas({
      fit: view.shell.fit,
      parent: el,
      className: "gw-board gw-dom-board",
      layout: (avail, availHeight) => {
        const width = clamp(Math.floor(avail || 560), MIN_WIDTH, MAX_WIDTH);
        // while a dialog holds the table's height, the board's own does not count
        const tall = view.table && view.table.held() ? lastHeight : availHeight;
        return { width, height: ensureLayout(width, tall).height };
      },
      onResize: () => {
        view.sprites.clear();
        positionMarkers();
      },
      draw,
    });
    view.shell.onCleanup(canvas.destroy);
    el.append(...endMarks.els, endButtons.left, endButtons.right);
  }

  return {
    el,
    start,
    requestDraw: () => canvas && canvas.requestDraw(),
    /** The line changed: lay it out again (the canvas height follows it). */
    relayout() {
      layout = null;
      if (canvas) canvas.resize();
    },
    positionMarkers,
  };
}
