// Content for the dialogs of dialog.js: a group of choices (segmented radio buttons,
// e.g. a level or a board size in a setup dialog) and a grid of labelled numbers
// (e.g. the statistics on a results screen).
//
//   ensureDialogPartsStyles(el);
//   const level = createChoiceGroup({ doc, name: "level", legend: "Level",
//     options: [{ value: "easy", label: "Easy", detail: "relaxed" }, ...],
//     value: "easy", onChange: (v) => ... });
//   dialog.body.append(level.el);  level.value  level.set("hard");  level.destroy();
//
//   const stats = createStatGrid({ doc, items: [{ name: "wins", label: "Wins" }, ...] });
//   stats.set("wins", 3);  stats.show("streak", false);
//
// DOM: <fieldset class="gw-choices" data-choices=name> <legend> <label class="gw-choice"
// data-<name>=value> <input type=radio value=value> <span class="gw-choice-label">
// <small class="gw-choice-detail">; the label carries the data attribute (tests click
// it), the (visually hidden) radio input keeps the native keyboard behaviour: Tab
// reaches the group, the arrow keys move the choice. A stat grid is
// <div class="gw-statgrid"> <div data-stat=name> <b> value </b> <span> label </span>.

import { ensureStyleSheet } from "../lib/stylesheet.js";

const STYLE_ID = "gamewidgets-dialogparts-v1";
const CSS = `
.gw-root .gw-choices { border: none; margin: 0 0 12px; padding: 0; min-width: 0; text-align: left; }
.gw-root .gw-choices legend {
  padding: 0; margin: 0 0 5px; font-size: 10.5px; font-weight: 700; letter-spacing: 0.09em;
  text-transform: uppercase; color: #9aa7b6;
}
.gw-root .gw-choices-row { display: flex; gap: 6px; }
.gw-root .gw-choice {
  position: relative; flex: 1 1 0; min-width: 0; display: flex; flex-direction: column;
  align-items: center; justify-content: center; gap: 1px; padding: 7px 6px 6px;
  border-radius: 10px; cursor: pointer; text-align: center;
  background: rgba(0, 0, 0, 0.22); border: 1px solid rgba(255, 255, 255, 0.1);
  color: #cfd8e3; transition: background 0.12s, border-color 0.12s, color 0.12s;
}
.gw-root .gw-choice:hover { background: rgba(255, 255, 255, 0.07); color: #fff; }
.gw-root .gw-choice input {
  position: absolute; inset: 0; width: 100%; height: 100%; margin: 0; opacity: 0; cursor: pointer;
}
.gw-root .gw-choice-label { font-size: 13.5px; font-weight: 700; white-space: nowrap; }
.gw-root .gw-choice-detail { font-size: 10.5px; color: #8f9cab; white-space: nowrap; }
.gw-root .gw-choice[data-checked="true"] {
  background: linear-gradient(180deg, rgba(248, 198, 90, 0.26) 0%, rgba(226, 159, 34, 0.18) 100%);
  border-color: #f6b93b; color: #fff;
  box-shadow: 0 0 0 1px rgba(246, 185, 59, 0.35), 0 2px 10px rgba(246, 185, 59, 0.15);
}
.gw-root .gw-choice[data-checked="true"] .gw-choice-detail { color: #f6d79a; }
.gw-root .gw-choice:focus-within { outline: 2px solid #f6b93b; outline-offset: 2px; }
.gw-root .gw-choice:has(input:focus:not(:focus-visible)) { outline: none; }
.gw-root .gw-statgrid { display: grid; grid-template-columns: repeat(var(--gw-cols, 3), 1fr); gap: 6px; }
.gw-root .gw-statgrid[hidden] { display: none; }
.gw-root .gw-statgrid > div {
  display: flex; flex-direction: column; align-items: center; padding: 5px 6px 4px; min-width: 0;
  border-radius: 9px; background: rgba(0, 0, 0, 0.25); border: 1px solid rgba(255, 255, 255, 0.07);
}
.gw-root .gw-statgrid > div[hidden] { display: none; }
.gw-root .gw-statgrid b { font-size: 19px; font-weight: 800; font-variant-numeric: tabular-nums; line-height: 1.15; }
.gw-root .gw-statgrid span {
  font-size: 9.5px; text-transform: uppercase; letter-spacing: 0.08em; color: #9aa7b6; white-space: nowrap;
}
`;

/** Inject the styles for `el`'s document (or shadow root); safe to call repeatedly. */
export function ensureDialogPartsStyles(el) {
  ensureStyleSheet(el, STYLE_ID, CSS);
}

let groupCounter = 0;

/**
 * @param {object} o
 * @param {Document} [o.doc]
 * @param {string} o.name            data-choices value and the data attribute of each
 *                                   choice (data-<name>=<value>)
 * @param {string} [o.legend]
 * @param {Array<{value: string|number, label: string, detail?: string, title?: string}>} o.options
 * @param {string|number} [o.value] the initial choice (default: the first)
 * @param {(value) => void} [o.onChange]  after the user picked another choice
 */
export function createChoiceGroup(o) {
  const doc = o.doc || document;
  const el = doc.createElement("fieldset");
  el.className = "gw-choices";
  el.dataset.choices = o.name;
  if (o.legend) {
    const legend = doc.createElement("legend");
    legend.textContent = o.legend;
    el.appendChild(legend);
  }
  const row = doc.createElement("div");
  row.className = "gw-choices-row";
  el.appendChild(row);
  const radioName = `gw-${o.name}-${++groupCounter}-${Math.random().toString(36).slice(2, 7)}`;
  const items = [];
  for (const opt of o.options || []) {
    const label = doc.createElement("label");
    label.className = "gw-choice";
    label.dataset[o.name] = String(opt.value);
    if (opt.title) label.title = opt.title;
    const input = doc.createElement("input");
    input.type = "radio";
    input.name = radioName;
    input.value = String(opt.value);
    const text = doc.createElement("span");
    text.className = "gw-choice-label";
    text.textContent = opt.label;
    label.append(input, text);
    if (opt.detail) {
      const detail = doc.createElement("small");
      detail.className = "gw-choice-detail";
      detail.textContent = opt.detail;
      label.appendChild(detail);
    }
    row.appendChild(label);
    items.push({ value: opt.value, label, input });
  }
  let current = items.length ? items[0].value : undefined;

  function paint() {
    for (const it of items) {
      const on = it.value === current;
      it.input.checked = on;
      it.label.dataset.checked = on ? "true" : "false";
    }
  }
  function set(value) {
    if (!items.some((it) => it.value === value)) return false;
    current = value;
    paint();
    return true;
  }
  const onChange = (event) => {
    const it = items.find((x) => x.input === event.target);
    if (!it || it.value === current) return;
    current = it.value;
    paint();
    if (o.onChange) o.onChange(current);
  };
  row.addEventListener("change", onChange);
  if (o.value !== undefined) set(o.value);
  paint();

  return {
    el,
    get value() {
      return current;
    },
    set,
    /** Focus the checked choice (its radio input). */
    focus() {
      const it = items.find((x) => x.value === current) || items[0];
      if (it) it.input.focus({ preventScroll: true });
    },
    destroy() {
      row.removeEventListener("change", onChange);
    },
  };
}

/**
 * A grid of labelled numbers. items: [{ name, label }]; columns (default: up to 3).
 * Returns { el, set(name, value), show(name, visible) }.
 */
export function createStatGrid({ doc = document, items = [], columns }) {
  const el = doc.createElement("div");
  el.className = "gw-statgrid";
  el.style.setProperty("--gw-cols", String(columns || Math.min(3, Math.max(1, items.length))));
  const cells = {};
  for (const { name, label } of items) {
    const box = doc.createElement("div");
    box.dataset.stat = name;
    const value = doc.createElement("b");
    const text = doc.createElement("span");
    text.textContent = label;
    box.append(value, text);
    el.appendChild(box);
    cells[name] = { box, value, text };
  }
  return {
    el,
    set(name, v) {
      const cell = cells[name];
      if (cell) cell.value.textContent = v == null ? "" : String(v);
    },
    /** A new label for the value `name`. */
    setLabel(name, label) {
      const cell = cells[name];
      if (cell && cell.text.textContent !== label) cell.text.textContent = label;
    },
    show(name, visible) {
      const cell = cells[name];
      if (cell) cell.box.hidden = !visible;
    },
  };
}
