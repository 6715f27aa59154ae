"""Issue 37, finding 10: an all-in before the draws of a draw game. TDA 2024 Rule 16 tables every
hand once betting is over, but in a draw game the draws are decisions still to come: Robert's
Rules (draw and lowball: a player learns only how many cards an opponent drew) and TDA 2024 Rule
35-A (house rules apply for draw games) keep the hands hidden until the last draw (house option
``draw_all_in_tabling``, default ``"after_draws"``)."""

from __future__ import annotations

import random

import pokerfloor as pf
from pokerfloor import citations as cite


def all_in_before_the_draws(house: pf.HouseRules | None = None) -> pf.Hand:
    """2-7 triple draw: seat 1 is all in for its 6 chips before the first draw, seat 2 calls."""
    game = pf.Game(variant="deuce_seven_triple", structure="no_limit", small_blind=1, big_blind=2,
                   house=house or pf.HouseRules())
    hand = pf.Hand(game, {1: 6, 2: 500}, button=1, rng=random.Random(8))
    hand.act(hand.to_act, "all_in")
    hand.act(hand.to_act, "call")
    return hand


def test_the_hands_stay_hidden_through_the_draws() -> None:
    hand = all_in_before_the_draws()
    assert hand.street != "preflop" and not hand.is_over        # drawing
    assert not any(e.kind == "expose" for e in hand.events)
    coverer = hand.view(2)
    assert all(card is None for card in coverer.holes[1])        # seat 2 draws without seeing seat 1's hand
    while not hand.is_over:
        seat, legal = hand.to_act, hand.legal()
        assert seat is not None
        if legal.draw is not None:
            hand.act(seat, "draw", discard=[])
        else:
            hand.act(seat, "check")
    assert hand.result is not None and all(None not in cards for cards in hand.view(2).holes.values())
    assert pf.HouseRules().draw_all_in_tabling == "after_draws"
    assert cite.DRAW_ALL_IN.startswith("RROP11 Draw poker")


def test_a_house_may_table_the_hands_at_the_all_in() -> None:
    """``draw_all_in_tabling="at_all_in"``: TDA 2024 Rule 16 as in flop games."""
    hand = all_in_before_the_draws(pf.HouseRules(draw_all_in_tabling="at_all_in"))
    assert any(e.kind == "expose" for e in hand.events)
    assert all(card is not None for card in hand.view(2).holes[1])
