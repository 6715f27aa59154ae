"""Rabbit hunting and run it twice on the page (docs/protocol.md): the rabbit cards after a hand
that ended early, marked as such; the offer to the players all-in, and the two boards side by side
at the showdown with who won which part of the pot."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from tests.web.conftest import IN_PLAY, Client, table_at_once

SEED = "0a"


def test_rabbit_cards_then_a_board_run_twice(browser: Browser, server: str) -> None:
    seated = table_at_once(browser, server, SEED, {1: "Ivy", 2: "Jon"}, check=("#run-it-twice", "#rabbit"), phones=(2,))
    with seated as (host, players, _):
        expect(host.page.locator("#customs")).to_contain_text("run it twice offered")

        # Hand 1: a raise and a fold; the rabbit shows the board that would have come.
        host.page.click("#start")
        host.page.click("#pause")
        raiser = _to_act(host, players)
        raiser.page.click("#actions .wager")
        folder = _to_act(host, players, after=raiser)
        folder.page.click("#actions .act[data-action='fold']")
        expect(folder.page.locator(".seat.me.folded .hole .card[data-card]")).to_have_count(2)   # still yours to see
        expect(raiser.page.locator(".seat.folded .hole .card")).to_have_count(0)
        for person in (*players.values(), host):
            expect(person.page.locator("#rabbit .card.rabbit")).to_have_count(5)
            expect(person.page.locator("#rabbit")).to_contain_text("rabbit")
            expect(person.page.locator("#showdown .rabbit-line")).to_contain_text("changes nothing")
        assert host.page.locator("#board .card").count() == 0          # the hand's own board stays empty
        host.shot("15-rabbit")

        # Hand 2: all-in and called; both agree to run it twice (Resume: never Start while paused).
        host.page.click("#resume")
        host.page.wait_for_function("() => window.pokerfloorTable?.state.update?.table.hand_number === 2")
        host.page.click("#pause")
        shover = _to_act(host, players)
        shover.page.click(".preset:text('all-in')")
        shover.page.click("#actions .wager")
        caller = _to_act(host, players, after=shover)
        caller.page.click("#actions .act[data-action='call']")
        for person in players.values():
            expect(person.page.locator("#offer .run-it")).to_have_count(2)
        expect(host.page.locator("#offer")).to_contain_text("Run it twice?")
        assert host.page.locator("#offer .run-it").count() == 0        # the host is not all-in
        shover.shot("16-run-it-twice-offer")
        shover.page.click("#offer .run-it[data-twice='true']")
        expect(caller.page.locator(f"#offer .answer[data-seat='{_seat(shover)}']")).to_contain_text("twice")
        caller.page.click("#offer .run-it[data-twice='true']")
        for person in (*players.values(), host):
            expect(person.page.locator("#offer")).to_be_hidden()
            expect(person.page.locator("#showdown .run-boards .run")).to_have_count(2)
            expect(person.page.locator("#board .run")).to_have_count(2)
            expect(person.page.locator("#showdown .won", has_text="on run 1")).not_to_have_count(0)
            expect(person.page.locator("#showdown .won", has_text="on run 2")).not_to_have_count(0)
        for run in (1, 2):
            expect(host.page.locator(f"#showdown .run[data-run='{run}'] .card")).to_have_count(5)
        host.shot("17-run-it-twice-showdown")
        players[2].shot("18-run-it-twice-phone")


def _seat(client: Client) -> int:
    seat = client.seat()
    assert seat is not None
    return seat


def _to_act(host: Client, players: dict[int, Client], after: Client | None = None) -> Client:
    """The player to act, once their page shows their buttons."""
    if after is not None:
        host.page.wait_for_function(
            "seat => { const h = window.pokerfloorTable?.state.update?.hand; return h && h.to_act !== seat }",
            arg=_seat(after),
        )
    host.page.wait_for_function(IN_PLAY)
    client = players[host.state()["hand"]["to_act"]]
    expect(client.page.locator("#actions .act").first).to_be_visible()
    return client
