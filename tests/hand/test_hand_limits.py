"""``Hand.limits`` and ``Hand.max_runs`` (issue 37, findings 6 and 7): the limits a hand is played
at, a kill pot's raised (RROP11 Kill Pots), and how many times the rest of the board can be run."""

from __future__ import annotations

import random

import pokerfloor as pf

LIMIT = pf.Game.fixed_limit_holdem(2, 4)


def test_a_hand_without_a_kill_plays_the_games_limits() -> None:
    hand = pf.Hand(LIMIT, {1: 100, 2: 100, 3: 100}, 1, rng=random.Random(1))
    assert hand.limits == (LIMIT.small_bet, LIMIT.big_bet)
    no_limit = pf.Hand(pf.Game.no_limit_holdem(5, 10), {1: 500, 2: 500}, 1, rng=random.Random(1))
    assert no_limit.limits == (10, 10)


def test_a_full_kill_doubles_the_limits_and_a_half_kill_raises_them_by_half() -> None:
    """RROP11 Kill Pots: a full kill is twice the big blind and doubles the limits; a half kill
    is one and a half times the big blind and raises them by as much."""
    small, big = LIMIT.small_bet, LIMIT.big_bet
    full = pf.Hand(LIMIT, {1: 100, 2: 100, 3: 100}, 1, rng=random.Random(1),
                   posts=[pf.Post(1, 2 * LIMIT.big_blind, "kill")])
    assert full.limits == (2 * small, 2 * big)
    half = pf.Hand(LIMIT, {1: 100, 2: 100, 3: 100}, 1, rng=random.Random(1),
                   posts=[pf.Post(1, 3 * LIMIT.big_blind // 2, "kill")])
    assert half.limits == (3 * small // 2, 3 * big // 2)


def test_the_runs_the_deck_can_deal() -> None:
    """Hold'em, two players all in before the flop: 48 cards left, five a run: nine runs at most;
    the board complete, none; a game without a board, none."""
    hand = pf.Hand(pf.Game.no_limit_holdem(1, 2), {1: 10, 2: 10}, 1, rng=random.Random(2), wait_for_runout=True)
    hand.act(hand.to_act, "all_in")
    hand.act(hand.to_act, "call")
    assert hand.awaiting_runout and hand.max_runs == 48 // 5
    hand.run_out()
    assert hand.is_over and hand.max_runs == 0
    stud = pf.Game(variant="stud", structure="fixed_limit", ante=1, bring_in=2, small_bet=4)
    assert pf.Hand(stud, {1: 50, 2: 50}, 1, rng=random.Random(2)).max_runs == 0
