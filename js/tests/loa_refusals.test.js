// node --test js/tests: why a click on the Lines of Action board moves nothing, in
// words (js/loa/refusals.js), from what Python sent: the board, the selected piece's
// targets and the piece counts on its lines.
import assert from "node:assert/strict";
import { test } from "node:test";

import { lineBetween, refusalText } from "../loa/refusals.js";
import { opponentWords } from "../loa/rules.js";

// a 6x6 board from rows of ". x o" (x: the user's, 1; o: the computer's, 2)
function board(text) {
  return text
    .trim()
    .split("\n")
    .flatMap((row) => row.trim().split(/\s+/).map((c) => ({ ".": 0, x: 1, o: 2 })[c]));
}

const START = board(`
  . x x x x .
  o . . . . o
  o . . . . o
  o . . . . o
  o . . . . o
  . x x x x .`);

// b1 = [5, 1] at the start: column b holds 2 pieces, its row 4, its diagonals 2 and 2
const B1 = {
  n: 6,
  board: START,
  selected: [5, 1],
  targets: [[3, 1, false], [5, 5, false], [3, 3, false]],
  lineCounts: { horizontal: 4, vertical: 2, diagonal: 2, antidiagonal: 2 },
  usersTurn: true,
  them: opponentWords(),
};

test("a target, or one of the user's pieces, is no refusal", () => {
  assert.equal(refusalText({ ...B1, cell: [3, 1] }), "");
  assert.equal(refusalText({ ...B1, cell: [5, 2] }), "");
});

test("the wrong distance along a line says how far the piece goes and why", () => {
  assert.equal(
    refusalText({ ...B1, cell: [4, 1] }),
    "b1 moves exactly 2 cells along this column: the column holds 2 pieces, yours and the computer's.",
  );
  assert.match(refusalText({ ...B1, cell: [5, 0] }), /^b1 moves exactly 4 cells along this row: the row holds 4 pieces/);
  assert.match(refusalText({ ...B1, cell: [4, 2] }), /exactly 2 cells along this diagonal/);
});

test("a cell off the piece's lines: it moves in a straight line", () => {
  assert.match(refusalText({ ...B1, cell: [3, 2] }), /^b1 moves only in a straight line/);
});

test("the right distance but an enemy piece in between: it is in the way", () => {
  // x on c1 = [5, 2], o on c2 and c5: column c holds 3, c4 is 3 cells up, past c2
  const b = board(`
    . . . . . .
    . . o . . .
    . . . . . .
    . . . . . .
    . . o . . .
    . . x . . .`);
  const text = refusalText({
    n: 6, board: b, selected: [5, 2], targets: [[5, 5, false]], lineCounts: { horizontal: 1, vertical: 3, diagonal: 1, antidiagonal: 1 },
    usersTurn: true, them: opponentWords(), cell: [2, 2],
  });
  assert.equal(text, "The computer's piece on c2 is in the way: a piece jumps over your own pieces, never over the computer's.");
});

test("nothing selected, a piece with no move, and not the user's turn", () => {
  const none = { ...B1, selected: null, targets: [], lineCounts: null };
  assert.match(refusalText({ ...none, cell: [2, 2] }), /^Select one of your dark pieces first/);
  assert.match(refusalText({ ...none, cell: [1, 0] }), /^That is the computer's piece: select one of your dark pieces first/);
  assert.equal(refusalText({ ...B1, targets: [], cell: [3, 1] }), "b1 cannot move: pick another of your pieces.");
  assert.equal(refusalText({ ...B1, usersTurn: false, thinking: true, cell: [3, 1] }), "Wait: the computer is thinking.");
  assert.equal(refusalText({ ...B1, usersTurn: false, cell: [5, 1] }), "Wait for the computer's move.");
  // your own player in the computer's seat is named
  assert.equal(refusalText({ ...B1, usersTurn: false, thinking: true, them: opponentWords("greedy"), cell: [3, 1] }),
    "Wait: greedy is thinking.");
});

test("the lines between two cells are line_counts' four (diagonal rises to the right)", () => {
  assert.deepEqual(lineBetween([5, 1], [5, 4]), { name: "horizontal", what: "row" });
  assert.deepEqual(lineBetween([5, 1], [2, 1]), { name: "vertical", what: "column" });
  assert.deepEqual(lineBetween([5, 1], [3, 3]), { name: "diagonal", what: "diagonal" });
  assert.deepEqual(lineBetween([5, 4], [3, 2]), { name: "antidiagonal", what: "diagonal" });
  assert.equal(lineBetween([5, 1], [3, 2]), null);
  assert.equal(lineBetween([5, 1], [5, 1]), null);
});
