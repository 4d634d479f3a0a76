// A view's own stylesheet, injected once per document (or shadow root).
//
//   ensureStyleSheet(el, "gamewidgets-loa-v1", css);                  // a game's own
//   ensureStyleSheet(el, "gamewidgets-style-v2", css, { shared: true }); // js/lib's
//
// Shared sheets (the theme, the shell, dialogs) always come before the games' own,
// whichever view renders first, so a game's rule wins over a shared rule of the same
// specificity.

/**
 * Add a <style id=`id`> holding `css` to the document (or shadow root) that holds
 * `el`, unless one with that id is there already. Safe to call from every render.
 */
export function ensureStyleSheet(el, id, css, { shared = false } = {}) {
  let root = null;
  try {
    root = el && typeof el.getRootNode === "function" ? el.getRootNode() : null;
  } catch (_) {
    root = null;
  }
  const doc = (el && el.ownerDocument) || (typeof document !== "undefined" ? document : null);
  if (!doc) return;
  const isShadow = root && root !== doc && typeof root.querySelector === "function" && root.host;
  const scope = isShadow ? root : doc;
  if (scope.querySelector(`style#${id}`)) return;
  const style = doc.createElement("style");
  style.id = id;
  style.dataset.gwSheet = shared ? "shared" : "game";
  style.textContent = css;
  const parent = isShadow ? root : doc.head || doc.documentElement;
  const firstGame = shared ? parent.querySelector(':scope > style[data-gw-sheet="game"]') : null;
  parent.insertBefore(style, firstGame);
}
