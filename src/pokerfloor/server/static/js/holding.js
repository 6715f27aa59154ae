// The readout of the hand you hold ("you have: two pair, kings and fives"), worked out here from
// the cards this player sees: the best five of their cards and the board (Omaha: exactly two of
// theirs and three of the board), named as pokerfloor.evaluation names a hand.

import { GAMES } from "./variants.js";

const RANKS = "23456789TJQKA";
const NAMES = ["deuce", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace"];
const PLURALS = NAMES.map((n) => (n === "six" ? "sixes" : `${n}s`));
const CATEGORIES = ["high card", "one pair", "two pair", "three of a kind", "straight", "flush", "full house", "four of a kind", "straight flush"];

/** [category index, ...ranks to compare] of five cards such as ["Ah", "Kd", ...]. */
export function score(five) {
  const ranks = five.map((c) => RANKS.indexOf(c[0])).sort((a, b) => b - a);
  const flush = five.every((c) => c[1] === five[0][1]);
  const counts = new Map();
  for (const r of ranks) counts.set(r, (counts.get(r) || 0) + 1);
  // Groups by size, then by rank: [[rank, copies], ...].
  const groups = [...counts].sort((a, b) => b[1] - a[1] || b[0] - a[0]);
  const distinct = groups.length === 5;
  let high = null;
  if (distinct && ranks[0] - ranks[4] === 4) high = ranks[0];
  else if (distinct && ranks[0] === 12 && ranks[1] === 3) high = 3; // the wheel, five high
  if (high != null) return [flush ? 8 : 4, high];
  if (flush) return [5, ...ranks];
  const order = groups.map((g) => g[0]);
  const shape = groups.map((g) => g[1]).join("");
  const category = { 41: 7, 32: 6, 311: 3, 221: 2, 2111: 1 }[shape] ?? 0;
  return [category, ...order];
}

function better(a, b) {
  for (let i = 0; i < Math.max(a.length, b.length); i++) if ((a[i] ?? -1) !== (b[i] ?? -1)) return (a[i] ?? -1) > (b[i] ?? -1);
  return false;
}

function* choose(cards, k, start = 0, picked = []) {
  if (picked.length === k) {
    yield picked;
    return;
  }
  for (let i = start; i <= cards.length - (k - picked.length); i++) yield* choose(cards, k, i + 1, [...picked, cards[i]]);
}

/** The best score of a player's `hole` cards with the `board`, or null under five cards. */
export function best(hole, board, options = {}) {
  return bestFive(hole, board, options)?.score ?? null;
}

/** The best five of a player's `hole` cards with the `board`: {score, five}, or null. */
export function bestFive(hole, board, { omaha = false } = {}) {
  const known = (cards) => cards.filter((c) => typeof c === "string" && RANKS.includes(c[0]));
  hole = known(hole);
  board = known(board);
  let top = null;
  let topFive = null;
  const consider = (five) => {
    const s = score(five);
    if (!top || better(s, top)) {
      top = s;
      topFive = five;
    }
  };
  if (omaha && board.length >= 3) {
    for (const two of choose(hole, 2)) for (const three of choose(board, 3)) consider([...two, ...three]);
  } else {
    const all = [...hole, ...board];
    if (all.length >= 5) for (const five of choose(all, 5)) consider(five);
  }
  return top ? { score: top, five: topFive } : null;
}

/** A score in words: "two pair, kings and fives", "flush, ace high", "royal flush". */
export function words(s) {
  const [category, a, b] = s;
  const name = CATEGORIES[category];
  if (category === 8 && a === 12) return "royal flush";
  if (category === 8 || category === 4 || category === 5 || category === 0) return `${name}, ${NAMES[a]} high`;
  if (category === 6) return `${name}, ${PLURALS[a]} full of ${PLURALS[b]}`;
  if (category === 2) return `${name}, ${PLURALS[a]} and ${PLURALS[b]}`;
  return `${name}, ${PLURALS[a]}`;
}

/** The games whose hands this readout ranks: the standard high ranking (of a hi-lo game, its
 * high half). Lowball games, badugi and short deck rank otherwise and get no readout. */
export const HIGH_GAMES = new Set(["holdem", "omaha", "omaha5", "omaha6", "omaha_hilo", "omaha5_hilo", "stud", "stud_hilo",
  "five_card_draw"]);

/** "you have: ..." for the seat's cards in a hand, or "" (no seat, too few cards, folded). */
export function readout(hand, seat) {
  if (!hand || seat == null || !hand.seats.includes(seat) || hand.folded.includes(seat)) return "";
  const variant = hand.game?.variant ?? "holdem";
  if (!HIGH_GAMES.has(variant)) return "";  // lowball, badugi, short deck: ranked otherwise
  const half = GAMES[variant]?.hilo ? " (high)" : "";
  const hole = hand.holes[seat] || [];
  const omaha = hole.length >= 4 && (hand.board || []).length > 0;
  const s = best(hole, hand.board || [], { omaha });
  if (!s) return hole.length === 2 && hole[0][0] === hole[1][0] && RANKS.includes(hole[0][0]) ? `you have: a pair of ${PLURALS[RANKS.indexOf(hole[0][0])]}` : "";
  return `you have${half}: ${words(s)}`;
}
