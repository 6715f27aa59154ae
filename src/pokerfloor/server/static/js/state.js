// The table's state, the one connection and what it receives: every module draws from `state`
// (the server's latest `update`) and sends through `conn` or `command`. The drawing is hooked in
// by table.js (`hooks.render`, `hooks.runPreAction`), so this module imports no drawing module.

import { Connection, saveToken, savedTokens } from "./conn.js";

export const hooks = { render: () => {}, runPreAction: () => {} };

export const $ = (selector) => document.querySelector(selector);
export const params = new URLSearchParams(location.search);
export const tableId = params.get("t");
// The host link's token (`#host=...`) is kept and taken out of the address and the history by
// hostlink.js, before this page is built: the page is loaded again without it.
export const tokens = savedTokens(tableId);

export const state = {
  update: null,
  error: null,
  pre: null, // the pre-action picked before the turn: "check_fold" | "check" | "call_any"
  post: null, // the seat that posts a big blind to come in once it is granted (the join form's choice)
  preHand: null,
  amount: null,
  history: [], // finished hands this client saw: {number, view, result}
  step: null, // how many events of the shown hand the log shows, null: all of them
  shownHand: null,
  following: true, // the log shows the live hand
  sentFor: null,
};

export const conn = new Connection({
  tableId,
  token: tokens.host || tokens.seat || null,
  onFrame: receive,
  onState: (s) => {
    document.body.dataset.connection = s;
    $("#connection").textContent = s === "open" ? "connected" : "reconnecting…";
  },
});
// A guest at the link watches the live hand at once, as a spectator (no hole card is shown),
// unless the host keeps no rail; "Sit down" sits beside it.
conn.spectate = !conn.token;

function receive(frame) {
  if (frame.type === "update") {
    const previous = state.update;
    // A resync may replay updates older than the one drawn (sent while the socket was
    // closing): the table never steps back to them.
    if (previous && typeof frame.seq === "number" && frame.seq < previous.seq) {
      remember(frame, { stale: true });
      return;
    }
    // A seat that was ours and is gone, without a notice: left by the player, or removed.
    const lost = previous?.you?.seat != null && frame.you?.seat == null && frame.you?.role !== "host";
    if (lost && !state.notice) state.notice = state.left ? "You left the table." : "You are no longer seated: the host removed you, and your chips are cashed out in the ledger.";
    if (frame.you?.seat != null) state.hadSeat = true;
    state.update = frame;
    state.receivedAt = Date.now();
    remember(frame);
    if (frame.you && frame.you.turn_token !== previous?.you?.turn_token) state.sentFor = null;
    hooks.render();
    hooks.runPreAction();
  } else if (frame.type === "error" && frame.code === "no_spectators") {
    // The host keeps no rail: stay at the link as a guest, free to ask for a seat (the guest's
    // line says so; the page asked by itself, so no error is shown).
    const asked = conn.spectate;
    conn.spectate = false;
    if (asked && !conn.attached) conn.hello();
  } else if (frame.type === "notice") {
    // A sentence for this client alone, such as the host removing its player: then the seat's
    // token is spent, so the page watches as a guest, free to ask for a seat again (it never
    // says a seat is requested).
    state.notice = frame.message;
    if (frame.kind === "removed" && conn.token && conn.token !== tokens.host) {
      saveToken(tableId, "seat", null);
      conn.become(null);
    }
    renderError();
  } else if (frame.type === "error" && frame.code === "bad_token" && conn.token !== tokens.host) {
    // A refused or removed seat's token: watch as a spectator and free the seats to ask again,
    // told why (a seat the player had is gone: the host removed it; else the request was refused).
    const had = state.update?.you?.seat != null || state.hadSeat;
    state.notice ||= had ? "The host removed you from the table; your chips are cashed out in the ledger. You may ask for a seat again."
      : "The host did not seat you. You may ask for a seat again.";
    saveToken(tableId, "seat", null);
    conn.become(null);
    renderError();
  } else if (frame.type === "error") {
    state.error = frame;
    renderError();
  } else if (frame.type === "welcome") {
    document.body.dataset.role = frame.role;
  }
}

/** Keep each finished hand as last seen, for the showdown panel and the log (a stale update
 * only fills a hand not yet known). */
function remember(update, { stale = false } = {}) {
  const hand = update.hand;
  if (!hand || !hand.is_over) return;
  const number = update.table.hand_number;
  const entry = { number, view: hand, result: update.result || null, deal: update.deal };
  const known = state.history.findIndex((h) => h.number === number);
  if (known >= 0 && !stale) state.history[known] = entry;
  else if (known >= 0) return;
  else state.history.push(entry);
}

// ---------------------------------------------------------------------------- reading the update
export const you = () => state.update?.you || {};
export const mySeat = () => you().seat ?? null;
export const view = () => state.update?.hand || null;
export const liveLegal = () => {
  const v = view();
  return v && !v.is_over && v.legal && v.to_act === mySeat() ? v.legal : null;
};

export function seatCount(table) {
  const taken = Object.keys(table.seats || {}).map(Number);
  // `size` is the table's number of seats; without it, the protocol's default of nine.
  return Math.max(table.size || 9, ...taken);
}

export function firstFreeSeat(table) {
  for (let seat = 1; seat <= seatCount(table); seat++) if (!table.seats?.[seat]) return seat;
  return null;
}
export function seatNames(update) {
  const names = {};
  for (const [seat, p] of Object.entries(update.table.seats || {})) names[seat] = p.name;
  return names;
}
export async function command(frame) {
  const reply = await conn.send(frame);
  if (reply.type === "error") {
    state.error = reply;
    renderError();
  }
  return reply;
}
/** The message box: a refusal in its sentence (and the rule it cites; never the internal code,
 * such as "below_min_raise"), or a notice for this client (a removal). */
export function renderError() {
  const box = $("#message");
  const error = state.error || (state.notice ? { message: state.notice } : null);
  if (!error) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  box.classList.toggle("notice", !state.error);
  box.replaceChildren();
  const sentence = document.createElement("div");
  sentence.className = "sentence";
  sentence.textContent = error.message;
  box.append(sentence);
  if (error.rule) {
    const rule = document.createElement("div");
    rule.className = "rule";
    rule.textContent = error.rule;
    box.append(rule);
  }
  const close = document.createElement("button");
  close.textContent = "×";
  close.className = "close";
  close.setAttribute("aria-label", "close");
  close.onclick = () => {
    if (state.error) state.error = null;
    else state.notice = null;
    renderError();
  };
  box.append(close);
}
