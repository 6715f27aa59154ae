"""The host removes a player mid-hand from the page (issue 35's leftover: the server test is
``tests/server/test_evening.py::test_the_host_removes_a_player_mid_hand_folded_and_cashed_out``):
the host's **Remove player** in the host panel folds that hand at once, out of turn (TDA 2024
Rules 30 and 31, ``Hand.kill``), the player to act keeps the turn, the removed player's page
says in words that the host removed them, that the hand is folded and that they leave as it
ends, their chips cashed out in the ledger (and offers no "Sit in"); as the hand ends their seat
is gone, their page says so again, and everyone else's Chat & log says they left with their chips."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, expect

from tests.web.conftest import IN_PLAY, table_at_once

MY_TURN = ("() => { const u = window.pokerfloorTable?.state.update;"
           " return Boolean(u && u.hand && !u.hand.is_over && u.hand.to_act === u.you.seat) }")


def test_the_hosts_remove_button_folds_the_player_at_once_and_their_page_says_so(
    browser: Browser, server: str
) -> None:
    names = {1: "Ann", 2: "Bob", 3: "Cy"}
    with table_at_once(browser, server, "35r", names, phones=(1, 2, 3)) as (host, players, _everyone):
        host.page.click("#start")
        host.page.wait_for_function(IN_PLAY)
        hand = host.state()["hand"]
        to_act = hand["to_act"]
        gone = next(seat for seat in (3, 2, 1) if seat != to_act)    # removed out of turn
        host.page.select_option("#edit-seat", str(gone))
        host.page.click("#remove")

        page = players[gone].page
        bar = page.locator("#me-bar")
        expect(bar).to_contain_text("The host removed you from the table: your hand is folded")
        expect(bar).to_contain_text("cashed out in the ledger")
        expect(bar.locator("button")).to_have_count(0)                    # no "Sit in" to press
        expect(page.locator("#sit-in")).to_be_hidden()
        players[gone].shot("49-removed-player-phone-in-hand")

        host.page.wait_for_function(
            "(gone) => window.pokerfloorTable?.state.update?.table.seats[gone]?.removing === true", arg=gone)
        after = host.state()["hand"]
        assert not after["is_over"] and after["to_act"] == to_act      # the player to act keeps the turn
        expect(host.page.locator(f".seat[data-seat='{gone}']")).to_contain_text("leaving")
        host.shot("49-host-removed-a-player")

        # The player to act folds: the hand is over, and the removed player's seat is gone.
        actor = players[to_act].page
        actor.wait_for_function(MY_TURN)
        actor.click("#actions .act[data-action='fold']")
        expect(page.locator("#message")).to_contain_text(re.compile("host removed you", re.I))
        expect(page.locator("#message")).to_contain_text("cashed out")
        expect(page.locator(".seat.me")).to_have_count(0)
        expect(page.locator("#waiting")).to_be_hidden()          # no seat was asked for again
        expect(page.locator(f".seat[data-seat='{gone}'] .sit")).to_be_visible()   # free to ask
        expect(host.page.locator(f".seat[data-seat='{gone}'] .name")).to_have_count(0)
        players[gone].shot("49-removed-player-phone-after")
        said = f"{names[gone]} leaves seat {gone} with"
        for seat, person in players.items():
            if seat != gone:
                expect(person.page.locator("#chat-lines")).to_contain_text(said)
