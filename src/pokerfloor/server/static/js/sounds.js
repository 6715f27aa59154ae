// Sounds, made in code with WebAudio (no files): your turn, a bet, a win; muted by the settings.
// Each sound played is also kept in `played` (the browser tests read it).

import { settings } from "./settings.js";

const TONES = {
  turn: [[660, 0, 0.12], [880, 0.14, 0.16]],
  bet: [[320, 0, 0.07], [420, 0.05, 0.07]],
  win: [[523, 0, 0.12], [659, 0.12, 0.12], [784, 0.24, 0.22]],
};
export const played = [];
let context = null;

/** Browsers start audio only after a gesture: the first click or key makes the context. */
export function wakeAudio() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return;
  try {
    context ||= new Context();
    if (context.state === "suspended") context.resume().catch(() => {});
  } catch {
    context = null;
  }
}

export function play(name) {
  if (!settings().sound || !TONES[name]) return;
  played.push(name);
  if (!context) return;
  const start = context.currentTime + 0.01;
  for (const [frequency, at, length] of TONES[name]) {
    const osc = context.createOscillator();
    const gain = context.createGain();
    osc.type = "sine";
    osc.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, start + at);
    gain.gain.exponentialRampToValueAtTime(0.15, start + at + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + at + length);
    osc.connect(gain).connect(context.destination);
    osc.start(start + at);
    osc.stop(start + at + length + 0.02);
  }
}
