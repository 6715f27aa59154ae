"""Exact solvers for the small games: counterfactual regret minimisation over the whole public
tree, one vector of the private cards at a time, and the exact best response and
exploitability of any strategy.

- ``cfr``: vanilla CFR (Zinkevich et al. 2007), uniform averaging.
- ``cfr+``: CFR+ (Tammelin 2014): regrets floored at zero, players updated in turn, and the
  average weighted by iteration.
- ``dcfr``: discounted CFR (Brown and Sandholm 2019) with α = 1.5, β = 0, γ = 2.

Values are in chips for player 0 (Kuhn's is -1/18). ``exploitability`` is OpenSpiel's: the mean
over both players of what a best response wins against the strategy (half the NashConv), so
the two libraries' figures compare directly. Needs numpy (the ``fast`` extra).
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

import numpy as np
import numpy.typing as npt

from pokerfloor.errors import InvalidArgument
from pokerfloor.research.games import SmallGame, small_game
from pokerfloor.research.tree import Node, public_tree

Algorithm = Literal["cfr", "cfr+", "dcfr"]
ALGORITHMS: tuple[Algorithm, ...] = ("cfr", "cfr+", "dcfr")
FORMAT = "pokerfloor-strategy"
VERSION = 1
Vector = npt.NDArray[np.float64]


class _Showdowns:
    """For each board, the matrices that settle a showdown and a fold: ``[mine, theirs]`` is
    +1, -1 or 0 (the fold's is 1) for two cards that can be dealt together (neither on the
    board, not the same card), 0 otherwise, times the chance of that deal and that board."""

    def __init__(self, game: SmallGame) -> None:
        self.game = game
        self._cache: dict[tuple[int, ...], tuple[Vector, Vector]] = {}

    def matrices(self, board: tuple[int, ...]) -> tuple[Vector, Vector]:
        if board not in self._cache:
            n = self.game.cards
            chance = 1.0 / (n * (n - 1) * math.prod(range(n - 2, n - 2 - len(board), -1)))
            live = np.array([c not in board for c in range(n)], dtype=np.float64)
            together = np.outer(live, live) * (1.0 - np.eye(n)) * chance
            strength = np.array([self.game.strength(c, board) for c in range(n)], dtype=np.float64)
            sign = np.sign(strength[:, None] - strength[None, :])
            self._cache[board] = (together * sign, together)
        return self._cache[board]


@dataclass(frozen=True)
class Solution:
    """What a solve gives: the game, the algorithm, the iterations, player 0's value of the
    average strategy, its exploitability (chips) and NashConv, and the average strategy."""

    game: str
    algorithm: Algorithm
    iterations: int
    value: float
    exploitability: float
    nash_conv: float
    strategy: dict[str, list[float]]

    def to_json(self) -> str:
        """The saved strategy: versioned JSON, information set to move probabilities."""
        return json.dumps({"format": FORMAT, "version": VERSION, **self.__dict__}, indent=1, sort_keys=True)


class Solver:
    """One game's tree and the regret and strategy tables of one algorithm; ``iterate`` runs
    more iterations, ``average`` is the average strategy (one row per card and node)."""

    def __init__(self, game: SmallGame | str, algorithm: Algorithm = "cfr+") -> None:
        self.game = small_game(game) if isinstance(game, str) else game
        if algorithm not in ALGORITHMS:
            raise InvalidArgument(f"no algorithm {algorithm!r}: choose one of {', '.join(ALGORITHMS)}")
        self.algorithm = algorithm
        self.root, self.nodes = public_tree(self.game)
        n = self.game.cards
        self.regrets = [np.zeros((n, len(node.moves))) for node in self.nodes]
        self.sums = [np.zeros((n, len(node.moves))) for node in self.nodes]
        self.iterations = 0
        self._showdowns = _Showdowns(self.game)

    def iterate(self, count: int = 1) -> None:
        n = self.game.cards
        for _ in range(count):
            self.iterations += 1
            t = self.iterations
            if self.algorithm == "dcfr":
                self._discount(t)
            weight = float(t) if self.algorithm == "cfr+" else 1.0
            for player in (0, 1):
                self._walk(self.root, player, np.ones(n), np.ones(n), weight)

    def _discount(self, t: int) -> None:
        # DCFR(1.5, 0, 2): the last iteration's positive regrets by t^1.5/(t^1.5+1), negative by
        # 1/2, and the strategy sum by (t/(t+1))^2, before this iteration adds to them.
        if t == 1:
            return
        positive = (t - 1) ** 1.5 / ((t - 1) ** 1.5 + 1)
        for regrets, sums in zip(self.regrets, self.sums, strict=True):
            regrets *= np.where(regrets > 0, positive, 0.5)
            sums *= ((t - 1) / t) ** 2

    def _walk(self, node: Node, player: int, mine: Vector, theirs: Vector, weight: float) -> Vector:
        """``player``'s counterfactual values at ``node`` per private card, updating their
        regrets and average strategy where they act."""
        if node.kind == "end":
            return self._payoff(node, player, theirs)
        if node.kind == "board":
            return sum((self._walk(child, player, m, t, weight) for child, m, t in _dealt(node, mine, theirs)),
                       np.zeros_like(mine))
        strategy = _matched(self.regrets[node.index])
        if node.player != player:
            total = np.zeros_like(mine)
            for a, child in enumerate(node.children):
                total += self._walk(child, player, mine, theirs * strategy[:, a], weight)
            return total
        values = np.stack(
            [self._walk(child, player, mine * strategy[:, a], theirs, weight) for a, child in enumerate(node.children)],
            axis=1,
        )
        value: Vector = (values * strategy).sum(axis=1)
        regrets = self.regrets[node.index]
        regrets += values - value[:, None]
        if self.algorithm == "cfr+":
            np.maximum(regrets, 0.0, out=regrets)
        self.sums[node.index] += weight * mine[:, None] * strategy
        return value

    def _payoff(self, node: Node, player: int, theirs: Vector) -> Vector:
        showdown, together = self._showdowns.matrices(node.board)
        if node.folded is None:
            return float(node.contributed[player]) * (showdown @ theirs)
        won = float(node.contributed[node.folded])
        return (won if node.folded != player else -won) * (together @ theirs)

    def average(self) -> list[Vector]:
        """The average strategy: a row per card, a column per move (uniform where a card has
        never reached the node)."""
        rows = []
        for sums in self.sums:
            totals = sums.sum(axis=1, keepdims=True)
            uniform = np.full_like(sums, 1.0 / sums.shape[1])
            rows.append(np.where(totals > 0, sums / np.where(totals > 0, totals, 1.0), uniform))
        return rows

    def solution(self) -> Solution:
        strategy = self.average()
        value = self.value(strategy)
        conv = self.nash_conv(strategy)
        return Solution(self.game.name, self.algorithm, self.iterations, value, conv / 2, conv,
                        self.named(strategy))

    # -- evaluation of any strategy (one row per card and decision node) --

    def value(self, strategy: list[Vector]) -> float:
        """Player 0's expected winnings when both play ``strategy``."""
        n = self.game.cards
        return float(self._evaluate(self.root, 0, np.ones(n), np.ones(n), strategy, best=False).sum())

    def best_response(self, strategy: list[Vector], player: int) -> float:
        """What ``player`` wins, at best, against the other playing ``strategy``."""
        n = self.game.cards
        return float(self._evaluate(self.root, player, np.ones(n), np.ones(n), strategy, best=True).sum())

    def nash_conv(self, strategy: list[Vector]) -> float:
        """How much the two best responses win together (0 at an equilibrium)."""
        return self.best_response(strategy, 0) + self.best_response(strategy, 1)

    def _evaluate(
        self, node: Node, player: int, mine: Vector, theirs: Vector, strategy: list[Vector], *, best: bool
    ) -> Vector:
        if node.kind == "end":
            return self._payoff(node, player, theirs)
        if node.kind == "board":
            return sum((self._evaluate(child, player, m, t, strategy, best=best)
                        for child, m, t in _dealt(node, mine, theirs)), np.zeros_like(mine))
        rows = strategy[node.index]
        if node.player != player:
            total = np.zeros_like(mine)
            for a, child in enumerate(node.children):
                total += self._evaluate(child, player, mine, theirs * rows[:, a], strategy, best=best)
            return total
        values = np.stack(
            [self._evaluate(child, player, mine, theirs, strategy, best=best) for child in node.children], axis=1
        )
        # A card's information set is this node and the card: the best move is picked per card.
        result: Vector = values.max(axis=1) if best else (values * rows).sum(axis=1)
        return result

    def named(self, strategy: list[Vector]) -> dict[str, list[float]]:
        """The strategy by information set (``"Qh|Ks:rc/r"``), each reachable card's row."""
        named: dict[str, list[float]] = {}
        for node, rows in zip(self.nodes, strategy, strict=True):
            for card in range(self.game.cards):
                if card in node.board:
                    continue
                key = self.game.card_name(card)
                if node.board:
                    key += "|" + "".join(self.game.card_name(b) for b in node.board)
                named[f"{key}:{node.history}"] = [round(float(p), 6) for p in rows[card]]
        return named


def _dealt(node: Node, mine: Vector, theirs: Vector) -> Iterator[tuple[Node, Vector, Vector]]:
    """Each board card's child of a board node, with both players' reach of the private cards
    that the card takes out of the deck set to zero."""
    for card, child in enumerate(node.children):
        keep_mine, keep_theirs = mine.copy(), theirs.copy()
        keep_mine[card] = keep_theirs[card] = 0.0
        yield child, keep_mine, keep_theirs


def _matched(regrets: Vector) -> Vector:
    """Regret matching: each card's moves in proportion to their positive regrets, uniform
    where none is positive."""
    positive = np.maximum(regrets, 0.0)
    totals = positive.sum(axis=1, keepdims=True)
    uniform = np.full_like(regrets, 1.0 / regrets.shape[1])
    result: Vector = np.where(totals > 0, positive / np.where(totals > 0, totals, 1.0), uniform)
    return result


def solve(game: SmallGame | str, algorithm: Algorithm = "cfr+", iterations: int = 1000) -> Solution:
    """Run ``iterations`` of ``algorithm`` on the game, and evaluate its average strategy."""
    if iterations < 1:
        raise InvalidArgument("iterations must be at least 1")
    solver = Solver(game, algorithm)
    solver.iterate(iterations)
    return solver.solution()
