// What differs between the variants, in one place: how a seat's cards are drawn (stud's up and
// down cards, draw's discard selection, the halves of a hi-lo pot). Every other module draws
// what all the variants share.

import { cardElement } from "./cards.js";

/** The card elements of `seat`'s hole cards in `hand` (the seat's SeatView), in the order dealt. */
export function holeCards(hand, seat) {
  return (hand.holes[seat] || []).map((c) => cardElement(c));
}
