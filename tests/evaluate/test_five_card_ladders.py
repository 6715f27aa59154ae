"""Every five-card hand, counted: each ranking's categories and distinct values.

The expected counts are the standard combinatorial ones, derived here from the deck (the
standard deck's are quoted, as every reference gives them), and the order of the values is
checked against the plain definitions in ``reference.py``.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations, pairwise
from math import comb

from pokerfloor.evaluation import (
    AceFiveRank,
    BadugiRank,
    HandRank,
    ShortDeckRank,
    ace_five_rank,
    badugi_rank,
    deuce_seven_rank,
    high_rank,
    low8_rank,
    short_deck_rank,
)

from . import reference as ref

FULL_DECK = range(52)
SHORT_DECK = range(16, 52)


@cache
def _values(rank, deck=FULL_DECK, size=5):  # type: ignore[no-untyped-def]
    """Every hand's value, and one hand standing for each value."""
    values = list(map(rank, combinations(deck, size)))
    return values, dict(zip(values, combinations(deck, size), strict=True))


def _categories(values, rank_type):  # type: ignore[no-untyped-def]
    out: Counter[str] = Counter()
    for value, count in Counter(values).items():
        out[rank_type(value).category] += count
    return dict(out)


def test_high_all_2598960_hands_by_category():
    values, _ = _values(high_rank)
    assert len(values) == comb(52, 5) == 2_598_960
    assert _categories(values, HandRank) == {
        "straight flush": 40,
        "four of a kind": 624,
        "full house": 3_744,
        "flush": 5_108,
        "straight": 10_200,
        "three of a kind": 54_912,
        "two pair": 123_552,
        "one pair": 1_098_240,
        "high card": 1_302_540,
    }


def test_high_has_7462_distinct_values_ordered_as_the_rules_say():
    values, examples = _values(high_rank)
    assert sorted(set(values)) == list(range(1, 7463))
    ref.assert_same_order(examples, map(ref.five_card_high, examples.values()))
    hands = ref.deals(seed=5, count=20_000, size=5)
    ref.assert_same_order(map(high_rank, hands), map(ref.five_card_high, hands))


def _short_deck_expected() -> dict[str, int]:
    """Short-deck counts from the deck: 9 ranks, 4 suits, 6 straights (A-6-7-8-9 the lowest)."""
    ranks, straights = 9, 6
    unpaired = comb(ranks, 5) - straights
    return {
        "straight flush": straights * 4,
        "four of a kind": ranks * (ranks - 1) * 4,
        "full house": ranks * comb(4, 3) * (ranks - 1) * comb(4, 2),
        "flush": unpaired * 4,
        "straight": straights * (4**5 - 4),
        "three of a kind": ranks * comb(4, 3) * comb(ranks - 1, 2) * 4**2,
        "two pair": comb(ranks, 2) * comb(4, 2) ** 2 * (ranks - 2) * 4,
        "one pair": ranks * comb(4, 2) * comb(ranks - 1, 3) * 4**3,
        "high card": unpaired * (4**5 - 4),
    }


def test_short_deck_all_376992_hands_by_category():
    expected = _short_deck_expected()
    assert sum(expected.values()) == comb(36, 5) == 376_992
    values, examples = _values(short_deck_rank, SHORT_DECK)
    assert _categories(values, ShortDeckRank) == expected
    distinct = 6 + 9 * 8 + 9 * 8 + 120 + 6 + 9 * comb(8, 2) + comb(9, 2) * 7 + 9 * comb(8, 3) + 120
    assert sorted(set(values)) == list(range(1, distinct + 1))
    ref.assert_same_order(
        examples, (ref.five_card_high(h, short_deck=True) for h in examples.values())
    )


def test_short_deck_flush_beats_full_house_and_straight_beats_trips():
    _, examples = _values(short_deck_rank, SHORT_DECK)
    best = {}
    worst = {}
    for value in examples:
        category = ShortDeckRank(value).category
        best[category] = max(best.get(category, 0), value)
        worst[category] = min(worst.get(category, value), value)
    assert worst["flush"] > best["full house"]
    assert worst["four of a kind"] > best["flush"]
    assert worst["straight"] > best["three of a kind"]
    assert worst["full house"] > best["straight"]


def test_deuce_seven_is_high_backwards_with_the_ace_high_only():
    high_values, _ = _values(high_rank)
    low_values, examples = _values(deuce_seven_rank)
    assert sorted(set(low_values)) == list(range(1, 7463))
    ref.assert_same_order(examples, map(ref.five_card_deuce_seven, examples.values()))
    # Apart from A-2-3-4-5 (a straight high, an ace-high hand low), the order is reversed.
    wheels = {
        v for v in set(high_values)
        if HandRank(v).describe() in ("straight, five high", "straight flush, five high")
    }
    pairs = sorted({(h, lo) for h, lo in zip(high_values, low_values, strict=True)
                    if h not in wheels})
    assert len(pairs) == 7462 - 2
    assert all(a[1] > b[1] for a, b in pairwise(pairs))


def test_ace_five_every_hand_by_pattern_and_6175_distinct_values():
    values, examples = _values(ace_five_rank)
    multisets = comb(13 + 5 - 1, 5) - 13  # five ranks with repeats, no rank five times
    assert sorted(set(values)) == list(range(1, multisets + 1))
    assert _categories(values, AceFiveRank) == {
        "no pair": comb(13, 5) * 4**5,
        "one pair": 13 * comb(4, 2) * comb(12, 3) * 4**3,
        "two pair": comb(13, 2) * comb(4, 2) ** 2 * 11 * 4,
        "three of a kind": 13 * comb(4, 3) * comb(12, 2) * 4**2,
        "full house": 13 * comb(4, 3) * 12 * comb(4, 2),
        "four of a kind": 13 * 12 * 4,
    }
    ref.assert_same_order(examples, map(ref.five_card_ace_five, examples.values()))


def test_eight_or_better_qualifies_five_different_ranks_eight_or_lower():
    values = list(map(low8_rank, combinations(FULL_DECK, 5)))
    qualifying = Counter(v for v in values if v is not None)
    assert sum(qualifying.values()) == comb(8, 5) * 4**5
    assert sorted(qualifying) == list(range(1, comb(8, 5) + 1))
    hands = ref.deals(seed=8, count=20_000, size=5, deck=range(24))  # deuces to sevens, aces
    hands += ref.deals(seed=9, count=5_000, size=5, deck=[*range(28), 48, 49, 50, 51])
    ref.assert_same_order(map(low8_rank, hands), map(ref.five_card_low8, hands))


def test_badugi_all_270725_four_card_hands():
    hands = list(combinations(FULL_DECK, 4))
    values = list(map(badugi_rank, hands))
    keys = list(map(ref.badugi, hands))
    ref.assert_same_order(values, keys)
    assert len(values) == comb(52, 4) == 270_725
    by_size = Counter(BadugiRank(v).category for v in values)
    assert by_size == {
        f"{word}-card badugi": sum(1 for k in keys if k[0] == size)
        for size, word in ((4, "four"), (3, "three"), (2, "two"), (1, "one"))
    }
    assert by_size["four-card badugi"] == comb(13, 4) * 24
    assert len(set(values)) == comb(13, 4) + comb(13, 3) + comb(13, 2) + 13
