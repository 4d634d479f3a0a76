// The teaching overlay (`show_counts`): the four lines through the selected piece,
// drawn faintly, each in its own colour, with the number of pieces on it (how far
// the piece moves along it) in a badge at both ends, where the line leaves the board;
// and the legend of the status line that repeats the four counts.

import { font, rgba } from "../lib/theme.js";

/** The four lines through a cell: direction [dr, dc] (row 0 at the top) and colour. */
export const LINES = [
  { name: "horizontal", dir: [0, 1], colour: "#4fb3ff", glyph: "\u2194" },
  { name: "vertical", dir: [1, 0], colour: "#ffa53d", glyph: "\u2195" },
  { name: "diagonal", dir: [-1, 1], colour: "#c07bff", glyph: "\u2197" },
  { name: "antidiagonal", dir: [1, 1], colour: "#ff6fae", glyph: "\u2198" },
];

/** The line counts to draw (show_counts on, a piece selected, live), or null. */
export function countsShown(game) {
  if (!game.showCounts() || game.phase() !== "playing" || game.lookingBack()) return null;
  if (!game.selected()) return null;
  return game.lineCounts();
}

/** The two ends of the line through `sel` in direction dir: the points `reach` cells
 *  beyond the centres of its last cells (0.5: on the board's edge). */
function lineEnds(geo, sel, dir, n, reach = 0.5) {
  const ends = [];
  for (const sgn of [1, -1]) {
    let r = sel[0];
    let c = sel[1];
    while (r + sgn * dir[0] >= 0 && r + sgn * dir[0] < n && c + sgn * dir[1] >= 0 && c + sgn * dir[1] < n) {
      r += sgn * dir[0];
      c += sgn * dir[1];
    }
    const p = geo.cellCenter(r, c);
    ends.push({ x: p.x + sgn * dir[1] * geo.cellW * reach, y: p.y + sgn * dir[0] * geo.cellH * reach });
  }
  return ends;
}

/** The faint lines (under the pieces). */
export function drawCountLines({ ctx, geo }, sel, counts, n) {
  ctx.save();
  ctx.lineCap = "round";
  for (const { name, dir, colour } of LINES) {
    if (counts[name] === undefined) continue;
    const [a, b] = lineEnds(geo, sel, dir, n);
    ctx.beginPath();
    ctx.moveTo(a.x, a.y);
    ctx.lineTo(b.x, b.y);
    ctx.lineWidth = Math.max(2, geo.cell * 0.05);
    ctx.strokeStyle = rgba(colour, 0.42);
    ctx.stroke();
  }
  ctx.restore();
}

/** The counts in badges at both ends of each line (over everything). */
export function drawCountBadges({ ctx, geo }, sel, counts, n) {
  const rad = Math.max(8, geo.cell * 0.16); // on the board's edge, clear of the coordinates
  ctx.save();
  ctx.font = font(800, rad * 1.2);
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  for (const { name, dir, colour } of LINES) {
    if (counts[name] === undefined) continue;
    for (const e of lineEnds(geo, sel, dir, n)) {
      ctx.beginPath();
      ctx.arc(e.x, e.y, rad, 0, Math.PI * 2);
      ctx.fillStyle = colour;
      ctx.shadowColor = "rgba(0,0,0,0.5)";
      ctx.shadowBlur = 4;
      ctx.fill();
      ctx.shadowColor = "transparent";
      ctx.lineWidth = 1.5;
      ctx.strokeStyle = "rgba(20, 12, 4, 0.8)";
      ctx.stroke();
      ctx.fillStyle = "#ffffff";
      ctx.fillText(String(counts[name]), e.x, e.y + 0.5);
    }
  }
  ctx.restore();
}

/** The legend of the status line: "↔ 2 ↕ 3 ↗ 1 ↘ 2" in the lines' colours. */
export function createLineLegend(doc) {
  const el = doc.createElement("span");
  el.className = "gw-loa-legend";
  el.hidden = true;
  const parts = {};
  for (const { name, colour, glyph } of LINES) {
    const s = doc.createElement("span");
    s.style.color = colour;
    s.title = `pieces on the ${name} line`;
    s.dataset.line = name;
    parts[name] = { el: s, glyph };
    el.appendChild(s);
  }
  return {
    el,
    /** Show these counts, or hide the legend (null). */
    show(counts) {
      if (counts) {
        for (const { name } of LINES) {
          const part = parts[name];
          part.el.textContent = `${part.glyph} ${counts[name] === undefined ? "\u2013" : counts[name]}`;
        }
      }
      el.hidden = !counts;
    },
  };
}
