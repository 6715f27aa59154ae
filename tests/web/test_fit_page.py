"""The table page fits the screen (issue 24, "A page that fits"): at a laptop's, a desktop's and a
phone's size, upright and on its side, every seat, the board, the pot and every control needed to
act lie inside the viewport, with nothing to scroll; the host's controls open over the table."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from playwright.sync_api import Browser, Page, expect

from tests.web.conftest import (
    IN_PLAY,
    SHOTS,
    Client,
    Seated,
    check_or_call,
    close_host_panel,
    everyone,
    sit_and_go,
    to_act,
)

SIZES = {"laptop": (1280, 800), "desktop": (1920, 1080), "phone": (390, 844), "phone-landscape": (844, 390)}
# What a player needs to act, and what a table is: each must lie inside the viewport.
NEEDED = [".seat", "#board", ".pot", "#actions .act", "#amount", "#amount-slider", "#actions .preset"]

OUTSIDE = """selectors => {
  const out = [];
  const w = innerWidth, h = innerHeight;
  for (const s of selectors) {
    const found = [...document.querySelectorAll(s)];
    if (!found.length) out.push(`${s}: none`);
    for (const el of found) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) out.push(`${s}: not shown`);
      else if (r.left < 0 || r.top < 0 || r.right > w + 0.5 || r.bottom > h + 0.5)
        out.push(`${s}[${el.dataset.seat ?? ""}] at ${[r.left, r.top, r.right, r.bottom].map(Math.round)}`);
    }
  }
  const doc = document.scrollingElement;
  if (doc.scrollHeight > h + 1 || doc.scrollWidth > w + 1)
    out.push(`the page scrolls: ${doc.scrollWidth}x${doc.scrollHeight}`);
  return out;
}"""


def outside(page: Page, selectors: list[str]) -> list[str]:
    found: list[str] = page.evaluate(OUTSIDE, selectors)
    return found


CUT = """selectors => selectors.filter(s => {
  const e = document.querySelector(s);
  return !e || e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1;
})"""


def cut_short(page: Page, selectors: list[str]) -> list[str]:
    """The elements shown cut short (an ellipsis, a hidden overflow): the table's name must be
    read whole at every size."""
    found: list[str] = page.evaluate(CUT, selectors)
    return found + outside(page, selectors)


def to_the_flop(players: dict[int, Any]) -> Page:
    """Seat 1 of a two-handed hand calls and seat 2 checks: the flop is out; the page of whoever
    is to act (showing the buttons and the amount) is returned."""
    page = players[1].page
    page.wait_for_function(IN_PLAY)
    for _ in range(2):
        update = page.evaluate("() => window.pokerfloorTable.state.update")
        actor = players[update["hand"]["to_act"]].page
        expect(actor.locator("#actions .act").first).to_be_visible()
        action = "call" if actor.locator("#actions .act[data-action='call']").count() else "check"
        actor.locator(f"#actions .act[data-action='{action}']").click()
        page.wait_for_function("seq => window.pokerfloorTable?.state.update?.seq > seq", arg=update["seq"])
    page.wait_for_function("() => window.pokerfloorTable?.state.update?.hand.board.length === 3")
    turn = page.evaluate("() => window.pokerfloorTable.state.update.hand.to_act")
    return players[turn].page


def test_every_size_shows_every_seat_the_board_the_pot_and_the_actions(browser: Browser, server: str) -> None:
    """Nine seats (the most a lobby table has but one), two players in a hand on the flop."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    with everyone(browser, server) as people:
        host = people("host")
        host.page.goto("/?seed=24")
        host.page.uncheck("#clock-on")   # the lobby's clock is on by default; these hands are played slowly
        host.page.fill("#seats", "9")
        host.page.uncheck("#approval")
        host.page.click("#create button[type=submit]")
        host.page.wait_for_url("**/table.html?t=*")
        link = host.page.input_value("#share")
        players = {}
        for seat, name in {1: "Ann", 2: "Bob"}.items():
            players[seat] = people(name)
            players[seat].ask_for_seat(link, seat, name, 200)
            expect(players[seat].page.locator(f".seat.me[data-seat='{seat}']")).to_be_visible()
        expect(host.page.locator("#host")).to_be_visible()  # open by itself before the first hand
        host.page.click("#start")
        actor = to_the_flop(players)
        expect(actor.locator("#actions .act[data-action='check']")).to_be_visible()
        for name, (width, height) in SIZES.items():
            actor.set_viewport_size({"width": width, "height": height})
            actor.wait_for_timeout(150)
            actor.screenshot(path=str(SHOTS / f"30-fit-{name}.png"), animations="disabled")
            assert outside(actor, NEEDED) == [], name
            assert cut_short(actor, ["#table-name", "#status"]) == [], name
            # Chat and the log: beside the table on a wide screen, over it from the header on a
            # narrow one; the settings open over the table.
            if actor.locator("#side-toggle").is_visible():
                actor.click("#side-toggle")
            assert outside(actor, ["#chat-text", "#chat-form button", "#log summary", "#sit-out"]) == [], name
            actor.screenshot(path=str(SHOTS / f"32-fit-side-{name}.png"))
            actor.click("#settings-toggle")
            assert outside(actor, ["#sound-on", "#motion-on", "#deck-colours"]) == [], name
            actor.keyboard.press("Escape")
            expect(actor.locator("#settings")).to_be_hidden()
            assert outside(actor, NEEDED) == [], name
            host.page.set_viewport_size({"width": width, "height": height})
            if host.page.locator("#host").is_hidden():
                host.page.click("#host-toggle")
            host.page.wait_for_timeout(150)
            host.page.screenshot(path=str(SHOTS / f"31-fit-host-{name}.png"))
            # The host's controls open over the table, inside the screen, and close again.
            # (Start dealing is gone once the table deals: Pause and End game stand in its row.)
            assert outside(host.page, ["#host", "#host-toggle", "#pause", "#end", "#share"]) == [], name
            host.page.click("#host .panel-close")
            expect(host.page.locator("#host")).to_be_hidden()
            assert outside(host.page, [".seat", "#board", ".pot"]) == [], name


def test_a_sit_and_go_s_clock_reads_whole_at_every_size(game_table: Callable[..., Seated]) -> None:
    """The header's tournament clock with its longest words (a big-blind ante now and next, the
    hands left, the average stack in thousands) reads whole beside the table's name and status at
    every size, on the host's page (its Host button too) and a player's, the table still fitting."""
    with game_table("5a1e0030", setup=sit_and_go(stack=1500, antes="bb_ante")) as (host, players, _):
        host.page.click("#start")
        host.page.wait_for_function(IN_PLAY)
        actor = players[host.state()["hand"]["to_act"]].page
        expect(actor.locator("#actions .act").first).to_be_visible()
        close_host_panel(host)
        words = "Level 1 · 10/20 BB ante 20 · next 20/40 BB ante 40 after 1 hand · 2 left · average 1,500"
        for page in (actor, host.page):
            expect(page.locator("#tournament-clock")).to_have_text(words)
        for name, (width, height) in SIZES.items():
            for who, page in (("player", actor), ("host", host.page)):
                page.set_viewport_size({"width": width, "height": height})
                page.wait_for_timeout(150)
                page.screenshot(path=str(SHOTS / f"33-fit-tournament-clock-{who}-{name}.png"), animations="disabled")
                assert cut_short(page, ["#table-name", "#status", "#tournament-clock"]) == [], (who, name)
                assert outside(page, [".seat", "#board", ".pot", ".header-buttons"]) == [], (who, name)
            assert outside(actor, NEEDED) == [], name
            # The host's panel opens below the header, its clock line uncovered.
            host.page.click("#host-toggle")
            expect(host.page.locator("#host")).to_be_visible()
            gap = host.page.evaluate("() => document.querySelector('#host').getBoundingClientRect().top"
                                     " - document.querySelector('header').getBoundingClientRect().bottom")
            assert gap >= -0.5, name
            host.page.click("#host .panel-close")


def test_seven_stud_cards_at_every_seat_lie_inside_every_size(game_table: Callable[..., Seated]) -> None:
    """Seventh street of a four-handed stud hand at a four-seat table: seen from seat 1 the
    others sit at the left and right edges and the top, each with seven cards (four face up);
    every card of every seat lies inside the screen at every size, on a player's page and the
    host's (the rail's: each seat's down cards as backs)."""

    def stud(host: Client) -> None:
        host.page.fill("#seats", "4")
        host.page.select_option("#variant", "stud")

    names = {1: "Ann", 2: "Bob", 3: "Cy", 4: "Dee"}
    with game_table("5f17", names=names, setup=stud, chips=200) as (host, players, _):
        host.page.click("#start")
        while (person := to_act(host, players)) is not None and host.state()["hand"]["street"] != "seventh":
            check_or_call(person)
        assert person is not None, "the hand ended before seventh street"
        close_host_panel(host)
        for page in (players[1].page, host.page):
            expect(page.locator(".seat .hole .card")).to_have_count(28)
        for name, (width, height) in SIZES.items():
            for who, page in (("player", players[1].page), ("host", host.page)):
                page.set_viewport_size({"width": width, "height": height})
                page.wait_for_timeout(150)
                page.screenshot(path=str(SHOTS / f"34-fit-stud-seventh-{who}-{name}.png"), animations="disabled")
                assert outside(page, [".seat .hole .card", ".seat .plate", "#board", ".pot"]) == [], (who, name)
