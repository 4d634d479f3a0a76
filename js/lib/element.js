// One way to make the views' DOM elements.

/** A new <tag class=className>text</tag> in `doc`. */
export function element(doc, tag, className, text) {
  const node = doc.createElement(tag);
  if (className) node.className = className;
  if (text != null) node.textContent = text;
  return node;
}
