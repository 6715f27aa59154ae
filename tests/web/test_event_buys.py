"""Issue 38: a player's page at an event that sells rebuys and add-ons has a button for each while
it is open to them (``you.rebuy``/``you.add_on`` of ``event_seat``): the rebuy is declared (made if
they bust while rebuys are open, TDA 2024 Rule 27) and the add-on taken between their hands, each
said in words. The page with its buttons is looked at in screenshots at the four sizes."""

from __future__ import annotations

import json
import time

from playwright.sync_api import Browser, expect
from websockets.sync.client import ClientConnection, connect

from tests.web.conftest import SHOTS, WAIT, visit
from tests.web.layout import SIZES
from tests.web.test_event_pages import EVENT, Host, event_server  # noqa: F401 - the fixture, a server of its own here

BUYS = {**EVENT, "name": "Rebuy night", "rebuys_until": 2, "rebuy_price": 2_000, "add_on_level": 1,
        "add_on_stack": 5_000, "add_on_price": 2_000}


class BuysHost(Host):
    def __init__(self, ws: ClientConnection) -> None:     # (Host's, for an event that sells rebuys and add-ons)
        self.ws, self.lobby = ws, {}
        self.ws.send(json.dumps({"type": "open_event", "event": BUYS}))
        self.event_id = self.next("event_opened")["event_id"]


def test_a_players_page_rebuys_and_takes_an_add_on(browser: Browser, event_server: str) -> None:  # noqa: F811
    with visit(browser, event_server, "Ann", phone=True) as ann, \
            connect(event_server.replace("http", "ws") + "/event/ws") as ws:
        page = ann.page
        host = BuysHost(ws)
        page.goto(f"/event.html?e={host.event_id}")
        page.fill("#register-name", "Ann")
        page.click("#register-form button[type=submit]")
        assert host.command(type="add_bots", count=5) is None
        expect(page.locator("#rebuy-button")).to_have_text("Rebuy if I bust: 5,000 chips for 2,000")
        expect(page.locator("#add-on-button")).to_be_hidden()      # seated at the start only
        assert host.command(type="start_event") is None
        add_on = page.locator("#add-on-button")
        expect(add_on).to_have_text("Add-on: 5,000 chips for 2,000")
        said = page.locator("#buys-said")
        deadline = time.monotonic() + WAIT / 1000
        while True:     # between her hands
            add_on.click()
            expect(said).not_to_have_text("")
            if said.text_content() == "Add-on taken.":
                break
            assert said.text_content() == "an add-on is taken between hands", said.text_content()
            assert time.monotonic() < deadline
            page.wait_for_timeout(200)
        expect(page.locator("#notices")).to_contain_text("Ann takes an add-on of 5,000 chips")
        page.click("#rebuy-button")
        expect(said).to_have_text("Rebuy declared: you rebuy if you bust while rebuys are open.")
        expect(page.locator("#rebuy-button")).to_be_disabled()
        expect(page.locator("#rebuy-button")).to_have_text("Rebuy declared: 5,000 chips if you bust")
        SHOTS.mkdir(parents=True, exist_ok=True)
        for size, (width, height) in SIZES.items():
            page.set_viewport_size({"width": width, "height": height})
            expect(page.locator("#buys")).to_be_visible()
            assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth"), size
            page.screenshot(path=str(SHOTS / f"event-player-buys-{size}.png"), full_page=True)


def test_the_lobby_form_opens_an_event_with_its_hand_for_hand_options(
        browser: Browser, event_server: str) -> None:  # noqa: F811
    """The open form's hand-for-hand options (before every pay jump too; the minutes a hand) reach
    the event: its lobby says them."""
    with visit(browser, event_server, "host", phone=True) as host:
        page = host.page
        page.goto("/tournament.html")
        page.fill("#open-name", "Bubble night")
        page.fill("#open-hfh-minutes", "3")
        page.check("#open-hfh-jumps")
        SHOTS.mkdir(parents=True, exist_ok=True)
        for size, (width, height) in SIZES.items():
            page.set_viewport_size({"width": width, "height": height})
            assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth"), size
            page.screenshot(path=str(SHOTS / f"event-open-form-{size}.png"), full_page=True)
        page.click("#open-form button[type=submit]")
        expect(page.locator("#lobby")).to_be_visible()
        expect(page.locator("#event-name")).to_have_text("Bubble night")
        event_id = page.evaluate("() => new URLSearchParams(location.search).get('e')")
        with connect(event_server.replace("http", "ws") + "/event/ws") as ws:
            ws.send(json.dumps({"type": "event_hello", "event_id": event_id}))
            while (lobby := json.loads(ws.recv(timeout=20)))["type"] != "event_lobby":
                assert lobby["type"] != "error", lobby
    assert (lobby["hand_for_hand_jumps"], lobby["hand_for_hand_minutes"]) == (True, 3)
