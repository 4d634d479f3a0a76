// Online play (mode == "online", the contract's last section): the presence strip
// between the toolbar and the table (one chip per seat, online.js) with the invite
// box (Copy invite) when `invite` is set; notices over the board (banner.js banners,
// stacked): the connection (connecting / offline with a countdown / closed / waiting
// for the opponent), a new-game request (mine: Withdraw; the opponent's:
// [data-dialog=request] with Agree / Decline) and how a request ended without a new
// game ([data-banner=request-end], OK); the replaced dialog ("Play here instead");
// New game as ask / agree; the online events' sounds.
//
// Choices where the contract is silent:
// - While this seat cannot play (not connected, or the opponent is not), the board
//   is dimmed and the hand is not playable whatever `playable` says.
// - While the result screen is open the notices move into it (below the hands), so
//   a request made from the other result screen is answered there; the result
//   screen's New game button is hidden while a request is pending (the notice has
//   the buttons) and when the room is closed. The toolbar's New game is disabled
//   while not connected or while my own request waits, hidden when closed.
// - `retry_in` counts down in the view (it need not be re-sent every second).
// - A request that ended without a new game (`online.request_end`, its words from
//   Python: "Your new-game request was cancelled: your opponent played on.", "Your
//   opponent declined a new game. The final position stays on the table.") is a
//   notice over the board (in the result screen at the end of the hand) until Python
//   drops it (this seat's next move, a new request, a new game) or OK puts it away in
//   this view; root data-request-end = its `how` while shown. Not shown to the seat
//   that declined or withdrew it with its own click (it knows); a cancellation is
//   shown to both (the mover may not know a request was pending). The asker hears
//   the "declined" sound (last_event kinds "cancelled" / "declined" by the other).
//   At the end of the hand Decline's tooltip says the final position stays (there is
//   no game to "keep playing").
// - Presence: while online, this view tells Python it is open ({"type": "here"})
//   every HERE_MS while its page is visible, and at once when the page becomes
//   visible again (a hidden page says nothing: after a while its seat is "away").
//   The opponent's chip says "away" (connected, but no view of their seat is open)
//   with an info notice over the board; while this seat is not connected it says
//   "unknown", never the last state heard.
// - data-copied stays "true" after a copy until the invite changes; when neither
//   the clipboard nor the copy command works, the invite is left selected and the
//   button says "Press Ctrl+C".

import { createBanner } from "../lib/banner.js";
import { createDialog } from "../lib/dialog.js";
import { element as h } from "../lib/element.js";
import { asObject, readRaw } from "../lib/traits.js";
import { createCountdown, createInviteBox, createPresenceChip } from "./online.js";
import { SOUNDS } from "./sounds.js";

const HERE_MS = 5000; // how often an open, visible view says so (Python: away after 20 s without)

/** What this seat's own state is called on its chip: [presence, text]. */
const MY_CHIP = {
  connected: ["on", "connected"],
  connecting: ["wait", "connecting\u2026"],
  offline: ["off", "offline"],
  replaced: ["off", "open in another notebook"],
  closed: ["off", "disconnected"],
};

const ENDINGS = ["cancelled", "declined", "withdrawn"];
const seatOf = (v) => (v === 0 || v === 1 ? v : null);

/** `online.request_end` checked: { asked, by, how, text, key } or null. */
function readRequestEnd(model) {
  const o = asObject(readRaw(model, "online"));
  const e = o && asObject(o.request_end);
  if (!e || !ENDINGS.includes(e.how) || typeof e.text !== "string" || !e.text.trim()) return null;
  const [asked, by] = [seatOf(e.asked), seatOf(e.by)];
  if (asked == null || by == null) return null;
  return { asked, by, how: e.how, text: e.text.trim(), key: JSON.stringify([e.game, e.ply, e.how, asked, by]) };
}

/**
 * { strip, notices, replaced, update(), placeNotices(), nudge(), offlineText(),
 * presenceKey(), onEvent(ev, withSound) }.
 */
export function createRoom(view) {
  const { doc, root, read, shell, model } = view;
  root.dataset.copied = "false";
  root.dataset.requestEnd = "";

  // presence: this view is open (see the choices above)
  function sayHere() {
    if (!read.isOnline() || doc.visibilityState === "hidden") return;
    try {
      model.send({ type: "here" });
    } catch (_) {
      /* the kernel is gone: the connection watch says so */
    }
  }
  const hereTimer = setInterval(sayHere, HERE_MS);
  shell.onCleanup(() => clearInterval(hereTimer));
  const onVisibility = () => {
    if (doc.visibilityState === "visible") sayHere();
  };
  doc.addEventListener("visibilitychange", onVisibility);
  shell.onCleanup(() => doc.removeEventListener("visibilitychange", onVisibility));
  let wasOnline = false;

  // the strip: who is here (one chip per seat) and the invite to share
  const strip = h(doc, "div", "gw-dom-online");
  strip.hidden = true;
  const seatsBox = h(doc, "div", "gw-dom-seats");
  seatsBox.setAttribute("role", "group");
  seatsBox.setAttribute("aria-label", "Players");
  const chips = [0, 1].map((i) => createPresenceChip({ doc, seat: i }));
  seatsBox.append(chips[0].el, chips[1].el);
  const inviteBox = createInviteBox({
    doc,
    onCopy: (how) => {
      root.dataset.copied = "true";
      view.status.flash(
        how === "selected"
          ? "The invite is selected: press Ctrl+C (\u2318C on a Mac) to copy it."
          : "Invite copied: send it to your opponent.",
      );
    },
  });
  shell.onCleanup(inviteBox.destroy);
  strip.append(seatsBox, inviteBox.el);

  // the notices over the board: the connection, then a new-game request
  const notices = h(doc, "div", "gw-dom-notices");
  const connectionNotice = createBanner({ doc, kind: "connection", place: "inline", tone: "info", dot: true });
  const closedNotice = createBanner({ doc, kind: "closed", place: "inline", tone: "danger" });
  const waitingNotice = createBanner({ doc, kind: "waiting", place: "inline", tone: "info", dot: true });
  const awayNotice = createBanner({ doc, kind: "away", place: "inline", tone: "info" });
  const askedNotice = createBanner({
    doc,
    kind: "request-sent",
    place: "inline",
    dot: true,
    actions: [
      {
        label: "Withdraw",
        action: "withdraw",
        title: "Take back your request for a new game",
        ariaLabel: "Withdraw your request for a new game",
        onClick: () => decline(),
      },
    ],
  });
  const requestNotice = createBanner({
    doc,
    kind: "request",
    place: "inline",
    actions: [
      {
        label: "Agree",
        action: "agree",
        primary: true,
        title: "Start a new game now",
        ariaLabel: "Agree to a new game",
        onClick: () => view.act({ type: "new_game" }),
      },
      {
        label: "Decline",
        action: "decline",
        title: "Keep playing this game",
        ariaLabel: "Decline the new game",
        onClick: () => decline(),
      },
    ],
  });
  requestNotice.el.dataset.dialog = "request";
  requestNotice.el.setAttribute("role", "alert");
  let dismissedEnd = ""; // the key of the request_end put away with OK
  const endNotice = createBanner({
    doc,
    kind: "request-end",
    place: "inline",
    tone: "info",
    actions: [
      {
        label: "OK",
        action: "dismiss",
        title: "Put this notice away",
        ariaLabel: "Put away the notice about the new-game request",
        onClick: () => {
          const end = readRequestEnd(model);
          dismissedEnd = end ? end.key : "";
          view.update();
        },
      },
    ],
  });
  const banners = [connectionNotice, closedNotice, waitingNotice, awayNotice, askedNotice, requestNotice, endNotice];
  for (const b of banners) {
    notices.appendChild(b.el);
    shell.onCleanup(b.destroy);
  }

  // someone else took this seat
  const replaced = createDialog({
    doc,
    returnFocus: () => view.input.firstFocusable(),
    name: "replaced",
    title: "This seat is now open in another notebook",
    message: "",
    actions: [
      {
        label: "Play here instead",
        action: "reconnect",
        primary: true,
        title: "Take the seat back into this notebook (the other one stops playing)",
        onClick: () => view.act({ type: "reconnect" }),
      },
    ],
  });

  let netKey = ""; // the online trait last seen (re-arms the countdown)
  let seenSeats = null; // the seats, joined of the last update
  let seenJoined = false;
  let seenInvite = null;
  const countdown = createCountdown({ onTick: () => view.update() });
  shell.onCleanup(countdown.destroy);

  const decline = () => view.act({ type: "decline" });
  const presenceKey = () => (read.isOnline() ? `${read.net().state}|${read.net().seats}|${read.net().presence}` : "");
  function offlineText() {
    const left = countdown.remaining();
    return left ? `Offline \u2014 reconnecting in ${left} s` : "Offline \u2014 reconnecting\u2026";
  }

  /** Not online: nothing of the room shows; New game is the plain one (disabled on a
   *  board a program plays, driven_by). */
  function clear() {
    strip.hidden = true;
    for (const b of banners) b.show(null);
    root.dataset.requestEnd = "";
    replaced.close();
    if (netKey) countdown.set(null);
    netKey = "";
    const { newButton } = view.controls;
    const driven = !!view.shell.driven.by;
    newButton.hidden = false;
    newButton.disabled = driven;
    newButton.title = "Deal a new hand";
    view.screens.result.buttons.new.hidden = false;
    view.screens.result.buttons.new.disabled = driven;
  }

  function update() {
    if (!read.isOnline()) {
      wasOnline = false;
      clear();
      return;
    }
    if (!wasOnline) {
      wasOnline = true;
      sayHere(); // at once: the seat is looked at
    }
    const o = read.net();
    const me = read.seat();
    const opp = 1 - me;
    const n = read.names();
    const key = read.onlineKey();
    if (key !== netKey) {
      netKey = key;
      countdown.set(o.state === "offline" ? o.retryIn : null);
      view.status.dropStaleFlash(presenceKey()); // once someone's connection changes
    }
    strip.hidden = false;

    // the chips: who is here, who is away, who is missing (and what we cannot know)
    for (const i of [0, 1]) {
      let presence;
      let text;
      let why = "";
      if (i === me) [presence, text] = MY_CHIP[o.state];
      else if (o.presence[i] === "unknown") {
        [presence, text] = ["unknown", "unknown"];
        why = " \u2014 you are not connected to the room";
      } else if (o.seats[i] && o.presence[i] === "away") {
        [presence, text] = ["away", "away"];
        why = " \u2014 connected, but their notebook is not open";
      } else if (o.seats[i]) [presence, text] = ["on", "connected"];
      else if (i === 1 && !o.joined) [presence, text] = ["free", "not joined yet"];
      else [presence, text] = ["off", "offline"];
      const role = i === 0 ? "host" : "guest";
      chips[i].set({ name: n[i], state: text, presence, title: `${n[i]} (${role}): ${text}${why}` });
      chips[i].el.dataset.connected = o.seats[i] ? "true" : "false";
    }

    // the invite
    const invite = read.invite();
    if (invite !== seenInvite) {
      seenInvite = invite;
      root.dataset.copied = "false";
    }
    inviteBox.set(o.state === "closed" ? "" : invite); // a closed room's invite is dead

    // notices
    const isReplaced = o.state === "replaced";
    const closed = o.state === "closed";
    const connected = o.state === "connected";
    if (o.state === "connecting") {
      connectionNotice.setTone("info");
      connectionNotice.show("Connecting\u2026", o.message);
    } else if (o.state === "offline") {
      connectionNotice.setTone("danger");
      connectionNotice.show(offlineText(), o.message);
    } else connectionNotice.show(null);
    closedNotice.show(closed ? "Room closed" : null, o.message || "This game cannot go on: the room is gone.");
    if (connected && !o.seats[opp]) {
      const detail =
        o.message ||
        (o.joined ? "Your opponent's notebook lost the connection." : invite ? "Copy the invite above and send it to your opponent." : "");
      waitingNotice.show(o.joined ? "Waiting for the opponent to reconnect" : "Waiting for the opponent to join", detail);
    } else waitingNotice.show(null);
    awayNotice.show(
      connected && o.seats[opp] && o.presence[opp] === "away" ? "Your opponent is away" : null,
      "Their notebook is not open: they will see your moves when they come back.",
    );
    askedNotice.show(connected && o.request === me ? "You asked for a new game \u2014 waiting for the opponent" : null);
    requestNotice.show(connected && o.request === opp ? "Your opponent asks for a new game" : null);
    // at the end of the hand there is nothing to keep playing: say what Decline keeps
    requestNotice.buttons.decline.title = read.result() ? "Say no: the final position stays on the table" : "Keep playing this game";
    const end = connected && o.request == null ? readRequestEnd(model) : null;
    const tell = end && (end.how === "cancelled" || end.by !== me) && end.key !== dismissedEnd ? end : null;
    endNotice.el.dataset.how = tell ? tell.how : "";
    endNotice.show(tell ? tell.text : null);
    root.dataset.requestEnd = tell ? tell.how : "";
    if (isReplaced) {
      for (const b of banners) b.show(null);
      root.dataset.requestEnd = "";
    }

    // New game: ask / agree; nothing while it cannot work
    const newTitle =
      o.request === opp
        ? "Agree to your opponent's new game"
        : o.request === me
          ? "Waiting for your opponent's answer"
          : o.joined
            ? "Ask your opponent for a new game"
            : "Deal a new hand (nobody has joined yet)";
    const { newButton } = view.controls;
    newButton.hidden = closed;
    newButton.disabled = !connected || o.request === me;
    newButton.title = newTitle;
    const again = view.screens.result.buttons.new;
    again.hidden = closed || o.request != null;
    again.disabled = !connected;
    again.title = newTitle;

    if (isReplaced) {
      replaced.setMessage(
        o.message || "Only one notebook can hold a seat. Play here to take it back; the other notebook then stops playing.",
      );
      if (!replaced.isOpen) replaced.open({ focus: root.contains(doc.activeElement) });
    } else replaced.close();
    seenSeats = o.seats;
    seenJoined = o.joined;
  }

  /** The notices live over the board, or in the result screen while it is open. */
  function placeNotices() {
    const { result } = view.screens;
    const home = read.isOnline() && result.isOpen ? result.body : view.board.el;
    if (notices.parentNode === home) return;
    const hadFocus = notices.contains(doc.activeElement) ? doc.activeElement : null;
    home.appendChild(notices);
    if (hadFocus) hadFocus.focus({ preventScroll: true });
  }

  /** An online last_event (request, cancelled, declined, connection, replaced): its sound and news. */
  function onEvent(ev, withSound) {
    const me = read.seat();
    switch (ev.kind) {
      case "request":
        if (withSound && ev.player !== me) view.sound.play(SOUNDS.request);
        break;
      case "cancelled":
      case "declined":
        // `player` asked, `by` ended it without a new game (the words: request_end)
        if (withSound && ev.player === me && seatOf(ev.by) === 1 - me) view.sound.play(SOUNDS.declined);
        break;
      case "connection": {
        const now = Array.isArray(ev.seats) ? ev.seats[1 - me] === true : read.net().seats[1 - me];
        if (seenSeats && now !== seenSeats[1 - me]) {
          if (withSound) view.sound.play(now ? SOUNDS.joined : SOUNDS.left);
          if (now) view.status.flash(read.net().joined && !seenJoined ? "Your opponent joined: let's play." : "Your opponent is back.");
        }
        break;
      }
      case "replaced":
        if (withSound) view.sound.play(SOUNDS.left);
        break;
      default:
        break;
    }
  }

  return {
    strip,
    notices,
    replaced,
    update,
    placeNotices,
    /** A click the notices explain away (e.g. on a tile while the game waits). */
    nudge: () => [connectionNotice, closedNotice, waitingNotice, awayNotice].forEach((b) => b.nudge()),
    offlineText,
    presenceKey,
    onEvent,
  };
}
