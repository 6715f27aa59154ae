"""Spots (design.md, "A spot, like a chess position"): a hand set up at the start of a later street."""

from __future__ import annotations

import random

from handkit import ROYAL_BOARD

import pokerfloor as pf

NL_50_100 = pf.Game.no_limit_holdem(50, 100)


def test_spot_board_cards_are_never_dealt_as_hole_cards() -> None:
    """A given board is taken out of the deck before the hole cards nobody gave are dealt."""
    for seed in range(60):
        hand = pf.Hand.from_spot(
            NL_50_100,
            stacks={1: 1000, 2: 1000, 3: 1000},
            button=3,
            street="river",
            contributions={1: 100, 2: 100, 3: 100},
            board=ROYAL_BOARD,
            holes={1: "2c3d"},
            rng=random.Random(seed),
        )
        cards = [*hand.board, *(card for hole in hand.holes.values() for card in hole)]
        assert len(set(cards)) == len(cards) == 11


def test_spot_starts_with_the_pot_in_the_middle_and_first_seat_left_of_button() -> None:
    """A flop spot: contributions are in the pot, no bets yet, the first live seat left of the
    button acts (§1.1)."""
    hand = pf.Hand.from_spot(
        NL_50_100,
        stacks={1: 900, 2: 900, 3: 900},
        button=1,
        street="flop",
        contributions={1: 100, 2: 100, 3: 100},
        folded=[2],
        rng=random.Random(3),
    )
    assert hand.street == "flop" and len(hand.board) == 3
    assert hand.pots == [pf.Pot(300, frozenset({1, 3}))]
    assert hand.bets == {1: 0, 2: 0, 3: 0}
    assert hand.to_act == 3


def test_a_spot_takes_its_folded_seats_from_any_iterable() -> None:
    """``Hand.from_spot(folded=...)`` reads the folded seats once, so a generator works too."""
    game = pf.Game.no_limit_holdem(5, 10)
    spot = pf.Hand.from_spot(
        game,
        stacks={1: 500, 2: 500, 3: 500, 4: 500},
        button=4,
        street="flop",
        contributions={1: 20, 2: 20, 3: 20, 4: 20},
        folded=(s for s in (2, 3)),
        rng=random.Random(4),
    )
    assert spot.folded == frozenset({2, 3})
