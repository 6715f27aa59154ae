// Bet sizes: the presets a player reaches for and the clamp to what `legal` allows.
// A range from `legal` is [min_to, max_to], the seat's total wager this round.

export function clamp(amount, range) {
  const [low, high] = range;
  const value = Math.round(Number(amount));
  if (!Number.isFinite(value)) return low;
  return Math.min(high, Math.max(low, value));
}

/** The bet or raise a seat may make now: ["bet" | "raise" | "complete", [min_to, max_to]] or null. */
export function wager(legal) {
  if (!legal) return null;
  if (legal.raise_) return ["raise", legal.raise_];
  if (legal.bet) return ["bet", legal.bet];
  if (legal.complete) return ["complete", legal.complete];
  return null;
}

/**
 * The presets as totals to wager. After the flop (and without a street): ⅓, ½, ⅔ of the pot and
 * the pot, where a pot-sized raise is a call, then the pot after that call. Before the flop:
 * 2.5x and 3x the bet to call (the big blind, unopened), then the pot. Always min and all-in.
 * None when there is one amount to choose (fixed limit, or only all-in).
 * `view` is the seat's SeatView (`total_pot` counts the bets in front).
 */
export function presets(view, legal) {
  const open = wager(legal);
  if (!open) return [];
  const range = open[1];
  if (range[0] === range[1]) return [];  // one amount (fixed limit, or all-in): the button says it
  const callTo = legal.call ? legal.call[0] : 0;
  const callCost = legal.call ? legal.call[1] : 0;
  const potAfterCall = view.total_pot + callCost;
  const sized = (fraction) => clamp(callTo + fraction * potAfterCall, range);
  const sizes = view.street === "preflop" && callTo > 0
    ? [["2.5x", clamp(2.5 * callTo, range)], ["3x", clamp(3 * callTo, range)]]
    : [["⅓ pot", sized(1 / 3)], ["½ pot", sized(0.5)], ["⅔ pot", sized(2 / 3)]];
  return [["min", range[0]], ...sizes, ["pot", sized(1)], ["all-in", range[1]]];
}
