"""Dealer's choice on the page (issue 23, item 2): a table opened from the lobby as dealer's
choice shows whose choice the next game is; only that player gets the buttons, and the game they
pick is the one dealt (docs/protocol.md: ``rotation`` ``dealers_choice``, ``choose_game``)."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from tests.web.conftest import IN_PLAY, close_host_panel, table_at_once
from tests.web.layout import SIZES, problems


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


def test_start_before_the_chooser_names_a_game_says_so_on_the_felt(browser: Browser, server: str) -> None:
    """The host deals before the chooser picks (issue 35, finding 6): the table deals the list's
    first game, and every page says so on the felt, where a change of game is announced, as
    well as in Chat & log (docs/protocol.md, ``no_choice``); at phone and desktop sizes the line
    fits without covering anything on the felt."""
    seated = table_at_once(browser, server, "5f", {1: "Ann", 2: "Bob"}, select={"#mixed": "dealers_choice"},
                           phones=(2,))
    with seated as (host, players, people):
        host.page.wait_for_function("() => window.pokerfloorTable?.state.update?.table.choice?.chooser != null")
        chooser = host.state()["table"]["choice"]["chooser"]
        said = f"{players[chooser].name} did not name the game for this round"
        host.page.click("#start")
        host.page.wait_for_function(IN_PLAY)
        close_host_panel(host)
        for person in people:
            expect(person.page.locator("#game-change")).to_be_visible()
            expect(person.page.locator("#game-change")).to_contain_text(said)
            expect(person.page.locator("#game-change")).to_contain_text("is dealt (the list's first game)")
        players[2].shot("48-dealers-choice-not-named-phone")
        for name, (width, height) in (("phone", SIZES["phone"]), ("desktop", SIZES["desktop"])):
            host.page.set_viewport_size({"width": width, "height": height})
            assert [p for p in problems(host.page) if "game-change" in p] == [], name
        host.shot("48-dealers-choice-not-named-desktop")
        players[1].page.reload()      # the line comes back with the table's history
        expect(players[1].page.locator("#game-change")).to_contain_text(said)
