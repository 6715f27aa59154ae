"""AIVAT's action terms (Burch et al. 2018): at a decision of a player whose strategy is known,
the value after the move made less the mean value over the moves it could have made. Each term
has mean zero, so the score stays unbiased; with the value exact for the strategies played, the
terms remove every chip of variance."""

from __future__ import annotations

import random
import statistics

import pytest

import pokerfloor as pf
from pokerfloor.bots import load_bot
from pokerfloor.research.aivat import StrategyBot, aivat_match
from pokerfloor.research.cfr import solve
from pokerfloor.research.games import small_game
from pokerfloor.research.pushfold import PushFoldBot, hand_classes, solve_push_fold
from pokerfloor.research.small_aivat import TablePlayer, _payoff, small_aivat_match
from pokerfloor.research.tree import Node, public_tree


def _exact(name: str, a: TablePlayer, b: TablePlayer) -> float:
    """A's exact mean winnings a hand against B, the seats taken in turn, over the whole tree."""
    game = small_game(name)
    root, _ = public_tree(game)

    def value(node: Node, holes: tuple[int, int], seats: tuple[TablePlayer, TablePlayer]) -> float:
        if node.kind == "end":
            return _payoff(game, node, holes)
        if node.kind == "board":
            return statistics.fmean(value(c, holes, seats) for k, c in enumerate(node.children) if k not in holes)
        row = seats[node.player].strategy(game, node, holes[node.player])
        return sum(p * value(c, holes, seats) for p, c in zip(row, node.children, strict=True))

    deals = [(x, y) for x in range(game.cards) for y in range(game.cards) if x != y]
    return statistics.fmean((value(root, d, (a, b)) - value(root, d, (b, a))) / 2 for d in deals)


@pytest.fixture(scope="module")
def leduc_player() -> TablePlayer:
    return TablePlayer(solve("leduc", "cfr+", 150).strategy, "cfr+")


def test_with_every_strategy_known_and_the_value_exact_the_score_has_no_variance(leduc_player: TablePlayer) -> None:
    scores = small_aivat_match("leduc", leduc_player, leduc_player, 200, seed=1, b_known=True)
    assert scores.aivat.width < 1e-9 and abs(scores.aivat.mean) < 1e-9   # the same strategy: worth 0
    assert scores.chance_only.width > 0.1 and scores.duplicate.width > 0.1


def test_the_action_terms_keep_the_score_unbiased_and_narrow_it(leduc_player: TablePlayer) -> None:
    uniform = TablePlayer({}, "uniform")
    exact = _exact("leduc", leduc_player, uniform)
    means = {"duplicate": [], "chance_only": [], "aivat": []}
    for seed in range(12):
        scores = small_aivat_match("leduc", leduc_player, uniform, 600, seed=seed)
        for name, values in means.items():
            values.append(getattr(scores, name).mean)
    spread = {name: statistics.stdev(values) for name, values in means.items()}
    for values in means.values():   # each estimator's mean over 7,200 hands is the exact value
        assert abs(statistics.fmean(values) - exact) < 3 * max(spread.values()) / 12 ** 0.5
    assert spread["aivat"] < spread["chance_only"] < spread["duplicate"]


def test_kuhn_and_leduc_scores_narrow_by_a_measured_factor(leduc_player: TablePlayer) -> None:
    kuhn = TablePlayer(solve("kuhn", "cfr+", 2000).strategy)
    for name, player in (("kuhn", kuhn), ("leduc", leduc_player)):
        scores = small_aivat_match(name, player, player, 2000, seed=1)
        assert scores.decisions > 2000
        assert scores.action_narrowing > 1.2 and scores.narrowing > 1.3
        assert scores.aivat.low < 0 < scores.aivat.high   # a strategy against itself is worth 0


def test_the_push_fold_bot_gives_the_strategy_it_plays() -> None:
    bot = PushFoldBot(random.Random(4))
    assert isinstance(bot, StrategyBot)
    names, _ = hand_classes()
    mixed = names.index("43s")
    assert 0.05 < solve_push_fold(10.0).push[mixed] < 0.95      # the equilibrium mixes here
    game = pf.Game.no_limit_holdem(50, 100)
    pushes = 0
    for _ in range(400):
        hand = pf.Hand(game, {1: 1_000, 2: 1_000}, button=2, holes={2: ["4s", "3s"], 1: ["Ah", "Kd"]})
        view = hand.view(2)
        moves = bot.strategy(view)
        assert abs(sum(p for p, _, _ in moves) - 1) < 1e-12
        kind, to = bot.choose(view)
        assert (kind, to) in [(k, t) for _, k, t in moves]
        pushes += kind == "raise"
    share = next(p for p, k, _ in moves if k == "raise")
    assert abs(pushes / 400 - share) < 4 * (share * (1 - share) / 400) ** 0.5


def test_a_hold_em_match_counts_the_decisions_with_action_terms() -> None:
    scores = aivat_match(PushFoldBot(random.Random(1)), load_bot("pro", random.Random(2)), 40, seed=1, stack=1_000)
    assert scores.decisions > 0 and scores.chance_only is not None
    assert "action terms" in str(scores)
    plain = aivat_match(load_bot("pro", random.Random(1)), load_bot("rock", random.Random(2)), 4, seed=1)
    assert plain.decisions == 0 and plain.chance_only is None
