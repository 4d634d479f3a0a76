// Where the board's cells are: the orientation (portrait draws the grid transposed:
// view row i, view column j = grid cell [j, i]), the canvas size for the space the
// page gives (layout), and the cells in canvas px (the geometry, published on the
// canvas as data-grid for the tests).
//
// Choices where the contract is silent:
// - Orientation "auto" is portrait when the board's container is narrower than
//   700 CSS px. The canvas then is at most 460 px wide; landscape at most 1080 px,
//   and never wider than the container (a landscape board chosen on a phone gets
//   tiles as small as that takes).
// - The board fits the page's height too (the shell's fit): its tiles get smaller
//   until the whole view shows, but not below MIN_TILE_W (28 CSS px wide, 36 px
//   tall: a tile still to recognise and to tap on a phone); below that the board
//   keeps that size and the page scrolls instead (a portrait board of 18 rows on a
//   phone does).
// - A grid smaller than 8 x 18 (Game.from_grid puzzles) is drawn with tiles at most
//   60 px wide, centred on a board of at least 420 x 330 px so the dialogs fit
//   (never wider than the space, though).

import { DEFAULT_COLS, DEFAULT_ROWS } from "./traits.js";
import { TILE_ASPECT } from "./tiles.js";

export const RING = 0.72; // the margin around the grid, in tile widths (the ring of paths)
const PORTRAIT_BELOW = 700; // auto orientation: portrait when narrower (CSS px)
const MAX_TILE_W = 60; // CSS px: a small grid (e.g. a puzzle) does not blow up
const MIN_TILE_W = 28; // CSS px: the page's height does not shrink tiles below this

export const clamp = (v, lo, hi) => Math.max(lo, Math.min(hi, v));

/** The cells of a vr x vc view grid on a width x height canvas (CSS px). */
function makeGeometry(width, height, vr, vc) {
  const cw = Math.min(width / (vc + 2 * RING), height / (vr * TILE_ASPECT + 2 * RING));
  const ch = cw * TILE_ASPECT;
  const ring = cw * RING;
  const gw = cw * vc;
  const gh = ch * vr;
  const x0 = (width - gw) / 2;
  const y0 = (height - gh) / 2;
  return {
    vr,
    vc,
    x0,
    y0,
    cw,
    ch,
    ring,
    width,
    height,
    /** the box of view cell (i, j) */
    rect(i, j) {
      return { x: x0 + j * cw, y: y0 + i * ch, w: cw, h: ch };
    },
    /** the centre of view cell (i, j); i = -1 / vr and j = -1 / vc are the ring */
    center(i, j) {
      const x = j < 0 ? x0 - ring / 2 : j >= vc ? x0 + gw + ring / 2 : x0 + (j + 0.5) * cw;
      const y = i < 0 ? y0 - ring / 2 : i >= vr ? y0 + gh + ring / 2 : y0 + (i + 0.5) * ch;
      return { x, y };
    },
    /** the view cell under a point (CSS px), or null */
    cellAt(px, py) {
      if (!Number.isFinite(px) || !Number.isFinite(py)) return null;
      const j = Math.floor((px - x0) / cw);
      const i = Math.floor((py - y0) / ch);
      if (i < 0 || i >= vr || j < 0 || j >= vc) return null;
      return [i, j];
    },
  };
}

/**
 * The board's layout for `view` (its traits, root and board canvas).
 * `onOrientation(old)` is called when the view grid changes shape (old: the previous
 * { portrait, vr, vc }), while the canvas is being laid out.
 */
export function createBoardLayout(view, onOrientation) {
  let shape = { portrait: false, vr: DEFAULT_ROWS, vc: DEFAULT_COLS };
  let geo = null;
  let geoKey = "";

  function orientationFor(avail) {
    const o = view.traits.orientation();
    if (o === "landscape" || o === "portrait") return o;
    return avail > 0 && avail < PORTRAIT_BELOW ? "portrait" : "landscape";
  }

  /** The canvas size for the container's width `avail` and the height the page leaves. */
  function layout(avail, availHeight) {
    const { rows, cols } = view.traits.dims();
    const portrait = orientationFor(avail) === "portrait";
    const vr = portrait ? cols : rows;
    const vc = portrait ? rows : cols;
    const space = avail > 0 ? avail : 960;
    const across = vc + 2 * RING; // the board's width in tile widths
    const down = vr * TILE_ASPECT + 2 * RING; // its height in tile widths
    const wide = Math.min(space, portrait ? clamp(space, 260, 460) : clamp(space, 320, 1080));
    let cw = Math.min(MAX_TILE_W, wide / across);
    if (Number.isFinite(availHeight)) cw = Math.min(cw, Math.max(MIN_TILE_W, availHeight / down));
    // a small grid still gets room for the dialogs (the grid is centred in it)
    const width = Math.max(cw * across, Math.min(space, 420));
    const height = Math.max(cw * down, 330);
    const old = shape;
    shape = { portrait, vr, vc };
    if (old.portrait !== portrait || old.vr !== vr || old.vc !== vc) {
      geo = null;
      onOrientation(old);
    }
    return { width, height };
  }

  const toView = (cell) => (shape.portrait ? [cell[1], cell[0]] : [cell[0], cell[1]]);

  function publish() {
    const r = (v) => Math.round(v * 100) / 100;
    if (view.board) view.board.canvas.dataset.grid = `${r(geo.x0)},${r(geo.y0)},${r(geo.cw)},${r(geo.ch)},${geo.vr},${geo.vc}`;
    view.root.dataset.orientation = shape.portrait ? "portrait" : "landscape";
  }

  return {
    layout,
    get portrait() {
      return shape.portrait;
    },
    get rows() {
      return shape.vr;
    },
    get cols() {
      return shape.vc;
    },
    /** landscape grid cell -> view cell */
    toView,
    /** view cell -> landscape grid cell */
    toGrid: toView,
    /** The cells as last drawn (null until the next draw after a change). */
    get geo() {
      return geo;
    },
    invalidate() {
      geo = null;
    },
    /** The geometry for a width x height canvas at dpr; true when it is a new one. */
    update(width, height, dpr) {
      const key = `${width}x${height}@${dpr}|${shape.portrait}|${shape.vr}x${shape.vc}`;
      if (geo && key === geoKey) return false;
      geoKey = key;
      geo = makeGeometry(width, height, shape.vr, shape.vc);
      publish();
      return true;
    },
  };
}
