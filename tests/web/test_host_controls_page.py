"""The host's controls on the page (issue 24, host controls and the hand replayer): the host
pauses now (the clock stops mid-hand, no hand is dealt) and resumes, sets new blinds that take
effect from the next hand (TDA 2024 R23), moves a player to another seat between hands, and ends
the session: everyone sees its summary. A hand of the session opens in the replayer, stepped
action by action, and shows no card that was never shown at the table."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, Page, expect

from tests.web.conftest import IN_PLAY, WAIT, Client, table_at_once

MY_TURN = ("() => { const u = window.pokerfloorTable?.state.update;"
           " return Boolean(u && u.hand && !u.hand.is_over && u.hand.to_act === u.you.seat) }")
OVER = ("(n) => { const u = window.pokerfloorTable?.state.update;"
        " return !!u && u.table.hand_number === n && u.hand && u.hand.is_over }")


def update(page: Page) -> Any:
    return page.evaluate("() => window.pokerfloorTable.state.update")


def fold_hand(players: dict[int, Client], host: Client, number: int) -> None:
    """The seat to act folds (heads-up, the hand is over: nobody shows a card)."""
    host.page.wait_for_function(IN_PLAY)
    to_act = update(host.page)["hand"]["to_act"]
    page = players[to_act].page if to_act in players else next(
        p.page for p in players.values() if p.seat() == to_act)
    page.wait_for_function(MY_TURN)
    page.click("#actions .act[data-action='fold']")
    host.page.wait_for_function(OVER, arg=number)


def test_the_host_pauses_sets_blinds_moves_a_seat_ends_with_a_summary_and_a_hand_replays(
    browser: Browser, server: str
) -> None:
    with table_at_once(browser, server, "00", {1: "Ann", 2: "Bob"}) as (host, players, people):
        table_id = host.page.url.split("t=")[1].split("&")[0]
        host.page.click("#start")
        host.page.wait_for_function(IN_PLAY)

        # Pause now: mid-hand, the clock stops and the page says so; the hand may still be played.
        host.page.click("#pause")
        expect(host.page.locator("#status")).to_have_text("paused")
        expect(host.page.locator("#resume")).to_be_visible()
        expect(host.page.locator("#pause")).to_be_hidden()
        assert update(players[1].page)["you"]["clock"] is None

        # The games the stakes form offers: every game, the stud games too (issue 35: set_game takes
        # a bring-in and a small bet), each stud game asking for those instead of blinds.
        games = host.page.locator("#stakes-variant option").all_inner_texts()
        assert {"same game", "Texas hold'em", "2-7 triple draw", "Badugi", "Omaha hi-lo 8 or better",
                "Razz"} <= set(games)
        host.page.select_option("#stakes-variant", "razz")
        expect(host.page.locator("#stakes-bring-in")).to_be_visible()
        expect(host.page.locator("#stakes-sb")).to_be_hidden()
        host.page.select_option("#stakes-variant", "")
        expect(host.page.locator("#stakes-sb")).to_be_visible()

        # New blinds during the hand: from the next hand on, this one unchanged.
        host.page.fill("#stakes-sb", "5")
        host.page.fill("#stakes-bb", "10")
        host.page.click("#stakes-form button[type=submit]")
        expect(host.page.locator("#host-note")).to_contain_text("From the next hand: blinds 5/10")
        assert sorted(update(host.page)["hand"]["bets"].values()) == [1, 2]

        # The cards each player holds, never shown: the first to act folds.
        dealt: dict[int, set[str | None]] = {}
        for seat, person in players.items():
            cards = person.page.locator(".seat.me .hole .card[data-card]")
            expect(cards).to_have_count(2)
            dealt[seat] = {cards.nth(i).get_attribute("data-card") for i in range(2)}
        holes = dealt[1] | dealt[2]
        fold_hand(players, host, 1)
        host.page.wait_for_timeout(500)                 # paused: no hand 2 is dealt
        assert update(host.page)["table"]["hand_number"] == 1

        # Move Bob from seat 2 to seat 5 between hands.
        host.page.select_option("#edit-seat", "2")
        host.page.fill("#move-to", "5")
        host.page.click("#move-form button[type=submit]")
        expect(players[2].page.locator(".seat.me[data-seat='5'] .name")).to_have_text("Bob")
        expect(host.page.locator(".seat[data-seat='5'] .name")).to_have_text("Bob")
        expect(host.page.locator(".seat[data-seat='2'] .name")).to_have_count(0)      # seat 2 is free
        expect(host.page.locator("#host-note")).to_have_text("Seat 2 moves to seat 5.")
        host.shot("host-controls-paused")

        # Resume: hand 2 is dealt at the new blinds, Bob in seat 5.
        host.page.click("#resume")
        expect(host.page.locator("#status")).to_have_text("playing")
        host.page.wait_for_function("() => window.pokerfloorTable?.state.update?.table.hand_number === 2")
        host.page.wait_for_function(IN_PLAY)
        hand = update(host.page)["hand"]
        assert sorted(hand["bets"].values()) == [5, 10] and 5 in hand["seats"]

        # The replayer: hand 1 stepped through as a visitor opens its shared link.
        visitor = Client(browser, server, "visitor")
        people.append(visitor)
        visitor.page.goto(f"/replay.html?t={table_id}&hand=1")
        expect(visitor.page.locator("#replay-step")).to_contain_text("step 1 of")
        expect(visitor.page.locator("#replay-share")).to_have_value(f"{server}/replay.html?t={table_id}&hand=1")
        seen: set[str] = set()
        steps = 1
        while visitor.page.locator("#replay-next").is_enabled():
            visitor.page.click("#replay-next")
            steps += 1
            expect(visitor.page.locator("#replay-step")).to_contain_text(f"step {steps} of")
            faces = visitor.page.locator("#felt .card[data-card]")
            seen.update(faces.nth(i).get_attribute("data-card") or "" for i in range(faces.count()))
            expect(visitor.page.locator("#felt .card.back")).to_have_count(4)
        assert steps >= 2 and not seen & holes and not seen          # a preflop fold: no card shown
        expect(visitor.page.locator("#replay-action")).to_contain_text("fold")
        # On the felt, by name (never "Seat 1"), in the log's words, ending on who won, not "Pot 0".
        assert sorted(visitor.page.locator("#felt .seat .plate .name").all_inner_texts()) == ["Ann", "Bob"]
        expect(visitor.page.locator("#replay-action")).not_to_contain_text("Seat ")
        expect(visitor.page.locator("#replay-won")).to_contain_text("wins")
        expect(visitor.page.locator("#pots")).to_be_hidden()
        visitor.page.click("#replay-first")
        expect(visitor.page.locator("#replay-step")).to_contain_text("step 1 of")
        visitor.page.click("#replay-play")
        expect(visitor.page.locator("#replay-next")).to_be_disabled(timeout=WAIT * 2)
        visitor.shot("replay")

        # Ann, a player of the table, replays it in her own browser: her two cards, no one else's.
        ann = players[1].context.new_page()
        players[1].watch(ann)
        ann.goto(f"/replay.html?t={table_id}&hand=1")
        expect(ann.locator("#replay-note")).to_contain_text("Your cards (seat 1)")
        faces = ann.locator("#felt .card[data-card]")
        expect(faces).to_have_count(2)
        shown = {faces.nth(i).get_attribute("data-card") for i in range(2)}
        assert shown == dealt[1] and not shown & dealt[2]
        ann.close()

        # End the session: after hand 2, everyone sees the summary.
        host.page.on("dialog", lambda dialog: dialog.accept())
        host.page.click("#end")
        fold_hand(players, host, 2)
        for person in (host, *players.values()):
            expect(person.page.locator("#summary")).to_be_visible()
            expect(person.page.locator("#summary-results tbody tr")).to_have_count(2)
        results = players[1].page.locator("#summary-results tbody").inner_text()
        assert "Ann" in results and "Bob" in results
        expect(players[1].page.locator("#summary-settle li")).to_have_count(1)
        expect(players[1].page.locator("#summary-pots li")).to_have_count(2)
        players[1].shot("session-summary")
