// A view's own stylesheet, injected once per document (or shadow root), next to the
// shared one of theme.js.
//
//   ensureStyleSheet(el, "gamewidgets-dialog-v1", css);

/**
 * Add a <style id=`id`> holding `css` to the document (or shadow root) that holds
 * `el`, unless one with that id is there already. Safe to call from every render.
 */
export function ensureStyleSheet(el, id, css) {
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
  style.textContent = css;
  (isShadow ? root : doc.head || doc.documentElement).appendChild(style);
}
