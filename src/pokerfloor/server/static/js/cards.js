// Cards as the page draws them: "Ah" -> an ace of hearts, null -> a card face down.

const SUITS = { s: "♠", h: "♥", d: "♦", c: "♣" };
const RANKS = { T: "10" };

export function cardElement(card) {
  const el = document.createElement("span");
  if (!card) {
    el.className = "card back";
    el.setAttribute("aria-label", "face-down card");
    return el;
  }
  const rank = card[0];
  const suit = card[1];
  el.className = `card suit-${suit}`;
  el.dataset.card = card;
  el.setAttribute("aria-label", card);
  el.innerHTML = `<b>${RANKS[rank] || rank}</b><i>${SUITS[suit] || suit}</i>`;
  return el;
}

export function cardsText(cards) {
  return (cards || []).map((c) => (c ? `${RANKS[c[0]] || c[0]}${SUITS[c[1]]}` : "🂠")).join(" ");
}
