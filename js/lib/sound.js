// Sound effects synthesised with Web Audio (no asset files).
//
// One AudioContext per page, created lazily inside a user gesture (browsers only let
// audio start after one). Nothing plays while `isMuted()` is true.
//
//   const sound = createSound({ isMuted: () => readBool(model, "muted", true) });
//   sound.unlockOn(rootElement);   // first pointerdown/keydown creates the context
//   sound.play("select");          // a preset from TONES, or an array of notes
//   sound.destroy();               // removes listeners (the context is shared)
//   if (claimSound(model, event.id)) sound.play("move");  // once per model and event
//
// A note: { f: Hz, to?: Hz (glide), at?: s offset, d: s duration,
//           type?: OscillatorType | "noise", v?: peak gain 0..1, a?: attack s }

let sharedContext = null;

function audioContextClass() {
  if (typeof window === "undefined") return null;
  return window.AudioContext || window.webkitAudioContext || null;
}

function getContext(create) {
  if (!sharedContext && create) {
    const Ctx = audioContextClass();
    if (!Ctx) return null;
    try {
      sharedContext = new Ctx();
      const master = sharedContext.createGain();
      master.gain.value = 0.32;
      const comp = sharedContext.createDynamicsCompressor();
      master.connect(comp);
      comp.connect(sharedContext.destination);
      sharedContext.gwMaster = master;
    } catch (_) {
      sharedContext = null;
    }
  }
  return sharedContext;
}

let noiseBuffer = null;
function getNoise(ctx) {
  if (!noiseBuffer || noiseBuffer.sampleRate !== ctx.sampleRate) {
    const len = Math.floor(ctx.sampleRate * 0.5);
    noiseBuffer = ctx.createBuffer(1, len, ctx.sampleRate);
    const data = noiseBuffer.getChannelData(0);
    for (let i = 0; i < len; i++) data[i] = Math.random() * 2 - 1;
  }
  return noiseBuffer;
}

/** Preset sound effects shared by the games. */
export const TONES = {
  // a light wooden "tock"
  select: [
    { f: 880, to: 660, d: 0.07, type: "triangle", v: 0.5 },
    { f: 1760, d: 0.03, type: "sine", v: 0.15 },
  ],
  deselect: [{ f: 600, to: 440, d: 0.07, type: "triangle", v: 0.4 }],
  // the game stops and goes on: a falling and a rising glide
  pause: [{ f: 660, to: 440, d: 0.1, type: "sine", v: 0.3 }],
  resume: [{ f: 440, to: 660, d: 0.1, type: "sine", v: 0.3 }],
  // a soft swoosh then a landing tap
  move: [
    { f: 300, to: 700, d: 0.12, type: "sine", v: 0.25 },
    { f: 0, d: 0.09, type: "noise", v: 0.06, at: 0.0 },
  ],
  land: [{ f: 420, to: 260, d: 0.08, type: "triangle", v: 0.45 }],
  // "no": two low buzzes
  blocked: [
    { f: 196, d: 0.09, type: "square", v: 0.18 },
    { f: 165, d: 0.13, type: "square", v: 0.18, at: 0.11 },
  ],
  // rising sparkle arpeggio
  clear: [
    { f: 1047, d: 0.12, type: "triangle", v: 0.35 },
    { f: 1319, d: 0.12, type: "triangle", v: 0.35, at: 0.06 },
    { f: 1568, d: 0.14, type: "triangle", v: 0.35, at: 0.12 },
    { f: 2093, d: 0.26, type: "sine", v: 0.3, at: 0.18 },
  ],
  // slow descending minor phrase
  gameOver: [
    { f: 523, d: 0.22, type: "triangle", v: 0.4 },
    { f: 466, d: 0.22, type: "triangle", v: 0.4, at: 0.2 },
    { f: 415, d: 0.22, type: "triangle", v: 0.4, at: 0.4 },
    { f: 349, to: 330, d: 0.6, type: "triangle", v: 0.4, at: 0.6 },
  ],
  // bright rising triad
  newGame: [
    { f: 523, d: 0.1, type: "triangle", v: 0.35 },
    { f: 659, d: 0.1, type: "triangle", v: 0.35, at: 0.08 },
    { f: 784, d: 0.2, type: "triangle", v: 0.35, at: 0.16 },
  ],
  undo: [{ f: 700, to: 420, d: 0.12, type: "sine", v: 0.35 }],
  win: [
    { f: 523, d: 0.12, type: "triangle", v: 0.35 },
    { f: 659, d: 0.12, type: "triangle", v: 0.35, at: 0.1 },
    { f: 784, d: 0.12, type: "triangle", v: 0.35, at: 0.2 },
    { f: 1047, d: 0.4, type: "triangle", v: 0.35, at: 0.3 },
  ],
  unmute: [{ f: 990, d: 0.06, type: "sine", v: 0.3 }],
};

function playNotes(ctx, notes) {
  const t0 = ctx.currentTime + 0.01;
  for (const n of notes) {
    const start = t0 + (n.at || 0);
    const dur = Math.max(0.02, n.d || 0.1);
    const peak = Math.max(0.0001, Math.min(1, n.v == null ? 0.3 : n.v));
    const attack = Math.min(dur / 2, n.a == null ? 0.005 : n.a);
    const gain = ctx.createGain();
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(peak, start + attack);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + dur);
    gain.connect(ctx.gwMaster || ctx.destination);
    let src;
    if (n.type === "noise") {
      src = ctx.createBufferSource();
      src.buffer = getNoise(ctx);
      const filter = ctx.createBiquadFilter();
      filter.type = "bandpass";
      filter.frequency.value = n.f || 2000;
      src.connect(filter);
      filter.connect(gain);
    } else {
      src = ctx.createOscillator();
      src.type = n.type || "sine";
      src.frequency.setValueAtTime(n.f, start);
      if (n.to) src.frequency.exponentialRampToValueAtTime(n.to, start + dur);
      src.connect(gain);
    }
    src.start(start);
    src.stop(start + dur + 0.02);
    src.onended = () => {
      try {
        gain.disconnect();
      } catch (_) {
        /* ignore */
      }
    };
  }
}

/**
 * @param {object} o
 * @param {() => boolean} o.isMuted  read at every play (e.g. the `muted` trait)
 */
export function createSound({ isMuted = () => true } = {}) {
  const bound = [];
  const muted = () => {
    try {
      return !!isMuted();
    } catch (_) {
      return true;
    }
  };

  /** Create/resume the context; call from a user gesture. */
  function unlock() {
    if (muted()) return;
    const ctx = getContext(true);
    if (ctx && ctx.state === "suspended") ctx.resume().catch(() => {});
  }

  function play(sound) {
    if (muted()) return;
    const notes = typeof sound === "string" ? TONES[sound] : sound;
    if (!Array.isArray(notes)) return;
    // After any earlier gesture on the page the browser allows a new context; before
    // one, creating it would only log an autoplay warning.
    const ua = typeof navigator !== "undefined" ? navigator.userActivation : null;
    const ctx = getContext(!ua || ua.hasBeenActive);
    if (!ctx) return;
    try {
      if (ctx.state === "suspended") ctx.resume().catch(() => {});
      playNotes(ctx, notes);
    } catch (err) {
      console.warn("gamewidgets: sound failed", err);
    }
  }

  return {
    play,
    unlock,
    /** Unlock audio on the first pointerdown/keydown inside `el`. */
    unlockOn(el) {
      const handler = () => unlock();
      for (const type of ["pointerdown", "keydown"]) {
        el.addEventListener(type, handler, true);
        bound.push([el, type, handler]);
      }
    },
    destroy() {
      for (const [el, type, handler] of bound) el.removeEventListener(type, handler, true);
      bound.length = 0;
    },
  };
}

// One claim per model, channel and event id (see claimSound).
const soundClaims = new WeakMap();

/**
 * True the first time it is asked for this model, `channel` and an `id` above the
 * last one claimed: two views of one model then play each event's sound once.
 * A non-integer id is always granted.
 */
export function claimSound(model, id, channel = "event") {
  if (!Number.isInteger(id)) return true;
  if (!model || (typeof model !== "object" && typeof model !== "function")) return true;
  let claims = soundClaims.get(model);
  if (!claims) soundClaims.set(model, (claims = new Map()));
  const last = claims.get(channel);
  if (last !== undefined && id <= last) return false;
  claims.set(channel, id);
  return true;
}
