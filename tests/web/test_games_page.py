"""Games other than hold'em on the page (issue 23): a stud hand (up cards face up at every seat,
down cards hidden, the bring-in, who opens each street and why), a draw with discards (the cards
picked, how many each opponent drew, never which) and a hi-lo split (each half and who won it).
Screenshots in build/web-screenshots."""

from __future__ import annotations

import json
import re
from collections.abc import Callable

from playwright.sync_api import Browser, expect

from tests.web.conftest import IN_PLAY, Client, Seated, check_or_call, close_host_panel, to_act, visit

CHIPS = 200


def lobby(variant: str) -> Callable[[Client], None]:
    """The lobby set to ``variant``: its forced bets shown (a stud game's ante and bring-in, the
    others' blinds), every variant offered."""

    def chosen(host: Client) -> None:
        host.page.select_option("#variant", variant)
        shown, hidden = ("#stud-bets", "#blind-bets") if variant in ("stud", "stud_hilo", "razz") else (
            "#blind-bets", "#stud-bets")
        expect(host.page.locator(shown)).to_be_visible()
        expect(host.page.locator(hidden)).to_be_hidden()
        assert host.page.locator("#variant option").count() == 15
        host.shot(f"39-lobby-{variant}")

    return chosen


def test_a_stud_hand_shows_up_cards_to_all_and_down_cards_to_their_owner(game_table: Callable[..., Seated]) -> None:
    with game_table("5a", setup=lobby("stud"), chips=CHIPS) as (host, players, _):
        host.page.click("#start")
        host.page.wait_for_function(IN_PLAY)
        host.page.click("#pause")
        for seat, person in players.items():
            other = 3 - seat
            mine = person.page.locator(f".seat[data-seat='{seat}'] .hole .card")
            expect(mine).to_have_count(3)
            expect(person.page.locator(f".seat[data-seat='{seat}'] .hole .card.down[data-card]")).to_have_count(2)
            expect(person.page.locator(f".seat[data-seat='{seat}'] .hole .card.up[data-card]")).to_have_count(1)
            # The other seat: its up card face up, its two down cards face down.
            expect(person.page.locator(f".seat[data-seat='{other}'] .hole .card.up[data-card]")).to_have_count(1)
            expect(person.page.locator(f".seat[data-seat='{other}'] .hole .card.back")).to_have_count(2)
        expect(host.page.locator("#street")).to_have_text("third street")
        expect(host.page.locator("#game-line")).to_contain_text("Seven-card stud")
        bringer = to_act(host, players)
        assert bringer is not None
        expect(bringer.page.locator("#actions .act[data-action='bring_in']")).to_contain_text("Bring in")
        # Who brings in and why, on every page, from the server's `opener` (the engine's choice).
        seat = bringer.seat()
        door = host.state()["hand"]["holes"][str(seat)][2]
        for person in (host, *players.values()):
            expect(person.page.locator("#opener")).to_have_text(
                f"Seat {seat} ({bringer.name}) brings in: lowest up card {door[0].replace('T', '10')}"
                f"{dict(c='♣', d='♦', h='♥', s='♠')[door[1]]}")
        bringer.shot("40-stud-bring-in")
        openers = {}
        while (person := to_act(host, players)) is not None:
            update = host.state()
            if update["hand"]["street"] not in openers:
                first = update["opener"]
                assert first is not None and first["seat"] == update["hand"]["to_act"]
                openers[update["hand"]["street"]] = first
                if update["hand"]["street"] == "fourth":
                    line = person.page.locator("#opener")
                    expect(line).to_contain_text(f"Seat {first['seat']} ({person.name}) acts first: ")
                    expect(line).to_contain_text(" showing")
                    person.shot("40-stud-fourth-street-opener")
            check_or_call(person)
        assert {"third", "fourth", "fifth", "sixth", "seventh"} <= set(openers)
        expect(host.page.locator("#opener")).to_be_hidden()
        close_host_panel(host)
        host.shot("41-stud-showdown")
        for seat, person in players.items():
            frames = [json.loads(f) for f in person.frames]
            hand = host.state()["hand"]
            # Another seat's down cards never reached this page before the showdown showed them.
            downs = {c for s, cards in hand["holes"].items() if int(s) != seat
                     for i, c in enumerate(cards) if i in (0, 1, 6) and c}
            before = [f for f in frames if f.get("type") == "update" and f.get("hand") and not f["hand"]["is_over"]]
            seen = {c for f in before for s, cards in f["hand"]["holes"].items() if int(s) != seat for c in cards if c}
            assert not (downs & seen)


def test_a_draw_with_discards(game_table: Callable[..., Seated]) -> None:
    with game_table("5b", setup=lobby("five_card_draw"), chips=CHIPS) as (host, players, _):
        host.page.click("#start")
        host.page.wait_for_function(IN_PLAY)
        host.page.click("#pause")
        expect(host.page.locator("#street")).to_have_text("before the draw")
        while (person := to_act(host, players)) is not None:
            if person.page.locator("#actions .act[data-action='draw']").count():
                break
            check_or_call(person)
        assert person is not None
        first = person
        expect(first.page.locator("#actions .act[data-action='draw']")).to_have_text("Stand pat")
        cards = first.page.locator(".seat.me .hole .card.pick")
        picked = [cards.nth(0).get_attribute("data-card"), cards.nth(1).get_attribute("data-card")]
        cards.nth(0).click()
        cards.nth(1).click()
        expect(first.page.locator(".seat.me .hole .card.discard")).to_have_count(2)
        expect(first.page.locator("#actions .act[data-action='draw']")).to_contain_text("Draw 2")
        expect(host.page.locator("#street")).to_have_text("first draw")
        first.shot("42-draw-picking-discards")
        check_or_call(first)
        me = first.seat()
        second = to_act(host, players)
        assert second is not None and second is not first
        expect(second.page.locator(f".seat[data-seat='{me}'] .badge.drew")).to_have_text("drew 2")
        check_or_call(second)          # stands pat
        expect(first.page.locator(f".seat[data-seat='{second.seat()}'] .badge.drew")).to_have_text("stands pat")
        second.shot("43-draw-opponent-drew-2")
        # The discards reached no other page: no frame names them as a word of their own (a card
        # inside a random id or token, whose characters are [A-Za-z0-9_-], is no card).
        for person in (second, host):
            sent = [card for text in person.frames for card in picked
                    if card and re.search(rf"(?<![\w-]){card}(?![\w-])", text)]
            assert not sent, sent
        assert all(re.search(rf"(?<![\w-]){card}(?![\w-])", "".join(first.frames)) for card in picked if card)
        while (person := to_act(host, players)) is not None:
            check_or_call(person)


def test_a_hi_lo_split_names_each_half(game_table: Callable[..., Seated]) -> None:
    with game_table("5c", setup=lobby("omaha_hilo"), chips=CHIPS) as (host, players, _):
        host.page.click("#start")
        for number in range(1, 16):
            host.page.wait_for_function(
                "n => window.pokerfloorTable?.state.update?.table.hand_number === n", arg=number)
            host.page.click("#pause")
            while (person := to_act(host, players)) is not None:
                check_or_call(person)
            result = host.state()["result"]
            halves = result["awards"][0]["halves"]
            if halves["low"] and halves["low"]["winners"] != halves["high"]["winners"]:
                break
            host.page.click("#resume")   # while paused: Resume (Start dealing is not shown then)
        else:
            raise AssertionError("no split pot in 15 hands")
        for person in (host, *players.values()):
            expect(person.page.locator("#showdown .won", has_text="high half:")).to_have_count(1)
            expect(person.page.locator("#showdown .won", has_text="low half:")).to_contain_text(" low")
            # Each winner's line says their share of the pot ("Ann wins 2 of the pot"), not both
            # halves' hands as if each had both.
            winners = person.page.locator("#showdown .won", has_text=" of the pot")
            expect(winners).to_have_count(2)
            expect(winners.first).not_to_contain_text(" with ")
        close_host_panel(host)          # it opened by itself before the first hand, over the table
        host.shot("44-hi-lo-split")


def test_a_horse_table_opened_from_the_lobby_deals_limit_holdem_first(browser: Browser, server: str) -> None:
    with visit(browser, server, "host") as host, visit(browser, server, "Ann") as ann, \
            visit(browser, server, "Bob") as bob:
        host.page.goto("/?seed=5d")
        host.page.uncheck("#clock-on")   # the lobby's clock is on by default; these hands are played slowly
        host.page.uncheck("#approval")
        host.page.select_option("#mixed", "horse")
        expect(host.page.locator("#mixed-bets")).to_be_visible()
        expect(host.page.locator("#blind-bets")).to_be_hidden()
        host.page.fill("#mixed-bet", "10")
        host.shot("45-lobby-horse")
        host.page.click("#create button[type=submit]")
        host.page.wait_for_url("**/table.html?t=*")
        link = host.page.input_value("#share")
        ann.ask_for_seat(link, 1, "Ann", CHIPS)
        bob.ask_for_seat(link, 2, "Bob", CHIPS)
        expect(host.page.locator(".seat[data-seat='2'] .name")).to_have_text("Bob")
        host.page.click("#start")
        host.page.wait_for_function(IN_PLAY)
        game = host.state()["hand"]["game"]
        assert (game["variant"], game["structure"], game["small_bet"]) == ("holdem", "fixed_limit", 10)
        expect(host.page.locator("#game-line")).to_contain_text("Texas hold'em (Limit)")
