// The header: the title, the score / time / tiles read-outs and, in the top-right
// corner, the stack of removed tiles (a small canvas: the last 5, the newest on top,
// and their count).
//
// Choices where the contract is silent:
// - The Time read-out shows in timed scoring only (a lesson is standard scoring); a
//   lesson board has a small "Lesson" mark after the subtitle.
// - The removed stack is a small canvas in the header's top-right corner (the last
//   5, the newest on top, and the count); removed tiles fly towards it. In a compact
//   view its tiles are smaller and the word "removed" is left out.
// - What a hint cost rises from the score and fades ("−10", `[data-cost]` = the hint
//   event's id; with reduced motion it only fades), so the player sees where the 10
//   points went.

import { createCanvas, roundRectPath } from "../lib/canvas.js";
import { element as h } from "../lib/element.js";
import { createReadout } from "../lib/readouts.js";
import { clamp } from "./geometry.js";
import { TILE_ASPECT } from "./tiles.js";

const STACK_SHOWN = 5; // removed tiles drawn in the stack
const STACK = { w: 30, dx: 8 }; // a tile's width and the offset of the next one (CSS px)
const STACK_COMPACT = { w: 18, dx: 4 };

/** The header of `view` (the shell's, filled in): { el, clock, update(), redraw(resized) }. */
export function createHeader(view) {
  const { doc, shell, traits } = view;
  const { header, title, subtitle } = shell;
  subtitle.textContent = "Shisen-Sho";
  const lessonMark = h(doc, "span", "gw-mj-lesson", "Lesson");
  lessonMark.title = "A teaching board: no clock, no No-more-moves dialog, no record";
  lessonMark.hidden = true;
  subtitle.appendChild(lessonMark);
  // "Mahjong" and " Connect", so that a narrow header can leave the second out
  title.firstChild.textContent = "Mahjong";
  title.insertBefore(h(doc, "span", "gw-mj-title-tail", " Connect"), subtitle);
  const right = h(doc, "div", "gw-mj-right");
  const stats = h(doc, "div", "gw-stats");
  const score = createReadout({ doc, name: "score", label: "Score" });
  const clock = createReadout({ doc, name: "clock", label: "Time" });
  const tiles = createReadout({ doc, name: "tiles", label: "Tiles" });
  stats.append(score.el, clock.el, tiles.el);
  const cost = h(doc, "span", "gw-mj-cost");
  cost.hidden = true;
  cost.setAttribute("aria-hidden", "true"); // the status line announces it
  score.el.appendChild(cost);
  const onCostEnd = () => (cost.hidden = true);
  cost.addEventListener("animationend", onCostEnd);
  shell.onCleanup(() => cost.removeEventListener("animationend", onCostEnd));

  const removedBox = h(doc, "div", "gw-mj-removed");
  removedBox.title = "Removed tiles (the newest on top)";
  const removedCount = h(doc, "div", "gw-mj-removed-count");
  const removedNumber = h(doc, "b", null, "0");
  removedCount.append(removedNumber, h(doc, "span", null, "removed"));
  right.append(stats, removedBox);
  header.append(title, right);

  const size = () => (view.root.dataset.compact === "true" ? STACK_COMPACT : STACK);
  const stack = createCanvas({
    parent: removedBox,
    className: "gw-mj-stack",
    // as wide as the tiles shown (one place when none is removed yet)
    layout: () => {
      const { w, dx } = size();
      return { width: w + (clamp(traits.removed().length, 1, STACK_SHOWN) - 1) * dx + 4, height: w * TILE_ASPECT + 6 };
    },
    draw: (ctx, info) => {
      const { w, dx } = size();
      const th = w * TILE_ASPECT;
      ctx.clearRect(0, 0, info.width, info.height);
      const shown = traits.removed().slice(-STACK_SHOWN);
      if (!shown.length) {
        // an empty place
        roundRectPath(ctx, 3, 3, w - 4, th - 4, 4);
        ctx.setLineDash([3, 3]);
        ctx.strokeStyle = "rgba(255, 255, 255, 0.22)";
        ctx.lineWidth = 1;
        ctx.stroke();
        return false;
      }
      shown.forEach((code, k) => {
        const x = 1 + k * dx;
        const y = 2 + (shown.length - 1 - k) * 0.6;
        view.tiles.draw(ctx, code, x, y, w, th, info.dpr);
      });
      return false;
    },
  });
  removedBox.prepend(stack.canvas);
  removedBox.appendChild(removedCount);
  shell.onCleanup(stack.destroy);
  // the stack's size follows the compact layout
  const win = doc.defaultView || window;
  if (typeof win.MutationObserver === "function") {
    const observer = new win.MutationObserver(() => stack.resize());
    observer.observe(view.root, { attributes: true, attributeFilter: ["data-compact"] });
    shell.onCleanup(() => observer.disconnect());
  }

  return {
    el: header,
    /** The Time read-out. */
    clock,
    /** Points just paid (`text`, e.g. "−10") rise from the score; `id`: the event's. */
    showCost(text, id) {
      cost.hidden = true;
      cost.textContent = text;
      cost.dataset.cost = String(id);
      void cost.offsetWidth; // restart the animation
      cost.hidden = false;
    },
    /** Show the traits' score, tiles left, clock (or not) and removed count. */
    update() {
      score.set(traits.score());
      tiles.set(traits.tilesLeft());
      clock.show(traits.timed() && !traits.lesson());
      lessonMark.hidden = !traits.lesson();
      removedNumber.textContent = String(traits.removed().length);
    },
    /** Redraw the stack (`resized`: its number of tiles may have changed). */
    redraw(resized) {
      if (resized) stack.resize();
      stack.requestDraw();
    },
  };
}
