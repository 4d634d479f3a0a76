// Why a click on the board moves nothing, in words a beginner understands (shown by the
// status line's refuse(): data-kind="refused" for a reading time, and announced).
// Python decides what is legal (the `targets` of the selected piece); this only
// explains a click that is not one of them, from what Python sent: the pieces on the
// lines through the selected piece (`line_counts`) and the board.
//
// - a cell the selected piece cannot reach: not on one of its lines ("moves only in a
//   straight line"), on one at the wrong distance ("must move exactly 3 cells along
//   this row: the row holds 3 pieces"), an enemy piece in the way, or (a piece with no
//   move at all) "cannot move";
// - with no piece selected, a click on an empty cell or an enemy piece: "select one of
//   your dark pieces first";
// - while the light side is to move or thinking: "wait".
// Cells are named as on the board ("b1": files from the left, ranks from the bottom).

import { COMPUTER, USER } from "./rules.js";
import { squareName } from "./woodboard.js";

/** The line through `from` and `to` ({ name, what } of line_counts' four), or null. */
export function lineBetween(from, to) {
  const dr = to[0] - from[0];
  const dc = to[1] - from[1];
  if (!dr && !dc) return null;
  if (!dr) return { name: "horizontal", what: "row" };
  if (!dc) return { name: "vertical", what: "column" };
  if (Math.abs(dr) !== Math.abs(dc)) return null;
  // row 0 at the top: "diagonal" rises to the right (a1-h8), as in line_counts
  return (dr < 0) === (dc > 0) ? { name: "diagonal", what: "diagonal" } : { name: "antidiagonal", what: "diagonal" };
}

/**
 * The words for a click on `cell` that is not a move, or "" when the click is one
 * (a target of the selected piece, or one of the user's pieces: it selects).
 * @param {object} o
 * @param {number} o.n                 the board's size
 * @param {number[]} o.board           row-major, 0 empty, 1 the user's, 2 the light side's
 * @param {[number, number]|null} o.selected
 * @param {Array<[number, number, boolean]>} o.targets
 * @param {object|null} o.lineCounts   { horizontal, vertical, diagonal, antidiagonal }
 * @param {[number, number]} o.cell
 * @param {boolean} o.usersTurn        the user is to move
 * @param {boolean} [o.thinking]       the light side is thinking
 * @param {object} o.them              the light side in words (rules.js opponentWords)
 */
export function refusalText({ n, board, selected, targets, lineCounts, cell, usersTurn, thinking = false, them }) {
  const at = (r, c) => board[r * n + c];
  const k = at(cell[0], cell[1]);
  if (thinking) return `Wait: ${them.the} is thinking.`;
  if (!usersTurn) return `Wait for ${them.the}'s move.`;
  if (k === USER) return "";
  if (!selected) {
    return k === COMPUTER
      ? `That is ${them.the}'s piece: select one of your dark pieces first.`
      : "Select one of your dark pieces first: green dots then show where it can go.";
  }
  if (targets.some(([r, c]) => r === cell[0] && c === cell[1])) return "";
  const name = squareName(selected[0], selected[1], n);
  if (!targets.length) return `${name} cannot move: pick another of your pieces.`;
  const line = lineBetween(selected, cell);
  if (!line) return `${name} moves only in a straight line: across, up and down, or diagonally. Pick a green dot.`;
  const count = lineCounts && Number.isInteger(lineCounts[line.name]) ? lineCounts[line.name] : null;
  const distance = Math.max(Math.abs(cell[0] - selected[0]), Math.abs(cell[1] - selected[1]));
  if (count !== null && distance !== count) {
    const pieces = count === 1 ? "1 piece" : `${count} pieces`;
    const cells = count === 1 ? "1 cell" : `${count} cells`;
    return `${name} moves exactly ${cells} along this ${line.what}: the ${line.what} holds ${pieces}, yours and ${them.the}'s.`;
  }
  // the right distance, yet no target: an enemy piece on the way
  const dr = Math.sign(cell[0] - selected[0]);
  const dc = Math.sign(cell[1] - selected[1]);
  for (let i = 1; i < distance; i++) {
    const r = selected[0] + i * dr;
    const c = selected[1] + i * dc;
    if (at(r, c) === COMPUTER) {
      return `${them.The}'s piece on ${squareName(r, c, n)} is in the way: a piece jumps over your own pieces, never over ${them.the}'s.`;
    }
  }
  return "Not a target: pick a green dot or a red ring.";
}
