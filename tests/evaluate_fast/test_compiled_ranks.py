"""numba's compiled ``high_ranks`` gives exactly the values of the numpy path and of ``high_rank``."""

from __future__ import annotations

import random
from itertools import chain, combinations

import numpy as np
import pytest

from pokerfloor.evaluation import high_rank
from pokerfloor.evaluation.batch import compiled_loops, high_ranks, numpy_high_ranks

pytestmark = pytest.mark.skipif(compiled_loops() is None, reason="numba is not installed")


def _every_hand(size: int) -> np.ndarray:
    cards = chain.from_iterable(combinations(range(52), size))
    return np.fromiter(cards, dtype=np.uint8).reshape(-1, size)


def _sample(seed: int, count: int, size: int, deck: list[int]) -> np.ndarray:
    rng = random.Random(seed)
    return np.array([rng.sample(deck, size) for _ in range(count)], dtype=np.uint8)


def test_every_five_card_hand_ranks_alike_on_all_three_paths():
    hands = _every_hand(5)
    assert len(hands) == 2_598_960
    compiled = high_ranks(hands)
    assert np.array_equal(compiled, numpy_high_ranks(hands))
    assert compiled.tolist() == [high_rank(h) for h in hands.tolist()]


@pytest.mark.parametrize("size", [6, 7])
def test_random_six_and_seven_card_hands_rank_alike_on_all_three_paths(size):
    two_suits = [c for c in range(52) if c % 4 in (1, 2)]  # flushes in plenty
    hands = np.concatenate([_sample(size, 200_000, size, list(range(52))), _sample(size, 50_000, size, two_suits)])
    compiled = high_ranks(hands)
    assert np.array_equal(compiled, numpy_high_ranks(hands))
    assert compiled.tolist() == [high_rank(h) for h in hands.tolist()]


def test_any_integer_dtype_and_layout_ranks_alike():
    hands = _sample(7, 5_000, 7, list(range(52)))
    expected = numpy_high_ranks(hands)
    for dtype in (np.int8, np.uint16, np.int32, np.int64):
        assert np.array_equal(high_ranks(hands.astype(dtype)), expected)
    assert np.array_equal(high_ranks(np.asfortranarray(hands)), expected)
    assert np.array_equal(high_ranks(hands[::2]), expected[::2])
    assert np.array_equal(high_ranks(hands.tolist()), expected)


def test_the_compiled_path_checks_its_input_like_the_numpy_path():
    for bad in (np.zeros((3, 4), dtype=np.uint8), np.full((2, 7), 52), np.zeros((2, 7), dtype=float)):
        with pytest.raises(ValueError):
            high_ranks(bad)
    assert high_ranks(np.zeros((0, 7), dtype=np.uint8)).shape == (0,)
