"""A sit-and-go opened from the lobby (issue 23 item 4): the header's tournament clock shows the
level and its blinds, and the next level once the level's hands are dealt (TDA 2024 R23: the new
level applies from the next hand); the host's ICM deal offer, accepted by every player left,
ending the tournament with the deal's payouts; the places and payouts at the end."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import expect

from tests.web.conftest import Seated, close_host_panel, sit_and_go


def test_a_big_blind_ante_chosen_in_the_lobby_is_posted_and_shown_on_the_clock(
    game_table: Callable[..., Seated],
) -> None:
    """TDA 2024 RP-11: the big blind antes for the table, one big blind, doubling with the blinds."""
    with game_table("5a1e0025", setup=sit_and_go(stack=400, antes="bb_ante")) as (host, players, _):
        host.page.click("#start")
        clock = players[2].page.locator("#tournament-clock")
        expect(clock).to_have_text(
            "Level 1 · 10/20 BB ante 20 · next 20/40 BB ante 40 after 1 hand · 2 left · average 400")
        host.page.wait_for_function("() => window.pokerfloorTable?.state.update?.hand?.to_act != null")
        events = host.state()["hand"]["events"]
        posts = [(e["seat"], e["post"], e["amount"]) for e in events if e["kind"] == "post"]
        big = next(seat for seat, kind, _ in posts if kind == "bb")
        assert (big, "bb_ante", 20) in posts
        players[2].shot("23-tournament-big-blind-ante")


def test_the_tournament_clock_shows_the_level_change_and_the_places(game_table: Callable[..., Seated]) -> None:
    with game_table("5a1e0023", setup=sit_and_go()) as (host, players, _):
        host.page.click("#start")
        clock = players[1].page.locator("#tournament-clock")
        expect(clock).to_have_text("Level 1 · 10/20 · next 20/40 after 1 hand · 2 left · average 100")
        players[1].shot("23-tournament-level-1")
        # Hand 1: whoever acts first folds; hand 2 is dealt at level 2.
        host.page.wait_for_function("() => window.pokerfloorTable?.state.update?.hand?.to_act != null")
        first = players[host.state()["hand"]["to_act"]]
        first.page.click("#actions .act[data-action='fold']")
        expect(clock).to_have_text("Level 2 · 20/40 · next 40/80 after 1 hand · 2 left · average 100")
        players[1].shot("23-tournament-level-2")
        # The host pauses, hand 2 is folded, and between hands offers a deal by ICM: heads-up,
        # each player's equity is 30% plus 40% in proportion to their chips.
        host.page.click("#pause")
        host.page.wait_for_function("() => window.pokerfloorTable?.state.update?.hand?.to_act != null")
        players[host.state()["hand"]["to_act"]].page.click("#actions .act[data-action='fold']")
        host.page.wait_for_function("() => window.pokerfloorTable?.state.update?.result != null")
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
                "() => { const u = window.pokerfloorTable?.state.update;"
                " return !!u && (u.table.tournament.over || u.hand?.to_act != null) }"
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
                "seq => window.pokerfloorTable?.state.update?.seq > seq", arg=update["seq"]
            )
        places = players[2].page.locator("#places li")
        expect(places).to_have_count(2)
        expect(places.nth(0)).to_contain_text("1st")
        expect(places.nth(0)).to_contain_text("70% of the prizes")
        expect(places.nth(1)).to_contain_text("2nd")
        expect(places.nth(1)).to_contain_text("30% of the prizes")
        expect(clock).to_have_text("Tournament over")
        players[2].shot("23-tournament-places")


def test_an_icm_deal_every_player_accepts_ends_the_tournament_with_its_payouts(
    game_table: Callable[..., Seated],
) -> None:
    """Three players; after a hand the host offers a deal by ICM, each accepts on their page,
    and everyone sees the places (by chips) and each payout, the deal's, adding up to 100 %."""
    names = {1: "Ann", 2: "Bob", 3: "Cy"}
    with game_table("5a1e0024", names=names, setup=sit_and_go(payouts="50, 30, 20")) as (host, players, _):
        host.page.click("#start")
        host.page.wait_for_function("() => window.pokerfloorTable?.state.update?.hand?.to_act != null")
        host.page.click("#pause")
        expect(host.page.locator("#resume")).to_be_visible()  # the pause's update is in: none is pending
        while not host.state()["hand"]["is_over"]:      # everyone folds to the big blind
            seat = host.state()["hand"]["to_act"]
            expect(players[seat].page.locator("#actions .act[data-action='fold']")).to_be_visible()
            players[seat].page.click("#actions .act[data-action='fold']")
            host.page.wait_for_function(
                "s => { const h = window.pokerfloorTable?.state.update?.hand;"
                " return h && (h.is_over || h.to_act !== s); }",
                arg=seat,
            )
        host.page.click("#offer-deal")
        for person in players.values():
            expect(person.page.locator("#deal li")).to_have_count(3)
            expect(person.page.locator("#deal .accept-deal")).to_be_visible()
        players[1].page.click("#deal .accept-deal")
        expect(players[2].page.locator(f"#deal li[data-player='{players[1].state()['you']['player_id']}']")
               ).to_contain_text("accepted")
        expect(players[1].page.locator("#deal .accept-deal")).to_have_count(0)
        players[2].page.click("#deal .accept-deal")
        players[3].shot("23-tournament-deal-two-accepted")
        players[3].page.click("#deal .accept-deal")
        for person in (host, *players.values()):
            expect(person.page.locator("#tournament-clock")).to_have_text("Tournament over: a deal by ICM")
            expect(person.page.locator("#places li")).to_have_count(3)
            expect(person.page.locator("#deal")).to_be_hidden()
        state = host.state()["table"]
        chips = {s["name"]: s["chips"] for s in state["seats"].values()}
        shown = players[2].page.locator("#places li").all_inner_texts()
        ordered = sorted(chips, key=lambda name: -chips[name])
        assert [text.split(" ")[1] for text in shown] == ordered, shown
        assert all(text.endswith("% of the prizes (ICM deal)") for text in shown), shown
        percents = [float(text.split(" · ")[1].split("%")[0]) for text in shown]
        assert round(sum(percents) * 100) == 10_000 and len(set(percents)) > 1
        close_host_panel(host)
        players[2].shot("23-tournament-deal-places")
