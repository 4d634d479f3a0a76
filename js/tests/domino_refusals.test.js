// node --test js/tests: why a Dominoes hand tile cannot be played now, in words
// (js/domino/refusals.js), from what Python sent (the traits as the view reads them).
import assert from "node:assert/strict";
import { test } from "node:test";

import { endRefusalText, refusalText } from "../domino/refusals.js";

// the user's turn against the computer, 6|6 then 6|2 on the line (ends 6 and 2)
const MINE = {
  mode: "computer",
  names: ["You", "Computer"],
  seat: 0,
  turn: 0,
  thinking: false,
  over: false,
  live: true,
  canDraw: false,
  canPass: false,
  line: [[6, 6], [6, 2]],
  opening: [],
};

test("a tile that matches neither end names both ends", () => {
  assert.equal(refusalText(MINE, [1, 0]), "1\u20130 does not fit: the ends show 6 and 2. Play a highlighted tile.");
  assert.equal(refusalText({ ...MINE, line: [[6, 6]] }, [1, 0]),
    "1\u20130 does not fit: both ends show 6. Play a highlighted tile.");
});

test("before the first tile only the opening one may be played, and it says why it leads", () => {
  const start = { ...MINE, line: [], opening: [6, 6] };
  assert.equal(refusalText(start, [6, 1]), "The first tile must be the 6\u20136 (marked Lead): the highest double leads.");
  assert.equal(refusalText({ ...start, opening: [6, 5] }, [4, 1]),
    "The first tile must be the 6\u20135 (marked Lead): no double was dealt: the highest pip total leads.");
});

test("not your turn says whose it is", () => {
  assert.equal(refusalText({ ...MINE, turn: 1, thinking: true }, [6, 1]), "Not your turn: Computer is thinking.");
  assert.equal(refusalText({ ...MINE, turn: 1 }, [6, 1]), "Not your turn: it is Computer's.");
  const local = { ...MINE, mode: "local", names: ["Player 1", "Player 2"], seat: 0, turn: 1 };
  assert.equal(refusalText(local, [6, 1]), "Not your turn: it is Player 2's.");
  assert.equal(refusalText({ ...MINE, mode: "online", turn: 1 }, [6, 1]), "Not your turn: wait for your opponent's move.");
});

test("with nothing that fits it says to draw, or to pass once the boneyard is empty", () => {
  assert.equal(refusalText({ ...MINE, canDraw: true }, [1, 0]),
    "1\u20130 does not fit, nor does any tile of yours: draw from the boneyard.");
  assert.equal(refusalText({ ...MINE, canPass: true }, [1, 0]),
    "1\u20130 does not fit, nor does any tile of yours, and the boneyard is empty: pass.");
});

test("the hand over, or the seat not connected, come before anything else", () => {
  assert.equal(refusalText({ ...MINE, over: true, turn: 1 }, [1, 0]),
    "The hand is over: 1\u20130 stays in the hand. New game deals the next one.");
  assert.equal(refusalText({ ...MINE, mode: "online", live: false }, [1, 0]),
    "You cannot play now: both players must be connected.");
});

test("a chosen tile sent to an end it does not fit names that end's pips", () => {
  assert.equal(endRefusalText([6, 1], "right", MINE.line), "6\u20131 does not fit the right end (it shows 2): try the other end.");
  assert.equal(endRefusalText([6, 1], "left", []), "6\u20131 does not fit the left end: try the other end.");
});
