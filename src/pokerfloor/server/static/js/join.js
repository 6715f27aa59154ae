// Taking a seat: the guest's line and "Sit down", the join dialog (mine.js has the seat's own
// controls once seated: nothing is posted for a player who did not choose it).

import { saveToken } from "./conn.js";
import { $, conn, firstFreeSeat, mySeat, renderError, state, tableId, you } from "./state.js";

/** Whoever is at the link without a seat watches the live hand while the host keeps a rail: a
 * guest, and a friend whose seat request waits for the host (the page asks to watch by itself,
 * again when the host opens the rail). A guest has "Sit down" beside the hand. */
export function renderGuest(table) {
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

// The seat token this browser chooses for a join: a join sent again with it (its answer lost
// when the connection dropped) is answered again by the server, not seated twice.
let joinToken = "";

function newToken() {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function openJoin(seat) {
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
  if (you().role === "host") return; // the host plays with the host token
  saveToken(tableId, "seat", reply.seat_token);
  conn.become(reply.seat_token);
}

export function wireJoin() {
  $("#join-form").onsubmit = join;
  $("#join-cancel").onclick = () => $("#join").close();
  $("#sit-down").onclick = () => openJoin(Number($("#sit-down").dataset.seat));
}
