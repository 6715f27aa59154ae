"""Action out of turn (TDA 2024 R53-A/B; rules.md §1.11), under both ``oot_mode`` options."""

from __future__ import annotations

import random

import pytest

import pokerfloor as pf

STACKS = {1: 5000, 2: 5000, 3: 5000, 4: 5000}


def new_hand(mode: str) -> pf.Hand:
    game = pf.Game.no_limit_holdem(50, 100).with_house(oot_mode=mode)
    return pf.Hand(game, stacks=STACKS, button=1, rng=random.Random(1))


def test_reject_mode_refuses_out_of_turn_and_leaves_the_hand_unchanged() -> None:
    """Default ``oot_mode="reject"``: an engine may simply refuse out-of-turn input (rules.md §1.11)."""
    hand = new_hand("reject")
    before = (list(hand.events), hand.stacks, hand.to_act)
    with pytest.raises(pf.IllegalAction) as ruling:
        hand.act(1, "call")
    assert ruling.value.reason == "not_your_turn"
    assert ruling.value.rule == "TDA 2024 Rule 53"
    assert (list(hand.events), hand.stacks, hand.to_act) == before


def test_held_action_stands_when_the_action_does_not_change() -> None:
    """TDA 2024 R53-A: if the correct player checks, calls or folds, the out-of-turn action stands."""
    hand = new_hand("hold")
    assert hand.to_act == 4
    held = hand.act(1, "call")
    assert held.kind == "held" and hand.to_act == 4
    hand.act(4, "call")
    assert hand.events[-1].kind == "call" and hand.events[-1].seat == 1
    assert hand.bets[1] == 100
    assert hand.to_act == 2


def test_held_action_is_void_when_the_action_changes() -> None:
    """TDA 2024 R53-B: if the action changes, the out-of-turn action is void; every option returns."""
    hand = new_hand("hold")
    hand.act(1, "call")
    hand.act(4, "raise", to=300)
    assert hand.events[-1].kind == "void"
    assert hand.to_act == 1
    assert hand.bets[1] == 0
    legal = hand.legal()
    assert legal.call is not None and legal.call.to == 300 and legal.raise_ is not None


def test_out_of_turn_fold_always_stands() -> None:
    """TDA 2024 R53: an out-of-turn fold is binding even when the action changes."""
    hand = new_hand("hold")
    hand.act(1, "fold")
    hand.act(4, "raise", to=300)
    assert 1 in hand.folded
    assert hand.to_act == 2
