"""The real hands of ``../shared/corpus/phh`` must be there: a missing corpus fails, never skips."""

from __future__ import annotations

from pathlib import Path

import pytest

CORPUS = Path(__file__).resolve().parents[2] / ".." / "shared" / "corpus" / "phh"


@pytest.fixture
def corpus_present() -> Path:
    assert CORPUS.is_dir(), f"the shared PHH corpus is missing: expected it at {CORPUS.resolve()}"
    return CORPUS
