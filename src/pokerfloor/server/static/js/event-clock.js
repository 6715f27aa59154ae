// The big-screen tournament clock: the time left in the level, the blinds and antes, the next
// level and break, the players left, the average stack and the prize pool, readable across a room.
import { blindsText, chips, clockText, connect } from "./event-conn.js";

const $ = (id) => document.getElementById(id);
let lobby = null;
let received = 0;

function tick() {
  if (!lobby) return;
  const c = lobby.clock;
  const gone = (lobby.state === "running" || lobby.state === "break") && !c.paused ? (Date.now() - received) / 1000 : 0;
  $("bc-time").textContent = lobby.state === "over" ? "Over" : c.paused ? "Paused"
    : c.seconds_left != null ? clockText(c.seconds_left - gone) : c.hands_left != null ? `${c.hands_left} hands` : "—";
  $("bc-break").textContent = c.next_break_in != null ? clockText(c.next_break_in - gone) : "—";
}

connect("clock", (frame) => {
  if (frame.type !== "event_lobby") return;
  lobby = frame;
  received = Date.now();
  const c = frame.clock;
  document.body.dataset.state = frame.state;
  $("bc-name").textContent = frame.name;
  $("bc-level").textContent = c.now.break ? "Break" : `Level ${c.level}`;
  $("bc-blinds").textContent = blindsText(c.now);
  $("bc-next").textContent = c.next ? `Next level ${blindsText(c.next)}` : "Last level";
  $("bc-left").textContent = `${frame.players_left} / ${frame.entrants}`;
  $("bc-average").textContent = chips(frame.average);
  $("bc-pool").textContent = chips(frame.prize_pool);
  tick();
});
setInterval(tick, 250);
