"""Lookup tables for five to seven cards, and the one fast function that reads them.

A ranking's five-card ladder (``classes``) gives the value of every five-card hand. From it
this module derives, per hand size 5 to 7, the best value of any five cards of a multiset of
ranks (``unsuited``), and the best value of five to seven cards of one suit by their rank mask
(``flushes``). A hand is then ranked with one lookup in the common case: the sum of its card
keys (``cardkeys``) names its multiset of ranks; only when five or more share a suit are the
ranks of that suit gathered into a mask. With at most seven cards a flush rules out quads and
full houses, so the flush table alone decides such a hand.

Tables are built on the first call of a ranking function, not at import.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from typing import NamedTuple

from pokerfloor.evaluate.cardkeys import (
    CARD_KEYS,
    CENTRE,
    FLUSH_SUIT,
    HAND_SIZES,
    RANK_KEYS,
    SUIT_BITS,
    SUIT_MASK,
)
from pokerfloor.evaluate.classes import Ladder

Ranker = Callable[[Sequence[int]], int]


class Tables(NamedTuple):
    """A ranking's lookup tables (see the module docstring)."""

    ladder: Ladder
    unsuited: dict[int, dict[int, int]]
    flushes: list[int]


def best_of_more(ranks: range, five: dict[int, int]) -> dict[int, dict[int, int]]:
    """Per hand size 5 to 7, the best value of any five of a multiset of ranks, by its key.

    Multisets grow one rank at a time in non-decreasing order, so each is made exactly once,
    and a six- or seven-card multiset is worth the best of its one-card-smaller parts.
    """
    tables = {5: five}
    # (sum of rank keys, last rank added, how many of it, the distinct ranks)
    level: list[tuple[int, int, int, tuple[int, ...]]] = [(0, ranks.start, 0, ())]
    for size in range(1, max(HAND_SIZES) + 1):
        grown: list[tuple[int, int, int, tuple[int, ...]]] = []
        for total, last, run, present in level:
            if 0 < run < 4:
                grown.append((total + RANK_KEYS[last], last, run + 1, present))
            for rank in range(last + 1 if run else last, ranks.stop):
                grown.append((total + RANK_KEYS[rank], rank, 1, (*present, rank)))
        level = grown
        if size > 5:
            smaller = tables[size - 1]
            offset = (size - 1) * CENTRE
            tables[size] = {
                total - size * CENTRE: max([smaller[total - RANK_KEYS[r] - offset] for r in present])
                for total, _, _, present in level
            }
    return tables


def best_flushes(ranks: range, suited: dict[int, int]) -> list[int]:
    """The best value of five to seven cards of one suit, indexed by their 13-bit rank mask."""
    best = [0] * (1 << 13)
    for mask, value in suited.items():
        best[mask] = value
    for size in (6, 7):
        for chosen in combinations(ranks, size):
            mask = sum(1 << r for r in chosen)
            best[mask] = max(best[mask & ~(1 << r)] for r in chosen)
    return best


def tables(ladder: Ladder, ranks: range) -> Tables:
    """All the tables of a ranking over the given ranks."""
    flushes = best_flushes(ranks, ladder.suited) if ladder.suited else []
    return Tables(ladder, best_of_more(ranks, ladder.unsuited), flushes)


def suited_ranks(cards: Sequence[int], suit: int) -> int:
    """The 13-bit mask of the ranks of the cards of one suit."""
    mask = 0
    for card in cards:
        if card & 3 == suit:
            mask |= 1 << (card >> 2)
    return mask


_NEVER_FLUSH = [-1] * (SUIT_MASK + 1)

# The one-lookup path below writes these as literals: constants are cheaper than globals there.
assert SUIT_BITS == 8 and SUIT_MASK == 0xFF


def ranker(
    load: Callable[[], Tables], name: str, doc: str, *, suits_count: bool = True
) -> Ranker:
    """A function ``name`` ranking five to seven card numbers with the tables ``load`` returns.

    ``load`` runs on the first call. With ``suits_count`` false (ace-to-five) a flush is
    never looked for. Seven or five cards without a flush take the one-lookup path, written to
    touch as few variables as it can (each one the function closes over costs time on every
    call); everything else goes through ``any_size``.
    """
    keys = CARD_KEYS
    five: dict[int, int] = {}
    seven: dict[int, int] = {}
    suit5, suit7 = (FLUSH_SUIT[n] if suits_count else _NEVER_FLUSH for n in (5, 7))
    by_size: dict[int, dict[int, int]] = {}
    flushes: list[int] = []

    def any_size(cards: Sequence[int]) -> int:
        if not seven:
            built = load()
            flushes.extend(built.flushes)
            by_size.update(built.unsuited)
            five.update(built.unsuited[5])
            seven.update(built.unsuited[7])  # last: a filled ``seven`` means all are there
        size = len(cards)
        if size not in HAND_SIZES:
            raise ValueError(f"{name} ranks 5 to 7 cards, not {size}")
        key = sum(map(keys.__getitem__, cards))
        suit = FLUSH_SUIT[size][key & SUIT_MASK] if suits_count else -1
        if suit < 0:
            return by_size[size][key >> SUIT_BITS]
        return flushes[suited_ranks(cards, suit)]

    def rank(cards: Sequence[int]) -> int:
        size = len(cards)
        if size == 7:
            a, b, c, d, e, f, g = cards
            key = keys[a] + keys[b] + keys[c] + keys[d] + keys[e] + keys[f] + keys[g]
            if suit7[key & 0xFF] < 0:
                try:
                    return seven[key >> 8]
                except KeyError:  # not built yet (or not a hand): ``any_size`` will tell
                    pass
        elif size == 5:
            a, b, c, d, e = cards
            key = keys[a] + keys[b] + keys[c] + keys[d] + keys[e]
            if suit5[key & 0xFF] < 0:
                try:
                    return five[key >> 8]
                except KeyError:
                    pass
        return any_size(cards)

    rank.__name__ = rank.__qualname__ = name
    rank.__doc__ = doc
    return rank
