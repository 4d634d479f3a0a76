// Line 98's own stylesheet, on top of the shared one (theme.js) and the shell's
// compact rules (shell.js): where its layout differs.
//
// - Compact (a phone): the status line takes up to two lines (always room for two,
//   so the view does not change height with the text) instead of cutting its text
//   short; the overlay's legend stacks its words under its bar; the "thinking…"
//   badge is its pulsing dot only (its tooltip says what it means, and the status
//   line says it too); the "looking back" banner is a little tighter, so its text
//   and its button fit over a 276 px board.

import { ensureStyleSheet } from "../lib/stylesheet.js";

const STYLE_ID = "gamewidgets-line98-v1";
const C = '.gw-root.gw-line98[data-compact="true"]';
const CSS = `
${C} .gw-status {
  white-space: normal; display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 2;
  line-height: 1.3; min-height: 2.6em;
}
${C} .gw-legend:not([hidden]) {
  display: inline-grid; grid-template-columns: auto auto; gap: 2px 6px; font-size: 9.5px; line-height: 1.1;
}
${C} .gw-legend > .gw-legend-bar { grid-column: 1 / 3; grid-row: 1; width: 64px; }
${C} .gw-legend > :first-child { grid-column: 1; grid-row: 2; }
${C} .gw-legend > :last-child { grid-column: 2; grid-row: 2; text-align: right; }
${C} .gw-title-group { gap: 6px; }
${C} .gw-badge { padding: 0 7px; }
${C} .gw-badge-text { display: none; }
${C} .gw-banner { max-width: 100%; gap: 5px; padding-left: 8px; font-size: 10.5px; }
${C} .gw-banner-button { padding: 0 7px; font-size: 10.5px; }
`;

/** Add the stylesheet to the document (or shadow root) holding `el`, once. */
export function ensureLine98Styles(el) {
  ensureStyleSheet(el, STYLE_ID, CSS);
}
