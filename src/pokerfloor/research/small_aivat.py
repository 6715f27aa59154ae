"""AIVAT with its action terms, in the small games, where a bot gives its whole strategy.

AIVAT (Burch, Schmid, Moravčík, Morrill and Bowling 2018) scores a hand by its winnings less a
control variate of mean zero: at each chance event, and at each decision of a player whose
strategy is known, the value after what happened less the mean value over what could have
happened. In Kuhn poker and Leduc hold'em a strategy is a table (a ``Solution`` of
``research.cfr``, or the uniform one), so every term is exact. The value of a position, every
card known, is what player 0 wins from there on average if both players played the strategy of
the player being scored (the paper's choice: the agent's own view of the game), worked out
over the game's public tree once for each pair of private cards.

``small_aivat_match`` plays duplicate pairs (each deal twice, the players' seats swapped) and
scores player A four ways over the same hands: plain (each hand a sample), duplicate, AIVAT with
the chance terms alone, and AIVAT with the chance terms and the action terms of A's decisions
(B's strategy is not used unless ``b_known``: B may be anyone), the last three with each pair a sample (its two
hands share their cards, so they are not independent), each a mean in chips a hand with its 95%
interval.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Mapping
from dataclasses import dataclass

from pokerfloor.errors import InvalidArgument
from pokerfloor.research.games import SmallGame, small_game
from pokerfloor.research.tree import Node, public_tree

Z_95 = 1.959964


class TablePlayer:
    """A player of a small game by its strategy table: information set (``"Qh|Ks:rc/r"``, as
    ``SmallHand.infoset`` and ``Solution.strategy`` name them) to the probability of each move
    open there, in ``SmallHand.legal()``'s order; uniform where the table has no row
    (``TablePlayer({})`` plays uniformly at random)."""

    def __init__(self, table: Mapping[str, list[float]], name: str = "table") -> None:
        self.table = table
        self.name = name

    def strategy(self, game: SmallGame, node: Node, card: int) -> list[float]:
        """The probability of each of ``node.moves`` holding ``card``."""
        key = game.card_name(card)
        if node.board:
            key += "|" + "".join(game.card_name(b) for b in node.board)
        row = self.table.get(f"{key}:{node.history}")
        if row is None or len(row) != len(node.moves):
            return [1.0 / len(node.moves)] * len(node.moves)
        total = sum(row)
        return [p / total for p in row]

    def choose(self, game: SmallGame, node: Node, card: int, rng: random.Random) -> int:
        """The index of the move drawn from the strategy."""
        draw = rng.random()
        row = self.strategy(game, node, card)
        for index, probability in enumerate(row):
            if draw < probability:
                return index
            draw -= probability
        return len(row) - 1


def _payoff(game: SmallGame, node: Node, holes: tuple[int, int]) -> float:
    """Player 0's winnings at an end of the tree."""
    if node.folded is not None:
        lost = float(node.contributed[node.folded])
        return -lost if node.folded == 0 else lost
    a, b = (game.strength(card, node.board) for card in holes)
    return node.contributed[0] * float((a > b) - (a < b))


def self_play_values(game: SmallGame, root: Node, holes: tuple[int, int], player: TablePlayer) -> dict[int, float]:
    """Player 0's value at every node of the public tree reachable with these private cards,
    both players playing ``player``'s strategy (keyed by the node's ``id``)."""
    values: dict[int, float] = {}

    def walk(node: Node) -> float:
        if node.kind == "end":
            value = _payoff(game, node, holes)
        elif node.kind == "board":
            value = statistics.fmean(walk(child) for card, child in enumerate(node.children) if card not in holes)
        else:
            row = player.strategy(game, node, holes[node.player])
            value = sum(p * walk(child) for p, child in zip(row, node.children, strict=True))
        values[id(node)] = value
        return value

    walk(root)
    return values


@dataclass(frozen=True)
class Estimate:
    """A mean in chips a hand with its 95% interval."""

    mean: float
    low: float
    high: float

    @property
    def width(self) -> float:
        return self.high - self.low

    def __str__(self) -> str:
        return f"{self.mean:+.4f} chips a hand (95% interval {self.low:+.4f} to {self.high:+.4f})"


def estimate(samples: list[float], per_sample: int = 1) -> Estimate:
    """The mean of ``samples`` (each of ``per_sample`` hands) a hand, with its 95% interval."""
    mean = statistics.fmean(samples) / per_sample
    spread = Z_95 * statistics.stdev(samples) / math.sqrt(len(samples)) / per_sample
    return Estimate(mean, mean - spread, mean + spread)


@dataclass(frozen=True)
class SmallScores:
    """Player A's score four ways over the same hands, and how many of A's decisions had an
    action term."""

    plain: Estimate
    duplicate: Estimate
    chance_only: Estimate
    aivat: Estimate
    decisions: int

    @property
    def narrowing(self) -> float:
        """How many times narrower the full AIVAT interval is than the duplicate one."""
        return self.duplicate.width / self.aivat.width

    @property
    def action_narrowing(self) -> float:
        """How many times narrower the action terms make the interval of the chance terms alone."""
        return self.chance_only.width / self.aivat.width

    def __str__(self) -> str:
        return (f"plain {self.plain}\nduplicate {self.duplicate}\nAIVAT, chance terms {self.chance_only}\n"
                f"AIVAT, chance and action terms {self.aivat}\n{self.narrowing:.2f} times narrower than"
                f" duplicate; the action terms ({self.decisions} decisions) {self.action_narrowing:.2f} times")


class _Scorer:
    """One match's game, tree and values (each pair of private cards' values worked out once)."""

    def __init__(self, game: SmallGame, a: TablePlayer) -> None:
        self.game, self.a = game, a
        self.root, _ = public_tree(game)
        n = game.cards
        self._values: dict[tuple[int, int], dict[int, float]] = {}
        deals = [(x, y) for x in range(n) for y in range(n) if x != y]
        self.game_value = statistics.fmean(self.values(d)[id(self.root)] for d in deals)

    def values(self, holes: tuple[int, int]) -> dict[int, float]:
        if holes not in self._values:
            self._values[holes] = self_play_values(self.game, self.root, holes, self.a)
        return self._values[holes]

    def play(self, seats: tuple[TablePlayer, TablePlayer], known: tuple[bool, bool], cards: tuple[int, ...],
             rng: random.Random) -> tuple[float, float, float, int]:
        """One hand dealt ``cards`` (the private cards, then the board): player 0's winnings, its
        chance terms and the action terms of the decisions of the ``known`` players, and how
        many."""
        holes = (cards[0], cards[1])
        value = self.values(holes)
        node = self.root
        chance = value[id(node)] - self.game_value   # the deal, against its mean over every deal
        action, decisions = 0.0, 0
        board = list(cards[2:])
        while node.kind != "end":
            if node.kind == "board":
                options = [value[id(child)] for card, child in enumerate(node.children) if card not in holes]
                child = node.children[board.pop(0)]
                chance += value[id(child)] - statistics.fmean(options)
            else:
                card = holes[node.player]
                index = seats[node.player].choose(self.game, node, card, rng)
                child = node.children[index]
                if known[node.player]:
                    row = seats[node.player].strategy(self.game, node, card)
                    expected = sum(p * value[id(c)] for p, c in zip(row, node.children, strict=True))
                    action += value[id(child)] - expected
                    decisions += 1
            node = child
        return _payoff(self.game, node, holes), chance, action, decisions


def small_aivat_match(game: SmallGame | str, a: TablePlayer, b: TablePlayer, hands: int, *,
                      seed: int = 0, b_known: bool = False) -> SmallScores:
    """Play ``hands`` hands of a small game as duplicate pairs and score player ``a``. The action
    terms cover A's decisions, and B's too with ``b_known`` (B's strategy is then read as well:
    when B plays A's strategy, every pair's AIVAT sample is exactly 0, the value being exact)."""
    game = small_game(game) if isinstance(game, str) else game
    if hands < 4 or hands % 2:
        raise InvalidArgument("an AIVAT match has an even number of hands, at least four")
    scorer = _Scorer(game, a)
    rng = random.Random(seed)
    need = 2 + sum(game.game.variant_spec.board)
    plain: list[float] = []
    pairs: list[float] = []
    chance_only: list[float] = []
    full: list[float] = []
    decisions = 0
    for _ in range(hands // 2):
        cards = tuple(rng.sample(range(game.cards), need))
        pair = [0.0, 0.0, 0.0]
        for a_seat in (0, 1):
            seats = (a, b) if a_seat == 0 else (b, a)
            known = (True, b_known) if a_seat == 0 else (b_known, True)
            won, chance, action, count = scorer.play(seats, known, cards, rng)
            sign = 1.0 if a_seat == 0 else -1.0   # A's winnings: player 0's, or player 1's (zero sum)
            plain.append(sign * won)
            for i, sample in enumerate((won, won - chance, won - chance - action)):
                pair[i] += sign * sample
            decisions += count
        pairs.append(pair[0])
        chance_only.append(pair[1])
        full.append(pair[2])
    # The two hands of a pair share their cards: a pair is one sample, for AIVAT as for duplicate.
    return SmallScores(estimate(plain), estimate(pairs, 2), estimate(chance_only, 2), estimate(full, 2), decisions)
