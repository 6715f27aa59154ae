"""The shared random policy: only open moves, the documented weights, the same draws per seed."""

from __future__ import annotations

import random
from collections import Counter

from pokerfloor.bench.policy import (
    ALL_IN,
    CHECK_CALL,
    FOLD,
    MIN_RAISE,
    W_ALL_IN,
    W_CHECK_CALL,
    W_FOLD,
    W_MIN_RAISE,
    Options,
    choose,
)


def test_never_folds_when_not_facing_a_bet() -> None:
    rng = random.Random(1)
    options = Options(facing_bet=False, raise_min=4, raise_max=400)
    assert FOLD not in {choose(rng, options) for _ in range(2000)}


def test_never_raises_when_no_raise_is_open() -> None:
    rng = random.Random(2)
    options = Options(facing_bet=True)
    assert {choose(rng, options) for _ in range(2000)} == {FOLD, CHECK_CALL}


def test_checks_when_nothing_else_is_open() -> None:
    rng = random.Random(3)
    assert {choose(rng, Options(facing_bet=False)) for _ in range(200)} == {CHECK_CALL}


def test_the_weights_are_the_documented_ones() -> None:
    rng = random.Random(4)
    options = Options(facing_bet=True, raise_min=4, raise_max=400)
    draws = 100_000
    counts = Counter(choose(rng, options) for _ in range(draws))
    total = W_FOLD + W_CHECK_CALL + W_MIN_RAISE + W_ALL_IN
    for move, weight in ((FOLD, W_FOLD), (CHECK_CALL, W_CHECK_CALL), (MIN_RAISE, W_MIN_RAISE),
                         (ALL_IN, W_ALL_IN)):
        assert abs(counts[move] / draws - weight / total) < 0.01


def test_the_same_seed_makes_the_same_choices() -> None:
    options = [Options(True, 4, 400), Options(False), Options(False, 2, 400), Options(True)]
    a = random.Random(9)
    b = random.Random(9)
    assert [choose(a, o) for o in options * 50] == [choose(b, o) for o in options * 50]
