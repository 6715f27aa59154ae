"""The half-bet rule in limit, measured from what a seat called (TDA 2024 Rule 47-B: in limit at
least 50% of a full bet re-opens the betting for players who have already acted): a seat that
called a short all-in is re-opened only by half a bet more than it called."""

from __future__ import annotations

import random

import pokerfloor as pf


def test_a_seat_that_called_a_short_all_in_needs_half_a_bet_more_to_raise() -> None:
    game = pf.Game.fixed_limit_holdem(10, 20)
    hand = pf.Hand(game, {1: 500, 2: 24, 3: 500, 4: 28, 5: 500}, 5, rng=random.Random(3))
    for seat, action in ((3, "call"), (4, "call"), (5, "call"), (1, "call"), (2, "check")):
        hand.act(seat, action)
    assert hand.street == "flop"
    hand.act(1, "bet", to=10)
    hand.act(2, "all_in")          # to 14: 4 over the bet, less than half of 10
    hand.act(3, "call")            # seat 3 calls 14
    hand.act(4, "all_in")          # to 18: 8 over the last full bet, half a bet or more
    hand.act(5, "fold")
    reopened = hand.legal()        # seat 1 bet 10: 8 more is half a bet or more
    assert hand.to_act == 1 and reopened.raise_ == pf.Range(28, 28)
    hand.act(1, "call")
    closed = hand.legal()          # seat 3 called 14: 4 more is less than half a bet
    assert hand.to_act == 3 and closed.raise_ is None and closed.reason == "betting_not_reopened"
