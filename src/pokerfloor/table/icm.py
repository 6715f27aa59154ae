"""ICM: the chips-to-money model (Malmuth-Harville) for a deal at a tournament's final table.

A player's chance to finish first is their share of the chips; given who finished ahead of them,
their chance to finish next is their share of the chips the others left (Harville's model of a
race, which Malmuth brought to poker). A player's equity is the prize of each place times the
chance to finish there. ``icm_equities`` computes it exactly (``Fraction``), for up to 10
players, by the chance of each set of players taking the places above (2^n sets, not n!
orders); ``icm_deal`` rounds it to whole prizes that add up to the prizes shared.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TypeVar

from pokerfloor import citations as cite
from pokerfloor.errors import InvalidArgument

R_ICM = cite.ICM
MOST_PLAYERS = 10
"""Exact equities for up to this many players (1,024 sets of players)."""

K = TypeVar("K")


def _check(stacks: Mapping[K, int], prizes: Sequence[int]) -> None:
    if not 1 <= len(stacks) <= MOST_PLAYERS:
        raise InvalidArgument(f"ICM deals between 1 and {MOST_PLAYERS} players, not {len(stacks)}")
    for chips in prizes:
        if isinstance(chips, bool) or not isinstance(chips, int) or chips < 0:
            raise InvalidArgument(f"prizes are whole numbers, not {chips!r}")
    for chips in stacks.values():
        if isinstance(chips, bool) or not isinstance(chips, int) or chips < 1:
            raise InvalidArgument(f"every player in the deal has chips, a whole number, not {chips!r}")
    if list(prizes) != sorted(prizes, reverse=True):
        raise InvalidArgument("prizes are listed from first place down, each at most the one before")


def icm_equities(stacks: Mapping[K, int], prizes: Sequence[int]) -> dict[K, Fraction]:
    """Each player's exact prize equity under Malmuth-Harville: ``stacks`` by player, ``prizes``
    from first place down (places beyond the players, or prizes beyond the places, are dropped
    or paid nothing)."""
    _check(stacks, prizes)
    players = list(stacks)
    chips = [stacks[p] for p in players]
    total = sum(chips)
    n = len(players)
    paid = list(prizes[:n])
    equity = [Fraction(0)] * n
    above: dict[int, Fraction] = {0: Fraction(1)}   # the chance the set (a bitmask) took the places above
    for place, prize in enumerate(paid):
        below: dict[int, Fraction] = {}
        for taken, chance in above.items():
            left = total - sum(chips[i] for i in range(n) if taken >> i & 1)
            for i in range(n):
                if taken >> i & 1:
                    continue
                step = chance * Fraction(chips[i], left)
                equity[i] += step * prize
                if place + 1 < len(paid):
                    below[taken | 1 << i] = below.get(taken | 1 << i, Fraction(0)) + step
        above = below
    return dict(zip(players, equity))


def icm_deal(stacks: Mapping[K, int], prizes: Sequence[int], *, unit: int = 1) -> dict[K, int]:
    """The equities in whole units of ``unit`` adding up to the prizes shared: each rounded down,
    then the units left one each to the largest remainders (a tie to the bigger stack, then in
    the order given)."""
    if isinstance(unit, bool) or not isinstance(unit, int) or unit < 1:
        raise InvalidArgument(f"the unit is a whole number, at least 1, not {unit!r}")
    equities = icm_equities(stacks, prizes)
    shared = sum(prizes[: len(stacks)])
    if shared % unit:
        raise InvalidArgument(f"the prizes shared, {shared}, are not whole units of {unit}")
    deal = {p: int(e // unit) * unit for p, e in equities.items()}
    order = sorted(equities, key=lambda p: (-(equities[p] - deal[p]), -stacks[p]))
    for p in order[: (shared - sum(deal.values())) // unit]:
        deal[p] += unit
    return deal
