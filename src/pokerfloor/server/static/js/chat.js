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
  rename: (who, e) => `${who} (${e.note}) changed name`,
  busted: (who) => `${who} is out of chips`,
  eliminated: (who) => `${who} is eliminated`,
  bomb_pot_triggered: (who, e) => `${who}, on the button, was ${e.note}: the next hand is a bomb pot, ${e.chips.toLocaleString()} each`,
  bomb_pot_rule: (who, e) => (e.note === "ends" ? "No more bomb-pot rule" : `Table rule: a bomb pot of ${e.chips.toLocaleString()} each ${e.note}`),
};

function nameOf(update, e) {
  if (e.seat != null && update.table.seats?.[e.seat]) return update.table.seats[e.seat].name;
  for (const p of Object.values(update.table.seats || {})) if (p.player_id === e.player_id) return p.name;
  return e.player_id || "the host";
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
  $("#chat-form").hidden = !(mySeat() != null || role === "host");
  if (update.seq === lastSeq) return;
  lastSeq = update.seq;
  for (const e of update.events || []) {
    if (e.kind === "chat") addLine("said", e.note, nameOf(update, e));
    else if (SYSTEM[e.kind]) addLine("system", SYSTEM[e.kind](nameOf(update, e), e));
  }
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
