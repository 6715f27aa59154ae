"""Every screen, every panel (issue 35): at 1280x800, 1920x1080, 390x844 and 844x390 the table
page holds with every panel open at once (dealer's choice with the chooser's buttons, an ICM deal
to answer, the run-it-twice offer, an error, the host's panel, chat and log, the settings):
nothing a player reads or presses overlaps anything else, nothing leaves the screen, the acting
controls stay in view, and the cards grow with the screen.

One table for the module: five house bots and the host, who sits in seat 1 of the house's
nine-seat pot-limit Omaha table (four cards a hand). The panels the server opens only in a rarer state (a dealer's
choice, a tournament's deal, an offer) are drawn from the page's own latest update with that part
added, as the server would send it (docs/protocol.md), while the host is to act and the table waits."""

from __future__ import annotations

import json
import re

from playwright.sync_api import expect

from tests.web.conftest import SHOTS, Client, hosts_turn
from tests.web.layout import SIZES, card_width, problems

# The parts of an update that open the rarer panels, as the server sends them (docs/protocol.md).
PANELS = """() => {
  const t = window.pokerfloorTable;
  const u = structuredClone(t.state.update);
  const me = u.you.seat;
  const ids = Object.fromEntries(Object.entries(u.table.seats).map(([s, p]) => [s, p.player_id]));
  u.table.choice = { games: ["fixed_limit_holdem", "fixed_limit_omaha_hilo", "fixed_limit_razz", "fixed_limit_stud",
    "fixed_limit_stud_hilo", "fixed_limit_deuce_seven_triple", "no_limit_holdem", "pot_limit_omaha"],
    game: "pot_limit_omaha", chooser: me, chosen: null };
  u.offer = { seats: [me, 3], answers: {}, left: 20 };
  u.table.tournament = { level: 3, small_blind: 20, big_blind: 40, ante: 0, bb_ante: 0,
    next: { small_blind: 40, big_blind: 80, ante: 0, bb_ante: 0 }, hands_left: 2, seconds_left: null,
    players_left: 6, average_stack: 300, over: false, places: [],
    deal: Object.fromEntries(Object.values(ids).map((id, i) => [id, 30 - 4 * i])), deal_accepted: [ids[2]] };
  t.conn.onFrame(u);
  t.state.error = { type: "error", code: "illegal", message: "The raise is below the minimum raise of 4.",
    reason: "below_min_raise", rule: "TDA 2024 R40" };
  t.conn.onFrame(u);
}"""


def test_every_panel_at_every_size(bots_table: Client) -> None:
    page = bots_table.page
    hosts_turn(page)
    found: dict[str, list[str]] = {}
    widths: dict[str, float] = {}
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(200)
        page.screenshot(path=str(SHOTS / f"60-layout-play-{size}.png"), animations="disabled")
        found[f"{size} play"] = problems(page)
        widths[size] = card_width(page)
    page.evaluate(PANELS)
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(200)
        page.screenshot(path=str(SHOTS / f"61-layout-panels-{size}.png"), animations="disabled")
        found[f"{size} panels"] = problems(page)
        if page.locator("#host").is_hidden():
            page.click("#host-toggle")
        page.wait_for_timeout(200)
        page.screenshot(path=str(SHOTS / f"62-layout-host-{size}.png"), animations="disabled")
        found[f"{size} host"] = problems(page)
        page.click("#settings-toggle")
        page.wait_for_timeout(100)
        page.screenshot(path=str(SHOTS / f"63-layout-settings-{size}.png"), animations="disabled")
        found[f"{size} settings"] = problems(page)
        if page.locator("#side-toggle").is_visible():
            page.click("#side-toggle")
            page.wait_for_timeout(100)
            page.screenshot(path=str(SHOTS / f"64-layout-side-{size}.png"), animations="disabled")
            found[f"{size} side"] = problems(page)
        page.keyboard.press("Escape")
    print(json.dumps(widths))
    print(json.dumps({k: v for k, v in found.items() if v}, indent=1))
    assert {k: v for k, v in found.items() if v} == {}
    # The cards grow with the screen: at 1920x1080 far wider than the 34 px they were.
    assert widths["desktop"] >= 50, widths
    assert widths["desktop"] > widths["laptop"] > widths["phone"], widths


# A hand over, as the server sends it for the moment between hands (docs/protocol.md, `result`):
# three hands shown, the board run twice, a main pot won on each run and a side pot.
SHOWDOWN = """() => {
  const t = window.pokerfloorTable;
  const u = structuredClone(t.state.update);
  u.offer = null; u.table.choice = null; u.table.tournament = null; t.state.error = null;
  const h = u.hand;
  // The three shown hands at the seats nearest the board, where a hand's cards and the board's
  // two runs have least room between them (on a phone held upright, the seats at its sides).
  const mid = (el) => { const r = el.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; };
  const [bx, by] = mid(document.querySelector("#board"));
  const near = (s) => {
    const [x, y] = mid(document.querySelector(`.seat[data-seat='${s}']`));
    return Math.hypot(x - bx, y - by);
  };
  const [a, b, c, ...rest] = [...h.seats].sort((p, q) => near(p) - near(q));
  Object.assign(h, { is_over: true, to_act: null, legal: null, street: "river", bets: {}, folded: rest,
    board: ["Ah", "Kd", "9c", "9s", "2h"], boards: [["Ah", "Kd", "9c", "9s", "2h"], ["Ah", "Kd", "9c", "Qs", "Qh"]],
    holes: { [a]: ["Kc", "Kh", "5c", "5d"], [b]: ["Qc", "Jc", "8d", "8h"], [c]: ["Ac", "Ad", "7c", "6d"] } });
  h.events = [...h.events, ...[a, b, c].map((s) => ({ kind: "show", seat: s, cards: h.holes[s] }))];
  u.result = { said: {}, rabbit: null,
    hands: { [a]: "full house, kings full of nines: K-K-K-9-9", [b]: "full house, queens full of nines: Q-Q-Q-9-9",
             [c]: "full house, aces full of nines: A-A-A-9-9" },
    awards: [
      { pot: 0, amount: 300, eligible: [a, b, c], winners: { [c]: 150 }, run: 0, halves: null,
        won_with: "full house, aces full of nines: A-A-A-9-9" },
      { pot: 0, amount: 300, eligible: [a, b, c], winners: { [b]: 150 }, run: 1, halves: null,
        won_with: "full house, queens full of nines: Q-Q-Q-9-9" },
      { pot: 1, amount: 80, eligible: [a, b], winners: { [a]: 40, [b]: 40 }, run: 0, halves: null,
        won_with: "full house, kings full of nines: K-K-K-9-9" },
    ] };
  u.you.turn_token = null;
  t.conn.onFrame(u);
  return [a, b, c];
}"""


def test_the_showdown_on_the_felt_at_every_size(bots_table: Client) -> None:
    """The moment between hands: each run names its winner beside its board, each pot its winner
    in the middle, each shown hand is named at its seat, the winning cards are lit; at every size
    nothing of it overlaps anything else or leaves the screen."""
    page = bots_table.page
    hosts_turn(page)
    width, height = SIZES["phone"]     # the seats nearest the board chosen where room is least
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_timeout(200)
    _, b, c = page.evaluate(SHOWDOWN)
    found = {}
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(200)
        for _ in range(5):      # a loaded machine may lay the page out again after the resize: measured once it rests
            found[size] = problems(page)
            if not found[size]:
                break
            page.wait_for_timeout(400)
        page.screenshot(path=str(SHOTS / f"65-layout-showdown-{size}.png"), animations="disabled")
    assert {k: v for k, v in found.items() if v} == {}
    expect(page.locator("#results .result-line")).to_have_text([
        re.compile(r"^Main pot \(run 1\) 300: \w+, full house, aces full of nines$"),
        re.compile(r"^Main pot \(run 2\) 300: \w+, full house, queens full of nines$"),
        re.compile(r"^Side pot \(run 1\) 80: \w+ and \w+ split, full house, kings full of nines$")])
    expect(page.locator("#board .run[data-run='2'] .run-result")).to_have_text(page.evaluate(
        "s => window.pokerfloorTable.state.update.table.seats[s].name", b))
    expect(page.locator(f".seat[data-seat='{c}'] .shown-hand")).to_have_text("full house, aces full of nines")
    # Aces full of nines on run 1: the two aces in the hand, the board's ace and two nines; the
    # side pot's kings full lights the board's king too; the deuce plays for nobody.
    expect(page.locator(f".seat[data-seat='{c}'] .hole .card.lit")).to_have_count(2)
    expect(page.locator("#board .run[data-run='1'] .card.lit")).to_have_count(4)
    expect(page.locator("#board .run[data-run='1'] .card[data-card='2h']")).not_to_have_class(re.compile("lit"))
