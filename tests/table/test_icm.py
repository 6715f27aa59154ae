"""ICM (Malmuth-Harville) equities and deals (table/icm.py, ``Tournament.icm_deal``; citations
``ICM``), checked against figures worked out by hand and against a count over every finishing
order."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pokerfloor as pf
from pokerfloor.table.icm import icm_deal, icm_equities


def test_three_players_by_hand() -> None:
    """Stacks 50/30/20, prizes 50/30/20. A is second after B (3/10 x 5/7) or C (2/10 x 5/8):
    19/56, third 9/56, so 25 + 30 x 19/56 + 20 x 9/56 = 1075/28; B is second with 1/2 x 3/5 +
    1/5 x 3/8 = 3/8, third 13/40: 15 + 45/4 + 13/2 = 131/4; C 10 + 60/7 + 72/7 = 202/7."""
    equities = icm_equities({"A": 50, "B": 30, "C": 20}, [50, 30, 20])
    assert equities == {"A": Fraction(1075, 28), "B": Fraction(131, 4), "C": Fraction(202, 7)}
    assert sum(equities.values()) == 100
    # 38.39, 32.75, 28.86 round down to 38, 32, 28; the two units left go to C (.86) and B (.75)
    assert icm_deal({"A": 50, "B": 30, "C": 20}, [50, 30, 20]) == {"A": 38, "B": 33, "C": 29}


def test_heads_up_is_the_chip_share_of_the_difference() -> None:
    """Heads-up 75/25 for 70 and 30: 30 each, and the 40 between the prizes by chips, 30 and 10."""
    assert icm_equities({1: 75, 2: 25}, [70, 30]) == {1: 60, 2: 40}


def test_four_players_two_prizes_by_hand() -> None:
    """40/30/20/10 for 60 and 40. D (10) first 1/10; second after A 4/10 x 1/6, B 3/10 x 1/7,
    C 2/10 x 1/8: 1/15 + 3/70 + 1/40 = 113/840; 60/10 + 40 x 113/840 = 6 + 113/21 = 239/21."""
    equities = icm_equities({"A": 40, "B": 30, "C": 20, "D": 10}, [60, 40])
    assert equities["D"] == Fraction(239, 21)
    assert sum(equities.values()) == 100


def brute_force(stacks: list[int], prizes: list[int]) -> list[Fraction]:
    """Every whole finishing order's Harville chance times the prize of each place in it."""
    equity = [Fraction(0)] * len(stacks)
    for order in itertools.permutations(range(len(stacks))):
        chance, left = Fraction(1), sum(stacks)
        for player in order:
            chance *= Fraction(stacks[player], left)
            left -= stacks[player]
        for place, player in enumerate(order[: len(prizes)]):
            equity[player] += chance * prizes[place]
    return equity


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(1, 10_000), min_size=1, max_size=6),
    st.lists(st.integers(0, 1_000), min_size=1, max_size=6),
)
def test_the_subset_count_equals_the_count_over_every_order(stacks: list[int], prizes: list[int]) -> None:
    prizes = sorted(prizes, reverse=True)
    ours = icm_equities(dict(enumerate(stacks)), prizes)
    expected = brute_force(stacks, prizes)
    assert [ours[i] for i in range(len(stacks))] == expected
    assert sum(ours.values()) == sum(prizes[: len(stacks)])
    ordered = sorted(range(len(stacks)), key=lambda i: stacks[i])
    assert all(ours[a] <= ours[b] for a, b in itertools.pairwise(ordered))
    deal = icm_deal(dict(enumerate(stacks)), prizes)
    assert sum(deal.values()) == sum(prizes[: len(stacks)])
    assert all(abs(deal[i] - ours[i]) < 1 for i in deal)


def test_ten_players_are_exact_and_eleven_refused() -> None:
    stacks = {f"p{k}": 1000 * k for k in range(1, 11)}
    equities = icm_equities(stacks, [500, 300, 200])
    assert sum(equities.values()) == 1000 and all(isinstance(e, Fraction) for e in equities.values())
    with pytest.raises(ValueError):
        icm_equities({**stacks, "p11": 5}, [500])
    for wrong in ({"a": 0, "b": 5}, {"a": 5}):
        with pytest.raises(ValueError):
            icm_equities(wrong, [20, 30])


def test_a_tournament_offers_an_icm_deal_between_hands(play_out) -> None:  # type: ignore[no-untyped-def]
    tournament = pf.Tournament(pf.Game.no_limit_holdem(25, 50), [pf.Level(25, 50)], starting_stack=1_500,
                               seats=4, entry_fee=100, rng=random.Random(3))
    for seat in range(1, 5):
        tournament.register(seat, f"P{seat}", player_id=f"p{seat}")
    rng = random.Random(4)
    while len(tournament.table.seats) == 4:
        hand = tournament.start_hand()
        play_out(hand, rng)
        if len(tournament.table.seats) == 4 and hand.is_over and not tournament.table.hand_ended:
            with pytest.raises(pf.IllegalAction):
                tournament.icm()
        tournament.end_hand()
    stacks = tournament.table.stacks()
    prizes = tournament.prizes()
    expected = icm_equities(stacks, [prizes[place] for place in range(1, len(stacks) + 1)])
    assert tournament.icm() == expected
    deal = tournament.icm_deal()
    assert set(deal) == set(stacks) and sum(deal.values()) == sum(prizes[p] for p in range(1, len(stacks) + 1))
