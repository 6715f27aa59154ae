"""The slow reference for equity: every deal and board shown down with the plain per-hand
evaluators, one at a time (small cases only)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import combinations
from typing import Any

import numpy as np

from pokerfloor.cards import Card, CardsLike
from pokerfloor.equity import preflop
from pokerfloor.equity.calculate import GAMES, EquitySpec
from pokerfloor.equity.preflop_build import count
from pokerfloor.equity.ranges import Range
from pokerfloor.evaluation import high_rank, omaha_high_rank, omaha_low8_rank


def brute_force(
    ranges: Sequence[str], board: CardsLike = (), dead: CardsLike = (), game: str = "holdem"
) -> list[float]:
    """Each player's equity by the plain per-hand evaluators, one showdown at a time: the slow
    reference the fast paths are checked against (small cases only)."""
    spec = EquitySpec.make(ranges, board=board, dead=dead, game=game)
    _, omaha, hilo = GAMES[game]
    known = {*spec.board, *spec.dead}
    totals = [0.0] * len(spec.ranges)
    weight_sum = 0.0
    for deal in _every_deal(spec.ranges):
        held = [c for cards, _ in deal for c in cards]
        if len(set(held)) != len(held):
            continue
        weight = math.prod(w for _, w in deal)
        rest = [c for c in range(52) if c not in known and c not in held]
        for extra in combinations(rest, spec.missing):
            full = [*spec.board, *extra]
            if omaha:
                highs = [omaha_high_rank(cards, full) for cards, _ in deal]
                lows = [omaha_low8_rank(cards, full) or 0 for cards, _ in deal] if hilo else [0] * len(deal)
            else:
                highs = [high_rank([*cards, *full]) for cards, _ in deal]
                lows = [0] * len(deal)
            pot_high = 0.5 if max(lows) else 1.0
            for p in range(len(deal)):
                if highs[p] == max(highs):
                    totals[p] += weight * pot_high / highs.count(max(highs))
                if max(lows) and lows[p] == max(lows):
                    totals[p] += weight * 0.5 / lows.count(max(lows))
            weight_sum += weight
    return [t / weight_sum for t in totals]


def _every_deal(ranges: Sequence[Range]) -> list[list[tuple[tuple[Card, ...], float]]]:
    deals: list[list[tuple[tuple[Card, ...], float]]] = [[]]
    for r in ranges:
        deals = [[*d, hand] for d in deals for hand in r.hands]
    return deals


def table_for(*specs: EquitySpec) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """A heads-up pre-flop table (as ``preflop.load`` gives it) holding only the classes of the
    deals of ``specs``, each counted afresh by exact enumeration: tests of the lookup need not
    rely on the shipped file."""
    keys = np.unique(np.concatenate([
        preflop.canonical(cards[:, 0].astype(np.int64), cards[:, 1].astype(np.int64))[0]
        for cards in (spec.deals[0] for spec in specs)
    ]))
    return keys, count(keys.tolist())
