// The search explorer's style (js/explorer/index.js).
import { ensureStyleSheet } from "../lib/stylesheet.js";
import { PALETTE } from "../lib/theme.js";

const STYLE_ID = "gamewidgets-explorer-v1";
const CSS = `
.gw-explorer { box-sizing: border-box; width: 100%; padding: 12px 12px 10px; border-radius: 14px;
  background: ${PALETTE.panel}; color: ${PALETTE.text}; font-size: 13px; }
.gw-explorer .gw-summary { color: ${PALETTE.textDim}; margin: 0 0 8px; }
.gw-explorer .gw-tree { overflow-y: auto; overscroll-behavior: contain; max-height: 460px; min-height: 120px;
  border: 1px solid ${PALETTE.panelEdge}; border-radius: 10px; padding: 4px 0; outline: none;
  font-variant-numeric: tabular-nums; }
.gw-explorer .gw-tree:focus-visible { box-shadow: inset 0 0 0 2px ${PALETTE.accentSoft}; }
.gw-explorer .gw-node { display: flex; align-items: center; gap: 6px; min-height: 26px; padding: 1px 8px 1px 0;
  cursor: pointer; white-space: nowrap; }
.gw-explorer .gw-node:hover { background: rgba(255, 255, 255, 0.05); }
.gw-explorer .gw-node[aria-selected="true"] { background: rgba(246, 185, 59, 0.18); box-shadow: inset 3px 0 0 ${PALETTE.accent}; }
.gw-explorer .gw-node[data-shown="true"] .gw-move { text-decoration: underline; text-underline-offset: 3px; }
.gw-explorer .gw-twisty { width: 22px; flex: none; text-align: center; color: ${PALETTE.textDim}; }
.gw-explorer .gw-move { font-weight: 700; min-width: 3em; overflow: hidden; text-overflow: ellipsis; }
.gw-explorer .gw-node[data-pv="true"] .gw-move::before { content: "★ "; color: ${PALETTE.accent}; }
.gw-explorer .gw-score { min-width: 4.5em; text-align: right; font-weight: 700; }
.gw-explorer .gw-kind { font-size: 11px; padding: 0 6px; border-radius: 8px; background: rgba(255, 255, 255, 0.08);
  color: ${PALETTE.textDim}; }
.gw-explorer .gw-meta { margin-left: auto; color: ${PALETTE.textDim}; font-size: 11.5px; }
.gw-explorer .gw-details { margin: 8px 0 0; min-height: 2.6em; color: ${PALETTE.textDim}; white-space: normal;
  overflow-wrap: anywhere; }
.gw-explorer .gw-details b { color: ${PALETTE.text}; }
.gw-explorer .gw-status { margin: 6px 0 0; white-space: normal; overflow-wrap: anywhere; }
.gw-explorer .gw-error { margin: 6px 0 0; color: ${PALETTE.danger}; }
.gw-explorer .gw-error:empty { display: none; }
.gw-explorer[data-compact="true"] .gw-meta { display: none; }
`;

export function ensureExplorerStyles(el) {
  ensureStyleSheet(el, STYLE_ID, CSS);
}
