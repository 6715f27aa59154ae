"""Measuring a page's layout in the browser: the named elements that overlap one another and the
ones out of the viewport (issue 35, "Every screen, every panel"). Shared by the layout tests."""

from __future__ import annotations

from playwright.sync_api import Page

SIZES = {"laptop": (1280, 800), "desktop": (1920, 1080), "phone": (390, 844), "phone-landscape": (844, 390)}

# Each thing a player reads or presses on the table page, measured by the box of what it shows
# (its content, not the empty width of its line; inside a box that scrolls, the part that box
# shows): none may overlap another, none may leave the viewport. A seat's plate and its own
# cards overlap by design (the cards tuck under the plate).
THINGS = [
    ".seat .plate", ".seat .hole", ".seat .clock", ".seat .sit", ".bet",
    "#street", "#game-line", "#bomb-line", "#opener", "#board", "#rabbit", "#pots",
    "#holding",
    ".result-line", ".run-result", ".seat .shown-hand",
    "#places", "#deal", "#message", "#offer", "#choice", "#actions > *", "#me-bar > *",
    "#host", "#settings", "#side", "header .header-buttons", "#table-name", "#game-now", "#status",
    "#tournament-clock", "#game-change",
]

MEASURE = """things => {
  const w = innerWidth, h = innerHeight;
  const boxes = [];
  for (const sel of things) for (const el of document.querySelectorAll(sel)) {
    if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: false })) continue;
    const panel = el.matches("#places, #deal, #message, #offer, #choice, #host, #settings, #side");
    let r = el.getBoundingClientRect();
    if (!panel) {
      const range = document.createRange();
      range.selectNodeContents(el);
      const t = range.getBoundingClientRect();
      if (t.width && t.height) r = t;
    }
    // What a scrolled box (the notices, a panel) shows of it: the part inside that box.
    for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
      if (!/auto|scroll|hidden/.test(getComputedStyle(up).overflowY)) continue;
      const c = up.getBoundingClientRect();
      r = new DOMRect(Math.max(r.left, c.left), Math.max(r.top, c.top),
        Math.min(r.right, c.right) - Math.max(r.left, c.left), Math.min(r.bottom, c.bottom) - Math.max(r.top, c.top));
      if (r.width <= 0 || r.height <= 0) break;
    }
    if (!(r.width > 0 && r.height > 0)) continue;
    const at = el.closest("[data-seat]");
    boxes.push({ sel, el, r, seat: el.closest(".seat"), name: `${sel}${at ? `[${at.dataset.seat}]` : ""}` });
  }
  const overlaps = [], outside = [];
  for (const b of boxes) {
    const r = b.r;
    if (r.left < -0.5 || r.top < -0.5 || r.right > w + 0.5 || r.bottom > h + 0.5)
      outside.push(`${b.name} at ${[r.left, r.top, r.right, r.bottom].map(Math.round)}`);
  }
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const a = boxes[i], b = boxes[j];
    if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
    if (a.seat && a.seat === b.seat) continue;
    const x = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
    const y = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
    if (x > 1 && y > 1) overlaps.push(`${a.name} x ${b.name}`);
  }
  const doc = document.scrollingElement;
  if (doc.scrollHeight > h + 1 || doc.scrollWidth > w + 1)
    outside.push(`the page scrolls: ${doc.scrollWidth}x${doc.scrollHeight}`);
  return { overlaps, outside };
}"""


def problems(page: Page, things: list[str] | None = None) -> list[str]:
    """Every overlap of two named things and every thing out of the viewport, in words."""
    found = page.evaluate(MEASURE, things or THINGS)
    return [f"overlap: {o}" for o in found["overlaps"]] + [f"outside: {o}" for o in found["outside"]]


CARD_WIDTH = """() => Math.max(0, ...[...document.querySelectorAll('#board .card, .seat .hole .card')]
  .map(c => c.getBoundingClientRect().width))"""


def card_width(page: Page) -> float:
    width: float = page.evaluate(CARD_WIDTH)
    return width
