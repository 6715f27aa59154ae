// Keyboard shortcuts at your turn: f folds, c checks or calls, r bets or raises the amount shown,
// a sets the amount to all-in (r or Enter then sends it), the arrow keys move the amount by a big
// blind. Keys typed into a box (chat, the amount) are the box's.

import { view } from "./state.js";

const $ = (selector) => document.querySelector(selector);

function bigBlind() {
  const post = (view()?.events || []).find((e) => e.kind === "post" && e.post === "bb");
  return post?.amount || 1;
}

function moveAmount(to) {
  const slider = $("#amount-slider");
  if (!slider) return;
  slider.value = String(to(Number(slider.value), Number(slider.min), Number(slider.max)));
  slider.dispatchEvent(new Event("input"));
}

export function onKey(e) {
  if (e.ctrlKey || e.metaKey || e.altKey || e.repeat && !e.key.startsWith("Arrow")) return;
  if (e.target.closest?.("input, textarea, select, dialog[open]")) return;
  const press = (selector) => {
    const b = $(selector);
    if (!b) return false;
    e.preventDefault();
    b.click();
    return true;
  };
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  if (key === "f") press("#actions .act[data-action='fold']");
  else if (key === "c") press("#actions .act[data-action='check']") || press("#actions .act[data-action='call']");
  else if (key === "r" || (key === "Enter" && e.target === document.body)) press("#actions .act.wager");
  else if (key === "a" && $("#amount-slider")) {
    e.preventDefault();
    moveAmount((v, low, high) => high);
  } else if ((key === "ArrowUp" || key === "ArrowRight") && $("#amount-slider")) {
    e.preventDefault();
    moveAmount((v, low, high) => Math.min(high, v + bigBlind()));
  } else if ((key === "ArrowDown" || key === "ArrowLeft") && $("#amount-slider")) {
    e.preventDefault();
    moveAmount((v, low) => Math.max(low, v - bigBlind()));
  }
}

export function wireKeys() {
  document.addEventListener("keydown", onKey);
}
