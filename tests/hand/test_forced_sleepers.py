"""Sleepers (WIKI_BIP Sleepers; rules.md §2.8) under both values of ``sleeper_when_entered``."""

from __future__ import annotations

import random

import pokerfloor as pf

STACKS = {seat: 500 for seat in range(1, 7)}


def new_hand(rule: str) -> pf.Hand:
    """Blinds 1/2 with the button at seat 1 (SB 2, BB 3); a sleeper of 4 from seat 6."""
    game = pf.Game.no_limit_holdem(1, 2).with_house(sleeper_when_entered=rule)
    return pf.Hand(game, stacks=STACKS, button=1, rng=random.Random(5), posts=[pf.Post(6, 4, "sleeper")])


def test_a_standing_sleeper_is_the_bet_to_call_and_its_owner_has_no_option() -> None:
    """WIKI_BIP Sleepers: blinds 1/2 and a 4 sleeper: the first player's bet to call is 4; the
    sleeper's turn is skipped unless someone raises."""
    hand = new_hand("stands")
    assert hand.to_act == 4
    assert hand.legal().call == pf.Call(4, 4)
    hand.act(4, "call")
    hand.act(5, "call")
    assert hand.to_act == 1  # seat 6 (the sleeper) is skipped
    hand.act(1, "call")
    hand.act(2, "call")
    hand.act(3, "call")
    assert hand.street == "flop"


def test_returned_sleeper_comes_back_when_a_player_in_front_enters() -> None:
    """House rule ``returned``: once a player in front of the sleeper enters the pot, the sleeper
    is void and its owner acts as any other player, facing the big blind."""
    hand = new_hand("returned")
    assert hand.legal().call == pf.Call(2, 2)
    hand.act(4, "call")
    hand.act(5, "fold")
    assert hand.to_act == 6
    assert hand.events[-1].kind == "void"
    assert hand.bets[6] == 0 and hand.stacks[6] == 500
    assert hand.legal().call == pf.Call(2, 2)


def test_returned_sleeper_stands_when_nobody_in_front_enters() -> None:
    hand = new_hand("returned")
    hand.act(4, "fold")
    hand.act(5, "fold")
    assert hand.to_act == 1
    assert hand.bets[6] == 4
    assert hand.legal().call == pf.Call(4, 4)
    hand.act(1, "fold")
    hand.act(2, "fold")
    hand.act(3, "call")
    assert hand.street == "flop"  # the sleeper had no option: nobody raised
