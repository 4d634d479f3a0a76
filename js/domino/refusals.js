// Why a hand tile cannot be played now, in words (input.js shows it with
// status.refuse): pure functions of what Python sent, so node --test can read them
// (js/tests/domino_refusals.test.js).
//
//   refusalText(state, tile)      a tile clicked that is not in `playable`
//   endRefusalText(tile, end, line)  a chosen tile sent to an end it does not fit
//
// `state`: { mode, names, seat, turn, thinking, over, live, canDraw, canPass, line,
// opening } -- the traits as the reader gives them (js/domino/model.js); `over`: the
// hand has a result; `live`: online, both seats are connected (else true).

/** "6–4": a tile in words. */
export const tileName = (tile) => `${tile[0]}\u2013${tile[1]}`;

/** The line's two end pips, [left, right] (null for an empty line). */
export function lineEnds(line) {
  return line.length ? [line[0][0], line[line.length - 1][1]] : null;
}

/**
 * Why `tile` cannot be played now: the hand is over, the seat is not connected, not
 * this seat's turn (whose it is), no tile fits (draw / pass), the first tile must be
 * the opening one (named, and why it leads), or the ends it does not match (named).
 */
export function refusalText(state, tile) {
  const name = tileName(tile);
  if (state.over) return `The hand is over: ${name} stays in the hand. New game deals the next one.`;
  if (!state.live) return "You cannot play now: both players must be connected.";
  if (state.turn !== state.seat) {
    if (state.mode === "online") return "Not your turn: wait for your opponent's move.";
    const who = state.names[state.turn === 1 ? 1 : 0];
    return state.mode === "computer" && state.thinking ? `Not your turn: ${who} is thinking.` : `Not your turn: it is ${who}'s.`;
  }
  if (state.canDraw) return `${name} does not fit, nor does any tile of yours: draw from the boneyard.`;
  if (state.canPass) return `${name} does not fit, nor does any tile of yours, and the boneyard is empty: pass.`;
  const ends = lineEnds(state.line);
  const opening = state.opening;
  if (!ends && opening) {
    const why = opening[0] === opening[1] ? "the highest double leads" : "no double was dealt: the highest pip total leads";
    return `The first tile must be the ${tileName(opening)} (marked Lead): ${why}.`;
  }
  if (ends) {
    const shown = ends[0] === ends[1] ? `both ends show ${ends[0]}` : `the ends show ${ends[0]} and ${ends[1]}`;
    return `${name} does not fit: ${shown}. Play a highlighted tile.`;
  }
  return `${name} cannot be played now.`;
}

/** Why the chosen `tile` cannot go on `end` ("left" / "right") of `line`. */
export function endRefusalText(tile, end, line) {
  const ends = lineEnds(line);
  const pip = ends ? ends[end === "left" ? 0 : 1] : null;
  return `${tileName(tile)} does not fit the ${end} end${pip == null ? "" : ` (it shows ${pip})`}: try the other end.`;
}
