// The host's controls, in a panel over the table (the header's "Host" opens it): the share
// link, start/pause/end, the rail, seat requests, stacks. It opens by itself for a table not yet
// dealing (the host shares the link and starts) and when a seat request comes in.

import { $, command, state, tableId, you } from "./state.js";
import { setOpen } from "./panels.js";

export function renderHost(update) {
  const box = $("#host");
  const toggle = $("#host-toggle");
  if (you().role !== "host") {
    box.hidden = true;
    toggle.hidden = true;
    return;
  }
  toggle.hidden = false;
  const asking = (update.table.requests || []).length;
  toggle.textContent = asking ? `Host (${asking})` : "Host";
  const setup = !update.table.running && !update.table.ended && !update.table.hand_number;
  if ((setup && state.hostOpened == null) || asking > (state.requestsSeen ?? 0)) setOpen("host", true);
  state.hostOpened ??= true;
  state.requestsSeen = asking;
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

export function wireHost() {
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
  // A bomb pot for the next hand (the server refuses it in a game without a flop).
  $("#bomb-form").onsubmit = (e) => {
    e.preventDefault();
    command({ type: "bomb_pot", ante: Number($("#bomb-ante").value), boards: Number($("#bomb-boards").value) });
  };
}
