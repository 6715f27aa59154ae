"""The loops behind ``batch.high_ranks`` and ``equity.heads_up_equity``, compiled by numba.

numba comes with ``pip install pokerfloor[fast]``. The loops read the same card keys and tables
as the numpy path (``batch.HighArrays``) and give the same values; only the loop runs as machine
code, one hand (or board) at a time, instead of as whole-array passes. numba compiles each
function on its first call and keeps the machine code on disk (``cache=True``), so a later
process loads it instead of compiling again.

Importing this module imports numba and raises ``ImportError`` without it: the callers import
it only through ``batch.compiled_loops()``, which answers ``None`` then, and pokerfloor takes its
numpy or plain Python path.
"""

from __future__ import annotations

from typing import Any

import numba  # type: ignore[import-not-found, unused-ignore]  # checked with or without numba
import numpy as np

from pokerfloor.evaluation.cardkeys import SUIT_BITS, SUIT_MASK

Array = Any  # a numpy array: numba compiles one version per dtype and number of dimensions


def _rank_rows(
    cards: Array, card_keys: Array, unsuited: Array, flush_suit: Array, flushes: Array, out: Array
) -> None:
    """Write into ``out[i]`` the high value of the cards in row ``i`` (5 to 7 card numbers),
    with the numpy tables of that hand size."""
    rows, size = cards.shape
    for i in range(rows):
        key = 0
        for j in range(size):
            key += card_keys[cards[i, j]]
        suit = flush_suit[key & SUIT_MASK]
        if suit < 0:
            out[i] = unsuited[key >> SUIT_BITS]
        else:
            mask = 0
            for j in range(size):
                card = cards[i, j]
                if card & 3 == suit:
                    mask |= 1 << (card >> 2)
            out[i] = flushes[mask]


def suit_bit(card: int) -> int:
    """The card's bit in a hand's ranks by suit: the 13-bit rank mask of suit ``s`` sits at bit
    ``13 * s``, so a flush in ``s`` has the ranks ``(masks >> 13 * s) & 0x1FFF``."""
    return 1 << (13 * (card & 3) + (card >> 2))


_suit_bit_jit = numba.njit(cache=True)(suit_bit)


def _enumerate_showdowns(
    hero_key: int,
    villain_key: int,
    hero_masks: int,
    villain_masks: int,
    deck: Array,
    missing: int,
    card_keys: Array,
    unsuited: Array,
    flush_suit: Array,
    flushes: Array,
) -> tuple[int, int, int]:
    """(boards, wins, ties) of the hero's 7-card hand against the villain's over every way to deal
    ``missing`` (1 to 5) cards from ``deck``, each board once.

    Each hand is given by the key sum and the ranks by suit (``suit_bit``) of the cards it
    already holds. The last card dealt runs in the inner loop; the others step through their
    combinations (positions in ``deck``, in lexicographic order) around it. The inner loop is
    written out in one piece, flush branches apart: that keeps the common case to two table
    reads and no branch on who won (a helper function per hand made it two to five times slower).
    """
    size = len(deck)
    outer = missing - 1
    chosen = np.arange(outer)
    boards = wins = ties = 0
    while True:
        prefix_key = prefix_masks = 0
        for j in range(outer):
            prefix_key += card_keys[deck[chosen[j]]]
            prefix_masks |= _suit_bit_jit(deck[chosen[j]])
        hero_prefix = hero_key + prefix_key
        villain_prefix = villain_key + prefix_key
        for position in range(chosen[outer - 1] + 1 if outer else 0, size):
            card = deck[position]
            hero_sum = hero_prefix + card_keys[card]
            villain_sum = villain_prefix + card_keys[card]
            suit = flush_suit[hero_sum & SUIT_MASK]
            if suit < 0:
                hero = unsuited[hero_sum >> SUIT_BITS]
            else:
                masks = hero_masks | prefix_masks | _suit_bit_jit(card)
                hero = flushes[(masks >> (13 * suit)) & 0x1FFF]
            suit = flush_suit[villain_sum & SUIT_MASK]
            if suit < 0:
                villain = unsuited[villain_sum >> SUIT_BITS]
            else:
                masks = villain_masks | prefix_masks | _suit_bit_jit(card)
                villain = flushes[(masks >> (13 * suit)) & 0x1FFF]
            wins += hero > villain
            ties += hero == villain
            boards += 1
        j = outer - 1
        while j >= 0 and chosen[j] == size - missing + j:
            j -= 1
        if j < 0:
            return boards, wins, ties
        chosen[j] += 1
        for t in range(j + 1, outer):
            chosen[t] = chosen[t - 1] + 1


rank_rows = numba.njit(cache=True)(_rank_rows)
enumerate_showdowns = numba.njit(cache=True)(_enumerate_showdowns)
