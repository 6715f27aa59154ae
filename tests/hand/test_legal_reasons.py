"""``legal()`` says why a bet or raise is closed, with the rule, and the round's state is read
only: the current bet, the minimum raise increment, the raises made and the cap."""

from __future__ import annotations

import pytest
from handkit import deal, play, seats

import pokerfloor as pf

NL = pf.Game.no_limit_holdem(50, 100)
LIMIT = pf.Game.fixed_limit_holdem(100, 200)


def test_betting_not_reopened_after_a_short_all_in() -> None:
    """TDA 2024 R47: 3 bets 400, 1 goes all-in for 550 (short of a full raise) and 2 calls: 3 may
    only call or fold."""
    hand = deal(NL, {1: 650, 2: 5000, 3: 5000}, button=2)
    play(hand, [(2, "call"), (3, "call"), (1, "check")])
    assert hand.street == "flop" and hand.to_act == 3
    play(hand, [(3, "bet", 400), (1, "all_in"), (2, "call")])
    legal = hand.legal()
    assert legal.seat == 3 and legal.raise_ is None and legal.call is not None
    assert (legal.reason, legal.rule) == ("betting_not_reopened", "TDA 2024 Rule 47")


def test_the_cap_closes_the_raise_and_legal_says_so() -> None:
    """RROP11 Betting & Raising item 3: a bet and the raises allowed, then only calls (multiway)."""
    game = LIMIT.with_house(raise_cap=1)
    hand = play(deal(game, seats(4)), [(3, "raise", 200)])
    assert (hand.raises_made, hand.raise_cap, hand.current_bet) == (1, 1, 200)
    legal = hand.legal()
    assert legal.raise_ is None
    assert (legal.reason, legal.rule) == ("cap_reached", "RROP11 Betting & Raising item 3")


def test_no_raise_when_no_opponent_can_call_more() -> None:
    """Every opponent is all-in for less: a raise could only come back uncalled."""
    hand = play(deal(NL, {1: 5000, 2: 5000, 3: 300}), [(3, "all_in"), (1, "fold")])
    legal = hand.legal()
    assert legal.seat == 2 and legal.raise_ is None and legal.call == pf.Call(300, 200)
    assert legal.reason == "no_opponent_can_call" and legal.rule
    with pytest.raises(pf.IllegalAction) as refused:
        hand.act(2, "raise", to=1000)
    assert (refused.value.reason, refused.value.rule) == (legal.reason, legal.rule)


def test_an_open_raise_has_no_reason() -> None:
    legal = deal(NL, seats(3)).legal()
    assert legal.raise_ is not None and (legal.reason, legal.rule) == ("", "")


def test_the_rounds_state_no_limit() -> None:
    """TDA 2024 R43-A: a raise to 350 over the 100 blind makes the minimum increment 250."""
    hand = deal(NL, seats(3))
    assert (hand.current_bet, hand.min_raise_increment, hand.raises_made, hand.raise_cap) == (100, 100, 0, None)
    play(hand, [(3, "raise", 350)])
    assert (hand.current_bet, hand.min_raise_increment, hand.raises_made) == (350, 250, 1)
    play(hand, [(1, "call"), (2, "call")])
    assert (hand.street, hand.current_bet, hand.min_raise_increment, hand.raises_made) == ("flop", 0, 100, 0)
    play(hand, [(1, "bet", 200)])
    assert (hand.current_bet, hand.raises_made) == (200, 0)


def test_the_rounds_state_limit() -> None:
    """In limit the big blind is the opening bet; the rulebook cap is a bet and three raises."""
    hand = deal(LIMIT, seats(4))
    assert (hand.current_bet, hand.raises_made, hand.raise_cap) == (100, 0, 3)
    play(hand, [(3, "raise", 200), (4, "raise", 300)])
    assert (hand.current_bet, hand.min_raise_increment, hand.raises_made) == (300, 100, 2)


def test_interpret_says_why_a_raise_is_a_call() -> None:
    """TDA 2024 R40 binding words: "raise" when the betting is capped is ruled a call, citing the cap."""
    game = LIMIT.with_house(raise_cap=1)
    hand = play(deal(game, seats(4)), [(3, "raise", 200)])
    ruling = pf.interpret(hand, 4, verbal="raise")
    assert ruling.action == "call"
    assert "capped" in ruling.explanation and "RROP11 Betting & Raising item 3" in ruling.rule
