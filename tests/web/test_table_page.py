"""Three players, a host and a spectator at one table, each in their own browser context,
playing through the real page (issue 14's proof)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from tests.web.conftest import Client

BUY_INS = {1: 200, 2: 100, 3: 200}
NAMES = {1: "Ann", 2: "Bob", 3: "Cyd"}
# The table's master seed: its first hand, checked down by three players, splits three ways (the
# board 2h 3s Ah 5d 4c is a wheel for everyone). Found by replaying sessions through the
# server's Room with seeds 00, 01, ...
SEED = "11"
CARD = re.compile(r'"([2-9TJQKA][shdc])"')


@pytest.fixture(scope="module")
def table(browser: Browser, server: str) -> Iterator[dict[str, Client]]:
    """A table opened by its host from the lobby, three players seated by the host's approval."""
    people = {"host": Client(browser, server, "host")}
    host = people["host"]
    host.page.goto(f"/?seed={SEED}")
    host.page.fill("#seats", "6")
    host.page.click("#create button[type=submit]")
    host.page.wait_for_url("**/table.html?t=*")
    expect(host.page.locator("#host")).to_be_visible()
    link = host.page.input_value("#share")
    for seat, name in NAMES.items():
        person = Client(browser, server, name, phone=seat == 2)
        people[name] = person
        person.ask_for_seat(link, seat, name, BUY_INS[seat])
        expect(person.page.locator("#waiting")).to_be_visible()
        request = host.page.locator("#requests li", has_text=name)
        if seat == 1:
            host.shot("01-host-seat-request")
        request.locator(".approve").click()
        expect(person.page.locator(f".seat.me[data-seat='{seat}']")).to_be_visible()
    yield people
    for person in people.values():
        person.close()
    errors = [e for person in people.values() for e in person.errors]
    assert not errors, errors


def players(people: dict[str, Client]) -> dict[int, Client]:
    return {seat: people[name] for seat, name in NAMES.items()}


def host_state(people: dict[str, Client]) -> Any:
    return people["host"].state()


def after(people: dict[str, Client], seq: int) -> Any:
    """The host's update once the table has taken an input past ``seq``."""
    people["host"].page.wait_for_function("seq => window.pokerfloorTable.state.update.seq > seq", arg=seq)
    return host_state(people)


def turn(people: dict[str, Client]) -> tuple[Client, Any]:
    """Whoever is to act, once their page shows them their buttons."""
    host = people["host"]
    host.page.wait_for_function(
        "() => { const h = window.pokerfloorTable.state.update.hand; return h && !h.is_over && h.to_act != null }"
    )
    update = host.state()
    client = players(people)[update["hand"]["to_act"]]
    expect(client.page.locator("#actions .act").first).to_be_visible()
    return client, update


def click(people: dict[str, Client], client: Client, action: str) -> Any:
    """``client`` presses the button of ``action``; the host's update after it."""
    seq = host_state(people)["seq"]
    client.page.click(f"#actions .act[data-action='{action}']")
    return after(people, seq)


def check_down(people: dict[str, Client], *, pause_before_end: bool) -> None:
    """Everyone calls or checks until the hand is over; the host pauses before its last action
    so the finished hand stays on the table."""
    while True:
        client, update = turn(people)
        hand = update["hand"]
        live = [s for s in hand["seats"] if s not in hand["folded"]]
        last = hand["street"] == "river" and hand["to_act"] == _last_to_act(hand, live)
        if last and pause_before_end:
            people["host"].page.click("#pause")
            expect(people["host"].page.locator("#status")).to_have_text("paused after this hand")
        action = "check" if client.page.locator("#actions .act[data-action='check']").count() else "call"
        update = click(people, client, action)
        if update["hand"]["is_over"]:
            return


def _last_to_act(hand: dict[str, Any], live: list[int]) -> int:
    """The seat that closes post-flop action: the live seat nearest the button, counter-clockwise."""
    order = sorted(live)
    behind = [s for s in order if s <= hand["button"]]
    return behind[-1] if behind else order[-1]


def own_cards(client: Client) -> list[str]:
    return list(client.page.locator(".seat.me .hole .card").evaluate_all("cards => cards.map(c => c.dataset.card)"))


def leaks(client: Client, holes: dict[int, dict[int, list[str]]]) -> list[str]:
    """Cards of another seat that reached ``client`` before that seat showed them (a hole card
    of hand N in an update of hand N that holds no show or exposure of that seat)."""
    found = []
    for text in client.frames:
        frame = json.loads(text)
        if frame.get("type") != "update" or not frame.get("hand"):
            continue
        number = frame["table"]["hand_number"]
        events = frame["hand"]["events"]
        exposed = any(e["kind"] == "expose" for e in events)
        shown = {e.get("seat") for e in events if e["kind"] == "show"}
        mine = frame["you"]["seat"]
        present = set(CARD.findall(text))
        for seat, cards in holes.get(number, {}).items():
            if seat == mine or seat in shown or exposed:
                continue
            found += [f"hand {number}: seat {seat}'s {c} sent to {client.name}" for c in cards if c in present]
    return found


def test_three_players_play_hands_to_showdown_through_the_page(
    table: dict[str, Client], browser: Browser, server: str
) -> None:
    people = table
    host = people["host"]
    seats = players(people)
    table_id = host.page.url.split("t=")[1]

    # The host adds 50 to Bob's stack; the table and the ledger say so.
    host.page.select_option("#edit-seat", "2")
    host.page.fill("#edit-chips", "50")
    host.page.click("#edit-form button[type=submit]")
    expect(seats[2].page.locator(".seat[data-seat='2'] .stack")).to_have_text("150")
    ledger = host.context.new_page()
    host.watch(ledger)
    ledger.goto(f"/ledger.html?t={table_id}")
    expect(ledger.locator("#ledger tr[data-seat='2'] td").nth(2)).to_have_text("150")
    ledger.screenshot(path=str(_shots() / "02-ledger-after-stack-edit.png"), full_page=True)
    ledger.close()

    # A spectator comes by the shared link, opts in to watch, and sees no cards but the board's.
    people["spectator"] = spectator = Client(browser, server, "spectator")
    spectator.page.goto(host.page.input_value("#share"))
    expect(spectator.page.locator(".seat[data-seat='3'] .name")).to_have_text("Cyd")
    expect(spectator.page.locator("#guest")).to_be_visible()
    spectator.page.click("#watch")
    expect(spectator.page.locator("body[data-role='spectator']")).to_be_attached()
    expect(spectator.page.locator("#guest")).to_be_hidden()

    host.page.click("#start")
    holes: dict[int, dict[int, list[str]]] = {}
    for client in seats.values():
        expect(client.page.locator(".seat.me .hole .card[data-card]")).to_have_count(2)
    holes[1] = {seat: own_cards(client) for seat, client in seats.items()}
    expect(spectator.page.locator(".hole .card.back")).to_have_count(6)
    assert spectator.page.locator(".hole .card[data-card]").count() == 0
    seats[1].shot("03-preflop-ann")

    # A raise below the minimum is refused with the engine's sentence and rule.
    first, update = turn(people)
    first.page.evaluate("() => window.pokerfloorTable.act('raise', 3)")
    message = first.page.locator("#message")
    expect(message).to_be_visible()
    expect(message.locator(".sentence")).to_contain_text("raise")
    expect(message.locator(".rule")).to_contain_text("below_min_raise")
    first.shot("04-refused-raise")
    assert host.state()["hand"]["to_act"] == update["hand"]["to_act"]

    # The big blind picks check/fold before its turn; the page checks for it when the turn comes.
    big_blind = next(e["seat"] for e in update["hand"]["events"] if e.get("post") == "bb")
    seats[big_blind].page.check("[data-pre='check_fold']")
    click(people, first, "call")
    second, _ = turn(people)
    assert second is not seats[big_blind]
    seq = click(people, second, "call")["seq"]
    flop = after(people, seq) if host.state()["hand"]["street"] == "preflop" else host.state()
    assert flop["hand"]["street"] == "flop", flop["hand"]["street"]

    # A reload mid-hand and a dropped socket come back to the same seat and cards.
    seen = {seat: seats[seat].state()["hand"] for seat in (2, 3)}
    seats[2].page.reload()
    expect(seats[2].page.locator(".seat.me[data-seat='2'] .hole .card[data-card]")).to_have_count(2)
    assert own_cards(seats[2]) == holes[1][2]
    seats[3].page.evaluate("() => window.pokerfloorTable.conn.drop()")
    expect(seats[3].page.locator("body[data-connection='open']")).to_be_attached()
    expect(seats[3].page.locator(".seat.me[data-seat='3'] .hole .card[data-card]")).to_have_count(2)
    assert own_cards(seats[3]) == holes[1][3]
    assert all(seats[seat].state()["hand"] == seen[seat] for seat in (2, 3)), "the same view as before"
    resyncs = [json.loads(f) for f in seats[3].sent if '"resync"' in f]
    assert resyncs and resyncs[-1]["last_seq"] > 0, "the reopened socket asks for what it missed"
    assert spectator.page.locator(".hole .card[data-card]").count() == 0

    check_down(people, pause_before_end=True)
    for client in (*seats.values(), spectator):
        expect(client.page.locator("#showdown .won")).to_have_count(3)
    expect(spectator.page.locator("#showdown")).to_contain_text("split")
    seats[1].shot("05-split-pot-showdown")
    spectator.shot("06-split-pot-spectator")

    # Hand 2: Cyd, under the gun, straddles; the table marks it.
    seq = host_state(people)["seq"]
    seats[3].page.click("#straddle")
    after(people, seq)
    host.page.click("#start")
    host.page.wait_for_function("() => window.pokerfloorTable.state.update.table.hand_number === 2")
    for client in seats.values():
        expect(client.page.locator(".seat.me .hole .card[data-card]")).to_have_count(2)
    holes[2] = {seat: own_cards(client) for seat, client in seats.items()}
    expect(spectator.page.locator(".seat[data-seat='3'] .badge.blind")).to_have_text("STR")
    expect(spectator.page.locator(".seat[data-seat='3'] .badge.button")).to_have_text("D")
    # Bob, the short stack, moves all-in with the preset; the others call. On the flop one bets
    # a typed amount and the other calls: a side pot without Bob.
    while host_state(people)["hand"]["street"] == "preflop":
        client, update = turn(people)
        if client is seats[2]:
            client.page.click(".preset:text('all-in')")
            expect(client.page.locator("#actions .wager")).to_contain_text("All-in")
            client.shot("07-all-in-preset-phone")
            seq = update["seq"]
            client.page.click("#actions .wager")
            after(people, seq)
        else:
            click(people, client, "call")
    bettor, update = turn(people)
    assert update["hand"]["street"] == "flop" and update["hand"]["stacks"]["2"] == 0
    most = update["hand"]["stacks"][str(update["hand"]["to_act"])]
    bettor.page.fill("#amount", "99999")  # a typed amount is held to the legal range
    bettor.page.press("#amount", "Tab")
    expect(bettor.page.locator("#amount")).to_have_value(str(most))
    expect(bettor.page.locator("#actions .wager")).to_have_text(f"All-in {most}")
    bettor.page.fill("#amount", "1")
    bettor.page.press("#amount", "Tab")
    expect(bettor.page.locator("#amount")).to_have_value("2")
    bettor.page.fill("#amount", "20")
    seq = update["seq"]
    bettor.page.press("#amount", "Enter")
    after(people, seq)
    caller, _ = turn(people)
    click(people, caller, "call")
    expect(spectator.page.locator("#pots .pot")).to_have_count(2)
    expect(spectator.page.locator("#pots .pot[data-pot='0']")).to_contain_text("Main pot: 450")
    expect(spectator.page.locator("#pots .pot[data-pot='1']")).to_contain_text("Side pot: 40")
    expect(spectator.page.locator(".seat[data-seat='2'] .badge.allin")).to_be_visible()
    spectator.shot("08-side-pot-spectator")
    seats[2].shot("09-side-pot-phone")
    check_down(people, pause_before_end=True)
    for client in (*seats.values(), spectator):
        expect(client.page.locator("#showdown h3")).to_have_text("Hand 2")
    seats[1].shot("10-side-pot-showdown")

    # The hand log steps back through hand 2 and downloads it.
    log = seats[1].page
    expect(log.locator("#log-hand")).to_have_value("2")
    total = log.locator("#log-lines li").count()
    log.click("#log-prev")
    expect(log.locator("#log-lines li")).to_have_count(total - 1)
    expect(log.locator("#log-step")).to_have_text(f"{total - 1}/{total}")
    with log.expect_download() as download:
        log.click("#log-download")
    saved = json.loads(Path(download.value.path()).read_text())
    assert saved["hand"] == 2 and saved["view"]["is_over"]

    # The ledger settles up: the two losers pay Cyd.
    ledger = host.context.new_page()
    host.watch(ledger)
    ledger.goto(f"/ledger.html?t={table_id}")
    expect(ledger.locator("#transfers li")).to_have_count(2)
    expect(ledger.locator("#transfers")).to_contain_text("Bob pays Cyd 150")
    expect(ledger.locator("#transfers")).to_contain_text("Ann pays Cyd 170")
    ledger.screenshot(path=str(_shots() / "11-ledger-settle-up.png"), full_page=True)
    links = ledger.locator("#downloads a").evaluate_all("links => links.map(a => a.href)")
    assert len(links) == 2
    for link in links:
        got = ledger.request.get(link)
        assert got.ok and got.text(), link
    assert "Cyd" in ledger.request.get(links[1]).text()
    ledger.close()

    # Ann tops up between hands.
    seats[1].page.fill("#top-up-chips", "100")
    seats[1].page.click("#top-up-form button[type=submit]")
    expect(spectator.page.locator(".seat[data-seat='1'] .stack")).to_have_text("130")

    # Ann steps away: everyone sees her seat marked away.
    seats[1].page.click("#sit-out")
    expect(spectator.page.locator(".seat[data-seat='1'] .badge.away-badge")).to_have_text("away")

    # No seat's or spectator's frames held a card it may not see; the check itself sees cards.
    assert spectator.updates() and all(c.updates() for c in seats.values())
    assert all(card in "".join(seats[1].frames) for card in holes[1][1])
    for client in (*seats.values(), spectator):
        assert not leaks(client, holes), leaks(client, holes)
    assert not [e for person in people.values() for e in person.errors]


def _shots():  # type: ignore[no-untyped-def]
    from tests.web.conftest import SHOTS

    SHOTS.mkdir(parents=True, exist_ok=True)
    return SHOTS
