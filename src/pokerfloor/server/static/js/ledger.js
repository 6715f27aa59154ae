// The ledger page: who brought what, who holds what, and who pays whom to settle up. The figures
// are the server's own ledger CSV (one home for the sums and the settle-up); the chips held come
// from the live update.

import { Connection, savedTokens } from "./conn.js";

const $ = (selector) => document.querySelector(selector);
const tableId = new URLSearchParams(location.search).get("t");
const tokens = savedTokens(tableId);
const base = `/api/tables/${encodeURIComponent(tableId)}`;
const BROUGHT_IN = new Set(["buy_in", "top_up", "rebuy", "marker"]);
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

/** The CSV in its two parts: the entries, and after a blank line the transfers. */
export function parseLedger(text) {
  const lines = text.trim().split(/\r?\n/);
  const blank = lines.findIndex((l) => l.trim() === "");
  const rows = (part) => part.filter((l) => l.trim()).map((l) => l.split(","));
  const entries = rows(blank < 0 ? lines : lines.slice(0, blank));
  const transfers = blank < 0 ? [] : rows(lines.slice(blank + 1));
  const head = entries.shift() || [];
  transfers.shift();
  const at = (name) => head.indexOf(name);
  return {
    entries: entries.map((r) => ({ kind: r[at("kind")], seat: Number(r[at("seat")]), player: r[at("player_id")], name: r[at("name")], chips: Number(r[at("chips")]) })),
    transfers: transfers.map(([from, to, chips]) => ({ from, to, chips: Number(chips) })),
  };
}

let fetching = false;
async function refresh() {
  if (fetching) return;
  fetching = true;
  try {
    const reply = await fetch(`${base}/ledger.csv`);
    if (reply.ok) render(parseLedger(await reply.text()), latest);
  } finally {
    fetching = false;
  }
}

function render(ledger, update) {
  const seats = update?.table.seats || {};
  const byPlayer = new Map();
  for (const [seat, p] of Object.entries(seats)) byPlayer.set(p.player_id, { name: p.name, seat: Number(seat), brought: 0, chips: p.chips });
  for (const e of ledger.entries) {
    if (!byPlayer.has(e.player)) byPlayer.set(e.player, { name: e.name || e.player, seat: e.seat, brought: 0, chips: 0 });
    const row = byPlayer.get(e.player);
    if (BROUGHT_IN.has(e.kind)) row.brought += e.chips;
    if (!seats[row.seat] && e.kind === "cash_out") row.taken = (row.taken || 0) - e.chips;
  }
  const body = $("#ledger tbody");
  body.replaceChildren();
  for (const row of byPlayer.values()) {
    const tr = document.createElement("tr");
    tr.dataset.seat = row.seat;
    const held = row.chips + (row.taken || 0);
    for (const value of [row.name, row.seat, row.brought, held, held - row.brought]) {
      tr.append(Object.assign(document.createElement("td"), { textContent: typeof value === "number" ? value.toLocaleString() : value }));
    }
    body.append(tr);
  }
  const name = (id) => byPlayer.get(id)?.name || id;
  $("#transfers").replaceChildren(
    ...ledger.transfers.map((t) => Object.assign(document.createElement("li"), { textContent: `${name(t.from)} pays ${name(t.to)} ${t.chips.toLocaleString()}` })),
  );
  if (!ledger.transfers.length) $("#transfers").append(Object.assign(document.createElement("li"), { textContent: "nobody owes anybody" }));
  $("#downloads").replaceChildren(
    ...DOWNLOADS.map(([label, file]) => {
      const li = document.createElement("li");
      li.append(Object.assign(document.createElement("a"), { href: `${base}/${file}`, textContent: label, download: `${tableId}-${file}` }));
      return li;
    }),
  );
}
