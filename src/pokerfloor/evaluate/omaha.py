"""Omaha: a hand is exactly two hole cards and exactly three board cards, high and low.

Every pair of hole cards meets every three board cards. The rank part of a five-card hand is
the sum of the pair's and the triple's rank keys, so each meeting is one addition and one
lookup; a flush needs a pair and a triple all of one suit, which are few, and looked at apart.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from pokerfloor.evaluate.cardkeys import CENTRE, RANK_KEYS
from pokerfloor.evaluate.high import high_tables
from pokerfloor.evaluate.low import LOW_BITS, low8_table


def _parts(cards: Sequence[int], size: int) -> tuple[set[int], dict[int, set[int]]]:
    """The rank-key sums of every ``size`` of the cards, and the rank masks of those of one
    suit, by suit."""
    keys: set[int] = set()
    suited: dict[int, set[int]] = {}
    for group in combinations(cards, size):
        keys.add(sum(RANK_KEYS[card >> 2] for card in group))
        suits = {card & 3 for card in group}
        if len(suits) == 1:
            suited.setdefault(suits.pop(), set()).add(sum(1 << (card >> 2) for card in group))
    return keys, suited


def omaha_high_rank(hole: Sequence[int], board: Sequence[int]) -> int:
    """The high value of the best two hole cards with the best three board cards: 1 to 7462,
    greater is better (the same scale as ``high_rank``). No checks."""
    built = high_tables()
    five, flushes = built.unsuited[5], built.ladder.suited
    pairs, suited_pairs = _parts(hole, 2)
    triples, suited_triples = _parts(board, 3)
    triples = {t - 5 * CENTRE for t in triples}
    best = max([five[p + t] for p in pairs for t in triples])
    for suit, pair_masks in suited_pairs.items():
        for t in suited_triples.get(suit, ()):
            best = max(best, *[flushes[p | t] for p in pair_masks])
    return best


def omaha_low8_rank(hole: Sequence[int], board: Sequence[int]) -> int | None:
    """The eight-or-better low of two hole cards with three board cards: 1 to 56, greater is
    better (the same scale as ``low8_rank``), or None without a qualifying low. No checks."""
    pairs = {LOW_BITS[a] | LOW_BITS[b] for a, b in combinations(hole, 2)}
    triples = {LOW_BITS[a] | LOW_BITS[b] | LOW_BITS[c] for a, b, c in combinations(board, 3)}
    pairs = {p for p in pairs if p.bit_count() == 2}
    triples = {t for t in triples if t.bit_count() == 3}
    table = low8_table()[0]
    return max([table[p | t] for p in pairs for t in triples if not p & t], default=0) or None
