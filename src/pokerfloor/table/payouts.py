"""Prizes: a prize pool in money paid out by place, and the deals that end an event early.

Money is a whole number of the smallest unit (cents, say). ``prize_table`` pays the pool by
weights for first, second, third... (percentages are weights adding up to 100). Every unit of
the pool is paid (``PAYOUTS``): when fewer entries than paid places play, the places nobody can
reach drop out and the pool is shared by the weights of the places left. Rounding: each place
gets its share rounded down to a whole ``unit`` (a payout in whole dollars of a pool in cents:
``unit=100``); the units left over go one each to first place, then second, and on (so no
place gets less than the place below it for equal weights), and what is left below one unit
goes to first place.

``chip_chop`` is the chip-count deal (``CHIP_CHOP``); the ICM deal is ``icm.icm_deal``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pokerfloor import citations as cite
from pokerfloor.errors import InvalidArgument

R_PAYOUTS = cite.PAYOUTS
R_CHIP_CHOP = cite.CHIP_CHOP


def _whole(value: object, what: str, least: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise InvalidArgument(f"{what} is a whole number, at least {least}, not {value!r}")
    return value


def check_weights(weights: Sequence[int]) -> tuple[int, ...]:
    """The payout weights, first place first: whole numbers, the first positive, each at most
    the one before (a lower place never pays more)."""
    if isinstance(weights, str | bytes) or not isinstance(weights, Sequence) or not weights:
        raise InvalidArgument("payouts are a list of weights, first place first")
    checked = tuple(_whole(w, "a payout weight") for w in weights)
    if checked[0] < 1:
        raise InvalidArgument("first place is paid")
    if list(checked) != sorted(checked, reverse=True):
        raise InvalidArgument("payout weights go from first place down, each at most the one before")
    return checked


def prize_table(pool: int, weights: Sequence[int], entries: int, *, unit: int = 1) -> dict[int, int]:
    """Prize money by place (1 for first) for ``pool`` shared by ``weights`` among at most
    ``entries`` places: every unit of the pool is paid (R_PAYOUTS), rounded as the module says.
    ``{}`` when nobody entered."""
    _whole(pool, "a prize pool")
    _whole(entries, "the number of entries")
    _whole(unit, "the unit of a payout", 1)
    shares = check_weights(weights)[: max(entries, 0)]
    while shares and shares[-1] == 0:
        shares = shares[:-1]
    if not shares:
        return {}
    total = sum(shares)
    amounts = [pool * w // total // unit * unit for w in shares]
    left = pool - sum(amounts)
    place = 0
    while left >= unit:
        amounts[place % len(amounts)] += unit
        left -= unit
        place += 1
    amounts[0] += left
    return {place: amount for place, amount in enumerate(amounts, start=1)}


def chip_chop(stacks: Mapping[str, int], prizes: Sequence[int], *, unit: int = 1) -> dict[str, int]:
    """A chip-count deal (R_CHIP_CHOP) among the players left, by player: each is paid the
    smallest of the ``prizes`` still to be won (``prizes`` from first place down, one a player
    left, missing places paying 0), and the rest is shared in proportion to the chips, rounded
    down to whole ``unit``s with the units left one each to the largest remainders (a tie to the
    bigger stack, then in the order given), any amount below a unit to the biggest stack. The
    deal adds up to the prizes exactly."""
    if not stacks:
        raise InvalidArgument("a deal is made between the players left, at least one")
    for chips in stacks.values():
        _whole(chips, "a stack in a deal", 1)
    _whole(unit, "the unit of a payout", 1)
    paid = [_whole(p, "a prize") for p in prizes[: len(stacks)]]
    paid += [0] * (len(stacks) - len(paid))
    if paid != sorted(paid, reverse=True):
        raise InvalidArgument("prizes are listed from first place down, each at most the one before")
    floor = paid[-1]
    rest = sum(paid) - floor * len(paid)
    chips = sum(stacks.values())
    deal = {p: floor + rest * c // chips // unit * unit for p, c in stacks.items()}
    order = sorted(stacks, key=lambda p: (-(rest * stacks[p] % (chips * unit)), -stacks[p]))
    left = sum(paid) - sum(deal.values())
    for p in order:
        if left < unit:
            break
        deal[p] += unit
        left -= unit
    deal[max(stacks, key=lambda p: stacks[p])] += left
    return deal
