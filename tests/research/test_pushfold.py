"""The push-or-fold baseline: the equilibrium of heads-up push or fold, exact to its best
responses, with the ranges the published Nash charts give, and a bot that plays it."""

from __future__ import annotations

import random

import numpy as np
import pytest

from pokerfloor.bots import load_bot
from pokerfloor.errors import InvalidArgument
from pokerfloor.match import play_match
from pokerfloor.research.pushfold import PushFoldBot, hand_classes, measure, solve_push_fold
from pokerfloor.rules import Game


def _share(solution_row: tuple[float, ...]) -> float:
    """The share of the 1,326 combinations a row takes (6 a pair, 4 suited, 12 offsuit)."""
    names, _ = hand_classes()
    combos = [6 if len(n) == 2 else 4 if n.endswith("s") else 12 for n in names]
    return sum(p * c for p, c in zip(solution_row, combos, strict=True)) / 1326


def test_the_equilibrium_at_ten_big_blinds_is_exact_and_moves_in_with_most_hands() -> None:
    solution = solve_push_fold(10)
    assert solution.exploitability < 1e-4           # big blinds a hand, against exact best responses
    assert 0.55 < _share(solution.push) < 0.61      # the charts: about 58% all in from the button
    assert 0.34 < _share(solution.call) < 0.40      # and about 37% called
    assert solution.pushes("AA") == solution.calls("AA") == pytest.approx(1.0)
    assert solution.pushes("72o") == pytest.approx(0.0, abs=1e-3)


def test_deeper_stacks_move_in_and_call_with_fewer_hands() -> None:
    shallow, deep = solve_push_fold(5), solve_push_fold(20)
    assert _share(deep.push) < _share(shallow.push) and _share(deep.call) < _share(shallow.call)


def test_a_strategy_away_from_the_equilibrium_can_be_exploited() -> None:
    n = len(hand_classes()[0])
    always = measure(10, np.ones(n), np.ones(n))
    assert always.value == pytest.approx(0.0)       # both always in: the seats' chances are equal
    assert always.exploitability > 0.1


def test_the_bot_plays_a_short_stacked_match_by_the_rules() -> None:
    score = play_match(PushFoldBot(random.Random(1)), load_bot("pro", random.Random(2)), 60, duplicate=True, seed=4,
                       game=Game.no_limit_holdem(50, 100), stack=1_000)
    assert score.hands == 60


def test_stacks_out_of_reach_are_refused() -> None:
    with pytest.raises(InvalidArgument):
        solve_push_fold(0.5)
