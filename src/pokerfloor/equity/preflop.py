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

    maps = _suit_maps()  # renaming, card
    a, b, c, d = maps[:, first[:, 0]], maps[:, first[:, 1]], maps[:, second[:, 0]], maps[:, second[:, 1]]
    x = np.maximum(a, b).astype(np.int64) * 52 + np.minimum(a, b)
    y = np.maximum(c, d).astype(np.int64) * 52 + np.minimum(c, d)
    keys = np.minimum(x, y) * HAND_CODES + np.maximum(x, y)
    best = keys.argmin(axis=0)
    pick = np.arange(len(first))
    return keys[best, pick], (x > y)[best, pick]


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


def lookup(
    cards: np.ndarray[Any, Any], classes: np.ndarray[Any, Any], groups: int,
    table: tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]],
) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """The tally rows and counts (as ``calculate.exact_tally`` makes them) of heads-up deals
    without a board: ``cards`` ``(deals, 2, 2)``, each deal's weight group in ``classes``;
    every deal counts all ``BOARDS`` boards, its wins and ties read from ``table``."""
    import numpy as np

    from pokerfloor.equity import kernels

    keys, wins = table
    outcomes = np.zeros((groups, 2, 3), dtype=np.int64)  # kernels' outcomes[p, winners]
    if kernels.table_outcomes(cards, classes, _suit_maps(), keys, wins, BOARDS, outcomes) >= 0:
        raise AssertionError("a deal's class is missing from the heads-up table")
    rows = np.zeros((groups, 2, kernels.COLUMNS), dtype=np.int64)
    for group in range(groups):
        kernels.add_outcomes(outcomes[group], rows[group])
    return rows, np.bincount(classes, minlength=groups).astype(np.int64) * BOARDS
