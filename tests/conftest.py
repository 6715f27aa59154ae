"""Test-wide settings. In CI (``CI`` set) Hypothesis runs derandomized, so a landing is judged on
the same examples every time; on a developer's machine it keeps exploring new ones."""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


LONG_FIRST = (
    "tests/web/test_serve_bots.py",
    "tests/server/test_faults.py",
    "tests/bench/test_bench_harness.py",
    "tests/equity/test_fast_exact.py",
    "tests/server/test_postgres.py",
    "tests/bench/test_bench_boards.py",
    "tests/web/test_absent_player_page.py",
    "tests/web/test_evening_page.py",
    "tests/web/test_event_pages.py",
    "tests/web/test_fit_page.py",
    "tests/server/test_event_served.py",
)
"""Files of the longest tests (up to two minutes each: the server restarts and the soak mostly
wait on real time, the bench and exact-equity tests compute), run first: started last, one of
them keeps a single worker busy while the other sits idle."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Put the tests of ``LONG_FIRST`` at the front, in its order (a stable sort: every worker
    collects the same order, as pytest-xdist requires)."""
    rank = {path: i for i, path in enumerate(LONG_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::", 1)[0], len(LONG_FIRST)))
