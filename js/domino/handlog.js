// The hand log under the table (the `log` trait): one line per action of the hand,
// newest last -- who played which tile on which end, who drew how many (one line for
// a run of draws: "Computer drew 7 tiles"), who passed -- in a compact box that
// scrolls, the newest line in view. Looking back marks the line of the step shown
// (data-shown="true", aria-current="step"; inside a run of draws it says which draw:
// "3 of 7"), scrolled into view; a click on a line shows that step (its last
// position; the newest line: the live game). Hidden online (no log there).
//
// DOM: section.gw-dom-log[data-log="<lines>"][data-log-shown="<line index>" or ""],
// its lines button[data-log-entry=i][data-player=0|1][data-log-action=play|draw|pass].
//
// Choices where the contract is silent:
// - The box is three lines tall (an empty hand says "No moves yet"), so the table
//   above and the slider below never move as lines come. Where the page is short the
//   board gives way (board.js); but while the end-of-hand screen holds the table
//   taller than its parts (table.js), the log gives way, down to one line, and then is
//   put away (data-lines="3" .. "0", "0": hidden) until the screen goes: the whole view
//   still fits the height the page gives (a short laptop window).
// - A line is one line of text (cut with "…"; its tooltip has it all). The lines are
//   not in the Tab order (PageUp / PageDown step through the same positions).

import { element as h } from "../lib/element.js";

const LINE_H = 18; // px, a line of the log (styles.js)
const MAX_LINES = 3;
const HEAD_H = 16; // px, the head line ("HAND LOG · 8 ACTIONS") with its margin

/** { el, update() } */
export function createHandLog(view) {
  const { doc, read } = view;
  const el = h(doc, "section", "gw-dom-log");
  el.setAttribute("aria-label", "Hand log");
  const head = h(doc, "div", "gw-dom-log-head");
  const count = h(doc, "span");
  head.append(h(doc, "b", null, "Hand log"), count);
  const list = h(doc, "ol", "gw-dom-log-list");
  list.dataset.empty = "No moves yet";
  el.append(head, list);
  let key = "";
  let linesShown = MAX_LINES; // as many as the page leaves room for
  el.dataset.lines = String(MAX_LINES);
  let lines = []; // [{ entry, li, button, step }]
  let wasBack = false;

  function line(entry, i) {
    const li = h(doc, "li");
    const b = h(doc, "button", "gw-dom-log-line");
    b.type = "button";
    b.tabIndex = -1;
    b.dataset.logEntry = String(i);
    b.dataset.player = String(entry.player);
    b.dataset.logAction = entry.action; // (not data-action: that names the view's controls)
    const step = h(doc, "small");
    b.append(h(doc, "span", null, entry.text), step);
    b.addEventListener("click", () => view.history.slider.go(entry.last));
    li.appendChild(b);
    return { entry, li, button: b, step };
  }

  /** Scroll the list (not the page) so that `li` is in view. */
  function reveal(li) {
    const top = li.offsetTop;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + li.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = top + li.offsetHeight - list.clientHeight;
    }
  }

  /** The log's height: 3 lines, or while a dialog holds the table, as many (0..3) as the page leaves room for. */
  function fitHeight() {
    if (read.isOnline() || !view.root.isConnected) return;
    let n = MAX_LINES;
    if (view.table && view.table.held()) {
      const margin = parseFloat(view.win.getComputedStyle(el).marginTop) || 0;
      const own = el.hidden ? 0 : el.offsetHeight + margin;
      const space = view.shell.fit.spaceFor(el, own); // what the log may take for the view to fit
      const fixed = el.hidden ? HEAD_H + margin + 2 : own - list.offsetHeight + 2; // all but its lines
      if (Number.isFinite(space)) n = Math.max(0, Math.min(MAX_LINES, Math.floor((space - fixed) / LINE_H)));
    }
    if (n === linesShown) return;
    linesShown = n;
    el.hidden = n === 0;
    el.dataset.lines = String(n);
    list.style.height = n ? `${n * LINE_H + 2}px` : "";
  }
  view.shell.onCleanup(view.shell.fit.observe(() => view.win.requestAnimationFrame(fitHeight)));

  function update() {
    const online = read.isOnline();
    if (online) {
      el.hidden = true;
      return;
    }
    el.hidden = linesShown === 0;
    const log = read.log();
    const k = JSON.stringify(log);
    const grew = k !== key;
    if (grew) {
      key = k;
      lines = log.map(line);
      list.replaceChildren(...lines.map((l) => l.li));
      const actions = log.length ? log[log.length - 1].last : 0;
      count.textContent = actions ? `${actions} action${actions === 1 ? "" : "s"}` : "";
    }
    const [index, length] = read.history();
    const back = index < length - 1;
    let shown = null;
    const explained = read.explained();
    lines.forEach((l, i) => {
      const { entry, button } = l;
      const here = back && entry.first <= index && index <= entry.last;
      if (here) shown = i;
      button.dataset.shown = here ? "true" : "false";
      if (here) button.setAttribute("aria-current", "step");
      else button.removeAttribute("aria-current");
      l.step.textContent = here && entry.count > 1 ? ` \u00b7 ${index - entry.first + 1} of ${entry.count}` : "";
      const why = explained.some((p) => entry.first <= p && p <= entry.last) ? " (with the computer's reasons)" : "";
      button.title = `${entry.text} \u2014 ${i === lines.length - 1 ? "back to the game" : `look back to here${why}`}`;
    });
    el.dataset.log = String(lines.length);
    el.dataset.logShown = shown === null ? "" : String(shown);
    if (shown !== null) reveal(lines[shown].li);
    else if (grew || wasBack) list.scrollTop = list.scrollHeight; // the newest line (the user may scroll up)
    wasBack = back;
    fitHeight();
  }

  return { el, update };
}
