// The tournament lobby: the clock, the field, every table with its players and stacks, the
// payouts, bounties and places as they fall; the host's controls for the host; and, without an
// event in the link, the form that opens one.
import { blindsText, chips, clockText, connect, eventId, keep, saved } from "./event-conn.js";

const $ = (id) => document.getElementById(id);
let lobby = null;
let received = 0;
let pendingBots = 0;
let reloadOnLobby = false;

function li(text) {
  return Object.assign(document.createElement("li"), { textContent: text });
}

function tick() {
  if (!lobby) return;
  const c = lobby.clock;
  const running = lobby.state === "running" || lobby.state === "break";
  const gone = running && !c.paused ? (Date.now() - received) / 1000 : 0;
  $("lobby-time").textContent = c.seconds_left != null ? clockText(c.seconds_left - gone)
    : c.hands_left != null ? `${c.hands_left} hands left` : "";
}

function render(frame) {
  lobby = frame;
  received = Date.now();
  $("open").hidden = true;
  $("lobby").hidden = false;
  $("event-name").textContent = frame.name;
  $("state").textContent = { registering: "registration open", running: "running", paused: "paused", break: "on a break", over: "over" }[frame.state];
  document.body.dataset.state = frame.state;
  const c = frame.clock;
  $("lobby-level").textContent = c.now.break ? "Break" : `Level ${c.level}`;
  $("lobby-blinds").textContent = blindsText(c.now);
  $("lobby-next").textContent = (c.next ? `Next: ${blindsText(c.next)}` : "Last level")
    + (c.next_break_in != null ? ` · break in ${clockText(c.next_break_in)}` : "");
  tick();
  $("f-entrants").textContent = frame.entrants;
  $("f-left").textContent = frame.players_left;
  $("f-average").textContent = chips(frame.average);
  $("f-biggest").textContent = frame.biggest ? `${frame.biggest.name} ${chips(frame.biggest.chips)}` : "";
  $("f-pool").textContent = chips(frame.prize_pool);
  $("hand-for-hand").hidden = !frame.hand_for_hand;
  const tables = $("tables");
  tables.replaceChildren(...frame.tables.map((t) => {
    const box = document.createElement("div");
    box.className = "lobby-table" + (t.in_hand ? " in-hand" : "");
    box.append(Object.assign(document.createElement("h4"), { textContent: `Table ${t.table} · ${t.players.length} players` }));
    const ol = Object.assign(document.createElement("ul"), { className: "plain" });
    ol.append(...t.players.map((p) => li(`Seat ${p.seat}: ${p.name} ${chips(p.chips)}${p.bounty ? ` (bounty ${chips(p.bounty)})` : ""}`)));
    box.append(ol);
    return box;
  }));
  $("payouts").replaceChildren(...frame.payouts.map((p) => li(`${chips(p.prize)}`)));
  $("bounties").replaceChildren(...frame.bounties.map((b) => li(`${b.name} ${chips(b.bounty)}`)));
  $("places").replaceChildren(...frame.places.map((p) => li(`${p.place}. ${p.name}${p.prize ? ` ${chips(p.prize)}` : ""}${p.bounties ? ` +${chips(p.bounties)} bounties` : ""}`)));
  $("registered").textContent = frame.registered.join(", ");
  $("floor").replaceChildren(...frame.floor.slice().reverse().slice(0, 12).map((f) => li(f.text)));
  $("host-bar").hidden = saved()?.role !== "host";
}

const conn = connect("lobby", (frame) => {
  if (frame.type === "event_lobby") {
    if (reloadOnLobby) location.reload();
    else render(frame);
  } else if (frame.type === "event_opened") {
    keep(frame.event_id, { token: frame.host_token, role: "host" });
    const bots = pendingBots;
    history.replaceState(null, "", `/tournament.html?e=${encodeURIComponent(frame.event_id)}`);
    if (bots) {
      reloadOnLobby = true;
      conn.send({ type: "add_bots", count: bots });
    } else location.reload();
  } else if (frame.type === "event_done" && ["remove_entry", "move_entry", "set_payouts"].includes(frame.command)) {
    $("host-said").textContent = { remove_entry: "Removed.", move_entry: "The move is made as both tables finish their hands.",
      set_payouts: "The payouts are changed." }[frame.command];
  } else if (frame.type === "move_dropped") {     // a waiting move that could no longer be made: why, in words
    $("host-said").textContent = frame.text;
  } else if (frame.type === "event_deal") {
    $("host-said").textContent = Object.entries(frame.deal).map(([n, v]) => `${n} ${chips(v)}`).join(", ");
  } else if (frame.type === "error") {
    ($("lobby").hidden ? $("open-said") : $("host-said")).textContent = frame.message;
  }
}, null, "#host-bar button, #open-form button");

if (location.hash.startsWith("#host=")) {      // the host link: the token kept here, not left in the address
  keep(eventId, { token: decodeURIComponent(location.hash.slice(6)), role: "host" });
  history.replaceState(null, "", location.pathname + location.search);
}
if (!eventId) $("open").hidden = false;
const link = `${location.origin}/event.html?e=${encodeURIComponent(eventId)}`;
$("invite-link").href = link;
$("invite-link").textContent = link;
$("clock-link").href = `/clock.html?e=${encodeURIComponent(eventId)}`;
$("open-form").addEventListener("submit", (e) => {
  e.preventDefault();
  pendingBots = Number($("open-bots").value) || 0;
  const event = { name: $("open-name").value.trim(), hand_for_hand_jumps: $("open-hfh-jumps").checked,
    hand_for_hand_minutes: Number($("open-hfh-minutes").value) };
  conn.send({ type: "open_event", template: $("open-template").value, event });
});
for (const b of document.querySelectorAll("#host-bar button")) {
  b.addEventListener("click", () => {
    const frame = { type: b.dataset.host };
    if (b.dataset.seconds) frame.seconds = Number(b.dataset.seconds);
    if (b.dataset.count) frame.count = Number(b.dataset.count);
    if (b.dataset.kind) frame.kind = b.dataset.kind;
    conn.send(frame);
  });
}
// The director's remove, move and payout change: the server checks every field whole and says why
// it refuses (a seat taken, a player not in, payouts once the event is in the money).
for (const b of document.querySelectorAll("[data-director]")) {
  b.addEventListener("click", () => {
    const name = $("d-name").value.trim();
    const frame = { type: b.dataset.director };
    if (frame.type !== "set_payouts") frame.name = name;
    if (frame.type === "move_entry") {
      frame.table = Number($("d-table").value);
      frame.seat = Number($("d-seat").value);
    }
    if (frame.type === "set_payouts") {
      frame.payouts = $("d-payouts").value.split(/[\s,]+/).filter(Boolean).map(Number);
    }
    $("host-said").textContent = "";
    conn.send(frame);
  });
}
setInterval(tick, 250);
