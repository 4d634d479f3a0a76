// The view's own styles (on top of the shell's and the dialogs'), the compact layout
// of a narrow view (a phone) included.

import { ensureStyleSheet } from "../lib/stylesheet.js";
import { PALETTE } from "../lib/theme.js";

/** Root width (CSS px) under which the view is compact: icon-only toolbar, tighter header. */
export const COMPACT_BELOW = 760;

const CSS = `
.gw-root.gw-mahjong { max-width: 1120px; }
.gw-mahjong .gw-board-wrap { margin-top: 2px; }
.gw-mahjong .gw-mj-stage { position: relative; line-height: 0; border-radius: 14px; }
.gw-mahjong .gw-board { border-radius: 14px; cursor: pointer; }
.gw-mahjong[data-dragging="true"] .gw-board { cursor: grabbing; }
.gw-mahjong[data-state="won"] .gw-board, .gw-mahjong[data-history-mode="back"] .gw-board { cursor: default; }
.gw-mahjong .gw-header { align-items: center; }
.gw-mahjong .gw-mj-right { display: flex; align-items: center; gap: 10px; flex-wrap: wrap; justify-content: flex-end; }
.gw-mahjong .gw-mj-removed {
  display: flex; align-items: center; gap: 6px; height: 46px; padding: 0 10px 0 6px;
  border-radius: 9px; background: rgba(0, 0, 0, 0.28); border: 1px solid rgba(255, 255, 255, 0.06);
}
.gw-mahjong .gw-mj-removed canvas { display: block; }
.gw-mahjong .gw-mj-removed-count { display: flex; flex-direction: column; align-items: flex-start; line-height: 1.15; }
.gw-mahjong .gw-mj-removed-count b { font-size: 17px; font-variant-numeric: tabular-nums; }
.gw-mahjong .gw-mj-removed-count span {
  font-size: 10px; text-transform: uppercase; letter-spacing: 0.09em; color: ${PALETTE.textDim};
}
.gw-mahjong .gw-setting select {
  font: inherit; font-size: 12px; color: ${PALETTE.text}; background: #2d3643;
  border: 1px solid rgba(255, 255, 255, 0.14); border-radius: 6px; padding: 1px 4px; cursor: pointer;
}
.gw-mahjong .gw-setting[hidden] { display: none; }
/* the settings row sits between the toolbar and the board */
.gw-mahjong[data-settings-place="above"] .gw-settings { margin: -2px 0 8px; align-items: center; }
.gw-mahjong .gw-mj-scoring > span { color: ${PALETTE.text}; font-weight: 600; }
.gw-mahjong .gw-status[data-kind="hint"] { color: #a9d4ff; }
.gw-mahjong .gw-stat[data-stat="score"] { position: relative; }
.gw-mahjong .gw-mj-cost {
  position: absolute; right: -12px; top: -9px; z-index: 2; padding: 0 6px; border-radius: 8px; pointer-events: none;
  font-size: 12.5px; font-weight: 800; line-height: 17px; white-space: nowrap; color: #fff;
  background: #d8443a; box-shadow: 0 2px 6px rgba(0, 0, 0, 0.45);
  animation: gw-mj-cost 4s ease-out forwards;
}
.gw-mahjong .gw-mj-cost[hidden] { display: none; }
@keyframes gw-mj-cost {
  0% { opacity: 0; transform: translateY(8px); }
  8% { opacity: 1; transform: translateY(0); }
  80% { opacity: 1; transform: translateY(-3px); }
  100% { opacity: 0; transform: translateY(-8px); }
}
@keyframes gw-mj-cost-still { 0%, 80% { opacity: 1; } 100% { opacity: 0; } }
.gw-root.gw-mahjong[data-reduced-motion="true"] .gw-mj-cost { animation-name: gw-mj-cost-still; }
@media (prefers-reduced-motion: reduce) {
  .gw-mahjong .gw-mj-cost { animation-name: gw-mj-cost-still; }
}

.gw-mahjong .gw-mj-lesson {
  display: inline-block; margin-left: 6px; padding: 0 6px; border-radius: 6px; vertical-align: 1px;
  font-size: 10px; font-weight: 700; letter-spacing: 0.08em; text-transform: uppercase; line-height: 16px;
  color: #bfe8ff; background: rgba(90, 170, 255, 0.16); border: 1px solid rgba(120, 190, 255, 0.35);
}
.gw-mahjong .gw-mj-lesson[hidden] { display: none; }
.gw-mahjong .gw-mj-safety-legend { gap: 9px; }
.gw-mahjong .gw-mj-safety { display: inline-flex; align-items: center; gap: 4px; white-space: nowrap; }
.gw-mahjong .gw-mj-safety i {
  display: inline-block; width: 9px; height: 9px; border-radius: 50%; box-shadow: 0 0 0 1px rgba(0, 0, 0, 0.5);
}
.gw-mahjong .gw-mj-safety b { font-weight: 600; color: ${PALETTE.text}; font-variant-numeric: tabular-nums; }
.gw-root.gw-mahjong[data-compact="true"] .gw-mj-safety span { display: none; }
.gw-mahjong .gw-mj-won-summary { display: flex; gap: 12px; justify-content: center; align-items: stretch; flex-wrap: wrap; }
.gw-mahjong .gw-mj-breakdown {
  display: flex; flex-direction: column; min-width: 150px; padding: 6px 12px; text-align: left;
  border-radius: 10px; background: rgba(0, 0, 0, 0.25); border: 1px solid rgba(255, 255, 255, 0.07);
}
.gw-mahjong .gw-mj-part { display: flex; justify-content: space-between; gap: 14px; font-size: 12.5px; line-height: 19px; }
.gw-mahjong .gw-mj-part span { color: ${PALETTE.textDim}; }
.gw-mahjong .gw-mj-part b { font-variant-numeric: tabular-nums; }
.gw-mahjong .gw-mj-part[data-part="total"] {
  margin-top: 3px; padding-top: 3px; border-top: 1px solid rgba(255, 255, 255, 0.14); font-size: 15px; line-height: 24px;
}
.gw-mahjong .gw-mj-part[data-part="total"] span { color: ${PALETTE.text}; font-weight: 700; }
.gw-mahjong .gw-mj-part[data-part="total"] b { color: ${PALETTE.accent}; font-size: 20px; }
.gw-mahjong .gw-mj-won-stats { display: flex; flex-direction: column; gap: 8px; justify-content: center; }
.gw-mahjong .gw-mj-won-stats[hidden], .gw-mahjong .gw-mj-won-stats div[hidden] { display: none; }
.gw-mahjong .gw-mj-won-stats div {
  display: flex; flex-direction: column; align-items: center; min-width: 84px; padding: 6px 12px;
  border-radius: 10px; background: rgba(0, 0, 0, 0.25); border: 1px solid rgba(255, 255, 255, 0.07);
}
.gw-mahjong .gw-mj-won-stats span {
  font-size: 10px; text-transform: uppercase; letter-spacing: 0.09em; color: ${PALETTE.textDim};
}
.gw-mahjong .gw-mj-won-stats b { font-size: 24px; font-variant-numeric: tabular-nums; }
.gw-mahjong .gw-dialog-backdrop[data-dialog="paused"] { background: transparent; cursor: pointer; }
.gw-mahjong .gw-dialog-backdrop[data-dialog="stuck"] { background: rgba(10, 14, 20, 0.28); }

/* compact (a phone: JupyterLab leaves the output ~296 px): the header in one row, the
   toolbar (icons only, the shell's rule) in another; "Connect" of the title goes when
   the header is narrower than 380 px; the removed count sits on its stack. */
.gw-mahjong .gw-header { container-type: inline-size; }
@container (max-width: 380px) { .gw-mahjong .gw-mj-title-tail { display: none; } }
.gw-root.gw-mahjong[data-compact="true"] .gw-title { font-size: 14px; }
.gw-root.gw-mahjong[data-compact="true"] .gw-mj-right { gap: 4px; flex-wrap: nowrap; }
/* eight icons (Rules among them) in the toolbar of a phone's ~280 px */
.gw-root.gw-mahjong[data-compact="true"] .gw-toolbar { gap: 3px; }
.gw-root.gw-mahjong[data-compact="true"] .gw-toolbar .gw-button:has(svg) { padding: 0 6px; }
.gw-root.gw-mahjong[data-compact="true"] .gw-stat { padding: 2px 4px 3px; }
.gw-root.gw-mahjong[data-compact="true"] .gw-mj-removed {
  position: relative; align-self: stretch; height: auto; gap: 0; padding: 0 3px;
}
.gw-root.gw-mahjong[data-compact="true"] .gw-mj-removed-count {
  position: absolute; right: 1px; bottom: 1px; padding: 0 3px; border-radius: 5px;
  background: rgba(16, 20, 26, 0.86); line-height: 1.25;
}
.gw-root.gw-mahjong[data-compact="true"] .gw-mj-removed-count b { font-size: 11px; }
.gw-root.gw-mahjong[data-compact="true"] .gw-mj-removed-count span { display: none; }
.gw-root.gw-mahjong[data-compact="true"] .gw-dialog { min-width: 0; padding: 14px 14px 12px; }
.gw-root.gw-mahjong[data-compact="true"] .gw-mj-won-summary { gap: 6px; }
.gw-root.gw-mahjong[data-compact="true"] .gw-mj-won-stats { gap: 6px; }
.gw-root.gw-mahjong[data-compact="true"] .gw-mj-won-stats div { min-width: 0; padding: 5px 8px; }
`;

/** Put the view's styles into the document (or shadow root) of `el`, once. */
export function ensureMahjongStyles(el) {
  ensureStyleSheet(el, "gamewidgets-mahjong-v4", CSS);
}
