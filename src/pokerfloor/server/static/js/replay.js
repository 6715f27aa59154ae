// The hand replayer: a finished hand of the session stepped action by action, or played back.
// The server sends the table as the rail saw it before the first action and after each
// (/api/tables/{id}/hands/{n}/replay.json): no folded, mucked or unshown card is ever in it.
// Once the table's reveal makes the hand's seed public, every dealt hole card is public too, and
// the reply's "holes" has them. A player of the table (their seat token, sent as a header) sees
// their own cards in the hands they were dealt, as they saw them then. The link (?t=ID&hand=N) is what players share.

import { cardElement } from "./cards.js";
import { savedTokens } from "./conn.js";

const $ = (selector) => document.querySelector(selector);
const params = new URLSearchParams(location.search);
const tableId = params.get("t");
const PLAY_MS = 900;
let replay = null;
let step = 0;
let timer = null;

function describe(event) {
  const who = event.seat != null ? `Seat ${event.seat}` : "The dealer";
  const amount = event.amount ? ` ${Number(event.amount).toLocaleString()}` : "";
  const cards = event.cards ? ` ${event.cards.filter(Boolean).join(" ")}` : "";
  return `${who}: ${event.kind.replaceAll("_", " ")}${amount}${cards}`;
}

function render() {
  const view = replay.steps[step];
  $("#replay-step").textContent = `step ${step + 1} of ${replay.steps.length}`;
  $("#replay-board").replaceChildren(...(view.board || []).map(cardElement));
  $("#replay-pot").textContent = Number(view.total_pot || 0).toLocaleString();
  $("#replay-street").textContent = view.street || "";
  const body = $("#replay-seats tbody");
  body.replaceChildren();
  for (const seat of view.seats) {
    const row = document.createElement("tr");
    row.dataset.seat = seat;
    const shown = view.holes[seat] || [];
    const known = replay.holes?.[seat];
    const cards = shown.map((c, i) => c || known?.[i] || null);
    const folded = (view.folded || []).includes(seat);
    const cells = [`Seat ${seat}`, null, Number(view.stacks[seat]).toLocaleString(),
      Number(view.bets?.[seat] || 0).toLocaleString(), folded ? "folded" : view.to_act === seat ? "to act" : ""];
    cells.forEach((text, i) => {
      const cell = document.createElement("td");
      if (i === 1) cell.append(...cards.map(cardElement));
      else cell.textContent = text;
      row.append(cell);
    });
    if (folded) row.classList.add("folded");
    body.append(row);
  }
  // What this step did: the events it added to the hand (an action, and what it led to).
  const before = step === 0 ? 0 : (replay.steps[step - 1].events || []).length;
  const added = (view.events || []).slice(before).filter((e) => e.kind !== "post");
  $("#replay-action").textContent = step === 0 ? "The hand is dealt." : added.map(describe).join("; ");
  $("#replay-back").disabled = $("#replay-first").disabled = step === 0;
  $("#replay-next").disabled = $("#replay-last").disabled = step === replay.steps.length - 1;
}

function go(to) {
  step = Math.max(0, Math.min(replay.steps.length - 1, to));
  render();
  if (step === replay.steps.length - 1) stop();
}

function stop() {
  clearInterval(timer);
  timer = null;
  $("#replay-play").textContent = "Play";
}

function play() {
  if (timer) return stop();
  if (step === replay.steps.length - 1) go(0);
  $("#replay-play").textContent = "Pause";
  timer = setInterval(() => go(step + 1), PLAY_MS);
}

async function open(number) {
  stop();
  // A player of the table sends their seat token and sees their own cards in the hands they played.
  const token = savedTokens(tableId).seat;
  const headers = token ? { "X-Pokerfloor-Token": token } : {};
  const got = await fetch(`/api/tables/${encodeURIComponent(tableId)}/hands/${number}/replay.json`, { headers });
  if (!got.ok) {
    $("#replay-note").textContent = await got.text();
    return;
  }
  replay = await got.json();
  $("#replay-note").textContent = replay.holes
    ? "The deal's seed is public: every card dealt is shown."
    : replay.seat != null ? `Your cards (seat ${replay.seat}) and the cards shown at the table.`
    : "Cards as the rail saw them: only cards shown at the table.";
  const link = new URL(location.href);
  link.searchParams.set("hand", number);
  history.replaceState(null, "", link);
  $("#replay-share").value = link.href;
  go(0);
}

async function main() {
  $("#back").href = `/table.html?t=${encodeURIComponent(tableId)}`;
  const hands = await (await fetch(`/api/tables/${encodeURIComponent(tableId)}/hands.json`)).json();
  const pick = $("#replay-hand");
  pick.replaceChildren(...hands.map((h) => Object.assign(document.createElement("option"), { value: h.hand, textContent: h.hand })));
  if (!hands.length) {
    $("#replay-note").textContent = "No hand has finished yet.";
    return;
  }
  const wanted = params.get("hand") || hands[hands.length - 1].hand;
  pick.value = wanted;
  pick.onchange = () => open(pick.value);
  $("#replay-first").onclick = () => go(0);
  $("#replay-back").onclick = () => go(step - 1);
  $("#replay-next").onclick = () => go(step + 1);
  $("#replay-last").onclick = () => go(replay.steps.length - 1);
  $("#replay-play").onclick = play;
  await open(wanted);
}

main();
