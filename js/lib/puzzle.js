// A puzzle being solved on the board (the `puzzle` trait every game widget has: see
// load_puzzle in src/gamewidgets/_widget.py and gamewidgets.puzzles): a panel under the
// header with the prompt, what the last move was judged (right, or wrong and why),
// the hint and the solution once asked for, and the buttons Hint, Solution, Again and
// (in a series) Next, each a message to Python (puzzle_hint, puzzle_solution,
// puzzle_retry, puzzle_next). The shell makes one per view; hidden without a puzzle.
//
// DOM: [data-panel=puzzle] (hidden when there is none), its parts [data-part=prompt |
// message | hint | solution | notes], buttons [data-action=puzzle-hint | puzzle-solution |
// puzzle-retry | puzzle-next]; on the root data-puzzle="solving" | "wrong" | "solved" | "".

import { createButton } from "./buttons.js";
import { element as h } from "./element.js";
import { ensureStyleSheet } from "./stylesheet.js";
import { PALETTE } from "./theme.js";
import { readObject, sendMessage } from "./traits.js";

const STYLE_ID = "gamewidgets-puzzle-v1";
const CSS = `
.gw-root .gw-puzzle { margin: 0 0 10px; padding: 9px 12px 10px; border-radius: 12px; font-size: 13px; line-height: 1.4;
  background: rgba(246, 185, 59, 0.09); border: 1px solid rgba(246, 185, 59, 0.35); color: ${PALETTE.text}; }
.gw-root .gw-puzzle[hidden] { display: none; }
.gw-root .gw-puzzle-head { display: flex; align-items: baseline; gap: 8px; margin-bottom: 3px; }
.gw-root .gw-puzzle-badge { font-weight: 800; color: ${PALETTE.accent}; text-transform: uppercase; font-size: 11px;
  letter-spacing: 0.06em; }
.gw-root .gw-puzzle-kind { color: ${PALETTE.textDim}; font-size: 11.5px; }
.gw-root .gw-puzzle p { margin: 3px 0; }
.gw-root .gw-puzzle [data-part=prompt] { font-weight: 600; }
.gw-root .gw-puzzle [data-part=message]:empty, .gw-root .gw-puzzle [data-part=hint]:empty,
.gw-root .gw-puzzle [data-part=solution]:empty, .gw-root .gw-puzzle [data-part=notes]:empty { display: none; }
.gw-root .gw-puzzle[data-state=solved] [data-part=message] { color: ${PALETTE.success}; font-weight: 700; }
.gw-root .gw-puzzle[data-state=wrong] [data-part=message] { color: #ff9b8f; }
.gw-root .gw-puzzle [data-part=notes] { color: ${PALETTE.textDim}; font-size: 12px; }
.gw-root .gw-puzzle-buttons { display: flex; flex-wrap: wrap; gap: 6px; margin-top: 7px; }
.gw-root .gw-puzzle-buttons .gw-button { height: 28px; }
`;

export function createPuzzlePanel({ doc, model, root, onCleanup }) {
  ensureStyleSheet(root, STYLE_ID, CSS, { shared: true });
  const el = h(doc, "section", "gw-puzzle");
  el.dataset.panel = "puzzle";
  el.setAttribute("aria-label", "Puzzle");
  el.hidden = true;
  const head = h(doc, "div", "gw-puzzle-head");
  const badge = h(doc, "span", "gw-puzzle-badge", "Puzzle");
  const kind = h(doc, "span", "gw-puzzle-kind");
  head.append(badge, kind);
  const part = (name) => {
    const p = h(doc, "p");
    p.dataset.part = name;
    return p;
  };
  const prompt = part("prompt");
  const notes = part("notes");
  const message = part("message");
  message.setAttribute("aria-live", "polite");
  const hint = part("hint");
  const solution = part("solution");
  const send = (type) => () => sendMessage(model, { type });
  const hintButton = createButton({ doc, label: "Hint", action: "puzzle-hint", title: "A first hint (it counts as help)", onClick: send("puzzle_hint") });
  const solutionButton = createButton({ doc, label: "Solution", action: "puzzle-solution", title: "Show the solution's moves (it counts as help)", onClick: send("puzzle_solution") });
  const retryButton = createButton({ doc, label: "Again", action: "puzzle-retry", title: "Start this puzzle again from its position", onClick: send("puzzle_retry") });
  const nextButton = createButton({ doc, label: "Next puzzle", action: "puzzle-next", title: "The next puzzle of the series", onClick: send("puzzle_next") });
  const buttons = h(doc, "div", "gw-puzzle-buttons");
  buttons.append(hintButton, solutionButton, retryButton, nextButton);
  el.append(head, prompt, notes, message, hint, solution, buttons);

  const update = () => {
    const p = readObject(model, "puzzle") || {};
    const on = typeof p.prompt === "string" && p.prompt !== "";
    el.hidden = !on;
    root.dataset.puzzle = on ? String(p.state || "solving") : "";
    if (!on) return;
    el.dataset.state = String(p.state || "solving");
    kind.textContent = `${p.kind || ""}${Number.isFinite(p.rating) ? ` · rating ${p.rating}` : ""}`;
    prompt.textContent = p.prompt;
    notes.textContent = typeof p.notes === "string" ? p.notes : "";
    message.textContent = typeof p.message === "string" ? p.message : "";
    hint.textContent = p.hint ? `Hint: ${p.hint}` : "";
    solution.textContent = Array.isArray(p.solution) && p.solution.length ? `Solution: ${p.solution.join(", ")}` : "";
    hintButton.disabled = Boolean(p.hint) || p.state === "solved";
    solutionButton.disabled = Boolean(Array.isArray(p.solution) && p.solution.length);
    nextButton.style.display = p.series ? "" : "none"; // (hidden loses to .gw-button's display)
  };
  model.on("change:puzzle", update);
  onCleanup(() => model.off("change:puzzle", update));
  update();
  return { el };
}
