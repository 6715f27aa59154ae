"""A draw game dealt by the engine is written with its first deal, so the file replays: the
first deal has no event of its own, and the draws after it must not hide it."""

from __future__ import annotations

import random

import pytest

import pokerfloor as pf
from pokerfloor.io import export, replay


@pytest.mark.parametrize(
    ("variant", "structure"),
    [("deuce_seven_triple", "fixed_limit"), ("deuce_seven_single", "no_limit"), ("badugi", "fixed_limit")],
)
def test_a_dealt_draw_hand_replays_from_its_history(variant: str, structure: str) -> None:
    game = pf.Game(variant=variant, structure=structure, small_blind=50, big_blind=100)
    hand = pf.Hand(game, stacks={1: 2_000, 2: 2_000, 3: 2_000}, button=1, rng=random.Random(5))
    first = {seat: list(cards) for seat, cards in hand.holes.items()}
    while not hand.is_over:
        seat, legal = hand.to_act, hand.legal()
        if legal.draw is not None:
            hand.act(seat, "draw", discard=[str(card) for card in hand.holes[seat][:2]])
        else:
            hand.act(seat, "check" if legal.check else "call")
    history = export.history_of(hand)
    dealt = [action.split() for action in history.actions if action.startswith("d dh")][:3]
    for (_, _, player, cards), seat in zip(dealt, hand.seats, strict=True):
        assert player == f"p{hand.seats.index(seat) + 1}"
        assert sorted(pf.parse_cards(cards)) == sorted(first[seat])
    assert replay.replay(history).hand.result.stacks == hand.result.stacks
