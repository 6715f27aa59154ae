"""Side-by-side benchmarks against the peer engines that install here (``pokerfloor bench``).

The families, one module each: random legal play one hand at a time and batched (``play``),
7-card evaluation one call per hand and batched (``evaluation``), exact pre-flop equity by
enumeration (``equity``), Monte Carlo equity of ranges (``ranges``), equity of ranges with a
board and three-way against OMPEval (``boards``, the group ``equity-board``), PHH corpus replay
(``replay``) and training environments (``envs``). The peers' adapters are in ``peers``, the
shared random policy in ``policy``, the interleaved timing harness in ``core`` and the Markdown
report in ``report``. docs/performance.md has the method and a measured run.
Speed is reported as ratios measured in the same process; it is never a test.
"""

from __future__ import annotations

from collections.abc import Iterable

from pokerfloor.bench import boards, envs, equity, evaluation, play, ranges, replay, solvers
from pokerfloor.bench.core import Benchmark, Config, Progress, Row, measure, steps_total
from pokerfloor.bench.peers import PEERS, version

BENCHMARKS: dict[str, Benchmark] = {
    b.name: b
    for b in (
        play.BENCHMARK, play.BATCH, evaluation.SINGLE, evaluation.BATCH, equity.BENCHMARK, replay.BENCHMARK,
        envs.BENCHMARK, envs.AEC, *ranges.BENCHMARKS, *boards.BENCHMARKS, *solvers.BENCHMARKS,
    )
}


def _expand(name: str) -> list[str]:
    if name in BENCHMARKS:
        return [name]
    return [n for n in BENCHMARKS if n.startswith(name + "-")] or [name]


def select(only: Iterable[str] | None = None) -> list[Benchmark]:
    """The benchmarks named (all when ``only`` is empty); a name that is no benchmark's but
    begins some (followed by ``-``) stands for all of those (``equity-board`` for the cases of
    ``boards``, ``equity-board-flop`` for its flop cases); an unknown name is a ``KeyError``."""
    names = [n for name in only or () for n in _expand(name)]
    if not names:
        return list(BENCHMARKS.values())
    unknown = [n for n in names if n not in BENCHMARKS]
    if unknown:
        raise KeyError(f"unknown benchmark {', '.join(unknown)}; known: {', '.join(BENCHMARKS)}")
    return [BENCHMARKS[n] for n in names]


def run(config: Config, only: Iterable[str] | None = None, progress: Progress | None = None) -> list[Row]:
    """Measure the selected benchmarks one after another; every contender's row."""
    rows: list[Row] = []
    for bench in select(only):
        rows.extend(measure(bench, config, progress))
    return rows


def installed_peers() -> dict[str, str | None]:
    """Each peer's installed version, or ``None`` when it is not installed."""
    return {peer.title: version(key) for key, peer in PEERS.items()}


__all__ = [
    "BENCHMARKS",
    "Benchmark",
    "Config",
    "Row",
    "installed_peers",
    "run",
    "select",
    "steps_total",
]
