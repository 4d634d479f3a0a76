// The sounds of the view (Web Audio notes, see js/lib/sound.js): one per event of the
// game and of online play, and the clicks of choosing a tile.

import { TONES } from "../lib/sound.js";

export const SOUNDS = {
  select: TONES.select,
  deselect: TONES.deselect,
  play: [
    { f: 1400, d: 0.03, type: "noise", v: 0.22 },
    { f: 520, to: 300, d: 0.07, type: "triangle", v: 0.5 },
    { f: 1800, d: 0.02, type: "noise", v: 0.12, at: 0.05 },
  ],
  draw: [
    { f: 2600, d: 0.06, type: "noise", v: 0.14 },
    { f: 700, to: 900, d: 0.08, type: "triangle", v: 0.3, at: 0.04 },
  ],
  pass: [{ f: 440, to: 330, d: 0.16, type: "sine", v: 0.3 }],
  blocked: TONES.blocked,
  newGame: TONES.newGame,
  win: TONES.win,
  lose: TONES.gameOver,
  reveal: [{ f: 660, to: 880, d: 0.1, type: "sine", v: 0.3 }],
  level: TONES.unmute,
  request: [
    { f: 784, d: 0.09, type: "sine", v: 0.35 },
    { f: 1047, d: 0.14, type: "sine", v: 0.35, at: 0.1 },
  ],
  declined: [{ f: 520, to: 390, d: 0.18, type: "sine", v: 0.3 }],
  joined: [
    { f: 660, d: 0.07, type: "triangle", v: 0.35 },
    { f: 990, d: 0.1, type: "triangle", v: 0.35, at: 0.08 },
  ],
  left: [{ f: 500, to: 300, d: 0.2, type: "triangle", v: 0.3 }],
};
