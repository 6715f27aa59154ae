// Dealer's choice (docs/protocol.md, table.choice): the line that says the orbit's game and who
// names the next one, and, for that player, a button per game on the host's list (choose_game).

import { $, command, mySeat, seatNames } from "./state.js";
import { GAMES, STRUCTURES } from "./variants.js";

/** "Limit Razz" from the list's name "fixed_limit_razz". */
export function choiceTitle(key) {
  const structure = Object.keys(STRUCTURES).find((s) => key.startsWith(`${s}_`));
  const variant = structure ? key.slice(structure.length + 1) : key;
  const title = GAMES[variant]?.title ?? variant;
  return structure ? `${STRUCTURES[structure]} ${title}` : title;
}

export function renderChoice(update) {
  const box = $("#choice");
  const choice = update.table.choice;
  if (!choice) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  box.replaceChildren();
  const names = seatNames(update);
  const who = choice.chooser == null ? "" : names[choice.chooser] || `seat ${choice.chooser}`;
  const mine = choice.chooser != null && choice.chooser === mySeat();
  const head = document.createElement("div");
  head.className = "choice-head";
  const now = choice.game ? `Dealer's choice: ${choiceTitle(choice.game)} this orbit. ` : "Dealer's choice. ";
  const next = mine ? "You name the next game" : who ? `${who} names the next game` : "";
  const named = choice.chosen ? `: ${choiceTitle(choice.chosen)}` : "";
  head.textContent = `${now}${next}${named}`;
  box.append(head);
  if (!mine) return;
  for (const key of choice.games) {
    const button = Object.assign(document.createElement("button"), { className: "choose", textContent: choiceTitle(key) });
    button.dataset.game = key;
    button.classList.toggle("chosen", key === choice.chosen);
    button.onclick = () => command({ type: "choose_game", game: key });
    box.append(button);
  }
}
