"""The house's customs on the page (docs/protocol.md, options): a visitor watches at once while
the host keeps a rail, and the host opens or closes it; a hand that can no longer win is asked
to show or muck (TDA 2024 R18)."""

from __future__ import annotations

import json
import re

from playwright.sync_api import Browser, expect

from tests.web.conftest import IN_PLAY, Client, table_at_once

# The table's master seed: heads-up and checked down, seat 1's hand can no longer win once seat 2
# has shown (found by replaying the server's Room with seeds 00, 01, ...).
SEED = "00"
SERVE_SEED = SEED     # the server deals every table from it (conftest.server)
CARD = re.compile(r'"([2-9TJQKA][shdc])"')


def test_spectators_opt_in_and_a_beaten_hand_is_asked_to_show_or_muck(browser: Browser, server: str) -> None:
    seated = table_at_once(browser, server, SEED, {1: "Gus", 2: "Hal"}, uncheck=("#auto-muck", "#spectators"))
    with seated as (host, players, people):
        expect(host.page.locator("#customs")).to_contain_text("players show or muck")
        link = host.page.input_value("#share")

        # A visitor at the link sees the seats, not the game, while the rail is closed; told so.
        visitor = Client(browser, server, "visitor")
        people.append(visitor)
        visitor.page.goto(link)
        expect(visitor.page.locator(".seat[data-seat='2'] .name")).to_have_text("Hal")
        expect(visitor.page.locator("#guest")).to_contain_text("lets no spectators watch")
        expect(visitor.page.locator("#sit-down")).to_be_visible()
        assert not visitor.page.locator("#message").is_visible()   # the page's own ask is no error
        host.page.click("#start")
        host.page.click("#pause")  # one hand, then the table waits
        expect(players[1].page.locator(".seat.me .hole .card[data-card]")).to_have_count(2)
        expect(visitor.page.locator(".hole .card")).to_have_count(0)
        assert all(u["hand"] is None for u in visitor.updates())

        # The host opens the rail; the visitor's page asks to watch by itself: two face-down hands.
        host.page.check("#allow-spectators")
        expect(visitor.page.locator("body[data-role='spectator']")).to_be_attached()
        expect(visitor.page.locator("#guest")).to_contain_text("You are watching")
        expect(visitor.page.locator(".hole .card.back")).to_have_count(4)
        assert visitor.page.locator(".hole .card[data-card]").count() == 0

        # Check it down; seat 1, beaten, is asked and answers with the Muck button.
        holes = {seat: _own_cards(p) for seat, p in players.items()}
        asked = None
        for _ in range(12):
            host.page.wait_for_function(IN_PLAY)
            seat = host.state()["hand"]["to_act"]
            page = players[seat].page
            expect(page.locator("#actions .act").first).to_be_visible()
            if page.locator("#actions .act[data-action='muck']").count():
                asked = seat
                break
            seq = host.state()["seq"]
            action = "check" if page.locator("#actions .act[data-action='check']").count() else "call"
            page.click(f"#actions .act[data-action='{action}']")
            host.page.wait_for_function("seq => window.pokerfloorTable?.state.update?.seq > seq", arg=seq)
        assert asked == 1, asked
        page = players[1].page
        expect(page.locator("#actions")).to_contain_text("can no longer win")
        expect(page.locator("#actions .act[data-action='show']")).to_be_visible()
        assert page.locator("#actions .act[data-action='fold']").count() == 0
        players[1].shot("13-show-or-muck")
        page.click("#actions .act[data-action='muck']")
        for person in (*players.values(), visitor):
            expect(person.page.locator("#showdown .won")).to_have_count(1)
            expect(person.page.locator("#showdown .shown[data-seat='2']")).to_contain_text(":")
        visitor.shot("14-muck-spectator")

        # The mucked hand reached no one but its owner: not the other player, not the spectator.
        for person in (players[2], visitor, host):
            sent = set(CARD.findall("".join(person.frames)))
            assert not sent & set(holes[1]), (person.name, holes[1])
            assert not set(_drawn_cards(person)) & set(holes[1])
        assert [json.loads(f)["you"]["role"] for f in visitor.frames if '"update"' in f][-1] == "spectator"

        # The host closes the rail again: the spectator is a guest and sees no hand.
        host.page.uncheck("#allow-spectators")
        expect(visitor.page.locator("#guest")).to_be_visible()
        expect(visitor.page.locator(".hole .card")).to_have_count(0)


def _own_cards(client: Client) -> list[str]:
    cards = client.page.locator(".seat.me .hole .card").evaluate_all("cards => cards.map(c => c.dataset.card)")
    return list(cards)


def _drawn_cards(client: Client) -> list[str]:
    """Every face-up card in the page's DOM."""
    return list(client.page.locator(".card[data-card]").evaluate_all("cards => cards.map(c => c.dataset.card)"))
