"""A table with an action clock, opened without seat approval: players sit at once, and the seat
to act shows its time counting down (docs/protocol.md, the clock)."""

from __future__ import annotations

import json
import re

from playwright.sync_api import Browser, expect

from tests.web.conftest import visit


def test_open_table_seats_at_once_and_shows_the_clock(browser: Browser, server: str) -> None:
    with visit(browser, server, "host") as host, visit(browser, server, "Dee") as dee, \
            visit(browser, server, "Eve") as eve:
        host.page.goto("/")
        host.page.uncheck("#approval")
        host.page.check("#clock-on")
        host.page.fill("#clock-seconds", "30")
        host.page.fill("#clock-bank", "60")
        host.page.click("#create button[type=submit]")
        host.page.wait_for_url("**/table.html?t=*")
        link = host.page.input_value("#share")
        for seat, person in ((1, dee), (4, eve)):
            person.ask_for_seat(link, seat, person.name, 100)
            expect(person.page.locator(f".seat.me[data-seat='{seat}']")).to_be_visible()
        host.page.click("#start")
        clock = dee.page.locator(".seat.to-act .clock")
        expect(clock).to_have_text(re.compile(r"^\d+s to act \+ 60s bank$"))
        seconds = int(re.findall(r"\d+", clock.inner_text())[0])
        assert 0 < seconds <= 30, seconds  # the turn's 30 s, then the 60 s bank
        dee.shot("12-clock")
        # The presets: a pot-sized raise is a call (to 2, costing 1) and then the pot after it.
        sizes = dee.page.evaluate(
            """async () => (await import("/js/amounts.js")).presets({total_pot: 3}, {call: [2, 1], raise_: [4, 100]})"""
        )
        assert sizes == [["min", 4], ["⅓ pot", 4], ["½ pot", 4], ["⅔ pot", 5], ["pot", 6], ["all-in", 100]]
        clamped = dee.page.evaluate("""async () => (await import("/js/amounts.js")).clamp(150, [4, 100])""")
        assert clamped == 100


def test_a_stale_replayed_update_never_steps_the_table_back_and_a_join_carries_its_own_token(
    browser: Browser, server: str
) -> None:
    with visit(browser, server, "host") as host, visit(browser, server, "Ann") as ann:
        link = host.open_table("5a1e0001")
        ann.ask_for_seat(link, 2, "Ann", 100)
        expect(ann.page.locator(".seat.me[data-seat='2']")).to_be_visible()
        joins = [json.loads(text) for text in ann.sent if '"join"' in text]
        assert len(joins) == 1 and len(joins[0]["seat_token"]) >= 16, joins
        drawn = ann.state()
        # An update older than the one drawn, as a resync replays it: the page keeps what it drew.
        ann.page.evaluate(
            """() => { const t = window.pokerfloorTable;
                       t.conn.receive({...t.state.update, seq: t.state.update.seq - 1,
                                       table: {...t.state.update.table, hand_number: 99}}); }"""
        )
        # (a newer update, the reply to the page's own resync, may still arrive meanwhile)
        now = ann.state()
        assert now["seq"] >= drawn["seq"] and now["table"]["hand_number"] == drawn["table"]["hand_number"] != 99
