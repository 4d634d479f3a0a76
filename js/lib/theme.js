// Colours, fonts and the shared stylesheet of the game views.
//
// Every game view is a self-contained "card" (dark slate panel, light text) so it
// looks the same in JupyterLab's light and dark themes. The stylesheet is injected
// once per document (or shadow root) by ensureStyles(); all classes start with `gw-`.

import { ensureStyleSheet } from "./stylesheet.js";

export const FONT_FAMILY =
  'system-ui, -apple-system, "Segoe UI", Roboto, Ubuntu, "Helvetica Neue", Arial, sans-serif';

/** Palette shared by the canvases and the stylesheet. */
export const PALETTE = {
  panel: "#1d242d", // card background
  panelEdge: "#2c3643",
  frameTop: "#2f3946", // board frame gradient
  frameBottom: "#1a2028",
  cell: "#323c49", // cell face
  cellDark: "#262e38",
  cellLight: "#3e4a59",
  text: "#e9eef4",
  textDim: "#9aa7b6",
  accent: "#f6b93b", // amber: keyboard cursor, highlights
  accentSoft: "rgba(246, 185, 59, 0.35)",
  danger: "#ff5d5d",
  success: "#5fd38d",
  overlay: "rgba(12, 16, 22, 0.74)",
};

/** A CSS font shorthand: font(600, 18) -> '600 18px system-ui, ...'. */
export function font(weight, sizePx) {
  return `${weight} ${Math.round(sizePx * 10) / 10}px ${FONT_FAMILY}`;
}

const STYLE_ID = "gamewidgets-style-v2";

const CSS = `
.gw-root {
  box-sizing: border-box;
  width: 100%;
  max-width: 550px;
  min-width: 290px;
  padding: 12px 14px 10px;
  border-radius: 14px;
  background: linear-gradient(180deg, #222a34 0%, ${PALETTE.panel} 100%);
  border: 1px solid ${PALETTE.panelEdge};
  box-shadow: 0 6px 22px rgba(0, 0, 0, 0.28);
  color: ${PALETTE.text};
  font-family: ${FONT_FAMILY};
  font-size: 13px;
  line-height: 1.3;
  user-select: none;
  -webkit-user-select: none;
}
.gw-root *, .gw-root *::before, .gw-root *::after { box-sizing: border-box; }
.gw-root .gw-header {
  display: flex; align-items: center; justify-content: space-between;
  gap: 10px; flex-wrap: wrap; margin-bottom: 8px;
}
.gw-root .gw-title { font-size: 17px; font-weight: 700; letter-spacing: 0.02em; }
.gw-root .gw-title small { font-weight: 500; color: ${PALETTE.textDim}; font-size: 12px; margin-left: 6px; }
.gw-root .gw-stats { display: flex; gap: 6px; flex-wrap: wrap; }
.gw-root .gw-stat {
  display: flex; flex-direction: column; align-items: center; justify-content: center;
  min-width: 62px; padding: 3px 10px 4px; border-radius: 9px;
  background: rgba(0, 0, 0, 0.28); border: 1px solid rgba(255, 255, 255, 0.06);
}
.gw-root .gw-stat[hidden] { display: none; }
.gw-root .gw-stat-label {
  font-size: 10px; text-transform: uppercase; letter-spacing: 0.09em; color: ${PALETTE.textDim};
}
.gw-root .gw-stat-value {
  font-size: 17px; font-weight: 700; font-variant-numeric: tabular-nums; color: ${PALETTE.text};
}
.gw-root .gw-stat[data-stat="record"] .gw-stat-value { color: ${PALETTE.accent}; }
.gw-root .gw-toolbar { display: flex; gap: 6px; flex-wrap: wrap; margin-bottom: 10px; }
/* a toolbar kept in one row (keepInOneRow, buttons.js): the key chips go, then the labels */
.gw-root .gw-toolbar:not([data-fit="full"])[data-fit] .gw-button kbd { display: none; }
.gw-root .gw-toolbar[data-fit="icons"] .gw-button:has(svg) { padding: 0 9px; }
.gw-root .gw-toolbar[data-fit="icons"] .gw-button:has(svg) .gw-button-label { display: none; }
.gw-root .gw-button {
  display: inline-flex; align-items: center; gap: 6px;
  height: 30px; padding: 0 12px; border-radius: 8px;
  border: 1px solid rgba(255, 255, 255, 0.12);
  background: linear-gradient(180deg, #3a4554 0%, #2d3643 100%);
  color: ${PALETTE.text}; font: inherit; font-weight: 600; cursor: pointer;
  box-shadow: 0 1px 0 rgba(255, 255, 255, 0.06) inset, 0 1px 2px rgba(0, 0, 0, 0.3);
}
.gw-root .gw-button:hover:not(:disabled) { background: linear-gradient(180deg, #445062 0%, #343f4e 100%); }
.gw-root .gw-button:active:not(:disabled) { transform: translateY(1px); }
.gw-root .gw-button:disabled { opacity: 0.42; cursor: default; }
.gw-root .gw-button:focus-visible { outline: 2px solid ${PALETTE.accent}; outline-offset: 2px; }
.gw-root .gw-button svg { width: 15px; height: 15px; flex: none; }
.gw-root .gw-button kbd {
  font: inherit; font-size: 10px; font-weight: 600; color: ${PALETTE.textDim};
  padding: 0 4px; border-radius: 4px; border: 1px solid rgba(255, 255, 255, 0.14);
}
.gw-root .gw-button[aria-pressed="false"] { color: ${PALETTE.textDim}; }
.gw-root .gw-spacer { flex: 1 1 auto; }
.gw-root .gw-board-wrap { position: relative; width: 100%; display: flex; justify-content: center; }
.gw-root .gw-board {
  display: block; border-radius: 12px; outline: none; cursor: pointer;
  touch-action: manipulation; -webkit-tap-highlight-color: transparent;
}
.gw-root .gw-board:focus-visible { box-shadow: 0 0 0 2px ${PALETTE.accentSoft}; }
.gw-root .gw-settings {
  display: flex; flex-wrap: wrap; gap: 4px 14px; margin-top: 10px;
  color: ${PALETTE.textDim};
}
.gw-root .gw-setting { display: inline-flex; align-items: center; gap: 5px; cursor: pointer; }
.gw-root .gw-setting input { margin: 0; accent-color: ${PALETTE.accent}; cursor: pointer; }
.gw-root .gw-setting:hover { color: ${PALETTE.text}; }
.gw-root .gw-status-row { display: flex; align-items: center; gap: 10px; min-height: 16px; margin-top: 6px; }
.gw-root .gw-status {
  flex: 1 1 auto; min-width: 0; min-height: 16px; font-size: 11.5px; line-height: 15px; color: ${PALETTE.textDim};
  overflow-wrap: anywhere;
}
/* a narrow view: the status wraps (never cut off), two lines kept so the board does not jump */
.gw-root[data-compact="true"] .gw-status { min-height: 30px; }
.gw-root .gw-status[data-kind="overlay"] { color: ${PALETTE.text}; }
.gw-root .gw-status-aside { flex: none; display: flex; align-items: center; gap: 8px; }
.gw-root .gw-legend {
  display: inline-flex; align-items: center; gap: 5px; font-size: 10.5px; color: ${PALETTE.textDim};
}
.gw-root .gw-legend[hidden] { display: none; }
.gw-root .gw-legend-bar {
  display: inline-block; width: 56px; height: 7px; border-radius: 4px;
  box-shadow: 0 0 0 1px rgba(255, 255, 255, 0.14);
}
.gw-root .gw-title-group { display: flex; align-items: center; gap: 10px; min-width: 0; }
.gw-root .gw-badge {
  display: inline-flex; align-items: center; gap: 6px; height: 22px; padding: 0 10px 0 8px;
  border-radius: 11px; font-size: 11.5px; font-weight: 600; white-space: nowrap;
  color: #a9d4ff; background: rgba(90, 170, 255, 0.13); border: 1px solid rgba(120, 190, 255, 0.32);
}
.gw-root .gw-badge[hidden] { display: none; }
.gw-root .gw-badge-dot {
  width: 7px; height: 7px; border-radius: 50%; background: currentColor;
  box-shadow: 0 0 6px currentColor; animation: gw-pulse 1.1s ease-in-out infinite;
}
@keyframes gw-pulse {
  0%, 100% { opacity: 0.3; transform: scale(0.75); }
  50% { opacity: 1; transform: scale(1.15); }
}
.gw-root .gw-history { display: flex; align-items: center; gap: 6px; margin-top: 8px; }
.gw-root .gw-history[hidden] { display: none; }
.gw-root .gw-button.gw-icon-button { width: 30px; padding: 0; justify-content: center; }
.gw-root .gw-button.gw-icon-button svg { width: 12px; height: 12px; }
.gw-root .gw-history-range {
  flex: 1 1 auto; min-width: 60px; height: 22px; margin: 0 4px; padding: 0;
  background: transparent; cursor: pointer; -webkit-appearance: none; appearance: none;
  --gw-fill: 100%;
}
.gw-root .gw-history-range::-webkit-slider-runnable-track {
  height: 6px; border-radius: 3px;
  background: linear-gradient(to right, ${PALETTE.accent} 0 var(--gw-fill), rgba(255, 255, 255, 0.13) var(--gw-fill) 100%);
  box-shadow: 0 1px 0 rgba(255, 255, 255, 0.05), inset 0 1px 2px rgba(0, 0, 0, 0.4);
}
.gw-root .gw-history-range::-webkit-slider-thumb {
  -webkit-appearance: none; appearance: none; width: 16px; height: 16px; margin-top: -5px;
  border-radius: 50%; background: #f4f7fb; border: 3px solid ${PALETTE.accent};
  box-shadow: 0 1px 4px rgba(0, 0, 0, 0.5);
}
.gw-root .gw-history-range::-moz-range-track { height: 6px; border-radius: 3px; background: rgba(255, 255, 255, 0.13); }
.gw-root .gw-history-range::-moz-range-progress { height: 6px; border-radius: 3px; background: ${PALETTE.accent}; }
.gw-root .gw-history-range::-moz-range-thumb {
  width: 10px; height: 10px; border-radius: 50%; background: #f4f7fb; border: 3px solid ${PALETTE.accent};
}
.gw-root .gw-history-range:focus { outline: none; }
.gw-root .gw-history-range:focus-visible { outline: 2px solid ${PALETTE.accentSoft}; outline-offset: 2px; border-radius: 6px; }
.gw-root .gw-history-label {
  flex: none; min-width: 86px; text-align: right; font-size: 12px; font-weight: 600;
  font-variant-numeric: tabular-nums; color: ${PALETTE.textDim};
}
.gw-root .gw-history[data-looking="back"] .gw-history-label { color: ${PALETTE.accent}; }
.gw-root .gw-banner {
  position: absolute; top: -4px; left: 50%; transform: translateX(-50%); z-index: 2;
  display: flex; align-items: center; gap: 8px; max-width: calc(100% - 24px);
  height: 24px; padding: 0 3px 0 11px; border-radius: 12px;
  background: rgba(24, 29, 37, 0.94); border: 1px solid rgba(246, 185, 59, 0.6);
  color: #f6d79a; font-size: 11.5px; font-weight: 600; white-space: nowrap;
  box-shadow: 0 4px 14px rgba(0, 0, 0, 0.4);
}
.gw-root .gw-banner[hidden] { display: none; }
.gw-root .gw-banner-body { display: flex; flex-direction: column; min-width: 0; overflow: hidden; }
.gw-root .gw-banner-text { overflow: hidden; text-overflow: ellipsis; }
.gw-root .gw-banner-detail { overflow: hidden; text-overflow: ellipsis; font-weight: 500; color: #c9d2dc; }
.gw-root .gw-banner-detail[hidden] { display: none; }
.gw-root .gw-banner-actions { flex: none; display: flex; gap: 4px; }
.gw-root .gw-banner-dot { flex: none; width: 7px; height: 7px; }
.gw-root .gw-banner[data-tone="info"] { border-color: rgba(120, 190, 255, 0.55); color: #bfe0ff; }
.gw-root .gw-banner[data-tone="danger"] { border-color: rgba(255, 110, 100, 0.7); color: #ffc2bb; }
.gw-root .gw-banner[data-tone="ok"] { border-color: rgba(95, 211, 141, 0.6); color: #b9efcc; }
.gw-root .gw-banner[data-place="inline"] {
  position: relative; top: auto; left: auto; transform: none; z-index: auto;
  height: auto; min-height: 36px; max-width: 100%; padding: 6px 7px 6px 13px; gap: 10px;
  border-radius: 12px; font-size: 12.5px; line-height: 1.3; white-space: normal; text-align: left;
  background: rgba(20, 25, 32, 0.95); backdrop-filter: blur(2px);
}
.gw-root .gw-banner[data-place="inline"] .gw-banner-body { flex: 1 1 auto; }
.gw-root .gw-banner[data-place="inline"] .gw-banner-text { white-space: normal; }
.gw-root .gw-banner[data-place="inline"] .gw-banner-detail { font-size: 11.5px; white-space: normal; }
.gw-root .gw-banner[data-place="inline"] .gw-banner-button { height: 24px; padding: 0 11px; border-radius: 12px; font-size: 12px; }
.gw-root .gw-banner[data-place="inline"].gw-nudge { animation-name: gw-nudge-inline; }
@keyframes gw-nudge-inline {
  0%, 100% { transform: none; }
  20% { transform: translateX(-6px); }
  40% { transform: translateX(5px); }
  60% { transform: translateX(-3px); }
  80% { transform: translateX(2px); }
}
.gw-root .gw-banner-button {
  flex: none; height: 18px; padding: 0 9px; border: none; border-radius: 9px; cursor: pointer;
  font: inherit; font-size: 11px; font-weight: 700; color: #2a1c00; background: ${PALETTE.accent};
}
.gw-root .gw-banner-button:hover { background: #ffcb5c; }
.gw-root .gw-banner-button:not(.gw-banner-primary) {
  color: ${PALETTE.text}; background: rgba(255, 255, 255, 0.1); box-shadow: inset 0 0 0 1px rgba(255, 255, 255, 0.16);
}
.gw-root .gw-banner-button:not(.gw-banner-primary):hover { background: rgba(255, 255, 255, 0.18); }
.gw-root .gw-banner-button.gw-banner-primary { color: #2a1c00; background: ${PALETTE.accent}; }
.gw-root .gw-banner-button:focus-visible { outline: 2px solid #fff; outline-offset: 1px; }
.gw-root .gw-banner.gw-nudge { animation: gw-nudge 0.6s ease-in-out; }
@keyframes gw-nudge {
  0%, 100% { transform: translateX(-50%); }
  20% { transform: translateX(calc(-50% - 6px)); }
  40% { transform: translateX(calc(-50% + 5px)); }
  60% { transform: translateX(calc(-50% - 3px)); }
  80% { transform: translateX(calc(-50% + 2px)); }
}
.gw-root[data-history-mode="back"] .gw-board { outline: 2px solid rgba(246, 185, 59, 0.55); outline-offset: 2px; }
.gw-root[data-reduced-motion="true"] .gw-badge-dot,
.gw-root[data-reduced-motion="true"] .gw-banner.gw-nudge { animation: none; }
@media (prefers-reduced-motion: reduce) {
  .gw-root .gw-badge-dot, .gw-root .gw-banner.gw-nudge { animation: none; }
}
.gw-root .gw-status[data-kind="error"] { color: #ff9b8f; }
.gw-root .gw-status[data-kind="refused"] { color: #ffb4a8; font-weight: 700; }
.gw-root .gw-sr-only {
  position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px;
  overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0;
}
`;

/**
 * Inject the shared stylesheet once into the document (or shadow root) holding `el`.
 * Safe to call from every render.
 */
export function ensureStyles(el) {
  ensureStyleSheet(el, STYLE_ID, CSS, { shared: true });
}

/** Parse "#rrggbb" into [r, g, b]. */
export function hexToRgb(hex) {
  const h = String(hex).replace("#", "");
  const n = parseInt(h.length === 3 ? h.replace(/./g, "$&$&") : h, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** "#rrggbb" + alpha -> "rgba(r, g, b, a)". */
export function rgba(hex, alpha) {
  const [r, g, b] = hexToRgb(hex);
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

/** Mix two "#rrggbb" colours: t=0 gives a, t=1 gives b. Returns "rgb(...)". */
export function mix(a, b, t) {
  const x = hexToRgb(a);
  const y = hexToRgb(b);
  const c = x.map((v, i) => Math.round(v + (y[i] - v) * t));
  return `rgb(${c[0]}, ${c[1]}, ${c[2]})`;
}
