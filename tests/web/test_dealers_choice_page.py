"""Dealer's choice on the page (issue 23, item 2): a table opened from the lobby as dealer's
choice shows whose choice the next game is; only that player gets the buttons, and the game they
pick is the one dealt (docs/protocol.md: ``rotation`` ``dealers_choice``, ``choose_game``)."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from tests.web.conftest import IN_PLAY, table_at_once


def test_the_chooser_picks_razz_and_razz_is_dealt(browser: Browser, server: str) -> None:
    seated = table_at_once(browser, server, "5e", {1: "Ann", 2: "Bob"}, select={"#mixed": "dealers_choice"})
    with seated as (host, players, people):
        host.page.wait_for_function("() => window.pokerfloorTable?.state.update?.table.choice?.chooser != null")
        chooser = host.state()["table"]["choice"]["chooser"]
        other = 3 - chooser
        chooser_page, other_page = players[chooser].page, players[other].page
        expect(chooser_page.locator("#choice .choice-head")).to_contain_text("You name the next game")
        expect(chooser_page.locator("#choice button.choose")).to_have_count(8)
        named = f"{players[chooser].name} names the next game"
        expect(other_page.locator("#choice .choice-head")).to_contain_text(named)
        expect(other_page.locator("#choice button.choose")).to_have_count(0)
        chooser_page.click("#choice button.choose[data-game='fixed_limit_razz']")
        for person in people:
            said = "You name" if person is players[chooser] else f"{players[chooser].name} names"
            expect(person.page.locator("#choice .choice-head")).to_contain_text(f"{said} the next game: Limit Razz")
        players[chooser].shot("46-dealers-choice-picker")
        host.page.click("#start")
        host.page.wait_for_function(IN_PLAY)
        assert host.state()["hand"]["game"]["variant"] == "razz"
        expect(host.page.locator("#choice .choice-head")).to_contain_text("Dealer's choice: Limit Razz this orbit")
        expect(host.page.locator("#game-line")).to_contain_text("Razz")
        players[other].shot("47-dealers-choice-razz-dealt")
