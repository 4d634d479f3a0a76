// The computer's reasons (`w.why`, the view's Why?): the candidates of its analysis are
// its own playable tiles at that moment, so they are drawn face up on its side of the
// table, in a strip under the top row (tilestrip.js): "Hard could play", each candidate
// play a small tile with the score the computer gave it and the end it goes to, tinted
// on the colour scale, the one it chose outlined, best first. A forced draw or pass
// has no candidate tile: the strip says so. The strip is [data-reasons="n"], its tiles
// [data-reason="a-b"][data-end="left|right"][data-score="<label>"], the chosen one
// data-chosen="true". Shown only for an overlay that is not the shown hand's.

import { capital, createTileStrip, tileCell } from "./tilestrip.js";

export const REASON_W = 38; // a tile, its score and its end (styles.js)

/** { el, update() }: the strip follows view.overlay. */
export function createReasons(view) {
  const { win } = view;
  const strip = createTileStrip(view, { className: "gw-dom-reasons", cellW: REASON_W });
  const { el } = strip;

  function update() {
    const o = view.overlay;
    if (!o || o.mine !== false) {
      el.dataset.reasons = "0";
      strip.hide();
      return;
    }
    const who = o.name ? capital(o.name) : "The computer";
    const plays = o.plays;
    el.dataset.reasons = String(plays.length);
    if (!plays.length) {
      const did = o.action === "pass" ? "so it passed" : o.action === "draw" ? "so it drew from the boneyard" : "";
      strip.show(`${who} had no tile that fits`, did, () => [], `none|${o.action}`);
      return;
    }
    const dpr = win.devicePixelRatio || 1;
    const where = (p) => (o.lead ? "lead" : p.end);
    const cells = () =>
      plays.map((p) => {
        const c = tileCell(view, {
          tile: p.tile,
          w: 14,
          h: 28,
          value: p.value,
          lines: [p.label, where(p)],
          words: `${p.tile[0]}\u2013${p.tile[1]} ${o.lead ? "to lead" : `on the ${p.end} end`}: score ${p.label}${p.chosen ? " (its choice)" : ""}`,
          dpr,
        });
        c.classList.add("gw-dom-reason");
        c.dataset.reason = p.key;
        c.dataset.end = p.end;
        c.dataset.score = p.label;
        if (p.chosen) c.dataset.chosen = "true";
        return c;
      });
    strip.show(`${who} could play`, "its playable tiles then, with the score it gave each", cells, JSON.stringify([plays, o.lead, dpr]));
  }

  return { el, update };
}
