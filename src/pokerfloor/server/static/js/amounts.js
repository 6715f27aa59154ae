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

const FRACTIONS = { 0.25: "¼ pot", 0.33: "⅓ pot", 0.5: "½ pot", 0.67: "⅔ pot", 0.75: "¾ pot", 1: "pot" };

/** A pot fraction as players say it: "⅓ pot", "½ pot", "pot", "150% pot". */
function potWords(fraction) {
  return FRACTIONS[Math.round(fraction * 100) / 100] || `${Math.round(fraction * 100)}% pot`;
}

/**
 * The presets as totals to wager. After the flop (and without a street): fractions of the pot,
 * where a pot-sized raise is a call, then the pot after that call (⅓, ½, ⅔ unless the host chose
 * others). Before the flop: multiples of the bet to call, the big blind unopened (2.5x and 3x
 * unless the host chose others), then the pot. Always min and all-in. None when there is one
 * amount to choose (fixed limit, or only all-in).
 * `view` is the seat's SeatView (`total_pot` counts the bets in front); `chosen` the table's
 * `presets` (`{flop: [...], preflop: [...]}`, either may be missing), or null for the defaults.
 */
export function presets(view, legal, chosen = null) {
  const open = wager(legal);
  if (!open) return [];
  const range = open[1];
  if (range[0] === range[1]) return [];  // one amount (fixed limit, or all-in): the button says it
  const callTo = legal.call ? legal.call[0] : 0;
  const callCost = legal.call ? legal.call[1] : 0;
  const potAfterCall = view.total_pot + callCost;
  const sized = (fraction) => clamp(callTo + fraction * potAfterCall, range);
  const fractions = chosen?.flop || [1 / 3, 0.5, 2 / 3];
  const multiples = chosen?.preflop || [2.5, 3];
  const sizes = view.street === "preflop" && callTo > 0
    ? multiples.map((m) => [`${m}x`, clamp(m * callTo, range)])
    : fractions.filter((f) => f !== 1).map((f) => [potWords(f), sized(f)]);
  return [["min", range[0]], ...sizes, ["pot", sized(1)], ["all-in", range[1]]];
}
