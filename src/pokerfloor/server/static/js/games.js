// What differs between the variants, in one place: how a seat's cards are drawn (stud's up and
// down cards, draw's discard selection, the halves of a hi-lo pot). Every other module draws
// what all the variants share.

import { cardElement } from "./cards.js";
import { hooks, liveLegal, mySeat, state, you } from "./state.js";
import { GAMES, STRUCTURES } from "./variants.js";

const STUD_UP = new Set([2, 3, 4, 5]); // third to sixth street are dealt face up; 1, 2 and 7 down

/** The card elements of `seat`'s hole cards in `hand` (the seat's SeatView), in the order dealt:
 * stud's up cards marked face up (your own down cards marked "down": only you see them); in a
 * draw your own cards are picked to discard while the draw is yours. */
export function holeCards(hand, seat) {
  const info = GAMES[hand.game.variant] || {};
  const cards = (hand.holes[seat] || []).map((c, i) => {
    const el = cardElement(c);
    if (info.family === "stud") el.classList.add(STUD_UP.has(i) ? "up" : "down");
    return el;
  });
  const legal = liveLegal();
  if (info.family === "draw" && seat === mySeat() && legal && legal.draw != null) {
    if (state.discardsFor !== you().turn_token) {
      state.discards = new Set(); // a new turn: nothing picked yet
      state.discardsFor = you().turn_token;
    }
    cards.forEach((el) => {
      const card = el.dataset.card;
      el.classList.add("pick");
      el.classList.toggle("discard", state.discards.has(card));
      el.title = "click to discard (again to keep)";
      el.onclick = () => {
        if (state.discards.has(card)) state.discards.delete(card);
        else if (state.discards.size < legal.draw) state.discards.add(card);
        el.classList.toggle("discard", state.discards.has(card));
        hooks.render();
      };
    });
  }
  return cards;
}

/** The draw's buttons: "Draw 2" with the cards picked, or "Stand pat". */
export function drawButtons(legal, act) {
  const picked = [...(state.discards || [])];
  const b = document.createElement("button");
  b.className = "act draw";
  b.dataset.action = "draw";
  b.textContent = picked.length ? `Draw ${picked.length} (discard ${picked.join(" ")})` : "Stand pat";
  b.onclick = () => {
    state.discards = new Set();
    act("draw", undefined, picked);
  };
  const hint = document.createElement("span");
  hint.className = "why";
  hint.textContent = `Click up to ${legal.draw} of your cards to throw away, then draw; or keep them all.`;
  return [hint, b];
}

const ORDINAL = ["", "first", "second", "third"];

/** The street in words: "first draw of three", "fifth street", "before the draw". */
export function streetWords(hand) {
  const info = GAMES[hand.game.variant] || {};
  const street = hand.street || "";
  const draw = /^draw(\d)$/.exec(street);
  if (draw) return `${ORDINAL[Number(draw[1])] || street} draw${info.draws > 1 ? ` of ${["", "one", "two", "three"][info.draws]}` : ""}`;
  if (street === "predraw") return "before the draw";
  const stud = { third: "third street", fourth: "fourth street", fifth: "fifth street", sixth: "sixth street", seventh: "seventh street" };
  if (info.family === "stud" && stud[street]) {
    const common = street === "seventh" && (hand.board || []).some((c) => c);
    return common ? "seventh street: one common card for everyone (the deck ran out)" : stud[street];
  }
  // A board game: the street the board shows (all in on the flop, the engine's street may already
  // be the turn while the players are asked to run it twice, with three cards out).
  if (info.family === "flop") {
    const out = (hand.board || []).filter(Boolean).length;
    return out >= 5 ? "river" : out === 4 ? "turn" : out === 3 ? "flop" : "preflop";
  }
  return street;
}

/** What a seat did in the draw this street: "drew 2", "stands pat" (never which cards). */
export function drawNote(hand, seat) {
  let note = "";
  for (const e of hand.events || []) {
    if (e.kind === "draw" && e.seat === seat) note = e.amount ? `drew ${e.amount}` : "stands pat";
    if (e.kind === "draw" && e.street !== hand.street && e.seat === seat && !hand.is_over) note = "";
  }
  return note;
}

/** The game in one line under the street: its name, the hand size and the ranking in words. */
export function gameLine(hand) {
  const info = GAMES[hand.game.variant];
  if (!info) return "";
  const size = info.family === "stud" ? "7 cards, 3 down and 4 up (ringed: face up for all; lowered: your down cards)" : `${info.cards} cards`;
  return `${info.title} (${STRUCTURES[hand.game.structure] || hand.game.structure}): ${size}; ${info.ranking}`;
}

/** A hi-lo pot's halves in words: "high half: Ann, with a flush...; low half: Bob, an eight-four low". */
export function halfLines(result, names) {
  const who = (s) => names[s] || `seat ${s}`;
  const lines = [];
  for (const a of result?.awards || []) {
    if (!a.halves) continue;
    const { high, low } = a.halves;
    const said = (s) => (result.said?.[s] ? ` (${result.said[s]})` : "");
    lines.push(`high half: ${high.winners.map(who).join(" and ")}${high.hand ? `, with ${high.hand}` : ""}`);
    lines.push(low ? `low half: ${low.winners.map((s) => who(s) + said(s)).join(" and ")}, with ${low.hand}` : "no low qualified (eight or better): the high hand scoops");
  }
  return lines;
}

/** The bomb pot's ante when the hand is one (its `bomb_pot` event), else 0. */
export function bombPot(hand) {
  return hand?.events?.find((e) => e.kind === "bomb_pot")?.amount ?? 0;
}

/** Who opened the stud street in play and why, as the server says it (`update.opener`, from
 * the engine's decision): "Seat 3 (Ann) brings in: lowest up card 2♣". */
export function openerLine(update, names) {
  const o = update.opener;
  if (!o) return "";
  const who = names[o.seat] ? `Seat ${o.seat} (${names[o.seat]})` : `Seat ${o.seat}`;
  return `${who} ${o.rule === "bring_in" ? "brings in" : "acts first"}: ${o.why}`;
}
