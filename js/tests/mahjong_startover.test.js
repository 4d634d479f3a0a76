// node --test js/tests: Play again (R) and New game (N) in the Mahjong Connect view
// (js/mahjong/startover.js) ask first while a game is under way, and only then.
import assert from "node:assert/strict";
import { test } from "node:test";

import { gameUnderWay, startOver } from "../mahjong/startover.js";

/** A view with the traits given: what it sent and what it asked are recorded. */
function fakeView({ length = 1, won = false, pairs = 0, score = 0 } = {}) {
  const view = { sent: [], asked: [], destroyed: false };
  view.traits = {
    history: () => [length - 1, length],
    won: () => won,
    breakdown: () => [["pairs", pairs * 10], ["hints", 0]],
    score: () => score,
  };
  view.act = (msg) => view.sent.push(msg);
  view.shell = { confirm: { ask: (question) => view.asked.push(question) } };
  return view;
}

test("a fresh deal and a won board start over at once", () => {
  for (const traits of [{ length: 1 }, { length: 73, won: true, pairs: 72 }]) {
    const view = fakeView(traits);
    assert.equal(gameUnderWay(view.traits), false);
    startOver(view, "restart");
    startOver(view, "new");
    assert.deepEqual(view.sent, [{ type: "restart" }, { type: "new_game" }]);
    assert.deepEqual(view.asked, []);
  }
});

test("a game under way is asked about; confirming sends the message", () => {
  const view = fakeView({ length: 3, pairs: 2, score: -12 });
  assert.equal(gameUnderWay(view.traits), true);
  startOver(view, "new");
  assert.deepEqual(view.sent, []);
  const [question] = view.asked;
  assert.equal(question.name, "new");
  assert.equal(question.confirm, "New game");
  assert.match(question.message, /2 pairs removed, score \u221212/);
  assert.match(question.message, /Undo \(U\)/);
  question.onConfirm();
  assert.deepEqual(view.sent, [{ type: "new_game" }]);
  startOver(view, "restart");
  assert.equal(view.asked[1].name, "restart");
  assert.equal(view.asked[1].confirm, "Play again");
  assert.deepEqual(view.sent, [{ type: "new_game" }]); // nothing until confirmed
});
