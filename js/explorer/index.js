// The search explorer: gamewidgets.search_explorer.SearchOutline's view, a computer
// player's search tree as an outline (outline.js), opened lazily from Python.
//
// Parts: the shared shell's header (title; the tree's size as subtitle) with the
// Rules button (how to read the tree: the `?` key too), the tree (role=tree, focused
// by a click; its keys in outline.js), the selected node's details (kind, depth, size,
// terms, facts), the status (what the board beside it shows: Python's `status`), and
// the last refused message (`error`).
// Data attributes (tests): on the root data-selected (the selected id), data-shown (the
// id the board shows), data-expand-ms (how long the last expansion took, from the
// request to its rows drawn), data-expansions (how many have answered: the root's
// children come with the state, asked for by none); on the tree data-rows and
// data-loading.

import { createButton, createToolbar } from "../lib/buttons.js";
import { element as h } from "../lib/element.js";
import { createShell } from "../lib/shell.js";
import { readInt, readList, readObject, readString, sendMessage, watchTraits } from "../lib/traits.js";
import { createOutline, shownScore } from "./outline.js";
import { ensureExplorerStyles } from "./style.js";

const COMPACT_BELOW = 420;

function detailsText(row) {
  if (!row) return "";
  const parts = [`${row.move}: ${row.kind}`];
  if (row.score !== null && row.score !== undefined) parts.push(`score ${shownScore(row)} (${row.bound})`);
  if (row.depth !== null && row.depth !== undefined) parts.push(`depth ${row.depth}`);
  parts.push(`${row.nodes.toLocaleString("en")} node${row.nodes === 1 ? "" : "s"}, ${row.children} replies`);
  const terms = Object.entries(row.terms || {}).map(([k, v]) => `${k} ${Number.isInteger(v) ? v : v.toFixed(2)}`);
  if (terms.length) parts.push(`terms: ${terms.join(" + ")}`);
  const facts = Object.entries(row.facts || {}).map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(" ") : typeof v === "object" && v !== null ? JSON.stringify(v) : v}`);
  if (facts.length) parts.push(facts.join("; "));
  return parts.join(" · ");
}

function render({ model, el }) {
  ensureExplorerStyles(el);
  const shell = createShell({ model, el, game: "explorer", title: readString(model, "title", "Search tree"), compactBelow: COMPACT_BELOW });
  const { doc, root } = shell;
  shell.subtitle.textContent = "";
  const summary = h(doc, "p", "gw-summary");
  const list = h(doc, "div", "gw-tree");
  list.setAttribute("role", "tree");
  list.setAttribute("aria-label", "The search tree");
  list.tabIndex = 0;
  const details = h(doc, "p", "gw-details");
  details.dataset.part = "details";
  details.setAttribute("aria-live", "polite");
  const status = h(doc, "p", "gw-status");
  status.dataset.part = "status";
  const error = h(doc, "p", "gw-error");
  error.dataset.part = "error";

  let asked = new Map(); // id -> when its children were asked for
  let expansions = 0;
  root.dataset.expansions = "0";
  const outline = createOutline({
    doc,
    list,
    expand(id) {
      asked.set(id, performance.now());
      sendMessage(model, { type: "expand", id });
    },
    show(id) {
      sendMessage(model, { type: "show", id });
    },
    onSelect(row) {
      root.dataset.selected = row ? String(row.id) : "";
      details.textContent = detailsText(row);
    },
  });

  const openLine = createButton({
    doc, label: "Open the line", action: "open-line", title: "Open the rows of the line the search settled on (★)",
    onClick: () => openPrincipalLine(),
  });
  // the line the search settled on: open each ★ row, going on as its children come
  const children = new Map(); // id -> child ids, as received
  let following = false;
  function openPrincipalLine() {
    following = true;
    followLine(outline.visible()[0]);
  }
  function followLine(id) {
    let current = id;
    for (;;) {
      const row = outline.row(current);
      if (!row || row.children === 0) break;
      outline.open(current);
      if (!children.has(current)) return; // asked for: followLine again when they come
      const next = children.get(current).find((child) => outline.row(child).pv);
      if (next === undefined) break;
      current = next;
    }
    following = false;
    outline.select(current);
  }

  const toolbar = createToolbar({ doc, label: "Search tree", children: [openLine, shell.rules.button] });
  shell.header.append(shell.title, toolbar);
  shell.mount(shell.header, summary, list, details, status, error);
  shell.focusOn(() => list);

  const onMessage = (message) => {
    if (!message || message.type !== "children" || !Array.isArray(message.rows)) return;
    children.set(message.id, message.rows.map((r) => r.id));
    outline.receive(message.id, message.rows);
    const started = asked.get(message.id);
    asked.delete(message.id);
    if (started !== undefined) {
      expansions += 1;
      root.dataset.expandMs = (performance.now() - started).toFixed(1);
      root.dataset.expansions = String(expansions);
    }
    if (following) followLine(message.id);
  };
  model.on("msg:custom", onMessage);
  shell.onCleanup(() => model.off("msg:custom", onMessage));

  const onKey = (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (outline.key(event)) {
      event.preventDefault();
      event.stopPropagation();
    }
  };
  shell.listen([[list, "keydown", onKey], [list, "click", (event) => outline.click(event)]]);

  const fitList = () => {
    const space = shell.fit.spaceFor(list);
    if (space > 0) list.style.maxHeight = `${Math.max(120, Math.min(460, Math.floor(space)))}px`;
  };
  shell.onCleanup(shell.fit.observe(fitList));

  const update = (changed) => {
    if (!changed || changed.has("title")) shell.title.firstChild.textContent = readString(model, "title", "Search tree");
    if (!changed || changed.has("summary")) summary.textContent = readString(model, "summary");
    if (!changed || changed.has("root_row") || changed.has("root_children")) {
      const row = readObject(model, "root_row");
      if (row && Number.isInteger(row.id)) {
        asked = new Map();
        children.clear();
        const first = readList(model, "root_children");
        if (first.length === row.children) children.set(row.id, first.map((r) => r.id));
        outline.setRoot(row, first);
        outline.select(row.id, { scroll: false });
      }
    }
    if (!changed || changed.has("shown")) {
      const shown = readInt(model, "shown", -1);
      root.dataset.shown = String(shown);
      outline.setShown(shown);
    }
    if (!changed || changed.has("status")) status.textContent = readString(model, "status");
    if (!changed || changed.has("error")) error.textContent = readString(model, "error");
    fitList();
  };
  shell.onCleanup(watchTraits(model, ["title", "summary", "root_row", "root_children", "shown", "status", "error"], update));
  update(null);
  return () => shell.destroy();
}

export default { render };
