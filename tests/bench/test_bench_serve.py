"""``pokerfloor bench --only serve`` runs: a tiny load (one table, three bots) against a real
``pokerfloor serve`` process, with every figure filled in and no error (no timing asserted)."""

from __future__ import annotations

import math

from pokerfloor.bench.serve import run_serve


def test_the_serve_bench_runs_a_tiny_load_clean() -> None:
    got = run_serve(tables=1, players=3, hands=2, think=0, timeout=60)
    assert got.errors == 0, got.problems
    assert got.hands_played >= 2 and got.actions > 0
    assert not math.isnan(got.p50_ms) and got.p50_ms <= got.p99_ms <= got.max_ms
    assert got.server_cpu_seconds > 0 and got.rss_mb > 0
