// The table page: seats around an oval, the board and pots, the acting bar, the host's panel
// and the hand log. Everything drawn comes from the server's latest `update` (docs/protocol.md).

import { Connection, saveToken, savedTokens } from "./conn.js";
import { cardElement, cardsText } from "./cards.js";
import { clamp, presets, wager } from "./amounts.js";
import { describe } from "./words.js";

const $ = (selector) => document.querySelector(selector);
const params = new URLSearchParams(location.search);
const tableId = params.get("t");
takeHostLink();
const tokens = savedTokens(tableId);

/** The host link `pokerfloor serve` prints carries the host token in its fragment
 * (`#host=...`), which no browser sends to a server: keep it in this browser and take it out of
 * the address bar (and the history), so it is neither shared by accident nor shown on screen. */
function takeHostLink() {
  const fragment = new URLSearchParams(location.hash.slice(1));
  const token = fragment.get("host");
  if (!tableId || !token) return;
  saveToken(tableId, "host", token);
  history.replaceState(history.state, "", location.pathname + location.search);
}

const state = {
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

const conn = new Connection({
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

// For a console user and the browser tests: the same calls the buttons make.
window.pokerfloorTable = { conn, state, act: (action, to) => act(action, to) };

function receive(frame) {
  if (frame.type === "update") {
    const previous = state.update;
    // A resync may replay updates older than the one drawn (sent while the socket was
    // closing): the table never steps back to them.
    if (previous && typeof frame.seq === "number" && frame.seq < previous.seq) {
      remember(frame, { stale: true });
      return;
    }
    state.update = frame;
    state.receivedAt = Date.now();
    remember(frame);
    if (frame.you && frame.you.turn_token !== previous?.you?.turn_token) state.sentFor = null;
    render();
    runPreAction();
  } else if (frame.type === "error" && frame.code === "no_spectators") {
    // The host keeps no rail: stay at the link as a guest, free to ask for a seat (the guest's
    // line says so; the page asked by itself, so no error is shown).
    const asked = conn.spectate;
    conn.spectate = false;
    if (asked && !conn.attached) conn.hello();
  } else if (frame.type === "error" && frame.code === "bad_token" && conn.token !== tokens.host) {
    // A refused or removed seat's token: watch as a spectator and free the seats to ask again.
    saveToken(tableId, "seat", null);
    conn.become(null);
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
const you = () => state.update?.you || {};
const mySeat = () => you().seat ?? null;
const view = () => state.update?.hand || null;
const liveLegal = () => {
  const v = view();
  return v && !v.is_over && v.legal && v.to_act === mySeat() ? v.legal : null;
};

function seatCount(table) {
  const taken = Object.keys(table.seats || {}).map(Number);
  // `size` is the table's number of seats; without it, the protocol's default of nine.
  return Math.max(table.size || 9, ...taken);
}

/** Badges per seat from the hand's posts: blinds, straddles and the others. */
function postBadges(hand) {
  const badges = {};
  const names = { sb: "SB", bb: "BB", straddle: "STR", mississippi: "STR", button_blind: "BTN-B", kill: "KILL", ante: "", bb_ante: "BB", new_player: "POST", missed_bb: "POST", missed_sb: "DEAD" };
  for (const e of hand?.events || []) {
    if (e.kind !== "post" || e.seat == null) continue;
    const badge = names[e.post] ?? e.post?.toUpperCase();
    if (badge) (badges[e.seat] ||= new Set()).add(badge);
  }
  return badges;
}

// ---------------------------------------------------------------------------- drawing
function render() {
  const update = state.update;
  if (!update) return;
  const table = update.table;
  $("#table-name").textContent = `Table ${table.table_id}`;
  $("#status").textContent = table.ended ? "game over" : table.paused ? "paused after this hand" : table.running ? "playing" : "waiting to start";
  document.body.dataset.role = you().role || "spectator";
  document.body.dataset.seated = mySeat() != null;
  // A seat token with no seat yet: the request waits for the host.
  $("#waiting").hidden = !(conn.token && conn.token !== tokens.host && mySeat() == null);
  renderGuest(table);
  postToComeIn(table);
  renderSeats(update);
  renderCenter(update);
  renderOffer(update);
  renderActions();
  renderShowdown(update);
  renderLog();
  renderHost(update);
  renderError();
}

/** Whoever is at the link without a seat watches the live hand while the host keeps a rail: a
 * guest, and a friend whose seat request waits for the host (the page asks to watch by itself,
 * again when the host opens the rail). A guest has "Sit down" beside the hand. */
function renderGuest(table) {
  const role = you().role;
  const seated = mySeat() != null;
  const rail = Boolean(table.customs?.spectators);
  if (!rail || seated || role === "host") conn.spectate = false;
  else if (role === "guest" && !conn.spectate && conn.attached) {
    conn.spectate = true;
    conn.send({ type: "spectate" }).then((reply) => {
      if (reply.type !== "ack") conn.spectate = false;
    });
  }
  const visitor = (role === "guest" || role === "spectator") && !conn.token;
  $("#guest").hidden = !(visitor && !table.ended);
  if (!visitor) return;
  $("#guest-says").textContent = role === "spectator"
    ? "You are watching (no hole card is shown to you)."
    : "The host lets no spectators watch: take a seat to play.";
  const free = firstFreeSeat(table);
  $("#sit-down").hidden = free == null;
  $("#sit-down").dataset.seat = free ?? "";
  $("#table-full").hidden = free != null;
}

/** A new player waits for the big blind, or posts one to be dealt the next hand (RROP11 Button
 * & Blind Use): once the seat is granted, the choice made at the join form is sent (once a seat).
 * Before the first hand every seated player is dealt in: nothing to post. */
function postToComeIn(table) {
  const seat = mySeat();
  if (seat == null || state.post !== seat || !table.hand_number || table.seats?.[seat]?.status !== "waiting") return;
  state.post = null;
  conn.send({ type: "sit_in", post: true });
}

function firstFreeSeat(table) {
  for (let seat = 1; seat <= seatCount(table); seat++) if (!table.seats?.[seat]) return seat;
  return null;
}

function renderSeats(update) {
  const table = update.table;
  const hand = view();
  const oval = $("#seats");
  oval.replaceChildren();
  const count = seatCount(table);
  const me = mySeat();
  const badges = postBadges(hand);
  for (let seat = 1; seat <= count; seat++) {
    // Your own seat sits at the bottom; the others clockwise from it.
    const offset = ((seat - (me ?? 1)) % count + count) % count;
    const angle = Math.PI / 2 + (2 * Math.PI * offset) / count;
    const el = document.createElement("div");
    el.className = "seat";
    el.dataset.seat = seat;
    el.style.left = `${50 + 44 * Math.cos(angle)}%`;
    el.style.top = `${50 + 40 * Math.sin(angle)}%`;
    const player = table.seats?.[seat];
    if (!player) {
      el.classList.add("empty");
      if (me == null && !table.ended) {
        const sit = document.createElement("button");
        sit.textContent = `Sit (${seat})`;
        sit.className = "sit";
        sit.onclick = () => openJoin(seat);
        el.append(sit);
      } else {
        el.textContent = `${seat}`;
      }
      oval.append(el);
      continue;
    }
    const inHand = hand && hand.seats.includes(seat);
    if (seat === me) el.classList.add("me");
    if (hand && !hand.is_over && hand.to_act === seat) el.classList.add("to-act");
    if (inHand && hand.folded.includes(seat)) el.classList.add("folded");
    if (player.status === "sitting_out") el.classList.add("away");
    const stack = inHand && !hand.is_over ? hand.stacks[seat] : player.chips;
    const info = document.createElement("div");
    info.className = "plate";
    info.innerHTML = `<span class="name"></span><span class="stack"></span><span class="badges"></span>`;
    info.querySelector(".name").textContent = player.name;
    info.querySelector(".stack").textContent = stack.toLocaleString();
    const marks = info.querySelector(".badges");
    if (hand && hand.button === seat) marks.append(badge("D", "button"));
    for (const b of badges[seat] || []) marks.append(badge(b, "blind"));
    if (player.status === "sitting_out") marks.append(badge("away", "away-badge"));
    else if (player.status === "waiting") marks.append(badge("waiting", "away-badge"));
    if (inHand && stack === 0 && !hand.is_over) marks.append(badge("all-in", "allin"));
    const cards = document.createElement("div");
    cards.className = "hole";
    // Your own cards stay in view after you fold (dimmed with the seat); others' go to the muck.
    if (inHand && (!hand.folded.includes(seat) || seat === me)) for (const c of hand.holes[seat] || []) cards.append(cardElement(c));
    el.append(cards, info);
    if (hand && !hand.is_over && hand.to_act === seat) el.append(clockElement());
    const won = hand?.is_over ? hand.events.filter((e) => e.kind === "win" && e.seat === seat).reduce((n, e) => n + e.amount, 0) : 0;
    if (won) {
      el.classList.add("winner");
      marks.append(badge(`+${won.toLocaleString()}`, "won"));
    }
    oval.append(el);
    const bet = inHand ? hand.bets[seat] : 0;
    if (bet) {
      // The bet sits in front of its seat, between the seat and the pot.
      const chip = document.createElement("div");
      chip.className = "bet";
      chip.dataset.seat = seat;
      chip.textContent = bet.toLocaleString();
      chip.style.left = `${50 + 27 * Math.cos(angle)}%`;
      chip.style.top = `${50 + 22 * Math.sin(angle)}%`;
      oval.append(chip);
    }
  }
}

function badge(text, kind) {
  const b = document.createElement("span");
  b.className = `badge ${kind}`;
  b.textContent = text;
  return b;
}

function clockElement() {
  const clock = you().clock;
  const el = document.createElement("div");
  el.className = "clock";
  if (!clock) {
    el.textContent = "to act";
    return el;
  }
  // `left` is the seconds the seat to act has, turn and time bank together, when the update left;
  // `bank` of them are the seat's time bank, spent once the turn's own seconds are gone.
  const left = Math.max(0, Math.round(clock.left - (Date.now() - state.receivedAt) / 1000));
  const bank = Math.round(clock.bank || 0);
  el.textContent = left > bank ? `${left - bank}s to act` : `time bank ${left}s`;
  if (bank && left > bank) {
    const extra = document.createElement("span");
    extra.className = "bank";
    extra.textContent = ` + ${bank}s bank`;
    el.append(extra);
  }
  el.classList.toggle("low", left <= 10);
  return el;
}

function renderCenter(update) {
  const hand = view();
  const board = $("#board");
  board.replaceChildren();
  const pots = $("#pots");
  pots.replaceChildren();
  if (!hand) {
    $("#street").textContent = update.table.running ? "waiting for players" : "";
    return;
  }
  const boards = hand.boards && hand.boards.length > 1 ? hand.boards : [hand.board];
  boards.forEach((cards, run) => {
    // Run it twice: one row per run, side by side, each named.
    const row = boards.length > 1 ? document.createElement("div") : board;
    if (boards.length > 1) {
      row.className = "run";
      row.dataset.run = run + 1;
      row.append(Object.assign(document.createElement("span"), { className: "run-name", textContent: `run ${run + 1}` }));
      board.append(row);
    }
    for (const c of cards) row.append(cardElement(c));
  });
  board.classList.toggle("runs", boards.length > 1);
  renderRabbit(update);
  if (hand.is_over) {
    $("#street").textContent = `hand ${update.table.hand_number} over`;
    return;
  }
  $("#street").textContent = hand.is_over ? `hand ${update.table.hand_number} over` : hand.street;
  hand.pots.forEach((pot, i) => {
    const el = document.createElement("div");
    el.className = "pot";
    el.dataset.pot = i;
    const name = hand.pots.length === 1 ? "Pot" : i === 0 ? "Main pot" : hand.pots.length === 2 ? "Side pot" : `Side pot ${i}`;
    el.textContent = `${name}: ${pot.amount.toLocaleString()}`;
    el.title = `seats ${pot.eligible.join(", ")}`;
    pots.append(el);
  });
  if (hand.pots.length > 1) {
    const total = document.createElement("div");
    total.className = "total";
    total.textContent = `Total ${hand.total_pot.toLocaleString()}`;
    pots.append(total);
  }
}

/** The rabbit: the cards that would have come after a hand ended early, marked as such; they
 * change nothing (the house's rabbit-hunt custom). */
function renderRabbit(update) {
  const box = $("#rabbit");
  const cards = update.result?.rabbit || [];
  box.replaceChildren();
  box.hidden = !(view()?.is_over && cards.length);
  if (box.hidden) return;
  box.append(Object.assign(document.createElement("span"), { className: "rabbit-name", textContent: "rabbit" }));
  for (const c of cards) {
    const el = cardElement(c);
    el.classList.add("rabbit");
    box.append(el);
  }
}

/** Run it twice, offered to the all-in players: each answers; all must agree before the clock. */
function renderOffer(update) {
  const box = $("#offer");
  const offer = update.offer;
  box.replaceChildren();
  box.hidden = !offer;
  if (!offer) return;
  const names = seatNames(update);
  const head = document.createElement("div");
  head.className = "offer-head";
  const left = Math.max(0, Math.round(offer.left - (Date.now() - state.receivedAt) / 1000));
  head.textContent = `Run it twice? Every player all-in must agree (${left}s)`;
  box.append(head);
  for (const seat of offer.seats) {
    const said = offer.answers[seat];
    const line = document.createElement("span");
    line.className = "answer";
    line.dataset.seat = seat;
    line.textContent = `${names[seat] || `seat ${seat}`}: ${said == null ? "deciding" : said ? "twice" : "once"}`;
    box.append(line);
  }
  const me = mySeat();
  if (me != null && offer.seats.includes(me) && offer.answers[me] == null) {
    for (const [label, twice] of [["Run it twice", true], ["Run it once", false]]) {
      const b = Object.assign(document.createElement("button"), { textContent: label, className: "run-it" });
      b.dataset.twice = twice;
      b.onclick = () => command({ type: "run_it", twice });
      box.append(b);
    }
  }
}

// ---------------------------------------------------------------------------- acting
function renderActions() {
  const bar = $("#actions");
  bar.replaceChildren();
  const hand = view();
  const me = mySeat();
  const legal = liveLegal();
  if (me == null || !hand) return;
  if (legal && state.sentFor !== you().turn_token) {
    bar.append(...actionButtons(hand, legal));
    return;
  }
  if (!hand.is_over && hand.seats.includes(me) && !hand.folded.includes(me) && hand.stacks[me] > 0) {
    bar.append(preActions());
  }
}

function actionButtons(hand, legal) {
  const out = [];
  const button = (label, action, to, cls = "") => {
    const b = document.createElement("button");
    b.textContent = label;
    b.dataset.action = action;
    b.className = `act ${cls}`;
    b.onclick = () => act(action, typeof to === "function" ? to() : to);
    out.push(b);
    return b;
  };
  if (legal.fold) button("Fold", "fold", undefined, "fold");
  if (legal.check) button("Check", "check");
  if (legal.call) button(`Call ${legal.call[1].toLocaleString()}`, "call");
  if (legal.bring_in) button(`Bring in ${legal.bring_in}`, "bring_in");
  if (legal.show || legal.muck) {
    const ask = document.createElement("span");
    ask.className = "why";
    ask.textContent = "Your hand can no longer win: show it or muck it?";
    out.push(ask);
  }
  if (legal.show) button("Show", "show");
  if (legal.muck) button("Muck", "muck");
  const open = wager(legal);
  if (open) {
    const [name, range] = open;
    if (state.amount == null || state.amount < range[0] || state.amount > range[1]) state.amount = range[0];
    const sizing = document.createElement("div");
    sizing.className = "sizing";
    const slider = Object.assign(document.createElement("input"), { type: "range", min: range[0], max: range[1], value: state.amount, id: "amount-slider" });
    const typed = Object.assign(document.createElement("input"), { type: "number", min: range[0], max: range[1], value: state.amount, id: "amount" });
    typed.inputMode = "numeric";
    const set = (value) => {
      state.amount = clamp(value, range);
      slider.value = state.amount;
      typed.value = state.amount;
      wagerButton.textContent = label();
    };
    const label = () => (state.amount === range[1] && range[1] > range[0] ? `All-in ${state.amount.toLocaleString()}` : `${name === "bet" ? "Bet" : name === "complete" ? "Complete to" : "Raise to"} ${state.amount.toLocaleString()}`);
    slider.oninput = () => set(slider.value);
    typed.onchange = () => set(typed.value);
    typed.onkeydown = (e) => {
      if (e.key === "Enter") {
        set(typed.value);
        act(name, state.amount);
      }
    };
    const presetRow = document.createElement("div");
    presetRow.className = "presets";
    for (const [text, to] of presets(hand, legal)) {
      const p = document.createElement("button");
      p.textContent = text;
      p.className = "preset";
      p.onclick = () => set(to);
      presetRow.append(p);
    }
    sizing.append(presetRow, slider, typed);
    out.push(sizing);
    const wagerButton = button(label(), name, () => clamp(typed.value, range), "wager");
  } else if (legal.reason) {
    const why = document.createElement("span");
    why.className = "why";
    why.textContent = `No raise: ${legal.reason.replaceAll("_", " ")}${legal.rule ? ` (${legal.rule})` : ""}`;
    out.push(why);
  }
  return out;
}

function preActions() {
  const box = document.createElement("div");
  box.className = "pre";
  const hand = view();
  if (state.preHand !== state.update.table.hand_number) {
    state.pre = null;
    state.preHand = state.update.table.hand_number;
  }
  for (const [key, text] of [["check_fold", "Check/Fold"], ["check", "Check"], ["call_any", "Call any"]]) {
    const label = document.createElement("label");
    const box_ = Object.assign(document.createElement("input"), { type: "checkbox", checked: state.pre === key });
    box_.dataset.pre = key;
    box_.onchange = () => {
      state.pre = box_.checked ? key : null;
      renderActions();
    };
    label.append(box_, ` ${text}`);
    box.append(label);
  }
  if (hand.to_act != null) box.title = `waiting for seat ${hand.to_act}`;
  return box;
}

function runPreAction() {
  const legal = liveLegal();
  if (!legal || !state.pre || state.sentFor === you().turn_token) return;
  const pre = state.pre;
  state.pre = null;
  if (pre === "check_fold") act(legal.check ? "check" : "fold");
  else if (pre === "call_any") act(legal.call ? "call" : "check");
  else if (pre === "check" && legal.check) act("check"); // a bet came in: the player decides
}

let actionCounter = 0;
async function act(action, to) {
  const update = state.update;
  const frame = {
    type: "act",
    hand: update.deal?.hand ?? update.table.hand_number,
    action,
    turn_token: you().turn_token,
    client_action_id: `${tableId}-${mySeat()}-${Date.now()}-${actionCounter++}`,
  };
  if (to !== undefined && to !== null) frame.to = Number(to);
  state.error = null;
  state.sentFor = you().turn_token;
  renderActions();
  const reply = await conn.send(frame);
  if (reply.type === "error") {
    state.sentFor = null;
    renderActions();
  } else {
    state.amount = null;
  }
}

function renderError() {
  const box = $("#message");
  const error = state.error;
  if (!error) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  box.replaceChildren();
  const sentence = document.createElement("div");
  sentence.className = "sentence";
  sentence.textContent = error.message;
  box.append(sentence);
  if (error.rule || error.reason) {
    const rule = document.createElement("div");
    rule.className = "rule";
    rule.textContent = [error.rule, error.reason && `(${error.reason})`].filter(Boolean).join(" ");
    box.append(rule);
  }
  const close = document.createElement("button");
  close.textContent = "×";
  close.className = "close";
  close.onclick = () => {
    state.error = null;
    renderError();
  };
  box.append(close);
}

// ---------------------------------------------------------------------------- showdown and log
function renderShowdown(update) {
  // The last finished hand stays in view while the next one is dealt.
  const box = $("#showdown");
  const last = state.history[state.history.length - 1];
  box.replaceChildren();
  if (!last) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const hand = last.view;
  const names = seatNames(update);
  const head = document.createElement("h3");
  head.textContent = last.number === update.table.hand_number ? `Hand ${last.number}` : `Last hand (${last.number})`;
  box.append(head);
  const runs = hand.boards && hand.boards.length > 1 ? hand.boards : null;
  if (runs) {
    const row = document.createElement("div");
    row.className = "run-boards";
    runs.forEach((cards, run) => {
      const one = document.createElement("div");
      one.className = "run";
      one.dataset.run = run + 1;
      one.append(Object.assign(document.createElement("span"), { className: "run-name", textContent: `run ${run + 1}` }));
      for (const c of cards) one.append(cardElement(c));
      row.append(one);
    });
    box.append(row);
  }
  if (last.result?.rabbit?.length) {
    const rabbit = document.createElement("div");
    rabbit.className = "rabbit-line";
    rabbit.textContent = `rabbit (not dealt, changes nothing): ${cardsText(last.result.rabbit)}`;
    box.append(rabbit);
  }
  const described = last.result?.hands || {};
  for (const e of hand.events) {
    if (e.kind !== "show") continue;
    const line = document.createElement("div");
    line.className = "shown";
    line.dataset.seat = e.seat;
    line.textContent = `${names[e.seat] || `seat ${e.seat}`} shows ${cardsText(e.cards)}${described[e.seat] ? `: ${described[e.seat]}` : ""}`;
    box.append(line);
  }
  for (const line of winLines(last, names)) {
    const el = document.createElement("div");
    el.className = "won";
    el.textContent = line;
    box.append(el);
  }
  if (last.deal?.seed) {
    const seed = document.createElement("div");
    seed.className = "seed";
    seed.textContent = `deal seed ${last.deal.seed.slice(0, 16)}… (sha256 ${last.deal.seed_sha256.slice(0, 12)}…)`;
    box.append(seed);
  }
}

/** "Ann wins the main pot, 300, with two pair, kings and nines": from the server's awards
 * when it sends them, else from the hand's win events. */
function winLines(last, names) {
  const awards = last.result?.awards;
  const who = (s) => names[s] || `seat ${s}`;
  if (awards) {
    const lines = [];
    // Run it twice: one award per pot per run; the pots are counted once.
    const pots = new Set(awards.map((a) => a.pot)).size;
    for (const a of awards) {
      const pot = pots === 1 ? "the pot" : a.pot === 0 ? "the main pot" : pots === 2 ? "the side pot" : `side pot ${a.pot}`;
      const winners = Object.entries(a.winners);
      const run = last.view.boards?.length > 1 ? ` on run ${(a.run ?? 0) + 1}` : "";
      for (const [seat, chips] of winners) {
        const split = winners.length > 1 ? ` (split ${winners.length} ways)` : "";
        lines.push(`${who(seat)} wins ${pot}${run}, ${chips.toLocaleString()}${split}${a.won_with ? `, with ${a.won_with}` : ""}`);
      }
    }
    return lines;
  }
  return last.view.events.filter((e) => e.kind === "win").map((e) => `${who(e.seat)} wins ${e.amount.toLocaleString()} (${e.note})`);
}

function seatNames(update) {
  const names = {};
  for (const [seat, p] of Object.entries(update.table.seats || {})) names[seat] = p.name;
  return names;
}

function renderLog() {
  const box = $("#log-lines");
  const picker = $("#log-hand");
  const hands = state.history.map((h) => h.number);
  const live = view();
  const current = state.update.table.hand_number;
  const options = [...new Set([...hands, ...(live ? [current] : [])])];
  if ([...picker.options].map((o) => Number(o.value)).join() !== options.join()) {
    picker.replaceChildren(...options.map((n) => Object.assign(document.createElement("option"), { value: n, textContent: `hand ${n}` })));
  }
  // The log follows the live hand until the player picks an earlier one.
  if (state.shownHand == null || !options.includes(state.shownHand)) state.shownHand = current;
  if (state.following) state.shownHand = current;
  picker.value = state.shownHand;
  const entry = state.history.find((h) => h.number === state.shownHand);
  const shown = state.shownHand === current && live ? live : entry?.view;
  box.replaceChildren();
  if (!shown) return;
  const names = seatNames(state.update);
  const events = shown.events;
  const upTo = state.step == null ? events.length : Math.min(state.step, events.length);
  events.slice(0, upTo).forEach((e) => {
    const li = document.createElement("li");
    li.textContent = describe(e, names);
    box.append(li);
  });
  $("#log-step").textContent = `${upTo}/${events.length}`;
}

function downloadHand() {
  const number = Number($("#log-hand").value);
  const entry = state.history.find((h) => h.number === number);
  const shown = entry?.view || view();
  if (!shown) return;
  const blob = new Blob([JSON.stringify({ table: tableId, hand: number, view: shown, deal: entry?.deal || state.update.deal }, null, 1)], { type: "application/json" });
  const a = Object.assign(document.createElement("a"), { href: URL.createObjectURL(blob), download: `${tableId}-hand-${number}.json` });
  a.click();
  URL.revokeObjectURL(a.href);
}

// ---------------------------------------------------------------------------- host and seat
function renderHost(update) {
  const box = $("#host");
  if (you().role !== "host") {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const customs = update.table.customs || {};
  $("#allow-spectators").checked = Boolean(customs.spectators);
  $("#customs").textContent = [
    customs.auto_muck ? "losing hands mucked for their players" : "players show or muck",
    customs.run_it_twice && "run it twice offered",
    customs.rabbit && "rabbit hunting",
  ].filter(Boolean).join(" · ");
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

async function command(frame) {
  const reply = await conn.send(frame);
  if (reply.type === "error") {
    state.error = reply;
    renderError();
  }
}

// The seat token this browser chooses for a join: a join sent again with it (its answer lost
// when the connection dropped) is answered again by the server, not seated twice.
let joinToken = "";

function newToken() {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function openJoin(seat) {
  const dialog = $("#join");
  if ($("#join-seat").value !== String(seat) || !joinToken) joinToken = newToken();
  $("#join-seat").value = seat;
  $("#join-title").textContent = `Take seat ${seat}`;
  dialog.showModal();
}

async function join(event) {
  event.preventDefault();
  const frame = {
    type: "join",
    name: $("#join-name").value.trim(),
    seat: Number($("#join-seat").value),
    chips: Number($("#join-chips").value),
  };
  if (you().role !== "host") frame.seat_token = joinToken;
  const reply = await conn.send(frame);
  if (reply.type === "error") {
    state.error = reply;
    renderError();
    return;
  }
  $("#join").close();
  joinToken = "";
  state.post = $("#join-post").checked ? frame.seat : null;
  if (you().role === "host") return; // the host plays with the host token
  saveToken(tableId, "seat", reply.seat_token);
  conn.become(reply.seat_token);
}

function wire() {
  $("#share").value = `${location.origin}/table.html?t=${tableId}`;
  $("#copy").onclick = () => navigator.clipboard?.writeText($("#share").value).catch(() => {});
  $("#ledger-link").href = `/ledger.html?t=${tableId}`;
  $("#join-form").onsubmit = join;
  $("#join-cancel").onclick = () => $("#join").close();
  $("#start").onclick = () => command({ type: "start" });
  $("#allow-spectators").onchange = () => command({ type: "spectators", allow: $("#allow-spectators").checked });
  $("#sit-down").onclick = () => openJoin(Number($("#sit-down").dataset.seat));
  $("#pause").onclick = () => command({ type: "pause" });
  $("#end").onclick = () => confirm("End the game after this hand?") && command({ type: "end_game" });
  $("#edit-form").onsubmit = (e) => {
    e.preventDefault();
    command({ type: "edit_stack", seat: Number($("#edit-seat").value), chips: Number($("#edit-chips").value) });
  };
  $("#remove").onclick = () => command({ type: "remove", seat: Number($("#edit-seat").value) });
  $("#sit-out").onclick = () => command({ type: "sit_out" });
  $("#sit-in").onclick = () => command({ type: "sit_in" });
  $("#leave").onclick = () => command({ type: "leave" });
  $("#straddle").onclick = () => command({ type: "straddle" });
  $("#top-up-form").onsubmit = (e) => {
    e.preventDefault();
    command({ type: "top_up", chips: Number($("#top-up-chips").value) });
  };
  $("#log-hand").onchange = () => {
    state.shownHand = Number($("#log-hand").value);
    state.following = state.shownHand === state.update.table.hand_number;
    state.step = null;
    renderLog();
  };
  $("#log-prev").onclick = () => {
    const total = $("#log-lines").childElementCount;
    state.step = Math.max(0, (state.step ?? total) - 1);
    renderLog();
  };
  $("#log-next").onclick = () => {
    state.step = state.step == null ? null : state.step + 1;
    renderLog();
  };
  $("#log-live").onclick = () => {
    state.step = null;
    state.following = true;
    renderLog();
  };
  $("#log-download").onclick = downloadHand;
  setInterval(() => {
    const clock = document.querySelector(".seat.to-act .clock");
    if (clock) clock.replaceWith(clockElement());
    if (state.update?.offer) renderOffer(state.update);
  }, 1000);
}

if (!tableId) location.replace("/");
wire();
