// The lobby: open a table (its host token is kept in this browser) and return to known ones.
// Its forms for a bomb-pot rule and for dealer's choice's list of games are built here, beside
// the sit-and-go (bombrule.js, choicelist.js).

import { bombRule, bombRuleFields } from "./bombrule.js";
import { wireChoiceList } from "./choicelist.js";
import { Connection, knownTables, saveToken } from "./conn.js";
import { GAMES, lobbyGame, lobbyRotation, wireLobbyGames } from "./variants.js";

const $ = (selector) => document.querySelector(selector);

// The tables this browser knows: for a table it made, the host link too (to open it as host on
// another device), with a button that copies it.
for (const t of knownTables()) {
  const li = document.createElement("li");
  li.innerHTML = `<a></a> <span></span>`;
  li.querySelector("a").href = `/table.html?t=${encodeURIComponent(t.id)}`;
  li.querySelector("a").textContent = t.name || `table ${t.id.slice(0, 6)}`;
  li.querySelector("span").textContent = t.host ? "(you are its host)" : "(player)";
  if (t.host) {
    const link = `${location.origin}/table.html?t=${encodeURIComponent(t.id)}#host=${t.host}`;
    const copy = Object.assign(document.createElement("button"), { type: "button", className: "copy-host", textContent: "Copy host link" });
    copy.onclick = () => navigator.clipboard?.writeText(link).then(() => { copy.textContent = "Copied"; }, () => {});
    li.append(" ", copy);
  }
  $("#mine").append(li);
}

// Only the options of the game chosen: a stud table has no blinds, straddles, button rule,
// pre-flop presets, run it twice, rabbit or bomb pots; a draw table no board; a limit game no
// bet presets (its bets are fixed).
function gameAware() {
  const mixed = $("#mixed").value;
  const family = mixed ? "mixed" : GAMES[$("#variant").value].family;
  const limit = !mixed && $("#structure").value === "fixed_limit";
  document.body.dataset.family = family;
  document.body.dataset.limit = String(limit);
}

const conn = new Connection({ onFrame: () => {} });
wireLobbyGames($("#variant"), $("#structure"), $("#stud-bets"), $("#blind-bets"), $("#mixed"), $("#mixed-bets"));

// Dealer's choice's list under the mixed game's limits; the bomb-pot rule before the sit-and-go.
const fieldset = (id, legend, where) => {
  const box = Object.assign(document.createElement("fieldset"), { id });
  if (legend) box.append(Object.assign(document.createElement("legend"), { textContent: legend }));
  where(box);
  return box;
};
const choiceGames = wireChoiceList(fieldset("choice-list", "", (box) => $("#mixed-bets").after(box)), $("#mixed"));
const bombBox = fieldset("bomb-rule", "Bomb pots (a table rule; the host can also call one any time)", (box) => $("#sng").before(box));
bombBox.classList.add("flop-only");
bombRuleFields(bombBox, "lobby-bomb");
for (const id of ["#variant", "#structure", "#mixed"]) $(id).addEventListener("change", gameAware);
gameAware();

$("#create").onsubmit = async (event) => {
  event.preventDefault();
  const family = document.body.dataset.family;
  const options = {
    approval: $("#approval").checked,
    auto_muck: $("#auto-muck").checked,
    spectators: $("#spectators").checked,
    run_it_twice: $("#run-it-twice").checked,
    rabbit: $("#rabbit").checked,
    reveal: $("#reveal").value,
    clock: $("#clock-on").checked ? { seconds: Number($("#clock-seconds").value), time_bank: Number($("#clock-bank").value) } : null,
  };
  // What the game chosen has no use for is not sent (the server's defaults stand).
  if (family !== "stud") Object.assign(options, { straddles: $("#straddles").value, button_rule: $("#button-rule").value });
  if (family === "stud" || family === "draw") options.run_it_twice = options.rabbit = false;
  const name = $("#table-name-input").value.trim();
  if (name) options.name = name;
  const sizes = (text) => text.split(/[\s,]+/).filter(Boolean).map(Number);
  const presets = document.body.dataset.limit === "true" ? {}
    : { flop: sizes($("#presets-flop").value), preflop: family === "flop" ? sizes($("#presets-preflop").value) : [] };
  options.presets = Object.fromEntries(Object.entries(presets).filter(([, list]) => list.length));
  if (!Object.keys(options.presets).length) delete options.presets;
  const rotation = lobbyRotation($("#mixed").value, Number($("#mixed-bet").value));
  if (Number($("#bots").value) > 0) options.bots = Number($("#bots").value); // the house's bots, seats 2, 3...
  if (rotation) options.rotation = rotation; // the server deals the mix instead of one game
  if (rotation?.name === "dealers_choice") rotation.games = choiceGames();
  const bombs = family === "flop" || family === "mixed" ? bombRule("lobby-bomb") : null;
  if (bombs) options.bomb_pots = bombs;
  if ($("#sng-on").checked) {
    // A sit-and-go: the blinds given above double every level (docs/protocol.md, tournaments).
    options.tournament = {
      starting_stack: Number($("#sng-stack").value),
      doubling: {
        small_blind: Number($("#small-blind").value),
        big_blind: Number($("#big-blind").value),
        [$("#sng-by").value]: Number($("#sng-every").value),
        levels: 12,
      },
      payouts: $("#sng-payouts").value.split(",").map((share) => Number(share.trim())),
    };
    // A big-blind ante of one big blind (TDA 2024 RP-11), doubling with the blinds.
    if ($("#sng-ante").value === "bb_ante") options.tournament.doubling.bb_ante = Number($("#big-blind").value);
  }
  // The deal comes from the server's own random source alone: no address or option sets it.
  const reply = await conn.send({
    type: "create_table",
    game: lobbyGame($("#variant").value, $("#structure").value, {
      smallBlind: Number($("#small-blind").value),
      bigBlind: Number($("#big-blind").value),
      ante: Number($("#ante").value),
      bringIn: Number($("#bring-in").value),
      smallBet: Number($("#small-bet").value),
    }),
    seats: Number($("#seats").value),
    options,
  });
  if (reply.type !== "table_created") {
    $("#create-error").textContent = reply.message || "the table was not opened";
    return;
  }
  saveToken(reply.table_id, "host", reply.host_token);
  if (name) saveToken(reply.table_id, "name", name);
  conn.stop();
  location.href = `/table.html?t=${encodeURIComponent(reply.table_id)}`;
};
