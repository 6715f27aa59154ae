"""Issue 38: the host's remove, move and payout change have buttons on the tournament lobby (the
host's page): each sends its command, and the page says what the server did or why it refused
(a seat that is not free). The host's lobby is looked at in screenshots at the four sizes."""

from __future__ import annotations

import json
import time
from typing import Any

from playwright.sync_api import Browser, expect
from websockets.sync.client import connect

from tests.web.conftest import SHOTS, WAIT
from tests.web.layout import SIZES
from tests.web.test_event_pages import EVENT, event_server  # noqa: F401 - the fixture, a server of its own here


def _answer(ws: Any, kind: str) -> dict[str, Any]:
    while (frame := json.loads(ws.recv(timeout=20)))["type"] not in (kind, "error"):
        pass
    assert frame["type"] == kind, frame
    return frame  # type: ignore[no-any-return]


def test_the_hosts_lobby_removes_moves_and_changes_payouts(browser: Browser, event_server: str) -> None:  # noqa: F811
    with connect(event_server.replace("http", "ws") + "/event/ws") as ws:
        ws.send(json.dumps({"type": "open_event", "event": EVENT}))
        opened = _answer(ws, "event_opened")
        ws.send(json.dumps({"type": "add_bots", "count": 8}))
        _answer(ws, "event_done")
    event_id, token = opened["event_id"], opened["host_token"]
    context = browser.new_context(viewport={"width": 1280, "height": 800}, base_url=event_server)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("console", lambda m: errors.append("console " + m.text) if m.type == "error" else None)
        page.goto(f"/tournament.html?e={event_id}#host={token}")
        expect(page.locator("#director")).to_be_visible(timeout=WAIT)
        page.fill("#d-payouts", "60, 40")
        page.click("[data-director=set_payouts]")
        expect(page.locator("#host-said")).to_have_text("The payouts are changed.", timeout=WAIT)
        expect(page.locator("#payouts li")).to_have_count(2)
        page.fill("#d-name", "bot 1")
        page.fill("#d-table", "9")
        page.fill("#d-seat", "1")
        page.click("[data-director=move_entry]")
        expect(page.locator("#host-said")).to_contain_text("not a free seat", timeout=WAIT)
        page.click("[data-host=start_event]")
        expect(page.locator("#tables")).to_contain_text("bot 2", timeout=WAIT)
        page.fill("#d-name", "bot 2")
        deadline = time.monotonic() + WAIT / 1000
        said, places = page.locator("#host-said"), page.locator("#places")
        while True:     # the director removes a player between their table's hands
            page.click("[data-director=remove_entry]")
            for _ in range(50):     # the answer: removed, or why not (mid-hand); 5 s, then asked again
                if said.text_content():
                    break
                page.wait_for_timeout(100)
            # Removed once bot 2 has a place. Each refusal (mid-hand) costs the connection one of
            # its 20 errors (transport.STRIKES): at the 20th it is closed and the page reconnects a
            # second later, and a click in that second is not sent, so no answer comes to it.
            if said.text_content() == "Removed." or "bot 2" in (places.text_content() or ""):
                break
            assert time.monotonic() < deadline, said.text_content()
            page.wait_for_timeout(1000)     # (one refusal a second: the budget lasts longer)
        expect(page.locator("#places")).to_contain_text("bot 2", timeout=WAIT)
        assert not errors
    finally:
        context.close()
    for size, (width, height) in SIZES.items():
        context = browser.new_context(viewport={"width": width, "height": height}, base_url=event_server)
        try:
            page = context.new_page()
            page.goto(f"/tournament.html?e={event_id}#host={token}")
            expect(page.locator("#director")).to_be_visible(timeout=WAIT)
            expect(page.locator("#lobby-blinds")).to_contain_text("/")
            assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
            page.screenshot(path=str(SHOTS / f"event-lobby-host-{size}.png"), full_page=True)
        finally:
            context.close()
