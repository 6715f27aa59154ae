"""Slow, plain definitions of every ranking, written from the rules and nothing else.

Each returns a key that compares greater for the better hand (a tuple, or None for a hand
that has no qualifying low), from which the fast tables in ``pokerfloor.evaluation`` are checked.
Ranks here are rank indexes (0 = deuce .. 12 = ace); ``ace_low`` maps the ace to -1.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from itertools import combinations, pairwise
from typing import Any

Key = tuple[Any, ...]

STANDARD = ("high card", "one pair", "two pair", "three of a kind", "straight", "flush",
            "full house", "four of a kind", "straight flush")
SHORT = ("high card", "one pair", "two pair", "three of a kind", "straight", "full house",
         "flush", "four of a kind", "straight flush")


def ace_low(rank: int) -> int:
    return -1 if rank == 12 else rank


def five_card_high(cards: Sequence[int], *, short_deck: bool = False, wheel: bool = True) -> Key:
    """(category index, tie-break ranks) of exactly five cards as a high hand."""
    assert len(cards) == 5
    ranks = [c // 4 for c in cards]
    counts = Counter(ranks)
    # ranks ordered by how many there are, then by rank
    order = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    flush = len({c % 4 for c in cards}) == 1
    straight_top = None
    if len(counts) == 5:
        low, high = min(ranks), max(ranks)
        if high - low == 4:
            straight_top = high
        lowest_rank = 4 if short_deck else 0
        if wheel and sorted(ranks) == [lowest_rank, lowest_rank + 1, lowest_rank + 2,
                                       lowest_rank + 3, 12]:
            straight_top = lowest_rank + 3
    if straight_top is not None and flush:
        name = "straight flush"
    elif shape == [4, 1]:
        name = "four of a kind"
    elif shape == [3, 2]:
        name = "full house"
    elif flush:
        name = "flush"
    elif straight_top is not None:
        name = "straight"
    elif shape == [3, 1, 1]:
        name = "three of a kind"
    elif shape == [2, 2, 1]:
        name = "two pair"
    elif shape == [2, 1, 1, 1]:
        name = "one pair"
    else:
        name = "high card"
    ladder = SHORT if short_deck else STANDARD
    tie = (straight_top,) if straight_top is not None else tuple(order)
    return (ladder.index(name), tie)


def category_of(key: Key, *, short_deck: bool = False) -> str:
    return (SHORT if short_deck else STANDARD)[key[0]]


def five_card_ace_five(cards: Sequence[int]) -> Key:
    """Ace-to-five low of five cards: pairs count, the ace is low, nothing else matters."""
    ranks = [ace_low(c // 4) for c in cards]
    counts = Counter(ranks)
    shape = sorted(counts.values(), reverse=True)
    order = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    # more of a kind is worse ([1,1,1,1,1] < [2,1,1,1] < ... < [4,1]), then higher ranks
    return (tuple(-n for n in shape), tuple(-r for r in order))


def five_card_deuce_seven(cards: Sequence[int]) -> Key:
    """Deuce-to-seven: the worse the high hand (ace high only, no wheel), the better."""
    category, tie = five_card_high(cards, wheel=False)
    return (-category, *(-r for r in tie))


def five_card_low8(cards: Sequence[int]) -> Key | None:
    """Eight-or-better: five different ranks, ace low, none above an eight."""
    ranks = sorted((ace_low(c // 4) for c in cards), reverse=True)
    if len(set(ranks)) < 5 or ranks[0] > 6:
        return None
    return tuple(-r for r in ranks)


def badugi(cards: Sequence[int]) -> Key:
    """The largest set of cards with no rank and no suit twice; then the lowest, aces low."""
    for size in range(len(cards), 0, -1):
        keys = [
            (size, tuple(-r for r in sorted((ace_low(c // 4) for c in group), reverse=True)))
            for group in combinations(cards, size)
            if len({c // 4 for c in group}) == size == len({c % 4 for c in group})
        ]
        if keys:
            return max(keys)
    raise ValueError("no cards")


def best_five(cards: Sequence[int], five: Callable[[Sequence[int]], Key | None]) -> Key | None:
    """The best key of any five of the cards (None if no five qualify)."""
    keys = [k for k in map(five, combinations(cards, 5)) if k is not None]
    return max(keys) if keys else None


def omaha(
    hole: Sequence[int], board: Sequence[int], five: Callable[[Sequence[int]], Key | None]
) -> Key | None:
    """The best key of exactly two hole cards with exactly three board cards."""
    keys = [
        k
        for pair in combinations(hole, 2)
        for triple in combinations(board, 3)
        if (k := five(pair + triple)) is not None
    ]
    return max(keys) if keys else None


def assert_same_order(values: Iterable[int | None], keys: Iterable[Key | None]) -> None:
    """The fast values order the hands exactly as the reference keys do, ties included:
    equal values for equal keys, greater values for greater keys, None for None."""
    pairs: set[tuple[int, Key]] = set()
    for value, key in zip(values, keys, strict=True):
        assert (value is None) == (key is None), (value, key)
        if value is not None and key is not None:
            pairs.add((value, key))
    ordered = sorted(pairs, key=lambda pair: pair[0])
    for (v1, k1), (v2, k2) in pairwise(ordered):
        assert v1 < v2, f"value {v1} stands for both {k1} and {k2}"
        assert k1 < k2, f"value {v1} ({k1}) is below {v2} ({k2}) but not a worse hand"


def deals(seed: int, count: int, size: int, deck: Sequence[int] = range(52)) -> list[list[int]]:
    rng = random.Random(seed)
    return [rng.sample(deck, size) for _ in range(count)]
