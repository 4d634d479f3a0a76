// The look of the view: the green table, the piles, the line's board, the hand of
// tile buttons, the dialogs' contents, the online strip and notices, an analysis'
// marks and its strips (beliefs, the computer's candidates), the hand log, the Why?
// button; and what changes when the view is compact (a phone: the output area is
// ~300 px wide).

import { ensureDialogStyles } from "../lib/dialog.js";
import { ensureStyleSheet } from "../lib/stylesheet.js";
import { PALETTE } from "../lib/theme.js";
import { CELL_W } from "./beliefs.js";
import { HAND_H } from "./hand.js";
import { REASON_W } from "./reasons.js";
import { CELL_GAP } from "./tilestrip.js";
import { ensureOnlineStyles } from "./online.js";

const CSS = `
.gw-root.gw-domino { max-width: 640px; }
.gw-domino .gw-header { align-items: center; }
.gw-domino .gw-title small { text-transform: none; }
.gw-domino .gw-dom-table {
  position: relative; box-sizing: border-box; border-radius: 14px; padding: 8px 8px 10px;
  background: radial-gradient(ellipse at 50% 30%, #2c6a4c 0%, #1f5038 60%, #173d2b 100%);
  border: 1px solid rgba(0, 0, 0, 0.45);
  box-shadow: 0 0 0 3px #4a3020, 0 0 0 4px #2a1a10, inset 0 2px 14px rgba(0, 0, 0, 0.45);
  margin: 4px 4px 0;
}
.gw-domino .gw-dom-top {
  display: flex; align-items: center; justify-content: space-between; gap: 10px; min-height: 44px;
  padding: 0 4px 4px;
}
.gw-domino .gw-dom-pile { display: flex; align-items: center; gap: 8px; min-width: 0; }
.gw-domino .gw-dom-pile canvas { display: block; flex: none; }
.gw-domino .gw-dom-pile-art { display: block; line-height: 0; }
.gw-domino .gw-dom-pile[data-pile="boneyard"] { text-align: right; }
.gw-domino .gw-dom-pile[data-pile="boneyard"] .gw-dom-pile-text { align-items: flex-end; }
.gw-domino .gw-dom-pile-text { display: flex; flex-direction: column; line-height: 1.15; min-width: 0; }
.gw-domino .gw-dom-pile-text b { font-size: 16px; font-variant-numeric: tabular-nums; }
.gw-domino .gw-dom-pile-text span {
  font-size: 10px; text-transform: uppercase; letter-spacing: 0.09em; color: rgba(230, 240, 232, 0.7);
  overflow: hidden; text-overflow: ellipsis;
}
.gw-domino .gw-dom-pile[data-turn="true"] .gw-dom-pile-text span { color: ${PALETTE.accent}; }
.gw-domino .gw-dom-boardbox { position: relative; line-height: 0; margin: 0 auto; }
.gw-domino .gw-dom-boardbox canvas { display: block; }
.gw-domino .gw-dom-end {
  position: absolute; padding: 0; margin: 0; border-radius: 6px; cursor: pointer;
  background: rgba(246, 185, 59, 0.12); border: 2px dashed ${PALETTE.accent};
  color: transparent; font-size: 0;
}
.gw-domino .gw-dom-end:hover { background: rgba(246, 185, 59, 0.28); }
.gw-domino .gw-dom-end:focus-visible { outline: 2px solid #fff; outline-offset: 2px; }
.gw-domino .gw-dom-end[hidden] { display: none; }
.gw-domino .gw-dom-handbar {
  display: flex; align-items: center; justify-content: space-between; gap: 8px;
  margin: 6px 4px 2px; min-height: 30px;
}
.gw-domino .gw-dom-handlabel { font-weight: 700; color: #e8f1ea; }
.gw-domino .gw-dom-handlabel small { font-weight: 500; color: rgba(230, 240, 232, 0.7); margin-left: 6px; }
.gw-domino .gw-dom-handlabel[data-turn="true"]::before {
  content: ""; display: inline-block; width: 8px; height: 8px; margin-right: 6px; border-radius: 50%;
  background: ${PALETTE.accent}; box-shadow: 0 0 6px ${PALETTE.accent}; vertical-align: 1px;
}
.gw-domino .gw-dom-actions { display: flex; gap: 6px; }
/* the toolbar in one row at the view's widest (640 px): Sound as its icon, no key hints
   on Why? and Rules (their tooltips and the rules' Keys say them) */
.gw-domino .gw-toolbar [data-action="sound"] .gw-button-label,
.gw-domino .gw-toolbar [data-action="sound"] kbd,
.gw-domino .gw-toolbar [data-action="why"] kbd,
.gw-domino .gw-toolbar [data-action="rules"] kbd { display: none; }
.gw-domino .gw-toolbar [data-action="sound"] { padding: 0 8px; }
.gw-domino .gw-button[hidden] { display: none; }
.gw-domino .gw-dom-hand {
  display: flex; gap: 6px; overflow-x: auto; overflow-y: hidden; padding: 12px 6px 8px;
  min-height: ${HAND_H + 28}px; border-radius: 10px; background: rgba(0, 0, 0, 0.18);
  scrollbar-width: thin; scroll-snap-type: x proximity;
}
.gw-domino .gw-dom-hand:empty::after {
  content: attr(data-empty); align-self: center; margin: 0 auto; color: rgba(230, 240, 232, 0.6);
  font-style: italic;
}
.gw-domino .gw-dom-tile {
  position: relative; flex: none; padding: 0; margin: 0; border: none; background: none;
  border-radius: 7px; cursor: default; line-height: 0; scroll-snap-align: center;
  transition: transform 0.14s ease-out, filter 0.14s, opacity 0.14s;
}
.gw-domino .gw-dom-tile canvas { display: block; pointer-events: none; }
.gw-domino .gw-dom-hand[data-active="true"] .gw-dom-tile[data-playable="false"] { filter: brightness(0.62) saturate(0.7); }
.gw-domino .gw-dom-tile[data-playable="true"] { cursor: pointer; }
.gw-domino .gw-dom-tile[data-playable="true"]::after {
  content: ""; position: absolute; inset: 1px 1px 4px; border-radius: 6px; pointer-events: none;
  box-shadow: 0 0 0 2px rgba(246, 185, 59, 0.75), 0 0 10px rgba(246, 185, 59, 0.45);
}
.gw-domino .gw-dom-tile[data-playable="true"]:hover { transform: translateY(-4px); }
.gw-domino .gw-dom-tile[aria-pressed="true"] { transform: translateY(-9px); }
.gw-domino .gw-dom-tile[aria-pressed="true"]::after {
  box-shadow: 0 0 0 3px #ffd21f, 0 0 16px rgba(255, 210, 31, 0.8);
}
.gw-domino .gw-dom-tile:focus-visible { outline: 2px solid #fff; outline-offset: 2px; }
.gw-domino .gw-dom-tile[data-opening="true"] .gw-dom-lead {
  position: absolute; left: 50%; top: -9px; transform: translateX(-50%); z-index: 1;
  padding: 1px 5px; border-radius: 6px; font-size: 9px; line-height: 12px; font-weight: 800;
  letter-spacing: 0.06em; text-transform: uppercase; color: #2a1a00; background: ${PALETTE.accent};
  box-shadow: 0 1px 3px rgba(0, 0, 0, 0.5); white-space: nowrap;
}
.gw-domino .gw-dom-tile[data-opening="false"] .gw-dom-lead { display: none; }
.gw-domino[data-reduced-motion="true"] .gw-dom-tile { transition: none; }
.gw-domino .gw-dom-levels { display: flex; flex-direction: column; gap: 6px; margin-bottom: 4px; }
.gw-domino .gw-dom-levels .gw-button { height: auto; padding: 7px 12px; justify-content: space-between; }
.gw-domino .gw-dom-levels .gw-button small { font-weight: 500; color: ${PALETTE.textDim}; }
.gw-domino .gw-dom-levels .gw-button[aria-current="true"] { border-color: ${PALETTE.accent}; }
.gw-domino .gw-dom-levels .gw-button[aria-current="true"] b::after { content: " \\2713"; color: ${PALETTE.accent}; }
/* the mode menu: each choice's name over what it means */
.gw-domino .gw-dom-modes .gw-button { flex-direction: column; align-items: flex-start; gap: 1px; text-align: left; }
.gw-domino .gw-dom-result-hands { display: flex; flex-direction: column; gap: 8px; margin: 4px 0 6px; text-align: left; }
.gw-domino .gw-dom-result-hand > div:first-child {
  font-size: 11px; color: ${PALETTE.textDim}; margin-bottom: 2px;
}
.gw-domino .gw-dom-result-hand > div:first-child b { color: ${PALETTE.text}; }
.gw-domino .gw-dom-result-tiles { display: flex; flex-wrap: wrap; gap: 2px; min-height: 22px; line-height: 0; }
.gw-domino .gw-dom-result-tiles em { line-height: 20px; font-size: 12px; color: ${PALETTE.textDim}; }
.gw-domino .gw-dom-points { font-size: 30px; font-weight: 800; color: ${PALETTE.accent}; line-height: 1.1; }
/* the end of the hand: wide enough for its message on one line, so that it holds a
   short table (a laptop's 600 px window, the history slider under it) in height */
.gw-domino .gw-dialog-backdrop[data-dialog="result"] .gw-dialog { max-width: min(480px, 100%); }
.gw-domino .gw-dialog-backdrop[data-dialog="result"] .gw-dialog-body { margin-bottom: 12px; }
.gw-domino .gw-dialog-backdrop[data-dialog="handoff"] { background: rgba(10, 20, 14, 0.92); }
.gw-domino .gw-dom-online {
  display: flex; align-items: center; flex-wrap: wrap; gap: 8px 10px; margin: 0 4px 10px;
}
.gw-domino .gw-dom-online[hidden] { display: none; }
.gw-domino .gw-dom-seats { display: flex; gap: 6px; flex-wrap: wrap; min-width: 0; }
.gw-domino .gw-dom-online .gw-invite { flex: 1 1 100%; }
.gw-domino .gw-dom-notices {
  position: absolute; left: 10px; right: 10px; top: 8px; z-index: 2;
  display: flex; flex-direction: column; align-items: center; gap: 6px;
  line-height: 1.3; pointer-events: none;
}
.gw-domino .gw-dom-notices > * { pointer-events: auto; max-width: min(470px, 100%); }
.gw-domino .gw-dialog .gw-dom-notices {
  position: static; transform: none; margin: 0; align-items: stretch;
}
.gw-domino .gw-dialog .gw-dom-notices > * { max-width: none; }
.gw-domino .gw-dom-notices .gw-banner { box-shadow: 0 6px 20px rgba(0, 0, 0, 0.45); }
.gw-domino .gw-dom-board { transition: filter 0.25s; }
.gw-domino[data-mode="online"][data-live="false"] .gw-dom-board { filter: saturate(0.55) brightness(0.72); }
.gw-domino[data-mode="online"][data-live="false"] .gw-dom-hand .gw-dom-tile { filter: saturate(0.75) brightness(0.8); }
.gw-domino .gw-dom-result-tiles .gw-dom-hidden {
  line-height: 20px; font-size: 12px; color: ${PALETTE.textDim}; margin-left: 6px; font-style: italic;
}

/* looking back: the banner over the line's top edge (the box has line-height 0) */
.gw-domino .gw-dom-boardbox > .gw-banner { line-height: 1.3; }

/* an analysis (w.show): the colours come from js/lib/overlay.js's scale, set per mark
   as --gw-tint (translucent), --gw-edge and --gw-solid (analysis.js) */
.gw-domino .gw-dom-tile[data-candidate] {
  background: var(--gw-tint); box-shadow: 0 0 0 1.5px var(--gw-edge), 0 0 12px var(--gw-tint);
}
.gw-domino .gw-dom-tile[data-candidate]::after { box-shadow: none; }
.gw-domino .gw-dom-tile[data-chosen="true"]::after {
  inset: -4px; border-radius: 10px; box-shadow: 0 0 0 2.5px ${PALETTE.accent}, 0 0 14px rgba(246, 185, 59, 0.6);
}
.gw-domino .gw-dom-tile[data-candidate][aria-pressed="true"]::after {
  inset: 1px 1px 4px; border-radius: 6px; box-shadow: 0 0 0 3px #ffd21f, 0 0 16px rgba(255, 210, 31, 0.8);
}
.gw-domino .gw-dom-score, .gw-domino .gw-dom-endscore {
  position: absolute; z-index: 1; pointer-events: none; white-space: nowrap; font-weight: 800;
  font-variant-numeric: tabular-nums; color: #f4f7fb; background: rgba(12, 16, 22, 0.88);
  border: 1px solid var(--gw-solid); box-shadow: 0 1px 3px rgba(0, 0, 0, 0.5);
}
.gw-domino .gw-dom-score {
  display: none; left: 50%; top: -9px; transform: translateX(-50%);
  padding: 0 4px; border-radius: 6px; font-size: 9.5px; line-height: 12px;
}
.gw-domino .gw-dom-tile[data-candidate] .gw-dom-score { display: block; }
.gw-domino .gw-dom-tile[data-candidate][data-opening="true"] .gw-dom-lead { top: auto; bottom: -7px; }
.gw-domino .gw-dom-tile[data-chosen="true"] .gw-dom-score,
.gw-domino .gw-dom-endscore[data-chosen="true"] { color: #2a1a00; background: ${PALETTE.accent}; border-color: #ffe09a; }
.gw-domino .gw-dom-endmark {
  position: absolute; box-sizing: border-box; border-radius: 6px; pointer-events: none;
  background: var(--gw-tint); border: 2px solid var(--gw-edge); box-shadow: 0 0 10px var(--gw-tint);
}
.gw-domino .gw-dom-endmark[data-chosen="true"] {
  border: 2.5px solid ${PALETTE.accent}; box-shadow: 0 0 0 1px rgba(0, 0, 0, 0.35), 0 0 14px rgba(246, 185, 59, 0.6);
}
.gw-domino .gw-dom-endscore { padding: 0 5px; border-radius: 7px; font-size: 10.5px; line-height: 14px; }
.gw-domino .gw-dom-endmark[hidden], .gw-domino .gw-dom-endscore[hidden] { display: none; }
.gw-domino .gw-dom-pile[data-chosen="true"] .gw-dom-pile-art {
  border-radius: 6px; box-shadow: 0 0 0 2.5px ${PALETTE.accent}, 0 0 14px rgba(246, 185, 59, 0.6);
}
.gw-domino .gw-dom-pile[data-chosen="true"] .gw-dom-pile-text span { color: ${PALETTE.accent}; }
.gw-domino .gw-dom-actions .gw-button[data-chosen="true"] {
  box-shadow: 0 0 0 2.5px ${PALETTE.accent}, 0 0 12px rgba(246, 185, 59, 0.6);
}
.gw-domino .gw-dom-strips { display: flex; flex-wrap: wrap; gap: 6px; margin: 0 4px 6px; }
.gw-domino .gw-dom-strips:not(:has(> :not([hidden]))) { display: none; }
.gw-domino .gw-dom-strip {
  flex: 1 1 240px; min-width: 0; box-sizing: border-box;
  padding: 5px 6px 6px; border-radius: 10px; background: rgba(0, 0, 0, 0.18); line-height: 1.2;
}
.gw-domino .gw-dom-strip[hidden] { display: none; }
.gw-domino .gw-dom-strip-head {
  display: flex; flex-wrap: wrap; align-items: baseline; gap: 0 8px; margin: 0 2px 4px; font-size: 11px;
}
.gw-domino .gw-dom-strip-head b { color: #e8f1ea; }
.gw-domino .gw-dom-strip-head span { font-size: 10px; color: rgba(230, 240, 232, 0.7); }
.gw-domino .gw-dom-strip-grid { display: grid; gap: ${CELL_GAP}px; }
.gw-domino .gw-dom-strip-grid:empty { display: none; }
.gw-domino .gw-dom-beliefs .gw-dom-strip-grid { grid-template-columns: repeat(auto-fill, ${CELL_W}px); }
.gw-domino .gw-dom-reasons .gw-dom-strip-grid { grid-template-columns: repeat(auto-fill, ${REASON_W}px); }
.gw-domino .gw-dom-strip-cell {
  display: flex; flex-direction: column; align-items: center; padding: 1px 0; border-radius: 5px;
  background: var(--gw-tint); box-shadow: inset 0 0 0 1px var(--gw-edge);
}
.gw-domino .gw-dom-strip-cell canvas { display: block; }
.gw-domino .gw-dom-strip-cell span {
  font-size: 9px; font-weight: 700; line-height: 11px; color: #f4f7fb; font-variant-numeric: tabular-nums;
  text-shadow: 0 1px 2px rgba(0, 0, 0, 0.9); white-space: nowrap;
}
.gw-domino .gw-dom-reason { padding: 2px 0 1px; }
.gw-domino .gw-dom-reason span + span { font-weight: 500; color: rgba(244, 247, 251, 0.8); }
.gw-domino .gw-dom-reason[data-chosen="true"] {
  box-shadow: inset 0 0 0 1px var(--gw-edge), 0 0 0 2px ${PALETTE.accent}, 0 0 10px rgba(246, 185, 59, 0.55);
}
/* the computer's tiles left at the end of a hand, face up in its pile */
.gw-domino .gw-dom-revealed { display: flex; flex-wrap: wrap; gap: 2px; max-width: 250px; padding: 2px 0; }
.gw-domino .gw-dom-pile[data-revealed]:not([data-revealed="0"]) .gw-dom-pile-text span { color: ${PALETTE.accent}; }
/* Why? */
.gw-domino .gw-button[data-action="why"][aria-pressed="true"] {
  border-color: ${PALETTE.accent}; box-shadow: inset 0 0 0 1px ${PALETTE.accent};
}
/* the hand log under the table: three lines, scrolling, the newest last */
.gw-domino .gw-dom-log { margin: 8px 4px 0; line-height: 1.25; }
/* what the computer did and why can be long: the status line wraps rather than cut it */
.gw-root.gw-domino .gw-status { white-space: normal; }
.gw-domino .gw-dom-log[hidden] { display: none; }
.gw-domino .gw-dom-log-head {
  display: flex; align-items: baseline; gap: 8px; margin: 0 2px 2px; font-size: 10px;
  text-transform: uppercase; letter-spacing: 0.08em; color: ${PALETTE.textDim};
}
.gw-domino .gw-dom-log-head b { font-weight: 700; color: ${PALETTE.text}; }
.gw-domino .gw-dom-log-list {
  position: relative; box-sizing: border-box; height: calc(3 * 18px + 2px); margin: 0; padding: 0; list-style: none;
  overflow-y: auto; overscroll-behavior: contain; border-radius: 8px; background: rgba(0, 0, 0, 0.22);
  border: 1px solid rgba(255, 255, 255, 0.06); scrollbar-width: thin;
}
.gw-domino .gw-dom-log-list:empty::after {
  content: attr(data-empty); display: block; padding: 2px 10px; font-size: 12px; font-style: italic;
  color: ${PALETTE.textDim};
}
.gw-domino .gw-dom-log-line {
  display: flex; width: 100%; gap: 6px; align-items: baseline; padding: 0 10px; margin: 0; border: none;
  background: none; font: inherit; font-size: 12px; line-height: 18px; text-align: left; color: ${PALETTE.text};
  cursor: pointer; white-space: nowrap;
}
.gw-domino .gw-dom-log-line > span { overflow: hidden; text-overflow: ellipsis; }
.gw-domino .gw-dom-log-line::before {
  content: ""; flex: none; align-self: center; width: 7px; height: 7px; border-radius: 50%; background: #7f93a8;
}
.gw-domino .gw-dom-log-line[data-player="0"]::before { background: ${PALETTE.accent}; }
.gw-domino .gw-dom-log-line small { flex: none; color: ${PALETTE.textDim}; font-size: 11px; }
.gw-domino .gw-dom-log-line:hover { background: rgba(255, 255, 255, 0.06); }
.gw-domino .gw-dom-log-line:focus { outline: none; }
.gw-domino .gw-dom-log-line:focus-visible { outline: 1px solid rgba(255, 255, 255, 0.55); outline-offset: -1px; }
.gw-domino .gw-dom-log-line[data-shown="true"] { background: rgba(246, 185, 59, 0.18); box-shadow: inset 3px 0 0 ${PALETTE.accent}; }

/* compact (a phone: the output area is ~300 px wide): a tighter table, smaller pile
   labels, dialogs as wide as the table allows */
.gw-domino[data-compact="true"] .gw-dom-table { margin: 4px 0 0; padding: 6px 6px 8px; }
.gw-domino[data-compact="true"] .gw-dom-top { gap: 6px; min-height: 40px; padding: 0 2px 4px; }
.gw-domino[data-compact="true"] .gw-dom-pile { gap: 5px; }
.gw-domino[data-compact="true"] .gw-dom-pile-text span { font-size: 9px; letter-spacing: 0.04em; }
.gw-domino[data-compact="true"] .gw-dom-handbar { margin: 6px 2px 2px; }
.gw-domino[data-compact="true"] .gw-dom-strips { margin: 0 0 6px; }
.gw-domino[data-compact="true"] .gw-dom-strip { padding: 4px 4px 5px; }
.gw-domino[data-compact="true"] .gw-dom-log { margin: 6px 0 0; }
.gw-domino[data-compact="true"] .gw-dom-log-line { padding: 0 8px; font-size: 11.5px; }
/* the "Looking back" banner fits a phone's board (~260 px) */
.gw-domino[data-compact="true"] .gw-dom-boardbox > .gw-banner { max-width: 100%; gap: 4px; padding-left: 7px; font-size: 9.5px; }
.gw-domino[data-compact="true"] .gw-dom-boardbox > .gw-banner .gw-banner-button { padding: 0 6px; font-size: 9.5px; }
.gw-domino[data-compact="true"] .gw-dom-online { margin: 0 0 8px; gap: 6px; }
.gw-domino[data-compact="true"] .gw-invite .gw-button { padding: 0 9px; }
.gw-domino[data-compact="true"] .gw-invite .gw-button .gw-button-label { display: none; }
.gw-domino[data-compact="true"] .gw-status { white-space: normal; }
/* the notices go in the flow below the line (over it they would hide it) */
.gw-domino[data-compact="true"] .gw-dom-boardbox > .gw-dom-notices { position: static; align-items: stretch; }
.gw-domino[data-compact="true"] .gw-dom-boardbox > .gw-dom-notices:has(> :not([hidden])) { margin-top: 6px; }
.gw-domino[data-compact="true"] .gw-dom-notices > * { max-width: none; }
.gw-domino[data-compact="true"] .gw-dom-notices .gw-banner { flex-wrap: wrap; row-gap: 6px; }
.gw-domino[data-compact="true"] .gw-dom-notices .gw-banner[data-place] .gw-banner-body { flex: 1 1 0; min-width: calc(100% - 24px); }
.gw-domino[data-compact="true"] .gw-dom-notices .gw-banner-actions { margin-left: auto; }
.gw-domino[data-compact="true"] .gw-dialog-backdrop { padding: 8px 6px; }
.gw-domino[data-compact="true"] .gw-dialog { min-width: 0; padding: 12px 12px 10px; }
.gw-domino[data-compact="true"] .gw-dialog-title { font-size: 18px; margin-bottom: 4px; }
.gw-domino[data-compact="true"] .gw-dialog-message { margin-bottom: 8px; font-size: 12.5px; }
.gw-domino[data-compact="true"] .gw-dialog-body { margin-bottom: 10px; }
.gw-domino[data-compact="true"] .gw-dom-levels .gw-button { padding: 5px 10px; }
.gw-domino[data-compact="true"] .gw-dom-points { font-size: 24px; }
.gw-domino[data-compact="true"] .gw-dom-result-tiles canvas { width: 32px !important; height: auto !important; }
`;

/** Inject the styles the view uses (once per document or shadow root). */
export function ensureDominoStyles(el) {
  ensureDialogStyles(el);
  ensureOnlineStyles(el);
  ensureStyleSheet(el, "gamewidgets-domino-v4", CSS);
}
