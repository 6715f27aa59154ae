"""House bots from the lobby (issue 35): the lobby's **House bots** field opens the table with
that many of the house's bots seated after the host's seat (``create_table`` ``options.bots``)."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from tests.web.conftest import visit


def test_the_lobby_opens_a_table_with_house_bots(browser: Browser, server: str) -> None:
    with visit(browser, server, "host") as host:
        host.page.goto("/")
        host.page.uncheck("#clock-on")
        host.page.fill("#bots", "2")
        host.page.click("#create button[type=submit]")
        host.page.wait_for_url("**/table.html?t=*")
        for seat, name in ((2, "bot1"), (3, "bot2")):
            expect(host.page.locator(f".seat[data-seat='{seat}'] .name")).to_have_text(name)
        assert host.state()["table"]["seats"]["2"]["chips"] == 200
        host.shot("73-lobby-house-bots")
