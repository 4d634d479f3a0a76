// node --test js/tests: the connection watcher with a fake model, kernel and clock.
import assert from "node:assert/strict";
import { test } from "node:test";

import { watchConnection } from "../lib/connection.js";

/** A signal as Lumino's: connect / disconnect slots, emit to them. */
function signal() {
  const slots = new Set();
  return {
    connect: (fn) => slots.add(fn),
    disconnect: (fn) => slots.delete(fn),
    emit: (value) => [...slots].forEach((fn) => fn(null, value)),
    get size() {
      return slots.size;
    },
  };
}

function fakeModel({ kernel = null } = {}) {
  const handlers = new Map();
  const sent = [];
  const manager = { kernel };
  return {
    sent,
    manager,
    widget_manager: manager,
    on: (name, fn) => handlers.set(name, [...(handlers.get(name) || []), fn]),
    off: (name, fn) => handlers.set(name, (handlers.get(name) || []).filter((f) => f !== fn)),
    send: (msg) => sent.push(msg),
    fire: (name, value) => (handlers.get(name) || []).forEach((fn) => fn(value)),
    count: (name) => (handlers.get(name) || []).length,
  };
}

function fakeKernel(status = "idle") {
  return {
    status,
    connectionStatus: "connected",
    isDisposed: false,
    statusChanged: signal(),
    connectionStatusChanged: signal(),
    disposed: signal(),
  };
}

/** A clock whose intervals run when `advance(ms)` says so. */
function fakeClock() {
  let now = 0;
  let next = 1;
  const timers = new Map();
  return {
    now: () => now,
    setInterval: (fn, ms) => {
      timers.set(next, { fn, ms, due: now + ms });
      return next++;
    },
    clearInterval: (id) => timers.delete(id),
    advance(ms) {
      const end = now + ms;
      for (;;) {
        const due = [...timers.values()].filter((t) => t.due <= end).sort((a, b) => a.due - b.due)[0];
        if (!due) break;
        now = due.due;
        due.due += due.ms;
        due.fn();
      }
      now = end;
    },
    get pending() {
      return timers.size;
    },
  };
}

function watch(model, clock) {
  const changes = [];
  const connection = watchConnection(model, { clock, onChange: (live, reason) => changes.push([live, reason]) });
  return { connection, changes };
}

test("a restarting kernel makes the view lost, for good", () => {
  const kernel = fakeKernel();
  const clock = fakeClock();
  const { connection, changes } = watch(fakeModel({ kernel }), clock);
  assert.equal(connection.live, true);
  kernel.statusChanged.emit("busy");
  kernel.statusChanged.emit("idle");
  assert.deepEqual(changes, []);
  kernel.statusChanged.emit("restarting");
  assert.equal(connection.live, false);
  assert.match(connection.reason, /restarted/);
  kernel.statusChanged.emit("idle"); // the new kernel has no comm for this model
  assert.equal(connection.live, false);
  assert.equal(changes.length, 1);
});

test("a disposed kernel, a given-up connection, or another kernel in the manager: lost", () => {
  for (const cause of ["disposed", "disconnected", "replaced", "dead"]) {
    const kernel = fakeKernel();
    const clock = fakeClock();
    const model = fakeModel({ kernel });
    const { connection } = watch(model, clock);
    if (cause === "disposed") kernel.disposed.emit();
    if (cause === "disconnected") kernel.connectionStatusChanged.emit("disconnected");
    if (cause === "dead") kernel.statusChanged.emit("dead");
    if (cause === "replaced") {
      model.manager.kernel = fakeKernel();
      clock.advance(2000); // noticed by the poll
    }
    assert.equal(connection.live, false, cause);
  }
});

test("a brief reconnect of the websocket is not a loss", () => {
  const kernel = fakeKernel();
  const { connection } = watch(fakeModel({ kernel }), fakeClock());
  kernel.connectionStatusChanged.emit("connecting");
  kernel.connectionStatusChanged.emit("connected");
  assert.equal(connection.live, true);
});

test("a view rendered after its kernel died starts lost", () => {
  const { connection } = watch(fakeModel({ kernel: fakeKernel("dead") }), fakeClock());
  assert.equal(connection.live, false);
});

test("the comm closing (w.close() in Python) makes the view lost", () => {
  const model = fakeModel({ kernel: fakeKernel() });
  const { connection } = watch(model, fakeClock());
  model.fire("comm:close");
  assert.equal(connection.live, false);
  assert.match(connection.reason, /closed/);
});

test("without a kernel to watch, a heartbeat: lost after silence, live again on an answer", () => {
  const model = fakeModel();
  const clock = fakeClock();
  const { connection, changes } = watch(model, clock);
  assert.deepEqual(model.sent[0], { type: "ping", n: 1 });
  for (let i = 0; i < 3; i++) {
    clock.advance(3000);
    model.fire("msg:custom", { type: "pong", n: model.sent.length });
  }
  assert.equal(connection.live, true);
  clock.advance(12000); // pings go unanswered (a busy or gone kernel)
  assert.equal(connection.live, true, "12 s of silence is not yet lost");
  clock.advance(3000);
  assert.equal(connection.live, false);
  assert.match(connection.reason, /does not answer/);
  model.fire("msg:custom", { type: "pong", n: 9 });
  assert.equal(connection.live, true);
  model.fire("msg:custom", { type: "something else" });
  assert.deepEqual(changes.map(([live]) => live), [false, true]);
});

test("destroy removes every listener and timer", () => {
  const kernel = fakeKernel();
  const clock = fakeClock();
  const model = fakeModel({ kernel });
  const { connection } = watch(model, clock);
  connection.destroy();
  assert.equal(kernel.statusChanged.size + kernel.connectionStatusChanged.size + kernel.disposed.size, 0);
  assert.equal(model.count("comm:close") + model.count("destroy"), 0);
  assert.equal(clock.pending, 0);
  const beating = fakeModel();
  const clock2 = fakeClock();
  watch(beating, clock2).connection.destroy();
  assert.equal(clock2.pending, 0);
  assert.equal(beating.count("msg:custom"), 0);
});

/** A status message of the kernel signed by `session`, as the kernel's iopubMessage emits it. */
const status = (session, state = "idle") => ({ header: { msg_type: "status", session }, content: { execution_state: state } });

function fakeLabKernel() {
  return { ...fakeKernel(), iopubMessage: signal() };
}

test("a kernel restarted by another client: its first status under a new session makes the view lost", () => {
  const kernel = fakeLabKernel();
  const clock = fakeClock();
  const model = fakeModel({ kernel });
  const { connection } = watch(model, clock);
  kernel.iopubMessage.emit(status("first"));
  kernel.iopubMessage.emit({ header: { msg_type: "stream", session: "server" } }); // not a status: no sign
  assert.equal(connection.live, true);
  // the page is told nothing (no "restarting"); the heartbeat's ping reaches the new kernel
  clock.advance(6000); // heard at 0 s: no ping at 3 s, one at 6 s
  assert.equal(model.sent.length, 2, "it asks");
  kernel.iopubMessage.emit(status("second", "busy"));
  assert.equal(connection.live, false);
  assert.match(connection.reason, /restarted/);
  clock.advance(60000);
  assert.equal(connection.live, false, "no pong ever comes from the new kernel");
});

test("a status of the first kernel is a sign of life: no ping needed, and a view lost for silence is live again", () => {
  const kernel = fakeLabKernel();
  const clock = fakeClock();
  const model = fakeModel({ kernel });
  const { connection } = watch(model, clock);
  kernel.iopubMessage.emit(status("k"));
  for (let i = 0; i < 10; i++) {
    clock.advance(3000);
    kernel.iopubMessage.emit(status("k")); // another view's pings, or a cell run, keep it busy talking
  }
  assert.equal(model.sent.length, 1, "only the first ping: the kernel was heard all along");
  assert.equal(connection.live, true);
  clock.advance(15000); // silence while idle
  assert.equal(connection.live, false);
  assert.match(connection.reason, /does not answer/);
  kernel.iopubMessage.emit(status("k"));
  assert.equal(connection.live, true);
});

test("a busy kernel (a long cell) is not silent: its view stays live", () => {
  const kernel = fakeLabKernel();
  const clock = fakeClock();
  const { connection } = watch(fakeModel({ kernel }), clock);
  kernel.status = "busy";
  clock.advance(120000);
  assert.equal(connection.live, true);
  kernel.status = "idle"; // done: the queued pings are answered, or not
  clock.advance(15000);
  assert.equal(connection.live, false);
});

test("with a kernel to watch the heartbeat runs too, and destroy stops it", () => {
  const kernel = fakeLabKernel();
  const clock = fakeClock();
  const model = fakeModel({ kernel });
  const { connection } = watch(model, clock);
  clock.advance(9000);
  assert.deepEqual(model.sent.map((m) => m.type), ["ping", "ping", "ping", "ping"]);
  connection.destroy();
  assert.equal(kernel.iopubMessage.size + model.count("msg:custom"), 0);
  assert.equal(clock.pending, 0);
});
