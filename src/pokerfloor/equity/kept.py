"""The arrays of the hands of a hold'em range that a board leaves, from the range's own.

``Range.without`` keeps the numbers of the hands it kept (``rows``); the sweep reads a range as
its hands' cards, its distinct weights with each hand's weight class, and each hand's rank class
(``calculate._holdem_arrays``). ``keep_rows`` takes the kept rows of those arrays in one compiled
pass, renumbering both kinds of class from 0 in their order with none left empty (the kernels
size their work by the classes), instead of the half dozen numpy calls that would each cost
about as much as the pass. Needs numpy; numba makes it compiled.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from pokerfloor.equity.kernels import _compiled, sweep_headsup

Array = Any


def _keep_rows(rows: Array, hands: Array, classes: Array, ranks: Array, weights: int, rank_classes: int,
               kept_hands: Array, kept_classes: Array, kept_ranks: Array, present: Array) -> None:
    """Fill ``kept_hands``, ``kept_classes`` and ``kept_ranks`` with the rows ``rows`` of
    ``hands``, ``classes`` (of ``weights`` weight classes) and ``ranks`` (of ``rank_classes``), the
    classes renumbered from 0 in their order; ``present[w]`` says whether weight class ``w`` is
    among them."""
    number = np.zeros(max(weights, rank_classes), dtype=np.int64)
    for w in range(weights):
        present[w] = False
    for i in range(rows.shape[0]):
        present[classes[rows[i]]] = True
    at = 0
    for w in range(weights):
        number[w] = at
        if present[w]:
            at += 1
    for i in range(rows.shape[0]):
        h = rows[i]
        kept_hands[i, 0] = hands[h, 0]
        kept_hands[i, 1] = hands[h, 1]
        kept_classes[i] = number[classes[h]]
    used = np.zeros(rank_classes, dtype=np.bool_)
    for i in range(rows.shape[0]):
        used[ranks[rows[i]]] = True
    at = 0
    for c in range(rank_classes):
        number[c] = at
        if used[c]:
            at += 1
    for i in range(rows.shape[0]):
        kept_ranks[i] = number[ranks[rows[i]]]


keep_rows_kernel = _compiled(_keep_rows)


def keep_rows(rows: Array, hands: Array, weights: Array, classes: Array, ranks: Array,
              rank_classes: int) -> tuple[Array, Array, Array, Array]:
    """The arrays of ``calculate._holdem_arrays`` (``hands``, ``weights``, ``classes``, ``ranks``;
    ``rank_classes`` of them) for the hands numbered ``rows``."""
    count = rows.shape[0]
    kept_hands = np.empty((count, 2), dtype=np.int64)
    kept_classes = np.empty(count, dtype=np.int64)
    kept_ranks = np.empty(count, dtype=np.int64)
    present = np.empty(len(weights), dtype=np.bool_)
    keep_rows_kernel(rows, hands, classes, ranks, len(weights), rank_classes, kept_hands, kept_classes, kept_ranks,
                     present)
    return kept_hands, weights if len(weights) == 1 else weights[present], kept_classes, kept_ranks


def _left_by(hands: Array, known: int, rows: Array) -> int:
    """The numbers of the hands (cards ``(n, 2)``) holding no card of the bit mask ``known``,
    in order, into ``rows``; returns how many."""
    m = 0
    for h in range(hands.shape[0]):
        if (known >> hands[h, 0]) & 1 or (known >> hands[h, 1]) & 1:
            continue
        rows[m] = h
        m += 1
    return m


_left_by_kernel = _compiled(_left_by)


def _rows_kept(rows: Array, m: int, hands: Array, classes: Array, ranks: Array) -> tuple[Array, Array, Array]:
    """The rows ``rows[:m]`` of a range's hands, weight classes (as they are: the caller's output
    is sized by the range's own) and rank classes (renumbered from 0 in their order, none left
    empty, as ``keep_rows`` does)."""
    kept_hands = np.empty((m, 2), dtype=np.int64)
    kept_classes = np.empty(m, dtype=np.int64)
    kept_ranks = np.empty(m, dtype=np.int64)
    rank_classes = 0
    for h in range(ranks.shape[0]):
        rank_classes = max(rank_classes, ranks[h] + 1)
    used = np.zeros(rank_classes + 1, dtype=np.int64)
    for i in range(m):
        used[ranks[rows[i]] + 1] = 1
    for c in range(rank_classes):
        used[c + 1] += used[c]
    for i in range(m):
        h = rows[i]
        kept_hands[i, 0] = hands[h, 0]
        kept_hands[i, 1] = hands[h, 1]
        kept_classes[i] = classes[h]
        kept_ranks[i] = used[ranks[h]]
    return kept_hands, kept_classes, kept_ranks


_rows_kept_kernel = _compiled(_rows_kept)


def _sweep_whole(
    hands0: Array, classes0: Array, ranks0: Array, hands1: Array, classes1: Array, ranks1: Array, same: Array,
    board: Array, known: int, missing: int, group: int, small: Array, big: Array, suits: Array, at: Array,
    out: Array, sizes: Array,
) -> None:
    """``kernels.sweep_headsup`` of two ranges read whole (as parsed, before the board): the
    hands holding a card of ``known`` (the board's) are left out here, in one compiled pass, and
    ``sizes`` gets how many each range keeps; ``same`` is the ranges' own (``calculate``'s
    ``_same_hands`` of the whole ranges). ``out[j, k]`` is by the whole ranges' weight classes
    (a class the board empties counts nothing). Nothing is counted when a range keeps no hand."""
    rows0 = np.empty(hands0.shape[0], dtype=np.int64)
    rows1 = np.empty(hands1.shape[0], dtype=np.int64)
    m0 = _left_by_kernel(hands0, known, rows0)
    m1 = _left_by_kernel(hands1, known, rows1)
    sizes[0] = m0
    sizes[1] = m1
    if m0 == 0 or m1 == 0:
        return
    kept_hands0, kept_classes0, kept_ranks0 = _rows_kept_kernel(rows0, m0, hands0, classes0, ranks0)
    kept_hands1, kept_classes1, kept_ranks1 = _rows_kept_kernel(rows1, m1, hands1, classes1, ranks1)
    number1 = np.full(hands1.shape[0], -1, dtype=np.int64)
    for i in range(m1):
        number1[rows1[i]] = i
    kept_same = np.empty(m0, dtype=np.int64)
    for i in range(m0):
        twin = same[rows0[i]]
        kept_same[i] = number1[twin] if twin >= 0 else -1
    sweep_headsup(kept_hands0, kept_classes0, kept_hands1, kept_classes1, kept_same, kept_ranks0, kept_ranks1, board,
                  known, missing, group, small, big, suits, at, out)


sweep_whole = _compiled(_sweep_whole)
