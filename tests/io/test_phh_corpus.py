"""Every real hand of the corpus replays on the engine with its recorded finishing stacks.

The only differences allowed are the corpus README's known special cases, each explained by a
cause checked on the hand itself (pokerfloor.io.verify).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from pokerfloor.io.verify import Verdict, verify_paths

CORPUS = Path(__file__).resolve().parents[2] / ".." / "shared" / "corpus" / "phh"
pytestmark = pytest.mark.usefixtures("corpus_present")

ONGAME = "dev/handhq/ONG-2009-07-01_2009-07-23_1000NLH_OBFU__10__ong_NLH_handhq_1-OBFUSCATED.part.phhs"
KNOWN_CASES = {
    # Ongame money fields are after rake: only the winners differ, by the rake.
    **{(ONGAME, key): "rake" for key in ("1", "5", "9", "12", "16", "21")},
    # [5, 10, -5, 0, 0]: the -5 was a dead small blind in the original log; and the pot was raked.
    (ONGAME, "2"): "dead_blind+rake",
    # Split pots whose odd chip the file records as halves.
    ("dev/pluribus/41b/204.phh", None): "half_chips",
    ("dev/pluribus/75b/76.phh", None): "half_chips",
    ("dev/pluribus/88/128.phh", None): "half_chips",
    ("dev/pluribus/91/43.phh", None): "half_chips",
    # The button's fold is missing; with it, the stacks match (antes played dead, as recorded).
    ("dev/wsop-2019-42-3/00-01-07.phh", None): "missing_action",
}


def relative(verdict: Verdict) -> tuple[str, str | None]:
    return (Path(verdict.source).resolve().relative_to(CORPUS.resolve()).as_posix(), verdict.key)


def failures(verdicts: list[Verdict]) -> list[str]:
    return [f"{v.where()}: {v.status} {v.cause} {v.detail}" for v in verdicts if not v.passed]


def test_every_dev_hand_replays_and_matches_or_is_a_known_case() -> None:
    verdicts = list(verify_paths([CORPUS / "dev"]))
    assert len(verdicts) == 277
    assert failures(verdicts) == []
    explained = {relative(v): v.cause for v in verdicts if v.status == "explained"}
    assert explained == KNOWN_CASES
    counts = Counter(v.status for v in verdicts)
    assert counts == {"matched": 205, "replayed": 60, "explained": 12}


def test_every_variant_of_the_format_replays() -> None:
    verdicts = list(verify_paths([CORPUS / "dev"]))
    assert {v.variant for v in verdicts if v.status == "matched"} == {
        "NT", "PO", "FT", "FO/8", "F7S", "F7S/8", "FR", "N2L1D", "F2L3D"}
    assert {v.variant for v in verdicts if v.status == "replayed"} >= {"NS", "FB"}


def test_the_bulk_hands_match_their_finishing_stacks() -> None:
    verdicts = list(verify_paths([CORPUS / "bulk"]))
    assert len(verdicts) == 5000
    assert failures(verdicts) == []
    assert all(v.status == "matched" for v in verdicts)
