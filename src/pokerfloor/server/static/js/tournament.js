// A sit-and-go's clock in the header (level, blinds, the next level and what is left of this
// one, players left, average stack) and, once it is over, the places and their payouts
// (`table.tournament` in the update, docs/protocol.md); the host's ICM deal offer and each
// player's equity while it stands.

import { $, command, state, you } from "./state.js";

const chips = (n) => Number(n).toLocaleString("en");
const blinds = (level) => `${chips(level.small_blind)}/${chips(level.big_blind)}${level.ante ? ` ante ${chips(level.ante)}` : ""}`;
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
  const title = document.createElement("h2");
  title.textContent = "ICM deal offered";
  const list = document.createElement("ul");
  for (const [player, share] of Object.entries(t.deal).sort((a, b) => b[1] - a[1])) {
    const li = document.createElement("li");
    li.dataset.player = player;
    li.textContent = `${names[player] ?? player}: ${share.toFixed(2)}% of the prizes`;
    list.append(li);
  }
  box.replaceChildren(title, list);
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
  $("#tournament-clock").textContent = t.over ? "Tournament over" : clockText(t);
  if (!t.over) return;
  const places = $("#places");
  places.replaceChildren();
  const title = document.createElement("h2");
  title.textContent = "Places and payouts";
  const list = document.createElement("ol");
  for (const p of t.places) {
    const li = document.createElement("li");
    li.dataset.place = p.place;
    li.textContent = `${ordinal(p.place)} ${p.name}${p.payout ? ` · ${p.payout}% of the prizes` : ""}`;
    list.append(li);
  }
  places.append(title, list);
}

// The level's minutes count down between updates.
export function tickTournament() {
  const t = state.update?.table?.tournament;
  if (t && !t.over && t.seconds_left != null) $("#tournament-clock").textContent = clockText(t);
}
