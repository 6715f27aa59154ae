"""Issue 25, item 15: every reader of outside input fuzzed (``pokerfloor.bench.fuzz``). Real files
(the site histories of tests/io/data/imports, the PHH corpus's dev hands, two stranger files) and
records, views and tables of random play are mutated line by line and node by node, and hostile
JSON is thrown in: every input is read or refused with its reader's one documented error, within
a second, and a record that loads plays on to the end of its hand and the next. The benchmark
runs 10,000 or more of the same (``pokerfloor bench --only fuzz``)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from stranger_files import DRAW, STUD

from pokerfloor.bench.fuzz import (
    HOSTILE_JSON,
    FuzzReport,
    Seed,
    check_one,
    file_seeds,
    hostile_or_mutated,
    record_seeds,
    warm_up,
)

ROOT = Path(__file__).resolve().parents[2]
CORPUS_DEV = ROOT.parent / "shared" / "corpus" / "phh" / "dev"
SITES = ROOT / "tests" / "io" / "data" / "imports"

SEEDS = [Seed("phh", DRAW, "draw.phh"), Seed("phh", STUD, "stud.phh"), *file_seeds([SITES]), *record_seeds(6)]
SEEDS += file_seeds([CORPUS_DEV])[:40] if CORPUS_DEV.is_dir() else []
KINDS = sorted({s.kind for s in SEEDS})
WARM = warm_up(SEEDS)  # every seed read once as it is: what readers build on first use is not timed


def test_the_seeds_cover_every_reader() -> None:
    assert {"phh", "site", "hand-record", "table-record", "seat-view"} <= set(KINDS)
    assert sum(s.name.endswith(".txt") for s in SEEDS) >= 5 and sum(s.name.endswith(".csv") for s in SEEDS) >= 2


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kind=st.sampled_from(KINDS), pick=st.integers(0, 10**6), rng=st.randoms(use_true_random=False))
def test_a_mutated_input_is_read_or_refused_with_its_error(kind: str, pick: int, rng: random.Random) -> None:
    of_kind = [s for s in SEEDS if s.kind == kind]
    seed = of_kind[pick % len(of_kind)]
    report = FuzzReport()
    check_one(seed, hostile_or_mutated(seed, rng), report, rng, tag=f"{kind} {seed.name}")
    assert report.clean, report.escaped + report.slow


@pytest.mark.parametrize("kind", ["site", "hand-record", "table-record", "seat-view"])
def test_hostile_json_is_refused_by_every_json_reader(kind: str) -> None:
    """100,000 nested arrays, a 5,000-digit number, 1e999999, NaN, a 100,000-character text..."""
    report = FuzzReport()
    for number, text in enumerate(HOSTILE_JSON):
        check_one(Seed(kind, text, "hostile.json"), text, report, random.Random(number), tag=f"hostile {number}")
    assert report.clean, report.escaped + report.slow
    assert report.by_kind[kind][1] >= len(HOSTILE_JSON) - 3  # nearly all refused: there is nothing to read


def test_unmutated_seeds_are_all_read_and_play_on() -> None:
    """The harness can tell a refusal from a reading: every seed itself is read, and plays on."""
    assert not WARM.escaped, WARM.escaped
    assert all(refused == 0 for _, refused in WARM.by_kind.values()), WARM.by_kind
    assert WARM.inputs == len(SEEDS)
