// Events in words for the hand log, as a dealer would call them (the page's twin of
// pokerfloor.narrate, kept to what a SeatView event holds).

import { cardsText } from "./cards.js";

const POSTS = {
  sb: "posts the small blind",
  bb: "posts the big blind",
  button_blind: "posts the button blind",
  straddle: "straddles",
  mississippi: "posts a Mississippi straddle",
  kill: "posts a kill blind",
  new_player: "posts to come in",
  missed_bb: "posts the missed big blind",
  missed_sb: "posts the missed small blind (dead)",
  ante: "antes",
  bb_ante: "posts the big-blind ante",
};

export function describe(e, names = {}) {
  const who = e.seat != null ? names[e.seat] || `seat ${e.seat}` : "";
  const n = e.amount != null ? e.amount.toLocaleString() : "";
  switch (e.kind) {
    case "post":
      return `${who} ${POSTS[e.post] || "posts"} ${n}`;
    case "deal_board": {
      // A board run twice: the later runs' cards say which run they are ("run 2").
      const street = e.note ? `${e.note[0].toUpperCase()}${e.note.slice(1)}, ${e.street}` : `${e.street[0].toUpperCase()}${e.street.slice(1)}`;
      return `${street}: ${cardsText(e.cards)}`;
    }
    case "expose":
      return "No more betting: all hands face up";
    case "bomb_pot":
      // A bomb pot: the antes are in, no betting before the flop.
      return `Bomb pot of ${n} each: no betting before the flop`;
    case "run_it":
      return e.amount > 1 ? `The board is run ${e.amount} times` : "The board is run once";
    case "deal_hole":
      return `${who} is dealt ${cardsText(e.cards)}`;
    case "bet":
      return `${who} bets ${n}`;
    case "raise":
      return `${who} raises to ${n}`;
    case "complete":
      return `${who} completes to ${n}`;
    case "call":
      return `${who} calls ${n}`;
    case "check":
    case "fold":
      return `${who} ${e.kind}s`;
    case "return":
      return `${n} uncalled returned to ${who}`;
    case "show":
      return `${who} shows ${cardsText(e.cards)}`;
    case "draw":
      // How many, never which: another seat's discards are hidden (your own show as cards).
      return e.amount ? `${who} draws ${n}${e.cards?.some((c) => c) ? ` (discards ${cardsText(e.cards)})` : ""}` : `${who} stands pat`;
    case "bring_in":
      return `${who} brings it in for ${n}`;
    case "muck":
      return `${who} mucks`;
    case "win":
      return `${who} wins ${n} (${e.note})`;
    default:
      return `${who} ${e.kind} ${n}`.trim();
  }
}
