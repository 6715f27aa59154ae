"""Table stakes versus open stakes inside one hand (WIKI_BIP Table stakes, Open stakes; rules.md §5.1)."""

from __future__ import annotations

import random

import pytest

import pokerfloor as pf


def new_hand(table_stakes: bool) -> pf.Hand:
    game = pf.Game.no_limit_holdem(5, 10).with_house(table_stakes=table_stakes)
    return pf.Hand(game, stacks={1: 500, 2: 500, 3: 500}, button=1, rng=random.Random(3))


def test_table_stakes_refuse_chips_added_during_a_hand() -> None:
    """WIKI_BIP Table stakes: only chips on the table at the start of a hand play."""
    hand = new_hand(table_stakes=True)
    before = (hand.stacks, list(hand.events))
    with pytest.raises(pf.IllegalAction) as ruling:
        hand.add_chips(1, 100)
    assert ruling.value.reason == "chips_change_during_hand"
    assert (hand.stacks, list(hand.events)) == before


def test_open_stakes_chips_play_and_are_not_counted_as_winnings() -> None:
    """WIKI_BIP Open stakes: chips bought mid-hand join the stack; the result's net leaves them out."""
    hand = new_hand(table_stakes=False)
    seat = hand.to_act
    assert seat is not None
    hand.add_chips(seat, 300)
    assert hand.stacks[seat] == 800
    assert hand.legal().raise_ is not None and hand.legal().raise_.max_to == 800
    while not hand.is_over:
        actor = hand.to_act
        assert actor is not None
        hand.act(actor, "fold" if hand.legal().fold else "check")
    assert hand.result is not None
    assert sum(hand.result.net.values()) == 0
    assert sum(hand.result.stacks.values()) == 1800


def test_open_stakes_still_refuse_nonsense() -> None:
    hand = new_hand(table_stakes=False)
    for seat, chips, reason in ((9, 100, "invalid_action"), (1, -5, "invalid_action"), (1, 0, "invalid_action")):
        with pytest.raises(pf.IllegalAction) as ruling:
            hand.add_chips(seat, chips)
        assert ruling.value.reason == reason
