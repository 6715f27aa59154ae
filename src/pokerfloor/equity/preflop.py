"""Exact heads-up pre-flop hold'em equities from a table built once by exact enumeration.

Two hold'em hands with no board and no dead cards meet on ``BOARDS`` = C(48, 5) boards. The
answer depends on the hands only up to a renaming of the suits (the rules rank no suit above
another: a flush is five cards of one suit, whichever it is), so the 812,175 unordered pairs of
disjoint hands fall into ``CLASSES`` = 47,008 classes. ``pokerfloor.equity.preflop_build``
counts, for one pair of each class, the boards each hand wins (the rest are ties), over every
board: no sampling. The package ships the counts
(``data/holdem_headsup.bin.z``, checked against ``TABLE_SHA256``). ``lookup`` then answers any
heads-up question without a board, hands or ranges with weights, exactly: the same integer
tally exact enumeration gives, from a few array lookups per deal.
"""

from __future__ import annotations

import hashlib
import itertools
import math
import zlib
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np

BOARDS = math.comb(48, 5)
"""Boards of five cards beside two hold'em hands: 1,712,304."""

CLASSES = 47_008
"""Unordered pairs of disjoint hold'em hands, up to a renaming of the suits."""

HAND_CODES = 52 * 52
"""A hand's code is ``high * 52 + low`` (its cards, higher first); a pair's key is
``first * HAND_CODES + second`` with the smaller code first."""

TABLE = Path(__file__).with_name("data") / "holdem_headsup.bin.z"
TABLE_SHA256 = "319078422becb92b7ecc42d1735ecbdaf88bd8b6f8ab34b5b507e5c6ec4fd2fe"
"""The SHA-256 of the decompressed table: ``CLASSES`` keys, then the first hand's wins, then the
second hand's wins (little-endian uint32 each); ties are the boards left."""


@cache
def _suit_maps() -> np.ndarray[Any, Any]:
    """The 24 renamings of the suits, as card-to-card maps (cards are ``rank * 4 + suit``)."""
    import numpy as np

    cards = np.arange(52)
    return np.array([(cards >> 2) * 4 + np.array(p)[cards & 3] for p in itertools.permutations(range(4))])


def canonical(first: np.ndarray[Any, Any], second: np.ndarray[Any, Any]) -> tuple[np.ndarray[Any, Any],
                                                                              np.ndarray[Any, Any]]:
    """For pairs of hands (``(n, 2)`` card arrays), each pair's class key (the least key over
    the 24 suit renamings) and whether ``first`` is the key's second hand."""
    import numpy as np

    from pokerfloor.equity import kernels

    keys = np.empty(len(first), dtype=np.int64)
    swapped = np.empty(len(first), dtype=np.bool_)
    kernels.class_keys(_suit_maps(), first.astype(np.int64), second.astype(np.int64), keys, swapped)
    return keys, swapped


def class_keys() -> np.ndarray[Any, Any]:
    """Every class's key, in increasing order: the table's rows."""
    import numpy as np

    hands = np.array([(h, low) for h in range(52) for low in range(h)], dtype=np.int64)
    i, j = np.triu_indices(len(hands), 1)
    bits = (np.int64(1) << hands[:, 0]) | (np.int64(1) << hands[:, 1])
    apart = (bits[i] & bits[j]) == 0
    keys, _ = canonical(hands[i[apart]], hands[j[apart]])
    found = np.unique(keys)
    if len(found) != CLASSES:
        raise AssertionError(f"{len(found)} classes, not {CLASSES}")
    return found


def decode(key: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """The two hands of a class key, each higher card first."""
    first, second = divmod(key, HAND_CODES)
    return divmod(first, 52), divmod(second, 52)


def pack(keys: np.ndarray[Any, Any], wins: np.ndarray[Any, Any]) -> bytes:
    """The table's bytes (see ``TABLE_SHA256``)."""
    import numpy as np

    return b"".join(np.ascontiguousarray(a, dtype="<u4").tobytes() for a in (keys, wins[:, 0], wins[:, 1]))


@cache
def load(path: Path = TABLE) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]] | None:
    """The shipped table (class keys, ``(CLASSES, 2)`` wins), or None when it is absent or
    does not match its checksum (the callers then enumerate or sample as before)."""
    import numpy as np

    try:
        raw = zlib.decompress(path.read_bytes())
    except (OSError, zlib.error):
        return None
    if hashlib.sha256(raw).hexdigest() != TABLE_SHA256 or len(raw) != CLASSES * 12:
        return None
    words = np.frombuffer(raw, dtype="<u4").astype(np.int64)
    return words[:CLASSES], words[CLASSES:].reshape(2, CLASSES).T.copy()


_pairs: list[tuple[np.ndarray[Any, Any], np.ndarray[Any, Any], np.ndarray[Any, Any]]] = []


def pairs(
    table: tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]], hands: np.ndarray[Any, Any],
) -> np.ndarray[Any, Any]:
    """The entries in ``table`` of every pair of hands (``kernels.table_map``: 1326 x 1326,
    ``2 * row + swapped``), rows of ``hands`` (hand numbers) worked out on first use and kept
    for the last table used: the suit renamings are then not redone for each deal."""
    import numpy as np

    from pokerfloor.equity import kernels

    if not _pairs or _pairs[0][0] is not table[0]:  # held, so the keys' identity is not reused
        _pairs[:] = [(table[0], np.zeros(1326, dtype=np.bool_), np.empty((1326, 1326), dtype=np.int32))]
    _, filled, found = _pairs[0]
    kernels.table_map(_suit_maps(), table[0], hands, filled, found)
    return found


def hand_number(cards: Sequence[int]) -> int:
    """A hold'em hand's number in ``pairs``: ``h * (h - 1) // 2 + l`` for its cards ``h > l``."""
    high, low = max(cards), min(cards)
    return high * (high - 1) // 2 + low


def lookup(
    first: Sequence[tuple[tuple[int, ...], float]], second: Sequence[tuple[tuple[int, ...], float]],
    table: tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]],
) -> tuple[tuple[float, ...], np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """The weights, tally rows and counts (as ``calculate.exact_tally`` makes them: deals
    grouped by the product of their hands' weights) of two hold'em ranges (``Range.hands``)
    with no board: every deal of a hand of each that share no card, with all ``BOARDS`` boards,
    its wins and ties read from ``table``. No deal at all gives no groups."""
    import numpy as np

    from pokerfloor.equity import kernels

    numbers = [np.array([hand_number(c) for c, _ in hands], dtype=np.int64) for hands in (first, second)]
    levels, groups = zip(*(np.unique(np.array([w for _, w in hands]), return_inverse=True)
                           for hands in (first, second)), strict=True)
    columns = len(levels[1])
    outcomes = np.zeros((len(levels[0]) * columns, 2, 3), dtype=np.int64)  # kernels' outcomes[p, winners]
    deals = np.zeros(len(outcomes), dtype=np.int64)
    if kernels.table_ranges(numbers[0], groups[0].astype(np.int64), numbers[1], groups[1].astype(np.int64), columns,
                            pairs(table, numbers[0]), table[1], BOARDS, outcomes, deals) >= 0:
        raise AssertionError("a deal's class is missing from the heads-up table")
    dealt = deals > 0
    weights, merged = np.unique((levels[0][:, None] * levels[1][None, :]).ravel()[dealt], return_inverse=True)
    found = np.zeros((len(weights), 2, 3), dtype=np.int64)
    np.add.at(found, merged, outcomes[dealt])
    rows = np.zeros((len(weights), 2, kernels.COLUMNS), dtype=np.int64)
    kernels.add_outcomes(found.reshape(-1, 3), rows.reshape(-1, kernels.COLUMNS))  # players of all groups at once
    counts = np.bincount(merged, deals[dealt], len(weights)).astype(np.int64) * BOARDS
    return tuple(float(w) for w in weights), rows, counts
