"""Issue 37, finding 9: the bring-in in no-limit, pot-limit and spread-limit stud. WIKI_BIP
bring-in: a forced bet "less than the normal betting minimum", which the next players may call
or complete to a full bet. ``Game`` refuses a bring-in that is not below the smallest bet in every
structure, and the default smallest bet of a stud game is twice the bring-in, as the fixed-limit
small bet; completing it is the first full bet."""

from __future__ import annotations

import random

import pytest

import pokerfloor as pf
from pokerfloor import citations as cite


def issue_hand(structure: str = "no_limit") -> pf.Hand:
    game = pf.Game(variant="stud", structure=structure, ante=1, bring_in=10)
    return pf.Hand(game, {1: 500, 2: 500, 3: 500}, 1, rng=random.Random(3))


@pytest.mark.parametrize("structure", ["no_limit", "pot_limit", "half_pot"])
def test_the_issue_game_brings_in_below_the_smallest_bet(structure: str) -> None:
    """The issue's game: the smallest bet is twice the bring-in (20), so the seat bringing it in
    may complete instead (before the fix ``legal().complete`` was None and ``all_in`` silently
    became the bring-in)."""
    hand = issue_hand(structure)
    assert hand.game.min_bet == 20
    seat = hand.to_act
    legal = hand.legal()
    assert legal.bring_in == 10 and legal.complete is not None and legal.complete.min_to == 20
    hand.act(seat, "all_in")
    assert hand.events[-1].kind == "complete" and hand.events[-1].amount == legal.complete.max_to


@pytest.mark.parametrize("structure", ["no_limit", "pot_limit"])
def test_after_the_bring_in_the_next_seat_completes_to_a_full_bet_not_one_chip_more(structure: str) -> None:
    """After the bring-in the next seat may call it or complete to a full bet (the smallest bet);
    before the fix it could raise to one chip more than the bring-in. A completion is a full bet:
    the raise over it is at least its size."""
    hand = issue_hand(structure)
    hand.act(hand.to_act, "bring_in")
    legal = hand.legal()
    assert legal.raise_ is None and legal.complete is not None
    assert legal.complete.min_to == 20
    with pytest.raises(pf.IllegalAction):
        hand.act(hand.to_act, "complete", to=11)
    hand.act(hand.to_act, "complete", to=20)
    after = hand.legal()
    assert after.raise_ is not None and after.raise_.min_to == 40


def test_a_completion_over_the_full_bet_sets_the_next_minimum_raise() -> None:
    """No-limit: completing the bring-in to 50 is a bet of 50, so a raise is to at least 100."""
    hand = issue_hand()
    hand.act(hand.to_act, "bring_in")
    hand.act(hand.to_act, "complete", to=50)
    legal = hand.legal()
    assert legal.raise_ is not None and legal.raise_.min_to == 100


@pytest.mark.parametrize(
    "structure, limits",
    [
        ("fixed_limit", {"small_bet": 10}),
        ("no_limit", {"min_bet": 10}),
        ("pot_limit", {"min_bet": 8}),
        ("half_pot", {"min_bet": 10}),
        ("spread_limit", {"spread": (10, 20, 40)}),
    ],
)
def test_a_bring_in_not_below_the_smallest_bet_is_refused_in_every_structure(
    structure: str, limits: dict[str, object]
) -> None:
    """``Game`` refuses a bring-in that is not less than the normal betting minimum (WIKI_BIP
    bring-in), whatever the structure (before the fix: only in fixed limit)."""
    with pytest.raises(pf.InvalidArgument) as refused:
        pf.Game(variant="razz", structure=structure, ante=1, bring_in=10, **limits)  # type: ignore[arg-type]
    assert cite.BRING_IN_SIZE in str(refused.value)


def test_a_stud_game_without_a_bring_in_keeps_its_smallest_bet() -> None:
    """The default smallest bet is twice the bring-in only when there is one."""
    assert pf.Game(variant="stud", structure="no_limit", ante=5, min_bet=10).min_bet == 10
    assert pf.Game(variant="stud", structure="no_limit", ante=5).min_bet == 1
    assert pf.Game(variant="stud", structure="no_limit", ante=5, bring_in=5, min_bet=12).min_bet == 12
