"""The timing harness: contenders measured side by side, interleaved, in one process.

A benchmark is a list of contenders (pokerfloor and the peers that can do the same work). Each
contender's ``prepare`` builds its inputs outside the clock and returns a *step*: a function that
does one chunk of work and says how many units (hands, evaluations, boards) it did. The harness
runs the contenders in rounds: in each round every contender gets one time slice, in an order
that rotates from round to round, so that drift in the machine (frequency, cache, other load)
falls on all of them alike. A slice runs whole steps until the slice's time is used (at least
one step). The rate is the units of all slices over their summed time. A collection of garbage
precedes each slice, outside the clock.

The ratio against pokerfloor is paired by round: in each round, pokerfloor's slice rate over the
peer's slice rate of the same round; the reported ratio is the median of those, with their
lowest and highest beside it. On a busy machine the rates move with the load, while the paired
ratio moves much less, and its spread shows how much it did move.

Each slice is also timed in the process's CPU time (``time.process_time``: every thread of this
process, user and system), beside the wall clock, and a second ratio is paired from the slices'
CPU rates alike (``Row.cpu_ratio``). On a machine shared by other work, a slice's wall clock
counts the time the process waited for a core and its CPU time does not, so the CPU ratio is the
one that compares the work of the two engines; the wall-clock ratio is what a user waits on a
machine as loaded as this one was. An engine that works on more than one thread pays for each
in CPU time.

A contender whose engine is not installed, or whose pokerfloor path does not exist yet, is a row
with that status and no rate; one that fails while running is a row with the error. Nothing
that a peer does can stop the other measurements.
"""

from __future__ import annotations

import gc
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from pokerfloor.errors import PokerfloorError

Step = Callable[[], int]
Progress = Callable[[str], None]

OK = "ok"
NOT_INSTALLED = "not installed"
NOT_AVAILABLE = "not available yet"
UNSUPPORTED = "unsupported"
FAILED = "failed"

DEFAULT_SEED = 20240601
# The PHH corpus, relative to the repository (the checkout sits beside ``shared/``).
DEFAULT_CORPUS = Path("../shared/corpus/phh/bulk")


class Unavailable(PokerfloorError):
    """Raised by ``prepare`` when the contender cannot run here; ``status`` says why."""

    def __init__(self, status: str, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Config:
    """How long and on what to measure.

    ``seconds`` is the time each contender is measured for, per benchmark, split over ``rounds``
    slices. ``quick`` shrinks the data sets too (a smoke run for the tests, a few seconds).
    """

    quick: bool = False
    seconds: float = 3.0
    rounds: int = 5
    seed: int = DEFAULT_SEED
    corpus: Path = DEFAULT_CORPUS

    @classmethod
    def make(
        cls,
        *,
        quick: bool = False,
        seconds: float | None = None,
        rounds: int | None = None,
        seed: int | None = None,
        corpus: Path | None = None,
    ) -> Config:
        """The defaults of a full run, or of a quick one, with any of them overridden."""
        return cls(
            quick=quick,
            seconds=seconds if seconds is not None else (0.2 if quick else 3.0),
            rounds=rounds if rounds is not None else (2 if quick else 5),
            seed=seed if seed is not None else DEFAULT_SEED,
            corpus=corpus if corpus is not None else DEFAULT_CORPUS,
        )


@dataclass(slots=True)
class Contender:
    """One engine's way of doing a benchmark's work."""

    engine: str
    method: str
    prepare: Callable[[], Step]
    reference: bool = False
    detail: Callable[[], str] | None = None


@dataclass(slots=True)
class Row:
    """One contender's measurement in one benchmark."""

    benchmark: str
    engine: str
    method: str
    unit: str
    status: str = OK
    units: int = 0
    seconds: float = 0.0
    reference: bool = False
    note: str = ""
    ratio: float | None = None
    ratio_low: float | None = None
    ratio_high: float | None = None
    version: str = ""
    slices: list[float] = field(default_factory=list)
    cpu_seconds: float = 0.0
    cpu_slices: list[float] = field(default_factory=list)
    cpu_ratio: float | None = None
    cpu_ratio_low: float | None = None
    cpu_ratio_high: float | None = None

    @property
    def rate(self) -> float | None:
        if self.status != OK or self.seconds <= 0:
            return None
        return self.units / self.seconds

    @property
    def cpu_rate(self) -> float | None:
        """Units per second of the process's CPU time."""
        if self.status != OK or self.cpu_seconds <= 0:
            return None
        return self.units / self.cpu_seconds

    def as_dict(self) -> dict[str, object]:
        return {
            "benchmark": self.benchmark,
            "engine": self.engine,
            "version": self.version,
            "method": self.method,
            "unit": self.unit,
            "status": self.status,
            "units": self.units,
            "seconds": round(self.seconds, 6),
            "rate": self.rate,
            "pokerfloor_ratio": self.ratio,
            "pokerfloor_ratio_range": [self.ratio_low, self.ratio_high] if self.ratio else None,
            "slice_rates": [round(r, 3) for r in self.slices],
            "cpu_seconds": round(self.cpu_seconds, 6),
            "cpu_rate": self.cpu_rate,
            "pokerfloor_cpu_ratio": self.cpu_ratio,
            "pokerfloor_cpu_ratio_range": [self.cpu_ratio_low, self.cpu_ratio_high] if self.cpu_ratio else None,
            "cpu_slice_rates": [round(r, 3) for r in self.cpu_slices],
            "reference": self.reference,
            "note": self.note,
        }


@dataclass(slots=True)
class Benchmark:
    """A family of work, its unit, and the contenders that can do it."""

    name: str
    title: str
    unit: str
    contenders: Callable[[Config], list[Contender]]
    rounds: Callable[[Config], int] | None = None
    warm_up: bool = True


def _split_version(engine: str) -> tuple[str, str]:
    name, _, version = engine.partition(" ")
    return name, version


def measure(
    bench: Benchmark,
    config: Config,
    progress: Progress | None = None,
) -> list[Row]:
    """Run one benchmark's contenders interleaved; one row per contender."""
    contenders = bench.contenders(config)
    rows: list[Row] = []
    live: list[tuple[Contender, Row, Step]] = []
    for c in contenders:
        name, version = _split_version(c.engine)
        row = Row(bench.name, name, c.method, bench.unit, reference=c.reference, version=version)
        rows.append(row)
        try:
            step = c.prepare()
            if bench.warm_up:
                step()  # a warm-up step, outside the clock (imports, caches, first calls)
        except Unavailable as exc:
            row.status, row.note = exc.status, exc.reason
            continue
        except Exception as exc:  # a peer's failure is reported, never fatal
            row.status, row.note = FAILED, f"{type(exc).__name__}: {exc}"
            continue
        live.append((c, row, step))
    rounds = max(1, bench.rounds(config) if bench.rounds else config.rounds)
    slice_seconds = config.seconds / rounds
    for r in range(rounds):
        order = live[r % len(live) :] + live[: r % len(live)] if live else []
        for _, row, step in order:
            if row.status != OK:
                continue
            if progress:
                progress(f"{bench.name}: {row.engine} ({r + 1}/{rounds})")
            gc.collect()
            units = 0
            cpu = time.process_time()
            start = time.perf_counter()
            try:
                while True:
                    units += step()
                    elapsed = time.perf_counter() - start
                    if elapsed >= slice_seconds:
                        break
            except Exception as exc:
                row.status, row.note = FAILED, f"{type(exc).__name__}: {exc}"
                continue
            used = time.process_time() - cpu
            row.units += units
            row.seconds += elapsed
            row.slices.append(units / elapsed)
            row.cpu_seconds += used
            row.cpu_slices.append(units / used if used > 0 else 0.0)
    for c, row, _ in live:
        if row.status == OK and c.detail is not None:
            try:
                extra = c.detail()
            except Exception as exc:
                extra = f"detail failed: {type(exc).__name__}: {exc}"
            row.note = f"{row.note}; {extra}" if row.note and extra else row.note or extra
    set_ratios(rows)
    return rows


def set_ratios(rows: Sequence[Row]) -> None:
    """Each peer row's ratio against the reference (pokerfloor), paired by round.

    A ratio above 1 means pokerfloor did more units per second than that row's engine. The
    reference is the first of the benchmark's pokerfloor rows offered as one that measured a
    rate (the fast path, else the next); pokerfloor's other rows get no ratio. With a slice rate
    for every round on both sides, the ratio is the median of the rounds' ratios (the range their
    lowest and highest); otherwise it is the ratio of the overall rates. The CPU ratio is paired
    alike from the rates in CPU time.
    """
    by_bench: dict[str, list[Row]] = {}
    for row in rows:
        by_bench.setdefault(row.benchmark, []).append(row)
    for group in by_bench.values():
        ref = next((r for r in group if r.reference and r.rate), None)
        for row in group:
            candidate = row.reference
            row.reference = row is ref
            row.ratio = row.ratio_low = row.ratio_high = None
            row.cpu_ratio = row.cpu_ratio_low = row.cpu_ratio_high = None
            if ref is None or candidate:
                continue
            row.ratio, row.ratio_low, row.ratio_high = _paired(ref.slices, row.slices, ref.rate, row.rate)
            row.cpu_ratio, row.cpu_ratio_low, row.cpu_ratio_high = _paired(
                ref.cpu_slices, row.cpu_slices, ref.cpu_rate, row.cpu_rate)


def _paired(ref: Sequence[float], peer: Sequence[float], ref_rate: float | None,
            peer_rate: float | None) -> tuple[float | None, float | None, float | None]:
    """The median of the rounds' ratios of ``ref``'s rate to ``peer``'s, with the lowest and the
    highest; the overall rates' ratio where a round lacks a rate; None without rates."""
    if not ref_rate or not peer_rate:
        return None, None, None
    pairs = [a / b for a, b in zip(ref, peer, strict=False) if a > 0 and b > 0]
    if pairs and len(pairs) == len(ref) == len(peer):
        return statistics.median(pairs), min(pairs), max(pairs)
    overall = ref_rate / peer_rate
    return overall, overall, overall


def steps_total(benchmarks: Sequence[Benchmark], config: Config) -> int:
    """An upper bound on the number of progress ticks (for a progress bar)."""
    return sum(
        len(b.contenders(config)) * max(1, b.rounds(config) if b.rounds else config.rounds)
        for b in benchmarks
    )
