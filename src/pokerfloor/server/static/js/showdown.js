// The showdown panel: the last finished hand stays in view (shown cards, run boards, the rabbit,
// who won what and with what, the deal's seed).

import { $, seatNames, state } from "./state.js";
import { cardElement, cardsText } from "./cards.js";
import { bombPot, halfLines } from "./games.js";

export function renderShowdown(update) {
  // The last finished hand stays in view while the next one is dealt.
  const box = $("#showdown");
  const last = state.history[state.history.length - 1];
  box.replaceChildren();
  if (!last) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const hand = last.view;
  const names = seatNames(update);
  const head = document.createElement("h3");
  head.textContent = last.number === update.table.hand_number ? `Hand ${last.number}` : `Last hand (${last.number})`;
  box.append(head);
  const runs = hand.boards && hand.boards.length > 1 ? hand.boards : null;
  const rowName = bombPot(hand) ? "board" : "run";
  if (bombPot(hand)) {
    const bomb = document.createElement("div");
    bomb.className = "bomb-pot";
    bomb.textContent = `Bomb pot, ${bombPot(hand).toLocaleString()} each${runs ? ", double board: the pot split between the boards" : ""}`;
    box.append(bomb);
  }
  if (runs) {
    const row = document.createElement("div");
    row.className = "run-boards";
    runs.forEach((cards, run) => {
      const one = document.createElement("div");
      one.className = "run";
      one.dataset.run = run + 1;
      one.append(Object.assign(document.createElement("span"), { className: "run-name", textContent: `${rowName} ${run + 1}` }));
      for (const c of cards) one.append(cardElement(c));
      row.append(one);
    });
    box.append(row);
  }
  if (last.result?.rabbit?.length) {
    const rabbit = document.createElement("div");
    rabbit.className = "rabbit-line";
    rabbit.textContent = `rabbit (not dealt, changes nothing): ${cardsText(last.result.rabbit)}`;
    box.append(rabbit);
  }
  const described = last.result?.hands || {};
  for (const e of hand.events) {
    if (e.kind !== "show") continue;
    const line = document.createElement("div");
    line.className = "shown";
    line.dataset.seat = e.seat;
    line.textContent = `${names[e.seat] || `seat ${e.seat}`} shows ${cardsText(e.cards)}${described[e.seat] ? `: ${described[e.seat]}` : ""}${last.result?.said?.[e.seat] ? `, ${last.result.said[e.seat]}` : ""}`;
    box.append(line);
  }
  for (const line of [...winLines(last, names), ...halfLines(last.result, names)]) {
    const el = document.createElement("div");
    el.className = "won";
    el.textContent = line;
    box.append(el);
  }
  if (last.deal?.seed) {
    const seed = document.createElement("div");
    seed.className = "seed";
    seed.textContent = `deal seed ${last.deal.seed.slice(0, 16)}… (sha256 ${last.deal.seed_sha256.slice(0, 12)}…)`;
    box.append(seed);
  }
}

/** "Ann wins the main pot, 300, with two pair, kings and nines": from the server's awards
 * when it sends them, else from the hand's win events. */
function winLines(last, names) {
  const awards = last.result?.awards;
  const who = (s) => names[s] || `seat ${s}`;
  if (awards) {
    const lines = [];
    // Run it twice: one award per pot per run; the pots are counted once.
    const pots = new Set(awards.map((a) => a.pot)).size;
    for (const a of awards) {
      const pot = pots === 1 ? "the pot" : a.pot === 0 ? "the main pot" : pots === 2 ? "the side pot" : `side pot ${a.pot}`;
      const winners = Object.entries(a.winners);
      const run = last.view.boards?.length > 1 ? ` on ${bombPot(last.view) ? "board" : "run"} ${(a.run ?? 0) + 1}` : "";
      for (const [seat, chips] of winners) {
        // A hi-lo pot: the halves' own lines (games.js halfLines) say who won which, with what.
        const split = winners.length > 1 && !a.halves ? ` (split ${winners.length} ways)` : "";
        const hand = a.won_with && !a.halves ? `, with ${a.won_with}` : "";
        // A pot split by halves: each winner's share of it ("Ann wins 2 of the pot").
        lines.push(a.halves && winners.length > 1
          ? `${who(seat)} wins ${chips.toLocaleString()} of ${pot}${run}`
          : `${who(seat)} wins ${pot}${run}, ${chips.toLocaleString()}${split}${hand}`);
      }
    }
    return lines;
  }
  return last.view.events.filter((e) => e.kind === "win").map((e) => `${who(e.seat)} wins ${e.amount.toLocaleString()} (${e.note})`);
}
