// The look of the view that is Lines of Action's own (the shell, dialogs and
// read-outs bring theirs): the header's buttons, the score bar, the stage over the
// board, the dialogs' contents, and the narrow layout (data-compact="true" on the
// root, set by the shell under COMPACT_BELOW px).

import { ensureDialogStyles } from "../lib/dialog.js";
import { ensureStyleSheet } from "../lib/stylesheet.js";
import { PALETTE } from "../lib/theme.js";
import { ensureDialogPartsStyles } from "./dialogparts.js";

/**
 * The root's width (CSS px, inside its border) under which the view is compact: the
 * header's one row ("Results", the title — its variant under it —, "Why?", "Undo",
 * "Rules", no key hints) needs ~540 px of content, so it fits from here up to the
 * root's 572 px, and so does the score bar's one row
 * with its usual numbers (its most extreme line, "10 groups · 11 captured" beside
 * "Computer's move", needs ~566 px and ends in an ellipsis below that).
 */
export const COMPACT_BELOW = 544;

/** Colours the board's marks and the score bar share. */
export const GREEN = "#35d46a";
export const RED = "#ff3b30";
export const AMBER = "#ffc94a";
export const GOLD = "#ffd35a";

const CSS = `
.gw-root.gw-loa { max-width: 572px; }
.gw-loa .gw-header { margin-bottom: 8px; flex-wrap: nowrap; gap: 6px; }
/* no key hints in the header (Menu, the title and four buttons fit the view's width
   only without them): each button's tooltip says its key, and so do the rules */
.gw-loa .gw-header .gw-button kbd { display: none; }
.gw-loa .gw-header .gw-title { overflow: hidden; text-overflow: ellipsis; }
.gw-loa .gw-title small { white-space: nowrap; }
.gw-loa .gw-loa-header-buttons { display: flex; gap: 6px; flex-shrink: 0; }
.gw-loa .gw-header > .gw-loa-menu { flex-shrink: 0; }
.gw-loa .gw-loa-score {
  display: grid; grid-template-columns: minmax(0, 1fr) auto minmax(0, 1fr); align-items: stretch; gap: 6px; margin-bottom: 10px;
}
.gw-loa .gw-loa-side {
  display: flex; align-items: center; gap: 8px; min-width: 0; padding: 6px 9px;
  border-radius: 11px; background: rgba(0, 0, 0, 0.26); border: 1px solid rgba(255, 255, 255, 0.07);
  transition: border-color 0.2s, box-shadow 0.2s, background 0.2s;
}
.gw-loa .gw-loa-side[data-side="computer"] { flex-direction: row-reverse; text-align: right; }
.gw-loa .gw-loa-side[data-to-move="true"] {
  border-color: rgba(246, 185, 59, 0.75); background: rgba(246, 185, 59, 0.09);
  box-shadow: 0 0 0 1px rgba(246, 185, 59, 0.25), 0 0 14px rgba(246, 185, 59, 0.14);
}
.gw-loa .gw-loa-stone {
  flex: none; width: 24px; height: 24px; border-radius: 50%;
  box-shadow: 0 2px 4px rgba(0, 0, 0, 0.5), 0 0 0 1px rgba(0, 0, 0, 0.35);
}
.gw-loa .gw-loa-side-text { display: flex; flex-direction: column; min-width: 0; line-height: 1.2; }
.gw-loa .gw-loa-side-text > div { overflow: hidden; text-overflow: ellipsis; }
.gw-loa .gw-loa-side-name { font-size: 13.5px; font-weight: 800; white-space: nowrap; }
.gw-loa .gw-loa-side-stats { font-size: 11.5px; color: ${PALETTE.textDim}; white-space: nowrap; font-variant-numeric: tabular-nums; }
.gw-loa .gw-loa-side-stats b { color: ${PALETTE.text}; font-size: 14px; }
.gw-loa .gw-loa-side[data-connected="true"] .gw-loa-side-stats b { color: ${GOLD}; }
.gw-loa .gw-loa-mid {
  display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 3px; min-width: 112px;
}
.gw-loa .gw-loa-move { font-size: 10px; text-transform: uppercase; letter-spacing: 0.09em; color: ${PALETTE.textDim}; }
.gw-loa .gw-loa-move b { font-size: 13px; color: ${PALETTE.text}; letter-spacing: 0; font-variant-numeric: tabular-nums; }
.gw-loa .gw-loa-turn {
  font-size: 11.5px; font-weight: 700; white-space: nowrap; padding: 2px 8px; border-radius: 10px;
  color: #c9f5d7; background: rgba(53, 212, 106, 0.14); border: 1px solid rgba(53, 212, 106, 0.35);
}
.gw-loa .gw-loa-turn[data-turn="computer"] { color: #d5dde7; background: rgba(255, 255, 255, 0.07); border-color: rgba(255, 255, 255, 0.16); }
.gw-loa .gw-loa-turn[data-turn="over"] { color: #f6d79a; background: rgba(246, 185, 59, 0.12); border-color: rgba(246, 185, 59, 0.4); }
.gw-loa .gw-loa-turn[hidden] { display: none; }
.gw-loa .gw-loa-stage { position: relative; width: 100%; display: flex; justify-content: center; line-height: 0; border-radius: 12px; }
.gw-loa .gw-loa-stage .gw-banner, .gw-loa .gw-loa-stage .gw-badge { line-height: 1.3; }
/* the badge in the middle of the frame above the squares (--gw-loa-frame: its height, board.js) */
.gw-loa .gw-loa-stage > .gw-badge {
  position: absolute; top: max(1px, calc((var(--gw-loa-frame, 30px) - 23px) / 2)); left: 50%; transform: translateX(-50%); z-index: 2;
  background: rgba(20, 27, 36, 0.92); box-shadow: 0 3px 10px rgba(0, 0, 0, 0.4);
}
.gw-loa .gw-board { border-radius: 12px; }
.gw-loa .gw-board-wrap { margin-top: 0; }
.gw-loa .gw-dialog { min-width: 280px; }
.gw-loa .gw-dialog-actions .gw-button[hidden] { display: none; }
.gw-loa .gw-dialog-backdrop[data-dialog="setup"] { background: rgba(10, 14, 20, 0.42); }
.gw-loa .gw-dialog-backdrop[data-dialog="pause"] .gw-dialog-actions { flex-direction: column; align-items: stretch; }
.gw-loa .gw-dialog-backdrop[data-dialog="pause"] .gw-button { justify-content: center; height: 34px; }
.gw-loa .gw-dialog-backdrop[data-dialog="setup"] .gw-button-primary { min-width: 120px; justify-content: center; font-size: 14px; letter-spacing: 0.08em; height: 34px; }
.gw-loa .gw-dialog-backdrop[data-dialog="setup"] [data-action="continue"] { height: 34px; }
.gw-loa .gw-loa-you {
  display: flex; align-items: center; justify-content: center; gap: 14px; margin: -4px 0 12px;
  font-size: 11.5px; color: ${PALETTE.textDim};
}
.gw-loa .gw-loa-you span { display: inline-flex; align-items: center; gap: 5px; }
.gw-loa .gw-loa-you i { display: inline-block; width: 13px; height: 13px; border-radius: 50%; box-shadow: 0 1px 2px rgba(0,0,0,0.5); }
.gw-loa .gw-dialog-backdrop[data-dialog="result"] .gw-dialog-title { font-size: 24px; }
.gw-loa .gw-dialog-backdrop[data-result="win"] .gw-dialog-title { color: ${GOLD}; }
.gw-loa .gw-dialog-backdrop[data-result="loss"] .gw-dialog-title { color: #ff9b8f; }
.gw-loa .gw-loa-result-head {
  margin: 12px 0 6px; font-size: 10.5px; font-weight: 700; letter-spacing: 0.09em; text-transform: uppercase; color: ${PALETTE.textDim};
}
.gw-loa .gw-statgrid [data-stat="win_percent"] b, .gw-loa .gw-statgrid [data-stat="best_streak"] b { color: ${PALETTE.accent}; }
.gw-loa .gw-loa-legend { display: inline-flex; gap: 7px; font-size: 11px; font-weight: 700; }
.gw-loa .gw-loa-legend[hidden] { display: none; }
.gw-loa .gw-dialog-backdrop { overflow: auto; }
/* the dialogs over the board only (the stage is as wide as the view; --gw-loa-board: the
   board's width, board.js) */
.gw-loa .gw-loa-stage > .gw-dialog-backdrop {
  left: calc((100% - var(--gw-loa-board, 100%)) / 2); right: calc((100% - var(--gw-loa-board, 100%)) / 2);
  border-radius: 12px;
}
/* narrow (data-compact="true" on the root): icon-only header buttons; the move and
   turn under the two sides, each side's groups and captures on two lines */
.gw-loa[data-compact="true"] .gw-header { margin-bottom: 6px; }
.gw-loa[data-compact="true"] .gw-title { min-width: 0; font-size: 15px; line-height: 1.15; }
.gw-loa[data-compact="true"] .gw-title small { display: block; margin: 1px 0 0; font-size: 11px; }
.gw-loa[data-compact="true"] .gw-loa-header-buttons { gap: 4px; }
.gw-loa[data-compact="true"] .gw-loa-header-buttons .gw-button,
.gw-loa[data-compact="true"] .gw-header > .gw-loa-menu { padding: 0 7px; }
.gw-loa[data-compact="true"] .gw-loa-header-buttons .gw-button-label,
.gw-loa[data-compact="true"] .gw-loa-header-buttons kbd,
.gw-loa[data-compact="true"] .gw-header > .gw-loa-menu .gw-button-label,
.gw-loa[data-compact="true"] .gw-header > .gw-loa-menu kbd { display: none; }
.gw-loa[data-compact="true"] .gw-loa-score { grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 4px 6px; margin-bottom: 6px; }
.gw-loa[data-compact="true"] .gw-loa-mid { grid-row: 2; grid-column: 1 / span 2; flex-direction: row; gap: 10px; }
.gw-loa[data-compact="true"] .gw-loa-side { padding: 3px 8px; gap: 7px; }
.gw-loa[data-compact="true"] .gw-loa-stone { width: 20px; height: 20px; }
.gw-loa[data-compact="true"] .gw-loa-side-text { line-height: 1.15; }
.gw-loa[data-compact="true"] .gw-loa-side-name { font-size: 12.5px; }
.gw-loa[data-compact="true"] .gw-loa-side-stats { display: flex; flex-direction: column; font-size: 10.5px; }
.gw-loa[data-compact="true"] .gw-loa-side-stats b { font-size: 12.5px; }
.gw-loa[data-compact="true"] .gw-loa-side[data-side="computer"] .gw-loa-side-stats { align-items: flex-end; }
.gw-loa[data-compact="true"] .gw-loa-sep { display: none; }
.gw-loa[data-compact="true"] .gw-loa-turn { font-size: 10.5px; padding: 1px 8px; }
/* a small board (data-small="true" on the stage, board.js: under SMALL_BOARD px, on a
   phone or in a short window): a smaller badge, dialogs made to fit over it */
.gw-loa .gw-loa-stage[data-small="true"] > .gw-badge {
  top: max(1px, calc((var(--gw-loa-frame, 30px) - 18px) / 2)); height: 18px; font-size: 10.5px; padding: 0 8px 0 6px;
}
.gw-loa .gw-loa-stage[data-small="true"] > .gw-badge .gw-badge-dot { width: 6px; height: 6px; }
.gw-loa .gw-loa-stage[data-small="true"] .gw-dialog-backdrop { padding: 6px; }
.gw-loa .gw-loa-stage[data-small="true"] .gw-dialog { min-width: 0; padding: 10px 12px; top: 6px; bottom: 6px; border-radius: 13px; }
.gw-loa .gw-loa-stage[data-small="true"] .gw-dialog-title { font-size: 16px; margin-bottom: 3px; }
.gw-loa .gw-loa-stage[data-small="true"] .gw-dialog-message { font-size: 11.5px; margin-bottom: 8px; }
.gw-loa .gw-loa-stage[data-small="true"] .gw-dialog-body { margin-bottom: 10px; }
.gw-loa .gw-loa-stage[data-small="true"] .gw-dialog .gw-button { height: 30px; }
.gw-loa .gw-loa-stage[data-small="true"] .gw-dialog-backdrop[data-dialog="setup"] .gw-dialog-actions { flex-direction: column; align-items: stretch; gap: 6px; }
.gw-loa .gw-loa-stage[data-small="true"] .gw-dialog-backdrop[data-dialog="setup"] .gw-button { justify-content: center; height: 30px; }
.gw-loa .gw-loa-stage[data-small="true"] .gw-dialog-backdrop[data-dialog="setup"] [data-action="continue"] { height: 30px; font-size: 12px; white-space: nowrap; }
.gw-loa .gw-loa-stage[data-small="true"] .gw-loa-you { display: none; }
.gw-loa .gw-loa-stage[data-small="true"] .gw-choices { margin-bottom: 6px; }
.gw-loa .gw-loa-stage[data-small="true"] .gw-choices legend { margin-bottom: 3px; font-size: 9.5px; }
.gw-loa .gw-loa-stage[data-small="true"] .gw-choices-row { gap: 4px; }
.gw-loa .gw-loa-stage[data-small="true"] .gw-choice { padding: 4px 2px 3px; }
.gw-loa .gw-loa-stage[data-small="true"] .gw-choice-label { font-size: 12px; }
.gw-loa .gw-loa-stage[data-small="true"] .gw-choice-detail { display: none; }
.gw-loa .gw-loa-stage[data-small="true"] .gw-dialog-backdrop[data-dialog="result"] .gw-dialog-title { font-size: 19px; }
.gw-loa .gw-loa-stage[data-small="true"] .gw-statgrid { gap: 4px; }
.gw-loa .gw-loa-stage[data-small="true"] .gw-statgrid > div { padding: 2px 2px 3px; }
.gw-loa .gw-loa-stage[data-small="true"] .gw-statgrid b { font-size: 15px; }
.gw-loa .gw-loa-stage[data-small="true"] .gw-statgrid span { font-size: 8px; letter-spacing: 0.04em; }
.gw-loa .gw-loa-stage[data-small="true"] .gw-loa-result-head { margin: 8px 0 4px; font-size: 9.5px; }
`;

/** Inject the styles the view needs (once per document or shadow root). */
export function ensureLoaStyles(el) {
  ensureDialogStyles(el);
  ensureDialogPartsStyles(el);
  ensureStyleSheet(el, "gamewidgets-loa-v1", CSS);
}
