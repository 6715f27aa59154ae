"""The push-or-fold game of heads-up no-limit hold'em, solved: the baseline of known strength
for short stacks.

With a short stack the button (who posts the small blind heads-up) either moves all in or
folds, and the big blind calls or folds. ``solve_push_fold(stack)`` finds the equilibrium of
that game by CFR+ over the 169 starting hands (pairs, suited and offsuit), each weighted by how
many of its combinations can meet each of the other's once the cards are removed, with the
project's exact pre-flop equities, and gives each player's strategy, the button's value and the
exploitability, all in big blinds. ``PushFoldBot`` plays it at any table of two: all in or fold
on the button, call or fold against a raise in the big blind (a raise short of all in is
answered as if it were all in), check otherwise.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, field
from functools import cache

import numpy as np
import numpy.typing as npt

from pokerfloor.errors import InvalidArgument
from pokerfloor.hand.view import SeatView

RANKS = "23456789TJQKA"
Matrix = npt.NDArray[np.float64]


def _classes() -> tuple[list[str], dict[tuple[int, int], int]]:
    """The 169 starting hands (``AA``, ``AKs``, ``AKo`` ...) and each two-card combination's."""
    names: list[str] = []
    of: dict[tuple[int, int], int] = {}
    for high in range(12, -1, -1):
        for low in range(high, -1, -1):
            for suited in ((False,) if high == low else (True, False)):
                name = RANKS[high] + RANKS[low] + ("" if high == low else "s" if suited else "o")
                index = len(names)
                names.append(name)
                for a, b in itertools.combinations(range(52), 2):
                    ra, rb = sorted((a >> 2, b >> 2), reverse=True)
                    if (ra, rb) == (high, low) and (high == low or ((a & 3) == (b & 3)) == suited):
                        of[(a, b)] = index
    return names, of


@cache
def hand_classes() -> tuple[list[str], dict[tuple[int, int], int]]:
    return _classes()


@cache
def _matchups() -> tuple[Matrix, Matrix]:
    """For every pair of starting hands: how many combinations of the two can be dealt together,
    and the first's exact pre-flop equity against the second."""
    from pokerfloor.equity import equity

    names, of = hand_classes()
    n = len(names)
    combos: Matrix = np.zeros((n, n))
    combos_of: dict[int, list[tuple[int, int]]] = {}
    for cards, index in of.items():
        combos_of.setdefault(index, []).append(cards)
    for i in range(n):
        for j in range(n):
            combos[i, j] = sum(1 for a in combos_of[i] for b in combos_of[j] if not set(a) & set(b))
    wins: Matrix = np.full((n, n), 0.5)
    for i in range(n):
        for j in range(i + 1, n):
            share = equity([names[i], names[j]]).players[0].equity
            wins[i, j], wins[j, i] = share, 1 - share
    return combos, wins


@dataclass(frozen=True)
class PushFold:
    """The push-or-fold equilibrium at ``stack`` big blinds: the button's chance of moving in
    and the big blind's of calling, per starting hand (``names``' order), the button's value
    in big blinds a hand, and the exploitability (the mean of what each best response gains)."""

    stack: float
    names: tuple[str, ...]
    push: tuple[float, ...]
    call: tuple[float, ...]
    value: float
    exploitability: float

    def pushes(self, name: str) -> float:
        return self.push[self.names.index(name)]

    def calls(self, name: str) -> float:
        return self.call[self.names.index(name)]


def _gains(stack: float, combos: Matrix, wins: Matrix, push: Matrix, call: Matrix) -> tuple[Matrix, Matrix]:
    """Per starting hand, weighted by the combinations that meet: what moving in gains the
    button over folding (it loses its small blind of 0.5 by folding, wins the big blind of 1
    when called off, ``2 × stack × equity − stack`` when called), and what calling a move-in
    gains the big blind over folding (its blind of 1)."""
    showdown = wins * 2 * stack - stack
    pushing = combos @ np.full_like(call, 1.5) + (combos * (showdown - 1)) @ call
    calling = (combos.T * (showdown + 1)) @ push     # [j, i]: the big blind holds j, the button i
    return pushing, calling


def _matched(positive: Matrix, negative: Matrix) -> Matrix:
    """Regret matching between two moves: the first's share of the positive regrets."""
    total = positive + negative
    result: Matrix = np.where(total > 0, positive / np.where(total > 0, total, 1.0), 0.5)
    return result


@cache
def solve_push_fold(stack: float, iterations: int = 1_000) -> PushFold:
    """The equilibrium at ``stack`` big blinds (each player's stack before the blinds), by
    CFR+ (regrets floored at zero, players in turn, the average weighted by iteration)."""
    if not 1 < stack <= 100:
        raise InvalidArgument("push or fold is solved for stacks above 1 and up to 100 big blinds")
    names, _ = hand_classes()
    combos, wins = _matchups()
    n = len(names)
    regrets = [np.zeros(n) for _ in range(4)]   # push, fold; call, fold
    push, call = np.full(n, 0.5), np.full(n, 0.5)
    push_sum, call_sum = np.zeros(n), np.zeros(n)
    for t in range(1, iterations + 1):
        gain, _ = _gains(stack, combos, wins, push, call)
        regrets[0] = np.maximum(regrets[0] + (1 - push) * gain, 0.0)
        regrets[1] = np.maximum(regrets[1] - push * gain, 0.0)
        push = _matched(regrets[0], regrets[1])
        push_sum += t * push
        _, gain = _gains(stack, combos, wins, push, call)
        regrets[2] = np.maximum(regrets[2] + (1 - call) * gain, 0.0)
        regrets[3] = np.maximum(regrets[3] - call * gain, 0.0)
        call = _matched(regrets[2], regrets[3])
        call_sum += t * call
    weight = iterations * (iterations + 1) / 2
    return measure(stack, push_sum / weight, call_sum / weight)


def measure(stack: float, push: Matrix, call: Matrix) -> PushFold:
    """The button's value and the exploitability of a pair of push-or-fold strategies."""
    names, _ = hand_classes()
    combos, wins = _matchups()
    total = combos.sum()
    pushing, calling = _gains(stack, combos, wins, push, call)
    folded = -0.5 * combos.sum(axis=1)                     # the button's result when it folds
    value = float((folded + push * pushing).sum() / total)
    best_button = float((folded + np.maximum(pushing, 0.0)).sum() / total)
    # The big blind's result: +0.5 when the button folds, -1 when it folds to a move-in.
    blind_folds = (combos.T @ ((1 - push) * 0.5 - push * 1.0))
    best_blind = float((blind_folds + np.maximum(calling, 0.0)).sum() / total)
    return PushFold(stack, tuple(names), tuple(float(p) for p in push), tuple(float(c) for c in call), value,
                    (best_button + best_blind) / 2)


@dataclass
class PushFoldBot:
    """Plays the push-or-fold equilibrium of its effective stack (to the nearest half big
    blind) at a table of two, drawing from ``rng`` where the equilibrium mixes. Made with no
    arguments, it is ``pokerfloor match pokerfloor.research.pushfold:PushFoldBot ...``."""

    rng: random.Random = field(default_factory=random.Random)
    name: str = "push-fold"

    def choose(self, view: SeatView) -> tuple[str, int | None]:
        moves = self.strategy(view)
        if len(moves) == 1:
            return moves[0][1], moves[0][2]
        draw = self.rng.random()
        for probability, kind, to in moves[:-1]:
            if draw < probability:
                return kind, to
            draw -= probability
        return moves[-1][1], moves[-1][2]

    def strategy(self, view: SeatView) -> list[tuple[float, str, int | None]]:
        """The moves ``choose`` draws from, each with its probability: the equilibrium's push
        (or call) first, then the fold (or check); AIVAT's action terms read it
        (``research.aivat.StrategyBot``)."""
        legal = view.legal
        if legal is None or view.seat is None:
            raise InvalidArgument("the push-or-fold bot chooses only on its own turn")
        if legal.muck:
            return [(1.0, "muck", None)]
        seats = [s for s in view.seats if s not in view.folded]
        if len(seats) != 2:
            raise InvalidArgument("the push-or-fold bot plays heads-up only")
        big = view.game.big_blind
        behind = min(view.stacks[s] + view.bets.get(s, 0) for s in seats)
        stack = min(100.0, max(1.5, round(2 * behind / big) / 2))
        first, second = (c for c in view.hole if c is not None)
        a, b = sorted((int(first), int(second)))
        hand = hand_classes()[1][(a, b)]
        solution = solve_push_fold(stack)
        facing = legal.call is not None and legal.call.to > big
        if facing:
            calls = float(solution.call[hand])
            return [(calls, "call", None), (1.0 - calls, "fold", None)]
        if legal.check and view.board and any(c is not None for c in view.board):
            return [(1.0, "check", None)]
        span = legal.raise_ or legal.bet
        passive = "check" if legal.check else "fold"
        if span is not None:
            pushes = float(solution.push[hand])
            return [(pushes, "raise" if legal.raise_ else "bet", span.max_to), (1.0 - pushes, passive, None)]
        return [(1.0, passive, None)]
