"""The numpy batch path gives exactly ``high_rank``'s values."""

from __future__ import annotations

import random
import subprocess
import sys

import numpy as np
import pytest

from pokerfloor.evaluation import high_rank
from pokerfloor.evaluation.batch import CHUNK, high_ranks

from . import reference as ref


def _flushy(seed: int, count: int, size: int) -> list[list[int]]:
    rng = random.Random(seed)
    return [rng.sample([c for c in range(52) if c % 4 in (0, 3)], size) for _ in range(count)]


@pytest.mark.parametrize("size", [5, 6, 7])
def test_batch_equals_one_call_per_hand(size):
    hands = ref.deals(seed=size, count=30_000, size=size) + _flushy(size, 5_000, size)
    batched = high_ranks(np.array(hands, dtype=np.uint8))
    assert batched.tolist() == [high_rank(h) for h in hands]


def test_batch_spans_several_chunks_and_any_integer_dtype():
    hands = ref.deals(seed=11, count=2 * CHUNK + 17, size=7)
    expected = [high_rank(h) for h in hands]
    for dtype in (np.uint8, np.int16, np.int64):
        assert high_ranks(np.array(hands, dtype=dtype)).tolist() == expected
    assert high_ranks(hands).tolist() == expected


def test_batch_of_no_hands_is_empty():
    assert high_ranks(np.zeros((0, 7), dtype=np.uint8)).shape == (0,)


@pytest.mark.parametrize(
    "bad",
    [
        np.zeros((3, 4), dtype=np.uint8),
        np.zeros((3, 8), dtype=np.uint8),
        np.zeros(7, dtype=np.uint8),
        np.full((2, 7), 52),
        np.full((2, 7), -1),
        np.zeros((2, 7), dtype=float),
    ],
)
def test_batch_refuses_what_is_not_hands_of_card_numbers(bad):
    with pytest.raises(ValueError):
        high_ranks(bad)


def test_the_core_imports_and_ranks_without_numpy():
    code = (
        "import sys\n"
        "class NoNumpy:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] == 'numpy':\n"
        "            raise ImportError('numpy is blocked')\n"
        "sys.meta_path.insert(0, NoNumpy())\n"
        "import pokerfloor as pf\n"
        "print(int(pf.evaluate('AhKhQhJhTh')))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "7462"
