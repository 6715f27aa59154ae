"""Batched high-hand ranking with numpy (``pip install pokerfloor[fast]``).

The same card keys and tables as ``high_rank``, laid out as numpy arrays: the rank table for a
hand size becomes a dense array indexed by the rank part of the key sum, so a whole array of
hands is ranked with a few vectorised gathers. Where numba is installed too, ``high_ranks``
reads the same tables in one compiled loop instead (``compiled``), a few times faster; both give
the same values. numpy is imported on first use only; the rest of pokerfloor never needs it.
"""

from __future__ import annotations

from functools import cache
from types import ModuleType
from typing import TYPE_CHECKING, Any

from pokerfloor.errors import InvalidArgument
from pokerfloor.evaluation.cardkeys import CARD_KEYS, FLUSH_SUIT, HAND_SIZES, SUIT_BITS, SUIT_MASK
from pokerfloor.evaluation.high import high_tables

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

CHUNK = 1 << 14
"""Rows ranked per pass, so the temporaries stay in the processor's cache."""


class HighArrays:
    """numpy copies of the high tables for one hand size.

    Each card key gets the same constant added so that the rank part of every hand's key sum
    is a non-negative index into the dense ``unsuited`` array.
    """

    def __init__(self, size: int) -> None:
        import numpy as np

        built = high_tables()
        table = built.unsuited[size]
        keys = np.fromiter(table.keys(), dtype=np.int64, count=len(table))
        values = np.fromiter(table.values(), dtype=np.int64, count=len(table))
        lift = -(int(keys.min()) // size)  # per card, so that size * lift >= -min(keys)
        self.unsuited = np.zeros(int(keys.max()) + size * lift + 1, dtype=np.uint16)
        self.unsuited[keys + size * lift] = values
        self.card_keys = np.array(CARD_KEYS, dtype=np.int32) + (lift << SUIT_BITS)
        self.flush_suit = np.array(FLUSH_SUIT[size], dtype=np.int8)
        self.flushes = np.array(built.flushes, dtype=np.uint16)


@cache
def high_arrays(size: int) -> HighArrays:
    """The tables for hands of ``size`` cards, built on first use."""
    return HighArrays(size)


@cache
def compiled_loops() -> ModuleType | None:
    """The numba-compiled loops (``pokerfloor.evaluation.compiled``), or None without numba."""
    try:
        from pokerfloor.evaluation import compiled
    except ImportError:
        return None
    return compiled


def high_ranks(hands: npt.ArrayLike) -> np.ndarray[Any, np.dtype[np.int32]]:
    """The ``high_rank`` of each row of an integer array of shape ``(n, 5..7)`` of card
    numbers (distinct within a row, 0..51), as an ``int32`` array of ``n`` values."""
    loops = compiled_loops()
    if loops is None:
        return numpy_high_ranks(hands)
    import numpy as np

    cards = _checked(hands)
    tables = high_arrays(cards.shape[1])
    out = np.empty(len(cards), dtype=np.int32)
    loops.rank_rows(
        np.ascontiguousarray(cards, dtype=np.uint8),
        tables.card_keys,
        tables.unsuited,
        tables.flush_suit,
        tables.flushes,
        out,
    )
    return out


def _checked(hands: npt.ArrayLike) -> np.ndarray[Any, Any]:
    import numpy as np

    cards = np.asarray(hands)
    if cards.ndim != 2 or cards.shape[1] not in HAND_SIZES:
        raise InvalidArgument(f"hands must have shape (n, 5), (n, 6) or (n, 7), not {cards.shape}")
    if not np.issubdtype(cards.dtype, np.integer):
        raise InvalidArgument(f"hands must hold card numbers (integers), not {cards.dtype}")
    if cards.size and (cards.min() < 0 or cards.max() > 51):
        raise InvalidArgument("card numbers run from 0 to 51")
    return cards


def numpy_high_ranks(hands: npt.ArrayLike) -> np.ndarray[Any, np.dtype[np.int32]]:
    """``high_ranks`` by whole-array numpy passes alone: what it does where numba is not
    installed (the tests and the benchmark compare both)."""
    import numpy as np

    cards = _checked(hands)
    tables = high_arrays(cards.shape[1])
    out = np.empty(len(cards), dtype=np.int32)
    for start in range(0, len(cards), CHUNK):
        chunk = cards[start : start + CHUNK]
        columns = chunk.T.astype(np.intp, order="C")
        key = tables.card_keys.take(columns[0])
        for column in columns[1:]:
            key += tables.card_keys.take(column)
        part = out[start : start + CHUNK]
        part[:] = tables.unsuited.take(key >> SUIT_BITS)
        suit = tables.flush_suit.take(key & SUIT_MASK)
        rows = np.flatnonzero(suit >= 0)
        if rows.size:
            suited = columns[:, rows]
            same = (suited & 3) == suit[rows]
            masks = np.where(same, np.left_shift(1, suited >> 2), 0).sum(axis=0)
            part[rows] = tables.flushes.take(masks)
    return out
