"""What the seat bringing it in may not do (RROP11 seven-card stud; WIKI_BIP bring-in): complete
when it has only the bring-in, or complete without saying to how much. Refused, nothing changes."""

from __future__ import annotations

import random

import pytest
from studkit import STUD

import pokerfloor as pf


def test_no_completion_from_a_seat_with_only_the_bring_in_or_without_an_amount() -> None:
    probe = pf.Hand(STUD, {1: 1000, 2: 1000, 3: 1000}, button=3, rng=random.Random(9))
    seat = probe.to_act
    assert seat is not None
    short = pf.Hand(STUD, {1: 1000, 2: 1000, 3: 1000} | {seat: 15}, button=3, rng=random.Random(9))
    with pytest.raises(pf.IllegalAction, match="bring in 10"):
        short.act(seat, "complete", to=20)
    short.act(seat, "all_in")                         # all in is the bring-in itself
    assert (short.events[-1].kind, short.events[-1].amount) == ("bring_in", 10)
    with pytest.raises(pf.IllegalAction, match="bring in 10 or complete to 20"):
        probe.act(seat, "complete")
    assert probe.to_act == seat and probe.legal().bring_in == 10


def test_a_spread_limit_bring_in_is_completed_within_the_spread() -> None:
    """WIKI_BIP bring-in, spread limit: after the bring-in the next seat completes to a bet within
    the spread (4 to 8), not to the bring-in plus the spread."""
    game = pf.Game(variant="stud", structure="spread_limit", ante=1, bring_in=2, spread=(4, 8, 16))
    hand = pf.Hand(game, {1: 100, 2: 100, 3: 100}, 1, rng=random.Random(6))
    hand.act(hand.to_act, "bring_in")
    assert hand.legal().complete == pf.Range(4, 8)


def test_after_the_bring_in_a_bet_is_refused_the_seat_faces_one_complete_or_raise() -> None:
    """WIKI_BIP bring-in (the next players call it, or complete, raise, to a full bet) and TDA
    2024 Rule 3 (the official terms: "complete", "raise"): facing the bring-in a seat faces a
    wager, so "bet" is refused with the words to use, nothing changed; "raise" completes."""
    hand = pf.Hand(STUD, {1: 1000, 2: 1000, 3: 1000}, button=3, rng=random.Random(9))
    hand.act(hand.to_act, "bring_in")
    seat, complete = hand.to_act, hand.legal().complete
    assert seat is not None and complete is not None
    with pytest.raises(pf.IllegalAction, match="complete instead"):
        hand.act(seat, "bet", to=complete.min_to)
    assert hand.to_act == seat and len([e for e in hand.events if e.kind == "complete"]) == 0
    hand.act(seat, "raise", to=complete.min_to)
    assert (hand.events[-1].kind, hand.events[-1].amount) == ("complete", complete.min_to)
