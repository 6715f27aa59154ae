// The hand log: each hand this client saw, in words, stepped event by event, and its download.

import { $, state, tableId, view, seatNames } from "./state.js";
import { describe } from "./words.js";

export function renderLog() {
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

export function wireLog() {
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
}
