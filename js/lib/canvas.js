// A canvas that follows its container's width, stays crisp at any devicePixelRatio,
// and redraws on demand (coalesced into one requestAnimationFrame).
//
//   const board = createCanvas({ parent, className: "gw-board", minSize: 260,
//                                maxSize: 520, aspect: 1, draw });
//   draw(ctx, { width, height, dpr, now }) paints in CSS pixels (the context is
//   already scaled by dpr) and returns true to be called again on the next frame
//   (while something animates), false/undefined to stop.
//   board.requestDraw()  schedule a redraw; board.destroy() stops everything.
//
//   Boards whose shape depends on the space (e.g. a grid that turns portrait on a
//   narrow screen) pass layout(availableWidth, availableHeight) -> { width, height }
//   instead of minSize/maxSize/aspect; board.resize() re-applies it after a setting
//   changed.
//
//   `fit` (the shell's createFit) limits the height too: the board gets no taller
//   than the page shows once the rest of the view is there (never below minSize).

/**
 * @param {object} opts
 * @param {HTMLElement} opts.parent   element whose content width sets the size; the
 *                                    canvas is appended to it
 * @param {string} [opts.className]
 * @param {number} [opts.minSize=260] minimum CSS width
 * @param {number} [opts.maxSize=520] maximum CSS width
 * @param {number} [opts.aspect=1]    height / width
 * @param {(ctx, info) => boolean|void} opts.draw
 * @param {(info) => void} [opts.onResize] called after the size or dpr changed
 * @param {(avail: number, availHeight: number) => {width: number, height: number}} [opts.layout]
 *        the CSS size for the parent's content width `avail` (0 while the parent is
 *        not laid out) and the height the page leaves (Infinity without `fit`);
 *        replaces minSize/maxSize/aspect
 * @param {object} [opts.fit]  createFit(root) of the view: the height is limited too
 */
export function createCanvas(opts) {
  const { parent, className = "", minSize = 260, maxSize = 520, aspect = 1, draw, onResize, layout, fit } = opts;
  const doc = parent.ownerDocument || document;
  const win = doc.defaultView || window;
  const canvas = doc.createElement("canvas");
  if (className) canvas.className = className;
  parent.appendChild(canvas);
  const ctx = canvas.getContext("2d");

  const state = { width: 0, height: 0, dpr: 1 };
  let frame = 0;
  let destroyed = false;
  let dprQuery = null;

  function available() {
    let avail = parent.clientWidth;
    if (!avail) return 0;
    const cs = win.getComputedStyle(parent);
    avail -= (parseFloat(cs.paddingLeft) || 0) + (parseFloat(cs.paddingRight) || 0);
    return Math.max(0, Math.floor(avail));
  }

  /** The height the page leaves for the canvas (Infinity when unknown). */
  function availableHeight() {
    if (!fit) return Infinity;
    const h = fit.spaceFor(canvas, state.height);
    return Number.isFinite(h) && h > 0 ? h : Infinity;
  }

  function size() {
    if (layout) {
      let out = null;
      try {
        out = layout(available(), availableHeight());
      } catch (err) {
        console.error("gamewidgets: layout failed", err);
      }
      const w = out && Number.isFinite(out.width) ? Math.max(1, Math.round(out.width)) : minSize;
      const h = out && Number.isFinite(out.height) ? Math.max(1, Math.round(out.height)) : Math.round(w * aspect);
      return [w, h];
    }
    let width = measure();
    const tall = availableHeight();
    if (Number.isFinite(tall)) width = Math.max(minSize, Math.min(width, Math.floor(tall / aspect)));
    return [width, Math.round(width * aspect)];
  }

  function measure() {
    let avail = parent.clientWidth;
    if (!avail) {
      // Not laid out yet (hidden tab, detached): fall back to the maximum.
      avail = maxSize;
    } else {
      const cs = win.getComputedStyle(parent);
      avail -= (parseFloat(cs.paddingLeft) || 0) + (parseFloat(cs.paddingRight) || 0);
    }
    return Math.max(minSize, Math.min(maxSize, Math.floor(avail)));
  }

  function resize() {
    if (destroyed) return;
    const [width, height] = size();
    const dpr = Math.max(1, Math.min(4, win.devicePixelRatio || 1));
    if (width === state.width && height === state.height && dpr === state.dpr) return;
    state.width = width;
    state.height = height;
    state.dpr = dpr;
    canvas.style.width = `${width}px`;
    canvas.style.height = `${height}px`;
    canvas.width = Math.round(width * dpr);
    canvas.height = Math.round(height * dpr);
    watchDpr();
    if (onResize) onResize(info());
    drawNow();
  }

  function watchDpr() {
    if (dprQuery) dprQuery.removeEventListener("change", resize);
    dprQuery = null;
    if (!win.matchMedia) return;
    try {
      dprQuery = win.matchMedia(`(resolution: ${state.dpr}dppx)`);
      dprQuery.addEventListener("change", resize);
    } catch (_) {
      dprQuery = null;
    }
  }

  function info() {
    return { width: state.width, height: state.height, dpr: state.dpr, now: performance.now() };
  }

  function drawNow() {
    if (destroyed || !state.width) return;
    if (frame) {
      win.cancelAnimationFrame(frame);
      frame = 0;
    }
    ctx.setTransform(state.dpr, 0, 0, state.dpr, 0, 0);
    let again = false;
    try {
      again = !!draw(ctx, info());
    } catch (err) {
      console.error("gamewidgets: draw failed", err);
    }
    if (again) requestDraw();
  }

  function requestDraw() {
    if (destroyed || frame) return;
    frame = win.requestAnimationFrame(() => {
      frame = 0;
      drawNow();
    });
  }

  let observer = null;
  if (typeof win.ResizeObserver === "function") {
    observer = new win.ResizeObserver(() => resize());
    observer.observe(parent);
  } else {
    win.addEventListener("resize", resize);
  }
  const stopFit = fit ? fit.observe(resize) : () => {};
  resize();

  return {
    canvas,
    ctx,
    get width() {
      return state.width;
    },
    get height() {
      return state.height;
    },
    get dpr() {
      return state.dpr;
    },
    requestDraw,
    drawNow,
    resize,
    destroy() {
      destroyed = true;
      if (frame) win.cancelAnimationFrame(frame);
      frame = 0;
      if (observer) observer.disconnect();
      else win.removeEventListener("resize", resize);
      stopFit();
      if (dprQuery) dprQuery.removeEventListener("change", resize);
      canvas.remove();
    },
  };
}

/**
 * A drawing cache: an offscreen canvas of w x h CSS px at `dpr`, painted once by
 * `paint(ctx)` (in CSS px). Use with ctx.drawImage(sprite.canvas, x, y, w, h).
 */
export function createSprite(w, h, dpr, paint) {
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.ceil(w * dpr));
  canvas.height = Math.max(1, Math.ceil(h * dpr));
  const ctx = canvas.getContext("2d");
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  paint(ctx);
  return { canvas, width: w, height: h };
}

/** Stroke a small "x" of half-size `s` centred at (x, y): a refused cell's mark. */
export function strokeCross(ctx, x, y, s, strokeStyle) {
  ctx.beginPath();
  ctx.moveTo(x - s, y - s);
  ctx.lineTo(x + s, y + s);
  ctx.moveTo(x + s, y - s);
  ctx.lineTo(x - s, y + s);
  ctx.lineWidth = 3;
  ctx.lineCap = "round";
  ctx.strokeStyle = strokeStyle;
  ctx.stroke();
}

/** Path a rounded rectangle (no fill/stroke). */
export function roundRectPath(ctx, x, y, w, h, r) {
  const rr = Math.max(0, Math.min(r, w / 2, h / 2));
  ctx.beginPath();
  ctx.moveTo(x + rr, y);
  ctx.lineTo(x + w - rr, y);
  ctx.arcTo(x + w, y, x + w, y + rr, rr);
  ctx.lineTo(x + w, y + h - rr);
  ctx.arcTo(x + w, y + h, x + w - rr, y + h, rr);
  ctx.lineTo(x + rr, y + h);
  ctx.arcTo(x, y + h, x, y + h - rr, rr);
  ctx.lineTo(x, y + rr);
  ctx.arcTo(x, y, x + rr, y, rr);
  ctx.closePath();
}
