"""The per-card keys: their sums tell every multiset of ranks apart and find every flush."""

from __future__ import annotations

from itertools import combinations_with_replacement, product

import pytest

from pokerfloor.evaluation.cardkeys import CARD_KEYS, FLUSH_SUIT, SUIT_MASK, ranks_key
from pokerfloor.evaluation.high import high_tables


@pytest.mark.parametrize(("size", "multisets"), [(5, 6_175), (6, 18_395), (7, 49_205)])
def test_every_multiset_of_ranks_has_its_own_key(size, multisets):
    hands = [h for h in combinations_with_replacement(range(13), size)
             if max(h.count(r) for r in h) <= 4]
    assert len(hands) == multisets
    assert len({ranks_key(h) for h in hands}) == multisets
    assert len(high_tables().unsuited[size]) == multisets


@pytest.mark.parametrize("size", [5, 6, 7])
def test_the_suit_code_finds_the_flush_suit(size):
    for counts in product(range(size + 1), repeat=4):
        if sum(counts) != size:
            continue
        cards = [rank * 4 + suit for suit, n in enumerate(counts) for rank in range(n)]
        code = sum(CARD_KEYS[c] for c in cards) & SUIT_MASK
        flush = [suit for suit, n in enumerate(counts) if n >= 5]
        assert FLUSH_SUIT[size][code] == (flush[0] if flush else -1), counts


def test_seven_card_sums_stay_in_one_30_bit_digit():
    """Small ints keep CPython's additions on their fast path."""
    highest = sorted(CARD_KEYS)[-7:]
    lowest = sorted(CARD_KEYS)[:7]
    assert sum(lowest) > -(2**30) and sum(highest) < 2**30
