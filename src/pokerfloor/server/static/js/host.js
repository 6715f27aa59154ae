// The host's controls, in a panel over the table (the header's "Host" opens it): the share
// link, start/pause/resume/end, the rail, seat requests, stacks, moving a player, the stakes of
// the next hand, the clock and the buy-in, a bomb pot now or the table's rule for them
// (docs/protocol.md, host commands). When the session
// ends, everyone sees its summary: results, who pays whom, the biggest pots. It opens by itself for a table not yet
// dealing (the host shares the link and starts); a seat request is a count on the Host button.

import { bombRule, bombRuleFields, bombRuleWords } from "./bombrule.js";
import { $, command, seatNames, state, tableId, tokens, you } from "./state.js";
import { currentGame } from "./header.js";
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
  const settings = update.table.settings || {};
  $("#allow-spectators").checked = Boolean(customs.spectators);
  // Spectators' chat (revision 6): shown only by a server that has it.
  const chatKnown = "spectator_chat" in settings || "spectator_chat" in customs;
  $("#allow-spectator-chat").parentElement.hidden = !chatKnown;
  $("#allow-spectator-chat").checked = Boolean(settings.spectator_chat ?? customs.spectator_chat);
  // One of Start, Pause and Resume, as the table is: never Start beside Resume.
  const t = update.table;
  $("#start").hidden = Boolean(t.running || t.paused || t.ended);
  $("#pause").hidden = Boolean(t.paused || t.ended || !t.running);
  $("#resume").hidden = !t.paused || Boolean(t.ended);
  renderNow(update, settings);
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
    li.textContent = r.kind === "top_up"
      ? `${r.name} (seat ${r.seat}) asks to add ${Number(r.chips).toLocaleString()} chips `
      : `${r.name} asks for seat ${r.seat} with ${Number(r.chips).toLocaleString()} `;
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

/** The host's fields show the values in force (`table.settings`, revision 6, and the game now),
 * each in words beside its form and in its boxes, unless the host is typing there. */
function renderNow(update, settings) {
  const fill = (id, value) => {
    const box = $(id);
    if (value == null || box.dataset.typed || document.activeElement === box) return;
    box.value = value;
  };
  const clock = settings.clock;
  const next = settings.clock_next;
  $("#clock-now").textContent = !("clock" in settings) ? "" : clock
    ? `Now: ${clock.seconds} s to act, then a ${clock.time_bank} s time bank${next ? ` (from the next turn: ${next.seconds} s + ${next.time_bank} s)` : ""}.`
    : "Now: no action clock.";
  fill("#clock-seconds", (next || clock)?.seconds);
  fill("#clock-bank", (next || clock)?.time_bank);
  const between = settings.between_hands;
  $("#between-form").hidden = !between;
  fill("#between-seconds", between?.seconds);
  fill("#between-showdown", between?.showdown);
  const buyIn = settings.buy_in;
  fill("#buy-in-low", buyIn?.low);
  fill("#buy-in-high", buyIn?.high);
  const game = update.hand?.game;
  if (game && GAMES[game.variant]?.family !== "stud") {
    $("#stakes-now").textContent = `Now: blinds ${game.small_blind}/${game.big_blind}${game.ante ? `, ante ${game.ante}` : ""}.`;
    fill("#stakes-sb", game.small_blind);
    fill("#stakes-bb", game.big_blind);
    fill("#stakes-ante", game.ante);
  } else if (game) {
    $("#stakes-now").textContent = `Now: bring-in ${game.bring_in}, bets ${game.small_bet}/${game.big_bet}${game.ante ? `, ante ${game.ante}` : ""}.`;
    fill("#stakes-bring-in", game.bring_in);
    fill("#stakes-small-bet", game.small_bet);
    fill("#stakes-ante", game.ante);
  }
  stakesFields(update);
  // Only the options of the game dealt: no blinds or straddles at a stud table, no bomb pot
  // without a board.
  const family = GAMES[currentGame(update)?.variant ?? game?.variant]?.family;
  document.body.dataset.family = family || "";
}

/** The stakes form's fields for the game it would deal: blinds, or a stud game's bring-in and
 *  small bet (the one chosen, else the game dealt now). */
function stakesFields(update) {
  const chosen = $("#stakes-variant").value || currentGame(update)?.variant || update?.hand?.game?.variant;
  const stud = GAMES[chosen]?.family === "stud";
  for (const box of document.querySelectorAll("#stakes-form .blind-stakes")) box.hidden = stud;
  for (const box of document.querySelectorAll("#stakes-form .stud-stakes")) box.hidden = !stud;
  return stud;
}

export function wireHost() {
  // The games the stakes form can change to: every game, a stud game with its bring-in and small
  // bet (set_game, docs/protocol.md), the others with their blinds.
  const picker = $("#stakes-variant");
  picker.replaceChildren(new Option("same game", ""));
  for (const [variant, game] of Object.entries(GAMES)) picker.append(new Option(game.title, variant));
  picker.onchange = () => stakesFields(state.update);
  $("#share").value = `${location.origin}/table.html?t=${tableId}`;
  // The host link, for whoever made the table (its token is kept in this browser): another
  // device of the host's opens the table as its host with it.
  $("#host-link").value = tokens.host ? `${location.origin}/table.html?t=${tableId}#host=${tokens.host}` : "";
  $("#host-link-line").hidden = $("#copy-host").hidden = !tokens.host;
  const copy = (id, button) => () => {
    $(id).select();
    const done = () => { $(button).textContent = "Copied"; setTimeout(() => { $(button).textContent = button === "#copy" ? "Copy" : "Copy host link"; }, 1500); };
    (navigator.clipboard?.writeText($(id).value) ?? Promise.reject(new Error("no clipboard"))).then(done, () => {
      if (document.execCommand("copy")) done();
    });
  };
  $("#copy").onclick = copy("#share", "#copy");
  $("#copy-host").onclick = copy("#host-link", "#copy-host");
  for (const box of document.querySelectorAll("#host input[type=number]")) {
    box.addEventListener("input", () => { box.dataset.typed = "1"; });
    box.form?.addEventListener("submit", () => { setTimeout(() => { delete box.dataset.typed; }, 0); });
  }
  $("#allow-spectator-chat").onchange = () => command({ type: "spectator_chat", allow: $("#allow-spectator-chat").checked });
  $("#fold-seat").onclick = () => command({ type: "fold_seat", seat: Number($("#edit-seat").value) });
  $("#sit-out-seat").onclick = () => command({ type: "sit_out_seat", seat: Number($("#edit-seat").value) });
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
  const stakes = () => (stakesFields(state.update)
    ? { bring_in: whole("#stakes-bring-in"), small_bet: whole("#stakes-small-bet") }
    : { small_blind: whole("#stakes-sb"), big_blind: whole("#stakes-bb") });
  form("#stakes-form", () => ({ type: "set_game", ...stakes(), ante: whole("#stakes-ante") ?? 0, variant: $("#stakes-variant").value || null }),
    () => (stakesFields(state.update)
      ? `From the next hand: bring-in ${$("#stakes-bring-in").value}, bets ${$("#stakes-small-bet").value}/${2 * Number($("#stakes-small-bet").value)}.`
      : `From the next hand: blinds ${$("#stakes-sb").value}/${$("#stakes-bb").value}.`));
  form("#clock-form", () => ({ type: "set_clock", seconds: whole("#clock-seconds"), time_bank: whole("#clock-bank") ?? 0 }),
    () => `Clock: ${$("#clock-seconds").value} s to act, from the next turn.`);
  form("#between-form", () => ({ type: "between_hands", seconds: whole("#between-seconds") ?? 0, showdown: whole("#between-showdown") ?? 0 }),
    () => `Between hands: ${$("#between-seconds").value} s, ${$("#between-showdown").value} s after a showdown.`);
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
  const head = Object.assign(document.createElement("h3"), { textContent: "Bomb-pot rule", className: "flop-only" });
  const now = Object.assign(document.createElement("p"), { id: "bomb-rule-now", className: "flop-only" });
  const rule = Object.assign(document.createElement("form"), { id: "bomb-rule-form", className: "flop-only" });
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
    const names = seatNames(state.update);
    const winners = p.names ? Object.values(p.names) : p.winners.map((s) => names[s] || `seat ${s}`);
    const li = item(`Hand ${p.hand}: ${chips(p.pot)} to ${winners.join(" and ")} `);
    li.append(Object.assign(document.createElement("a"), { href: `/replay.html?t=${tableId}&hand=${p.hand}`, textContent: "replay" }));
    return li;
  }));
  $("#summary").showModal();
}
