// Acting: the buttons for what `legal` allows, the bet amount (slider, box, presets), the
// pre-actions picked before the turn, and `act`, which sends an `act` frame.

import { $, conn, liveLegal, mySeat, state, tableId, view, you } from "./state.js";
import { clamp, presets, wager } from "./amounts.js";
import { drawButtons } from "./games.js";

export function renderActions() {
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
  if (legal.draw != null) out.push(...drawButtons(legal, act));
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
      note.textContent = "";
      slider.value = state.amount;
      typed.value = state.amount;
      wagerButton.textContent = label();
    };
    const label = () => (state.amount === range[1] && range[1] > range[0] ? `All-in ${state.amount.toLocaleString()}` : `${name === "bet" ? "Bet" : name === "complete" ? "Complete to" : "Raise to"} ${state.amount.toLocaleString()}`);
    // A typed amount outside the range is refused with the range in words, never changed to
    // another amount without a word (the player sends what they see on the button).
    const verb = name === "bet" ? "bet" : name === "complete" ? "completion" : "raise";
    const refused = (value) => {
      const n = Number(value);
      if (!Number.isInteger(n)) return `Type a whole number of chips.`;
      const to = name === "bet" ? "" : "to ";
      if (n < range[0]) return `The smallest ${verb} is ${to}${range[0].toLocaleString()}.`;
      if (n > range[1]) return `The largest ${verb} is ${to}${range[1].toLocaleString()} (all in).`;
      return null;
    };
    const note = Object.assign(document.createElement("span"), { className: "amount-note", id: "amount-note" });
    note.setAttribute("role", "alert");
    const typedIn = () => {
      const why = refused(typed.value);
      note.textContent = why || "";
      typed.setAttribute("aria-invalid", String(Boolean(why)));
      wagerButton.disabled = Boolean(why);
      if (!why) set(typed.value);
      return !why;
    };
    slider.oninput = () => {
      set(slider.value);
      note.textContent = "";
      wagerButton.disabled = false;
      typed.setAttribute("aria-invalid", "false");
    };
    typed.oninput = typedIn;
    typed.onchange = typedIn;
    typed.onkeydown = (e) => {
      if (e.key === "Enter" && typedIn()) act(name, state.amount);
    };
    const presetRow = document.createElement("div");
    presetRow.className = "presets";
    for (const [text, to] of presets(hand, legal, state.update?.table?.presets)) {
      const p = document.createElement("button");
      p.textContent = text;
      p.className = "preset";
      p.onclick = () => set(to);
      presetRow.append(p);
    }
    sizing.append(presetRow, slider, typed, note);
    out.push(sizing);
    const wagerButton = button(label(), name, () => state.amount, "wager");
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

export function runPreAction() {
  const legal = liveLegal();
  if (!legal || !state.pre || state.sentFor === you().turn_token) return;
  const pre = state.pre;
  state.pre = null;
  if (pre === "check_fold") act(legal.check ? "check" : "fold");
  else if (pre === "call_any") act(legal.call ? "call" : "check");
  else if (pre === "check" && legal.check) act("check"); // a bet came in: the player decides
}

let actionCounter = 0;
export async function act(action, to, cards) {
  const update = state.update;
  const frame = {
    type: "act",
    hand: update.deal?.hand ?? update.table.hand_number,
    action,
    turn_token: you().turn_token,
    client_action_id: `${tableId}-${mySeat()}-${Date.now()}-${actionCounter++}`,
  };
  if (to !== undefined && to !== null) frame.to = Number(to);
  if (cards) frame.cards = cards; // a draw's discards
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
