// The view's sounds: tones of js/lib/sound.js plus a few tile sounds (synthesised,
// played by createSound's play(notes)).

import { TONES } from "../lib/sound.js";

export const SOUNDS = {
  select: [
    { f: 1250, to: 900, d: 0.045, type: "triangle", v: 0.45 },
    { f: 2600, d: 0.025, type: "noise", v: 0.1 },
  ],
  deselect: TONES.deselect,
  remove: [
    { f: 1100, to: 820, d: 0.05, type: "triangle", v: 0.45 },
    { f: 1300, to: 950, d: 0.05, type: "triangle", v: 0.45, at: 0.07 },
    { f: 1568, d: 0.1, type: "sine", v: 0.25, at: 0.12 },
    { f: 2093, d: 0.16, type: "sine", v: 0.2, at: 0.17 },
  ],
  refused: TONES.blocked,
  hint: [
    { f: 1319, d: 0.14, type: "sine", v: 0.3 },
    { f: 1760, d: 0.22, type: "sine", v: 0.28, at: 0.09 },
  ],
  shuffle: [
    { f: 2400, d: 0.05, type: "noise", v: 0.12 },
    { f: 2000, d: 0.05, type: "noise", v: 0.12, at: 0.06 },
    { f: 2600, d: 0.05, type: "noise", v: 0.12, at: 0.12 },
    { f: 1800, d: 0.06, type: "noise", v: 0.12, at: 0.18 },
    { f: 660, to: 990, d: 0.18, type: "triangle", v: 0.25, at: 0.24 },
  ],
  undo: TONES.undo,
  newGame: TONES.newGame,
  win: TONES.win,
  stuck: [
    { f: 392, d: 0.16, type: "triangle", v: 0.35 },
    { f: 330, d: 0.26, type: "triangle", v: 0.35, at: 0.15 },
  ],
  pause: TONES.pause,
  resume: TONES.resume,
  unmute: TONES.unmute,
};
