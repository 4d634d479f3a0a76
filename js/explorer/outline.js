// The outline of a search tree: what is loaded and open, the rows shown, the keys.
// Rows come from Python (SearchOutline): the root and its children in the `root_row`
// and `root_children` traits, any other node's children in a {"type": "children", id,
// rows} message answering {"type": "expand", id}.
// Each row: {id, move, order, kind, score, bound, depth, pv, nodes, children, terms, facts}.

import { element as h } from "../lib/element.js";

const BOUND_SIGNS = { exact: "", upper: "≤", lower: "≥" };

/** A score as the analysis tables write it: two decimals at most, a bound's sign before it. */
export function shownScore(row) {
  if (row.score === null || row.score === undefined) return "";
  const text = Number.isInteger(row.score) ? String(row.score) : row.score.toFixed(2).replace(/\.?0+$/, "");
  return (BOUND_SIGNS[row.bound] || "") + (text === "-0" ? "0" : text);
}

/** The colour of each row's score among its siblings: red (worst) to green (best). */
export function scoreColours(rows) {
  const scores = rows.map((r) => r.score).filter((s) => typeof s === "number");
  const low = Math.min(...scores);
  const high = Math.max(...scores);
  const colours = new Map();
  for (const row of rows) {
    if (typeof row.score !== "number") continue;
    const t = high > low ? (row.score - low) / (high - low) : 1;
    colours.set(row.id, `hsl(${Math.round(120 * t)}, 70%, 62%)`);
  }
  return colours;
}

/**
 * @param {object} o
 * @param {Document} o.doc
 * @param {HTMLElement} o.list      the scrolling tree element (role=tree)
 * @param {(id: number) => void} o.expand   ask Python for a node's children
 * @param {(id: number) => void} o.show     show a node on the board
 * @param {(row: object|null) => void} o.onSelect
 */
export function createOutline({ doc, list, expand, show, onSelect }) {
  const nodes = new Map(); // id -> {row, parent, level, open, childIds (null: not loaded), colour}
  let rootId = null;
  let selected = null;
  let shown = -1;
  const waiting = new Set(); // ids whose children were asked for

  /** A new tree: its root row and, when at hand, the root's children (opened). */
  function setRoot(row, children) {
    nodes.clear();
    waiting.clear();
    rootId = row.id;
    nodes.set(row.id, { row, parent: null, level: 0, open: false, childIds: null, colour: null });
    selected = row.id;
    if (Array.isArray(children) && children.length === row.children) {
      nodes.get(row.id).open = true;
      receive(row.id, children);
    } else open(row.id);
  }

  function receive(id, rows) {
    const node = nodes.get(id);
    waiting.delete(id);
    if (!node) return;
    const colours = scoreColours(rows);
    node.childIds = rows.map((r) => r.id);
    for (const row of rows) {
      nodes.set(row.id, { row, parent: id, level: node.level + 1, open: false, childIds: null, colour: colours.get(row.id) || null });
    }
    render();
  }

  function open(id) {
    const node = nodes.get(id);
    if (!node || node.row.children === 0) return;
    node.open = true;
    if (node.childIds === null && !waiting.has(id)) {
      waiting.add(id);
      expand(id);
    }
    render();
  }

  function close(id) {
    const node = nodes.get(id);
    if (node) node.open = false;
    render();
  }

  /** The ids shown, top to bottom. */
  function visible() {
    const out = [];
    const walk = (id) => {
      out.push(id);
      const node = nodes.get(id);
      if (node.open && node.childIds) for (const child of node.childIds) walk(child);
    };
    if (rootId !== null) walk(rootId);
    return out;
  }

  function select(id, { scroll = true } = {}) {
    if (!nodes.has(id)) return;
    selected = id;
    render();
    if (scroll) {
      const el = list.querySelector(`[data-id="${id}"]`);
      if (el && typeof el.scrollIntoView === "function") el.scrollIntoView({ block: "nearest" });
    }
    onSelect(nodes.get(id).row);
  }

  function rowElement(id) {
    const { row, level, open: isOpen, colour } = nodes.get(id);
    const el = h(doc, "div", "gw-node");
    el.setAttribute("role", "treeitem");
    el.setAttribute("aria-level", String(level + 1));
    el.setAttribute("aria-selected", id === selected ? "true" : "false");
    if (row.children > 0) el.setAttribute("aria-expanded", isOpen ? "true" : "false");
    el.dataset.id = String(id);
    el.dataset.kind = row.kind;
    el.dataset.pv = row.pv ? "true" : "false";
    el.dataset.shown = id === shown ? "true" : "false";
    el.style.paddingLeft = `${4 + 16 * level}px`;
    const twisty = h(doc, "span", "gw-twisty", row.children > 0 ? (isOpen ? "▾" : "▸") : "·");
    twisty.dataset.part = "twisty";
    const score = h(doc, "span", "gw-score", shownScore(row));
    if (colour) score.style.color = colour;
    const order = level === 0 ? "" : `#${row.order + 1} · `;
    const size = row.nodes > 1 ? `${row.nodes.toLocaleString("en")} nodes` : "";
    el.append(twisty, h(doc, "span", "gw-move", row.move), score, h(doc, "span", "gw-kind", row.kind),
      h(doc, "span", "gw-meta", `${order}${size}`));
    return el;
  }

  function render() {
    const ids = visible();
    list.replaceChildren(...ids.map(rowElement));
    list.dataset.rows = String(ids.length);
    list.dataset.loading = waiting.size ? "true" : "false";
  }

  function setShown(id) {
    shown = id;
    render();
  }

  /** The outline's keys (the tree element has the focus); true when the key was one. */
  function key(event) {
    const ids = visible();
    const at = ids.indexOf(selected);
    const node = nodes.get(selected);
    switch (event.key) {
      case "ArrowDown":
        if (at < ids.length - 1) select(ids[at + 1]);
        return true;
      case "ArrowUp":
        if (at > 0) select(ids[at - 1]);
        return true;
      case "Home":
        if (ids.length) select(ids[0]);
        return true;
      case "End":
        if (ids.length) select(ids[ids.length - 1]);
        return true;
      case "ArrowRight":
        if (!node || node.row.children === 0) return true;
        if (!node.open) open(selected);
        else if (node.childIds && node.childIds.length) select(node.childIds[0]);
        return true;
      case "ArrowLeft":
        if (!node) return true;
        if (node.open) close(selected);
        else if (node.parent !== null) select(node.parent);
        return true;
      case "Enter":
        if (selected !== null) show(selected);
        return true;
      default:
        return false;
    }
  }

  function click(event) {
    const el = event.target.closest(".gw-node");
    if (!el) return;
    const id = Number(el.dataset.id);
    const node = nodes.get(id);
    if (!node) return;
    if (event.target.closest("[data-part=twisty]") && node.row.children > 0) {
      if (node.open) close(id);
      else open(id);
      select(id, { scroll: false });
      return;
    }
    select(id, { scroll: false });
    show(id);
  }

  return {
    setRoot, receive, open, close, select, setShown, key, click, visible,
    get selected() { return selected; },
    row: (id) => (nodes.has(id) ? nodes.get(id).row : null),
  };
}
