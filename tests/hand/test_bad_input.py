"""Refused input: each illegal action names its reason and leaves the hand exactly as it was
(design.md: "An illegal action raises pf.IllegalAction ... The hand is unchanged after it")."""

from __future__ import annotations

import pytest
from handkit import deal, play, refused, seats

import pokerfloor as pf

NL_50_100 = pf.Game.no_limit_holdem(50, 100)


def test_unknown_seat_is_refused() -> None:
    """A seat that is not dealt in cannot act."""
    hand = deal(NL_50_100, seats(3))
    assert refused(hand, 9, "call") == "invalid_action"
    assert refused(hand, "3", "call") == "invalid_action"
    assert refused(hand, True, "call") == "invalid_action"


def test_unknown_action_is_refused() -> None:
    """Actions are the design's list; anything else is refused."""
    hand = deal(NL_50_100, seats(3))
    assert refused(hand, 3, "limp") == "invalid_action"
    assert refused(hand, 3, "bring_in") == "invalid_action"


@pytest.mark.parametrize("amount", [-100, 250.0, "300", True, False, None])
def test_amount_must_be_a_whole_non_negative_number_of_chips(amount: object) -> None:
    """Money is always int chips (design.md): negative, fractional, text and bool amounts, or a
    raise without an amount, are refused."""
    hand = deal(NL_50_100, seats(3))
    assert refused(hand, 3, "raise", amount) == "invalid_action"


def test_out_of_turn_is_refused() -> None:
    """§1.11: with ``oot_mode="reject"`` (the default) action out of turn is refused (TDA 2024
    R53)."""
    hand = deal(NL_50_100, seats(4))
    assert hand.to_act == 3
    assert refused(hand, 4, "fold") == "not_your_turn"
    assert refused(hand, 2, "check") == "not_your_turn"
    assert refused(hand, 1, "raise", 300) == "not_your_turn"


def test_out_of_turn_error_cites_the_rule() -> None:
    """An illegal action carries the rule it breaks and a sentence a player understands."""
    hand = deal(NL_50_100, seats(4))
    with pytest.raises(pf.IllegalAction) as caught:
        hand.act(4, "fold")
    assert caught.value.rule == "TDA 2024 Rule 53"
    assert "seat 3" in str(caught.value)


def test_acting_after_the_hand_is_over_is_refused() -> None:
    """Once the hand is over nobody may act (reason ``hand_over``)."""
    hand = play(deal(NL_50_100, seats(3)), [(3, "fold"), (1, "fold")])
    assert hand.is_over and hand.to_act is None
    assert refused(hand, 2, "check") == "hand_over"
    assert refused(hand, 3, "call") == "hand_over"


def test_more_than_the_stack_is_refused() -> None:
    """Table stakes (§5.1; WIKI_BIP): nobody bets more than the chips in front of them."""
    hand = deal(NL_50_100, seats(3, 1000))
    assert refused(hand, 3, "raise", 1001) == "above_stack"


def test_bet_while_facing_a_bet_is_refused() -> None:
    """Facing a bet, a player raises; "bet" is not one of the choices (§1.2)."""
    hand = deal(NL_50_100, seats(3))
    assert refused(hand, 3, "bet", 300) == "invalid_action"


def test_call_to_a_wrong_amount_is_refused() -> None:
    """A call is to the current bet; another amount is not a call."""
    hand = play(deal(NL_50_100, seats(3)), [(3, "raise", 300)])
    assert refused(hand, 1, "call", 200) == "invalid_action"
