// The host's list of games for dealer's choice, in the lobby: the games the player holding the
// choice names each orbit's game from (options.rotation.games, docs/protocol.md). It starts as
// the 8-game's eight; the host takes games off and adds any variant in any structure, each once.

import { CHOICES, GAMES, STRUCTURES } from "./variants.js";

const key = ([variant, structure]) => `${structure}_${variant}`;
const pair = (game) => (typeof game === "string" ? [game, "fixed_limit"] : game);

/** Build the list's form in `box` (shown while `mixed` says dealer's choice); returns a function
 * giving the list as `create_table` takes it: `[variant, structure]` pairs. */
export function wireChoiceList(box, mixed) {
  const chosen = CHOICES.map(pair);
  box.innerHTML = `<legend>Dealer's choice: the games to choose from</legend>
    <ul id="choice-games" aria-label="the games to choose from"></ul>
    <label>Add <select id="choice-variant" aria-label="game to add"></select>
    <select id="choice-structure" aria-label="its structure"></select>
    <button type="button" id="choice-add">Add</button></label>
    <p id="choice-note" aria-live="polite"></p>`;
  const q = (selector) => box.querySelector(selector);
  q("#choice-variant").append(...Object.entries(GAMES).map(([value, g]) => new Option(g.title, value)));
  q("#choice-structure").append(...Object.entries(STRUCTURES).map(([value, t]) => new Option(t, value)));
  const draw = () => {
    q("#choice-games").replaceChildren(...chosen.map((game) => {
      const li = document.createElement("li");
      li.dataset.game = key(game);
      li.textContent = `${STRUCTURES[game[1]]} ${GAMES[game[0]].title} `;
      const off = Object.assign(document.createElement("button"), { type: "button", className: "remove", textContent: "×" });
      off.setAttribute("aria-label", `take ${li.textContent.trim()} off the list`);
      off.onclick = () => {
        chosen.splice(chosen.findIndex((g) => key(g) === key(game)), 1);
        draw();
      };
      li.append(off);
      return li;
    }));
  };
  q("#choice-add").onclick = () => {
    const game = [q("#choice-variant").value, q("#choice-structure").value];
    const on = chosen.some((g) => key(g) === key(game));
    q("#choice-note").textContent = on ? "That game is on the list already." : "";
    if (!on) chosen.push(game);
    draw();
  };
  const shown = () => { box.hidden = mixed.value !== "dealers_choice"; };
  mixed.addEventListener("change", shown);
  shown();
  draw();
  return () => chosen.map((game) => [...game]);
}
