// The table's top row: the opponent's hidden hand (a fan of backs and its count) on
// the left, the boneyard (a small stack and its count) on the right. An analysis
// whose chosen move is a draw marks the boneyard (data-candidate="draw",
// data-chosen="true"). At the end of a hand against the computer its tiles left
// (`revealed`) lie face up there instead of the backs (data-revealed="n"), in as many
// rows as they need.
//
// On a narrow table (a phone: ~250 px) the fan overlaps more and the stack is
// smaller, so that both piles fit; the row's own width decides (watched).

import { roundRectPath } from "../lib/canvas.js";
import { element as h } from "../lib/element.js";
import { TILE_BACK, dominoCanvas, paintedCanvas } from "./dominoes.js";

function pile(doc, kind) {
  const el = h(doc, "div", "gw-dom-pile");
  el.dataset.pile = kind;
  const art = h(doc, "span", "gw-dom-pile-art");
  const text = h(doc, "div", "gw-dom-pile-text");
  const count = h(doc, "b");
  const label = h(doc, "span");
  text.append(count, label);
  if (kind === "boneyard") el.append(text, art);
  else el.append(art, text);
  return { el, art, count, label, key: "" };
}

const NARROW = 340; // px: a top row narrower than this gets the small piles

/** { el, update() }; the backs are painted with view.sprites. */
export function createPiles(view) {
  const { doc, win, read } = view;
  const el = h(doc, "div", "gw-dom-top");
  const opponent = pile(doc, "opponent");
  const boneyard = pile(doc, "boneyard");
  el.append(opponent.el, boneyard.el);

  function paint() {
    const compact = el.clientWidth > 0 && el.clientWidth < NARROW;
    const n = read.counts()[1 - read.seat()];
    const d = win.devicePixelRatio || 1;
    const revealed = read.revealed();
    const key = `${n}|${d}|${compact}|${JSON.stringify(revealed)}`;
    if (opponent.key !== key && revealed.length) {
      opponent.key = key;
      const row = h(doc, "span", "gw-dom-revealed");
      row.append(...revealed.map((t) => dominoCanvas(doc, t, 15, 30, d, { pad: 1 })));
      opponent.art.replaceChildren(row);
    } else if (opponent.key !== key) {
      opponent.key = key;
      const shown = Math.min(n, 12);
      const w = 15;
      const th = 30;
      const step = compact ? (shown > 7 ? 4 : 6) : shown > 7 ? 9 : 12;
      const cw = Math.max(w, w + (shown - 1) * step) + 6;
      opponent.art.replaceChildren(
        paintedCanvas(doc, cw, th + 6, d, (ctx) => {
          for (let i = 0; i < shown; i++) view.sprites.draw(ctx, TILE_BACK, 3 + i * step, 2, w, th, d);
        }),
      );
    }
    const by = read.boneyard();
    const bkey = `${by}|${d}|${compact}`;
    if (boneyard.key !== bkey) {
      boneyard.key = bkey;
      const layers = Math.min(by, compact ? 5 : 7);
      const w = compact ? 28 : 36;
      const th = w / 2;
      const ch = th + 6 + Math.max(0, layers - 1) * 3;
      boneyard.art.replaceChildren(
        paintedCanvas(doc, w + 8, ch, d, (ctx) => {
          if (!layers) {
            roundRectPath(ctx, 4, ch - th - 3, w, th, 4);
            ctx.setLineDash([3, 3]);
            ctx.strokeStyle = "rgba(230, 240, 232, 0.35)";
            ctx.stroke();
          }
          for (let i = 0; i < layers; i++) {
            const off = (i % 2 ? 1 : -1) * 0.8;
            view.sprites.draw(ctx, TILE_BACK, 4 + off, ch - th - 3 - i * 3, w, th, d);
          }
        }),
      );
    }
  }

  function update() {
    const n = read.names();
    const opp = 1 - read.seat();
    const oc = read.counts()[opp];
    const t = read.turn();
    opponent.count.textContent = String(oc);
    opponent.label.textContent = `${n[opp]} \u00b7 tile${oc === 1 ? "" : "s"}`;
    opponent.el.dataset.turn = t === opp && !read.handoff() ? "true" : "false";
    const revealed = read.revealed();
    opponent.el.dataset.revealed = String(revealed.length);
    if (revealed.length) {
      opponent.label.textContent = `${n[opp]} · tiles left`;
      opponent.el.title = `${n[opp]}'s tiles left: ${revealed.map((t) => `${t[0]}–${t[1]}`).join(", ")}`;
    } else opponent.el.title = `${n[opp]} holds ${oc} hidden tile${oc === 1 ? "" : "s"}`;
    const by = read.boneyard();
    boneyard.count.textContent = String(by);
    boneyard.label.textContent = "Boneyard";
    boneyard.el.title = `${by} tile${by === 1 ? "" : "s"} left to draw`;
    if (view.overlay && view.overlay.action === "draw") {
      boneyard.el.dataset.candidate = "draw";
      boneyard.el.dataset.chosen = "true";
      boneyard.el.title += view.overlay.mine === false ? " \u2014 the computer drew" : " \u2014 the analysis draws";
    } else {
      delete boneyard.el.dataset.candidate;
      delete boneyard.el.dataset.chosen;
    }
    paint();
  }

  if (typeof win.ResizeObserver === "function") {
    const observer = new win.ResizeObserver(() => paint());
    observer.observe(el);
    view.shell.onCleanup(() => observer.disconnect());
  }

  return { el, update };
}
