"""Omaha: a hand is exactly two hole cards and exactly three board cards, high and low.

Every pair of hole cards meets every three board cards. The rank part of a five-card hand is
the sum of the pair's and the triple's rank keys, so each meeting is one addition and one
lookup; a flush needs two hole cards and three board cards all of one suit, which are few,
and are looked at apart.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from pokerfloor.evaluation.cardkeys import CENTRE, RANK_KEYS
from pokerfloor.evaluation.high import high_tables
from pokerfloor.evaluation.low import LOW_BITS, low8_table

CARD_RANK_KEYS: list[int] = [RANK_KEYS[card >> 2] for card in range(52)]


def _flush_masks(hole: Sequence[int], board: Sequence[int]) -> list[int]:
    """The rank masks of every two suited hole cards with three board cards of their suit."""
    masks: list[int] = []
    for suit in {card & 3 for card in board}:
        on_board = [1 << (card >> 2) for card in board if card & 3 == suit]
        in_hole = [1 << (card >> 2) for card in hole if card & 3 == suit]
        if len(on_board) >= 3 and len(in_hole) >= 2:
            masks += [
                a | b | x | y | z
                for a, b in combinations(in_hole, 2)
                for x, y, z in combinations(on_board, 3)
            ]
    return masks


def omaha_high_rank(hole: Sequence[int], board: Sequence[int]) -> int:
    """The high value of the best two hole cards with the best three board cards: 1 to 7462,
    greater is better (the same scale as ``high_rank``). No checks."""
    built = high_tables()
    five = built.unsuited[5]
    keys = CARD_RANK_KEYS
    pairs = {keys[a] + keys[b] for a, b in combinations(hole, 2)}
    triples = {keys[a] + keys[b] + keys[c] - 5 * CENTRE for a, b, c in combinations(board, 3)}
    best = max([five[p + t] for p in pairs for t in triples])
    flushes = _flush_masks(hole, board)
    if flushes:
        suited = built.ladder.suited
        best = max(best, *[suited[mask] for mask in flushes])
    return best


def omaha_low8_rank(hole: Sequence[int], board: Sequence[int]) -> int | None:
    """The eight-or-better low of two hole cards with three board cards: 1 to 56, greater is
    better (the same scale as ``low8_rank``), or None without a qualifying low. No checks."""
    bits = LOW_BITS
    pairs = {bits[a] | bits[b] for a, b in combinations(hole, 2)}
    triples = {bits[a] | bits[b] | bits[c] for a, b, c in combinations(board, 3)}
    table = low8_table()[0]
    return max(
        [
            table[p | t]
            for p in pairs
            if p.bit_count() == 2
            for t in triples
            if t.bit_count() == 3 and not p & t
        ],
        default=0,
    ) or None
