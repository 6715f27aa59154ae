"""Showdown: ranking the live hands, awarding each pot, splitting ties and odd chips.

Cards speak (TDA 2024 R12); suits never break a tie (RROP11 Ties item 1); each pot is split on
its own (R21); the odd chip goes one unit at a time to the first winners clockwise from the
button, never more than one to a player (RROP11; TDA 2024 R20-A), and in hi-lo games the high
half takes the odd chip of the whole pot (R20-C).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pokerfloor.evaluate import (
    ace_five_rank,
    badugi_rank,
    deuce_seven_rank,
    high_rank,
    low8_rank,
    omaha_high_rank,
    omaha_low8_rank,
    short_deck_rank,
)
from pokerfloor.rules import Variant

Rank = int
Ranker = Callable[[Sequence[int], Sequence[int]], Rank | None]


def _high(hole: Sequence[int], board: Sequence[int]) -> Rank | None:
    return high_rank([*hole, *board])


def _short_deck(hole: Sequence[int], board: Sequence[int]) -> Rank | None:
    return short_deck_rank([*hole, *board])


def _omaha_high(hole: Sequence[int], board: Sequence[int]) -> Rank | None:
    return omaha_high_rank(hole, board)


def _omaha_low8(hole: Sequence[int], board: Sequence[int]) -> Rank | None:
    return omaha_low8_rank(hole, board)


def _low8(hole: Sequence[int], board: Sequence[int]) -> Rank | None:
    return low8_rank([*hole, *board])


def _ace_five(hole: Sequence[int], board: Sequence[int]) -> Rank | None:
    return ace_five_rank([*hole, *board])


def _deuce_seven(hole: Sequence[int], board: Sequence[int]) -> Rank | None:
    return deuce_seven_rank([*hole, *board])


def _badugi(hole: Sequence[int], board: Sequence[int]) -> Rank | None:
    return badugi_rank([*hole, *board])


def rankers(variant: Variant) -> tuple[Ranker | None, Ranker | None]:
    """The (high, low) ranking functions of a variant; ``None`` where that half does not play."""
    high: Ranker | None
    if variant.high == "none":
        high = None
    elif variant.omaha:
        high = _omaha_high
    elif variant.high == "short_deck":
        high = _short_deck
    else:
        high = _high
    low: Ranker | None
    if variant.low == "none":
        low = None
    elif variant.low == "ace_five_8":
        low = _omaha_low8 if variant.omaha else _low8
    elif variant.low == "ace_five":
        low = _ace_five
    elif variant.low == "deuce_seven":
        low = _deuce_seven
    else:
        low = _badugi
    return high, low


def best(ranks: dict[int, Rank | None]) -> list[int]:
    """The seats holding the best rank (greater is better); none if nobody qualifies."""
    qualified = {seat: r for seat, r in ranks.items() if r is not None}
    if not qualified:
        return []
    top = max(qualified.values())
    return [seat for seat, r in qualified.items() if r == top]


def split(amount: int, winners: Sequence[int], unit: int) -> dict[int, int]:
    """Share ``amount`` among ``winners`` (given in odd-chip order) in whole units of the
    smallest chip; leftover units go one each to the first winners in that order, and any
    remainder smaller than a unit to the first winner."""
    count = len(winners)
    units, remainder = divmod(amount, unit)
    base, odd = divmod(units, count)
    shares = {seat: base * unit for seat in winners}
    for seat in winners[:odd]:
        shares[seat] += unit
    if remainder:
        shares[winners[0]] += remainder
    return shares


def halves(amount: int, unit: int) -> tuple[int, int]:
    """Split a hi-lo pot: the high half takes the odd unit (TDA 2024 R20-C; RROP11)."""
    units, _remainder = divmod(amount, unit)
    low_units = units // 2
    return amount - low_units * unit, low_units * unit
