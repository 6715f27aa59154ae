// The seats around the oval: names, stacks, badges (button, blinds, all-in, away), hole cards
// (drawn by games.js), the bet in front of each seat and the clock of the seat to act.

import { $, mySeat, seatCount, view } from "./state.js";
import { fresh } from "./motion.js";
import { moving } from "./settings.js";
import { clockElement } from "./center.js";
import { drawNote, holeCards } from "./games.js";
import { openJoin } from "./join.js";

/** Badges per seat from the hand's posts: blinds, straddles and the others. */
function postBadges(hand) {
  const badges = {};
  const names = { sb: "SB", bb: "BB", straddle: "STR", mississippi: "STR", button_blind: "BTN-B", kill: "KILL", ante: "", bb_ante: "BB", new_player: "POST", missed_bb: "POST", missed_sb: "DEAD" };
  for (const e of hand?.events || []) {
    if (e.kind !== "post" || e.seat == null) continue;
    const badge = names[e.post] ?? e.post?.toUpperCase();
    if (badge) (badges[e.seat] ||= new Set()).add(badge);
  }
  return badges;
}

export function renderSeats(update) {
  const table = update.table;
  const hand = view();
  const oval = $("#seats");
  oval.replaceChildren();
  const count = seatCount(table);
  const me = mySeat();
  const badges = postBadges(hand);
  for (let seat = 1; seat <= count; seat++) {
    // Your own seat sits at the bottom; the others clockwise from it.
    const offset = ((seat - (me ?? 1)) % count + count) % count;
    const angle = Math.PI / 2 + (2 * Math.PI * offset) / count;
    const el = document.createElement("div");
    el.className = "seat";
    el.dataset.seat = seat;
    el.style.left = `${50 + 50 * Math.cos(angle)}%`;
    el.style.top = `${50 + 50 * Math.sin(angle)}%`;
    // A seat toward a side of the oval keeps its plate at its place and lays its cards in toward
    // the middle (style.css: .seat.west, .seat.east), so seven stud cards stay on the screen.
    if (Math.abs(Math.cos(angle)) > 0.2) el.classList.add(Math.cos(angle) < 0 ? "west" : "east");
    const player = table.seats?.[seat];
    if (!player) {
      el.classList.add("empty");
      if (me == null && !table.ended) {
        const sit = document.createElement("button");
        sit.textContent = `Sit (${seat})`;
        sit.className = "sit";
        sit.onclick = () => openJoin(seat);
        el.append(sit);
      } else {
        el.textContent = `${seat}`;
      }
      oval.append(el);
      continue;
    }
    const inHand = hand && hand.seats.includes(seat);
    if (seat === me) el.classList.add("me");
    if (hand && !hand.is_over && hand.to_act === seat) el.classList.add("to-act");
    if (inHand && hand.folded.includes(seat)) el.classList.add("folded");
    if (player.status === "sitting_out") el.classList.add("away");
    const stack = inHand && !hand.is_over ? hand.stacks[seat] : player.chips;
    const info = document.createElement("div");
    info.className = "plate";
    info.innerHTML = `<span class="name"></span><span class="stack"></span><span class="badges"></span>`;
    info.querySelector(".name").textContent = player.name;
    info.querySelector(".stack").textContent = stack.toLocaleString();
    const marks = info.querySelector(".badges");
    if (hand && hand.button === seat) marks.append(badge("D", "button"));
    for (const b of badges[seat] || []) marks.append(badge(b, "blind"));
    // Revision 6: a dropped connection shows to everyone; a seat sat out by the clock, one the host
    // is removing, and the straddle declared for the next hand say so.
    if (player.connected === false) {
      el.classList.add("offline");
      marks.append(badge("disconnected", "offline-badge"));
    }
    if (player.removing) marks.append(badge("leaving", "away-badge"));
    else if (player.status === "sitting_out") marks.append(badge(player.clocked_out ? "away (timed out)" : "away", "away-badge"));
    else if (player.status === "waiting") marks.append(badge(player.owes === "post" ? "posts next hand" : "waiting for the BB", "away-badge"));
    const straddle = (table.straddles || []).find((x) => x.seat === seat) ?? (player.straddle != null ? { amount: player.straddle } : null);
    if (straddle) marks.append(badge(`straddles next hand${straddle.amount ? ` ${straddle.amount.toLocaleString()}` : ""}`, "straddle-badge"));
    if (inHand && stack === 0 && !hand.is_over) marks.append(badge("all-in", "allin"));
    const drew = inHand ? drawNote(hand, seat) : "";
    if (drew) marks.append(badge(drew, "drew"));
    const cards = document.createElement("div");
    cards.className = "hole";
    // Your own cards stay in view after you fold (dimmed with the seat); others' go to the muck.
    if (inHand && (!hand.folded.includes(seat) || seat === me)) cards.append(...holeCards(hand, seat));
    [...cards.children].forEach((c, i) => fresh(table.hand_number, `hole ${seat} ${i}`, moving()) && c.classList.add("dealt"));
    el.append(cards, info);
    if (hand && !hand.is_over && hand.to_act === seat) el.append(clockElement());
    const won = hand?.is_over ? hand.events.filter((e) => e.kind === "win" && e.seat === seat).reduce((n, e) => n + e.amount, 0) : 0;
    if (won) {
      el.classList.add("winner");
      marks.append(badge(`+${won.toLocaleString()}`, "won"));
    }
    oval.append(el);
    const bet = inHand ? hand.bets[seat] : 0;
    if (bet) {
      // The bet sits in front of its seat, on the side of the seat that faces the pot.
      const chip = document.createElement("div");
      chip.className = "bet";
      chip.dataset.seat = seat;
      chip.textContent = bet.toLocaleString();
      if (fresh(table.hand_number, `bet ${seat} ${hand.street} ${bet}`, moving())) chip.classList.add("moved");
      const [x, y] = [Math.cos(angle), Math.sin(angle)].map((v) => Math.round(v * 100) / 100);
      chip.style.left = `calc(50% - ${x} * (50% + 1.6em))`;
      chip.style.top = `calc(50% - ${y} * (50% + 0.8em))`;
      el.append(chip);
    }
  }
}

export function badge(text, kind) {
  const b = document.createElement("span");
  b.className = `badge ${kind}`;
  b.textContent = text;
  return b;
}
