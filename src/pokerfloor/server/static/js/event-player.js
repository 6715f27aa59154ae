// A player's page at an event: register by the event's link, then the page follows the
// player's seat wherever the floor moves it: their table, seat and chips, their cards and turn,
// and each move said in words (docs/protocol.md, Tournaments over many tables).
import { blindsText, chips, clockText, connect, eventId, keep, saved } from "./event-conn.js";

const $ = (id) => document.getElementById(id);
const SUITS = { s: "♠", h: "♥", d: "♦", c: "♣" };
let last = null;
let lastTable = null;

function card(text) {
  const span = document.createElement("span");
  span.className = "pcard" + (text ? ` suit-${text[1]}` : " back");
  span.textContent = text ? `${text[0].replace("T", "10")}${SUITS[text[1]]}` : "";
  return span;
}

function showNotice(text) {
  const box = $("notice");
  box.textContent = text;
  box.hidden = false;
}

const history = [];

function render(frame) {
  last = frame;
  history.push({ table: frame.you.table, seat: frame.you.seat, chips: frame.you.chips, between: !!frame.table?.hand_over });
  $("register").hidden = true;
  $("play").hidden = false;
  const you = frame.you;
  const table = frame.table;
  const c = frame.clock;
  $("where-table").textContent = you.table ? `Table ${you.table}` : you.out ? "Out" : "Waiting for the draw";
  $("where-seat").textContent = you.seat ? `Seat ${you.seat}` : "";
  $("where-chips").textContent = you.table ? `${chips(you.chips)} chips` : "";
  document.body.dataset.table = you.table ?? "";
  const left = c.seconds_left != null ? ` · ${clockText(c.seconds_left)} left` : c.hands_left != null ? ` · ${c.hands_left} hands left` : "";
  $("level-line").textContent = `Level ${c.level}: ${blindsText(c.now)}${left}${c.paused ? " · paused" : ""} · ${frame.players_left} left`;
  const list = $("notices");
  list.replaceChildren(...frame.notices.slice().reverse().map((t) => Object.assign(document.createElement("li"), { textContent: t })));
  if (lastTable != null && you.table != null && lastTable !== you.table && frame.notices.length) {
    showNotice(frame.notices[frame.notices.length - 1]);
  }
  lastTable = you.table ?? lastTable;
  const seats = $("mini-seats");
  seats.replaceChildren();
  const hand = table?.hand;
  for (const s of table?.seats ?? []) {
    const li = document.createElement("li");
    li.className = "mini-seat" + (s.you ? " me" : "") + (hand && !table.hand_over && hand.to_act === s.seat ? " to-act" : "");
    const bet = hand?.bets?.[s.seat] ? ` · bet ${chips(hand.bets[s.seat])}` : "";
    const stack = hand && !table.hand_over && hand.stacks?.[s.seat] != null ? hand.stacks[s.seat] : s.chips;
    li.textContent = `${s.seat}. ${s.name} ${chips(stack)}${bet}`;
    seats.append(li);
  }
  $("mini-board").replaceChildren(...(hand?.board ?? []).map(card));
  $("mini-pot").textContent = hand ? `Pot ${chips(hand.total_pot)}` : "";
  const mine = hand?.holes?.[you.seat] ?? [];
  $("my-cards").replaceChildren(...mine.map(card));
  renderActions(frame);
  renderBuys(you);
  const placed = $("placed");
  placed.hidden = !you.out && !frame.over;
  if (you.place) placed.textContent = `You finished ${you.place}${you.prize ? `, winning ${chips(you.prize)}` : ""}${you.bounties ? ` and ${chips(you.bounties)} in bounties` : ""}.`;
  else if (frame.over) placed.textContent = "The event is over.";
}

function renderActions(frame) {
  const box = $("event-actions");
  box.replaceChildren();
  const hand = frame.table?.hand;
  if (!hand || frame.table.hand_over || hand.to_act !== frame.you.seat || !hand.legal) return;
  const legal = hand.legal;
  const button = (label, action, to) => {
    const b = document.createElement("button");
    b.textContent = label;
    b.dataset.action = action;
    b.addEventListener("click", () => conn.send({ type: "event_act", action, to: to ?? null }));
    box.append(b);
  };
  if (legal.fold) button("Fold", "fold");
  if (legal.check) button("Check", "check");
  if (legal.call) button(`Call ${chips(legal.call[0])}`, "call");
  const raise = legal.raise_ ? ["raise", legal.raise_] : legal.bet ? ["bet", legal.bet] : null;
  if (raise) {
    const [name, [low, high]] = raise;
    const input = Object.assign(document.createElement("input"), { type: "number", min: low, max: high, value: low, id: "amount" });
    box.append(input);
    const b = document.createElement("button");
    b.textContent = name === "raise" ? "Raise to" : "Bet";
    b.dataset.action = name;
    b.addEventListener("click", () => conn.send({ type: "event_act", action: name, to: Number(input.value) }));
    box.append(b);
  }
}

// A rebuy (declared now, made if the player busts while rebuys are open) and an add-on (at the
// add-on level, between the player's hands): a button for each the event sells and allows now.
function renderBuys(you) {
  const rebuy = you.rebuy;
  const addOn = you.add_on;
  const rebuyButton = $("rebuy-button");
  const addOnButton = $("add-on-button");
  rebuyButton.hidden = !rebuy?.open;
  if (rebuy) {
    rebuyButton.disabled = rebuy.declared;
    rebuyButton.textContent = rebuy.declared
      ? `Rebuy declared: ${chips(rebuy.stack)} chips if you bust`
      : `Rebuy if I bust: ${chips(rebuy.stack)} chips for ${chips(rebuy.price)}`;
  }
  addOnButton.hidden = !addOn?.open;
  if (addOn) addOnButton.textContent = `Add-on: ${chips(addOn.stack)} chips for ${chips(addOn.price)}`;
  $("buys").hidden = rebuyButton.hidden && addOnButton.hidden && !$("buys-said").textContent;
}

const BOUGHT = { rebuy: "Rebuy declared: you rebuy if you bust while rebuys are open.", add_on: "Add-on taken." };

const conn = connect("player", (frame) => {
  if (frame.type === "event_welcome") {
    $("event-name").textContent = "";
    if (frame.role !== "player") $("register").hidden = false;
  } else if (frame.type === "event_lobby") {
    $("event-name").textContent = frame.name;
    for (const el of document.querySelectorAll(".event-title")) el.textContent = frame.name;
  } else if (frame.type === "registered") {
    keep(eventId, { token: frame.token, role: "player", name: frame.name });
    $("register-said").textContent = frame.approval ? "Registered: the host approves entries, wait for it." : "";
  } else if (frame.type === "event_seat") {
    render(frame);
  } else if (frame.type === "event_notice") {
    showNotice(frame.text);
  } else if (frame.type === "event_done" && BOUGHT[frame.command]) {
    $("buys-said").textContent = BOUGHT[frame.command];
    $("buys").hidden = false;
  } else if (frame.type === "error") {
    const playing = !$("play").hidden;
    $(playing ? "buys-said" : "register-said").textContent = frame.message;
    if (playing) $("buys").hidden = false;
  }
}, null, "#event-actions button, #event-actions input, #buys button, #register-form button");

$("lobby-link").href = `/tournament.html?e=${encodeURIComponent(eventId)}`;
$("register").hidden = !!saved()?.token;
for (const button of document.querySelectorAll("[data-buy]")) {
  button.addEventListener("click", () => {
    $("buys-said").textContent = "";
    conn.send({ type: button.dataset.buy });
  });
}
$("register-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const token = saved()?.token ?? null;
  conn.send({ type: "register", name: $("register-name").value.trim(), token });
});
window.pokerfloorEvent = { get last() { return last; }, history };
