// Defensive access to an anywidget model's synced traits.
//
// Python is the source of truth, but a view must never throw because a trait holds
// something unexpected: every reader returns a fallback for malformed values.

/** model.get(name), or undefined if the model throws. */
export function readRaw(model, name) {
  try {
    return model.get(name);
  } catch (_) {
    return undefined;
  }
}

export function readBool(model, name, fallback = false) {
  const v = readRaw(model, name);
  return typeof v === "boolean" ? v : fallback;
}

export function readNumber(model, name, fallback = 0) {
  const v = readRaw(model, name);
  return typeof v === "number" && Number.isFinite(v) ? v : fallback;
}

export function readInt(model, name, fallback = 0) {
  const v = readNumber(model, name, NaN);
  return Number.isFinite(v) ? Math.trunc(v) : fallback;
}

export function readString(model, name, fallback = "") {
  const v = readRaw(model, name);
  return typeof v === "string" ? v : fallback;
}

export function readList(model, name) {
  const v = readRaw(model, name);
  return Array.isArray(v) ? v : [];
}

/** A plain object (not an array, not null), or null. */
export function readObject(model, name) {
  const v = readRaw(model, name);
  return asObject(v);
}

export function asObject(v) {
  return v && typeof v === "object" && !Array.isArray(v) ? v : null;
}

function isIndex(v, size) {
  return Number.isInteger(v) && v >= 0 && v < size;
}

/** True for [r, c] (extra items allowed) inside a rows x cols grid. */
export function isCell(v, rows, cols) {
  return Array.isArray(v) && v.length >= 2 && isIndex(v[0], rows) && isIndex(v[1], cols);
}

/** [r, c] or null. */
export function asCell(v, rows, cols) {
  return isCell(v, rows, cols) ? [v[0], v[1]] : null;
}

/** Keep the valid [r, c] items of a list (copies, without extra items). */
export function asCells(v, rows, cols) {
  if (!Array.isArray(v)) return [];
  const out = [];
  for (const item of v) if (isCell(item, rows, cols)) out.push([item[0], item[1]]);
  return out;
}

/** Keep the valid [r, c, value] items whose value passes `valid` (default: integer). */
export function asCellValues(v, rows, cols, valid = Number.isInteger) {
  if (!Array.isArray(v)) return [];
  const out = [];
  for (const item of v) {
    if (isCell(item, rows, cols) && item.length >= 3 && valid(item[2])) {
      out.push([item[0], item[1], item[2]]);
    }
  }
  return out;
}

/** A flat row-major list of `size` integers in [min, max], or null if malformed. */
export function asIntGrid(v, size, min, max) {
  if (!Array.isArray(v) || v.length !== size) return null;
  for (const x of v) if (!Number.isInteger(x) || x < min || x > max) return null;
  return v.slice();
}

/** model.set(name, value) + save_changes(), never throwing. */
export function setTrait(model, name, value) {
  try {
    model.set(name, value);
    model.save_changes();
  } catch (err) {
    console.warn(`gamewidgets: could not set ${name}`, err);
  }
}

/** model.send(msg), never throwing. */
export function sendMessage(model, msg) {
  try {
    model.send(msg);
  } catch (err) {
    console.warn("gamewidgets: could not send", msg, err);
  }
}

/**
 * Call `callback(changedNames)` once after one or more of `names` changed.
 * Changes that arrive together (one sync from Python sets several traits, firing one
 * change event each) are coalesced in a microtask, so the callback sees them all.
 * Returns an unsubscribe function.
 */
export function watchTraits(model, names, callback) {
  let pending = null;
  let alive = true;
  const flush = () => {
    const changed = pending;
    pending = null;
    if (!alive || !changed) return;
    try {
      callback(changed);
    } catch (err) {
      console.error("gamewidgets: view update failed", err);
    }
  };
  const handlers = names.map((name) => {
    const handler = () => {
      if (!pending) {
        pending = new Set();
        queueMicrotask(flush);
      }
      pending.add(name);
    };
    try {
      model.on(`change:${name}`, handler);
    } catch (_) {
      /* a model without events: nothing to watch */
    }
    return [name, handler];
  });
  return () => {
    alive = false;
    for (const [name, handler] of handlers) {
      try {
        model.off(`change:${name}`, handler);
      } catch (_) {
        /* ignore */
      }
    }
  };
}
