"""Hands of six and seven cards: the best five, checked against treys and by brute force."""

from __future__ import annotations

import random
from functools import partial

from treys import Card as TreysCard
from treys import Evaluator

from pokerfloor.cards import Card
from pokerfloor.evaluation import (
    ace_five_rank,
    high_rank,
    low8_rank,
    short_deck_rank,
)

from . import reference as ref


def _treys_cards(hand: list[int]) -> list[int]:
    return [TreysCard.new(str(Card(c))) for c in hand]


def test_seven_card_high_orders_50000_hands_as_treys_does():
    """treys ranks smaller-is-better; the order of every pair of hands must be the reverse."""
    evaluator = Evaluator()
    hands = ref.deals(seed=7, count=50_000, size=7)
    theirs = []
    for hand in hands:
        cards = _treys_cards(hand)
        theirs.append((-evaluator.evaluate(cards[:5], cards[5:]),))
    ref.assert_same_order(map(high_rank, hands), theirs)


def test_six_card_high_orders_hands_as_treys_does():
    evaluator = Evaluator()
    hands = ref.deals(seed=6, count=10_000, size=6)
    theirs = []
    for hand in hands:
        cards = _treys_cards(hand)
        theirs.append((-evaluator.evaluate(cards[:4], cards[4:]),))
    ref.assert_same_order(map(high_rank, hands), theirs)


def _suited_deals(seed: int, count: int, size: int, deck: range = range(52)) -> list[list[int]]:
    """Hands drawn mostly from one or two suits, so flushes, straight flushes and hands with
    both a flush and a pair or straight come up often."""
    rng = random.Random(seed)
    hands = []
    for _ in range(count):
        suits = rng.sample(range(4), rng.choice((1, 2)))
        cards = [c for c in deck if c % 4 in suits]
        hands.append(rng.sample(cards, size) if len(cards) >= size else rng.sample(deck, size))
    return hands


def test_high_is_the_best_of_the_21_five_card_hands():
    hands = ref.deals(seed=21, count=4_000, size=7) + _suited_deals(22, 3_000, 7)
    hands += ref.deals(seed=23, count=2_000, size=6) + _suited_deals(24, 2_000, 6)
    hands += _suited_deals(25, 2_000, 5)
    ref.assert_same_order(
        map(high_rank, hands), (ref.best_five(h, ref.five_card_high) for h in hands)
    )


def test_high_accepts_cards_lists_and_tuples_alike():
    hands = ref.deals(seed=3, count=500, size=7)
    for hand in hands:
        value = high_rank(hand)
        assert high_rank(tuple(hand)) == value
        assert high_rank([Card(c) for c in hand]) == value
        assert high_rank(list(reversed(hand))) == value


def test_short_deck_is_the_best_of_the_21_five_card_hands():
    deck = range(16, 52)
    hands = ref.deals(seed=31, count=3_000, size=7, deck=deck) + _suited_deals(32, 3_000, 7, deck)
    hands += ref.deals(seed=33, count=1_000, size=6, deck=deck)
    five = partial(ref.five_card_high, short_deck=True)
    ref.assert_same_order(map(short_deck_rank, hands), (ref.best_five(h, five) for h in hands))


def test_ace_five_is_the_best_five_of_seven_and_of_six():
    hands = ref.deals(seed=41, count=3_000, size=7) + ref.deals(seed=42, count=1_000, size=6)
    # few ranks, so the best five must be built around pairs and trips
    hands += ref.deals(seed=43, count=2_000, size=7, deck=range(16))
    hands += ref.deals(seed=44, count=1_000, size=7, deck=[*range(12), *range(40, 52)])
    ref.assert_same_order(
        map(ace_five_rank, hands), (ref.best_five(h, ref.five_card_ace_five) for h in hands)
    )


def test_eight_or_better_is_the_best_qualifying_five_of_seven():
    hands = ref.deals(seed=51, count=4_000, size=7)
    hands += ref.deals(seed=52, count=2_000, size=7, deck=[*range(32), 48, 49, 50, 51])
    hands += ref.deals(seed=53, count=1_000, size=6, deck=[*range(28), 48, 49, 50, 51])
    ref.assert_same_order(
        map(low8_rank, hands), (ref.best_five(h, ref.five_card_low8) for h in hands)
    )
