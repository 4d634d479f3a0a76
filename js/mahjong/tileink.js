// The inks of the printed tile faces, and the shades of them the art uses.

import { FONT_FAMILY } from "../lib/theme.js";

export const INK = "#17204a"; // the dark blue-black of printed tiles
export const RED = "#c62a22";
export const GREEN = "#17834a";
export const BLUE = "#1f55a8";

export function font(weight, size, family = FONT_FAMILY) {
  return `${weight} ${Math.max(1, Math.round(size * 10) / 10)}px ${family}`;
}
export const SERIF = 'Georgia, "Times New Roman", "DejaVu Serif", serif';

function parseHex(hex) {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
export function lighten(hex, t) {
  const [r, g, b] = parseHex(hex);
  const f = (v) => Math.round(v + (255 - v) * t);
  return `rgb(${f(r)}, ${f(g)}, ${f(b)})`;
}
export function darken(hex, t) {
  const [r, g, b] = parseHex(hex);
  const f = (v) => Math.round(v * (1 - t));
  return `rgb(${f(r)}, ${f(g)}, ${f(b)})`;
}
