// The host's controls, in a panel over the table (the header's "Host" opens it): the share
// link, start/pause/resume/end, the rail, seat requests, stacks, moving a player, the stakes of
// the next hand, the clock and the buy-in, a bomb pot now or the table's rule for them
// (docs/protocol.md, host commands). When the session
// ends, everyone sees its summary: results, who pays whom, the biggest pots. It opens by itself for a table not yet
// dealing (the host shares the link and starts); a seat request is a count on the Host button.

import { bombRule, bombRuleFields, bombRuleWords } from "./bombrule.js";
import { $, command, state, tableId, you } from "./state.js";
import { setOpen } from "./panels.js";
import { GAMES } from "./variants.js";

export function renderHost(update) {
  const box = $("#host");
  const toggle = $("#host-toggle");
  if (you().role !== "host") {
    box.hidden = true;
    toggle.hidden = true;
    return;
  }
  toggle.hidden = false;
  // A seat request shows as a count on the Host button: the panel never opens by itself over a
  // hand in play (only once, for a table not yet dealing, where the host shares the link).
  const asking = (update.table.requests || []).length;
  toggle.replaceChildren("Host");
  if (asking) toggle.append(Object.assign(document.createElement("span"), { className: "count", textContent: String(asking) }));
  toggle.title = asking ? `${asking} seat request${asking > 1 ? "s" : ""} waiting` : "the host's controls";
  const setup = !update.table.running && !update.table.ended && !update.table.hand_number;
  if (setup && state.hostOpened == null) setOpen("host", true);
  state.hostOpened ??= true;
  const customs = update.table.customs || {};
  $("#allow-spectators").checked = Boolean(customs.spectators);
  $("#pause").hidden = Boolean(update.table.paused);
  $("#resume").hidden = !update.table.paused;
  $("#customs").textContent = [
    customs.auto_muck ? "losing hands mucked for their players" : "players show or muck",
    customs.run_it_twice && "run it twice offered",
    customs.rabbit && "rabbit hunting",
  ].filter(Boolean).join(" · ");
  $("#bomb-rule-now").textContent = bombRuleWords(update.table.bomb_pot?.rule);
  const list = $("#requests");
  list.replaceChildren();
  for (const r of update.table.requests || []) {
    const li = document.createElement("li");
    li.dataset.request = r.request_id;
    li.textContent = `${r.name} asks for seat ${r.seat} with ${Number(r.chips).toLocaleString()} `;
    const yes = Object.assign(document.createElement("button"), { textContent: "Approve", className: "approve" });
    yes.onclick = () => command({ type: "approve", request_id: r.request_id });
    const no = Object.assign(document.createElement("button"), { textContent: "Refuse", className: "refuse" });
    no.onclick = () => command({ type: "refuse", request_id: r.request_id });
    li.append(yes, no);
    list.append(li);
  }
  const pick = $("#edit-seat");
  const seats = Object.entries(update.table.seats || {});
  const before = pick.value;
  pick.replaceChildren(...seats.map(([s, p]) => Object.assign(document.createElement("option"), { value: s, textContent: `${s}: ${p.name}` })));
  if (seats.some(([s]) => s === before)) pick.value = before;
}

export function wireHost() {
  // The games the stakes form can change to: those dealt with blinds (a stud game needs its ante,
  // bring-in and limits, set when its table is made).
  const picker = $("#stakes-variant");
  picker.replaceChildren(new Option("same game", ""));
  for (const [variant, game] of Object.entries(GAMES)) {
    if (game.family !== "stud") picker.append(new Option(game.title, variant));
  }
  $("#share").value = `${location.origin}/table.html?t=${tableId}`;
  $("#copy").onclick = () => navigator.clipboard?.writeText($("#share").value).catch(() => {});
  $("#start").onclick = () => command({ type: "start" });
  $("#allow-spectators").onchange = () => command({ type: "spectators", allow: $("#allow-spectators").checked });
  $("#pause").onclick = () => command({ type: "pause" });
  $("#end").onclick = () => confirm("End the game after this hand?") && command({ type: "end_game" });
  $("#edit-form").onsubmit = (e) => {
    e.preventDefault();
    command({ type: "edit_stack", seat: Number($("#edit-seat").value), chips: Number($("#edit-chips").value) });
  };
  $("#remove").onclick = () => command({ type: "remove", seat: Number($("#edit-seat").value) });
  $("#resume").onclick = () => command({ type: "resume" });
  const whole = (id) => ($(id).value === "" ? null : Number($(id).value));
  const form = (id, frame, note) => {
    $(id).onsubmit = (e) => {
      e.preventDefault();
      const said = note();       // as the form is sent: an update may redraw the seat list first
      command(frame()).then((reply) => { $("#host-note").textContent = reply.type === "error" ? "" : said; });
    };
  };
  form("#move-form", () => ({ type: "move_seat", seat: Number($("#edit-seat").value), to: whole("#move-to") }),
    () => `Seat ${$("#edit-seat").value} moves to seat ${$("#move-to").value}.`);
  form("#stakes-form", () => ({
    type: "set_game", small_blind: whole("#stakes-sb"), big_blind: whole("#stakes-bb"), ante: whole("#stakes-ante") ?? 0,
    variant: $("#stakes-variant").value || null,
  }), () => `From the next hand: blinds ${$("#stakes-sb").value}/${$("#stakes-bb").value}.`);
  form("#clock-form", () => ({ type: "set_clock", seconds: whole("#clock-seconds"), time_bank: whole("#clock-bank") ?? 0 }),
    () => `Clock: ${$("#clock-seconds").value} s to act.`);
  form("#buy-in-form", () => ({ type: "set_buy_in", low: whole("#buy-in-low"), high: whole("#buy-in-high") }),
    () => `Buy-in from ${$("#buy-in-low").value}.`);
  // A bomb pot for the next hand (the server refuses it in a game without a flop).
  form("#bomb-form", () => ({ type: "bomb_pot", ante: whole("#bomb-ante"), boards: Number($("#bomb-boards").value) }),
    () => `Next hand: a bomb pot of ${$("#bomb-ante").value} each.`);
  wireBombRule();
  $("#summary-close").onclick = () => $("#summary").close();
}

// The table's rule for bomb pots, under the bomb pot the host calls now: the rule in force in
// words, the rule's fields, and a button that ends it (the host's bomb_pots command).
function wireBombRule() {
  const head = Object.assign(document.createElement("h3"), { textContent: "Bomb-pot rule" });
  const now = Object.assign(document.createElement("p"), { id: "bomb-rule-now" });
  const rule = Object.assign(document.createElement("form"), { id: "bomb-rule-form" });
  bombRuleFields(rule, "host-bomb");
  const buttons = document.createElement("div");
  buttons.append(
    Object.assign(document.createElement("button"), { type: "submit", textContent: "Set the rule" }),
    Object.assign(document.createElement("button"), { type: "button", id: "bomb-rule-end", textContent: "No rule" }),
  );
  rule.append(buttons);
  $("#bomb-form").after(head, now, rule);
  const send = (frame) => command(frame).then((reply) => {
    $("#host-note").textContent = reply.type === "error" ? "" : frame.ante ? "The bomb-pot rule is set." : "The bomb-pot rule ends.";
  });
  rule.onsubmit = (e) => {
    e.preventDefault();
    const chosen = bombRule("host-bomb");
    if (chosen) send({ type: "bomb_pots", ...chosen });
    else $("#host-note").textContent = "Give a number of hands, or the button's hands, or both.";
  };
  $("#bomb-rule-end").onclick = () => send({ type: "bomb_pots" });
}

// The summary once the session is over (ended, its last hand finished), fetched once.
let summaryShown = false;

export async function renderSummary(update) {
  const over = update.table.ended && !(update.hand && !update.hand.is_over);
  if (!over || summaryShown) return;
  summaryShown = true;
  const got = await fetch(`/api/tables/${encodeURIComponent(tableId)}/summary.json`);
  if (!got.ok) return;
  const summary = await got.json();
  const chips = (n) => Number(n).toLocaleString();
  $("#summary-results tbody").replaceChildren(...summary.players.map((p) => {
    const row = document.createElement("tr");
    for (const text of [p.name, chips(p.brought_in), (p.result > 0 ? "+" : "") + chips(p.result)]) {
      row.append(Object.assign(document.createElement("td"), { textContent: text }));
    }
    return row;
  }));
  const item = (text) => Object.assign(document.createElement("li"), { textContent: text });
  $("#summary-settle").replaceChildren(...(summary.settle_up.length
    ? summary.settle_up.map((t) => item(`${t.pays} pays ${t.to} ${chips(t.chips)}`)) : [item("Nobody owes anything.")]));
  $("#summary-pots").replaceChildren(...summary.biggest_pots.map((p) => {
    const li = item(`Hand ${p.hand}: ${chips(p.pot)} to seat ${p.winners.join(" and ")} `);
    li.append(Object.assign(document.createElement("a"), { href: `/replay.html?t=${tableId}&hand=${p.hand}`, textContent: "replay" }));
    return li;
  }));
  $("#summary").showModal();
}
