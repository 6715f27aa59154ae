"""Hands of a multi-table event played away from the floor (issue 38: any process serves any
table): ``MultiTableTournament.deal_message`` gives a deal as data, the hand is played on a
table rebuilt from it, and ``end_hand_from`` applies its end. Over seeded events (re-entries,
rebuys, bounties, progressive knockouts, colour-ups, breaks, hand-for-hand, tables ending in
any order) the event ends exactly as when the floor plays every hand itself: the same record
to the last chip, place, bounty and ruling. An end is applied once, and an end that is not the
hand the floor dealt is refused with the event unchanged."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pokerfloor as pf
from pokerfloor.bench.soak import random_action
from pokerfloor.errors import InvalidArgument
from pokerfloor.hand import Hand, RecordError
from pokerfloor.table import ManualClock
from pokerfloor.table.event import Break, HandDeal, HandEnd, MultiTableTournament
from pokerfloor.table.tournament import Level


def make(seed: int, entries: int) -> tuple[MultiTableTournament, ManualClock]:
    levels: list[Level | Break] = [Level(25 * 2**k, 50 * 2**k, ante=5 * 2**k, hands=3) for k in range(40)]
    levels.insert(3, Break(5))
    clock = ManualClock()
    event = MultiTableTournament(
        pf.Game.no_limit_holdem(25, 50, min_chip=5), levels, starting_stack=1500, rng=random.Random(seed),
        clock=clock, buy_in=100, payouts=(8, 7, 6, 5, 4, 3, 2, 1), late_until=1 + seed % 2, reentries=1, bounty=20,
        progressive=50 if seed % 2 else 0, rebuys_until=2, rebuy_price=100, seats=6,
        colour_ups=[(5, 5, 25)], hand_for_hand_jumps=seed % 3 == 0)
    for k in range(entries):
        event.register(f"p{k}")
    return event, clock


def play(hand: Hand, no: int, number: int) -> None:
    """Random legal actions, drawn from the table's number and hand number alone: the same
    whether the floor's table or a hand rebuilt from the deal plays them."""
    rng = random.Random(f"{no}:{number}")
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        action, to, cards = random_action(hand, rng)
        hand.act(seat, action, to, cards)


def run(seed: int, entries: int, *, away: bool) -> MultiTableTournament:
    """The event to its end: ``away``, every hand dealt as a message (read back from its JSON),
    played on a table rebuilt from it and its end applied from its JSON; else on the floor's own
    tables. The tables end their hands in an order drawn from ``seed`` (the same both ways)."""
    event, clock = make(seed, entries)
    order = random.Random(seed)
    event.start()
    playing: dict[int, Hand] = {}
    deals: dict[int, HandDeal] = {}
    while not event.is_over:
        clock.advance(minutes=1)
        if event.late_open() and order.random() < 0.3:
            gone = [e for e in event.entries.values() if e.out
                    and sum(x.player == e.player for x in event.entries.values()) == 1]
            if gone:
                event.register(gone[0].player)          # a re-entry
        if event.level_number <= 2 and event.left and order.random() < 0.2:
            event.declare_rebuy(order.choice(event.left))
        for no in event.ready():
            if no not in event.ready() or (playing and order.random() < 0.4):
                continue
            if away:
                deal = HandDeal.from_json(event.deal_message(no).to_json())
                deals[no] = deal
                playing[no] = deal.hand_to_play()
            else:
                playing[no] = event.deal(no)
        if not playing:
            continue            # (a break: the clock moves on)
        no = order.choice(sorted(playing))
        hand = playing.pop(no)
        if no not in event.tables or event.between_hands(no):
            continue            # a hand over at its deal, which the floor ended itself
        play(hand, no, event.tables[no].hand_number)
        if away:
            end = HandEnd.from_json(HandEnd.of(deals[no], hand).to_json())
            assert event.end_hand_from(end)
            assert not event.end_hand_from(end)         # applied once: the same end again is passed over
        else:
            event.end_hand(no)
        assert event.chips_on_tables() == event.chips_issued
        assert all(t.seated == len(t.seats) for t in event.tables.values())    # (the floor's cheap count)
    return event


def outcome(event: MultiTableTournament) -> str:
    return json.dumps(event.record(), sort_keys=True)


@settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2**32), entries=st.integers(8, 40))
def test_hands_played_away_end_the_event_as_hands_played_on_the_floor(seed: int, entries: int) -> None:
    here, away = run(seed, entries, away=False), run(seed, entries, away=True)
    assert outcome(away) == outcome(here)
    places = away.standings()
    assert sorted(p.entry for p in places) == sorted(away.entries)
    assert sum(p.prize for p in places) == away.prize_pool
    assert [(p.entry, p.place, p.prize, p.bounties) for p in places] == [
        (p.entry, p.place, p.prize, p.bounties) for p in here.standings()]


def test_a_deal_is_the_same_for_the_same_event_and_carries_who_is_dealt_in() -> None:
    first, second = make(5, 12)[0], make(5, 12)[0]
    first.start()
    second.start()
    one, two = first.deal_message(1), second.deal_message(1)
    assert one.to_json() == two.to_json()
    assert one.table == 1 and one.number == 1 and one.level == 1 and not one.start.inputs
    assert {seat: entry for seat, entry, _ in one.seats} == {
        seat: s.player_id for seat, s in first.tables[1].seats.items()}
    hand = one.hand_to_play()
    dealt = first.tables[1].hand
    assert dealt is not None and not hand.is_over
    assert hand.record().dealt == dealt.record().dealt and hand.holes == dealt.holes     # the same cards


def played_end(event: MultiTableTournament) -> HandEnd:
    deal = event.deal_message(1)
    hand = deal.hand_to_play()
    play(hand, 1, deal.number)
    return HandEnd.of(deal, hand)


def test_an_end_that_is_not_the_hand_dealt_is_refused_and_the_event_is_unchanged() -> None:
    event = make(7, 12)[0]
    event.start()
    end = played_end(event)
    before = outcome(event)
    record = end.record
    stacks = dict(record.stacks)
    stacks[min(stacks)] += 100
    for wrong in (replace(record, stacks=stacks), replace(record, button=record.button % 6 + 1),
                  replace(record, inputs=record.inputs[:-1]),           # not over
                  replace(record, dealt=record.dealt[1:] + record.dealt[:1])):  # other cards
        with pytest.raises(InvalidArgument):
            event.end_hand_from(replace(end, record=wrong))
    with pytest.raises(InvalidArgument):
        event.end_hand_from(record)            # type: ignore[arg-type]
    assert outcome(event) == before
    assert event.end_hand_from(end)
    assert outcome(event) != before


def test_an_end_of_a_hand_not_in_play_is_passed_over() -> None:
    event = make(9, 12)[0]
    event.start()
    end = played_end(event)
    assert not event.end_hand_from(replace(end, number=end.number + 1))     # a later hand: not dealt
    assert not event.end_hand_from(replace(end, table=99))                  # no such table
    assert event.end_hand_from(end)
    assert not event.end_hand_from(end)


def test_a_hand_not_over_has_no_end_and_bad_json_is_refused() -> None:
    event = make(11, 12)[0]
    event.start()
    deal = event.deal_message(1)
    with pytest.raises(RecordError):
        HandEnd.of(deal, deal.hand_to_play())
    for bad in ("{}", '{"format": "pokerfloor.hand-deal", "version": 2}', "[]", "not json",
                deal.to_json().replace('"table":1', '"table":-1'),
                deal.to_json().replace('"kind":"mt19937"', '"kind":"dice"')):
        with pytest.raises(RecordError):
            HandDeal.from_json(bad)
    with pytest.raises(RecordError):
        HandEnd.from_json(deal.to_json())
