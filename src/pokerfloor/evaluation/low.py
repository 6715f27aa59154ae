"""Ace-to-five low, with and without the eight-or-better qualifier.

Aces are low, straights and flushes do not count. Without a qualifier (razz, ace-to-five
triple draw) pairs count against the hand, ranked from the high ladder read backwards with
the ace below the deuce. With the qualifier (hi-lo split games) only five different ranks of
eight or lower make a low, and the best low from any number of cards is simply their five
lowest different low ranks, so it is read off an 8-bit mask of the low ranks present.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations

from pokerfloor.evaluation.classes import (
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    FULL_RANKS,
    HIGH_CARD,
    ONE_PAIR,
    THREE_OF_A_KIND,
    TWO_PAIR,
    HandClass,
    ladder,
)
from pokerfloor.evaluation.lookup import Tables, ranker, tables

ACE_FIVE_ORDER = (HIGH_CARD, ONE_PAIR, TWO_PAIR, THREE_OF_A_KIND, FULL_HOUSE, FOUR_OF_A_KIND)
"""Ace-to-five categories, worst low first as a high hand would order them."""


@cache
def ace_five_tables() -> Tables:
    """Ace-to-five: 6,175 classes, 5-4-3-2-A the best."""
    return tables(ladder(FULL_RANKS, ACE_FIVE_ORDER, {}, ace_low=True, lowball=True), FULL_RANKS)


ace_five_rank = ranker(
    ace_five_tables,
    "ace_five_rank",
    """The ace-to-five low value of 5 to 7 card numbers (their best five): 1 to 6175, greater
    is better; 5-4-3-2-A is 6175. Pairs count against, straights and flushes do not. No checks.
    """,
    suits_count=False,
)

LOW_BITS: list[int] = [
    1 << ((card >> 2) + 1) % 13 if (card >> 2) in (*range(7), 12) else 0 for card in range(52)
]
"""Per card number, its bit in a mask of low ranks (ace bit 0, deuce bit 1 .. eight bit 7),
or 0 for a nine or higher."""

_LOW_NAMES = {5: "five low", 6: "six low", 7: "seven low", 8: "eight low"}


@cache
def low8_table() -> tuple[list[int], tuple[HandClass, ...]]:
    """The eight-or-better value of every 8-bit mask of low ranks (0: no low), and the 56
    lows by value.

    Comparing two lows from the highest card down is comparing their masks as numbers, so
    the lows in descending mask order run from worst to best.
    """
    lows = sorted((sum(1 << b for b in bits) for bits in combinations(range(8), 5)), reverse=True)
    value_of = {mask: value for value, mask in enumerate(lows, start=1)}
    table = [0] * 256
    for mask in range(256):
        if mask.bit_count() >= 5:
            lowest = 0
            for bit in range(8):
                if mask >> bit & 1 and lowest.bit_count() < 5:
                    lowest |= 1 << bit
            table[mask] = value_of[lowest]
    classes = tuple(
        HandClass(
            _LOW_NAMES[mask.bit_length()],
            tuple((b - 1) % 13 for b in range(7, -1, -1) if mask >> b & 1),
        )
        for mask in lows
    )
    return table, classes


def low8_rank(cards: Sequence[int]) -> int | None:
    """The ace-to-five eight-or-better low of any number of card numbers: 1 to 56, greater is
    better (5-4-3-2-A is 56), or None without a qualifying low. No checks."""
    mask = 0
    for card in cards:
        mask |= LOW_BITS[card]
    return low8_table()[0][mask] or None
