"""A double-board bomb pot on the page (issue 23, item 3): the host calls it from the host panel,
every page says "Bomb pot" and draws the two flops, and the showdown names each board's winners
(docs/protocol.md, host commands: ``bomb_pot``)."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from tests.web.conftest import IN_PLAY, table_at_once

SEED = "0b"
NOBODY_TO_ACT = "() => { const h = window.pokerfloorTable?.state.update?.hand; return h && h.is_over }"
MOVED_ON = "seat => { const h = window.pokerfloorTable?.state.update?.hand; return h.is_over || h.to_act !== seat }"


def test_a_double_board_bomb_pot_called_by_the_host(browser: Browser, server: str) -> None:
    seated = table_at_once(browser, server, SEED, {1: "Ivy", 2: "Jon", 3: "Kim"})
    with seated as (host, players, _):
        host.page.fill("#bomb-ante", "5")
        host.page.select_option("#bomb-boards", "2")
        host.page.click("#bomb-form button[type=submit]")
        for person in (host, *players.values()):
            expect(person.page.locator("#bomb-line")).to_have_text("Next hand: bomb pot, 5 each, double board")
        host.page.click("#start")
        host.page.click("#pause")
        host.page.wait_for_function(IN_PLAY)
        for person in (host, *players.values()):
            expect(person.page.locator("#bomb-line")).to_have_text("Bomb pot: 5 each, double board")
            expect(person.page.locator("#board .run")).to_have_count(2)
            # Two flops: no betting before the flop.
            expect(person.page.locator("#board .run[data-run='1'] .card")).to_have_count(3)
            expect(person.page.locator("#board .run[data-run='2'] .card")).to_have_count(3)
            expect(person.page.locator("#board .run-name").first).to_have_text("board 1")
        assert host.state()["hand"]["street"] == "flop" and host.state()["hand"]["total_pot"] == 15
        players[1].shot("40-bomb-pot-flop")
        for _ in range(12):                     # three seats check three streets
            if host.page.evaluate(NOBODY_TO_ACT):
                break
            seat = host.state()["hand"]["to_act"]
            button = players[seat].page.locator("#actions .act[data-action='check']")
            expect(button).to_be_visible()
            button.click()
            host.page.wait_for_function(MOVED_ON, arg=seat)
        host.page.wait_for_function(NOBODY_TO_ACT)
        for person in (host, *players.values()):
            box = person.page.locator("#showdown")
            expect(box.locator(".bomb-pot")).to_contain_text("Bomb pot, 5 each, double board")
            expect(box.locator(".run-boards .run")).to_have_count(2)
            expect(box.locator(".won", has_text="on board 1")).not_to_have_count(0)
            expect(box.locator(".won", has_text="on board 2")).not_to_have_count(0)
        for board in (1, 2):
            expect(host.page.locator(f"#showdown .run[data-run='{board}'] .card")).to_have_count(5)
        chips = sum(seat["chips"] for seat in host.state()["table"]["seats"].values())
        assert chips == 300                     # three buy-ins of 100: the split pot conserves the chips
        expect(players[1].page.locator("#log")).to_contain_text("Bomb pot of 5 each")
        players[1].shot("41-bomb-pot-double-board-showdown")
