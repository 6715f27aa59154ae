"""Issue 11, items 5 and 6: ``legal()`` and ``act()`` agree exactly, ``Range`` included (its
``step``: the smallest chip, or the gap between the only two amounts of a limit bet), and
refusals tell the truth (the amount to call, never a raise that is closed, never the
check-raise rule for a refused check or fold)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pokerfloor as pf
from pokerfloor.bench.soak import SoakReport, soak_hand

STUD = pf.Game(variant="stud", structure="fixed_limit", ante=5, bring_in=10, small_bet=20, big_bet=40)


def test_a_range_holds_the_amounts_of_its_step_and_its_top() -> None:
    amounts = pf.Range(50, 137, step=25)
    assert [to for to in range(0, 200) if to in amounts] == [50, 75, 100, 125, 137]
    assert pf.Range(20, 40, step=20) != pf.Range(20, 40) and pf.Range(5, 9) == pf.Range(5, 9, 1)
    assert 30 not in pf.Range(20, 40, step=20) and True not in pf.Range(1, 2)


def test_with_a_big_smallest_chip_the_range_steps_by_it_and_act_agrees() -> None:
    """RROP11 Betting & Raising (smallest chip): amounts between chips are refused, so not offered."""
    game = pf.Game(variant="holdem", structure="pot_limit", small_blind=25, big_blind=50, min_chip=25)
    hand = pf.Hand(game, {1: 1_000, 2: 1_000, 3: 1_000}, button=3, rng=random.Random(1))
    offered = hand.legal().raise_
    assert offered == pf.Range(100, 175, step=25)
    assert 110 not in offered
    with pytest.raises(pf.IllegalAction) as refused:
        hand.act(3, "raise", to=110)
    assert refused.value.reason == "not_chip_multiple"


def stud_fourth_street_with_an_open_pair() -> pf.Hand:
    hand = pf.Hand(STUD, {1: 1_000, 2: 1_000, 3: 1_000}, button=3, dealing="manual")
    for seat, cards in {1: "AcAdKh", 2: "2s3s4h", 3: "QcQdJh"}.items():
        hand.deal(cards, seat=seat)
    hand.act(2, "bring_in")
    hand.act(3, "call")
    hand.act(1, "call")
    for seat, card in {1: "2c", 2: "4d", 3: "Th"}.items():
        hand.deal(card, seat=seat)
    return hand


def test_the_open_pair_bet_is_the_small_or_the_big_bet_and_legal_says_so() -> None:
    """RROP11 stud: with an open pair on fourth street a player may bet the small or the big bet."""
    hand = stud_fourth_street_with_an_open_pair()
    offered = hand.legal().bet
    assert offered == pf.Range(20, 40, step=20)
    assert [to for to in range(15, 45) if to in offered] == [20, 40]
    with pytest.raises(pf.IllegalAction) as refused:
        hand.act(2, "bet")
    assert "20 or 40" in str(refused.value)


def test_a_limit_bet_cut_to_the_opponents_stack_is_refused_like_legal_says() -> None:
    """WIKI_BIP Fixed limit: the bet is the limit; below ``legal().bet.min_to`` it is refused."""
    game = pf.Game(variant="holdem", structure="fixed_limit", small_blind=5, big_blind=10)
    hand = pf.Hand.from_spot(game, stacks={1: 100, 2: 5}, button=2, contributions={1: 10, 2: 10}, rng=random.Random(1))
    assert hand.legal().bet == pf.Range(10, 10) and 5 not in hand.legal().bet
    with pytest.raises(pf.IllegalAction) as refused:
        hand.act(1, "bet", to=5)
    assert refused.value.reason == "wrong_limit_amount"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32))
def test_every_amount_legal_offers_is_accepted_and_no_other(seed: int) -> None:
    """Any variant, structure, forced bets, player count and smallest chip (the soak's hands),
    probed at every decision."""
    report = SoakReport()
    soak_hand(seed, report, probe_rate=1.0)
    assert report.clean, report.crashes + report.stuck + report.violations


def test_a_refused_check_names_the_amount_to_call_and_no_closed_raise() -> None:
    game = pf.Game.no_limit_holdem(50, 100)
    hand = pf.Hand(game, {1: 1_000, 2: 1_000, 3: 150}, button=1, rng=random.Random(3))
    hand.act(1, "raise", to=1_000)  # all in: seat 2 may only call or fold... and seat 3 too
    with pytest.raises(pf.IllegalAction) as refused:
        hand.act(2, "check")
    assert "950 to call" in str(refused.value) and "raise" not in str(refused.value)
    assert "Betting & Raising item 1" not in refused.value.rule
    hand.act(2, "call")
    with pytest.raises(pf.IllegalAction) as refused:
        hand.act(3, "check")
    assert "50 to call" in str(refused.value) and "raise" not in str(refused.value)


def test_a_refused_fold_does_not_cite_the_check_raise_rule() -> None:
    game = pf.Game.no_limit_holdem(50, 100).with_house(fold_facing_no_bet="refused")
    hand = pf.Hand(game, {1: 1_000, 2: 1_000}, button=2, rng=random.Random(3))
    hand.act(2, "call")
    with pytest.raises(pf.IllegalAction) as refused:
        hand.act(1, "fold")
    assert "item 1" not in refused.value.rule and "check" in str(refused.value)


def test_a_bet_facing_a_bet_names_the_amount_to_call() -> None:
    hand = pf.Hand(pf.Game.no_limit_holdem(50, 100), {1: 1_000, 2: 1_000, 3: 1_000}, button=3, rng=random.Random(3))
    with pytest.raises(pf.IllegalAction) as refused:
        hand.act(3, "bet", to=300)
    assert "100 to call" in str(refused.value)
