"""A hold'em hand against a range on every flop at once, each five-card board ranked once.

``kernels.hand_against_range`` answers one flop: it deals the 1,081 turn and river cards and
ranks the hand and the range on each board. Asked of every flop (``by_board``), it ranks each
five-card board once for each of the flops in it that is asked (up to ten). ``hand_every_flop``
deals each board of five cards from the 50 the hand leaves once instead: the hand is ranked, each
rank class of the range once by its ranks, the range's hands that could make a flush by their
cards, and the board's counts (the hand's wins, the range's, the ties and the showdowns, per
weight class of the range, over the range's hands holding no card of the board or the hand) go
to each of its ten flops that is asked. A flop's counts are then the sum over its turn and
river cards of the same integers ``hand_against_range`` counts: the same tally to the last unit
(``tests/equity/test_by_board.py``).

About 2.1 million boards, whatever the flops asked: it pays when most flops are (a hand's
flops by suit isomorphism are 4,500 to 11,000 classes of the 19,600). Needs numpy; numba
makes it compiled (``COMPILED`` says whether it is: ``by_board`` takes it only then).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from pokerfloor.equity.kernels import (
    KEYS5,
    ROWS7_AT,
    _compiled,
    _holdem_value_jit,
    _suit_bit_jit,
    _unsuited_jit,
)
from pokerfloor.evaluation.cardkeys import SUIT_BITS

Array = Any

DECK = 50
"""The cards a hand leaves for the board."""


def flop_number(first: int, second: int, third: int) -> int:
    """The number of the flop of deck positions ``first < second < third`` (of the ``DECK`` cards
    the hand leaves, in card order), from 0 to ``C(50, 3) - 1``: its place in colex order."""
    return first + second * (second - 1) // 2 + third * (third - 1) * (third - 2) // 6


def _flops_of_board(p: Array, rows: Array, found: Array, out: Array) -> None:
    """Add a board's counts ``found`` (weight class by the hand's wins, the range's, ties) to the
    rows of ``out`` of its ten flops that are asked (``rows[flop number]``, -1 if not); the
    board's cards at deck positions ``p[0] < ... < p[4]``."""
    for i in range(3):
        for j in range(i + 1, 4):
            for k in range(j + 1, 5):
                a, b, c = p[i], p[j], p[k]
                row = rows[a + b * (b - 1) // 2 + c * (c - 1) * (c - 2) // 6]
                if row < 0:
                    continue
                for w in range(found.shape[0]):
                    out[row, w, 0] += found[w, 0]
                    out[row, w, 1] += found[w, 1]
                    out[row, w, 2] += found[w, 2]
                    out[row, w, 3] += found[w, 0] + found[w, 1] + found[w, 2]


_flops_of_board_jit = _compiled(_flops_of_board, inline=True)


def _hand_every_flop(hero0: int, hero1: int, hands: Array, classes: Array, ranks: Array, rows: Array, small: Array,
                     big: Array, suits: Array, at: Array, out: Array) -> None:
    """Add to ``out[rows[f]]`` (weight classes of the range by the hand's wins, the range's wins,
    the ties and the showdowns) the counts of ``hand_against_range`` for the hand ``hero0``,
    ``hero1`` against the range (``hands``, each hand's weight class ``classes`` and rank class
    ``ranks``, read whole: its hands holding a card of the hand or the board are left out) on
    every flop ``f`` (``flop_number`` of its deck positions) with ``rows[f] >= 0``.

    Where the hand makes no flush, what a board's ranks decide is worked out once per set of
    ranks (its five-card value, one per set): the hand's value, each rank class's column (the
    hand wins, the class wins, a tie) and the counts of the range's hands by column. A board then
    takes those counts less its cards' hands (by card, plus the hand holding two of them, taken
    twice), and moves the hands that make a flush (those holding enough of a suit the board
    holds three of or more) to the column their own value gives."""
    deck = np.empty(DECK, dtype=np.int64)
    n = 0
    for card in range(52):
        if card != hero0 and card != hero1:
            deck[n] = card
            n += 1
    hero_key = int(small[hero0]) + int(small[hero1])
    hero_suits = _suit_bit_jit(hero0) | _suit_bit_jit(hero1)
    hero_bits = (1 << hero0) | (1 << hero1)
    hero_in_suit = np.zeros(4, dtype=np.int64)
    hero_in_suit[hero0 & 3] += 1
    hero_in_suit[hero1 & 3] += 1
    count = hands.shape[0]
    kinds = out.shape[1]
    keys = np.zeros(count, dtype=np.int64)
    suit_masks = np.zeros(count, dtype=np.int64)
    bits = np.zeros(count, dtype=np.int64)
    ranked = 0
    for h in range(count):
        ranked = max(ranked, ranks[h] + 1)
        for j in range(2):
            card = int(hands[h, j])
            keys[h] += int(small[card])
            suit_masks[h] |= _suit_bit_jit(card)
            bits[h] |= 1 << card
    rank_keys = np.zeros(ranked, dtype=np.int64)
    for h in range(count):
        rank_keys[ranks[h]] = keys[h] >> SUIT_BITS
    # the hands holding no card of the hand: by class, by card, by two cards, by suit held
    sizes = np.zeros((ranked, kinds), dtype=np.int64)
    by_card = np.zeros((52, count + 1), dtype=np.int64)  # by_card[c, 0] hands, then their numbers
    hand_at = np.full((52, 52), -1, dtype=np.int64)
    holders = np.zeros((4, 2, count + 1), dtype=np.int64)  # holders[t, need - 1]: holding need or more of t
    live = np.empty(count, dtype=np.int64)
    alive = 0
    for h in range(count):
        if bits[h] & hero_bits:
            continue
        live[alive] = h
        alive += 1
        a, b = int(hands[h, 0]), int(hands[h, 1])
        sizes[ranks[h], classes[h]] += 1
        for card in (a, b):
            by_card[card, 0] += 1
            by_card[card, by_card[card, 0]] = h
        hand_at[a, b] = hand_at[b, a] = h
        for t in range(4):
            suited = (1 if a & 3 == t else 0) + (1 if b & 3 == t else 0)
            for need in range(suited):
                holders[t, need, 0] += 1
                holders[t, need, holders[t, need, 0]] = h
    values = 7463  # five-card values, one per set of ranks (the flushes' are above the others')
    seen = np.zeros(values, dtype=np.bool_)
    cached_mine = np.zeros(values, dtype=np.int64)
    cached_columns = np.zeros((values, ranked), dtype=np.int8)
    cached_counts = np.zeros((values, kinds, 3), dtype=np.int64)
    own_columns = np.zeros(ranked, dtype=np.int8)
    found = np.zeros((kinds, 3), dtype=np.int64)
    p = np.empty(5, dtype=np.int64)
    cards = np.empty(5, dtype=np.int64)
    held = np.zeros(4, dtype=np.int64)
    for a in range(DECK):
        p[0] = a
        cards[0] = ca = deck[a]
        held[ca & 3] += 1
        for b in range(a + 1, DECK):
            p[1] = b
            cards[1] = cb = deck[b]
            held[cb & 3] += 1
            for c in range(b + 1, DECK):
                p[2] = c
                cards[2] = cc = deck[c]
                held[cc & 3] += 1
                for d in range(c + 1, DECK):
                    p[3] = d
                    cards[3] = cd = deck[d]
                    held[cd & 3] += 1
                    for e in range(d + 1, DECK):
                        p[4] = e
                        cards[4] = ce = deck[e]
                        held[ce & 3] += 1
                        board_key = int(small[ca]) + int(small[cb]) + int(small[cc]) + int(small[cd]) + int(small[ce])
                        board_suits = (_suit_bit_jit(ca) | _suit_bit_jit(cb) | _suit_bit_jit(cc) | _suit_bit_jit(cd)
                                       | _suit_bit_jit(ce))
                        board_bits = (1 << ca) | (1 << cb) | (1 << cc) | (1 << cd) | (1 << ce)
                        flush = -1
                        for t in range(4):
                            if held[t] >= 3:
                                flush = t
                        needed = 5 - held[flush] if flush >= 0 else 3
                        base = board_key >> SUIT_BITS
                        if flush >= 0 and hero_in_suit[flush] >= needed:  # the hand makes a flush
                            mine = _holdem_value_jit(board_key + hero_key, board_suits | hero_suits, small, big,
                                                     suits, at)
                            columns = own_columns
                            for w in range(kinds):
                                found[w, 0] = found[w, 1] = found[w, 2] = 0
                            for r in range(ranked):
                                theirs = _unsuited_jit(base + rank_keys[r], ROWS7_AT, 0, small, big)
                                column = 0 if mine > theirs else 1 if theirs > mine else 2
                                columns[r] = column
                                for w in range(kinds):
                                    found[w, column] += sizes[r, w]
                        else:
                            key5 = (int(small[KEYS5 + ca]) + int(small[KEYS5 + cb]) + int(small[KEYS5 + cc])
                                    + int(small[KEYS5 + cd]) + int(small[KEYS5 + ce]))
                            v = _unsuited_jit(key5 >> SUIT_BITS, at[3], at[0], small, big)
                            columns = cached_columns[v]
                            if not seen[v]:
                                seen[v] = True
                                mine = _unsuited_jit(base + (hero_key >> SUIT_BITS), ROWS7_AT, 0, small, big)
                                cached_mine[v] = mine
                                for r in range(ranked):
                                    theirs = _unsuited_jit(base + rank_keys[r], ROWS7_AT, 0, small, big)
                                    column = 0 if mine > theirs else 1 if theirs > mine else 2
                                    columns[r] = column
                                    for w in range(kinds):
                                        cached_counts[v, w, column] += sizes[r, w]
                            mine = cached_mine[v]
                            for w in range(kinds):
                                found[w, 0] = cached_counts[v, w, 0]
                                found[w, 1] = cached_counts[v, w, 1]
                                found[w, 2] = cached_counts[v, w, 2]
                        if needed <= 0:  # five of a suit: every hand ranked by its cards
                            for w in range(kinds):
                                found[w, 0] = found[w, 1] = found[w, 2] = 0
                            for i in range(alive):
                                h = live[i]
                                if bits[h] & board_bits:
                                    continue
                                theirs = _holdem_value_jit(board_key + keys[h], board_suits | suit_masks[h], small,
                                                           big, suits, at)
                                found[classes[h], 0 if mine > theirs else 1 if theirs > mine else 2] += 1
                            _flops_of_board_jit(p, rows, found, out)
                            held[ce & 3] -= 1
                            continue
                        for i in range(5):  # the hands holding a card of the board are out
                            x = cards[i]
                            for j in range(1, by_card[x, 0] + 1):
                                h = by_card[x, j]
                                found[classes[h], columns[ranks[h]]] -= 1
                            for j in range(i + 1, 5):  # (those holding two, taken out twice)
                                h = hand_at[x, cards[j]]
                                if h >= 0:
                                    found[classes[h], columns[ranks[h]]] += 1
                        if flush >= 0:  # the hands that make a flush, by their own value
                            group = holders[flush, needed - 1]
                            for j in range(1, group[0] + 1):
                                h = group[j]
                                if bits[h] & board_bits:
                                    continue
                                theirs = _holdem_value_jit(board_key + keys[h], board_suits | suit_masks[h], small,
                                                           big, suits, at)
                                column = 0 if mine > theirs else 1 if theirs > mine else 2
                                if column != columns[ranks[h]]:
                                    found[classes[h], columns[ranks[h]]] -= 1
                                    found[classes[h], column] += 1
                        _flops_of_board_jit(p, rows, found, out)
                        held[ce & 3] -= 1
                    held[cd & 3] -= 1
                held[cc & 3] -= 1
            held[cb & 3] -= 1
        held[ca & 3] -= 1


hand_every_flop = _compiled(_hand_every_flop)
COMPILED = hand_every_flop is not _hand_every_flop
"""Whether numba compiled ``hand_every_flop`` (without it, the 2.1 million boards would take
Python minutes: ``by_board`` then answers flop by flop)."""


def every_flop(hand: tuple[int, int], hands: Array, classes: Array, ranks: Array, rows: Array, kinds: int,
               tables: tuple[Array, Array, Array, Array]) -> Array:
    """``hand_every_flop``'s counts: ``out[row]`` of shape ``(kinds, 4)`` for each row that
    ``rows`` (by ``flop_number``) names; ``tables`` are ``calculate.packed_tables``' first four."""
    out = np.zeros((int(rows.max()) + 1 if len(rows) else 0, kinds, 4), dtype=np.int64)
    small, big, suits, at = tables
    hand_every_flop(int(hand[0]), int(hand[1]), hands, classes, ranks, rows, small, big, suits, at, out)
    return out
