// The showdown on the felt, for the moment between hands (docs/protocol.md, `result`): each pot
// and each run or board names its winner in the middle, each shown hand is named at its seat,
// and the cards of each winning hand are lit (its best five, worked out by holding.js in a game
// ranked high; else the five ranks the server's words end with, "K-K-9-9-A").

import { $, seatNames } from "./state.js";
import { bombPot } from "./games.js";
import { cardElement } from "./cards.js";
import { HIGH_GAMES, bestFive } from "./holding.js";

const potName = (pot, count) => (count === 1 ? "Pot" : pot === 0 ? "Main pot" : count === 2 ? "Side pot" : `Side pot ${pot}`);
const short = (words) => (words || "").split(": ")[0];

/** The five ranks a hand's words end with ("...: K-K-9-9-A" -> ["K", "K", "9", "9", "A"]). */
export function fiveRanks(words) {
  const tail = (words || "").split(": ")[1];
  return tail ? tail.split(/[-\s]+/).map((r) => (r === "10" ? "T" : r)).filter(Boolean) : [];
}

/** The lines in the middle of the felt: "Main pot 120: Ann, two pair" (per run, per half). */
export function resultLines(update) {
  const result = update.result;
  const hand = update.hand;
  if (!result?.awards?.length || !hand) return [];
  const names = seatNames(update);
  const who = (seats) => seats.map((s) => names[s] || `seat ${s}`).join(" and ");
  const pots = new Set(result.awards.map((a) => a.pot)).size;
  const runs = (hand.boards || []).length > 1;
  const row = bombPot(hand) ? "board" : "run";
  return result.awards.map((a) => {
    const where = runs ? ` (${row} ${(a.run ?? 0) + 1})` : "";
    const head = `${potName(a.pot, pots)}${where} ${Number(a.amount).toLocaleString()}`;
    if (a.halves) {
      const high = `high: ${who(a.halves.high.winners)}`;
      const low = a.halves.low ? `low: ${who(a.halves.low.winners)}` : "no low";
      return { run: a.run ?? 0, text: `${head}: ${high}; ${low}`, winners: Object.keys(a.winners) };
    }
    const winners = Object.keys(a.winners);
    const split = winners.length > 1 ? " split" : "";
    const how = a.won_with ? `, ${short(a.won_with)}` : "";
    return { run: a.run ?? 0, text: `${head}: ${who(winners)}${split}${how}`, winners };
  });
}

/** Light the cards of the winning hands (a seat's own and the board's), once the hand is over. */
function light(update) {
  const result = update.result;
  const hand = update.hand;
  for (const a of result.awards) {
    const words = a.halves ? a.halves.high.hand : a.won_with;
    const board = document.querySelector(`#board .run[data-run='${(a.run ?? 0) + 1}']`) || $("#board");
    const boardCards = (hand.boards?.length > 1 ? hand.boards[a.run ?? 0] : hand.board) || [];
    for (const seat of Object.keys(a.winners)) {
      // A game ranked high: the winner's best five worked out from the cards shown (a straight's
      // or a flush's words name no cards); else the five ranks the words end with.
      const hole = result.shown?.[seat] || hand.holes?.[seat] || [];
      const shown = hole.some((c) => c);
      const found = shown && HIGH_GAMES.has(hand.game?.variant) && !a.halves?.low ? bestFive(hole, boardCards, { omaha: hole.length >= 4 && boardCards.length > 0 }) : null;
      if (found) {
        for (const card of [...document.querySelectorAll(`.seat[data-seat='${seat}'] .hole .card[data-card]`), ...board.querySelectorAll(".card[data-card]")]) {
          if (found.five.includes(card.dataset.card)) card.classList.add("lit");
        }
        continue;
      }
      const ranks = fiveRanks(words);
      if (!ranks.length) continue;
      const wanted = [...ranks];
      const cards = [...document.querySelectorAll(`.seat[data-seat='${seat}'] .hole .card[data-card]`), ...board.querySelectorAll(".card[data-card]")];
      for (const card of cards) {
        const at = wanted.indexOf(card.dataset.card[0]);
        if (at < 0) continue;
        wanted.splice(at, 1);
        card.classList.add("lit");
      }
    }
  }
}

/** After seats.js and center.js drew the finished hand: the words in the middle, the hands named
 * at their seats, each run's winner beside its board, the winning cards lit. */
export function renderResults(update) {
  // The pots' lines: in the middle of the felt; on a small felt (a phone) in the bar under it,
  // where the seats' cards leave them room (style.css shows one of the two).
  const boxes = [$("#results"), $("#results-bar")];
  const over = update.hand?.is_over && update.result;
  const lines = over ? resultLines(update) : [];
  for (const box of boxes) {
    box.replaceChildren(...lines.map((line) => Object.assign(document.createElement("div"), { className: "result-line", textContent: line.text })));
    box.hidden = !over;
  }
  // Drawn again each second of the pause (the countdown): the labels once each.
  for (const old of document.querySelectorAll("#felt .shown-hand, #felt .run-result")) old.remove();
  if (!over) return;
  const names = seatNames(update);
  for (const run of document.querySelectorAll("#board .run")) {
    const won = lines.filter((l) => l.run === Number(run.dataset.run) - 1).flatMap((l) => l.winners);
    if (!won.length) continue;
    const label = document.createElement("span");
    label.className = "run-result";
    label.textContent = [...new Set(won)].map((s) => names[s] || `seat ${s}`).join(", ");
    run.append(label);
  }
  for (const [seat, words] of Object.entries(update.result.hands || {})) {
    const el = document.querySelector(`.seat[data-seat='${seat}'] .plate`);
    if (!el) continue;
    const named = document.createElement("div");
    named.className = "shown-hand";
    named.textContent = update.result.said?.[seat] || short(words);
    named.dataset.short = update.result.said?.[seat] || short(words).split(",")[0];
    el.append(named);
  }
  // A hand shown after the showdown (`result.shown`: mucked unseen, or won uncalled): its cards
  // face up at its seat.
  for (const [seat, cards] of Object.entries(update.result.shown || {})) {
    const hole = document.querySelector(`.seat[data-seat='${seat}'] .hole`);
    if (!hole || !cards?.length || hole.querySelectorAll(".card[data-card]").length >= cards.filter(Boolean).length) continue;
    hole.replaceChildren(...cards.map(cardElement));
  }
  light(update);
}
