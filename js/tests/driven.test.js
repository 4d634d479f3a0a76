// node --test js/tests: who plays the board (js/lib/driven.js) — the `driven_by` and
// `opponent_name` traits read, and the "Played by" line the shell puts under every
// view's header, with a fake model and a minimal fake DOM.
import assert from "node:assert/strict";
import { test } from "node:test";

import { createDrivenLine, drivenBy, drivenStatus, opponentName, playedByText } from "../lib/driven.js";

function fakeModel(traits) {
  const handlers = new Map();
  return {
    get: (name) => traits[name],
    on: (name, fn) => handlers.set(name, [...(handlers.get(name) || []), fn]),
    off: (name, fn) => handlers.set(name, (handlers.get(name) || []).filter((f) => f !== fn)),
    set(name, value) {
      traits[name] = value;
      for (const fn of handlers.get(`change:${name}`) || []) fn();
    },
    count: (name) => (handlers.get(name) || []).length,
  };
}

/** Just what driven.js asks of the DOM. */
function fakeElement(tag) {
  const el = {
    tagName: tag,
    className: "",
    dataset: {},
    attributes: {},
    children: [],
    hidden: false,
    title: "",
    textContent: "",
    firstChild: null,
    offsetWidth: 0,
    classList: {
      names: new Set(),
      add: (n) => el.classList.names.add(n),
      remove: (n) => el.classList.names.delete(n),
      contains: (n) => el.classList.names.has(n),
    },
    setAttribute: (k, v) => (el.attributes[k] = String(v)),
    append: (...kids) => el.children.push(...kids),
    appendChild: (kid) => el.children.push(kid),
    set innerHTML(html) {
      el.firstChild = fakeElement(html.startsWith("<svg") ? "svg" : "span");
    },
  };
  return el;
}
const fakeDoc = { createElement: fakeElement };

test("the traits read as trimmed strings, anything else as nobody", () => {
  assert.equal(drivenBy(fakeModel({ driven_by: "  the Gymnasium environment " })), "the Gymnasium environment");
  assert.equal(drivenBy(fakeModel({})), "");
  assert.equal(drivenBy(fakeModel({ driven_by: 3 })), "");
  assert.equal(opponentName(fakeModel({ opponent_name: "first-capture" })), "first-capture");
  assert.equal(opponentName(fakeModel({ opponent_name: null })), "");
  assert.equal(playedByText("an agent"), "Played by an agent");
  assert.match(drivenStatus(), /^Played from Python: .*history slider/);
});

test("the line is hidden while the user plays, says who drives and follows the trait", () => {
  const model = fakeModel({ driven_by: "" });
  const root = fakeElement("div");
  const line = createDrivenLine({ doc: fakeDoc, model, root });
  assert.equal(line.el.hidden, true);
  assert.equal(root.dataset.drivenBy, "");
  assert.equal(line.by, "");
  model.set("driven_by", "the Gymnasium environment");
  assert.equal(line.el.hidden, false);
  assert.equal(root.dataset.drivenBy, "the Gymnasium environment");
  assert.equal(line.by, "the Gymnasium environment");
  const pill = line.el.children[0];
  const text = pill.children[1];
  assert.equal(text.textContent, "Played by the Gymnasium environment");
  assert.match(pill.title, /takes no moves from here/);
  model.set("driven_by", "");
  assert.equal(line.el.hidden, true);
  assert.equal(root.dataset.drivenBy, "");
  line.destroy();
  assert.equal(model.count("change:driven_by"), 0);
});

test("by reads the trait, so a view asking before the change event is never behind", () => {
  const traits = { driven_by: "" };
  const model = fakeModel(traits);
  const line = createDrivenLine({ doc: fakeDoc, model, root: fakeElement("div") });
  traits.driven_by = "an agent"; // set, its change event not fired yet
  assert.equal(line.by, "an agent");
  line.destroy();
});

test("nudge shakes a shown line only", () => {
  const model = fakeModel({ driven_by: "" });
  const line = createDrivenLine({ doc: fakeDoc, model, root: fakeElement("div") });
  line.nudge();
  assert.equal(line.el.classList.contains("gw-nudge"), false);
  model.set("driven_by", "an agent");
  line.nudge();
  assert.equal(line.el.classList.contains("gw-nudge"), true);
  line.destroy(); // (clears the timer that takes the class away)
});

test("a game a computer played for the user says so and that it is not counted; driving comes first", () => {
  const model = fakeModel({ driven_by: "", played_by: "" });
  const root = fakeElement("div");
  const line = createDrivenLine({ doc: fakeDoc, model, root });
  const text = line.el.children[0].children[1];
  model.set("played_by", "expert");
  assert.equal(line.el.hidden, false);
  assert.equal(root.dataset.playedBy, "expert");
  assert.equal(text.textContent, "Played by expert \u00b7 not counted");
  assert.equal(line.by, ""); // the user may still play: nothing is refused
  assert.match(line.el.children[0].title, /adds nothing to your records/);
  model.set("driven_by", "an environment");
  assert.equal(text.textContent, "Played by an environment");
  assert.equal(root.dataset.playedBy, "");
  model.set("driven_by", "");
  model.set("played_by", "");
  assert.equal(line.el.hidden, true);
  line.destroy();
  assert.equal(model.count("change:played_by"), 0);
});
