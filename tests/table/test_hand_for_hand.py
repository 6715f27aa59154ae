"""Hand-for-hand by the TDA's procedures (TDA 2024 RP-8): the players out on the hands being
finished when it is announced share the places they reach (RP-8-A); during it the level clock
counts 2 minutes a hand, not the time the hands take (RP-8-B to D); before every pay jump in
the money too, a house option (common practice: Wikipedia, Hand-for-hand)."""

from __future__ import annotations

import random

import pytest
from tests.table.test_event_floor import finish

import pokerfloor as pf
from pokerfloor import citations as cite
from pokerfloor.errors import InvalidArgument
from pokerfloor.table import ManualClock
from pokerfloor.table.event import MultiTableTournament
from pokerfloor.table.floor import hand_for_hand_due
from pokerfloor.table.tournament import Level

NL = pf.Game.no_limit_holdem(25, 50, min_chip=25)


def event(entries: int, seats: int, payouts: tuple[int, ...], **kw: object) -> MultiTableTournament:
    kw.setdefault("rng", random.Random(7))
    levels = kw.pop("levels", [Level(25, 50, hands=50), Level(50, 100)])
    ev = MultiTableTournament(NL, levels, starting_stack=1000, seats=seats, buy_in=100,  # type: ignore[arg-type]
                              payouts=payouts, **kw)
    for k in range(entries):
        ev.register(f"p{k}")
    ev.start()
    return ev


def announced(seed: int, entries: int = 12, within: int = 1) -> tuple[MultiTableTournament, int] | None:
    """An event at two tables paying 10, hand-for-hand ``within`` players out of the money:
    after a hand of folds at both, table 1's next hand puts one player out (the last before
    hand-for-hand) while table 2's is being played, so hand-for-hand is announced with table
    2's hand to finish. ``None`` if the seed's cards do otherwise."""
    ev = event(entries, entries // 2, tuple(range(10, 0, -1)), rng=random.Random(seed), hand_for_hand=within)
    for no in (1, 2):
        ev.deal(no)
        finish(ev, no)
    ev.deal(1)
    ev.deal(2)
    finish(ev, 1, tuple(s for s, seat in ev.tables[1].seats.items() if seat.chips == 1000)[:2])
    return (ev, 2) if ev.players_left == 10 + within else None


def out_at(ev: MultiTableTournament, no: int) -> tuple[list[str], dict[str, int]]:
    """Table ``no``'s hand played all in by everyone: the entries out, and their starting stacks."""
    hand = ev.tables[no].hand
    assert hand is not None
    starts = {ev.tables[no].seats[seat].player_id: chips for seat, chips in hand.starting_stacks.items()}
    finish(ev, no, tuple(ev.tables[no].seats))
    return [e.entry for e in ev.events if e.kind == "bust" and e.table == no and e.entry is not None], starts


def test_players_out_on_the_hands_finished_at_the_announcement_share_their_places_tda2024_rp8a() -> None:
    """RP-8-A: "If enough players bust on the current hand to break into the money, the busting
    players will be eligible for a share of the place(s) paid on the current hand" (52 left, 50
    paid, 3 out on the current hand: all 3 share the 50th place's prize), whatever their stacks."""
    for seed in range(200):
        found = announced(seed)
        if found is None:
            continue
        ev, no = found
        assert ev.hand_for_hand and ev.ready() == []       # nobody deals until table 2 has finished
        assert ev.events[-1].kind == "hand_for_hand" and ev.events[-1].rule == cite.HAND_FOR_HAND_CURRENT
        out, starts = out_at(ev, no)
        if len(out) >= 2 and len({starts[e] for e in out}) > 1:
            break
    else:
        raise AssertionError("no seed put out two players of different stacks on table 2's hand")
    places = {p.entry: p for p in ev.standings()}
    shared = [places[e] for e in out]
    prizes = ev.prizes()
    reach = range(11 - len(shared) + 1, 12)
    assert {p.place for p in shared} == {11 - len(shared) + 1}
    assert sum(p.prize for p in shared) == sum(prizes.get(k, 0) for k in reach)
    assert max(p.prize for p in shared) - min(p.prize for p in shared) <= 1
    assert ev.ready()                                   # and the event goes on


def test_players_out_on_the_announced_hands_short_of_the_money_are_placed_by_their_stacks_tda2024_rp8a() -> None:
    """RP-8-A shares the places only "if enough players bust on the current hand to break into
    the money": out of it, they finish by their chips at the hand's start, as out in one hand."""
    for seed in range(200):
        found = announced(seed, entries=16, within=5)          # announced at 15 left, 10 paid
        if found is None:
            continue
        ev, no = found
        assert ev.events[-1].rule == cite.HAND_FOR_HAND_CURRENT
        out, starts = out_at(ev, no)
        if 2 <= len(out) <= 4 and len({starts[e] for e in out}) > 1:
            break
    else:
        raise AssertionError("no seed put out two to four players of different stacks on table 2's hand")
    places = {p.entry: p.place for p in ev.standings()}
    for a in out:
        for b in out:
            if starts[a] > starts[b]:
                assert places[a] < places[b]
            elif starts[a] == starts[b]:
                assert places[a] == places[b]


def test_a_record_made_while_the_announced_hand_is_finished_goes_on_identically_tda2024_rp8a() -> None:
    for seed in range(200):
        found = announced(seed)
        if found is not None:
            break
    else:
        raise AssertionError("no seed announced hand-for-hand with a hand in play")
    ev, no = found
    again = MultiTableTournament.from_record(ev.record())
    assert again.events[-1].rule == cite.HAND_FOR_HAND_CURRENT and again.ready() == []
    for each in (ev, again):
        finish(each, no, tuple(each.tables[no].seats))
    assert again.standings() == ev.standings() and again.events == ev.events


def test_a_record_made_in_a_hand_for_hand_round_after_a_player_is_out_loads_hand_for_hand() -> None:
    """A player out at one table of a hand-for-hand round is placed when the round ends; a record
    made before that loads, and goes on identically."""
    for seed in range(100):
        ev = event(12, 6, tuple(range(11, 0, -1)), rng=random.Random(seed))      # 11 paid of 12
        ready = ev.ready()
        for no in ready:
            ev.deal(no)
        finish(ev, 1, tuple(ev.tables[1].seats))
        if ev.players_left < 12:
            break
    else:
        raise AssertionError("no seed put a player out at table 1")
    again = MultiTableTournament.from_record(ev.record())
    for each in (ev, again):
        finish(each, 2)
    assert again.standings() == ev.standings()


def test_hand_for_hand_counts_two_minutes_a_hand_on_the_level_clock_tda2024_rp8() -> None:
    """RP-8-B to D: at most 3 minutes a hand come off the clock, 2 whenever possible, and the
    blinds go up as that time runs off: a 10-minute level lasts 5 hand-for-hand hands, however
    long the hands take."""
    clock = ManualClock()
    ev = event(12, 6, tuple(range(11, 0, -1)), clock=clock,
               levels=[Level(25, 50, minutes=10), Level(50, 100, minutes=10)])
    for hand in range(1, 6):
        ready = ev.ready()
        assert ev.hand_for_hand and ev.level_number == 1 and sorted(ready) == [1, 2], hand
        for no in ready:
            ev.deal(no)
        clock.advance(minutes=3)                           # each hand takes 3 minutes to play
        for no in ready:
            finish(ev, no)
    ev.ready()
    assert ev.level_number == 2 and clock.now == 15 * 60   # 5 hands of 2 minutes, not 15


def test_the_minutes_a_hand_for_hand_hand_counts_are_at_most_three_tda2024_rp8b() -> None:
    with pytest.raises(InvalidArgument):
        event(12, 6, (50, 30, 20), hand_for_hand_minutes=4)
    with pytest.raises(InvalidArgument):
        event(12, 6, (50, 30, 20), hand_for_hand_jumps=1)


def test_hand_for_hand_before_every_pay_jump_is_a_house_option_hand_for_hand_jumps() -> None:
    """The next players out finishing at places paid differently: hand-for-hand with the option,
    at the bubble only without it (the default)."""
    prizes = {1: 50, 2: 30, 3: 10, 4: 10}
    assert hand_for_hand_due(5, prizes, 1) and not hand_for_hand_due(6, prizes, 1)
    assert hand_for_hand_due(6, prizes, 2)
    assert not hand_for_hand_due(3, prizes, 1) and hand_for_hand_due(3, prizes, 1, jumps=True)
    assert not hand_for_hand_due(4, prizes, 1, jumps=True)          # 4th and 3rd are paid alike
    assert hand_for_hand_due(4, prizes, 2, jumps=True)              # two out may reach the 2nd
    assert not hand_for_hand_due(5, prizes, 0)                      # 0: never
    everyone = tuple(range(12, 0, -1))                              # 12 paid of 12, each differently
    assert not event(12, 6, everyone).hand_for_hand
    jumps = event(12, 6, everyone, hand_for_hand_jumps=True)
    assert jumps.hand_for_hand and sorted(jumps.ready()) == [1, 2]
    assert jumps.events[-1].rule == cite.HAND_FOR_HAND
