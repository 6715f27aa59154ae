"""Main and side pots, and who wins each, for many finished hands at once.

The same pots as ``pokerfloor.hand.pots.side_pots`` and the same awards as the reference
engine's showdown: each all-in amount of a live seat closes a layer, consecutive layers with the
same seats eligible make one pot, chips of folded seats above every live seat's level go to the
top pot (WIKI_BIP Side pots; TDA 2024 R21). Each pot goes to the best hand among its eligible
seats; a tie splits it, the odd chips one each to the first winners clockwise from the button
(TDA 2024 R20-A). Pots are split one by one, so a merged pot is split once, as the engine does.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from pokerfloor.evaluation.batch import high_ranks
from pokerfloor.sim.betting import Chips, Flags


def winnings(live: Chips, folded: Flags, all_in: Flags, ranks: npt.NDArray[np.int32]) -> Chips:
    """The chips each seat collects. ``live`` is what each seat put in (after uncalled bets
    came back), ``ranks`` the seats' high ranks (read only where two or more seats are left)."""
    hands, seats = live.shape
    in_hand = ~folded
    top = np.where(in_hand, live, 0).max(axis=1)
    levels = np.concatenate([np.where(in_hand & all_in, live, 0), top[:, None]], axis=1)
    levels.sort(axis=1)
    won = np.zeros_like(live)
    pot = np.zeros(hands, dtype=np.int64)
    eligible = np.zeros((hands, seats), dtype=bool)
    floor = np.zeros(hands, dtype=np.int64)
    for k in range(seats + 1):
        level = levels[:, k]
        layer = level > floor
        covered = in_hand & ((live >= level[:, None]) | ~all_in)
        new_pot = layer & (covered != eligible).any(axis=1) & (pot > 0)
        _award(won, np.flatnonzero(new_pot), pot, eligible, ranks)
        pot[new_pot] = 0
        eligible = np.where(layer[:, None], covered, eligible)
        amount = (np.minimum(live, level[:, None]) - np.minimum(live, floor[:, None])).sum(axis=1)
        pot += np.where(layer, amount, 0)
        floor = np.maximum(floor, level)
    pot += np.maximum(live - top[:, None], 0).sum(axis=1)
    _award(won, np.flatnonzero(pot > 0), pot, eligible, ranks)
    return won


def _award(won: Chips, rows: npt.NDArray[np.intp], pot: Chips, eligible: Flags, ranks: npt.NDArray[np.int32]) -> None:
    """Split each pot of ``rows`` among the best hands eligible for it, the odd chips to the
    first winners from the button's left (columns are in that order)."""
    if not rows.size:
        return
    able = eligible[rows]
    ranked = np.where(able, ranks[rows], -1)
    winners = able & (ranked == ranked.max(axis=1, keepdims=True))
    count = winners.sum(axis=1)
    share, odd = np.divmod(pot[rows], count)
    place = np.cumsum(winners, axis=1)
    won[rows] += np.where(winners, share[:, None] + (place <= odd[:, None]), 0)


def showdown_ranks(
    holes: npt.NDArray[np.uint8], board: npt.NDArray[np.uint8], folded: npt.NDArray[np.bool_]
) -> npt.NDArray[np.int32]:
    """The high rank of every seat still in a hand that two or more seats reached the end of
    (0 elsewhere: a pot with one seat eligible needs no ranking)."""
    hands, seats = folded.shape
    shown = ~folded & ((~folded).sum(axis=1, keepdims=True) >= 2)
    hand, seat = np.nonzero(shown)
    ranks = np.zeros((hands, seats), dtype=np.int32)
    if hand.size:
        cards = np.concatenate([holes[hand, seat], board[hand]], axis=1)
        ranks[hand, seat] = high_ranks(cards)
    return ranks
