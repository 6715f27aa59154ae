"""Issue 11, proof: the PHH reader fuzzed with Hypothesis, the corpus and two small files as
seeds. Whatever the mutation, reading gives hands or ``PHHFormatError`` entries, ``verify``
raises nothing, and each input is done in under a second (``pokerfloor.bench.fuzz``)."""

from __future__ import annotations

import random
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from stranger_files import DRAW, STUD

from pokerfloor.bench.fuzz import FuzzReport, check_input, mutate, seed_texts

CORPUS_DEV = Path(__file__).resolve().parents[2].parent / "shared" / "corpus" / "phh" / "dev"
SEEDS = [(DRAW, False), (STUD, False)] + (seed_texts([CORPUS_DEV]) if CORPUS_DEV.is_dir() else [])
for _text, _bulk in SEEDS:  # read once untimed: the lowball ranking tables built on first use take most of a second
    check_input(_text, FuzzReport(), bulk=_bulk)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(index=st.integers(0, len(SEEDS) - 1), rng=st.randoms(use_true_random=False))
def test_a_mutated_history_is_read_or_refused_and_never_raises(index: int, rng: random.Random) -> None:
    text, bulk = SEEDS[index]
    report = FuzzReport()
    check_input(mutate(text, rng), report, bulk=bulk)
    assert report.clean, report.escaped + report.slow
