// The table page, the entry that wires its modules. Everything drawn comes from the server's
// latest `update` (docs/protocol.md). The modules, by concern:
//   state.js     the state, the connection, receiving frames, reading the update, `command`, errors
//   seats.js     the seats around the oval: plates, badges, hole cards, bets in front
//   center.js    the board, the rabbit, the pots, the run-it-twice offer, the action clock
//   actions.js   the action buttons, the bet amount and its presets, pre-actions, `act`
//   showdown.js  the last finished hand: shown cards, winners, the deal's seed
//   header.js    the header's words: the table's name, the game and stakes, the next game, the status
//   results.js   the showdown on the felt between hands: each pot's and run's winner, hands named, cards lit
//   log.js       the hand log: hands in words, stepping, download
//   host.js      the host's controls: share link, start/pause/resume/end, rail, seat requests, stacks,
//                moves, stakes, clock, buy-in; the session's summary when it ends
//   join.js      taking a seat (guest line, join dialog)
//   mine.js      the seat's own buttons, offered by its state, and the bar's questions (come back, rebuy)
//   games.js     what differs by variant: how a seat's cards are drawn (stud up cards, draw discards)
//   panels.js    the panels over the table (host, settings, the side column on a narrow screen)
//   chat.js      the chat panel and the table's own lines (joins, rebuys, stack edits), hideable
//   settings.js  this browser's settings: sounds, animations, deck colours (localStorage)
//   sounds.js    WebAudio tones for your turn, a bet, a win
//   notify.js    when to sound, and "Your turn" in the title of a background tab
//   keys.js      keyboard shortcuts (f, c, r, a, arrows)
//   holding.js   the readout of the hand you hold, evaluated from the cards you see
//   motion.js    which cards and bets are new (animated only then)
//   choice.js    dealer's choice: the orbit's game, who names the next, the chooser's buttons
//   tournament.js  a sit-and-go's level clock, and its places and payouts at the end
// Shared helpers outside the table: conn.js (socket), cards.js, amounts.js, words.js.

import { $, conn, hooks, mySeat, renderError, state, tableId, tokens, you } from "./state.js";
import { renderSeats } from "./seats.js";
import { clockElement, renderCenter, renderOffer } from "./center.js";
import { act, renderActions, runPreAction } from "./actions.js";
import { renderShowdown } from "./showdown.js";
import { renderResults } from "./results.js";
import { renderHeader } from "./header.js";
import { renderLog, wireLog } from "./log.js";
import { renderHost, renderSummary, wireHost } from "./host.js";
import { renderGuest, wireJoin } from "./join.js";
import { renderMine, wireMine } from "./mine.js";
import { wirePanels } from "./panels.js";
import { renderChat, wireChat } from "./chat.js";
import { wireSettings } from "./settings.js";
import { played, wakeAudio } from "./sounds.js";
import { notify, wireNotify } from "./notify.js";
import { wireKeys } from "./keys.js";
import { renderChoice } from "./choice.js";
import { renderTournament, tickTournament, wireTournament } from "./tournament.js";

// For a console user and the browser tests: the same calls the buttons make.
window.pokerfloorTable = { conn, state, played, act: (action, to) => act(action, to) };

function render() {
  const update = state.update;
  if (!update) return;
  const table = update.table;
  renderHeader(update);
  document.body.dataset.role = you().role || "spectator";
  document.body.dataset.seated = mySeat() != null;
  // A seat token with no seat yet: the request waits for the host.
  $("#waiting").hidden = !(conn.token && conn.token !== tokens.host && mySeat() == null);
  renderGuest(table);
  renderSeats(update);
  renderCenter(update);
  renderResults(update);
  renderOffer(update);
  renderChoice(update);
  renderActions();
  renderMine(update);
  renderShowdown(update);
  renderLog();
  renderHost(update);
  renderTournament(update);
  renderSummary(update);
  renderChat(update);
  renderError();
  notify(update);
}

function wire() {
  $("#ledger-link").href = `/ledger.html?t=${tableId}`;
  $("#replay-link").href = `/replay.html?t=${tableId}`;
  wireHost();
  wireTournament();
  wireJoin();
  wireMine();
  wireLog();
  wirePanels();
  wireChat();
  wireSettings();
  wireKeys();
  wireNotify();
  for (const gesture of ["pointerdown", "keydown"]) document.addEventListener(gesture, wakeAudio, { once: true });
  setInterval(() => {
    const clock = document.querySelector(".seat.to-act .clock");
    if (clock) clock.replaceWith(clockElement());
    if (state.update?.offer) renderOffer(state.update);
    if (state.update?.table?.between && state.update.hand?.is_over) {
      renderCenter(state.update);
      renderResults(state.update);
    }
    tickTournament();
  }, 1000);
}

hooks.render = render;
hooks.runPreAction = runPreAction;
if (!tableId) location.replace("/");
wire();
