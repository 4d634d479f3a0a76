// node --test js/tests: what every view's history slider reads and which keys step it
// (js/lib/history.js: readHistory, historyStep), shared by the four views.
import assert from "node:assert/strict";
import { test } from "node:test";

import { historyStep, readHistory } from "../lib/history.js";

const model = (traits) => ({ get: (name) => traits[name] });
const key = (k, mods = {}) => ({ key: k, ctrlKey: false, metaKey: false, altKey: false, ...mods });

test("readHistory gives [index, length] with the index inside the game", () => {
  assert.deepEqual(readHistory(model({ history_length: 5, history_index: 2 })), [2, 5]);
  assert.deepEqual(readHistory(model({ history_length: 5, history_index: 9 })), [4, 5]);
  assert.deepEqual(readHistory(model({ history_length: 5, history_index: -3 })), [0, 5]);
  assert.deepEqual(readHistory(model({ history_length: 5 })), [4, 5]); // no index: the live game
  assert.deepEqual(readHistory(model({ history_length: "x", history_index: null })), [0, 1]);
  assert.deepEqual(readHistory(model({ history_length: 0, history_index: 0 })), [0, 1]);
});

test("PageUp and [ step back, PageDown and ] forward, other keys not", () => {
  assert.equal(historyStep(key("PageUp")), -1);
  assert.equal(historyStep(key("[")), -1);
  assert.equal(historyStep(key("PageDown")), 1);
  assert.equal(historyStep(key("]")), 1);
  assert.equal(historyStep(key("ArrowLeft")), 0);
  assert.equal(historyStep(key("u")), 0);
});

test("with a modifier PageUp is the page's, [ still steps unless with Cmd (AltGr layouts)", () => {
  assert.equal(historyStep(key("PageUp", { ctrlKey: true })), 0);
  assert.equal(historyStep(key("PageDown", { altKey: true })), 0);
  assert.equal(historyStep(key("[", { ctrlKey: true, altKey: true })), -1);
  assert.equal(historyStep(key("]", { metaKey: true })), 0);
});
