// The chat panel: players' lines and the table's own lines for what happened (joins, rebuys,
// top-ups and the host's stack edits, sitting out and in, leaving), each kind hideable (kept in
// this browser). The lines come from each update's `events`; the server limits chat per seat
// (`rate_limited`), which is answered here with a polite note, not an error box.

import { $, conn, mySeat, you } from "./state.js";

const KEY = "pokerfloor-chat"; // which kinds of line are hidden
const KEPT = 200; // lines kept on screen
let lastSeq = null;

const SYSTEM = {
  sit: (who, e) => `${who} sits down in seat ${e.seat} with ${e.chips.toLocaleString()}`,
  leave: (who, e) => `${who} leaves seat ${e.seat}${e.chips ? ` with ${e.chips.toLocaleString()}` : ""}`,
  top_up: (who, e) => `${who} adds ${e.chips.toLocaleString()} chips`,
  rebuy: (who, e) => `${who} rebuys for ${e.chips.toLocaleString()}`,
  sit_out: (who) => `${who} sits out`,
  sit_in: (who) => `${who} is back`,
  straddle_refused: (who, e) => `${who} cannot straddle the next hand${e.note ? `: ${e.note}` : ""}`,
  deal_declined: (who) => `${who} declined the ICM deal: play goes on`,
  game: (who, e) => `The game changes${e.note ? `: ${e.note}` : ""}`,
  no_choice: (who, e) => e.note || `${who} did not name the game`, // dealer's choice: the server says who and what is dealt
  removed: (who) => `The host removed ${who} from the table`,
  rename: (who, e) => `${who} (${e.note}) changed name`,
  busted: (who) => `${who} is out of chips`,
  eliminated: (who) => `${who} is eliminated`,
  bomb_pot_triggered: (who, e) => `${who}, on the button, was ${e.note}: the next hand is a bomb pot, ${e.chips.toLocaleString()} each`,
  bomb_pot_rule: (who, e) => (e.note === "ends" ? "No more bomb-pot rule" : `Table rule: a bomb pot of ${e.chips.toLocaleString()} each ${e.note}`),
};

/** The person an event is about, by name: the event's own `name` (revision 6, also for a player
 * who has left), else the seat's or the player's at the table; never an internal id. */
function nameOf(update, e) {
  if (e.name) return e.name;
  for (const p of Object.values(update.table.seats || {})) if (e.player_id && p.player_id === e.player_id) return p.name;
  if (e.seat != null && update.table.seats?.[e.seat]) return update.table.seats[e.seat].name;
  return e.player_id ? "a player who has left" : "the host";
}

function addLine(kind, text, who = null) {
  const box = $("#chat-lines");
  const li = document.createElement("li");
  li.className = kind;
  if (who != null) li.append(Object.assign(document.createElement("span"), { className: "who", textContent: `${who}: ` }));
  li.append(text);
  const atEnd = box.scrollTop + box.clientHeight >= box.scrollHeight - 4;
  box.append(li);
  while (box.childElementCount > KEPT) box.firstElementChild.remove();
  if (atEnd) box.scrollTop = box.scrollHeight;
}

/** The new update's chat and table lines (each update once: a redraw adds nothing). */
export function renderChat(update) {
  const role = you().role;
  // The chat box only for whoever may chat: a seat, the host, and a spectator only where the host
  // lets spectators chat (`you.can`; an older server sends no `can` and lets no spectator chat).
  const can = Array.isArray(update.you?.can) ? update.you.can.includes("chat") : mySeat() != null || role === "host";
  $("#chat-form").hidden = !can;
  if (update.seq === lastSeq) return;
  lastSeq = update.seq;
  // The table's history as it stands (the update that answers a hello has it): drawn again whole,
  // so a reload shows the chat and the table's events.
  if (Array.isArray(update.history)) {
    $("#chat-lines").replaceChildren();
    seen.clear();
    for (const e of update.history) line(update, e);
  }
  for (const e of update.events || []) line(update, e);
}

// Each event once (revision 6 numbers them: a resync or a history may bring one again), and no
// "is back" for a player who has only just sat down.
const seen = new Set();
const seated = new Map(); // player -> the hand number they sat down at

function line(update, e) {
  if (e.number != null) {
    if (seen.has(e.number)) return;
    seen.add(e.number);
  }
  const who = e.player_id ?? e.seat;
  const hand = e.hand ?? update.table.hand_number;
  if (e.kind === "sit") seated.set(who, hand);
  if (e.kind === "sit_in" && seated.get(who) === hand) return;
  if (e.kind === "chat") addLine("said", e.note, nameOf(update, e));
  else if (SYSTEM[e.kind]) addLine("system", SYSTEM[e.kind](nameOf(update, e), e));
}

function hidden() {
  try {
    return JSON.parse(localStorage.getItem(KEY) || "{}");
  } catch {
    return {};
  }
}

function applyHidden() {
  const now = hidden();
  $("#show-chat").checked = !now.chat;
  $("#show-system").checked = !now.system;
  $("#chat").classList.toggle("hide-chat", Boolean(now.chat));
  $("#chat").classList.toggle("hide-system", Boolean(now.system));
}

async function send(event) {
  event.preventDefault();
  const input = $("#chat-text");
  const text = input.value.trim();
  if (!text) return;
  const note = $("#chat-note");
  const reply = await conn.send({ type: "chat", text }, { quiet: true });
  if (reply.type === "error") {
    note.hidden = false;
    note.textContent = reply.code === "rate_limited"
      ? "Easy there: too many lines at once. Wait a second and send it again."
      : reply.message;
    return;
  }
  note.hidden = true;
  input.value = "";
}

export function wireChat() {
  $("#chat-form").onsubmit = send;
  for (const [box, kind] of [["#show-chat", "chat"], ["#show-system", "system"]]) {
    $(box).onchange = () => {
      localStorage.setItem(KEY, JSON.stringify({ ...hidden(), [kind]: !$(box).checked }));
      applyHidden();
    };
  }
  applyHidden();
}
