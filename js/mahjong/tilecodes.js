// The codes of the Mahjong tiles and what a player calls them.
//
// Codes: D1-D9 dots, B1-B9 bamboo (B1 is a bird), C1-C9 characters, WE WS WW WN
// winds, DR DG DW dragons, F1-F4 flowers, S1-S4 seasons.

export const TILE_CODES = Object.freeze([
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => `D${n}`),
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => `B${n}`),
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => `C${n}`),
  "WE",
  "WS",
  "WW",
  "WN",
  "DR",
  "DG",
  "DW",
  "F1",
  "F2",
  "F3",
  "F4",
  "S1",
  "S2",
  "S3",
  "S4",
]);
const CODE_SET = new Set(TILE_CODES);

export function isTileCode(v) {
  return typeof v === "string" && CODE_SET.has(v);
}

export const WINDS = { WE: ["東", "E", "east"], WS: ["南", "S", "south"], WW: ["西", "W", "west"], WN: ["北", "N", "north"] };
export const NUMERALS = ["", "一", "二", "三", "四", "五", "六", "七", "八", "九"];
export const FLOWERS = ["", "梅", "蘭", "菊", "竹"];
const FLOWER_NAMES = ["", "plum", "orchid", "chrysanthemum", "bamboo"];
export const SEASONS = ["", "春", "夏", "秋", "冬"];
const SEASON_NAMES = ["", "spring", "summer", "autumn", "winter"];

/** A player's name of a tile: "3 of dots", "east wind", "flower 2 (orchid)", ... */
export function tileName(code) {
  if (!isTileCode(code)) return "unknown tile";
  const k = code[0];
  const n = Number(code[1]);
  if (code in WINDS) return `${WINDS[code][2]} wind`;
  if (code === "DR") return "red dragon";
  if (code === "DG") return "green dragon";
  if (code === "DW") return "white dragon";
  if (k === "D") return `${n} of dots`;
  if (k === "B") return `${n} of bamboo`;
  if (k === "C") return `${n} of characters`;
  if (k === "F") return `flower ${n} (${FLOWER_NAMES[n]})`;
  if (k === "S") return `season ${n} (${SEASON_NAMES[n]})`;
  return "unknown tile";
}

/** Identical tiles match; any flower matches any flower, any season any season. */
export function tilesMatch(a, b) {
  if (!isTileCode(a) || !isTileCode(b)) return false;
  if (a === b) return true;
  return (a[0] === "F" && b[0] === "F") || (a[0] === "S" && b[0] === "S");
}

