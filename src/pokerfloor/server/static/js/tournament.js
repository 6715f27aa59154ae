// A sit-and-go's clock in the header (level, blinds, the next level and what is left of this
// one, players left, average stack) and, once it is over, the places and their payouts
// (`table.tournament` in the update, docs/protocol.md); the host's ICM deal offer, each
// player's equity while it stands, who accepted, and a player's own accept and decline.

import { $, command, state, you } from "./state.js";

const chips = (n) => Number(n).toLocaleString("en");
const blinds = (level) => `${chips(level.small_blind)}/${chips(level.big_blind)}${level.ante ? ` ante ${chips(level.ante)}` : ""}${level.bb_ante ? ` BB ante ${chips(level.bb_ante)}` : ""}`;
const ordinal = (n) => `${n}${[, "st", "nd", "rd"][n % 100 > 10 && n % 100 < 14 ? 0 : n % 10] || "th"}`;
let received = { at: 0, seconds: null };

function left(t) {
  if (t.hands_left === 0) return "from the next hand";
  if (t.hands_left != null) return `after ${t.hands_left} hand${t.hands_left === 1 ? "" : "s"}`;
  if (t.seconds_left == null) return "";
  const seconds = Math.max(0, Math.ceil(received.seconds - (Date.now() - received.at) / 1000));
  return `in ${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

export function clockText(t) {
  const next = t.next ? ` · next ${blinds(t.next)} ${left(t)}` : " · last level";
  return `Level ${t.level} · ${blinds(t)}${next} · ${t.players_left} left · average ${chips(t.average_stack)}`;
}

function renderDeal(t, seats) {
  const box = $("#deal");
  box.hidden = !(t && t.deal);
  $("#offer-deal-line").hidden = !(t && !t.over && you().role === "host");
  if (!t || !t.deal) return;
  const names = Object.fromEntries(Object.values(seats).map((s) => [s.player_id, s.name]));
  const accepted = new Set(t.deal_accepted || []);
  const title = document.createElement("h2");
  title.textContent = "ICM deal offered";
  const list = document.createElement("ul");
  for (const [player, share] of Object.entries(t.deal).sort((a, b) => b[1] - a[1])) {
    const li = document.createElement("li");
    li.dataset.player = player;
    li.textContent = `${names[player] ?? player}: ${share.toFixed(2)}% of the prizes`;
    if (accepted.has(player)) {
      const mark = document.createElement("span");
      mark.className = "accepted";
      mark.textContent = " · accepted";
      li.append(mark);
    }
    list.append(li);
  }
  const note = document.createElement("p");
  note.textContent = "Every player left must accept; one decline, or the next hand, and the offer is gone.";
  box.replaceChildren(title, list, note);
  const me = you().player_id;
  if (me && me in t.deal && !accepted.has(me)) {
    const buttons = document.createElement("p");
    for (const [accept, label] of [[true, "Accept the deal"], [false, "Decline"]]) {
      const button = document.createElement("button");
      button.className = accept ? "accept-deal" : "decline-deal";
      button.textContent = label;
      button.onclick = () => command({ type: "answer_deal", accept });
      buttons.append(button);
    }
    box.append(buttons);
  }
}

export function wireTournament() {
  $("#offer-deal").onclick = () => command({ type: "offer_deal" });
}

export function renderTournament(update) {
  const t = update.table.tournament;
  renderDeal(t, update.table.seats || {});
  $("#tournament-clock").hidden = !t;
  $("#places").hidden = !(t && t.over);
  if (!t) return;
  received = { at: Date.now(), seconds: t.seconds_left };
  const dealt = t.places.some((p) => p.deal);
  $("#tournament-clock").textContent = t.over ? (dealt ? "Tournament over: a deal by ICM" : "Tournament over") : clockText(t);
  if (!t.over) return;
  const places = $("#places");
  places.replaceChildren();
  const title = document.createElement("h2");
  title.textContent = "Places and payouts";
  const list = document.createElement("ol");
  for (const p of t.places) {
    const li = document.createElement("li");
    li.dataset.place = p.place;
    const deal = p.deal ? " (ICM deal)" : "";
    li.dataset.deal = p.deal ? "true" : "false";
    const payout = p.deal ? p.payout.toFixed(2) : p.payout;
    li.textContent = `${ordinal(p.place)} ${p.name}${p.payout ? ` · ${payout}% of the prizes${deal}` : deal}`;
    list.append(li);
  }
  places.append(title, list);
}

// The level's minutes count down between updates.
export function tickTournament() {
  const t = state.update?.table?.tournament;
  if (t && !t.over && t.seconds_left != null) $("#tournament-clock").textContent = clockText(t);
}
