// The root's data attributes: what the view shows, for tests (js/domino/CONTRACT.md).
// data-event is written by events.js, data-copied by room.js, data-compact and
// data-connection by the shell.
//
// Choices where the contract is silent:
// - data-result in local mode is the winner's seat ("0"/"1") or "draw". Extra
//   attributes: data-seat, data-opponent-tiles (count of the hidden hand), data-muted,
//   data-reduced-motion, data-state ("over" when there is a result), data-live
//   (online: both seats connected; "true" otherwise), data-presence (online: each
//   seat's here / away / offline / unknown, e.g. "here,away"; "" otherwise).
// - History: data-history ("index/last"), data-history-mode ("live" | "back").
// - An analysis: data-overlay (the hand tiles it marks, 0 for none), data-beliefs
//   (the tiles of its beliefs strip, 0 for none), data-overlay-move (its chosen
//   action: "play" / "draw" / "pass", "" for none), data-overlay-player (whose
//   analysis: the seat's, or "1" for the computer's reasons; "" for none),
//   data-reasons (the computer's candidate plays shown, 0 for none).
// - data-why: the Why? button "" (not shown: not against the computer), "off"
//   (nothing to show), "on" (enabled), "shown" (the reasons are drawn).
// - data-log (lines of the hand log), data-revealed (the computer's tiles shown face
//   up at the end, 0 otherwise), data-recap (the other side's last turn, in words).
// - data-opponent: your own player's name in the computer's seat (opponent_name), ""
//   for a level (data-driven-by, who plays the board from Python, is the shell's).

import { tileMark } from "./analysis.js";
import { tileKey } from "./dominoes.js";

/** Write them from the traits and the view's own state (view.selected, view.overlay). */
export function writeAttributes(view) {
  const { read } = view;
  const ds = view.root.dataset;
  const m = read.mode();
  const me = read.seat();
  const t = read.turn();
  const r = read.result();
  const handoff = read.handoff();
  ds.mode = m;
  ds.level = read.level();
  ds.turn = t == null ? "" : String(t);
  ds.seat = String(me);
  ds.hand = String(handoff ? 0 : read.tiles("hand").length);
  ds.playable = String(handoff || view.shell.driven.by ? 0 : read.playable().length); // (none shown when driven)
  ds.line = String(read.line().length);
  ds.boneyard = String(read.boneyard());
  ds.selected = view.selected ? tileKey(view.selected) : "";
  ds.handoff = handoff ? "true" : "false";
  ds.thinking = read.thinking() ? "true" : "false";
  ds.opponentTiles = String(read.counts()[1 - me]);
  ds.opponent = read.opponent();
  ds.muted = read.muted() ? "true" : "false";
  ds.reducedMotion = view.animator.reduced() ? "true" : "false";
  ds.state = r ? "over" : "playing";
  const [index, length] = read.history();
  ds.history = `${index}/${length - 1}`;
  ds.historyMode = index < length - 1 ? "back" : "live";
  const shown = view.overlay;
  const hand = handoff ? [] : read.tiles("hand");
  ds.overlay = String(shown ? hand.filter((t) => tileMark(shown, t)).length : 0);
  ds.beliefs = String(shown ? shown.beliefs.length : 0);
  ds.overlayMove = shown ? shown.action : "";
  ds.overlayPlayer = shown && shown.player !== null ? String(shown.player) : "";
  ds.reasons = String(shown && shown.mine === false ? shown.plays.length : 0);
  const why = view.controls.whyButton;
  ds.why = why.hidden ? "" : why.disabled ? "off" : why.getAttribute("aria-pressed") === "true" ? "shown" : "on";
  ds.log = String(read.log().length);
  ds.revealed = String(read.revealed().length);
  ds.recap = read.recap();
  if (!r) ds.result = "";
  else if (r.winner == null) ds.result = "draw";
  else if (m === "local") ds.result = String(r.winner);
  else ds.result = r.winner === me ? "won" : "lost";
  // online
  const o = m === "online" ? read.net() : null;
  ds.online = o ? o.state : "";
  ds.seats = o ? o.seats.map((on) => (on ? "1" : "0")).join("") : "";
  ds.presence = o ? o.presence.join(",") : "";
  ds.request = o && o.request != null ? String(o.request) : "";
  ds.live = read.live() ? "true" : "false";
}
