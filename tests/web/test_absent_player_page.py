"""Nobody can hold the table hostage (issue 35, "Done when", the first): four players in a real
browser each, and one of them closes the tab while it is their turn. The table goes on within
the action clock (TDA 2024 Rule 29: when the clock runs out the hand is dead; Rule 30: a player
not at their seat is dealt in and their hand is killed at their turn), every other page shows
the player disconnected, two timed-out turns sit them out with their chips (docs/protocol.md,
"The clock"), and when they open the table's link again in the same browser (its seat token
kept, as a tab closed and opened again keeps it) they are back in their seat with those chips,
waiting for the big blind. Nobody presses anything for them: not the host, not the others.

The table's clock is the lobby's shortest sensible one, 5 s and no time bank, so the test does not
wait 30 s a turn; nothing here measures speed, it only bounds each wait."""

from __future__ import annotations

import json

from playwright.sync_api import Browser, expect

from tests.web.conftest import Client, check_or_call, close_host_panel, table_at_once, to_act

CLOCK = 5   # seconds a turn, no time bank (the lobby's own fields)
NAMES = {1: "Ann", 2: "Bob", 3: "Cat", 4: "Dan"}


def short_clock(host: Client) -> None:
    """The lobby's action clock on, at CLOCK seconds and no time bank."""
    host.page.check("#clock-on")
    host.page.fill("#clock-seconds", str(CLOCK))
    host.page.fill("#clock-bank", "0")


def test_a_player_who_closes_the_tab_on_their_turn_is_timed_out_shown_disconnected_and_comes_back(
    browser: Browser, server: str,
) -> None:
    with table_at_once(browser, server, "", NAMES, setup=short_clock) as (host, players, _):
        link = players[1].page.url
        assert host.state()["table"]["settings"]["clock"]["seconds"] == CLOCK
        host.page.click("#start")
        leaver = to_act(host, players)
        assert leaver is not None
        seat = leaver.seat()
        assert seat is not None
        hand = leaver.state()["table"]["hand_number"]
        # The tab is closed on their turn; the browser (its storage: the seat token) stays.
        leaver.page.close()
        others = {s: c for s, c in players.items() if s != seat}
        watching = [host, *others.values()]
        for client in watching:
            expect(client.page.locator(f".seat[data-seat='{seat}'] .badge.offline-badge")).to_have_text("disconnected")
        close_host_panel(host)
        host.shot("70-absent-disconnected-host")
        # The table goes on: the clock plays the absent seat's turns (check or fold), the others
        # play theirs, until two turns timed out in a row sit the player out (their chips stay).
        timed_out = 0
        for _ in range(200):
            seats = host.state()["table"]["seats"]
            if seats[str(seat)]["clocked_out"]:
                break
            before = seats[str(seat)]["timeouts"]
            person = to_act(host, others)
            if person is not None:
                check_or_call(person)
            timed_out = max(timed_out, before)
        else:
            raise AssertionError("the absent player was never sat out by the clock")
        away = host.state()["table"]["seats"][str(seat)]
        assert away["status"] == "sitting_out" and away["connected"] is False, away
        assert away["chips"] > 0
        # Hands go on without them: one more hand is dealt and played by the three who are here.
        dealt = host.state()["table"]["hand_number"]
        while host.state()["table"]["hand_number"] == dealt:
            person = to_act(host, others)
            if person is not None:
                check_or_call(person)
        assert host.state()["table"]["hand_number"] > hand + 1
        away = host.state()["table"]["seats"][str(seat)]
        for client in others.values():
            expect(client.page.locator(f".seat[data-seat='{seat}'] .badge.away-badge")).to_have_text("away (timed out)")
        others[min(others)].shot("71-absent-timed-out-player")
        # Nobody acted for them: the host sent no fold or sit-out, and their own page sent no
        # action after the tab closed.
        sent = [json.loads(text)["type"] for text in host.sent]
        assert "fold_seat" not in sent and "sit_out_seat" not in sent
        # They open the table's link again: back in their seat with their chips, shown connected
        # to everyone, waiting for the big blind (nothing posted for them).
        leaver.page = leaver.context.new_page()
        leaver.watch(leaver.page)
        leaver.page.goto(link)
        mine = leaver.page.locator(f".seat.me[data-seat='{seat}']")
        expect(mine).to_be_visible()
        expect(mine.locator(".name")).to_have_text(NAMES[seat])
        leaver.page.wait_for_function(
            "s => window.pokerfloorTable?.state.update?.table.seats[s]?.status !== 'sitting_out'", arg=str(seat))
        back = leaver.state()["table"]["seats"][str(seat)]
        assert back["player_id"] == away["player_id"] and back["name"] == NAMES[seat]
        assert back["connected"] is True and back["clocked_out"] is False
        if back["status"] == "waiting":
            assert back["owes"] == "wait"
        hand_now = leaver.state()["hand"]
        in_hand = hand_now is not None and not hand_now["is_over"] and str(seat) in hand_now["stacks"]
        assert in_hand or back["chips"] == away["chips"], (back, away)
        for client in watching:
            expect(client.page.locator(f".seat[data-seat='{seat}'] .badge.offline-badge")).to_have_count(0)
        leaver.shot("72-absent-player-back")
        assert timed_out >= 1
