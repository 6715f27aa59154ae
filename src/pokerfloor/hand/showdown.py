"""Showdown: ranking the live hands, awarding each pot, splitting ties and odd chips.

Cards speak (TDA 2024 R12); suits never break a tie (RROP11 Ties item 1); each pot is split on
its own (R21); the odd chip goes one unit at a time to the first winners clockwise from the
button, never more than one to a player (RROP11; TDA 2024 R20-A), and in hi-lo games the high
half takes the odd chip of the whole pot (R20-C). These are the rules of the split; ``Hand``
tables the hands, awards its pots with them and writes its result.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pokerfloor.evaluation.rankings import RANKINGS
from pokerfloor.rules import Variant

Rank = int
Ranker = Callable[[Sequence[int], Sequence[int]], Rank | None]


def _ranker(name: str, omaha: bool) -> Ranker | None:
    """The showdown's ranking function for the ranking ``name`` (``RANKINGS``); ``None`` where
    that half does not play."""
    ranking = RANKINGS.get(name)
    if ranking is None:
        return None
    if omaha and ranking.omaha_rank is not None:
        return ranking.omaha_rank
    whole = ranking.rank

    def rank(hole: Sequence[int], board: Sequence[int]) -> Rank | None:
        return whole([*hole, *board])

    return rank


_RANKERS: dict[tuple[str, str, bool], tuple[Ranker | None, Ranker | None]] = {}
"""The ranking functions made so far, by what they depend on (a few: one per kind of game)."""


def rankers(variant: Variant) -> tuple[Ranker | None, Ranker | None]:
    """The (high, low) ranking functions of a variant; ``None`` where that half does not play."""
    key = (variant.high, variant.low, variant.omaha)
    made = _RANKERS.get(key)
    if made is None:
        made = _RANKERS[key] = (_ranker(variant.high, variant.omaha), _ranker(variant.low, variant.omaha))
    return made


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


def run_parts(amount: int, runs: int, unit: int) -> list[int]:
    """A pot run ``runs`` times splits into that many equal parts in whole units of the smallest
    chip, one per run; the chips that do not divide evenly go to the first run (``Hand.run_it``)."""
    units, remainder = divmod(amount, unit)
    base, odd = divmod(units, runs)
    return [base * unit + (odd * unit + remainder if run == 0 else 0) for run in range(runs)]


def halves(amount: int, unit: int) -> tuple[int, int]:
    """Split a hi-lo pot: the high half takes the odd unit (TDA 2024 R20-C; RROP11)."""
    units, _remainder = divmod(amount, unit)
    low_units = units // 2
    return amount - low_units * unit, low_units * unit
