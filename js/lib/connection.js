// Whether the view's kernel is still there to answer it.
//
//   const connection = watchConnection(model, { onChange: (live, reason) => ... });
//   connection.live; connection.reason; connection.destroy();
//
// A board whose kernel restarted or shut down looks alive but plays no more: its
// model's comm is gone. This tells, from what the front-end offers:
// - The widget manager's kernel (JupyterLab and Notebook 7: `model.widget_manager.kernel`,
//   a kernel connection with Lumino signals): lost for good once it restarts
//   ("restarting", "autorestarting"), dies ("dead"), is disposed (shut down), its
//   connection is given up ("disconnected"), or the manager has another kernel.
// - A kernel restarted by another client (the REST API, another tab or front-end) says
//   none of that to this page: the new kernel process only signs its messages with
//   another session. A status message (every request makes the kernel publish one)
//   signed by a session other than the first one heard means another kernel: lost.
// - The model's own events: "comm:close" (the widget was closed from Python) and
//   "destroy" (the model was thrown away): lost for good.
// - In every front-end, a heartbeat: the view sends {"type": "ping"} when it has heard
//   nothing from the kernel for `heartbeatMs` (so a kernel restarted elsewhere gets a
//   request, and answers it under its new session), and Python answers {"type": "pong"}.
//   No answer for `lostAfterMs` counts as lost, and an answer after that as live again
//   (a kernel running a long cell answers late, not never; where the kernel's status is
//   known, the time it is busy does not count as silence).
const GONE = new Set(["restarting", "autorestarting", "dead", "terminating"]);
const POLL_MS = 2000;

/** The kernel connection the front-end's widget manager talks to, or null. */
function kernelOf(model) {
  try {
    const kernel = model.widget_manager && model.widget_manager.kernel;
    return kernel && kernel.statusChanged && typeof kernel.statusChanged.connect === "function" ? kernel : null;
  } catch (_) {
    return null;
  }
}

function subscribe(signal, slot, undo) {
  if (!signal || typeof signal.connect !== "function") return;
  signal.connect(slot);
  undo.push(() => signal.disconnect(slot));
}

/**
 * @param {object} model  the anywidget model
 * @param {object} o
 * @param {(live: boolean, reason: string) => void} [o.onChange]
 * @param {number} [o.heartbeatMs=3000]
 * @param {number} [o.lostAfterMs=12000]
 * @param {object} [o.clock]  { now(), setInterval(fn, ms), clearInterval(id) } (tests)
 */
export function watchConnection(model, { onChange = () => {}, heartbeatMs = 3000, lostAfterMs = 12000, clock } = {}) {
  const time = clock || {
    now: () => Date.now(),
    setInterval: (fn, ms) => setInterval(fn, ms),
    clearInterval: (id) => clearInterval(id),
  };
  const undo = [];
  const state = { live: true, reason: "", final: false };

  function set(live, reason, final = false) {
    if (state.final) return;
    state.final = final;
    if (live === state.live && reason === state.reason) return;
    state.live = live;
    state.reason = reason;
    try {
      onChange(live, reason);
    } catch (err) {
      console.error("gamewidgets: connection change failed", err);
    }
  }
  const lose = (reason) => set(false, reason, true);

  const onClose = () => lose("the widget was closed");
  for (const name of ["comm:close", "destroy"]) {
    try {
      model.on(name, onClose);
      undo.push(() => model.off(name, onClose));
    } catch (_) {
      /* a model without events */
    }
  }

  // the last sign of life: a pong, or a status message of the first kernel heard
  let heard = time.now();
  let fresh = false; // heard since the last beat: no need to ask
  const alive = () => {
    heard = time.now();
    fresh = true;
    set(true, "");
  };

  const kernel = kernelOf(model);
  if (kernel) {
    const onStatus = (_, status) => {
      if (GONE.has(status)) lose(status === "dead" ? "the kernel died" : "the kernel restarted");
    };
    const onConnection = (_, status) => {
      if (status === "disconnected") lose("the connection to the kernel was lost");
    };
    const onDisposed = () => lose("the kernel was shut down");
    let session = "";
    const onIopub = (_, message) => {
      const header = message && message.header;
      if (!header || header.msg_type !== "status" || typeof header.session !== "string") return;
      if (!session) session = header.session;
      if (header.session === session) alive();
      else set(false, "the kernel restarted");
    };
    subscribe(kernel.statusChanged, onStatus, undo);
    subscribe(kernel.connectionStatusChanged, onConnection, undo);
    subscribe(kernel.disposed, onDisposed, undo);
    subscribe(kernel.iopubMessage, onIopub, undo);
    const check = () => {
      if (kernel.isDisposed) onDisposed();
      else if (kernelOf(model) !== kernel) lose("the kernel restarted");
      else {
        onStatus(null, kernel.status);
        onConnection(null, kernel.connectionStatus);
      }
    };
    check();
    const poll = time.setInterval(check, POLL_MS);
    undo.push(() => time.clearInterval(poll));
  }

  const onMessage = (message) => {
    if (message && message.type === "pong") alive();
  };
  try {
    model.on("msg:custom", onMessage);
    undo.push(() => model.off("msg:custom", onMessage));
  } catch (_) {
    /* no messages: nothing to hear back */
  }
  let n = 0;
  const beat = () => {
    if (kernel && kernel.status === "busy") heard = time.now(); // it answers when the cell is done
    if (time.now() - heard > lostAfterMs) set(false, "the kernel does not answer");
    if (fresh && n > 0) {
      fresh = false;
      return;
    }
    try {
      model.send({ type: "ping", n: ++n });
    } catch (_) {
      set(false, "the kernel does not answer");
    }
  };
  beat();
  const timer = time.setInterval(beat, heartbeatMs);
  undo.push(() => time.clearInterval(timer));

  return {
    get live() {
      return state.live;
    },
    get reason() {
      return state.reason;
    },
    destroy() {
      while (undo.length) {
        try {
          undo.pop()();
        } catch (_) {
          /* ignore */
        }
      }
    },
  };
}
