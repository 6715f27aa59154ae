// The panels: the host's controls and the settings (the drawer), and the side column of chat, log
// and your seat. On a wide screen they are columns beside the felt; on a narrow one an open panel
// takes the felt's place (style.css), the actions still under it. One open at a time; Escape
// closes it. `body[data-drawer]` says whether the drawer is open, for the layout.

import { $ } from "./state.js";

const PANELS = { host: "#host-toggle", settings: "#settings-toggle", side: "#side-toggle" };

export function isOpen(name) {
  return name === "side" ? document.body.dataset.side === "open" : !$(`#${name}`).hidden;
}

export function setOpen(name, open) {
  if (open) for (const other of Object.keys(PANELS)) if (other !== name && isOpen(other)) setOpen(other, false);
  if (name === "side") document.body.dataset.side = open ? "open" : "closed";
  else $(`#${name}`).hidden = !open;
  $(PANELS[name]).setAttribute("aria-expanded", String(open));
  document.body.dataset.drawer = isOpen("host") || isOpen("settings") ? "open" : "closed";
}

export function wirePanels() {
  // The panels open just below the header, however many lines it wraps to (style.css's --top).
  const header = document.querySelector("header");
  new ResizeObserver(() => document.documentElement.style.setProperty("--top", `${header.offsetHeight}px`)).observe(header);
  for (const [name, toggle] of Object.entries(PANELS)) $(toggle).onclick = () => setOpen(name, !isOpen(name));
  for (const close of document.querySelectorAll("[data-close]")) close.onclick = () => setOpen(close.dataset.close, false);
  document.addEventListener("keydown", (e) => {
    if (e.key !== "Escape") return;
    for (const name of Object.keys(PANELS)) if (isOpen(name)) setOpen(name, false);
  });
}
