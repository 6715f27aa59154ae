"""Prize pools paid in full (issue 37 finding 8; citations ``PAYOUTS``, ``CHIP_CHOP``,
``ICM``): ``prize_table``, ``chip_chop`` and the single-table ``Tournament`` with fewer entries
than paid places."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pokerfloor as pf
from pokerfloor.table import Level, Tournament
from pokerfloor.table.payouts import chip_chop, prize_table

NL = pf.Game.no_limit_holdem(1, 2)


def two_entry_tournament() -> Tournament:
    t = Tournament(NL, (Level(25, 50),), starting_stack=1000, entry_fee=100, payouts=(50, 30, 20),
                   rng=random.Random(3), button=1)
    t.register(1, "A")
    t.register(2, "B")
    return t


def test_fewer_entries_than_paid_places_pay_the_whole_pool_finding_8_payouts(win_for) -> None:
    """Two entries of 100, payouts for three places: the 200 is paid, 50:30 of it (125 and 75),
    where main paid 100 and 60 and kept 40."""
    t = two_entry_tournament()
    while not t.is_over:
        hand = t.start_hand()
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            legal = hand.legal()
            if legal.raise_ is not None:
                hand.act(seat, "raise", to=legal.raise_.max_to)
            else:
                hand.act(seat, "call" if legal.call else "check")
        t.end_hand()
    assert t.prizes() == {1: 125, 2: 75}
    assert sum(f.prize for f in t.standings) == t.prize_pool == 200


def test_the_icm_deal_with_fewer_entries_than_places_pays_the_pool_finding_8_icm() -> None:
    t = two_entry_tournament()
    deal = t.icm_deal()
    assert sum(deal.values()) == 200
    assert deal == {t.table.seats[1].player_id: 100, t.table.seats[2].player_id: 100}


def test_rounding_to_whole_units_pays_every_cent_payouts() -> None:
    """10,250 cents in whole dollars by 50/30/20: 51.25, 30.75 and 20.50 rounded down to 51, 30
    and 20 dollars; of the 150 cents left one dollar goes to first, then the 50 cents too.
    40,300 cents: 201.50, 120.90, 80.60 make 201+120+80 = 401 dollars, the two left to first
    and second."""
    assert prize_table(10_250, (50, 30, 20), 10, unit=100) == {1: 5250, 2: 3000, 3: 2000}
    assert prize_table(40_300, (50, 30, 20), 10, unit=100) == {1: 20200, 2: 12100, 3: 8000}
    assert prize_table(0, (50, 30, 20), 10) == {1: 0, 2: 0, 3: 0}
    assert prize_table(500, (60, 40), 0) == {}


@pytest.mark.parametrize("weights", [(), (0, 0), (20, 30), (50, -1)])
def test_payout_weights_are_checked_payouts(weights: tuple[int, ...]) -> None:
    with pytest.raises(pf.InvalidArgument):
        prize_table(100, weights, 5)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 10**7), st.lists(st.integers(1, 100), min_size=1, max_size=12),
       st.integers(0, 20), st.sampled_from((1, 5, 100)))
def test_every_unit_of_the_pool_is_paid_payouts(pool: int, raw: list[int], entries: int, unit: int) -> None:
    weights = sorted(raw, reverse=True)
    prizes = prize_table(pool, weights, entries, unit=unit)
    assert len(prizes) == min(entries, len(weights))
    assert sum(prizes.values()) == (pool if entries else 0)
    amounts = [prizes[p] for p in sorted(prizes)]
    for higher, lower, wh, wl in zip(amounts, amounts[1:], weights, weights[1:]):
        assert wh > wl or higher >= lower


def test_chip_chop_by_hand_chip_chop() -> None:
    """Prizes 500/300/200 among stacks 6,000/3,000/1,000: each gets 200, and the 400 left goes
    by chips: 240, 120 and 40."""
    assert chip_chop({"A": 6000, "B": 3000, "C": 1000}, [500, 300, 200]) == {"A": 440, "B": 320, "C": 240}


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(1, 10**6), min_size=1, max_size=10), st.lists(st.integers(0, 10**5), max_size=12))
def test_chip_chop_adds_up_to_the_prizes_chip_chop(stacks: list[int], raw: list[int]) -> None:
    prizes = sorted(raw, reverse=True)
    deal = chip_chop({f"p{i}": c for i, c in enumerate(stacks)}, prizes)
    assert sum(deal.values()) == sum(prizes[: len(stacks)])
    assert min(deal.values()) >= (prizes[len(stacks) - 1] if len(prizes) >= len(stacks) else 0)
