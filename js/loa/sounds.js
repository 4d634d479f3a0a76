// The view's sounds (synthesised, see js/lib/sound.js): a piece picked up, sliding,
// set down or capturing, a refused cell, the start and the end of a game, pause.

import { TONES } from "../lib/sound.js";

export const SOUNDS = {
  select: TONES.select,
  deselect: TONES.deselect,
  slide: [
    { f: 0, d: 0.16, type: "noise", v: 0.05 },
    { f: 260, to: 420, d: 0.14, type: "sine", v: 0.12 },
  ],
  place: [
    { f: 520, to: 300, d: 0.06, type: "triangle", v: 0.5 },
    { f: 1900, d: 0.025, type: "noise", v: 0.12 },
  ],
  capture: [
    { f: 700, to: 380, d: 0.05, type: "triangle", v: 0.5 },
    { f: 2400, d: 0.03, type: "noise", v: 0.16 },
    { f: 330, to: 160, d: 0.16, type: "triangle", v: 0.42, at: 0.06 },
  ],
  blocked: TONES.blocked,
  start: TONES.newGame,
  win: TONES.win,
  loss: TONES.gameOver,
  draw: [
    { f: 523, d: 0.18, type: "triangle", v: 0.35 },
    { f: 523, d: 0.3, type: "triangle", v: 0.3, at: 0.2 },
  ],
  pause: TONES.pause,
  resume: TONES.resume,
  unmute: TONES.unmute,
};

/** The sound of a move landing. */
export const landing = (capture) => (capture ? SOUNDS.capture : SOUNDS.place);

/** The sound of a result kind ("win", "loss", "draw"). */
export const resultSound = (kind) => (kind === "win" ? SOUNDS.win : kind === "loss" ? SOUNDS.loss : SOUNDS.draw);
