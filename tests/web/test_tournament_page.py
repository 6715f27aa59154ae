"""A sit-and-go opened from the lobby (issue 23 item 4): the header's tournament clock shows the
level and its blinds, and the next level once the level's hands are dealt (TDA 2024 R23: the new
level applies from the next hand); the host's ICM deal offer; the places and payouts at the end."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from tests.web.conftest import Client


def test_the_tournament_clock_shows_the_level_change_and_the_places(browser: Browser, server: str) -> None:
    host = Client(browser, server, "host")
    people = [host]
    try:
        host.page.goto("/?seed=5a1e0023")
        host.page.uncheck("#approval")
        host.page.fill("#small-blind", "10")
        host.page.fill("#big-blind", "20")
        host.page.check("#sng-on")
        host.page.fill("#sng-stack", "100")
        host.page.fill("#sng-every", "1")
        host.page.select_option("#sng-by", "hands")
        host.page.fill("#sng-payouts", "70, 30")
        host.page.click("#create button[type=submit]")
        host.page.wait_for_url("**/table.html?t=*")
        link = host.page.input_value("#share")
        players = {}
        for seat, name in ((1, "Ann"), (2, "Bob")):
            person = Client(browser, server, name)
            people.append(person)
            person.ask_for_seat(link, seat, name, 100)
            expect(person.page.locator(f".seat.me[data-seat='{seat}']")).to_be_visible()
            players[seat] = person
        host.page.click("#start")
        clock = players[1].page.locator("#tournament-clock")
        expect(clock).to_have_text("Level 1 · 10/20 · next 20/40 after 1 hand · 2 left · average 100")
        players[1].shot("23-tournament-level-1")
        # Hand 1: whoever acts first folds; hand 2 is dealt at level 2.
        host.page.wait_for_function("() => window.pokerfloorTable.state.update.hand?.to_act != null")
        first = players[host.state()["hand"]["to_act"]]
        first.page.click("#actions .act[data-action='fold']")
        expect(clock).to_have_text("Level 2 · 20/40 · next 40/80 after 1 hand · 2 left · average 100")
        players[1].shot("23-tournament-level-2")
        # The host pauses, hand 2 is folded, and between hands offers a deal by ICM: heads-up,
        # each player's equity is 30% plus 40% in proportion to their chips.
        host.page.click("#pause")
        host.page.wait_for_function("() => window.pokerfloorTable.state.update.hand?.to_act != null")
        players[host.state()["hand"]["to_act"]].page.click("#actions .act[data-action='fold']")
        host.page.wait_for_function("() => window.pokerfloorTable.state.update.result != null")
        host.page.click("#offer-deal")
        deal = players[1].page.locator("#deal li")
        expect(deal).to_have_count(2)
        stacks = {s["player_id"]: s["chips"] for s in host.state()["table"]["seats"].values()}
        ids = deal.evaluate_all("els => els.map(e => e.dataset.player)")
        shown = dict(zip(ids, deal.all_inner_texts(), strict=True))
        for player, text in shown.items():
            assert text.endswith(f"{30 + 40 * stacks[player] / sum(stacks.values()):.2f}% of the prizes"), text
        players[1].shot("23-tournament-deal")
        host.page.click("#resume")
        expect(players[1].page.locator("#deal")).to_be_hidden()
        # Everyone all in until one has every chip: the places and payouts.
        for _ in range(20):
            host.page.wait_for_function(
                "() => { const u = window.pokerfloorTable.state.update;"
                " return u.table.tournament.over || u.hand?.to_act != null }"
            )
            update = host.state()
            if update["table"]["tournament"]["over"]:
                break
            seat = update["hand"]["to_act"]
            player = players[seat]
            expect(player.page.locator("#actions .act").first).to_be_visible()
            legal = player.state()["hand"]["legal"]
            action = "call" if legal.get("call") else "check"
            player.page.click(f"#actions .act[data-action='{action}']")
            host.page.wait_for_function(
                "seq => window.pokerfloorTable.state.update.seq > seq", arg=update["seq"]
            )
        places = players[2].page.locator("#places li")
        expect(places).to_have_count(2)
        expect(places.nth(0)).to_contain_text("1st")
        expect(places.nth(0)).to_contain_text("70% of the prizes")
        expect(places.nth(1)).to_contain_text("2nd")
        expect(places.nth(1)).to_contain_text("30% of the prizes")
        expect(clock).to_have_text("Tournament over")
        players[2].shot("23-tournament-places")
        assert not [e for p in people for e in p.errors]
    finally:
        for person in people:
            person.close()
