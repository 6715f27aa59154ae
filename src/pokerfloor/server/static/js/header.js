// The header's words: the table's name (never its id), the game and its stakes, the next game of
// a mixed game, and a status word that is true (docs/protocol.md revision 6: `table.name`,
// `table.game`, `table.status`; from an older server, worked out from the hand and the flags).
// A change of game is announced on the felt, and so is a dealer's-choice round dealt before its
// chooser named the game.

import { $, state } from "./state.js";
import { GAMES, STRUCTURES } from "./variants.js";

const STATUS = {
  waiting: "waiting to start", playing: "playing", between_hands: "next hand soon", paused: "paused",
  short: "waiting for players", last_hand: "last hand", ended: "game over", tournament_over: "tournament over",
};

export function statusWord(update) {
  const t = update.table;
  if (STATUS[t.status]) return STATUS[t.status];
  const live = update.hand && !update.hand.is_over;
  if (t.tournament?.over) return "tournament over";
  if (t.ended) return live ? "last hand" : "game over";
  if (t.paused) return "paused";
  if (!t.running) return "waiting to start";
  return live ? "playing" : "between hands";
}

const chips = (n) => Number(n).toLocaleString();

/** "Pot limit Omaha" and "1/2" for a hand's game (SeatView's `game`). */
export function gameOf(game) {
  if (!game) return null;
  const info = GAMES[game.variant] || { title: game.variant };
  const title = `${STRUCTURES[game.structure] || ""} ${info.title}`.trim();
  let stakes;
  if (info.family === "stud") {
    stakes = `${chips(game.small_bet)}/${chips(game.big_bet)}${game.ante ? `, ante ${chips(game.ante)}` : ""}, bring-in ${chips(game.bring_in)}`;
  } else if (game.structure === "fixed_limit" && game.small_bet) {
    stakes = `${chips(game.small_bet)}/${chips(game.big_bet)}, blinds ${chips(game.small_blind)}/${chips(game.big_blind)}`;
  } else {
    stakes = `${chips(game.small_blind)}/${chips(game.big_blind)}${game.ante ? `, ante ${chips(game.ante)}` : ""}`;
  }
  return { title, stakes, variant: game.variant };
}

/** The game now: the server's words, else the hand's game. */
export function currentGame(update) {
  const now = update.table.game?.current;
  if (now?.title) return { title: now.title, stakes: now.stakes || "", variant: now.variant };
  return gameOf(update.hand?.game);
}

export function renderHeader(update) {
  const t = update.table;
  $("#table-name").textContent = t.name || "Home game";
  const now = currentGame(update);
  const next = t.game?.next;
  const left = t.game?.hands_left;
  const words = now ? `${now.title} ${now.stakes}` : "";
  const then = next?.title ? ` · next: ${next.title}${left != null ? ` in ${left} hand${left === 1 ? "" : "s"}` : ""}` : "";
  $("#game-now").textContent = words + then;
  $("#status").textContent = statusWord(update);
  document.title = `${t.name || "pokerfloor"}${now ? ` · ${now.title}` : ""}`;
  renderChange(update, now);
}

// Dealer's choice: the last `no_choice` line (docs/protocol.md, `rotation`), which names who did
// not name the game of the hand it was dealt for (`hand`) and the game dealt instead.
let unchosen = null;

function rememberUnchosen(update) {
  const lines = [...(Array.isArray(update.history) ? update.history : []), ...(update.events || [])];
  for (const e of lines) if (e.kind === "no_choice" && e.note && (unchosen == null || (e.hand ?? 0) >= (unchosen.hand ?? 0))) unchosen = e;
}

/** "The game changes: Limit Razz from the next hand" (the server's `changes`), or, at the first
 * street of a hand dealt at another game than the last hand, "Now: Limit Razz"; while a hand
 * dealt before its dealer's-choice chooser named the game is played, the server's sentence that
 * says so comes first. */
function renderChange(update, now) {
  const box = $("#game-change");
  const g = update.table.game;
  const hand = update.hand;
  rememberUnchosen(update);
  const told = unchosen && hand && !hand.is_over && unchosen.hand === update.table.hand_number ? unchosen.note : "";
  let text = "";
  if (g?.changes && g.next?.title) text = `The game changes: ${g.next.title}${g.next.stakes ? ` (${g.next.stakes})` : ""} from the next hand`;
  else if (told) text = "";
  else if (now && hand && !hand.is_over) {
    const last = state.history.filter((h) => h.number < update.table.hand_number).at(-1);
    const acted = hand.events.some((e) => !["post", "deal_hole", "bomb_pot"].includes(e.kind));
    if (last && last.view.game.variant !== hand.game.variant && !acted) text = `The game changes: now ${now.title} (${now.stakes})`;
  }
  text = [told, text].filter(Boolean).join(" · ");
  box.textContent = text;
  box.hidden = !text;
}
