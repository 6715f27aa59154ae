"""Per-card additive keys: the sum of a hand's keys names its ranks and finds its flush.

Every card number (``rank_index * 4 + suit_index``) has one key in ``CARD_KEYS``. Adding the
keys of five to seven cards gives a single small ``int`` whose upper bits identify the multiset
of ranks (``key >> 8``) and whose low eight bits are a suit-count code (``key & 255``) from which
``FLUSH_SUIT[n]`` reads the suit holding five or more of the ``n`` cards, if any.

The rank keys are the smallest increasing numbers (found by a greedy search, run once offline)
for which any two different multisets of at most seven ranks, no rank more than four times and
of the same size, have different sums. They are centred on ``CENTRE`` per card so that every
sum of up to seven cards stays within one 30-bit CPython digit, which keeps the additions on
the interpreter's fast path. The suit keys are the smallest four numbers whose sums tell, for
each hand size 5 to 7, whether and which suit has five cards.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import product

RANK_KEYS: tuple[int, ...] = (
    0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181,
)
SUIT_KEYS: tuple[int, ...] = (0, 1, 24, 33)
CENTRE = 558_983
SUIT_BITS = 8
SUIT_MASK = (1 << SUIT_BITS) - 1
HAND_SIZES = (5, 6, 7)

CARD_KEYS: list[int] = [
    ((RANK_KEYS[card >> 2] - CENTRE) << SUIT_BITS) + SUIT_KEYS[card & 3] for card in range(52)
]


def ranks_key(ranks: Iterable[int]) -> int:
    """The key of a multiset of rank indexes: what ``key >> 8`` is for cards of those ranks."""
    total = 0
    count = 0
    for rank in ranks:
        total += RANK_KEYS[rank]
        count += 1
    return total - count * CENTRE


def _flush_suits(size: int) -> list[int]:
    table = [-1] * (SUIT_MASK + 1)
    seen: dict[int, int] = {}
    for counts in product(range(size + 1), repeat=4):
        if sum(counts) != size:
            continue
        code = sum(c * k for c, k in zip(counts, SUIT_KEYS, strict=True))
        suit = next((s for s, c in enumerate(counts) if c >= 5), -1)
        if seen.setdefault(code, suit) != suit:
            raise AssertionError(f"suit keys do not separate flushes of {size} cards")
        table[code] = suit
    return table


FLUSH_SUIT: dict[int, list[int]] = {size: _flush_suits(size) for size in HAND_SIZES}
"""For a hand of ``n`` cards: ``FLUSH_SUIT[n][key & 255]`` is its flush suit, or -1."""
