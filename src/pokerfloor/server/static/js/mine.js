// The seat's own controls, offered by the player's state: the server's `you.can` (docs/protocol.md,
// revision 6), or, from a server that does not send it, the seat's status. In the side column:
// sit out, sit in, straddle, leave, top up. In the bar under the felt, always in view (on a phone
// too), what asks for an answer now: coming back ("post now or wait for the big blind": nothing is
// posted that the player did not choose), a rebuy once the chips are gone, the straddle declared.

import { $, command, mySeat, state, view } from "./state.js";

/** The commands this client may send now. */
export function offered(update) {
  if (Array.isArray(update.you?.can)) return new Set(update.you.can);
  const me = mySeat();
  const seat = me == null ? null : update.table.seats?.[me];
  if (!seat || update.table.ended) return new Set();
  const can = new Set(["leave", "chat"]);
  can.add(seat.status === "sitting_out" ? "sit_in" : "sit_out");
  can.add(seat.chips === 0 ? "rebuy" : "top_up");
  if (seat.status === "waiting" && update.table.hand_number) can.add("post_now");
  if (seat.status === "playing") can.add("straddle");
  return can;
}

const button = (text, cls, onclick) => Object.assign(document.createElement("button"), { textContent: text, className: cls, onclick });

/** The straddle declared for this seat's next hand, or null (`table.straddles`, `seats[n].straddle`). */
function myStraddle(update) {
  const me = mySeat();
  const listed = (update.table.straddles || []).find((s) => s.seat === me);
  if (listed) return listed;
  const amount = update.table.seats?.[me]?.straddle;
  return amount == null ? null : { seat: me, amount };
}

export function renderMine(update) {
  const can = offered(update);
  const show = (id, yes) => { $(id).hidden = !yes; };
  show("#sit-out", can.has("sit_out"));
  show("#sit-in", can.has("sit_in") && !can.has("post_now"));
  show("#straddle", can.has("straddle") && !myStraddle(update));
  show("#leave", can.has("leave"));
  show("#top-up-form", can.has("top_up") || can.has("rebuy"));
  renderBar(update, can);
}

/** The bar's line: come back (post now or wait), rebuy, or the straddle declared. */
function renderBar(update, can) {
  const bar = $("#me-bar");
  const between = !view() || view().is_over;
  const parts = [];
  const say = (text) => parts.push(Object.assign(document.createElement("span"), { className: "why", textContent: text }));
  const big = update.hand?.game?.big_blind || update.table.game?.current?.big_blind;
  if (update.table.seats?.[mySeat()]?.removing) {
    // Removed by the host mid-hand (docs/protocol.md, `remove`): the hand is dead at once, and the
    // seat leaves as the hand ends; the notice frame says the rest then.
    say("The host removed you from the table: your hand is folded, and you leave as this hand ends, your chips cashed out in the ledger.");
  } else if (can.has("post_now") && state.waitChosen !== update.table.hand_number) {
    say("To be dealt the next hand, post the blinds you owe now; or wait for the big blind to reach you.");
    parts.push(button(`Post${big ? ` ${big.toLocaleString()}` : ""} now`, "post-now", () => command({ type: "sit_in", post: true })));
    parts.push(button("Wait for the big blind", "wait-bb", () => {
      state.waitChosen = update.table.hand_number;
      // A seat away waits for the big blind by sitting in without posting; one already in waits as it is.
      if (update.table.seats?.[mySeat()]?.status === "sitting_out") command({ type: "sit_in", post: false });
      renderMine(state.update);
    }));
  } else if (can.has("sit_in")) {
    say("You are sitting out.");
    parts.push(button("Sit in", "sit-in-now", () => command({ type: "sit_in" })));
  }
  if (can.has("rebuy") && between) {
    const form = document.createElement("form");
    form.className = "rebuy-form";
    const chips = Object.assign(document.createElement("input"), { type: "number", min: 1, placeholder: "chips", id: "rebuy-chips" });
    chips.setAttribute("aria-label", "chips to buy in again");
    const low = update.table.settings?.buy_in?.low;
    if (low) chips.min = low;
    form.append(chips, Object.assign(document.createElement("button"), { type: "submit", textContent: "Rebuy" }));
    form.onsubmit = (e) => {
      e.preventDefault();
      command({ type: "top_up", chips: Number(chips.value) });
    };
    say(`Your chips are gone: buy in again${low ? ` (at least ${low.toLocaleString()})` : ""} to play on.`);
    parts.push(form);
  }
  // Between hands: show the hand mucked unseen or won uncalled (revision 6's `show`).
  if (can.has("show") && between) {
    parts.push(button("Show my hand", "show-hand", () => command({ type: "show" })));
  }
  const straddle = myStraddle(update);
  if (straddle) say(`You will straddle the next hand${straddle.amount ? ` (${straddle.amount.toLocaleString()})` : ""}.`);
  // Keep a typed rebuy while the bar is drawn again (an update comes in as the player types).
  const typed = $("#rebuy-chips")?.value;
  bar.replaceChildren(...parts);
  if (typed && $("#rebuy-chips")) $("#rebuy-chips").value = typed;
  bar.hidden = !parts.length;
}

export function wireMine() {
  $("#sit-out").onclick = () => command({ type: "sit_out" });
  $("#sit-in").onclick = () => command({ type: "sit_in" });
  $("#leave").onclick = () => {
    state.left = true;
    command({ type: "leave" });
  };
  $("#straddle").onclick = () => command({ type: "straddle" });
  $("#top-up-form").onsubmit = (e) => {
    e.preventDefault();
    command({ type: "top_up", chips: Number($("#top-up-chips").value) });
  };
}
