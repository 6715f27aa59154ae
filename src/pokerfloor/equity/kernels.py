"""The showdown loops behind ``pokerfloor.equity``: exact enumeration and Monte Carlo.

Both deal boards, rank every player's hand with the card-key tables of
``pokerfloor.evaluate.batch`` (seven cards for hold'em; every two hole cards with every three
board cards for Omaha; the eight-or-better low by a mask of low ranks), and tally each
player's share of the pot in whole units of ``SHARE`` (so tallies stay integers and merge
exactly, whatever order they are added in). With numba installed (``pokerfloor[fast]``) the
loops are compiled; without it the same functions run as Python, slowly but alike.

Tally columns per player: share units, share units squared, pots won alone (scoops), pots
split, high-half units, low-half units.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numpy as np

from pokerfloor.evaluate.cardkeys import SUIT_BITS, SUIT_MASK

SHARE = 5040
"""A whole pot in share units: divisible by 1 to 10 twice over, so that a half pot split
among up to nine players is a whole number of units."""

SHARES, SQUARES, SCOOPS, SPLITS, HIGHS, LOWS = range(6)
COLUMNS = 6

Array = Any
F = TypeVar("F", bound=Callable[..., Any])


def _compiled(function: F) -> F:
    try:
        import numba  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        return function
    return cast(F, numba.njit(cache=True)(function))


def _omaha_high(holes: Array, p: int, board: Array, tables: Array) -> int:
    """Player ``p``'s Omaha high value (greater is better): the best of every two hole cards
    with every three board cards."""
    keys5, unsuited5, suits5, flushes = tables[3], tables[4], tables[5], tables[6]
    best = 0
    size = holes.shape[1]
    for a in range(size - 1):
        for b in range(a + 1, size):
            x, y = int(holes[p, a]), int(holes[p, b])
            pair = int(keys5[x]) + int(keys5[y])
            for c in range(3):
                for d in range(c + 1, 4):
                    for e in range(d + 1, 5):
                        u, v, w = int(board[c]), int(board[d]), int(board[e])
                        key = pair + int(keys5[u]) + int(keys5[v]) + int(keys5[w])
                        suit = int(suits5[key & SUIT_MASK])
                        if suit < 0:
                            value = unsuited5[key >> SUIT_BITS]
                        else:
                            ranks = (1 << (x >> 2)) | (1 << (y >> 2)) | (1 << (u >> 2)) | (1 << (v >> 2))
                            value = flushes[ranks | (1 << (w >> 2))]
                        if value > best:
                            best = value
    return int(best)


def _low(holes: Array, p: int, board: Array, low_bits: Array, low8: Array, popcount: Array) -> int:
    """Player ``p``'s Omaha eight-or-better low (greater is better), or 0 for none."""
    best = 0
    size = holes.shape[1]
    for a in range(size - 1):
        for b in range(a + 1, size):
            pair = int(low_bits[holes[p, a]]) | int(low_bits[holes[p, b]])
            if popcount[pair] != 2:
                continue
            for c in range(3):
                for d in range(c + 1, 4):
                    for e in range(d + 1, 5):
                        triple = int(low_bits[board[c]]) | int(low_bits[board[d]]) | int(low_bits[board[e]])
                        if popcount[triple] == 3 and (pair & triple) == 0 and low8[pair | triple] > best:
                            best = low8[pair | triple]
    return int(best)


_omaha_high_jit = _compiled(_omaha_high)
_low_jit = _compiled(_low)


def _showdown(
    holes: Array, board: Array, omaha: bool, hilo: bool, tables: Array, lows: Array,
    values: Array, tally: Array, scale: int,
) -> None:
    """Add one showdown to ``tally`` (rows per player), ``scale`` times."""
    players = holes.shape[0]
    best = 0
    if omaha:
        for p in range(players):
            values[p, 0] = _omaha_high_jit(holes, p, board, tables)
            best = max(best, values[p, 0])
    else:  # written out here: a call per player, passing the tables, costs more than the lookups
        keys7, unsuited7, suits7, flushes = tables[0], tables[1], tables[2], tables[6]
        board_key = board_masks = 0
        for j in range(5):
            card = int(board[j])
            board_key += int(keys7[card])
            board_masks |= 1 << (13 * (card & 3) + (card >> 2))
        for p in range(players):
            x, y = int(holes[p, 0]), int(holes[p, 1])
            key = board_key + int(keys7[x]) + int(keys7[y])
            suit = int(suits7[key & SUIT_MASK])
            if suit < 0:
                values[p, 0] = unsuited7[key >> SUIT_BITS]
            else:
                masks = board_masks | (1 << (13 * (x & 3) + (x >> 2))) | (1 << (13 * (y & 3) + (y >> 2)))
                values[p, 0] = flushes[(masks >> (13 * suit)) & 0x1FFF]
            best = max(best, values[p, 0])
    winners = 0
    for p in range(players):
        winners += values[p, 0] == best
    low_best = 0
    low_winners = 0
    if hilo:
        low_bits, low8, popcount = lows
        for p in range(players):
            values[p, 1] = _low_jit(holes, p, board, low_bits, low8, popcount)
            if values[p, 1] > low_best:
                low_best = values[p, 1]
        if low_best:
            for p in range(players):
                low_winners += values[p, 1] == low_best
    high_share = (SHARE // 2 if low_best else SHARE) // winners
    low_share = SHARE // 2 // low_winners if low_best else 0
    for p in range(players):
        high = high_share if values[p, 0] == best else 0
        low = low_share if low_best and values[p, 1] == low_best else 0
        share = high + low
        tally[p, SHARES] += scale * share
        tally[p, SQUARES] += scale * share * share
        tally[p, HIGHS] += scale * high
        tally[p, LOWS] += scale * low
        if share == SHARE:
            tally[p, SCOOPS] += scale
        elif share:
            tally[p, SPLITS] += scale


_showdown_jit = _compiled(_showdown)


def _exact(
    deals: Array, classes: Array, board: Array, known: int, missing: int, start: int, stop: int,
    choose: Array, omaha: bool, hilo: bool, tables: Array, lows: Array, tally: Array, counts: Array,
) -> None:
    """Tally the showdowns numbered ``start`` to ``stop``: showdown ``i`` is deal ``i // n``
    (rows of ``deals``: every player's hole cards) with board completion ``i % n``, where the
    ``n`` completions of ``missing`` cards from the cards left are taken in lexicographic order.
    ``board`` holds the known board cards first; ``known`` is the mask of cards out of play."""
    players, size = deals.shape[1], deals.shape[2]
    full = np.empty(5, dtype=np.uint8)
    for j in range(5 - missing):
        full[j] = board[j]
    values = np.zeros((players, 2), dtype=np.int64)
    deck = np.empty(52, dtype=np.uint8)
    chosen = np.empty(5, dtype=np.int64)
    left = 52 - players * size
    for card in range(52):
        if known >> card & 1:
            left -= 1
    boards = choose[left, missing]
    i = start
    while i < stop:
        deal = i // boards
        used = known
        for p in range(players):
            for j in range(size):
                used |= 1 << int(deals[deal, p, j])
        n = 0
        for card in range(52):
            if not used >> card & 1:
                deck[n] = card
                n += 1
        # the completion numbered i % boards, by the combinatorial number system
        rank = i % boards
        x = 0
        for j in range(missing):
            while choose[n - x - 1, missing - j - 1] <= rank:
                rank -= choose[n - x - 1, missing - j - 1]
                x += 1
            chosen[j] = x
            x += 1
        end = min(stop, (deal + 1) * boards)
        rows = tally[classes[deal]]
        while True:
            for j in range(missing):
                full[5 - missing + j] = deck[chosen[j]]
            _showdown_jit(deals[deal], full, omaha, hilo, tables, lows, values, rows, 1)
            counts[classes[deal]] += 1
            i += 1
            if i >= end:
                break
            j = missing - 1
            while chosen[j] == n - missing + j:
                j -= 1
            chosen[j] += 1
            for t in range(j + 1, missing):
                chosen[t] = chosen[t - 1] + 1


def _sample(
    seed: int, trials: int, hands: Array, cumulative: Array, sizes: Array, hole_cards: int,
    board: Array, known: int, missing: int, omaha: bool, hilo: bool, tables: Array, lows: Array,
    tally: Array,
) -> tuple[int, int]:
    """Deal ``trials`` random showdowns and tally them: each player's hand drawn from its
    range by weight (a deal in which two ranges collide is drawn again whole), or at random
    from the deck where its size is 0, then the board completed at random. Returns (showdowns,
    deals drawn again); it stops early when almost every deal collides."""
    np.random.seed(seed)
    players = hands.shape[0]
    holes = np.empty((players, hole_cards), dtype=np.uint8)
    full = np.empty(5, dtype=np.uint8)
    for j in range(5 - missing):
        full[j] = board[j]
    values = np.zeros((players, 2), dtype=np.int64)
    done = redrawn = 0
    while done < trials:
        used = known
        clash = False
        for p in range(players):
            if sizes[p] == 0:
                for j in range(hole_cards):
                    card = np.random.randint(0, 52)
                    while used >> card & 1:
                        card = np.random.randint(0, 52)
                    holes[p, j] = card
                    used |= 1 << card
                continue
            weights = cumulative[p, : sizes[p]]
            pick = np.searchsorted(weights, np.random.random() * weights[-1], side="right")
            for j in range(hole_cards):
                card = int(hands[p, pick, j])
                if used >> card & 1:
                    clash = True
                holes[p, j] = card
                used |= 1 << card
            if clash:
                break
        if clash:
            redrawn += 1
            if redrawn > 1000 * (done + 1):
                return done, redrawn
            continue
        for j in range(5 - missing, 5):
            card = np.random.randint(0, 52)
            while used >> card & 1:
                card = np.random.randint(0, 52)
            full[j] = card
            used |= 1 << card
        _showdown_jit(holes, full, omaha, hilo, tables, lows, values, tally, 1)
        done += 1
    return done, redrawn


exact = _compiled(_exact)
sample = _compiled(_sample)
