// Which cards and bets are new since they were last drawn, so that only they are animated (the
// page redraws everything on each update). Whether anything moves is settings.js's `moving`.

const seen = new Set();
let hand = null;

/** True the first time `key` is drawn in hand `number` (and never when nothing may move). */
export function fresh(number, key, moving) {
  if (number !== hand) {
    seen.clear();
    hand = number;
  }
  if (seen.has(key)) return false;
  seen.add(key);
  return moving;
}
