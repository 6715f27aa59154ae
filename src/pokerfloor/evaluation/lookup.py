"""Lookup tables for five to seven cards, and the one fast function that reads them.

A ranking's five-card ladder (``classes``) gives the value of every five-card hand. From it
this module derives, per hand size 5 to 7, the best value of any five cards of a multiset of
ranks (``unsuited``), and the best value of five to seven cards of one suit by their rank mask
(``flushes``). A hand is then ranked with one lookup in the common case: the sum of its card
keys (``cardkeys``) names its multiset of ranks; only when five or more share a suit are the
ranks of that suit gathered into a mask. With at most seven cards a flush rules out quads and
full houses, so the flush table alone decides such a hand. For five and seven cards the
one-call path reads the unsuited values from a list packed by ``packed`` rather than a dict.

Tables are built on the first call of a ranking function, not at import.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from typing import NamedTuple, cast

from pokerfloor.cards import parse_cards
from pokerfloor.errors import InvalidArgument
from pokerfloor.evaluation.cardkeys import (
    CARD_KEYS,
    CENTRE,
    FLUSH_SUIT,
    HAND_SIZES,
    RANK_KEYS,
    SUIT_BITS,
    SUIT_KEYS,
    SUIT_MASK,
)
from pokerfloor.evaluation.classes import Ladder

Ranker = Callable[[Sequence[int] | str], int]
"""A one-call ranking: card numbers (or one card string such as ``"AhKd7c5s2h"``) to a value."""


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


ROW_SHIFT = 8
"""A packed table's rows hold ``2 ** ROW_SHIFT`` consecutive keys (narrower rows pack tighter
but need more offsets; 8 gave the fastest seven-card lookups)."""


class Packed(NamedTuple):
    """A table's values in a list, found by two list reads: the value of key ``k`` is
    ``values[k + offsets[k >> ROW_SHIFT]]`` (a row below 0 indexes ``offsets`` from its end)."""

    offsets: list[int]
    values: list[int]


def packed(table: dict[int, int]) -> Packed:
    """``table`` packed as a displacement perfect hash, in one pass.

    The keys fall in rows of ``2 ** ROW_SHIFT`` consecutive numbers; row after row, each is slid
    to the first position, at or after the previous row's, where all its keys land on free slots
    of ``values``. A random seven-card hand then touches two entries of two lists where a dict
    touches its index, its entry and the key object: fewer cache misses, which is most of what
    a lookup in a table of 49,205 keys costs. Slots no key lands on hold 0.
    """
    rows: dict[int, list[int]] = {}
    for key in sorted(table):
        rows.setdefault(key >> ROW_SHIFT, []).append(key)
    lowest, highest = min(rows), max(rows)
    offsets = [0] * (max(highest, -1) + 1 + max(-lowest, 0))
    taken = bytearray(2 * len(table))
    base = 0
    for row, keys in rows.items():
        start = row << ROW_SHIFT
        places = [key - start for key in keys]
        while True:
            short = base + (1 << ROW_SHIFT) - len(taken)
            if short > 0:  # grow by at least half, so that growing stays rare
                taken.extend(bytes(max(short, len(taken) // 2)))
            if not any(taken[base + place] for place in places):
                break
            base += 1
        for place in places:
            taken[base + place] = 1
        offsets[row] = base - start
    values = [0] * len(taken.rstrip(b"\0"))
    for key, value in table.items():
        values[key + offsets[key >> ROW_SHIFT]] = value
    return Packed(offsets, values)


def suited_ranks(cards: Sequence[int], suit: int) -> int:
    """The 13-bit mask of the ranks of the cards of one suit."""
    mask = 0
    for card in cards:
        if card & 3 == suit:
            mask |= 1 << (card >> 2)
    return mask


_NEVER_FLUSH = [-1] * (SUIT_MASK + 1)

LIFT = (((1 << 30) - 1) >> SUIT_BITS) // max(HAND_SIZES)
"""The one-call path's card keys count the rank part down from ``LIFT`` (``CARD_KEYS`` count it
up from ``-CENTRE``): seven cards still sum within one 30-bit digit, but only hands with about
three aces sum below zero, so a packed table's row index is a plain list index, which the
interpreter reads on its fast path (a negative index takes its slow one)."""

DOWN_KEYS: list[int] = [((LIFT - RANK_KEYS[card >> 2]) << SUIT_BITS) + SUIT_KEYS[card & 3] for card in range(52)]
DOWN_PAIR_KEYS: list[list[int]] = [[first + second for second in DOWN_KEYS] for first in DOWN_KEYS]
"""``DOWN_PAIR_KEYS[a][b]`` is ``DOWN_KEYS[a] + DOWN_KEYS[b]``."""


def counted_down(table: dict[int, int], size: int) -> dict[int, int]:
    """A table keyed by the rank part of ``CARD_KEYS`` sums, keyed by that of ``DOWN_KEYS`` sums."""
    return {size * (LIFT - CENTRE) - key: value for key, value in table.items()}

# The one-lookup path below writes these as literals: constants are cheaper than globals there.
assert SUIT_BITS == 8 and SUIT_MASK == 0xFF and SUIT_BITS + ROW_SHIFT == 16


def ranker(
    load: Callable[[], Tables], name: str, doc: str, *, suits_count: bool = True
) -> Ranker:
    """A function ``name`` ranking five to seven card numbers with the tables ``load`` returns.

    ``load`` runs on the first call. With ``suits_count`` false (ace-to-five) a flush is
    never looked for. Seven or five cards without a flush take the one-lookup path, written to
    touch as few variables as it can (each one the function closes over costs time on every
    call) and to read the packed tables (``packed``); everything else goes through ``any_size``.
    Its key sums take the keys of two cards at a time from ``DOWN_PAIR_KEYS``: half the
    additions, and each addition makes a new ``int``.
    """
    keys = CARD_KEYS
    down = DOWN_KEYS
    pairs = DOWN_PAIR_KEYS
    offsets5: list[int] = []
    values5: list[int] = []
    offsets7: list[int] = []
    values7: list[int] = []
    suit5, suit7 = (FLUSH_SUIT[n] if suits_count else _NEVER_FLUSH for n in (5, 7))
    by_size: dict[int, dict[int, int]] = {}
    flushes: list[int] = []

    def any_size(cards: Sequence[int]) -> int:
        if not offsets7:
            built = load()
            flushes[:] = built.flushes
            by_size.update(built.unsuited)
            five, seven = (packed(counted_down(built.unsuited[n], n)) for n in (5, 7))
            offsets5[:], values5[:] = five
            values7[:] = seven.values
            offsets7[:] = seven.offsets  # last: a filled ``offsets7`` means all are there
        if isinstance(cards, str):  # a card string, read here: off the one-lookup path
            return rank(parse_cards(cards))
        size = len(cards)
        if size not in HAND_SIZES:
            raise InvalidArgument(f"{name} ranks 5 to 7 cards, not {size}")
        key = sum(map(keys.__getitem__, cards))
        suit = FLUSH_SUIT[size][key & SUIT_MASK] if suits_count else -1
        if suit < 0:
            return by_size[size][key >> SUIT_BITS]
        return flushes[suited_ranks(cards, suit)]

    def rank(cards: Sequence[int]) -> int:
        size = len(cards)
        if size == 7:
            a, b, c, d, e, f, g = cards
            key = pairs[a][b] + pairs[c][d] + pairs[e][f] + down[g]
            if suit7[key & 0xFF] < 0:
                try:
                    return values7[(key >> 8) + offsets7[key >> 16]]
                except IndexError:  # not built yet: ``any_size`` builds
                    pass
        elif size == 5:
            a, b, c, d, e = cards
            key = pairs[a][b] + pairs[c][d] + down[e]
            if suit5[key & 0xFF] < 0:
                try:
                    return values5[(key >> 8) + offsets5[key >> 16]]
                except IndexError:
                    pass
        return any_size(cards)

    rank.__name__ = rank.__qualname__ = name
    rank.__doc__ = doc
    return cast(Ranker, rank)
