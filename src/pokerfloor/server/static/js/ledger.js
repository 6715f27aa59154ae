// The ledger page: who brought what, who holds what, and who pays whom to settle up. The figures
// are the server's own (summary.json: each player's buy-ins and result, and the settle-up, one
// home for the sums, so the Net column and the settle-up agree at every moment, a hand in play
// included: issue 35); the chips held come from the live update.

import { Connection, savedTokens } from "./conn.js";

const $ = (selector) => document.querySelector(selector);
const tableId = new URLSearchParams(location.search).get("t");
const tokens = savedTokens(tableId);
const base = `/api/tables/${encodeURIComponent(tableId)}`;
$("#back").href = `/table.html?t=${encodeURIComponent(tableId)}`;

// The server's downloads (pokerfloor.server.downloads).
const DOWNLOADS = [
  ["Hands (PHH)", "hands.phhs"],
  ["Ledger and settle-up (CSV)", "ledger.csv"],
];

let latest = null;
new Connection({
  tableId,
  token: tokens.host || tokens.seat || null,
  onFrame: (frame) => {
    if (frame.type !== "update") return;
    latest = frame;
    refresh();
  },
});

let fetching = false;
async function refresh() {
  if (fetching) return;
  fetching = true;
  try {
    const reply = await fetch(`${base}/summary.json`);
    if (reply.ok) render(await reply.json(), latest);
  } finally {
    fetching = false;
  }
}

/** The rows: each player of the summary (players who left included) with their seat and the
 *  chips they hold now from the update; Net is the summary's `result` (Ledger.results: what
 *  they took away and hold by the book, less what they brought; a hand in play counts once it
 *  ends), never worked out here from the stacks. */
function render(summary, update) {
  const seats = update?.table.seats || {};
  const seatOf = new Map(Object.entries(seats).map(([seat, p]) => [p.player_id, { seat: Number(seat), chips: p.chips }]));
  const body = $("#ledger tbody");
  body.replaceChildren();
  for (const player of summary.players) {
    const here = seatOf.get(player.player_id);
    const tr = document.createElement("tr");
    tr.dataset.player = player.player_id;
    if (here) tr.dataset.seat = here.seat;
    for (const value of [player.name || player.player_id, here ? here.seat : "left", player.brought_in, here ? here.chips : "", player.result]) {
      tr.append(Object.assign(document.createElement("td"), { textContent: typeof value === "number" ? value.toLocaleString() : value }));
    }
    body.append(tr);
  }
  $("#transfers").replaceChildren(
    ...summary.settle_up.map((t) => Object.assign(document.createElement("li"), { textContent: `${t.pays} pays ${t.to} ${t.chips.toLocaleString()}` })),
  );
  if (!summary.settle_up.length) $("#transfers").append(Object.assign(document.createElement("li"), { textContent: "nobody owes anybody" }));
  $("#downloads").replaceChildren(
    ...DOWNLOADS.map(([label, file]) => {
      const li = document.createElement("li");
      li.append(Object.assign(document.createElement("a"), { href: `${base}/${file}`, textContent: label, download: `${tableId}-${file}` }));
      return li;
    }),
  );
}
