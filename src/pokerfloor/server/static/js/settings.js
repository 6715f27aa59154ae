// This browser's settings for the table page, kept in localStorage (not per table): sounds on or
// muted, the dealing and chip animations, a two- or four-colour deck. Animations are off for a
// browser that asks for reduced motion, whatever the box says.

import { $ } from "./state.js";

const KEY = "pokerfloor-settings"; // not "pokerfloor:...", the prefix of a table's saved tokens
const DEFAULTS = { sound: true, motion: true, deck: "4" };

export function settings() {
  try {
    return { ...DEFAULTS, ...JSON.parse(localStorage.getItem(KEY) || "{}") };
  } catch {
    return { ...DEFAULTS };
  }
}

function save(changes) {
  localStorage.setItem(KEY, JSON.stringify({ ...settings(), ...changes }));
  apply();
}

const reduced = () => matchMedia("(prefers-reduced-motion: reduce)").matches;

/** Whether cards and chips move now. */
export const moving = () => settings().motion && !reduced();

export function apply() {
  const now = settings();
  document.body.dataset.deck = now.deck;
  document.body.dataset.motion = moving() ? "on" : "off";
  document.body.dataset.sound = now.sound ? "on" : "off";
  $("#sound-on").checked = now.sound;
  $("#motion-on").checked = now.motion;
  $("#motion-on").disabled = reduced();
  $("#deck-colours").value = now.deck;
}

export function wireSettings() {
  $("#sound-on").onchange = () => save({ sound: $("#sound-on").checked });
  $("#motion-on").onchange = () => save({ motion: $("#motion-on").checked });
  $("#deck-colours").onchange = () => save({ deck: $("#deck-colours").value });
  matchMedia("(prefers-reduced-motion: reduce)").addEventListener?.("change", apply);
  apply();
}
