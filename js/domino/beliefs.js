// What hard believes of the other hand (the analysis' `beliefs`): a strip under the
// table's top row (tilestrip.js), titled "Hard's guess at their hand": every tile
// the player cannot see, face up and small, with the chance that the other hand
// holds it in % and a tint on the colour scale (js/lib/overlay.js), most likely
// first. The strip is [data-beliefs="n"], its tiles [data-belief="a-b"][data-chance="0.42"]
// (the trait's key and value).
//
// The computer's reasons (`w.why`: an overlay that is not the shown hand's) hold its
// beliefs about the user's hand: the same strip, "Hard's guess at your hand", of the
// user's own tiles then, with the chance it gave each.
//
// Choices where the contract is silent:
// - The tint is the chance itself on the scale (0 % deep blue, 100 % yellow), so a
//   colour means the same in every position.

import { capital, createTileStrip, tileCell } from "./tilestrip.js";

export const CELL_W = 24; // a tile and its chance (styles.js)

const percent = (p) => `${Math.round(p * 100)}%`;
/** { el, update() }: the strip follows view.overlay. */
export function createBeliefs(view) {
  const { win } = view;
  const strip = createTileStrip(view, { className: "gw-dom-beliefs", cellW: CELL_W });
  const { el } = strip;

  function update() {
    const o = view.overlay;
    const list = o ? o.beliefs : [];
    el.dataset.beliefs = String(list.length);
    if (!list.length) {
      strip.hide();
      return;
    }
    const dpr = win.devicePixelRatio || 1;
    const who = o.name ? `${capital(o.name)}'s` : "The computer's";
    const yours = o.mine === false;
    const cells = () =>
      list.map((b) => {
        const c = tileCell(view, {
          tile: b.tile,
          w: 12,
          h: 24,
          value: b.chance,
          lines: [percent(b.chance)],
          words: `${b.tile[0]}\u2013${b.tile[1]}: ${percent(b.chance)}`,
          dpr,
        });
        c.classList.add("gw-dom-belief");
        c.dataset.belief = b.key;
        c.dataset.chance = String(b.chance);
        return c;
      });
    strip.show(
      `${who} guess at ${yours ? "your" : "their"} hand`,
      yours ? "the chance it gave each of your tiles then" : "chance each tile you cannot see is in their hand",
      cells,
      JSON.stringify([list, o.name, yours, dpr]),
    );
  }

  return { el, update };
}
