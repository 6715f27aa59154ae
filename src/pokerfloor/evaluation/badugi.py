"""Badugi: the best set of cards of different ranks and different suits, aces low.

A hand of four cards plays its largest such set (a four-card badugi beats any three-card
hand, and so on); between sets of the same size the lower ranks win, compared from the highest
card down. Since a set has different ranks, its mask of ace-low rank bits names it entirely.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from pokerfloor.errors import InvalidArgument
from pokerfloor.evaluation.classes import HandClass

RANK_MASK = (1 << 13) - 1

CARD_BITS: list[int] = [1 << ((card >> 2) + 1) % 13 | 1 << (13 + (card & 3)) for card in range(52)]
"""Per card number: its ace-low rank bit (bits 0..12) and its suit bit (bits 13..16). A set of
cards is a badugi set when the OR of their bits has two bits per card."""

_NAMES = {4: "four-card badugi", 3: "three-card badugi", 2: "two-card badugi", 1: "one-card badugi"}


@cache
def badugi_table() -> tuple[list[int], tuple[HandClass, ...]]:
    """The value of every ace-low rank mask of one to four ranks (1 to 1092, greater is
    better), and the classes by value."""
    masks = [m for m in range(1, 1 << 13) if m.bit_count() <= 4]
    masks.sort(key=lambda m: (m.bit_count(), -m))
    table = [0] * (1 << 13)
    for value, mask in enumerate(masks, start=1):
        table[mask] = value
    classes = tuple(
        HandClass(
            _NAMES[mask.bit_count()],
            tuple((b - 1) % 13 for b in range(12, -1, -1) if mask >> b & 1),
        )
        for mask in masks
    )
    return table, classes


def badugi_rank(cards: Sequence[int]) -> int:
    """The badugi value of four card numbers: 1 to 1092, greater is better (4-3-2-A of four
    suits is 1092). No checks."""
    values = badugi_table()[0]
    try:
        a, b, c, d = [CARD_BITS[card] for card in cards]
    except ValueError:
        raise InvalidArgument(f"a badugi hand has 4 cards, not {len(cards)}") from None
    whole = a | b | c | d
    if whole.bit_count() == 8:
        return values[whole & RANK_MASK]
    best = 0
    for size, sets in (
        (3, (a | b | c, a | b | d, a | c | d, b | c | d)),
        (2, (a | b, a | c, a | d, b | c, b | d, c | d)),
    ):
        for joined in sets:
            if joined.bit_count() == 2 * size:
                best = max(best, values[joined & RANK_MASK])
        if best:
            return best
    lowest = whole & RANK_MASK
    return values[lowest & -lowest]
