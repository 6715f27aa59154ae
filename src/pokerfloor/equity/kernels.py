"""The showdown loops behind ``pokerfloor.equity``: exact enumeration and Monte Carlo.

Both deal boards, rank every player's hand with the card-key tables of
``pokerfloor.evaluation.batch`` (seven cards for hold'em; every two hole cards with every three
board cards for Omaha; the eight-or-better low by a mask of low ranks), and tally each
player's share of the pot in whole units of ``SHARE`` (so tallies stay integers and merge
exactly, whatever order they are added in). With numba installed (``pokerfloor[fast]``) the
loops are compiled; without it the same functions run as Python, slowly but alike: Monte
Carlo draws from a counter-based stream in plain integer arithmetic (``_draw``), so a seed gives
the same sample either way. Hold'em has its own faster loops (``sample_holdem``, and a branch of
``exact``) that count each showdown by its number of winners. The fast exact paths:
``sweep_headsup`` and ``hand_against_range`` (heads-up hold'em, board by board, with running
sums per card for the hands that share a card), ``hand_two_ranges`` (a hand against two
ranges, the same way), ``fixed_hands`` (one hand a player, by the ranks dealt) and
``boards_first`` (each hand ranked once a board, then every deal settled). The heads-up pre-flop table
(``pokerfloor.equity.preflop``) is built by ``headsup_boards`` and read by ``table_map`` and
``table_ranges``.

Tally columns per player: share units, share units squared, pots won alone (scoops), pots
split, high-half units, low-half units.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numpy as np

from pokerfloor.evaluation.cardkeys import SUIT_BITS, SUIT_MASK

SHARE = 5040
"""A whole pot in share units: divisible by 1 to 10 twice over, so that a half pot split
among up to nine players is a whole number of units."""

SHARES, SQUARES, SCOOPS, SPLITS, HIGHS, LOWS = range(6)
COLUMN_NAMES = (HIGHS, LOWS, SCOOPS, SHARE, SHARES, SPLITS, SQUARES)
"""The columns and ``SHARE`` in one tuple, as ``calculate.result`` takes them."""

KEYS5, LOW_BITS_AT, POPCOUNT_AT, ROWS7_AT = 52, 104, 156, 412
"""Where the packed ``small`` table (``calculate.packed_tables``) holds the five-card card keys,
the low-rank bit of each card, the bit count of each 8-bit mask and the row offsets of the
seven-card ranks (``displaced``; the five-card ones at ``at[3]``); the seven-card keys start at
0. ``suits`` holds the flush suit of the seven-card suit codes, then (at ``SUITS5``) of the
five-card ones; ``big`` the seven-card ranks (displaced rows), then at ``at[0]`` the five-card
ranks, at ``at[1]`` the flush ranks by 13-bit rank mask, at ``at[2]`` the eight-or-better lows."""
SUITS5 = 256
ROW_BITS = 10
ROW_MASK = (1 << ROW_BITS) - 1
COLUMNS = 6

Array = Any
F = TypeVar("F", bound=Callable[..., Any])


def _compiled(function: F, inline: bool = False) -> F:
    """``function`` compiled by numba, or as it is without numba; ``inline`` for the small
    helpers of the showdown loops, compiled into their callers."""
    try:
        import numba  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        return function
    return cast(F, numba.njit(cache=True, inline="always" if inline else "never")(function))


def displaced(table: Array, compiled: bool) -> tuple[Array, Array]:
    """A rank table indexed by key sums, mostly empty, packed into a small one so that the
    lookups stay in the processor's cache: the table is cut into rows of ``2**ROW_BITS``
    entries, and each row is laid at the first offset where its filled entries land on free
    places (first fit, fullest rows first). Entry ``i`` is then at ``offsets[i >> ROW_BITS] +
    (i & ROW_MASK)``. Without numba (``compiled`` false) the rows stay where they are: the
    same lookups, the same values, no packing to wait for."""
    width = 1 << ROW_BITS
    rows = -(-len(table) // width)
    if not compiled:
        padded = np.zeros(rows * width, dtype=table.dtype)
        padded[: len(table)] = table
        return padded, np.arange(rows, dtype=np.int64) * width
    filled = np.flatnonzero(table)
    row = filled >> ROW_BITS
    first = np.searchsorted(row, np.arange(rows + 1))
    columns = (filled & ROW_MASK).astype(np.int64)
    order = np.argsort(-np.diff(first), kind="stable")
    offsets = np.zeros(rows, dtype=np.int64)
    top = _place_rows_jit(order, first, columns, offsets, 4 * len(filled) + 2 * width)
    packed = np.zeros(top, dtype=table.dtype)
    packed[offsets[row] + columns] = table[filled]
    return packed, offsets


def _place_rows(order: Array, first: Array, columns: Array, offsets: Array, room: int) -> int:
    """First fit: each row (in ``order``) at the lowest offset where its filled columns
    (``columns[first[r]:first[r + 1]]``) meet no place taken; returns the packed length."""
    taken = np.zeros(room, dtype=np.bool_)
    top = 0
    for r in order:
        a, b = first[r], first[r + 1]
        if a == b:
            continue
        at = 0
        while True:
            fits = True
            for i in range(a, b):
                if taken[at + columns[i]]:
                    fits = False
                    break
            if fits:
                break
            at += 1
        for i in range(a, b):
            taken[at + columns[i]] = True
        offsets[r] = at
        top = max(top, at + columns[b - 1] + 1)
    return int(top)


def _unsuited(index: int, rows_at: int, base: int, small: Array, big: Array) -> int:
    """The value of entry ``index`` of a displaced rank table whose row offsets are at
    ``small[rows_at:]`` and whose rows at ``big[base:]``."""
    return int(big[base + small[rows_at + (index >> ROW_BITS)] + (index & ROW_MASK)])


_place_rows_jit = _compiled(_place_rows)
_unsuited_jit = _compiled(_unsuited, inline=True)


def _omaha_high(holes: Array, p: int, board: Array, small: Array, big: Array, suits: Array, at: Array) -> int:
    """Player ``p``'s Omaha high value (greater is better): the best of every two hole cards
    with every three board cards."""
    best = 0
    size = holes.shape[1]
    for a in range(size - 1):
        for b in range(a + 1, size):
            x, y = int(holes[p, a]), int(holes[p, b])
            pair = int(small[KEYS5 + x]) + int(small[KEYS5 + y])
            for c in range(3):
                for d in range(c + 1, 4):
                    for e in range(d + 1, 5):
                        u, v, w = int(board[c]), int(board[d]), int(board[e])
                        key = pair + int(small[KEYS5 + u]) + int(small[KEYS5 + v]) + int(small[KEYS5 + w])
                        suit = int(suits[SUITS5 + (key & SUIT_MASK)])
                        if suit < 0:
                            value = _unsuited_jit(key >> SUIT_BITS, at[3], at[0], small, big)
                        else:
                            ranks = (1 << (x >> 2)) | (1 << (y >> 2)) | (1 << (u >> 2)) | (1 << (v >> 2))
                            value = big[at[1] + (ranks | (1 << (w >> 2)))]
                        if value > best:
                            best = value
    return int(best)


def _low(holes: Array, p: int, board: Array, small: Array, big: Array, at: Array) -> int:
    """Player ``p``'s Omaha eight-or-better low (greater is better), or 0 for none."""
    best = 0
    size = holes.shape[1]
    for a in range(size - 1):
        for b in range(a + 1, size):
            pair = int(small[LOW_BITS_AT + int(holes[p, a])]) | int(small[LOW_BITS_AT + int(holes[p, b])])
            if small[POPCOUNT_AT + pair] != 2:
                continue
            for c in range(3):
                for d in range(c + 1, 4):
                    for e in range(d + 1, 5):
                        triple = 0
                        for card in (board[c], board[d], board[e]):
                            triple |= int(small[LOW_BITS_AT + int(card)])
                        if small[POPCOUNT_AT + triple] == 3 and (pair & triple) == 0:
                            best = max(best, int(big[at[2] + (pair | triple)]))
    return int(best)


_omaha_high_jit = _compiled(_omaha_high)
_low_jit = _compiled(_low)


def _showdown(
    holes: Array, board: Array, omaha: bool, hilo: bool, small: Array, big: Array, suits: Array, at: Array,
    values: Array, tally: Array, scale: int,
) -> None:
    """Add one showdown to ``tally`` (rows per player), ``scale`` times."""
    players = holes.shape[0]
    best = 0
    if omaha:
        for p in range(players):
            values[p, 0] = _omaha_high_jit(holes, p, board, small, big, suits, at)
            best = max(best, values[p, 0])
    else:  # written out here: a call per player, passing the tables, costs more than the lookups
        board_key = board_masks = 0
        for j in range(5):
            card = int(board[j])
            board_key += int(small[card])
            board_masks |= 1 << (13 * (card & 3) + (card >> 2))
        for p in range(players):
            x, y = int(holes[p, 0]), int(holes[p, 1])
            masks = board_masks | (1 << (13 * (x & 3) + (x >> 2))) | (1 << (13 * (y & 3) + (y >> 2)))
            values[p, 0] = _holdem_value_jit(board_key + int(small[x]) + int(small[y]), masks, small, big, suits, at)
            best = max(best, values[p, 0])
    winners = 0
    for p in range(players):
        winners += values[p, 0] == best
    low_best = 0
    low_winners = 0
    if hilo:
        for p in range(players):
            values[p, 1] = _low_jit(holes, p, board, small, big, at)
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
    choose: Array, omaha: bool, hilo: bool, small: Array, big: Array, suits: Array, at: Array, tally: Array,
    counts: Array,
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
    high = np.zeros(players, dtype=np.int64)  # hold'em: values, hole key sums, ranks by suit
    hole_keys = np.zeros(players, dtype=np.int64)
    hole_masks = np.zeros(players, dtype=np.int64)
    outcomes = np.zeros((tally.shape[0], players, players + 1), dtype=np.int64)
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
        won = outcomes[classes[deal]]
        if not omaha:
            for p in range(players):
                x, y = int(deals[deal, p, 0]), int(deals[deal, p, 1])
                hole_keys[p] = int(small[x]) + int(small[y])
                hole_masks[p] = (1 << (13 * (x & 3) + (x >> 2))) | (1 << (13 * (y & 3) + (y >> 2)))
        while True:
            for j in range(missing):
                full[5 - missing + j] = deck[chosen[j]]
            if omaha:
                _showdown_jit(deals[deal], full, omaha, hilo, small, big, suits, at, values, rows, 1)
            else:
                board_key = board_masks = 0
                for j in range(5):
                    card = int(full[j])
                    board_key += int(small[card])
                    board_masks |= 1 << (13 * (card & 3) + (card >> 2))
                for p in range(players):
                    high[p] = _holdem_value_jit(board_key + hole_keys[p], board_masks | hole_masks[p], small, big,
                                                suits, at)
                _settle_jit(high, players, won, 1)
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
    for group in range(tally.shape[0]):
        _add_outcomes_jit(outcomes[group], tally[group])


def _draw(step: int) -> tuple[int, int]:
    """Advance a block's counter (a Weyl sequence mod 2**32) and hash it into 32 random bits
    (the ``lowbias32`` integer hash). Pure integer arithmetic, so numba and plain Python give
    the same stream for the same seed."""
    step = (step + 0x9E3779B9) & 0xFFFFFFFF
    x = step ^ (step >> 16)
    x = (x * 0x7FEB352D) & 0xFFFFFFFF
    x ^= x >> 15
    x = (x * 0x846CA68B) & 0xFFFFFFFF
    return step, x ^ (x >> 16)


_draw_jit = _compiled(_draw, inline=True)


def _pick(step: int, p: int, sizes: Array, cumulative: Array, uniform: Array) -> tuple[int, int]:
    """Advance the stream and pick a hand of player ``p``'s range: uniformly when its weights
    are all equal, else the first hand whose running weight passes a uniform draw."""
    step, bits = _draw_jit(step)
    size = int(sizes[p])
    if uniform[p]:
        return step, (bits * size) >> 32
    target = bits / 4294967296.0 * cumulative[p, size - 1]
    pick, high = 0, size - 1
    while pick < high:
        middle = (pick + high) // 2
        if cumulative[p, middle] > target:
            high = middle
        else:
            pick = middle + 1
    return step, pick


def _deck_card(step: int, used: int) -> tuple[int, int]:
    """Advance the stream and draw a card not in ``used`` (a mask of card bits)."""
    while True:
        step, bits = _draw_jit(step)
        card = (bits * 52) >> 32
        if not used >> card & 1:
            return step, card


_pick_jit = _compiled(_pick, inline=True)
_deck_card_jit = _compiled(_deck_card, inline=True)


def _sample(
    seed: int, trials: int, hands: Array, cumulative: Array, uniform: Array, sizes: Array, hole_cards: int,
    board: Array, known: int, missing: int, omaha: bool, hilo: bool, small: Array, big: Array, suits: Array,
    at: Array, tally: Array,
) -> tuple[int, int]:
    """Deal ``trials`` random showdowns and tally them: each player's hand drawn from its
    range by weight (a deal in which two ranges collide is drawn again whole), or at random
    from the deck where its size is 0, then the board completed at random. Returns (showdowns,
    deals drawn again); it stops early when almost every deal collides."""
    step = seed & 0xFFFFFFFF
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
                    step, card = _deck_card_jit(step, used)
                    holes[p, j] = card
                    used |= 1 << card
                continue
            step, pick = _pick_jit(step, p, sizes, cumulative, uniform)
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
            step, card = _deck_card_jit(step, used)
            full[j] = card
            used |= 1 << card
        _showdown_jit(holes, full, omaha, hilo, small, big, suits, at, values, tally, 1)
        done += 1
    return done, redrawn


def _add_outcomes(outcomes: Array, tally: Array) -> None:
    """Fold hold'em outcome counts (``outcomes[p, w]``: showdowns player ``p`` won with ``w``
    winners in all, ``w`` = 1 a pot alone) into the tally columns."""
    for p in range(outcomes.shape[0]):
        for w in range(1, outcomes.shape[1]):
            times = outcomes[p, w]
            share = SHARE // w
            tally[p, SHARES] += times * share
            tally[p, SQUARES] += times * share * share
            tally[p, HIGHS] += times * share
            if w == 1:
                tally[p, SCOOPS] += times
            else:
                tally[p, SPLITS] += times


_add_outcomes_jit = _compiled(_add_outcomes)


def _holdem_value(key: int, masks: int, small: Array, big: Array, suits: Array, at: Array) -> int:
    """The high value of seven hold'em cards from their key sum and their ranks by suit."""
    suit = int(suits[key & SUIT_MASK])
    if suit < 0:
        return _unsuited_jit(key >> SUIT_BITS, ROWS7_AT, 0, small, big)
    return int(big[at[1] + ((masks >> (13 * suit)) & 0x1FFF)])


_holdem_value_jit = _compiled(_holdem_value, inline=True)


def _settle(values: Array, players: int, outcomes: Array, scale: int) -> None:
    """Count one hold'em showdown (``scale`` times) by its winners."""
    best = 0
    for p in range(players):
        if values[p] > best:
            best = values[p]
    winners = 0
    for p in range(players):
        winners += values[p] == best
    for p in range(players):
        if values[p] == best:
            outcomes[p, winners] += scale


_settle_jit = _compiled(_settle, inline=True)


def _sample_holdem(
    seed: int, trials: int, keys: Array, masks: Array, cards: Array, cumulative: Array, uniform: Array,
    sizes: Array, board: Array, known: int, missing: int, small: Array, big: Array, suits: Array, at: Array,
    tally: Array,
) -> tuple[int, int]:
    """``_sample`` for hold'em high, written for speed: every hand of every range (hold'em
    ranges always list their hands, ``random`` too) carries its key sum (``keys``), its ranks
    by suit (``masks``) and its card bits (``cards``), so a showdown is a few draws, additions
    and lookups per player, counted by winners."""
    step = seed & 0xFFFFFFFF
    players = keys.shape[0]
    chosen = np.empty(players, dtype=np.int64)
    values = np.zeros(players, dtype=np.int64)
    outcomes = np.zeros((players, players + 1), dtype=np.int64)
    base_key = base_masks = 0
    for j in range(5 - missing):
        card = int(board[j])
        base_key += int(small[card])
        base_masks |= 1 << (13 * (card & 3) + (card >> 2))
    done = redrawn = 0
    while done < trials:
        used = known
        clash = False
        for p in range(players):
            step, pick = _pick_jit(step, p, sizes, cumulative, uniform)
            if used & cards[p, pick]:
                clash = True
                break
            used |= cards[p, pick]
            chosen[p] = pick
        if clash:
            redrawn += 1
            if redrawn > 1000 * (done + 1):
                break
            continue
        board_key, board_masks = base_key, base_masks
        for _ in range(missing):
            step, card = _deck_card_jit(step, used)
            used |= 1 << card
            board_key += int(small[card])
            board_masks |= 1 << (13 * (card & 3) + (card >> 2))
        for p in range(players):
            pick = chosen[p]
            values[p] = _holdem_value_jit(board_key + keys[p, pick], board_masks | masks[p, pick], small, big, suits,
                                          at)
        _settle_jit(values, players, outcomes, 1)
        done += 1
    _add_outcomes_jit(outcomes, tally)
    return done, redrawn


def _class_key(maps: Array, a: int, b: int, c: int, d: int) -> tuple[int, bool]:
    """The class key of hand ``a b`` against hand ``c d`` (``preflop.canonical``: the least
    over the suit renamings ``maps``) and whether the first hand is the key's second."""
    best = 1 << 62
    swapped = False
    for r in range(maps.shape[0]):
        ra, rb, rc, rd = int(maps[r, a]), int(maps[r, b]), int(maps[r, c]), int(maps[r, d])
        x = max(ra, rb) * 52 + min(ra, rb)
        y = max(rc, rd) * 52 + min(rc, rd)
        key = min(x, y) * 2704 + max(x, y)
        if key < best:
            best, swapped = key, x > y
    return best, swapped


_class_key_jit = _compiled(_class_key, inline=True)


def _class_keys(maps: Array, first: Array, second: Array, keys: Array, swapped: Array) -> None:
    """``_class_key`` of each pair of hands (rows of ``first`` and ``second``)."""
    for i in range(first.shape[0]):
        keys[i], swapped[i] = _class_key_jit(maps, first[i, 0], first[i, 1], second[i, 0], second[i, 1])


def _table_row(maps: Array, keys: Array, a: int, b: int, c: int, d: int) -> tuple[int, bool]:
    """The pre-flop table's row for hand ``a b`` against hand ``c d``, or -1 if it has none, and
    whether the first hand is the row's second: the class key found by bisection in the sorted
    ``keys``."""
    best, swapped = _class_key_jit(maps, a, b, c, d)
    low, high = 0, keys.shape[0]
    while low < high:
        middle = (low + high) // 2
        if keys[middle] < best:
            low = middle + 1
        else:
            high = middle
    if low == keys.shape[0] or keys[low] != best:
        return -1, swapped
    return low, swapped


_table_row_jit = _compiled(_table_row, inline=True)


def _table_map(maps: Array, keys: Array, wanted: Array, filled: Array, rows: Array) -> None:
    """Fill ``rows[i, j]`` for the hold'em hands numbered ``i`` in ``wanted`` not yet ``filled``
    and every hand ``j`` (hand ``h * (h - 1) // 2 + l`` holds cards ``h > l``): ``2 * row +
    swapped`` of the pre-flop table (``_table_row``), -1 where the two hands share a card, -2
    where the table lacks their class."""
    hands = np.empty((1326, 2), dtype=np.int64)
    n = 0
    for high in range(52):
        for low in range(high):
            hands[n, 0], hands[n, 1] = high, low
            n += 1
    for i in wanted:
        if filled[i]:
            continue
        for j in range(1326):
            a, b, c, d = hands[i, 0], hands[i, 1], hands[j, 0], hands[j, 1]
            if ((1 << a) | (1 << b)) & ((1 << c) | (1 << d)):
                rows[i, j] = -1
                continue
            row, swapped = _table_row_jit(maps, keys, a, b, c, d)
            rows[i, j] = 2 * row + swapped if row >= 0 else -2
        filled[i] = True  # after the row, so a row marked filled is whole


def _table_ranges(
    first: Array, first_groups: Array, second: Array, second_groups: Array, columns: int, pairs: Array,
    wins: Array, boards: int, outcomes: Array, deals: Array,
) -> int:
    """Every deal of a hand of ``first`` against a hand of ``second`` (hand numbers, as in
    ``_table_map``) that shares no card, read from the pre-flop table (``pairs`` from
    ``_table_map``, ``wins``) into ``outcomes[g, p, winners]`` and ``deals[g]``, where
    ``g = first_groups[i] * columns + second_groups[j]``. Returns -1, or the first ``i`` whose
    deal the table lacks."""
    for i in range(first.shape[0]):
        for j in range(second.shape[0]):
            entry = pairs[first[i], second[j]]
            if entry == -2:
                return int(i)
            if entry < 0:
                continue
            row = entry >> 1
            mine, theirs = (wins[row, 1], wins[row, 0]) if entry & 1 else (wins[row, 0], wins[row, 1])
            group = first_groups[i] * columns + second_groups[j]
            outcomes[group, 0, 1] += mine
            outcomes[group, 1, 1] += theirs
            outcomes[group, 0, 2] += boards - mine - theirs
            outcomes[group, 1, 2] += boards - mine - theirs
            deals[group] += 1
    return -1


def _headsup_boards(hands: Array, small: Array, big: Array, suits: Array, at: Array, wins: Array) -> None:
    """For each row of ``hands`` (two hold'em hands), count the boards of five of the other 48
    cards that each hand wins (``wins[row]``): ``_exact``'s count for two players and no board,
    in nested loops that add one card's key and bit at a time (the pre-flop table's builder)."""
    keys = np.empty(48, dtype=np.int64)
    bits = np.empty(48, dtype=np.int64)
    for row in range(hands.shape[0]):
        used = 0
        for p in range(2):
            for j in range(2):
                used |= 1 << int(hands[row, p, j])
        n = 0
        for card in range(52):
            if not used >> card & 1:
                keys[n] = int(small[card])
                bits[n] = 1 << (13 * (card & 3) + (card >> 2))
                n += 1
        a0, a1, b0, b1 = int(hands[row, 0, 0]), int(hands[row, 0, 1]), int(hands[row, 1, 0]), int(hands[row, 1, 1])
        key_a, key_b = int(small[a0]) + int(small[a1]), int(small[b0]) + int(small[b1])
        mask_a = (1 << (13 * (a0 & 3) + (a0 >> 2))) | (1 << (13 * (a1 & 3) + (a1 >> 2)))
        mask_b = (1 << (13 * (b0 & 3) + (b0 >> 2))) | (1 << (13 * (b1 & 3) + (b1 >> 2)))
        won_a = won_b = 0
        for i in range(44):
            k1, m1 = keys[i], bits[i]
            for j in range(i + 1, 45):
                k2, m2 = k1 + keys[j], m1 | bits[j]
                for k in range(j + 1, 46):
                    k3, m3 = k2 + keys[k], m2 | bits[k]
                    for m in range(k + 1, 47):
                        k4, m4 = k3 + keys[m], m3 | bits[m]
                        for q in range(m + 1, 48):
                            k5, m5 = k4 + keys[q], m4 | bits[q]
                            a = _holdem_value_jit(k5 + key_a, m5 | mask_a, small, big, suits, at)
                            b = _holdem_value_jit(k5 + key_b, m5 | mask_b, small, big, suits, at)
                            if a > b:
                                won_a += 1
                            elif b > a:
                                won_b += 1
        wins[row, 0] = won_a
        wins[row, 1] = won_b


exact = _compiled(_exact)
headsup_boards = _compiled(_headsup_boards)
class_keys = _compiled(_class_keys)
table_map = _compiled(_table_map)
table_ranges = _compiled(_table_ranges)
sample = _compiled(_sample)
sample_holdem = _compiled(_sample_holdem)
add_outcomes = _add_outcomes_jit


def _radix_order(values: Array, count: int, order: Array, scratch: Array, buckets: Array) -> None:
    """``order[:count]``: the indices ``0..count-1`` sorted by ``values`` (below 8192), stably,
    in two counting passes of 7 and 6 bits (``scratch`` and ``buckets``, 128 long, are work
    space)."""
    for b in range(128):
        buckets[b] = 0
    for i in range(count):
        buckets[values[i] & 127] += 1
    total = 0
    for b in range(128):
        total, buckets[b] = total + buckets[b], total
    for i in range(count):
        digit = values[i] & 127
        scratch[buckets[digit]] = i
        buckets[digit] += 1
    for b in range(64):
        buckets[b] = 0
    for i in range(count):
        buckets[values[i] >> 7] += 1
    total = 0
    for b in range(64):
        total, buckets[b] = total + buckets[b], total
    for i in range(count):
        index = scratch[i]
        digit = values[index] >> 7
        order[buckets[digit]] = index
        buckets[digit] += 1


_radix_order_jit = _compiled(_radix_order, inline=True)


def _next_board(chosen: Array, missing: int, n: int) -> int:
    """Step ``chosen`` (``missing`` increasing positions in a deck of ``n``) to the next
    combination in lexicographic order; the first position changed, or -1 after the last."""
    j = missing - 1
    while j >= 0 and chosen[j] == n - missing + j:
        j -= 1
    if j < 0:
        return -1
    chosen[j] += 1
    for t in range(j + 1, missing):
        chosen[t] = chosen[t - 1] + 1
    return j


_next_board_jit = _compiled(_next_board, inline=True)


def _suit_bit(card: int) -> int:
    """Card ``card``'s bit among the ranks by suit (13 bits a suit, clubs lowest)."""
    return 1 << (13 * (card & 3) + (card >> 2))


_suit_bit_jit = _compiled(_suit_bit, inline=True)

WALK_KEY, WALK_SUITS, WALK_BITS, WALK_COUNTS = 0, 1, 2, 3
"""The columns of a walk over a board's completions (``_walk_start``): row ``j`` describes the
shown cards and the first ``j`` cards dealt: their key sum, their ranks by suit, the bits of
the cards dealt (not the shown ones), and from ``WALK_COUNTS`` the number of each suit."""


def _walk_start(board: Array, missing: int, known: int, small: Array, walk: Array, deck: Array,
                chosen: Array) -> int:
    """Begin walking the completions of ``board`` (its first ``5 - missing`` cards shown) from the
    cards not in ``known``: ``walk[0]`` (``7`` columns, ``WALK_KEY`` ...) from the shown cards,
    ``deck`` the cards left (returns how many), ``chosen`` the first completion (positions in
    ``deck``); ``_walk_step`` then fills the rows of the cards dealt. (The arrays are the
    caller's: returned from here, numba counts references to them in the caller's loop.)"""
    for c in range(walk.shape[1]):
        walk[0, c] = 0
    for j in range(5 - missing):
        card = int(board[j])
        walk[0, WALK_KEY] += int(small[card])
        walk[0, WALK_SUITS] |= _suit_bit_jit(card)
        walk[0, WALK_COUNTS + (card & 3)] += 1
    n = 0
    for card in range(52):
        if not known >> card & 1:
            deck[n] = card
            n += 1
    for j in range(missing):
        chosen[j] = j
    return n


def _walk_step(deck: Array, chosen: Array, changed: int, missing: int, small: Array, walk: Array) -> None:
    """Rows ``changed + 1`` to ``missing`` of ``walk`` for the completion ``chosen``, whose first
    ``changed`` cards are those of the rows already filled."""
    for j in range(changed, missing):
        card = int(deck[chosen[j]])
        walk[j + 1, WALK_KEY] = walk[j, WALK_KEY] + int(small[card])
        walk[j + 1, WALK_SUITS] = walk[j, WALK_SUITS] | _suit_bit_jit(card)
        walk[j + 1, WALK_BITS] = walk[j, WALK_BITS] | (1 << card)
        for t in range(4):
            walk[j + 1, WALK_COUNTS + t] = walk[j, WALK_COUNTS + t]
        walk[j + 1, WALK_COUNTS + (card & 3)] += 1


def _walk_board(walk: Array, row: int) -> tuple[int, int, int]:
    """The key sum, ranks by suit and dealt cards' bits of the board of ``walk[row]``."""
    return walk[row, WALK_KEY], walk[row, WALK_SUITS], walk[row, WALK_BITS]


def _flush_suit(walk: Array, row: int) -> int:
    """The suit of which the board of ``walk[row]`` holds three cards or more (at most one
    can), or -1: a board with no such suit lets no hold'em hand make a flush."""
    for t in range(4):
        if walk[row, WALK_COUNTS + t] >= 3:
            return t
    return -1


def _group_board(deck: Array, chosen: Array, missing: int, board_key: int, boards: Array, card_boards: Array,
                 group_key: Array, pair_group: Array) -> None:
    """Count a completion of one or two cards (``deck[chosen[:missing]]``) with no flush in its
    group of the same ranks dealt (a rank, or a pair of ranks ``low * 13 + high``): the group's
    boards, each card's boards (``card_boards``), its rank key (``board_key`` less the suits) and
    the group of the board of these two cards (``pair_group``). (The two cases are two helpers:
    compiled, a branch inside an inlined helper costs the caller's loop tens of nanoseconds.)"""
    if missing == 1:
        _group_one_jit(int(deck[chosen[0]]), board_key, boards, card_boards, group_key)
    else:
        _group_two_jit(int(deck[chosen[0]]), int(deck[chosen[1]]), board_key, boards, card_boards, group_key,
                       pair_group)


def _group_one(card: int, board_key: int, boards: Array, card_boards: Array, group_key: Array) -> None:
    """``_group_board`` of one card dealt."""
    group = card >> 2
    boards[group] += 1
    card_boards[group, card] += 1
    group_key[group] = board_key >> SUIT_BITS


def _group_two(first: int, second: int, board_key: int, boards: Array, card_boards: Array, group_key: Array,
               pair_group: Array) -> None:
    """``_group_board`` of two cards dealt."""
    group = min(first >> 2, second >> 2) * 13 + max(first >> 2, second >> 2)
    pair_group[first, second] = pair_group[second, first] = group
    boards[group] += 1
    card_boards[group, first] += 1
    card_boards[group, second] += 1
    group_key[group] = board_key >> SUIT_BITS


def _hand_keys(hands: Array, count: int, small: Array, keys: Array, suit_masks: Array, bits: Array) -> None:
    """Of each of the first ``count`` hands (rows of ``hands``): its key sum, its ranks by suit
    and its card bits."""
    for i in range(count):
        keys[i] = suit_masks[i] = bits[i] = 0
        for j in range(hands.shape[1]):
            card = int(hands[i, j])
            keys[i] += int(small[card])
            suit_masks[i] |= _suit_bit_jit(card)
            bits[i] |= 1 << card


_walk_start_jit = _compiled(_walk_start)
_walk_step_jit = _compiled(_walk_step, inline=True)
_walk_board_jit = _compiled(_walk_board, inline=True)
_flush_suit_jit = _compiled(_flush_suit, inline=True)


def _rank_group(deck: Array, chosen: Array, missing: int) -> int:
    """The group (``_group_board``) of the ranks of the one or two cards dealt."""
    first = int(deck[chosen[0]]) >> 2
    second = int(deck[chosen[missing - 1]]) >> 2
    return first if missing == 1 else min(first, second) * 13 + max(first, second)


def _listed_board(deck: Array, chosen: Array, missing: int, board_key: int, boards: Array, card_boards: Array,
                  group_key: Array, pair_group: Array, group_cards: Array) -> None:
    """``_group_board``, and the board's cards listed among its group's (``group_cards[g, i]``)."""
    _group_board_jit(deck, chosen, missing, board_key, boards, card_boards, group_key, pair_group)
    group = _rank_group_jit(deck, chosen, missing)
    group_cards[group, boards[group] - 1, 0] = deck[chosen[0]]
    group_cards[group, boards[group] - 1, 1] = deck[chosen[missing - 1]]


_group_one_jit = _compiled(_group_one, inline=True)
_group_two_jit = _compiled(_group_two, inline=True)
_group_board_jit = _compiled(_group_board, inline=True)
def _group_arrays(grouped: bool, missing: int) -> tuple[Array, Array, Array, Array, Array]:
    """The arrays ``_listed_board`` fills (none when not ``grouped``): per group of ranks dealt its
    boards, each card's boards, its rank key; the group of each board of two cards; each group's
    boards' cards (at most 16: four cards of one rank by four of another)."""
    groups = (169 if missing == 2 else 13) if grouped else 0  # groups: a pair of ranks, or a rank
    width = 52 if grouped and missing == 2 else 1
    return (np.zeros(groups, dtype=np.int64), np.zeros((groups, 52), dtype=np.int64),
            np.zeros(groups, dtype=np.int64), np.full((width, width), -1, dtype=np.int64),
            np.empty((groups, 16, 2), dtype=np.int64))


def _walk_to_swept(
    deck: Array, chosen: Array, changed: int, missing: int, n: int, small: Array, walk: Array, grouped: bool,
    boards: Array, card_boards: Array, group_key: Array, pair_group: Array, group_cards: Array,
) -> tuple[int, bool]:
    """Walk on from the completion ``chosen`` (the walk's rows filled for its first ``changed``
    cards) to the next one to sweep, counting in their groups the boards with no flush on the way
    when ``grouped`` (``_listed_board``). Returns the first position changed for the completion
    after it (-1 when it is the last; -2 when there is none) and whether it lets no hand make a
    flush; the board is the walk's row ``missing``."""
    while changed >= 0:
        _walk_step_jit(deck, chosen, changed, missing, small, walk)
        flushless = _flush_suit_jit(walk, missing) < 0
        if flushless and grouped:
            _listed_board_jit(deck, chosen, missing, walk[missing, WALK_KEY], boards, card_boards, group_key,
                              pair_group, group_cards)
            changed = _next_board_jit(chosen, missing, n)
            continue
        return _next_board_jit(chosen, missing, n), flushless
    return -2, False


_rank_group_jit = _compiled(_rank_group)
_walk_to_swept_jit = _compiled(_walk_to_swept)
_group_arrays_jit = _compiled(_group_arrays)
_listed_board_jit = _compiled(_listed_board)
_hand_keys_jit = _compiled(_hand_keys, inline=True)


def _rank_range(
    keys: Array, suit_masks: Array, bits: Array, class_rank: Array, members: Array, starts: Array,
    board_key: int, board_suits: int, board_bits: int, flushless: bool, small: Array, big: Array, suits: Array,
    at: Array, class_value: Array, class_order: Array, found: Array, order: Array, scratch: Array, buckets: Array,
    live: Array, value: Array,
) -> int:
    """Rank a hold'em range's hands on a board and list those the board leaves in order of
    value: ``live[:m]`` the hand numbers, ``value[:m]`` their values (non-decreasing); returns
    ``m``. On a board with no three cards of a suit (``flushless``) no hand makes a flush, so a
    hand's value depends on its two ranks only: each rank class (``class_rank``: the rank part
    of the class's two card keys; ``members[starts[c]:starts[c + 1]]`` its hands) is ranked once
    and the classes ordered. Otherwise every hand is ranked and the hands ordered."""
    if flushless:
        classes = class_rank.shape[0]
        base = board_key >> SUIT_BITS
        for c in range(classes):
            class_value[c] = _unsuited_jit(base + class_rank[c], ROWS7_AT, 0, small, big)
        _radix_order_jit(class_value, classes, class_order, scratch, buckets)
        m = 0
        for t in range(classes):
            c = class_order[t]
            v = class_value[c]
            for u in range(starts[c], starts[c + 1]):
                h = members[u]
                if bits[h] & board_bits:
                    continue
                live[m] = h
                value[m] = v
                m += 1
        return m
    m = 0
    for h in range(keys.shape[0]):
        if bits[h] & board_bits:
            continue
        live[m] = h
        found[m] = _holdem_value_jit(board_key + keys[h], board_suits | suit_masks[h], small, big, suits, at)
        m += 1
    _radix_order_jit(found, m, order, scratch, buckets)
    for t in range(m):
        scratch[t] = live[order[t]]
    for t in range(m):
        live[t] = scratch[t]
        value[t] = found[order[t]]
    return m


_rank_range_jit = _compiled(_rank_range)


def _sweep_headsup(
    hands0: Array, classes0: Array, hands1: Array, classes1: Array, same: Array, ranks0: Array, ranks1: Array,
    board: Array, known: int, missing: int, group: int, small: Array, big: Array, suits: Array, at: Array,
    out: Array,
) -> None:
    """Exact heads-up hold'em (high) of a range against a range, board by board: on each
    completion of ``board`` (its first ``5 - missing`` cards) from the cards not in ``known``,
    rank every hand of each range that the board leaves once (``_rank_range``: by rank class on
    a board with no flush), in order of value, and sweep the two orders together
    (``_sweep_sorted``). With one or two cards to come and ``group`` 1 or 2, the completions with
    no three cards of a suit are counted together by the ranks they deal, where every hand has its
    rank class's value: by pairs of rank classes (``_three_groups``, 1), or (2) each group swept
    once, each deal counted on the group's boards that miss its four cards, by inclusion and
    exclusion (``_group_extra``, ``_cross_boards``).
    ``same[i]``: the second range's hand with the cards of the first's hand ``i``, or -1;
    ``ranks0`` and ``ranks1``: each hand's rank class (an index into the classes' rank keys).
    Adds to ``out[j, k]`` (weight classes of the first and second range): the first range's
    wins, the second's, the ties and the showdowns."""
    n0, n1 = hands0.shape[0], hands1.shape[0]
    kinds = out.shape[1]
    key0, suit0, bits0, rank_keys0, members0, starts0 = _range_keys_jit(hands0, ranks0, small)
    key1, suit1, bits1, rank_keys1, members1, starts1 = _range_keys_jit(hands1, ranks1, small)
    widest = max(n0, n1, rank_keys0.shape[0], rank_keys1.shape[0])
    class_value, class_order, found, order, scratch, buckets = _rank_work_jit(widest)
    live0, value0, live1, value1 = _rank_work_jit(n0)[:2] + _rank_work_jit(n1)[:2]
    sums = np.zeros((3, 2, kinds, 53), dtype=np.int64)  # ``_sweep_sorted``'s running sums
    extra0 = np.zeros(n0, dtype=np.int64)
    extra1 = np.zeros(n1, dtype=np.int64)
    deck = np.empty(52, dtype=np.int64)
    walk = np.zeros((6, 7), dtype=np.int64)
    chosen = np.empty(5, dtype=np.int64)
    n = _walk_start_jit(board, missing, known, small, walk, deck, chosen)
    grouped = group > 0 and (missing == 1 or missing == 2)  # the boards with no flush by the ranks dealt
    # (``group``: the cheapest way, ``calculate._headsup_grouping``)
    boards, card_boards, group_key, pair_group, group_cards = _group_arrays_jit(grouped, missing)
    changed = 0
    while changed >= 0:
        changed, flushless = _walk_to_swept_jit(deck, chosen, changed, missing, n, small, walk, grouped, boards,
                                                card_boards, group_key, pair_group, group_cards)
        if changed < -1:
            break
        board_key, board_suits, board_bits = _walk_board_jit(walk, missing)
        m0 = _rank_range_jit(key0, suit0, bits0, rank_keys0, members0, starts0, board_key, board_suits, board_bits,
                             flushless, small, big, suits, at, class_value, class_order, found, order, scratch,
                             buckets, live0, value0)
        m1 = _rank_range_jit(key1, suit1, bits1, rank_keys1, members1, starts1, board_key, board_suits, board_bits,
                             flushless, small, big, suits, at, class_value, class_order, found, order, scratch,
                             buckets, live1, value1)
        _sweep_sorted_jit(hands0, classes0, live0, value0, m0, hands1, classes1, live1, value1, m1, same, 1,
                          extra0, extra1, False, sums, out)
    if not grouped:
        return
    if group == 1:
        _three_groups_jit(hands0, classes0, ranks0, bits0, rank_keys0, hands1, classes1, ranks1, bits1, rank_keys1,
                          same, 0, 0, missing, boards, card_boards, group_key, group_cards, small, big, out, True)
        return
    value_of1 = np.empty(rank_keys1.shape[0], dtype=np.int64)
    at0 = np.empty((52, 52), dtype=np.int64)
    at1 = np.empty((52, 52), dtype=np.int64)
    _hands_at_jit(hands0, at0)
    _hands_at_jit(hands1, at1)
    lists = np.empty((2, 8, max(n0, n1), 2), dtype=np.int64)  # ``_cross_boards``'s work space
    sizes = np.empty((2, 8), dtype=np.int64)
    counts = np.empty((3, kinds), dtype=np.int64)
    for g in range(boards.shape[0]):
        if boards[g] == 0:
            continue
        board_key = group_key[g] << SUIT_BITS  # the rank part of every board of the group
        m0 = _rank_range_jit(key0, suit0, bits0, rank_keys0, members0, starts0, board_key, 0, 0, True, small, big,
                             suits, at, class_value, class_order, found, order, scratch, buckets, live0, value0)
        m1 = _rank_range_jit(key1, suit1, bits1, rank_keys1, members1, starts1, board_key, 0, 0, True, small, big,
                             suits, at, value_of1, class_order, found, order, scratch, buckets, live1, value1)
        _group_extra_jit(hands0, g, missing, card_boards, pair_group, extra0)
        _group_extra_jit(hands1, g, missing, card_boards, pair_group, extra1)
        _sweep_sorted_jit(hands0, classes0, live0, value0, m0, hands1, classes1, live1, value1, m1, same, boards[g],
                          extra0, extra1, True, sums, out)
        if missing == 2:
            _cross_boards_jit(g, boards[g], group_cards, hands0, classes0, ranks0, live0, value0, m0, at0, hands1,
                              classes1, ranks1, live1, value1, m1, at1, class_value, value_of1, lists, sizes, counts,
                              out)


def _sweep_sorted(
    hands0: Array, classes0: Array, live0: Array, value0: Array, m0: int, hands1: Array, classes1: Array,
    live1: Array, value1: Array, m1: int, same: Array, boards: int, extra0: Array, extra1: Array, weighted: bool,
    sums: Array, out: Array,
) -> None:
    """Count the deals of two ranges' hands in order of value (``live0[:m0]``, ``value0``;
    ``live1[:m1]``, ``value1``) on ``boards`` boards: the second range's hands below the first's
    current value, up to it and all of them are summed per weight class and per card (``sums[set,
    0, k]``; a card's at its column, all at column 52), so the hands that beat, tie or lose to
    each hand of the first range and share no card with it come from the sums by inclusion and
    exclusion (the set, less the hands holding either of its two cards, plus the hand holding
    both: ``same[i]``, the second range's hand with the cards of the first's hand ``i``, or -1).
    ``weighted``: the deal of hands ``h`` and ``e`` counts on ``boards + extra0[h] + extra1[e]``
    boards (``_group_extra``), the second range's extras summed alike in ``sums[set, 1, k]``;
    otherwise on ``boards``. Adds to ``out[j, k]`` (weight classes of the first and second
    range): the first range's wins, the second's, the ties and the showdowns."""
    if m0 == 0 or m1 == 0:
        return
    kinds = out.shape[1]
    below, upto, every = sums[0], sums[1], sums[2]
    for w in range(2 if weighted else 1):
        for k in range(kinds):
            for c in range(53):
                below[w, k, c] = upto[w, k, c] = every[w, k, c] = 0
    for t in range(m1):
        _sum_hand_jit(every, hands1, classes1, extra1, weighted, live1[t])
    under = top = 0  # the second range's hands (in order) summed into ``below`` and into ``upto``
    current = -1
    for t in range(m0):
        h = live0[t]
        v = value0[t]
        if v != current:
            while under < m1 and value1[under] < v:
                _sum_hand_jit(below, hands1, classes1, extra1, weighted, live1[under])
                under += 1
            while top < m1 and value1[top] <= v:
                _sum_hand_jit(upto, hands1, classes1, extra1, weighted, live1[top])
                top += 1
            current = v
        x, y = hands0[h, 0], hands0[h, 1]
        j = classes0[h]
        twin = same[h]
        times = boards + extra0[h] if weighted else boards
        for k in range(kinds):
            both = 1 if twin >= 0 and classes1[twin] == k else 0  # at the hand's own value
            lower = below[0, k, 52] - below[0, k, x] - below[0, k, y]
            level = upto[0, k, 52] - upto[0, k, x] - upto[0, k, y] + both
            showdowns = every[0, k, 52] - every[0, k, x] - every[0, k, y] + both
            lower *= times
            level *= times
            showdowns *= times
            if weighted:
                twin_extra = extra1[twin] if both else 0
                lower += below[1, k, 52] - below[1, k, x] - below[1, k, y]
                level += upto[1, k, 52] - upto[1, k, x] - upto[1, k, y] + twin_extra
                showdowns += every[1, k, 52] - every[1, k, x] - every[1, k, y] + twin_extra
            out[j, k, 0] += lower
            out[j, k, 1] += showdowns - level
            out[j, k, 2] += level - lower
            out[j, k, 3] += showdowns


def _sum_hand(sums: Array, hands: Array, classes: Array, extra: Array, weighted: bool, h: int) -> None:
    """Add hand ``h`` to a set of ``_sweep_sorted``'s sums: in its weight class, at its two cards
    and in all; its extra boards too when ``weighted``."""
    k = classes[h]
    a, b = hands[h, 0], hands[h, 1]
    sums[0, k, 52] += 1
    sums[0, k, a] += 1
    sums[0, k, b] += 1
    if weighted:
        more = extra[h]
        sums[1, k, 52] += more
        sums[1, k, a] += more
        sums[1, k, b] += more


def _group_extra(hands: Array, g: int, missing: int, card_boards: Array, pair_group: Array, extra: Array) -> None:
    """For each hand of a range, the boards of group ``g`` (``_group_board``) it takes from every
    deal's count (``_sweep_sorted``'s ``extra``): less the group's boards holding either of its
    cards, plus the board of its two cards if that is one of the group's (two cards to come; a
    board holds at most two cards, so inclusion and exclusion stops there). With the other hand's
    extra and the boards holding one card of each (``_cross_boards``), the group's boards less
    these are those that miss the deal's four cards."""
    for h in range(hands.shape[0]):
        a, b = hands[h, 0], hands[h, 1]
        extra[h] = -card_boards[g, a] - card_boards[g, b]
        if missing == 2 and pair_group[a, b] == g:
            extra[h] += 1


def _cross_boards(
    g: int, count: int, group_cards: Array, hands0: Array, classes0: Array, ranks0: Array, live0: Array,
    value0: Array, m0: int, at0: Array, hands1: Array, classes1: Array, ranks1: Array, live1: Array, value1: Array,
    m1: int, at1: Array, class_value0: Array, class_value1: Array, lists: Array, sizes: Array, sums: Array,
    out: Array,
) -> None:
    """The last term of ``_sweep_headsup``'s group inclusion and exclusion: each of the ``count``
    boards of two cards of group ``g`` (``group_cards[g]``) that holds one card of each hand of a
    deal (sharing no card) is added back to the deal's count, as a win, loss or tie by the hands'
    values in the group (``value0``, ``value1`` in the order ``live0``, ``live1``; by rank class
    ``class_value0``, ``class_value1``). For a board of cards ``p`` and ``q``, the hands holding
    ``p`` and those holding ``q`` are listed in order of value (``_card_lists``) and met by
    merging the two lists, then the pairs sharing a card are taken away: the first range's hand
    of ``p`` and ``q`` against the second's hands of ``q``, the second's hand of ``p`` and ``q``
    against the first's hands of ``p`` (the pair of both added back), and the hands of ``p`` and
    of ``q`` with one more card alike. ``at0[a, b]``: the first range's hand of cards ``a`` and
    ``b``, or -1."""
    low, high = g // 13, g % 13
    _card_lists_jit(hands0, live0, value0, m0, low, high, lists[0], sizes[0])
    _card_lists_jit(hands1, live1, value1, m1, low, high, lists[1], sizes[1])
    kinds = out.shape[1]
    below, equal, every = sums[0], sums[1], sums[2]
    last = out.shape[2] - 1
    for i in range(count):
        for turn in range(2):
            p, q = (group_cards[g, i, 0], group_cards[g, i, 1]) if turn == 0 else (group_cards[g, i, 1],
                                                                                    group_cards[g, i, 0])
            slot0, slot1 = _card_slot_jit(p, low, high), _card_slot_jit(q, low, high)
            size0, size1 = sizes[0, slot0], sizes[1, slot1]
            if size0 == 0 or size1 == 0:
                continue
            for k in range(kinds):
                below[k] = equal[k] = every[k] = 0
            for w in range(size1):
                every[classes1[lists[1, slot1, w, 0]]] += 1
            under = top = 0  # the second list's hands below the current value, and to ``top`` at it
            current = -1
            for u in range(size0):
                h, v = lists[0, slot0, u, 0], lists[0, slot0, u, 1]
                if v != current:
                    while under < size1 and lists[1, slot1, under, 1] < v:
                        k = classes1[lists[1, slot1, under, 0]]
                        below[k] += 1
                        if under < top:
                            equal[k] -= 1
                        under += 1
                    top = max(top, under)
                    while top < size1 and lists[1, slot1, top, 1] == v:
                        equal[classes1[lists[1, slot1, top, 0]]] += 1
                        top += 1
                    current = v
                j = classes0[h]
                for k in range(kinds):
                    out[j, k, 0] += below[k]
                    out[j, k, 1] += every[k] - below[k] - equal[k]
                    out[j, k, 2] += equal[k]
                    out[j, k, last] += every[k]
            # the pairs sharing a card, taken away
            mine, theirs = at0[p, q], at1[p, q]
            if mine >= 0:
                for w in range(size1):
                    _meet_jit(classes0[mine], class_value0[ranks0[mine]], lists[1, slot1, w, 0],
                              lists[1, slot1, w, 1], classes1, -1, out)
            if theirs >= 0:
                for u in range(size0):
                    _meet_jit(classes0[lists[0, slot0, u, 0]], lists[0, slot0, u, 1], theirs,
                              class_value1[ranks1[theirs]], classes1, -1, out)
                if mine >= 0:
                    _meet_jit(classes0[mine], class_value0[ranks0[mine]], theirs, class_value1[ranks1[theirs]],
                              classes1, 1, out)
            for u in range(size0):
                h = lists[0, slot0, u, 0]
                other = hands0[h, 0] + hands0[h, 1] - p
                if other == q:
                    continue
                e = at1[q, other]
                if e >= 0:
                    _meet_jit(classes0[h], lists[0, slot0, u, 1], e, class_value1[ranks1[e]], classes1, -1, out)


def _meet(j: int, v: int, e: int, w: int, classes1: Array, sign: int, out: Array) -> None:
    """Count (``sign`` 1) or take away (-1) one deal of a first-range hand of weight class ``j``
    and value ``v`` against the second range's hand ``e`` of value ``w``."""
    column = 0 if v > w else 1 if w > v else 2
    out[j, classes1[e], column] += sign
    out[j, classes1[e], out.shape[2] - 1] += sign


def _card_slot(card: int, low: int, high: int) -> int:
    """Where ``_card_lists`` lists the hands holding ``card``, of rank ``low`` or ``high``."""
    return (card & 3) + (4 if card >> 2 == high and high != low else 0)


def _card_lists(hands: Array, live: Array, value: Array, m: int, low: int, high: int, lists: Array,
                sizes: Array) -> None:
    """The hands ``live[:m]`` (in order of value, ``value``) holding each card of rank ``low`` or
    ``high``: ``lists[_card_slot(c), :sizes[slot]]`` the hand numbers and values, in order."""
    for slot in range(8):
        sizes[slot] = 0
    for t in range(m):
        h = live[t]
        for i in range(2):
            card = hands[h, i]
            rank = card >> 2
            if rank in (low, high):
                slot = _card_slot_jit(card, low, high)
                lists[slot, sizes[slot], 0] = h
                lists[slot, sizes[slot], 1] = value[t]
                sizes[slot] += 1


def _hands_at(hands: Array, at: Array) -> None:
    """Each hand's number by its two cards: ``at[a, b]`` and ``at[b, a]`` (-1 for no hand)."""
    for a in range(52):
        for b in range(52):
            at[a, b] = -1
    for h in range(hands.shape[0]):
        at[hands[h, 0], hands[h, 1]] = at[hands[h, 1], hands[h, 0]] = h


_card_slot_jit = _compiled(_card_slot, inline=True)
_card_lists_jit = _compiled(_card_lists)
_meet_jit = _compiled(_meet, inline=True)
_cross_boards_jit = _compiled(_cross_boards)
_hands_at_jit = _compiled(_hands_at)


_sum_hand_jit = _compiled(_sum_hand, inline=True)
_sweep_sorted_jit = _compiled(_sweep_sorted)
_group_extra_jit = _compiled(_group_extra)


def _rank_classes(keys: Array, ranks: Array) -> tuple[Array, Array, Array]:
    """The rank classes of a hold'em range (``ranks[h]``: hand ``h``'s class, numbered from 0):
    each class's rank key (``keys[h] >> SUIT_BITS`` of its hands), its hands in number order
    (``members[starts[c]:starts[c + 1]]``)."""
    classes = 0
    for h in range(ranks.shape[0]):
        classes = max(classes, ranks[h] + 1)
    rank_keys = np.zeros(classes, dtype=np.int64)
    starts = np.zeros(classes + 1, dtype=np.int64)
    for h in range(ranks.shape[0]):
        rank_keys[ranks[h]] = keys[h] >> SUIT_BITS
        starts[ranks[h] + 1] += 1
    for c in range(classes):
        starts[c + 1] += starts[c]
    members = np.empty(ranks.shape[0], dtype=np.int64)
    filled = starts[:classes].copy()
    for h in range(ranks.shape[0]):
        members[filled[ranks[h]]] = h
        filled[ranks[h]] += 1
    return rank_keys, members, starts


_rank_classes_jit = _compiled(_rank_classes)


def _range_keys(hands: Array, ranks: Array, small: Array) -> tuple[Array, Array, Array, Array, Array, Array]:
    """A hold'em range's hands' key sums, ranks by suit and card bits (``_hand_keys``), and its
    rank classes (``_rank_classes``)."""
    count = hands.shape[0]
    keys = np.empty(count, dtype=np.int64)
    suit_masks = np.empty(count, dtype=np.int64)
    bits = np.empty(count, dtype=np.int64)
    _hand_keys_jit(hands, count, small, keys, suit_masks, bits)
    rank_keys, members, starts = _rank_classes_jit(keys, ranks)
    return keys, suit_masks, bits, rank_keys, members, starts


def _rank_work(size: int) -> tuple[Array, Array, Array, Array, Array, Array]:
    """Work space for ``_rank_range`` of ranges of up to ``size`` hands and classes: five arrays
    of ``size`` and one of 128 (the radix buckets)."""
    return (np.empty(size, dtype=np.int64), np.empty(size, dtype=np.int64), np.empty(size, dtype=np.int64),
            np.empty(size, dtype=np.int64), np.empty(size, dtype=np.int64), np.empty(128, dtype=np.int64))


_range_keys_jit = _compiled(_range_keys)
_rank_work_jit = _compiled(_rank_work)


sweep_headsup = _compiled(_sweep_headsup)


def _boards_first(
    hands: Array, sizes: Array, picks: Array, classes: Array, ranks: Array, board: Array, known: int, missing: int,
    omaha: bool, hilo: bool, small: Array, big: Array, suits: Array, at: Array, tally: Array, counts: Array,
) -> None:
    """Exact enumeration with the boards outside and the deals inside: on each completion of
    ``board`` from the cards not in ``known``, every hand of every range (``hands[p, :sizes[p]]``)
    that the board leaves is ranked once, and each deal (``picks[d]``: a hand number per player,
    weight class ``classes[d]``) that shares no card with the board is settled from those
    values. The same showdowns as ``_exact``, each hand ranked once a board instead of once a
    deal and board. In hold'em, on a board with no three cards of a suit, each rank class of a
    range (``ranks[p, w]``: hand ``w``'s class, numbered from 0 per player) is ranked once."""
    players = hands.shape[0]
    widest = hands.shape[1]
    keys = np.zeros((players, widest), dtype=np.int64)
    suit_masks = np.zeros((players, widest), dtype=np.int64)
    bits = np.zeros((players, widest), dtype=np.int64)
    for p in range(players):
        _hand_keys_jit(hands[p], sizes[p], small, keys[p], suit_masks[p], bits[p])
    deals = picks.shape[0]
    deal_bits = np.zeros(deals, dtype=np.int64)
    for d in range(deals):
        for p in range(players):
            deal_bits[d] |= bits[p, picks[d, p]]
    highs = np.zeros((players, widest), dtype=np.int64)
    lows = np.zeros((players, widest), dtype=np.int64)
    rank_keys = np.zeros((players, widest), dtype=np.int64)
    rank_classes = np.zeros(players, dtype=np.int64)
    for p in range(players):
        for w in range(sizes[p]):
            rank_keys[p, ranks[p, w]] = keys[p, w] >> SUIT_BITS
            rank_classes[p] = max(rank_classes[p], ranks[p, w] + 1)
    class_value = np.zeros(widest, dtype=np.int64)
    grouped = not omaha and (missing == 1 or missing == 2)
    group_boards = np.zeros(169, dtype=np.int64)
    card_boards = np.zeros((169, 52), dtype=np.int64)
    group_key = np.zeros(169, dtype=np.int64)
    pair_group = np.full((52, 52), -1, dtype=np.int64)
    outcomes = np.zeros((tally.shape[0], players, players + 1), dtype=np.int64)
    deck = np.empty(52, dtype=np.int64)
    walk = np.zeros((6, 7), dtype=np.int64)
    chosen = np.empty(5, dtype=np.int64)
    n = _walk_start_jit(board, missing, known, small, walk, deck, chosen)
    full = np.empty(5, dtype=np.uint8)
    shown = 5 - missing
    for j in range(shown):
        full[j] = board[j]
    changed = 0
    while changed >= 0:
        _walk_step_jit(deck, chosen, changed, missing, small, walk)
        for j in range(changed, missing):
            full[shown + j] = deck[chosen[j]]
        board_key, board_suits, board_bits = _walk_board_jit(walk, missing)
        flushless = not omaha and _flush_suit_jit(walk, missing) < 0
        if flushless and grouped:  # counted with the boards that deal the same ranks, below
            _group_board_jit(deck, chosen, missing, board_key, group_boards, card_boards, group_key, pair_group)
            changed = _next_board_jit(chosen, missing, n)
            continue
        changed = _next_board_jit(chosen, missing, n)
        if flushless:
            base = board_key >> SUIT_BITS
            for p in range(players):
                for c in range(rank_classes[p]):
                    class_value[c] = _unsuited_jit(base + rank_keys[p, c], ROWS7_AT, 0, small, big)
                for w in range(sizes[p]):
                    highs[p, w] = class_value[ranks[p, w]]
        for p in range(players):
            if flushless:
                break
            for w in range(sizes[p]):
                if bits[p, w] & board_bits:
                    continue
                if omaha:
                    highs[p, w] = _omaha_high_jit(hands[p], w, full, small, big, suits, at)
                    if hilo:
                        lows[p, w] = _low_jit(hands[p], w, full, small, big, at)
                else:
                    highs[p, w] = _holdem_value_jit(board_key + keys[p, w], board_suits | suit_masks[p, w], small,
                                                    big, suits, at)
        for d in range(deals):
            if deal_bits[d] & board_bits:
                continue
            group = classes[d]
            counts[group] += 1
            best = 0
            for p in range(players):
                best = max(best, highs[p, picks[d, p]])
            winners = 0
            for p in range(players):
                winners += highs[p, picks[d, p]] == best
            if not hilo:
                for p in range(players):
                    if highs[p, picks[d, p]] == best:
                        outcomes[group, p, winners] += 1
                continue
            low_best = low_winners = 0
            for p in range(players):
                low_best = max(low_best, lows[p, picks[d, p]])
            if low_best:
                for p in range(players):
                    low_winners += lows[p, picks[d, p]] == low_best
            high_share = (SHARE // 2 if low_best else SHARE) // winners
            low_share = SHARE // 2 // low_winners if low_best else 0
            for p in range(players):
                high = high_share if highs[p, picks[d, p]] == best else 0
                low = low_share if low_best and lows[p, picks[d, p]] == low_best else 0
                share = high + low
                tally[group, p, SHARES] += share
                tally[group, p, SQUARES] += share * share
                tally[group, p, HIGHS] += high
                tally[group, p, LOWS] += low
                if share == SHARE:
                    tally[group, p, SCOOPS] += 1
                elif share:
                    tally[group, p, SPLITS] += 1
    if grouped:
        _settle_groups_jit(picks, classes, bits, ranks, rank_keys, rank_classes, sizes, group_boards, card_boards,
                           group_key, pair_group, small, big, highs, class_value, outcomes, counts)
    for group in range(tally.shape[0]):
        _add_outcomes_jit(outcomes[group], tally[group])


def _settle_groups(
    picks: Array, classes: Array, bits: Array, ranks: Array, rank_keys: Array, rank_classes: Array, sizes: Array,
    group_boards: Array, card_boards: Array, group_key: Array, pair_group: Array, small: Array, big: Array,
    highs: Array, class_value: Array, outcomes: Array, counts: Array,
) -> None:
    """``_boards_first``'s hold'em boards with no flush and one or two cards to come, taken
    together by the ranks they deal (``group_boards[g]`` boards dealing ranks ``g``, of rank key
    ``group_key[g]``; ``card_boards[g, c]`` of them hold card ``c``; ``pair_group[a, b]`` the
    group of the board of cards ``a`` and ``b``): every hand of a rank class has the same value
    on them, and a deal meets the boards of a group that hold none of its cards: the group's
    boards, less those holding each of its cards, plus those holding two of them (by inclusion
    and exclusion: a board of two cards holds at most two)."""
    deals, players = picks.shape
    size = 2 * players
    cards = np.zeros((deals, size), dtype=np.int64)
    pairs = size * (size - 1) // 2
    both = np.full((deals, pairs), -1, dtype=np.int64)  # the groups of the boards made of two of a deal's cards
    for d in range(deals):
        t = 0
        for p in range(players):
            held = bits[p, picks[d, p]]
            for c in range(52):
                if held >> c & 1:
                    cards[d, t] = c
                    t += 1
        u = 0
        for i in range(size):
            for j in range(i + 1, size):
                both[d, u] = pair_group[cards[d, i], cards[d, j]]
                u += 1
    values = np.zeros(players, dtype=np.int64)
    for g in range(group_boards.shape[0]):
        if group_boards[g] == 0:
            continue
        base = group_key[g]
        for p in range(players):
            for c in range(rank_classes[p]):
                class_value[c] = _unsuited_jit(base + rank_keys[p, c], ROWS7_AT, 0, small, big)
            for w in range(sizes[p]):
                highs[p, w] = class_value[ranks[p, w]]
        for d in range(deals):
            met = group_boards[g]
            for i in range(size):
                met -= card_boards[g, cards[d, i]]
            for u in range(pairs):
                if both[d, u] == g:
                    met += 1
            if met <= 0:
                continue
            counts[classes[d]] += met
            for p in range(players):
                values[p] = highs[p, picks[d, p]]
            _settle_jit(values, players, outcomes[classes[d]], met)


_settle_groups_jit = _compiled(_settle_groups)


boards_first = _compiled(_boards_first)


def _hand_against_range(
    hand: Array, hands: Array, classes: Array, ranks: Array, board: Array, known: int, missing: int, small: Array,
    big: Array, suits: Array, at: Array, out: Array,
) -> None:
    """``_sweep_headsup`` for a first range of one hand (``hand``), counted by rank class: on
    each completion of ``board`` the hand is ranked once and each rank class of the range
    (``ranks``: each hand's class; ``classes``: its weight class) once, by its ranks, and the
    class's hands that the board leaves are counted from per-card counts (the class's hands,
    less those holding a card dealt, plus the one holding two of them). Where the board has
    three cards of a suit, only the hands holding enough of that suit can make a flush: each is
    ranked by its cards and moved from its class's column to its own. With one or two cards to
    come the boards with no such suit are taken together by the ranks they deal (up to 91 groups
    for 1,081 flop completions), counted the same way with each card's boards in the group, and
    so are those with one on which the hand makes no flush (its value is then its ranks'), the
    range's hands that make one moved after (``_flush_moves``).
    Adds to ``out[k]`` (the range's weight classes): the hand's wins, the range's, the ties and
    the showdowns. ``known`` holds the hand's cards, the board's and the dead: the range's hands
    holding any of them are left out (the range may be given whole, before the board)."""
    count = hands.shape[0]
    kinds = out.shape[0]
    x, y = int(hand[0]), int(hand[1])
    hero_key = int(small[x]) + int(small[y])
    hero_suits = _suit_bit_jit(x) | _suit_bit_jit(y)
    keys = np.empty(count, dtype=np.int64)
    suit_masks = np.empty(count, dtype=np.int64)
    bits = np.empty(count, dtype=np.int64)
    _hand_keys_jit(hands, count, small, keys, suit_masks, bits)
    rank_keys, _, _ = _rank_classes_jit(keys, ranks)
    ranked = rank_keys.shape[0]
    # the hands sharing no card with the hand: per rank and weight class, per card, by their two
    # cards; per suit, those holding one card of it or more and those holding two
    sizes = np.zeros((ranked, kinds), dtype=np.int64)
    dealt = 52 if missing else 1  # (the river deals no card: no per-card counts)
    card_hands = np.zeros((ranked, kinds, dealt), dtype=np.int64)
    width = 52 if missing >= 2 else 1
    hand_at = np.full((width, width), -1, dtype=np.int64)
    hero_suited = np.zeros(4, dtype=np.int64)
    hero_suited[x & 3] += 1
    hero_suited[y & 3] += 1
    holders = np.empty((4, 2, count), dtype=np.int64)
    held = np.zeros((4, 2), dtype=np.int64)
    for h in range(count):
        if bits[h] & known:  # the hand's cards, the board's and the dead
            continue
        a, b = int(hands[h, 0]), int(hands[h, 1])
        c, k = ranks[h], classes[h]
        sizes[c, k] += 1
        if missing:
            card_hands[c, k, a] += 1
            card_hands[c, k, b] += 1
        if missing >= 2:
            hand_at[a, b] = hand_at[b, a] = h
        for t in range(4):
            suited = (1 if a & 3 == t else 0) + (1 if b & 3 == t else 0)
            for need in range(suited):
                holders[t, need, held[t, need]] = h
                held[t, need] += 1
    deck = np.empty(52, dtype=np.int64)
    walk = np.zeros((6, 7), dtype=np.int64)
    chosen = np.empty(5, dtype=np.int64)
    n = _walk_start_jit(board, missing, known, small, walk, deck, chosen)
    grouped = missing == 1 or missing == 2  # flushless boards counted by the ranks dealt
    groups = (169 if missing == 2 else 13) if grouped else 0  # groups: a pair of ranks, or a rank
    boards = np.zeros(groups, dtype=np.int64)  # per group: boards, each card's boards, the rank key
    card_boards = np.zeros((groups, 52), dtype=np.int64)
    group_key = np.zeros(groups, dtype=np.int64)
    pair_group = np.full((width, width), -1, dtype=np.int64)  # the group of the board of these two cards
    pairs = np.empty((n * (n - 1) // 2 if missing == 2 else 0, 2), dtype=np.int64)  # (group, hand): a board that
    paired = 0  # is a hand
    class_column = np.empty(ranked, dtype=np.int64)
    flushing = np.empty((n * (n - 1) // 2 if grouped else 0, 2), dtype=np.int64)  # grouped boards with a flush
    flushes = 0
    changed = 0
    while changed >= 0:
        _walk_step_jit(deck, chosen, changed, missing, small, walk)
        board_key, board_suits, board_bits = _walk_board_jit(walk, missing)
        flush = _flush_suit_jit(walk, missing)
        needed = 5 - walk[missing, WALK_COUNTS + flush] if flush >= 0 else 3
        if grouped and (flush < 0 or (needed > 0 and hero_suited[flush] < needed)):
            # the hand makes no flush: the board goes with its group, and the range's hands that make
            # one are moved from their class's column to their own after (``_flush_moves``)
            if flush >= 0:
                flushing[flushes, 0] = deck[chosen[0]]
                flushing[flushes, 1] = deck[chosen[missing - 1]]
                flushes += 1
            _group_board_jit(deck, chosen, missing, board_key, boards, card_boards, group_key, pair_group)
            if missing == 2:
                h = hand_at[deck[chosen[0]], deck[chosen[1]]]
                if h >= 0:
                    pairs[paired, 0] = pair_group[deck[chosen[0]], deck[chosen[1]]]
                    pairs[paired, 1] = h
                    paired += 1
            changed = _next_board_jit(chosen, missing, n)
            continue
        mine = _holdem_value_jit(board_key + hero_key, board_suits | hero_suits, small, big, suits, at)
        if needed <= 0:  # five of a suit on the board: every hand ranked by its cards
            for h in range(count):
                if bits[h] & (board_bits | known):
                    continue
                theirs = _holdem_value_jit(board_key + keys[h], board_suits | suit_masks[h], small, big, suits, at)
                k = classes[h]
                out[k, 0 if mine > theirs else 1 if theirs > mine else 2] += 1
                out[k, 3] += 1
            changed = _next_board_jit(chosen, missing, n)
            continue
        base = board_key >> SUIT_BITS
        for c in range(ranked):
            theirs = _unsuited_jit(base + rank_keys[c], ROWS7_AT, 0, small, big)
            column = 0 if mine > theirs else 1 if theirs > mine else 2
            class_column[c] = column
            for k in range(kinds):
                live = sizes[c, k]
                for j in range(missing):
                    live -= card_hands[c, k, deck[chosen[j]]]
                out[k, column] += live
                out[k, 3] += live
        for i in range(missing):  # a hand of two cards dealt was taken away twice
            for j in range(i + 1, missing):
                h = hand_at[deck[chosen[i]], deck[chosen[j]]]
                if h >= 0:
                    out[classes[h], class_column[ranks[h]]] += 1
                    out[classes[h], 3] += 1
        if flush >= 0:
            _move_flushes_jit(mine, board_key, board_suits, board_bits, holders[flush, needed - 1],
                              held[flush, needed - 1], class_column, keys, suit_masks, bits, classes, ranks, small,
                              big, suits, at, out)
        changed = _next_board_jit(chosen, missing, n)
    # Each group of flushless boards (the same ranks dealt, so the same value for every hand of a
    # rank class): a hand meets the group's boards that hold neither of its cards, the group's
    # boards less those holding either card, plus the board of both (``pairs``).
    hero_rank = hero_key >> SUIT_BITS
    group_column = np.empty((groups, ranked), dtype=np.int64)
    for group in range(groups):
        if boards[group] == 0:
            continue
        base = group_key[group]
        mine = _unsuited_jit(base + hero_rank, ROWS7_AT, 0, small, big)
        low, high = (group // 13, group % 13) if missing == 2 else (group, group)
        for c in range(ranked):
            theirs = _unsuited_jit(base + rank_keys[c], ROWS7_AT, 0, small, big)
            column = 0 if mine > theirs else 1 if theirs > mine else 2
            group_column[group, c] = column
            for k in range(kinds):
                met = sizes[c, k] * boards[group]
                for t in range(4):
                    met -= card_hands[c, k, 4 * low + t] * card_boards[group, 4 * low + t]
                    if high != low:
                        met -= card_hands[c, k, 4 * high + t] * card_boards[group, 4 * high + t]
                out[k, column] += met
                out[k, 3] += met
    for i in range(paired):
        h = pairs[i, 1]
        column = group_column[pairs[i, 0], ranks[h]]
        out[classes[h], column] += 1
        out[classes[h], 3] += 1
    if flushes:
        _flush_moves_jit(flushing, flushes, missing, walk, hero_key, hero_suits, hands, keys, suit_masks, bits,
                         classes, ranks, holders, held, group_column, small, big, suits, at, out)


def _flush_moves(
    flushing: Array, flushes: int, missing: int, walk: Array, hero_key: int, hero_suits: int, hands: Array,
    keys: Array, suit_masks: Array, bits: Array, classes: Array, ranks: Array, holders: Array, held: Array,
    group_column: Array, small: Array, big: Array, suits: Array, at: Array, out: Array,
) -> None:
    """``_hand_against_range``'s boards with three or four cards of a suit counted with their
    groups (the hand makes no flush on them: its value is its ranks'): each hand of the range that
    holds enough of the suit, and none of the board's cards, moves from its class's column
    (``group_column``) to the column of its own value. ``flushing[:flushes]``: the cards dealt;
    ``walk[0]``: the cards shown."""
    counts = np.zeros(4, dtype=np.int64)
    for b in range(flushes):
        board_key, board_suits, board_bits = walk[0, WALK_KEY], walk[0, WALK_SUITS], 0
        for t in range(4):
            counts[t] = walk[0, WALK_COUNTS + t]
        for j in range(missing):
            card = flushing[b, j]
            board_key += int(small[card])
            board_suits |= _suit_bit_jit(card)
            board_bits |= 1 << card
            counts[card & 3] += 1
        flush = 0
        for t in range(4):
            if counts[t] >= 3:
                flush = t
        needed = 5 - counts[flush]
        first, second = flushing[b, 0] >> 2, flushing[b, missing - 1] >> 2
        group = first if missing == 1 else min(first, second) * 13 + max(first, second)
        mine = _holdem_value_jit(board_key + hero_key, board_suits | hero_suits, small, big, suits, at)
        _move_flushes_jit(mine, board_key, board_suits, board_bits, holders[flush, needed - 1],
                          held[flush, needed - 1], group_column[group], keys, suit_masks, bits, classes, ranks, small,
                          big, suits, at, out)


def _move_flushes(
    mine: int, board_key: int, board_suits: int, board_bits: int, holders: Array, count: int, columns: Array,
    keys: Array, suit_masks: Array, bits: Array, classes: Array, ranks: Array, small: Array, big: Array,
    suits: Array, at: Array, out: Array,
) -> None:
    """Move each of the hands ``holders[:count]`` (those holding enough of a flush suit) that the
    board leaves from its class's column (``columns``, by the hand's value ``mine`` against the
    class's) to the column of its own value on the board."""
    for i in range(count):
        h = holders[i]
        if bits[h] & board_bits:
            continue
        theirs = _holdem_value_jit(board_key + keys[h], board_suits | suit_masks[h], small, big, suits, at)
        column = 0 if mine > theirs else 1 if theirs > mine else 2
        if column != columns[ranks[h]]:
            out[classes[h], columns[ranks[h]]] -= 1
            out[classes[h], column] += 1


_move_flushes_jit = _compiled(_move_flushes)
_flush_moves_jit = _compiled(_flush_moves)


hand_against_range = _compiled(_hand_against_range)


def _fixed_hands(
    holes: Array, board: Array, known: int, missing: int, choose: Array, small: Array, big: Array, suits: Array,
    at: Array, outcomes: Array,
) -> int:
    """Exact hold'em (high) of fixed hands (``holes[p]``: player ``p``'s two cards), counting the
    completions of ``board`` from the cards not in ``known`` (which holds the hole cards) by the
    ranks they deal: a completion in which no player can make a flush is valued by its ranks
    alone, so each multiset of ranks is settled once, as often as the cards left can deal it
    (the product of C(cards left of the rank, times dealt)). The completions of the multiset in
    which some player can (enough of one suit on the board for a player's cards of that suit: at
    most one suit can be so) then settle by their true values in place of their ranks' values
    (``_suited_deals``), by the ranks of the multiset that the cards of that suit deal. Adds to
    ``outcomes[p, winners]``; returns the showdowns, or -1 when the cards shown already give a
    player a flush draw of none to come (then every completion is such, and ``_boards_first``
    serves)."""
    players = holes.shape[0]
    shown = 5 - missing
    shown_key = 0
    shown_counts = np.zeros(4, dtype=np.int64)
    shown_masks = np.zeros(4, dtype=np.int64)  # ranks of each suit on the board shown
    for j in range(shown):
        card = int(board[j])
        shown_key += int(small[card])
        shown_counts[card & 3] += 1
        shown_masks[card & 3] |= 1 << (card >> 2)
    hole_keys = np.zeros(players, dtype=np.int64)
    hole_counts = np.zeros((players, 4), dtype=np.int64)
    hole_masks = np.zeros((players, 4), dtype=np.int64)
    most = np.zeros(4, dtype=np.int64)
    for p in range(players):
        for j in range(2):
            card = int(holes[p, j])
            hole_keys[p] += int(small[card])
            hole_counts[p, card & 3] += 1
            hole_masks[p, card & 3] |= 1 << (card >> 2)
        for s in range(4):
            most[s] = max(most[s], hole_counts[p, s])
    needed = np.zeros(4, dtype=np.int64)  # cards of the suit to come for some player's flush
    flushable = False
    for s in range(4):
        needed[s] = 5 - shown_counts[s] - most[s]
        if needed[s] <= 0:
            return -1
        if needed[s] <= missing:
            flushable = True
    left = np.zeros(13, dtype=np.int64)
    others = np.zeros((4, 13), dtype=np.int64)  # the cards left of each rank not of the suit
    suited_left = np.zeros(4, dtype=np.int64)  # the ranks whose card of the suit is left
    for card in range(52):
        if not known >> card & 1:
            left[card >> 2] += 1
            suited_left[card & 3] |= 1 << (card >> 2)
            for s in range(4):
                if s != card & 3:
                    others[s, card >> 2] += 1
    rank_key = np.zeros(13, dtype=np.int64)
    for r in range(13):
        rank_key[r] = int(small[4 * r]) >> SUIT_BITS  # clubs' suit key is 0
    values = np.zeros(players, dtype=np.int64)
    true_values = np.zeros(players, dtype=np.int64)
    hole_ranks = np.zeros(players, dtype=np.int64)
    for p in range(players):
        hole_ranks[p] = hole_keys[p] >> SUIT_BITS
    shown_rank = shown_key >> SUIT_BITS
    showdowns = 0
    ranks = np.zeros(5, dtype=np.int64)  # every multiset of ranks to come, as non-decreasing sequences
    distinct = np.zeros(5, dtype=np.int64)  # the multiset's ranks, and the times each is dealt
    dealt = np.zeros(5, dtype=np.int64)
    drop = np.zeros(5, dtype=np.int64)
    ways = np.zeros(6, dtype=np.int64)  # by the cards of a suit dealt
    more = True
    while more:
        kinds = _multiset_runs_jit(ranks, missing, distinct, dealt)
        times = 1  # as often as the cards left deal it: the product of C(left, times dealt)
        for i in range(kinds):
            times *= choose[left[distinct[i]], dealt[i]]
        if times:
            total = shown_rank  # each player's value by ranks alone
            for j in range(missing):
                total += rank_key[ranks[j]]
            for p in range(players):
                values[p] = _unsuited_jit(total + hole_ranks[p], ROWS7_AT, 0, small, big)
            moved = 0
            if flushable:
                moved = _suited_deals_jit(kinds, missing, needed, suited_left, others, shown_counts, shown_masks,
                                          hole_counts, hole_masks, values, true_values, choose, big, at, outcomes,
                                          distinct, dealt, drop, ways)
            _settle_jit(values, players, outcomes, times - moved)
            showdowns += times
        more = _next_multiset_jit(ranks, missing)
    return showdowns


def _suited_deals(
    kinds: int, count: int, needed: Array, suited_left: Array, others: Array, shown_counts: Array,
    shown_masks: Array, hole_counts: Array, hole_masks: Array, values: Array, true_values: Array, choose: Array,
    big: Array, at: Array, outcomes: Array, distinct: Array, dealt: Array, drop: Array, ways: Array,
) -> int:
    """Settle by their true values, in place of their ranks' values (``values``), the deals of the
    ``count`` ranks ``distinct[:kinds]``, each ``dealt[i]`` times, in which a player can make a flush, and return how
    many of them were settled alone by one player's flush (their ranks' settling is then the
    caller's to take back); the others are taken back here. For each suit ``s``, ``k`` cards of
    the suit dealt (``needed[s]`` or more) from the ranks dealt whose card of the suit is left:
    ``ways[k]``, the coefficient of x**k in the product over the ranks dealt of C(others,
    times) + x C(others, times - 1) (the second only if the rank's card of the suit is left;
    ``others[s, r]``: the cards left of rank ``r`` not of the suit). No other suit can then reach
    three on the board, so a player without the flush keeps its ranks' value: when a single
    player makes it and every other player's value is below the lowest flush (7-5-4-3-2), it
    wins them all alone; else each set of ``k`` of those ranks (all but those of ``drop``) is
    settled, as often as the cards left deal it, where it moves the winners. ``drop``: room
    for five; ``ways``: for six."""
    players = values.shape[0]
    lowest = int(big[at[1] + 0b101111])
    ranks_best = 0
    for p in range(players):
        if values[p] > ranks_best:
            ranks_best = values[p]
    moved = 0
    for s in range(4):
        if needed[s] > count:
            continue
        fits = 0
        for k in range(count + 1):
            ways[k] = 0
        ways[0] = 1
        for i in range(kinds):
            r = distinct[i]
            plain = choose[others[s, r], dealt[i]]
            if suited_left[s] >> r & 1:
                suited = choose[others[s, r], dealt[i] - 1]
                fits += 1
                for k in range(fits, 0, -1):
                    ways[k] = ways[k] * plain + ways[k - 1] * suited
                ways[0] *= plain
            else:
                for k in range(fits + 1):
                    ways[k] *= plain
        for k in range(needed[s], fits + 1):
            if ways[k] == 0:
                continue
            alone = -1
            flushers = 0
            rest_best = 0
            for p in range(players):
                if shown_counts[s] + k + hole_counts[p, s] >= 5:
                    alone = p
                    flushers += 1
                elif values[p] > rest_best:
                    rest_best = values[p]
            if flushers == 1 and rest_best < lowest:
                outcomes[alone, 1] += ways[k]
                moved += ways[k]
                continue
            dropped = fits - k
            for i in range(dropped):
                drop[i] = i
            changed = 0
            while changed >= 0:
                pick = 0
                at_drop = 0
                fit = 0
                times = 1
                for i in range(kinds):
                    r = distinct[i]
                    taken = 0
                    if suited_left[s] >> r & 1:
                        if at_drop < dropped and drop[at_drop] == fit:
                            at_drop += 1
                        else:
                            taken = 1
                            pick |= 1 << r
                        fit += 1
                    times *= choose[others[s, r], dealt[i] - taken]
                if times:
                    mask_s = shown_masks[s] | pick
                    best = 0
                    for p in range(players):
                        value = values[p]
                        if shown_counts[s] + k + hole_counts[p, s] >= 5:
                            value = int(big[at[1] + (mask_s | hole_masks[p, s])])
                        true_values[p] = value
                        if value > best:
                            best = value
                    for p in range(players):  # the same winners settle the same: nothing to move
                        if (true_values[p] == best) != (values[p] == ranks_best):
                            _settle_jit(values, players, outcomes, -times)
                            _settle_jit(true_values, players, outcomes, times)
                            break
                changed = _next_board_jit(drop, dropped, fits)
    return moved


_suited_deals_jit = _compiled(_suited_deals, inline=True)  # called with its arrays, it cost more than its work


def _multiset_runs(ranks: Array, count: int, distinct: Array, dealt: Array) -> int:
    """The ranks of ``ranks[:count]`` (non-decreasing) each once in ``distinct`` and the times
    each is dealt in ``dealt``; returns how many there are."""
    kinds = 0
    j = 0
    while j < count:
        same = 1
        while j + same < count and ranks[j + same] == ranks[j]:
            same += 1
        distinct[kinds] = ranks[j]
        dealt[kinds] = same
        kinds += 1
        j += same
    return kinds


def _next_multiset(ranks: Array, count: int) -> bool:
    """Step ``ranks[:count]`` to the next non-decreasing sequence of ranks (0 to 12); False
    after the last."""
    j = count - 1
    while j >= 0 and ranks[j] == 12:
        j -= 1
    if j < 0:
        return False
    ranks[j] += 1
    for t in range(j + 1, count):
        ranks[t] = ranks[j]
    return True


_multiset_runs_jit = _compiled(_multiset_runs, inline=True)
_next_multiset_jit = _compiled(_next_multiset, inline=True)

fixed_hands = _compiled(_fixed_hands)


HERO, FIRST, SECOND, HERO_FIRST, HERO_SECOND, BOTH, ALL, DEALS = range(8)
"""The columns of ``hand_two_ranges``'s output: the pots won alone by the hand, the first range and
the second; split by the hand and the first, the hand and the second, the two ranges, all three;
and the showdowns."""


def _column(first: int, second: int, hero: int) -> int:
    """The column (``HERO`` ... ``ALL``) of a showdown of these three values."""
    if hero > first and hero > second:
        return HERO
    if first > hero and first > second:
        return FIRST
    if second > hero and second > first:
        return SECOND
    if first == second:
        return ALL if first == hero else BOTH
    return HERO_FIRST if first == hero else HERO_SECOND


_column_jit = _compiled(_column)


def _three_board(
    hands0: Array, classes0: Array, live0: Array, value0: Array, m0: int, hands1: Array, classes1: Array,
    live1: Array, value1: Array, m1: int, same: Array, mine: int, sums: Array, cards: Array, out: Array,
) -> None:
    """One board of ``_hand_two_ranges`` by sweeping: the two ranges' hands that the board leaves
    in order of value (``live0[:m0]``, ``value0``; ``live1[:m1]``, ``value1``) and the hand's
    value ``mine``. The second range's hands are summed per weight class and per card
    (``sums[k, set]``, ``cards[k, set, card]``): all of them, those below and at ``mine``, and
    (running, as the first range's values rise past ``mine``) those below and at the first's
    value; each hand of the first range then meets, in each set, the set's hands less those
    holding either of its cards plus the hand holding both (``same``, the second range's hand of
    the same two cards, or -1; it has the same value). Adds to ``out[j, k]``."""
    kinds = out.shape[1]
    for k in range(kinds):
        for q in range(5):
            sums[k, q] = 0
            for c in range(52):
                cards[k, q, c] = 0
    for t in range(m1):  # sets 0: all, 1: below mine, 2: at mine, 3: below the current value, 4: at it
        g = live1[t]
        k = classes1[g]
        q = 1 if value1[t] < mine else 2 if value1[t] == mine else 0
        for p in range(2 if q else 1):
            into = 0 if p == 0 else q
            sums[k, into] += 1
            cards[k, into, hands1[g, 0]] += 1
            cards[k, into, hands1[g, 1]] += 1
    below = start = top = 0  # second-range hands (in order) in set 3, and from start to top in set 4
    current = -1
    for t in range(m0):
        h = live0[t]
        v = value0[t]
        if v > mine and v != current:
            while below < m1 and value1[below] < v:
                g = live1[below]
                sums[classes1[g], 3] += 1
                cards[classes1[g], 3, hands1[g, 0]] += 1
                cards[classes1[g], 3, hands1[g, 1]] += 1
                below += 1
            for u in range(start, top):  # the last value's hands leave set 4
                g = live1[u]
                sums[classes1[g], 4] -= 1
                cards[classes1[g], 4, hands1[g, 0]] -= 1
                cards[classes1[g], 4, hands1[g, 1]] -= 1
            start = top = below
            while top < m1 and value1[top] == v:
                g = live1[top]
                sums[classes1[g], 4] += 1
                cards[classes1[g], 4, hands1[g, 0]] += 1
                cards[classes1[g], 4, hands1[g, 1]] += 1
                top += 1
            current = v
        x, y = hands0[h, 0], hands0[h, 1]
        j = classes0[h]
        twin = same[h]
        low, at, high = (HERO, HERO_SECOND, SECOND) if v < mine else (HERO_FIRST, ALL, SECOND) if v == mine else (
            FIRST, BOTH, SECOND)
        lower, equal = (1, 2) if v <= mine else (3, 4)
        for k in range(kinds):
            both = 1 if twin >= 0 and classes1[twin] == k else 0  # in the set of the hand's own value
            every = sums[k, 0] - cards[k, 0, x] - cards[k, 0, y] + both
            under = sums[k, lower] - cards[k, lower, x] - cards[k, lower, y] + (both if v < mine else 0)
            tied = sums[k, equal] - cards[k, equal, x] - cards[k, equal, y] + (0 if v < mine else both)
            out[j, k, low] += under
            out[j, k, at] += tied
            out[j, k, high] += every - under - tied
            out[j, k, DEALS] += every
    # set 4 is left as it is: it is cleared with the others on the next board


_three_board_jit = _compiled(_three_board)


def _hand_two_ranges(
    hand: Array, hands0: Array, classes0: Array, ranks0: Array, hands1: Array, classes1: Array, ranks1: Array,
    same: Array, board: Array, known: int, missing: int, group: bool, small: Array, big: Array, suits: Array,
    at: Array, out: Array,
) -> None:
    """Exact three-handed hold'em (high) of a hand (``hand``) against two ranges (``hands0``,
    ``hands1``; weight classes ``classes0``, ``classes1``; rank classes ``ranks0``, ``ranks1``;
    ``same[i]``: the second range's hand of the cards of the first's hand ``i``, or -1). With one
    or two cards to come, the completions of ``board`` with no three cards of a suit are taken
    together by the ranks they deal: in a group every hand of a rank class has one value, so the
    group is counted by pairs of rank classes, each pair's deals times the group's boards that
    miss their cards found by inclusion and exclusion from counts that do not depend on the
    group (each first-range hand's second-range hands sharing no card with it, by class) and
    from the few hands that hold a card of the group's ranks. Every other completion (a flush
    board, the river, more cards to come) is swept by ``_three_board``. Adds to ``out[j, k]``
    (weight classes of the first and second range) the columns ``HERO`` ... ``DEALS``; the
    hands sharing a card with ``hand`` never meet it."""
    n0, n1 = hands0.shape[0], hands1.shape[0]
    kinds1 = out.shape[1]
    x, y = int(hand[0]), int(hand[1])
    hero_key = int(small[x]) + int(small[y])
    hero_suits = _suit_bit_jit(x) | _suit_bit_jit(y)
    hero_bits = (1 << x) | (1 << y)
    key0, suit0, bits0, rank_keys0, members0, starts0 = _range_keys_jit(hands0, ranks0, small)
    key1, suit1, bits1, rank_keys1, members1, starts1 = _range_keys_jit(hands1, ranks1, small)
    classes_0, classes_1 = rank_keys0.shape[0], rank_keys1.shape[0]
    widest = max(n0, n1, classes_0, classes_1)
    class_value, class_order, found, order, scratch, buckets = _rank_work_jit(widest)
    live0, value0, live1, value1 = _rank_work_jit(n0)[:2] + _rank_work_jit(n1)[:2]
    sums = np.zeros((kinds1, 5), dtype=np.int64)
    cards = np.zeros((kinds1, 5, 52), dtype=np.int64)
    grouped = group and (missing == 1 or missing == 2)  # (``group``: when that costs less than sweeping)
    boards, card_boards, group_key, pair_group, group_cards = _group_arrays_jit(grouped, missing)
    deck = np.empty(52, dtype=np.int64)
    walk = np.zeros((6, 7), dtype=np.int64)
    chosen = np.empty(5, dtype=np.int64)
    n = _walk_start_jit(board, missing, known, small, walk, deck, chosen)
    changed = 0
    while changed >= 0:
        changed, flushless = _walk_to_swept_jit(deck, chosen, changed, missing, n, small, walk, grouped, boards,
                                                card_boards, group_key, pair_group, group_cards)
        if changed < -1:
            break
        board_key, board_suits, board_bits = _walk_board_jit(walk, missing)
        taken = board_bits | hero_bits
        m0 = _rank_range_jit(key0, suit0, bits0, rank_keys0, members0, starts0, board_key, board_suits, taken,
                             flushless, small, big, suits, at, class_value, class_order, found, order, scratch,
                             buckets, live0, value0)
        m1 = _rank_range_jit(key1, suit1, bits1, rank_keys1, members1, starts1, board_key, board_suits, taken,
                             flushless, small, big, suits, at, class_value, class_order, found, order, scratch,
                             buckets, live1, value1)
        if m0 == 0 or m1 == 0:
            continue
        mine = _holdem_value_jit(board_key + hero_key, board_suits | hero_suits, small, big, suits, at)
        _three_board_jit(hands0, classes0, live0, value0, m0, hands1, classes1, live1, value1, m1, same, mine, sums,
                         cards, out)
    if grouped:
        _three_groups_jit(hands0, classes0, ranks0, bits0, rank_keys0, hands1, classes1, ranks1, bits1, rank_keys1,
                          same, hero_bits, hero_key >> SUIT_BITS, missing, boards, card_boards, group_key,
                          group_cards, small, big, out, False)


def _three_groups(
    hands0: Array, classes0: Array, ranks0: Array, bits0: Array, rank_keys0: Array, hands1: Array, classes1: Array,
    ranks1: Array, bits1: Array, rank_keys1: Array, same: Array, hero_bits: int, hero_rank: int, missing: int,
    boards: Array, card_boards: Array, group_key: Array, group_cards: Array, small: Array, big: Array, out: Array,
    heads_up: bool,
) -> None:
    """``_hand_two_ranges``'s groups of flushless boards, or (``heads_up``: no hand, ``hero_bits``
    0) ``_sweep_headsup``'s, adding to its columns (``boards[g]`` boards of one or two cards,
    listed in ``group_cards[g]``; ``card_boards[g, c]`` of them hold card ``c``; rank key
    ``group_key[g]``). The deals of a pair of rank classes meet a group's boards that miss their
    four cards: the group's boards, less the boards holding each card, plus the boards of two of
    them (inclusion and exclusion; a board holds at most two). Summed over the class pair's
    deals, the first term is the deals times the boards; a card's term comes from each hand
    holding it, times the hands of the other range sharing no card with it (``apart0``,
    ``apart1``: by class, the same for every group); the boards of two cards, from the hands
    they make and the pairs of hands holding one each."""
    n0, n1 = hands0.shape[0], hands1.shape[0]
    kinds0, kinds1 = out.shape[0], out.shape[1]
    classes_0, classes_1 = rank_keys0.shape[0], rank_keys1.shape[0]
    # the hands that can meet the hand, by class and per card, and each hand's other-range hands
    # sharing no card with it, by class
    size0 = np.zeros((classes_0, kinds0), dtype=np.int64)
    size1 = np.zeros((classes_1, kinds1), dtype=np.int64)
    card0 = np.zeros((classes_0, kinds0, 52), dtype=np.int64)
    card1 = np.zeros((classes_1, kinds1, 52), dtype=np.int64)
    by_card0 = np.full((52, n0 + 1), -1, dtype=np.int64)  # by_card[c, 0]: how many; then the hands
    by_card1 = np.full((52, n1 + 1), -1, dtype=np.int64)
    at0 = np.full((52, 52), -1, dtype=np.int64)
    at1 = np.full((52, 52), -1, dtype=np.int64)
    _range_by_card_jit(hands0, classes0, ranks0, bits0, hero_bits, size0, card0, by_card0, at0)
    _range_by_card_jit(hands1, classes1, ranks1, bits1, hero_bits, size1, card1, by_card1, at1)
    apart0 = np.zeros((n0, classes_1, kinds1), dtype=np.int64)  # for a first-range hand
    apart1 = np.zeros((n1, classes_0, kinds0), dtype=np.int64)
    twin1 = np.full(n1, -1, dtype=np.int64)
    for h in range(n0):
        if same[h] >= 0:
            twin1[same[h]] = h
    _apart_jit(hands0, bits0, hero_bits, same, ranks1, classes1, size1, card1, apart0)
    _apart_jit(hands1, bits1, hero_bits, twin1, ranks0, classes0, size0, card0, apart1)
    deals = np.zeros((classes_0, kinds0, classes_1, kinds1), dtype=np.int64)
    for h in range(n0):
        if not bits0[h] & hero_bits:
            deals[ranks0[h], classes0[h]] += apart0[h]
    met = np.empty((classes_0, kinds0, classes_1, kinds1), dtype=np.int64)
    value0 = np.empty(classes_0, dtype=np.int64)
    value1 = np.empty(classes_1, dtype=np.int64)
    for g in range(boards.shape[0]):
        if boards[g] == 0:
            continue
        for i in range(classes_0):
            for j in range(kinds0):
                for c in range(classes_1):
                    for k in range(kinds1):
                        met[i, j, c, k] = boards[g] * deals[i, j, c, k]
        low, high = (g // 13, g % 13) if missing == 2 else (g, g)
        for r in range(2):
            rank = low if r == 0 else high
            if r == 1 and high == low:
                break
            for t in range(4):
                card = 4 * rank + t
                times = card_boards[g, card]
                if times == 0:
                    continue
                for u in range(1, by_card0[card, 0] + 1):
                    h = by_card0[card, u]
                    for c in range(classes_1):
                        for k in range(kinds1):
                            met[ranks0[h], classes0[h], c, k] -= times * apart0[h, c, k]
                for u in range(1, by_card1[card, 0] + 1):
                    h = by_card1[card, u]
                    for c in range(classes_0):
                        for k in range(kinds0):
                            met[c, k, ranks1[h], classes1[h]] -= times * apart1[h, c, k]
        if missing == 2:
            for i in range(boards[g]):
                p, q = group_cards[g, i, 0], group_cards[g, i, 1]
                h = at0[p, q]
                if h >= 0:
                    for c in range(classes_1):
                        for k in range(kinds1):
                            met[ranks0[h], classes0[h], c, k] += apart0[h, c, k]
                h = at1[p, q]
                if h >= 0:
                    for c in range(classes_0):
                        for k in range(kinds0):
                            met[c, k, ranks1[h], classes1[h]] += apart1[h, c, k]
                for turn in range(2):
                    one, other = (p, q) if turn == 0 else (q, p)
                    for u in range(1, by_card0[one, 0] + 1):
                        h = by_card0[one, u]
                        for w in range(1, by_card1[other, 0] + 1):
                            e = by_card1[other, w]
                            if not bits0[h] & bits1[e]:
                                met[ranks0[h], classes0[h], ranks1[e], classes1[e]] += 1
        base = group_key[g]
        mine = _unsuited_jit(base + hero_rank, ROWS7_AT, 0, small, big)
        for c in range(classes_0):
            value0[c] = _unsuited_jit(base + rank_keys0[c], ROWS7_AT, 0, small, big)
        for c in range(classes_1):
            value1[c] = _unsuited_jit(base + rank_keys1[c], ROWS7_AT, 0, small, big)
        last = out.shape[2] - 1  # the showdowns' column
        for i in range(classes_0):
            for c in range(classes_1):
                if heads_up:
                    column = 0 if value0[i] > value1[c] else 1 if value1[c] > value0[i] else 2
                else:
                    column = _column_jit(value0[i], value1[c], mine)
                for j in range(kinds0):
                    for k in range(kinds1):
                        out[j, k, column] += met[i, j, c, k]
                        out[j, k, last] += met[i, j, c, k]


def _range_by_card(hands: Array, classes: Array, ranks: Array, bits: Array, hero_bits: int, size: Array, card: Array,
                   by_card: Array, at: Array) -> None:
    """A range's hands that share no card with the hand (``hero_bits``): per rank and weight class
    (``size``) and per card (``card``), the hands holding each card (``by_card[c, 0]`` of them,
    then their numbers) and each hand's number by its two cards (``at``)."""
    for c in range(52):
        by_card[c, 0] = 0
    for h in range(hands.shape[0]):
        if bits[h] & hero_bits:
            continue
        a, b = hands[h, 0], hands[h, 1]
        size[ranks[h], classes[h]] += 1
        card[ranks[h], classes[h], a] += 1
        card[ranks[h], classes[h], b] += 1
        for c in (a, b):
            by_card[c, 0] += 1
            by_card[c, by_card[c, 0]] = h
        at[a, b] = at[b, a] = h


def _apart(hands: Array, bits: Array, hero_bits: int, same: Array, ranks: Array, classes: Array, size: Array,
           card: Array, apart: Array) -> None:
    """For each hand of a range sharing no card with the hand: the other range's hands (``size``
    and ``card`` by ``_range_by_card``; rank and weight classes ``ranks``, ``classes``) sharing no
    card with it, by class: the class's hands, less those holding either card, plus the one
    holding both (``same``: the other range's hand of the same cards, or -1)."""
    for h in range(hands.shape[0]):
        if bits[h] & hero_bits:
            continue
        a, b = hands[h, 0], hands[h, 1]
        for c in range(size.shape[0]):
            for k in range(size.shape[1]):
                apart[h, c, k] = size[c, k] - card[c, k, a] - card[c, k, b]
        if same[h] >= 0:
            apart[h, ranks[same[h]], classes[same[h]]] += 1


_range_by_card_jit = _compiled(_range_by_card)
_apart_jit = _compiled(_apart)
_three_groups_jit = _compiled(_three_groups)
hand_two_ranges = _compiled(_hand_two_ranges)
