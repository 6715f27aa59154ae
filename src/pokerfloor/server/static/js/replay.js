// The hand replayer, on the felt: a finished hand of the session stepped action by action, or
// played back, drawn as the table draws a hand (the seats by name around the oval, their cards and
// bets, every board of a run-it-twice or double-board hand, the pot), each step in the hand log's
// words. The server sends the table as the rail saw it before the first action and after each
// (/api/tables/{id}/hands/{n}/replay.json): no folded, mucked or unshown card is ever in it. Once
// the table's reveal makes the hand's seed public, every dealt hole card is public too ("holes").
// A player of the table (their seat token, or the host's token for a host who played, sent as a
// header) sees their own cards in the hands they were dealt. The hand numbers are the table's own
// (the log's); the link (?t=ID&hand=N) is what players share.

import { cardElement } from "./cards.js";
import { savedTokens } from "./conn.js";
import { describe } from "./words.js";
import { GAMES, STRUCTURES } from "./variants.js";

const $ = (selector) => document.querySelector(selector);
const params = new URLSearchParams(location.search);
const tableId = params.get("t");
const PLAY_MS = 900;
let replay = null;
let step = 0;
let timer = null;

const who = (seat) => replay.names?.[seat] || `seat ${seat}`;

/** The seats around the oval as the table page places them: the viewer's own at the bottom. */
function drawSeats(view) {
  const box = $("#seats");
  box.replaceChildren();
  const seats = view.seats;
  const mine = replay.seat;
  const count = seats.length;
  const start = Math.max(0, seats.indexOf(mine));
  seats.forEach((seat, i) => {
    const offset = (i - start + count) % count;
    const angle = Math.PI / 2 + (2 * Math.PI * offset) / count;
    const el = document.createElement("div");
    el.className = "seat";
    el.dataset.seat = seat;
    el.style.left = `${50 + 50 * Math.cos(angle)}%`;
    el.style.top = `${50 + 50 * Math.sin(angle)}%`;
    if (Math.abs(Math.cos(angle)) > 0.2) el.classList.add(Math.cos(angle) < 0 ? "west" : "east");
    if (seat === mine) el.classList.add("me");
    if ((view.folded || []).includes(seat)) el.classList.add("folded");
    if (view.to_act === seat && !view.is_over) el.classList.add("to-act");
    const shown = view.holes?.[seat] || [];
    const known = replay.holes?.[seat];
    const cards = document.createElement("div");
    cards.className = "hole";
    cards.append(...shown.map((c, n) => cardElement(c || known?.[n] || null)));
    const plate = document.createElement("div");
    plate.className = "plate";
    plate.innerHTML = `<span class="name"></span><span class="stack"></span><span class="badges"></span>`;
    plate.querySelector(".name").textContent = who(seat);
    plate.querySelector(".stack").textContent = Number(view.stacks[seat]).toLocaleString();
    const marks = plate.querySelector(".badges");
    if (view.button === seat) marks.append(Object.assign(document.createElement("span"), { className: "badge button", textContent: "D" }));
    const won = view.is_over ? (view.events || []).filter((e) => e.kind === "win" && e.seat === seat).reduce((n, e) => n + e.amount, 0) : 0;
    if (won) {
      el.classList.add("winner");
      marks.append(Object.assign(document.createElement("span"), { className: "badge won", textContent: `+${won.toLocaleString()}` }));
    }
    el.append(cards, plate);
    const bet = view.bets?.[seat];
    if (bet && !view.is_over) {
      const chip = Object.assign(document.createElement("div"), { className: "bet", textContent: Number(bet).toLocaleString() });
      const [x, y] = [Math.cos(angle), Math.sin(angle)].map((v) => Math.round(v * 100) / 100);
      chip.style.left = `calc(50% - ${x} * (50% + 1.6em))`;
      chip.style.top = `calc(50% - ${y} * (50% + 0.8em))`;
      el.append(chip);
    }
    box.append(el);
  });
}

/** Every board: one row, or a row per run (run it twice) or per board (a double-board bomb pot). */
function drawBoards(view) {
  const board = $("#board");
  board.replaceChildren();
  const boards = view.boards && view.boards.length > 1 ? view.boards : [view.board || []];
  const bomb = (view.events || []).some((e) => e.kind === "bomb_pot");
  board.classList.toggle("runs", boards.length > 1);
  boards.forEach((cards, run) => {
    const row = boards.length > 1 ? Object.assign(document.createElement("div"), { className: "run" }) : board;
    if (boards.length > 1) {
      row.dataset.run = run + 1;
      row.append(Object.assign(document.createElement("span"), { className: "run-name", textContent: `${bomb ? "board" : "run"} ${run + 1}` }));
      board.append(row);
    }
    row.append(...cards.filter(Boolean).map(cardElement));
  });
}

function render() {
  const view = replay.steps[step];
  $("#replay-step").textContent = `step ${step + 1} of ${replay.steps.length}`;
  drawSeats(view);
  drawBoards(view);
  const street = view.street || "";
  $("#replay-street").textContent = view.is_over ? `hand ${replay.hand} over` : street;
  // The pot while the hand is played; at its end, who won what (never "Pot 0").
  const wins = view.is_over ? (view.events || []).filter((e) => e.kind === "win") : [];
  $("#pots").hidden = wins.length > 0;
  $("#replay-pot").textContent = Number(view.total_pot || 0).toLocaleString();
  $("#replay-won").replaceChildren(...wins.map((e) => Object.assign(document.createElement("div"), {
    className: "result-line", textContent: `${who(e.seat)} wins ${Number(e.amount).toLocaleString()}${e.note ? ` (${e.note})` : ""}`,
  })));
  // What this step did: the events it added to the hand, in the hand log's words.
  const before = step === 0 ? 0 : (replay.steps[step - 1].events || []).length;
  const added = (view.events || []).slice(before).filter((e) => e.kind !== "post");
  const names = Object.fromEntries(view.seats.map((s) => [s, who(s)]));
  $("#replay-action").textContent = step === 0 ? "The hand is dealt." : added.map((e) => describe(e, names)).join("; ");
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
  // A player of the table sends their token (a seat's, or the host's for a host who played) and
  // sees their own cards in the hands they played.
  const tokens = savedTokens(tableId);
  const token = tokens.seat || tokens.host;
  const headers = token ? { "X-Pokerfloor-Token": token } : {};
  const got = await fetch(`/api/tables/${encodeURIComponent(tableId)}/hands/${number}/replay.json`, { headers });
  if (!got.ok) {
    $("#replay-note").textContent = await got.text();
    return;
  }
  replay = await got.json();
  const first = replay.steps[0];
  const game = first?.game;
  if (game) $("#replay-game").textContent = `${STRUCTURES[game.structure] || ""} ${GAMES[game.variant]?.title || game.variant}`.trim();
  $("#replay-note").textContent = replay.holes
    ? "The deal's seed is public: every card dealt is shown."
    : replay.seat != null ? `Your cards (seat ${replay.seat}) and the cards shown at the table.`
    : "Only the cards shown at the table (open this page in the browser you played in to see your own).";
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
  $("#replay-copy").onclick = () => navigator.clipboard?.writeText($("#replay-share").value).catch(() => {});
  await open(wanted);
}

main();
