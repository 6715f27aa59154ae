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

from pokerfloor.equity.kernels import _compiled

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
