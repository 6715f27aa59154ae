// Telling a player what happened when they are not looking: a sound for your turn, for a bet
// and for your win (sounds.js), and "Your turn" in the tab's title while the tab is in the
// background. Each update is looked at once, against the one before it.

import { liveLegal, mySeat, state, you } from "./state.js";
import { play } from "./sounds.js";

const TITLE = document.title;
const WAGERS = new Set(["bet", "raise", "complete", "call", "bring_in"]);
let last = null;

export function notify(update) {
  if (update === last) return;
  const before = last;
  last = update;
  const hand = update.hand;
  const me = mySeat();
  const sameHand = before?.hand && hand && before.table.hand_number === update.table.hand_number;
  const seen = sameHand ? before.hand.events.length : 0;
  const fresh = hand ? hand.events.slice(seen) : [];
  const myTurn = Boolean(liveLegal()) && you().turn_token && you().turn_token !== before?.you?.turn_token;
  if (myTurn) play("turn");
  else if (before && fresh.some((e) => WAGERS.has(e.kind))) play("bet");
  if (me != null && hand?.is_over && fresh.some((e) => e.kind === "win" && e.seat === me)) play("win");
  title();
}

/** "▶ Your turn" leads the title while it is this player's turn and the tab is not in view. */
export function title() {
  const waiting = Boolean(liveLegal()) && state.sentFor !== you().turn_token;
  document.title = waiting && document.visibilityState === "hidden" ? `▶ Your turn · ${TITLE}` : TITLE;
}

export function wireNotify() {
  document.addEventListener("visibilitychange", title);
}
