// The games the server deals and what the page says of each, with the lobby's choice of game and
// its forced bets. Data and the lobby only: no table state, so the lobby can load it (games.js
// draws the table's variant-specific parts from it).

/** The fifteen games the server deals (pokerfloor.VARIANTS), with what the page says of each:
 * the cards dealt, how hands rank, and the draws. */
export const GAMES = {
  holdem: { title: "Texas hold'em", family: "flop", cards: 2, ranking: "the best five cards of your two and the board win" },
  short_deck: { title: "Short-deck hold'em", family: "flop", cards: 2, ranking: "36 cards (no 2-5); a flush beats a full house, A-6-7-8-9 is a straight" },
  omaha: { title: "Omaha", family: "flop", cards: 4, ranking: "exactly two of your four cards and three of the board" },
  omaha5: { title: "Five-card Omaha", family: "flop", cards: 5, ranking: "exactly two of your five cards and three of the board" },
  omaha6: { title: "Six-card Omaha", family: "flop", cards: 6, ranking: "exactly two of your six cards and three of the board" },
  omaha_hilo: { title: "Omaha hi-lo 8 or better", family: "flop", cards: 4, hilo: true, ranking: "two of your cards and three of the board; the pot splits, high and an eight-or-better low" },
  omaha5_hilo: { title: "Five-card Omaha hi-lo", family: "flop", cards: 5, hilo: true, ranking: "two of your five cards and three of the board; high and an eight-or-better low split the pot" },
  stud: { title: "Seven-card stud", family: "stud", cards: 7, ranking: "the best five of your seven cards" },
  stud_hilo: { title: "Seven-card stud hi-lo 8 or better", family: "stud", cards: 7, hilo: true, ranking: "the best five of seven; the pot splits, high and an eight-or-better low" },
  razz: { title: "Razz", family: "stud", cards: 7, ranking: "the lowest five of seven win, ace to five: straights and flushes do not count, A-2-3-4-5 is best" },
  five_card_draw: { title: "Five-card draw", family: "draw", cards: 5, draws: 1, ranking: "the best five-card hand after one draw" },
  deuce_seven_single: { title: "2-7 single draw", family: "draw", cards: 5, draws: 1, ranking: "the lowest hand wins, deuce to seven: aces are high, straights and flushes count; 7-5-4-3-2 is number one" },
  deuce_seven_triple: { title: "2-7 triple draw", family: "draw", cards: 5, draws: 3, ranking: "the lowest hand wins after three draws, deuce to seven: 7-5-4-3-2 is number one" },
  ace_five_triple: { title: "A-5 triple draw", family: "draw", cards: 5, draws: 3, ranking: "the lowest hand wins after three draws, ace to five: A-2-3-4-5 is best" },
  badugi: { title: "Badugi", family: "draw", cards: 4, draws: 3, ranking: "four cards of four suits and four ranks, lowest wins; a four-card badugi beats any three-card one" },
};

export const STRUCTURES = { no_limit: "No limit", pot_limit: "Pot limit", half_pot: "Half-pot limit", fixed_limit: "Limit" };

/** The lobby's `game` object for `create_table`: stud games an ante, a bring-in and the small
 * and big bet; the others their blinds. */
export function lobbyGame(variant, structure, values) {
  const game = { variant, structure };
  if (GAMES[variant].family === "stud") {
    Object.assign(game, { ante: values.ante, bring_in: values.bringIn, small_bet: values.smallBet, big_bet: 2 * values.smallBet });
  } else {
    Object.assign(game, { small_blind: values.smallBlind, big_blind: values.bigBlind });
  }
  return game;
}

/** The mixed games a table may rotate (server/games.py ROTATIONS): the select's short title, and
 * the games it deals, shown under the select (an option's text cannot wrap on a phone). */
export const MIXED = {
  horse: { title: "HORSE", what: "Limit hold'em, Omaha hi-lo, razz, stud, stud hi-lo" },
  "8game": { title: "8-game", what: "2-7 triple draw, limit hold'em, Omaha hi-lo, razz, stud, stud hi-lo, no-limit hold'em, pot-limit Omaha" },
  dealers_choice: { title: "Dealer's choice", what: "The button names each orbit's game from the host's list" },
};

/** The host's list of games under the lobby's dealer's choice as it starts, the 8-game's eight
 * (server/games.py `_choices`; choicelist.js lets the host change it). */
export const CHOICES = [
  "holdem", "omaha_hilo", "razz", "stud", "stud_hilo", "deuce_seven_triple", ["holdem", "no_limit"], ["omaha", "pot_limit"],
];

/** The lobby's `rotation` option, or null for one game. */
export function lobbyRotation(name, smallBet) {
  if (name === "dealers_choice") return { name, games: CHOICES, small_bet: smallBet, per: "orbit" };
  return name ? { name, small_bet: smallBet, per: "orbit" } : null;
}

/** Fill the lobby's game choices and show the forced bets the chosen game needs. */
export function wireLobbyGames(variantSelect, structureSelect, studBox, blindBox, mixedSelect, mixedBox) {
  variantSelect.replaceChildren(...Object.entries(GAMES).map(([value, g]) => new Option(g.title, value)));
  mixedSelect.append(...Object.entries(MIXED).map(([value, m]) => new Option(m.title, value)));
  structureSelect.replaceChildren(...Object.entries(STRUCTURES).map(([value, t]) => new Option(t, value)));
  const shown = () => {
    const stud = GAMES[variantSelect.value].family === "stud";
    const mixed = !!mixedSelect.value;
    studBox.hidden = !stud || mixed;
    blindBox.hidden = stud || mixed;
    mixedBox.hidden = !mixed;
    mixedBox.querySelector("#mixed-what").textContent = mixed ? `${MIXED[mixedSelect.value].what}.` : "";
    variantSelect.disabled = structureSelect.disabled = mixed;
    // Stud and the draws are limit games at most home games; flop games no limit.
    if (!structureSelect.dataset.touched) structureSelect.value = GAMES[variantSelect.value].family === "flop" ? (variantSelect.value.startsWith("omaha") ? "pot_limit" : "no_limit") : "fixed_limit";
  };
  structureSelect.onchange = () => { structureSelect.dataset.touched = "1"; };
  variantSelect.onchange = shown;
  mixedSelect.onchange = shown;
  shown();
}

