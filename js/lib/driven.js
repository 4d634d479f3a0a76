// Who plays the board: a program driving it from Python (the `driven_by` trait every
// widget has: a reinforcement-learning environment, see "Driven boards" in
// src/gamewidgets/_widget.py), or your own player in the computer's seat
// (`opponent_name`). The shell makes one driven line per view (shell.driven):
//
//   shell.mount(header, ...)            // the "Played by <who>" line goes under the header
//   if (shell.driven.by) {              // a click, a drag or a move key on the board:
//     shell.driven.nudge();             //   nothing is sent, the line explains
//     return;
//   }
//   status.show(drivenStatus());        // the status line's "what to do now"
//
// While a program drives the board Python refuses every message of the view but the
// ones that only look (goto, why; Line 98 also suggest), so the views send none of
// the others: no selection, no drag, no move keys, their buttons disabled. The
// history slider and Why? still work.
//
// The same line says so when a computer player played the user's side of this game
// (`played_by`, set by `w.watch(...)`): "Played by <name> · not counted", as such a
// game adds nothing to the person's records; the board still takes the user's moves.
// `data-played-by="<name>"` on the root ("" when only the user played).
//
// Choices where the contract is silent:
// - The line is a small pill under the header (not in it: the headers are full), with
//   the whole name in its tooltip when it has to be cut short; hidden while the user
//   plays. `data-driven-by="<who>"` on the root ("" when the user plays).

import { iconElement } from "./buttons.js";
import { element as h } from "./element.js";
import { createNudge } from "./nudge.js";
import { ensureStyleSheet } from "./stylesheet.js";
import { readString } from "./traits.js";

const STYLE_ID = "gamewidgets-driven-v1";
const CSS = `
.gw-root .gw-driven { display: flex; min-width: 0; margin: -2px 0 8px; }
.gw-root .gw-driven[hidden] { display: none; }
.gw-root .gw-driven-pill {
  display: inline-flex; align-items: center; gap: 6px; min-width: 0; max-width: 100%; height: 22px;
  padding: 0 10px 0 8px; border-radius: 11px; font-size: 11.5px; font-weight: 600; white-space: nowrap;
  color: #c9b8ff; background: rgba(150, 120, 255, 0.12); border: 1px solid rgba(170, 145, 255, 0.34);
}
.gw-root .gw-driven-pill svg { flex: none; width: 13px; height: 13px; }
.gw-root .gw-driven-text { overflow: hidden; text-overflow: ellipsis; }
.gw-root .gw-driven.gw-nudge .gw-driven-pill { animation: gw-nudge-inline 0.6s ease-in-out; }
.gw-root[data-compact="true"] .gw-driven { margin: -2px 0 6px; }
.gw-root[data-reduced-motion="true"] .gw-driven.gw-nudge .gw-driven-pill { animation: none; }
@media (prefers-reduced-motion: reduce) { .gw-root .gw-driven.gw-nudge .gw-driven-pill { animation: none; } }
`;

// a small chip: what plays instead of a person
const PROGRAM_ICON =
  '<rect x="6" y="6" width="12" height="12" rx="2"/><path d="M10 10h4v4h-4z"/>' +
  '<path d="M9 2v4M15 2v4M9 18v4M15 18v4M2 9h4M2 15h4M18 9h4M18 15h4"/>';

/** Who drives the board ("" when the user plays it). */
export const drivenBy = (model) => readString(model, "driven_by", "").trim();

/** The name of your own player in the computer's seat ("" for a level). */
export const opponentName = (model) => readString(model, "opponent_name", "").trim();

const LOOKING = "The history slider and Why? still work.";

/** The computer player that played the user's side of this game ("" for none). */
export const playedBy = (model) => readString(model, "played_by", "").trim();

/** What the line says of a game a computer played for the user. */
export const notCountedText = (by) => `Played by ${by} \u00b7 not counted`;

/** "Played by <who>", the line's words. */
export const playedByText = (by) => `Played by ${by}`;

/** What the status line says of a driven board when nothing else comes first (the
 *  line under the header says who). */
export const drivenStatus = () => "Played from Python: watch it, or look back with the history slider.";

/**
 * The driven line of the view at `root` (`model`: its widget; `host`: the element the
 * front-end gave the view, for the stylesheet): { el, by, nudge(),
 * destroy() }. It follows the `driven_by` trait itself (the views watch it too, to
 * update their buttons; `by` reads the trait, so it is never behind).
 */
export function createDrivenLine({ doc = document, model, root, host }) {
  ensureStyleSheet(host, STYLE_ID, CSS, { shared: true });
  const el = h(doc, "div", "gw-driven");
  el.dataset.notice = "driven";
  const pill = h(doc, "span", "gw-driven-pill");
  pill.setAttribute("role", "note");
  const text = h(doc, "span", "gw-driven-text", "");
  pill.append(iconElement(doc, PROGRAM_ICON), text);
  el.appendChild(pill);
  let shown = null;
  const shake = createNudge(el);

  function update() {
    const by = drivenBy(model);
    const watched = by ? "" : playedBy(model);
    if (shown === `${by}\n${watched}`) return;
    shown = `${by}\n${watched}`;
    root.dataset.drivenBy = by;
    root.dataset.playedBy = watched;
    el.hidden = !by && !watched;
    text.textContent = by ? playedByText(by) : watched ? notCountedText(watched) : "";
    pill.title = by
      ? `${playedByText(by)}, from Python: this board takes no moves from here. ${LOOKING}`
      : watched
        ? `${watched} played moves of this game for you, so it adds nothing to your records.`
        : "";
  }
  const onTrait = () => update();
  model.on("change:driven_by", onTrait);
  model.on("change:played_by", onTrait);
  update();

  return {
    el,
    /** Who drives the board ("" when the user plays it). */
    get by() {
      return drivenBy(model);
    },
    /** Shake the line (a click it explains away). */
    nudge: shake.nudge,
    destroy() {
      shake.destroy();
      model.off("change:driven_by", onTrait);
      model.off("change:played_by", onTrait);
    },
  };
}
