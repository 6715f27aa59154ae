"""A table with an action clock, opened without seat approval: players sit at once, and the seat
to act shows its time counting down (docs/protocol.md, the clock)."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, expect

from tests.web.conftest import Client


def test_open_table_seats_at_once_and_shows_the_clock(browser: Browser, server: str) -> None:
    host = Client(browser, server, "host")
    people = [host]
    try:
        host.page.goto("/")
        host.page.uncheck("#approval")
        host.page.check("#clock-on")
        host.page.fill("#clock-seconds", "30")
        host.page.fill("#clock-bank", "60")
        host.page.click("#create button[type=submit]")
        host.page.wait_for_url("**/table.html?t=*")
        link = host.page.input_value("#share")
        for seat, name in ((1, "Dee"), (4, "Eve")):
            person = Client(browser, server, name)
            people.append(person)
            person.ask_for_seat(link, seat, name, 100)
            expect(person.page.locator(f".seat.me[data-seat='{seat}']")).to_be_visible()
        host.page.click("#start")
        clock = people[1].page.locator(".seat.to-act .clock")
        expect(clock).to_have_text(re.compile(r"^\d+s to act \+ 60s bank$"))
        seconds = int(re.findall(r"\d+", clock.inner_text())[0])
        assert 0 < seconds <= 30, seconds  # the turn's 30 s, then the 60 s bank
        people[1].shot("12-clock")
        # The presets: a pot-sized raise is a call (to 2, costing 1) and then the pot after it.
        sizes = people[1].page.evaluate(
            """async () => (await import("/js/amounts.js")).presets({total_pot: 3}, {call: [2, 1], raise_: [4, 100]})"""
        )
        assert sizes == [["min", 4], ["½ pot", 4], ["¾ pot", 5], ["pot", 6], ["all-in", 100]]
        clamped = people[1].page.evaluate("""async () => (await import("/js/amounts.js")).clamp(150, [4, 100])""")
        assert clamped == 100
        assert not [e for p in people for e in p.errors]
    finally:
        for person in people:
            person.close()
