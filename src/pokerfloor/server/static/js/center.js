// The middle of the felt: the street, the board (one row per run), the rabbit, the pots, the
// run-it-twice offer and the action clock.

import { $, command, mySeat, seatNames, state, view, you } from "./state.js";
import { cardElement } from "./cards.js";
import { bombPot, gameLine, openerLine, streetWords } from "./games.js";
import { readout } from "./holding.js";
import { fresh } from "./motion.js";
import { moving } from "./settings.js";

export function clockElement() {
  const clock = you().clock;
  const el = document.createElement("div");
  el.className = "clock";
  if (!clock) {
    el.textContent = "to act";
    return el;
  }
  // `left` is the seconds the seat to act has, turn and time bank together, when the update left;
  // `bank` of them are the seat's time bank, spent once the turn's own seconds are gone.
  const left = Math.max(0, Math.round(clock.left - (Date.now() - state.receivedAt) / 1000));
  const bank = Math.round(clock.bank || 0);
  el.textContent = left > bank ? `${left - bank}s to act` : `time bank ${left}s`;
  if (bank && left > bank) {
    const extra = document.createElement("span");
    extra.className = "bank";
    extra.textContent = ` + ${bank}s bank`;
    el.append(extra);
  }
  el.classList.toggle("low", left <= 10);
  return el;
}

/** "Bomb pot: 5 each, double board" for the hand in play; "Next hand: bomb pot..." once called. */
function renderBomb(update, hand) {
  const line = $("#bomb-line");
  const info = update.table.bomb_pot;
  const live = hand && !hand.is_over && info?.hand;
  const said = (b) => `${b.ante.toLocaleString()} each${b.boards > 1 ? ", double board" : ""}`;
  const text = live ? `Bomb pot: ${said(info.hand)}` : info?.next ? `Next hand: bomb pot, ${said(info.next)}` : "";
  line.textContent = text;
  line.hidden = !text;
}

export function renderCenter(update) {
  const hand = view();
  renderBomb(update, hand);
  const opener = $("#opener");
  opener.textContent = openerLine(update, seatNames(update));
  opener.hidden = !opener.textContent;
  const board = $("#board");
  board.replaceChildren();
  const pots = $("#pots");
  pots.replaceChildren();
  // The hand you hold, in words, while it is live (the showdown says it after).
  $("#holding").textContent = hand && !hand.is_over ? readout(hand, mySeat()) : "";
  if (!hand) {
    $("#street").textContent = update.table.running ? "waiting for players" : "";
    return;
  }
  const boards = hand.boards && hand.boards.length > 1 ? hand.boards : [hand.board];
  const rowName = bombPot(hand) ? "board" : "run";
  boards.forEach((cards, run) => {
    // Run it twice, or a double-board bomb pot: one row per board, side by side, each named.
    const row = boards.length > 1 ? document.createElement("div") : board;
    if (boards.length > 1) {
      row.className = "run";
      row.dataset.run = run + 1;
      row.append(Object.assign(document.createElement("span"), { className: "run-name", textContent: `${rowName} ${run + 1}` }));
      board.append(row);
    }
    cards.forEach((c, i) => {
      const el = cardElement(c);
      if (fresh(update.table.hand_number, `board ${run} ${i}`, moving())) el.classList.add("dealt");
      row.append(el);
    });
  });
  board.classList.toggle("runs", boards.length > 1);
  renderRabbit(update);
  if (hand.is_over) {
    // The moment between hands (revision 6, `table.between`): the seconds to the next deal.
    const between = update.table.between;
    const left = between?.next_deal_in == null ? null : Math.max(0, Math.round(between.next_deal_in - (Date.now() - state.receivedAt) / 1000));
    $("#street").textContent = `hand ${update.table.hand_number} over${left != null ? ` · next hand in ${left}s` : ""}`;
    return;
  }
  $("#street").textContent = streetWords(hand);
  $("#game-line").textContent = gameLine(hand);
  hand.pots.forEach((pot, i) => {
    const el = document.createElement("div");
    el.className = "pot";
    el.dataset.pot = i;
    const name = hand.pots.length === 1 ? "Pot" : i === 0 ? "Main pot" : hand.pots.length === 2 ? "Side pot" : `Side pot ${i}`;
    el.textContent = `${name}: ${pot.amount.toLocaleString()}`;
    // The bets swept in: the pot that grew pulses (once per amount).
    if (pot.amount && fresh(update.table.hand_number, `pot ${i} ${pot.amount}`, moving())) el.classList.add("grew");
    el.title = `seats ${pot.eligible.join(", ")}`;
    pots.append(el);
  });
  if (hand.pots.length > 1) {
    const total = document.createElement("div");
    total.className = "total";
    total.textContent = `Total ${hand.total_pot.toLocaleString()}`;
    pots.append(total);
  }
}

/** The rabbit: the cards that would have come after a hand ended early, marked as such; they
 * change nothing (the house's rabbit-hunt custom). */
function renderRabbit(update) {
  const box = $("#rabbit");
  const cards = update.result?.rabbit || [];
  box.replaceChildren();
  box.hidden = !(view()?.is_over && cards.length);
  if (box.hidden) return;
  box.append(Object.assign(document.createElement("span"), { className: "rabbit-name", textContent: "rabbit" }));
  for (const c of cards) {
    const el = cardElement(c);
    el.classList.add("rabbit");
    box.append(el);
  }
}

/** Run it twice, offered to the all-in players: each answers; all must agree before the clock. */
export function renderOffer(update) {
  const box = $("#offer");
  const offer = update.offer;
  box.replaceChildren();
  box.hidden = !offer;
  if (!offer) return;
  const names = seatNames(update);
  const head = document.createElement("div");
  head.className = "offer-head";
  const left = Math.max(0, Math.round(offer.left - (Date.now() - state.receivedAt) / 1000));
  head.textContent = `Run it twice? ${offer.seats.length > 1 ? "Everyone still in the hand must agree" : "Your answer"} (${left}s)`;
  box.append(head);
  for (const seat of offer.seats) {
    const said = offer.answers[seat];
    const line = document.createElement("span");
    line.className = "answer";
    line.dataset.seat = seat;
    line.textContent = `${names[seat] || `seat ${seat}`}: ${said == null ? "deciding" : said ? "twice" : "once"}`;
    box.append(line);
  }
  const me = mySeat();
  if (me != null && offer.seats.includes(me) && offer.answers[me] == null) {
    for (const [label, twice] of [["Run it twice", true], ["Run it once", false]]) {
      const b = Object.assign(document.createElement("button"), { textContent: label, className: "run-it" });
      b.dataset.twice = twice;
      b.onclick = () => command({ type: "run_it", twice });
      box.append(b);
    }
  }
}
