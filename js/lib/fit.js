// How much of the page's height a view may take, so that the whole of it (header,
// toolbar, board, settings, status line) shows at once.
//
//   const fit = createFit(root);
//   fit.spaceFor(canvas)     // the height `canvas` may have: the page's visible height
//                            // less everything else in the view, parts marked
//                            // data-reserved="true" (hidden now, shown later) included
//   const stop = fit.observe(resize);   // call resize when that may have changed
//
// "The page's visible height" is the client height of the nearest ancestor that
// scrolls the view (JupyterLab's and Notebook 7's notebook panel, a scrolled output
// area with its max-height), or the window's inner height where nothing does. An
// ancestor with overflow: auto whose height just follows its content (JupyterLab's
// output areas) does not count: it would only ever give back the view's own height.

const MARGIN = 14; // px left free: the output area's padding and a little air
const SCROLLS = /(auto|scroll|overlay)/;

/** The content bottom of `node`'s children, or null if it has none. */
function contentBottom(node) {
  let bottom = null;
  for (const child of node.children) {
    const b = child.getBoundingClientRect().bottom;
    if (bottom === null || b > bottom) bottom = b;
  }
  return bottom;
}

/** The nearest ancestor of `root` that limits how much of it is seen, and its limit. */
function limiter(root) {
  const win = root.ownerDocument.defaultView || window;
  for (let node = root.parentElement; node && node !== root.ownerDocument.body; node = node.parentElement) {
    const cs = win.getComputedStyle(node);
    if (!SCROLLS.test(cs.overflowY)) continue;
    const max = parseFloat(cs.maxHeight);
    if (Number.isFinite(max)) return { node, height: () => Math.min(node.clientHeight || max, max) };
    if (node.scrollHeight > node.clientHeight + 1) return { node, height: () => node.clientHeight };
    const bottom = contentBottom(node);
    const inner = node.getBoundingClientRect().bottom - parseFloat(cs.borderBottomWidth || 0) - parseFloat(cs.paddingBottom || 0);
    if (bottom !== null && bottom < inner - 1) {
      return { node, height: () => node.clientHeight };
    }
  }
  return null;
}

/** The height of the parts of `root` that are reserved (out of the flow for now). */
function reservedHeight(root) {
  const win = root.ownerDocument.defaultView || window;
  let total = 0;
  for (const node of root.querySelectorAll('[data-reserved="true"]')) {
    if (!node.offsetHeight) continue; // hidden altogether
    const cs = win.getComputedStyle(node);
    total += node.offsetHeight + (parseFloat(cs.marginTop) || 0) + (parseFloat(cs.marginBottom) || 0);
  }
  return total;
}

export function createFit(root) {
  const win = root.ownerDocument.defaultView || window;
  let found = null;

  function visibleHeight() {
    if (!found || !found.node.isConnected) found = root.isConnected ? limiter(root) : null;
    const own = win.innerHeight || 0;
    const h = found ? found.height() : own;
    return own ? Math.min(h, own) : h;
  }

  return {
    /** The page's visible height (0 while the view is not on the page). */
    visibleHeight: () => (root.isConnected ? visibleHeight() : 0),
    /**
     * The height `node` (a part of the view, e.g. the board) may take for the whole
     * view to fit, given its height `current` now; Infinity while the view is not laid out.
     */
    spaceFor(node, current = node.getBoundingClientRect().height) {
      if (!root.isConnected || !root.offsetHeight) return Infinity;
      const others = root.getBoundingClientRect().height - current + reservedHeight(root);
      return Math.floor(visibleHeight() - others - MARGIN);
    },
    /** Call `callback` when the visible height may have changed; returns a stop function. */
    observe(callback) {
      let observer = null;
      let watched = null;
      const onResize = () => callback();
      const watch = () => {
        const node = found && found.node;
        if (!observer || node === watched) return;
        if (watched) observer.unobserve(watched);
        watched = node;
        if (node) observer.observe(node);
      };
      if (typeof win.ResizeObserver === "function") {
        observer = new win.ResizeObserver(() => {
          watch();
          callback();
        });
        observer.observe(root);
      }
      win.addEventListener("resize", onResize);
      const timer = win.setTimeout(watch, 0);
      return () => {
        win.clearTimeout(timer);
        if (observer) observer.disconnect();
        win.removeEventListener("resize", onResize);
      };
    },
  };
}
