"""Main and side pots from what each seat put in (WIKI_BIP Side pots; TDA 2024 R21)."""

from __future__ import annotations

from collections.abc import Sequence

from pokerfloor.hand.types import Pot


def side_pots(
    seats: Sequence[int],
    live: Sequence[int],
    dead: Sequence[int],
    folded: Sequence[bool],
    all_in: Sequence[bool],
) -> list[Pot]:
    """Split the chips in the middle into a main pot and side pots, main pot first.

    An all-in seat can win from each opponent only what it put in itself, so each all-in
    amount of a live seat closes a layer. Dead money (antes, dead blinds) goes to the main pot
    (WIKI_BIP All-in before the deal). Chips of folded seats above every live seat's level stay
    in the top pot rather than being lost.
    """
    levels = sorted({live[i] for i in range(len(seats)) if all_in[i] and not folded[i]})
    top = max((live[i] for i in range(len(seats)) if not folded[i]), default=0)
    if not levels or levels[-1] < top:
        levels.append(top)
    pots: list[Pot] = []
    floor = 0
    for level in levels:
        amount = 0
        for chips in live:
            if chips > floor:
                amount += (level if chips > level else chips) - floor
        eligible = frozenset(
            seats[i] for i in range(len(seats)) if not folded[i] and (live[i] >= level or not all_in[i])
        )
        if pots and pots[-1].eligible == eligible:
            pots[-1] = Pot(pots[-1].amount + amount, eligible)
        elif amount or not pots:
            pots.append(Pot(amount, eligible))
        floor = level
    leftover = sum(chips - floor for chips in live if chips > floor)
    dead_money = sum(dead)
    if leftover:
        pots[-1] = Pot(pots[-1].amount + leftover, pots[-1].eligible)
    if dead_money:
        pots[0] = Pot(pots[0].amount + dead_money, pots[0].eligible)
    return pots
