"""The showdown seen (issue 35, "A moment between hands"): a hand checked down to a showdown
stays on the felt of every page for the table's pause between hands (protocol revision 6,
`table.between`): each shown hand at its seat named, the winning cards lit, each pot naming its
winner and hand; at 1280x800, 1920x1080, 390x844 and 844x390 nothing of it overlaps or leaves the
screen (the screenshots are looked at); then the next hand is dealt and the felt is clear again.

A server of its own: its tables wait 8 seconds between hands (the other web tests' server waits
none)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from tests.server.test_serve_command import end
from tests.web.conftest import SHOTS, check_or_call, close_host_panel, free_port, table_at_once, to_act, wait_healthy
from tests.web.layout import SIZES, problems

PAUSE = 8


@pytest.fixture(scope="module")
def slow_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = free_port()
    db = tmp_path_factory.mktemp("showdown") / "tables.db"
    process = subprocess.Popen(
        [sys.executable, "-c", "from pokerfloor.cli import main; main()", "serve", "--db", f"sqlite:///{db}",
         "--host", "127.0.0.1", "--port", str(port), "--between-hands", str(PAUSE)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=os.environ.copy())
    url = f"http://127.0.0.1:{port}"
    try:
        wait_healthy(process, url)
        yield url
    finally:
        end(process)


def test_the_showdown_stays_on_every_page_for_the_pause_at_every_size(browser: Browser, slow_server: str) -> None:
    with table_at_once(browser, slow_server, "35", {1: "Ann", 2: "Bob"}, phones=(2,)) as (host, players, everyone):
        host.page.click("#start")
        while (person := to_act(host, players)) is not None:
            check_or_call(person)
        number = host.state()["table"]["hand_number"]
        for client in everyone:
            client.page.wait_for_function("() => window.pokerfloorTable.state.update.hand?.is_over")
        update = host.state()
        assert update["table"]["between"]["showdown"] is True, update["table"]["between"]
        winners = {seat for award in update["result"]["awards"] for seat in award["winners"]}
        names = {update["table"]["seats"][seat]["name"] for seat in winners}
        # Every page: the pot's winner in words (on the felt, or under it on a phone), each shown
        # hand named at its seat, the winning cards lit.
        for client in everyone:
            where = "#results-bar" if client is players[2] else "#results"
            lines = client.page.locator(f"{where} .result-line")
            expect(lines.first).to_be_visible()
            assert any(name in lines.first.inner_text() for name in names)
            expect(client.page.locator(".seat .shown-hand")).to_have_count(len(update["result"]["hands"]))
            expect(client.page.locator(".card.lit").first).to_be_visible()
            expect(client.page.locator("#street")).to_contain_text("next hand in")
        started = time.monotonic()
        page = host.page
        close_host_panel(host)
        # A second of the countdown later, still one label a shown hand.
        page.wait_for_timeout(1100)
        expect(page.locator(".seat .shown-hand")).to_have_count(len(update["result"]["hands"]))
        for size, (width, height) in SIZES.items():
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(150)
            page.screenshot(path=str(SHOTS / f"67-showdown-live-{size}.png"), animations="disabled")
            assert problems(page) == [], size
        players[2].page.screenshot(path=str(SHOTS / "67-showdown-live-phone-player.png"), animations="disabled")
        # Still there until the pause is over, then the next hand clears the felt.
        assert host.state()["table"]["hand_number"] == number or time.monotonic() - started > PAUSE - 2
        host.page.wait_for_function(f"() => window.pokerfloorTable.state.update.table.hand_number > {number}",
                                    timeout=(PAUSE + 15) * 1000)
        expect(host.page.locator("#results")).to_be_hidden()
        expect(host.page.locator(".seat .shown-hand")).to_have_count(0)
