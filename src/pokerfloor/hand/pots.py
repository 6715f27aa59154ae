"""Main and side pots from what each seat put in (WIKI_BIP Side pots; TDA 2024 R21)."""

from __future__ import annotations

from pokerfloor.hand.types import Pot

Layer = tuple[int, frozenset[int]]
"""A pot as its chips and the seats that can win it: what ``Pot`` holds, in a tuple, which costs
a fraction of the frozen dataclass to build (the hand awards its pots from these)."""


def _layers(
    seats: list[int], chips: list[int], levels: list[int], eligible_at: list[bool], out: list[bool]
) -> tuple[list[Layer], int]:
    """Cut ``chips`` into pots at each level; a seat not ``out`` is eligible for a layer if it
    reached the level or ``eligible_at`` says it still can (it is not all-in). Returns the pots
    and the chips left above the last level."""
    pots: list[Layer] = []
    floor = 0
    for level in levels:
        amount = 0
        for c in chips:
            if c > floor:
                amount += (level if c > level else c) - floor
        eligible = frozenset(
            [seats[i] for i in range(len(seats)) if not out[i] and (chips[i] >= level or eligible_at[i])]
        )
        pots.append((amount, eligible))
        floor = level
    above = 0
    for c in chips:
        if c > floor:
            above += c - floor
    return pots, above


def _merge(pots: list[Layer]) -> list[Layer]:
    """Drop empty layers and join neighbours that the same seats can win. A layer no seat can
    win (only folded seats reached it) joins the pot below it, so no chip is ever lost."""
    merged: list[Layer] = []
    carry = 0
    for amount, eligible in pots:
        if not eligible:
            if merged:
                merged[-1] = (merged[-1][0] + amount, merged[-1][1])
            else:
                carry += amount
        elif merged and merged[-1][1] == eligible:
            merged[-1] = (merged[-1][0] + amount, eligible)
        elif amount or carry:
            merged.append((amount + carry, eligible))
            carry = 0
    return merged


def side_pots(seats: list[int], live: list[int], dead: list[int], folded: list[bool], all_in: list[bool]) -> list[Pot]:
    """Split the chips in the middle into a main pot and side pots, main pot first (``pot_layers``)."""
    return [Pot(amount, eligible) for amount, eligible in pot_layers(seats, live, dead, folded, all_in)]


def pot_layers(
    seats: list[int], live: list[int], dead: list[int], folded: list[bool], all_in: list[bool]
) -> list[Layer]:
    """Split the chips in the middle into a main pot and side pots, main pot first.

    An all-in seat can win from each opponent only what it put in itself, so each all-in
    amount of a live seat closes a layer. Dead money (antes, dead blinds) goes to the main pot,
    except when a seat is all-in for part or exactly the amount of its ante: then the main pot
    takes an equal amount of every other ante and the rest of the antes goes to the side pot with
    the blinds and bets (WIKI_BIP All-in before the deal). Chips of folded seats above every live
    seat's level stay in the top pot rather than being lost.
    """
    n = len(seats)
    if True not in all_in:  # no level to cut at: one pot of every chip, for every seat still in
        eligible = frozenset([seats[i] for i in range(n) if not folded[i]])
        return [(sum(live) + sum(dead) if eligible else 0, eligible)]
    still_betting = [not all_in[i] for i in range(n)]
    all_in_on_ante = [all_in[i] and not folded[i] and not live[i] and dead[i] > 0 for i in range(n)]
    ante_levels = sorted({dead[i] for i in range(n) if all_in_on_ante[i]})
    ante_pots, dead_rest = _layers(
        seats, dead, ante_levels, [still_betting[i] or live[i] > 0 for i in range(n)], folded
    )
    levels = sorted({live[i] for i in range(n) if all_in[i] and not folded[i] and live[i]})
    top = 0
    for i in range(n):
        if not folded[i] and live[i] > top:
            top = live[i]
    if not levels or levels[-1] < top:
        levels.append(top)
    out = [folded[i] or all_in_on_ante[i] for i in range(n)]
    live_pots, leftover = _layers(seats, live, levels, still_betting, out)
    first = live_pots[0]
    live_pots[0] = (first[0] + dead_rest, first[1])
    if leftover:
        live_pots[-1] = (live_pots[-1][0] + leftover, live_pots[-1][1])
    pots = _merge(ante_pots + live_pots)
    return pots or [(0, live_pots[0][1])]
